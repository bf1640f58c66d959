#include "hpa/ClusterRegions.h"

namespace hpastar {

uint32_t labelClusterRegions(const Grid& grid, const Rect& area, std::vector<uint32_t>& regions) {
  // A flood fill from each unlabelled passable cell in row-major order, depth first, moves in direction
  // order: the labels are numbered in that order (saved hierarchies and the checks of loaded ones count
  // on it). Cells are area-local ids and the masks are clipped at the area's edges (Grid::areaMoveMasks),
  // so a neighbour is one addition away.
  const int32_t w = area.width(), h = area.height();
  const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
  regions.assign(n, 0);
  std::vector<uint8_t> masks(n);
  grid.areaMoveMasks(area, masks.data());
  int32_t offset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * w + kDirDx[d];
  uint32_t count = 0;
  std::vector<int32_t> stack;
  for (int32_t ly = 0; ly < h; ++ly) {
    const int32_t rowStart = grid.index(area.x0, area.y0 + ly);
    for (int32_t lx = 0; lx < w; ++lx) {
      const int32_t start = ly * w + lx;
      if (regions[static_cast<size_t>(start)] || !grid.passableAt(rowStart + lx)) continue;
      const uint32_t label = ++count;
      regions[static_cast<size_t>(start)] = label;
      stack.push_back(start);
      while (!stack.empty()) {
        const int32_t local = stack.back();
        stack.pop_back();
        for (uint32_t mask = masks[static_cast<size_t>(local)]; mask != 0; mask &= mask - 1) {
          const int32_t next = local + offset[__builtin_ctz(mask)];
          uint32_t& r = regions[static_cast<size_t>(next)];
          if (!r) {
            r = label;
            stack.push_back(next);
          }
        }
      }
    }
  }
  return count;
}

void summarizeRegions(const std::vector<uint32_t>& regions, uint32_t count, std::vector<uint32_t>& cells,
                      std::vector<uint32_t>& first) {
  cells.assign(count, 0);
  first.assign(count, 0);
  for (size_t i = 0; i < regions.size(); ++i) {
    const uint32_t r = regions[i];
    if (r == 0 || r > count) continue;
    if (cells[r - 1]++ == 0) first[r - 1] = static_cast<uint32_t>(i);
  }
}

}  // namespace hpastar
