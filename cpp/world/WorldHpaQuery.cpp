#include "world/WorldHpaQuery.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"
#include "world/WorldPathValidator.h"

namespace hpastar {

void WorldQueryOverlay::begin(const WorldHierarchy& h, Voxel start, Voxel goal) {
  nodeCount_ = h.nodeCount();
  start_ = start;
  goal_ = goal;
  const size_t levels = static_cast<size_t>(h.levels());
  startEdges_.resize(levels);
  goalEdges_.resize(levels);
  for (size_t l = 0; l < levels; ++l) startEdges_[l].clear(), goalEdges_[l].clear();
  const size_t slots = levels * nodeCount_;
  for (int side = 0; side < 2; ++side)
    if (stamp_[side].size() < slots) {
      // A new size of hierarchy: fresh stamps (old ones would name slots of another layout).
      stamp_[side].assign(slots, 0);
      cost_[side].resize(slots);
      query_ = 0;
    }
  if (++query_ == 0) {  // wrapped: clear once every 4 billion queries
    for (int side = 0; side < 2; ++side) std::fill(stamp_[side].begin(), stamp_[side].end(), 0u);
    query_ = 1;
  }
}

void WorldQueryOverlay::addEdge(int32_t level, uint32_t endpoint, uint32_t other, double cost) {
  const size_t l = static_cast<size_t>(level - 1);
  (endpoint == nodeCount_ ? startEdges_ : goalEdges_)[l].push_back(WorldEdge{other, static_cast<float>(cost)});
  if (other >= nodeCount_) {  // the start—goal edge: both lists
    (endpoint == nodeCount_ ? goalEdges_ : startEdges_)[l].push_back(WorldEdge{endpoint, static_cast<float>(cost)});
    return;
  }
  const int side = endpoint == nodeCount_ ? 0 : 1;
  const size_t i = l * nodeCount_ + other;
  stamp_[side][i] = query_;
  cost_[side][i] = static_cast<float>(cost);
}

template <bool UseHeuristic, typename Space, typename Graph, typename CellOf>
uint64_t WorldHpaQuery::traced(int32_t level, Space& space, const Graph& graph, uint32_t from, uint32_t goal,
                               const uint8_t* targets, uint32_t count, CellOf&& cellOf) {
  if (!trace_) return BestFirstSearch::search<UseHeuristic>(space, graph, from, goal, targets, count);
  order_.clear();
  const uint64_t expanded =
      BestFirstSearch::search<UseHeuristic, true>(space, graph, from, goal, targets, count, &order_);
  auto& record = trace_->recordExpansions(level, order_, cellOf);
  for (uint32_t id = 0; id < graph.nodeCount(); ++id)
    if (space.seen(id) && !space.closed(id)) record.open.push_back(cellOf(id));
  return expanded;
}

PathStatus WorldHpaQuery::endpointStatus(Voxel start, Voxel goal) const {
  const BlockWorld& world = h_->world();
  if (!world.standing(start)) return PathStatus::StartInvalid;
  if (!world.standing(goal)) return PathStatus::GoalInvalid;
  if (!h_->connected(start, goal)) return PathStatus::NoPath;  // no search at all
  return PathStatus::Found;
}

PathStatus WorldHpaQuery::findAbstractPath(Voxel start, Voxel goal, WorldHpaStats& s) {
  abstractPath_.clear();
  const BlockWorld& world = h_->world();
  if (start == goal) return PathStatus::Found;

  overlay_.begin(*h_, start, goal);
  if (trace_) trace_->setPhase(SearchPhase::Insertion);
  insertEndpoints(s);
  const int32_t top = h_->levels();
  const uint32_t S = overlay_.startNode(), G = overlay_.goalNode();
  const WorldAbstractGraph::TopBounds* bounds = prepareTopBounds();
  if (trace_) trace_->setPhase(SearchPhase::Abstract);
  // With the distance table the path is read off it, no search (a traced query searches with the table
  // as its heuristic, so that the trace shows a search); the search decides when the walk cannot.
  const NodeDistanceTable& table = h_->distanceTable();
  if (!trace_ && bounds && bounds->table &&
      table.walk(
          overlay_.endpointEdges(top, S), S, G, bounds->targets, h_->nodeCount(),
          [&](uint32_t u) { return h_->edges(top, u); }, abstractPath_, s.expandedAbstract)) {
    s.abstractPathNodes = static_cast<uint32_t>(abstractPath_.size());
    levelPaths_.resize(static_cast<size_t>(top));
    return PathStatus::Found;
  }
  const WorldAbstractGraph graph(*h_, top, world.bounds(), &overlay_, goal, bounds);
  s.expandedAbstract = traced<true>(top, nodeSpace_, graph, S, G, nullptr, 0, nodeCell());
  // Connected cells always have an abstract path (WorldHierarchy.h): not reaching G is a bug, reported as
  // no path rather than a wrong one.
  if (!nodeSpace_.closed(G)) return PathStatus::NoPath;
  BestFirstSearch::appendPath(
      nodeSpace_, graph, G, [](uint32_t id) { return id; }, abstractPath_);
  s.abstractPathNodes = static_cast<uint32_t>(abstractPath_.size());
  levelPaths_.resize(static_cast<size_t>(top));
  return PathStatus::Found;
}

namespace {

// The cost of a path from its moves (the edges' floats only ranked the paths); infinite for a step that is
// no move (a refinement bug: a cost no check accepts, never a read out of bounds).
double costOfMoves(const BlockWorld& world, const std::vector<Voxel>& cells) {
  double cost = 0;
  for (size_t i = 1; i < cells.size(); ++i)
    if (const int m = worldMoveBetween(world, cells[i - 1], cells[i]); m >= 0)
      cost += world.moveCost(world.index(cells[i - 1]), m);
    else
      return std::numeric_limits<double>::infinity();
  return cost;
}

}  // namespace

bool WorldHpaQuery::findNearbyDirectly(Voxel start, Voxel goal, uint64_t& expanded) {
  if (start == goal || !withinBoxReach(start, goal, h_->options())) return false;
  nearbyPath_.cells.clear();
  if (!trace_) {
    nearbyAStar_.findPath(h_->world(), h_->world().bounds(), start, goal, nearbyPath_);
    expanded += nearbyPath_.expanded;
    // The labels said the ends are connected: the A* reaches the goal (else a bug, answered by the
    // hierarchy rather than with a wrong path).
    return nearbyPath_.found();
  }
  // Traced: the same search (BestFirstSearch over the world's graph), its expansions recorded.
  const BlockWorldGraph graph(h_->world(), goal);
  const uint32_t goalId = graph.idOf(goal);
  trace_->setPhase(SearchPhase::AStar);
  expanded += traced<true>(0, tracedSpace_, graph, graph.idOf(start), goalId, nullptr, 0,
                           [&](uint32_t id) { return graph.voxelOf(id); });
  if (!tracedSpace_.closed(goalId)) return false;
  BestFirstSearch::appendPath(
      tracedSpace_, graph, goalId, [&](uint32_t id) { return graph.voxelOf(id); }, nearbyPath_.cells);
  return true;
}

void WorldHpaQuery::planOneSegment(Voxel start, Voxel goal, WorldHpaPlan& plan, WorldHpaStats& stats) const {
  const uint32_t startNode = h_->nodeCount();  // the overlay's numbering of the endpoints
  plan.abstractPath.assign({startNode, startNode + 1});
  plan.endpointNodes = startNode;
  plan.firstCells.assign(nearbyPath_.cells.begin() + 1, nearbyPath_.cells.end());
  plan.lastCells.clear();
  plan.waypoints.assign({start, goal});
  stats.abstractPathNodes = 2;
}

PathStatus WorldHpaQuery::findPath(Voxel start, Voxel goal, WorldPath& out, const WorldHpaQueryOptions& options,
                                   WorldHpaStats* stats) {
  findCellPath(start, goal, out, options, stats);
  if (options.anyAngle) shaper_.reshape(h_->world(), out);
  return out.status;
}

PathStatus WorldHpaQuery::findCellPath(Voxel start, Voxel goal, WorldPath& out, const WorldHpaQueryOptions& options,
                                       WorldHpaStats* stats) {
  WorldHpaStats local;
  WorldHpaStats& s = stats ? *stats : local;
  s = WorldHpaStats{};
  out.cells.clear();
  out.cost = 0;
  const BlockWorld& world = h_->world();
  out.status = endpointStatus(start, goal);
  if (!out.found()) return out.status;
  if (findNearbyDirectly(start, goal, s.expandedRefinement)) {
    out.cells.swap(nearbyPath_.cells);
    out.cost = costOfMoves(world, out.cells);
    out.expanded = s.expandedRefinement;
    if (trace_) {  // the A*'s path is the refined one, one segment, unchanged by smoothing
      trace_->endSegment(static_cast<uint32_t>(out.cells.size() - 1));
      trace_->recordRefinement(out.cells);
      trace_->recordSmoothing(out.cells);
    }
    return out.status;
  }
  out.status = findAbstractPath(start, goal, s);
  out.expanded = s.expandedInsertion + s.expandedAbstract;
  if (!out.found()) return out.status;
  out.cells.push_back(start);
  if (start == goal) return out.status;
  if (trace_) trace_->setPhase(SearchPhase::Refinement);
  for (size_t i = 0; i + 1 < abstractPath_.size(); ++i) {
    refineEdge(h_->levels(), abstractPath_[i], abstractPath_[i + 1], out.cells);
    if (trace_) trace_->endSegment(static_cast<uint32_t>(out.cells.size() - 1));
  }
  if (trace_) trace_->recordRefinement(out.cells);
  if (options.smooth) {
    const int32_t range = options.smoothingRange > 0 ? options.smoothingRange : 3 * h_->options().clusterSide;
    s.smoothingSteps = smoother_.smooth(world, out.cells, range);
  }
  // The cost from the moves themselves (the edges' floats only ranked the paths).
  out.cost = costOfMoves(world, out.cells);
  if (trace_) trace_->recordSmoothing(out.cells);
  out.expanded += s.expandedRefinement;
  boundDetour(start, goal, out, s);
  return out.status;
}

// Why the bound holds, as HpaStarQuery::boundDetour's on a 2D grid. Let U be the hierarchy's path's cost,
// C* the shortest's and w = 1 + maxDetour. worldDistanceBound times the world's smallest weight, L, is a
// consistent heuristic (BlockWorldGraph's) and so a lower bound: C* >= L. If U <= w·L, then U <= w·C*.
// Otherwise an A* over the whole world opens no cell whose f reaches U / w; every cell of a shortest path
// has f <= C*, so when C* < U / w the A* returns a shortest path, which replaces the hierarchy's; when it
// finds nothing, C* >= U / w, that is U <= w·C*. Either way the path returned costs at most w·C*.
void WorldHpaQuery::boundDetour(Voxel start, Voxel goal, WorldPath& out, WorldHpaStats& stats) {
  const double maxDetour = h_->options().maxDetour;
  if (maxDetour <= 0 || !out.found() || start == goal) return;
  const BlockWorld& world = h_->world();
  const double lowerBound =
      world.minWeight() * worldDistanceBound(goal.x - start.x, goal.y - start.y, goal.z - start.z);
  const double limit = out.cost / (1 + maxDetour);
  if (lowerBound >= limit) return;
  // Its expansions count as the abstract search's (a search over the whole world, as A*'s). Its scratch
  // grows to the world's size once, then is reused.
  const BlockWorldGraph graph(world, goal);
  const uint32_t goalId = graph.idOf(goal);
  const uint64_t expanded =
      BestFirstSearch::search<true>(boundSpace_, graph, graph.idOf(start), goalId, nullptr, 0, nullptr, limit);
  stats.expandedAbstract += expanded;
  out.expanded += expanded;
  if (!boundSpace_.closed(goalId)) return;
  out.cells.clear();
  BestFirstSearch::appendPath(
      boundSpace_, graph, goalId, [&](uint32_t id) { return graph.voxelOf(id); }, out.cells);
  out.cost = costOfMoves(world, out.cells);
}

PathStatus WorldHpaQuery::plan(Voxel start, Voxel goal, WorldHpaPlan& plan, WorldHpaStats* stats) {
  WorldHpaStats local;
  WorldHpaStats& s = stats ? *stats : local;
  s = WorldHpaStats{};
  plan.hierarchy = h_;
  plan.version = h_->version();
  plan.next = 0;
  plan.abstractPath.clear();
  plan.waypoints.clear();
  plan.firstCells.clear();
  plan.lastCells.clear();
  plan.status = endpointStatus(start, goal);
  if (!plan.found()) return plan.status;
  if (findNearbyDirectly(start, goal, s.expandedRefinement)) {
    planOneSegment(start, goal, plan, s);
    return plan.status;
  }
  plan.status = findAbstractPath(start, goal, s);
  if (!plan.found()) return plan.status;
  if (start == goal) {
    plan.waypoints.push_back(start);
    s.abstractPathNodes = 1;
    return plan.status;
  }
  plan.abstractPath.assign(abstractPath_.begin(), abstractPath_.end());
  plan.endpointNodes = overlay_.startNode();
  // The endpoints' edges now, while the insertion trees are this plan's.
  const int32_t top = h_->levels();
  const size_t n = abstractPath_.size();
  refineEdge(top, abstractPath_[0], abstractPath_[1], plan.firstCells);
  if (n > 2) refineEdge(top, abstractPath_[n - 2], abstractPath_[n - 1], plan.lastCells);
  // A start or goal on a node's cell is joined to it by an empty edge: no segment to walk, so the node
  // stands for the endpoint (every segment then holds at least one cell).
  if (n > 2 && plan.lastCells.empty()) plan.abstractPath.pop_back();
  if (n > 2 && plan.firstCells.empty()) plan.abstractPath.erase(plan.abstractPath.begin());
  for (uint32_t node : plan.abstractPath) plan.waypoints.push_back(overlay_.voxelOf(*h_, node));
  s.abstractPathNodes = static_cast<uint32_t>(plan.waypoints.size());
  return plan.status;
}

bool WorldHpaQuery::nextSegment(WorldHpaPlan& plan, std::vector<Voxel>& cells) const {
  if (plan.done() || isStale(plan)) return false;
  const size_t segment = plan.next++;
  if (segment == 0) cells.push_back(plan.waypoints.front());
  const size_t count = plan.segmentCount();
  if (count == 0) return true;  // start is goal: the start cell alone
  const uint32_t a = plan.abstractPath[segment], b = plan.abstractPath[segment + 1];
  if (a >= plan.endpointNodes)  // from the start: to a node, or to the goal
    cells.insert(cells.end(), plan.firstCells.begin(), plan.firstCells.end());
  else if (b >= plan.endpointNodes)  // to the goal
    cells.insert(cells.end(), plan.lastCells.begin(), plan.lastCells.end());
  else  // between two nodes of the hierarchy: the edge's stored path
    h_->appendEdgePath(h_->levels(), a, b, cells);
  return true;
}

void WorldHpaQuery::insertEndpoints(WorldHpaStats& stats) {
  const BlockWorld& world = h_->world();
  const uint32_t S = overlay_.startNode(), G = overlay_.goalNode();
  for (std::vector<NodeSearchSpace>& spaces : endpointNodes_) spaces.resize(static_cast<size_t>(h_->levels() - 1));
  const WorldClusterLayout& boxes = h_->layout(1);
  byTrees_ =
      h_->options().boxTrees && boxes.clusterOf(overlay_.voxelOf(*h_, S)) != boxes.clusterOf(overlay_.voxelOf(*h_, G));
  for (int32_t level = 1; level <= h_->levels(); ++level) {
    const WorldClusterLayout& layout = h_->layout(level);
    for (uint32_t endpoint : {S, G}) {
      const int side = endpoint == S ? 0 : 1;
      const uint32_t other = endpoint == S ? G : S;
      const Voxel cell = overlay_.voxelOf(*h_, endpoint), otherCell = overlay_.voxelOf(*h_, other);
      const int32_t cluster = layout.clusterOf(cell);
      const Box box = layout.box(cluster);
      const std::span<const uint32_t> nodes = h_->clusterNodes(level, cluster);
      // The S—G edge is found once, from S, when both lie in the box.
      const bool direct = endpoint == S && box.contains(otherCell);
      if (level == 1 && byTrees_) {
        joinByTrees(endpoint, cell, cluster);
      } else if (level == 1) {
        const BlockWorldGraph graph(world, box, cell);
        if (cellTargets_.size() < graph.nodeCount()) cellTargets_.resize(graph.nodeCount(), 0);
        for (uint32_t n : nodes) cellTargets_[graph.idOf(h_->nodeVoxel(n))] = 1;
        if (direct) cellTargets_[graph.idOf(otherCell)] = 1;
        const uint32_t count = static_cast<uint32_t>(nodes.size()) + (direct ? 1 : 0);
        SearchSpace& space = endpointCells_[side];
        stats.expandedInsertion +=
            traced<false>(0, space, graph, graph.idOf(cell), BestFirstSearch::kNone, cellTargets_.data(), count,
                          [&](uint32_t id) { return graph.voxelOf(id); });
        for (uint32_t n : nodes) {
          const uint32_t id = graph.idOf(h_->nodeVoxel(n));
          cellTargets_[id] = 0;
          if (space.closed(id)) overlay_.addEdge(level, endpoint, n, space.g()[id]);
        }
        if (direct) {
          const uint32_t id = graph.idOf(otherCell);
          cellTargets_[id] = 0;
          if (space.closed(id)) overlay_.addEdge(level, S, G, space.g()[id]);
        }
      } else {
        const WorldAbstractGraph graph(*h_, level - 1, box, &overlay_, cell);
        if (nodeTargets_.size() < graph.nodeCount()) nodeTargets_.resize(graph.nodeCount(), 0);
        for (uint32_t n : nodes) nodeTargets_[n] = 1;
        if (direct) nodeTargets_[G] = 1;
        const uint32_t count = static_cast<uint32_t>(nodes.size()) + (direct ? 1 : 0);
        NodeSearchSpace& space = endpointNodes_[side][static_cast<size_t>(level - 2)];
        stats.expandedInsertion += traced<false>(level - 1, space, graph, endpoint, BestFirstSearch::kNone,
                                                 nodeTargets_.data(), count, nodeCell());
        for (uint32_t n : nodes) {
          nodeTargets_[n] = 0;
          if (space.closed(n)) overlay_.addEdge(level, endpoint, n, space.g()[n]);
        }
        if (direct) {
          nodeTargets_[G] = 0;
          if (space.closed(G)) overlay_.addEdge(level, S, G, space.g()[G]);
        }
      }
    }
  }
}

const WorldAbstractGraph::TopBounds* WorldHpaQuery::prepareTopBounds() {
  const int32_t top = h_->levels();
  const uint32_t G = overlay_.goalNode();
  const auto goalEdges = overlay_.endpointEdges(top, G);
  auto known = [](uint32_t) { return true; };  // never stale (WorldHierarchy::landmarks)
  topBounds_ = WorldAbstractGraph::TopBounds{};
  const NodeDistanceTable& table = h_->distanceTable();
  if (!table.empty() && table.targetsThrough(goalEdges, h_->nodeCount(), known, goalTargets_)) {
    topBounds_.table = &table;
    topBounds_.targets = goalTargets_;
    return &topBounds_;
  }
  const LandmarkTable& marks = h_->landmarks();
  if (marks.empty()) return nullptr;
  goalRow_.resize(static_cast<size_t>(marks.rowStride()));
  if (!marks.rowThrough(goalEdges, h_->nodeCount(), known, goalRow_.data())) return nullptr;
  topBounds_.marks = &marks;
  topBounds_.goalRow = goalRow_.data();
  return &topBounds_;
}

void WorldHpaQuery::joinByTrees(uint32_t endpoint, Voxel cell, int32_t box) {
  const WorldBoxTrees& trees = h_->boxTrees();
  const BlockWorldGraph graph(h_->world(), h_->layout(1).box(box), cell);
  const int32_t slot = trees.slotOf(box, graph.idOf(cell));
  const std::span<const uint32_t> nodes = h_->clusterNodes(1, box);
  for (size_t k = 0; k < nodes.size(); ++k)
    if (const float d = trees.distance(box, k, slot); d != WorldBoxTrees::kUnreached)
      overlay_.addEdge(1, endpoint, nodes[k], d);
}

void WorldHpaQuery::appendTreePath(uint32_t a, uint32_t b, std::vector<Voxel>& cells) {
  // The node's tree leads from the endpoint's cell to the node: its path read forwards for an edge from
  // the start side (a the endpoint), backwards for one to the goal side.
  const bool fromEndpoint = overlay_.isEndpoint(a);
  const Voxel end = overlay_.voxelOf(*h_, fromEndpoint ? a : b);
  const uint32_t node = fromEndpoint ? b : a;
  const WorldBoxTrees& trees = h_->boxTrees();
  const int32_t box = h_->layout(1).clusterOf(end);
  const std::span<const uint32_t> nodes = h_->clusterNodes(1, box);
  const size_t k = static_cast<size_t>(std::lower_bound(nodes.begin(), nodes.end(), node) - nodes.begin());
  const BlockWorldGraph graph(h_->world(), h_->layout(1).box(box), end);
  std::vector<Voxel>& path = treePath_;
  path.clear();
  for (uint32_t id = graph.idOf(end);;) {
    path.push_back(graph.voxelOf(id));
    const uint8_t move = trees.parentMove(box, k, trees.slotOf(box, id));
    if (move == WorldBoxTrees::kRoot) break;
    id = graph.predecessor(id, move);
  }
  if (fromEndpoint)
    cells.insert(cells.end(), path.begin() + 1, path.end());
  else
    cells.insert(cells.end(), path.rbegin() + 1, path.rend());
}

void WorldHpaQuery::refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells) {
  if (overlay_.isEndpoint(a) || overlay_.isEndpoint(b))
    refineEndpointEdge(level, a, b, cells);
  else  // an edge of the hierarchy: its stored path
    h_->appendEdgePath(level, a, b, cells);
}

void WorldHpaQuery::refineEndpointEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells) {
  // The insertion search that found the edge is the one from an endpoint end whose tree holds the other
  // end: from a (the tree's path runs from b back to a, reversed here), or from b (from a forward to b).
  // Every edge of an endpoint is one of these: an endpoint's edges at a level are the nodes its search
  // settled, the start—goal edge the goal settled by the start's.
  const Voxel va = overlay_.voxelOf(*h_, a), vb = overlay_.voxelOf(*h_, b);
  const WorldClusterLayout& layout = h_->layout(level);
  const int sideA = a == overlay_.startNode() ? 0 : 1, sideB = b == overlay_.startNode() ? 0 : 1;
  if (level == 1 && byTrees_) {
    appendTreePath(a, b, cells);
    return;
  }
  if (level == 1) {
    const Voxel root = overlay_.isEndpoint(a) ? va : vb;
    const BlockWorldGraph graph(h_->world(), layout.box(layout.clusterOf(root)), root);
    const uint32_t from = graph.idOf(va), to = graph.idOf(vb);
    const bool fromA = overlay_.isEndpoint(a) && endpointCells_[sideA].closed(to);
    const SearchSpace& space = endpointCells_[fromA ? sideA : sideB];
    const uint8_t* parent = space.parents();
    const size_t first = cells.size();
    // Walk the tree from the end that is not its root: b (cells b .. after a, reversed) or a (after a .. b).
    for (uint32_t id = fromA ? to : from; parent[id] != BestFirstSearch::kNoParent<uint8_t>;) {
      if (fromA) cells.push_back(graph.voxelOf(id));
      id = graph.predecessor(id, parent[id]);
      if (!fromA) cells.push_back(graph.voxelOf(id));
    }
    if (fromA) std::reverse(cells.begin() + static_cast<std::ptrdiff_t>(first), cells.end());
    return;
  }
  const NodeSearchSpace* spaces[2] = {&endpointNodes_[0][static_cast<size_t>(level - 2)],
                                      &endpointNodes_[1][static_cast<size_t>(level - 2)]};
  const bool fromA = overlay_.isEndpoint(a) && spaces[sideA]->closed(b);
  const uint32_t* parent = spaces[fromA ? sideA : sideB]->parents();
  std::vector<uint32_t>& path = levelPaths_[static_cast<size_t>(level - 1)];
  path.clear();
  for (uint32_t id = fromA ? b : a;; id = parent[id]) {
    path.push_back(id);
    if (parent[id] == BestFirstSearch::kNoParent<uint32_t>) break;
  }
  if (fromA) std::reverse(path.begin(), path.end());
  // `path` is this level's scratch: the levels below use their own.
  for (size_t i = 0; i + 1 < path.size(); ++i) refineEdge(level - 1, path[i], path[i + 1], cells);
}

}  // namespace hpastar
