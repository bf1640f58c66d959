#include "world/WorldGraphByCells.h"

#include <algorithm>
#include <cmath>

namespace hpastar {

WorldLevelByCells worldLevelByCells(const WorldHierarchy& h, int32_t level) {
  WorldLevelByCells out;
  const BlockWorld& w = h.world();
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < level) {
      out.edgesOfLowerNodes += static_cast<uint32_t>(h.edges(level, n).size());
      continue;
    }
    out.nodes.emplace_back(w.index(h.nodeVoxel(n)), h.nodeLevel(n));
    for (const WorldEdge& e : h.edges(level, n))
      out.edges.emplace_back(w.index(h.nodeVoxel(n)), w.index(h.nodeVoxel(e.to)), e.cost);
  }
  for (int32_t c = 0; c < h.layout(level).count(); ++c)
    for (uint32_t n : h.clusterNodes(level, c)) out.members.emplace_back(c, w.index(h.nodeVoxel(n)));
  std::sort(out.nodes.begin(), out.nodes.end());
  std::sort(out.edges.begin(), out.edges.end());
  std::sort(out.members.begin(), out.members.end());
  return out;
}

bool sameEdgeCost(float a, float b) { return std::fabs(a - b) <= 1e-4f * std::max({1.0f, a, b}); }

namespace {

template <typename T, typename Same>
uint64_t countUnequal(const std::vector<T>& a, const std::vector<T>& b, Same same) {
  const size_t common = std::min(a.size(), b.size());
  uint64_t differ = std::max(a.size(), b.size()) - common;
  for (size_t i = 0; i < common; ++i) differ += !same(a[i], b[i]);
  return differ;
}

}  // namespace

uint64_t countDifferences(const WorldLevelByCells& a, const WorldLevelByCells& b) {
  auto equal = [](const auto& x, const auto& y) { return x == y; };
  auto sameEdge = [](const auto& x, const auto& y) {
    return std::get<0>(x) == std::get<0>(y) && std::get<1>(x) == std::get<1>(y) &&
           sameEdgeCost(std::get<2>(x), std::get<2>(y));
  };
  return countUnequal(a.nodes, b.nodes, equal) + countUnequal(a.members, b.members, equal) +
         countUnequal(a.edges, b.edges, sameEdge) + a.edgesOfLowerNodes + b.edgesOfLowerNodes;
}

}  // namespace hpastar
