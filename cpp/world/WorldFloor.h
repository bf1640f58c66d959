#pragma once
#include <cstdint>

#include "grid/Point.h"
#include "world/BlockWorld.h"

namespace hpastar {

// One level of a block world as a surface of anchors for straight lines (SweptLine.h's Surface): a point
// is passable when an agent stands in its cell on that level. On one level the world's moves are a
// one-cell agent's moves on this surface (BlockWorld.h: the 8 moves between standing cells, no corner
// cutting), so a line clear here is one an agent walks without leaving the level, and the grids' line
// walk and string pulling serve block-world floors unchanged. A view: it copies nothing.
struct WorldFloor {
  const BlockWorld& world;
  int32_t z;

  int32_t width() const { return world.width(); }
  int32_t index(Point p) const { return world.index(p.x, p.y, z); }
  bool passableAt(int32_t cell) const { return world.standingAt(cell, z); }
  bool passable(Point p) const { return world.standing(p.x, p.y, z); }
};

}  // namespace hpastar
