#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "grid/Point.h"
#include "grid/Rect.h"
#include "search/SearchSpace.h"

namespace hpastar {

// The phases of one query, as in the HPA* paper's Table 1, plus a plain A* over the whole grid.
enum class SearchPhase : uint8_t {
  Insertion = 0,   // connecting start and goal to the abstract graph (the SG effort)
  Abstract = 1,    // the search of the top-level abstract graph
  Refinement = 2,  // turning abstract edges into cells (or into nodes of the level below)
  AStar = 3,       // A* over cells, no hierarchy
};

const char* searchPhaseName(SearchPhase phase);

// The nodes one search touched: those it expanded (closed) and those it generated but never expanded
// (open, its frontier when it stopped). Nodes are given by their cells: cells for a search over cells,
// the nodes' cells for a search over an abstract graph (start and goal included when inserted).
//
// `closed` is in an order of expansion read back after the search from the final g values and the
// heuristic (so the expansion loop itself records nothing): by f (as BasicSearchSpace::keyOf rounds
// it), then by g. With a consistent heuristic (every search here has one) the search expands its
// nodes by non-decreasing f, so the layers of equal f are in the order it took them; inside a layer,
// g first puts each node after the one it was reached from, while the heap itself prefers the nodes
// nearer the goal (smaller h) among those it holds: the order inside a layer is one it could take,
// not always the one it took.
struct TracedSearch {
  SearchPhase phase = SearchPhase::AStar;
  int32_t level = 0;  // 0: a search over cells; l >= 1: a search over the abstract graph of level l
  std::vector<Point> closed;
  std::vector<Point> open;
};

// One straight line of smoothing: the refined path's cells from index `from` to index `to` (both kept)
// replaced by `line` (its cells, `from`'s and `to`'s included).
struct SmoothingReplacement {
  uint32_t from = 0;
  uint32_t to = 0;
  std::vector<Point> line;
};

// The replacements that turned `refined` into `smoothed` (PathSmoother keeps the refined path's cells
// outside the parts it replaces, in order), first to last.
std::vector<SmoothingReplacement> smoothingReplacements(const std::vector<Point>& refined,
                                                        const std::vector<Point>& smoothed);

// What the searches of a query touched, one entry per search run, in the order they ran. Made for
// seeing and teaching how a planner works (the demo draws it), not for planning.
//
// Cost: a query or search that points to a trace reads the search space's stamps once after each
// search (O(area searched) or O(node ids)); nothing is added per expansion, and a query without a
// trace (the default) pays one null test per search.
class SearchTrace {
 public:
  void clear() {
    searches_.clear();
    refined_.clear();
    segmentEnds_.clear();
    segmentSearchEnds_.clear();
    smoothing_.clear();
  }
  // The phase that the searches recorded next belong to (set by the planner between phases).
  void setPhase(SearchPhase phase) { phase_ = phase; }
  SearchPhase phase() const { return phase_; }

  // Records the search that just ran in `space` over the cells of `area` (area-local ids, as
  // BestFirstSearch numbers them). `goal`: A*'s goal, its heuristic the octile distance times `hScale`
  // (GridAreaGraph's); null for Dijkstra (no heuristic).
  void recordCells(const SearchSpace& space, const Rect& area, const Point* goal = nullptr, double hScale = 1.0);
  // Records the search that just ran in `space` over node ids 0..idCount-1 of the graph of `level`;
  // cellOf(id) gives a node's cell, hOf(id) the heuristic the search gave it.
  template <typename CellOf, typename HOf>
  void recordNodes(const NodeSearchSpace& space, uint32_t idCount, int32_t level, CellOf&& cellOf, HOf&& hOf) {
    TracedSearch& s = next(level);
    order_.clear();
    for (uint32_t id = 0; id < idCount; ++id) {
      if (space.closed(id))
        order_.push_back(Keyed{NodeSearchSpace::keyOf(space.g()[id] + hOf(id), hOf(id)), cellOf(id)});
      else if (space.seen(id))
        s.open.push_back(cellOf(id));
    }
    appendInKeyOrder(s.closed);
  }
  // A closed node of the search being recorded, with its heap key (recordNodes' callers that list
  // the nodes themselves use keep() then appendInKeyOrder()).
  void keep(uint64_t key, Point cell) { order_.push_back(Keyed{key, cell}); }
  void startKeeping() { order_.clear(); }
  // Appends the kept nodes to `closed` by ascending key (stable: ties keep the order they were kept in).
  void appendInKeyOrder(std::vector<Point>& closed);

  // A top-level segment of the abstract path is refined: it ends at index `cell` of the path, and the
  // searches recorded so far include its own (findPath records them when tracing).
  void endSegment(uint32_t cell) {
    segmentEnds_.push_back(cell);
    segmentSearchEnds_.push_back(static_cast<uint32_t>(searches_.size()));
  }
  // The path as refined, before smoothing (findPath records it when tracing).
  void recordRefinement(const std::vector<Point>& refined) { refined_ = refined; }
  // The straight lines smoothing put into the refined path (findPath records them when tracing).
  void recordSmoothing(const std::vector<Point>& smoothed) { smoothing_ = smoothingReplacements(refined_, smoothed); }
  const std::vector<Point>& refined() const { return refined_; }
  const std::vector<uint32_t>& segmentEnds() const { return segmentEnds_; }
  // Per segment, the number of searches recorded when it was refined (its searches end there).
  const std::vector<uint32_t>& segmentSearchEnds() const { return segmentSearchEnds_; }
  const std::vector<SmoothingReplacement>& smoothing() const { return smoothing_; }
  // Records a search that touched nothing beyond what the caller lists (e.g. a pass-through search).
  TracedSearch& next(int32_t level) {
    searches_.push_back(TracedSearch{phase_, level, {}, {}});
    return searches_.back();
  }

  const std::vector<TracedSearch>& searches() const { return searches_; }
  // Expanded nodes over the searches of one phase.
  uint64_t closedCount(SearchPhase phase) const;

 private:
  struct Keyed {
    uint64_t key;
    Point cell;
  };
  SearchPhase phase_ = SearchPhase::AStar;
  std::vector<TracedSearch> searches_;
  std::vector<Keyed> order_;  // scratch of recordNodes/recordCells
  std::vector<Point> refined_;
  std::vector<uint32_t> segmentEnds_;
  std::vector<uint32_t> segmentSearchEnds_;
  std::vector<SmoothingReplacement> smoothing_;
};

}  // namespace hpastar
