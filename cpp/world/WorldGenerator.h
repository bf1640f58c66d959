#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "world/BlockWorld.h"

namespace hpastar {

// The kinds of generated worlds:
//   caves:  a 3D cellular automaton over random rock, with ladders up some of the shafts it leaves;
//   towers: flat ground with hollow towers of several storeys, a door on the ground, a staircase of two
//           stairs from each storey to the next and a flat roof (the upper storeys only by the stairs);
//   hills:  a height field of smooth noise with rocky terraces, stairs on some one-level steps and ladders
//           on some cliffs.
enum class WorldKind { Caves, Towers, Hills };

inline constexpr const char* kWorldKindNames = "caves, towers, hills";
std::optional<WorldKind> worldKindOf(std::string_view name);
const char* worldKindName(WorldKind kind);

// A world of the kind and size, the same for the same arguments on every platform (its own random
// generator, no std distributions, no floating point that could round differently). The size must pass
// BlockWorld::checkSize (asserted).
BlockWorld generateWorld(WorldKind kind, int32_t width, int32_t height, int32_t levels, uint64_t seed);

}  // namespace hpastar
