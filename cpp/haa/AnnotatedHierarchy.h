#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Agent.h"
#include "grid/Clearance.h"
#include "grid/Grid.h"
#include "grid/Terrain.h"
#include "haa/AnnotatedHierarchyOptions.h"
#include "hpa/ClusterLayout.h"
#include "hpa/EntranceScanner.h"
#include "hpa/HierarchyOptions.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar {

// An edge of a HAA* graph, annotated as in the article with the capability and the clearance an agent
// needs to use it: an agent of side S and capability C may take it when S <= clearance and C holds
// every terrain kind of `capability` (the edge's path stands on those kinds only, with room for an
// agent of side `clearance` all along, so it is legal for every such agent).
struct AnnotatedEdge {
  uint32_t to;
  float cost;
  Capability capability;
  uint8_t clearance;
  bool inter;  // crosses a cluster border (a single step), else a path inside one cluster

  bool admits(int32_t size, Capability agent) const {
    return size <= clearance && (capability.kinds & ~agent.kinds) == 0;
  }
};

// Nodes and edges of one abstraction, for the figures the article gives before and after compaction.
struct AbstractionSize {
  uint64_t nodes = 0;
  uint64_t interEdges = 0;  // undirected
  uint64_t intraEdges = 0;  // undirected
};

struct AnnotatedHierarchyStats {
  uint64_t clusters = 0;
  uint64_t transitions = 0;
  AbstractionSize initial;  // every transition and every (size, capability) intra-edge
  AbstractionSize high;     // after strong dominance
  AbstractionSize low;      // after weak dominance too
  // The graph kept and searched: the chosen abstraction after path dominance (applyPathDominance), which
  // drops intra-edges that two others replace at no more cost for the same agents.
  AbstractionSize searched;
  double buildMs = 0;
  uint64_t rebuiltClusters = 0;  // by the last applyEdits: clusters whose intra-edges were found again
  double updateMs = 0;           // the time of the last applyEdits
  size_t bytes = 0;              // what the kept graph, clearance maps and components hold (the grid's copy apart)
  size_t pathBytes = 0;          // of `bytes`, the stored paths of the intra-edges (found and kept)
  size_t joinTreeBytes = 0;      // of `bytes`, the join trees (AnnotatedHierarchyOptions::joinTrees)
};

// The abstract graph of HAA* (Harabor and Botea, 2008) over one grid, for square agents of sides
// 1..maxSize and every capability made of the terrain kinds the map holds.
//
// Built once and then only read, by any number of query objects (HaaStarQuery) on any threads. It keeps
// its own copy of the grid and one true-clearance map per capability, which the queries use for the
// low-level searches.
//
// Build: the capabilities are the non-empty sets of the kinds present on the map (ground and trees on
// the Dragon Age maps: 3). Transitions come from AnnotatedEntranceScanner; each gives a node on both
// sides and one inter-edge per capability that can cross it, annotated with the crossing's clearance.
// In every cluster, for every capability and size, a Dijkstra of Annotated A* from each node gives the
// intra-edges to the others it reaches inside the cluster, annotated with that capability and size.
// That is the article's initial abstraction. Strong dominance then drops an edge when another between
// the same nodes costs no more and admits every agent it admits (capability a subset, clearance at
// least as large), which keeps every agent's cheapest edges: the high-quality abstraction. Weak
// dominance (Abstraction::Low) also drops inter-edges as AnnotatedHierarchyOptions says. Last, path
// dominance (applyPathDominance) leaves out the intra-edges two others replace for the same agents at
// no more cost: fewer edges to search, the same distances. The transitions and the intra-edges found
// are kept per border and per cluster, so that applyEdits redoes only what an edit reaches.
//
// The path of every intra-edge is stored (its moves, one byte each), so that a query refines an
// abstract edge by reading it instead of searching the cluster again: the way HPA*'s cachePaths
// refines, always on here. The path of an edge annotated (capability C, clearance k) is a shortest path
// inside the cluster for an agent of side k and capability C, so it is legal for every agent the edge
// admits, and it costs what the edge says. On den520d (cluster 16) the paths found and kept hold
// 0.95 MB (stats().pathBytes) of the hierarchy's 4.2 MB without join trees (2.7 MB without paths either).
//
// With joinTrees (the default), each cluster also keeps the shortest-path tree over the cluster of each
// of its nodes for every agent (four bits a cell, agents that have the same open anchors in the
// cluster sharing them), so that a query joins its start and goal to their clusters' nodes by reading
// the trees (traceToNode) instead of searching: the way DHPA* joins HPA*'s endpoints. On den520d
// (cluster 16, sizes 1..3) they hold 1.9 MB (stats().joinTreeBytes): 6.1 MB in all against 4.2 MB.
//
// Nodes are numbered cluster by cluster, so the nodes of a cluster are a contiguous range; edges are
// kept in CSR form (both directions of every undirected edge), grouped by annotation capability within
// a node.
struct AbstractionDraft;

// The kinds an agent may stand on that occur on the grid (out of bounds never does).
Capability terrainsOf(const Grid& grid);

class AnnotatedHierarchy {
 public:
  // Nothing and `error` when the options are out of range.
  static std::optional<AnnotatedHierarchy> build(const Grid& grid, const AnnotatedHierarchyOptions& options,
                                                 std::string& error);

  // Applies terrain changes (the terrain and, or, the cost layer value of cells) and redoes the searches
  // only where they reach: the clusters within the largest size up and left of an edited cell get their
  // borders scanned again and, with their four neighbours, their intra-edges and join trees found again. The graph is
  // then assembled, compacted and labelled into components anew from every cluster's kept parts, over
  // the whole graph: that part is not local yet (a one-cell edit on den520d: about 70 ms, most of it
  // there, against a 450 ms build). The result is the graph a fresh build of the edited grid gives. An
  // edit that adds or removes a terrain kind of the map changes the capabilities and rebuilds everything.
  // "" or why the edits are refused (a cell outside the map, an unknown terrain character), nothing
  // changed then. It changes this object: not while queries read it (copy it, edit the copy, then hand
  // the queries the copy).
  std::string applyEdits(std::span<const CellEdit> edits);

  // 0 when built, then one more per applyEdits given at least one edit (accepted): what tells a query
  // object bound to this hierarchy that the graph it sized its scratch by has changed.
  uint64_t version() const { return version_; }
  // The clusters whose intra-edges the last applyEdits found again, in id order (every cluster when it
  // rebuilt everything; none before an edit), and the cells whose terrain or cost it changed.
  std::span<const int32_t> lastRebuiltClusters() const { return lastRebuilt_; }
  uint64_t lastCellsChanged() const { return lastCellsChanged_; }

  const Grid& grid() const { return grid_; }
  const AnnotatedHierarchyOptions& options() const { return options_; }
  const ClusterLayout& layout() const { return layout_; }
  int32_t maxSize() const { return options_.maxSize; }
  const AnnotatedHierarchyStats& stats() const { return stats_; }

  // The terrain kinds on the map: every capability here is a non-empty subset of them.
  Capability terrains() const { return terrains_; }
  std::span<const Capability> capabilities() const { return capabilities_; }
  // The capability of the hierarchy an agent of capability `agent` has on this map: its kinds that the
  // map holds. -1 when it allows none of them.
  int32_t capabilityIndex(Capability agent) const;
  const ClearanceMap& clearance(int32_t capabilityIndex) const {
    return clearances_[static_cast<size_t>(capabilityIndex)];
  }
  // "" when the hierarchy serves `agent`, else why not (its size or its capability, named).
  std::string checkAgent(const Agent& agent) const;

  uint32_t nodeCount() const { return static_cast<uint32_t>(nodeCells_.size()); }
  Point nodeCell(uint32_t node) const { return nodeCells_[node]; }
  // Every edge of a node (both directions of an undirected edge are kept, one at each end).
  std::span<const AnnotatedEdge> edges(uint32_t node) const { return group(node * groupsPerNode(), groupsPerNode()); }
  // The edges of a node annotated with one capability, largest clearance first: an agent reads only the
  // groups of the capabilities within its own, each up to the first clearance below its size.
  std::span<const AnnotatedEdge> edges(uint32_t node, int32_t capabilityIndex) const {
    return group(node * groupsPerNode() + static_cast<uint32_t>(capabilityIndex), 1);
  }
  // The stored path of an intra-edge: appends the anchors after `from`'s cell up to `edge.to`'s, and
  // returns the cost of those moves. `edge` is an element of edges(from) (read by reference), not inter.
  double appendIntraPath(uint32_t from, const AnnotatedEdge& edge, std::vector<Point>& out) const;
  // Whether the join trees are kept (options().joinTrees): then traceToNode answers.
  bool hasJoinTrees() const { return options_.joinTrees; }
  // Read in `node`'s join tree, no search: the cost of a shortest path inside the node's cluster from
  // `from` (an anchor in that cluster) to the node for the agent (size, capabilityIndex), or -1 when
  // that agent has none. With `out`, also appends the path's anchors, `from` first and the node's cell
  // last (moves and costs are symmetric: reversed, it is a shortest path from the node to `from`).
  double traceToNode(uint32_t node, int32_t capabilityIndex, int32_t size, Point from, std::vector<Point>* out) const;
  // The nodes of a cluster: ids first..first+count-1, and their cells.
  uint32_t firstNodeOf(int32_t cluster) const { return clusterStart_[static_cast<size_t>(cluster)]; }
  std::span<const Point> clusterNodeCells(int32_t cluster) const {
    const uint32_t first = clusterStart_[static_cast<size_t>(cluster)];
    return {nodeCells_.data() + first, nodeCells_.data() + clusterStart_[static_cast<size_t>(cluster) + 1]};
  }

  // The component of `node` in the graph of the edges that admit the agent (size, capabilityIndex): two
  // nodes have the same one exactly when that agent goes from one to the other in the abstract graph.
  uint32_t componentOf(int32_t size, int32_t capabilityIndex, uint32_t node) const {
    const size_t agent = static_cast<size_t>(size - 1) * capabilities_.size() + static_cast<size_t>(capabilityIndex);
    return components_[agent * nodeCells_.size() + node];
  }

 private:
  AnnotatedHierarchy() = default;
  // An intra-edge as found, before dominance: by cells, so that it outlives a renumbering.
  struct IntraEdge {
    Point a, b;
    double cost;
    Capability capability;
    uint8_t clearance;
    uint32_t firstStep, steps;  // its path from a to b: moves firstStep.. of its cluster's intraSteps_
  };
  // The transitions of the east and south borders of `cluster` (borderTransitions_).
  void scanBorders(int32_t cluster);
  void scanBorder(int32_t cluster, int side);  // 0: east, 1: south
  // The cells of the transitions on the four borders of `cluster` that lie in it, in cell order.
  void nodeCellsOf(int32_t cluster, std::vector<Point>& out) const;
  // The intra-edges of `cluster` for every capability and size (intraEdges_).
  void findIntraEdges(int32_t cluster, AnnotatedAStarSearch& search);
  // The join trees of `cluster` (joinTrees_), none without options_.joinTrees.
  void findJoinTrees(int32_t cluster, AnnotatedAStarSearch& search);
  // The graph from borderTransitions_ and intraEdges_: the initial abstraction, the dominance passes,
  // the kept graph (keep), the components and the figures.
  void assemble();
  // Numbers the kept nodes and lays out the kept edges (CSR).
  // `found` gives the intra-edge each draft edge's origin names (its stored path).
  void keep(const AbstractionDraft& draft, std::span<const IntraEdge* const> found);
  void computeComponents();
  uint32_t groupsPerNode() const { return static_cast<uint32_t>(capabilities_.size()); }
  std::span<const AnnotatedEdge> group(uint32_t first, uint32_t count) const {
    return {edges_.data() + groupStart_[first], edges_.data() + groupStart_[first + count]};
  }

  Grid grid_;
  AnnotatedHierarchyOptions options_;
  ClusterLayout layout_;
  Capability terrains_;
  std::vector<Capability> capabilities_;
  std::vector<ClearanceMap> clearances_;  // [capability index]
  std::vector<Point> nodeCells_;
  std::vector<uint32_t> clusterStart_;  // [cluster], then the node count
  // [node * capabilities + capability index]: where the node's edges of that annotation start; then the
  // edge count. Edges are numbered node by node, so a group ends where the next one starts.
  std::vector<uint32_t> groupStart_;
  std::vector<AnnotatedEdge> edges_;
  std::vector<uint32_t> components_;  // [(size - 1) * capabilities + capability][node]
  // The stored paths of the kept intra-edges: pathRef_ runs parallel to edges_ and holds kNoPath (an
  // inter-edge) or the path's index, top bit set when the edge runs against the stored moves; path p's
  // moves (directions, Moves.h) are pathSteps_[pathStart_[p] .. pathStart_[p + 1]).
  static constexpr uint32_t kNoPath = 0xFFFFFFFFu;
  static constexpr uint32_t kReversed = 0x80000000u;
  std::vector<uint32_t> pathRef_;
  std::vector<uint32_t> pathStart_;
  std::vector<uint8_t> pathSteps_;
  // What a local rebuild starts from: each cluster's east [2c] and south [2c + 1] border's transitions,
  // and each cluster's intra-edges before dominance.
  std::vector<std::vector<Transition>> borderTransitions_;
  std::vector<std::vector<IntraEdge>> intraEdges_;
  std::vector<std::vector<uint8_t>> intraSteps_;  // [cluster]: the moves of its intra-edges' paths
  // A cluster's join trees: for each distinct set of anchors open to some agent in the cluster (agents
  // with equal sets make the same moves there at the same costs, the weights being the cells'), the
  // Dijkstra tree inside the cluster of each of its node cells open in that set. By cells, like
  // intraEdges_, so that they outlive a renumbering; nodeSlot_ finds a kept node's.
  struct JoinTrees {
    std::vector<uint16_t> setOfAgent;  // [capability index * maxSize + size - 1]: the agent's open set
    std::vector<Point> nodeCells;      // nodeCellsOf(the cluster)
    std::vector<uint32_t> treeOf;      // [set * nodeCells.size() + i]: the tree of node cell i, or kNoTree
    // Tree t's cells, two to a byte (low nibble first): AnnotatedAStarSearch::appendTree's values, the
    // root's and the unreached mark cut to four bits. From byte t * joinTreeBytes(the cluster's rect).
    std::vector<uint8_t> moves;
  };
  static constexpr uint8_t kMoveBits = 0x0F;
  static size_t joinTreeBytes(const Rect& area) { return (static_cast<size_t>(area.area()) + 1) / 2; }
  static constexpr uint32_t kNoTree = 0xFFFFFFFFu;
  std::vector<JoinTrees> joinTrees_;  // [cluster]
  std::vector<uint32_t> nodeSlot_;    // [kept node]: its index in its cluster's JoinTrees::nodeCells
  AnnotatedHierarchyStats stats_;
  uint64_t version_ = 0;
  std::vector<int32_t> lastRebuilt_;
  uint64_t lastCellsChanged_ = 0;
};

}  // namespace hpastar
