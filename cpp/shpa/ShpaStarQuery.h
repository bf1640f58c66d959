#pragma once
#include <cstdint>
#include <vector>

#include "path/AnyAngleShaper.h"
#include "path/PathSmoother.h"
#include "search/AStarSearch.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"
#include "search/SearchTrace.h"
#include "shpa/ShpaStarGraph.h"

namespace hpastar {

struct ShpaQueryOptions {
  bool smooth = true;
  int32_t smoothingRange = 0;  // longest straight line tried by smoothing, in cells; 0 = 4 × maxClusterSide
  bool anyAngle = false;       // as HpaQueryOptions::anyAngle
};

// One thread's SHPA* searches against a shared, read-only ShpaStarGraph (which must outlive it). Static maps
// only, like the graph.
//
// No SG effort (the paper's InitializeHierarchicalSearchStart): the search starts from every node of the
// start's cluster at g = weight(start, node); clusters are fully connected, so each of them is reachable. The
// goal is not inserted either: a node of the goal's cluster offers the goal at g + weight(node, goal), and the
// search ends when the goal is popped. (The paper stops at the first node of the goal cluster; going on to the
// goal costs no search, only one weight per goal-cluster node, and picks the goal-cluster node that looks best.)
// Start and goal in one cluster: the direct start-goal edge.
//
// Only nodes entered from another cluster are queued and expanded. Weights are a metric, so a node reached
// inside its own cluster can offer nothing its predecessor did not offer cheaper, except its inter-edges: it is
// passed through at once (same distances as plain A* over the graph, about half the expansions).
// Everything query-specific lives in this object; the graph is never modified.
//
// Refinement: A* inside the bounding box of the cluster of each intra-cluster segment (start to first node,
// node to node, last node to goal; an inter-edge is one step). The path found may leave the cluster's own
// cells through other cells of the box; it is never longer than the in-cluster one, which always exists.
// Then loops are cut (segments in overlapping boxes may cross the same cell twice) and, by default, the path
// is smoothed with the HPA* smoothing.
//
// Terrain costs: the edge weights estimate weighted costs (ShpaStarGraph::weight), the heuristic is scaled by
// the smallest multiplier, refinement's A* follows the costs (a weighted grid makes it weighted), smoothing
// replaces a stretch only by a line that costs less, and the reported cost is recomputed under the weights.
class ShpaStarQuery {
 public:
  explicit ShpaStarQuery(const ShpaStarGraph& graph) : g_(&graph) {}

  // Fills out.cells (start to goal), out.cost and out.status; adds to out.stats (expandedInsertion stays 0,
  // expandedMain counts expanded abstract nodes and the goal, expandedRefinement cells; abstractPathNodes counts
  // start and goal).
  // Blocked or outside endpoints: StartInvalid / GoalInvalid. Endpoints in different connected components:
  // NoPath without any expansion. start == goal: the one-cell path.
  PathStatus findPath(Point start, Point goal, PathResult& out, const ShpaQueryOptions& options = {});

  const ShpaStarGraph& graph() const { return *g_; }
  size_t scratchBytes() const { return space_.bytes() + cellAStar_.scratchBytes(); }

  // When set, findPath() appends the closed and open sets of its abstract search (level 1; the start's
  // cluster's nodes passed through count as open, the goal as closed once popped) and of each refinement
  // A* to `trace`. SHPA* has no insertion search. Null (the default) traces nothing.
  void setTrace(SearchTrace* trace) {
    trace_ = trace;
    cellAStar_.setTrace(trace);
  }

 private:
  // findPath before any-angle shaping: the path as cells.
  PathStatus findCellPath(Point start, Point goal, PathResult& out, const ShpaQueryOptions& options);
  // A* over the abstract graph from start to goal; fills abstractPath_ with the nodes between them (real ids
  // only). Returns the expansions; false in `found` when the goal was not reached.
  uint64_t searchAbstract(Point start, Point goal, bool& found);
  // Appends the cells from `from` (excluded) to `to`, inside `cluster`'s box. False if there is no such path.
  bool refineSegment(Point from, Point to, uint32_t cluster, std::vector<Point>& cells, uint64_t& expanded);

  // Removes every loop: from each cell the path goes on from that cell's last visit. Segments refined in
  // overlapping cluster boxes can cross the same cells twice; the cut path is shorter and never revisits a cell.
  void cutLoops(std::vector<Point>& cells);

  const ShpaStarGraph* g_;
  NodeSearchSpace space_;
  AStarSearch cellAStar_;
  PathSmoother smoother_;
  AnyAngleShaper shaper_;
  std::vector<uint32_t> abstractPath_;
  std::vector<std::pair<int32_t, uint32_t>> byCell_;  // scratch of cutLoops: (cell index, position)
  std::vector<uint32_t> lastVisit_;
  SearchTrace* trace_ = nullptr;
};

}  // namespace hpastar
