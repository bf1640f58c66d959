#include "path/PathSmoother.h"

#include <algorithm>

namespace hpastar {

uint64_t PathSmoother::smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay) {
  const size_t n = cells.size();
  if (n < 3) return 0;
  const size_t cellCount = static_cast<size_t>(grid.cellCount());
  if (mark_.size() != cellCount || base_ > 0xF0000000u - n) {
    mark_.assign(cellCount, 0);
    base_ = 0;
  }
  const uint32_t base = base_ + 1;
  base_ += static_cast<uint32_t>(n) + 1;
  // Last position of every path cell, and the cost from the start to each position.
  prefix_.resize(n);
  prefix_[0] = 0;
  for (size_t i = 0; i < n; ++i) {
    mark_[static_cast<size_t>(grid.index(cells[i]))] = base + static_cast<uint32_t>(i);
    if (i > 0) {
      const bool diagonal = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
      prefix_[i] = prefix_[i - 1] + (diagonal ? kSqrt2 : 1.0);
    }
  }
  int32_t offset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * grid.width() + kDirDx[d];

  uint64_t examined = 0;
  out_.clear();
  size_t i = 0;
  while (i + 1 < n) {
    out_.push_back(cells[i]);
    size_t bestJ = i + 1;
    int bestDir = -1;
    int32_t bestSteps = 0;
    double bestSaving = 1e-9;
    const int32_t from = grid.index(cells[i]);
    const uint32_t minMark = base + static_cast<uint32_t>(i) + 2;  // only cells at least two steps ahead
    // The line that continues along the path's own next step is the one the next cell tries anyway.
    const int along = dirOfStep(cells[i + 1].x - cells[i].x, cells[i + 1].y - cells[i].y);
    for (int d = 0; d < kDirCount; ++d) {
      if (d == along) continue;
      int32_t c = from;
      for (int32_t k = 1; k <= maxRay && ((grid.moveMask(c) >> d) & 1u); ++k) {
        c += offset[d];
        ++examined;
        const uint32_t m = mark_[static_cast<size_t>(c)];
        if (m < minMark || m >= base_) continue;
        const size_t j = m - base;
        const double saving = (prefix_[j] - prefix_[i]) - k * kDirCost[d];
        if (saving > bestSaving) {
          bestSaving = saving;
          bestJ = j;
          bestDir = d;
          bestSteps = k;
        }
      }
    }
    if (bestDir >= 0) {
      Point p = cells[i];
      for (int32_t k = 1; k < bestSteps; ++k) {
        p = Point{p.x + kDirDx[bestDir], p.y + kDirDy[bestDir]};
        out_.push_back(p);
      }
    }
    i = bestJ;
  }
  out_.push_back(cells[n - 1]);
  cells.swap(out_);
  return examined;
}

}  // namespace hpastar
