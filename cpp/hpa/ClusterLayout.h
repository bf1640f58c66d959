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
  // clusterOf divides by `size` as a multiplication and a shift (an integer division costs tens of
  // cycles, and a DHPA* query asks for the clusters of every refined edge): q = x × inverse >> 32 with
  // inverse = ⌊2³² / size⌋ + 1 is x / size exactly while x × size < 2³², and 0 while x < size with
  // x < 2¹⁹, so for every coordinate of a map (at most Grid::kMaxSide) and every size.
  uint64_t inverse = (uint64_t{1} << 32) + 1;

  ClusterLayout() = default;
  ClusterLayout(int32_t side, int32_t width, int32_t height)
      : size(side),
        columns((width + side - 1) / side),
        rows((height + side - 1) / side),
        mapWidth(width),
        mapHeight(height),
        inverse((uint64_t{1} << 32) / static_cast<uint64_t>(side) + 1) {}

  int32_t count() const { return columns * rows; }
  // `p` must lie in the map (coordinates from 0 to the map's side).
  int32_t clusterOf(Point p) const { return quotient(p.y) * columns + quotient(p.x); }
  int32_t quotient(int32_t coordinate) const {
    return static_cast<int32_t>((static_cast<uint64_t>(coordinate) * inverse) >> 32);
  }
  Rect rect(int32_t cluster) const { return rectAt(cluster % columns, cluster / columns); }
  Rect rectOf(Point p) const { return rectAt(quotient(p.x), quotient(p.y)); }
  // The cluster in column cx and row cy.
  Rect rectAt(int32_t cx, int32_t cy) const {
    const int32_t x0 = cx * size, y0 = cy * size;
    return Rect{x0, y0, x0 + size < mapWidth ? x0 + size : mapWidth, y0 + size < mapHeight ? y0 + size : mapHeight};
  }
};

// Highest level whose cluster border the step a→b crosses (0 if none); layouts[0] is level 1.
inline int32_t crossingLevel(std::span<const ClusterLayout> layouts, Point a, Point b) {
  int32_t level = 0;
  for (size_t l = 0; l < layouts.size(); ++l)
    if (layouts[l].clusterOf(a) != layouts[l].clusterOf(b)) level = static_cast<int32_t>(l + 1);
  return level;
}

}  // namespace hpastar
