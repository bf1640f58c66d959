#pragma once
// Batches of searches with flat results: the form the worker pool moves between threads (typed arrays,
// no JavaScript object per query or per cell).
#include <emscripten/val.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "bindings/CellRuns.h"
#include "grid/Point.h"
#include "search/PathResult.h"

namespace hpastar::bindings {

// Reads queries packed as [sx, sy, gx, gy, ...] from a JS Int32Array into `out`; "" or the problem.
std::string readQueries(const emscripten::val& queries, std::vector<int32_t>& out);

// One thread's scratch in a batch: the cells of the paths it found, and its reusable result.
struct BatchThreadCells {
  std::vector<Point> cells;
  PathResult result;  // reused by every query of the thread
};

// The answers to n queries. Filled per query index, so several threads may fill disjoint indices.
struct BatchOutput {
  std::vector<uint8_t> status;     // PathStatus
  std::vector<double> cost;        // path length, infinity when not found
  std::vector<uint32_t> expanded;  // nodes expanded, all phases
  CellRuns paths;                  // the cells of each path (none when not found or cells not kept)

  void reset(size_t n);
  // Concatenates the cells of every query, in query order.
  void merge(const std::vector<BatchThreadCells*>& threads);
  // { status: Uint8Array, cost: Float64Array, expanded: Uint32Array, offsets: Uint32Array, cells: Int32Array }
  // (copies); `offsets` counts cells (pairs of the Int32Array).
  emscripten::val toJS() const;
};

// Calls work(i) for each query index this thread claims from `next` (shared by the threads of one
// batch), a few at a time, until all `count` are taken: balanced, with few atomic operations.
template <typename Work>
void forEachClaimedQuery(std::atomic<size_t>& next, size_t count, Work&& work) {
  constexpr size_t kGrab = 4;
  for (;;) {
    const size_t begin = next.fetch_add(kGrab, std::memory_order_relaxed);
    if (begin >= count) return;
    const size_t end = std::min(count, begin + kGrab);
    for (size_t i = begin; i < end; ++i) work(i);
  }
}

// A node count as the uint32 of the batch arrays (saturated).
inline uint32_t clampedCount(uint64_t n) {
  return static_cast<uint32_t>(std::min<uint64_t>(n, std::numeric_limits<uint32_t>::max()));
}

// Runs the queries this thread claims (query i uses queries[4i .. 4i+3]). Writes their answers to
// `out`, and their cells (if `keepCells`) to `mine`, which is thread number `thread`.
// `Query` is any per-thread query object with findPath(Point, Point, PathResult&, const Options&)
// (HpaStarQuery, ShpaStarQuery).
template <typename Query, typename Options>
void runBatchQueries(Query& query, const int32_t* queries, size_t count, std::atomic<size_t>& next,
                     const Options& options, bool keepCells, uint32_t thread, BatchThreadCells& mine,
                     BatchOutput& out) {
  PathResult& r = mine.result;
  forEachClaimedQuery(next, count, [&](size_t i) {
    const int32_t* q = queries + 4 * i;
    r.reset();
    query.findPath(Point{q[0], q[1]}, Point{q[2], q[3]}, r, options);
    out.status[i] = static_cast<uint8_t>(r.status);
    out.cost[i] = r.found() ? r.cost : std::numeric_limits<double>::infinity();
    out.expanded[i] = clampedCount(r.stats.expandedTotal());
    if (keepCells && r.found()) out.paths.record(i, thread, mine.cells, r.cells.data(), r.cells.size());
  });
}

// A whole batch on the calling thread (a planner's own findPaths): runs `queries` (4 ints each) with
// `query`, answers as BatchOutput::toJS(), and gives back the scratch of very large batches so that
// the handle does not keep their peak memory.
template <typename Query, typename Options>
emscripten::val runBatchOnThisThread(Query& query, const std::vector<int32_t>& queries, const Options& options,
                                     bool keepCells, BatchThreadCells& cells, BatchOutput& batch) {
  const size_t count = queries.size() / 4;
  batch.reset(count);
  cells.cells.clear();
  std::atomic<size_t> next{0};
  runBatchQueries(query, queries.data(), count, next, options, keepCells, 0, cells, batch);
  batch.merge({&cells});
  emscripten::val out = batch.toJS();
  if (cells.cells.capacity() > (1u << 20)) std::vector<Point>().swap(cells.cells);
  batch.paths.trim();
  return out;
}

}  // namespace hpastar::bindings
