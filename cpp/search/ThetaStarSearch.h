#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Grid.h"
#include "grid/Point.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"

namespace hpastar {

// Theta* (Nash, Daniel, Koenig and Felner 2007): A* over the grid's cells whose nodes may take their
// parent's parent as their own when the straight line between them is clear (sweptLineClear), so paths
// are corner points joined by lines at any angle. Not optimal (its corners must be parents on the search
// tree), usually within a fraction of a percent of the any-angle optimum. Lengths are Euclidean: terrain
// costs are not read (the shaping of weighted paths is refused upstream).
//
// Two uses, one loop: over the whole grid (the baseline any-angle planner the hierarchical shaping is
// measured against), and inside a corridor of cells around a guide path (the repair step of
// AnyAngleShaper). One object per thread: the node arrays are stamped per search and the corridor per
// call, so after the first query of a grid's size nothing is allocated (beyond `corners` growing).
class ThetaStarSearch {
 public:
  // Corner points from start to goal (both included; one point when start == goal) in `corners`.
  // StartInvalid / GoalInvalid for an impassable or outside end, NoPath when they are not connected.
  PathStatus findPath(const Grid& grid, Point start, Point goal, std::vector<Point>& corners);
  // The same, searching only the cells within Chebyshev distance `radius` of a cell of `guide` (a path of
  // legal moves from its first cell to its last; those are start and goal). NoPath cannot happen for a
  // legal guide: the guide itself lies in the corridor.
  PathStatus findPathInCorridor(const Grid& grid, std::span<const Point> guide, int32_t radius,
                                std::vector<Point>& corners);

  uint64_t lastExpanded() const { return expanded_; }      // cells expanded by the last search
  uint64_t lastLineChecks() const { return lineChecks_; }  // sweptLineClear calls of the last search
  size_t scratchBytes() const;

 private:
  // The loop; `inCorridor` null for the whole grid, else a cell is searched when its stamp is corridorStamp_.
  PathStatus search(const Grid& grid, Point start, Point goal, const uint32_t* inCorridor, std::vector<Point>& corners);

  NodeSearchSpace space_;           // g and the parent cell of every cell, stamped per search
  std::vector<uint32_t> corridor_;  // per cell, corridorStamp_ when the cell is in this call's corridor
  uint32_t corridorStamp_ = 0;
  uint64_t expanded_ = 0;
  uint64_t lineChecks_ = 0;
};

}  // namespace hpastar
