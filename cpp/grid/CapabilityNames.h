#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "grid/Agent.h"
#include "grid/Terrain.h"

namespace hpastar {

// Capabilities as people write them: a comma list of the terrain kinds an agent may stand on, named as
// terrainKindName names them ("ground", "swamp", "water", "trees"). Out-of-bounds terrain is never
// part of a capability, so it has no name here.

// Parses "ground,trees" (spaces around names allowed, each name once at most). Nothing and `error`
// ("capability \"ground,lava\": unknown terrain \"lava\" (known: ground, swamp, water, trees)") when
// the text is empty, has an empty item, an unknown or repeated name.
std::optional<Capability> parseCapability(std::string_view text, std::string& error);

// "ground,trees": the kinds of `capability` in the order of TerrainKind, joined by commas ("" when empty).
std::string capabilityText(Capability capability);

// "size 2, capability ground,trees": an agent class in words.
std::string agentClassText(const Agent& agent);

// "ground, swamp, water, trees", for usage text and messages.
std::string capabilityNamesText();

}  // namespace hpastar
