#pragma once
#include <cstdint>
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
struct TracedSearch {
  SearchPhase phase = SearchPhase::AStar;
  int32_t level = 0;  // 0: a search over cells; l >= 1: a search over the abstract graph of level l
  std::vector<Point> closed;
  std::vector<Point> open;
};

// What the searches of a query touched, one entry per search run, in the order they ran. Made for
// seeing and teaching how a planner works (the demo draws it), not for planning.
//
// Cost: a query or search that points to a trace reads the search space's stamps once after each
// search (O(area searched) or O(node ids)); nothing is added per expansion, and a query without a
// trace (the default) pays one null test per search.
class SearchTrace {
 public:
  void clear() { searches_.clear(); }
  // The phase that the searches recorded next belong to (set by the planner between phases).
  void setPhase(SearchPhase phase) { phase_ = phase; }
  SearchPhase phase() const { return phase_; }

  // Records the search that just ran in `space` over the cells of `area` (area-local ids, as
  // BestFirstSearch numbers them).
  void recordCells(const SearchSpace& space, const Rect& area);
  // Records the search that just ran in `space` over node ids 0..idCount-1 of the graph of `level`;
  // cellOf(id) gives a node's cell.
  template <typename CellOf>
  void recordNodes(const NodeSearchSpace& space, uint32_t idCount, int32_t level, CellOf&& cellOf) {
    TracedSearch& s = next(level);
    for (uint32_t id = 0; id < idCount; ++id) {
      if (space.closed(id))
        s.closed.push_back(cellOf(id));
      else if (space.seen(id))
        s.open.push_back(cellOf(id));
    }
  }
  // Records a search that touched nothing beyond what the caller lists (e.g. a pass-through search).
  TracedSearch& next(int32_t level) {
    searches_.push_back(TracedSearch{phase_, level, {}, {}});
    return searches_.back();
  }

  const std::vector<TracedSearch>& searches() const { return searches_; }
  // Expanded nodes over the searches of one phase.
  uint64_t closedCount(SearchPhase phase) const;

 private:
  SearchPhase phase_ = SearchPhase::AStar;
  std::vector<TracedSearch> searches_;
};

}  // namespace hpastar
