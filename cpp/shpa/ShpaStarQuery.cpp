#include "shpa/ShpaStarQuery.h"

#include <algorithm>

#include "path/PathValidator.h"

namespace hpastar {

PathStatus ShpaStarQuery::findPath(Point start, Point goal, PathResult& out, const ShpaQueryOptions& options) {
  findCellPath(start, goal, out, options);
  if (options.anyAngle) shaper_.reshape(g_->grid(), out);
  return out.status;
}

PathStatus ShpaStarQuery::findCellPath(Point start, Point goal, PathResult& out, const ShpaQueryOptions& options) {
  out.cells.clear();
  out.cost = 0;
  const ShpaStarGraph& g = *g_;
  if (!g.grid().passable(start)) return out.status = PathStatus::StartInvalid;
  if (!g.grid().passable(goal)) return out.status = PathStatus::GoalInvalid;
  // Different components: no path, known without a single expansion.
  if (!g.connected(start, goal)) return out.status = PathStatus::NoPath;
  if (start == goal) {
    out.cells.push_back(start);
    out.stats.abstractPathNodes += 1;
    return out.status = PathStatus::Found;
  }

  bool found = false;
  if (trace_) trace_->setPhase(SearchPhase::Abstract);
  out.stats.expandedMain += searchAbstract(start, goal, found);
  if (trace_) trace_->setPhase(SearchPhase::Refinement);
  if (!found) return out.status = PathStatus::NoPath;  // not expected: the components agreed
  out.stats.abstractPathNodes += static_cast<uint32_t>(abstractPath_.size()) + 2;

  out.cells.push_back(start);
  Point from = start;
  uint32_t fromCluster = g.clusterOf(start);
  for (size_t i = 0; i <= abstractPath_.size(); ++i) {
    const bool last = i == abstractPath_.size();
    const Point to = last ? goal : g.nodeCell(abstractPath_[i]);
    const uint32_t toCluster = last ? g.clusterOf(goal) : g.nodeCluster(abstractPath_[i]);
    if (toCluster != fromCluster) {
      out.cells.push_back(to);  // an inter-edge: one straight step across the border
    } else if (!refineSegment(from, to, toCluster, out.cells, out.stats.expandedRefinement)) {
      out.cells.clear();  // not expected: clusters are connected
      return out.status = PathStatus::NoPath;
    }
    from = to;
    fromCluster = toCluster;
  }
  cutLoops(out.cells);
  if (options.smooth) {
    const int32_t range = options.smoothingRange > 0 ? options.smoothingRange : 4 * g.options().maxClusterSide;
    out.cost = smoother_.smoothTwice(g.grid(), out.cells, range);
  } else {
    out.cost = pathCost(g.grid(), out.cells);
  }
  return out.status = PathStatus::Found;
}

uint64_t ShpaStarQuery::searchAbstract(Point start, Point goal, bool& found) {
  const ShpaStarGraph& g = *g_;
  const uint32_t nodeCount = g.nodeCount();
  const uint32_t goalId = nodeCount, startId = nodeCount + 1;  // query-local ids beyond the graph's nodes
  const uint32_t startCluster = g.clusterOf(start), goalCluster = g.clusterOf(goal);
  space_.begin(nodeCount + 2);
  uint32_t* stamp = space_.stamps();
  double* gValue = space_.g();
  uint32_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();

  // Records a better way to `to`; false when it is not better (or `to` is already settled).
  auto improve = [&](uint32_t from, uint32_t to, double cost) {
    const uint32_t s = stamp[to];
    if (s == closedStamp || (s == openStamp && cost >= gValue[to])) return false;
    stamp[to] = openStamp;
    gValue[to] = cost;
    parent[to] = from;
    return true;
  };
  auto relax = [&](uint32_t from, uint32_t to, Point toCell, double cost) {
    if (!improve(from, to, cost)) return;
    const double h = g.heuristic(toCell, goal);
    space_.push(cost + h, h, to);
  };
  // An intra-edge from -> node. Weights are a metric, so a node reached inside its own cluster never needs to
  // offer its cluster's other nodes or the goal: whoever reached it (the start, or a node entered from another
  // cluster) offered each of them at most as much, g(p) + w(p, b) <= g(p) + w(p, a) + w(a, b). Its only use is to
  // lead across its inter-edges, so it is passed through at once instead of being queued and expanded.
  // (With terrain costs the weights are only close to a metric: a detour p -> a -> b inside one cluster that
  // the estimates rate cheaper than p -> b is not tried. Refinement searches the whole box between p and b,
  // so it still takes such a detour when it is really cheaper.)
  auto passThrough = [&](uint32_t from, uint32_t node, double cost) {
    if (!improve(from, node, cost)) return;
    const Point cell = g.nodeCell(node);
    for (uint32_t n : g.interEdges(node)) relax(node, n, g.nodeCell(n), cost + g.stepWeight(cell, g.nodeCell(n)));
  };

  // No SG effort: the start's cluster's nodes open the search at their straight-line distance.
  stamp[startId] = closedStamp;
  gValue[startId] = 0;
  for (uint32_t n = g.firstNode(startCluster); n < g.endNode(startCluster); ++n)
    passThrough(startId, n, g.weight(start, g.nodeCell(n)));
  if (startCluster == goalCluster) relax(startId, goalId, goal, g.weight(start, goal));

  // Queued nodes were entered from another cluster (or are the goal): each offers its cluster's nodes and, in
  // the goal's cluster, the goal.
  uint64_t expanded = 0;
  while (!space_.empty()) {
    const uint32_t id = space_.pop().id;
    if (stamp[id] == closedStamp) continue;  // stale entry
    stamp[id] = closedStamp;
    ++expanded;
    if (id == goalId) break;
    const Point cell = g.nodeCell(id);
    const uint32_t cluster = g.nodeCluster(id);
    const double gHere = gValue[id];
    for (uint32_t n : g.interEdges(id)) relax(id, n, g.nodeCell(n), gHere + g.stepWeight(cell, g.nodeCell(n)));
    const uint32_t from = parent[id];
    if (from == startId || g.nodeCluster(from) == cluster) continue;  // improved by a pass-through since queued
    for (uint32_t n = g.firstNode(cluster); n < g.endNode(cluster); ++n)
      if (n != id) passThrough(id, n, gHere + g.weight(cell, g.nodeCell(n)));
    if (cluster == goalCluster) relax(id, goalId, goal, gHere + g.weight(cell, goal));
  }

  if (trace_) {
    // The start's id is stamped closed without being expanded: left out, so that closed == expanded.
    TracedSearch& traced = trace_->next(1);
    for (uint32_t id = 0; id < startId; ++id) {
      const Point cell = id == goalId ? goal : g.nodeCell(id);
      if (space_.closed(id))
        traced.closed.push_back(cell);
      else if (space_.seen(id))
        traced.open.push_back(cell);
    }
  }
  found = space_.closed(goalId);
  abstractPath_.clear();
  if (!found) return expanded;
  for (uint32_t n = parent[goalId]; n != startId; n = parent[n]) abstractPath_.push_back(n);
  std::reverse(abstractPath_.begin(), abstractPath_.end());
  return expanded;
}

void ShpaStarQuery::cutLoops(std::vector<Point>& cells) {
  // Pair every cell with its position, sort by cell, and note for each position the last one of its cell.
  const Grid& grid = g_->grid();
  const size_t n = cells.size();
  byCell_.resize(n);
  for (size_t i = 0; i < n; ++i) byCell_[i] = {grid.index(cells[i]), static_cast<uint32_t>(i)};
  std::sort(byCell_.begin(), byCell_.end());
  lastVisit_.resize(n);
  for (size_t i = 0; i < n;) {
    size_t end = i;
    while (end < n && byCell_[end].first == byCell_[i].first) ++end;
    for (size_t k = i; k < end; ++k) lastVisit_[byCell_[k].second] = byCell_[end - 1].second;
    i = end;
  }
  size_t kept = 0;
  for (size_t i = 0; i < n; i = lastVisit_[i] + 1) cells[kept++] = cells[lastVisit_[i]];
  cells.resize(kept);
}

bool ShpaStarQuery::refineSegment(Point from, Point to, uint32_t cluster, std::vector<Point>& cells,
                                  uint64_t& expanded) {
  return cellAStar_.appendPath(g_->grid(), g_->clusterBox(cluster), from, to, false, cells, expanded) >= 0;
}

}  // namespace hpastar
