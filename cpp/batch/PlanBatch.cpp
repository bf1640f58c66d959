#include "batch/PlanBatch.h"

#include <algorithm>

#include "batch/PathBatch.h"

namespace hpastar {

void PlanBatchResults::reset(size_t n) {
  status.assign(n, static_cast<uint8_t>(PathStatus::NoPath));
  expanded.assign(n, 0);
  segments.assign(n, 0);
  waypoints.reset(n);
  firstSegments.reset(n);
}

void PlanBatchResults::merge(const std::vector<PlanBatchScratch*>& threads) {
  std::vector<const std::vector<Point>*> waypointCells, segmentCells;
  waypointCells.reserve(threads.size());
  segmentCells.reserve(threads.size());
  for (const PlanBatchScratch* t : threads) {
    waypointCells.push_back(&t->waypoints);
    segmentCells.push_back(&t->segments);
  }
  waypoints.merge(waypointCells);
  firstSegments.merge(segmentCells);
}

void runPlanQueries(HpaStarQuery& query, std::span<const int32_t> queries, std::atomic<size_t>& next,
                    bool refineFirstSegment, uint32_t thread, PlanBatchScratch& mine, PlanBatchResults& out) {
  PathResult& r = mine.result;
  forEachClaimedQuery(next, queries.size() / 4, [&](size_t i) {
    const int32_t* q = queries.data() + 4 * i;
    r.reset();
    query.plan(Point{q[0], q[1]}, Point{q[2], q[3]}, r);
    out.status[i] = static_cast<uint8_t>(r.status);
    if (r.found()) {
      // A plan whose start is its goal has no segment to refine, but walks one: the start cell.
      out.segments[i] = static_cast<uint32_t>(std::max<size_t>(1, query.segmentCount()));
      out.waypoints.record(i, thread, mine.waypoints, r.cells.data(), r.cells.size());
      if (refineFirstSegment) {
        mine.segment.clear();
        mine.segment.push_back(query.planStart());
        query.refineSegment(0, mine.segment, r.stats);
        out.firstSegments.record(i, thread, mine.segments, mine.segment.data(), mine.segment.size());
      }
    }
    out.expanded[i] = clampedCount(r.stats.expandedTotal());
  });
}

}  // namespace hpastar
