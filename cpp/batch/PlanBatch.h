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
#include "world/WorldHpaQuery.h"

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

// One thread's scratch in a block world's plan batch: the plan it reuses, and the cells as above.
struct WorldPlanBatchScratch {
  WorldHpaPlan plan;
  std::vector<Voxel> segment, waypoints, segments;

  void clear() {
    waypoints.clear();
    segments.clear();
  }
};

// The answers to n plan queries, filled per query index (threads fill disjoint indices). `Cell` is
// Point on grids, Voxel on block worlds.
template <typename Cell>
struct PlanBatchResultsOf {
  std::vector<uint8_t> status;     // PathStatus
  std::vector<uint32_t> expanded;  // start and goal insertion, abstract search, first segment's refinement
  std::vector<uint32_t> segments;  // segments of the plan (as HpaPlan::walkedSegments): 0 when not found
  CellRunsOf<Cell> waypoints;      // the abstract path's cells, start first, goal last
  CellRunsOf<Cell> firstSegments;  // segment 0 refined, start cell included (none unless asked for)

  size_t count() const { return status.size(); }
  void reset(size_t n) {
    status.assign(n, static_cast<uint8_t>(PathStatus::NoPath));
    expanded.assign(n, 0);
    segments.assign(n, 0);
    waypoints.reset(n);
    firstSegments.reset(n);
  }
  // Joins the cells the threads recorded; `threads` are their scratch (each with waypoints and segments).
  template <typename Scratch>
  void merge(const std::vector<Scratch*>& threads) {
    std::vector<const std::vector<Cell>*> waypointCells, segmentCells;
    for (const Scratch* t : threads) {
      waypointCells.push_back(&t->waypoints);
      segmentCells.push_back(&t->segments);
    }
    waypoints.merge(waypointCells);
    firstSegments.merge(segmentCells);
  }
};

using PlanBatchResults = PlanBatchResultsOf<Point>;
using WorldPlanBatchResults = PlanBatchResultsOf<Voxel>;

// Plans the queries this thread claims from `next` (query i is queries[4i .. 4i+3]). Writes their
// answers to `out`, their cells to `mine` (thread number `thread`). The first segment is refined as
// HpaStarQuery::nextSegment's first call does, so it equals that first answer on the same hierarchy.
void runPlanQueries(HpaStarQuery& query, std::span<const int32_t> queries, std::atomic<size_t>& next,
                    bool refineFirstSegment, uint32_t thread, PlanBatchScratch& mine, PlanBatchResults& out);

// The same on a block world (query i is queries[6i .. 6i+5]): the first segment is the first answer of
// WorldHpaQuery::nextSegment for the plan.
void runWorldPlanQueries(WorldHpaQuery& query, std::span<const int32_t> queries, std::atomic<size_t>& next,
                         bool refineFirstSegment, uint32_t thread, WorldPlanBatchScratch& mine,
                         WorldPlanBatchResults& out);

}  // namespace hpastar
