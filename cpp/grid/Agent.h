#pragma once
#include <cstdint>
#include <string>

#include "grid/Terrain.h"

namespace hpastar {

// The largest agent side (an agent is an S×S square, S in 1..kMaxAgentSize).
inline constexpr int32_t kMaxAgentSize = 8;

// An agent class: a square of side `size` (its footprint is size x size cells, anchored at the top-left
// one) and the terrain kinds it may stand on (the HAA* article's size and capability). A Grid is made
// for one agent class (Grid::agent): its passable cells are the anchors where the whole footprint
// stands on the capability's kinds (true clearance >= size), so every search, hierarchy, smoother,
// flow field and reachability label that reads the grid serves that class without knowing it. HAA*
// queries, batches and pool jobs name one too (AnnotatedHierarchy::checkAgent).
struct Agent {
  int32_t size = 1;
  Capability capability = Capability::movingAIDefault();

  // The Moving AI scenarios' agent: one cell, ground and swamp.
  static constexpr Agent movingAIDefault() { return Agent{}; }
  friend bool operator==(const Agent&, const Agent&) = default;
};

// "" when `agent` can be a grid's agent class, else why not ("agent size 9 is outside 1..8").
inline std::string checkAgentClass(const Agent& agent) {
  if (agent.size < 1 || agent.size > kMaxAgentSize)
    return "agent size " + std::to_string(agent.size) + " is outside 1.." + std::to_string(kMaxAgentSize);
  if ((agent.capability.kinds & ~Capability::allKinds().kinds) != 0)
    return "capability bits " + std::to_string(agent.capability.kinds) + " name no terrain kind";
  return "";
}

}  // namespace hpastar
