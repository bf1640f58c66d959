#include "haa/AnnotatedHierarchy.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <numeric>

#include "grid/CapabilityNames.h"
#include "haa/AbstractionDraft.h"
#include "haa/AnnotatedEntranceScanner.h"

namespace hpastar {
// The kinds an agent may stand on that occur on the grid (out of bounds never does).
Capability terrainsOf(const Grid& grid) {
  bool seen[256] = {};
  for (const uint8_t c : grid.terrain()) seen[c] = true;
  Capability kinds;
  for (int c = 0; c < 256; ++c) {
    const TerrainKind kind = terrainKindOf(static_cast<char>(c));
    if (seen[c] && kind != TerrainKind::Invalid && kind != TerrainKind::OutOfBounds)
      kinds.kinds = static_cast<uint8_t>(kinds.kinds | (1u << static_cast<uint8_t>(kind)));
  }
  return kinds;
}

std::optional<AnnotatedHierarchy> AnnotatedHierarchy::build(const Grid& grid, const AnnotatedHierarchyOptions& options,
                                                            std::string& error) {
  if (std::string problem = options.validate(); !problem.empty()) {
    error = problem;
    return std::nullopt;
  }
  const auto began = std::chrono::steady_clock::now();
  AnnotatedHierarchy h;
  h.grid_ = grid;
  h.options_ = options;
  h.layout_ = ClusterLayout(options.clusterSize, grid.width(), grid.height());
  h.terrains_ = terrainsOf(grid);
  // Every non-empty subset of the kinds present, smallest masks first.
  for (uint32_t kinds = 1; kinds < 256; ++kinds)
    if ((kinds & ~static_cast<uint32_t>(h.terrains_.kinds)) == 0)
      h.capabilities_.push_back(Capability{static_cast<uint8_t>(kinds)});
  for (const Capability c : h.capabilities_) h.clearances_.push_back(ClearanceMap::trueClearance(grid, c));

  h.intraEdges_.resize(static_cast<size_t>(h.layout_.count()));
  h.intraSteps_.resize(static_cast<size_t>(h.layout_.count()));
  h.joinTrees_.resize(static_cast<size_t>(h.layout_.count()));
  h.borderTransitions_.resize(static_cast<size_t>(h.layout_.count()) * 2);
  for (int32_t c = 0; c < h.layout_.count(); ++c) h.scanBorders(c);
  AnnotatedAStarSearch search;
  for (int32_t c = 0; c < h.layout_.count(); ++c) {
    h.findIntraEdges(c, search);
    h.findJoinTrees(c, search);
  }
  h.assemble();
  h.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return h;
}

void AnnotatedHierarchy::scanBorders(int32_t cluster) {
  scanBorder(cluster, 0);
  scanBorder(cluster, 1);
}

void AnnotatedHierarchy::scanBorder(int32_t cluster, int side) {
  const Rect r = layout_.rect(cluster);
  std::vector<Transition>& out = borderTransitions_[static_cast<size_t>(cluster) * 2 + static_cast<size_t>(side)];
  out.clear();
  if (side == 0 && r.x1 < layout_.mapWidth)
    AnnotatedEntranceScanner::scanBorder(Point{r.x1 - 1, r.y0}, r.height(), true, clearances_, options_.maxSize, out);
  if (side == 1 && r.y1 < layout_.mapHeight)
    AnnotatedEntranceScanner::scanBorder(Point{r.x0, r.y1 - 1}, r.width(), false, clearances_, options_.maxSize, out);
}

void AnnotatedHierarchy::nodeCellsOf(int32_t cluster, std::vector<Point>& out) const {
  out.clear();
  const int32_t column = cluster % layout_.columns, row = cluster / layout_.columns;
  auto take = [&](int32_t owner, int side) {
    for (const Transition& t : borderTransitions_[static_cast<size_t>(owner) * 2 + static_cast<size_t>(side)])
      for (const Point p : {t.a, t.b})
        if (layout_.clusterOf(p) == cluster) out.push_back(p);
  };
  take(cluster, 0);
  take(cluster, 1);
  if (column > 0) take(cluster - 1, 0);             // the west neighbour's east border
  if (row > 0) take(cluster - layout_.columns, 1);  // the north neighbour's south border
  std::sort(out.begin(), out.end(), [&](Point x, Point y) { return grid_.index(x) < grid_.index(y); });
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void AnnotatedHierarchy::findIntraEdges(int32_t cluster, AnnotatedAStarSearch& search) {
  std::vector<IntraEdge>& out = intraEdges_[static_cast<size_t>(cluster)];
  std::vector<uint8_t>& steps = intraSteps_[static_cast<size_t>(cluster)];
  out.clear();
  steps.clear();
  std::vector<Point> nodes, targets;
  nodeCellsOf(cluster, nodes);
  const Rect area = layout_.rect(cluster);
  // For every capability and size, one Dijkstra from each node to the later ones (in the order of
  // their cells: costs are symmetric, so each pair is searched once per agent, always the same way).
  for (size_t c = 0; c < capabilities_.size(); ++c) {
    const ClearanceMap& clearance = clearances_[c];
    for (int32_t size = 1; size <= options_.maxSize; ++size) {
      for (size_t i = 0; i + 1 < nodes.size(); ++i) {
        if (!clearance.open(nodes[i], size)) continue;
        targets.clear();
        for (size_t j = i + 1; j < nodes.size(); ++j)
          if (clearance.open(nodes[j], size)) targets.push_back(nodes[j]);
        if (targets.empty()) continue;
        search.settleFrom(grid_, clearance, size, area, nodes[i], targets);
        for (const Point t : targets) {
          const double cost = search.distanceTo(t);
          if (cost < 0) continue;
          const uint32_t firstStep = static_cast<uint32_t>(steps.size());
          search.appendStepsTo(t, steps);
          out.push_back(IntraEdge{nodes[i], t, cost, capabilities_[c], static_cast<uint8_t>(size), firstStep,
                                  static_cast<uint32_t>(steps.size()) - firstStep});
        }
      }
    }
  }
}

void AnnotatedHierarchy::findJoinTrees(int32_t cluster, AnnotatedAStarSearch& search) {
  // Four bits keep a tree's cells apart: the directions 0..7, the root and the unreached mark.
  static_assert((AnnotatedAStarSearch::kTreeRoot & kMoveBits) >= kDirCount &&
                (AnnotatedAStarSearch::kTreeUnreached & kMoveBits) >= kDirCount &&
                (AnnotatedAStarSearch::kTreeRoot & kMoveBits) != (AnnotatedAStarSearch::kTreeUnreached & kMoveBits));
  JoinTrees& trees = joinTrees_[static_cast<size_t>(cluster)];
  trees = JoinTrees{};
  if (!options_.joinTrees) return;
  nodeCellsOf(cluster, trees.nodeCells);
  const Rect area = layout_.rect(cluster);
  const size_t cells = static_cast<size_t>(area.area());
  // The distinct open sets, each with the first agent that has it (whose clearance map and size search it).
  std::vector<uint8_t> sets;  // [set * cells + local cell]: open
  std::vector<std::pair<size_t, int32_t>> searchedAs;
  std::vector<uint8_t> open(cells);
  for (size_t c = 0; c < capabilities_.size(); ++c)
    for (int32_t size = 1; size <= options_.maxSize; ++size) {
      for (int32_t y = area.y0; y < area.y1; ++y)
        for (int32_t x = area.x0; x < area.x1; ++x)
          open[static_cast<size_t>((y - area.y0) * area.width() + (x - area.x0))] = clearances_[c].open({x, y}, size);
      size_t set = 0;
      while (set < searchedAs.size() && !std::equal(open.begin(), open.end(), sets.begin() + set * cells)) ++set;
      if (set == searchedAs.size()) {
        sets.insert(sets.end(), open.begin(), open.end());
        searchedAs.emplace_back(c, size);
      }
      trees.setOfAgent.push_back(static_cast<uint16_t>(set));
    }
  const size_t nodes = trees.nodeCells.size();
  trees.treeOf.assign(searchedAs.size() * nodes, kNoTree);
  uint32_t count = 0;
  std::vector<uint8_t> tree;
  for (size_t set = 0; set < searchedAs.size(); ++set)
    for (size_t i = 0; i < nodes; ++i) {
      const Point p = trees.nodeCells[i];
      if (!sets[set * cells + static_cast<size_t>((p.y - area.y0) * area.width() + (p.x - area.x0))]) continue;
      const auto [c, size] = searchedAs[set];
      search.settleFrom(grid_, clearances_[c], size, area, p, {});  // no targets: the whole cluster
      tree.clear();
      search.appendTree(tree);
      tree.resize(cells + 1, AnnotatedAStarSearch::kTreeUnreached);  // an even count
      for (size_t k = 0; k < cells; k += 2)
        trees.moves.push_back(static_cast<uint8_t>((tree[k] & kMoveBits) | (tree[k + 1] & kMoveBits) << 4));
      trees.treeOf[set * nodes + i] = count++;
    }
}

double AnnotatedHierarchy::traceToNode(uint32_t node, int32_t capabilityIndex, int32_t size, Point from,
                                       std::vector<Point>* out) const {
  const Point root = nodeCells_[node];
  const int32_t cluster = layout_.clusterOf(root);
  const JoinTrees& trees = joinTrees_[static_cast<size_t>(cluster)];
  const Rect area = layout_.rect(cluster);
  assert(area.contains(from) && !trees.setOfAgent.empty());
  const size_t set = trees.setOfAgent[static_cast<size_t>(capabilityIndex * options_.maxSize + size - 1)];
  const uint32_t tree = trees.treeOf[set * trees.nodeCells.size() + nodeSlot_[node]];
  if (tree == kNoTree) return -1.0;
  const int32_t width = area.width();
  const uint8_t* moves = trees.moves.data() + static_cast<size_t>(tree) * joinTreeBytes(area);
  const auto moveAt = [&](int32_t id) { return static_cast<uint8_t>(moves[id >> 1] >> ((id & 1) * 4) & kMoveBits); };
  int32_t id = (from.y - area.y0) * width + (from.x - area.x0);
  if (moveAt(id) == (AnnotatedAStarSearch::kTreeUnreached & kMoveBits)) return -1.0;
  Point p = from;
  if (out != nullptr) out->push_back(p);
  double cost = 0;
  // Up the tree: each cell's move from its parent, undone.
  for (uint8_t d; (d = moveAt(id)) != (AnnotatedAStarSearch::kTreeRoot & kMoveBits);) {
    const int back = oppositeDir(d);
    cost += grid_.moveCost(grid_.index(p), back);
    p = Point{p.x + kDirDx[back], p.y + kDirDy[back]};
    id += kDirDy[back] * width + kDirDx[back];
    if (out != nullptr) out->push_back(p);
  }
  assert(p == root);
  return cost;
}

void AnnotatedHierarchy::assemble() {
  // The initial abstraction: a node per transition cell, an inter-edge per transition and capability
  // that crosses it, the intra-edges found per cluster.
  AbstractionDraft draft;
  std::vector<uint32_t> nodeAt(static_cast<size_t>(grid_.cellCount()), UINT32_MAX);
  auto nodeOf = [&](Point p) {
    uint32_t& node = nodeAt[static_cast<size_t>(grid_.index(p))];
    if (node == UINT32_MAX) {
      node = static_cast<uint32_t>(draft.nodeCells.size());
      draft.nodeCells.push_back(p);
      draft.nodeCluster.push_back(layout_.clusterOf(p));
    }
    return node;
  };
  AnnotatedHierarchyStats& stats = stats_;
  stats.transitions = 0;
  for (const std::vector<Transition>& border : borderTransitions_) {
    stats.transitions += border.size();
    for (const Transition& t : border) {
      const uint32_t a = nodeOf(t.a), b = nodeOf(t.b);
      const double cost = crossingCost(grid_, t);
      for (size_t c = 0; c < capabilities_.size(); ++c) {
        const int32_t clearance =
            AnnotatedEntranceScanner::crossingClearance(clearances_[c], t.a, t.b, options_.maxSize);
        if (clearance > 0) draft.edges.push_back({a, b, cost, capabilities_[c], static_cast<uint8_t>(clearance), true});
      }
    }
  }
  std::vector<const IntraEdge*> found;  // by draft origin
  for (const std::vector<IntraEdge>& cluster : intraEdges_)
    for (const IntraEdge& e : cluster) {
      draft.edges.push_back({nodeOf(e.a), nodeOf(e.b), e.cost, e.capability, e.clearance, false, true,
                             static_cast<uint32_t>(found.size())});
      found.push_back(&e);
    }

  stats.clusters = static_cast<uint64_t>(layout_.count());
  stats.initial = draft.size();
  applyStrongDominance(draft);
  stats.high = draft.size();
  // The low-quality figures are counted whichever graph is kept: they are what the choice is about.
  AbstractionDraft low = draft;
  applyWeakDominance(low);
  stats.low = low.size();
  if (options_.abstraction == Abstraction::Low) draft = std::move(low);
  applyPathDominance(draft);
  stats.searched = draft.size();
  keep(draft, found);
  computeComponents();
  stats.joinTreeBytes = 0;
  nodeSlot_.clear();
  if (options_.joinTrees) {
    nodeSlot_.resize(nodeCells_.size());
    for (uint32_t n = 0; n < nodeCells_.size(); ++n) {
      const std::vector<Point>& cells = joinTrees_[static_cast<size_t>(layout_.clusterOf(nodeCells_[n]))].nodeCells;
      const auto at = std::lower_bound(cells.begin(), cells.end(), nodeCells_[n],
                                       [&](Point x, Point y) { return grid_.index(x) < grid_.index(y); });
      assert(at != cells.end() && *at == nodeCells_[n]);
      nodeSlot_[n] = static_cast<uint32_t>(at - cells.begin());
    }
    stats.joinTreeBytes = nodeSlot_.capacity() * sizeof(uint32_t);
    for (const JoinTrees& t : joinTrees_)
      stats.joinTreeBytes += t.setOfAgent.capacity() * sizeof(uint16_t) + t.nodeCells.capacity() * sizeof(Point) +
                             t.treeOf.capacity() * sizeof(uint32_t) + t.moves.capacity();
  }
  stats.pathBytes =
      pathRef_.capacity() * sizeof(uint32_t) + pathStart_.capacity() * sizeof(uint32_t) + pathSteps_.capacity();
  for (const std::vector<uint8_t>& steps : intraSteps_) stats.pathBytes += steps.capacity();
  stats.bytes = nodeCells_.capacity() * sizeof(Point) + clusterStart_.capacity() * sizeof(uint32_t) +
                groupStart_.capacity() * sizeof(uint32_t) + edges_.capacity() * sizeof(AnnotatedEdge) +
                components_.capacity() * sizeof(uint32_t) + stats.pathBytes + stats.joinTreeBytes;
  for (const ClearanceMap& c : clearances_) stats.bytes += c.bytes();
  for (const std::vector<Transition>& border : borderTransitions_)
    stats.bytes += border.capacity() * sizeof(Transition);
  for (const std::vector<IntraEdge>& cluster : intraEdges_) stats.bytes += cluster.capacity() * sizeof(IntraEdge);
}

void AnnotatedHierarchy::keep(const AbstractionDraft& draft, std::span<const IntraEdge* const> found) {
  const Grid& grid = grid_;
  AnnotatedHierarchy& h = *this;
  h.nodeCells_.clear();
  // Kept nodes, numbered cluster by cluster (in the order of their cells within a cluster).
  std::vector<uint8_t> alive(draft.nodeCells.size(), 0);
  for (const AbstractionDraft::Edge& e : draft.edges)
    if (e.kept) alive[e.a] = alive[e.b] = 1;
  std::vector<uint32_t> order;
  for (uint32_t n = 0; n < draft.nodeCells.size(); ++n)
    if (alive[n]) order.push_back(n);
  std::sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    if (draft.nodeCluster[x] != draft.nodeCluster[y]) return draft.nodeCluster[x] < draft.nodeCluster[y];
    return grid.index(draft.nodeCells[x]) < grid.index(draft.nodeCells[y]);
  });
  std::vector<uint32_t> idOf(draft.nodeCells.size(), UINT32_MAX);
  h.clusterStart_.assign(static_cast<size_t>(h.layout_.count()) + 1, 0);
  for (uint32_t i = 0; i < order.size(); ++i) {
    idOf[order[i]] = i;
    h.nodeCells_.push_back(draft.nodeCells[order[i]]);
    ++h.clusterStart_[static_cast<size_t>(draft.nodeCluster[order[i]]) + 1];
  }
  std::partial_sum(h.clusterStart_.begin(), h.clusterStart_.end(), h.clusterStart_.begin());

  // CSR: both directions of every kept edge, grouped by node, then by capability (their index), largest
  // clearance first.
  const size_t groups = h.capabilities_.size();
  uint8_t indexOfKinds[256] = {};
  for (size_t c = 0; c < groups; ++c) indexOfKinds[h.capabilities_[c].kinds] = static_cast<uint8_t>(c);
  h.groupStart_.assign(order.size() * groups + 1, 0);
  auto slotOf = [&](uint32_t node, Capability c) { return node * groups + indexOfKinds[c.kinds]; };
  for (const AbstractionDraft::Edge& e : draft.edges)
    if (e.kept)
      ++h.groupStart_[slotOf(idOf[e.a], e.capability) + 1], ++h.groupStart_[slotOf(idOf[e.b], e.capability) + 1];
  std::partial_sum(h.groupStart_.begin(), h.groupStart_.end(), h.groupStart_.begin());
  h.edges_.resize(h.groupStart_.back());
  // Each kept intra-edge's path copied out of its cluster's store; both directions refer to it.
  std::vector<uint32_t> ref(h.groupStart_.back(), kNoPath);
  h.pathStart_.assign(1, 0);
  h.pathSteps_.clear();
  std::vector<uint32_t> fill(h.groupStart_.begin(), h.groupStart_.end() - 1);
  for (const AbstractionDraft::Edge& e : draft.edges) {
    if (!e.kept) continue;
    const uint32_t a = idOf[e.a], b = idOf[e.b];
    const float cost = static_cast<float>(e.cost);
    uint32_t path = kNoPath;
    if (!e.inter) {
      const IntraEdge& source = *found[e.origin];
      const std::vector<uint8_t>& steps = intraSteps_[static_cast<size_t>(layout_.clusterOf(source.a))];
      h.pathSteps_.insert(h.pathSteps_.end(), steps.begin() + source.firstStep,
                          steps.begin() + source.firstStep + source.steps);
      path = static_cast<uint32_t>(h.pathStart_.size()) - 1;
      h.pathStart_.push_back(static_cast<uint32_t>(h.pathSteps_.size()));
    }
    const uint32_t fromA = fill[slotOf(a, e.capability)]++, fromB = fill[slotOf(b, e.capability)]++;
    h.edges_[fromA] = AnnotatedEdge{b, cost, e.capability, e.clearance, e.inter};
    h.edges_[fromB] = AnnotatedEdge{a, cost, e.capability, e.clearance, e.inter};
    ref[fromA] = path;
    ref[fromB] = path == kNoPath ? kNoPath : path | kReversed;
  }
  // Each group largest clearance first, the path references following their edges.
  h.pathRef_.resize(h.edges_.size());
  std::vector<uint32_t> byClearance;
  std::vector<AnnotatedEdge> sorted;
  for (size_t g = 0; g + 1 < h.groupStart_.size(); ++g) {
    const uint32_t first = h.groupStart_[g], last = h.groupStart_[g + 1];
    byClearance.resize(last - first);
    std::iota(byClearance.begin(), byClearance.end(), first);
    std::stable_sort(byClearance.begin(), byClearance.end(),
                     [&](uint32_t x, uint32_t y) { return h.edges_[x].clearance > h.edges_[y].clearance; });
    sorted.clear();
    for (uint32_t k = 0; k < byClearance.size(); ++k) {
      sorted.push_back(h.edges_[byClearance[k]]);
      h.pathRef_[first + k] = ref[byClearance[k]];
    }
    std::copy(sorted.begin(), sorted.end(), h.edges_.begin() + first);
  }
}

double AnnotatedHierarchy::appendIntraPath(uint32_t from, const AnnotatedEdge& edge, std::vector<Point>& out) const {
  const size_t index = static_cast<size_t>(&edge - edges_.data());
  assert(index < edges_.size() && pathRef_[index] != kNoPath);
  const uint32_t ref = pathRef_[index], path = ref & ~kReversed;
  const uint8_t* first = pathSteps_.data() + pathStart_[path];
  const uint8_t* last = pathSteps_.data() + pathStart_[path + 1];
  const bool reversed = (ref & kReversed) != 0;
  Point p = nodeCells_[from];
  double cost = 0;
  for (ptrdiff_t k = 0; k < last - first; ++k) {
    // Backwards, each move undone: the same cells the other way, at the same costs (moves are symmetric).
    const int d = reversed ? oppositeDir(last[-1 - k]) : first[k];
    cost += grid_.moveCost(grid_.index(p), d);
    p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
    out.push_back(p);
  }
  assert(p == nodeCells_[edge.to]);
  return cost;
}

void AnnotatedHierarchy::computeComponents() {
  const size_t n = nodeCells_.size();
  const size_t agents = static_cast<size_t>(options_.maxSize) * capabilities_.size();
  components_.assign(agents * n, 0);
  std::vector<uint32_t> parent(n);
  auto root = [&](uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (int32_t size = 1; size <= options_.maxSize; ++size) {
    for (size_t c = 0; c < capabilities_.size(); ++c) {
      std::iota(parent.begin(), parent.end(), 0u);
      for (uint32_t u = 0; u < n; ++u)
        for (const AnnotatedEdge& e : edges(u))
          if (e.admits(size, capabilities_[c])) parent[root(u)] = root(e.to);
      uint32_t* out = components_.data() + (static_cast<size_t>(size - 1) * capabilities_.size() + c) * n;
      for (uint32_t u = 0; u < n; ++u) out[u] = root(u);
    }
  }
}

int32_t AnnotatedHierarchy::capabilityIndex(Capability agent) const {
  const Capability onMap{static_cast<uint8_t>(agent.kinds & terrains_.kinds)};
  for (size_t i = 0; i < capabilities_.size(); ++i)
    if (capabilities_[i] == onMap) return static_cast<int32_t>(i);
  return -1;
}

std::string AnnotatedHierarchy::checkAgent(const Agent& agent) const {
  const int32_t size = agent.size;
  if (size < 1 || size > options_.maxSize)
    return "agent size " + std::to_string(size) + " is outside 1.." + std::to_string(options_.maxSize) +
           ", the sizes this HAA* hierarchy was built for";
  if (terrains_.kinds == 0) return "the map has no terrain an agent may stand on";
  if (capabilityIndex(agent.capability) < 0)
    return "capability \"" + capabilityText(agent.capability) + "\" allows none of the map's terrain (" +
           capabilityText(terrains_) + ")";
  return "";
}

}  // namespace hpastar
