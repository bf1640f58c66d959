#include "path/AnyAngleShaper.h"

#include "path/PathValidator.h"

namespace hpastar {

std::string AnyAngleShaper::checkGrid(const Grid& grid) {
  if (grid.weighted()) return "any-angle paths need an unweighted grid: this one has terrain costs";
  return "";
}

double AnyAngleShaper::shape(const Grid& grid, std::span<const Point> cells, std::vector<Point>& corners,
                             const AnyAngleSettings& settings, AnyAngleStats* stats) {
  puller_.resetCount();
  puller_.pull(grid, cells, pulled_);
  const double pulledLength = polylineLength(pulled_);
  double length = pulledLength;
  uint64_t expanded = 0, thetaLineChecks = 0;
  if (settings.repair && cells.size() > 2) {
    theta_.findPathInCorridor(grid, cells, settings.corridorRadius, thetaCorners_);
    expanded = theta_.lastExpanded();
    thetaLineChecks = theta_.lastLineChecks();
    puller_.pull(grid, thetaCorners_, repaired_);
    if (const double repairedLength = polylineLength(repaired_); repairedLength < length) {
      pulled_.swap(repaired_);
      length = repairedLength;
    }
  }
  const double repairedLength = length;
  if (settings.tighten) {
    puller_.tighten(grid, pulled_);
    length = polylineLength(pulled_);
  }
  corners.assign(pulled_.begin(), pulled_.end());
  if (stats) {
    const uint64_t lineChecks = puller_.lineChecks() + thetaLineChecks;
    *stats = AnyAngleStats{pathLength(cells), pulledLength, repairedLength, length, lineChecks, expanded};
  }
  return length;
}

void AnyAngleShaper::reshape(const Grid& grid, PathResult& result) {
  if (!result.found()) return;
  result.cost = shape(grid, result.cells, reshaped_);
  result.cells.swap(reshaped_);
}

size_t AnyAngleShaper::scratchBytes() const {
  return theta_.scratchBytes() +
         (pulled_.capacity() + thetaCorners_.capacity() + repaired_.capacity() + reshaped_.capacity()) * sizeof(Point) +
         puller_.scratchBytes();
}

}  // namespace hpastar
