#pragma once
#include <cstdint>

#include "grid/Grid.h"
#include "shpa/ShpaOptions.h"

namespace hpastar {

// The memory an SHPA* build of `grid` with `options` needs at its peak, estimated before it is built from
// one pass over the cells, as hpa/HierarchyMemory does for HPA*. The counts are bounded from the tiles
// the merge starts from: the tile parts (cells that begin a 4-connected part of their tile in row-major
// order), and the passable cell pairs across tile edges with their runs along each edge. Clusters are
// unions of tile parts, so they meet only across tile edges, and a run between two clusters is a union
// of those runs: each gives at most two transitions (and at most one per pair), seen from both sides,
// and a node per transition at most. The merge queue
// holds at most two entries per tile part (ClusterMerge drops its stale entries). The build runs in
// two phases (the greedy merge, then the graph over its clusters) and the estimate is the larger.
// Measured against real builds in tests/cpp/peak_memory/peak_memory_test.cpp.
struct ShpaMemoryEstimate {
  uint64_t tileParts = 0;    // clusters the merge starts from, at most
  uint64_t borderPairs = 0;  // passable cell pairs across tile edges
  uint64_t borderRuns = 0;   // their runs along each tile edge
  uint64_t mergeBytes = 0;   // the merge (ClusterMerge::build), its result included
  uint64_t graphBytes = 0;   // the graph's arrays and the scratch that makes them
  uint64_t buildPeak() const { return mergeBytes > graphBytes ? mergeBytes : graphBytes; }
};

ShpaMemoryEstimate estimateShpaMemory(const Grid& grid, const ShpaOptions& options);

}  // namespace hpastar
