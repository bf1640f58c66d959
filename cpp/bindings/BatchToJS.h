#pragma once
// The core's batch answers (batch/PathBatch.h, batch/PlanBatch.h) as the typed arrays the worker pool
// moves between threads: no JavaScript object per query or per cell.
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "batch/PathBatch.h"
#include "batch/PlanBatch.h"
#include "batch/WorldPathBatch.h"
#include "bindings/BindingSupport.h"
#include "bindings/PathShaping.h"
#include "world/Blocks.h"
#include "world/WorldHierarchy.h"
#include "world/WorldReachability.h"

namespace hpastar::bindings {

// Reads queries packed as [sx, sy, gx, gy, ...] from a JS Int32Array into `out`; "" or the problem.
inline std::string readQueries(const val& queries, std::vector<int32_t>& out) {
  readFromJS(queries, out);
  if (out.size() % 4 != 0) {
    return failure(StatusKind::BadArgument, "queries must be packed as (sx, sy, gx, gy) quadruples; got " +
                                                std::to_string(out.size()) + " numbers");
  }
  return "";
}

// The same for a block world's queries, packed [sx, sy, sz, gx, gy, gz, ...].
inline std::string readWorldQueries(const val& queries, std::vector<int32_t>& out) {
  readFromJS(queries, out);
  if (out.size() % kWorldQueryStride != 0) {
    return failure(StatusKind::BadArgument, "queries must be packed as (sx, sy, sz, gx, gy, gz) sextuples; got " +
                                                std::to_string(out.size()) + " numbers");
  }
  return "";
}

// Cells of a block world as an Int32Array x0, y0, z0, x1, y1, z1, ...
inline val voxelsToJS(const std::vector<Voxel>& cells) {
  static_assert(sizeof(Voxel) == 3 * sizeof(int32_t));
  return copyToJS(reinterpret_cast<const int32_t*>(cells.data()), cells.size() * 3);
}

// Offsets (counting cells, n + 1) as a Uint32Array, cells as an Int32Array x0, y0, x1, y1, ...
// (x, y, z triples for a block world's runs).
template <typename Cell>
val offsetsToJS(const CellRunsOf<Cell>& runs) {
  return copyToJS(runs.offsets().data(), runs.offsets().size());
}
inline val cellsToJS(const std::vector<Voxel>& cells) { return voxelsToJS(cells); }
inline val cellsToJS(const CellRuns& runs) { return cellsToJS(runs.cells()); }
inline val cellsToJS(const CellRunsOf<Voxel>& runs) { return voxelsToJS(runs.cells()); }

// { status: Uint8Array, cost: Float64Array, expanded: Uint32Array, offsets: Uint32Array, cells: Int32Array }
template <typename Cell>
val pathBatchToJS(const PathBatchResultsOf<Cell>& b) {
  val o = val::object();
  o.set("status", copyToJS(b.status.data(), b.status.size()));
  o.set("cost", copyToJS(b.cost.data(), b.cost.size()));
  o.set("expanded", copyToJS(b.expanded.data(), b.expanded.size()));
  o.set("offsets", offsetsToJS(b.paths));
  o.set("cells", cellsToJS(b.paths));
  return o;
}

// A batch of block-world queries (packed as readWorldQueries reads them) on `engine`: `run(hierarchy,
// queries)` fills `out`, toJS(out) is the answer, or { error } when `hierarchy` is null (not built) or the
// queries are malformed. `input` and `out` are the caller's buffers, kept between batches; `out` is
// trimmed once copied out.
template <typename Results, typename Run>
val worldBatchToJS(BatchSearch& engine, const WorldHierarchy* hierarchy, const val& queries,
                   std::vector<int32_t>& input, Results& out, Run run, val (*toJS)(const Results&)) {
  if (!hierarchy) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = readWorldQueries(queries, input); !error.empty()) return errorObject(error);
  run(*hierarchy, input);  // may change `input` (a path batch's moved goals)
  val o = toJS(out);
  engine.trim(out);
  return o;
}

// Whole paths, each found with `options` (WorldHpaQuery::findPath's; { error } for any-angle paths on a world
// with a cost layer): pathBatchToJS with x, y, z cells. With `toNearest`, each goal its start cannot reach is first
// moved to the nearest reachable cell (moveGoalsToNearestReachable), and the answer also holds `searched`
// (the queries as searched, Int32Array) and `snapped` (their EndpointMove bytes, Uint8Array), as a grid's
// snapped batch does; `moved` is the caller's buffer for those bytes.
inline val worldPathBatchToJS(BatchSearch& engine, const WorldHierarchy* hierarchy, const val& queries,
                              const WorldHpaQueryOptions& options, bool keepCells, bool toNearest,
                              std::vector<int32_t>& input, WorldPathBatchResults& paths, std::vector<uint8_t>& moved) {
  if (hierarchy)
    if (std::string error = anyAngleRefusal(hierarchy->world(), options.anyAngle); !error.empty())
      return errorObject(error);
  val o = worldBatchToJS(
      engine, hierarchy, queries, input, paths,
      [&](const WorldHierarchy& h, std::vector<int32_t>& q) {
        if (toNearest) moveGoalsToNearestReachable(h, q, moved);
        engine.findPaths(h, q, options, keepCells, paths);
      },
      &pathBatchToJS<Voxel>);
  if (toNearest && !o.hasOwnProperty("error")) {
    o.set("searched", copyToJS(input.data(), input.size()));
    o.set("snapped", copyToJS(moved.data(), moved.size()));
  }
  return o;
}

// { status: Uint8Array, expanded: Uint32Array, segments: Uint32Array, waypointOffsets: Uint32Array,
//   waypoints: Int32Array, firstSegmentOffsets: Uint32Array, firstSegments: Int32Array }
template <typename Cell>
val planBatchToJS(const PlanBatchResultsOf<Cell>& b) {
  val o = val::object();
  o.set("status", copyToJS(b.status.data(), b.status.size()));
  o.set("expanded", copyToJS(b.expanded.data(), b.expanded.size()));
  o.set("segments", copyToJS(b.segments.data(), b.segments.size()));
  o.set("waypointOffsets", offsetsToJS(b.waypoints));
  o.set("waypoints", cellsToJS(b.waypoints));
  o.set("firstSegmentOffsets", offsetsToJS(b.firstSegments));
  o.set("firstSegments", cellsToJS(b.firstSegments));
  return o;
}

// A block world's plan batch on `engine`, queries as worldPathBatchToJS reads them: planBatchToJS with
// x, y, z cells, or { error }.
inline val worldPlanBatchToJS(BatchSearch& engine, const WorldHierarchy* hierarchy, const val& queries,
                              bool refineFirstSegment, std::vector<int32_t>& input, WorldPlanBatchResults& plans) {
  return worldBatchToJS(
      engine, hierarchy, queries, input, plans,
      [&](const WorldHierarchy& h, const std::vector<int32_t>& q) {
        engine.planPaths(h, q, refineFirstSegment, plans);
      },
      &planBatchToJS<Voxel>);
}

}  // namespace hpastar::bindings
