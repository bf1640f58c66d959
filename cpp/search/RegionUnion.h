#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hpastar {

// The connected components of a hierarchy's cells, made from its regions instead of its cells: a
// region is a connected part of one cluster (moves that stay inside it), regions of neighbouring
// clusters are joined by the moves that cross between them, and the components are what the joins
// leave. This is the one place that does it for both the 2D Hierarchy and the WorldHierarchy: a terrain
// change relabels the regions of the clusters it touches, then this pass over regions and links (no
// cell is read) gives every label again. Labels are numbered 1..count by the smallest first cell of
// each component's regions, so they depend on the cells only, not on how the world is cut into clusters
// (a flood fill in index order gives the same numbers).
class RegionUnion {
 public:
  // Every one of `regions` regions its own component.
  void reset(uint32_t regions) {
    parent_.resize(regions);
    for (uint32_t r = 0; r < regions; ++r) parent_[r] = r;
  }
  uint32_t find(uint32_t r) {
    while (parent_[r] != r) r = parent_[r] = parent_[parent_[r]];
    return r;
  }
  void join(uint32_t a, uint32_t b) {
    const uint32_t x = find(a), y = find(b);
    if (x != y) parent_[std::max(x, y)] = std::min(x, y);
  }
  // Writes the component label of every region to `labels` (resized), given each region's first cell
  // (any order key of the cells: row-major on a grid, index order in a block world); returns the count.
  // `firstCell` is used as scratch: each root's entry becomes its component's first cell.
  uint32_t label(std::span<uint64_t> firstCell, std::vector<uint32_t>& labels) {
    const uint32_t n = static_cast<uint32_t>(parent_.size());
    size_t roots = 0;
    for (uint32_t r = 0; r < n; ++r) {
      const uint32_t root = find(r);
      firstCell[root] = std::min(firstCell[root], firstCell[r]);
      roots += root == r ? 1 : 0;
    }
    std::vector<std::pair<uint64_t, uint32_t>> order;  // (first cell, root), reserved exactly (HierarchyMemory)
    order.reserve(roots);
    for (uint32_t r = 0; r < n; ++r)
      if (parent_[r] == r) order.emplace_back(firstCell[r], r);
    std::sort(order.begin(), order.end());
    labels.resize(n);
    for (size_t i = 0; i < order.size(); ++i) labels[order[i].second] = static_cast<uint32_t>(i + 1);
    for (uint32_t r = 0; r < n; ++r) labels[r] = labels[find(r)];
    return static_cast<uint32_t>(order.size());
  }
  // Kept between passes, so that a pass after an edit does not allocate it again.
  size_t bytes() const { return parent_.capacity() * 4; }

 private:
  std::vector<uint32_t> parent_;
};

}  // namespace hpastar
