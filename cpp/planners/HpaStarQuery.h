#pragma once
#include <cstdint>
#include <vector>

#include "hierarchy/AbstractSearch.h"
#include "hierarchy/Hierarchy.h"
#include "hierarchy/QueryOverlay.h"
#include "path/PathSmoother.h"
#include "search/AStarSearch.h"
#include "search/DijkstraSearch.h"
#include "search/PathResult.h"
#include "search/SearchTrace.h"

namespace hpastar {

struct HpaQueryOptions {
  bool smooth = true;
  int32_t smoothingRange = 0;  // longest straight line tried by smoothing, in cells; 0 = 2 × cluster size
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
    ++planSerial_;
  }

  // The whole path, refined and (by default) smoothed.
  PathStatus findPath(Point start, Point goal, PathResult& out, const HpaQueryOptions& options = {});

  // Incremental use. plan() finds the abstract path only (cells are not touched): out.status,
  // out.stats.expandedInsertion/expandedMain and abstractPathNodes are set, out.cells holds the abstract
  // path's cells. Then refineSegment(i, cells, stats) appends the cells of segment i (from the i-th to
  // the (i+1)-th abstract node, the first cell excluded) for i in 0..segmentCount()-1.
  PathStatus plan(Point start, Point goal, PathResult& out);
  size_t segmentCount() const { return abstractPath_.size() < 2 ? 0 : abstractPath_.size() - 1; }
  void refineSegment(size_t segment, std::vector<Point>& cells, SearchStats& stats);
  // Serial number of the current plan; a cursor checks it to notice that the query was reused.
  uint64_t planSerial() const { return planSerial_; }
  Point planStart() const { return overlay_.start(); }

  const Hierarchy& hierarchy() const { return *h_; }

  // When set, each search of plan(), refineSegment() and findPath() appends its closed and open sets to
  // `trace`, tagged with its phase (insertion, abstract, refinement). DHPA* reads trees instead of
  // searching, so its insertion and refinement leave no entries unless start and goal share a cluster.
  // Null (the default) traces nothing; the trace is not cleared here.
  void setTrace(SearchTrace* trace) {
    trace_ = trace;
    cellDijkstra_.setTrace(trace);
    cellAStar_.setTrace(trace);
  }

 private:
  // Runs the abstract search (see AbstractSearch::run) and records it when tracing.
  uint64_t searchAbstract(int32_t level, const Rect& area, uint32_t source, uint32_t target);
  // Appends the search that just ran over the graph of `level` inside `area` to the trace.
  void recordAbstractSearch(int32_t level, const Rect& area);

  void insertEndpoints(SearchStats& stats);
  void refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Point>& cells, uint64_t& expanded);
  bool followTree(uint32_t a, uint32_t b, std::vector<Point>& cells);

  const Hierarchy* h_;
  QueryOverlay overlay_;
  AbstractSearch abstractSearch_;
  DijkstraSearch cellDijkstra_;
  AStarSearch cellAStar_;
  PathSmoother smoother_;
  std::vector<Point> targets_;
  std::vector<Point> scratchCells_;
  std::vector<uint32_t> abstractPath_;  // top-level nodes, S first, G last
  // The path index after each refined level-1 edge since plan() (each piece between two joints is a
  // shortest path inside one cluster); findPath hands them to the smoother.
  std::vector<uint32_t> joints_;
  std::vector<std::vector<uint32_t>> levelPaths_;  // scratch per level while refining
  uint64_t planSerial_ = 0;
  SearchTrace* trace_ = nullptr;
};

// Walks a planned path one top-level segment at a time. Valid while its query is not used for
// another plan (checked: next() returns false after that).
class HpaPathCursor {
 public:
  explicit HpaPathCursor(HpaStarQuery& query) : query_(&query), serial_(query.planSerial()) {}
  bool done() const { return next_ >= query_->segmentCount() || serial_ != query_->planSerial(); }
  // Appends the cells of the next segment (the very first call also appends the start). False when done.
  bool next(std::vector<Point>& cells, SearchStats& stats) {
    if (done()) return false;
    if (next_ == 0) cells.push_back(query_->planStart());
    query_->refineSegment(next_++, cells, stats);
    return true;
  }

 private:
  HpaStarQuery* query_;
  uint64_t serial_;
  size_t next_ = 0;
};

}  // namespace hpastar
