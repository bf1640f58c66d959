#pragma once
// Block worlds and their HPA* owned by JavaScript (embind classes "BlockWorld" and "WorldHPAStar").
// Declared here so that the pthread build's ParallelSearch (ParallelSearch.cpp) can run world batches
// over a WorldHPAStar's hierarchy on its threads.
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "batch/WorldPathBatch.h"
#include "bindings/BatchToJS.h"
#include "world/BlockWorld.h"
#include "world/WorldComponents.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"

namespace hpastar::bindings {

// A block world, empty until parsed or generated. Its component labels are computed on the first
// question that needs them and dropped by every change.
class BlockWorldHandle {
 public:
  // Text as UTF-8 bytes (the module makes room before copying it in). "" or "<fileName>:<line>: <problem>".
  std::string parse(const emscripten::val& bytes, const std::string& fileName);
  // A generated world (WorldGenerator.h). "" or why not (an unknown kind, a size the core refuses).
  std::string generate(const std::string& kind, int32_t width, int32_t height, int32_t levels, double seed);

  bool loaded() const { return world_ != nullptr; }
  int width() const { return world_ ? world_->width() : 0; }
  int height() const { return world_ ? world_->height() : 0; }
  int levels() const { return world_ ? world_->levels() : 0; }

  // The block code at (x, y, z), -1 outside the world.
  int blockAt(int32_t x, int32_t y, int32_t z) const {
    return world_ && world_->inside(x, y, z) ? static_cast<int>(world_->blockAt(x, y, z)) : -1;
  }
  bool standing(int32_t x, int32_t y, int32_t z) const { return world_ && world_->standing(x, y, z); }

  emscripten::val floor(int32_t z) const;
  emscripten::val standingFloor(int32_t z);
  // Changes packed [x, y, z, code, ...]: "" or why they are refused (nothing changed then).
  std::string setBlocks(const emscripten::val& changes);

  // The cost layer (BlockWorld::setCostLayer): a Uint8Array of one value 1..255 per cell in index order,
  // or null to take it off. "" or why it is refused (nothing changed then).
  std::string setCostLayer(const emscripten::val& layer);
  emscripten::val costLayer() const;  // a copy, null without a layer
  // One cell's layer value: "" or why not (a cell outside the world, a value outside 1..255).
  std::string setCellCost(int32_t x, int32_t y, int32_t z, int32_t value);

  // The component label of a cell (1.., 0 when no agent stands there or outside the world).
  double componentOf(int32_t x, int32_t y, int32_t z);
  bool isReachable(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz);
  double componentCount();

  // The world in the text format (BlockWorldFormat.h), "" when not loaded.
  std::string text() const;
  // validateWorldPath: "" when the cells (x, y, z triples) are a legal path from start to goal costing
  // `reportedCost`, else the problem.
  std::string validatePath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz,
                           const emscripten::val& cells, double reportedCost, double tolerance) const;

  // The move from a to b (a WorldMoves.h code, whose cost is WORLD_MOVES.cost[code]), or -1 when no
  // legal move joins them: a crowd checks each step its agents take against its own world.
  int moveBetween(int32_t ax, int32_t ay, int32_t az, int32_t bx, int32_t by, int32_t bz) const;
  // The nearest cell where an agent stands (nearestStanding without a hierarchy) within maxDistance:
  // { x, y, z }, null when none, or { error } for a world not loaded or a negative distance.
  emscripten::val nearestStanding(int32_t x, int32_t y, int32_t z, double maxDistance) const;

  const BlockWorld* world() const { return world_.get(); }

 private:
  void set(BlockWorld world);
  const WorldComponents& components();

  std::unique_ptr<BlockWorld> world_;
  std::unique_ptr<WorldComponents> components_;
  std::vector<int32_t> input_;
  std::vector<uint8_t> scratch_;
};

// What a world planner and its query objects search with on the thread that owns them: the batch
// engine (its query object answers findPath) and the buffers of the answers, kept between calls.
class WorldSearcher {
 public:
  // worldPathToJS plus stats { expandedInsertion, expandedAbstract, expandedRefinement, abstractPathNodes };
  // `smooth`: WorldHpaQueryOptions::smooth (the default range). `toNearest`: a goal the start cannot reach
  // is replaced by nearestReachableGoal's, the answer then saying `reached: { x, y, z }`. `anyAngle`:
  // WorldHpaQueryOptions::anyAngle, cells the path's corners and cost their length. { error } when not
  // built (null), and for any-angle paths on a world with a cost layer.
  emscripten::val findPath(const WorldHierarchy* hierarchy, Voxel start, Voxel goal, bool smooth, bool toNearest,
                           bool anyAngle);
  // Queries packed [sx, sy, sz, gx, gy, gz, ...]: pathBatchToJS (cells as x, y, z triples), or { error };
  // `toNearest` as worldPathBatchToJS's (the answer then holds `searched` and `snapped`); `anyAngle` as
  // findPath's.
  emscripten::val findPaths(const WorldHierarchy* hierarchy, const emscripten::val& queries, bool keepCells,
                            bool toNearest, bool anyAngle);
  // Plans of queries packed as for findPaths: planBatchToJS (x, y, z cells), or { error }.
  emscripten::val planPaths(const WorldHierarchy* hierarchy, const emscripten::val& queries, bool refineFirstSegment) {
    return worldPlanBatchToJS(engine_, hierarchy, queries, refineFirstSegment, input_, plans_);
  }
  // findPath with its searches recorded: tracedPathToJS (SearchTraceToJS.h), cells x, y, z, or { error }.
  emscripten::val traceFindPath(const WorldHierarchy* hierarchy, Voxel start, Voxel goal, bool smooth);
  // The engine's query object, pointed at `hierarchy`.
  WorldHpaQuery& query(const WorldHierarchy& hierarchy) { return engine_.worldQuery(hierarchy); }

 private:
  // findPath's answer, its searches appended to `trace` when not null.
  emscripten::val searchedPath(const WorldHierarchy& hierarchy, Voxel start, Voxel goal,
                               const WorldHpaQueryOptions& options, WorldSearchTrace* trace);

  BatchSearch engine_{1};
  WorldSearchTrace trace_;
  WorldPath path_;
  WorldPathBatchResults batch_;
  WorldPlanBatchResults plans_;
  std::vector<int32_t> input_;
  std::vector<uint8_t> moved_;
};

// HPA* over a block world: one WorldHierarchy (with its own copy of the world) and the batch engine's
// query object that searches it on the thread that owns the handle. Block changes edit the hierarchy
// in place: the module runs one call at a time on the owning thread, and a ParallelSearch batch
// returns before the next call, so no search reads it meanwhile.
class WorldHpaHandle {
 public:
  static emscripten::val defaultOptions();

  // Options { clusterSide, clusterLevels, levels, entranceWidth, entranceSpacing, boxTrees }, the fields given over the
  // defaults (the TypeScript layer has checked that they are integers). "" or the problem.
  // `progress`: a function (phase, done) told how far the build is, which answers false to cancel (the
  // build then fails with kCancelledByProgress, a Refused failure), or null.
  std::string build(const BlockWorldHandle& handle, const emscripten::val& options, const emscripten::val& progress);
  // Bytes written by serialize() (WorldHierarchySerialization.h): "" or why they are refused.
  std::string load(const emscripten::val& bytes);
  // The hierarchy as bytes (a Uint8Array; empty when not built), or { error } when the heap has no room.
  emscripten::val serialize() const;

  bool built() const { return hierarchy_ != nullptr; }
  emscripten::val options() const;
  int width() const { return hierarchy_ ? hierarchy_->world().width() : 0; }
  int height() const { return hierarchy_ ? hierarchy_->world().height() : 0; }
  int levels() const { return hierarchy_ ? hierarchy_->world().levels() : 0; }
  // 0 when built, +1 per applyBlockChanges given changes.
  double version() const { return hierarchy_ ? static_cast<double>(hierarchy_->version()) : 0.0; }
  // { buildMs, bytes, transitions, components, levels: [{ clusters, nodes, edges }] per abstraction level }.
  emscripten::val stats() const;

  // WorldSearcher::findPath and findPaths, on this thread.
  emscripten::val findPath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz, bool smooth,
                           bool toNearest, bool anyAngle) {
    return searcher_.findPath(hierarchy_.get(), Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, smooth, toNearest, anyAngle);
  }
  emscripten::val findPaths(const emscripten::val& queries, bool keepCells, bool toNearest, bool anyAngle) {
    return searcher_.findPaths(hierarchy_.get(), queries, keepCells, toNearest, anyAngle);
  }
  emscripten::val traceFindPath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz, bool smooth) {
    return searcher_.traceFindPath(hierarchy_.get(), Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, smooth);
  }
  // WorldSearcher::planPaths on this thread (the world pool's copied mode).
  emscripten::val planPaths(const emscripten::val& queries, bool refineFirstSegment) {
    return searcher_.planPaths(hierarchy_.get(), queries, refineFirstSegment);
  }

  // Changes packed [x, y, z, code, ...] to the planner's world; the hierarchy rebuilds only the boxes
  // they touch (WorldHierarchy::applyBlockChanges) and answers as one built from the changed world (same
  // answers and costs; a path may take other cells as short).
  // "" or why they are refused (nothing changed then).
  std::string applyBlockChanges(const emscripten::val& changes);
  // Cost layer values packed [x, y, z, value, ...] (WorldHierarchy::applyCostChanges), rebuilt the same
  // way; lastUpdate() tells what. "" or why they are refused (nothing changed then).
  std::string applyCostChanges(const emscripten::val& changes);
  emscripten::val costLayer() const;  // the planner's world's layer, a copy; null without one
  // What the last applyBlockChanges rebuilt: { blocksChanged, cellsChanged, clustersRebuilt: [per level],
  // rebuilt: [{ level, clusters: Int32Array, boxes: Int32Array x0, y0, z0, x1, y1, z1 per cluster }],
  // componentsJoined, ms }.
  emscripten::val lastUpdate() const;

  emscripten::val floor(int32_t z) const;
  double componentOf(int32_t x, int32_t y, int32_t z) const;
  bool isReachable(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz) const;
  // { x, y, z } of the standing cell of `component` (0: any) nearest to (x, y, z) within maxDistance
  // (world/WorldReachability.h), null when there is none, or { error }.
  emscripten::val nearestPassable(int32_t x, int32_t y, int32_t z, double component, double maxDistance) const;
  // { x, y, z } uniform over the cells of `component` (0: any), drawn from `seed`; null or { error }.
  emscripten::val randomPassable(double seed, double component) const;
  // The boxes of the clusters of abstraction level `level` as an Int32Array x0, y0, z0, x1, y1, z1, ...
  // (half-open), or { error }.
  emscripten::val clusterBoxes(int32_t level) const;
  // The abstract nodes' cells as an Int32Array x, y, z, ... and the highest level of each (a Uint8Array).
  emscripten::val nodes() const;
  // The abstract graph of `level` (inspect/AbstractGraphExport, bindings/AbstractGraphToJS.h), or { error }.
  emscripten::val abstractGraph(int32_t level) const;

  // The hierarchy (null until built). The caller reads it only while this handle's calls do not run.
  const WorldHierarchy* hierarchy() const { return hierarchy_.get(); }
  // The same, for an object made from the planner that outlives a dispose of its JavaScript handle
  // (the flow fields); null until built.
  const std::shared_ptr<WorldHierarchy>& sharedHierarchy() const { return hierarchy_; }

 private:
  std::string rebuild(const BlockWorld& world, const WorldHierarchyOptions& options, const emscripten::val& progress);

  // Shared with the planner's flow fields (FlowFieldBinding.cpp) and query objects.
  std::shared_ptr<WorldHierarchy> hierarchy_;
  WorldSearcher searcher_;
  WorldUpdateStats lastUpdate_;
  std::vector<int32_t> input_;
  std::vector<BlockChange> changes_;
  std::vector<CostChange> costChanges_;
};

struct WorldPlanHandle;

// A query object of one world planner ("WorldHPAStarQuery"): the scratch of the searches of the thread
// that owns it, whole paths, batches and plans, as HpaQueryHandle on a grid. It keeps the planner's
// hierarchy alive (shared), so disposal order does not matter; block changes edit that hierarchy in place,
// so it searches the planner's world as it is at each call.
class WorldHpaQueryHandle {
 public:
  explicit WorldHpaQueryHandle(const WorldHpaHandle& planner) : hierarchy_(planner.sharedHierarchy()) {}

  // As WorldHpaHandle::findPath and findPaths, with this query's scratch.
  emscripten::val findPath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz, bool smooth,
                           bool toNearest, bool anyAngle) {
    return searcher_.findPath(hierarchy_.get(), Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, smooth, toNearest, anyAngle);
  }
  emscripten::val findPaths(const emscripten::val& queries, bool keepCells, bool toNearest, bool anyAngle) {
    return searcher_.findPaths(hierarchy_.get(), queries, keepCells, toNearest, anyAngle);
  }
  emscripten::val traceFindPath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz, bool smooth) {
    return searcher_.traceFindPath(hierarchy_.get(), Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, smooth);
  }
  // Plans the abstract path only; the plan is refined by nextSegment. Never null: its summary() is
  // { status, code, found, waypoints: Int32Array x, y, z triples, segments, stats, version } or { error }.
  std::unique_ptr<WorldPlanHandle> plan(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz);
  // The cells of the plan's next segment (the first one starts with the start cell):
  // { cells: Int32Array x, y, z triples, expandedRefinement }, null once the path is complete, or { error }
  // when the planner's world changed since the plan was made (or the plan is of another planner).
  emscripten::val nextSegment(WorldPlanHandle& plan);

 private:
  std::shared_ptr<WorldHierarchy> hierarchy_;
  WorldSearcher searcher_;
  std::vector<Voxel> segment_;  // the segment nextSegment answers
};

// One plan on a block world (WorldHpaPlan), holding the hierarchy it is of alive: a stale plan is then
// recognised by that hierarchy's identity and version, never by an address since reused.
struct WorldPlanHandle {
  WorldHpaPlan plan;
  std::shared_ptr<const WorldHierarchy> owner;
  emscripten::val summary = emscripten::val::null();

  emscripten::val summaryToJS() const { return summary; }
  bool done() const { return plan.done(); }
};

}  // namespace hpastar::bindings
