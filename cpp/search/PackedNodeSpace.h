#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "search/SearchSpace.h"

namespace hpastar {

// Scratch of an A* with decrease-key over an abstract graph, one 32-byte record per node. What the
// search keeps of a node (stamp, distance, parent, heap slot, heuristic) is read and written together,
// so each node it touches costs one cache line instead of five: what a query pays for when the game
// (or another search) has evicted the scratch since the last one. Stamps as in BasicSearchSpace: open
// in search s when stamp == 2s, closed when 2s + 1, untouched otherwise; nothing is cleared per search.
class PackedNodeSpace {
 public:
  struct Node {
    uint32_t stamp;
    uint32_t parent;
    uint32_t heapSlot;
    uint32_t unused;  // keeps g and h 8-aligned, the record 32 bytes (two per cache line)
    double g;
    double h;  // the heuristic, computed once per search when the node is first reached
  };
  static_assert(sizeof(Node) == 32);

  void begin(uint32_t nodeCount) {
    if (nodeCount > nodes_.size()) nodes_.resize(nodeCount, Node{});
    if (search_ >= 0x7FFFFFFEu) {  // stamps would wrap: clear once every ~2 billion searches
      for (Node& n : nodes_) n.stamp = 0;
      search_ = 0;
    }
    ++search_;
    heap_.clear();
  }

  uint32_t openStamp() const { return search_ * 2; }
  uint32_t closedStamp() const { return search_ * 2 + 1; }
  bool seen(uint32_t id) const { return nodes_[id].stamp >= openStamp() && nodes_[id].stamp <= closedStamp(); }
  bool closed(uint32_t id) const { return nodes_[id].stamp == closedStamp(); }
  Node* nodes() { return nodes_.data(); }
  const Node& node(uint32_t id) const { return nodes_[id]; }

  // Pushes `id` with key (f, h), or lowers its key when `inHeap` (pushed in this search, not popped yet).
  __attribute__((always_inline)) void pushOrDecrease(double f, double h, uint32_t id, bool inHeap) {
    Node* nodes = nodes_.data();
    size_t i;
    if (inHeap) {
      i = nodes[id].heapSlot;
    } else {
      heap_.push_back(SearchHeapEntry{0, id});
      i = heap_.size() - 1;
    }
    siftUp(heap_.data(), i, SearchHeapEntry{NodeSearchSpace::keyOf(f, h), id},
           [nodes](uint32_t node, size_t slot) { nodes[node].heapSlot = static_cast<uint32_t>(slot); });
  }
  uint32_t popMin() {
    Node* nodes = nodes_.data();
    return hpastar::popMin(heap_,
                           [nodes](uint32_t node, size_t slot) { nodes[node].heapSlot = static_cast<uint32_t>(slot); })
        .id;
  }
  bool empty() const { return heap_.empty(); }
  uint32_t top() const { return heap_.front().id; }  // the node popMin() would return; not empty()

  size_t bytes() const { return nodes_.capacity() * sizeof(Node) + heap_.capacity() * sizeof(SearchHeapEntry); }

 private:
  uint32_t search_ = 0;
  std::vector<Node> nodes_;
  std::vector<SearchHeapEntry> heap_;
};

}  // namespace hpastar
