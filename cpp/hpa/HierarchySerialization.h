#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar {

// A hierarchy as bytes, for building offline and loading in another process or Web Worker without
// rebuilding. Layout: the magic "HPASTAR\0", a format version, the payload length, the payload (grid
// and its terrain costs, options, nodes, every cluster block) and an FNV-1a 64 checksum of the payload. Little-endian.
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
  uint64_t payloadBytes = 0;
  uint64_t nodes = 0;              // node ids, free ones included
  Agent agent;                     // the grid's agent class (the Moving AI agent before format 6)
  uint64_t topLevelNodes = 0;      // nodes of the top level (their level is the options' levels)
  uint64_t blocks = 0;             // blocks of every level
  uint64_t regions = 0;            // the regions of every level-1 block
  uint64_t largestBlockBytes = 0;  // the longest block as stored
};
// Nothing when the loader refuses the bytes before allocating: no magic, another format version, a
// wrong payload length, a grid size out of range, a truncated grid or bad terrain costs.
std::optional<StoredHierarchySizes> readStoredHierarchySizes(std::span<const uint8_t> bytes);

// FNV-1a 64 of a payload as format `formatVersion` defines it (the standard offset basis from version 4).
// It detects accidents (truncation, flipped bits), not forgery: anyone can recompute it, so the loader
// checks the structure of every payload whatever its checksum.
uint64_t hierarchyChecksum(std::span<const uint8_t> payload, uint32_t formatVersion);

// Version 3 adds the distanceTable option; version 4 the standard FNV-1a offset basis; version 5 the
// grid's terrain costs after its terrain; version 6 the grid's agent class between the two (its size and
// capability, a byte each). Versions 2 to 5 are still read (version 5 as the Moving AI agent's grid,
// 2 to 4 also without costs).
inline constexpr uint32_t kHierarchyFormatVersion = 6;

// How many of HierarchyOptions::fields()'s stored fields a format version holds, in table order (the
// first eight before version 3 added distanceTable). A new stored option is a new format version and a
// line here; tests/cpp/hierarchy_serialization_test.cpp fails until both are written.
inline constexpr size_t storedHierarchyOptionCount(uint32_t formatVersion) { return formatVersion >= 3 ? 9 : 8; }
inline constexpr uint32_t kOldestHierarchyFormatVersion = 2;

}  // namespace hpastar
