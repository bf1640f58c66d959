#pragma once
#include <cstdint>
#include <memory>
#include <span>

#include "grid/Point.h"
#include "grid/Rect.h"
#include "hpa/MergedClusters.h"

namespace hpastar {

// The clusters of one level: squares of side `size`, the last row and column clipped to the map; or, at level 1
// only, SHPA*'s merged clusters (`merged`, MergedClusters.h), each seen through its bounding box.
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

  // Null for squares. Shared: every copy of a hierarchy (and of this layout) reads the same cutting.
  std::shared_ptr<const MergedClusters> merged;

  int32_t count() const { return merged ? merged->count() : columns * rows; }
  // `p` must lie in the map (coordinates from 0 to the map's side).
  int32_t clusterOf(Point p) const { return merged ? merged->clusterAt(p) : quotient(p.y) * columns + quotient(p.x); }
  int32_t quotient(int32_t coordinate) const {
    return static_cast<int32_t>((static_cast<uint64_t>(coordinate) * inverse) >> 32);
  }
  // The cluster's rectangle: the square, or a merged cluster's bounding box.
  Rect rect(int32_t cluster) const {
    return merged ? merged->boxes[static_cast<size_t>(cluster)] : rectAt(cluster % columns, cluster / columns);
  }
  Rect rectOf(Point p) const { return merged ? rect(clusterOf(p)) : rectAt(quotient(p.x), quotient(p.y)); }
  // Per cell of the map, the moves that stay in the cell's cluster; null for squares, whose rectangle bounds them.
  // What a search inside one cluster masks its moves with.
  const uint8_t* stayMoves() const { return merged ? merged->stayMoves.data() : nullptr; }
  // Whether `p` (inside rect(cluster)) belongs to the cluster.
  bool holds(int32_t cluster, Point p) const { return !merged || merged->clusterAt(p) == cluster; }
  // The square in column cx and row cy (squares only).
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
