#include "world/WorldComponents.h"

namespace hpastar {

WorldComponents::WorldComponents(const BlockWorld& world) : label_(static_cast<size_t>(world.cellCount()), 0) {
  int32_t offset[kWorldMoveCount];
  for (int m = 0; m < kWorldMoveCount; ++m) offset[m] = world.moveOffset(m);
  std::vector<int32_t> stack;
  for (int32_t first = 0; first < world.cellCount(); ++first) {
    if (label_[static_cast<size_t>(first)] != 0 || !world.moveMask(first)) {
      // A standing cell without any move is a component of its own.
      if (label_[static_cast<size_t>(first)] == 0 && world.standing(world.voxelOf(first)))
        label_[static_cast<size_t>(first)] = ++count_;
      continue;
    }
    const uint32_t label = ++count_;
    label_[static_cast<size_t>(first)] = label;
    stack.push_back(first);
    while (!stack.empty()) {
      const int32_t cell = stack.back();
      stack.pop_back();
      for (uint32_t mask = world.moveMask(cell); mask; mask &= mask - 1) {
        const int32_t next = cell + offset[__builtin_ctz(mask)];
        if (label_[static_cast<size_t>(next)] != 0) continue;
        label_[static_cast<size_t>(next)] = label;
        stack.push_back(next);
      }
    }
  }
}

}  // namespace hpastar
