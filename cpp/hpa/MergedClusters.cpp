#include "hpa/MergedClusters.h"

#include <algorithm>

#include "grid/Moves.h"
#include "hpa/ClusterMerge.h"

namespace hpastar {

MergedClusters MergedClusters::build(const Grid& grid, int32_t tileSide, int32_t maxSide, int32_t entranceWidth) {
  ClusterMergeRules merge;
  merge.initialClusterSize = tileSide;
  merge.maxClusterSide = maxSide;
  merge.entranceWidth = entranceWidth;
  ClusterMerge passable = ClusterMerge::build(grid, merge);
  MergedClusters m;
  m.width = grid.width();
  m.height = grid.height();
  m.cellCluster = std::move(passable.cellCluster);
  // The blocked cells of each square of side maxSide, one more cluster per square that has any, numbered after
  // the merged ones in square order: no box grows past the largest side, and a map's walls cost a cluster per
  // such square, not per tile (a cluster's block is a few hundred bytes even without a passable cell).
  uint32_t count = passable.count;
  for (int32_t ty = 0; ty < m.height; ty += maxSide)
    for (int32_t tx = 0; tx < m.width; tx += maxSide) {
      bool any = false;
      for (int32_t y = ty; y < std::min(ty + maxSide, m.height); ++y)
        for (int32_t x = tx; x < std::min(tx + maxSide, m.width); ++x) {
          uint32_t& c = m.cellCluster[static_cast<size_t>(y) * m.width + x];
          if (c != ClusterMerge::kNoCluster) continue;
          c = count;
          any = true;
        }
      if (any) ++count;
    }
  m.derive(count);
  return m;
}

std::optional<MergedClusters> MergedClusters::fromCells(int32_t width, int32_t height, std::vector<uint32_t> cells,
                                                        int32_t maxSide, std::string& error) {
  const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
  if (cells.size() != n) {
    error = "the merged clusters hold " + std::to_string(cells.size()) + " cells, the map " + std::to_string(n);
    return std::nullopt;
  }
  // Ids must run 0..count-1 with none unused: count is the highest id + 1 (in 64 bits: an id of 2^32 - 1 must
  // not wrap to 0), checked against the cells before anything is allocated by it.
  uint64_t count = 0;
  for (uint32_t c : cells) count = std::max<uint64_t>(count, uint64_t{c} + 1);
  if (count == 0 || count > n) {
    error = "a merged cluster id is " + std::to_string(count - 1) + ", above the map's " + std::to_string(n) + " cells";
    return std::nullopt;
  }
  MergedClusters m;
  m.width = width;
  m.height = height;
  m.cellCluster = std::move(cells);
  m.derive(static_cast<uint32_t>(count));
  for (uint32_t c = 0; c < count; ++c) {
    const Rect& b = m.boxes[c];
    if (b.x0 >= b.x1) {
      error = "merged cluster " + std::to_string(c) + " has no cells";
      return std::nullopt;
    }
    if (b.width() > maxSide || b.height() > maxSide) {
      error = "merged cluster " + std::to_string(c) + " spans " + std::to_string(b.width()) + "x" +
              std::to_string(b.height()) + " cells, above the largest side " + std::to_string(maxSide);
      return std::nullopt;
    }
  }
  return m;
}

void MergedClusters::derive(uint32_t count) {
  // Empty boxes (x0 >= x1) until a cell widens them.
  boxes.assign(count, Rect{width, height, 0, 0});
  stayMoves.assign(cellCluster.size(), 0);
  for (int32_t y = 0; y < height; ++y)
    for (int32_t x = 0; x < width; ++x) {
      const size_t i = static_cast<size_t>(y) * width + x;
      const uint32_t c = cellCluster[i];
      Rect& b = boxes[c];
      b = Rect{std::min(b.x0, x), std::min(b.y0, y), std::max(b.x1, x + 1), std::max(b.y1, y + 1)};
      // A diagonal stays when its two corner cells do too: then, as on the whole grid, every move inside a
      // cluster is two straight ones inside it or one, and its regions are its 4-connected parts.
      auto holds = [&](int32_t qx, int32_t qy) {
        return qx >= 0 && qy >= 0 && qx < width && qy < height &&
               cellCluster[static_cast<size_t>(qy) * width + qx] == c;
      };
      uint8_t stay = 0;
      for (int d = 0; d < kDirCount; ++d) {
        const int32_t dx = kDirDx[d], dy = kDirDy[d];
        const bool corners = dx == 0 || dy == 0 || (holds(x + dx, y) && holds(x, y + dy));
        if (corners && holds(x + dx, y + dy)) stay = static_cast<uint8_t>(stay | (1u << d));
      }
      stayMoves[i] = stay;
    }
}

}  // namespace hpastar
