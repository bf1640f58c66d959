#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "shpa/ShpaOptions.h"

namespace hpastar {

// What an edit request gets from SHPA*: its clusters are built once for one grid and never repaired.
inline constexpr const char* kShpaStaticMapsOnly =
    "SHPA* is for static maps: its clusters are built once and cannot be updated after a terrain change; "
    "rebuild the SHPA* graph from the edited grid, or use HPA* or DHPA* for changing terrain";

struct ShpaBuildStats {
  uint32_t initialClusters = 0;  // connected tile parts the merge started from
  uint32_t clusters = 0;
  uint32_t merges = 0;
  uint32_t nodes = 0;
  uint32_t interEdges = 0;       // undirected, stored
  uint64_t intraEdges = 0;       // undirected, implicit: every pair of nodes of a cluster
  uint32_t maxClusterNodes = 0;  // the largest node count of one cluster (an abstract node's out-degree bound)
  uint32_t components = 0;
  double buildMs = 0;
  size_t bytes = 0;  // the graph's arrays, not counting the grid
};

// SHPA*'s abstraction of a static grid (Kring, Champandard, Samarin 2010): variable-size, fully connected
// clusters from a greedy merge (ClusterMerge.h), abstract nodes on their borders placed as HPA*'s
// transitions, and edges weighted by straight-line distance (on a weighted grid, times the mean multiplier of
// the cells along the line: see weight()).
//
// STATIC MAPS ONLY. The graph has no edit API: after a terrain change build a new one (kShpaStaticMapsOnly is
// the message an editing front end returns). The grid is shared read-only and must not change while the
// graph exists.
//
// Immutable once built and stored in flat arrays with 32-bit indices (no pointers), so one copy serves any
// number of threads; queries (ShpaStarQuery) keep their own scratch.
//
// - Clusters: a cluster id per cell (kNone for blocked cells), a bounding box per cluster, and the connected
//   component each cluster lies in (a cluster is connected, so it lies in exactly one; no per-cell component
//   array is needed, and the labels come from a flood fill over the clusters, not the cells).
// - Nodes are numbered cluster by cluster: the nodes of cluster c are firstNode(c)..firstNode(c + 1) - 1.
// - Intra-edges join every pair of nodes of one cluster. Clusters are fully connected, so every such pair is
//   joined by a path inside the cluster; the weight is the straight-line distance between the two cells (times
//   the line's mean multiplier on a weighted grid), so these edges are implicit (no storage, no search at
//   build time).
// - Inter-edges (CSR) join the two cells of a transition: one straight step, weighted as the grid costs it
//   (1 on an unweighted grid).
class ShpaStarGraph {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Builds the graph of `grid`. Returns nothing and fills `error` when the grid is missing or the options are
  // invalid.
  static std::optional<ShpaStarGraph> build(std::shared_ptr<const Grid> grid, const ShpaOptions& options,
                                            std::string& error);

  const Grid& grid() const { return *grid_; }
  const std::shared_ptr<const Grid>& sharedGrid() const { return grid_; }
  const ShpaOptions& options() const { return options_; }

  uint32_t clusterCount() const { return static_cast<uint32_t>(clusterBox_.size()); }
  // The cluster of a passable cell, kNone when the cell is blocked or outside the map.
  uint32_t clusterOf(Point p) const { return grid_->inside(p) ? cellCluster_[grid_->index(p)] : kNone; }
  Rect clusterBox(uint32_t cluster) const { return clusterBox_[cluster]; }
  uint32_t clusterComponent(uint32_t cluster) const { return clusterComponent_[cluster]; }
  uint32_t firstNode(uint32_t cluster) const { return clusterFirstNode_[cluster]; }
  uint32_t endNode(uint32_t cluster) const { return clusterFirstNode_[cluster + 1]; }

  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeCell_.size()); }
  Point nodeCell(uint32_t node) const { return nodeCell_[node]; }
  uint32_t nodeCluster(uint32_t node) const { return nodeCluster_[node]; }
  // The nodes across a cluster border from `node` (each one straight step away).
  std::span<const uint32_t> interEdges(uint32_t node) const {
    return {interTarget_.data() + interOffset_[node], interTarget_.data() + interOffset_[node + 1]};
  }

  // The distance between two cells: Euclidean (the paper) or octile, as the options say. A lower bound of the
  // unweighted path length, and a metric.
  double distance(Point a, Point b) const {
    const double dx = a.x - b.x, dy = a.y - b.y;
    if (options_.edgeWeight == ShpaEdgeWeight::Octile) return octileDistance(a.x - b.x, a.y - b.y);
    return std::sqrt(dx * dx + dy * dy);
  }

  // The weight of an abstract edge between two cells of one cluster (a node, the start or the goal): their
  // distance, on a weighted grid times the mean multiplier of the passable cells on the straight line between
  // them. Refinement walks that pair with A* inside the cluster's box (at most maxClusterSide across), and
  // the path it finds runs close to the line, so the line's cells are what it mostly pays for; where going
  // around costly ground inside the box is cheaper, refinement does, and the estimate is then high. An
  // estimate, not a bound, as the distance is on an unweighted grid; it needs no storage and no search at build
  // time, and on an unweighted grid it is exactly the distance.
  double weight(Point a, Point b) const {
    return grid_->weighted() ? distance(a, b) * lineWeight(a, b) : distance(a, b);
  }

  // The weight of an inter-edge: the straight step between the two cells of a transition, as the grid costs it.
  double stepWeight(Point from, Point to) const {
    if (!grid_->weighted()) return 1.0;
    return grid_->moveCost(grid_->index(from), dirOfStep(to.x - from.x, to.y - from.y));
  }

  // The abstract search's heuristic: the distance times the grid's smallest multiplier (1 unweighted). Every
  // edge weighs at least that (a mean of multipliers is at least the smallest, a step costs at least it), and
  // the distance is a metric, so the heuristic stays admissible and consistent for the edge weights.
  double heuristic(Point a, Point goal) const { return distance(a, goal) * grid_->minWeight(); }

  // True when a path joins the two passable cells.
  bool connected(Point a, Point b) const {
    const uint32_t ca = clusterOf(a), cb = clusterOf(b);
    return ca != kNone && cb != kNone && clusterComponent_[ca] == clusterComponent_[cb];
  }
  // Component label of a passable cell, 1..componentCount(); 0 for a blocked cell or one outside the map.
  // Numbered by their first cell in row-major order, as Hierarchy::componentOf: the same labels as an
  // HPA* hierarchy of the same terrain.
  uint32_t componentOf(Point p) const {
    const uint32_t c = clusterOf(p);
    return c == kNone ? 0 : clusterComponent_[c];
  }
  uint32_t componentCount() const { return stats_.components; }
  // Cells of component `c` (0: every passable cell; 0 for a label that is not a component).
  uint64_t componentCells(uint32_t c) const { return c < componentCells_.size() ? componentCells_[c] : 0; }
  // Cells of a cluster.
  uint32_t clusterCells(uint32_t cluster) const { return clusterCells_[cluster]; }

  const ShpaBuildStats& stats() const { return stats_; }

 private:
  ShpaStarGraph() = default;
  void labelComponents();
  // The mean multiplier of the passable cells on the straight line from a to b (one cell per step along the
  // longer axis, both ends included; both ends are passable).
  double lineWeight(Point a, Point b) const;
  size_t computeBytes() const;

  std::shared_ptr<const Grid> grid_;
  ShpaOptions options_;
  std::vector<uint32_t> cellCluster_;       // per cell, kNone when blocked
  std::vector<Rect> clusterBox_;            // per cluster
  std::vector<uint32_t> clusterComponent_;  // per cluster
  std::vector<uint32_t> clusterCells_;      // per cluster
  std::vector<uint64_t> componentCells_;    // per component label, [0] = every passable cell
  std::vector<uint32_t> clusterFirstNode_;  // per cluster, clusterCount + 1 entries
  std::vector<Point> nodeCell_;
  std::vector<uint32_t> nodeCluster_;
  std::vector<uint32_t> interOffset_;  // per node, nodeCount + 1 entries
  std::vector<uint32_t> interTarget_;
  ShpaBuildStats stats_;
};

}  // namespace hpastar
