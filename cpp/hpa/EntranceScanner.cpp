#include "hpa/EntranceScanner.h"

#include <cstdlib>
#include <utility>

#include "hpa/ClusterMerge.h"

namespace hpastar {

void EntranceScanner::scanBorder(const Grid& grid, Point from, int32_t length, bool vertical,
                                 std::vector<Entrance>& out) {
  // vertical border: cells (x, y) | (x + 1, y) for y along; horizontal: (x, y) over (x, y + 1).
  const int32_t sx = vertical ? 1 : 0, sy = vertical ? 0 : 1;  // step across the border
  const int32_t ax = vertical ? 0 : 1, ay = vertical ? 1 : 0;  // step along it
  int32_t runStart = -1;
  for (int32_t i = 0; i <= length; ++i) {
    const Point p{from.x + ax * i, from.y + ay * i};
    const bool open = i < length && grid.passable(p) && grid.passable(p.x + sx, p.y + sy);
    if (open && runStart < 0) runStart = i;
    if (!open && runStart >= 0) {
      out.push_back(Entrance{Point{from.x + ax * runStart, from.y + ay * runStart}, i - runStart, vertical});
      runStart = -1;
    }
  }
}

void EntranceScanner::scanAll(const Grid& grid, const ClusterLayout& layout, std::vector<Entrance>& out) {
  for (int32_t c = 0; c < layout.count(); ++c) {
    const Rect r = layout.rect(c);
    if (r.x1 < grid.width()) scanBorder(grid, Point{r.x1 - 1, r.y0}, r.height(), true, out);   // east border
    if (r.y1 < grid.height()) scanBorder(grid, Point{r.x0, r.y1 - 1}, r.width(), false, out);  // south border
  }
}

void EntranceScanner::scanCluster(const Grid& grid, const ClusterLayout& layout, int32_t cluster,
                                  std::vector<Entrance>& out) {
  const Rect r = layout.rect(cluster);
  if (r.x1 < grid.width()) scanBorder(grid, Point{r.x1 - 1, r.y0}, r.height(), true, out);
  if (r.y1 < grid.height()) scanBorder(grid, Point{r.x0, r.y1 - 1}, r.width(), false, out);
  if (r.x0 > 0) scanBorder(grid, Point{r.x0 - 1, r.y0}, r.height(), true, out);  // west border
  if (r.y0 > 0) scanBorder(grid, Point{r.x0, r.y0 - 1}, r.width(), false, out);  // north border
}

void EntranceScanner::appendTransitions(const Grid& grid, const Entrance& e, int32_t entranceWidth,
                                        int32_t entranceSpacing, std::vector<Transition>& out) {
  const int32_t ax = e.vertical ? 0 : 1, ay = e.vertical ? 1 : 0;
  const int32_t sx = e.vertical ? 1 : 0, sy = e.vertical ? 0 : 1;
  auto cellAt = [&](int32_t i) { return Point{e.first.x + ax * i, e.first.y + ay * i}; };
  auto at = [&](int32_t i) {
    const Point a = cellAt(i);
    out.push_back(Transition{a, Point{a.x + sx, a.y + sy}});
  };
  // With terrain costs, each transition goes where crossing its part of the entrance is cheapest (the
  // two cells' weights), the unweighted place winning ties: nearest the middle of a narrow entrance,
  // nearest the ends of a wide one's two halves. Without costs every crossing ties.
  auto cheapest = [&](int32_t from, int32_t to, int32_t preferred) {
    if (!grid.weighted()) return preferred;
    int32_t best = preferred;
    float bestCost = 0;
    for (int32_t i = from; i < to; ++i) {
      const Point a = cellAt(i);
      const float cost = grid.weightAt(grid.index(a)) + grid.weightAt(grid.index(a.x + sx, a.y + sy));
      const bool nearer = std::abs(i - preferred) < std::abs(best - preferred);
      if (i == from || cost < bestCost || (cost == bestCost && nearer)) {
        best = i;
        bestCost = cost;
      }
    }
    return best;
  };
  if (e.length < entranceWidth) {
    at(cheapest(0, e.length, e.length / 2));
  } else {
    at(cheapest(0, e.length / 2, 0));
    // Inside: the fewest evenly placed cells that leave no gap longer than the spacing between the ends
    // (with terrain costs too: a crossing's place matters more than its cost here).
    const int32_t gaps = entranceSpacing > 0 ? (e.length - 1 + entranceSpacing - 1) / entranceSpacing : 1;
    for (int32_t k = 1; k < gaps; ++k) at(static_cast<int32_t>(int64_t{k} * (e.length - 1) / gaps));
    at(cheapest(e.length / 2, e.length, e.length - 1));
  }
}

uint32_t EntranceScanner::clusterTransitions(const Grid& grid, const ClusterLayout& layout, int32_t cluster,
                                             int32_t entranceWidth, int32_t entranceSpacing,
                                             std::vector<Entrance>& scratch, std::vector<Transition>& out) {
  const Rect r = layout.rect(cluster);
  if (layout.merged)
    return forEachBorderTransition(grid, layout.merged->cellCluster.data(), r, static_cast<uint32_t>(cluster),
                                   ClusterMerge::kNoCluster, entranceWidth, [&](Point inside, Point outside) {
                                     out.push_back(Transition{inside, outside});
                                   });
  scratch.clear();
  scanCluster(grid, layout, cluster, scratch);
  const size_t first = out.size();
  for (const Entrance& e : scratch) appendTransitions(grid, e, entranceWidth, entranceSpacing, out);
  for (size_t i = first; i < out.size(); ++i)
    if (!r.contains(out[i].a)) std::swap(out[i].a, out[i].b);
  return static_cast<uint32_t>(scratch.size());
}

}  // namespace hpastar
