#include "search/JumpPointSearch.h"

#include "search/JumpPointLoop.h"

namespace hpastar {
namespace {

// Jumps scanned cell by cell. A straight jump stops at a cell with a forced neighbour or at the goal;
// a diagonal jump stops where one of its two straight components would stop (or at the goal).
class OnlineJumper {
 public:
  OnlineJumper(const Grid& grid, Point goal) : masks_(grid.moveMasks()), goal_(grid.index(goal)) {
    for (int d = 0; d < kDirCount; ++d) offset_[d] = kDirDy[d] * grid.width() + kDirDx[d];
  }

  int32_t operator()(int32_t cell, int32_t /*x*/, int32_t /*y*/, int dir) const {
    return isDiagonal(dir) ? diagonal(cell, dir) : straight(cell, dir);
  }
  void willExpand(uint32_t /*cell*/) const {}  // the masks are small enough to stay in cache

 private:
  int32_t straight(int32_t cell, int dir) const {
    for (int32_t steps = 1;; ++steps) {
      const uint32_t here = masks_[cell];
      if (!((here >> dir) & 1u)) return 0;
      cell += offset_[dir];
      if (cell == goal_ || forcedSides(dir, masks_[cell], here) != 0) return steps;
    }
  }

  int32_t diagonal(int32_t cell, int dir) const {
    const int first = (dir + 7) & 7, second = (dir + 1) & 7;  // its straight components
    for (int32_t steps = 1;; ++steps) {
      if (!((masks_[cell] >> dir) & 1u)) return 0;
      cell += offset_[dir];
      if (cell == goal_ || straight(cell, first) != 0 || straight(cell, second) != 0) return steps;
    }
  }

  const uint8_t* masks_;
  int32_t goal_;
  int32_t offset_[kDirCount];
};

}  // namespace

PathStatus JumpPointSearch::findPath(const Grid& grid, Point start, Point goal, PathResult& out) {
  if (grid.weighted()) return weighted_.findPath(grid, start, goal, out);
  return JumpPointLoop::findPath(space_, grid, start, goal, OnlineJumper(grid, goal), out);
}

}  // namespace hpastar
