#pragma once
#include <cstdint>

#include "grid/Grid.h"
#include "search/SearchGraph.h"

namespace hpastar {

// A rectangle of a 2D grid as a SearchGraph: the searches over cells (A*, Dijkstra, HPA*'s in-cluster
// searches). Node ids are local to the area, id = (y - y0) * areaWidth + (x - x0), so a search bounded
// to a 10×10 cluster touches 100 slots whatever the map size. Legal moves come from the grid's move
// masks, clipped at the area's edges; the move code is the direction (Moves.h).
//
// Weighted: the grid has terrain costs (Grid::moveCost, heuristic scaled by the smallest multiplier);
// false compiles the constant costs in, the path every unweighted grid takes.
template <bool Weighted>
class GridAreaGraph {
 public:
  // `stay`: per cell of the map, the moves that stay in the area's cluster (ClusterLayout::stayMoves), or null
  // when the rectangle is the cluster.
  GridAreaGraph(const Grid& grid, const Rect& area, Point goal, const uint8_t* stay = nullptr)
      : grid_(grid),
        stay_(stay),
        area_(area),
        goal_(goal),
        aw_(area.width()),
        gw_(grid.width()),
        hScale_(Weighted ? grid.minWeight() : 1.0) {
    for (int d = 0; d < kDirCount; ++d) localOffset_[d] = kDirDy[d] * aw_ + kDirDx[d];
  }

  uint32_t nodeCount() const { return static_cast<uint32_t>(area_.area()); }
  uint32_t idOf(Point p) const { return static_cast<uint32_t>((p.y - area_.y0) * aw_ + (p.x - area_.x0)); }
  Point pointOf(uint32_t id) const {
    const int32_t ly = static_cast<int32_t>(id) / aw_;
    return Point{static_cast<int32_t>(id) - ly * aw_ + area_.x0, ly + area_.y0};
  }

  // Calls visit(id, cell) for every cell of the area, in id order, without a division per cell.
  template <typename Visit>
  void forEachCell(Visit&& visit) const {
    uint32_t id = 0;
    for (int32_t y = area_.y0; y < area_.y1; ++y)
      for (int32_t x = area_.x0; x < area_.x1; ++x) visit(id++, Point{x, y});
  }

  double heuristic(uint32_t id) const {
    const Point p = pointOf(id);
    return hScale_ * octileDistance(goal_.x - p.x, goal_.y - p.y);
  }

  uint32_t predecessor(uint32_t id, uint8_t move) const {
    return static_cast<uint32_t>(static_cast<int32_t>(id) - localOffset_[move]);
  }

  template <typename Visit>
  __attribute__((always_inline)) void forEachMove(uint32_t id, Visit&& visit) const {
    const int32_t ly = static_cast<int32_t>(id) / aw_;
    const int32_t lx = static_cast<int32_t>(id) - ly * aw_;
    const int32_t x = lx + area_.x0, y = ly + area_.y0;
    uint32_t mask = grid_.moveMask(y * gw_ + x);
    if (stay_) mask &= stay_[y * gw_ + x];
    // Clip moves that would leave the area.
    if (lx == 0) mask &= ~0xE0u;                   // dx = -1: SW, W, NW
    if (lx == aw_ - 1) mask &= ~0x0Eu;             // dx = +1: NE, E, SE
    if (ly == 0) mask &= ~0x83u;                   // dy = -1: NW, N, NE
    if (ly == area_.height() - 1) mask &= ~0x38u;  // dy = +1: SE, S, SW
    while (mask) {
      const int d = __builtin_ctz(mask);
      mask &= mask - 1;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + localOffset_[d]);
      const double cost = Weighted ? grid_.moveCost(y * gw_ + x, d) : kDirCost[d];
      visit(n, cost, static_cast<uint8_t>(d),
            [&] { return hScale_ * octileDistance(goal_.x - (x + kDirDx[d]), goal_.y - (y + kDirDy[d])); });
    }
  }

 private:
  const Grid& grid_;
  const uint8_t* stay_;
  Rect area_;
  Point goal_;
  int32_t aw_, gw_;
  double hScale_;
  int32_t localOffset_[kDirCount];
};

}  // namespace hpastar
