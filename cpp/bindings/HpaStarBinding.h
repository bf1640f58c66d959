#pragma once
// HPA* (and DHPA*) owned by JavaScript, split as Detour splits dtNavMesh and dtNavMeshQuery:
//   "HPAStar"      the planner: the versioned hierarchy, shared and read-only while searched;
//   "HPAStarQuery" a query object: its scratch, whole paths, batches and plans, on the owning thread;
//   "HPAStarPlan"  one plan, refined a segment at a time; any number may be alive at once.
#include <emscripten/val.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "bindings/GridBinding.h"
#include "bindings/PathShaping.h"
#include "hpa/HeuristicRefresh.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "hpa/VersionedHierarchy.h"
#include "search/SearchTrace.h"

namespace hpastar::bindings {

// The planner. Terrain edits make a new version of the hierarchy (VersionedHierarchy): a batch running
// on other threads keeps the version it started with; later searches see the new one.
class HpaStarHandle {
 public:
  // The core's defaults (the paper's), which the automatic choice replaces in build().
  static emscripten::val defaultOptions();
  // { options, reason }: what build() would use for `grid` and `options` (the automatic choice for the
  // grid and options.terrainChanges, the fields set over it), or the error text.
  static emscripten::val chooseOptions(const GridHandle& grid, const emscripten::val& options);
  // Builds the hierarchy of `grid` (copied). "" or the problem. Like every call below that allocates in
  // proportion to its input (buildFromTerrain, load, serialize, applyEdits: its lists, and a fresh build
  // when the edits touch most clusters), it first
  // makes room in the heap (HeapReservation.h), and answers "out of memory: ..." when it cannot.
  // `progress`: a function (phase, done) told how far the build is, which answers false to cancel (the
  // build then fails with kCancelledByProgress), or null.
  std::string build(const GridHandle& grid, const emscripten::val& options, const emscripten::val& progress);
  // Like build, from width*height Moving AI characters in a Uint8Array (what a worker receives).
  std::string buildFromTerrain(const emscripten::val& terrain, int width, int height, const emscripten::val& options,
                               const emscripten::val& progress);
  // Loads bytes written by serialize() (here or in another module instance). "" or why they are refused.
  std::string load(const emscripten::val& bytes);
  // The hierarchy as bytes (versioned, checksummed): a new Uint8Array, empty when not built, or { error }
  // when the heap has no room for them.
  emscripten::val serialize() const;

  bool built() const { return versions_ != nullptr; }
  // The options used (as HierarchyOptions' declaration, OptionSchema); null until built.
  emscripten::val options() const;
  // { buildMs, bytes, gridBytes, entrances, components, distanceTableNodes, levels: [{ level,
  //   clusterSize, clusters, nodes, interEdges, intraEdges }] } of the current version.
  emscripten::val stats() const;
  emscripten::val agent() const;  // the agent class of the grid it was built on (agentToJS)
  int width() const;
  int height() const;
  // The current version's terrain, row-major (a copy).
  emscripten::val terrain() const;
  // A rectangle of the current version's terrain, or of its passable cells (GridBinding.h rectToJS).
  emscripten::val terrainRect(int x, int y, int w, int h) const;
  emscripten::val passableRect(int x, int y, int w, int h) const;
  // The hierarchy's version: 0 when built, as saved when loaded, +1 per edit that changed a cell.
  double version() const { return versions_ ? static_cast<double>(versions_->version()) : 0.0; }

  // The abstract graph of `level` (inspect/AbstractGraphExport), or { error } naming a bad level.
  emscripten::val abstractGraph(int level) const;

  // Changes terrain, edits packed as an Int32Array [x, y, code, ...]: all or nothing, and rebuilds only
  // the clusters the edits touch. "" or the problem.
  // `progress`: null, or told the rebuild's phase and share done (Hierarchy::applyEdits; its answer ignored).
  std::string applyEdits(const emscripten::val& edits, const emscripten::val& progress);
  // New multipliers of the terrain kinds ([code, multiplier, ...] as GridHandle::setTerrainCosts takes):
  // the clusters around the cells of every changed kind are rebuilt; lastUpdate() tells which.
  std::string setTerrainCosts(const emscripten::val& pairs);
  // The multiplier of each terrain kind, in TerrainKind order (an array of numbers).
  emscripten::val terrainCosts() const;
  // A copy of the cost layer (a Uint8Array), or null without one.
  emscripten::val costLayer() const;
  // What the last successful applyEdits rebuilt: { cellsChanged, clustersRebuilt: [per level], ms,
  //   rebuilt: [per level { level, clusters: Int32Array (ids), rects: Int32Array (x0, y0, x1, y1 each) }] }.
  emscripten::val lastUpdate() const;
  // The component labels as a main-thread view keeps them (hpa/Reachability.h: labelTables, cellRegions):
  // { version, rects: Int32Array (as given, x0, y0, x1, y1 each), regions: Uint32Array (each rect's cells'
  // regions, row-major, rect after rect), regionBase, regionComponent: Uint32Array }, or { error } for a
  // rect not inside the map.
  emscripten::val labels(const emscripten::val& rects) const;
  // How the view finds a cell's level-1 cluster: { side, columns, cellClusters: Uint32Array (merged
  // clusters: each cell's; empty for squares, whose cluster is arithmetic) }.
  emscripten::val labelLayout() const;

  // Whether the landmarks and distance table are stale (Hierarchy::heuristicsStale).
  bool heuristicsStale() const;
  // Recomputes stale landmarks and distance table for about `budgetMs` (at least one Dijkstra), keeping
  // the refresh between calls (HeuristicRefresh over a snapshot; edits meanwhile copy the hierarchy, and
  // one that changes the top graph restarts it). { done, stepsDone, stepsTotal } or { error } when the
  // heap has no room for the new tables.
  emscripten::val refreshHeuristics(double budgetMs);

  // The current version, kept unchanged while the pointer is held (null until built).
  VersionedHierarchy::Snapshot current() const {
    return versions_ ? versions_->current() : VersionedHierarchy::Snapshot();
  }
  const std::shared_ptr<VersionedHierarchy>& versions() const { return versions_; }
  // The cost of this planner's path from `start` to `goal` on `h` (infinity when none): how the `toNearest`
  // option chooses among equally near reachable cells (ReachabilityToJS.h).
  double snapPathCost(const Hierarchy& h, Point start, Point goal);

 private:
  void adopt(Hierarchy&& hierarchy);
  // When `mayRebuild`, makes room for a fresh build of the grid `edit` makes of the current one (estimated
  // on an edited copy); "" or "out of memory: ...".
  std::string reserveWholeRebuild(bool mayRebuild, const std::function<void(Grid&)>& edit) const;
  // While a refresh holds the current version, makes room for the copy an edit then makes.
  std::string reserveVersionCopy() const;
  // The end of every terrain update (applyEdits, setTerrainCosts): room for that copy, then `update` on the
  // versions with the figures lastUpdate() returns; "" or the problem.
  std::string updateVersions(const std::function<std::string(UpdateStats*)>& update);

  std::shared_ptr<VersionedHierarchy> versions_;
  VersionedHierarchy::Snapshot refreshBase_;  // the version a refresh in progress computes for
  std::optional<HeuristicRefresh> refresh_;
  UpdateStats lastUpdate_;
  std::vector<int32_t> input_;
  BatchSearch snapSearch_{1};  // snapPathCost's scratch
  PathResult snapResult_;
};

struct HpaPlanHandle;

// A query object of one planner: scratch for the searches of the thread that owns it. It keeps the
// planner's hierarchy alive (shared), so disposal order does not matter.
class HpaQueryHandle {
 public:
  explicit HpaQueryHandle(const HpaStarHandle& planner) : versions_(planner.versions()) {}

  // One whole path: { status, found, cost, cells: Int32Array, stats }; with `anyAngle`, cells are the
  // corners of its any-angle shape and cost their length (HpaQueryOptions::anyAngle), or { error } on a weighted grid.
  emscripten::val findPath(int sx, int sy, int gx, int gy, bool smooth, bool anyAngle);
  // The same search, traced: { path, searches: [{ phase, level, closed, open }] } (SearchTraceToJS.h).
  emscripten::val traceFindPath(int sx, int sy, int gx, int gy, bool smooth);
  // A batch, queries packed in an Int32Array [sx, sy, gx, gy, ...]: pathBatchToJS, or { error }.
  emscripten::val findPaths(const emscripten::val& queries, bool smooth, bool keepCells, bool anyAngle);
  // A batch of plans, queries packed as for findPaths: planBatchToJS, or { error }.
  emscripten::val planPaths(const emscripten::val& queries, bool refineFirstSegment);

  // Plans the abstract path only; the plan is refined by nextSegment, each piece smoothed with the next
  // segments when `smooth` (HpaPlanOptions::smooth). Never null.
  std::unique_ptr<HpaPlanHandle> plan(int sx, int sy, int gx, int gy, bool smooth);
  // The cells of the plan's next segment (the first one starts with the start cell):
  // { cells: Int32Array, expandedRefinement }, null once the path is complete, or { error } if the
  // planner's terrain changed since the plan was made (or the plan is of another planner).
  emscripten::val nextSegment(HpaPlanHandle& plan);

  // Calls use(query) with this handle's query object pointed at the current version, held for the
  // call (InspectionBinding.cpp); false, and nothing called, when the planner is not built.
  template <typename Use>
  bool withCurrentQuery(Use&& use) {
    if (!versions_) return false;
    const VersionedHierarchy::Snapshot h = versions_->current();
    use(engine_.hpaQuery(*h));
    return true;
  }

 private:
  std::shared_ptr<VersionedHierarchy> versions_;
  BatchSearch engine_{1};
  PathResult result_;
  SearchTrace trace_;
  std::vector<Point> segment_;
  std::vector<int32_t> input_;
  PathBatchResults paths_;
  PlanBatchResults plans_;
};

// One plan: its abstract path and what refining it needs (HpaPlan), and the hierarchy it is of.
struct HpaPlanHandle {
  HpaPlan plan;
  const VersionedHierarchy* owner = nullptr;
  emscripten::val summary = emscripten::val::null();  // { status, found, waypoints, segments, stats, version }

  emscripten::val summaryToJS() const { return summary; }
  bool done() const { return plan.done(); }
};

}  // namespace hpastar::bindings
