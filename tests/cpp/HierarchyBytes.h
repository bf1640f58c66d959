#pragma once
// Forging serialized hierarchies in tests: the checksum as the format defines it.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hpastar::test {

// FNV-1a 64 over the payload (after the 20-byte header, before the 8-byte checksum), written here
// from the FNV definition rather than taken from the library: the standard offset basis from format 4,
// before it the same number with its last digit missing.
inline uint64_t fnv1a(const uint8_t* p, size_t n, uint32_t formatVersion = 4) {
  uint64_t h = formatVersion >= 4 ? 14695981039346656037ull : 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

// Rewrites the checksum of serialized hierarchy bytes after a test changed their payload, as the format
// version in their header (bytes 8..11, little-endian) defines it.
inline void resignHierarchyBytes(std::vector<uint8_t>& bytes) {
  const uint32_t version = bytes[8] | bytes[9] << 8 | bytes[10] << 16 | static_cast<uint32_t>(bytes[11]) << 24;
  const uint64_t sum = fnv1a(bytes.data() + 20, bytes.size() - 28, version);
  for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = static_cast<uint8_t>(sum >> (8 * i));
}

}  // namespace hpastar::test
