#pragma once
#include <algorithm>
#include <cstdint>

#include "world/Blocks.h"

namespace hpastar {

// The boxes of one level of a WorldHierarchy: sx x sy x sz blocks, the last ones of each axis clipped to
// the world. The boxes of a level are unions of the level below's (every side a multiple), so a border
// of level l is a border of every level below.
struct WorldClusterLayout {
  int32_t sx = 1, sy = 1, sz = 1;
  int32_t columns = 0, rows = 0, stacks = 0;
  int32_t worldWidth = 0, worldHeight = 0, worldLevels = 0;

  WorldClusterLayout() = default;
  WorldClusterLayout(int32_t side, int32_t tall, int32_t width, int32_t height, int32_t levels)
      : WorldClusterLayout(side, side, tall, width, height, levels) {}
  WorldClusterLayout(int32_t sideX, int32_t sideY, int32_t tall, int32_t width, int32_t height, int32_t levels)
      : sx(sideX),
        sy(sideY),
        sz(tall),
        columns((width + sideX - 1) / sideX),
        rows((height + sideY - 1) / sideY),
        stacks((levels + tall - 1) / tall),
        worldWidth(width),
        worldHeight(height),
        worldLevels(levels) {}

  int32_t count() const { return columns * rows * stacks; }
  int32_t clusterOf(Voxel v) const { return ((v.z / sz) * rows + v.y / sy) * columns + v.x / sx; }
  int32_t clusterAt(int32_t cx, int32_t cy, int32_t cz) const { return (cz * rows + cy) * columns + cx; }
  Box box(int32_t cluster) const {
    const int32_t cx = cluster % columns, rest = cluster / columns;
    const int32_t cy = rest % rows, cz = rest / rows;
    const int32_t x0 = cx * sx, y0 = cy * sy, z0 = cz * sz;
    return Box{
        x0, y0, z0, std::min(x0 + sx, worldWidth), std::min(y0 + sy, worldHeight), std::min(z0 + sz, worldLevels)};
  }
};

}  // namespace hpastar
