#pragma once
// What several fuzz harnesses read from their input first: hierarchy options, then a small grid for an
// agent class, with terrain costs on some inputs. Written once so that every harness draws the same space.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "FuzzChecks.h"
#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"

namespace hpastar::fuzz {

inline constexpr int32_t kMaxGridSide = 24;

// Hierarchy options over their whole ranges, small clusters first; SHPA*'s merged cutting of level 1 (one
// level) on one input in two of those.
inline HierarchyOptions readHierarchyOptions(FuzzedDataProvider& in) {
  HierarchyOptions options;
  options.clusterSize = in.ConsumeIntegralInRange(2, 12);
  options.levels = in.ConsumeIntegralInRange(1, 3);
  options.clusterGroup = in.ConsumeIntegralInRange(2, 3);
  options.entranceWidth = in.ConsumeIntegralInRange(1, 8);
  options.cachePaths = in.ConsumeBool();
  options.cacheTrees = in.ConsumeBool();
  options.pruneEdges = in.ConsumeBool();
  options.landmarks = in.ConsumeIntegralInRange(0, 4);
  options.distanceTable = in.ConsumeBool();
  if (options.levels == 1 && in.ConsumeBool())
    options.mergedClusterSide = options.clusterSize + in.ConsumeIntegralInRange(0, 8);
  return options;
}

// A grid of up to kMaxGridSide² cells for an agent class: one cell of ground and swamp on most inputs, else
// a square of side 1..3 and any non-empty set of kinds. Terrain from the front of the input (the values
// come from its end), at most half of what is left so that operations remain, ground past its end; terrain
// costs on one input in two (a multiplier for swamp and a layer of sixteenths, 1..255, from the input).
inline Grid readGrid(FuzzedDataProvider& in) {
  // Terrain of a cell from one input byte: mostly ground, some swamp (passable), walls, trees and water.
  constexpr char kTerrainOfByte[8] = {'.', '.', '.', '.', 'S', '@', 'T', 'G'};
  const int32_t width = in.ConsumeIntegralInRange<int32_t>(1, kMaxGridSide);
  const int32_t height = in.ConsumeIntegralInRange<int32_t>(1, kMaxGridSide);
  Agent agent = Agent::movingAIDefault();
  if (in.ConsumeIntegralInRange(0, 2) == 0) {
    agent.size = in.ConsumeIntegralInRange(1, 3);
    agent.capability.kinds = static_cast<uint8_t>(in.ConsumeIntegralInRange(1, 15));
  }
  const size_t cells = static_cast<size_t>(width) * height;
  const std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(std::min(cells, in.remaining_bytes() / 2));
  std::vector<uint8_t> terrain(cells, '.');
  for (size_t i = 0; i < bytes.size(); ++i) terrain[i] = static_cast<uint8_t>(kTerrainOfByte[bytes[i] % 8]);
  std::string error;
  auto grid = Grid::fromTerrain(width, height, terrain, error, agent);
  FUZZ_REQUIRE(grid.has_value(), error);
  if (in.ConsumeBool()) {
    TerrainCosts costs;
    costs.set('S', in.ConsumeFloatingPointInRange(0.25, 8.0));
    FUZZ_REQUIRE(grid->setTerrainCosts(costs).empty(), "costs");
    if (in.ConsumeBool()) {
      std::vector<uint8_t> layer = in.ConsumeBytes<uint8_t>(std::min(cells, in.remaining_bytes() / 2));
      layer.resize(cells, kCostLayerUnit);
      for (uint8_t& v : layer) v = v == 0 ? 1 : v;
      FUZZ_REQUIRE(grid->setCostLayer(layer).empty(), "cost layer");
    }
  }
  return std::move(*grid);
}

}  // namespace hpastar::fuzz
