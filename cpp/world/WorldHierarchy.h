#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "world/BlockWorld.h"
#include "world/WorldComponents.h"

namespace hpastar {

// How a WorldHierarchy cuts its world.
struct WorldHierarchyOptions {
  static constexpr int32_t kMaxLevels = 6;
  int32_t clusterSide = 16;   // level-1 clusters are boxes of clusterSide x clusterSide columns ...
  int32_t clusterLevels = 8;  // ... and clusterLevels levels; each level above doubles the box on every axis
  int32_t levels = 2;         // abstraction levels, 1..kMaxLevels
  // A run of crossings between two clusters this long or longer gets two transitions (its ends),
  // a shorter one a single transition (its middle), as the paper's entrances.
  int32_t entranceWidth = 6;

  // "" when the options are usable, else what is wrong ("clusterSide 1 is outside 2..1024").
  std::string check() const;
};

// The boxes of one level: sx x sy x sz blocks, the last ones of each axis clipped to the world. The
// boxes of a level are unions of the level below's (every side a multiple), so a border of level l is a
// border of every level below.
struct WorldClusterLayout {
  int32_t sx = 1, sy = 1, sz = 1;
  int32_t columns = 0, rows = 0, stacks = 0;
  int32_t worldWidth = 0, worldHeight = 0, worldLevels = 0;

  WorldClusterLayout() = default;
  WorldClusterLayout(int32_t side, int32_t tall, int32_t width, int32_t height, int32_t levels)
      : sx(side),
        sy(side),
        sz(tall),
        columns((width + side - 1) / side),
        rows((height + side - 1) / side),
        stacks((levels + tall - 1) / tall),
        worldWidth(width),
        worldHeight(height),
        worldLevels(levels) {}

  int32_t count() const { return columns * rows * stacks; }
  int32_t clusterOf(Voxel v) const { return ((v.z / sz) * rows + v.y / sy) * columns + v.x / sx; }
  Box box(int32_t cluster) const {
    const int32_t cx = cluster % columns, rest = cluster / columns;
    const int32_t cy = rest % rows, cz = rest / rows;
    const int32_t x0 = cx * sx, y0 = cy * sy, z0 = cz * sz;
    return Box{
        x0, y0, z0, std::min(x0 + sx, worldWidth), std::min(y0 + sy, worldHeight), std::min(z0 + sz, worldLevels)};
  }
};

// An edge of the abstract graph: an optimal in-box distance (intra-edge) or one move across a border
// (inter-edge). Float is exact enough to rank paths; a path's reported cost is recomputed from its cells.
struct WorldEdge {
  uint32_t to;
  float cost;
};

struct WorldHierarchyStats {
  uint32_t nodes[WorldHierarchyOptions::kMaxLevels] = {};  // nodes of level >= l, [0] = level 1
  uint32_t edges[WorldHierarchyOptions::kMaxLevels] = {};  // directed edges of the level's graph
  uint32_t transitions = 0;                                // inter-edges of level 1 (undirected)
  uint32_t clusters[WorldHierarchyOptions::kMaxLevels] = {};
  double buildMs = 0;
  size_t bytes = 0;  // the abstract graph, node tables and component labels (not the world)
};

// HPA* over a block world (WorldHpaQuery searches it): the 2D hierarchy's design (Hierarchy.h) in three
// dimensions. Clusters are boxes of x, y and levels; a *transition* is one legal move from a cell of one
// box to a cell of another, through any face: across a side on one level, a climb or a stair across a
// side and up or down, a ladder through the top or bottom. Nodes are the cells at either end of the
// chosen transitions.
//
// Which transitions are kept: the crossings between two level-1 boxes are grouped by the pair of
// *regions* they join (a region is a connected part of a box's standing cells, by moves that stay inside
// it), whatever the move and the level they are on. Each group is an entrance: it keeps its middle
// crossing when it spans fewer than entranceWidth positions along the face, else its two ends (a
// grouping by runs along the face and by move, tried first, gave about twice the nodes on hills and
// caves, where the ground crosses a face at changing levels, for a slower top-level search). Every
// crossing's region pair thus keeps at least one transition, so whatever joins two cells in the world
// joins them in the abstract graph (diagonal crossings are left out: without corner cutting, both
// straight moves of a diagonal are legal, one of them crossing the same border). Intra-edges are the
// shortest in-box distances between the nodes of a box (level 1: Dijkstra over the cells, BestFirstSearch over a
// BlockWorldGraph; level l > 1: Dijkstra over the graph of level l - 1 inside the box, BestFirstSearch over a
// WorldAbstractGraph).
//
// Why beside the 2D Hierarchy rather than a template of it: its data are 2D through and through
// (Point node cells, Rect areas, square layouts, border scanners, row-major regions, DHPA* trees with
// 8 directions, serialization, versions) and its searches carry what block worlds do not have yet
// (landmarks, distance tables, stale heuristics); templating all of it would touch every 2D hot path.
// What is shared is the search itself: every search here, over cells or over abstract nodes, is the
// one loop of BestFirstSearch.h, through the SearchGraph seam.
//
// The hierarchy owns a copy of its world; nothing here is modified by searches. Unreachable goals are
// answered from the component labels (connected()), without a search.
class WorldHierarchy {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Nothing, and `error` filled, when the options are not usable.
  static std::optional<WorldHierarchy> build(const BlockWorld& world, const WorldHierarchyOptions& options,
                                             std::string& error);

  const BlockWorld& world() const { return world_; }
  const WorldHierarchyOptions& options() const { return options_; }
  int32_t levels() const { return options_.levels; }
  const WorldClusterLayout& layout(int32_t level) const { return layouts_[static_cast<size_t>(level - 1)]; }

  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeVoxel_.size()); }
  Voxel nodeVoxel(uint32_t node) const { return nodeVoxel_[node]; }
  const Voxel* nodeVoxels() const { return nodeVoxel_.data(); }
  int32_t nodeLevel(uint32_t node) const { return nodeLevel_[node]; }  // highest level the node is in

  // Edges of `node` in the graph of `level` (empty when the node is below that level).
  std::span<const WorldEdge> edges(int32_t level, uint32_t node) const {
    const std::vector<uint32_t>& first = edgeFirst_[static_cast<size_t>(level - 1)];
    const WorldEdge* e = edges_[static_cast<size_t>(level - 1)].data();
    return {e + first[node], e + first[node + 1]};
  }
  // Nodes of `level` or higher inside the level's cluster `cluster`, ascending.
  std::span<const uint32_t> clusterNodes(int32_t level, int32_t cluster) const {
    const std::vector<uint32_t>& first = clusterFirst_[static_cast<size_t>(level - 1)];
    const uint32_t* n = clusterNodes_[static_cast<size_t>(level - 1)].data();
    return {n + first[static_cast<size_t>(cluster)], n + first[static_cast<size_t>(cluster) + 1]};
  }

  // Whether a path joins the two cells (both standing), a lookup in the component labels.
  bool connected(Voxel a, Voxel b) const { return components_.connected(world_, a, b); }
  const WorldComponents& components() const { return components_; }

  const WorldHierarchyStats& stats() const { return stats_; }

 private:
  struct Transition {
    int32_t a, b;  // cells, a < b
    int32_t move;  // from a to b
  };
  WorldHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options);

  // The regions of every level-1 box: per cell, 0 when not standing, else 1.. within its box.
  std::vector<uint32_t> labelRegions() const;
  std::vector<Transition> chooseTransitions(const std::vector<uint32_t>& regions) const;
  void makeNodes(const std::vector<Transition>& transitions);
  // The intra-edges of `level` (from, to, cost), both directions, appended to `out`.
  void appendIntraEdges(int32_t level, const std::vector<uint32_t>& regions, std::vector<std::vector<WorldEdge>>& out);
  int32_t crossingLevel(Voxel a, Voxel b) const;

  BlockWorld world_;
  WorldHierarchyOptions options_;
  WorldComponents components_;
  std::vector<WorldClusterLayout> layouts_;                         // [level - 1]
  std::vector<Voxel> nodeVoxel_;                                    // per node id
  std::vector<uint8_t> nodeLevel_;                                  // per node id
  std::vector<std::vector<uint32_t>> edgeFirst_;                    // [level - 1][node], CSR into edges_
  std::vector<std::vector<WorldEdge>> edges_;                       // [level - 1]
  std::vector<std::vector<uint32_t>> clusterFirst_, clusterNodes_;  // [level - 1], CSR per cluster
  WorldHierarchyStats stats_;
};

}  // namespace hpastar
