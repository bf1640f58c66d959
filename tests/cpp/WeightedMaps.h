#pragma once
// Weighted versions of real maps, for the tests of terrain costs: a seeded generator lays regions on a
// map's cost layer (swamps, hills and danger zones that cost more, roads that cost less) and gives the
// Moving AI swamp a multiplier of its own, so that every planner is tried on costs that vary the way a
// game's do: in patches and lines, not cell by cell at random.
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "grid/Grid.h"
#include "grid/TerrainCosts.h"

namespace hpastar::test {

// Lays the regions of `seed` on a copy of `grid`: discs of several radii with layer values 24..255
// (1.5x to 16x), straight roads of value 8 (0.5x) across the map, and swamp at 3x.
inline Grid weighRegions(const Grid& grid, uint32_t seed) {
  Grid g = grid;
  std::mt19937 rng(seed);
  std::vector<uint8_t> layer(static_cast<size_t>(g.cellCount()), kCostLayerUnit);
  const int32_t w = g.width(), h = g.height();
  const int32_t discs = std::max(4, g.cellCount() / 4000);
  for (int32_t i = 0; i < discs; ++i) {
    const int32_t cx = static_cast<int32_t>(rng() % static_cast<uint32_t>(w));
    const int32_t cy = static_cast<int32_t>(rng() % static_cast<uint32_t>(h));
    const int32_t r = 2 + static_cast<int32_t>(rng() % static_cast<uint32_t>(std::max(3, std::min(w, h) / 12)));
    static constexpr uint8_t kValues[] = {24, 32, 48, 80, 160, 255};
    const uint8_t value = kValues[rng() % std::size(kValues)];
    for (int32_t y = std::max(0, cy - r); y <= std::min(h - 1, cy + r); ++y)
      for (int32_t x = std::max(0, cx - r); x <= std::min(w - 1, cx + r); ++x)
        if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) layer[static_cast<size_t>(y * w + x)] = value;
  }
  const int32_t roads = 2 + static_cast<int32_t>(rng() % 3u);
  for (int32_t i = 0; i < roads; ++i) {
    const bool across = rng() % 2 == 0;
    const int32_t at = static_cast<int32_t>(rng() % static_cast<uint32_t>(across ? h : w));
    for (int32_t k = 0; k < (across ? w : h); ++k)
      for (int32_t t = 0; t < 2; ++t) {  // two cells wide
        const int32_t x = across ? k : std::min(w - 1, at + t), y = across ? std::min(h - 1, at + t) : k;
        layer[static_cast<size_t>(y * w + x)] = 8;
      }
  }
  if (std::string error = g.setCostLayer(layer); !error.empty()) throw std::runtime_error(error);
  TerrainCosts costs;
  costs.set('S', 3.0);
  if (std::string error = g.setTerrainCosts(costs); !error.empty()) throw std::runtime_error(error);
  return g;
}

}  // namespace hpastar::test
