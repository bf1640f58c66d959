#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "search/SearchSpace.h"
#include "search/SearchTrace.h"
#include "world/WorldAStar.h"
#include "world/WorldAbstractGraph.h"
#include "world/WorldAnyAngleShaper.h"
#include "world/WorldHierarchy.h"
#include "world/WorldPathSmoother.h"

namespace hpastar {

// Whether two cells lie within one level-1 box's reach of each other: a box side across, its levels up or
// down (where WorldHpaQuery makes sure of the shortest way between them).
inline bool withinBoxReach(Voxel a, Voxel b, const WorldHierarchyOptions& options) {
  return std::max(std::abs(b.x - a.x), std::abs(b.y - a.y)) <= options.clusterSide &&
         std::abs(b.z - a.z) <= options.clusterLevels;
}

// A block world's query traced: the searches' cells are voxels (SearchTrace.h).
using WorldSearchTrace = BasicSearchTrace<Voxel>;

// Figures of one WorldHpaQuery::findPath (WorldPath::expanded is their sum).
struct WorldHpaStats {
  uint64_t expandedInsertion = 0;  // joining start and goal to every level
  uint64_t expandedAbstract = 0;   // the search of the top level
  // Refining the abstract path down to cells: 0, as refinement copies stored paths and walks the
  // insertion searches' trees (kept for the API's figures).
  uint64_t expandedRefinement = 0;
  uint32_t abstractPathNodes = 0;
  uint64_t smoothingSteps = 0;  // cells walked along straight runs by smoothing (its work)
};

// How WorldHpaQuery::findPath finishes a path, as HpaQueryOptions on a 2D grid.
struct WorldHpaQueryOptions {
  bool smooth = true;
  int32_t smoothingRange = 0;  // longest straight run smoothing tries, in steps; 0 = 3 × the box side
  // The path's any-angle shape instead of its cells (WorldAnyAngleShaper): `cells` become its corners and
  // `cost` their length, after everything else (smoothing, maxDetour's bound on the cell path). The world
  // must have no cost layer (WorldAnyAngleShaper::checkWorld): the caller checks.
  bool anyAngle = false;
};

// A planned path on a block world that its owner refines one top-level segment at a time, as HpaPlan on
// a 2D grid: the abstract path and what refining it needs. The segments of the start's and the goal's
// edges are copied out of the insertion searches' trees when planning (those trees are the query's
// scratch, overwritten by its next search); the segments between are edges of the hierarchy, refined
// from their stored paths. So a plan belongs to its caller: any number may be alive at once, refined in
// any order by any query object of the same hierarchy, while it is at the version it was made on.
struct WorldHpaPlan {
  const WorldHierarchy* hierarchy = nullptr;  // the hierarchy it was made on
  uint64_t version = 0;                       // its WorldHierarchy::version() then
  PathStatus status = PathStatus::NoPath;
  // Top-level nodes, the start and goal as the overlay numbers them (ids from endpointNodes on); an
  // endpoint on a node's cell is left out, the node standing for it.
  std::vector<uint32_t> abstractPath;
  uint32_t endpointNodes = 0;
  std::vector<Voxel> waypoints;   // their cells: start first, goal last (the start alone when it is the goal)
  std::vector<Voxel> firstCells;  // the start's edge: cells after the start up to waypoint 1
  std::vector<Voxel> lastCells;   // the goal's edge: cells after the last node up to the goal
  size_t next = 0;                // the next segment to refine

  bool found() const { return status == PathStatus::Found; }
  size_t segmentCount() const { return waypoints.size() < 2 ? 0 : waypoints.size() - 1; }
  // Segments a walker receives: a plan whose start is its goal has one, the start cell alone.
  size_t walkedSegments() const { return found() ? std::max<size_t>(1, segmentCount()) : 0; }
  bool done() const { return next >= walkedSegments(); }
};

// One thread's HPA* searches against a shared, read-only WorldHierarchy (which must outlive it), as
// HpaStarQuery on a 2D grid: start and goal are joined to the nodes of their box at every level (a
// Dijkstra inside the box: over cells at level 1, over the level below's graph above; at level 1 lookups
// in the nodes' trees instead when the hierarchy has them, WorldBoxTrees), an A* runs on
// the top level over the whole world, and each abstract edge is refined level by level down to cells
// (the hierarchy's stored path of an edge between two of its nodes; for an edge of the start or the goal,
// the path in the tree of the insertion search that found it, kept per level and endpoint, or the
// node's own tree). Unreachable
// goals are answered from the component labels without a search. By default the refined path is then
// smoothed (WorldPathSmoother: straight runs of one legal move replace costlier parts). Paths are valid and
// near-optimal; between ends within one level-1 box's reach of each other (withinBoxReach) an A* over the
// world answers instead, so they are optimal (findNearbyDirectly says why). Scratch is kept between queries: after the
// first, a query allocates nothing but the growth of `out.cells` (and of the smoother's scratch, to the longest path).
class WorldHpaQuery {
 public:
  explicit WorldHpaQuery(const WorldHierarchy& hierarchy) : h_(&hierarchy) {}

  // StartInvalid / GoalInvalid for a cell outside the world or not standing; NoPath when the labels say
  // the cells are not connected; else Found with the path, its cost recomputed from its moves.
  PathStatus findPath(Voxel start, Voxel goal, WorldPath& out, WorldHpaStats* stats = nullptr) {
    return findPath(start, goal, out, WorldHpaQueryOptions{}, stats);
  }
  PathStatus findPath(Voxel start, Voxel goal, WorldPath& out, const WorldHpaQueryOptions& options,
                      WorldHpaStats* stats = nullptr);
  // findPath's path as cells, whatever options.anyAngle says.
  PathStatus findCellPath(Voxel start, Voxel goal, WorldPath& out, const WorldHpaQueryOptions& options,
                          WorldHpaStats* stats);

  // Incremental use. plan() finds the abstract path (status as findPath's; the stats of the insertion and
  // the abstract search) and copies into `plan` what refining it needs, then nextSegment() appends the
  // cells of the plan's next segment (the first call also the start) and moves the plan on. Segments are
  // not smoothed (as on a 2D grid: smoothing needs the cells on both sides of a joint); joined, they are
  // findPath's path with `smooth` off. Between nearby ends (withinBoxReach) the plan is one segment,
  // findPath's shortest path (its A* counts as refinement, WorldHpaStats::expandedRefinement). Refining
  // needs no search.
  PathStatus plan(Voxel start, Voxel goal, WorldHpaPlan& plan, WorldHpaStats* stats = nullptr);
  // False, nothing appended, when the plan is done or stale (isStale).
  bool nextSegment(WorldHpaPlan& plan, std::vector<Voxel>& cells) const;
  // Whether `plan` was made on another hierarchy or before this one's last block changes: its node ids
  // may then name other nodes, so it cannot be refined.
  bool isStale(const WorldHpaPlan& plan) const { return plan.hierarchy != h_ || plan.version != h_->version(); }

  const WorldHierarchy& hierarchy() const { return *h_; }

  // When set, findPath and plan append each search they run to `trace`, tagged with its phase: the
  // insertion searches of start and goal at every level (over cells at level 1, unless the boxes' trees
  // joined them, over the nodes of the
  // level below above it), the abstract search of the top level; refinement reads stored paths and
  // searches nothing, so its phase records the refined path, its segments and smoothing's lines. Null
  // (the default) traces nothing; the trace is not cleared here.
  void setTrace(WorldSearchTrace* trace) { trace_ = trace; }

 private:
  // Finds the top level's abstract path into abstractPath_ (start first, goal last; empty when the start
  // is the goal) between endpoints endpointStatus has accepted: Found (NoPath only on a bug).
  PathStatus findAbstractPath(Voxel start, Voxel goal, WorldHpaStats& stats);
  void insertEndpoints(WorldHpaStats& stats);
  // The hierarchy's top-level tables prepared for the query's goal (its landmark row, or the table slots
  // it is reached through, from its edges, as AbstractSearch::landmarkRowOf / exactTargetOf on a 2D
  // grid); null when it has none.
  const WorldAbstractGraph::TopBounds* prepareTopBounds();
  // One search from `from` over `graph` (Dijkstra to the flagged targets, or A* to `goal`), recorded in
  // the trace when there is one (its closed nodes in order and its open ones, as cells by cellOf).
  // A node id's cell (the endpoints' from the overlay), for the trace of a search over nodes.
  auto nodeCell() const {
    return [this](uint32_t id) { return overlay_.voxelOf(*h_, id); };
  }
  template <bool UseHeuristic, typename Space, typename Graph, typename CellOf>
  uint64_t traced(int32_t level, Space& space, const Graph& graph, uint32_t from, uint32_t goal, const uint8_t* targets,
                  uint32_t count, CellOf&& cellOf);
  // Joins `endpoint` on `cell` to the nodes of its level-1 box `box` by reading their trees.
  void joinByTrees(uint32_t endpoint, Voxel cell, int32_t box);
  // Appends the cells of a level-1 edge between an endpoint and a node, walked in the node's tree.
  void appendTreePath(uint32_t a, uint32_t b, std::vector<Voxel>& cells);
  void refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells);
  // Appends the cells after a up to b of an edge of the start or the goal (one end an endpoint).
  void refineEndpointEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells);
  // StartInvalid / GoalInvalid / NoPath as findPath answers them, else Found (no search).
  PathStatus endpointStatus(Voxel start, Voxel goal) const;
  // Ends within one level-1 box's reach of each other (withinBoxReach) are joined by an A* over the world
  // instead of the hierarchy: through the boxes' transitions their way can be far longer than the direct
  // one (a move of cost 1 coming back as 5, the example), and checking the hierarchy's path for a
  // shorter one costs at least this A* (it opens every cell whose f is below that path's cost, a superset
  // of the A*'s), while the A* alone takes a tenth of the hierarchy's time on caves and hills, 0.8 of it
  // on towers (bench/results/tails.md, section 6). The labels have said the ends are connected, so the A* ends at
  // the goal. Its path (into nearbyPath_.cells, start first) is a shortest one; its expansions count as
  // refinement, and a traced query records it as phase AStar.
  bool findNearbyDirectly(Voxel start, Voxel goal, uint64_t& expanded);
  // Makes `plan` one segment, nearbyPath_.cells (start first).
  void planOneSegment(Voxel start, Voxel goal, WorldHpaPlan& plan, WorldHpaStats& stats) const;
  // WorldHierarchyOptions::maxDetour: keeps out.cost within (1 + maxDetour) × the shortest path's cost.
  void boundDetour(Voxel start, Voxel goal, WorldPath& out, WorldHpaStats& stats);

  const WorldHierarchy* h_;
  WorldQueryOverlay overlay_;
  // The insertion searches of the start ([0]) and the goal ([1]), kept until the next query: their trees
  // are the paths of the endpoints' edges. Over cells at level 1; over nodes at level l > 1, [l - 2].
  SearchSpace endpointCells_[2];
  std::vector<NodeSearchSpace> endpointNodes_[2];
  NodeSearchSpace nodeSpace_;  // the top level's A*
  WorldAbstractGraph::TopBounds topBounds_;
  std::vector<float> goalRow_;
  std::vector<NodeDistanceTable::Target> goalTargets_;
  std::vector<uint8_t> cellTargets_, nodeTargets_;
  // Whether this query joined its endpoints at level 1 by the boxes' trees (WorldBoxTrees): when the
  // hierarchy has them and the start and goal lie in different level-1 boxes (else their direct edge
  // needs a search). A trace then records no level-1 insertion search: none runs.
  bool byTrees_ = false;
  std::vector<Voxel> treePath_;
  std::vector<uint32_t> abstractPath_;
  std::vector<std::vector<uint32_t>> levelPaths_;  // scratch per level while refining
  WorldPathSmoother smoother_;
  WorldAnyAngleShaper shaper_;
  // Searches over the whole world, each scratch grown to the world's size on first use: findNearbyDirectly's
  // A* (WorldAStar's own loop: the same search, its code as fast as A*'s), the same traced, and boundDetour's.
  WorldAStar nearbyAStar_;
  WorldPath nearbyPath_;
  SearchSpace tracedSpace_, boundSpace_;
  WorldSearchTrace* trace_ = nullptr;
  std::vector<uint32_t> order_;  // a traced search's expansions, in order
};

}  // namespace hpastar
