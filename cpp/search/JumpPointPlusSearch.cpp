#include "search/JumpPointPlusSearch.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "search/JumpPointLoop.h"

namespace hpastar {
namespace {

// Jumps read from the table, stopped early where the goal lies within their reach.
class TableJumper {
 public:
  TableJumper(const JumpDistances& table, Point goal) : distances_(table.distances()), goal_(goal) {}

  int32_t operator()(int32_t cell, int32_t x, int32_t y, int dir) const {
    const int32_t distance = distances_[static_cast<size_t>(cell) * kDirCount + dir];
    const int32_t reach = std::abs(distance);  // legal moves before the jump point or the wall
    const int32_t dx = kDirDx[dir], dy = kDirDy[dir];
    const int32_t gx = goal_.x - x, gy = goal_.y - y;
    int32_t toGoal = 0;  // moves to the goal (straight) or to its row or column (diagonal); 0: not ahead
    if (isDiagonal(dir)) {
      if (gx * dx > 0 && gy * dy > 0) toGoal = std::min(std::abs(gx), std::abs(gy));
    } else if (dx != 0) {
      if (gy == 0 && gx * dx > 0) toGoal = std::abs(gx);
    } else if (gx == 0 && gy * dy > 0) {
      toGoal = std::abs(gy);
    }
    if (toGoal > 0 && toGoal <= reach) return toGoal;
    return distance > 0 ? distance : 0;
  }
  // The table (16 bytes a cell) outgrows the caches on large maps, and a cell's row is read as soon as
  // the cell is expanded: fetching it when the cell is generated hides most of that miss.
  void willExpand(uint32_t cell) const { __builtin_prefetch(distances_ + static_cast<size_t>(cell) * kDirCount); }

 private:
  const int16_t* distances_;
  Point goal_;
};

}  // namespace

PathStatus JumpPointPlusSearch::findPath(const Grid& grid, const JumpDistances& table, Point start, Point goal,
                                         PathResult& out) {
  assert(table.fits(grid));
  if (grid.weighted()) return weighted_.findPath(grid, start, goal, out);
  return JumpPointLoop::findPath(space_, grid, start, goal, TableJumper(table, goal), out);
}

}  // namespace hpastar
