#pragma once
// Batches of whole-path searches on a block world, with the flat answers of PathBatch.h: per query a
// status, a cost, the nodes expanded and (when kept) the cells, which are Voxels here. A query is six
// numbers, sx, sy, sz, gx, gy, gz.
#include <atomic>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "batch/PathBatch.h"
#include "world/Blocks.h"
#include "world/WorldAStar.h"

namespace hpastar {

// Numbers per query of a world batch.
inline constexpr size_t kWorldQueryStride = 6;

// One thread's scratch in a world batch: the cells of the paths it found, and its reusable result.
struct WorldPathBatchScratch {
  std::vector<Voxel> cells;
  WorldPath result;  // reused by every query of the thread
};

using WorldPathBatchResults = PathBatchResultsOf<Voxel>;

// Runs the queries this thread claims (query i is queries[6i .. 6i+5]), as runPathQueries does on grids.
// `Query` has findPath(Voxel, Voxel, WorldPath&, const Options&) (WorldHpaQuery).
template <typename Query, typename Options>
void runWorldPathQueries(Query& query, std::span<const int32_t> queries, const Options& options,
                         std::atomic<size_t>& next, bool keepCells, uint32_t thread, WorldPathBatchScratch& mine,
                         WorldPathBatchResults& out) {
  WorldPath& r = mine.result;
  forEachClaimedQuery(next, queries.size() / kWorldQueryStride, [&](size_t i) {
    const int32_t* q = queries.data() + kWorldQueryStride * i;
    query.findPath(Voxel{q[0], q[1], q[2]}, Voxel{q[3], q[4], q[5]}, r, options);
    out.status[i] = static_cast<uint8_t>(r.status);
    out.cost[i] = r.found() ? r.cost : std::numeric_limits<double>::infinity();
    out.expanded[i] = clampedCount(r.expanded);
    if (keepCells && r.found()) out.paths.record(i, thread, mine.cells, r.cells.data(), r.cells.size());
  });
}

}  // namespace hpastar
