#include "haa/HaaStarQuery.h"

#include <algorithm>
#include <cassert>

namespace hpastar {

PathStatus HaaStarQuery::findPath(Point start, Point goal, PathResult& out, const Agent& agent) {
  const AnnotatedHierarchy& h = *h_;
  const int32_t size = agent.size;
  const Capability capability = agent.capability;
  out.cells.clear();
  out.cost = 0;
  abstractPath_.clear();
  if (!h.checkAgent(agent).empty()) return out.status = PathStatus::StartInvalid;
  size_ = size;
  capability_ = capability;
  capabilityIndex_ = h.capabilityIndex(capability);
  clearance_ = &h.clearance(capabilityIndex_);
  // The annotations whose edges may admit the agent: the capabilities within its own.
  admittedGroups_.clear();
  for (size_t c = 0; c < h.capabilities().size(); ++c)
    if ((h.capabilities()[c].kinds & ~capability.kinds) == 0) admittedGroups_.push_back(static_cast<int32_t>(c));
  start_ = start;
  goal_ = goal;
  if (!clearance_->open(start, size)) return out.status = PathStatus::StartInvalid;
  if (!clearance_->open(goal, size)) return out.status = PathStatus::GoalInvalid;
  if (start == goal) {
    out.cells.push_back(start);
    return out.status = PathStatus::Found;
  }
  const double direct = connectEndpoints(start, goal, out.stats.expandedInsertion);
  if (direct < 0 && !componentsMeet()) return out.status = PathStatus::NoPath;
  if (!searchAbstract(direct, out.stats.expandedMain)) return out.status = PathStatus::NoPath;
  out.stats.abstractPathNodes = static_cast<uint32_t>(abstractPath_.size());
  if (!refine(out)) {
    assert(!"an admitted abstract edge has no path for the agent inside its cluster");
    out.cells.clear();
    out.cost = 0;
    return out.status = PathStatus::NoPath;
  }
  return out.status = PathStatus::Found;
}

double HaaStarQuery::connectEndpoints(Point start, Point goal, uint64_t& expanded) {
  const AnnotatedHierarchy& h = *h_;
  const Grid& grid = h.grid();
  const ClusterLayout& layout = h.layout();
  const int32_t startCluster = layout.clusterOf(start), goalCluster = layout.clusterOf(goal);

  startEdges_.clear();
  usableNodes(startCluster, targetNodes_, targets_);
  double direct = -1.0;
  if (h.hasJoinTrees()) {
    for (const uint32_t node : targetNodes_) {
      const double d = h.traceToNode(node, capabilityIndex_, size_, start, nullptr);
      if (d >= 0) startEdges_.push_back(EndpointEdge{node, d});
    }
    // The direct edge: A* inside the common cluster, the only search left.
    if (startCluster == goalCluster) {
      direct_.stats = {};
      startSearch_.findPath(grid, *clearance_, size_, layout.rect(startCluster), start, goal, direct_);
      expanded += direct_.stats.expandedMain;
      if (direct_.status == PathStatus::Found) direct = direct_.cost;
    }
  } else {
    // A goal in the start's cluster is one more target of the same search: the direct edge.
    if (startCluster == goalCluster) targets_.push_back(goal);
    expanded += startSearch_.settleFrom(grid, *clearance_, size_, layout.rect(startCluster), start, targets_);
    if (startCluster == goalCluster) direct = startSearch_.distanceTo(goal);
    for (size_t i = 0; i < targetNodes_.size(); ++i) {
      const double d = startSearch_.distanceTo(targets_[i]);
      if (d >= 0) startEdges_.push_back(EndpointEdge{targetNodes_[i], d});
    }
  }

  if (goalCost_.size() < h.nodeCount()) {
    goalCost_.resize(h.nodeCount());
    goalStamp_.resize(h.nodeCount(), 0);
  }
  if (++stamp_ == 0) {  // wrapped: forget every old mark once
    std::fill(goalStamp_.begin(), goalStamp_.end(), 0u);
    stamp_ = 1;
  }
  goalNodes_.clear();
  usableNodes(goalCluster, targetNodes_, targets_);
  if (!h.hasJoinTrees())
    expanded += goalSearch_.settleFrom(grid, *clearance_, size_, layout.rect(goalCluster), goal, targets_);
  for (size_t i = 0; i < targetNodes_.size(); ++i) {
    const double d = h.hasJoinTrees() ? h.traceToNode(targetNodes_[i], capabilityIndex_, size_, goal, nullptr)
                                      : goalSearch_.distanceTo(targets_[i]);
    if (d < 0) continue;
    const uint32_t node = targetNodes_[i];
    goalCost_[node] = d;
    goalStamp_[node] = stamp_;
    goalNodes_.push_back(node);
  }
  return direct;
}

void HaaStarQuery::usableNodes(int32_t cluster, std::vector<uint32_t>& nodes, std::vector<Point>& cells) const {
  const AnnotatedHierarchy& h = *h_;
  nodes.clear();
  cells.clear();
  const std::span<const Point> all = h.clusterNodeCells(cluster);
  for (uint32_t i = 0; i < all.size(); ++i) {
    if (!clearance_->open(all[i], size_)) continue;
    const uint32_t node = h.firstNodeOf(cluster) + i;
    // Each group is sorted by clearance, largest first: its first edge says whether any admits the agent.
    bool admitted = false;
    for (const int32_t group : admittedGroups_) {
      const std::span<const AnnotatedEdge> edges = h.edges(node, group);
      if (!edges.empty() && edges.front().clearance >= size_) {
        admitted = true;
        break;
      }
    }
    if (!admitted) continue;
    nodes.push_back(node);
    cells.push_back(all[i]);
  }
}

bool HaaStarQuery::componentsMeet() const {
  for (const EndpointEdge& s : startEdges_) {
    const uint32_t component = h_->componentOf(size_, capabilityIndex_, s.node);
    for (const uint32_t g : goalNodes_)
      if (h_->componentOf(size_, capabilityIndex_, g) == component) return true;
  }
  return false;
}

bool HaaStarQuery::searchAbstract(double direct, uint64_t& expanded) {
  const AnnotatedHierarchy& h = *h_;
  const uint32_t nodes = h.nodeCount();
  const uint32_t startNode = nodes, goalNode = nodes + 1;
  space_.begin(nodes + 2, true);
  if (heuristicOf_.size() < nodes + 2) heuristicOf_.resize(nodes + 2);
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint32_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  // The octile distance times the smallest multiplier the agent meets, a hair lower so that the float
  // rounding of the stored edge costs cannot make it exceed a true distance.
  const double hScale = (h.grid().weighted() ? h.grid().minWeightFor(capability_) : 1.0) * (1.0 - 1e-6);
  auto heuristic = [&](uint32_t n) {
    const Point c = n < nodes ? h.nodeCell(n) : (n == startNode ? start_ : goal_);
    return hScale * octileDistance(goal_.x - c.x, goal_.y - c.y);
  };
  auto relax = [&](uint32_t u, uint32_t v, double cost) {
    const uint32_t s = stamp[v];
    if (s == closedStamp) return;
    const bool open = s == openStamp;
    const double ng = g[u] + cost;
    if (open && ng >= g[v]) return;
    stamp[v] = openStamp;
    g[v] = ng;
    parent[v] = u;
    const double hv = open ? heuristicOf_[v] : (heuristicOf_[v] = heuristic(v));  // once per node and search
    space_.pushOrDecrease(ng + hv, hv, v, open);
  };

  stamp[startNode] = openStamp;
  g[startNode] = 0;
  parent[startNode] = UINT32_MAX;
  space_.pushOrDecrease(heuristic(startNode), heuristic(startNode), startNode, false);
  bool reached = false;
  while (!space_.empty()) {
    const uint32_t u = space_.popIndexed().id;
    stamp[u] = closedStamp;
    ++expanded;
    if (u == goalNode) {
      reached = true;
      break;
    }
    if (u == startNode) {
      for (const EndpointEdge& e : startEdges_) relax(u, e.node, e.cost);
      if (direct >= 0) relax(u, goalNode, direct);
      continue;
    }
    for (const int32_t group : admittedGroups_)
      for (const AnnotatedEdge& e : h.edges(u, group)) {
        if (e.clearance < size_) break;  // the rest of the group is narrower still
        relax(u, e.to, e.cost);
      }
    if (goalStamp_[u] == stamp_) relax(u, goalNode, goalCost_[u]);
  }
  if (!reached) return false;
  for (uint32_t n = goalNode; n != UINT32_MAX; n = parent[n]) abstractPath_.push_back(n);
  std::reverse(abstractPath_.begin(), abstractPath_.end());
  return true;
}

bool HaaStarQuery::refine(PathResult& out) {
  const AnnotatedHierarchy& h = *h_;
  const Grid& grid = h.grid();
  const ClusterLayout& layout = h.layout();
  const uint32_t goalNode = h.nodeCount() + 1;
  // The first piece leaves the start: traced in the start's search, or up the node's join tree, or the
  // direct path to the goal.
  const uint32_t first = abstractPath_[1];
  if (!h.hasJoinTrees()) {
    const Point firstCell = first == goalNode ? goal_ : h.nodeCell(first);
    startSearch_.appendPathTo(firstCell, out.cells);
    out.cost += startSearch_.distanceTo(firstCell);
  } else if (first == goalNode) {
    out.cells = direct_.cells;
    out.cost = direct_.cost;
  } else {
    out.cost += h.traceToNode(first, capabilityIndex_, size_, start_, &out.cells);
  }
  for (size_t i = 1; i + 1 < abstractPath_.size(); ++i) {
    const uint32_t u = abstractPath_[i], v = abstractPath_[i + 1];
    if (v == goalNode) {     // the last piece: from the node to the goal, traced from the goal backwards
      out.cells.pop_back();  // the node, which the traced piece starts with
      if (!h.hasJoinTrees()) {
        goalSearch_.appendPathBack(h.nodeCell(u), out.cells);
        out.cost += goalSearch_.distanceTo(h.nodeCell(u));
        continue;
      }
      const size_t mark = out.cells.size();
      out.cost += h.traceToNode(u, capabilityIndex_, size_, goal_, &out.cells);
      std::reverse(out.cells.begin() + static_cast<std::ptrdiff_t>(mark), out.cells.end());
      continue;
    }
    const Point a = h.nodeCell(u), b = h.nodeCell(v);
    if (layout.clusterOf(a) != layout.clusterOf(b)) {  // an inter-edge: one step across the border
      const int dir = dirOfStep(b.x - a.x, b.y - a.y);
      if (dir < 0) return false;
      out.cells.push_back(b);
      out.cost += grid.moveCost(grid.index(a), dir);
      continue;
    }
    const AnnotatedEdge* edge = cheapestAdmittedEdge(u, v);
    if (edge == nullptr) return false;
    out.cost += h.appendIntraPath(u, *edge, out.cells);
  }
  return true;
}

const AnnotatedEdge* HaaStarQuery::cheapestAdmittedEdge(uint32_t from, uint32_t to) const {
  const AnnotatedEdge* best = nullptr;
  for (const int32_t group : admittedGroups_)
    for (const AnnotatedEdge& e : h_->edges(from, group)) {
      if (e.clearance < size_) break;  // the rest of the group is narrower still
      if (e.to == to && (best == nullptr || e.cost < best->cost)) best = &e;
    }
  return best;
}

}  // namespace hpastar
