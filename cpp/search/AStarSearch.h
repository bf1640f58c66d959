#pragma once
#include <limits>

#include "grid/Grid.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"
#include "search/SearchTrace.h"

namespace hpastar {

// Optimal A* over cells with the octile heuristic, optionally bounded to a rectangle.
// One object per thread: it owns its scratch and reuses it, so queries after the first do not allocate
// (beyond growing `out.cells` the first time a path is that long).
class AStarSearch {
 public:
  // Finds a shortest path from start to goal that stays inside `area` (the whole map by default).
  // Sets out.status, out.cells and out.cost and adds the expansions to out.stats.expandedMain;
  // other fields of `out` are left as they are so hierarchical planners can accumulate into it.
  PathStatus findPath(const Grid& grid, Point start, Point goal, PathResult& out);
  PathStatus findPath(const Grid& grid, const Rect& area, Point start, Point goal, PathResult& out);

  // Like findPath but appends the cells (start included only if `includeStart`) to `cells` and returns
  // the cost, or a negative value if there is no path inside `area`. Counts expansions into `expanded`.
  // `stay`: per cell of the map, the moves that stay in the area's cluster (null: the rectangle is the cluster).
  // `below`: only a path cheaper than this is looked for; the search opens no cell whose f = g + h reaches
  // it, so a bound near the shortest path's cost keeps the search small (BestFirstSearch::search).
  double appendPath(const Grid& grid, const Rect& area, Point start, Point goal, bool includeStart,
                    std::vector<Point>& cells, uint64_t& expanded, const uint8_t* stay = nullptr,
                    double below = std::numeric_limits<double>::infinity());

  size_t scratchBytes() const { return space_.bytes(); }

  // When set, every search run appends its closed and open cells to `trace` (null: no tracing, the default).
  void setTrace(SearchTrace* trace) { trace_ = trace; }

 private:
  SearchSpace space_;
  SearchTrace* trace_ = nullptr;
  std::vector<uint32_t> expansionOrder_;  // a traced run's expanded ids, in order
};

}  // namespace hpastar
