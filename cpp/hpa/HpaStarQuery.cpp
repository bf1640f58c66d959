#include "hpa/HpaStarQuery.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "path/DirectPath.h"
#include "path/PathValidator.h"

namespace hpastar {

PathStatus HpaStarQuery::plan(Point start, Point goal, PathResult& out) {
  abstractPath_.clear();
  joints_.clear();
  directPathKept_ = false;
  out.cells.clear();
  out.cost = 0;
  const Grid& grid = h_->grid();
  if (!grid.passable(start)) return out.status = PathStatus::StartInvalid;
  if (!grid.passable(goal)) return out.status = PathStatus::GoalInvalid;
  // Different components: no path, known without a single expansion.
  if (!h_->connected(start, goal)) return out.status = PathStatus::NoPath;

  overlay_.begin(*h_, start, goal);
  levelPaths_.resize(static_cast<size_t>(h_->levels()));  // before refinement holds references into it
  if (start == goal) {
    abstractPath_ = {overlay_.startNode()};
    out.cells.push_back(start);
    out.stats.abstractPathNodes = 1;
    return out.status = PathStatus::Found;
  }
  if (trace_) trace_->setPhase(SearchPhase::Insertion);
  insertEndpoints(out.stats);
  if (trace_) trace_->setPhase(SearchPhase::Abstract);
  const int32_t top = h_->levels();
  // With a distance table the abstract path is read off it (a traced query searches, with the table as
  // its heuristic, so that there is a search to show).
  if (trace_ || !abstractSearch_.walkDistanceTable(*h_, top, overlay_, abstractPath_, out.stats.expandedMain)) {
    out.stats.expandedMain += searchAbstract(top, grid.bounds(), overlay_.startNode(), overlay_.goalNode());
    if (abstractSearch_.distance(overlay_.goalNode()) < 0) return out.status = PathStatus::NoPath;
    abstractSearch_.appendPath(overlay_.goalNode(), abstractPath_);
  }
  for (uint32_t n : abstractPath_) out.cells.push_back(overlay_.cellOf(*h_, n));
  out.stats.abstractPathNodes = static_cast<uint32_t>(abstractPath_.size());
  return out.status = PathStatus::Found;
}

PathStatus HpaStarQuery::plan(Point start, Point goal, HpaPlan& plan, PathResult& out, const HpaPlanOptions& options) {
  plan.version = h_->version();
  plan.status = this->plan(start, goal, out);
  plan.next = 0;
  plan.options = options;
  plan.options.lookahead = std::max(1, options.lookahead);
  plan.pending.clear();
  plan.refined = 0;
  plan.abstractPath.assign(abstractPath_.begin(), abstractPath_.end());
  if (plan.found()) overlay_.save(plan.endpoints);
  return plan.status;
}

bool HpaStarQuery::nextSegment(HpaPlan& plan, std::vector<Point>& cells, SearchStats& stats) {
  if (plan.done()) return false;
  const size_t segment = plan.next++;
  if (segment == 0) cells.push_back(plan.endpoints.start);
  if (plan.segmentCount() == 0) return true;  // start is goal: the start cell alone
  // This query may have searched for other plans since: bring this plan's overlay back.
  overlay_.restore(*h_, plan.endpoints);
  directPathKept_ = false;  // the direct path searched last may be another plan's
  abstractPath_.assign(plan.abstractPath.begin(), plan.abstractPath.end());
  levelPaths_.resize(static_cast<size_t>(h_->levels()));
  joints_.clear();  // only whole paths (findPath) smooth across joints
  if (plan.options.smooth) {
    nextSmoothedPiece(plan, segment, cells, stats);
  } else {
    refineSegment(segment, cells, stats);
  }
  return true;
}

void HpaStarQuery::nextSmoothedPiece(HpaPlan& plan, size_t segment, std::vector<Point>& cells, SearchStats& stats) {
  const Grid& grid = h_->grid();
  const Point start = plan.endpoints.start, goal = plan.endpoints.goal;
  if (segment == 0) {
    plan.pending.assign(1, start);
    // As findPath: a shortest path of two straight runs, when free, is the whole answer (nothing refined).
    if (findDirectPath(grid, h_->lineReach(), start, goal, plan.pending)) plan.refined = plan.segmentCount();
  }
  const size_t ahead = std::min(plan.segmentCount(), segment + 1 + static_cast<size_t>(plan.options.lookahead));
  const bool grew = plan.refined < ahead;
  for (; plan.refined < ahead; ++plan.refined) refineSegment(plan.refined, plan.pending, stats);
  if (grew) {
    const int32_t range =
        plan.options.smoothingRange > 0 ? plan.options.smoothingRange : defaultSmoothingRange(h_->options());
    smoother_.smoothTwice(grid, plan.pending, range, {}, &h_->lineReach());
    // The whole path refined at once (a short one): findPath's repair of short detours applies too.
    if (segment == 0 && plan.refined == plan.segmentCount()) {
      streamed_.cells.swap(plan.pending);
      streamed_.cost = pathCost(grid, streamed_.cells);
      streamed_.stats = SearchStats{};
      shortenNearbyPath(start, goal, streamed_);
      stats.expandedRefinement += streamed_.stats.expandedRefinement;
      plan.pending.swap(streamed_.cells);
    }
  }
  // The piece ends at the pending cell nearest the segment's end waypoint (the goal for the last piece),
  // at least one step on; the cells after it wait, so that the next call smooths them with what follows.
  const bool last = segment + 1 == plan.segmentCount();
  size_t cut = plan.pending.size() - 1;
  if (!last) {
    const Point waypoint = overlay_.cellOf(*h_, plan.abstractPath[segment + 1]);
    double nearest = INFINITY;
    for (size_t i = 1; i < plan.pending.size(); ++i) {
      const double d =
          octileDistance(std::abs(plan.pending[i].x - waypoint.x), std::abs(plan.pending[i].y - waypoint.y));
      if (d < nearest) nearest = d, cut = i;
    }
  }
  cells.insert(cells.end(), plan.pending.begin() + 1, plan.pending.begin() + static_cast<std::ptrdiff_t>(cut) + 1);
  plan.pending.erase(plan.pending.begin(), plan.pending.begin() + static_cast<std::ptrdiff_t>(cut));
  if (last) plan.pending = {};  // a finished plan keeps no cells
}

void HpaStarQuery::connectEndpoints(Point start, Point goal, QueryOverlay::Endpoints& out, SearchStats& stats) {
  abstractPath_.clear();
  directPathKept_ = false;
  overlay_.begin(*h_, start, goal);
  insertEndpoints(stats);
  overlay_.save(out);
}

void HpaStarQuery::insertEndpoints(SearchStats& stats) {
  const Grid& grid = h_->grid();
  const uint32_t S = overlay_.startNode(), G = overlay_.goalNode();
  for (int32_t level = 1; level <= h_->levels(); ++level) {
    const ClusterLayout& layout = h_->layout(level);
    for (uint32_t endpoint : {S, G}) {
      const uint32_t other = endpoint == S ? G : S;
      const Point cell = overlay_.cellOf(*h_, endpoint), otherCell = overlay_.cellOf(*h_, other);
      const int32_t cluster = layout.clusterOf(cell);
      const Rect area = layout.rect(cluster);
      const auto nodes = h_->clusterNodes(level, cluster);
      const bool otherInside = layout.clusterOf(otherCell) == cluster;
      const uint8_t* stay = layout.stayMoves();  // a merged cluster's moves (null for squares)
      if (level == 1 && h_->options().cacheTrees) {
        // DHPA*: the nodes' shortest-path trees already hold the distances, no search (no SG effort).
        h_->forEachTreeDistance(cluster, cell, [&](uint32_t n, double d) { overlay_.addEdge(level, endpoint, n, d); });
        if (otherInside && endpoint == S) {  // start and goal share a cluster: the in-cluster path too
          // Kept: when the abstract path takes this edge, refinement appends it instead of searching again.
          directPath_.clear();
          const double d =
              cellAStar_.appendPath(grid, area, cell, otherCell, false, directPath_, stats.expandedInsertion, stay);
          if (d >= 0) overlay_.addEdge(level, S, G, d);
          directPathKept_ = d >= 0 && !trace_;  // a trace shows refinement's own search
        }
      } else if (level == 1) {
        targets_.clear();
        for (uint32_t n : nodes) targets_.push_back(h_->nodeCell(n));
        if (otherInside) targets_.push_back(otherCell);
        stats.expandedInsertion += cellDijkstra_.run(grid, area, cell, targets_, stay);
        for (uint32_t n : nodes) {
          const double d = cellDijkstra_.distance(h_->nodeCell(n));
          if (d != DijkstraSearch::kUnreached) overlay_.addEdge(level, endpoint, n, d);
        }
        if (otherInside && endpoint == S) {
          const double d = cellDijkstra_.distance(otherCell);
          if (d != DijkstraSearch::kUnreached) overlay_.addEdge(level, S, G, d);
        }
      } else {
        stats.expandedInsertion += searchAbstract(level - 1, area, endpoint, Hierarchy::kNone);
        for (uint32_t n : nodes) {
          const double d = abstractSearch_.distance(n);
          if (d >= 0) overlay_.addEdge(level, endpoint, n, d);
        }
        if (otherInside && endpoint == S) {
          const double d = abstractSearch_.distance(G);
          if (d >= 0) overlay_.addEdge(level, S, G, d);
        }
      }
    }
  }
}

uint64_t HpaStarQuery::searchAbstract(int32_t level, const Rect& area, uint32_t source, uint32_t target) {
  const uint64_t expanded = abstractSearch_.run(*h_, level, area, &overlay_, source, target);
  if (trace_) recordAbstractSearch(level, area);
  return expanded;
}

void HpaStarQuery::recordAbstractSearch(int32_t level, const Rect& area) {
  auto cellOf = [&](uint32_t node) { return overlay_.cellOf(*h_, node); };
  TracedSearch& traced = trace_->recordExpansions(level, abstractSearch_.expansionOrder(), cellOf);
  auto visitOpen = [&](uint32_t node) {
    if (abstractSearch_.seen(node) && !abstractSearch_.closed(node)) traced.open.push_back(cellOf(node));
  };
  if (area == h_->grid().bounds()) {
    for (uint32_t node = 0; node < h_->nodeCount() + 2; ++node) visitOpen(node);
    return;
  }
  // A bounded search (a cluster of the level above) touches only the nodes of that level inside it, and
  // start and goal: read those, not every node id (refinement runs one such search per abstract edge).
  const ClusterLayout& layout = h_->layout(level);
  for (int32_t cy = area.y0 / layout.size; cy * layout.size < area.y1; ++cy)
    for (int32_t cx = area.x0 / layout.size; cx * layout.size < area.x1; ++cx)
      for (uint32_t node : h_->clusterNodes(level, cy * layout.columns + cx)) visitOpen(node);
  visitOpen(overlay_.startNode());
  visitOpen(overlay_.goalNode());
}

void HpaStarQuery::refineSegment(size_t segment, std::vector<Point>& cells, SearchStats& stats) {
  if (segment + 1 >= abstractPath_.size()) return;
  if (trace_) trace_->setPhase(SearchPhase::Refinement);
  refineEdge(h_->levels(), abstractPath_[segment], abstractPath_[segment + 1], cells, stats.expandedRefinement);
}

void HpaStarQuery::refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Point>& cells, uint64_t& expanded) {
  const Point ca = overlay_.cellOf(*h_, a), cb = overlay_.cellOf(*h_, b);
  const ClusterLayout& layout = h_->layout(level);
  const int32_t cluster = layout.clusterOf(ca);
  if (cluster != layout.clusterOf(cb)) {  // an inter-edge: one step across a border, at every level
    cells.push_back(cb);
    joints_.push_back(static_cast<uint32_t>(cells.size() - 1));
    return;
  }
  if (level == 1) {
    // Trees, cached paths and the bounded A* all give a shortest path inside the cluster.
    if (!(h_->options().cacheTrees && followTree(a, b, cells)) &&
        (overlay_.isEndpoint(a) || overlay_.isEndpoint(b) || !h_->appendCachedPath(a, b, cells))) {
      if (directPathKept_ && a == overlay_.startNode() && b == overlay_.goalNode()) {
        cells.insert(cells.end(), directPath_.begin(), directPath_.end());  // the insertion's search, the same
      } else {
        const double cost =
            cellAStar_.appendPath(h_->grid(), layout.rect(cluster), ca, cb, false, cells, expanded, layout.stayMoves());
        (void)cost;  // the edge exists, so the path does: its cost equals the edge's by construction
      }
    }
    joints_.push_back(static_cast<uint32_t>(cells.size() - 1));
    return;
  }
  // An edge of level l is a shortest path in the graph of level l-1 inside its l-cluster.
  std::vector<uint32_t>& path = levelPaths_[static_cast<size_t>(level - 1)];
  path.clear();
  path.push_back(a);
  if (overlay_.isEndpoint(a) || overlay_.isEndpoint(b) || !h_->appendCachedNodePath(level, a, b, path)) {
    path.clear();
    expanded += searchAbstract(level - 1, layout.rect(cluster), a, b);
    abstractSearch_.appendPath(b, path);
  }
  for (size_t i = 0; i + 1 < path.size(); ++i) refineEdge(level - 1, path[i], path[i + 1], cells, expanded);
}

bool HpaStarQuery::followTree(uint32_t a, uint32_t b, std::vector<Point>& cells) {
  // DHPA* refinement: walk the target node's shortest-path tree, one lookup per cell, no search.
  if (!overlay_.isEndpoint(b)) return h_->appendTreePath(b, overlay_.cellOf(*h_, a), cells);
  if (!overlay_.isEndpoint(a)) {  // node → goal: the goal's way to the node, reversed
    scratchCells_.clear();
    const Point goal = overlay_.cellOf(*h_, b);
    scratchCells_.push_back(goal);
    if (!h_->appendTreePath(a, goal, scratchCells_)) return false;
    for (size_t i = scratchCells_.size() - 1; i-- > 0;) cells.push_back(scratchCells_[i]);
    return true;
  }
  return false;  // start → goal inside one cluster: a search
}

PathStatus HpaStarQuery::findPath(Point start, Point goal, PathResult& out, const HpaQueryOptions& options) {
  findCellPath(start, goal, out, options);
  if (options.anyAngle) shaper_.reshape(h_->grid(), out);
  return out.status;
}

PathStatus HpaStarQuery::findCellPath(Point start, Point goal, PathResult& out, const HpaQueryOptions& options) {
  // A shortest path of two straight runs, when one is free: smoothing could give nothing shorter, so a
  // smoothed query needs no hierarchy (the unsmoothed one shows HPA*'s own path).
  const Grid& grid = h_->grid();
  if (options.smooth && grid.passable(start) && grid.passable(goal) &&
      findDirectPath(grid, h_->lineReach(), start, goal, out.cells)) {
    abstractPath_.clear();
    joints_.clear();
    directPathKept_ = false;
    out.cost = pathCost(grid, out.cells);
    out.stats.abstractPathNodes = 2;  // as if start and goal were joined by one abstract edge
    if (trace_) {
      trace_->endSegment(static_cast<uint32_t>(out.cells.size() - 1));
      trace_->recordRefinement(out.cells);
      trace_->recordSmoothing(out.cells);
    }
    return out.status = PathStatus::Found;
  }
  if (plan(start, goal, out) != PathStatus::Found) return out.status;
  out.cells.clear();
  out.cells.push_back(start);
  joints_.assign(1, 0);
  for (size_t s = 0; s < segmentCount(); ++s) {
    refineSegment(s, out.cells, out.stats);
    if (trace_) trace_->endSegment(static_cast<uint32_t>(out.cells.size() - 1));
  }
  if (trace_) trace_->recordRefinement(out.cells);
  if (options.smooth) {
    const int32_t range = options.smoothingRange > 0 ? options.smoothingRange : defaultSmoothingRange(h_->options());
    out.cost = smoother_.smoothTwice(h_->grid(), out.cells, range, joints_, &h_->lineReach());
  } else {
    out.cost = pathCost(h_->grid(), out.cells);
  }
  if (options.smooth) shortenNearbyPath(start, goal, out);
  if (trace_) trace_->recordSmoothing(out.cells);
  boundDetour(start, goal, out);
  return out.status;
}

void HpaStarQuery::shortenNearbyPath(Point start, Point goal, PathResult& out) {
  const Grid& grid = h_->grid();
  const int32_t side = h_->options().clusterSize;
  const int32_t dx = std::abs(goal.x - start.x), dy = std::abs(goal.y - start.y);
  if (std::max(dx, dy) > side) return;
  const double lowerBound = grid.minWeight() * octileDistance(dx, dy);
  const double tolerance = 1e-9 * std::max(1.0, out.cost);
  if (out.cost <= lowerBound + tolerance) return;
  const int32_t margin = side / 2;
  const Rect box{std::max(0, std::min(start.x, goal.x) - margin), std::max(0, std::min(start.y, goal.y) - margin),
                 std::min(grid.width(), std::max(start.x, goal.x) + margin + 1),
                 std::min(grid.height(), std::max(start.y, goal.y) + margin + 1)};
  scratchCells_.clear();
  const double cost = cellAStar_.appendPath(grid, box, start, goal, true, scratchCells_, out.stats.expandedRefinement);
  if (cost < 0 || cost >= out.cost - tolerance) return;
  out.cells.swap(scratchCells_);
  out.cost = pathCost(grid, out.cells);
}

// Why the bound holds. Let U be the cost of the hierarchical path, C* the shortest path's and w = 1 +
// maxDetour. The octile distance times the grid's smallest multiplier, L, is a consistent heuristic and
// so a lower bound: C* >= L. If U <= w·L, then U <= w·C*. Otherwise an A* over the whole map with that
// heuristic opens no cell whose f = g + h reaches U / w (BestFirstSearch::search). Every cell of a
// shortest path has f <= C*, so when C* < U / w none of them is cut off and the A* returns a shortest
// path, cost C*, which replaces the hierarchical one. When it finds nothing, C* >= U / w, that is U <= w·C*.
// Either way the path returned costs at most w·C*. The A* is as small as the bound: it opens only cells
// with f < U / w, and none at all when the octile distance already vouches for U. The path it returns is
// a shortest one, so it is not smoothed (smoothing could change its shape, not shorten it).
void HpaStarQuery::boundDetour(Point start, Point goal, PathResult& out) {
  const double maxDetour = h_->options().maxDetour;
  if (maxDetour <= 0 || out.status != PathStatus::Found) return;
  const Grid& grid = h_->grid();
  const double lowerBound = grid.minWeight() * octileDistance(std::abs(goal.x - start.x), std::abs(goal.y - start.y));
  const double limit = out.cost / (1 + maxDetour);
  if (lowerBound >= limit) return;
  scratchCells_.clear();
  // Its expansions count as the main search's (a search of the whole map, as A*'s). Its scratch grows to
  // the map's size once, then is reused.
  const double cost = cellAStar_.appendPath(grid, grid.bounds(), start, goal, true, scratchCells_,
                                            out.stats.expandedMain, nullptr, limit);
  if (cost < 0) return;
  out.cells.swap(scratchCells_);
  out.cost = pathCost(grid, out.cells);
}

}  // namespace hpastar
