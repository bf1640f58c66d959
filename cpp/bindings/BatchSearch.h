#pragma once
// Batches of searches with flat results: the form the worker pool moves between threads (typed arrays,
// no JavaScript object per query or per cell).
#include <emscripten/val.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "grid/Point.h"
#include "planners/HpaStarQuery.h"

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
  std::vector<uint32_t> length;    // cells in the path (0 when not found or cells not kept)
  std::vector<uint32_t> source;    // which thread's BatchThreadCells holds the cells
  std::vector<uint32_t> start;     // where they start there
  // After merge(): offsets[i]..offsets[i+1] are query i's cells in `cells` (n + 1 entries).
  std::vector<uint32_t> offsets;
  std::vector<Point> cells;

  void reset(size_t n);
  // Concatenates the cells of every query, in query order.
  void merge(const std::vector<BatchThreadCells*>& threads);
  // { status: Uint8Array, cost: Float64Array, expanded: Uint32Array, offsets: Uint32Array, cells: Int32Array }
  // (copies); `offsets` counts cells (pairs of the Int32Array).
  emscripten::val toJS() const;
};

// Runs queries taken from `next` (shared by the threads of one batch, advanced a few at a time) until
// none is left: query i uses queries[4i .. 4i+3]. Writes the answers of the queries it takes to `out`,
// and their cells (if `keepCells`) to `mine`, which is thread number `thread`.
void runBatchQueries(HpaStarQuery& query, const int32_t* queries, size_t count, std::atomic<size_t>& next,
                     const HpaQueryOptions& options, bool keepCells, uint32_t thread, BatchThreadCells& mine,
                     BatchOutput& out);

}  // namespace hpastar::bindings
