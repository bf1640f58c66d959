#pragma once
#include <cstdint>
#include <string>

#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"

namespace hpastar {

// The options hpastar picks for a map when the caller sets none: the fast configuration, measured on
// the Moving AI maps against JPS and JPS+ (bench/results/default-options.md), not the paper's.
//
// - Shortest-path trees (DHPA*), unless the caller turns them off: start and goal are joined by tree
//   lookups and level-1 edges refined by walking trees, no search. Without them the same hierarchy
//   answers 5–12× slower, and smaller clusters suit it (`trees` below).
// - 16 landmarks on the top level: long searches expand a few nodes instead of flooding corridors.
// - The cluster side: 32 (the largest that cuts the map into 3 clusters across on smaller maps) unless a
//   candidate side cuts the map into far fewer nodes (a map of rooms whose walls fall on that side's
//   borders: rooms of 20 cells get 40, on every second wall), then that one; for
//   TerrainChanges::Rarely a side whose top level fits the distance table; and where the table does not
//   take the top level and it is crowded (over 2,000 nodes), larger sides up to 64 while the map stays 8
//   clusters across, with transitions inside wide entrances (entranceSpacing): on a maze or a large open
//   map the search over the top level is most of a query, and fewer, longer borders shrink it
//   (bench/results/levels.md); the table then takes the stepped side when it fits.
// - One level: a second one measured slower than a larger side on every map but one (levels.md).
// - TerrainChanges::Rarely adds the distance table (the abstract path read off it, no search). A change
//   that alters the top graph leaves the table stale until refreshed off the caller's thread (one
//   Dijkstra per node: tens to hundreds of ms of background work), hence not for maps that change often.
//
// The choice reads the level-1 border scan of estimateHierarchyMemory for each candidate side (no
// build), a few milliseconds on a 512×512 map.
struct HierarchyOptionChoice {
  HierarchyOptions options;
  uint64_t topLevelNodes = 0;  // of the chosen options, as estimated
  std::string reason;          // one line: why this cluster side, levels and table
};

// `trees` false: the choice for a caller who turns DHPA*'s trees off (HPA*, less memory), whose
// queries search inside the clusters: smaller sides (10, or 16 and 20 on walls), landmarks, and the
// distance table for TerrainChanges::Rarely only when the side's top level fits it.
HierarchyOptionChoice chooseHierarchyOptions(const Grid& grid, TerrainChanges changes, bool trees = true);
// The chosen options with the fields a caller set over them, written by `readOverrides(options)` (which
// returns an error or ""). The chosen entrance spacing goes with the chosen side: dropped for SHPA*'s merged
// clusters (whose borders place their own transitions) unless the caller set a spacing too.
template <typename ReadOverrides>
std::string overrideChoice(const HierarchyOptions& chosen, HierarchyOptions& out, ReadOverrides readOverrides) {
  constexpr int32_t kNotSet = -1;  // below the spacing's range: no reader writes it
  out = chosen;
  out.entranceSpacing = kNotSet;
  std::string error = readOverrides(out);
  if (out.entranceSpacing == kNotSet) out.entranceSpacing = out.mergedClusterSide != 0 ? 0 : chosen.entranceSpacing;
  return error;
}

// At most the bytes chooseHierarchyOptions allocates (its border scans), for the bindings' heap.
uint64_t hierarchyChoiceScratch(const Grid& grid);

}  // namespace hpastar
