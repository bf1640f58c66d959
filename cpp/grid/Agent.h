#pragma once
#include <cstdint>

#include "grid/Terrain.h"

namespace hpastar {

// A square agent of HAA* and Annotated A*: side `size` (its footprint is size x size cells, anchored at
// the top-left one; 1..kMaxAgentSize, FootprintMoves.h) and the terrain kinds it may stand on. Every
// HAA* query, batch and pool job names one; the hierarchy says whether it serves it
// (AnnotatedHierarchy::checkAgent).
struct Agent {
  int32_t size = 1;
  Capability capability;
  friend bool operator==(const Agent&, const Agent&) = default;
};

}  // namespace hpastar
