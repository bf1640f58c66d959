#include "shpa/ShpaStarGraph.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "hpa/ClusterMerge.h"

namespace hpastar {

std::optional<ShpaStarGraph> ShpaStarGraph::build(std::shared_ptr<const Grid> grid, const ShpaOptions& options,
                                                  std::string& error) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!grid) {
    error = "no grid";
    return std::nullopt;
  }
  error = options.validate();
  if (!error.empty()) return std::nullopt;

  ShpaStarGraph g;
  g.grid_ = std::move(grid);
  g.options_ = options;
  const Grid& cells = *g.grid_;
  ClusterMerge clustering = ClusterMerge::build(cells, options.mergeRules());
  g.cellCluster_ = std::move(clustering.cellCluster);
  const uint32_t clusterCount = clustering.count;
  g.stats_.initialClusters = clustering.initialCount;
  g.stats_.merges = clustering.merges;
  g.stats_.clusters = clusterCount;

  g.clusterBox_.assign(clusterCount, Rect{cells.width(), cells.height(), 0, 0});
  for (int32_t y = 0; y < cells.height(); ++y) {
    for (int32_t x = 0; x < cells.width(); ++x) {
      const uint32_t c = g.cellCluster_[cells.index(x, y)];
      if (c == kNone) continue;
      Rect& box = g.clusterBox_[c];
      box = Rect{std::min(box.x0, x), std::min(box.y0, y), std::max(box.x1, x + 1), std::max(box.y1, y + 1)};
    }
  }

  // Nodes, cluster by cluster, so each cluster's nodes are one id range. A cell on two border runs is one node.
  std::vector<uint32_t> nodeAt(static_cast<size_t>(cells.cellCount()), kNone);
  std::vector<std::pair<int32_t, int32_t>> transitions;  // (inside cell, outside cell), as grid indices
  g.clusterFirstNode_.assign(static_cast<size_t>(clusterCount) + 1, 0);
  for (uint32_t c = 0; c < clusterCount; ++c) {
    g.clusterFirstNode_[c] = g.nodeCount();
    forEachBorderTransition(cells, g.cellCluster_.data(), g.clusterBox_[c], c, kNone, options.entranceWidth,
                            [&](Point inside, Point outside) {
                              const int32_t i = cells.index(inside);
                              if (nodeAt[i] == kNone) {
                                nodeAt[i] = g.nodeCount();
                                g.nodeCell_.push_back(inside);
                                g.nodeCluster_.push_back(c);
                              }
                              transitions.emplace_back(i, cells.index(outside));
                            });
    g.stats_.maxClusterNodes = std::max(g.stats_.maxClusterNodes, g.nodeCount() - g.clusterFirstNode_[c]);
    const uint64_t k = g.nodeCount() - g.clusterFirstNode_[c];
    g.stats_.intraEdges += k > 1 ? k * (k - 1) / 2 : 0;
  }
  g.clusterFirstNode_[clusterCount] = g.nodeCount();

  // Inter-edges into CSR. Both clusters of a border pick the same pairs (forEachBorderTransition), so the far
  // cell of every transition is a node of its own cluster and each edge is listed from both ends.
  g.interOffset_.assign(static_cast<size_t>(g.nodeCount()) + 1, 0);
  for (const auto& [inside, outside] : transitions) ++g.interOffset_[nodeAt[inside] + 1];
  for (size_t n = 1; n < g.interOffset_.size(); ++n) g.interOffset_[n] += g.interOffset_[n - 1];
  g.interTarget_.assign(transitions.size(), kNone);
  std::vector<uint32_t> fill(g.interOffset_.begin(), g.interOffset_.end() - 1);
  for (const auto& [inside, outside] : transitions) g.interTarget_[fill[nodeAt[inside]]++] = nodeAt[outside];
  for (uint32_t n = 0; n < g.nodeCount(); ++n)
    std::sort(g.interTarget_.begin() + g.interOffset_[n], g.interTarget_.begin() + g.interOffset_[n + 1]);

  g.labelComponents();
  g.stats_.nodes = g.nodeCount();
  g.stats_.interEdges = static_cast<uint32_t>(transitions.size() / 2);
  g.stats_.bytes = g.computeBytes();
  g.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return g;
}

void ShpaStarGraph::labelComponents() {
  // Clusters are connected and every pair of touching clusters has a transition, so the components of the
  // cluster graph are the grid's components: a flood fill over inter-edges, one label per cluster.
  clusterComponent_.assign(clusterBox_.size(), 0);
  uint32_t count = 0;
  std::vector<uint32_t> stack;
  for (uint32_t c = 0; c < clusterCount(); ++c) {
    if (clusterComponent_[c] != 0) continue;
    clusterComponent_[c] = ++count;
    stack.push_back(c);
    while (!stack.empty()) {
      const uint32_t u = stack.back();
      stack.pop_back();
      for (uint32_t n = firstNode(u); n < endNode(u); ++n) {
        for (uint32_t m : interEdges(n)) {
          const uint32_t v = nodeCluster_[m];
          if (clusterComponent_[v] != 0) continue;
          clusterComponent_[v] = count;
          stack.push_back(v);
        }
      }
    }
  }
  stats_.components = count;
  // Renumbered by first cell in row-major order (the numbering of Hierarchy::componentOf), with the cells
  // of every cluster and component counted on the way: one pass over the cells, at build time only.
  std::vector<uint32_t> renumbered(count + 1, 0);
  uint32_t next = 0;
  clusterCells_.assign(clusterBox_.size(), 0);
  componentCells_.assign(count + 1, 0);
  for (uint32_t c : cellCluster_) {
    if (c == kNone) continue;
    uint32_t& label = renumbered[clusterComponent_[c]];
    if (label == 0) label = ++next;
    ++clusterCells_[c];
    ++componentCells_[label];
  }
  for (uint32_t& component : clusterComponent_) component = renumbered[component];
  for (size_t c = 1; c < componentCells_.size(); ++c) componentCells_[0] += componentCells_[c];
}

double ShpaStarGraph::lineWeight(Point a, Point b) const {
  const Grid& grid = *grid_;
  const int32_t dx = b.x - a.x, dy = b.y - a.y;
  const int32_t steps = std::max(std::abs(dx), std::abs(dy));
  if (steps == 0) return grid.weightAt(grid.index(a));
  double sum = 0;
  int32_t count = 0;
  // d * i / steps rounded half away from zero, in integers (division truncates towards zero).
  auto along = [&](int32_t d, int32_t i) { return (2 * d * i + (d < 0 ? -steps : steps)) / (2 * steps); };
  for (int32_t i = 0; i <= steps; ++i) {
    // The cell nearest the line at step i: exact along the longer axis, rounded along the other.
    const int32_t x = a.x + along(dx, i), y = a.y + along(dy, i);
    if (!grid.passable(x, y)) continue;  // a wall's multiplier says nothing of the way around it
    sum += grid.weightAt(grid.index(x, y));
    ++count;
  }
  return sum / count;
}

size_t ShpaStarGraph::computeBytes() const {
  return cellCluster_.size() * sizeof(uint32_t) + clusterBox_.size() * sizeof(Rect) +
         clusterComponent_.size() * sizeof(uint32_t) + clusterCells_.size() * sizeof(uint32_t) +
         componentCells_.size() * sizeof(uint64_t) + clusterFirstNode_.size() * sizeof(uint32_t) +
         nodeCell_.size() * sizeof(Point) + nodeCluster_.size() * sizeof(uint32_t) +
         interOffset_.size() * sizeof(uint32_t) + interTarget_.size() * sizeof(uint32_t);
}

}  // namespace hpastar
