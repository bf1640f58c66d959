#pragma once
#include <cstdint>
#include <span>

#include "grid/Point.h"
#include "grid/Rect.h"

namespace hpastar {

// The square clusters of one level: side `size`, the last row and column clipped to the map.
struct ClusterLayout {
  int32_t size = 1;
  int32_t columns = 0;
  int32_t rows = 0;
  int32_t mapWidth = 0;
  int32_t mapHeight = 0;

  ClusterLayout() = default;
  ClusterLayout(int32_t side, int32_t width, int32_t height)
      : size(side),
        columns((width + side - 1) / side),
        rows((height + side - 1) / side),
        mapWidth(width),
        mapHeight(height) {}

  int32_t count() const { return columns * rows; }
  int32_t clusterOf(Point p) const { return (p.y / size) * columns + p.x / size; }
  Rect rect(int32_t cluster) const {
    const int32_t cx = cluster % columns, cy = cluster / columns;
    const int32_t x0 = cx * size, y0 = cy * size;
    return Rect{x0, y0, x0 + size < mapWidth ? x0 + size : mapWidth, y0 + size < mapHeight ? y0 + size : mapHeight};
  }
  Rect rectOf(Point p) const { return rect(clusterOf(p)); }
};

// Highest level whose cluster border the step a→b crosses (0 if none); layouts[0] is level 1.
inline int32_t crossingLevel(std::span<const ClusterLayout> layouts, Point a, Point b) {
  int32_t level = 0;
  for (size_t l = 0; l < layouts.size(); ++l)
    if (layouts[l].clusterOf(a) != layouts[l].clusterOf(b)) level = static_cast<int32_t>(l + 1);
  return level;
}

}  // namespace hpastar
