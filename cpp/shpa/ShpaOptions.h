#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "contract/OptionSchema.h"
#include "hpa/ClusterMerge.h"

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
// into its connected parts, and greedily merges neighbours (see ClusterMerge.h) until no merge is allowed.
// The defaults are the paper's merge (no detour rule) with sizes measured on the Moving AI maps: mean
// suboptimality 0.8% over the 17 development maps, 3.9% on 8room_000, where maxDetour = 1.25 brings it to 0.5%.
struct ShpaOptions {
  int32_t initialClusterSize = 4;  // side of the square tiles the merge starts from, in cells
  int32_t maxClusterSide = 16;     // a merge is refused when the merged cluster's bounding box is wider or taller
  int32_t maxClusterCells = 0;     // ... or when it would hold more passable cells; 0 = no limit beyond the side's
  double maxDetour = 0.0;          // a merge is refused when two of its nodes, one from each side, must walk more
                                   // than this times their Manhattan distance (ClusterMerge.h); 0 = off
  int32_t entranceWidth = 6;       // as in HPA*: a border run narrower than this gets one transition, else two
  ShpaEdgeWeight edgeWeight = ShpaEdgeWeight::Euclidean;

  // Every field's declaration (OptionSchema.h): names, ranges, command-line flags, documentation.
  static std::span<const OptionField<ShpaOptions>> fields();

  ClusterMergeRules mergeRules() const {
    return ClusterMergeRules{initialClusterSize, maxClusterSide, maxClusterCells, maxDetour, entranceWidth};
  }

  // Empty when valid, else what is wrong (names the field and the value).
  std::string validate() const {
    // The rules that tie two fields, or allow a value outside a plain range, first: their messages
    // say more than a range would.
    if (maxClusterSide < initialClusterSize && initialClusterSize >= 1 && initialClusterSize <= 1024)
      return "max cluster side " + std::to_string(maxClusterSide) + " is outside " +
             std::to_string(initialClusterSize) + "..1024 (it cannot be below the initial cluster size)";
    if (maxClusterCells < 0) return "max cluster cells " + std::to_string(maxClusterCells) + " is negative";
    if (!(maxDetour == 0.0 || (maxDetour >= 1.0 && maxDetour <= 1000.0)))
      return "max detour " + numberText(maxDetour) + " is neither 0 (off) nor in 1..1000";
    return checkOptionRanges(*this, fields());
  }
};

inline std::span<const OptionField<ShpaOptions>> ShpaOptions::fields() {
  using O = ShpaOptions;
  using F = OptionField<O>;
  static constexpr const char* kWeights[] = {"euclidean", "octile"};
  // Rows: {name, label, command-line flag, doc, details}, then the member and its range.
  static const F table[] = {
      rangeOption({"initialClusterSize", "initial cluster size", "shpa-initial-cluster",
                   "side of the square tiles the merge starts from, in cells"},
                  &O::initialClusterSize, 1, 1024),
      rangeOption({"maxClusterSide", "max cluster side", "shpa-max-cluster", "largest side of a cluster's bounding box",
                   "A merge is refused when the merged cluster's bounding box would be wider or taller; at least "
                   "`initialClusterSize`."},
                  &O::maxClusterSide, 1, 1024),
      rangeOption(
          {"maxClusterCells", "max cluster cells", "shpa-max-cells", "most passable cells of a cluster, 0 = no limit",
           "A merge is refused when the merged cluster would hold more passable cells; 0 = no limit beyond "
           "the side's."},
          &O::maxClusterCells, 0, 1 << 20),
      rangeOption({"maxDetour", "max detour", "shpa-max-detour",
                   "refuse merges whose nodes detour more than this times their distance, 0 = off",
                   "A merge is refused when two of its nodes, one from each side, would have to walk more than this "
                   "times their Manhattan distance: 0 (off, the paper's merge) or 1 to 1000; 1.25 suits maps of "
                   "rooms."},
                  &O::maxDetour, 0, 1000),
      rangeOption({"entranceWidth", "entrance width", "shpa-entrance-width",
                   "border runs narrower than this get one transition, others two",
                   "As in HPA*: a border run narrower than this gets one transition, a wider one two."},
                  &O::entranceWidth, 1, 1 << 20),
      choiceOption<&O::edgeWeight>(
          {"edgeWeight", "edge weight", "shpa-edge-weight",
           "abstract edge weights and heuristic: euclidean (the paper's) or octile",
           "How an abstract edge is weighted (no search at build time): `'euclidean'` (the paper) or `'octile'` "
           "(the exact distance on an empty 8-connected grid)."},
          kWeights),
  };
  return table;
}

}  // namespace hpastar
