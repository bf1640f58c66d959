#pragma once
#include <cstdint>
#include <string>

#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"

namespace hpastar {

// The memory a hierarchy of `grid` with `options` will hold, estimated before it is built, from what
// is cheap to know: the level-1 entrances and transitions (one scan of the cluster borders, which gives
// the exact nodes of every level and cluster) and the regions of every cluster (bounded by the cells
// that start one in row-major order). What only the build knows is taken at its worst: every two nodes
// of a cluster joined by an intra-edge (pruning only removes edges), vectors grown by doubling. Cached
// paths are the one guess: a level-1 path is taken as long as the cluster's width plus height, an upper
// one as 2 x clusterGroup + 1 nodes (a winding cluster has longer ones). Measured against
// HierarchyStats::bytes in tests/cpp/hierarchy_memory_test.cpp.
struct HierarchyMemoryEstimate {
  uint64_t hierarchyBytes = 0;  // what HierarchyStats::bytes will count
  uint64_t gridBytes = 0;       // the hierarchy's own copy of the grid (Grid::bytes)
  uint64_t level1Nodes = 0;
  uint64_t topLevelNodes = 0;
  uint64_t total() const { return hierarchyBytes + gridBytes; }
};

HierarchyMemoryEstimate estimateHierarchyMemory(const Grid& grid, const HierarchyOptions& options);

// "" when the estimate's total fits options.memoryBudgetMiB, else the message, with the estimate and
// the budget. Hierarchy::build calls it before it allocates anything of the hierarchy.
std::string checkMemoryBudget(const Grid& grid, const HierarchyOptions& options);

}  // namespace hpastar
