#include "path/PathSmoother.h"

#include <algorithm>

namespace hpastar {

uint64_t PathSmoother::smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay) {
  const size_t n = cells.size();
  if (n < 3) return 0;
  // Cost from the start to each position.
  prefix_.resize(n);
  prefix_[0] = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) {
      const bool diagonal = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
      prefix_[i] = prefix_[i - 1] + (diagonal ? kSqrt2 : 1.0);
    }
  }
  // Candidates are the later path cells that lie on one of the 8 lines through cells[i], at most maxRay
  // steps away; checking their offsets costs no memory access, and a line is walked (and its cells
  // checked against the grid's moves) only when it would save more than the best so far. A line of k
  // steps can replace at most the path cells up to i + window (a path between two cells k moves apart
  // is at least k cells long, so longer detours are cut by the next cells' lines).
  const size_t window = static_cast<size_t>(maxRay) * 2;
  // A line can only shorten the path between i and j if that part is longer than the octile distance
  // between its ends. `optimalEnd` is the last j for which the part i..j is as short as the octile
  // distance (it never decreases as i grows), so candidates start after it and most cells, on parts
  // that are already straight enough, are skipped at once.
  auto octileOptimal = [&](size_t a, size_t b) {
    return prefix_[b] - prefix_[a] <= octileDistance(cells[b].x - cells[a].x, cells[b].y - cells[a].y) + 1e-9;
  };
  size_t optimalEnd = 0;
  uint64_t examined = 0;
  out_.clear();
  size_t i = 0;
  bool revisit = false;
  while (i + 1 < n) {
    if (!revisit) out_.push_back(cells[i]);
    revisit = false;
    if (optimalEnd < i + 1) optimalEnd = i + 1;
    while (optimalEnd + 1 < n && octileOptimal(i, optimalEnd + 1)) ++optimalEnd;
    size_t bestJ = i + 1;
    int bestDir = -1;
    int32_t bestSteps = 0;
    double bestSaving = 1e-9;
    bool loop = false;
    const Point from = cells[i];
    const size_t last = std::min(n - 1, i + window);
    // Per direction, how far the line from `from` is known clear, and whether it is known to stop there.
    int32_t clearSteps[kDirCount] = {0, 0, 0, 0, 0, 0, 0, 0};
    bool stopped[kDirCount] = {false, false, false, false, false, false, false, false};
    Point reached[kDirCount];
    for (int d = 0; d < kDirCount; ++d) reached[d] = from;
    for (size_t j = std::max(i + 2, optimalEnd + 1); j <= last; ++j) {
      const int32_t dx = cells[j].x - from.x, dy = cells[j].y - from.y;
      const int32_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
      if (!(dx == 0 || dy == 0 || ax == ay)) continue;
      const int32_t k = ax > ay ? ax : ay;
      if (k > maxRay) continue;
      if (k == 0) {  // the path comes back to this very cell: cut the loop
        if (prefix_[j] - prefix_[i] > bestSaving) {
          bestSaving = prefix_[j] - prefix_[i];
          bestJ = j;
          bestDir = -1;
          bestSteps = 0;
          loop = true;
        }
        continue;
      }
      const double saving = (prefix_[j] - prefix_[i]) - k * (dx == 0 || dy == 0 ? 1.0 : kSqrt2);
      if (saving <= bestSaving) continue;
      const int d = dirOfStep((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
      // Extend the walk along direction d only as far as this candidate needs.
      while (clearSteps[d] < k && !stopped[d]) {
        ++examined;
        if (grid.canMove(reached[d], d)) {
          reached[d] = Point{reached[d].x + kDirDx[d], reached[d].y + kDirDy[d]};
          ++clearSteps[d];
        } else {
          stopped[d] = true;
        }
      }
      if (clearSteps[d] < k) continue;
      bestSaving = saving;
      bestJ = j;
      bestDir = d;
      bestSteps = k;
    }
    if (bestDir >= 0) {
      Point p = cells[i];
      for (int32_t k = 1; k < bestSteps; ++k) {
        p = Point{p.x + kDirDx[bestDir], p.y + kDirDy[bestDir]};
        out_.push_back(p);
      }
    }
    // After a cut loop cells[bestJ] is the cell just written: do not write it twice.
    revisit = loop && bestDir < 0 && bestJ != i + 1;
    i = bestJ;
  }
  if (!revisit) out_.push_back(cells[n - 1]);
  cells.swap(out_);
  return examined;
}

}  // namespace hpastar
