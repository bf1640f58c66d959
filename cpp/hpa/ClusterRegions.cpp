#include "hpa/ClusterRegions.h"

namespace hpastar {

uint32_t labelClusterRegions(const Grid& grid, const Rect& area, std::vector<uint32_t>& regions) {
  const int32_t w = area.width(), h = area.height();
  regions.assign(static_cast<size_t>(w) * h, 0);
  uint32_t count = 0;
  std::vector<int32_t> stack;
  for (int32_t start = 0; start < w * h; ++start) {
    const int32_t sx = area.x0 + start % w, sy = area.y0 + start / w;
    if (regions[static_cast<size_t>(start)] || !grid.passable(sx, sy)) continue;
    const uint32_t label = ++count;
    regions[static_cast<size_t>(start)] = label;
    stack.push_back(start);
    while (!stack.empty()) {
      const int32_t local = stack.back();
      stack.pop_back();
      const int32_t lx = local % w, ly = local / w;
      uint32_t mask = grid.moveMask(grid.index(area.x0 + lx, area.y0 + ly));
      while (mask) {
        const int d = __builtin_ctz(mask);
        mask &= mask - 1;
        const int32_t nx = lx + kDirDx[d], ny = ly + kDirDy[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        uint32_t& r = regions[static_cast<size_t>(ny * w + nx)];
        if (!r) {
          r = label;
          stack.push_back(ny * w + nx);
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
