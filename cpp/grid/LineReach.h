#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Grid.h"
#include "grid/Moves.h"

namespace hpastar {

// How far a straight line of legal moves reaches from every cell: per cell and direction, the number of
// moves in a row (Grid::moveMask, so no corner cut) before a wall or the map's edge. Whether two cells
// of one line are joined by legal moves is then one read, not a walk between them: the path smoother
// tries thousands of lines per path, most of them through a wall.
//
// Only the 4 directions whose step goes forward in row-major order (E, SE, S, SW) are stored, one byte
// each (4 bytes a cell): moves are symmetric (a move is legal exactly when the move back is), so W, NW,
// N and NE are the same lines read from their other end. A byte holds reaches up to 255; a longer line
// is followed in hops of 255.
//
// Derived from the grid's moves only: whoever changes the grid's terrain calls refreshAround for each
// changed cell, or refresh once for a batch of them (Hierarchy::applyEdits does), and a loaded hierarchy
// builds it afresh. Immutable while read.
class LineReach {
 public:
  LineReach() = default;
  explicit LineReach(const Grid& grid) { build(grid); }

  void build(const Grid& grid);
  // After grid.setTerrain(x, y, ...): the moves of the 3×3 cells around (x, y) may have changed, and with
  // them the reach of the cells on the lines that lead into those cells, up to the first cell whose
  // reach stays the same.
  void refreshAround(const Grid& grid, Point cell);
  // After a batch of changes (the grid already holds all of them): the cells whose passability changed,
  // refreshed as one set (each line through the cells around them walked once), or the table built
  // afresh when there are so many that the build costs less.
  // Refreshing after the whole batch is as exact as refreshing after each change: a refresh leaves no
  // cell whose reach disagrees with the next cell's, outside the blocks still to refresh.
  void refresh(const Grid& grid, std::span<const Point> changed);

  // The cell where the straight line of legal moves from `cell` along `dir` (E, SE, S or SW) stops: the
  // last cell before a wall, a cut corner or the map's edge. Two cells of one line are joined by legal
  // moves exactly when their lines end on the same cell (moves are symmetric, so this also answers for
  // W, NW, N and NE, from the other end).
  int32_t lineEnd(int32_t cell, int dir) const {
    const int slot = dir - 2;
    for (;;) {  // in hops of 255 past the reach a byte holds
      const int32_t reach = reach_[static_cast<size_t>(cell) * kSlots + static_cast<size_t>(slot)];
      cell += reach * delta_[slot];
      if (reach < kMaxReach) return cell;
    }
  }
  // How many legal moves in a row `cell` has towards one of E, SE, S, SW, at most kMaxReach: the k moves
  // from a cell along the direction are legal exactly when stored() >= k, for k up to kMaxReach.
  static constexpr int32_t kMaxReach = 255;  // what a byte holds
  uint8_t stored(int32_t cell, int dir) const { return reach_[static_cast<size_t>(cell) * kSlots + dir - 2]; }
  // The four stored() of a cell, E, SE, S and SW in this order, for a reader that wants them all at once.
  const uint8_t* storedAll(int32_t cell) const { return &reach_[static_cast<size_t>(cell) * kSlots]; }

  // Whether the `steps` moves from `cell` along `dir` (any of the 8; the lines of W, NW, N and NE read
  // from their far end) are all legal. The line must stay inside the map.
  bool reaches(int32_t cell, int dir, int32_t steps) const {
    if (steps <= 0) return true;
    int slot = dir - 2;
    if (slot < 0 || slot >= kSlots) {  // W, NW, N, NE: the stored line back from the far end
      slot = oppositeDir(dir) - 2;
      cell -= steps * delta_[slot];
    }
    for (;;) {  // in hops of 255 past the reach a byte holds
      const int32_t reach = reach_[static_cast<size_t>(cell) * kSlots + static_cast<size_t>(slot)];
      if (reach >= steps) return true;
      if (reach < kMaxReach) return false;
      steps -= reach;
      cell += reach * delta_[slot];
    }
  }

  bool empty() const { return reach_.empty(); }
  size_t bytes() const { return reach_.capacity(); }
  static uint64_t bytesFor(int64_t width, int64_t height) { return kSlots * static_cast<uint64_t>(width * height); }
  bool operator==(const LineReach& other) const { return reach_ == other.reach_; }

 private:
  static constexpr int kSlots = 4;
  // The reach of one cell in one slot from its moves and the next cell's reach.
  uint8_t reachOf(const Grid& grid, int32_t cell, int slot) const;

  std::vector<uint8_t> reach_;  // kSlots per cell, row-major
  int32_t delta_[kSlots] = {};  // index step of E, SE, S, SW
  // refresh's scratch, kept for its capacity: the cells around the changed ones, and a bit per cell of
  // the map for them (all clear between refreshes).
  std::vector<int32_t> dirty_;
  std::vector<uint64_t> dirtyBits_;
};

}  // namespace hpastar
