#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"
#include "hpa/MergedClusters.h"

namespace hpastar {

// The memory a hierarchy of `grid` with `options` will hold, estimated before it is built, from what
// is cheap to know: the level-1 entrances and transitions (one scan of the cluster borders, which gives
// the exact nodes of every level and cluster) and the regions of every cluster (bounded by the cells
// that start one in row-major order). What only the build knows is taken at its worst: every two nodes
// of a cluster joined by an intra-edge (pruning only removes edges), vectors grown by doubling. Cached
// paths are the one guess: a level-1 path is taken as long as the cluster's width plus height, an upper
// one as 2 x clusterGroup + 1 nodes (a winding cluster has longer ones). Measured against
// HierarchyStats::bytes in tests/cpp/hierarchy_memory_test.cpp.
//
// buildPeak() adds what the build needs besides the data it keeps, at its worst moment: the allocator's
// headers (grid/AllocationSize.h) and the scratch of the build (the level-1 plan of every cluster, the
// node tables' last doubling, the searches and edge lists of the largest cluster, the abstract searches
// of the upper levels, the landmarks and the distance table), each counted from the same figures. The
// wasm bindings grow the heap by it before a build; measured against the allocations of real builds in
// tests/cpp/peak_memory/peak_memory_test.cpp.
struct HierarchyMemoryEstimate {
  uint64_t hierarchyBytes = 0;  // what HierarchyStats::bytes will count
  uint64_t gridBytes = 0;       // the hierarchy's own copy of the grid (Grid::bytes)
  uint64_t level1Nodes = 0;
  uint64_t topLevelNodes = 0;
  uint64_t overheadBytes = 0;  // allocation headers and shared-pointer control blocks of what is kept
  uint64_t scratchBytes = 0;   // the most the build holds at once besides what it keeps
  uint64_t total() const { return hierarchyBytes + gridBytes; }
  uint64_t buildPeak() const { return total() + overheadBytes + scratchBytes; }
};

// With merged clusters (options.mergedClusterSide), `cutting` is the cutting the build will use; null: the
// estimate makes it as the build would.
HierarchyMemoryEstimate estimateHierarchyMemory(const Grid& grid, const HierarchyOptions& options,
                                                std::shared_ptr<const MergedClusters> cutting = nullptr);
// At most the bytes estimateHierarchyMemory itself allocates (its entrances and transitions along the
// level-1 borders, and its figures per cluster), from a scan of the borders that allocates nothing: the
// bindings make room for it before estimating.
uint64_t hierarchyEstimateScratch(const Grid& grid, const HierarchyOptions& options);

// "" when the estimate's total fits options.memoryBudgetMiB, else the message, with the estimate and
// the budget. Hierarchy::build calls it before it allocates anything of the hierarchy.
std::string checkMemoryBudget(const Grid& grid, const HierarchyOptions& options,
                              std::shared_ptr<const MergedClusters> cutting = nullptr);
// The same for an estimate already made (of the same grid and options).
std::string checkMemoryBudget(const HierarchyMemoryEstimate& estimate, const HierarchyOptions& options);

// At most the bytes deserializeHierarchy(bytes) allocates (the bytes themselves not counted), from the
// sizes the bytes declare: the grid, every stored list (as wide in memory as in the bytes), the blocks'
// headers, and the tables the loader derives (edge index, components, landmarks, distance table) with
// the searches that compute them. 0 for bytes the loader refuses before allocating (no magic, another
// version, truncated). Measured against real loads in tests/cpp/peak_memory/peak_memory_test.cpp.
uint64_t estimateLoadMemory(std::span<const uint8_t> bytes);

}  // namespace hpastar
