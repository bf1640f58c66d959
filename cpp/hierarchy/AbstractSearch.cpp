#include "hierarchy/AbstractSearch.h"

#include <algorithm>

namespace hpastar {

uint64_t AbstractSearch::run(const Hierarchy& h, int32_t level, const Rect& area, const QueryOverlay* overlay,
                             uint32_t source, uint32_t target) {
  const uint32_t realNodes = h.nodeCount();
  space_.begin(realNodes + 2);
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint32_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  const bool astar = target != Hierarchy::kNone;
  const Point* nodeCells = h.nodeCells();
  const Point endpoints[2] = {overlay ? overlay->start() : Point{}, overlay ? overlay->goal() : Point{}};
  auto cellOf = [&](uint32_t n) { return n < realNodes ? nodeCells[n] : endpoints[n - realNodes]; };
  // The top-level search covers the whole map: skip the per-edge area test there.
  const bool wholeMap = area == h.grid().bounds();
  const Point targetCell = astar ? cellOf(target) : Point{};
  auto heuristic = [&](uint32_t n) {
    if (!astar) return 0.0;
    const Point c = cellOf(n);
    return octileDistance(targetCell.x - c.x, targetCell.y - c.y);
  };

  stamp[source] = openStamp;
  g[source] = 0;
  parent[source] = Hierarchy::kNone;
  const double h0 = heuristic(source);
  space_.pushOrDecrease(h0, h0, source, false);
  uint64_t expanded = 0;

  auto relax = [&](uint32_t u, uint32_t v, double cost) {
    const uint32_t s = stamp[v];
    if (s == closedStamp) return;
    const double ng = g[u] + cost;
    const bool open = s == openStamp;
    if (open && ng >= g[v]) return;
    stamp[v] = openStamp;
    g[v] = ng;
    parent[v] = u;
    const double hv = heuristic(v);
    space_.pushOrDecrease(ng + hv, hv, v, open);
  };

  while (!space_.empty()) {
    const uint32_t u = space_.popIndexed().id;
    stamp[u] = closedStamp;
    ++expanded;
    if (u == target) break;
    if (u < realNodes) {
      for (const AbstractEdge& e : h.edges(level, u))
        if (wholeMap || area.contains(nodeCells[e.to])) relax(u, e.to, e.cost);
      if (overlay) {
        const double toS = overlay->costToStart(level, u);
        if (toS >= 0) relax(u, overlay->startNode(), toS);
        const double toG = overlay->costToGoal(level, u);
        if (toG >= 0) relax(u, overlay->goalNode(), toG);
      }
    } else if (overlay) {
      for (const QueryOverlay::Edge& e : overlay->endpointEdges(level, u))
        if (area.contains(cellOf(e.to))) relax(u, e.to, e.cost);
    }
  }
  return expanded;
}

void AbstractSearch::appendPath(uint32_t node, std::vector<uint32_t>& out) const {
  const size_t first = out.size();
  for (uint32_t n = node; n != Hierarchy::kNone; n = space_.parents()[n]) out.push_back(n);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace hpastar
