#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "hierarchy/ClusterLayout.h"
#include "hierarchy/ComponentLabels.h"
#include "hierarchy/HierarchyOptions.h"

namespace hpastar {

struct AbstractEdge {
  uint32_t to;
  float cost;  // optimal in-cluster distance (intra-edge) or 1 (inter-edge); exact enough to rank paths,
               // the reported path cost is always recomputed from cells
};

// Figures of one level, like the HPA* paper's Table 2.
struct LevelStats {
  uint32_t nodes = 0;       // nodes of this level or higher
  uint32_t interEdges = 0;  // undirected
  uint32_t intraEdges = 0;  // undirected
  uint32_t clusters = 0;
};

struct HierarchyStats {
  std::vector<LevelStats> levels;  // [0] is level 1
  double buildMs = 0;
  size_t bytes = 0;
  uint32_t entrances = 0;
  uint32_t components = 0;
};

// The HPA* abstraction of a grid: clusters, entrances, abstract nodes and edges at every level, and the
// connected components of the cells. Immutable once built, stored in flat arrays (CSR adjacency with
// 32-bit indices), so one copy serves any number of threads; queries keep their own scratch.
//
// Node ids are 0..nodeCount()-1. A node is a cell next to a cluster border; its level is the highest
// level whose cluster border it sits on. The graph of level l holds the nodes of level >= l, the
// inter-edges that cross l-cluster borders and the intra-edges between nodes of one l-cluster.
class Hierarchy {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Builds the hierarchy of `grid`. Returns nothing and fills `error` when the options are invalid.
  static std::optional<Hierarchy> build(std::shared_ptr<const Grid> grid, const HierarchyOptions& options,
                                        std::string& error);

  const Grid& grid() const { return *grid_; }
  const std::shared_ptr<const Grid>& sharedGrid() const { return grid_; }
  const HierarchyOptions& options() const { return options_; }
  int32_t levels() const { return options_.levels; }
  const ClusterLayout& layout(int32_t level) const { return layouts_[level - 1]; }

  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeCell_.size()); }
  Point nodeCell(uint32_t node) const { return nodeCell_[node]; }
  const Point* nodeCells() const { return nodeCell_.data(); }
  int32_t nodeLevel(uint32_t node) const { return nodeLevel_[node]; }

  // Edges of `node` in the graph of `level` (empty if the node is below that level).
  std::span<const AbstractEdge> edges(int32_t level, uint32_t node) const {
    const auto& off = edgeOffsets_[level - 1];
    return {edges_[level - 1].data() + off[node], edges_[level - 1].data() + off[node + 1]};
  }
  // Nodes of `level` or higher inside the level's cluster `cluster`.
  std::span<const uint32_t> clusterNodes(int32_t level, int32_t cluster) const {
    const auto& off = clusterNodeOffsets_[level - 1];
    return {clusterNodes_[level - 1].data() + off[cluster], clusterNodes_[level - 1].data() + off[cluster + 1]};
  }
  // True when a path joins the two passable cells.
  bool connected(Point a, Point b) const {
    return components_.labelAt(grid_->index(a)) == components_.labelAt(grid_->index(b));
  }
  uint32_t componentOf(Point p) const { return components_.labelAt(grid_->index(p)); }

  // The stored cell path of the level-1 intra-edge from->to (from included), if paths are cached.
  // Returns false when not cached. Appends the cells after `from` (to included) to `out`.
  bool appendCachedPath(uint32_t from, uint32_t to, std::vector<Point>& out) const;

  const HierarchyStats& stats() const { return stats_; }

 private:
  Hierarchy() = default;
  void buildNodesAndInterEdges(std::vector<std::pair<uint32_t, uint32_t>>& interEdges,
                               std::vector<uint8_t>& interLevel);
  void buildClusterNodeLists(int32_t level);
  void buildLevelEdges(int32_t level, const std::vector<std::pair<uint32_t, uint32_t>>& interEdges,
                       const std::vector<uint8_t>& interLevel);
  size_t computeBytes() const;

  std::shared_ptr<const Grid> grid_;
  HierarchyOptions options_;
  std::vector<ClusterLayout> layouts_;             // [l - 1]
  std::vector<Point> nodeCell_;
  std::vector<uint8_t> nodeLevel_;
  std::vector<std::vector<uint32_t>> edgeOffsets_;  // [l - 1][node], nodeCount + 1 entries
  std::vector<std::vector<AbstractEdge>> edges_;    // [l - 1]
  std::vector<std::vector<uint32_t>> clusterNodeOffsets_;  // [l - 1][cluster], count + 1 entries
  std::vector<std::vector<uint32_t>> clusterNodes_;        // [l - 1]
  ComponentLabels components_;
  // Cached level-1 intra-edge paths: pathRef_ runs parallel to edges_[0]; kNone, or an index into
  // pathSpans_ with the top bit set when the stored cells run the other way.
  std::vector<uint32_t> pathRef_;
  std::vector<std::pair<uint32_t, uint32_t>> pathSpans_;  // (offset, length) in pathCells_, both ends included
  std::vector<Point> pathCells_;
  HierarchyStats stats_;
};

}  // namespace hpastar
