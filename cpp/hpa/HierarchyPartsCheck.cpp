#include "hpa/HierarchyPartsCheck.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "grid/AllocationSize.h"
#include "hpa/ClusterRegions.h"
#include "hpa/EntranceScanner.h"

namespace hpastar {
namespace {

constexpr uint32_t kAbsent = 0xFFFFFFFFu;

// Union-find over node ids; clear() resets only the ids added since the last clear, so one instance
// serves every cluster in time linear in the cluster.
class NodeSets {
 public:
  explicit NodeSets(size_t ids) : parent_(ids, kAbsent) {}
  void add(uint32_t n) {
    if (parent_[n] != kAbsent) return;
    parent_[n] = n;
    added_.push_back(n);
  }
  bool has(uint32_t n) const { return parent_[n] != kAbsent; }
  uint32_t find(uint32_t n) {
    while (parent_[n] != n) n = parent_[n] = parent_[parent_[n]];
    return n;
  }
  void join(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  void clear() {
    for (uint32_t n : added_) parent_[n] = kAbsent;
    added_.clear();
  }

 private:
  std::vector<uint32_t> parent_;
  std::vector<uint32_t> added_;
};

class PartsCheck {
 public:
  explicit PartsCheck(const HierarchyParts& p)
      : p_(p),
        g_(p.grid),
        o_(p.options),
        nodes_(static_cast<uint32_t>(p.nodeCells.size())),
        sets_(p.nodeCells.size()),
        upperSets_(p.nodeCells.size()) {}

  std::string run() {
    if (std::string e = checkShape(); !e.empty()) return e;
    if (std::string e = checkIds(); !e.empty()) return e;
    layouts_ = Hierarchy::layoutsFor(o_, g_.width(), g_.height(), p_.merged);
    treeScale_ = Hierarchy::treeScaleFor(o_, g_.maxWeight());
    uint64_t listed = 0;
    for (int32_t c = 0; c < layouts_[0].count(); ++c) {
      if (std::string e = checkLevel1(c); !e.empty()) return e + where(1, c);
      listed += block(1, c).nodes.size();
    }
    if (listed != used_)
      return "the level-1 clusters hold " + std::to_string(listed) + " nodes, not all " + std::to_string(used_) +
             " used ids";
    for (int32_t l = 2; l <= o_.levels; ++l) {
      groupUpperNodes(l);
      for (int32_t c = 0; c < layouts_[static_cast<size_t>(l - 1)].count(); ++c)
        if (std::string e = checkUpper(l, c); !e.empty()) return e + where(l, c);
    }
    return "";
  }

 private:
  static std::string where(int32_t level, int32_t cluster) {
    return " (level " + std::to_string(level) + ", cluster " + std::to_string(cluster) + ")";
  }
  static std::string node(uint32_t n) { return "node " + std::to_string(n); }
  // Whether `p` (any coordinates) lies in level-1 cluster cluster_, the one being checked.
  bool inCluster(Point p) const { return layouts_[0].rect(cluster_).contains(p) && layouts_[0].holds(cluster_, p); }
  // Whether the move `d` from `p` (inside the map) stays in its cluster (always, with squares).
  bool staysIn(Point p, int d) const {
    const uint8_t* stay = layouts_[0].stayMoves();
    return !stay || ((stay[g_.index(p)] >> d) & 1u) != 0;
  }
  const ClusterBlock& block(int32_t level, int32_t c) const {
    return *p_.blocks[static_cast<size_t>(level - 1)][static_cast<size_t>(c)];
  }
  Point cell(uint32_t n) const { return p_.nodeCells[n]; }
  int32_t level(uint32_t n) const { return p_.nodeLevels[n]; }

  // Sizes and ranges that everything after relies on.
  std::string checkShape() {
    if (std::string e = o_.validate(); !e.empty()) return e;
    if (g_.cellCount() <= 0) return "the grid is empty";
    if (p_.nodeLevels.size() != p_.nodeCells.size()) return "node levels do not match the nodes";
    // Every used id is on its own cell, and ids are only added when none is free: never more than cells.
    if (p_.nodeCells.size() > static_cast<size_t>(g_.cellCount()))
      return std::to_string(p_.nodeCells.size()) + " node ids for " + std::to_string(g_.cellCount()) + " cells";
    for (uint32_t n = 0; n < nodes_; ++n) {
      if (!g_.inside(cell(n))) return node(n) + " lies outside the map";
      if (level(n) > o_.levels) return node(n) + " has level " + std::to_string(level(n)) + ", above the hierarchy's";
    }
    if (p_.blocks.size() != static_cast<size_t>(o_.levels)) return "the number of levels of blocks is wrong";
    if ((o_.mergedClusterSide > 0) != (p_.merged != nullptr))
      return o_.mergedClusterSide > 0 ? "the options merge clusters, but no merged clusters are given"
                                      : "merged clusters are given, but the options cut squares";
    if (p_.merged && (p_.merged->width != g_.width() || p_.merged->height != g_.height()))
      return "the merged clusters are not the map's size";
    const auto layouts = Hierarchy::layoutsFor(o_, g_.width(), g_.height(), p_.merged);
    for (int32_t l = 1; l <= o_.levels; ++l) {
      const auto& level = p_.blocks[static_cast<size_t>(l - 1)];
      if (level.size() != static_cast<size_t>(layouts[static_cast<size_t>(l - 1)].count()))
        return "level " + std::to_string(l) + " has " + std::to_string(level.size()) + " blocks for " +
               std::to_string(layouts[static_cast<size_t>(l - 1)].count()) + " clusters";
      for (size_t c = 0; c < level.size(); ++c) {
        if (!level[c]) return "a block is missing" + where(l, static_cast<int32_t>(c));
        if (std::string e = checkBlockShape(*level[c], l); !e.empty()) return e + where(l, static_cast<int32_t>(c));
      }
    }
    return "";
  }

  std::string checkBlockShape(const ClusterBlock& b, int32_t l) const {
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      if (b.nodes[i] >= nodes_) return "a node id is out of range";
      if (i > 0 && b.nodes[i] <= b.nodes[i - 1]) return "node ids are not ascending";
    }
    if (b.offsets.size() != b.nodes.size() + 1 || b.offsets.front() != 0 || b.offsets.back() != b.edges.size())
      return "edge offsets do not match the edges";
    for (size_t i = 1; i < b.offsets.size(); ++i)
      if (b.offsets[i] < b.offsets[i - 1]) return "edge offsets decrease";
    for (const AbstractEdge& e : b.edges)
      if (e.to >= nodes_) return "an edge target is out of range";
    if (o_.cachePaths ? b.pathRef.size() != b.edges.size() : !b.pathRef.empty())
      return "path references do not match the edges";
    if (!o_.cachePaths && (!b.pathSpans.empty() || !b.pathCells.empty() || !b.pathNodes.empty()))
      return "paths are stored though the options do not cache them";
    if (l == 1 ? !b.pathNodes.empty() : !b.pathCells.empty()) return "paths are stored in the wrong form";
    if (l > 1 && (b.entrances != 0 || !b.regions.empty() || b.regionCount != 0 || !b.nodeRegions.empty() ||
                  !b.interLinks.empty() || !b.treeDistance.empty() || !b.treeDirection.empty()))
      return "an upper-level block holds level-1 data";
    return "";
  }

  // Used ids sit on distinct passable cells; the unused ones are exactly the free list.
  std::string checkIds() {
    std::vector<uint8_t> free(nodes_, 0);
    for (uint32_t n : p_.freeNodes) {
      if (n >= nodes_) return "a free node id is out of range";
      if (level(n) != 0) return "free " + node(n) + " is in use";
      if (free[n]++) return "free " + node(n) + " is listed twice";
    }
    byCell_.clear();
    for (uint32_t n = 0; n < nodes_; ++n) {
      if (level(n) == 0) {
        if (!free[n]) return "unused " + node(n) + " is not in the free list";
        continue;
      }
      if (!g_.passable(cell(n))) return node(n) + " is on a blocked cell";
      byCell_.emplace_back(g_.index(cell(n)), n);
    }
    used_ = byCell_.size();
    std::sort(byCell_.begin(), byCell_.end());
    for (size_t i = 1; i < byCell_.size(); ++i)
      if (byCell_[i].first == byCell_[i - 1].first)
        return "nodes " + std::to_string(byCell_[i - 1].second) + " and " + std::to_string(byCell_[i].second) +
               " are on the same cell";
    return "";
  }

  uint32_t nodeAt(Point p) const {
    const auto it = std::lower_bound(byCell_.begin(), byCell_.end(), std::pair<int32_t, uint32_t>{g_.index(p), 0});
    return it != byCell_.end() && it->first == g_.index(p) ? it->second : kAbsent;
  }

  // Costs a build can give an edge between a and b inside a cluster of `area`: at least the octile
  // distance, at most a path through every cell of the cluster (times the grid's smallest and largest
  // multipliers).
  bool plausibleCost(float cost, Point a, Point b, const Rect& area) const {
    if (!std::isfinite(cost)) return false;
    const double low = g_.minWeight() * octileDistance(b.x - a.x, b.y - a.y);
    const double high = static_cast<double>(area.area()) * kSqrt2 * g_.maxWeight() + 1.0;
    return cost >= low * (1.0 - 1e-6) - 1e-4 && cost <= high;
  }
  static bool sameCost(double a, double b) { return std::abs(a - b) <= 1e-4 * std::max(1.0, std::abs(b)); }

  // The edge from -> to of `b` (a node's edges are sorted by target), or null. A target can repeat: an
  // entrance as wide as entranceWidth = 1 gives its one cell a transition from each end, the same one.
  static const AbstractEdge* findEdge(const ClusterBlock& b, uint32_t from, uint32_t to) {
    const int32_t i = b.indexOf(from);
    if (i < 0) return nullptr;
    const auto first = b.edges.begin() + b.offsets[static_cast<size_t>(i)];
    const auto last = b.edges.begin() + b.offsets[static_cast<size_t>(i) + 1];
    const auto it = std::lower_bound(first, last, to, [](const AbstractEdge& x, uint32_t t) { return x.to < t; });
    return it != last && it->to == to ? &*it : nullptr;
  }
  // Intra-edges come in pairs of equal cost.
  static bool hasTwin(const ClusterBlock& b, uint32_t from, const AbstractEdge& e) {
    const AbstractEdge* twin = findEdge(b, e.to, from);
    return twin && twin->cost == e.cost;
  }

  // What every intra-edge must be, at any level: a plausible cost, and a twin of the same cost.
  std::string checkIntraEdge(const ClusterBlock& b, uint32_t n, const AbstractEdge& edge, const Rect& area) const {
    if (!plausibleCost(edge.cost, cell(n), cell(edge.to), area))
      return "an intra-edge of " + node(n) + " has an impossible cost";
    if (!hasTwin(b, n, edge)) return "the intra-edge " + node(n) + " -> " + std::to_string(edge.to) + " has no twin";
    return "";
  }

  // The stored path of an intra-edge, as [first, last] of the pool and whether it runs to -> from.
  template <typename T>
  std::string storedSpan(const ClusterBlock& b, const std::vector<T>& pool, size_t edge, uint32_t& first,
                         uint32_t& length, bool& reversed) {
    const uint32_t ref = b.pathRef[edge];
    if (ref == ClusterBlock::kNoPath) return "an intra-edge has no stored path";
    const uint32_t span = ref & 0x7FFFFFFFu;
    if (span >= b.pathSpans.size()) return "a path reference is out of range";
    first = b.pathSpans[span].first;
    length = b.pathSpans[span].second;
    if (length < 2 || static_cast<uint64_t>(first) + length > pool.size()) return "a stored path is out of range";
    reversed = (ref & 0x80000000u) != 0;
    spanUsed_[span] = 1;
    return "";
  }

  std::string checkLevel1(int32_t c) {
    const ClusterLayout& lay = layouts_[0];
    const ClusterBlock& b = block(1, c);
    const Rect area = lay.rect(c);
    cluster_ = c;
    // The transitions the grid gives this cluster, with the inside cell first.
    transitions_.clear();
    const uint32_t entrances =
        EntranceScanner::clusterTransitions(g_, lay, c, o_.entranceWidth, o_.entranceSpacing, entrances_, transitions_);
    if (b.entrances != entrances) return "the entrance count is wrong";
    // Node cells: exactly the inside cells of the transitions (node ids are distinct cells, see checkIds).
    cells_.clear();
    for (const Transition& t : transitions_) cells_.push_back(g_.index(t.a));
    std::sort(cells_.begin(), cells_.end());
    cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
    if (b.nodes.size() != cells_.size()) return "the cluster has the wrong number of nodes";
    for (uint32_t n : b.nodes) {
      if (level(n) == 0) return "unused " + node(n) + " is in a cluster";
      if (!inCluster(cell(n))) return node(n) + " is outside its cluster";
      if (!std::binary_search(cells_.begin(), cells_.end(), g_.index(cell(n))))
        return node(n) + " is not on a transition";
    }
    // Levels and inter-links follow from the transitions.
    expectedLevel_.assign(b.nodes.size(), 1);
    links_.clear();
    for (const Transition& t : transitions_) {
      const uint32_t here = nodeAt(t.a), across = nodeAt(t.b);
      if (across == kAbsent)
        return "no node across the transition at (" + std::to_string(t.b.x) + ", " + std::to_string(t.b.y) + ")";
      int32_t& l = expectedLevel_[static_cast<size_t>(b.indexOf(here))];
      l = std::max(l, crossingLevel(layouts_, t.a, t.b));
      links_.emplace_back(here, across);
    }
    for (size_t i = 0; i < b.nodes.size(); ++i)
      if (level(b.nodes[i]) != expectedLevel_[i]) return node(b.nodes[i]) + " has the wrong level";
    std::sort(links_.begin(), links_.end());
    stored_.assign(b.interLinks.begin(), b.interLinks.end());
    std::sort(stored_.begin(), stored_.end());
    if (stored_ != links_ || b.interEdges != links_.size()) return "the inter-edges do not match the transitions";
    // Regions, recomputed.
    if (labelClusterRegions(g_, lay, c, regions_) != b.regionCount || regions_ != b.regions)
      return "the region labels are not the grid's";
    auto regionOf = [&](Point p) {
      return regions_[static_cast<size_t>((p.y - area.y0) * area.width() + (p.x - area.x0))];
    };
    if (b.nodeRegions.size() != b.nodes.size()) return "node regions do not match the nodes";
    for (size_t i = 0; i < b.nodes.size(); ++i)
      if (b.nodeRegions[i] != regionOf(cell(b.nodes[i]))) return node(b.nodes[i]) + " has the wrong region";
    // Edges.
    stored_.clear();
    spanUsed_.assign(b.pathSpans.size(), 0);
    uint32_t intra = 0;
    sets_.clear();
    for (uint32_t n : b.nodes) sets_.add(n);
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const uint32_t n = b.nodes[i];
      for (uint32_t e = b.offsets[i]; e < b.offsets[i + 1]; ++e) {
        const AbstractEdge& edge = b.edges[e];
        if (e > b.offsets[i] && edge.to < b.edges[e - 1].to) return "the edges of " + node(n) + " are not sorted";
        if (!inCluster(cell(edge.to))) {
          if (edge.cost != crossingCost(g_, Transition{cell(n), cell(edge.to)}) ||
              (o_.cachePaths && b.pathRef[e] != ClusterBlock::kNoPath))
            return "an inter-edge of " + node(n) + " is not a single step";
          stored_.emplace_back(n, edge.to);
          continue;
        }
        const int32_t j = b.indexOf(edge.to);
        if (j < 0 || edge.to == n) return "an intra-edge of " + node(n) + " does not lead to another node of it";
        if (b.nodeRegions[i] != b.nodeRegions[static_cast<size_t>(j)])
          return "an intra-edge joins " + node(n) + " to a node it cannot reach";
        if (std::string p = checkIntraEdge(b, n, edge, area); !p.empty()) return p;
        ++intra;
        sets_.join(n, edge.to);
        if (o_.cachePaths)
          if (std::string p = checkCellPath(b, e, n, edge); !p.empty()) return p;
      }
    }
    std::sort(stored_.begin(), stored_.end());
    if (stored_ != links_) return "the inter-edges do not match the transitions";
    if (intra != 2 * b.intraEdges) return "the intra-edge count is wrong";
    if (std::find(spanUsed_.begin(), spanUsed_.end(), 0) != spanUsed_.end()) return "a stored path belongs to no edge";
    // Every two nodes of one region are joined through the intra-edges.
    regionRoot_.assign(b.regionCount + 1, kAbsent);
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      uint32_t& root = regionRoot_[b.nodeRegions[i]];
      const uint32_t here = sets_.find(b.nodes[i]);
      if (root == kAbsent) root = here;
      if (root != here) return "the intra-edges leave " + node(b.nodes[i]) + " apart from its region";
    }
    return o_.cacheTrees ? checkTrees(b, area)
           : (b.treeDistance.empty() && b.treeDirection.empty())
               ? ""
               : "trees are stored though the options do not cache them";
  }

  std::string checkCellPath(const ClusterBlock& b, uint32_t e, uint32_t from, const AbstractEdge& edge) {
    uint32_t first = 0, length = 0;
    bool reversed = false;
    if (std::string s = storedSpan(b, b.pathCells, e, first, length, reversed); !s.empty()) return s;
    const Point* path = b.pathCells.data() + first;
    const Point start = reversed ? cell(edge.to) : cell(from), end = reversed ? cell(from) : cell(edge.to);
    if (path[0] != start || path[length - 1] != end) return "a stored path does not join its edge's nodes";
    double cost = 0;
    for (uint32_t k = 1; k < length; ++k) {
      // Inside the cluster first: a cell's coordinates are any 32-bit values until then.
      const int dir = inCluster(path[k]) ? dirOfStep(path[k].x - path[k - 1].x, path[k].y - path[k - 1].y) : -1;
      if (dir < 0 || !g_.canMove(path[k - 1], dir) || !staysIn(path[k - 1], dir))
        return "a stored path makes an illegal step at (" + std::to_string(path[k].x) + ", " +
               std::to_string(path[k].y) + ")";
      cost += g_.moveCost(g_.index(path[k - 1]), dir);
    }
    if (!sameCost(cost, edge.cost)) return "a stored path does not cost what its edge does";
    return "";
  }

  // Each node's tree: entries only on its region's cells, each a legal step inside the cluster to the
  // next cell towards the node, consistent with the step's cost, and no cycle (every walk ends at it).
  // A tree whose every step lowers the distance has none (a walk descends to the node, the one cell
  // without a step); the walk looking for cycles runs only for a tree with a step that does not, which a
  // scale where a step costs less than one unit allows.
  std::string checkTrees(const ClusterBlock& b, const Rect& area) {
    const size_t cells = static_cast<size_t>(area.area());
    if (b.treeDistance.size() != b.nodes.size() * cells || b.treeDirection.size() != b.nodes.size() * cells)
      return "tree sizes do not match";
    const int32_t w = area.width();
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const uint16_t* dist = b.treeDistance.data() + i * cells;
      const uint8_t* dir = b.treeDirection.data() + i * cells;
      const Point target = cell(b.nodes[i]);
      const uint32_t region = b.nodeRegions[i];
      bool descends = true;
      for (size_t local = 0; local < cells; ++local) {
        const Point p{area.x0 + static_cast<int32_t>(local) % w, area.y0 + static_cast<int32_t>(local) / w};
        if (regions_[local] != region) {
          if (dist[local] != ClusterBlock::kUnreachable || dir[local] != 0xFF)
            return "the tree of " + node(b.nodes[i]) + " reaches a cell outside its region";
          continue;
        }
        if (p == target) {
          if (dist[local] != 0 || dir[local] != 0xFF) return "the tree of " + node(b.nodes[i]) + " does not end at it";
          continue;
        }
        const int d = dir[local];
        const Point next{p.x + (d < kDirCount ? kDirDx[d] : 0), p.y + (d < kDirCount ? kDirDy[d] : 0)};
        if (d >= kDirCount || !inCluster(next) || !g_.canMove(p, d) || !staysIn(p, d) ||
            dist[local] == ClusterBlock::kUnreachable)
          return "the tree of " + node(b.nodes[i]) + " makes an illegal step at (" + std::to_string(p.x) + ", " +
                 std::to_string(p.y) + ")";
        // Each distance is rounded on its own: a step's difference is its cost within one unit.
        const size_t nextLocal = static_cast<size_t>((next.y - area.y0) * w + (next.x - area.x0));
        const double step = static_cast<double>(dist[local]) - dist[nextLocal];
        if (std::abs(step - g_.moveCost(g_.index(p), d) * treeScale_) > 1.0 + 1e-9)
          return "the tree of " + node(b.nodes[i]) + " has a distance that does not match its step at (" +
                 std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
        descends = descends && step >= 1.0;
      }
      if (descends) continue;
      // No cycle: walk from every cell, marking cells known to reach the node.
      walk_.assign(cells, 0);  // 0 unknown, 1 on the current walk, 2 reaches the node
      walk_[static_cast<size_t>((target.y - area.y0) * w + (target.x - area.x0))] = 2;
      for (size_t start = 0; start < cells; ++start) {
        if (regions_[start] != region || walk_[start] == 2) continue;
        size_t at = start;
        while (walk_[at] == 0) {
          walk_[at] = 1;
          const int d = dir[at];
          at = static_cast<size_t>(static_cast<int64_t>(at) + kDirDy[d] * w + kDirDx[d]);
        }
        if (walk_[at] == 1) return "the tree of " + node(b.nodes[i]) + " has a cycle";
        for (at = start; walk_[at] == 1;
             at = static_cast<size_t>(static_cast<int64_t>(at) + kDirDy[dir[at]] * w + kDirDx[dir[at]]))
          walk_[at] = 2;
      }
    }
    return "";
  }

  // Nodes of `level` or higher, per cluster of that level (ascending ids, as blocks list them).
  void groupUpperNodes(int32_t l) {
    const ClusterLayout& lay = layouts_[static_cast<size_t>(l - 1)];
    byCluster_.clear();
    for (uint32_t n = 0; n < nodes_; ++n)
      if (level(n) >= l) byCluster_.emplace_back(lay.clusterOf(cell(n)), n);
    std::sort(byCluster_.begin(), byCluster_.end());
  }

  std::string checkUpper(int32_t l, int32_t c) {
    const ClusterLayout& lay = layouts_[static_cast<size_t>(l - 1)];
    const ClusterLayout& below = layouts_[static_cast<size_t>(l - 2)];
    const ClusterBlock& b = block(l, c);
    const Rect area = lay.rect(c);
    const auto first = std::lower_bound(byCluster_.begin(), byCluster_.end(), std::pair<int32_t, uint32_t>{c, 0});
    size_t count = 0;
    for (auto it = first; it != byCluster_.end() && it->first == c; ++it, ++count)
      if (count >= b.nodes.size() || b.nodes[count] != it->second)
        return "the cluster does not hold exactly the nodes of its level";
    if (count != b.nodes.size()) return "the cluster does not hold exactly the nodes of its level";
    // What the level below connects inside this cluster (the graph a build searches for intra-edges).
    sets_.clear();
    const int32_t cx0 = area.x0 / below.size, cx1 = (area.x1 - 1) / below.size;
    const int32_t cy0 = area.y0 / below.size, cy1 = (area.y1 - 1) / below.size;
    for (int32_t cy = cy0; cy <= cy1; ++cy)
      for (int32_t cx = cx0; cx <= cx1; ++cx) {
        const ClusterBlock& sub = block(l - 1, cy * below.columns + cx);
        for (size_t i = 0; i < sub.nodes.size(); ++i) {
          sets_.add(sub.nodes[i]);
          for (uint32_t e = sub.offsets[i]; e < sub.offsets[i + 1]; ++e)
            if (area.contains(cell(sub.edges[e].to))) {
              sets_.add(sub.edges[e].to);
              sets_.join(sub.nodes[i], sub.edges[e].to);
            }
        }
      }
    spanUsed_.assign(b.pathSpans.size(), 0);
    upperSets_.clear();
    for (uint32_t n : b.nodes) upperSets_.add(n);
    uint32_t inter = 0, intra = 0;
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const uint32_t n = b.nodes[i];
      const ClusterBlock& base = block(1, layouts_[0].clusterOf(cell(n)));
      const int32_t bi = base.indexOf(n);
      uint32_t crossing = 0;  // level-1 inter-edges of n that leave this cluster
      for (uint32_t e = base.offsets[static_cast<size_t>(bi)]; e < base.offsets[static_cast<size_t>(bi) + 1]; ++e)
        crossing += !area.contains(cell(base.edges[e].to));
      uint32_t leaving = 0;
      for (uint32_t e = b.offsets[i]; e < b.offsets[i + 1]; ++e) {
        const AbstractEdge& edge = b.edges[e];
        if (e > b.offsets[i] && edge.to < b.edges[e - 1].to) return "the edges of " + node(n) + " are not sorted";
        if (level(edge.to) < l) return "an edge of " + node(n) + " leads below the level";
        if (!area.contains(cell(edge.to))) {
          if (edge.cost != crossingCost(g_, Transition{cell(n), cell(edge.to)}) ||
              (o_.cachePaths && b.pathRef[e] != ClusterBlock::kNoPath) || !findEdge(base, n, edge.to))
            return "an inter-edge of " + node(n) + " is not one of level 1";
          ++leaving;
          continue;
        }
        if (edge.to == n) return "an intra-edge of " + node(n) + " leads to itself";
        if (!sets_.has(n) || !sets_.has(edge.to) || sets_.find(n) != sets_.find(edge.to))
          return "an intra-edge joins " + node(n) + " to a node it cannot reach";
        if (std::string p = checkIntraEdge(b, n, edge, area); !p.empty()) return p;
        ++intra;
        upperSets_.join(n, edge.to);
        if (o_.cachePaths)
          if (std::string p = checkNodePath(b, e, n, edge, l, area); !p.empty()) return p;
      }
      if (leaving != crossing) return "the inter-edges of " + node(n) + " are not those of level 1";
      inter += leaving;
    }
    if (inter != b.interEdges) return "the inter-edge count is wrong";
    if (intra != 2 * b.intraEdges) return "the intra-edge count is wrong";
    if (std::find(spanUsed_.begin(), spanUsed_.end(), 0) != spanUsed_.end()) return "a stored path belongs to no edge";
    // Nodes that the level below connects inside the cluster are joined through this level's intra-edges:
    // sorted by their set below, each set's nodes share one set here.
    roots_.clear();
    for (uint32_t n : b.nodes) roots_.push_back({sets_.find(n), upperSets_.find(n), n});
    std::sort(roots_.begin(), roots_.end());
    for (size_t i = 1; i < roots_.size(); ++i)
      if (roots_[i][0] == roots_[i - 1][0] && roots_[i][1] != roots_[i - 1][1])
        return "the intra-edges leave " + node(roots_[i][2]) + " apart from " + node(roots_[i - 1][2]);
    return "";
  }

  std::string checkNodePath(const ClusterBlock& b, uint32_t e, uint32_t from, const AbstractEdge& edge, int32_t l,
                            const Rect& area) {
    uint32_t first = 0, length = 0;
    bool reversed = false;
    if (std::string s = storedSpan(b, b.pathNodes, e, first, length, reversed); !s.empty()) return s;
    const uint32_t* path = b.pathNodes.data() + first;
    const uint32_t start = reversed ? edge.to : from, end = reversed ? from : edge.to;
    if (path[0] != start || path[length - 1] != end) return "a stored path does not join its edge's nodes";
    const ClusterLayout& below = layouts_[static_cast<size_t>(l - 2)];
    double cost = 0;
    for (uint32_t k = 1; k < length; ++k) {
      const uint32_t u = path[k - 1], v = path[k];
      if (v >= nodes_ || level(v) < l - 1 || !area.contains(cell(v))) return "a stored path leaves its cluster";
      const AbstractEdge* step = findEdge(block(l - 1, below.clusterOf(cell(u))), u, v);
      if (!step) return "a stored path follows no edge of the level below";
      cost += step->cost;
    }
    if (!sameCost(cost, edge.cost)) return "a stored path does not cost what its edge does";
    return "";
  }

  const HierarchyParts& p_;
  const Grid& g_;
  const HierarchyOptions& o_;
  const uint32_t nodes_;
  size_t used_ = 0;
  std::vector<ClusterLayout> layouts_;
  int32_t cluster_ = 0;  // the level-1 cluster checkLevel1 is checking
  double treeScale_ = 1.0;
  std::vector<std::pair<int32_t, uint32_t>> byCell_;     // (cell index, node) of the used ids, sorted
  std::vector<std::pair<int32_t, uint32_t>> byCluster_;  // (cluster, node) of one upper level, sorted
  NodeSets sets_, upperSets_;
  // Scratch of one cluster.
  std::vector<Entrance> entrances_;
  std::vector<Transition> transitions_;
  std::vector<int32_t> cells_;
  std::vector<int32_t> expectedLevel_;
  std::vector<std::pair<uint32_t, uint32_t>> links_, stored_;
  std::vector<uint32_t> regions_, regionRoot_;
  std::vector<uint8_t> spanUsed_, walk_;
  std::vector<std::array<uint32_t, 3>> roots_;  // (set below, set here, node) of an upper cluster's nodes
};

}  // namespace

std::string checkHierarchyParts(const HierarchyParts& parts) { return PartsCheck(parts).run(); }

uint64_t checkHierarchyPartsScratch(uint64_t nodes, uint64_t clusterCells, uint64_t blockBytes) {
  // Per node id: two union-find sets (a parent and an added list each), the free marks, the (cell, node)
  // and (cluster, node) lists. Per cluster, over its cells: the regions, their roots and the walk marks;
  // from its stored lists, each item at most 4 x as wide here (a transition, 16 bytes, per stored
  // 8-byte link; an (a, b, node) root per 4-byte node id; the links sorted twice), grown by doubling.
  const uint64_t perNode = 2 * (sizeof(uint32_t) + sizeof(uint32_t)) + 1 + 2 * sizeof(std::pair<int32_t, uint32_t>);
  const uint64_t perCell = 2 * sizeof(uint32_t) + 1;
  return grownCapacity(nodes) * perNode + clusterCells * perCell + 2 * 4 * blockBytes + 24 * kAllocationOverhead;
}

}  // namespace hpastar
