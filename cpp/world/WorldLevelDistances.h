#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "search/BestFirstSearch.h"
#include "search/LandmarkRepair.h"
#include "search/LevelDistances.h"
#include "world/WorldAbstractGraph.h"

namespace hpastar {

// One level of a WorldHierarchy as the heuristic tables' builders see it (search/LevelDistances.h): its
// nodes, and a Dijkstra over the level's searched edges in the whole world (the same distances as all
// its edges, WorldHierarchy::searchEdges). Edge indices are into WorldHierarchy::edges, which a walk of
// the distance table follows.
//
// With `minComponentNodes` > 0 the members are only the level's nodes in components (WorldComponents)
// that hold at least that many of them: where landmarks go. Farthest-first picks a node that no landmark
// reaches before any other, so on a world of many small pockets (caves) every landmark would land in a
// pocket of its own, where queries are short, and none would guide the long ones.
class WorldLevelDistances final : public LevelDistances {
 public:
  WorldLevelDistances(const WorldHierarchy& h, int32_t level, uint32_t minComponentNodes = 0) : h_(h), level_(level) {
    if (minComponentNodes == 0) return;
    std::vector<uint32_t> nodes(h.componentCount() + 1, 0);
    for (uint32_t n = 0; n < h.nodeCount(); ++n)
      if (h.nodeLevel(n) >= level) ++nodes[componentOf(n)];
    large_.resize(nodes.size());
    for (size_t c = 1; c < nodes.size(); ++c) large_[c] = nodes[c] >= minComponentNodes;
  }

  // The members for h's landmarks: the top level's nodes in the components that hold at least
  // 1/landmarks of them (so at most one such component per landmark: farthest-first gives each one a
  // landmark, then spreads the rest).
  static WorldLevelDistances forLandmarks(const WorldHierarchy& h) {
    const uint32_t topNodes = h.stats().nodes[h.levels() - 1];
    const uint32_t count = static_cast<uint32_t>(std::max(1, h.options().landmarks));
    return WorldLevelDistances(h, h.levels(), std::max<uint32_t>(1, topNodes / count));
  }

  int32_t level() const override { return level_; }
  uint32_t idSpace() const override { return h_.nodeCount(); }
  bool member(uint32_t node) const override {
    return h_.nodeLevel(node) >= level_ && (large_.empty() || large_[componentOf(node)]);
  }
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
  uint32_t componentOf(uint32_t node) const { return h_.components().of(h_.world().index(h_.nodeVoxel(node))); }

  const WorldHierarchy& h_;
  int32_t level_;
  NodeSearchSpace space_;
  std::vector<uint8_t> large_;  // per component label: whether its nodes are members
};

// The searched edges of h's top level that its landmark rows break, and the top-level nodes without a
// row (LandmarkRepair's inconsistentLandmarkBounds): 0 unless an update left them wrong.
inline uint64_t inconsistentLandmarkBounds(const WorldHierarchy& h) {
  return inconsistentLandmarkBounds(
      h.landmarks(), h.nodeCount(), [&](uint32_t n) { return h.nodeLevel(n) >= h.levels(); },
      [&](uint32_t n) { return h.searchEdges(h.levels(), n); });
}

}  // namespace hpastar
