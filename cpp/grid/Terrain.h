#pragma once
#include <cstdint>

namespace hpastar {

// Terrain kinds of the Moving AI format. Each cell keeps its original character so that
// capabilities other than the default (HAA*: agents that cross water, trees, ...) can read it.
enum class TerrainKind : uint8_t { Ground = 0, Swamp = 1, Water = 2, Trees = 3, OutOfBounds = 4, Invalid = 255 };

// Maps a Moving AI character to its kind. '.' and 'G' are ground, '@' and 'O' out of bounds.
constexpr TerrainKind terrainKindOf(char c) {
  switch (c) {
    case '.':
    case 'G':
      return TerrainKind::Ground;
    case 'S':
      return TerrainKind::Swamp;
    case 'W':
      return TerrainKind::Water;
    case 'T':
      return TerrainKind::Trees;
    case '@':
    case 'O':
      return TerrainKind::OutOfBounds;
    default:
      return TerrainKind::Invalid;
  }
}

constexpr bool isTerrainChar(char c) { return terrainKindOf(c) != TerrainKind::Invalid; }

// Every character of the format, in the order messages list them (terrainKindOf above decides what
// each one is; a test checks that the two agree).
inline constexpr char kTerrainCharacters[] = ".GSWT@O";

// A capability is the set of terrain kinds an agent may stand on (bit i = TerrainKind i).
struct Capability {
  uint8_t kinds = 0;
  constexpr bool allows(TerrainKind k) const {
    return k != TerrainKind::Invalid && (kinds >> static_cast<uint8_t>(k)) & 1u;
  }
  constexpr bool allowsChar(char c) const { return allows(terrainKindOf(c)); }
  // The capability the Moving AI octile scenarios use: ground and swamp passable, the rest blocked.
  static constexpr Capability movingAIDefault() {
    return Capability{static_cast<uint8_t>((1u << static_cast<uint8_t>(TerrainKind::Ground)) |
                                           (1u << static_cast<uint8_t>(TerrainKind::Swamp)))};
  }
  // Every kind an agent may stand on (ground, swamp, water, trees): out of bounds is never one.
  static constexpr Capability allKinds() { return Capability{0x0F}; }
  friend bool operator==(const Capability&, const Capability&) = default;
};

}  // namespace hpastar
