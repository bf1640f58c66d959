#include "path/AnyAngleShaper.h"

#include "grid/Moves.h"
#include "path/PathValidator.h"

namespace hpastar {

double polylineLength(std::span<const Point> corners) {
  double length = 0;
  for (size_t i = 1; i < corners.size(); ++i) length += legLength(corners[i - 1], corners[i]);
  return length;
}

std::string AnyAngleShaper::checkGrid(const Grid& grid) {
  if (grid.weighted()) return "any-angle paths need an unweighted grid: this one has terrain costs";
  return "";
}

double AnyAngleShaper::shape(const Grid& grid, std::span<const Point> cells, std::vector<Point>& corners,
                             const AnyAngleSettings& settings, AnyAngleStats* stats) {
  lineChecks_ = 0;
  pull(grid, cells, pulled_);
  const double pulledLength = polylineLength(pulled_);
  double length = pulledLength;
  uint64_t expanded = 0;
  if (settings.repair && cells.size() > 2) {
    theta_.findPathInCorridor(grid, cells, settings.corridorRadius, thetaCorners_);
    lineChecks_ += theta_.lastLineChecks();
    expanded = theta_.lastExpanded();
    pull(grid, thetaCorners_, repaired_);
    if (const double repairedLength = polylineLength(repaired_); repairedLength < length) {
      pulled_.swap(repaired_);
      length = repairedLength;
    }
  }
  const double repairedLength = length;
  if (settings.tighten) {
    tighten(grid, pulled_);
    length = polylineLength(pulled_);
  }
  corners.assign(pulled_.begin(), pulled_.end());
  if (stats) {
    *stats = AnyAngleStats{pathLength(cells), pulledLength, repairedLength, length, lineChecks_, expanded};
  }
  return length;
}

void AnyAngleShaper::pull(const Grid& grid, std::span<const Point> points, std::vector<Point>& out) {
  out.clear();
  if (points.empty()) return;
  out.push_back(points.front());
  size_t from = 0;
  for (size_t j = 2; j < points.size(); ++j) {
    // points[j - 1] is seen from `from` (it is `from`'s successor or was checked on the previous turn).
    if (clear(grid, points[from], points[j])) continue;
    from = j - 1;
    out.push_back(points[from]);
  }
  if (points.size() > 1) out.push_back(points.back());
}

void AnyAngleShaper::tighten(const Grid& grid, std::vector<Point>& corners) {
  // A corner is looked at again only when it or a neighbour moved (`dirty`): the check of its neighbours'
  // line walks a whole leg, and most corners settle in the first round. Each change shortens the path by
  // more than kGain or drops a corner, so it ends; the cap on rounds only guards against a pathological
  // number of tiny moves.
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
      const Point before = corners[i - 1], corner = corners[i], after = corners[i + 1];
      if (clear(grid, before, after)) {
        corners.erase(corners.begin() + static_cast<std::ptrdiff_t>(i));
        dirty_.erase(dirty_.begin() + static_cast<std::ptrdiff_t>(i));
        dirty_[i - 1] = dirty_[i] = 1;
        moved = true;
        continue;
      }
      double best = legLength(before, corner) + legLength(corner, after);
      Point bestPoint = corner;
      for (int d = 0; d < kDirCount; ++d) {
        const Point q{corner.x + kDirDx[d], corner.y + kDirDy[d]};
        if (!grid.passable(q)) continue;
        const double length = legLength(before, q) + legLength(q, after);
        if (length < best - kGain && clear(grid, before, q) && clear(grid, q, after)) {
          best = length;
          bestPoint = q;
        }
      }
      if (!(bestPoint == corner)) {
        corners[i] = bestPoint;
        dirty_[i - 1] = dirty_[i] = dirty_[i + 1] = 1;
        moved = true;
      }
      ++i;
    }
  }
}

void AnyAngleShaper::reshape(const Grid& grid, PathResult& result) {
  if (!result.found()) return;
  result.cost = shape(grid, result.cells, reshaped_);
  result.cells.swap(reshaped_);
}

size_t AnyAngleShaper::scratchBytes() const {
  return theta_.scratchBytes() +
         (pulled_.capacity() + thetaCorners_.capacity() + repaired_.capacity() + reshaped_.capacity()) * sizeof(Point) +
         dirty_.capacity();
}

}  // namespace hpastar
