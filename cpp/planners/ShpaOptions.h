#pragma once
#include <cstdint>
#include <string>

namespace hpastar {

// How SHPA* measures an abstract edge (and its A* heuristic): no search, only the two cells' positions.
enum class ShpaEdgeWeight : uint8_t {
  Euclidean = 0,  // the paper's choice
  Octile = 1,     // the exact distance on an empty 8-connected grid: a tighter lower bound, still no search
};

inline const char* shpaEdgeWeightName(ShpaEdgeWeight weight) {
  return weight == ShpaEdgeWeight::Octile ? "octile" : "euclidean";
}

// How SHPA* cuts a map into clusters. The merge starts from square tiles of side initialClusterSize, each split
// into its connected parts, and greedily merges neighbours (see ShpaClustering.h) until no merge is allowed.
// The defaults are the paper's merge (no detour rule) with sizes measured on the Moving AI maps: mean
// suboptimality 0.8% over the 17 development maps, 3.9% on 8room_000, where maxDetour = 1.25 brings it to 0.5%.
struct ShpaOptions {
  int32_t initialClusterSize = 4;  // side of the square tiles the merge starts from, in cells
  int32_t maxClusterSide = 16;     // a merge is refused when the merged cluster's bounding box is wider or taller
  int32_t maxClusterCells = 0;     // ... or when it would hold more passable cells; 0 = no limit beyond the side's
  double maxDetour = 0.0;          // a merge is refused when two of its nodes, one from each side, must walk more
                                   // than this times their Manhattan distance (ShpaClustering.h); 0 = off
  int32_t entranceWidth = 6;       // as in HPA*: a border run narrower than this gets one transition, else two
  ShpaEdgeWeight edgeWeight = ShpaEdgeWeight::Euclidean;

  // Empty when valid, else what is wrong (names the field and the value).
  std::string validate() const {
    if (initialClusterSize < 1 || initialClusterSize > 1024)
      return "initial cluster size " + std::to_string(initialClusterSize) + " is outside 1..1024";
    if (maxClusterSide < initialClusterSize || maxClusterSide > 1024)
      return "max cluster side " + std::to_string(maxClusterSide) + " is outside " +
             std::to_string(initialClusterSize) + "..1024 (it cannot be below the initial cluster size)";
    if (maxClusterCells < 0) return "max cluster cells " + std::to_string(maxClusterCells) + " is negative";
    if (!(maxDetour == 0.0 || (maxDetour >= 1.0 && maxDetour <= 1000.0)))
      return "max detour " + std::to_string(maxDetour) + " is neither 0 (off) nor in 1..1000";
    if (entranceWidth < 1 || entranceWidth > 1 << 20)
      return "entrance width " + std::to_string(entranceWidth) + " is outside 1..1048576";
    if (edgeWeight != ShpaEdgeWeight::Euclidean && edgeWeight != ShpaEdgeWeight::Octile)
      return "edge weight " + std::to_string(static_cast<int>(edgeWeight)) + " is unknown";
    return "";
  }
};

}  // namespace hpastar
