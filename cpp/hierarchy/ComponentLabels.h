#pragma once
#include <cstdint>
#include <vector>

#include "grid/Grid.h"

namespace hpastar {

// Connected components of the passable cells under the grid's moves: two cells share a label exactly
// when a path joins them, so an unreachable goal is known without any search. Label 0 = blocked.
class ComponentLabels {
 public:
  void build(const Grid& grid);
  uint32_t labelAt(int32_t cell) const { return labels_[cell]; }
  uint32_t count() const { return count_; }
  size_t bytes() const { return labels_.size() * sizeof(uint32_t); }

 private:
  std::vector<uint32_t> labels_;
  uint32_t count_ = 0;
};

}  // namespace hpastar
