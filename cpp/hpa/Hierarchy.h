#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "contract/Progress.h"
#include "grid/Grid.h"
#include "grid/LineReach.h"
#include "hpa/ClusterBlock.h"
#include "hpa/ClusterLayout.h"
#include "hpa/HierarchyOptions.h"
#include "search/LandmarkRepair.h"
#include "search/LandmarkTable.h"
#include "search/NodeDistanceTable.h"
#include "search/RegionUnion.h"

namespace hpastar {

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
  size_t bytes = 0;  // hierarchy only; the grid is grid().bytes()
  // Parts of `bytes` that options add (the rest is the abstract graph, its index and the component labels):
  // DHPA* trees, cached paths, the landmarks and the distance table.
  size_t treeBytes = 0;
  size_t pathBytes = 0;
  size_t landmarkBytes = 0;
  size_t distanceTableBytes = 0;
  size_t lineReachBytes = 0;  // the path smoother's table of straight-line reaches (4 bytes a cell)
  uint32_t components = 0;
  uint32_t entrances = 0;
  uint32_t distanceTableNodes = 0;  // nodes of the top level's distance table; 0: none (off, or too many nodes)
};

// What a terrain change rebuilt.
struct UpdateStats {
  uint32_t cellsChanged = 0;
  uint32_t clustersRebuilt[HierarchyOptions::kMaxLevels] = {};  // per level, [0] = level 1
  // The ids of those clusters (ClusterLayout numbering), ascending, per level, [0] = level 1.
  std::vector<int32_t> rebuiltClusters[HierarchyOptions::kMaxLevels];
  // Whether the graph of the top level changed (nodes, edges or their costs): only then can a distance
  // between top-level nodes have changed, and the landmarks and distance table become stale.
  bool topGraphChanged = false;
  // DHPA* trees of the rebuilt level-1 clusters: run again, and kept as they were (a kept node whose
  // reachable cells the change left alone: TreeReuse), so that a change costs what it really changed.
  uint32_t treesRun = 0;
  uint32_t treesKept = 0;
  double microseconds = 0;
};

// The stored parts of a hierarchy: everything that is not derived from the rest. Serialization writes
// these and makes a hierarchy back from them (Hierarchy::fromParts checks them, then derives the edge
// index, the component labels, landmarks, the distance table and the figures).
struct HierarchyParts {
  Grid grid;
  HierarchyOptions options;
  uint64_t version = 0;
  std::vector<Point> nodeCells;     // per node id
  std::vector<uint8_t> nodeLevels;  // per node id: highest level, 0 for an unused id
  std::vector<uint32_t> freeNodes;  // unused ids, reused first
  std::vector<std::vector<std::shared_ptr<const ClusterBlock>>> blocks;  // [level - 1][cluster]
  std::shared_ptr<const MergedClusters> merged;                          // level 1's merged cutting, or null
};

// The same parts seen in place, nothing copied: what the writer reads (HierarchySerialization), so that
// saving a hierarchy does not first copy its grid and node tables.
struct HierarchyPartsView {
  const Grid& grid;
  const HierarchyOptions& options;
  uint64_t version = 0;
  std::span<const Point> nodeCells;
  std::span<const uint8_t> nodeLevels;
  std::span<const uint32_t> freeNodes;
  const std::vector<std::vector<std::shared_ptr<const ClusterBlock>>>& blocks;
  const MergedClusters* merged = nullptr;
};

// The HPA* abstraction of a grid: clusters, entrances, abstract nodes and edges at every level, the
// connected components of the cells and, for DHPA*, every node's shortest-path tree.
//
// Nodes are cells next to a cluster border. Node ids are dense and stable: a node keeps its id as long
// as its cell stays a node, so a terrain change renumbers nothing outside what it rebuilds. The graph
// of level l holds the nodes of level >= l, the inter-edges that cross l-cluster borders and the
// intra-edges between nodes of one l-cluster. Each cluster of each level keeps its part in a
// ClusterBlock, shared between copies of the hierarchy; a copy plus applyEdits() makes a new version
// while searches go on reading the old one (see VersionedHierarchy).
//
// The hierarchy owns its grid. Nothing here is modified by searches.
class Hierarchy {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Builds the hierarchy of `grid` (copied). Returns nothing and fills `error` when the options are invalid.
  static std::optional<Hierarchy> build(const Grid& grid, const HierarchyOptions& options, std::string& error);
  // The same on a given merged cutting of level 1 (options.mergedClusterSide set; the grid's size, no box
  // wider than that side): one cutting shared by several hierarchies, or kept from an earlier grid.
  // With `progress`, the build reports how far it is (phases "entrances", "clusters", "levels", "components",
  // "landmarks", "distance table") and stops when it is cancelled, failing with kCancelledByProgress.
  static std::optional<Hierarchy> build(const Grid& grid, const HierarchyOptions& options,
                                        std::shared_ptr<const MergedClusters> cutting, std::string& error,
                                        Progress* progress = nullptr);
  static std::optional<Hierarchy> build(const std::shared_ptr<const Grid>& grid, const HierarchyOptions& options,
                                        std::string& error) {
    if (!grid) {
      error = "no grid";
      return std::nullopt;
    }
    return build(*grid, options, error);
  }

  // The cluster layouts of every level that `options` give a width × height grid ([0] is level 1), level 1 cut
  // by `merged` when the options merge clusters.
  static std::vector<ClusterLayout> layoutsFor(const HierarchyOptions& options, int32_t width, int32_t height,
                                               std::shared_ptr<const MergedClusters> merged = nullptr);
  // A hierarchy from stored parts, which may come from hostile bytes: refused with `error` unless
  // checkHierarchyParts (HierarchyPartsCheck.h) finds them to be what a build could have produced;
  // everything derived is recomputed here.
  static std::optional<Hierarchy> fromParts(HierarchyParts&& parts, std::string& error);
  // The stored parts of this hierarchy (blocks shared, the rest copied).
  HierarchyParts parts() const;
  HierarchyPartsView partsView() const;
  // DHPA* tree distances are stored as round(distance * treeScaleFor(options, grid.maxWeight())) in 16
  // bits: the longest in-cluster distance fits, whatever the terrain costs.
  static double treeScaleFor(const HierarchyOptions& options, double maxWeight);

  // Changes the terrain of the given cells and rebuilds what they touch: the level-1 clusters that
  // contain them or share a changed border with them, then the clusters above those, and the component
  // labels. Edits are checked first: if one is outside the map or not a terrain character nothing
  // changes and the problem is returned; "" on success.
  // `report` hears the rebuild's phases ("clusters", "levels", "components"; a rebuild of everything, when
  // the edits touch half of the clusters or more, a build's) and share done, as a build's progress does,
  // 1 once at the end. Its answer is ignored: an
  // edit is never stopped half-way, which would leave the grid changed and the hierarchy not.
  std::string applyEdits(std::span<const CellEdit> edits, UpdateStats* stats = nullptr,
                         const Progress::Sink& report = {});
  std::string fillRect(const Rect& rect, char terrain, UpdateStats* stats = nullptr);
  // Changes the multiplier of terrain kinds (Grid::setTerrainCosts) and rebuilds the clusters around the
  // passable cells of every kind whose multiplier changed (cellsChanged counts those cells). With DHPA*
  // trees, a new costliest multiplier rebuilds every cluster. "" or why the costs are refused.
  std::string setTerrainCosts(const TerrainCosts& costs, UpdateStats* stats = nullptr);
  // Whether applyEdits(edits) may build the hierarchy afresh rather than rebuild the touched clusters
  // (it does when they are half of level 1 or more, or when a cost edit changes the scale of DHPA* trees):
  // the wasm bindings make room for a build first.
  bool editsMayRebuildEverything(std::span<const CellEdit> edits) const;
  // 0 when built; +1 per accepted, non-empty applyEdits() (whether or not a cell changed); kept by
  // serialization, so a loaded hierarchy has the version that was saved.
  uint64_t version() const { return version_; }

  const Grid& grid() const { return grid_; }
  // How far straight lines of legal moves reach from every cell of grid(): what the path smoother reads
  // to test a line in one step. Kept in step with the grid by every edit; built afresh on load.
  const LineReach& lineReach() const { return lineReach_; }
  const HierarchyOptions& options() const { return options_; }
  int32_t levels() const { return options_.levels; }
  const ClusterLayout& layout(int32_t level) const { return layouts_[static_cast<size_t>(level - 1)]; }

  // Size of the node id space (ids of removed nodes stay unused until reused).
  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeCell_.size()); }
  Point nodeCell(uint32_t node) const { return nodeCell_[node]; }
  const Point* nodeCells() const { return nodeCell_.data(); }
  // Highest level of the node, 0 for an unused id.
  int32_t nodeLevel(uint32_t node) const { return nodeLevel_[node]; }
  // Unused node ids, in the order they will be reused.
  std::span<const uint32_t> freeNodes() const { return freeNodes_; }

  // Edges of `node` in the graph of `level` (empty if the node is below that level).
  std::span<const AbstractEdge> edges(int32_t level, uint32_t node) const {
    const EdgeSpan& e = edgeIndex_[static_cast<size_t>(level - 1)][node];
    return {e.first, e.count};
  }
  // Hints for a search that will read a node's edges soon (a node it just reached, the next it will
  // expand): where the span is, then the edges themselves. Each is a dependent read on a cold graph;
  // asked for early, the wait overlaps other work.
  void prefetchEdgeSpan(int32_t level, uint32_t node) const {
    __builtin_prefetch(&edgeIndex_[static_cast<size_t>(level - 1)][node]);
  }
  void prefetchEdges(int32_t level, uint32_t node) const {
    __builtin_prefetch(edgeIndex_[static_cast<size_t>(level - 1)][node].first);
  }
  // Nodes of `level` or higher inside the level's cluster `cluster`, ascending.
  std::span<const uint32_t> clusterNodes(int32_t level, int32_t cluster) const { return block(level, cluster).nodes; }
  const ClusterBlock& block(int32_t level, int32_t cluster) const {
    return *blocks_[static_cast<size_t>(level - 1)][static_cast<size_t>(cluster)];
  }
  // The same block as shared: an edit replaces the block of every cluster it rebuilds, so whoever keeps a
  // weak reference to it (a flow field) can tell later whether the cluster was rebuilt since.
  const std::shared_ptr<const ClusterBlock>& sharedBlock(int32_t level, int32_t cluster) const {
    return blocks_[static_cast<size_t>(level - 1)][static_cast<size_t>(cluster)];
  }

  // True when a path joins the two passable cells (a lookup, no search).
  bool connected(Point a, Point b) const { return componentOf(a) == componentOf(b); }
  // Component label of a passable cell, 1..componentCount(); 0 for a blocked cell or one outside the map.
  // Components are numbered by their first cell in row-major order: the labels depend on the terrain only
  // (not on the clusters), so they stay the same after edits that do not change the components.
  uint32_t componentOf(Point p) const;
  uint32_t componentCount() const { return stats_.components; }
  // Cells of component `c` (0: every passable cell; 0 for a label that is not a component).
  uint64_t componentCells(uint32_t c) const { return c < componentCells_.size() ? componentCells_[c] : 0; }
  // The component of region `region` (1..regionCount) of level-1 cluster `cluster`.
  uint32_t regionComponent(int32_t cluster, uint32_t region) const {
    return regionComponent_[regionBase_[static_cast<size_t>(cluster)] + region - 1];
  }

  // The stored cell path of the level-1 intra-edge from->to, if paths are cached: appends the cells
  // after `from` (to included) to `out`. Returns false when not cached.
  bool appendCachedPath(uint32_t from, uint32_t to, std::vector<Point>& out) const;
  // The same for an intra-edge of `level` >= 2: appends the nodes of level - 1 after `from`, `to` included.
  bool appendCachedNodePath(int32_t level, uint32_t from, uint32_t to, std::vector<uint32_t>& out) const;

  // DHPA*: the distance from `cell` to `node` inside their level-1 cluster and the direction of the
  // next step towards the node. Returns false if the cell cannot reach the node inside the cluster or
  // trees are not cached. Distances are fixed point: exact to treeResolution() per step sum.
  bool treeStep(uint32_t node, Point cell, double& distance, int& direction) const;
  // DHPA*: the tree distance from `cell` to every node of level-1 cluster `cluster` (the cluster that
  // holds the cell) that it reaches: visit(node, distance), in clusterNodes() order. What a query's
  // endpoint insertion reads: one entry per node, each read independent of the others (no per-node
  // lookup of its cluster and slot as treeStep does), so that cold reads overlap. False when trees are
  // not cached.
  template <typename Visit>
  bool forEachTreeDistance(int32_t cluster, Point cell, Visit&& visit) const {
    if (!options_.cacheTrees) return false;
    const Rect r = layout(1).rect(cluster);
    const ClusterBlock& b = block(1, cluster);
    const size_t area = static_cast<size_t>(r.area());
    const size_t local = static_cast<size_t>((cell.y - r.y0) * r.width() + (cell.x - r.x0));
    // By index: a cluster without nodes has no trees at all (an empty array, no pointer to offset).
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const uint16_t d = b.treeDistance[i * area + local];
      if (d != ClusterBlock::kUnreachable) visit(b.nodes[i], d / treeScale_);
    }
    return true;
  }
  double treeResolution() const { return 1.0 / treeScale_; }
  // DHPA* refinement: appends the cells after `from` along `node`'s tree, the node's cell last (one
  // table read per cell). False, with `out` unspecified past its old size, when the cell cannot reach
  // the node inside their cluster or trees are not cached.
  bool appendTreePath(uint32_t node, Point from, std::vector<Point>& out) const;

  // The top level's landmark distances (empty unless options().landmarks > 0).
  const LandmarkTable& landmarks() const { return *landmarks_; }
  // The top level's node-to-node distances (empty unless options().distanceTable, and when the top level
  // has more than NodeDistanceTable::kMaxNodes nodes).
  const NodeDistanceTable& distanceTable() const { return *distances_; }

  // Landmarks and the distance table are the top level's heuristics. A terrain change does not recompute
  // them (one Dijkstra per landmark and per node, up to a hundred milliseconds): when it leaves the top
  // level's graph as it was (most single-cell changes) they stay exact; otherwise they become stale
  // until refreshHeuristics() or a HeuristicRefresh installs new ones, computed as a build computes them
  // (and as a saved copy does when loaded). Meanwhile the change itself has repaired the landmarks
  // (LandmarkRepair: the new graph's distances from the same landmarks, for every node; a landmark whose
  // node the change removed keeps a row of weaker bounds), so searches use them as they are. A stale
  // distance table is not walked; searches use its rows as A* bounds for the nodes that had them
  // (heuristicRowValid), which can exceed the new distances where a change opened a shorter way, so
  // answers may be longer than optimal until the refresh (by at most the distance the change saved).
  bool heuristicsStale() const {
    return (options_.landmarks > 0 || options_.distanceTable) && topGraphChangedAt_ > heuristicsVersion_;
  }
  // Whether the tables hold a row for `node` as it is now (its id had its cell when they were computed).
  bool heuristicRowValid(uint32_t node) const { return nodeBorn_[node] <= heuristicsVersion_; }
  // The version the tables were computed for, and the last version that changed the top level's graph.
  uint64_t heuristicsVersion() const { return heuristicsVersion_; }
  uint64_t topGraphChangedAt() const { return topGraphChangedAt_; }
  // Recomputes stale tables now, on this thread (nothing to do when they are exact).
  void refreshHeuristics();
  // Installs tables computed for version `computedAt` of this hierarchy (HeuristicRefresh). Refused
  // (false, nothing changed) when the top level's graph changed after that version, or when the
  // tables in place are newer.
  bool installHeuristics(LandmarkTable&& landmarks, NodeDistanceTable&& distances, uint64_t computedAt);

  const HierarchyStats& stats() const { return stats_; }

 private:
  struct Level1Plan;     // new node sets and transitions of the clusters being rebuilt
  struct Level1Scratch;  // the searches and lists one level-1 cluster's rebuild reuses for the next
  struct BuildProgress;  // a build's phases as shares of the whole, and level 1's work done
  Hierarchy() = default;

  void initLevels(std::shared_ptr<const MergedClusters> merged);
  // Every level, components, heuristics and stats of grid_ under options_ (grid_ and lineReach_ set), level 1
  // cut by `merged` when the options merge clusters (build, fromParts and rebuildEverything each have it).
  // False when `progress` cancelled it (the hierarchy is then half built: drop it).
  bool buildLevels(std::shared_ptr<const MergedClusters> merged, Progress& progress);
  // `build`: a build's progress (nullptr for an edit's rebuild). False when cancelled.
  // `flipped`: an edit's cells whose passability flipped, when the old blocks' trees may be kept (else null).
  // An edit's `build` (BuildProgress::forEdit) spans level 1 alone, not a whole build's phases.
  bool rebuildLevel1(const std::vector<int32_t>& clusters, BuildProgress* build,
                     const std::vector<Point>* flipped = nullptr, UpdateStats* stats = nullptr);
  void assignFlipped(Level1Plan& plan, const std::vector<Point>& flipped) const;
  // rebuildLevel1's phases: the new nodes of every planned cluster (ids of nodes that stay kept, the others
  // freed), then the block of planned cluster i (edges, cached paths, regions and trees).
  void planLevel1Nodes(Level1Plan& plan);
  std::shared_ptr<ClusterBlock> buildLevel1Block(const Level1Plan& plan, size_t i, Level1Scratch& scratch) const;
  // The trees (or searches) of block `b` of planned cluster i and its intra pairs into scratch.pairs; the
  // trees of `old` (the cluster's block before an edit, or null) kept where keepTree says so.
  void findLevel1Distances(ClusterBlock& b, const Level1Plan& plan, size_t i, const ClusterBlock* old,
                           Level1Scratch& scratch) const;
  // Copies node a's tree from `old` into `b` when the edit left it as it was (TreeReuse::unchanged).
  bool keepTree(ClusterBlock& b, size_t a, const Level1Plan& plan, size_t i, const ClusterBlock& old) const;
  void rebuildUpperLevel(int32_t level, const std::vector<int32_t>& clusters);
  void rebuildComponents();
  void computeHeuristics();  // landmarks and distance table of the current graph
  void computeLandmarks();   // the landmarks alone (the distance table, if any, stays as it is)
  // After an edit that changed the top level's graph: the landmarks kept consistent bounds, from the
  // nodes of the rebuilt top-level clusters (`clusters`, their blocks before the edit `before`).
  void repairLandmarks(const std::vector<int32_t>& clusters,
                       const std::vector<std::shared_ptr<const ClusterBlock>>& before);
  // The same, reported as the phases "landmarks" [from, landmarksEnd) and "distance table" [landmarksEnd, 1).
  bool computeHeuristics(Progress& progress, double from, double landmarksEnd);
  // After edits that kept every component (and its first cell): the cell counts of the rebuilt regions.
  void recountComponents(const std::vector<int32_t>& clusters,
                         const std::vector<std::shared_ptr<const ClusterBlock>>& before);
  void refreshStats();
  void replaceBlock(int32_t level, int32_t cluster, std::shared_ptr<const ClusterBlock> block);
  uint32_t allocateNode(Point cell);
  uint32_t findNodeAt(Point cell, const Level1Plan* plan) const;
  std::string rebuildAfterEdits(std::vector<int32_t> touched, UpdateStats* stats, const std::vector<Point>* flipped,
                                Progress& progress);
  std::string rebuildEverything(UpdateStats* stats, Progress& progress);
  std::string checkEdit(const CellEdit& edit) const;
  // After the grid of an edit changed: the version, the rebuild of `touched` (or of everything) and stats.
  std::string finishEdits(uint32_t changed, bool publish, std::vector<int32_t> touched,
                          std::chrono::steady_clock::time_point t0, UpdateStats* stats,
                          const std::vector<Point>* flipped, const Progress::Sink& report = {});
  void appendTouchedClusters(Point cell, std::vector<int32_t>& out, std::vector<uint8_t>& listed) const;
  bool touchesMostClusters(size_t touched) const;

  Grid grid_;
  LineReach lineReach_;
  HierarchyOptions options_;
  std::vector<ClusterLayout> layouts_;  // [level - 1]
  std::vector<Point> nodeCell_;
  std::vector<uint8_t> nodeLevel_;
  std::vector<uint32_t> freeNodes_;
  std::vector<std::vector<std::shared_ptr<const ClusterBlock>>> blocks_;  // [level - 1][cluster]
  std::vector<uint32_t> regionBase_;       // per level-1 cluster: first global region id (+1 entry)
  std::vector<uint32_t> regionComponent_;  // per global region: component label (1..)
  std::vector<uint64_t> componentCells_;   // per component label, [0] = every passable cell
  std::vector<uint32_t> nodeRegion_;       // per node id: its global region, refreshed by rebuildComponents
  RegionUnion regionUnion_;                // scratch of rebuildComponents, kept to avoid reallocating
  // Per level and node id: where its edges are in its block (the hot path of every abstract search).
  struct EdgeSpan {
    const AbstractEdge* first = nullptr;
    uint32_t count = 0;
    const ClusterBlock* owner = nullptr;  // a reused id may already belong to another cluster's new block
  };
  std::vector<std::vector<EdgeSpan>> edgeIndex_;
  std::vector<uint64_t> directedInter_;  // per level: directed inter-edges over all blocks
  uint64_t blockBytes_ = 0;
  uint64_t treeBytes_ = 0, pathBytes_ = 0;  // the parts of blockBytes_ in trees and cached paths
  uint32_t entranceSides_ = 0;              // entrances counted once from each side
  // Shared between versions: an edit copies the pointers, not the tables. The distance table is immutable;
  // the landmarks are repaired by the edits that change the top graph (repairLandmarks), in place only
  // when no other version holds them.
  std::shared_ptr<LandmarkTable> landmarks_ = std::make_shared<LandmarkTable>();
  LandmarkRepair landmarkRepair_;  // which values of landmarks_ hold, and the repair's scratch
  std::shared_ptr<const NodeDistanceTable> distances_ = std::make_shared<const NodeDistanceTable>();
  std::vector<uint64_t> nodeBorn_;  // per node id: the version at which the id got its current cell
  uint64_t heuristicsVersion_ = 0;  // the version landmarks_ and distances_ were computed for
  uint64_t topGraphChangedAt_ = 0;  // the last version whose edit changed the top level's graph
  double treeScale_ = 1.0;          // tree distances are stored as round(distance * treeScale_)
  uint64_t version_ = 0;
  HierarchyStats stats_;
};

}  // namespace hpastar
