#pragma once
#include <cstdint>
#include <vector>

#include "grid/Point.h"
#include "hpa/EntranceScanner.h"
#include "hpa/Hierarchy.h"
#include "search/SearchTrace.h"

namespace hpastar {

// How a hierarchy's level 1 is built, phase by phase, for seeing and teaching it (the demo's Learn
// mode): the entrances the scanner finds on the cluster borders and the transitions it makes of each,
// and, per cluster, the searches that find its intra-edges. Each is computed again by the functions the
// build runs (EntranceScanner, DijkstraSearch over the cluster from each node), on the hierarchy's
// current grid and options, so that it shows the build as it is; nothing is kept from the build itself.

// One entrance (a maximal run of border positions free on both sides) and the transitions made of it:
// one in the middle when narrower than the entrance width, else one at each end.
struct EntranceExport {
  Entrance entrance;
  std::vector<Transition> transitions;
};

// Every entrance on the borders between level-1 clusters, in the scanner's order.
std::vector<EntranceExport> exportEntrances(const Hierarchy& h);

// The intra-edge searches of one level-1 cluster: one Dijkstra per node of the cluster (in the order of
// its nodes), over the cluster's cells, stopping as the build does once the later nodes are settled
// (DHPA*: the whole cluster, the node's tree). `searches[i]` is the search from `nodes[i]`; the last
// node has no search of its own unless trees are kept (its edges were found from the others).
struct ClusterBuildExport {
  int32_t cluster = 0;
  std::vector<Point> nodes;
  std::vector<TracedSearch> searches;
  // The cluster's intra-edges in the built graph (after pruning), each once: positions in `nodes`.
  std::vector<uint32_t> edgeFrom, edgeTo;
  std::vector<double> edgeCost;
};

// `cluster` must be a level-1 cluster of `h` (the caller checks the range).
ClusterBuildExport exportClusterBuild(const Hierarchy& h, int32_t cluster);

// DHPA*'s cached shortest-path tree of one level-1 node (Kring et al. 2010, Figure 1): for every cell
// of the node's level-1 cluster, its distance to the node inside the cluster and the direction of its
// next step towards it, as the hierarchy stores them (Hierarchy::treeStep).
struct NodeTreeExport {
  Point node;
  Rect area;                      // the node's level-1 cluster
  std::vector<float> distance;    // per cell of `area`, row by row; -1 where the node is not reached
  std::vector<int8_t> direction;  // per cell: the next step (0..7, Moves.h: 0 up, clockwise), -1 none
};

// `node` must be a node of `h`, built with cacheTrees (the caller checks both).
NodeTreeExport exportNodeTree(const Hierarchy& h, uint32_t node);

// The node whose cell is `cell` (inside the map), or Hierarchy::kNone.
uint32_t nodeAtCell(const Hierarchy& h, Point cell);

}  // namespace hpastar
