#include "hpa/AbstractSearch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hpastar {

uint64_t AbstractSearch::run(const Hierarchy& h, int32_t level, const Rect& area, const QueryOverlay* overlay,
                             uint32_t source, uint32_t target) {
  if (!recordOrder_) return searchLoop<false>(h, level, area, overlay, source, target);
  expansionOrder_.clear();
  return searchLoop<true>(h, level, area, overlay, source, target);
}

template <bool RecordOrder>
uint64_t AbstractSearch::searchLoop(const Hierarchy& h, int32_t level, const Rect& area, const QueryOverlay* overlay,
                                    uint32_t source, uint32_t target) {
  const uint32_t realNodes = h.nodeCount();
  space_.begin(realNodes + 2);
  PackedNodeSpace::Node* state = space_.nodes();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  const bool astar = target != Hierarchy::kNone;
  const Point* nodeCells = h.nodeCells();
  const Point endpoints[2] = {overlay ? overlay->start() : Point{}, overlay ? overlay->goal() : Point{}};
  auto cellOf = [&](uint32_t n) { return n < realNodes ? nodeCells[n] : endpoints[n - realNodes]; };
  // The top-level search covers the whole map: skip the per-edge area test there.
  const bool wholeMap = area == h.grid().bounds();
  const Point targetCell = astar ? cellOf(target) : Point{};
  // The exact distance table, where there is one for this level: the perfect heuristic (landmarks then
  // add nothing).
  const NodeDistanceTable& table = h.distanceTable();
  const bool useTable =
      astar && wholeMap && !table.empty() && table.level() == level && exactTargetOf(h, overlay, target);
  // Landmark bounds hold for distances in the whole graph of their level, so only there.
  const LandmarkTable& marks = h.landmarks();
  const bool useMarks = !useTable && astar && wholeMap && !marks.empty() && marks.level() == level &&
                        landmarkRowOf(h, overlay, target, targetRow_);
  // A stale distance table (Hierarchy::heuristicsStale) has no rows for the nodes a change made; those
  // get the landmarks or the octile distance. The landmarks are repaired by every change: rows for all.
  const bool stale = h.heuristicsStale();
  auto hasRow = [&](uint32_t n) { return !stale || h.heuristicRowValid(n); };
  // Every move costs at least the grid's smallest multiplier times its unweighted cost (1 without terrain
  // costs: the octile distance as it is).
  const double octileScale = h.grid().minWeight();
  auto heuristic = [&](uint32_t n) {
    if (!astar) return 0.0;
    const uint32_t slot = useTable && n < realNodes && hasRow(n) ? table.slotOf(n) : NodeDistanceTable::kNoSlot;
    if (slot != NodeDistanceTable::kNoSlot) {
      // Slightly lowered: the float rounding of the stored sums must not make it exceed the distance.
      // Nodes that cannot reach the target get a finite bound far above any path (the heap's keys are
      // fixed point).
      const float d = exactDistanceToTarget(table.row(slot));
      return d >= NodeDistanceTable::kUnreachable ? 1.0e7 : NodeDistanceTable::lowered(d);
    }
    const Point c = cellOf(n);
    const double octile = octileScale * octileDistance(targetCell.x - c.x, targetCell.y - c.y);
    if (!useMarks || n >= realNodes || n >= marks.rows()) return octile;
    return std::max(octile, static_cast<double>(marks.lowerBound(marks.distances(n), targetRow_.data())));
  };

  const double h0 = heuristic(source);
  state[source] = PackedNodeSpace::Node{openStamp, Hierarchy::kNone, 0, 0, 0.0, h0};
  space_.pushOrDecrease(h0, h0, source, false);
  uint64_t expanded = 0;

  // Inlined into each loop below: most calls end at the first test (closed, or no better), so a call
  // would cost more than the work.
  // A stale table bounds the nodes that have rows, the octile distance the others: a mix that is not
  // consistent, so a settled node may still be reached more cheaply and is then opened again. Repaired
  // landmarks are consistent.
  const bool reopen = stale && useTable;
  auto relax = [&](double gu, uint32_t u, uint32_t v, double cost) __attribute__((always_inline)) {
    PackedNodeSpace::Node& n = state[v];
    const uint32_t s = n.stamp;
    const bool closed = s == closedStamp;
    if (closed && !reopen) return;
    const double ng = gu + cost;
    const bool open = s == openStamp;
    if ((open || closed) && ng >= n.g) return;
    n.stamp = openStamp;
    n.g = ng;
    n.parent = u;
    // A node's heuristic is computed once per search, when it is first reached (landmark bounds
    // cost a row of loads); a decrease-key or a reopening reuses it.
    if (!open && !closed) {
      n.h = heuristic(v);
      if (v < realNodes) h.prefetchEdgeSpan(level, v);
    }
    space_.pushOrDecrease(ng + n.h, n.h, v, open);
  };

  while (!space_.empty()) {
    const uint32_t u = space_.popMin();
    state[u].stamp = closedStamp;
    const double gu = state[u].g;
    // The node likely expanded next: its edges are fetched while this one's are relaxed.
    if (!space_.empty() && space_.top() < realNodes) h.prefetchEdges(level, space_.top());
    ++expanded;
    if constexpr (RecordOrder) expansionOrder_.push_back(u);
    if (u == target) break;
    if (u < realNodes) {
      for (const AbstractEdge& e : h.edges(level, u))
        if (wholeMap || area.contains(nodeCells[e.to])) relax(gu, u, e.to, e.cost);
      if (overlay) {
        const double toS = overlay->costToStart(level, u);
        if (toS >= 0) relax(gu, u, overlay->startNode(), toS);
        const double toG = overlay->costToGoal(level, u);
        if (toG >= 0) relax(gu, u, overlay->goalNode(), toG);
      }
    } else if (overlay) {
      for (const QueryOverlay::Edge& e : overlay->endpointEdges(level, u))
        if (area.contains(cellOf(e.to))) relax(gu, u, e.to, e.cost);
    }
  }
  return expanded;
}

bool AbstractSearch::walkDistanceTable(const Hierarchy& h, int32_t level, const QueryOverlay& overlay,
                                       std::vector<uint32_t>& out, uint64_t& walked) {
  const NodeDistanceTable& table = h.distanceTable();
  // A stale table is no shortest-path oracle: the search uses it as a bound instead.
  if (table.empty() || table.level() != level || h.heuristicsStale() || !exactTargetOf(h, &overlay, overlay.goalNode()))
    return false;
  return table.walk(
      overlay.endpointEdges(level, overlay.startNode()), overlay.startNode(), overlay.goalNode(), exactTargets_,
      h.nodeCount(), [&](uint32_t u) { return h.edges(level, u); }, out, walked);
}

bool AbstractSearch::exactTargetOf(const Hierarchy& h, const QueryOverlay* overlay, uint32_t target) {
  const NodeDistanceTable& table = h.distanceTable();
  const bool stale = h.heuristicsStale();
  auto known = [&](uint32_t n) { return !stale || h.heuristicRowValid(n); };
  exactTargets_.clear();
  if (target < h.nodeCount()) {
    if (table.slotOf(target) == NodeDistanceTable::kNoSlot || !known(target)) return false;
    exactTargets_.push_back(NodeDistanceTable::Target{table.slotOf(target), 0.0f});
    return true;
  }
  // The query's goal: reached through its edges to the nodes of its cluster.
  if (!overlay || !overlay->isEndpoint(target)) return false;
  return table.targetsThrough(overlay->endpointEdges(table.level(), target), h.nodeCount(), known, exactTargets_);
}

bool AbstractSearch::landmarkRowOf(const Hierarchy& h, const QueryOverlay* overlay, uint32_t node,
                                   std::vector<float>& row) {
  const LandmarkTable& marks = h.landmarks();
  row.assign(static_cast<size_t>(marks.rowStride()), 0.0f);  // the padding stays 0, as in the table
  // Every change repairs the rows (Hierarchy::repairLandmarks), those of the nodes it made included.
  auto known = [&](uint32_t n) { return n < marks.rows(); };
  if (node < h.nodeCount()) {
    if (!known(node)) return false;
    std::copy(marks.distances(node), marks.distances(node) + marks.count(), row.begin());
    return true;
  }
  // The query's start or goal is no node of the graph: see LandmarkTable::rowThrough.
  if (!overlay || !overlay->isEndpoint(node)) return false;
  return marks.rowThrough(overlay->endpointEdges(marks.level(), node), h.nodeCount(), known, row.data());
}

void AbstractSearch::appendPath(uint32_t node, std::vector<uint32_t>& out) const {
  const size_t first = out.size();
  for (uint32_t n = node; n != Hierarchy::kNone; n = space_.node(n).parent) out.push_back(n);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace hpastar
