#pragma once
// Picking cells by a rule, for the reachability questions every planner answers (nearest passable cell,
// random passable cell, snapping a query's endpoints). The planners know which cells are in which
// component; these functions only walk the grid in a fixed order and ask them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "grid/Grid.h"
#include "grid/Moves.h"

namespace hpastar {

// What a search radius of "anywhere on the map" is.
inline constexpr double kAnyDistance = INFINITY;

// The cell of a width x height x levels volume nearest to (fx, fy, fz) (inside it or not) that
// `accept(x, y, z)` takes: nearest by `distance(dx, dy, dz)` (which must be at least the Chebyshev distance
// max(|dx|, |dy|, |dz|): the octile distance on a grid, worldDistanceBound in a block world), ties broken
// by the smaller z, then y, then x, so the answer is the same on every platform. Only cells at distance
// <= maxDistance count; nothing when none does. Calls found(x, y, z) for the answer.
//
// Scans the shells of Chebyshev radius r around the point, clipped to the volume, nearest first, and stops
// at the first shell that cannot hold a cell nearer than the best found (every cell of shell r is at
// distance r or more): an answer at distance d costs O(d^2) cells per level scanned, and no call scans
// past maxDistance or the volume. Allocates nothing.
template <class Distance, class Accept, class Found>
bool nearestInVolume(int64_t w, int64_t h, int64_t levels, int64_t fx, int64_t fy, int64_t fz, double maxDistance,
                     Distance&& distance, Accept&& accept, Found&& found) {
  if (w == 0 || h == 0 || levels == 0 || !(maxDistance >= 0)) return false;
  // The first shell that meets the volume, and the last one (the farthest corner).
  const int64_t first = std::max({int64_t{0}, -fx, fx - (w - 1), -fy, fy - (h - 1), -fz, fz - (levels - 1)});
  int64_t last = std::max({std::abs(fx), std::abs(fx - (w - 1)), std::abs(fy), std::abs(fy - (h - 1)), std::abs(fz),
                           std::abs(fz - (levels - 1))});
  if (maxDistance < static_cast<double>(last)) last = static_cast<int64_t>(std::floor(maxDistance));
  double best = INFINITY;
  int64_t bx = 0, by = 0, bz = 0;
  auto consider = [&](int64_t x, int64_t y, int64_t z) {
    const double d = distance(std::abs(x - fx), std::abs(y - fy), std::abs(z - fz));
    if (d > maxDistance || d > best) return;
    if (d == best && (z > bz || (z == bz && (y > by || (y == by && x > bx))))) return;
    if (!accept(x, y, z)) return;
    best = d;
    bx = x, by = y, bz = z;
  };
  // The cells of the square ring of radius r around (fx, fy) on level z, clipped; the whole square when
  // the level is the shell's top or bottom face.
  auto ring = [&](int64_t r, int64_t z, bool face) {
    const int64_t x0 = std::max<int64_t>(0, fx - r), x1 = std::min(w - 1, fx + r);
    if (x0 > x1) return;
    if (face) {
      for (int64_t y = std::max<int64_t>(0, fy - r); y <= std::min(h - 1, fy + r); ++y)
        for (int64_t x = x0; x <= x1; ++x) consider(x, y, z);
      return;
    }
    if (fy - r >= 0 && fy - r < h)
      for (int64_t x = x0; x <= x1; ++x) consider(x, fy - r, z);
    if (r > 0 && fy + r >= 0 && fy + r < h)
      for (int64_t x = x0; x <= x1; ++x) consider(x, fy + r, z);
    const int64_t y0 = std::max<int64_t>(0, fy - r + 1), y1 = std::min(h - 1, fy + r - 1);
    for (int64_t y = y0; y <= y1; ++y) {
      if (fx - r >= 0) consider(fx - r, y, z);
      if (r > 0 && fx + r < w) consider(fx + r, y, z);
    }
  };
  for (int64_t r = first; r <= last && static_cast<double>(r) <= best; ++r)
    for (int64_t z = std::max<int64_t>(0, fz - r); z <= std::min(levels - 1, fz + r); ++z)
      ring(r, z, r > 0 && std::abs(z - fz) == r);
  if (best == INFINITY) return false;
  found(bx, by, bz);
  return true;
}

// The octile distance of a step dx, dy apart (both 0 or more), in doubles: `from` may be any cell, far
// outside the map.
inline double octileSpan(int64_t dx, int64_t dy) {
  const double a = static_cast<double>(dx), b = static_cast<double>(dy);
  return a > b ? a + (kSqrt2 - 1.0) * b : b + (kSqrt2 - 1.0) * a;
}

// The cell of the grid nearest to `from` (inside the map or not) that `accept(Point)` takes, by octile
// distance (nearestInVolume on one level), within maxDistance; nothing when none does.
template <class Accept>
std::optional<Point> nearestCell(const Grid& grid, Point from, double maxDistance, Accept&& accept) {
  std::optional<Point> out;
  nearestInVolume(
      grid.width(), grid.height(), 1, from.x, from.y, 0, maxDistance,
      [](int64_t dx, int64_t dy, int64_t) { return octileSpan(dx, dy); },
      [&](int64_t x, int64_t y, int64_t) {
        return accept(Point{static_cast<int32_t>(x), static_cast<int32_t>(y)});
      },
      [&](int64_t x, int64_t y, int64_t) {
        out = Point{static_cast<int32_t>(x), static_cast<int32_t>(y)};
      });
  return out;
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

// Where a query's endpoints go before it runs, under the `snap` and `toNearest` options.
//  - `snap`: a start that is blocked or outside the map moves to the nearest passable cell (any
//    component); such a goal, to the nearest cell of the start's component, so that the snapped query has a
//    path whenever one can exist.
//  - `toNearest`: a goal the start cannot reach (blocked, outside, or in another component) moves to the
//    reachable cell nearest to it: nearest by octile distance, ties to the shorter path. The query then
//    answers a partial path.
// Passable, reachable endpoints stay. `componentOf(Point)` gives 0 for blocked and outside cells;
// `nearest(Point, component)` the nearest cell of that component (0: any passable cell) anywhere on the
// map, or nothing. An endpoint nothing can be found for (a map without passable cells, an invalid start
// under `toNearest` alone) stays where it was, and the query then fails as it would have.
enum EndpointRule : uint8_t {
  kSnapInvalidEndpoints = 1,    // the `snap` option
  kGoalToNearestReachable = 2,  // the `toNearest` option
};

// What moving a query's endpoints did, as bits (the `moved` byte of a snapped batch).
enum EndpointMove : uint8_t {
  kStartMoved = 1,
  kGoalMoved = 2,
  kGoalUnreachable = 4,  // moved by `toNearest`: the path is partial, ending at the reachable cell nearest the goal
};

struct SnappedEndpoints {
  Point start;
  Point goal;
  uint8_t moved = 0;  // EndpointMove bits
  // Under `toNearest`, the cells at the goal's nearest distance (ties, at most 8: see nearestTies); `goal`
  // is the first. Several when the shorter path must decide.
  std::array<Point, 8> ties{};
  uint8_t tieCount = 0;
};

// The cells of the grid that `accept` takes at the same octile distance from `from` as `nearest` (itself
// one of them), in the order of nearestCell's tie rule (smaller y, then x): the images of `nearest -
// from` under the square's 8 symmetries. No other cell can tie: an octile distance a + (√2 - 1)·b with
// a ≥ b ≥ 0 integers names a and b (√2 is irrational), and within a map's size doubles keep distinct
// values apart.
template <class Accept>
uint8_t nearestTies(const Grid& grid, Point from, Point nearest, Accept&& accept, std::array<Point, 8>& out) {
  const int64_t dx = std::abs(static_cast<int64_t>(nearest.x) - from.x);
  const int64_t dy = std::abs(static_cast<int64_t>(nearest.y) - from.y);
  std::array<std::pair<int64_t, int64_t>, 8> offsets = {
      {{-dx, -dy}, {dx, -dy}, {-dx, dy}, {dx, dy}, {-dy, -dx}, {dy, -dx}, {-dy, dx}, {dy, dx}}};
  uint8_t n = 0;
  for (const auto& [ox, oy] : offsets) {
    const int64_t x = from.x + ox, y = from.y + oy;
    if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) continue;
    const Point p{static_cast<int32_t>(x), static_cast<int32_t>(y)};
    if (std::find(out.begin(), out.begin() + n, p) != out.begin() + n || !accept(p)) continue;
    // Inserted in place (at most 8 cells): smaller y, then x, first.
    uint8_t at = n++;
    for (; at > 0 && (out[at - 1].y > p.y || (out[at - 1].y == p.y && out[at - 1].x > p.x)); --at)
      out[at] = out[at - 1];
    out[at] = p;
  }
  return n;
}

template <class ComponentOf, class Nearest, class Ties>
SnappedEndpoints snapEndpoints(Point start, Point goal, uint8_t rule, ComponentOf&& componentOf, Nearest&& nearest,
                               Ties&& ties) {
  SnappedEndpoints out{start, goal};
  if ((rule & kSnapInvalidEndpoints) && componentOf(out.start) == 0)
    if (const std::optional<Point> p = nearest(out.start, 0u)) out.start = *p;
  const uint32_t reachable = componentOf(out.start);
  const uint32_t goalComponent = componentOf(out.goal);
  if ((rule & kGoalToNearestReachable) && reachable != 0 && goalComponent != reachable) {
    if (const std::optional<Point> p = nearest(out.goal, reachable)) {
      out.tieCount = ties(out.goal, *p, reachable, out.ties);
      out.goal = out.ties[0];
      out.moved |= kGoalUnreachable;
    }
  } else if ((rule & kSnapInvalidEndpoints) && goalComponent == 0) {
    if (const std::optional<Point> p = nearest(out.goal, reachable)) out.goal = *p;
  }
  out.moved |= (out.start == start ? 0 : kStartMoved) | (out.goal == goal ? 0 : kGoalMoved);
  return out;
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

// snapEndpoints on a planner's component labels (as nearestInComponent), under `rule` (EndpointRule bits).
template <class Labels>
SnappedEndpoints snapToComponents(const Labels& labels, Point start, Point goal, uint8_t rule) {
  return snapEndpoints(
      start, goal, rule, [&](Point p) { return labels.componentOf(p); },
      [&](Point p, uint32_t component) { return nearestInComponent(labels, p, component, kAnyDistance); },
      [&](Point from, Point nearest, uint32_t component, std::array<Point, 8>& out) {
        return nearestTies(
            labels.grid(), from, nearest, [&](Point p) { return labels.componentOf(p) == component; }, out);
      });
}

}  // namespace hpastar
