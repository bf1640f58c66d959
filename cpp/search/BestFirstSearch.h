#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "grid/Grid.h"
#include "search/GridAreaGraph.h"
#include "search/SearchGraph.h"
#include "search/SearchSpace.h"

namespace hpastar {

// The expansion loop shared by A* and Dijkstra, on every kind of world: search() runs over any
// SearchGraph (SearchGraph.h), run() over a rectangle of a 2D grid (GridAreaGraph). Returns the number
// of expanded nodes.
class BestFirstSearch {
 public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  static constexpr double kNoBound = std::numeric_limits<double>::infinity();

  // UseHeuristic = true: A* towards `goal` with the octile heuristic (times the grid's smallest
  // multiplier when it has terrain costs), stopping when the goal is expanded. false: Dijkstra from
  // `start` over the whole area (goal ignored), or until `stopCount` of the cells flagged in `targets`
  // (area-local ids, may be null) are expanded. Move costs are the grid's (Grid::moveCost); an
  // unweighted grid takes a loop with the constant costs compiled in. RecordOrder: see search(). `stay`: the
  // moves that stay in the area's cluster, per cell of the map (null: the rectangle is the cluster).
  // `fBound`: see search().
  template <bool UseHeuristic, bool RecordOrder = false>
  static uint64_t run(SearchSpace& space, const Grid& grid, const Rect& area, Point start, Point goal,
                      const uint8_t* targets = nullptr, uint32_t stopCount = 0,
                      std::vector<uint32_t>* expansionOrder = nullptr, const uint8_t* stay = nullptr,
                      double fBound = kNoBound) {
    if (grid.weighted()) {
      const GridAreaGraph<true> graph(grid, area, goal, stay);
      return search<UseHeuristic, RecordOrder>(space, graph, graph.idOf(start), UseHeuristic ? graph.idOf(goal) : kNone,
                                               targets, stopCount, expansionOrder, fBound);
    }
    const GridAreaGraph<false> graph(grid, area, goal, stay);
    return search<UseHeuristic, RecordOrder>(space, graph, graph.idOf(start), UseHeuristic ? graph.idOf(goal) : kNone,
                                             targets, stopCount, expansionOrder, fBound);
  }

  // The parent slot of a search's start: kNoMove in a SearchSpace (move codes), all bits set in a
  // NodeSearchSpace (where a graph's "move" is the node it came from, see SearchGraph.h).
  template <typename ParentT>
  static constexpr ParentT kNoParent = static_cast<ParentT>(~ParentT{0});

  // The loop itself over `graph` from node `startId`. UseHeuristic = true: A* (graph.heuristic) until
  // `goalId` is expanded. false: Dijkstra over every reachable node, or until `stopCount` of the nodes
  // flagged in `targets` (may be null) are expanded. A node's parent slot holds the move code that
  // reached it (kNoParent for the start). The space's parent type is the graph's move type: uint8_t
  // for the views over cells, uint32_t for abstract graphs whose moves are named by the node they leave.
  // RecordOrder = true (tracing): appends each expanded node's id to `expansionOrder` as it is expanded,
  // the heap's real order; false compiles the recording out, so a search that is not traced pays nothing.
  // `fBound`: a node is not opened with f = g + h at or above it. With a consistent heuristic every path
  // through such a node costs at least fBound, so the search finds the goal exactly when a path cheaper
  // than fBound exists, and then a shortest one (the nodes of a shortest path have f < fBound).
  template <bool UseHeuristic, bool RecordOrder = false, SearchGraph Graph, typename ParentT>
  static uint64_t search(BasicSearchSpace<ParentT>& space, const Graph& graph, uint32_t startId, uint32_t goalId,
                         const uint8_t* targets = nullptr, uint32_t stopCount = 0,
                         std::vector<uint32_t>* expansionOrder = nullptr, double fBound = kNoBound) {
    space.begin(graph.nodeCount());
    uint32_t* stamp = space.stamps();
    double* g = space.g();
    ParentT* parent = space.parents();
    const uint32_t openStamp = space.openStamp();
    const uint32_t closedStamp = space.closedStamp();

    const double h0 = UseHeuristic ? graph.heuristic(startId) : 0.0;
    if (h0 >= fBound) return 0;
    stamp[startId] = openStamp;
    g[startId] = 0;
    parent[startId] = kNoParent<ParentT>;
    space.push(h0, h0, startId);

    uint64_t expanded = 0;
    uint32_t targetsLeft = stopCount;
    while (!space.empty()) {
      const auto e = space.pop();
      const uint32_t id = e.id;
      if (stamp[id] == closedStamp) continue;  // stale entry: the node was settled through a better one
      stamp[id] = closedStamp;
      ++expanded;
      if constexpr (RecordOrder) expansionOrder->push_back(id);
      if (UseHeuristic && id == goalId) break;
      if (!UseHeuristic && targets && targets[id] && --targetsLeft == 0) break;

      const double gId = g[id];
      graph.forEachMove(id, [&](uint32_t n, double cost, ParentT move, const auto& estimate) {
        const double ng = gId + cost;
        const uint32_t s = stamp[n];
        if (s == openStamp) {
          if (ng >= g[n]) return;
        } else if (s == closedStamp) {
          return;  // consistent heuristic: closed nodes are final
        }
        const double h = UseHeuristic ? estimate() : 0.0;
        if (ng + h >= fBound) return;
        stamp[n] = openStamp;
        g[n] = ng;
        parent[n] = move;
        space.push(ng + h, h, n);
      });
    }
    return expanded;
  }

  // Appends the nodes from the search's start to `target` (must be closed or open), each as
  // nodeOf(id), walking the parents back through graph.predecessor.
  template <SearchGraph Graph, typename ParentT, typename NodeOf, typename Node>
  static void appendPath(const BasicSearchSpace<ParentT>& space, const Graph& graph, uint32_t target, NodeOf&& nodeOf,
                         std::vector<Node>& out) {
    const size_t first = out.size();
    const ParentT* parent = space.parents();
    for (uint32_t id = target;; id = graph.predecessor(id, parent[id])) {
      out.push_back(nodeOf(id));
      if (parent[id] == kNoParent<ParentT>) break;
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  }

  // Appends the cells from the search's start to `target` (area-local id, must be closed or open).
  static void appendPath(const SearchSpace& space, const Rect& area, uint32_t target, std::vector<Point>& out) {
    const int32_t aw = area.width();
    const size_t first = out.size();
    uint32_t id = target;
    const uint8_t* parent = space.parents();
    for (;;) {
      const int32_t ly = static_cast<int32_t>(id) / aw;
      out.push_back(Point{static_cast<int32_t>(id) - ly * aw + area.x0, ly + area.y0});
      const uint8_t d = parent[id];
      if (d == kNoMove) break;
      id = static_cast<uint32_t>(static_cast<int32_t>(id) - (kDirDy[d] * aw + kDirDx[d]));
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  }
};

}  // namespace hpastar
