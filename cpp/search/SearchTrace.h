#pragma once
#include <cstdint>
#include <span>
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
// the nodes' cells for a search over an abstract graph (start and goal included when inserted). `Cell`
// is a grid's Point or a block world's Voxel: traces are written once for both.
//
// `closed` is in the order the search expanded its nodes, recorded inside its loop as it popped them
// from its heap (BestFirstSearch::search and AbstractSearch::run with RecordOrder, Dial's buckets in
// DijkstraSearch): the order it really took, ties included. A node expanded twice (a reopening, with a
// stale landmark or distance table) is listed twice, so `closed.size()` is the search's expansion count.
template <typename Cell>
struct BasicTracedSearch {
  SearchPhase phase = SearchPhase::AStar;
  int32_t level = 0;  // 0: a search over cells; l >= 1: a search over the abstract graph of level l
  std::vector<Cell> closed;
  std::vector<Cell> open;
};
using TracedSearch = BasicTracedSearch<Point>;

// One straight line of smoothing: the refined path's cells from index `from` to index `to` (both kept)
// replaced by `line` (its cells, `from`'s and `to`'s included).
template <typename Cell>
struct BasicSmoothingReplacement {
  uint32_t from = 0;
  uint32_t to = 0;
  std::vector<Cell> line;
};
using SmoothingReplacement = BasicSmoothingReplacement<Point>;

// The replacements that turned `refined` into `smoothed` (the smoothers keep the refined path's cells
// outside the parts they replace, in order), first to last.
template <typename Cell>
std::vector<BasicSmoothingReplacement<Cell>> smoothingReplacements(const std::vector<Cell>& refined,
                                                                   const std::vector<Cell>& smoothed) {
  std::vector<BasicSmoothingReplacement<Cell>> out;
  size_t i = 0, j = 0;  // refined[i] == smoothed[j]: a cell both paths share
  while (i + 1 < refined.size() && j + 1 < smoothed.size()) {
    if (refined[i + 1] == smoothed[j + 1]) {
      ++i, ++j;
      continue;
    }
    // A line leaves the refined path at i: it rejoins at the first later cell of the refined path.
    BasicSmoothingReplacement<Cell> r;
    r.from = static_cast<uint32_t>(i);
    r.line.push_back(smoothed[j]);
    size_t rejoin = refined.size();
    while (rejoin == refined.size() && ++j < smoothed.size()) {
      r.line.push_back(smoothed[j]);
      for (size_t k = i + 1; k < refined.size(); ++k)
        if (refined[k] == smoothed[j]) {
          rejoin = k;
          break;
        }
    }
    if (rejoin == refined.size()) break;  // not a smoothing of `refined`: nothing more to say
    r.to = static_cast<uint32_t>(rejoin);
    out.push_back(std::move(r));
    i = rejoin;
  }
  return out;
}

// What the searches of a query touched, one entry per search run, in the order they ran. Made for
// seeing and teaching how a planner works (the demo draws it), not for planning.
//
// Cost: a traced search appends one id per expansion to its own order buffer (a loop compiled with
// the recording), and the query reads the search space's stamps once after each search for the open
// nodes (O(area searched) or O(node ids)). A search without a trace (the default) runs the loop
// compiled without it, chosen by one null test per search.
template <typename Cell>
class BasicSearchTrace {
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

  // Starts the record of a search over the graph of `level` (0: cells) whose expansions were `order`
  // (node ids, each turned into its cell by cellOf); the caller appends the open nodes.
  template <typename CellOf>
  BasicTracedSearch<Cell>& recordExpansions(int32_t level, std::span<const uint32_t> order, CellOf&& cellOf) {
    BasicTracedSearch<Cell>& s = next(level);
    s.closed.reserve(order.size());
    for (uint32_t id : order) s.closed.push_back(cellOf(id));
    return s;
  }

  // A top-level segment of the abstract path is refined: it ends at index `cell` of the path, and the
  // searches recorded so far include its own (findPath records them when tracing).
  void endSegment(uint32_t cell) {
    segmentEnds_.push_back(cell);
    segmentSearchEnds_.push_back(static_cast<uint32_t>(searches_.size()));
  }
  // The path as refined, before smoothing (findPath records it when tracing).
  void recordRefinement(const std::vector<Cell>& refined) { refined_ = refined; }
  // The straight lines smoothing put into the refined path (findPath records them when tracing).
  void recordSmoothing(const std::vector<Cell>& smoothed) { smoothing_ = smoothingReplacements(refined_, smoothed); }
  const std::vector<Cell>& refined() const { return refined_; }
  const std::vector<uint32_t>& segmentEnds() const { return segmentEnds_; }
  // Per segment, the number of searches recorded when it was refined (its searches end there).
  const std::vector<uint32_t>& segmentSearchEnds() const { return segmentSearchEnds_; }
  const std::vector<BasicSmoothingReplacement<Cell>>& smoothing() const { return smoothing_; }
  // Records a search that touched nothing beyond what the caller lists (e.g. a pass-through search).
  BasicTracedSearch<Cell>& next(int32_t level) {
    searches_.push_back(BasicTracedSearch<Cell>{phase_, level, {}, {}});
    return searches_.back();
  }

  const std::vector<BasicTracedSearch<Cell>>& searches() const { return searches_; }
  // Expanded nodes over the searches of one phase.
  uint64_t closedCount(SearchPhase phase) const {
    uint64_t n = 0;
    for (const BasicTracedSearch<Cell>& s : searches_)
      if (s.phase == phase) n += s.closed.size();
    return n;
  }

 private:
  SearchPhase phase_ = SearchPhase::AStar;
  std::vector<BasicTracedSearch<Cell>> searches_;
  std::vector<Cell> refined_;
  std::vector<uint32_t> segmentEnds_;
  std::vector<uint32_t> segmentSearchEnds_;
  std::vector<BasicSmoothingReplacement<Cell>> smoothing_;
};

// A grid's trace: its searches over cells are read by area (BestFirstSearch's area-local ids).
class SearchTrace : public BasicSearchTrace<Point> {
 public:
  // Records the search that just ran in `space` over the cells of `area` (area-local ids, as
  // BestFirstSearch numbers them): `order` the ids it expanded, in its order; open cells from the stamps.
  void recordCells(const SearchSpace& space, const Rect& area, std::span<const uint32_t> order);
};

}  // namespace hpastar
