#include "haa/AnnotatedEntranceScanner.h"

#include <algorithm>
#include <cstdlib>

namespace hpastar {

int32_t AnnotatedEntranceScanner::crossingClearance(const ClearanceMap& clearance, Point a, Point b, int32_t maxSize) {
  return std::min({static_cast<int32_t>(clearance.at(a)), static_cast<int32_t>(clearance.at(b)), maxSize});
}

void AnnotatedEntranceScanner::scanBorder(Point from, int32_t length, bool vertical,
                                          std::span<const ClearanceMap> clearances, int32_t maxSize,
                                          std::vector<Transition>& out) {
  // vertical border: cells (x, y) | (x + 1, y) for y along; horizontal: (x, y) over (x, y + 1).
  const int32_t sx = vertical ? 1 : 0, sy = vertical ? 0 : 1;  // step across the border
  const int32_t ax = vertical ? 0 : 1, ay = vertical ? 1 : 0;  // step along it
  auto cellAt = [&](int32_t i) { return Point{from.x + ax * i, from.y + ay * i}; };
  std::vector<int32_t> chosen;  // border positions of this segment's transitions
  std::vector<int32_t> crossing(static_cast<size_t>(length));
  for (const ClearanceMap& clearance : clearances) {
    for (int32_t i = 0; i < length; ++i) {
      const Point a = cellAt(i);
      crossing[static_cast<size_t>(i)] = crossingClearance(clearance, a, Point{a.x + sx, a.y + sy}, maxSize);
    }
    for (int32_t size = 1; size <= maxSize; ++size) {
      int32_t runStart = -1;
      for (int32_t i = 0; i <= length; ++i) {
        const bool open = i < length && crossing[static_cast<size_t>(i)] >= size;
        if (open && runStart < 0) runStart = i;
        if (open || runStart < 0) continue;
        // The run runStart..i-1: its crossing of largest clearance, nearest the middle on a tie.
        const int32_t middle = (runStart + i - 1) / 2;
        int32_t best = runStart;
        for (int32_t j = runStart + 1; j < i; ++j) {
          const int32_t cj = crossing[static_cast<size_t>(j)], cb = crossing[static_cast<size_t>(best)];
          if (cj > cb || (cj == cb && std::abs(j - middle) < std::abs(best - middle))) best = j;
        }
        chosen.push_back(best);
        runStart = -1;
      }
    }
  }
  std::sort(chosen.begin(), chosen.end());
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  for (const int32_t i : chosen) {
    const Point a = cellAt(i);
    out.push_back(Transition{a, Point{a.x + sx, a.y + sy}});
  }
}

void AnnotatedEntranceScanner::scanAll(const ClusterLayout& layout, std::span<const ClearanceMap> clearances,
                                       int32_t maxSize, std::vector<Transition>& out) {
  for (int32_t c = 0; c < layout.count(); ++c) {
    const Rect r = layout.rect(c);
    if (r.x1 < layout.mapWidth)  // east border
      scanBorder(Point{r.x1 - 1, r.y0}, r.height(), true, clearances, maxSize, out);
    if (r.y1 < layout.mapHeight)  // south border
      scanBorder(Point{r.x0, r.y1 - 1}, r.width(), false, clearances, maxSize, out);
  }
}

}  // namespace hpastar
