#pragma once
#include <cstdint>
#include <vector>

#include "world/BlockWorld.h"

namespace hpastar {

// The connected components of a block world's standing cells. Every move has its reverse (BlockWorld.h),
// so "a reaches b" is "a and b have the same label", answered without a search: what A* learns only by
// flooding all that the start reaches. Labels are 1..count(), numbered by each component's first cell
// in index order; 0 for a cell that is not standing. A snapshot: after BlockWorld::setBlock, build anew.
class WorldComponents {
 public:
  explicit WorldComponents(const BlockWorld& world);

  uint32_t count() const { return count_; }
  uint32_t of(int32_t cell) const { return label_[static_cast<size_t>(cell)]; }
  // Both cells standing and in one component (false outside the world).
  bool connected(const BlockWorld& world, Voxel a, Voxel b) const {
    if (!world.inside(a) || !world.inside(b)) return false;
    const uint32_t la = of(world.index(a));
    return la != 0 && la == of(world.index(b));
  }
  size_t bytes() const { return label_.capacity() * sizeof(uint32_t); }

 private:
  std::vector<uint32_t> label_;
  uint32_t count_ = 0;
};

}  // namespace hpastar
