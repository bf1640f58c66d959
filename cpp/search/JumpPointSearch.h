#pragma once
#include "grid/Grid.h"
#include "search/AStarSearch.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"

namespace hpastar {

// Optimal Jump Point Search (Harabor and Grastien 2011, with the no-corner-cutting rules of their 2014
// paper; see JumpPointRules.h) over the whole grid, with the octile heuristic. Jumps are scanned online,
// one cell at a time, from the grid's move masks: no preprocessing, so terrain edits need nothing.
// A faster scan reads a row of cells as bits and finds the next forced neighbour or wall with a few
// word operations (the 2014 paper's block-based JPS); not done here.
//
// The answer has AStarSearch's contract: the same statuses for invalid or unconnected endpoints, every
// cell of the path (jump segments filled in), its cost, and the expanded jump points added to
// out.stats.expandedMain. On a grid with terrain costs (Grid::weighted) the symmetry that jumps prune
// is gone, so the search is A*'s. One object per thread: it owns its scratch and reuses it, so queries after the
// first do not allocate (beyond growing `out.cells` the first time a path is that long).
class JumpPointSearch {
 public:
  PathStatus findPath(const Grid& grid, Point start, Point goal, PathResult& out);

  size_t scratchBytes() const { return space_.bytes() + weighted_.scratchBytes(); }

 private:
  NodeSearchSpace space_;
  AStarSearch weighted_;  // a grid with terrain costs: jump points assume every move costs alike
};

}  // namespace hpastar
