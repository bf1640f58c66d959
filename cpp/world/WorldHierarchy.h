#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "contract/OptionSchema.h"
#include "contract/Progress.h"
#include "search/LandmarkRepair.h"
#include "search/LandmarkTable.h"
#include "search/NodeDistanceTable.h"
#include "search/SearchSpace.h"
#include "world/BlockWorld.h"
#include "world/WorldBoxTrees.h"
#include "world/WorldClusterLayout.h"
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
  // A wider one also keeps a crossing every entranceSpacing positions between its ends (0: the ends
  // alone, the paper's rule). The ends alone left paths 5-7% longer than A*'s on the generated caves and
  // hills (the path bends to a far end of every wide opening it crosses, which smoothing rarely straightens
  // in 3D); 3 brings that to about 1% for about 1.8 times the nodes (WorldHierarchy.h, docs/design/block-worlds.md).
  int32_t entranceSpacing = 3;
  // DHPA*'s trees for level-1 boxes (WorldBoxTrees): start and goal are joined to their box's nodes by
  // lookups instead of a search over the box's cells.
  bool boxTrees = true;
  // The top level's heuristics, as on a 2D grid (search/LandmarkTable.h, search/NodeDistanceTable.h):
  // landmarks of a differential heuristic (0 = off) and a table of exact distances between every two
  // top-level nodes. A change of the top-level graph repairs the landmarks (LandmarkRepair: a search
  // from the changed clusters) and computes the table again. 32 landmarks by default: on the generated
  // 256 x 256 x 16 worlds they take about a quarter off the top level's expansions left by 16 (whose
  // longest tenth of queries on caves was 18x A* in one run, under the 20x asked), and once repaired
  // instead of recomputed after every dig (16 searches of the whole top level, 20-40 ms there) the
  // second 16 cost 0.5 MB and a longer build there, not a slower dig (docs/design/block-worlds.md). The table is off:
  // 2.5-6 s per such change and 35-65 MB there, for 46-105 times A*.
  int32_t landmarks = 32;
  bool distanceTable = false;
  // > 0: every path findPath returns costs at most (1 + maxDetour) x the shortest (WorldHpaQuery::boundDetour
  // says how), as HierarchyOptions::maxDetour on a 2D grid. 0 checks nothing.
  double maxDetour = 0;

  // Each option's name, label, flag, range and documentation, declared once (contract/OptionSchema.h):
  // the checks below, both tools' flags and the wasm module's option objects read it.
  static std::span<const OptionField<WorldHierarchyOptions>> fields();

  // "" when the options are usable, else what is wrong ("cluster side 1 is outside 2..1024").
  std::string check() const { return checkOptionRanges(*this, fields()); }
};

// An edge of the abstract graph: an optimal in-box distance (intra-edge) or one move across a border
// (inter-edge). Float is exact enough to rank paths; a path's reported cost is recomputed from its cells.
struct WorldEdge {
  uint32_t to;
  float cost;
};

// One block to place (or remove: Block::Air) in a WorldHierarchy's world.
struct BlockChange {
  Voxel at;
  Block block = Block::Air;
};

// One cell's new cost layer value (1..255 sixteenths, BlockWorld's cost layer).
struct CostChange {
  Voxel at;
  uint8_t value = kCostLayerUnit;
};

// What WorldHierarchy::applyBlockChanges (or applyCostChanges) rebuilt.
struct WorldUpdateStats {
  uint32_t blocksChanged = 0;  // changes that put a different block
  uint32_t costsChanged = 0;   // cost changes that put a different layer value
  uint32_t cellsChanged = 0;   // cells whose moves or standing changed (costs: the standing cells around)
  // The ids of the clusters rebuilt (WorldClusterLayout numbering), ascending, per level, [0] = level 1.
  std::vector<int32_t> rebuiltClusters[WorldHierarchyOptions::kMaxLevels];
  bool componentsJoined = false;  // whether the component labels were joined again (WorldComponents::join)
  double microseconds = 0;
};

struct WorldHierarchyStats {
  uint32_t nodes[WorldHierarchyOptions::kMaxLevels] = {};  // nodes of level >= l, [0] = level 1
  uint32_t edges[WorldHierarchyOptions::kMaxLevels] = {};  // directed edges of the level's graph
  uint32_t transitions = 0;                                // inter-edges of level 1 (undirected)
  uint32_t clusters[WorldHierarchyOptions::kMaxLevels] = {};
  double buildMs = 0;
  size_t bytes = 0;          // the abstract graph, its edges' paths, node tables and component labels (not the world)
  size_t pathBytes = 0;      // of which the intra-edges' stored paths (WorldHierarchy::appendEdgePath)
  size_t treeBytes = 0;      // of which the level-1 boxes' node trees (WorldBoxTrees)
  size_t landmarkBytes = 0;  // of which the top level's landmarks
  size_t distanceTableBytes = 0;    // of which the top level's distance table
  uint32_t distanceTableNodes = 0;  // nodes of the distance table; 0: none (off, or too many nodes)
  double heuristicsMs = 0;          // the last computation (or repair) of the landmarks and the table
};

// What a WorldHierarchy stores, as plain arrays (WorldHierarchySerialization writes and reads them):
// the world, the options, the node ids and, per level, every node's edges with the intra-edges' paths.
// What follows from these is not stored but computed again when loading (the regions, component labels
// and transitions from the world, the cluster memberships from the nodes' cells): cheaper than a check
// of stored copies, and never inconsistent.
struct WorldHierarchyParts {
  BlockWorld world;
  WorldHierarchyOptions options;
  std::vector<Voxel> nodeVoxel;     // per node id
  std::vector<uint8_t> nodeLevel;   // per node id, 0 for an unused id
  std::vector<uint32_t> freeNodes;  // the unused ids, in the order they are reused (from the back)
  uint64_t version = 0;
  std::vector<uint64_t> boxCellsVersion;  // per level-1 box
  struct Level {
    std::vector<uint32_t> count, searchCount;  // per node id: its edges, of which the first searchCount searched
    std::vector<WorldEdge> edges;              // every node's edges, node after node in id order
    std::vector<uint32_t> pathLength;          // per edge: its stored path's steps (0 but on the lower id's side)
    std::vector<uint8_t> moves;                // level 1: the paths' steps, move codes, edge after edge
    std::vector<uint32_t> via;                 // levels above: the paths' steps, nodes of the level below
  };
  std::vector<Level> levels;  // [level - 1]
  // The top level's landmark rows as the planner holds them (repaired by edits since the build, so not
  // what a fresh computation gives): the landmark nodes, then per node id its distances, row after row.
  // Empty: computed on load (files without them, or landmarks off).
  std::vector<uint32_t> landmarkNodes;
  std::vector<float> landmarkValues;
};

// A transition between two level-1 boxes by its cells, a < b, and the move from a to b.
struct WorldTransition {
  int32_t a, b, move;
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
// crossing when it spans fewer than entranceWidth positions along the face, else its two ends and a
// crossing every entranceSpacing positions between them (the ends alone made paths bend to a far end
// of every wide opening: 5-7% longer than A*'s on caves and hills, what per-query output showed at
// every path length and at 1 level as at 2; a
// grouping by runs along the face and by move, tried first, gave about twice the nodes on hills and
// caves, where the ground crosses a face at changing levels, for a slower top-level search). Every
// crossing's region pair thus keeps at least one transition, so whatever joins two cells in the world
// joins them in the abstract graph (diagonal crossings are left out: without corner cutting, both
// straight moves of a diagonal are legal, one of them crossing the same border). Intra-edges are the
// shortest in-box distances between the nodes of a box (level 1: Dijkstra over the cells, BestFirstSearch over a
// BlockWorldGraph; level l > 1: Dijkstra over the graph of level l - 1 inside the box, BestFirstSearch over a
// WorldAbstractGraph).
//
// Every intra-edge keeps the path its search found, so that refining an abstract path copies paths
// instead of searching again (appendEdgePath): stored once per pair of nodes, on the edge from the
// lower id to the higher, in flat pools per level. A level-1 path is its moves (one byte each, the
// WorldMoves.h codes) from the lower node's cell; a path of level l > 1 is the nodes of level l - 1
// between its ends, so that it reads the level below's paths and stays right when these are searched
// again with another tie.
//
// Why beside the 2D Hierarchy rather than a template of it: its data are 2D through and through
// (Point node cells, Rect areas, square layouts, border scanners, row-major regions, DHPA* trees with
// 8 directions, serialization, versions) and its heuristics go stale between refreshes, which block
// worlds' never do; templating all of it would touch every 2D hot path. What is shared is the search
// itself (every search here, over cells or over abstract nodes, is the one loop of BestFirstSearch.h,
// through the SearchGraph seam) and the top level's landmarks and distance table (built through the
// LevelDistances seam, search/LevelDistances.h).
//
// With options().boxTrees, every level-1 node also keeps its shortest-path tree over its box's standing
// cells (WorldBoxTrees, DHPA*'s trees): a query joins its start and goal to their boxes' nodes by
// reading distances, and refines those edges by walking the trees. Rebuilt with their box.
//
// The hierarchy owns a copy of its world; nothing here is modified by searches. Unreachable goals are
// answered from the component labels (connected()), without a search.
//
// Move costs are the world's (BlockWorld::moveCost, weighted by its cost layer if any): the inter-edges,
// the intra-edge searches and the heuristics read them there; which transitions are kept does not
// depend on costs.
//
// Digging and building (applyBlockChanges) rebuild what the changed blocks touch, in the 2D Hierarchy's
// shape (Hierarchy::applyEdits): the level-1 boxes whose cells' moves changed (BlockWorld::cellsReading
// bounds them) relabel their regions; the transitions of their borders are chosen again, and a
// neighbouring box whose transitions changed is rebuilt too (its nodes moved); then the clusters of
// every higher level that contain a cluster whose graph changed (nodes, levels, edges or costs), level by
// level. A rebuilt cluster keeps the intra-edges the change cannot have altered: an old edge between two
// nodes that stay is kept when it is shorter than the two nodes' distances from what changed (the cells
// whose moves changed, at level 1; the nodes of the level below whose edges changed, above), a distance
// that is the same before and after the change; the other pairs are searched. Node ids are stable: a
// node keeps its id while its cell stays a node; the ids of removed nodes
// are reused (nodeLevel() 0 while unused). A build is the same update over every box, so an updated
// hierarchy and a fresh build of the same world have the same nodes (by cell), edges and costs. A kept
// edge keeps its stored path (one that avoids what changed: its moves, or its nodes and their edges, are
// the same), so where two paths inside a box are as short the two may store different ones.
// Components: the regions of the relabelled boxes change, and the labels are joined again from every
// box's regions and the level-1 transitions (WorldComponents::join, a pass over regions and transitions:
// a dig that joins two components or a build that splits one is exact, and no cell outside the
// relabelled boxes is read); the pass is skipped when the relabelled boxes kept their regions' first
// cells, their transitions and the regions of their transitions' cells.
class WorldHierarchy {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Asked for the bytes the top level's heuristics are about to take (heuristicsBytes), before they are
  // allocated: "" lets the call go on, anything else refuses it and is the error the call returns. The
  // wasm bindings reserve heap room with it (bindings/HeapReservation.h): the table's size is known only
  // once the graph is built, and a table may take up to 80 MB where the rest of a hierarchy takes a few.
  using AskForBytes = std::function<std::string(uint64_t bytes)>;

  // The bytes of the top level's heuristics (landmarks() with its repair's marks, distanceTable()) for a
  // graph of `nodeIds` node ids (nodeCount()) of which `topNodes` are top-level nodes: exact when every
  // top-level node is in a component that takes landmarks, an upper bound otherwise. Not counted: the
  // scratch of computing them, one search over the nodes, less than the search over every cell that the
  // bindings reserve for a hierarchy anyway.
  static uint64_t heuristicsBytes(const WorldHierarchyOptions& options, uint32_t nodeIds, uint32_t topNodes);
  // The same for this hierarchy's current graph.
  uint64_t heuristicsBytes() const;

  // Nothing, and `error` filled, when the options are not usable, or when `ask` (if any) refuses the
  // heuristics' bytes, asked once the graph is built (nothing is kept then).
  // With `progress`, the build reports how far it is (the phases of the 2D build, contract/Progress.h:
  // "entrances" the boxes' regions and transitions, "clusters" level 1's edges and trees, "levels",
  // "components", "landmarks", "distance table") and stops when it is cancelled, failing with
  // kCancelledByProgress (nothing is kept).
  static std::optional<WorldHierarchy> build(const BlockWorld& world, const WorldHierarchyOptions& options,
                                             std::string& error, const AskForBytes& ask = {},
                                             Progress* progress = nullptr);

  // The stored parts (above), the edge pool compacted. fromParts(parts()) answers and updates as this one.
  WorldHierarchyParts parts() const;
  // A hierarchy from stored parts, checked first (checkWorldHierarchyParts): nothing, and `error` naming
  // the problem, when they are not parts a build and updates could have made; or `error` from `ask` when
  // it refuses the heuristics' bytes (as build).
  static std::optional<WorldHierarchy> fromParts(WorldHierarchyParts parts, std::string& error,
                                                 const AskForBytes& ask = {});
  // Every transition once, sorted by cells.
  void appendTransitions(std::vector<WorldTransition>& out) const;

  const BlockWorld& world() const { return world_; }
  const WorldHierarchyOptions& options() const { return options_; }
  int32_t levels() const { return options_.levels; }
  const WorldClusterLayout& layout(int32_t level) const { return layouts_[static_cast<size_t>(level - 1)]; }

  // Places or removes the blocks and rebuilds what they touch (above). Checked first: a change outside
  // the world or with a block code that is no Block leaves everything as it was and the problem is
  // returned; "" on success. Not versioned (as the 2D VersionedHierarchy is): no search may read the
  // hierarchy during the call; a WorldHpaQuery made before it may be used after it. With the distance
  // table on, `ask` (if any) is asked first as well (askBeforeUpdate); a refusal also leaves everything.
  std::string applyBlockChanges(std::span<const BlockChange> changes, WorldUpdateStats* stats = nullptr,
                                const AskForBytes& ask = {});
  // Sets the cost layer values (BlockWorld::setCellCost) and rebuilds what they touch, the same way: the
  // level-1 boxes of the standing cells around each changed cell (BlockWorld::cellsWeighing), whose
  // move costs read its weight, then up the levels. Checked first as above (a cell outside the world,
  // a value 0). Transitions do not read costs, so only edge costs (and the paths they keep) change.
  std::string applyCostChanges(std::span<const CostChange> changes, WorldUpdateStats* stats = nullptr,
                               const AskForBytes& ask = {});

  // Size of the node id space (ids of removed nodes stay unused until reused: nodeLevel() 0).
  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeVoxel_.size()); }
  Voxel nodeVoxel(uint32_t node) const { return nodeVoxel_[node]; }
  const Voxel* nodeVoxels() const { return nodeVoxel_.data(); }
  int32_t nodeLevel(uint32_t node) const { return nodeLevel_[node]; }  // highest level the node is in

  // Edges of `node` in the graph of `level` (empty when the node is below that level): first those of
  // searchEdges(), then the dominated intra-edges, each part sorted by target.
  std::span<const WorldEdge> edges(int32_t level, uint32_t node) const {
    const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
    return {g.pool.data() + g.first[node], g.count[node]};
  }
  // The edges a query searches: all but the *dominated* intra-edges, those from i to j as short as a way
  // through a third node k of the cluster (c(i, k) + c(k, j) <= c(i, j), to float rounding). Each left
  // out edge is two shorter ones, kept or themselves left out, so every distance inside a cluster, and
  // through the graph, stays; on the generated caves about half the intra-edges of level 2 are dominated,
  // and the top level's A* relaxes that many fewer. The build's searches read every edge.
  std::span<const WorldEdge> searchEdges(int32_t level, uint32_t node) const {
    const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
    return {g.pool.data() + g.first[node], g.searchCount[node]};
  }
  // Nodes of `level` or higher inside the level's cluster `cluster`, ascending.
  std::span<const uint32_t> clusterNodes(int32_t level, int32_t cluster) const {
    return graphs_[static_cast<size_t>(level - 1)].clusterNodes[static_cast<size_t>(cluster)];
  }

  // Appends the cells of the edge from `from` to `to` of `level` (an edge of edges(level, from)), after
  // `from`'s cell up to `to`'s: one cell for an inter-edge, the stored path, unfolded down to cells, for
  // an intra-edge. Its cost is the edge's (to float rounding); its cells are in the edge's cluster.
  void appendEdgePath(int32_t level, uint32_t from, uint32_t to, std::vector<Voxel>& cells) const;

  // 0 when built, +1 per applyBlockChanges or applyCostChanges given changes (whether or not they changed
  // a cell).
  uint64_t version() const { return version_; }
  // The version at which the cells of level-1 box `box` last changed (0: as built): what tells a flow
  // field integrated over the box whether it still holds.
  uint64_t boxCellsVersion(int32_t box) const { return boxCellsVersion_[static_cast<size_t>(box)]; }

  // Whether a path joins the two cells (both standing), a lookup in the component labels.
  bool connected(Voxel a, Voxel b) const { return components_.connected(world_, a, b); }
  const WorldComponents& components() const { return components_; }
  // Each level-1 box's node trees (options().boxTrees; empty without), nodes in clusterNodes(1, box)'s order.
  const WorldBoxTrees& boxTrees() const { return trees_; }
  uint32_t componentCount() const { return components_.count(); }

  // The top level's heuristics (options().landmarks, options().distanceTable; empty when off, the table
  // also when the top level has more than NodeDistanceTable::kMaxNodes nodes), read by the query's top
  // search. Computed after a build and a load (one Dijkstra of the top-level graph per landmark and per
  // table node), and brought up to date by every update that changes the top-level graph before it
  // returns, so never stale (a dig may shorten distances, and a stale row could then bound a distance
  // from above): the table computed again, the landmark rows repaired (LandmarkRepair: a search from the
  // changed clusters that keeps every row consistent, not a fresh computation).
  const LandmarkTable& landmarks() const { return landmarks_; }
  const NodeDistanceTable& distanceTable() const { return distances_; }

  // The figures, kept as the hierarchy changes; bytes counted on the call.
  WorldHierarchyStats stats() const;

 private:
  // One move chosen between two level-1 boxes: cells a < b, the move from a to b, and the boxes of a and
  // b (kept so that the many passes over transitions divide no cell index).
  struct Transition {
    int32_t a, b, move;
    int32_t boxA, boxB;
    int32_t boxOther(int32_t box) const { return box == boxA ? boxB : boxA; }
    int32_t cellIn(int32_t box) const { return box == boxA ? a : b; }
    // Ordered by a, then b, then move (the members' order; the boxes follow from the cells). Defaulted:
    // Emscripten 3.1.6's libc++ has no <=> for std::tuple.
    friend auto operator<=>(const Transition&, const Transition&) = default;
  };
  // Where an intra-edge's path lies in its level's step pool (WorldHierarchy above): `length` steps
  // from `first`. Empty for an inter-edge and for the edge from the higher id (its pair's path is on
  // the edge from the lower one).
  struct EdgePath {
    uint32_t first = 0, length = 0;
  };
  // The graph of one level: its clusters' nodes, and every node's edges in one pool (a rebuilt
  // cluster appends its nodes' new edges and leaves the old ones behind, until compact()).
  struct LevelGraph {
    std::vector<std::vector<uint32_t>> clusterNodes;  // per cluster, ascending
    std::vector<WorldEdge> pool;
    std::vector<EdgePath> paths;         // per edge of `pool`: its path's steps
    std::vector<uint8_t> moves;          // level 1: the steps of the paths, move codes
    std::vector<uint32_t> via;           // levels above: the steps of the paths, nodes of the level below
    std::vector<uint32_t> first, count;  // per node id: its edges in `pool`
    std::vector<uint32_t> searchCount;   // per node id: how many of them, from the first, are searched
    size_t compactSize = 0;              // pool size after the last compaction
  };
  // A cluster's part of a level's graph before a rebuild, to tell whether the rebuild changed it.
  struct ClusterSnapshot {
    std::vector<uint32_t> nodes;
    std::vector<Voxel> voxels;
    std::vector<uint8_t> levels;
    std::vector<uint32_t> counts;
    std::vector<WorldEdge> edges;
    std::vector<EdgePath> paths;  // of `edges`, still in the level's step pool until compact()
  };

  // What the rebuild of one level did, for the level above: the clusters rebuilt (ascending), each one's
  // graph before, and whether its graph changed.
  struct LevelUpdate {
    std::vector<int32_t> rebuilt;
    std::vector<ClusterSnapshot> before;
    std::vector<uint8_t> changed;
  };
  // A graph over local ids 0..n-1, n = first.size() - 1, in compressed rows (node k's edges are
  // edges[first[k]] .. edges[first[k + 1] - 1], their `to` local ids): the graph of one level inside a
  // cluster of the level above, copied so that its searches read no node outside it. A SearchGraph whose
  // moves are named by the node they leave (searched with a NodeSearchSpace).
  struct CompactGraph {
    std::vector<uint32_t> first;
    std::vector<WorldEdge> edges;
    uint32_t nodeCount() const { return static_cast<uint32_t>(first.size() - 1); }
    double heuristic(uint32_t) const { return 0; }
    uint32_t predecessor(uint32_t, uint32_t from) const { return from; }
    template <typename Visit>
    void forEachMove(uint32_t id, Visit&& visit) const {
      for (uint32_t e = first[id]; e < first[id + 1]; ++e)
        visit(edges[e].to, static_cast<double>(edges[e].cost), id, [] { return 0.0; });
    }
  };

  WorldHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options);

  // The rebuild of everything the level-1 boxes `relabel` (ascending) touch; all of them, `everything`,
  // for a build. False when the build's progress (building_) cancelled it (the hierarchy is half built:
  // drop it); an update's rebuild always returns true.
  bool rebuild(const std::vector<int32_t>& relabel, bool everything, WorldUpdateStats* stats);
  struct BuildProgress;  // a build's phases as shares of the whole, and its sink
  // While a build runs: `share` of the current phase is done. False when cancelled; true outside a build.
  bool buildStep(double share) const;
  bool buildCancelled() const;
  // The end of an update, changedCells_ and the boxes of its changed cells (`relabel`) filled: sorted,
  // the version moved on (when `any` change was given), the boxes rebuilt.
  void finishChanges(bool any, std::vector<int32_t>& relabel, WorldUpdateStats& s);
  // The transitions of every border of the boxes `boxes` (ascending), sorted.
  void chooseTransitions(const std::vector<int32_t>& boxes, std::vector<Transition>& out) const;
  void rebuildNodes(const std::vector<int32_t>& clusters);
  void rebuildTrees(const std::vector<int32_t>& boxes);  // trees_ of those level-1 boxes
  // `before`: each cluster's part of the level-1 graph before the update (empty for a build).
  void rebuildLevel1Edges(const std::vector<int32_t>& clusters, const std::vector<ClusterSnapshot>& before);
  // The in-box distance from the changed cells of level-1 box `box` (changedCells_) to each of `nodes`
  // (infinity when none reaches it, or when the box has no changed cell), written to out[0..].
  // Whether the box has a changed cell.
  bool distancesFromChanges(int32_t box, std::span<const uint32_t> nodes, double* out);
  // `update.rebuilt` from the graph of the level below, whose rebuild `below` describes.
  void rebuildUpperLevel(int32_t level, const LevelUpdate& below, const LevelUpdate& update);
  // The pair of regions a transition links: (box, region within it) at either end.
  struct RegionLink {
    int32_t boxA;
    uint32_t regionA;
    int32_t boxB;
    uint32_t regionB;
    friend auto operator<=>(const RegionLink&, const RegionLink&) = default;
  };
  // The region pairs of the transitions of level-1 box `box`, appended to `out`.
  void appendRegionLinks(int32_t box, std::vector<RegionLink>& out) const;
  void joinComponents();
  // The component labels after a rebuild of the boxes `relabel`, whose regions' first cells and links
  // were `oldFirsts` and `oldLinks` (sorted here): joined again unless nothing the join reads changed
  // (always for a build, `everything`). Whether they were joined.
  bool rejoinComponents(const std::vector<int32_t>& relabel, bool everything,
                        const std::vector<std::vector<int32_t>>& oldFirsts, std::vector<RegionLink>& oldLinks);
  // The cluster's part of the level's graph, written to `out`.
  void snapshot(int32_t level, int32_t cluster, ClusterSnapshot& out) const;
  bool sameAs(int32_t level, int32_t cluster, const ClusterSnapshot& before) const;
  // Fills the pairs of pairCost_ (n x n over a cluster's nodes) still marked for a search: Dijkstra over
  // `graph` (node i is idOf(i) in it, searched with `space`); a pair it does not join gets no edge.
  // Each pair found gets its path in pairPath_[i * n + j], i < j: storePath(i, j, target id) appends
  // the steps from the search's tree to the level's pool (its start is node i when i is the source,
  // else node j).
  template <typename Graph, typename Space, typename IdOf, typename StorePath>
  void searchPairs(size_t n, const Graph& graph, Space& space, IdOf&& idOf, StorePath&& storePath);
  // Each node's distance from the nearest of `sources` in `graph` (infinity when none reaches it).
  void distancesFrom(const CompactGraph& graph, std::span<const uint32_t> sources, std::vector<double>& out);
  // The intra-edges of a level-l cluster (l > 1) that its rebuild keeps (see rebuildUpperLevel), marked in
  // pairCost_ over `nodes`, its nodes now; `before` its graph before, `belowBefore` the snapshots of
  // the clusters of the level below inside it whose graph changed (nullptr for the others).
  void keepUpperEdges(int32_t level, std::span<const uint32_t> nodes, const ClusterSnapshot& before,
                      std::span<const int32_t> belowClusters, std::span<const ClusterSnapshot* const> belowBefore);
  // An edge being written, with its path and whether a query leaves it out (searchEdges()).
  struct NewEdge {
    WorldEdge edge;
    EdgePath path;
    bool dominated = false;
  };
  // Writes the edges of `node` at `level` (the searched ones first, each part sorted by target), with their
  // paths, to the end of the level's pool.
  void writeEdges(int32_t level, uint32_t node, std::vector<NewEdge>& edges);
  // The intra-edges of a cluster's n nodes, pairCost_ complete: each one's NewEdge appended to perNode_.
  void appendIntraEdges(std::span<const uint32_t> nodes);
  // The path stored for the pair of `from` and `to`, nodes of one cluster of `level`, and whether it runs
  // from `to` to `from` (stored on the edge from the lower id).
  EdgePath storedPath(int32_t level, uint32_t from, uint32_t to, bool& reversed) const;
  void compact(int32_t level);
  // landmarks_ and distances_ of the current top-level graph, reported to `progress` as the phases
  // "landmarks" [from, landmarksEnd) and "distance table" [landmarksEnd, 1); false (nothing changed) when
  // it cancels.
  bool computeHeuristics(Progress& progress, double from, double landmarksEnd);
  void computeHeuristics();
  // Before an update changes anything: `ask` for the heuristics it may compute again. An update that
  // changes the top-level graph computes the table and the landmarks afresh while the old ones are still
  // held, so it needs heuristicsBytes() more; asked at the current graph's size, since once the graph is
  // updated a refusal could no longer leave the hierarchy as it was (the few nodes an update adds or
  // removes change that by little). Without the table the landmarks are repaired in place.
  std::string askBeforeUpdate(const AskForBytes& ask) const;
  // After an update changed the top-level graph (levelUpdates_[1]): the table computed again, the
  // landmarks repaired.
  void updateHeuristics();
  // fromParts: the saved landmark rows as landmarks_ (and the distance table computed), or false and
  // `error` when they are not rows a build or a repair could have left.
  bool installStoredLandmarks(std::vector<uint32_t> nodes, const std::vector<float>& values, std::string& error);
  uint32_t allocateNode(Voxel v);
  uint32_t nodeAt(int32_t cell) const;  // the node of a transition's cell (kNone if none)
  int32_t crossingLevel(Voxel a, Voxel b) const;

  BlockWorld world_;
  WorldHierarchyOptions options_;
  std::vector<WorldClusterLayout> layouts_;           // [level - 1]
  WorldComponents components_;                        // regions of the level-1 boxes, joined by the transitions
  WorldBoxTrees trees_;                               // options_.boxTrees
  LandmarkTable landmarks_;                           // options_.landmarks
  NodeDistanceTable distances_;                       // options_.distanceTable
  LandmarkRepair landmarkRepair_;                     // what landmarks_' rows hold, and the repair's scratch
  std::vector<uint32_t> dirtyTop_, untrustedTop_;     // scratch of updateHeuristics
  std::vector<Voxel> nodeVoxel_;                      // per node id
  std::vector<uint8_t> nodeLevel_;                    // per node id, 0 for an unused id
  std::vector<uint32_t> freeNodes_;                   // unused ids, reused from the back
  std::vector<LevelGraph> graphs_;                    // [level - 1]
  std::vector<std::vector<Transition>> transitions_;  // per level-1 box: those with a cell in it, sorted
  std::vector<WorldComponents::Link> links_;          // scratch of joinComponents
  // Scratch of rebuild: the fresh transitions of each affected box, and what each level's rebuild did.
  std::vector<std::vector<Transition>> transitionLists_;
  LevelUpdate levelUpdates_[2];
  std::vector<int32_t> changedCells_;  // cells whose moves or standing the update under way changed, sorted
  std::vector<uint8_t> freed_;         // per node id: freed by the update under way (perhaps reused)
  std::vector<uint32_t> freedNodes_;   // those ids, to clear the marks
  // Scratch of the intra-edge searches, kept so that a block change allocates them once.
  SearchSpace cellSpace_;
  std::vector<uint32_t> sources_;
  std::vector<double> newDistance_;
  std::vector<float> pairCost_;       // n x n per box: an intra-edge's cost, or a mark (see rebuildLevel1Edges)
  std::vector<EdgePath> pairPath_;    // n x n per box: for i < j, the path of the pair's edge
  std::vector<float> reach_;          // n x n per box: pairCost_ with infinity for no edge (appendIntraEdges)
  std::vector<uint32_t> unresolved_;  // per node of the box: its pairs still without a cost
  std::vector<uint32_t> nodeRegions_;
  std::vector<std::vector<NewEdge>> perNode_;
  NodeSearchSpace nodeSpace_;
  std::vector<uint8_t> targets_;
  // Scratch of the rebuild of a level above the first: the graph of the level below inside the
  // cluster, its node ids, each node id's local id (kNone outside), the local ids whose edges changed
  // and their distances from those.
  CompactGraph belowNow_;
  std::vector<uint32_t> localNow_, idsNow_, changedNow_;
  std::vector<double> distanceNow_;
  std::vector<uint8_t> keptNode_;
  BuildProgress* building_ = nullptr;  // set by build() while it runs, so that its loops report
  WorldHierarchyStats stats_;          // all but bytes, kept up to date by each rebuild
  uint64_t version_ = 0;
  std::vector<uint64_t> boxCellsVersion_;  // per level-1 box
};

}  // namespace hpastar
