#include "batch/PlanBatch.h"

#include <algorithm>

#include "batch/PathBatch.h"
#include "batch/WorldPathBatch.h"

namespace hpastar {

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

void runWorldPlanQueries(WorldHpaQuery& query, std::span<const int32_t> queries, std::atomic<size_t>& next,
                         bool refineFirstSegment, uint32_t thread, WorldPlanBatchScratch& mine,
                         WorldPlanBatchResults& out) {
  WorldHpaPlan& plan = mine.plan;
  forEachClaimedQuery(next, queries.size() / kWorldQueryStride, [&](size_t i) {
    const int32_t* q = queries.data() + kWorldQueryStride * i;
    WorldHpaStats stats;
    out.status[i] = static_cast<uint8_t>(query.plan(Voxel{q[0], q[1], q[2]}, Voxel{q[3], q[4], q[5]}, plan, &stats));
    out.expanded[i] = clampedCount(stats.expandedInsertion + stats.expandedAbstract);  // refining searches nothing
    if (!plan.found()) return;
    out.segments[i] = static_cast<uint32_t>(plan.walkedSegments());
    out.waypoints.record(i, thread, mine.waypoints, plan.waypoints.data(), plan.waypoints.size());
    if (!refineFirstSegment) return;
    mine.segment.clear();
    query.nextSegment(plan, mine.segment);
    out.firstSegments.record(i, thread, mine.segments, mine.segment.data(), mine.segment.size());
  });
}

}  // namespace hpastar
