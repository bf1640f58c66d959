#include "shpa/ShpaMemory.h"

#include <algorithm>

#include "grid/AllocationSize.h"
#include "hpa/ClusterMerge.h"

namespace hpastar {

ShpaMemoryEstimate estimateShpaMemory(const Grid& grid, const ShpaOptions& options) {
  ShpaMemoryEstimate e;
  const int32_t tile = options.initialClusterSize;
  // A pair of passable cells across the tile border east (or south) of (x, y).
  auto eastPair = [&](int32_t x, int32_t y) {
    return (x + 1) % tile == 0 && grid.passable(x, y) && grid.passable(x + 1, y);
  };
  auto southPair = [&](int32_t x, int32_t y) {
    return (y + 1) % tile == 0 && grid.passable(x, y) && grid.passable(x, y + 1);
  };
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) {
      if (!grid.passable(x, y)) continue;
      const bool tileWest = x % tile != 0, tileNorth = y % tile != 0;  // the neighbour is in the same tile
      if (!(tileWest && grid.passable(x - 1, y)) && !(tileNorth && grid.passable(x, y - 1))) ++e.tileParts;
      // A run starts at a pair whose predecessor along the border, in the same tile, is not a pair.
      if (eastPair(x, y)) {
        ++e.borderPairs;
        if (!(tileNorth && eastPair(x, y - 1))) ++e.borderRuns;
      }
      if (southPair(x, y)) {
        ++e.borderPairs;
        if (!(tileWest && southPair(x - 1, y))) ++e.borderRuns;
      }
    }
  const uint64_t cells = static_cast<uint64_t>(grid.cellCount());
  e.mergeBytes = ClusterMerge::peakBytes(cells, e.tileParts, 2 * e.tileParts + 1, options.mergeRules());

  // The graph (ShpaStarGraph::build): the merge's cluster ids and a node id per cell; per cluster (at
  // most the tile parts) a box, a first node and a component; the transitions (two per run at most, one
  // per pair at most, listed from both sides) and the nodes (at most one per transition) with their
  // inter-edge lists.
  const uint64_t clusters = e.tileParts, transitions = 2 * std::min(2 * e.borderRuns, e.borderPairs);
  const uint64_t nodes = transitions;
  uint64_t graph = cells * 2 * sizeof(uint32_t);
  graph += clusters * (sizeof(Rect) + 3 * sizeof(uint32_t)) + sizeof(uint32_t) * grownPeakCapacity(clusters);
  // Per cluster its cells; per component (at most one per cluster) its cells and its label by first cell.
  graph += clusters * (2 * sizeof(uint32_t) + sizeof(uint64_t));
  graph += 2 * sizeof(int32_t) * grownPeakCapacity(transitions) + sizeof(uint32_t) * transitions;
  graph += (sizeof(Point) + sizeof(uint32_t)) * grownPeakCapacity(nodes) + 2 * sizeof(uint32_t) * (nodes + 1);
  e.graphBytes = graph + 16 * kAllocationOverhead;
  return e;
}

}  // namespace hpastar
