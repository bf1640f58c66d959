#pragma once
// The batch engine: many queries over one read-only snapshot of a planner's data, spread over a fixed
// set of threads. The wasm bindings (one thread, or the pthread build's pool), the `hpa` tool
// (--threads) and the benchmarks all run their batches here.
//
// A batch reads the version it was given from start to end (its caller holds a snapshot of it): terrain
// edits published meanwhile (VersionedHierarchy) never reach it. Each thread owns its query objects and
// scratch, kept between batches and pointed at each batch's snapshot, so that a warm engine allocates
// nothing per query. Snapshots are not kept after a batch.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "batch/PathBatch.h"
#include "batch/PlanBatch.h"
#include "batch/SearchThreads.h"
#include "batch/WorldPathBatch.h"
#include "grid/Agent.h"
#include "grid/Grid.h"
#include "haa/AnnotatedHierarchy.h"
#include "haa/HaaStarQuery.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"

namespace hpastar {

class BatchSearch {
 public:
  // `threads` search threads; 1 runs every batch on the calling thread (no thread is made).
  explicit BatchSearch(int threads = 1);
  ~BatchSearch();
  BatchSearch(const BatchSearch&) = delete;
  BatchSearch& operator=(const BatchSearch&) = delete;

  int threads() const { return static_cast<int>(workers_.size()); }

  // Whole paths: `queries` packs (sx, sy, gx, gy) per query; `out` gets one answer per query, cells
  // only if `keepCells`.
  // The caller holds `hierarchy` (a snapshot) until the call returns.
  void findPaths(const Hierarchy& hierarchy, std::span<const int32_t> queries, const HpaQueryOptions& options,
                 bool keepCells, PathBatchResults& out);
  void findPaths(const std::shared_ptr<const ShpaStarGraph>& graph, std::span<const int32_t> queries,
                 const ShpaQueryOptions& options, bool keepCells, PathBatchResults& out);
  // HAA* for one agent: every query of the batch is for `agent` (which the caller has checked with
  // AnnotatedHierarchy::checkAgent; an agent it does not serve answers StartInvalid everywhere).
  void findPaths(const AnnotatedHierarchy& hierarchy, std::span<const int32_t> queries, const Agent& agent,
                 bool keepCells, PathBatchResults& out);
  // HPA* on a block world: `queries` packs (sx, sy, sz, gx, gy, gz) per query. The caller holds
  // `hierarchy` unchanged (no applyBlockChanges) until the call returns.
  void findPaths(const WorldHierarchy& hierarchy, std::span<const int32_t> queries, const WorldHpaQueryOptions& options,
                 bool keepCells, WorldPathBatchResults& out);
  // Optimal A* on a grid (the baseline, batched the same way).
  void findPaths(const Grid& grid, std::span<const int32_t> queries, bool keepCells, PathBatchResults& out);
  // HPA* plans: abstract paths and, if asked, their first segments refined.
  void planPaths(const Hierarchy& hierarchy, std::span<const int32_t> queries, bool refineFirstSegment,
                 PlanBatchResults& out);
  // The same on a block world, queries packed as its findPaths' (the hierarchy held unchanged likewise).
  void planPaths(const WorldHierarchy& hierarchy, std::span<const int32_t> queries, bool refineFirstSegment,
                 WorldPlanBatchResults& out);

  // The HPA* query object of thread 0, pointed at `hierarchy`: what a single-threaded owner uses for
  // its one-off searches, so that it keeps one set of scratch. The caller holds `hierarchy` while
  // the query reads it.
  HpaStarQuery& hpaQuery(const Hierarchy& hierarchy);

  // The same for HAA* (the caller holds `hierarchy` while the query reads it).
  HaaStarQuery& haaQuery(const AnnotatedHierarchy& hierarchy);

  // The same for a block world's HPA* (the caller holds `hierarchy` while the query reads it).
  WorldHpaQuery& worldQuery(const WorldHierarchy& hierarchy);

  // The same for SHPA* (its graph never changes; the query keeps it alive).
  ShpaStarQuery& shpaQuery(const std::shared_ptr<const ShpaStarGraph>& graph);

  // Gives back the memory of very large batches (their cells), so that it is not kept for good.
  void trim(PathBatchResults& out);
  void trim(PlanBatchResults& out);
  void trim(WorldPlanBatchResults& out);
  void trim(WorldPathBatchResults& out);

  // Calls task(t) on search thread t for every t (on the calling thread when there is one), and
  // returns when all have: how a caller reaches the threads themselves (the wasm bindings' fault
  // injection for the pool's tests makes one of them trap).
  void onEveryThread(const std::function<void(uint32_t)>& task);

 private:
  struct Worker;
  void run(const std::function<void(Worker&, uint32_t)>& task);
  // A plan batch of `count` queries: plan(worker, next, thread) on every thread, each with its `scratch`
  // cleared first, then the cells joined.
  template <typename Results, typename Scratch, typename Plan>
  void runPlans(size_t count, Scratch Worker::*scratch, Results& out, Plan plan);
  template <typename Results, typename Scratch>
  void trimPlans(Scratch Worker::*scratch, Results& out);
  template <typename Pick, typename Options>
  void runPaths(std::span<const int32_t> queries, const Options& options, bool keepCells, PathBatchResults& out,
                Pick pick);

  std::vector<std::unique_ptr<Worker>> workers_;
  std::optional<SearchThreads> threads_;  // only with more than one thread
};

}  // namespace hpastar
