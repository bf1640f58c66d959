#include "path/PathSmoother.h"

#include <algorithm>

namespace hpastar {

namespace {

// The family of the line a step in direction (sx, sy) stays on.
inline int familyOfStep(int32_t sx, int32_t sy) {
  if (sx == 0) return 0;
  if (sy == 0) return 1;
  return sx == sy ? 2 : 3;
}

}  // namespace

void PathSmoother::linkLines(const Grid& grid, const std::vector<Point>& cells) {
  const size_t lines = static_cast<size_t>(grid.width() + grid.height()) + 1;
  const int32_t n = static_cast<int32_t>(cells.size());
  for (int f = 0; f < kLineFamilies; ++f) {
    if (lineHead_[f].size() < lines) lineHead_[f].assign(lines, -1);
    nextOnLine_[f].resize(cells.size());
  }
  runEnd_.resize(cells.size());
  int32_t *headX = lineHead_[0].data(), *headY = lineHead_[1].data(), *headD = lineHead_[2].data(),
          *headS = lineHead_[3].data();
  int32_t *nextX = nextOnLine_[0].data(), *nextY = nextOnLine_[1].data(), *nextD = nextOnLine_[2].data(),
          *nextS = nextOnLine_[3].data();
  const int32_t height = grid.height();
  const Point* c = cells.data();
  // From the end, so that every chain comes out in ascending index order.
  for (int32_t j = n - 1; j >= 0; --j) {
    const Point p = c[j];
    nextX[j] = headX[p.x], headX[p.x] = j;
    nextY[j] = headY[p.y], headY[p.y] = j;
    nextD[j] = headD[p.x - p.y + height], headD[p.x - p.y + height] = j;
    nextS[j] = headS[p.x + p.y], headS[p.x + p.y] = j;
    const bool sameStep =
        j + 2 < n && c[j + 1].x - p.x == c[j + 2].x - c[j + 1].x && c[j + 1].y - p.y == c[j + 2].y - c[j + 1].y;
    runEnd_[static_cast<size_t>(j)] = j + 1 >= n ? j : (sameStep ? runEnd_[static_cast<size_t>(j) + 1] : j + 1);
  }
}

void PathSmoother::unlinkLines(const Grid& grid, const std::vector<Point>& cells) {
  int32_t *headX = lineHead_[0].data(), *headY = lineHead_[1].data(), *headD = lineHead_[2].data(),
          *headS = lineHead_[3].data();
  const int32_t height = grid.height();
  for (const Point& p : cells) headX[p.x] = headY[p.y] = headD[p.x - p.y + height] = headS[p.x + p.y] = -1;
}

uint64_t PathSmoother::smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay) {
  const size_t n = cells.size();
  if (n < 3) return 0;
  // Cost from the start to each position.
  prefix_.resize(n);
  prefix_[0] = 0;
  for (size_t i = 1; i < n; ++i) {
    const bool diagonal = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    prefix_[i] = prefix_[i - 1] + (diagonal ? kSqrt2 : 1.0);
  }
  linkLines(grid, cells);
  // Candidates are the later path cells that lie on one of the 8 lines through cells[i], at most maxRay
  // steps away. They are found by following, for each of the 4 line families, the chain of path
  // indices on the line through cells[i] (so the cost is the number of candidates, not the length of
  // the window), merged in index order. A line is walked (and its cells checked against the grid's
  // moves) only when it would save more than the best so far. A line of k steps can replace at most
  // the path cells up to i + window (a path between two cells k moves apart is at least k cells long,
  // so longer detours are cut by the next cells' lines).
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
    const size_t first = std::max(i + 2, optimalEnd + 1);
    const size_t last = std::min(n - 1, i + window);
    // Per direction, how far the line from `from` is known clear, and whether it is known to stop there.
    int32_t clearSteps[kDirCount] = {0, 0, 0, 0, 0, 0, 0, 0};
    bool stopped[kDirCount] = {false, false, false, false, false, false, false, false};
    auto consider = [&](size_t j) {
      const int32_t dx = cells[j].x - from.x, dy = cells[j].y - from.y;
      const int32_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
      const int32_t k = ax > ay ? ax : ay;
      if (k > maxRay) return;
      // The largest saving wins, the earliest cell among equal ones (so the order in which the
      // families are walked does not matter).
      const double saving = (prefix_[j] - prefix_[i]) - k * (dx == 0 || dy == 0 ? 1.0 : kSqrt2);
      if (saving < bestSaving || (saving == bestSaving && j >= bestJ)) return;
      if (k == 0) {  // the path comes back to this very cell: cut the loop
        bestSaving = saving;
        bestJ = j;
        bestDir = -1;
        bestSteps = 0;
        loop = true;
        return;
      }
      const int d = dirOfStep((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
      // Extend the walk along direction d only as far as this candidate needs.
      while (clearSteps[d] < k && !stopped[d]) {
        ++examined;
        const Point at{from.x + kDirDx[d] * clearSteps[d], from.y + kDirDy[d] * clearSteps[d]};
        if (grid.canMove(at, d))
          ++clearSteps[d];
        else
          stopped[d] = true;
      }
      if (clearSteps[d] < k) return;
      bestSaving = saving;
      bestJ = j;
      bestDir = d;
      bestSteps = k;
      loop = false;
    };
    // Each family's chain from cells[i]; the straight run leaving cells[i] lies on one line and is
    // skipped whole (a straight part is never shortened).
    if (first > last) {  // the whole window is already as short as it can be
      i = i + 1;
      continue;
    }
    const int runFamily = familyOfStep(cells[i + 1].x - from.x, cells[i + 1].y - from.y);
    for (int f = 0; f < kLineFamilies; ++f) {
      const int32_t* next = nextOnLine_[f].data();
      for (int32_t j = next[f == runFamily ? runEnd_[i] : static_cast<int32_t>(i)];
           j >= 0 && static_cast<size_t>(j) <= last; j = next[j])
        if (static_cast<size_t>(j) >= first) consider(static_cast<size_t>(j));
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
  unlinkLines(grid, cells);
  cells.swap(out_);
  return examined;
}

}  // namespace hpastar
