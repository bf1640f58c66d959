#pragma once
#include <cstdint>

#include "search/BestFirstSearch.h"
#include "search/LevelDistances.h"
#include "world/WorldAbstractGraph.h"

namespace hpastar {

// One level of a WorldHierarchy as the heuristic tables' builders see it (search/LevelDistances.h): its
// nodes, and a Dijkstra over the level's searched edges in the whole world (the same distances as all
// its edges, WorldHierarchy::searchEdges). Edge indices are into WorldHierarchy::edges, which a walk of
// the distance table follows.
class WorldLevelDistances final : public LevelDistances {
 public:
  WorldLevelDistances(const WorldHierarchy& h, int32_t level) : h_(h), level_(level) {}

  int32_t level() const override { return level_; }
  uint32_t idSpace() const override { return h_.nodeCount(); }
  bool member(uint32_t node) const override { return h_.nodeLevel(node) >= level_; }
  void run(uint32_t source) override {
    const WorldAbstractGraph graph(h_, level_, h_.world().bounds(), nullptr, Voxel{});
    BestFirstSearch::search<false>(space_, graph, source, BestFirstSearch::kNone);
  }
  double distance(uint32_t node) const override { return space_.closed(node) ? space_.g()[node] : -1.0; }
  uint32_t parentEdge(uint32_t node) const override {
    if (!space_.closed(node)) return kNoEdge;
    const uint32_t parent = space_.parents()[node];
    if (parent == BestFirstSearch::kNoParent<uint32_t>) return kNoEdge;
    return edgeTo(h_.edges(level_, node), parent);
  }

 private:
  const WorldHierarchy& h_;
  int32_t level_;
  NodeSearchSpace space_;
};

}  // namespace hpastar
