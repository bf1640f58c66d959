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

}  // namespace hpastar
