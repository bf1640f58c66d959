#include "world/WorldGraphByCells.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "world/WorldPathValidator.h"

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

uint64_t countInvalidEdgePaths(const WorldHierarchy& h, const BlockWorld& world, int32_t level, std::string* problem) {
  // Edge costs are floats; the level-1 costs they add up are too.
  constexpr double kFloatTolerance = 1e-6;
  const WorldClusterLayout& layout = h.layout(level);
  uint64_t invalid = 0;
  std::vector<Voxel> cells;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < level) continue;
    const Voxel from = h.nodeVoxel(n);
    const Box box = layout.box(layout.clusterOf(from));
    for (const WorldEdge& e : h.edges(level, n)) {
      const Voxel to = h.nodeVoxel(e.to);
      cells.assign(1, from);
      h.appendEdgePath(level, n, e.to, cells);
      PathCheck check = validateWorldPath(world, from, to, cells, e.cost, kFloatTolerance);
      const bool intra = box.contains(to);
      if (check.valid && intra)
        for (const Voxel& v : cells)
          if (!box.contains(v)) {
            check.valid = false;
            check.problem = "cell " + voxelText(v) + " is outside the edge's cluster";
            break;
          }
      if (check.valid) continue;
      if (problem && invalid == 0)
        *problem = "level " + std::to_string(level) + " edge " + voxelText(from) + " -> " + voxelText(to) + ": " +
                   check.problem;
      ++invalid;
    }
  }
  return invalid;
}

uint64_t countEdgesLostToTheSearch(const WorldHierarchy& h, int32_t level) {
  const WorldClusterLayout& layout = h.layout(level);
  uint64_t lost = 0;
  std::vector<double> distance;
  std::vector<uint8_t> done;
  for (int32_t c = 0; c < layout.count(); ++c) {
    const std::span<const uint32_t> nodes = h.clusterNodes(level, c);
    const size_t n = nodes.size();
    auto local = [&](uint32_t node) {
      const auto at = std::lower_bound(nodes.begin(), nodes.end(), node);
      return at != nodes.end() && *at == node ? static_cast<size_t>(at - nodes.begin()) : n;
    };
    // From each node, Dijkstra over the cluster's searched intra-edges (a scan for the nearest: clusters
    // have tens of nodes).
    for (size_t s = 0; s < n; ++s) {
      distance.assign(n, std::numeric_limits<double>::infinity());
      done.assign(n, 0);
      distance[s] = 0;
      for (;;) {
        size_t u = n;
        for (size_t k = 0; k < n; ++k)
          if (!done[k] && (u == n || distance[k] < distance[u])) u = k;
        if (u == n || distance[u] == std::numeric_limits<double>::infinity()) break;
        done[u] = 1;
        for (const WorldEdge& e : h.searchEdges(level, nodes[u]))
          if (const size_t v = local(e.to); v < n) distance[v] = std::min(distance[v], distance[u] + e.cost);
      }
      for (const WorldEdge& e : h.edges(level, nodes[s]))
        if (const size_t v = local(e.to); v < n && !sameEdgeCost(static_cast<float>(distance[v]), e.cost)) ++lost;
    }
  }
  return lost;
}

}  // namespace hpastar
