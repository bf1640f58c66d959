#include "hpa/HierarchyOptionChoice.h"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "hpa/HierarchyMemory.h"
#include "search/NodeDistanceTable.h"

namespace hpastar {

namespace {

// The sides tried for each family, the measured sweet spot first (`hpa scen --algo auto --cluster S
// --passes 3` on the maps of maps/ for DHPA*; for HPA*, `hpa scen --algo hpa --landmarks 16 --cluster S`),
// then the others, nearest first.
// - DHPA*: queries join start and goal and refine edges by reading trees, so bigger clusters cost them
//   little and shrink the abstract graph: 32 (µs per query at 25 → 32, the fastest of 3 passes: den520d
//   6.4 → 4.9, AR0011SR 17.2 → 14.7, brc202d 17.0 → 15.4, maze512-16-0 97 → 76; mean suboptimality
//   within 1 % on all). Not above: 40 is faster still on those maps but its paths are worse (maze512-16-0
//   1.1 %, hrt201n's agents of ground and trees 1.1–1.3 %: fewer, farther transitions that smoothing
//   does not straighten), and a start and goal in one cluster are joined by an A* over it, whose area
//   grows as side² (den520d, mostly short queries: 7.2 µs at 48, 18 at 64).
// - HPA* (no trees): insertion and refinement search inside the clusters, so their cost grows with the
//   cluster's area: 10 (den520d 27 µs at 10 against 58 at 25, arena 7.2 against 45); 16 or 12 where
//   borders fall on walls (8room_000: 136 µs at 16 against 191 at 10). Not above 16: AR0011SR's open
//   borders would pick 25 (a quarter of the nodes), where its queries take 91 µs against 63 at 16.
// - Larger DHPA* sides (48, 64) only where the top level is crowded (below).
constexpr std::array<int32_t, 6> kTreeSides = {32, 25, 40, 20, 48, 64};
constexpr std::array<int32_t, 3> kSearchSides = {10, 16, 12};
std::span<const int32_t> sidesFor(bool trees) { return trees ? std::span<const int32_t>(kTreeSides) : kSearchSides; }
// A side must cut the map's shorter dimension into at least this many clusters (fewer, and most queries
// are one bounded A* over a cluster the size of the map): the preferred side is the first of the list that
// does; on maps too small for any, kSmallMapSide (with trees; without, the side of 10).
constexpr int32_t kMinClustersAcross = 3;
constexpr int32_t kSmallMapSide = 16;
// On an open map the top-level nodes fall as 1 / side (clusters as 1 / side², border per cluster as
// side), so nodes × side measures how much of the border is open. A side replaces the preferred one when
// that measure is at most this share of the preferred one's: its borders fall on the map's walls.
constexpr double kOpenBorderShare = 0.6;
constexpr int32_t kLandmarks = 16;
// A crowded top level: above this many nodes the abstract search is most of a DHPA* query, and a larger
// side (fewer, longer borders) pays while the map stays cut into at least kMinClustersAcrossLarge clusters
// across (fewer, and start and goal often share a cluster: an A* over side² cells) and the hierarchy within
// kLargeSideMemoryMiB (a tree costs 3 bytes per cell per node of its cluster, and a cluster's nodes grow
// with its side). Measured (`node bench/levels.mjs`, bench/results/levels.md): 32 → 64 on maze512-1-0
// (7,625 → 3,561 nodes) 75 → 54 µs, random512-10-0 70 → 51, Expedition 40 → 29; 32 → 48 on Inferno
// (3,296 → 1,941) 63 → 54, maze512-16-0 84 → 67; and on den520d (276 nodes) 48 is slower (5.5 → 8.1).
// A second level instead, or a table on it, measured slower on all but maze512-1-0 (levels.md).
constexpr uint64_t kCrowdedTopLevel = 2000;
constexpr int32_t kMinClustersAcrossLarge = 8;
constexpr uint64_t kLargeSideMemoryMiB = 256;

HierarchyOptions fastOptions(int32_t side, bool trees, TerrainChanges changes) {
  HierarchyOptions o;
  o.clusterSize = side;
  o.levels = 1;
  o.cacheTrees = trees;
  o.landmarks = kLandmarks;
  o.terrainChanges = changes;
  return o;
}

// Larger sides than sides[pick] while its top level (`nodes`) is crowded and the side fits the map
// (clusters across) and the memory: the side reached, its top-level nodes and the entrance spacing that keeps
// transitions along wide entrances as dense as at the side it started from (without it, Expedition's worst
// path at 64 is 18 % longer than optimal, with it 4.7 %: bench/results/levels.md).
struct SideStep {
  size_t pick;
  uint64_t nodes;
  int32_t spacing;
};
SideStep relieveCrowdedTopLevel(const Grid& grid, std::span<const int32_t> sides, size_t pick, uint64_t nodes,
                                TerrainChanges changes) {
  SideStep step{pick, nodes, 0};
  const int32_t across = std::min(grid.width(), grid.height());
  while (step.nodes > kCrowdedTopLevel) {
    size_t next = step.pick;
    for (size_t i = 0; i < sides.size(); ++i)
      if (sides[i] > sides[step.pick] && (next == step.pick || sides[i] < sides[next])) next = i;
    if (next == step.pick || sides[next] * kMinClustersAcrossLarge > across) break;
    HierarchyOptions options = fastOptions(sides[next], true, changes);
    options.entranceSpacing = sides[pick];
    const HierarchyMemoryEstimate estimate = estimateHierarchyMemory(grid, options);
    if (estimate.total() > (kLargeSideMemoryMiB << 20)) break;
    step = SideStep{next, estimate.topLevelNodes, sides[pick]};
  }
  return step;
}

}  // namespace

HierarchyOptionChoice chooseHierarchyOptions(const Grid& grid, TerrainChanges changes, bool trees) {
  const bool table = changes == TerrainChanges::Rarely;
  const std::span<const int32_t> sides = sidesFor(trees);
  const std::string family = trees ? "DHPA* trees" : "no trees (HPA*)";
  HierarchyOptionChoice choice;
  const int32_t across = std::min(grid.width(), grid.height());
  const auto fits = [&](int32_t side) { return side * kMinClustersAcross <= across; };
  const auto firstFit = std::find_if(sides.begin(), sides.end(), fits);
  if (firstFit == sides.end()) {
    const int32_t side = std::min(sides[0], kSmallMapSide);
    choice.options = fastOptions(side, trees, changes);
    choice.options.distanceTable = table;
    choice.topLevelNodes = estimateHierarchyMemory(grid, choice.options).topLevelNodes;
    choice.reason = "cluster " + std::to_string(side) + " (a small map: " + std::to_string(across) +
                    " cells across); " + family + "; " + std::to_string(kLandmarks) + " landmarks; " +
                    (table ? "distance table (terrain changes rarely)" : "no distance table (terrain changes often)");
    return choice;
  }
  std::vector<uint64_t> nodes(sides.size());
  for (size_t i = 0; i < sides.size(); ++i)
    nodes[i] = !fits(sides[i]) ? UINT64_MAX  // too coarse for this map
                               : estimateHierarchyMemory(grid, fastOptions(sides[i], trees, changes)).topLevelNodes;

  const size_t first = static_cast<size_t>(firstFit - sides.begin());
  const int32_t preferred = sides[first];
  size_t pick = first;  // the preferred side
  std::string why = "cluster " + std::to_string(preferred) +
                    (first == 0 ? " (the measured best on open and winding maps)"
                                : " (the largest measured side that cuts the map into " +
                                      std::to_string(kMinClustersAcross) + " clusters across)");
  for (size_t i = first + 1; i < sides.size(); ++i) {
    auto openBorder = [&](size_t k) { return static_cast<double>(nodes[k]) * sides[k]; };
    if (nodes[i] != UINT64_MAX && openBorder(i) <= kOpenBorderShare * openBorder(pick)) {
      pick = i;
      why = "cluster " + std::to_string(sides[i]) + ": " + std::to_string(nodes[i]) + " top-level nodes against " +
            std::to_string(nodes[first]) + " at " + std::to_string(preferred) + " (borders on the map's walls)";
    }
  }
  // A top level the table does not take is crowded: with trees, larger sides with spacing first (the step
  // below), then, for the table, the smallest side that fits it. The step first: on Expedition the table at
  // 64 with spacing answers 17 µs at 0.10 % mean suboptimality (worst 4.7 %) and builds in 0.86 s, at the
  // smallest fitting side (40, no spacing) 15 µs at 0.34 % (worst 7.1 %) and 1.4 s.
  int32_t spacing = 0;
  if (trees && !(table && nodes[pick] <= NodeDistanceTable::kMaxNodes)) {
    const SideStep step = relieveCrowdedTopLevel(grid, sides, pick, nodes[pick], changes);
    if (step.pick != pick) {
      why = "cluster " + std::to_string(sides[step.pick]) + ", entrance spacing " + std::to_string(step.spacing) + ": " +
            std::to_string(step.nodes) + " top-level nodes against " + std::to_string(nodes[pick]) + " at " +
            std::to_string(sides[pick]) + " (a crowded top level)";
      pick = step.pick;
      nodes[pick] = step.nodes;
      spacing = step.spacing;
    }
  }
  // With trees a bigger side costs queries little, so one whose top level fits the table is worth taking;
  // without, the side stays (HPA*'s searches inside bigger clusters would cost more than the table saves).
  if (table && trees && nodes[pick] > NodeDistanceTable::kMaxNodes) {
    for (size_t i = 0; i < sides.size(); ++i) {
      if (nodes[i] <= NodeDistanceTable::kMaxNodes) {
        pick = i;
        spacing = 0;
        why = "cluster " + std::to_string(sides[i]) + ": the smallest side near " + std::to_string(preferred) +
              " whose " + std::to_string(nodes[i]) + " top-level nodes fit the distance table";
        break;
      }
    }
  }
  choice.options = fastOptions(sides[pick], trees, changes);
  choice.options.entranceSpacing = spacing;
  choice.options.distanceTable = table && nodes[pick] <= NodeDistanceTable::kMaxNodes;
  choice.topLevelNodes = nodes[pick];
  choice.reason =
      why + "; " + family + "; " + std::to_string(kLandmarks) + " landmarks; " +
      (choice.options.distanceTable ? "distance table (terrain changes rarely)"
       : table ? "no distance table (" + std::to_string(nodes[pick]) + " top-level nodes, the table takes " +
                     std::to_string(NodeDistanceTable::kMaxNodes) + ")"
               : "no distance table (terrain changes often)");
  return choice;
}

uint64_t hierarchyChoiceScratch(const Grid& grid) {
  uint64_t most = hierarchyEstimateScratch(grid, fastOptions(kSmallMapSide, true, TerrainChanges::Often));
  for (bool trees : {true, false})
    for (int32_t side : sidesFor(trees))
      most = std::max(most, hierarchyEstimateScratch(grid, fastOptions(side, trees, TerrainChanges::Often)));
  return most;
}

}  // namespace hpastar
