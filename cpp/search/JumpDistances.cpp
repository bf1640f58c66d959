#include "search/JumpDistances.h"

#include "search/JumpPointRules.h"

namespace hpastar {

void JumpDistances::rebuild(const Grid& grid) {
  width_ = grid.width();
  height_ = grid.height();
  distances_.assign(static_cast<size_t>(grid.cellCount()) * kDirCount, 0);
  // Straight directions first: a diagonal's distances read its components'.
  for (int dir : {0, 2, 4, 6, 1, 3, 5, 7}) fillDirection(grid, dir);
}

// One direction for every cell, each from the cell one move further on (filled first: the scan runs
// against the direction), so the whole table costs O(cells) whatever the length of the jumps.
void JumpDistances::fillDirection(const Grid& grid, int dir) {
  const int32_t dx = kDirDx[dir], dy = kDirDy[dir];
  const int32_t offset = dy * width_ + dx;
  const uint8_t* masks = grid.moveMasks();
  int16_t* table = distances_.data();
  const int first = (dir + 7) & 7, second = (dir + 1) & 7;  // straight components of a diagonal
  for (int32_t row = 0; row < height_; ++row) {
    const int32_t y = dy > 0 ? height_ - 1 - row : row;
    for (int32_t column = 0; column < width_; ++column) {
      const int32_t x = dx > 0 ? width_ - 1 - column : column;
      const int32_t cell = y * width_ + x;
      if (!((masks[cell] >> dir) & 1u)) continue;  // 0: no move at all
      const int32_t next = cell + offset;
      bool jumpPoint;
      if (isDiagonal(dir)) {
        jumpPoint = table[static_cast<size_t>(next) * kDirCount + first] > 0 ||
                    table[static_cast<size_t>(next) * kDirCount + second] > 0;
      } else {
        jumpPoint = forcedSides(dir, masks[next], masks[cell]) != 0;
      }
      const int16_t further = table[static_cast<size_t>(next) * kDirCount + dir];
      table[static_cast<size_t>(cell) * kDirCount + dir] =
          static_cast<int16_t>(jumpPoint ? 1 : (further > 0 ? further + 1 : further - 1));
    }
  }
}

}  // namespace hpastar
