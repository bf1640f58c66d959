#include "world/WorldHierarchyPartsCheck.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "contract/DecimalText.h"
#include "search/RegionUnion.h"

namespace hpastar {
namespace {

std::string str(Voxel v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

// A recomputed path cost against a stored one: the build's searches add the same moves, in another order
// perhaps, in double, then round to float.
bool sameCost(double recomputed, float stored) {
  return std::fabs(recomputed - static_cast<double>(stored)) <= 1e-5 * std::max(1.0, recomputed);
}

class PartsChecker {
 public:
  PartsChecker(const WorldHierarchyParts& p, const WorldHierarchy& h)
      : p_(p), h_(h), world_(h.world()), n_(static_cast<uint32_t>(p.nodeVoxel.size())) {}

  std::string run(const std::function<const WorldBoxTrees*()>& boxTrees) {
    std::string e = sizes();
    if (e.empty()) e = nodes();
    if (e.empty() && boxTrees && (trees_ = boxTrees()) != nullptr) indexTrees();
    for (int32_t level = 1; level <= h_.levels() && e.empty(); ++level) {
      // Every node's cluster at this level, once: the edge checks ask for it per edge.
      clusterLevel_ = 0;
      cluster_.resize(n_);
      for (uint32_t i = 0; i < n_; ++i) cluster_[i] = clusterOf(level, i);
      clusterLevel_ = level;
      e = edgeLists(level);
      if (e.empty()) e = interEdges(level);
      if (e.empty()) e = intraEdges(level);
      if (e.empty() && level == 1 && trees_) e = level1PathsByTrees();
      if (e.empty()) e = completeness(level);
    }
    return e;
  }

 private:
  const WorldHierarchyParts::Level& part(int32_t level) const { return p_.levels[static_cast<size_t>(level - 1)]; }
  std::string node(int32_t level, uint32_t id) const {
    return "level " + std::to_string(level) + " node " + std::to_string(id) + " at " + str(p_.nodeVoxel[id]);
  }
  std::span<const WorldEdge> edgesOf(int32_t level, uint32_t id) const {
    const auto& first = firstEdge_[static_cast<size_t>(level - 1)];
    return {part(level).edges.data() + first[id], part(level).count[id]};
  }
  // The index of the edge from `from` to `to` in its level's edges, or -1; the parts sorted (edgeLists).
  int64_t findEdge(int32_t level, uint32_t from, uint32_t to) const {
    const std::span<const WorldEdge> all = edgesOf(level, from);
    const uint32_t searched = part(level).searchCount[from];
    auto byTarget = [](const WorldEdge& x, uint32_t id) { return x.to < id; };
    for (auto [b, e] : {std::pair{all.begin(), all.begin() + searched}, std::pair{all.begin() + searched, all.end()}}) {
      const auto at = std::lower_bound(b, e, to, byTarget);
      if (at != e && at->to == to)
        return static_cast<int64_t>(firstEdge_[static_cast<size_t>(level - 1)][from]) + (at - all.begin());
    }
    return -1;
  }
  bool searched(int32_t level, uint32_t from, int64_t edge) const {
    return static_cast<uint64_t>(edge) <
           firstEdge_[static_cast<size_t>(level - 1)][from] + part(level).searchCount[from];
  }
  int32_t clusterOf(int32_t level, uint32_t id) const {
    return level == clusterLevel_ ? cluster_[id] : h_.layout(level).clusterOf(p_.nodeVoxel[id]);
  }
  // Cell `v` of the box enterBox prepared: its box-local id, as the trees'.
  int32_t localOf(Voxel v) const {
    return ((v.z - box_.z0) * (box_.y1 - box_.y0) + (v.y - box_.y0)) * (box_.x1 - box_.x0) + (v.x - box_.x0);
  }
  // With trees_: the tree of level-1 node `id` among its box's (their nodes in id order).
  size_t treeOf(uint32_t id) const {
    const size_t box = static_cast<size_t>(clusterOf(1, id));
    const auto nodes = std::span(boxNodes_).subspan(firstBoxNode_[box], firstBoxNode_[box + 1] - firstBoxNode_[box]);
    return static_cast<size_t>(std::lower_bound(nodes.begin(), nodes.end(), id) - nodes.begin());
  }

  std::string sizes();
  std::string nodes();
  std::string edgeLists(int32_t level);
  std::string interEdges(int32_t level);
  std::string intraEdges(int32_t level);
  void indexTrees();
  std::string level1PathsByTrees();
  void enterBox(int32_t box);
  std::string level1Path(int32_t box, uint32_t from, uint32_t to, uint64_t edge);
  bool followsTree(int32_t box, uint32_t from, uint32_t to, uint64_t edge) const;
  std::string replayMoves(uint32_t from, uint32_t to, uint64_t edge);
  std::string replayVia(int32_t level, uint32_t from, uint32_t to, uint64_t edge);
  std::string completeness(int32_t level);

  const WorldHierarchyParts& p_;
  const WorldHierarchy& h_;
  const BlockWorld& world_;
  uint32_t n_;
  std::vector<std::vector<uint64_t>> firstEdge_;  // per level, per node id (+1): its first edge
  std::vector<std::vector<uint64_t>> firstStep_;  // per level, per edge (+1): its path's first step
  std::vector<WorldTransition> transitions_;
  std::vector<std::pair<int32_t, uint32_t>> nodeOfCell_;  // (cell, node id) of every used id, sorted
  std::vector<uint32_t> stamp_;  // per node id, the replayVia call (or intraEdges mark) that last met it
  uint32_t stampNow_ = 0;
  int32_t clusterLevel_ = 0;              // the level cluster_ holds
  std::vector<int32_t> cluster_;          // per node id, its cluster at clusterLevel_
  std::vector<float> costFrom_;           // per node id, its edge's cost from the node whose edges intraEdges marked
  const WorldBoxTrees* trees_ = nullptr;  // the level-1 boxes' trees over the checked nodes, or none
  std::vector<uint32_t> boxNodes_;        // with trees_: the level-1 nodes box after box, each in id order
  std::vector<size_t> firstBoxNode_;      // per box (+1): where its nodes start in boxNodes_
  // The box enterBox prepared: per box-local cell its slot in the trees (-1), per move its offsets.
  Box box_{};
  std::vector<int32_t> localSlot_;
  int32_t localDelta_[kWorldMoveCount] = {}, cellDelta_[kWorldMoveCount] = {};
};

std::string PartsChecker::sizes() {
  const int32_t boxes = h_.layout(1).count();
  if (p_.nodeLevel.size() != n_)
    return "nodes: " + std::to_string(n_) + " cells but " + std::to_string(p_.nodeLevel.size()) + " levels";
  if (p_.boxCellsVersion.size() != static_cast<size_t>(boxes))
    return "versions: " + std::to_string(p_.boxCellsVersion.size()) + " box versions for " + std::to_string(boxes) +
           " level-1 boxes";
  for (size_t b = 0; b < p_.boxCellsVersion.size(); ++b)
    if (p_.boxCellsVersion[b] > p_.version)
      return "versions: box " + std::to_string(b) + " changed at version " + std::to_string(p_.boxCellsVersion[b]) +
             ", after the hierarchy's " + std::to_string(p_.version);
  if (p_.levels.size() != static_cast<size_t>(h_.levels()))
    return "graphs: " + std::to_string(p_.levels.size()) + " levels stored, the options say " +
           std::to_string(h_.levels());
  for (int32_t level = 1; level <= h_.levels(); ++level) {
    const WorldHierarchyParts::Level& g = part(level);
    const std::string name = "level " + std::to_string(level) + ": ";
    if (g.count.size() != n_ || g.searchCount.size() != n_)
      return name + "edge counts for " + std::to_string(g.count.size()) + " nodes, not " + std::to_string(n_);
    std::vector<uint64_t>& first = firstEdge_.emplace_back(1, 0);
    for (uint32_t i = 0; i < n_; ++i) {
      if (g.searchCount[i] > g.count[i])
        return node(level, i) + ": " + std::to_string(g.searchCount[i]) + " searched edges of " +
               std::to_string(g.count[i]);
      first.push_back(first.back() + g.count[i]);
    }
    if (first.back() != g.edges.size() || g.pathLength.size() != g.edges.size())
      return name + std::to_string(g.edges.size()) + " edges stored, the counts say " + std::to_string(first.back());
    std::vector<uint64_t>& steps = firstStep_.emplace_back(1, 0);
    for (uint32_t length : g.pathLength) steps.push_back(steps.back() + length);
    const size_t stored = level == 1 ? g.moves.size() : g.via.size();
    if (steps.back() != stored || (level == 1 ? !g.via.empty() : !g.moves.empty()))
      return name + std::to_string(stored) + " path steps stored, the paths' lengths say " +
             std::to_string(steps.back());
  }
  return "";
}

std::string PartsChecker::nodes() {
  std::vector<uint8_t> isFree(n_, 0);
  size_t unused = 0;
  for (uint32_t i = 0; i < n_; ++i) {
    if (p_.nodeLevel[i] > h_.levels())
      return node(p_.nodeLevel[i], i) + ": level above the hierarchy's " + std::to_string(h_.levels());
    if (p_.nodeLevel[i] == 0) {
      ++unused;
    } else if (!world_.inside(p_.nodeVoxel[i])) {
      return node(p_.nodeLevel[i], i) + ": outside the world";
    } else {
      nodeOfCell_.emplace_back(world_.index(p_.nodeVoxel[i]), i);
    }
  }
  for (uint32_t id : p_.freeNodes) {
    if (id >= n_ || p_.nodeLevel[id] != 0 || isFree[id])
      return "nodes: free id " + std::to_string(id) + " is out of range, in use or listed twice";
    isFree[id] = 1;
  }
  if (p_.freeNodes.size() != unused)
    return "nodes: " + std::to_string(p_.freeNodes.size()) + " free ids listed, " + std::to_string(unused) +
           " ids unused";
  std::sort(nodeOfCell_.begin(), nodeOfCell_.end());
  for (size_t k = 1; k < nodeOfCell_.size(); ++k)
    if (nodeOfCell_[k].first == nodeOfCell_[k - 1].first)
      return node(p_.nodeLevel[nodeOfCell_[k].second], nodeOfCell_[k].second) + ": the cell of node " +
             std::to_string(nodeOfCell_[k - 1].second) + " too";
  // The cells at the transitions' ends, each with the highest level whose border a transition crosses.
  h_.appendTransitions(transitions_);
  std::vector<std::pair<int32_t, int32_t>> expected;
  for (const WorldTransition& t : transitions_) {
    const Voxel a = world_.voxelOf(t.a), b = world_.voxelOf(t.b);
    int32_t level = 0;
    for (int32_t l = 1; l <= h_.levels(); ++l)
      if (h_.layout(l).clusterOf(a) != h_.layout(l).clusterOf(b)) level = l;
    expected.emplace_back(t.a, -level);
    expected.emplace_back(t.b, -level);
  }
  std::sort(expected.begin(), expected.end());  // the highest level first for each cell
  expected.erase(std::unique(expected.begin(), expected.end(), [](auto x, auto y) { return x.first == y.first; }),
                 expected.end());
  for (size_t k = 0; k < std::max(expected.size(), nodeOfCell_.size()); ++k) {
    if (k >= nodeOfCell_.size() || (k < expected.size() && expected[k].first < nodeOfCell_[k].first))
      return "nodes: no node at " + str(world_.voxelOf(expected[k].first)) + ", the cell of a transition";
    const uint32_t id = nodeOfCell_[k].second;
    if (k >= expected.size() || expected[k].first != nodeOfCell_[k].first)
      return node(p_.nodeLevel[id], id) + ": not the cell of a transition";
    if (p_.nodeLevel[id] != -expected[k].second)
      return node(p_.nodeLevel[id], id) + ": its transitions make it a node of level " +
             std::to_string(-expected[k].second);
  }
  return "";
}

std::string PartsChecker::edgeLists(int32_t level) {
  for (uint32_t i = 0; i < n_; ++i) {
    const std::span<const WorldEdge> edges = edgesOf(level, i);
    if (p_.nodeLevel[i] < level && !edges.empty()) return node(level, i) + ": edges at a level above the node's";
    const uint32_t searchedCount = part(level).searchCount[i];
    for (size_t k = 0; k < edges.size(); ++k) {
      const WorldEdge& e = edges[k];
      // Named only on failure: this runs for every edge.
      auto edge = [&] { return node(level, i) + ": edge to node " + std::to_string(e.to); };
      if (e.to >= n_ || e.to == i || p_.nodeLevel[e.to] < level) return edge() + ": no node of this level";
      if (!std::isfinite(e.cost) || !(e.cost > 0)) return edge() + ": cost " + fixedText(e.cost, 6);
      if (k > 0 && k != searchedCount && edges[k - 1].to >= e.to) return edge() + ": edges not sorted by target";
      if (k >= searchedCount && findEdge(level, i, e.to) != static_cast<int64_t>(firstEdge_[level - 1][i] + k))
        return edge() + ": listed twice";
    }
  }
  return "";
}

std::string PartsChecker::interEdges(int32_t level) {
  // Expected: both directions of every level-1 transition that leaves a cluster of this level.
  using Inter = std::tuple<uint32_t, uint32_t, float>;
  std::vector<Inter> expected, stored;
  auto nodeAt = [&](int32_t cell) {
    return std::lower_bound(nodeOfCell_.begin(), nodeOfCell_.end(), std::pair{cell, 0u})->second;
  };
  const WorldClusterLayout& lay = h_.layout(level);
  for (const WorldTransition& t : transitions_) {
    if (lay.clusterOf(world_.voxelOf(t.a)) == lay.clusterOf(world_.voxelOf(t.b))) continue;
    const float cost = static_cast<float>(world_.moveCost(t.a, t.move));
    expected.emplace_back(nodeAt(t.a), nodeAt(t.b), cost);
    expected.emplace_back(nodeAt(t.b), nodeAt(t.a), cost);
  }
  for (uint32_t i = 0; i < n_; ++i) {
    const std::span<const WorldEdge> edges = edgesOf(level, i);
    for (size_t k = 0; k < edges.size(); ++k) {
      if (clusterOf(level, i) == clusterOf(level, edges[k].to)) continue;
      const uint64_t e = firstEdge_[level - 1][i] + k;
      if (k >= part(level).searchCount[i] || part(level).pathLength[e] != 0)
        return node(level, i) + ": edge to node " + std::to_string(edges[k].to) +
               " across clusters left out of searches or with a path";
      stored.emplace_back(i, edges[k].to, edges[k].cost);
    }
  }
  std::sort(expected.begin(), expected.end());
  std::sort(stored.begin(), stored.end());
  if (expected == stored) return "";
  const auto [x, y] = std::mismatch(expected.begin(), expected.end(), stored.begin(), stored.end());
  if (y != stored.end() && (x == expected.end() || *y < *x))
    return node(level, std::get<0>(*y)) + ": edge to node " + std::to_string(std::get<1>(*y)) +
           " across clusters is no transition (or has another cost)";
  return node(level, std::get<0>(*x)) + ": no edge to node " + std::to_string(std::get<1>(*x)) +
         " for the transition between them";
}

std::string PartsChecker::intraEdges(int32_t level) {
  stamp_.assign(n_, 0);
  costFrom_.assign(n_, 0);
  stampNow_ = 0;
  for (uint32_t i = 0; i < n_; ++i) {
    const std::span<const WorldEdge> edges = edgesOf(level, i);
    for (size_t k = 0; k < edges.size(); ++k) {
      const WorldEdge e = edges[k];
      if (clusterOf(level, i) != clusterOf(level, e.to)) continue;
      // Named only on failure: this runs for every edge.
      auto edge = [&] { return node(level, i) + ": edge to node " + std::to_string(e.to); };
      const uint64_t index = firstEdge_[level - 1][i] + k;
      const int64_t back = findEdge(level, e.to, i);
      if (back < 0 || part(level).edges[static_cast<size_t>(back)].cost != e.cost ||
          searched(level, e.to, back) != searched(level, i, static_cast<int64_t>(index)))
        return edge() + ": its reverse is missing, costs another or is searched otherwise";
      const uint32_t length = part(level).pathLength[index];
      // The path is on the lower id's side; at level 1 it has a move at least, above it may have no node
      // between its ends (an edge of the level below).
      if (i < e.to ? level == 1 && length == 0 : length > 0)
        return edge() + ": a path of " + std::to_string(length) + " steps on this side";
      if (i < e.to) {
        // Level 1 with trees: box after box, once the edges' structure is checked (level1PathsByTrees).
        const std::string bad = level > 1 ? replayVia(level, i, e.to, index)
                                : trees_  ? ""
                                          : replayMoves(i, e.to, index);
        if (!bad.empty()) return edge() + ": " + bad;
      }
      if (searched(level, i, static_cast<int64_t>(index))) continue;
      // Left out of searches: a way through a third node of the cluster is as short. The second leg's cost
      // read from the far end's edges (marked once, not searched per leg): the reverses are checked equal.
      ++stampNow_;
      for (const WorldEdge& f : edgesOf(level, e.to)) stamp_[f.to] = stampNow_, costFrom_[f.to] = f.cost;
      bool through = false;
      for (size_t f = 0; f < edges.size() && !through; ++f)
        through = edges[f].to != e.to && stamp_[edges[f].to] == stampNow_ &&
                  clusterOf(level, edges[f].to) == clusterOf(level, i) &&
                  edges[f].cost + costFrom_[edges[f].to] <= e.cost * (1 + 1e-6f);
      if (!through) return edge() + ": left out of searches, but no way through another node is as short";
    }
  }
  return "";
}

void PartsChecker::indexTrees() {
  const int32_t boxes = h_.layout(1).count();
  firstBoxNode_.assign(static_cast<size_t>(boxes) + 1, 0);
  for (uint32_t i = 0; i < n_; ++i)
    if (p_.nodeLevel[i] >= 1) ++firstBoxNode_[static_cast<size_t>(clusterOf(1, i)) + 1];
  for (size_t b = 1; b < firstBoxNode_.size(); ++b) firstBoxNode_[b] += firstBoxNode_[b - 1];
  boxNodes_.resize(firstBoxNode_.back());
  std::vector<size_t> at(firstBoxNode_.begin(), firstBoxNode_.end() - 1);
  for (uint32_t i = 0; i < n_; ++i)
    if (p_.nodeLevel[i] >= 1) boxNodes_[at[static_cast<size_t>(clusterOf(1, i))]++] = i;
}

std::string PartsChecker::level1PathsByTrees() {
  for (int32_t b = 0; b < h_.layout(1).count(); ++b) {
    if (firstBoxNode_[static_cast<size_t>(b)] == firstBoxNode_[static_cast<size_t>(b) + 1]) continue;
    enterBox(b);
    for (size_t a = firstBoxNode_[static_cast<size_t>(b)]; a < firstBoxNode_[static_cast<size_t>(b) + 1]; ++a) {
      const uint32_t i = boxNodes_[a];
      const std::span<const WorldEdge> edges = edgesOf(1, i);
      for (size_t k = 0; k < edges.size(); ++k) {
        if (edges[k].to < i || clusterOf(1, edges[k].to) != b) continue;  // the path is on the lower id's side
        const std::string bad = level1Path(b, i, edges[k].to, firstEdge_[0][i] + k);
        if (!bad.empty()) return node(1, i) + ": edge to node " + std::to_string(edges[k].to) + ": " + bad;
      }
    }
  }
  return "";
}

void PartsChecker::enterBox(int32_t box) {
  // Box-local ids, as the trees' cells: a path's walk reads a slot per move from a dense table.
  const Box b = box_ = h_.layout(1).box(box);
  const int32_t bw = b.x1 - b.x0, bh = b.y1 - b.y0;
  localSlot_.assign(static_cast<size_t>(bw) * bh * (b.z1 - b.z0), -1);
  const std::span<const uint32_t> cells = trees_->cells(box);
  for (size_t s = 0; s < cells.size(); ++s) localSlot_[cells[s]] = static_cast<int32_t>(s);
  for (int m = 0; m < kWorldMoveCount; ++m) {
    localDelta_[m] = kWorldMoveDx[m] + bw * (kWorldMoveDy[m] + bh * kWorldMoveDz[m]);
    cellDelta_[m] = world_.moveOffset(m);
  }
}

std::string PartsChecker::level1Path(int32_t box, uint32_t from, uint32_t to, uint64_t edge) {
  // The shortest first: a legal path of its stated cost may still be a detour. Both ends are standing
  // cells of the box (transitions' ends), so both have slots.
  auto slotOf = [&](uint32_t id) { return localSlot_[static_cast<size_t>(localOf(p_.nodeVoxel[id]))]; };
  const int32_t slotFrom = slotOf(from), slotTo = slotOf(to);
  const float cost = part(1).edges[edge].cost;
  for (const float shortest : {slotTo < 0 ? WorldBoxTrees::kUnreached : trees_->distance(box, treeOf(from), slotTo),
                               slotFrom < 0 ? WorldBoxTrees::kUnreached : trees_->distance(box, treeOf(to), slotFrom)})
    if (shortest == WorldBoxTrees::kUnreached || !sameCost(shortest, cost))
      return "cost " + fixedText(cost, 6) + ", the shortest way inside its box costs " + fixedText(shortest, 6);
  // A path one of the trees takes costs the tree's distance; another (kept through an update, or a tie
  // the trees broke otherwise) is replayed.
  return followsTree(box, from, to, edge) ? "" : replayMoves(from, to, edge);
}

bool PartsChecker::followsTree(int32_t box, uint32_t from, uint32_t to, uint64_t edge) const {
  const uint8_t* fromTree = trees_->parentMoves(box, treeOf(from));
  const uint8_t* toTree = trees_->parentMoves(box, treeOf(to));
  const uint8_t* moves = part(1).moves.data() + firstStep_[0][edge];
  const uint64_t length = part(1).pathLength[edge];
  const int32_t volume = static_cast<int32_t>(localSlot_.size());
  // Each move either `from`'s tree's way into the next cell (the tree's move there certifies the step:
  // its other end, in the box, is this cell) or `to`'s tree's way out of this one towards its root (a
  // move's reverse is legal and costs the same, BlockWorld.h; legality is checked anyway).
  bool byFrom = true, byTo = true;
  int32_t local = localOf(p_.nodeVoxel[from]), cell = world_.index(p_.nodeVoxel[from]);
  int32_t slot = localSlot_[static_cast<size_t>(local)];
  for (uint64_t k = 0; k < length; ++k) {
    const uint8_t m = moves[k];
    if (m >= kWorldMoveCount || ((world_.moveMask(cell) >> m) & 1u) == 0) return false;
    byTo = byTo && toTree[slot] != WorldBoxTrees::kRoot && reverseWorldMove(toTree[slot]) == m;
    local += localDelta_[m];
    cell += cellDelta_[m];
    if (local < 0 || local >= volume || (slot = localSlot_[static_cast<size_t>(local)]) < 0) return false;
    byFrom = byFrom && fromTree[slot] == m;
    if (!byFrom && !byTo) return false;
  }
  return local == localOf(p_.nodeVoxel[to]);
}

std::string PartsChecker::replayMoves(uint32_t from, uint32_t to, uint64_t edge) {
  const Box box = h_.layout(1).box(clusterOf(1, from));
  const uint64_t first = firstStep_[0][edge], length = part(1).pathLength[edge];
  const uint64_t volume = static_cast<uint64_t>(box.x1 - box.x0) * (box.y1 - box.y0) * (box.z1 - box.z0);
  if (length >= volume) return "its path has " + std::to_string(length) + " moves, more than its box has cells";
  Voxel v = p_.nodeVoxel[from];
  double cost = 0;
  for (uint64_t k = 0; k < length; ++k) {
    const uint8_t m = part(1).moves[first + k];
    if (m >= kWorldMoveCount || !world_.canMove(v, m))
      return "its path's move " + std::to_string(m) + " from " + str(v) + " is not legal";
    cost += world_.moveCost(world_.index(v), m);
    v = Voxel{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
    if (!box.contains(v)) return "its path leaves its box at " + str(v);
  }
  if (v != p_.nodeVoxel[to]) return "its path ends at " + str(v);
  if (!sameCost(cost, part(1).edges[edge].cost))
    return "cost " + fixedText(part(1).edges[edge].cost, 6) + ", its path costs " + fixedText(cost, 6);
  return "";
}

std::string PartsChecker::replayVia(int32_t level, uint32_t from, uint32_t to, uint64_t edge) {
  const int32_t cluster = clusterOf(level, from);
  const uint64_t first = firstStep_[static_cast<size_t>(level - 1)][edge], length = part(level).pathLength[edge];
  // A shortest path meets no node twice: one per node of the level below at most, so unfolding it is
  // bounded by what the level below stores.
  ++stampNow_;
  stamp_[from] = stamp_[to] = stampNow_;
  uint32_t at = from;
  double cost = 0;
  for (uint64_t k = 0; k <= length; ++k) {
    const uint32_t next = k < length ? part(level).via[first + k] : to;
    if (next >= n_ || p_.nodeLevel[next] < level - 1 || clusterOf(level, next) != cluster ||
        (k < length && stamp_[next] == stampNow_))
      return "its path's node " + std::to_string(next) +
             " is not a node of the level below in its cluster, or repeated";
    stamp_[next] = stampNow_;
    const int64_t step = findEdge(level - 1, at, next);
    if (step < 0)
      return "its path's step from node " + std::to_string(at) + " to " + std::to_string(next) + " is no edge";
    cost += part(level - 1).edges[static_cast<size_t>(step)].cost;
    at = next;
  }
  if (!sameCost(cost, part(level).edges[edge].cost))
    return "cost " + fixedText(part(level).edges[edge].cost, 6) + ", its path costs " + fixedText(cost, 6);
  return "";
}

std::string PartsChecker::completeness(int32_t level) {
  // Two nodes of a cluster have an intra-edge exactly when the level below joins them inside it: at
  // level 1 when they are in one region of the box, above when the graph below inside the cluster does.
  RegionUnion joined;
  joined.reset(n_);
  if (level > 1)
    for (uint32_t i = 0; i < n_; ++i)
      for (const WorldEdge& e : edgesOf(level - 1, i))
        if (clusterOf(level, i) == clusterOf(level, e.to)) joined.join(i, e.to);
  auto key = [&](uint32_t id) {
    const uint32_t group = level == 1 ? h_.components().regionOf(world_.index(p_.nodeVoxel[id])) : joined.find(id);
    return std::pair{clusterOf(level, id), group};
  };
  std::vector<std::pair<std::pair<int32_t, uint32_t>, uint32_t>> byKey;
  for (uint32_t i = 0; i < n_; ++i)
    if (p_.nodeLevel[i] >= level) byKey.emplace_back(key(i), i);
  std::sort(byKey.begin(), byKey.end());
  for (size_t k = 0; k < byKey.size();) {
    size_t end = k + 1;
    while (end < byKey.size() && byKey[end].first == byKey[k].first) ++end;
    for (size_t m = k; m < end; ++m) {
      const uint32_t i = byKey[m].second;
      size_t intra = 0;
      for (const WorldEdge& e : edgesOf(level, i)) {
        if (clusterOf(level, e.to) != clusterOf(level, i)) continue;
        if (key(e.to) != key(i))
          return node(level, i) + ": edge to node " + std::to_string(e.to) + ", not joined to it";
        ++intra;
      }
      if (intra + 1 != end - k)
        return node(level, i) + ": " + std::to_string(intra) + " edges inside its cluster, " +
               std::to_string(end - k - 1) + " nodes joined to it";
    }
    k = end;
  }
  return "";
}

}  // namespace

std::string checkWorldHierarchyParts(const WorldHierarchyParts& parts, const WorldHierarchy& skeleton,
                                     const std::function<const WorldBoxTrees*()>& boxTrees) {
  return PartsChecker(parts, skeleton).run(boxTrees);
}

}  // namespace hpastar
