#pragma once
#include <cstdint>
#include <string>

#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"

namespace hpastar {

// The options hpastar picks for a map when the caller sets none: the fast configuration, measured on
// the Moving AI maps against JPS and JPS+ (bench/results/default-options.md), not the paper's.
//
// - Shortest-path trees (DHPA*) always: start and goal are joined by tree lookups and level-1 edges
//   refined by walking trees, no search. Without them the same hierarchy answers 5–12× slower.
// - 16 landmarks on the top level: long searches expand a few nodes instead of flooding corridors.
// - The cluster side: 25 unless a candidate side cuts the map into far fewer nodes (a map of rooms
//   whose walls fall on that side's borders: 8room_000 has 3,084 top nodes at 32 against 8,783 at 25),
//   then that one; and for TerrainChanges::Rarely a side whose top level fits the distance table.
// - TerrainChanges::Rarely adds the distance table (the abstract path read off it, no search). A change
//   that alters the top graph leaves the table stale until refreshed off the caller's thread (one
//   Dijkstra per node: tens to hundreds of ms of background work), hence not for maps that change often.
// - One level; two when the top graph of one level has more nodes than the table takes and the map is
//   large, so that the landmarks' Dijkstras and searches stay over a few thousand nodes.
//
// The choice reads the level-1 border scan of estimateHierarchyMemory for each candidate side (no
// build), a few milliseconds on a 512×512 map.
struct HierarchyOptionChoice {
  HierarchyOptions options;
  uint64_t topLevelNodes = 0;  // of the chosen options, as estimated
  std::string reason;          // one line: why this cluster side, levels and table
};

HierarchyOptionChoice chooseHierarchyOptions(const Grid& grid, TerrainChanges changes);
// At most the bytes chooseHierarchyOptions allocates (its border scans), for the bindings' heap.
uint64_t hierarchyChoiceScratch(const Grid& grid);

}  // namespace hpastar
