#pragma once
// Batches of HPA* plans with flat answers: for each query the abstract path's cells (start first, goal
// last) and, when asked for, its first segment refined, so that an agent can start walking as soon as
// the answer arrives. Later segments need no state kept between batches: a segment joins two
// consecutive abstract-path cells, so any thread finds it with an ordinary search between them.
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "batch/CellRuns.h"
#include "grid/Point.h"
#include "hpa/HpaStarQuery.h"
#include "search/PathResult.h"

namespace hpastar {

// One thread's scratch in a plan batch, reused by every query the thread runs (nothing is allocated
// per query once the buffers have grown).
struct PlanBatchScratch {
  PathResult result;
  std::vector<Point> segment;    // the first segment of the query being run
  std::vector<Point> waypoints;  // the abstract paths of the queries this thread ran, one after another
  std::vector<Point> segments;   // their first segments, likewise

  void clear() {
    waypoints.clear();
    segments.clear();
  }
};

// The answers to n plan queries, filled per query index (threads fill disjoint indices).
struct PlanBatchResults {
  std::vector<uint8_t> status;     // PathStatus
  std::vector<uint32_t> expanded;  // start and goal insertion, abstract search, first segment's refinement
  std::vector<uint32_t> segments;  // segments of the plan (as HpaPlan::walkedSegments): 0 when not found
  CellRuns waypoints;              // the abstract path's cells, start first, goal last
  CellRuns firstSegments;          // segment 0 refined, start cell included (none unless asked for)

  size_t count() const { return status.size(); }
  void reset(size_t n);
  void merge(const std::vector<PlanBatchScratch*>& threads);
};

// Plans the queries this thread claims from `next` (query i is queries[4i .. 4i+3]). Writes their
// answers to `out`, their cells to `mine` (thread number `thread`). The first segment is refined as
// HpaStarQuery::nextSegment's first call does, so it equals that first answer on the same hierarchy.
void runPlanQueries(HpaStarQuery& query, std::span<const int32_t> queries, std::atomic<size_t>& next,
                    bool refineFirstSegment, uint32_t thread, PlanBatchScratch& mine, PlanBatchResults& out);

}  // namespace hpastar
