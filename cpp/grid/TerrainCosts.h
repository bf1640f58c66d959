#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grid/Terrain.h"

namespace hpastar {

// What moving over each terrain kind costs on one grid: a multiplier of the base move costs (1 straight,
// √2 diagonal). Every multiplier 1 (the default) is the Moving AI rule, and the searches take their
// unweighted path. Passability is the grid's capability's business, not this table's: a multiplier of a
// blocked kind is kept (for the day it becomes passable) but never used.
//
// Bounded so that costs stay positive (the heuristic is the octile distance times the smallest
// multiplier) and sums stay far from the precision of a double: 1/64 to 1024.
struct TerrainCosts {
  static constexpr int kKindCount = 5;  // TerrainKind::Ground .. TerrainKind::OutOfBounds
  static constexpr float kMinMultiplier = 1.0f / 64;
  static constexpr float kMaxMultiplier = 1024.0f;

  std::array<float, kKindCount> multiplier{1, 1, 1, 1, 1};

  float of(TerrainKind kind) const { return multiplier[static_cast<size_t>(kind)]; }
  bool uniform() const {
    for (float m : multiplier)
      if (m != 1.0f) return false;
    return true;
  }
  // "" when every multiplier is a number in [kMinMultiplier, kMaxMultiplier], else the first that is not
  // ("the multiplier of S (swamp) is 0, outside 0.015625..1024").
  std::string check() const;
  // Sets the multiplier of the kind of Moving AI character `c` ('.' and 'G' share one, as '@' and 'O'
  // do). "" or why not (not a terrain character, or the value out of range); nothing changes then.
  std::string set(char c, double value);
  // "S=3,T=1.5" (what `hpa --costs` takes): characters of the format and their multipliers, separated
  // by commas; unnamed kinds keep 1. Nothing and `error` ("--costs: 'X=2': X is not a terrain
  // character") when the text is not that.
  static std::optional<TerrainCosts> parse(std::string_view text, std::string& error);

  friend bool operator==(const TerrainCosts&, const TerrainCosts&) = default;
};

// The per-cell cost layer: one byte per cell, the cell's multiplier in sixteenths on top of its terrain's
// (16: the terrain's own cost; 8: half of it, a road; 255: almost 16 times, a danger zone). 0 is refused:
// a cell costs something to cross; make it impassable with its terrain instead.
inline constexpr uint8_t kCostLayerUnit = 16;
inline constexpr float costLayerFactor(uint8_t value) { return static_cast<float>(value) / kCostLayerUnit; }

// The name of a terrain kind in messages ("ground", "swamp", ...).
const char* terrainKindName(TerrainKind kind);

}  // namespace hpastar
