#pragma once
// Forging serialized hierarchies in tests: the sections of today's format found by their tags, the
// checksums as the formats define them, and the flat layout of formats 2 to 6 (from the committed
// format-6 fixture) turned into older ones.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hpa/HierarchyOptions.h"

namespace hpastar::test {

// FNV-1a 64 over the payload (after the 20-byte header, before the 8-byte checksum), written here
// from the FNV definition (standard offset basis) rather than taken from the library.
// Formats 2 and 3 started from an offset basis with its last digit missing.
inline uint64_t fnv1a(const uint8_t* p, size_t n, uint64_t basis = 14695981039346656037ull) {
  uint64_t h = basis;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

// Little-endian values at a byte offset, read and written independently of the library.
inline uint64_t readLE(const std::vector<uint8_t>& bytes, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(bytes[at + i]) << (8 * i);
  return v;
}
inline void writeLE(std::vector<uint8_t>& bytes, size_t at, size_t n, uint64_t v) {
  for (size_t i = 0; i < n; ++i) bytes[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Where a section of a sectioned container lies (io/SectionedFormat.h: a 16-byte header, then 40 bytes
// per section: tag (8), flags (4), reserved (4), offset (8), length (8), checksum (8)).
struct SectionPlace {
  size_t entry = 0;   // where its table entry starts
  size_t offset = 0;  // where its bytes start
  size_t length = 0;
};
inline SectionPlace findSection(const std::vector<uint8_t>& bytes, std::string_view tag) {
  const size_t count = static_cast<size_t>(readLE(bytes, 12, 4));
  for (size_t k = 0; k < count; ++k) {
    const size_t entry = 16 + 40 * k;
    const std::string name(reinterpret_cast<const char*>(bytes.data() + entry), tag.size());
    if (name == tag && (tag.size() == 8 || bytes[entry + tag.size()] == 0))
      return {entry, static_cast<size_t>(readLE(bytes, entry + 16, 8)),
              static_cast<size_t>(readLE(bytes, entry + 24, 8))};
  }
  throw std::runtime_error("no section '" + std::string(tag) + "'");
}

// Rewrites every section's checksum after a test changed its bytes.
inline void resignSections(std::vector<uint8_t>& bytes) {
  const size_t count = static_cast<size_t>(readLE(bytes, 12, 4));
  for (size_t k = 0; k < count; ++k) {
    const size_t entry = 16 + 40 * k;
    const size_t offset = static_cast<size_t>(readLE(bytes, entry + 16, 8));
    writeLE(bytes, entry + 32, 8, fnv1a(bytes.data() + offset, static_cast<size_t>(readLE(bytes, entry + 24, 8))));
  }
}

// The committed fixture of format 6 (tests/cpp/fixtures/README.md says how it was made): arena.map,
// cluster size 8, two levels, cached paths and trees.
inline HierarchyOptions format6FixtureOptions() {
  HierarchyOptions o;
  o.clusterSize = 8;
  o.levels = 2;
  o.cachePaths = true;
  o.cacheTrees = true;
  return o;
}
inline std::vector<uint8_t> format6Fixture() {
  std::ifstream in(std::string(HPASTAR_MAPS_DIR) + "/../tests/cpp/fixtures/arena-format6.hpa", std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the format-6 fixture");
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Rewrites the checksum of flat hierarchy bytes (formats 2 to 6) after a test changed their payload.
inline void resignHierarchyBytes(std::vector<uint8_t>& bytes) {
  const uint64_t basis = bytes[8] >= 4 ? 14695981039346656037ull : 1469598103934665603ull;
  const uint64_t sum = fnv1a(bytes.data() + 20, bytes.size() - 28, basis);
  for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = static_cast<uint8_t>(sum >> (8 * i));
}

// Turns current bytes of a grid of `cells` cells into the layout of format 5: the agent class after the
// terrain (its size and capability, 2 bytes) goes, and the payload length follows. The version byte and
// the checksum are the caller's to set.
inline void dropAgentClass(std::vector<uint8_t>& bytes, size_t cells) {
  const size_t at = 20 + 8 + cells;
  bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at), bytes.begin() + static_cast<std::ptrdiff_t>(at + 2));
  const uint64_t payload = bytes.size() - 28;
  for (int i = 0; i < 8; ++i) bytes[12 + i] = static_cast<uint8_t>(payload >> (8 * i));
}

// Turns current bytes of a grid of `cells` cells without a cost layer into the layout of format 4 and
// earlier: the agent class (dropAgentClass) and the terrain costs after the terrain (5 multipliers and
// the layer flag: 21 bytes) go, and the payload length follows. The version byte and the checksum are
// the caller's to set.
inline void dropTerrainCosts(std::vector<uint8_t>& bytes, size_t cells) {
  dropAgentClass(bytes, cells);
  const size_t at = 20 + 8 + cells;
  bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at), bytes.begin() + static_cast<std::ptrdiff_t>(at + 21));
  const uint64_t payload = bytes.size() - 28;
  for (int i = 0; i < 8; ++i) bytes[12 + i] = static_cast<uint8_t>(payload >> (8 * i));
}

}  // namespace hpastar::test
