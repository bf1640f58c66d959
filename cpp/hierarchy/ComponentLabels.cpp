#include "hierarchy/ComponentLabels.h"

namespace hpastar {

void ComponentLabels::build(const Grid& grid) {
  const int32_t n = grid.cellCount(), w = grid.width();
  labels_.assign(static_cast<size_t>(n), 0);
  count_ = 0;
  std::vector<int32_t> stack;
  int32_t offset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * w + kDirDx[d];
  for (int32_t c = 0; c < n; ++c) {
    if (labels_[c] || !grid.passableAt(c)) continue;
    const uint32_t label = ++count_;
    labels_[c] = label;
    stack.push_back(c);
    while (!stack.empty()) {
      const int32_t u = stack.back();
      stack.pop_back();
      // Moves are symmetric (a move and its reverse are legal together), so a flood fill over them
      // gives the components of the undirected move graph.
      uint32_t mask = grid.moveMask(u);
      while (mask) {
        const int d = __builtin_ctz(mask);
        mask &= mask - 1;
        const int32_t v = u + offset[d];
        if (!labels_[v]) {
          labels_[v] = label;
          stack.push_back(v);
        }
      }
    }
  }
}

}  // namespace hpastar
