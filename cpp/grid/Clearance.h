#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid/Grid.h"
#include "grid/Point.h"
#include "grid/Terrain.h"

namespace hpastar {

// Which distance-to-obstacle metric a ClearanceMap holds (Harabor and Botea, HAA*, 2008).
enum class ClearanceKind : uint8_t {
  // True clearance: the side of the largest square whose top-left cell is this cell, grown down and
  // to the right, holding only cells of the capability; the map's edge stops it as an obstacle does.
  // 0 on a cell not of the capability. A cell's value is at least S exactly when an S×S agent may
  // stand with its top-left cell there.
  True,
  // Brushfire clearance: for a cell of the capability, the Chebyshev distance (max(|dx|, |dy|): the
  // 8 neighbours are at 1) to the nearest cell not of the capability, the outside of the map counting
  // as such; 0 on a cell not of the capability. The article's variant: a cell beside an obstacle is 1
  // (the robotics original says 2). It is never more than the true clearance (the square of side
  // brushfire down and to the right is free), often less near walls and in corridors, so an agent
  // planned with it misses passages it fits through (the article's Figure 5): kept to show why.
  Brushfire,
};

const char* clearanceKindName(ClearanceKind kind);  // "true", "brushfire"

// The clearance of every cell of a grid for one capability, one byte per cell, row-major as the grid.
//
// Computed once per (grid version, capability) and kept by the caller, then read by any number of
// searches (Annotated A*) at the same time: the searches never compute it. A terrain change makes it
// stale; the caller computes it again (true clearance changes only up and to the left of an edited
// cell, which a later local update can use).
//
// Values are capped at kMaxValue (255): a bigger square is reported as 255, which changes nothing for
// agents up to 255 cells wide (Annotated A* takes sizes up to kMaxAgentSize).
class ClearanceMap {
 public:
  static constexpr int32_t kMaxValue = 255;

  ClearanceMap() = default;
  // True clearance, by dynamic programming from the bottom-right corner in O(cells):
  // c(x, y) = 0 when the cell is not of the capability, else 1 on the last row or column, else
  // 1 + min(c(x+1, y), c(x, y+1), c(x+1, y+1)). (The square of side k+1 at (x, y) is free exactly when
  // the cell is and the three squares of side k at its right, below and diagonally are: they cover it.)
  static ClearanceMap trueClearance(const Grid& grid, Capability capability);
  // Brushfire clearance (see ClearanceKind::Brushfire), by a breadth-first search over the 8
  // neighbours grown from the obstacles, in O(cells).
  static ClearanceMap brushfire(const Grid& grid, Capability capability);
  static ClearanceMap compute(const Grid& grid, Capability capability, ClearanceKind kind);

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  Capability capability() const { return capability_; }
  ClearanceKind kind() const { return kind_; }
  bool sameShape(const Grid& grid) const { return grid.width() == width_ && grid.height() == height_; }

  // The clearance of a cell (0 outside the map).
  uint8_t at(int32_t x, int32_t y) const {
    return (x >= 0 && y >= 0 && x < width_ && y < height_) ? values_[static_cast<size_t>(y * width_ + x)] : 0;
  }
  uint8_t at(Point p) const { return at(p.x, p.y); }
  uint8_t atCell(int32_t cell) const { return values_[static_cast<size_t>(cell)]; }
  // Whether an agent of side `size` (>= 1) may stand with its top-left cell at p: inside the map and a
  // clearance of at least `size`.
  bool open(Point p, int32_t size) const { return at(p) >= size; }
  const std::vector<uint8_t>& values() const { return values_; }  // row-major, width*height
  size_t bytes() const { return values_.capacity(); }

 private:
  ClearanceMap(const Grid& grid, Capability capability, ClearanceKind kind);

  int32_t width_ = 0;
  int32_t height_ = 0;
  Capability capability_;
  ClearanceKind kind_ = ClearanceKind::True;
  std::vector<uint8_t> values_;
};

}  // namespace hpastar
