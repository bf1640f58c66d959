#pragma once
// Picking cells by a rule, for the reachability questions every planner answers (nearest passable cell,
// random passable cell, snapping a query's endpoints). The planners know which cells are in which
// component; these functions only walk the grid in a fixed order and ask them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "grid/Grid.h"
#include "grid/Moves.h"

namespace hpastar {

// What a search radius of "anywhere on the map" is.
inline constexpr double kAnyDistance = INFINITY;

// The cell nearest to `from` (inside the map or not) that `accept(Point)` takes: nearest by octile
// distance, ties broken by the smaller y, then the smaller x, so the answer is the same on every platform.
// Only cells at octile distance <= maxDistance count; nothing when none does.
//
// Scans square rings around `from`, clipped to the map, nearest first, and stops at the first ring that
// cannot hold a cell nearer than the best found (every cell of ring r is at octile distance r or more): an
// answer at distance d costs O(d²) cells, and no call scans past maxDistance or the map. Allocates nothing.
template <class Accept>
std::optional<Point> nearestCell(const Grid& grid, Point from, double maxDistance, Accept&& accept) {
  const int64_t w = grid.width(), h = grid.height(), fx = from.x, fy = from.y;
  if (w == 0 || h == 0 || !(maxDistance >= 0)) return std::nullopt;
  // The first ring that meets the map, and the last one (the farthest corner).
  const int64_t first = std::max({int64_t{0}, -fx, fx - (w - 1), -fy, fy - (h - 1)});
  int64_t last = std::max({std::abs(fx), std::abs(fx - (w - 1)), std::abs(fy), std::abs(fy - (h - 1))});
  if (maxDistance < static_cast<double>(last)) last = static_cast<int64_t>(std::floor(maxDistance));
  double best = INFINITY;
  std::optional<Point> found;
  auto consider = [&](int64_t x, int64_t y) {
    const Point p{static_cast<int32_t>(x), static_cast<int32_t>(y)};
    // octileDistance in 64 bits: `from` may be any cell, far outside the map.
    const double dx = static_cast<double>(std::abs(x - fx)), dy = static_cast<double>(std::abs(y - fy));
    const double d = dx > dy ? dx + (kSqrt2 - 1.0) * dy : dy + (kSqrt2 - 1.0) * dx;
    if (d > maxDistance || d > best) return;
    if (d == best && (p.y > found->y || (p.y == found->y && p.x > found->x))) return;
    if (!accept(p)) return;
    best = d;
    found = p;
  };
  for (int64_t r = first; r <= last && static_cast<double>(r) <= best; ++r) {
    const int64_t x0 = std::max<int64_t>(0, fx - r), x1 = std::min(w - 1, fx + r);
    if (x0 > x1) continue;
    if (fy - r >= 0 && fy - r < h)
      for (int64_t x = x0; x <= x1; ++x) consider(x, fy - r);
    if (r > 0 && fy + r >= 0 && fy + r < h)
      for (int64_t x = x0; x <= x1; ++x) consider(x, fy + r);
    const int64_t y0 = std::max<int64_t>(0, fy - r + 1), y1 = std::min(h - 1, fy + r - 1);
    for (int64_t y = y0; y <= y1; ++y) {
      if (fx - r >= 0) consider(fx - r, y);
      if (r > 0 && fx + r < w) consider(fx + r, y);
    }
  }
  return found;
}

// A small, seeded generator (SplitMix64): the same seed gives the same cells on every platform.
class CellRandom {
 public:
  explicit CellRandom(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in 0..n-1 (n >= 1, below 2^32), without bias (Lemire's multiply and reject).
  uint32_t below(uint64_t n) {
    const uint32_t bound = static_cast<uint32_t>(n);
    uint64_t m = (next() >> 32) * bound;
    if (static_cast<uint32_t>(m) < bound) {
      const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
      while (static_cast<uint32_t>(m) < threshold) m = (next() >> 32) * bound;
    }
    return static_cast<uint32_t>(m >> 32);
  }

 private:
  uint64_t state_;
};

// Draws up to `tries` uniform cells of the map and returns the first that `accept` takes: each answer is
// uniform over the accepted cells. Expected tries: cells of the map / accepted cells. Nothing when every
// try was refused (the caller then picks exactly, which keeps the overall choice uniform).
template <class Accept>
std::optional<Point> sampleCell(const Grid& grid, CellRandom& random, int tries, Accept&& accept) {
  for (int t = 0; t < tries; ++t) {
    const Point p{static_cast<int32_t>(random.below(static_cast<uint64_t>(grid.width()))),
                  static_cast<int32_t>(random.below(static_cast<uint64_t>(grid.height())))};
    if (accept(p)) return p;
  }
  return std::nullopt;
}

// Random cells drawn before a planner counts its way to an exact pick: enough for components that cover a
// sixth of the map or more to be picked this way almost always (1 - (5/6)^24 > 98%).
inline constexpr int kSampleTries = 24;

// Where a query's endpoints go under the `snap` option: a start that is blocked or outside the map moves
// to the nearest passable cell (any component); a goal that is, to the nearest cell of the start's
// component, so that the snapped query has a path whenever one can exist. Passable endpoints stay.
// `componentOf(Point)` gives 0 for blocked and outside cells; `nearest(Point, component)` the nearest cell
// of that component (0: any passable cell) anywhere on the map, or nothing. An endpoint nothing can be
// found for (a map without passable cells) stays where it was, and the query then fails as it would have.
struct SnappedEndpoints {
  Point start;
  Point goal;
};

template <class ComponentOf, class Nearest>
SnappedEndpoints snapEndpoints(Point start, Point goal, ComponentOf&& componentOf, Nearest&& nearest) {
  if (componentOf(start) == 0)
    if (const std::optional<Point> p = nearest(start, 0u)) start = *p;
  if (componentOf(goal) == 0)
    if (const std::optional<Point> p = nearest(goal, componentOf(start))) goal = *p;
  return {start, goal};
}

// The reachability questions on a planner's component labels, the same for every planner: `Labels` has
// grid(), componentOf(Point) (0: blocked or outside) and componentCells(component) (0: every passable
// cell). The nearest cell of `component` (0: any passable cell) within maxDistance (nearestCell); nothing
// at once when the component has no cells.
template <class Labels>
std::optional<Point> nearestInComponent(const Labels& labels, Point from, uint32_t component, double maxDistance) {
  if (labels.componentCells(component) == 0) return std::nullopt;
  const Grid& grid = labels.grid();
  if (component == 0) return nearestCell(grid, from, maxDistance, [&](Point p) { return grid.passable(p); });
  return nearestCell(grid, from, maxDistance, [&](Point p) { return labels.componentOf(p) == component; });
}

// A cell of `component` (0: any passable cell), uniform over its cells: uniform map cells first
// (sampleCell, kSampleTries), then `kthCell(k)`, the planner's exact pick of the component's k-th cell in
// its own order, for k uniform below the component's cell count. Nothing when the component has no cells.
template <class Labels, class KthCell>
std::optional<Point> randomInComponent(const Labels& labels, uint32_t component, CellRandom& random,
                                       KthCell&& kthCell) {
  const uint64_t cells = labels.componentCells(component);
  if (cells == 0) return std::nullopt;
  const Grid& grid = labels.grid();
  const std::optional<Point> sampled = sampleCell(grid, random, kSampleTries, [&](Point p) {
    return component == 0 ? grid.passable(p) : labels.componentOf(p) == component;
  });
  if (sampled) return sampled;
  return kthCell(random.below(cells));
}

// snapEndpoints on a planner's component labels (as nearestInComponent).
template <class Labels>
SnappedEndpoints snapToComponents(const Labels& labels, Point start, Point goal) {
  return snapEndpoints(
      start, goal, [&](Point p) { return labels.componentOf(p); },
      [&](Point p, uint32_t component) { return nearestInComponent(labels, p, component, kAnyDistance); });
}

}  // namespace hpastar
