#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar {

// A hierarchy as bytes, for building offline and loading in another process or Web Worker without
// rebuilding. From format 7, the sectioned container (io/SectionedFormat.h) with the magic "HPASTAR\0"
// (a block world's is "HPAWORLD") and these sections, all required:
//
//   options    the option table's stored fields in its order (HierarchyOptions::fields(), writeStoredOptions)
//   grid       width, height (i32 each), the terrain (a Moving AI character per cell, row after row), the
//              agent class (its size and capability kinds, a byte each)
//   costs      the multiplier of every terrain kind (f32, TerrainKind order), then 1 and the cost layer (a
//              byte per cell), or 0 without one
//   nodes      the hierarchy's version (u64), the node ids' cells (count, then x and y as i32), their levels
//              (a byte per id, 0 unused), the free ids (count, u32 each)
//   graphL     per level L (1..levels): the cluster count, then per cluster its nodes, CSR offsets and edges
//              (target u32, cost f32) and its inter-edge, intra-edge and entrance counts
//   pathsL     the same count, then per cluster its cached paths (refs, spans, cells, nodes of the level below)
//   regionsL   the same count, then per cluster its cell regions, their count, each node's region and the links
//              to neighbouring clusters
//   treesL     the same count, then per cluster its DHPA* trees (distances u16, directions u8)
//   clusters   with merged clusters only (format 8): the cluster id of every cell (u32, row after row)
//
// Each list is its count (u32) then its items. What follows from these (region summaries, component
// labels, landmarks, the distance table) is computed again on load; every stored part is checked
// (checkHierarchyParts). Formats 2 to 6 were one flat payload (magic, version, payload length, payload,
// FNV-1a 64 checksum); they are still read.
std::vector<uint8_t> serializeHierarchy(const Hierarchy& hierarchy);
// The same for stored parts, written as they are (consistent or not: the loader checks).
std::vector<uint8_t> serializeHierarchyParts(const HierarchyParts& parts);

// Whether the bytes start with this format's magic (what tells them from a block world's hierarchy).
bool isGridHierarchyBytes(std::span<const uint8_t> bytes);

// Reads bytes written by serializeHierarchy. Bytes from outside are hostile: foreign bytes (no magic),
// another format version, a truncated or corrupted payload (checksum), counts the bytes cannot hold
// (checked before allocating) and parts that no build could have produced (checkHierarchyParts) are
// refused with `error` saying which.
std::optional<Hierarchy> deserializeHierarchy(std::span<const uint8_t> bytes, std::string& error);

// The exact length of serializeHierarchy(hierarchy), counted without writing: what the writer allocates
// (once), and what the wasm bindings reserve before saving.
size_t serializedHierarchySize(const Hierarchy& hierarchy);

// The sizes that hierarchy bytes declare, read without allocating, for estimateLoadMemory
// (HierarchyMemory.h). Counts are checked against the bytes as the loader checks them; the checksum is
// not computed and the structure not checked, so the sizes are at most what a load allocates for.
struct StoredHierarchySizes {
  int32_t width = 0;
  int32_t height = 0;
  bool optionsValid = false;  // the loader refuses other options before it reads any list
  bool weighted = false;      // terrain costs stored (format 5): the grid holds weights, maybe a layer
  HierarchyOptions options;
  uint64_t payloadBytes = 0;       // the flat payload, or the whole container (format 7)
  uint64_t nodes = 0;              // node ids, free ones included
  Agent agent;                     // the grid's agent class (the Moving AI agent before format 6)
  uint64_t topLevelNodes = 0;      // nodes of the top level (their level is the options' levels)
  uint64_t blocks = 0;             // blocks of every level
  uint64_t regions = 0;            // the regions of every level-1 block
  uint64_t largestBlockBytes = 0;  // the longest block as stored (format 7: the sum of each part's longest)
};
// Nothing when the loader refuses the bytes before allocating: no magic, another format version, a
// wrong payload length or section table, a grid size out of range, a truncated grid or bad terrain costs.
std::optional<StoredHierarchySizes> readStoredHierarchySizes(std::span<const uint8_t> bytes);

// FNV-1a 64 of a flat payload (formats 2 to 6) as format `formatVersion` defines it (the standard offset basis from
// version 4). It detects accidents (truncation, flipped bits), not forgery: anyone can recompute it, so the loader
// checks the structure of every payload whatever its checksum.
uint64_t hierarchyChecksum(std::span<const uint8_t> payload, uint32_t formatVersion);

// Version 3 adds the distanceTable option; version 4 the standard FNV-1a offset basis; version 5 the
// grid's terrain costs after its terrain; version 6 the grid's agent class between the two (its size and
// capability, a byte each); version 7 the sectioned container, the same parts in their own sections; version 8
// the mergedClusterSide option and, when it is set, the section `clusters`; version 9 the maxDetour and entranceSpacing
// options. Versions 2 to 6 are still read (version 5 as the Moving AI agent's grid, 2 to 4 also without costs).
inline constexpr uint32_t kHierarchyFormatVersion = 9;
inline constexpr uint32_t kFirstSectionedHierarchyFormatVersion = 7;

// How many of HierarchyOptions::fields()'s stored fields a format version holds, in table order (the
// first eight before version 3 added distanceTable). A new stored option is a new format version and a
// line here; tests/cpp/hierarchy_serialization_test.cpp fails until both are written.
inline constexpr size_t storedHierarchyOptionCount(uint32_t formatVersion) {
  return formatVersion >= 9 ? 12 : formatVersion >= 8 ? 10 : formatVersion >= 3 ? 9 : 8;
}
inline constexpr uint32_t kOldestHierarchyFormatVersion = 2;

}  // namespace hpastar
