#include "path/PathSmoother.h"

#include <algorithm>

namespace hpastar {

uint64_t PathSmoother::smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay) {
  const size_t n = cells.size();
  if (n < 3) return 0;
  const size_t cellCount = static_cast<size_t>(grid.cellCount());
  if (stamp_.size() != cellCount) {
    stamp_.assign(cellCount, 0);
    position_.assign(cellCount, 0);
    current_ = 0;
  }
  if (++current_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    current_ = 1;
  }
  // Last position of every path cell, and the cost from the start to each position.
  prefix_.resize(n);
  prefix_[0] = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t c = static_cast<size_t>(grid.index(cells[i]));
    stamp_[c] = current_;
    position_[c] = static_cast<uint32_t>(i);
    if (i > 0) {
      const bool diagonal = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
      prefix_[i] = prefix_[i - 1] + (diagonal ? kSqrt2 : 1.0);
    }
  }

  uint64_t examined = 0;
  out_.clear();
  size_t i = 0;
  while (i + 1 < n) {
    out_.push_back(cells[i]);
    size_t bestJ = i + 1;
    int bestDir = -1;
    int32_t bestSteps = 0;
    double bestSaving = 1e-9;
    for (int d = 0; d < kDirCount; ++d) {
      Point p = cells[i];
      for (int32_t k = 1; k <= maxRay && grid.canMove(p, d); ++k) {
        p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
        ++examined;
        const size_t c = static_cast<size_t>(grid.index(p));
        if (stamp_[c] != current_) continue;
        const size_t j = position_[c];
        if (j <= i + 1) continue;
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
