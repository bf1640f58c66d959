#pragma once
// Batches of HPA* plans with flat results: for each query the abstract path's cells (start first, goal
// last) and, when asked for, its first segment refined, so that an agent can start walking as soon as
// the answer arrives. This is what the worker pool's plan jobs run: crowds plan off the main thread.
// Later segments need no state kept between jobs: a segment joins two consecutive abstract-path cells,
// so any thread finds it with an ordinary search between them.
#include <emscripten/val.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "bindings/CellRuns.h"
#include "grid/Point.h"
#include "planners/HpaStarQuery.h"
#include "search/PathResult.h"

namespace hpastar::bindings {

// One thread's scratch in a plan batch, reused by every query the thread runs (nothing is allocated
// per query once the buffers have grown).
struct PlanThreadScratch {
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
struct PlanBatchOutput {
  std::vector<uint8_t> status;     // PathStatus
  std::vector<uint32_t> expanded;  // start and goal insertion, abstract search, first segment's refinement
  std::vector<uint32_t> segments;  // segments of the plan (as PathPlan.segmentCount): 0 when not found
  CellRuns waypoints;              // the abstract path's cells, start first, goal last
  CellRuns firstSegments;          // segment 0 refined, start cell included (none unless asked for)

  void reset(size_t n);
  void merge(const std::vector<PlanThreadScratch*>& threads);
  // { status: Uint8Array, expanded: Uint32Array, segments: Uint32Array, waypointOffsets: Uint32Array,
  //   waypoints: Int32Array, firstSegmentOffsets: Uint32Array, firstSegments: Int32Array } (copies);
  // offsets count cells (pairs of the Int32Arrays), n + 1 entries each.
  emscripten::val toJS() const;
};

// Plans queries taken from `next` (shared by the threads of one batch) until none is left: query i is
// queries[4i .. 4i+3] = sx, sy, gx, gy. Writes the answers of the queries it takes to `out`, their cells
// to `mine` (thread number `thread`). The first segment is refined as HpaPathCursor's first step does,
// so it equals PathPlan.nextSegment()'s first answer on the same hierarchy.
void runBatchPlans(HpaStarQuery& query, const int32_t* queries, size_t count, std::atomic<size_t>& next,
                   bool refineFirstSegment, uint32_t thread, PlanThreadScratch& mine, PlanBatchOutput& out);

}  // namespace hpastar::bindings
