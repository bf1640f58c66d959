#pragma once
#include <cstdint>

#include "search/SearchGraph.h"
#include "world/BlockWorld.h"

namespace hpastar {

// A whole block world as a SearchGraph (search/SearchGraph.h), towards one goal: node ids are the
// world's cell indices, move codes the WorldMoves.h codes, the heuristic worldDistanceBound.
class BlockWorldGraph {
 public:
  BlockWorldGraph(const BlockWorld& world, Voxel goal) : world_(world), goal_(goal) {
    for (int m = 0; m < kWorldMoveCount; ++m) offset_[m] = world.moveOffset(m);
  }

  uint32_t nodeCount() const { return static_cast<uint32_t>(world_.cellCount()); }
  uint32_t idOf(Voxel v) const { return static_cast<uint32_t>(world_.index(v)); }
  Voxel voxelOf(uint32_t id) const { return world_.voxelOf(static_cast<int32_t>(id)); }

  double heuristic(uint32_t id) const {
    const Voxel v = voxelOf(id);
    return worldDistanceBound(goal_.x - v.x, goal_.y - v.y, goal_.z - v.z);
  }

  uint32_t predecessor(uint32_t id, uint8_t move) const {
    return static_cast<uint32_t>(static_cast<int32_t>(id) - offset_[move]);
  }

  template <typename Visit>
  __attribute__((always_inline)) void forEachMove(uint32_t id, Visit&& visit) const {
    uint32_t mask = world_.moveMask(static_cast<int32_t>(id));
    if (!mask) return;
    const Voxel v = voxelOf(id);
    while (mask) {
      const int m = __builtin_ctz(mask);
      mask &= mask - 1;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + offset_[m]);
      visit(n, kWorldMoveCost[m], static_cast<uint8_t>(m), [&] {
        return worldDistanceBound(goal_.x - (v.x + kWorldMoveDx[m]), goal_.y - (v.y + kWorldMoveDy[m]),
                                  goal_.z - (v.z + kWorldMoveDz[m]));
      });
    }
  }

 private:
  const BlockWorld& world_;
  Voxel goal_;
  int32_t offset_[kWorldMoveCount];
};

}  // namespace hpastar
