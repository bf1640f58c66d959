#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid/Grid.h"

namespace hpastar {

// The JPS+ table (Harabor and Grastien 2014, "Improving Jump Point Search"; the signed-distance layout
// of Rabin and Sturtevant's JPS+ chapter): for every cell and each of the 8 directions, how far the
// jump from that cell goes.
//   d > 0: the jump meets a jump point after d moves (JumpPointRules.h: a forced neighbour for a
//          straight direction; for a diagonal, a cell whose straight components meet a jump point);
//   d <= 0: the jump meets no jump point; -d moves are legal before a wall, the map's edge or a
//          corner that may not be cut (0: the first move is already illegal).
// The goal is not in the table: the query checks whether it lies within a jump's reach.
//
// Built once per grid and immutable afterwards (a flat array, 16 bytes per cell), so many query
// objects on many threads may read one table. It is static: a terrain change (Grid::setTerrain)
// makes it stale, and a search on a stale table may return wrong paths. Call rebuild() after edits.
class JumpDistances {
 public:
  JumpDistances() = default;
  explicit JumpDistances(const Grid& grid) { rebuild(grid); }

  // Recomputes the whole table from `grid`'s move masks (after a terrain change, or for another grid).
  void rebuild(const Grid& grid);

  int16_t distance(int32_t cell, int dir) const { return distances_[static_cast<size_t>(cell) * kDirCount + dir]; }
  const int16_t* distances() const { return distances_.data(); }  // row-major cells, 8 directions each

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  // True when the table has `grid`'s dimensions (it cannot tell whether terrain changed since).
  bool fits(const Grid& grid) const { return grid.width() == width_ && grid.height() == height_; }
  size_t bytes() const { return distances_.capacity() * sizeof(int16_t); }

 private:
  void fillDirection(const Grid& grid, int dir);

  int32_t width_ = 0;
  int32_t height_ = 0;
  std::vector<int16_t> distances_;  // sides are at most 8192, so every distance fits in 16 bits
};

}  // namespace hpastar
