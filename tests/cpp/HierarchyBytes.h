#pragma once
// Forging serialized hierarchies in tests: the checksum as the format defines it.
#include <cstddef>
#include <cstdint>
#include <vector>

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

// Rewrites the checksum of serialized hierarchy bytes after a test changed their payload.
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
