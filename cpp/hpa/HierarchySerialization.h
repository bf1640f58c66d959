#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar {

// A hierarchy as bytes, for building offline and loading in another process or Web Worker without
// rebuilding. Layout: the magic "HPASTAR\0", a format version, the payload length, the payload (grid,
// options, nodes, every cluster block) and an FNV-1a 64 checksum of the payload. Little-endian.
std::vector<uint8_t> serializeHierarchy(const Hierarchy& hierarchy);
// The same for stored parts, written as they are (consistent or not: the loader checks).
std::vector<uint8_t> serializeHierarchyParts(const HierarchyParts& parts);

// Reads bytes written by serializeHierarchy. Bytes from outside are hostile: foreign bytes (no magic),
// another format version, a truncated or corrupted payload (checksum), counts the bytes cannot hold
// (checked before allocating) and parts that no build could have produced (checkHierarchyParts) are
// refused with `error` saying which.
std::optional<Hierarchy> deserializeHierarchy(std::span<const uint8_t> bytes, std::string& error);

// FNV-1a 64 of a payload as format `formatVersion` defines it (the standard offset basis from version 4).
// It detects accidents (truncation, flipped bits), not forgery: anyone can recompute it, so the loader
// checks the structure of every payload whatever its checksum.
uint64_t hierarchyChecksum(std::span<const uint8_t> payload, uint32_t formatVersion);

// Version 3 adds the distanceTable option; version 4 the standard FNV-1a offset basis. Versions 2 and 3
// are still read.
inline constexpr uint32_t kHierarchyFormatVersion = 4;
inline constexpr uint32_t kOldestHierarchyFormatVersion = 2;

}  // namespace hpastar
