#pragma once
#include "grid/Grid.h"
#include "search/AStarSearch.h"
#include "search/JumpDistances.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"

namespace hpastar {

// JPS+: Jump Point Search whose jumps are read from a precomputed JumpDistances table instead of
// scanned (Harabor and Grastien 2014), optimal, no corner cutting, octile heuristic. The same search
// and the same pruning rules as JumpPointSearch (JumpPointRules.h); only the jumps differ. The goal is
// found by its position: a straight jump whose line holds the goal within reach stops on it, and a
// diagonal jump towards the goal's quadrant stops where it meets the goal's row or column (a node that
// the straight jumps from there can finish).
//
// The table must have been built from this grid as it is now: after a terrain change call
// JumpDistances::rebuild, or the answers may be wrong paths (not checked: only the dimensions are).
//
// The answer has AStarSearch's contract (statuses, cells, cost, expanded jump points added to
// out.stats.expandedMain). On a grid with terrain costs (Grid::weighted) the symmetry that jumps prune
// is gone, so the search is A*'s (the table is not read). One object per thread; the table is shared and only read.
class JumpPointPlusSearch {
 public:
  PathStatus findPath(const Grid& grid, const JumpDistances& table, Point start, Point goal, PathResult& out);

  size_t scratchBytes() const { return space_.bytes() + weighted_.scratchBytes(); }

 private:
  NodeSearchSpace space_;
  AStarSearch weighted_;  // a grid with terrain costs: jump points assume every move costs alike
};

}  // namespace hpastar
