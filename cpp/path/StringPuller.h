#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Moves.h"
#include "grid/Point.h"
#include "grid/SweptLine.h"

namespace hpastar {

// The two steps of an any-angle shape that read nothing but straight lines and passability (sweptLineClear
// over a Surface: a Grid, or a block world's floor), so that grids and block-world floors share them
// (AnyAngleShaper.h says what each step gives). `Surface` also has passable(Point), false outside it.
//
// One object per thread: its scratch grows to the longest path and is then reused.
class StringPuller {
 public:
  // String pulling of `points`, whose consecutive points see each other, into `out`: from the last corner,
  // the farthest point it sees is found by galloping along the points (1, 2, 4, ... ahead while the line
  // stays clear) and then halving the gap to the first blocked probe; that point becomes the next corner.
  // Each leg is a clear line, so the result is never longer than the points' polyline. Visibility along
  // a path is not monotone, so the corner may lie past a point the last one does not see (a shorter
  // path, still legal). O(log L) line checks a leg of L points: checking every point, as a plain walk
  // does, costs L checks of up to L cells each on long open legs.
  template <typename Surface>
  void pull(const Surface& surface, std::span<const Point> points, std::vector<Point>& out) {
    out.clear();
    if (points.empty()) return;
    out.push_back(points.front());
    const size_t last = points.size() - 1;
    for (size_t from = 0; from < last;) {
      size_t seen = from + 1, step = 1;  // a successor is always seen
      size_t blocked = last + 1;         // the nearest probe found blocked, past the end when none
      while (seen < last) {
        const size_t probe = std::min(seen + step, last);
        if (!clear(surface, points[from], points[probe])) {
          blocked = probe;
          break;
        }
        seen = probe;
        step *= 2;
      }
      while (blocked <= last && blocked - seen > 1) {
        const size_t mid = seen + (blocked - seen) / 2;
        (clear(surface, points[from], points[mid]) ? seen : blocked) = mid;
      }
      out.push_back(points[seen]);
      from = seen;
    }
  }

  // Tightening, in place: each corner but the ends is moved to a neighbouring lattice point while that
  // shortens its two legs (both staying clear), and dropped when its neighbours see each other.
  template <typename Surface>
  void tighten(const Surface& surface, std::vector<Point>& corners) {
    // A corner is looked at again only when it or a neighbour moved (`dirty_`): the check of its
    // neighbours' line walks a whole leg, and most corners settle in the first round. Each change shortens
    // the path by more than kGain or drops a corner, so it ends; the cap on rounds only guards against a
    // pathological number of tiny moves.
    constexpr double kGain = 1e-9;
    constexpr int kMaxRounds = 64;
    dirty_.assign(corners.size(), 1);
    bool moved = true;
    for (int round = 0; moved && round < kMaxRounds; ++round) {
      moved = false;
      for (size_t i = 1; i + 1 < corners.size();) {
        if (!dirty_[i]) {
          ++i;
          continue;
        }
        dirty_[i] = 0;
        if (clear(surface, corners[i - 1], corners[i + 1])) {
          corners.erase(corners.begin() + static_cast<std::ptrdiff_t>(i));
          dirty_.erase(dirty_.begin() + static_cast<std::ptrdiff_t>(i));
          dirty_[i - 1] = dirty_[i] = 1;
          moved = true;
          continue;
        }
        if (moveCorner(surface, corners[i - 1], corners[i], corners[i + 1], kGain)) {
          dirty_[i - 1] = dirty_[i] = dirty_[i + 1] = 1;
          moved = true;
        }
        ++i;
      }
    }
  }

  uint64_t lineChecks() const { return lineChecks_; }  // line checks since the last resetCount
  void resetCount() { lineChecks_ = 0; }
  size_t scratchBytes() const { return dirty_.capacity(); }

 private:
  template <typename Surface>
  bool clear(const Surface& surface, Point a, Point b) {
    ++lineChecks_;
    return sweptLineClear(surface, a, b);
  }

  // Moves `corner` to the neighbouring lattice point that shortens before -> corner -> after the most by
  // more than `gain`, both legs clear; false when none does.
  template <typename Surface>
  bool moveCorner(const Surface& surface, Point before, Point& corner, Point after, double gain) {
    double best = legLength(before, corner) + legLength(corner, after);
    Point bestPoint = corner;
    for (int d = 0; d < kDirCount; ++d) {
      const Point q{corner.x + kDirDx[d], corner.y + kDirDy[d]};
      if (!surface.passable(q)) continue;
      const double length = legLength(before, q) + legLength(q, after);
      if (length < best - gain && clear(surface, before, q) && clear(surface, q, after)) {
        best = length;
        bestPoint = q;
      }
    }
    if (bestPoint == corner) return false;
    corner = bestPoint;
    return true;
  }

  std::vector<uint8_t> dirty_;  // tighten: per corner, whether it is to be looked at again
  uint64_t lineChecks_ = 0;
};

// The length of a polyline: its legs' Euclidean lengths summed.
inline double polylineLength(std::span<const Point> corners) {
  double length = 0;
  for (size_t i = 1; i < corners.size(); ++i) length += legLength(corners[i - 1], corners[i]);
  return length;
}

}  // namespace hpastar
