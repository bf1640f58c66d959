#pragma once
// Batches of whole-path searches with flat answers: per query a status, a cost, the nodes expanded and
// (when kept) the cells, in arrays indexed by query. Several threads fill disjoint queries; their cells
// are joined in query order at the end (CellRuns).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "batch/CellRuns.h"
#include "grid/Point.h"
#include "search/PathResult.h"

namespace hpastar {

// One thread's scratch in a batch: the cells of the paths it found, and its reusable result.
struct PathBatchScratch {
  std::vector<Point> cells;
  PathResult result;  // reused by every query of the thread
};

// The answers to n queries. Filled per query index, so several threads may fill disjoint indices.
// `Cell` is Point on grids, Voxel on block worlds (WorldPathBatch.h).
template <typename Cell>
struct PathBatchResultsOf {
  std::vector<uint8_t> status;     // PathStatus
  std::vector<double> cost;        // path length, infinity when not found
  std::vector<uint32_t> expanded;  // nodes expanded, all phases
  CellRunsOf<Cell> paths;          // the cells of each path (none when not found or cells not kept)

  size_t count() const { return status.size(); }
  void reset(size_t n) {
    status.assign(n, static_cast<uint8_t>(PathStatus::NoPath));
    cost.assign(n, std::numeric_limits<double>::infinity());
    expanded.assign(n, 0);
    paths.reset(n);
  }
  // Concatenates the cells of every query, in query order; `threads` are the threads' scratch (each
  // with its `cells`).
  template <typename Scratch>
  void merge(const std::vector<Scratch*>& threads) {
    std::vector<const std::vector<Cell>*> cells;
    cells.reserve(threads.size());
    for (const Scratch* t : threads) cells.push_back(&t->cells);
    paths.merge(cells);
  }
};

using PathBatchResults = PathBatchResultsOf<Point>;

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

// Runs the queries this thread claims (query i is queries[4i .. 4i+3] = sx, sy, gx, gy). Writes their
// answers to `out`, and their cells (if `keepCells`) to `mine`, which is thread number `thread`.
// `Query` is any per-thread query object with findPath(Point, Point, PathResult&, const Options&).
template <typename Query, typename Options>
void runPathQueries(Query& query, std::span<const int32_t> queries, std::atomic<size_t>& next, const Options& options,
                    bool keepCells, uint32_t thread, PathBatchScratch& mine, PathBatchResults& out) {
  PathResult& r = mine.result;
  forEachClaimedQuery(next, queries.size() / 4, [&](size_t i) {
    const int32_t* q = queries.data() + 4 * i;
    r.reset();
    query.findPath(Point{q[0], q[1]}, Point{q[2], q[3]}, r, options);
    out.status[i] = static_cast<uint8_t>(r.status);
    out.cost[i] = r.found() ? r.cost : std::numeric_limits<double>::infinity();
    out.expanded[i] = clampedCount(r.stats.expandedTotal());
    if (keepCells && r.found()) out.paths.record(i, thread, mine.cells, r.cells.data(), r.cells.size());
  });
}

}  // namespace hpastar
