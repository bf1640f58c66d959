#pragma once
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "grid/Grid.h"
#include "grid/Point.h"

namespace hpastar {

// Any-angle moves: whether the grid's agent may walk the straight segment from anchor `a` to anchor `b`.
//
// The model: an agent of side s is the axis-aligned square [x, x + s] x [y, y + s] whose top-left corner
// is its anchor (x, y); it may move along a segment when the square swept along it overlaps the interior
// of no cell outside its capability and never leaves the map. For the eight single steps that is exactly
// the grid's move rule (a diagonal sweeps over the interiors of both orthogonal neighbours: no corner
// cutting; a straight step beside a wall only touches it).
//
// It reads only the grid's passability of anchors, which already holds the footprint: a blocked cell c
// forbids the anchors in the open square (cx - s, cx + 1) x (cy - s, cy + 1), and that square is exactly
// the union of the open squares (bx - 1, bx + 1) x (by - 1, by + 1) around the impassable anchors b with c
// in their footprint (consecutive open intervals of length 2 overlap). So the agent of any size is a
// one-cell agent on its own grid: the segment is clear when it meets the open square of side 2 around no
// impassable anchor, and one checker serves every agent class. The forbidden squares have their corners
// on the lattice, so shortest any-angle paths bend only at lattice points: anchors, as paths of cells.
//
// The walk: along the longer axis, for each anchor column i in 0..major the segment crosses the open
// strip (i - 1, i + 1); over it the other coordinate runs between (i - 1) * minor / major and
// (i + 1) * minor / major (clipped to the segment's ends), and the anchors within distance < 1 of that run
// are floor(lo) .. ceil(hi) of it. Exact in integers: about 2 (major + minor) cells read, no division by
// a float, and none outside the box of `a` and `b`. Both ends must be inside the map (asserted by the
// callers; a passable anchor is).
//
// `Surface` is what the walk reads: width(), index(Point) and passableAt(index), the index of (x, y + 1)
// being index(x, y) + width(). A Grid is one; a level of a block world (WorldFloor) is another, so one
// walk serves grids and block-world floors.
template <typename Surface>
bool sweptLineClear(const Surface& grid, Point a, Point b) {
  const int32_t dx = b.x - a.x, dy = b.y - a.y;
  const int32_t adx = std::abs(dx), ady = std::abs(dy);
  const int32_t stepX = dx < 0 ? -1 : 1, stepY = dy < 0 ? -grid.width() : grid.width();
  const bool alongX = adx >= ady;
  const int32_t major = alongX ? adx : ady, minor = alongX ? ady : adx;
  const int32_t majorStep = alongX ? stepX : stepY, minorStep = alongX ? stepY : stepX;
  const int32_t origin = grid.index(a);
  if (major == 0) return grid.passableAt(origin);
  for (int32_t i = 0; i <= major; ++i) {
    const int32_t low = i > 0 ? i - 1 : 0, high = i < major ? i + 1 : major;
    const int32_t first = low * minor / major;                // floor: both non-negative
    const int32_t last = (high * minor + major - 1) / major;  // ceil
    int32_t cell = origin + i * majorStep + first * minorStep;
    for (int32_t j = first; j <= last; ++j, cell += minorStep)
      if (!grid.passableAt(cell)) return false;
  }
  return true;
}

// The Euclidean length of a leg, and of a polyline of corners.
inline double legLength(Point a, Point b) { return std::hypot(double(b.x - a.x), double(b.y - a.y)); }

}  // namespace hpastar
