#pragma once
#include <cstdint>
#include <limits>
#include <vector>

#include "grid/Grid.h"
#include "search/SearchSpace.h"

namespace hpastar {

// The expansion loop shared by A* and Dijkstra, over the cells of `area` only.
//
// Node ids are local to the area: id = (y - y0) * areaWidth + (x - x0), so a search bounded to a
// 10×10 cluster touches 100 slots whatever the map size. Legal moves come from the grid's move masks,
// clipped at the area's edges. Returns the number of expanded nodes.
class BestFirstSearch {
 public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

  // UseHeuristic = true: A* towards `goal` with the octile heuristic (times the grid's smallest
  // multiplier when it has terrain costs), stopping when the goal is expanded. false: Dijkstra from
  // `start` over the whole area (goal ignored), or until `stopCount` of the cells flagged in `targets`
  // (area-local ids, may be null) are expanded. Move costs are the grid's (Grid::moveCost); an
  // unweighted grid takes a loop with the constant costs compiled in.
  template <bool UseHeuristic>
  static uint64_t run(SearchSpace& space, const Grid& grid, const Rect& area, Point start, Point goal,
                      const uint8_t* targets = nullptr, uint32_t stopCount = 0) {
    if (grid.weighted()) return loop<UseHeuristic, true>(space, grid, area, start, goal, targets, stopCount);
    return loop<UseHeuristic, false>(space, grid, area, start, goal, targets, stopCount);
  }

 private:
  template <bool UseHeuristic, bool Weighted>
  static uint64_t loop(SearchSpace& space, const Grid& grid, const Rect& area, Point start, Point goal,
                       const uint8_t* targets, uint32_t stopCount) {
    const double hScale = Weighted ? grid.minWeight() : 1.0;
    const int32_t aw = area.width();
    const int32_t gw = grid.width();
    space.begin(static_cast<uint32_t>(area.area()));
    uint32_t* stamp = space.stamps();
    double* g = space.g();
    uint8_t* parent = space.parents();
    const uint32_t openStamp = space.openStamp();
    const uint32_t closedStamp = space.closedStamp();

    int32_t localOffset[kDirCount];
    for (int d = 0; d < kDirCount; ++d) localOffset[d] = kDirDy[d] * aw + kDirDx[d];

    const uint32_t startId = static_cast<uint32_t>((start.y - area.y0) * aw + (start.x - area.x0));
    const uint32_t goalId = UseHeuristic ? static_cast<uint32_t>((goal.y - area.y0) * aw + (goal.x - area.x0)) : kNone;
    stamp[startId] = openStamp;
    g[startId] = 0;
    parent[startId] = 0xFF;
    const double h0 = UseHeuristic ? hScale * octileDistance(goal.x - start.x, goal.y - start.y) : 0.0;
    space.push(h0, h0, startId);

    uint64_t expanded = 0;
    uint32_t targetsLeft = stopCount;
    while (!space.empty()) {
      const SearchSpace::HeapEntry e = space.pop();
      const uint32_t id = e.id;
      if (stamp[id] == closedStamp) continue;  // stale entry: the node was settled through a better one
      stamp[id] = closedStamp;
      ++expanded;
      if (UseHeuristic && id == goalId) break;
      if (!UseHeuristic && targets && targets[id] && --targetsLeft == 0) break;

      const int32_t ly = static_cast<int32_t>(id) / aw;
      const int32_t lx = static_cast<int32_t>(id) - ly * aw;
      const int32_t x = lx + area.x0, y = ly + area.y0;
      uint32_t mask = grid.moveMask(y * gw + x);
      // Clip moves that would leave the area.
      if (lx == 0) mask &= ~0xE0u;                  // dx = -1: SW, W, NW
      if (lx == aw - 1) mask &= ~0x0Eu;             // dx = +1: NE, E, SE
      if (ly == 0) mask &= ~0x83u;                  // dy = -1: NW, N, NE
      if (ly == area.height() - 1) mask &= ~0x38u;  // dy = +1: SE, S, SW
      const double gId = g[id];
      while (mask) {
        const int d = __builtin_ctz(mask);
        mask &= mask - 1;
        const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + localOffset[d]);
        const double ng = gId + (Weighted ? grid.moveCost(y * gw + x, d) : kDirCost[d]);
        const uint32_t s = stamp[n];
        if (s == openStamp) {
          if (ng >= g[n]) continue;
        } else if (s == closedStamp) {
          continue;  // consistent heuristic: closed nodes are final
        }
        stamp[n] = openStamp;
        g[n] = ng;
        parent[n] = static_cast<uint8_t>(d);
        const double h =
            UseHeuristic ? hScale * octileDistance(goal.x - (x + kDirDx[d]), goal.y - (y + kDirDy[d])) : 0.0;
        space.push(ng + h, h, n);
      }
    }
    return expanded;
  }

 public:
  // Appends the cells from the search's start to `target` (area-local id, must be closed or open).
  static void appendPath(const SearchSpace& space, const Rect& area, uint32_t target, std::vector<Point>& out) {
    const int32_t aw = area.width();
    const size_t first = out.size();
    uint32_t id = target;
    const uint8_t* parent = space.parents();
    for (;;) {
      const int32_t ly = static_cast<int32_t>(id) / aw;
      out.push_back(Point{static_cast<int32_t>(id) - ly * aw + area.x0, ly + area.y0});
      const uint8_t d = parent[id];
      if (d == 0xFF) break;
      id = static_cast<uint32_t>(static_cast<int32_t>(id) - (kDirDy[d] * aw + kDirDx[d]));
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  }
};

}  // namespace hpastar
