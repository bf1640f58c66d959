#pragma once
// The independent line checker and the path checks of the any-angle tests: written from the model's
// statement (a square of side s swept along the segment overlaps the interior of no blocked cell), not
// from the reduction to anchors that sweptLineClear makes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

#include "grid/Grid.h"
#include "grid/Point.h"
#include "path/AnyAngleShaper.h"

namespace hpastar::test {

// A fraction num / den with den > 0.
struct Fraction {
  int64_t num, den;
};
inline bool lessThan(Fraction a, Fraction b) { return a.num * b.den < b.num * a.den; }

// The open interval of t for which a + t * d lies strictly between lo and hi; empty when lo >= hi of it.
inline void openSlab(int64_t a, int64_t d, int64_t lo, int64_t hi, Fraction& from, Fraction& to) {
  constexpr int64_t kHuge = int64_t{1} << 40;
  if (d == 0) {
    const bool inside = lo < a && a < hi;
    from = inside ? Fraction{-kHuge, 1} : Fraction{1, 1};
    to = inside ? Fraction{kHuge, 1} : Fraction{0, 1};
  } else if (d > 0) {
    from = {lo - a, d};
    to = {hi - a, d};
  } else {
    from = {a - hi, -d};
    to = {a - lo, -d};
  }
}

// Whether the segment a -> b (t in [0, 1]) meets the open box (x0, x1) x (y0, y1): the slab test, exact.
inline bool segmentMeetsOpenBox(Point a, Point b, int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
  Fraction fx, tx, fy, ty;
  openSlab(a.x, b.x - a.x, x0, x1, fx, tx);
  openSlab(a.y, b.y - a.y, y0, y1, fy, ty);
  const Fraction from = lessThan(fx, fy) ? fy : fx;  // the later start
  const Fraction to = lessThan(tx, ty) ? tx : ty;    // the earlier end
  return lessThan(from, to) && lessThan(from, Fraction{1, 1}) && lessThan(Fraction{0, 1}, to);
}

// The brute-force checker: every cell of the segment's box grown by the agent's side, a cell outside the
// map or of terrain the agent may not stand on forbidding the anchors in (cx - s, cx + 1) x (cy - s, cy + 1).
inline bool bruteLineClear(const Grid& grid, Point a, Point b) {
  const int32_t s = grid.agentSize();
  for (int32_t cy = std::min(a.y, b.y) - 1; cy <= std::max(a.y, b.y) + s; ++cy)
    for (int32_t cx = std::min(a.x, b.x) - 1; cx <= std::max(a.x, b.x) + s; ++cx)
      if (!grid.allowedAt(cx, cy) && segmentMeetsOpenBox(a, b, cx - s, cx + 1, cy - s, cy + 1)) return false;
  return true;
}

// The check every any-angle path gets: from start to goal, every leg clear by bruteLineClear, `length`
// the legs' Euclidean lengths summed. "" or the first problem.
inline std::string anyAngleProblem(const Grid& grid, Point start, Point goal, std::span<const Point> corners,
                                   double length) {
  auto text = [](Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; };
  if (corners.empty()) return "no corners";
  if (!(corners.front() == start)) return "starts at " + text(corners.front());
  if (!(corners.back() == goal)) return "ends at " + text(corners.back());
  double sum = 0;
  for (size_t i = 1; i < corners.size(); ++i) {
    if (!bruteLineClear(grid, corners[i - 1], corners[i]))
      return "leg " + text(corners[i - 1]) + " -> " + text(corners[i]) + " is blocked";
    sum += std::hypot(double(corners[i].x - corners[i - 1].x), double(corners[i].y - corners[i - 1].y));
  }
  if (std::abs(sum - length) > 1e-9 * std::max(1.0, sum))
    return "length " + std::to_string(length) + " differs from the recomputed " + std::to_string(sum);
  return "";
}

}  // namespace hpastar::test
