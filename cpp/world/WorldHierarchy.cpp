#include "world/WorldHierarchy.h"

#include <algorithm>
#include <chrono>
#include <tuple>

#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"
#include "world/WorldAbstractGraph.h"

namespace hpastar {
namespace {

// The moves a transition can be: all but the diagonals on one level (see WorldHierarchy.h).
constexpr uint32_t kCrossingMoves = ~((1u << 1) | (1u << 3) | (1u << 5) | (1u << 7));

std::string outside(const char* name, int32_t value, int32_t lo, int32_t hi) {
  return std::string(name) + " " + std::to_string(value) + " is outside " + std::to_string(lo) + ".." +
         std::to_string(hi);
}

}  // namespace

std::string WorldHierarchyOptions::check() const {
  if (clusterSide < 2 || clusterSide > 1024) return outside("clusterSide", clusterSide, 2, 1024);
  if (clusterLevels < 1 || clusterLevels > 1024) return outside("clusterLevels", clusterLevels, 1, 1024);
  if (levels < 1 || levels > kMaxLevels) return outside("levels", levels, 1, kMaxLevels);
  if (entranceWidth < 1 || entranceWidth > 1024) return outside("entranceWidth", entranceWidth, 1, 1024);
  return "";
}

WorldHierarchy::WorldHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options)
    : world_(world), options_(options), components_(world_) {}

std::optional<WorldHierarchy> WorldHierarchy::build(const BlockWorld& world, const WorldHierarchyOptions& options,
                                                    std::string& error) {
  error = options.check();
  if (!error.empty()) return std::nullopt;
  const auto t0 = std::chrono::steady_clock::now();
  WorldHierarchy h(world, options);
  for (int32_t l = 0; l < options.levels; ++l) {
    // Doubling on every axis, never clipped to the world: boxes stay unions of the level below's.
    const int32_t scale = int32_t{1} << l;
    const int64_t side = static_cast<int64_t>(options.clusterSide) * scale;
    const int64_t tall = static_cast<int64_t>(options.clusterLevels) * scale;
    h.layouts_.emplace_back(static_cast<int32_t>(std::min<int64_t>(side, 1 << 30)),
                            static_cast<int32_t>(std::min<int64_t>(tall, 1 << 30)), world.width(), world.height(),
                            world.levels());
  }
  const std::vector<uint32_t> regions = h.labelRegions();
  h.makeNodes(h.chooseTransitions(regions));

  // Edges of every level: the inter-edges makeNodes() left in edges_, then the intra-edges, in CSR.
  std::vector<std::vector<WorldEdge>> perNode;
  const uint32_t n = h.nodeCount();
  h.edgeFirst_.resize(static_cast<size_t>(options.levels));
  for (int32_t level = 1; level <= options.levels; ++level) {
    // edges_[level - 1] holds (from, to) pairs so far, stored as two WorldEdges: regroup them per node.
    perNode.assign(n, {});
    const std::vector<WorldEdge>& pairs = h.edges_[static_cast<size_t>(level - 1)];
    for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
      perNode[pairs[i].to].push_back(WorldEdge{pairs[i + 1].to, pairs[i].cost});
      perNode[pairs[i + 1].to].push_back(WorldEdge{pairs[i].to, pairs[i].cost});
    }
    // Cluster membership of this level's nodes (needed by its intra-edges).
    const WorldClusterLayout& layout = h.layout(level);
    std::vector<uint32_t>& first = h.clusterFirst_.emplace_back(static_cast<size_t>(layout.count()) + 1, 0);
    std::vector<uint32_t>& members = h.clusterNodes_.emplace_back();
    for (uint32_t v = 0; v < n; ++v)
      if (h.nodeLevel_[v] >= level) ++first[static_cast<size_t>(layout.clusterOf(h.nodeVoxel_[v])) + 1];
    for (size_t c = 1; c < first.size(); ++c) first[c] += first[c - 1];
    members.resize(first.back());
    std::vector<uint32_t> fill(first.begin(), first.end() - 1);
    for (uint32_t v = 0; v < n; ++v)
      if (h.nodeLevel_[v] >= level) members[fill[static_cast<size_t>(layout.clusterOf(h.nodeVoxel_[v]))]++] = v;

    h.appendIntraEdges(level, regions, perNode);
    std::vector<uint32_t>& edgeFirst = h.edgeFirst_[static_cast<size_t>(level - 1)];
    std::vector<WorldEdge>& edges = h.edges_[static_cast<size_t>(level - 1)];
    edgeFirst.assign(static_cast<size_t>(n) + 1, 0);
    edges.clear();
    for (uint32_t v = 0; v < n; ++v) {
      edgeFirst[v] = static_cast<uint32_t>(edges.size());
      edges.insert(edges.end(), perNode[v].begin(), perNode[v].end());
    }
    edgeFirst[n] = static_cast<uint32_t>(edges.size());
    edges.shrink_to_fit();
    h.stats_.nodes[level - 1] = static_cast<uint32_t>(members.size());
    h.stats_.edges[level - 1] = static_cast<uint32_t>(edges.size());
    h.stats_.clusters[level - 1] = static_cast<uint32_t>(layout.count());
  }

  size_t bytes = h.nodeVoxel_.capacity() * sizeof(Voxel) + h.nodeLevel_.capacity() + h.components_.bytes();
  for (int32_t l = 0; l < options.levels; ++l) {
    const size_t i = static_cast<size_t>(l);
    bytes += h.edgeFirst_[i].capacity() * 4 + h.edges_[i].capacity() * sizeof(WorldEdge) +
             h.clusterFirst_[i].capacity() * 4 + h.clusterNodes_[i].capacity() * 4;
  }
  h.stats_.bytes = bytes;
  h.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return h;
}

std::vector<uint32_t> WorldHierarchy::labelRegions() const {
  std::vector<uint32_t> region(static_cast<size_t>(world_.cellCount()), 0);
  const WorldClusterLayout& layout = layouts_.front();
  std::vector<int32_t> stack;
  for (int32_t c = 0; c < layout.count(); ++c) {
    const Box box = layout.box(c);
    uint32_t count = 0;
    for (int32_t z = box.z0; z < box.z1; ++z)
      for (int32_t y = box.y0; y < box.y1; ++y)
        for (int32_t x = box.x0; x < box.x1; ++x) {
          const int32_t first = world_.index(x, y, z);
          if (region[static_cast<size_t>(first)] != 0 || !world_.standing(x, y, z)) continue;
          region[static_cast<size_t>(first)] = ++count;
          stack.push_back(first);
          while (!stack.empty()) {
            const int32_t cell = stack.back();
            stack.pop_back();
            const Voxel v = world_.voxelOf(cell);
            for (uint32_t mask = world_.moveMask(cell); mask; mask &= mask - 1) {
              const int m = __builtin_ctz(mask);
              const Voxel w{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
              const int32_t next = cell + world_.moveOffset(m);
              if (!box.contains(w) || region[static_cast<size_t>(next)] != 0) continue;
              region[static_cast<size_t>(next)] = count;
              stack.push_back(next);
            }
          }
        }
  }
  return region;
}

std::vector<WorldHierarchy::Transition> WorldHierarchy::chooseTransitions(const std::vector<uint32_t>& regions) const {
  // Every crossing of a level-1 border, from its lower cell, with the pair of regions it joins.
  struct Crossing {
    int32_t clusterA, clusterB;
    uint32_t regionA, regionB;
    int32_t pos;  // along the face: y for a move across x, else x
    int32_t z;
    int32_t cell, move;
    auto group() const { return std::tie(clusterA, clusterB, regionA, regionB); }
    auto key() const { return std::tie(clusterA, clusterB, regionA, regionB, pos, z, cell); }
  };
  const WorldClusterLayout& layout = layouts_.front();
  std::vector<Crossing> crossings;
  for (int32_t cell = 0; cell < world_.cellCount(); ++cell) {
    const uint32_t mask = world_.moveMask(cell) & kCrossingMoves;
    if (!mask) continue;
    const Voxel a = world_.voxelOf(cell);
    const int32_t ca = layout.clusterOf(a);
    for (uint32_t bits = mask; bits; bits &= bits - 1) {
      const int m = __builtin_ctz(bits);
      const int32_t next = cell + world_.moveOffset(m);
      if (next < cell) continue;  // each undirected crossing once, from its lower cell
      const Voxel b{a.x + kWorldMoveDx[m], a.y + kWorldMoveDy[m], a.z + kWorldMoveDz[m]};
      const int32_t cb = layout.clusterOf(b);
      if (cb == ca) continue;
      crossings.push_back(Crossing{ca, cb, regions[static_cast<size_t>(cell)], regions[static_cast<size_t>(next)],
                                   kWorldMoveDx[m] != 0 ? a.y : a.x, a.z, cell, m});
    }
  }
  std::sort(crossings.begin(), crossings.end(), [](const Crossing& p, const Crossing& q) { return p.key() < q.key(); });

  // Each group (the crossings between two regions of two boxes) is an entrance: it keeps its middle
  // crossing when it spans fewer than entranceWidth positions along the face, else its two ends.
  std::vector<Transition> out;
  auto keep = [&](const Crossing& c) { out.push_back(Transition{c.cell, c.cell + world_.moveOffset(c.move), c.move}); };
  for (size_t i = 0; i < crossings.size();) {
    size_t end = i + 1;
    while (end < crossings.size() && crossings[end].group() == crossings[i].group()) ++end;
    if (crossings[end - 1].pos - crossings[i].pos + 1 < options_.entranceWidth) {
      keep(crossings[i + (end - i) / 2]);
    } else {
      keep(crossings[i]);
      keep(crossings[end - 1]);
    }
    i = end;
  }
  return out;
}

int32_t WorldHierarchy::crossingLevel(Voxel a, Voxel b) const {
  int32_t level = 0;
  for (size_t l = 0; l < layouts_.size(); ++l)
    if (layouts_[l].clusterOf(a) != layouts_[l].clusterOf(b)) level = static_cast<int32_t>(l + 1);
  return level;
}

void WorldHierarchy::makeNodes(const std::vector<Transition>& transitions) {
  // Node ids in the order of their cells, so that the same world always gives the same ids.
  std::vector<int32_t> cells;
  cells.reserve(transitions.size() * 2);
  for (const Transition& t : transitions) cells.push_back(t.a), cells.push_back(t.b);
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  nodeVoxel_.resize(cells.size());
  nodeLevel_.assign(cells.size(), 0);
  for (size_t i = 0; i < cells.size(); ++i) nodeVoxel_[i] = world_.voxelOf(cells[i]);
  auto nodeOf = [&](int32_t cell) {
    return static_cast<uint32_t>(std::lower_bound(cells.begin(), cells.end(), cell) - cells.begin());
  };
  // Inter-edges: kept as (from, to) pairs of WorldEdges until build() regroups them per node.
  edges_.assign(static_cast<size_t>(options_.levels), {});
  for (const Transition& t : transitions) {
    const uint32_t a = nodeOf(t.a), b = nodeOf(t.b);
    const int32_t top = crossingLevel(nodeVoxel_[a], nodeVoxel_[b]);
    nodeLevel_[a] = static_cast<uint8_t>(std::max<int32_t>(nodeLevel_[a], top));
    nodeLevel_[b] = static_cast<uint8_t>(std::max<int32_t>(nodeLevel_[b], top));
    const float cost = static_cast<float>(kWorldMoveCost[t.move]);
    for (int32_t l = 0; l < top; ++l) {
      edges_[static_cast<size_t>(l)].push_back(WorldEdge{a, cost});
      edges_[static_cast<size_t>(l)].push_back(WorldEdge{b, cost});
    }
  }
  stats_.transitions = static_cast<uint32_t>(transitions.size());
}

void WorldHierarchy::appendIntraEdges(int32_t level, const std::vector<uint32_t>& regions,
                                      std::vector<std::vector<WorldEdge>>& perNode) {
  // One Dijkstra per node of each cluster, stopped once it has settled the cluster's later nodes (the
  // earlier ones found it already: edges are undirected).
  const WorldClusterLayout& layout = this->layout(level);
  SearchSpace cellSpace;
  NodeSearchSpace nodeSpace;
  std::vector<uint8_t> targets;
  for (int32_t c = 0; c < layout.count(); ++c) {
    const std::span<const uint32_t> nodes = clusterNodes(level, c);
    if (nodes.size() < 2) continue;
    const Box box = layout.box(c);
    if (level == 1) {
      const BlockWorldGraph graph(world_, box, Voxel{box.x0, box.y0, box.z0});  // Dijkstra: no goal
      targets.assign(static_cast<size_t>(graph.nodeCount()), 0);
      for (size_t i = 0; i + 1 < nodes.size(); ++i) {
        const Voxel from = nodeVoxel_[nodes[i]];
        const uint32_t region = regions[static_cast<size_t>(world_.index(from))];
        uint32_t count = 0;
        for (size_t j = i + 1; j < nodes.size(); ++j) {
          const Voxel to = nodeVoxel_[nodes[j]];
          if (regions[static_cast<size_t>(world_.index(to))] != region) continue;  // not reachable inside the box
          targets[graph.idOf(to)] = 1;
          ++count;
        }
        if (count == 0) continue;
        BestFirstSearch::search<false>(cellSpace, graph, graph.idOf(from), BestFirstSearch::kNone, targets.data(),
                                       count);
        for (size_t j = i + 1; j < nodes.size(); ++j) {
          const uint32_t id = graph.idOf(nodeVoxel_[nodes[j]]);
          if (!targets[id]) continue;
          targets[id] = 0;
          // Same region: reachable, so settled by the time the search stopped.
          const float cost = static_cast<float>(cellSpace.g()[id]);
          perNode[nodes[i]].push_back(WorldEdge{nodes[j], cost});
          perNode[nodes[j]].push_back(WorldEdge{nodes[i], cost});
        }
      }
    } else {
      // Over the graph of the level below, inside the box; edges_ of that level are final by now.
      const WorldAbstractGraph graph(*this, level - 1, box, nullptr, Voxel{});
      targets.assign(graph.nodeCount(), 0);
      for (size_t i = 0; i + 1 < nodes.size(); ++i) {
        for (size_t j = i + 1; j < nodes.size(); ++j) targets[nodes[j]] = 1;
        const uint32_t count = static_cast<uint32_t>(nodes.size() - i - 1);
        BestFirstSearch::search<false>(nodeSpace, graph, nodes[i], BestFirstSearch::kNone, targets.data(), count);
        for (size_t j = i + 1; j < nodes.size(); ++j) {
          targets[nodes[j]] = 0;
          if (!nodeSpace.closed(nodes[j])) continue;  // another part of the box
          const float cost = static_cast<float>(nodeSpace.g()[nodes[j]]);
          perNode[nodes[i]].push_back(WorldEdge{nodes[j], cost});
          perNode[nodes[j]].push_back(WorldEdge{nodes[i], cost});
        }
      }
    }
  }
}

}  // namespace hpastar
