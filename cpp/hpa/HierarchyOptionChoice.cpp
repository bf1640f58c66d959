#include "hpa/HierarchyOptionChoice.h"

#include <algorithm>
#include <array>

#include "hpa/HierarchyMemory.h"
#include "hpa/NodeDistanceTable.h"

namespace hpastar {

namespace {

// The measured sweet spot first (bench/results/default-options.md), then the sides tried when it does
// not suit the map, nearest first.
constexpr std::array<int32_t, 5> kSides = {25, 32, 20, 40, 48};
constexpr int32_t kPreferredSide = 25;
// A side must cut the map's shorter dimension into at least this many clusters (fewer, and most queries
// are one bounded A* over a cluster the size of the map); on maps too small for any, kSmallMapSide.
constexpr int32_t kMinClustersAcross = 3;
constexpr int32_t kSmallMapSide = 16;
// On an open map the top-level nodes fall as 1 / side (clusters as 1 / side², border per cluster as
// side), so nodes × side measures how much of the border is open. A side replaces the preferred one when
// that measure is at most this share of the preferred one's: its borders fall on the map's walls.
constexpr double kOpenBorderShare = 0.6;
constexpr int32_t kLandmarks = 16;

HierarchyOptions fastOptions(int32_t side, int32_t levels, TerrainChanges changes) {
  HierarchyOptions o;
  o.clusterSize = side;
  o.levels = levels;
  o.cacheTrees = true;
  o.landmarks = kLandmarks;
  o.terrainChanges = changes;
  return o;
}

}  // namespace

HierarchyOptionChoice chooseHierarchyOptions(const Grid& grid, TerrainChanges changes) {
  const bool table = changes == TerrainChanges::Rarely;
  HierarchyOptionChoice choice;
  const int32_t across = std::min(grid.width(), grid.height());
  if (kPreferredSide * kMinClustersAcross > across) {
    choice.options = fastOptions(kSmallMapSide, 1, changes);
    choice.options.distanceTable = table;
    choice.topLevelNodes = estimateHierarchyMemory(grid, choice.options).topLevelNodes;
    choice.reason = "cluster " + std::to_string(kSmallMapSide) + " (a small map: " + std::to_string(across) +
                    " cells across); DHPA* trees; " + std::to_string(kLandmarks) + " landmarks; " +
                    (table ? "distance table (terrain changes rarely)" : "no distance table (terrain changes often)");
    return choice;
  }
  std::array<uint64_t, kSides.size()> nodes{};
  for (size_t i = 0; i < kSides.size(); ++i)
    nodes[i] = kSides[i] * kMinClustersAcross > across
                   ? UINT64_MAX  // too coarse for this map
                   : estimateHierarchyMemory(grid, fastOptions(kSides[i], 1, changes)).topLevelNodes;

  size_t pick = 0;  // kPreferredSide
  std::string why = "cluster " + std::to_string(kPreferredSide) + " (the measured best on open and winding maps)";
  for (size_t i = 1; i < kSides.size(); ++i) {
    auto openBorder = [&](size_t k) { return static_cast<double>(nodes[k]) * kSides[k]; };
    if (nodes[i] != UINT64_MAX && openBorder(i) <= kOpenBorderShare * openBorder(pick)) {
      pick = i;
      why = "cluster " + std::to_string(kSides[i]) + ": " + std::to_string(nodes[i]) + " top-level nodes against " +
            std::to_string(nodes[0]) + " at " + std::to_string(kPreferredSide) + " (borders on the map's walls)";
    }
  }
  if (table && nodes[pick] > NodeDistanceTable::kMaxNodes) {
    for (size_t i = 0; i < kSides.size(); ++i) {
      if (nodes[i] <= NodeDistanceTable::kMaxNodes) {
        pick = i;
        why = "cluster " + std::to_string(kSides[i]) + ": the smallest side near " + std::to_string(kPreferredSide) +
              " whose " + std::to_string(nodes[i]) + " top-level nodes fit the distance table";
        break;
      }
    }
  }
  choice.options = fastOptions(kSides[pick], 1, changes);
  choice.options.distanceTable = table && nodes[pick] <= NodeDistanceTable::kMaxNodes;
  choice.topLevelNodes = nodes[pick];
  choice.reason =
      why + "; DHPA* trees; " + std::to_string(kLandmarks) + " landmarks; " +
      (choice.options.distanceTable ? "distance table (terrain changes rarely)"
       : table ? "no distance table (" + std::to_string(nodes[pick]) + " top-level nodes, the table takes " +
                     std::to_string(NodeDistanceTable::kMaxNodes) + ")"
               : "no distance table (terrain changes often)");
  return choice;
}

uint64_t hierarchyChoiceScratch(const Grid& grid) {
  uint64_t most = hierarchyEstimateScratch(grid, fastOptions(kSmallMapSide, 1, TerrainChanges::Often));
  for (int32_t side : kSides)
    most = std::max(most, hierarchyEstimateScratch(grid, fastOptions(side, 1, TerrainChanges::Often)));
  return most;
}

}  // namespace hpastar
