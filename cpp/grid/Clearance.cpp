#include "grid/Clearance.h"

#include <algorithm>

#include "grid/Moves.h"

namespace hpastar {

const char* clearanceKindName(ClearanceKind kind) { return kind == ClearanceKind::True ? "true" : "brushfire"; }

ClearanceMap::ClearanceMap(const Grid& grid, Capability capability, ClearanceKind kind)
    : width_(grid.width()),
      height_(grid.height()),
      capability_(capability),
      kind_(kind),
      values_(static_cast<size_t>(grid.cellCount()), 0) {}

ClearanceMap ClearanceMap::compute(const Grid& grid, Capability capability, ClearanceKind kind) {
  return kind == ClearanceKind::True ? trueClearance(grid, capability) : brushfire(grid, capability);
}

ClearanceMap ClearanceMap::trueClearance(const Grid& grid, Capability capability) {
  ClearanceMap map(grid, capability, ClearanceKind::True);
  const int32_t w = grid.width(), h = grid.height();
  uint8_t* c = map.values_.data();
  // Bottom row first, right to left, so that the three cells a value needs are done before it.
  // Capping each value keeps the recurrence exact below the cap: min and +1 commute with it.
  for (int32_t y = h - 1; y >= 0; --y) {
    for (int32_t x = w - 1; x >= 0; --x) {
      const int32_t i = y * w + x;
      if (!capability.allowsChar(grid.terrainAt(x, y))) continue;  // stays 0
      if (x == w - 1 || y == h - 1) {
        c[i] = 1;
        continue;
      }
      const int32_t smallest = std::min({c[i + 1], c[i + w], c[i + w + 1]});
      c[i] = static_cast<uint8_t>(std::min(smallest + 1, kMaxValue));
    }
  }
  return map;
}

ClearanceMap ClearanceMap::brushfire(const Grid& grid, Capability capability) {
  ClearanceMap map(grid, capability, ClearanceKind::Brushfire);
  const int32_t w = grid.width(), h = grid.height();
  // Exact distances first (a corridor of open ground can be longer than 255), capped at the end.
  std::vector<int32_t> distance(static_cast<size_t>(grid.cellCount()), -1);
  std::vector<int32_t> queue;
  queue.reserve(static_cast<size_t>(grid.cellCount()));
  auto allowed = [&](int32_t x, int32_t y) { return grid.inside(x, y) && capability.allowsChar(grid.terrainAt(x, y)); };
  // The first ring: cells of the capability with an obstacle (or the map's edge) among their 8 neighbours.
  for (int32_t y = 0; y < h; ++y)
    for (int32_t x = 0; x < w; ++x) {
      if (!allowed(x, y)) continue;
      for (int d = 0; d < kDirCount; ++d)
        if (!allowed(x + kDirDx[d], y + kDirDy[d])) {
          distance[static_cast<size_t>(y * w + x)] = 1;
          queue.push_back(y * w + x);
          break;
        }
    }
  // Each later ring: the unassigned allowed neighbours of the previous one. A free cell's nearest
  // obstacle at Chebyshev distance k is reached through cells all nearer to it than k, all free, so
  // the rings are the Chebyshev distances.
  for (size_t head = 0; head < queue.size(); ++head) {
    const int32_t cell = queue[head];
    const int32_t x = cell % w, y = cell / w;
    for (int d = 0; d < kDirCount; ++d) {
      const int32_t nx = x + kDirDx[d], ny = y + kDirDy[d];
      if (!allowed(nx, ny) || distance[static_cast<size_t>(ny * w + nx)] >= 0) continue;
      distance[static_cast<size_t>(ny * w + nx)] = distance[static_cast<size_t>(cell)] + 1;
      queue.push_back(ny * w + nx);
    }
  }
  for (size_t i = 0; i < distance.size(); ++i)
    map.values_[i] = static_cast<uint8_t>(std::clamp(distance[i], 0, kMaxValue));
  return map;
}

}  // namespace hpastar
