#pragma once
// The `pathShape` option of a planner's findPath (the package's FindPathOptions.pathShape): the grid path
// as the planner found it, or its any-angle shape (path/AnyAngleShaper.h: the corners of straight lines
// the grid's agent class may walk, the cost their Euclidean length). One object per handle that answers
// findPath: the shaper's scratch and the corners, so shaping allocates nothing once they have grown.
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "grid/Point.h"
#include "path/AnyAngleShaper.h"
#include "search/PathResult.h"

namespace hpastar::bindings {

class PathShaping {
 public:
  // "" when `anyAngle` paths can be given on `grid`, else why not (a grid with terrain costs).
  static std::string check(const Grid& grid, bool anyAngle) { return anyAngle ? AnyAngleShaper::checkGrid(grid) : ""; }

  // A found path's cells become its any-angle corners, and its cost their length.
  void apply(const Grid& grid, PathResult& result) {
    if (!result.found()) return;
    result.cost = shaper_.shape(grid, result.cells, corners_);
    result.cells.swap(corners_);
  }

 private:
  AnyAngleShaper shaper_;
  std::vector<Point> corners_;
};

}  // namespace hpastar::bindings
