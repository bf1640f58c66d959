#pragma once
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "search/SearchSpace.h"
#include "world/BlockWorld.h"
#include "world/WorldClusterLayout.h"

namespace hpastar {

// DHPA* (Kring, Champandard and Samarin 2010) on a block world: for every node of a level-1 box, its
// shortest-path tree over the box's standing cells (moves that stay in the box), so that joining a cell
// of the box to the box's nodes reads one distance per node instead of searching, and the cells of that
// edge are the tree's parent moves walked from the cell to the node. Only standing cells get entries:
// each box lists its standing cells (box-local ids, ascending) and a tree is one float distance and one
// move byte per listed cell. Built and rebuilt per box (WorldHierarchy rebuilds the trees of every
// level-1 box it rebuilds); the same world and nodes give the same trees, whatever the order of updates.
class WorldBoxTrees {
 public:
  static constexpr float kUnreached = std::numeric_limits<float>::infinity();
  static constexpr uint8_t kRoot = 0xFF;  // the parent move of a tree's root, and of a cell it does not reach

  void reset(int32_t boxes) { boxes_.assign(static_cast<size_t>(boxes), BoxTrees{}); }
  // The trees of box `id` (its cells `box`) rooted at `roots`, one per node of the box, in its order.
  void rebuildBox(const BlockWorld& world, int32_t id, const Box& box, std::span<const Voxel> roots,
                  SearchSpace& space);

  // The entry of `cell` (inside box `id`, box-local id `local`) in the box's trees; -1 when not standing.
  int32_t slotOf(int32_t id, uint32_t local) const;
  // Node `k`'s tree in box `id` at slot `slot`: the in-box distance from the node (kUnreached), and the
  // move that reached the cell in the tree (kRoot at the root and where unreached).
  float distance(int32_t id, size_t k, int32_t slot) const {
    const BoxTrees& b = boxes_[static_cast<size_t>(id)];
    return b.distance[k * b.cells.size() + static_cast<size_t>(slot)];
  }
  uint8_t parentMove(int32_t id, size_t k, int32_t slot) const {
    const BoxTrees& b = boxes_[static_cast<size_t>(id)];
    return b.move[k * b.cells.size() + static_cast<size_t>(slot)];
  }
  // Node `k`'s parent moves in box `id`, slot after slot.
  const uint8_t* parentMoves(int32_t id, size_t k) const {
    const BoxTrees& b = boxes_[static_cast<size_t>(id)];
    return b.move.data() + k * b.cells.size();
  }
  size_t treeCount(int32_t id) const { return boxes_[static_cast<size_t>(id)].roots; }
  std::span<const uint32_t> cells(int32_t id) const { return boxes_[static_cast<size_t>(id)].cells; }
  size_t bytes() const;

 private:
  struct BoxTrees {
    std::vector<uint32_t> cells;  // box-local ids of the standing cells, ascending
    std::vector<float> distance;  // [root * cells.size() + slot]
    std::vector<uint8_t> move;    // the same layout
    size_t roots = 0;
  };
  std::vector<BoxTrees> boxes_;
};

}  // namespace hpastar
