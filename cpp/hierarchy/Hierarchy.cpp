#include "hierarchy/Hierarchy.h"

#include <algorithm>
#include <chrono>

#include "hierarchy/AbstractSearch.h"
#include "hierarchy/EntranceScanner.h"
#include "search/DijkstraSearch.h"

namespace hpastar {
namespace {

struct PendingEdge {
  uint32_t from, to;
  float cost;
  uint32_t pathRef;
};

}  // namespace

std::optional<Hierarchy> Hierarchy::build(std::shared_ptr<const Grid> grid, const HierarchyOptions& options,
                                          std::string& error) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!grid) {
    error = "no grid";
    return std::nullopt;
  }
  error = options.validate();
  if (!error.empty()) return std::nullopt;

  Hierarchy h;
  h.grid_ = std::move(grid);
  h.options_ = options;
  int64_t side = options.clusterSize;
  for (int32_t l = 1; l <= options.levels; ++l) {
    const int32_t s = static_cast<int32_t>(std::min<int64_t>(side, 1 << 20));
    h.layouts_.emplace_back(s, h.grid_->width(), h.grid_->height());
    side *= options.clusterGroup;
  }

  std::vector<std::pair<uint32_t, uint32_t>> interEdges;
  std::vector<uint8_t> interLevel;
  h.buildNodesAndInterEdges(interEdges, interLevel);
  h.edgeOffsets_.resize(static_cast<size_t>(options.levels));
  h.edges_.resize(static_cast<size_t>(options.levels));
  h.clusterNodeOffsets_.resize(static_cast<size_t>(options.levels));
  h.clusterNodes_.resize(static_cast<size_t>(options.levels));
  h.stats_.levels.resize(static_cast<size_t>(options.levels));
  for (int32_t l = 1; l <= options.levels; ++l) {
    h.buildClusterNodeLists(l);
    h.buildLevelEdges(l, interEdges, interLevel);
  }
  h.components_.build(*h.grid_);
  h.stats_.components = h.components_.count();
  h.stats_.bytes = h.computeBytes();
  h.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return h;
}

void Hierarchy::buildNodesAndInterEdges(std::vector<std::pair<uint32_t, uint32_t>>& interEdges,
                                        std::vector<uint8_t>& interLevel) {
  const Grid& grid = *grid_;
  std::vector<Entrance> entrances;
  EntranceScanner::scanAll(grid, layouts_[0], entrances);
  stats_.entrances = static_cast<uint32_t>(entrances.size());
  std::vector<Transition> transitions;
  for (const Entrance& e : entrances) EntranceScanner::appendTransitions(e, options_.entranceWidth, transitions);

  // A cell on two borders (a cluster corner) is one node.
  std::vector<uint32_t> nodeAt(static_cast<size_t>(grid.cellCount()), kNone);
  auto nodeFor = [&](Point p) {
    uint32_t& n = nodeAt[static_cast<size_t>(grid.index(p))];
    if (n == kNone) {
      n = static_cast<uint32_t>(nodeCell_.size());
      nodeCell_.push_back(p);
      nodeLevel_.push_back(1);
    }
    return n;
  };
  for (const Transition& t : transitions) {
    const uint32_t a = nodeFor(t.a), b = nodeFor(t.b);
    // The highest level whose clusters this edge crosses between.
    uint8_t level = 1;
    for (int32_t l = 2; l <= options_.levels; ++l)
      if (layouts_[l - 1].clusterOf(t.a) != layouts_[l - 1].clusterOf(t.b)) level = static_cast<uint8_t>(l);
    interEdges.emplace_back(a, b);
    interLevel.push_back(level);
    nodeLevel_[a] = std::max(nodeLevel_[a], level);
    nodeLevel_[b] = std::max(nodeLevel_[b], level);
  }
}

void Hierarchy::buildClusterNodeLists(int32_t level) {
  const ClusterLayout& layout = layouts_[level - 1];
  auto& offsets = clusterNodeOffsets_[level - 1];
  auto& list = clusterNodes_[level - 1];
  offsets.assign(static_cast<size_t>(layout.count()) + 1, 0);
  for (uint32_t n = 0; n < nodeCount(); ++n)
    if (nodeLevel_[n] >= level) ++offsets[static_cast<size_t>(layout.clusterOf(nodeCell_[n])) + 1];
  for (size_t c = 1; c < offsets.size(); ++c) offsets[c] += offsets[c - 1];
  list.assign(offsets.back(), 0);
  std::vector<uint32_t> fill(offsets.begin(), offsets.end() - 1);
  for (uint32_t n = 0; n < nodeCount(); ++n)
    if (nodeLevel_[n] >= level) list[fill[static_cast<size_t>(layout.clusterOf(nodeCell_[n]))]++] = n;
}

void Hierarchy::buildLevelEdges(int32_t level, const std::vector<std::pair<uint32_t, uint32_t>>& interEdges,
                                const std::vector<uint8_t>& interLevel) {
  const Grid& grid = *grid_;
  const ClusterLayout& layout = layouts_[level - 1];
  LevelStats& st = stats_.levels[static_cast<size_t>(level - 1)];
  st.clusters = static_cast<uint32_t>(layout.count());
  for (uint32_t n = 0; n < nodeCount(); ++n) st.nodes += nodeLevel_[n] >= level;

  std::vector<PendingEdge> pending;
  for (size_t i = 0; i < interEdges.size(); ++i) {
    if (interLevel[i] < level) continue;
    pending.push_back(PendingEdge{interEdges[i].first, interEdges[i].second, 1.0f, kNone});
    pending.push_back(PendingEdge{interEdges[i].second, interEdges[i].first, 1.0f, kNone});
    ++st.interEdges;
  }

  // Intra-edges: one search per node over its cluster gives its distance to every other node there.
  DijkstraSearch cellSearch;
  AbstractSearch nodeSearch;
  std::vector<Point> targets;
  const bool cache = level == 1 && options_.cachePaths;
  for (int32_t c = 0; c < layout.count(); ++c) {
    const auto nodes = clusterNodes(level, c);
    if (nodes.size() < 2) continue;
    const Rect area = layout.rect(c);
    for (size_t i = 0; i + 1 < nodes.size(); ++i) {
      if (level == 1) {
        targets.clear();
        for (size_t j = i + 1; j < nodes.size(); ++j) targets.push_back(nodeCell_[nodes[j]]);
        cellSearch.run(grid, area, nodeCell_[nodes[i]], targets);
      } else {
        nodeSearch.run(*this, level - 1, area, nullptr, nodes[i], kNone);
      }
      for (size_t j = i + 1; j < nodes.size(); ++j) {
        const double d = level == 1 ? cellSearch.distance(nodeCell_[nodes[j]]) : nodeSearch.distance(nodes[j]);
        if (level == 1 ? d == DijkstraSearch::kUnreached : d < 0) continue;
        uint32_t ref = kNone;
        if (cache) {
          const uint32_t offset = static_cast<uint32_t>(pathCells_.size());
          cellSearch.appendPath(nodeCell_[nodes[j]], pathCells_);
          ref = static_cast<uint32_t>(pathSpans_.size());
          pathSpans_.emplace_back(offset, static_cast<uint32_t>(pathCells_.size()) - offset);
        }
        pending.push_back(PendingEdge{nodes[i], nodes[j], static_cast<float>(d), ref});
        pending.push_back(PendingEdge{nodes[j], nodes[i], static_cast<float>(d), ref == kNone ? kNone : ref | 0x80000000u});
        ++st.intraEdges;
      }
    }
  }

  // Into CSR, edges of a node sorted by target for a stable layout.
  std::sort(pending.begin(), pending.end(),
            [](const PendingEdge& a, const PendingEdge& b) { return a.from != b.from ? a.from < b.from : a.to < b.to; });
  auto& offsets = edgeOffsets_[level - 1];
  auto& edges = edges_[level - 1];
  offsets.assign(static_cast<size_t>(nodeCount()) + 1, 0);
  edges.resize(pending.size());
  if (cache) pathRef_.resize(pending.size());
  for (size_t i = 0; i < pending.size(); ++i) {
    ++offsets[pending[i].from + 1];
    edges[i] = AbstractEdge{pending[i].to, pending[i].cost};
    if (cache) pathRef_[i] = pending[i].pathRef;
  }
  for (size_t n = 1; n < offsets.size(); ++n) offsets[n] += offsets[n - 1];
}

bool Hierarchy::appendCachedPath(uint32_t from, uint32_t to, std::vector<Point>& out) const {
  if (pathRef_.empty()) return false;
  const auto& off = edgeOffsets_[0];
  for (uint32_t i = off[from]; i < off[from + 1]; ++i) {
    if (edges_[0][i].to != to) continue;
    const uint32_t ref = pathRef_[i];
    if (ref == kNone) return false;  // an inter-edge
    const auto [offset, length] = pathSpans_[ref & 0x7FFFFFFFu];
    if (ref & 0x80000000u) {
      for (uint32_t k = length - 1; k-- > 0;) out.push_back(pathCells_[offset + k]);
    } else {
      for (uint32_t k = 1; k < length; ++k) out.push_back(pathCells_[offset + k]);
    }
    return true;
  }
  return false;
}

size_t Hierarchy::computeBytes() const {
  size_t b = nodeCell_.size() * sizeof(Point) + nodeLevel_.size();
  for (const auto& v : edgeOffsets_) b += v.size() * sizeof(uint32_t);
  for (const auto& v : edges_) b += v.size() * sizeof(AbstractEdge);
  for (const auto& v : clusterNodeOffsets_) b += v.size() * sizeof(uint32_t);
  for (const auto& v : clusterNodes_) b += v.size() * sizeof(uint32_t);
  b += components_.bytes() + pathRef_.size() * sizeof(uint32_t) + pathSpans_.size() * sizeof(pathSpans_[0]) +
       pathCells_.size() * sizeof(Point);
  return b;
}

}  // namespace hpastar
