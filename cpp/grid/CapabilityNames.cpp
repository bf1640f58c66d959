#include "grid/CapabilityNames.h"

#include "grid/TerrainCosts.h"

namespace hpastar {
namespace {

// The kinds a capability may hold: every terrain kind an agent can stand on (not OutOfBounds).
constexpr TerrainKind kCapabilityKinds[] = {TerrainKind::Ground, TerrainKind::Swamp, TerrainKind::Water,
                                            TerrainKind::Trees};

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

uint8_t bitOf(TerrainKind kind) { return static_cast<uint8_t>(1u << static_cast<uint8_t>(kind)); }

}  // namespace

std::string capabilityNamesText() {
  std::string names;
  for (TerrainKind kind : kCapabilityKinds) names += (names.empty() ? "" : ", ") + std::string(terrainKindName(kind));
  return names;
}

std::optional<Capability> parseCapability(std::string_view text, std::string& error) {
  const std::string quoted = "capability \"" + std::string(text) + "\"";
  if (trimmed(text).empty()) {
    error = quoted + " is empty: name at least one terrain (" + capabilityNamesText() + ")";
    return std::nullopt;
  }
  Capability capability;
  size_t begin = 0;
  for (;;) {
    const size_t comma = text.find(',', begin);
    const std::string_view name = trimmed(text.substr(begin, comma == std::string_view::npos ? comma : comma - begin));
    if (name.empty()) {
      error = quoted + " has an empty item";
      return std::nullopt;
    }
    bool known = false;
    for (TerrainKind kind : kCapabilityKinds) {
      if (name != terrainKindName(kind)) continue;
      if (capability.allows(kind)) {
        error = quoted + " names \"" + std::string(name) + "\" twice";
        return std::nullopt;
      }
      capability.kinds |= bitOf(kind);
      known = true;
    }
    if (!known) {
      error = quoted + ": unknown terrain \"" + std::string(name) + "\" (known: " + capabilityNamesText() + ")";
      return std::nullopt;
    }
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  error.clear();
  return capability;
}

std::string capabilityText(Capability capability) {
  std::string text;
  for (TerrainKind kind : kCapabilityKinds)
    if (capability.allows(kind)) text += (text.empty() ? "" : ",") + std::string(terrainKindName(kind));
  return text;
}

std::string agentClassText(const Agent& agent) {
  return "size " + std::to_string(agent.size) + ", capability " + capabilityText(agent.capability);
}

}  // namespace hpastar
