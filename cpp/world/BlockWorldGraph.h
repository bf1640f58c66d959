#pragma once
#include <cstdint>

#include "search/SearchGraph.h"
#include "world/BlockWorld.h"

namespace hpastar {

// A box of a block world as a SearchGraph (search/SearchGraph.h), towards one goal. Node ids are local
// to the box, id = ((z - z0) * boxHeight + (y - y0)) * boxWidth + (x - x0), so a search bounded to a
// cluster touches only its slots; moves come from the world's masks, less those that would leave the box;
// move codes are the WorldMoves.h codes, their costs the world's (BlockWorld::moveCost: weighted by its
// cost layer, if any), the heuristic worldDistanceBound times the world's smallest weight (1 unweighted).
// The box must lie in the world.
class BlockWorldGraph {
 public:
  BlockWorldGraph(const BlockWorld& world, const Box& box, Voxel goal)
      : world_(world),
        box_(box),
        goal_(goal),
        bw_(box.width()),
        bh_(box.height()),
        hScale_(world.minWeight()),
        weighted_(world.weighted()) {
    for (int m = 0; m < kWorldMoveCount; ++m) {
      offset_[m] = (kWorldMoveDz[m] * bh_ + kWorldMoveDy[m]) * bw_ + kWorldMoveDx[m];
      const uint32_t bit = 1u << m;
      if (kWorldMoveDx[m] < 0) leavesLow_[0] |= bit;
      if (kWorldMoveDx[m] > 0) leavesHigh_[0] |= bit;
      if (kWorldMoveDy[m] < 0) leavesLow_[1] |= bit;
      if (kWorldMoveDy[m] > 0) leavesHigh_[1] |= bit;
      if (kWorldMoveDz[m] < 0) leavesLow_[2] |= bit;
      if (kWorldMoveDz[m] > 0) leavesHigh_[2] |= bit;
    }
  }
  BlockWorldGraph(const BlockWorld& world, Voxel goal) : BlockWorldGraph(world, world.bounds(), goal) {}

  uint32_t nodeCount() const { return static_cast<uint32_t>(box_.volume()); }
  uint32_t idOf(Voxel v) const {
    return static_cast<uint32_t>(((v.z - box_.z0) * bh_ + (v.y - box_.y0)) * bw_ + (v.x - box_.x0));
  }
  Voxel voxelOf(uint32_t id) const {
    const int32_t layer = bw_ * bh_;
    const int32_t lz = static_cast<int32_t>(id) / layer;
    const int32_t rest = static_cast<int32_t>(id) - lz * layer;
    const int32_t ly = rest / bw_;
    return Voxel{rest - ly * bw_ + box_.x0, ly + box_.y0, lz + box_.z0};
  }

  // Calls visit(id, cell) for every cell of the box, in id order, without a division per cell.
  template <typename Visit>
  void forEachCell(Visit&& visit) const {
    uint32_t id = 0;
    for (int32_t z = box_.z0; z < box_.z1; ++z)
      for (int32_t y = box_.y0; y < box_.y1; ++y)
        for (int32_t x = box_.x0; x < box_.x1; ++x) visit(id++, Voxel{x, y, z});
  }

  double heuristic(uint32_t id) const {
    const Voxel v = voxelOf(id);
    return hScale_ * worldDistanceBound(goal_.x - v.x, goal_.y - v.y, goal_.z - v.z);
  }

  uint32_t predecessor(uint32_t id, uint8_t move) const {
    return static_cast<uint32_t>(static_cast<int32_t>(id) - offset_[move]);
  }

  template <typename Visit>
  __attribute__((always_inline)) void forEachMove(uint32_t id, Visit&& visit) const {
    const Voxel v = voxelOf(id);
    // Read once: an unweighted world runs the code it ran before costs existed (fixed costs, no scale).
    const bool weighted = weighted_;
    const int32_t cell = world_.index(v);
    uint32_t mask = world_.moveMask(cell);
    if (!mask) return;
    // Clip moves that would leave the box.
    if (v.x == box_.x0) mask &= ~leavesLow_[0];
    if (v.x == box_.x1 - 1) mask &= ~leavesHigh_[0];
    if (v.y == box_.y0) mask &= ~leavesLow_[1];
    if (v.y == box_.y1 - 1) mask &= ~leavesHigh_[1];
    if (v.z == box_.z0) mask &= ~leavesLow_[2];
    if (v.z == box_.z1 - 1) mask &= ~leavesHigh_[2];
    while (mask) {
      const int m = __builtin_ctz(mask);
      mask &= mask - 1;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + offset_[m]);
      visit(n, weighted ? world_.moveCost(cell, m) : kWorldMoveCost[m], static_cast<uint8_t>(m), [&] {
        const double h = worldDistanceBound(goal_.x - (v.x + kWorldMoveDx[m]), goal_.y - (v.y + kWorldMoveDy[m]),
                                            goal_.z - (v.z + kWorldMoveDz[m]));
        return weighted ? hScale_ * h : h;
      });
    }
  }

 private:
  const BlockWorld& world_;
  Box box_;
  Voxel goal_;
  int32_t bw_, bh_;
  double hScale_;  // the world's smallest weight: the heuristic stays admissible under a cost layer
  bool weighted_;
  int32_t offset_[kWorldMoveCount];                  // box-local id offset of each move
  uint32_t leavesLow_[3] = {}, leavesHigh_[3] = {};  // moves towards -x/+x, -y/+y, -z/+z
};

}  // namespace hpastar
