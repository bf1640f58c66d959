#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"
#include "hpa/QueryOverlay.h"
#include "path/AnyAngleShaper.h"
#include "path/PathSmoother.h"
#include "search/AStarSearch.h"
#include "search/DijkstraSearch.h"
#include "search/PathResult.h"
#include "search/SearchTrace.h"

namespace hpastar {

// How far smoothing's straight lines reach by default: a line must reach past the transition that made
// the detour, which can sit a cluster away, so 3 cluster sides (against 2: brc202d's mean suboptimality
// 1.38% -> 0.70%). With DHPA*'s trees 4: they take a path's diagonal moves first (DijkstraSearch), so
// the straight run after them can be long (brc202d at DHPA*'s default options: 1.17% at 3 sides, 0.29%
// at 4; at 4 HPA*'s own paths gain little and cost up to 10% more on maze512-1-0).
inline int32_t defaultSmoothingRange(const HierarchyOptions& o) { return (o.cacheTrees ? 4 : 3) * o.clusterSize; }

struct HpaQueryOptions {
  bool smooth = true;
  int32_t smoothingRange = 0;  // longest straight line tried by smoothing, in cells; 0 = defaultSmoothingRange
  // The found path's cells become the corners of its any-angle shape and its cost their length
  // (AnyAngleShaper::reshape). The grid must have no terrain costs (AnyAngleShaper::checkGrid): the caller checks.
  bool anyAngle = false;
};

// How a plan hands its path out (HpaStarQuery::plan, nextSegment).
struct HpaPlanOptions {
  // Each piece handed out is smoothed with the next `lookahead` segments refined behind it (see
  // HpaStarQuery::nextSegment), so that the path walked is close to findPath's smoothed one; false hands
  // out each segment as refined (shortest inside its clusters, but bent at every waypoint).
  bool smooth = false;
  // Segments refined ahead of the piece handed out (at least 1). On den520d and AR0011SR the streamed
  // walk was 1.19% and 0.45% longer than optimal with 1, 0.67% and 0.24% with 2, 0.47% and 0.21% with 3
  // (findPath's: 0.25% and 0.11%; HpaStarQuery.SmoothedPlansHandOutPiecesCloseToTheWholeSmoothedPath).
  int32_t lookahead = 2;
  int32_t smoothingRange = 0;  // as HpaQueryOptions::smoothingRange
};

// A planned path that its owner refines one top-level segment at a time: the abstract path and what
// refining it needs (start, goal and their edges into the abstract graph). It belongs to the caller,
// not to the query object, so any number of plans may be alive at once and be refined in any order,
// by any query object reading the same hierarchy version (`version`).
struct HpaPlan {
  uint64_t version = 0;  // Hierarchy::version() it was made on
  PathStatus status = PathStatus::NoPath;
  std::vector<uint32_t> abstractPath;  // top-level nodes, start first, goal last (see QueryOverlay)
  QueryOverlay::Endpoints endpoints;
  size_t next = 0;  // the next segment to hand out
  HpaPlanOptions options;
  // Smoothed plans: the cells refined and smoothed but not handed out yet, the first of them the last
  // cell handed out, and how many segments have been refined into them.
  std::vector<Point> pending;
  size_t refined = 0;

  bool found() const { return status == PathStatus::Found; }
  size_t segmentCount() const { return abstractPath.size() < 2 ? 0 : abstractPath.size() - 1; }
  // Segments a walker receives: a plan whose start is its goal has one, the start cell alone.
  size_t walkedSegments() const { return found() ? std::max<size_t>(1, segmentCount()) : 0; }
  bool done() const { return next >= walkedSegments(); }
};

// One thread's HPA* searches against a shared, read-only Hierarchy (which must outlive it).
//
// With a hierarchy built with cacheTrees this is DHPA* (Kring et al. 2010): start and goal are joined
// to the nodes of their clusters by reading the nodes' shortest-path trees (no SG search), and level-1
// edges are refined by walking those trees (one lookup per cell, no search). Unlike the paper, which
// stops at the first node popped in the goal cluster, the goal keeps its cached edges to all of its
// cluster's nodes and the search stops when the goal itself is popped: the abstract path is optimal
// in the abstract graph, as HPA*'s, for a few more expansions.
//
// A query inserts start and goal in a private overlay at every level (the paper's SG effort), runs A*
// on the top level, then refines each abstract edge level by level down to cells, and smooths.
// Refinement can also be done one top-level segment at a time (plan() then refineSegment()), so an
// agent can start walking before the whole path exists.
class HpaStarQuery {
 public:
  explicit HpaStarQuery(const Hierarchy& hierarchy) : h_(&hierarchy) {}
  // Points the query at another hierarchy (e.g. a newer version); scratch is kept and resized as needed.
  void setHierarchy(const Hierarchy& hierarchy) {
    h_ = &hierarchy;
    abstractPath_.clear();
    directPathKept_ = false;
  }

  // The whole path, refined and (by default) smoothed. Smoothed, a path of two straight runs as short as
  // the octile distance is taken as it is when it is free (findDirectPath): no insertion, search or
  // refinement (their counts stay 0; abstractPathNodes is 2, and a trace holds its one segment).
  PathStatus findPath(Point start, Point goal, PathResult& out, const HpaQueryOptions& options = {});

  // Incremental use. plan() finds the abstract path only (cells are not touched): out.status,
  // out.stats.expandedInsertion/expandedMain and abstractPathNodes are set, out.cells holds the abstract
  // path's cells. Then refineSegment(i, cells, stats) appends the cells of segment i (from the i-th to
  // the (i+1)-th abstract node, the first cell excluded) for i in 0..segmentCount()-1.
  PathStatus plan(Point start, Point goal, PathResult& out);
  size_t segmentCount() const { return abstractPath_.size() < 2 ? 0 : abstractPath_.size() - 1; }
  void refineSegment(size_t segment, std::vector<Point>& cells, SearchStats& stats);
  Point planStart() const { return overlay_.start(); }

  // Plans kept by the caller: plan() as above, its abstract path and endpoints copied into `plan`.
  PathStatus plan(Point start, Point goal, HpaPlan& plan, PathResult& out, const HpaPlanOptions& options = {});
  // Appends the cells of the plan's next piece (the first call also appends the start) and moves the
  // plan on; false when it is done. There are walkedSegments() pieces, each continuing the last, the
  // last ending at the goal. The plan must be of this query's hierarchy version (checked by the caller:
  // see HpaPlan::version). Refining a plan never disturbs another one.
  //
  // Unsmoothed, piece i is segment i as refined. Smoothed (HpaPlanOptions::smooth), the cells not yet
  // handed out are kept in the plan with the next `lookahead` segments refined behind them and smoothed
  // together, the first cell (handed out already) held; the piece is the smoothed path up to the cell
  // nearest the segment's end waypoint, and the rest waits for the next call, smoothed again then with
  // what follows. Smoothing thus reaches across the boundary of what has been handed out as far as the
  // look-ahead goes: the lines it cannot draw are those from cells handed out to cells not refined yet.
  bool nextSegment(HpaPlan& plan, std::vector<Point>& cells, SearchStats& stats);

  // Start and goal joined to the abstract graph of every level exactly as plan() joins them (the same
  // searches, the same edges), without the abstract search: what a viewer draws of a query, also when
  // there is no path or start is goal. Both cells must be passable (the caller checks). The insertion's
  // expansions are added to `stats.expandedInsertion`. Like plan(), it ends the segments of the last
  // plan() kept in this query (refineSegment); plans kept by their callers (HpaPlan) are not touched.
  void connectEndpoints(Point start, Point goal, QueryOverlay::Endpoints& out, SearchStats& stats);

  const Hierarchy& hierarchy() const { return *h_; }

  // When set, each search of plan(), refineSegment() and findPath() appends its closed and open sets to
  // `trace`, tagged with its phase (insertion, abstract, refinement). DHPA* reads trees instead of
  // searching, so its insertion and refinement leave no entries unless start and goal share a cluster.
  // Null (the default) traces nothing; the trace is not cleared here.
  void setTrace(SearchTrace* trace) {
    trace_ = trace;
    cellDijkstra_.setTrace(trace);
    cellAStar_.setTrace(trace);
    abstractSearch_.setRecordOrder(trace != nullptr);
  }

 private:
  // findPath before any-angle shaping: the path as cells.
  PathStatus findCellPath(Point start, Point goal, PathResult& out, const HpaQueryOptions& options);
  // nextSegment of a smoothed plan, after its overlay is restored: appends piece `segment`.
  void nextSmoothedPiece(HpaPlan& plan, size_t segment, std::vector<Point>& cells, SearchStats& stats);
  // Runs the abstract search (see AbstractSearch::run) and records it when tracing.
  uint64_t searchAbstract(int32_t level, const Rect& area, uint32_t source, uint32_t target);
  // Appends the search that just ran over the graph of `level` inside `area` to the trace.
  void recordAbstractSearch(int32_t level, const Rect& area);

  void insertEndpoints(SearchStats& stats);
  void refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Point>& cells, uint64_t& expanded);
  bool followTree(uint32_t a, uint32_t b, std::vector<Point>& cells);
  // A path between cells at most a cluster side apart can keep a detour that smoothing cannot remove:
  // the hierarchy sends it through a transition of the border between them, and smoothing only puts
  // straight lines in. When it costs more than the octile distance, an A* bounded to the box around
  // start and goal (grown by half a cluster side) is tried, and its path kept when cheaper. One small
  // search, on such queries only; its expansions count as refinement.
  void shortenNearbyPath(Point start, Point goal, PathResult& out);
  // HierarchyOptions::maxDetour: keeps out.cost within (1 + maxDetour) × the shortest path's cost.
  void boundDetour(Point start, Point goal, PathResult& out);

  const Hierarchy* h_;
  QueryOverlay overlay_;
  AbstractSearch abstractSearch_;
  DijkstraSearch cellDijkstra_;
  AStarSearch cellAStar_;
  PathSmoother smoother_;
  AnyAngleShaper shaper_;
  PathResult streamed_;  // a smoothed plan's pending cells while shortenNearbyPath reads them
  std::vector<Point> targets_;
  std::vector<Point> scratchCells_;
  std::vector<uint32_t> abstractPath_;  // top-level nodes, S first, G last
  // DHPA*, start and goal in one level-1 cluster: the insertion's A* path between them (start excluded),
  // kept for refinement while it is this overlay's (directPathKept_).
  std::vector<Point> directPath_;
  bool directPathKept_ = false;
  // The path index after each refined level-1 edge since plan() (each piece between two joints is a
  // shortest path inside one cluster); findPath hands them to the smoother.
  std::vector<uint32_t> joints_;
  std::vector<std::vector<uint32_t>> levelPaths_;  // scratch per level while refining
  SearchTrace* trace_ = nullptr;
};

}  // namespace hpastar
