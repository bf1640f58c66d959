#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Clearance.h"
#include "grid/FootprintMoves.h"
#include "grid/Grid.h"
#include "search/PathResult.h"
#include "search/SearchGraph.h"
#include "search/SearchSpace.h"

namespace hpastar {

// Annotated A* (Harabor and Botea, 2008): optimal A* for an agent of side `size` (1..kMaxAgentSize)
// and a capability, over the anchors (top-left cells) of its footprint, with the move rule of
// FootprintMoves.h. The capability is the clearance map's: compute one ClearanceMap (true clearance)
// per capability and grid version, keep it, and pass it to every query.
//
// Costs are the grid's (Grid::moveCost) for the anchor's move: 1 straight, √2 diagonal, times the
// terrain weights of the cells the anchor's step touches (its two ends, and for a diagonal its two
// orthogonal cells). The rest of the footprint does not weigh: one cell stands for the agent, the same
// cell whatever its size, so size 1 costs exactly what A* does. The heuristic is the octile distance
// times the smallest weight of the capability's kinds (Grid::minWeightFor), admissible and consistent.
//
// One object per thread: it owns its scratch and reuses it (SearchSpace), so queries after the first
// do not allocate (beyond growing `out.cells`). The grid and the clearance map are only read.
class AnnotatedAStarSearch {
 public:
  // Finds a shortest path of anchors from start to goal. Sets out.status, out.cells and out.cost and
  // adds the expansions to out.stats.expandedMain, as AStarSearch does. StartInvalid / GoalInvalid when
  // the agent cannot stand there (outside the map, or a clearance below `size`), and StartInvalid for
  // a size outside 1..kMaxAgentSize (no such agent stands anywhere). The clearance map must have the
  // grid's shape (asserted).
  PathStatus findPath(const Grid& grid, const ClearanceMap& clearance, int32_t size, Point start, Point goal,
                      PathResult& out);
  // The same with the anchors kept inside `area` (the footprint may reach past its right and bottom
  // edges: only the anchor is bounded), for searches within a cluster.
  PathStatus findPath(const Grid& grid, const ClearanceMap& clearance, int32_t size, const Rect& area, Point start,
                      Point goal, PathResult& out);

  // Dijkstra for the same agent from `start` over the anchors of `area`, stopping once every cell of
  // `targets` (anchors inside `area`) is settled or nothing is left to settle: one search gives the
  // distances from one place to many (HAA*'s intra-edges, and its start and goal joined to their
  // cluster's nodes). Returns the expansions (0 when the agent cannot stand at `start`); then
  // distanceTo() reads the results until the next search.
  uint64_t settleFrom(const Grid& grid, const ClearanceMap& clearance, int32_t size, const Rect& area, Point start,
                      std::span<const Point> targets);
  // After settleFrom: the cost of a shortest path from its start to `p` inside its area, or -1 when it
  // settled no such path (unreachable, outside the area, or not reached before the targets were).
  double distanceTo(Point p) const;
  // After settleFrom, for a cell distanceTo() reached: the path of anchors from its start to `p`, start
  // first (appendPathTo), or from `p` back to its start, `p` first (appendPathBack: costs and moves are
  // symmetric, so that is a shortest path from `p` to the start); or its moves from the start to `p`, as
  // directions (appendStepsTo: what HAA* stores of its intra-edges).
  void appendPathTo(Point p, std::vector<Point>& out) const;
  void appendPathBack(Point p, std::vector<Point>& out) const;
  void appendStepsTo(Point p, std::vector<uint8_t>& out) const;
  // After settleFrom: the search's shortest-path tree, one byte per cell of its area in row order: the
  // direction of the move that reached the cell from its parent, kTreeRoot at the start, kTreeUnreached
  // for a cell not settled (HAA*'s join trees).
  static constexpr uint8_t kTreeRoot = kNoMove, kTreeUnreached = 0xFE;
  void appendTree(std::vector<uint8_t>& out) const;

  size_t scratchBytes() const { return space_.bytes() + targetMark_.capacity() * sizeof(uint32_t); }

 private:
  // A* towards `goal` (UseHeuristic), or Dijkstra stopping when `targetCount` flagged cells are settled.
  template <bool Weighted, bool UseHeuristic>
  uint64_t run(const Grid& grid, const ClearanceMap& clearance, int32_t size, const Rect& area, Point start, Point goal,
               uint32_t targetCount);

  // The area-local id of `p` after settleFrom, asserted reached.
  uint32_t settledId(Point p) const;

  SearchSpace space_;
  // settleFrom's targets: a cell is one when its mark equals markStamp_ (nothing cleared per search).
  std::vector<uint32_t> targetMark_;
  uint32_t markStamp_ = 0;
  Rect lastArea_;
};

}  // namespace hpastar
