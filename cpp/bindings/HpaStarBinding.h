#pragma once
// HPA* planners owned by JavaScript (embind class "HPAStar"): one hierarchy plus the query objects
// that search it on the thread that owns the handle.
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings/BatchPlan.h"
#include "bindings/BatchSearch.h"
#include "bindings/GridBinding.h"
#include "hierarchy/Hierarchy.h"
#include "planners/HpaStarQuery.h"

namespace hpastar::bindings {

// An HPA* planner (DHPA* when built with cacheTrees): the hierarchy, shared with the threads of a
// ParallelSearch, and two query objects, one for whole paths and batches, one for the incremental
// plan/segment API (so that findPath never invalidates a plan in progress; a second plan() does).
//
// Terrain edits make a new version of the hierarchy: a batch running on other threads keeps the
// version it started with (it holds a shared pointer to it), later searches see the new one. The
// version is edited in place when nothing else holds it, else a copy is (copies share the
// hierarchy's per-cluster blocks, so that costs little).
class HpaStarHandle {
 public:
  // The core's default options: { clusterSize, levels, clusterGroup, entranceWidth, cachePaths,
  // cacheTrees, pruneEdges, landmarks }. build() takes an object of that shape (missing fields: defaults).
  static emscripten::val defaultOptions();

  // Builds the hierarchy of `grid` (copied). "" or the problem.
  std::string build(const GridHandle& grid, const emscripten::val& options);
  // Like build, from width*height Moving AI characters in a Uint8Array (what a worker receives).
  std::string buildFromTerrain(const emscripten::val& terrain, int width, int height, const emscripten::val& options);
  // Loads bytes written by serialize() (here or in another module instance). "" or why they are refused.
  std::string load(const emscripten::val& bytes);
  // The hierarchy as bytes (versioned, checksummed): a new Uint8Array, empty when not built.
  emscripten::val serialize() const;

  bool built() const { return hierarchy_ != nullptr; }
  // The options used, same shape as defaultOptions().
  emscripten::val options() const;
  // { buildMs, bytes, gridBytes, entrances, components, levels: [{ level, clusterSize, clusters, nodes,
  //   interEdges, intraEdges }] } of the current version.
  emscripten::val stats() const;
  int width() const { return hierarchy_ ? hierarchy_->grid().width() : 0; }
  int height() const { return hierarchy_ ? hierarchy_->grid().height() : 0; }
  // The current version's terrain, row-major (a copy).
  emscripten::val terrain() const;
  // How many edits have been applied since the build (0, 1, 2, ...).
  double version() const { return static_cast<double>(version_); }

  // One whole path: { status, found, cost, cells: Int32Array, stats }.
  emscripten::val findPath(int sx, int sy, int gx, int gy, bool smooth);
  // The same search, traced: { path: (as findPath), searches: [{ phase, level, closed, open }] }
  // (SearchTraceToJS.h), or { error }. The trace is switched on for this call only.
  emscripten::val traceFindPath(int sx, int sy, int gx, int gy, bool smooth);
  // The abstract graph of `level` (1..levels): { level, nodeIds: Uint32Array, nodes: Int32Array (x, y per
  // node), nodeLevels: Uint8Array, edgeFrom, edgeTo: Uint32Array (positions in the node arrays),
  // edgeCost: Float64Array, edgeInter: Uint8Array }, or { error } naming a bad level.
  emscripten::val abstractGraph(int level) const;
  // A batch, queries packed in an Int32Array [sx, sy, gx, gy, ...]: BatchOutput::toJS(), or { error }.
  emscripten::val findPaths(const emscripten::val& queries, bool smooth, bool keepCells);

  // Plans the abstract path only: { plan, status, found, waypoints: Int32Array, segments, stats }.
  // `plan` identifies it for nextSegment; a later plan() or edit makes it stale.
  emscripten::val plan(int sx, int sy, int gx, int gy);
  // The cells of the next segment of plan `planId` (the first one starts with the start cell):
  // { cells: Int32Array, expandedRefinement }, null once the path is complete, or { error } if stale.
  emscripten::val nextSegment(double planId);

  // A batch of plans, queries packed as for findPaths: PlanBatchOutput::toJS(), or { error }. Runs on the
  // query object of findPath, so a plan in progress (plan()/nextSegment()) stays valid.
  emscripten::val planPaths(const emscripten::val& queries, bool refineFirstSegment);

  // Changes terrain, edits packed as an Int32Array [x, y, code, ...]: all or nothing, and rebuilds only
  // the clusters the edits touch. "" or the problem.
  std::string applyEdits(const emscripten::val& edits);
  // What the last successful applyEdits rebuilt: { cellsChanged, clustersRebuilt: [per level], ms,
  //   rebuilt: [per level { level, clusters: Int32Array (ids), rects: Int32Array (x0, y0, x1, y1 each) }] }.
  emscripten::val lastUpdate() const;

  // The current version, kept alive by whoever holds the pointer (a batch running on other threads).
  std::shared_ptr<const Hierarchy> current() const { return hierarchy_; }

 private:
  void adopt(Hierarchy&& hierarchy);
  void resetQueries();

  std::shared_ptr<Hierarchy> hierarchy_;
  UpdateStats lastUpdate_;
  uint64_t version_ = 0;
  std::unique_ptr<HpaStarQuery> query_;
  std::unique_ptr<HpaStarQuery> planQuery_;
  std::optional<HpaPathCursor> cursor_;
  uint64_t planId_ = 0;
  bool planStartPending_ = false;  // a plan whose start is its goal: one segment, the start cell
  PathResult result_;
  SearchTrace trace_;
  std::vector<Point> segment_;
  std::vector<int32_t> input_;
  BatchOutput batch_;
  BatchThreadCells batchCells_;
  PlanBatchOutput plans_;
  PlanThreadScratch planCells_;
};

}  // namespace hpastar::bindings
