#pragma once
#include <cstdint>

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"
#include "search/LevelDistances.h"

namespace hpastar {

// One level of a 2D Hierarchy as the heuristic tables' builders see it (search/LevelDistances.h): its
// nodes, and AbstractSearch's Dijkstra over the whole map. Edge indices are into Hierarchy::edges.
class HierarchyLevelDistances final : public LevelDistances {
 public:
  HierarchyLevelDistances(const Hierarchy& h, int32_t level) : h_(h), level_(level) {}

  int32_t level() const override { return level_; }
  uint32_t idSpace() const override { return h_.nodeCount(); }
  bool member(uint32_t node) const override { return h_.nodeLevel(node) >= level_; }
  void run(uint32_t source) override { search_.run(h_, level_, h_.grid().bounds(), nullptr, source, Hierarchy::kNone); }
  double distance(uint32_t node) const override { return search_.distance(node); }
  uint32_t parentEdge(uint32_t node) const override {
    if (search_.distance(node) < 0) return kNoEdge;
    const uint32_t parent = search_.parent(node);
    if (parent == Hierarchy::kNone) return kNoEdge;
    return edgeTo(h_.edges(level_, node), parent);
  }

 private:
  const Hierarchy& h_;
  int32_t level_;
  AbstractSearch search_;
};

}  // namespace hpastar
