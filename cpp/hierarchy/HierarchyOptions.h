#pragma once
#include <cstdint>
#include <string>

#include "grid/Point.h"

namespace hpastar {

// How an HPA* hierarchy is cut. The defaults are the paper's.
struct HierarchyOptions {
  int32_t clusterSize = 10;    // side of a level-1 cluster, in cells
  int32_t levels = 1;          // abstract levels above the grid (the paper's "L-1" is 1)
  int32_t clusterGroup = 2;    // an l-cluster groups clusterGroup × clusterGroup (l-1)-clusters
  int32_t entranceWidth = 6;   // entrances narrower than this get one transition in the middle, others one per end
  bool cachePaths = false;     // keep the path of every intra-edge (refinement by table lookup): cells at
                               // level 1, nodes of the level below at higher levels
  bool cacheTrees = false;     // DHPA*: keep every node's shortest-path tree over its level-1 cluster
  bool pruneEdges = true;      // leave out intra-edges a–c when another node lies on a shortest a–c path
                               // (same distances, fewer edges to relax; false = the paper's complete graphs)
  int32_t landmarks = 0;       // landmarks of the top level's differential heuristic (LandmarkTable), 0 = off;
                               // much faster long searches on winding maps, but every terrain change then
                               // recomputes them (one Dijkstra per landmark over the top-level graph)
  bool distanceTable = false;  // exact distances between every two top-level nodes (NodeDistanceTable): the
                               // abstract path is read off it, no search. N² floats for N nodes, recomputed
                               // by every terrain change (one Dijkstra per node); left out above 4096 nodes

  static constexpr int32_t kMaxLevels = 8;

  // Empty when valid, else what is wrong (names the field and the value).
  std::string validate() const {
    if (clusterSize < 2 || clusterSize > 1024)
      return "cluster size " + std::to_string(clusterSize) + " is outside 2..1024";
    if (levels < 1 || levels > kMaxLevels)
      return "levels " + std::to_string(levels) + " is outside 1.." + std::to_string(kMaxLevels);
    if (clusterGroup < 2 || clusterGroup > 16)
      return "cluster group " + std::to_string(clusterGroup) + " is outside 2..16";
    if (entranceWidth < 1) return "entrance width " + std::to_string(entranceWidth) + " is below 1";
    if (landmarks < 0 || landmarks > 32) return "landmarks " + std::to_string(landmarks) + " is outside 0..32";
    if (cacheTrees && clusterSize > 255)
      return "cluster size " + std::to_string(clusterSize) +
             " is above 255, the limit with shortest-path trees (DHPA*)";
    return "";
  }
};

// One terrain change: the cell and its new Moving AI character.
struct CellEdit {
  Point cell;
  char terrain = '.';
};

}  // namespace hpastar
