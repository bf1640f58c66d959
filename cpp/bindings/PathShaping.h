#pragma once
// The `pathShape` option of a planner's searches (the package's FindPathOptions.pathShape): the grid path
// as the planner found it, or its any-angle shape, which the query objects make (HpaQueryOptions::anyAngle,
// ShpaQueryOptions::anyAngle, WorldHpaQueryOptions::anyAngle). What the bindings check before asking for it.
#include <string>

#include "grid/Grid.h"
#include "path/AnyAngleShaper.h"
#include "world/WorldAnyAngleShaper.h"

namespace hpastar::bindings {

// "" when `anyAngle` paths can be given on `grid`, else why not (a grid with terrain costs).
inline std::string anyAngleRefusal(const Grid& grid, bool anyAngle) {
  return anyAngle ? AnyAngleShaper::checkGrid(grid) : "";
}
// The same on a block world (one with a cost layer).
inline std::string anyAngleRefusal(const BlockWorld& world, bool anyAngle) {
  return anyAngle ? WorldAnyAngleShaper::checkWorld(world) : "";
}

}  // namespace hpastar::bindings
