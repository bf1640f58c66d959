#include "hpa/Hierarchy.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>

#include "hpa/AbstractSearch.h"
#include "hpa/ClusterRegions.h"
#include "hpa/EntranceScanner.h"
#include "hpa/HierarchyLevelDistances.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HierarchyPartsCheck.h"
#include "hpa/TreeReuse.h"
#include "search/DijkstraSearch.h"

namespace hpastar {
namespace {

struct PendingEdge {
  uint32_t fromIndex;  // position of the source node in the block's `nodes`
  uint32_t to;
  float cost;
  uint32_t pathRef;
};

// CSR from pending edges, sorted by source then target so the layout does not depend on build order.
void fillAdjacency(ClusterBlock& b, std::vector<PendingEdge>& pending, bool withPaths) {
  std::sort(pending.begin(), pending.end(), [](const PendingEdge& x, const PendingEdge& y) {
    return x.fromIndex != y.fromIndex ? x.fromIndex < y.fromIndex : x.to < y.to;
  });
  b.offsets.assign(b.nodes.size() + 1, 0);
  b.edges.resize(pending.size());
  if (withPaths) b.pathRef.resize(pending.size());
  for (size_t i = 0; i < pending.size(); ++i) {
    ++b.offsets[pending[i].fromIndex + 1];
    b.edges[i] = AbstractEdge{pending[i].to, pending[i].cost};
    if (withPaths) b.pathRef[i] = pending[i].pathRef;
  }
  for (size_t n = 1; n < b.offsets.size(); ++n) b.offsets[n] += b.offsets[n - 1];
}

// One intra-cluster distance found while building a block: nodes a < j (positions in the block's
// `nodes`), and the index of its stored path in pathSpans (kNoPath when paths are not cached).
struct IntraPair {
  uint32_t a, j;
  double distance;
  uint32_t pathRef;
};

// Turns the distances between the nodes of one cluster into intra-edges. With pruning, an edge a–c is
// left out when some other node b of the cluster lies on a shortest a–c path (d(a,b) + d(b,c) = d(a,c)):
// shortest distances through the graph stay the same (each removed edge is replaced by two strictly
// shorter ones, recursively), searches relax fewer edges. Stored paths of removed edges are dropped.
template <typename T>
void emitIntraEdges(ClusterBlock& b, std::vector<IntraPair>& pairs, bool prune, std::vector<T>& pathPool,
                    std::vector<PendingEdge>& pending) {
  const size_t k = b.nodes.size();
  std::vector<double> d;
  const bool canPrune = prune && k >= 3 && k <= 512;
  if (canPrune) {
    d.assign(k * k, std::numeric_limits<double>::infinity());
    for (const IntraPair& p : pairs) d[p.a * k + p.j] = d[p.j * k + p.a] = p.distance;
  }
  std::vector<T> keptPool;
  std::vector<std::pair<uint32_t, uint32_t>> keptSpans;
  for (const IntraPair& p : pairs) {
    if (canPrune) {
      bool redundant = false;
      const double limit = p.distance + 1e-6 * std::max(1.0, p.distance);
      for (size_t m = 0; m < k && !redundant; ++m)
        redundant = m != p.a && m != p.j && d[p.a * k + m] + d[m * k + p.j] <= limit;
      if (redundant) continue;
    }
    uint32_t ref = ClusterBlock::kNoPath;
    if (p.pathRef != ClusterBlock::kNoPath) {
      const auto [offset, length] = b.pathSpans[p.pathRef];
      ref = static_cast<uint32_t>(keptSpans.size());
      keptSpans.emplace_back(static_cast<uint32_t>(keptPool.size()), length);
      keptPool.insert(keptPool.end(), pathPool.begin() + offset, pathPool.begin() + offset + length);
    }
    pending.push_back(PendingEdge{p.a, b.nodes[p.j], static_cast<float>(p.distance), ref});
    pending.push_back(PendingEdge{p.j, b.nodes[p.a], static_cast<float>(p.distance),
                                  ref == ClusterBlock::kNoPath ? ref : ref | 0x80000000u});
    ++b.intraEdges;
  }
  pathPool.swap(keptPool);
  b.pathSpans.swap(keptSpans);
}

}  // namespace

struct Hierarchy::Level1Plan {
  std::vector<int32_t> clusters;                     // sorted
  std::vector<std::vector<Transition>> transitions;  // per planned cluster; .a inside it
  std::vector<std::vector<uint32_t>> nodes;          // per planned cluster, new node ids, ascending
  std::vector<uint32_t> entrances;                   // per planned cluster, the entrances its scan found
  std::vector<std::vector<uint32_t>> kept;           // per planned cluster, the old block's ids it keeps, ascending
  // An edit's rebuild of an unweighted grid (else empty): per planned cluster, the area-local ids of the
  // cells in its rectangle whose passability flipped, and whether its old block's regions and trees may be
  // kept where those cells leave them as they were (TreeReuse).
  std::vector<std::vector<int32_t>> flipped;
  std::vector<uint8_t> reusable;
  int32_t indexOf(int32_t cluster) const {
    auto it = std::lower_bound(clusters.begin(), clusters.end(), cluster);
    return (it != clusters.end() && *it == cluster) ? static_cast<int32_t>(it - clusters.begin()) : -1;
  }
};

struct Hierarchy::Level1Scratch {
  DijkstraSearch dijkstra;
  std::vector<Point> targets;
  std::vector<PendingEdge> pending;
  std::vector<IntraPair> pairs;
  std::vector<uint8_t> steps;  // TreeReuse::distance's
  uint32_t treesRun = 0, treesKept = 0;
};

std::optional<Hierarchy> Hierarchy::build(const Grid& grid, const HierarchyOptions& options, std::string& error) {
  return build(grid, options, nullptr, error);
}

std::optional<Hierarchy> Hierarchy::build(const Grid& grid, const HierarchyOptions& options,
                                          std::shared_ptr<const MergedClusters> cutting, std::string& error,
                                          Progress* progress) {
  const auto t0 = std::chrono::steady_clock::now();
  error = options.validate();
  if (!error.empty()) return std::nullopt;
  if (grid.cellCount() == 0) {
    error = "the grid is empty";
    return std::nullopt;
  }
  if (cutting && options.mergedClusterSide == 0) error = "a merged cutting is given, but the options cut squares";
  if (cutting && (cutting->width != grid.width() || cutting->height != grid.height()))
    error = "the merged cutting is " + std::to_string(cutting->width) + "x" + std::to_string(cutting->height) +
            ", the grid " + std::to_string(grid.width()) + "x" + std::to_string(grid.height());
  for (int32_t c = 0; cutting && error.empty() && c < cutting->count(); ++c) {
    const Rect& box = cutting->boxes[static_cast<size_t>(c)];
    if (box.width() > options.mergedClusterSide || box.height() > options.mergedClusterSide)
      error = "merged cluster " + std::to_string(c) + " is wider or taller than the merged cluster side " +
              std::to_string(options.mergedClusterSide);
  }
  // The cutting is made once, here: the estimate reads it and the build keeps it.
  if (error.empty() && options.mergedClusterSide > 0 && !cutting)
    cutting = std::make_shared<const MergedClusters>(
        MergedClusters::build(grid, options.clusterSize, options.mergedClusterSide, options.entranceWidth));
  if (error.empty()) error = checkMemoryBudget(grid, options, cutting);
  if (!error.empty()) return std::nullopt;
  Hierarchy h;
  h.grid_ = grid;
  h.lineReach_.build(h.grid_);
  h.options_ = options;
  Progress silent;
  if (!h.buildLevels(std::move(cutting), progress ? *progress : silent)) {
    error = kCancelledByProgress;
    return std::nullopt;
  }
  if (progress) progress->finish();
  h.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return h;
}

// The phases of a build as shares of the whole, estimated once level 1's nodes are planned (before that,
// the scan of the borders takes the first kPlanShare). Units of work: a cell settled by a cluster's search
// or tree is one; the searches of the abstract levels (landmarks, distance table rows, the levels above)
// settle nodes and relax edges, each worth kAbstractWork of them, and each search of a level above starts
// by clearing a scratch of every node. The weights follow wasm builds of den520d, brc202d and maze512-1-0
// (each phase's time against the share it is given: bench/build-phases.ts).
struct Hierarchy::BuildProgress {
  static constexpr double kPlanShare = 0.02;
  static constexpr double kAbstractWork = 0.5;

  // An edit's rebuild of some clusters: level 1 takes most of it, the levels above and the labels the rest
  // (their work is not estimated: they take a small part of an edit's time).
  static constexpr double kEditClustersEnd = 0.9, kEditLevelsEnd = 0.95;

  Progress& progress;
  bool forEdit = false;
  double clusterWork = 0;  // level 1: Σ (nodes + 1) × cells per cluster
  double clustersEnd = 1, levelsEnd = 1, componentsEnd = 1, landmarksEnd = 1;  // the ends of the spans
  double doneWork = 0;

  void planned(const Hierarchy& h, const Level1Plan& plan) {
    if (forEdit) return plannedEdit(h, plan);
    const HierarchyOptions& o = h.options();
    double level1 = 0, edges = 0;  // level 1's nodes, and its edges as estimated: every pair in a cluster
    for (size_t i = 0; i < plan.clusters.size(); ++i) {
      const double k = static_cast<double>(plan.nodes[i].size());
      clusterWork += static_cast<double>(h.layout(1).rect(plan.clusters[i]).area()) * (k + 1);
      level1 += k;
      edges += k * k;
    }
    std::vector<double> atLevel(static_cast<size_t>(h.levels()) + 1, 0);
    for (uint32_t n = 0; n < h.nodeCount(); ++n)
      for (int32_t l = 1; l <= std::min<int32_t>(h.nodeLevel(n), h.levels()); ++l) atLevel[static_cast<size_t>(l)] += 1;
    double upper = 0;
    for (int32_t l = 2; l <= h.levels(); ++l) upper += atLevel[static_cast<size_t>(l)] * level1;
    const double top = atLevel.back();
    const double topSearch = (top + edges * (level1 > 0 ? top / level1 : 0) * 2) * kAbstractWork;
    const double landmarks = std::min<double>(o.landmarks, top) * topSearch;
    const double table = o.distanceTable && top <= NodeDistanceTable::kMaxNodes ? top * topSearch : 0;
    const double cells = static_cast<double>(h.grid().cellCount()) * 0.1;
    const double total = std::max(1.0, clusterWork + upper + cells + landmarks + table);
    const auto end = [&](double work) { return kPlanShare + (1 - kPlanShare) * work / total; };
    clustersEnd = end(clusterWork);
    levelsEnd = end(clusterWork + upper);
    componentsEnd = end(clusterWork + upper + cells);
    landmarksEnd = end(clusterWork + upper + cells + landmarks);
  }

  void plannedEdit(const Hierarchy& h, const Level1Plan& plan) {
    for (size_t i = 0; i < plan.clusters.size(); ++i)
      clusterWork += static_cast<double>(h.layout(1).rect(plan.clusters[i]).area()) *
                     static_cast<double>(plan.nodes[i].size() + 1);
    clusterWork = std::max(clusterWork, 1.0);
    clustersEnd = kEditClustersEnd;
    levelsEnd = kEditLevelsEnd;
  }
};

bool Hierarchy::buildLevels(std::shared_ptr<const MergedClusters> merged, Progress& progress) {
  initLevels(std::move(merged));
  BuildProgress build{progress};
  std::vector<int32_t> all(static_cast<size_t>(layout(1).count()));
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int32_t>(c);
  if (!progress.begin(BuildPhase::Entrances, 0, BuildProgress::kPlanShare) || !rebuildLevel1(all, &build)) return false;
  if (!progress.begin(BuildPhase::Levels, build.clustersEnd, build.levelsEnd)) return false;
  for (int32_t l = 2; l <= options_.levels; ++l) {
    std::vector<int32_t> clusters(static_cast<size_t>(layout(l).count()));
    for (size_t c = 0; c < clusters.size(); ++c) clusters[c] = static_cast<int32_t>(c);
    rebuildUpperLevel(l, clusters);
    if (!progress.advance(static_cast<double>(l - 1) / (options_.levels - 1))) return false;
  }
  if (!progress.begin(BuildPhase::Components, build.levelsEnd, build.componentsEnd)) return false;
  rebuildComponents();
  if (!computeHeuristics(progress, build.componentsEnd, build.landmarksEnd)) return false;
  refreshStats();
  return true;
}

std::vector<ClusterLayout> Hierarchy::layoutsFor(const HierarchyOptions& options, int32_t width, int32_t height,
                                                 std::shared_ptr<const MergedClusters> merged) {
  std::vector<ClusterLayout> layouts;
  layouts.reserve(static_cast<size_t>(options.levels));  // one allocation: the estimates count on no more
  int64_t side = options.clusterSize;
  for (int32_t l = 1; l <= options.levels; ++l) {
    layouts.emplace_back(static_cast<int32_t>(std::min<int64_t>(side, 1 << 24)), width, height);
    side *= options.clusterGroup;
  }
  if (options.mergedClusterSide > 0) layouts[0].merged = std::move(merged);
  return layouts;
}

void Hierarchy::initLevels(std::shared_ptr<const MergedClusters> merged) {
  layouts_ = layoutsFor(options_, grid_.width(), grid_.height(), std::move(merged));
  treeScale_ = treeScaleFor(options_, grid_.maxWeight());
  const size_t levels = static_cast<size_t>(options_.levels);
  blocks_.resize(levels);
  directedInter_.assign(levels, 0);
  edgeIndex_.assign(levels, std::vector<EdgeSpan>(nodeCell_.size()));
  for (int32_t l = 1; l <= options_.levels; ++l)
    blocks_[static_cast<size_t>(l - 1)].resize(static_cast<size_t>(layout(l).count()));
}

double Hierarchy::treeScaleFor(const HierarchyOptions& options, double maxWeight) {
  // Longest possible in-cluster distance: every cell of the cluster once, all steps diagonal over the
  // costliest cells.
  const double side = std::max(options.clusterSize, options.mergedClusterSide);
  const double longest = side * side * kSqrt2 * maxWeight + 1.0;
  return 65534.0 / longest;
}

HierarchyParts Hierarchy::parts() const {
  return HierarchyParts{grid_, options_, version_, nodeCell_, nodeLevel_, freeNodes_, blocks_, layouts_[0].merged};
}

HierarchyPartsView Hierarchy::partsView() const {
  return HierarchyPartsView{grid_,      options_,   version_, nodeCell_,
                            nodeLevel_, freeNodes_, blocks_,  layouts_[0].merged.get()};
}

std::optional<Hierarchy> Hierarchy::fromParts(HierarchyParts&& parts, std::string& error) {
  error = checkHierarchyParts(parts);
  if (!error.empty()) return std::nullopt;
  Hierarchy h;
  h.grid_ = std::move(parts.grid);
  h.lineReach_.build(h.grid_);
  h.options_ = parts.options;
  h.version_ = parts.version;
  h.nodeCell_ = std::move(parts.nodeCells);
  h.nodeLevel_ = std::move(parts.nodeLevels);
  h.freeNodes_ = std::move(parts.freeNodes);
  h.initLevels(std::move(parts.merged));
  for (int32_t l = 1; l <= h.levels(); ++l) {
    auto& level = parts.blocks[static_cast<size_t>(l - 1)];
    for (int32_t c = 0; c < h.layout(l).count(); ++c) h.replaceBlock(l, c, std::move(level[static_cast<size_t>(c)]));
  }
  h.nodeBorn_.assign(h.nodeCell_.size(), 0);
  h.rebuildComponents();
  h.computeHeuristics();
  h.refreshStats();
  return h;
}

uint32_t Hierarchy::allocateNode(Point cell) {
  uint32_t id;
  if (!freeNodes_.empty()) {
    id = freeNodes_.back();
    freeNodes_.pop_back();
    nodeCell_[id] = cell;
    nodeBorn_[id] = version_;
  } else {
    id = static_cast<uint32_t>(nodeCell_.size());
    nodeCell_.push_back(cell);
    nodeBorn_.push_back(version_);
    nodeLevel_.push_back(0);
    for (auto& index : edgeIndex_) index.push_back(EdgeSpan{});
  }
  nodeLevel_[id] = 1;
  return id;
}

uint32_t Hierarchy::findNodeAt(Point cell, const Level1Plan* plan) const {
  const int32_t c = layout(1).clusterOf(cell);
  const int32_t i = plan ? plan->indexOf(c) : -1;
  if (i >= 0) {
    for (uint32_t n : plan->nodes[static_cast<size_t>(i)])
      if (nodeCell_[n] == cell) return n;
    return kNone;
  }
  const auto& b = blocks_[0][static_cast<size_t>(c)];
  if (!b) return kNone;
  for (uint32_t n : b->nodes)
    if (nodeCell_[n] == cell) return n;
  return kNone;
}

bool Hierarchy::rebuildLevel1(const std::vector<int32_t>& clusters, BuildProgress* build,
                              const std::vector<Point>* flipped, UpdateStats* stats) {
  Level1Plan plan;
  plan.clusters = clusters;
  planLevel1Nodes(plan);
  if (flipped) assignFlipped(plan, *flipped);
  if (build) {
    build->planned(*this, plan);
    const double from = build->forEdit ? 0 : BuildProgress::kPlanShare;
    if (!build->progress.begin(BuildPhase::Clusters, from, build->clustersEnd)) return false;
  }
  Level1Scratch scratch;
  for (size_t i = 0; i < clusters.size(); ++i) {
    replaceBlock(1, clusters[i], buildLevel1Block(plan, i, scratch));
    if (stats) {
      stats->treesRun = scratch.treesRun;
      stats->treesKept = scratch.treesKept;
    }
    if (!build) continue;
    build->doneWork +=
        static_cast<double>(layout(1).rect(clusters[i]).area()) * static_cast<double>(plan.nodes[i].size() + 1);
    if (!build->progress.advance(build->doneWork / build->clusterWork)) return false;
  }
  return true;
}

void Hierarchy::planLevel1Nodes(Level1Plan& plan) {
  const ClusterLayout& lay = layout(1);
  const std::vector<int32_t>& clusters = plan.clusters;
  plan.transitions.resize(clusters.size());
  plan.nodes.resize(clusters.size());
  plan.entrances.resize(clusters.size());
  plan.kept.resize(clusters.size());
  std::vector<Entrance> entrances;
  std::vector<std::vector<Point>> newCells(clusters.size());
  const auto rowMajor = [](Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; };
  for (size_t i = 0; i < clusters.size(); ++i) {
    auto& own = plan.transitions[i];
    own.clear();
    plan.entrances[i] = EntranceScanner::clusterTransitions(grid_, lay, clusters[i], options_.entranceWidth,
                                                            options_.entranceSpacing, entrances, own);
    auto& cells = newCells[i];
    for (const Transition& t : own) cells.push_back(t.a);
    std::sort(cells.begin(), cells.end(), rowMajor);
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    const auto& old = blocks_[0][static_cast<size_t>(clusters[i])];
    if (!old) continue;
    for (uint32_t n : old->nodes) {
      const Point p = nodeCell_[n];
      auto it = std::lower_bound(cells.begin(), cells.end(), p, rowMajor);
      if (it != cells.end() && *it == p) {
        plan.nodes[i].push_back(n);
        plan.kept[i].push_back(n);
      } else {
        nodeLevel_[n] = 0;
        freeNodes_.push_back(n);
      }
    }
  }
  for (size_t i = 0; i < clusters.size(); ++i) {
    std::sort(plan.kept[i].begin(), plan.kept[i].end());
    auto& ids = plan.nodes[i];
    for (Point p : newCells[i]) {
      bool kept = false;
      for (uint32_t n : ids) kept = kept || nodeCell_[n] == p;
      if (!kept) ids.push_back(allocateNode(p));
    }
    std::sort(ids.begin(), ids.end());
    for (uint32_t n : ids) nodeLevel_[n] = 1;
  }
  for (size_t i = 0; i < clusters.size(); ++i)
    for (const Transition& t : plan.transitions[i]) {
      const uint32_t n = findNodeAt(t.a, &plan);
      nodeLevel_[n] = static_cast<uint8_t>(std::max<int32_t>(nodeLevel_[n], crossingLevel(layouts_, t.a, t.b)));
    }
}

void Hierarchy::assignFlipped(Level1Plan& plan, const std::vector<Point>& flipped) const {
  // Cached paths are stored by the runs themselves: kept only when the clusters' trees are run again.
  const ClusterLayout& lay = layout(1);
  const size_t n = plan.clusters.size();
  plan.flipped.assign(n, {});
  plan.reusable.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const int32_t c = plan.clusters[i];
    const Rect r = lay.rect(c);
    bool reusable = blocks_[0][static_cast<size_t>(c)] != nullptr && !options_.cachePaths;
    for (const Point p : flipped) {
      if (!r.contains(p)) continue;
      // A merged cluster's rectangle may hold another cluster's cells, whose flip can open or close a
      // diagonal between two of its own: its trees are run again.
      if (lay.merged && lay.clusterOf(p) != c) reusable = false;
      plan.flipped[i].push_back((p.y - r.y0) * r.width() + (p.x - r.x0));
    }
    plan.reusable[i] = reusable ? 1 : 0;
  }
}

std::shared_ptr<ClusterBlock> Hierarchy::buildLevel1Block(const Level1Plan& plan, size_t i,
                                                          Level1Scratch& scratch) const {
  const Rect area = layout(1).rect(plan.clusters[i]);
  auto b = std::make_shared<ClusterBlock>();
  b->nodes = plan.nodes[i];
  b->entrances = plan.entrances[i];
  scratch.pending.clear();
  for (const Transition& t : plan.transitions[i]) {
    const uint32_t from = findNodeAt(t.a, &plan), to = findNodeAt(t.b, &plan);
    scratch.pending.push_back(
        PendingEdge{static_cast<uint32_t>(b->indexOf(from)), to, crossingCost(grid_, t), ClusterBlock::kNoPath});
    b->interLinks.emplace_back(from, to);
    ++b->interEdges;
  }
  const ClusterBlock* old =
      !plan.reusable.empty() && plan.reusable[i] ? blocks_[0][static_cast<size_t>(plan.clusters[i])].get() : nullptr;
  if (old && plan.flipped[i].empty()) {  // no cell of the area flipped: its regions are the old ones
    b->regionCount = old->regionCount;
    b->regions = old->regions;
    b->regionCells = old->regionCells;
    b->regionFirst = old->regionFirst;
  } else {
    b->regionCount = labelClusterRegions(grid_, layout(1), plan.clusters[i], b->regions);
    summarizeRegions(b->regions, b->regionCount, b->regionCells, b->regionFirst);
  }
  for (uint32_t n : b->nodes) {
    const Point p = nodeCell_[n];
    b->nodeRegions.push_back(b->regions[static_cast<size_t>((p.y - area.y0) * area.width() + (p.x - area.x0))]);
  }
  scratch.pairs.clear();
  findLevel1Distances(*b, plan, i, old, scratch);
  emitIntraEdges(*b, scratch.pairs, options_.pruneEdges, b->pathCells, scratch.pending);
  fillAdjacency(*b, scratch.pending, options_.cachePaths);
  return b;
}

bool Hierarchy::keepTree(ClusterBlock& b, size_t a, const Level1Plan& plan, size_t i, const ClusterBlock& old) const {
  const uint32_t node = b.nodes[a];
  if (!std::binary_search(plan.kept[i].begin(), plan.kept[i].end(), node)) return false;
  const int32_t was = old.indexOf(node);
  const size_t cells = static_cast<size_t>(layout(1).rect(plan.clusters[i]).area());
  if (was < 0 || old.treeDistance.size() < (static_cast<size_t>(was) + 1) * cells) return false;
  const auto oldDistances = std::span(old.treeDistance).subspan(static_cast<size_t>(was) * cells, cells);
  if (!TreeReuse::unchanged(oldDistances, plan.flipped[i], b.regions, b.nodeRegions[a], ClusterBlock::kUnreachable))
    return false;
  std::copy(oldDistances.begin(), oldDistances.end(), b.treeDistance.begin() + static_cast<std::ptrdiff_t>(a * cells));
  const auto oldDirections = std::span(old.treeDirection).subspan(static_cast<size_t>(was) * cells, cells);
  std::copy(oldDirections.begin(), oldDirections.end(),
            b.treeDirection.begin() + static_cast<std::ptrdiff_t>(a * cells));
  return true;
}

void Hierarchy::findLevel1Distances(ClusterBlock& b, const Level1Plan& plan, size_t i, const ClusterBlock* old,
                                    Level1Scratch& scratch) const {
  const Rect area = layout(1).rect(plan.clusters[i]);
  const uint8_t* stay = layout(1).stayMoves();
  const bool paths = options_.cachePaths, trees = options_.cacheTrees;
  DijkstraSearch& dijkstra = scratch.dijkstra;
  const size_t k = b.nodes.size();
  const size_t cells = static_cast<size_t>(area.area());
  const auto localOf = [&](Point p) { return (p.y - area.y0) * area.width() + (p.x - area.x0); };
  if (trees) {
    b.treeDistance.resize(k * cells);  // every entry written by its node's tree below
    b.treeDirection.resize(k * cells);
  }
  for (size_t a = 0; a < k; ++a) {
    const Point source = nodeCell_[b.nodes[a]];
    if (trees && old && keepTree(b, a, plan, i, *old)) {
      ++scratch.treesKept;
      const auto directions = std::span(b.treeDirection).subspan(a * cells, cells);
      for (size_t j = a + 1; j < k; ++j) {
        const int32_t local = localOf(nodeCell_[b.nodes[j]]);
        if (b.treeDistance[a * cells + static_cast<size_t>(local)] == ClusterBlock::kUnreachable) continue;
        const double d = TreeReuse::distance(directions, area.width(), local, scratch.steps);
        scratch.pairs.push_back(
            IntraPair{static_cast<uint32_t>(a), static_cast<uint32_t>(j), d, ClusterBlock::kNoPath});
      }
      continue;
    }
    if (trees) {
      ++scratch.treesRun;
      dijkstra.runTree(grid_, area, source, treeScale_, ClusterBlock::kUnreachable,  // the node's whole tree
                       std::span(b.treeDistance).subspan(a * cells, cells),
                       std::span(b.treeDirection).subspan(a * cells, cells), stay);
    } else if (a + 1 < k) {
      scratch.targets.clear();
      for (size_t j = a + 1; j < k; ++j) scratch.targets.push_back(nodeCell_[b.nodes[j]]);
      dijkstra.run(grid_, area, source, scratch.targets, stay);
    } else {
      continue;
    }
    for (size_t j = a + 1; j < k; ++j) {
      const double d = dijkstra.distance(nodeCell_[b.nodes[j]]);
      if (d == DijkstraSearch::kUnreached) continue;
      uint32_t ref = ClusterBlock::kNoPath;
      if (paths) {
        const uint32_t offset = static_cast<uint32_t>(b.pathCells.size());
        dijkstra.appendPath(nodeCell_[b.nodes[j]], b.pathCells);
        ref = static_cast<uint32_t>(b.pathSpans.size());
        b.pathSpans.emplace_back(offset, static_cast<uint32_t>(b.pathCells.size()) - offset);
      }
      scratch.pairs.push_back(IntraPair{static_cast<uint32_t>(a), static_cast<uint32_t>(j), d, ref});
    }
  }
}

void Hierarchy::rebuildUpperLevel(int32_t level, const std::vector<int32_t>& clusters) {
  const ClusterLayout& lay = layout(level);
  const ClusterLayout& base = layout(1);
  AbstractSearch search;
  std::vector<PendingEdge> pending;
  std::vector<IntraPair> pairs;
  const bool paths = options_.cachePaths;
  for (int32_t c : clusters) {
    const Rect area = lay.rect(c);
    auto b = std::make_shared<ClusterBlock>();
    // Nodes of this level lie on the cluster's border, in the level-1 clusters along it.
    const int32_t cx0 = area.x0 / base.size, cx1 = (area.x1 - 1) / base.size;
    const int32_t cy0 = area.y0 / base.size, cy1 = (area.y1 - 1) / base.size;
    for (int32_t cy = cy0; cy <= cy1; ++cy)
      for (int32_t cx = cx0; cx <= cx1; ++cx) {
        if (cy != cy0 && cy != cy1 && cx != cx0 && cx != cx1) continue;
        for (uint32_t n : blocks_[0][static_cast<size_t>(cy * base.columns + cx)]->nodes)
          if (nodeLevel_[n] >= level) b->nodes.push_back(n);
      }
    std::sort(b->nodes.begin(), b->nodes.end());
    pending.clear();
    pairs.clear();
    const size_t k = b->nodes.size();
    for (size_t a = 0; a < k; ++a) {
      const uint32_t n = b->nodes[a];
      for (const AbstractEdge& e : edges(1, n))
        if (lay.clusterOf(nodeCell_[e.to]) != c) {
          pending.push_back(PendingEdge{static_cast<uint32_t>(a), e.to, e.cost, ClusterBlock::kNoPath});
          ++b->interEdges;
        }
    }
    for (size_t a = 0; a + 1 < k; ++a) {
      search.run(*this, level - 1, area, nullptr, b->nodes[a], kNone);
      for (size_t j = a + 1; j < k; ++j) {
        const double d = search.distance(b->nodes[j]);
        if (d < 0) continue;
        uint32_t ref = ClusterBlock::kNoPath;
        if (paths) {
          const uint32_t offset = static_cast<uint32_t>(b->pathNodes.size());
          search.appendPath(b->nodes[j], b->pathNodes);
          ref = static_cast<uint32_t>(b->pathSpans.size());
          b->pathSpans.emplace_back(offset, static_cast<uint32_t>(b->pathNodes.size()) - offset);
        }
        pairs.push_back(IntraPair{static_cast<uint32_t>(a), static_cast<uint32_t>(j), d, ref});
      }
    }
    emitIntraEdges(*b, pairs, options_.pruneEdges, b->pathNodes, pending);
    fillAdjacency(*b, pending, paths);
    replaceBlock(level, c, std::move(b));
  }
}

void Hierarchy::rebuildComponents() {
  const auto& level1 = blocks_[0];
  regionBase_.resize(level1.size() + 1);
  regionBase_[0] = 0;
  for (size_t c = 0; c < level1.size(); ++c) regionBase_[c + 1] = regionBase_[c] + level1[c]->regionCount;
  nodeRegion_.resize(nodeCell_.size());
  for (size_t c = 0; c < level1.size(); ++c) {
    const ClusterBlock& b = *level1[c];
    for (size_t i = 0; i < b.nodes.size(); ++i) nodeRegion_[b.nodes[i]] = regionBase_[c] + b.nodeRegions[i] - 1;
  }
  regionUnion_.reset(regionBase_.back());
  // Inter-edges join the regions on both sides of every entrance (all cells of an entrance side are one
  // straight run, so one transition per entrance is enough), and a diagonal step between clusters
  // implies two straight ones: the unions give exactly the components of the grid.
  for (const auto& b : level1)
    for (const auto& [here, across] : b->interLinks) regionUnion_.join(nodeRegion_[here], nodeRegion_[across]);
  // Components are numbered by their first cell in row-major order, so that the labels depend on the
  // terrain only: each region's first cell.
  const int32_t width = grid_.width();
  std::vector<uint64_t> firstCell(regionBase_.back());
  for (size_t c = 0; c < level1.size(); ++c) {
    const ClusterBlock& b = *level1[c];
    const Rect area = layout(1).rect(static_cast<int32_t>(c));
    for (uint32_t r = 0; r < b.regionCount; ++r) {
      const uint32_t local = b.regionFirst[r];
      firstCell[regionBase_[c] + r] =
          static_cast<uint64_t>(area.y0 + static_cast<int32_t>(local) / area.width()) * width +
          static_cast<uint64_t>(area.x0 + static_cast<int32_t>(local) % area.width());
    }
  }
  const uint32_t components = regionUnion_.label(firstCell, regionComponent_);
  componentCells_.assign(components + 1, 0);
  for (size_t c = 0; c < level1.size(); ++c) {
    const ClusterBlock& b = *level1[c];
    for (uint32_t r = 0; r < b.regionCount; ++r)
      componentCells_[regionComponent_[regionBase_[c] + r]] += b.regionCells[r];
  }
  for (size_t c = 1; c < componentCells_.size(); ++c) componentCells_[0] += componentCells_[c];
  stats_.components = components;
}

void Hierarchy::recountComponents(const std::vector<int32_t>& clusters,
                                  const std::vector<std::shared_ptr<const ClusterBlock>>& before) {
  for (size_t i = 0; i < clusters.size(); ++i) {
    const ClusterBlock& old = *before[i];
    const ClusterBlock& now = *blocks_[0][static_cast<size_t>(clusters[i])];
    for (uint32_t r = 0; r < now.regionCount; ++r) {
      const uint64_t delta = static_cast<uint64_t>(now.regionCells[r]) - old.regionCells[r];  // modulo 2^64
      componentCells_[regionComponent(clusters[i], r + 1)] += delta;
      componentCells_[0] += delta;
    }
  }
}

void Hierarchy::replaceBlock(int32_t level, int32_t cluster, std::shared_ptr<const ClusterBlock> block) {
  // Level figures follow every replacement, so an edit costs nothing per untouched cluster.
  if (stats_.levels.size() != static_cast<size_t>(levels()))
    stats_.levels.assign(static_cast<size_t>(levels()), LevelStats{});
  LevelStats& s = stats_.levels[static_cast<size_t>(level - 1)];
  auto& slot = blocks_[static_cast<size_t>(level - 1)][static_cast<size_t>(cluster)];
  auto& index = edgeIndex_[static_cast<size_t>(level - 1)];
  if (index.size() < nodeCell_.size()) index.resize(nodeCell_.size());
  if (slot) {
    for (uint32_t n : slot->nodes)
      if (index[n].owner == slot.get()) index[n] = EdgeSpan{};
    s.nodes -= static_cast<uint32_t>(slot->nodes.size());
    directedInter_[static_cast<size_t>(level - 1)] -= slot->interEdges;
    s.intraEdges -= slot->intraEdges;
    if (level == 1) entranceSides_ -= slot->entrances;
    blockBytes_ -= slot->bytes();
    treeBytes_ -= slot->treeBytes();
    pathBytes_ -= slot->pathBytes();
  }
  s.nodes += static_cast<uint32_t>(block->nodes.size());
  directedInter_[static_cast<size_t>(level - 1)] += block->interEdges;
  s.intraEdges += block->intraEdges;
  if (level == 1) entranceSides_ += block->entrances;
  blockBytes_ += block->bytes();
  treeBytes_ += block->treeBytes();
  pathBytes_ += block->pathBytes();
  for (size_t i = 0; i < block->nodes.size(); ++i)
    index[block->nodes[i]] =
        EdgeSpan{block->edges.data() + block->offsets[i], block->offsets[i + 1] - block->offsets[i], block.get()};
  slot = std::move(block);
}

uint32_t Hierarchy::componentOf(Point p) const {
  if (!grid_.passable(p)) return 0;
  const ClusterLayout& lay = layout(1);
  const int32_t c = lay.clusterOf(p);
  const Rect r = lay.rect(c);
  const uint32_t region =
      blocks_[0][static_cast<size_t>(c)]->regions[static_cast<size_t>((p.y - r.y0) * r.width() + (p.x - r.x0))];
  return region ? regionComponent_[regionBase_[static_cast<size_t>(c)] + region - 1] : 0;
}

void Hierarchy::refreshStats() {
  for (int32_t l = 1; l <= levels(); ++l) {
    LevelStats& s = stats_.levels[static_cast<size_t>(l - 1)];
    s.clusters = static_cast<uint32_t>(blocks_[static_cast<size_t>(l - 1)].size());
    s.interEdges = directedInter_[static_cast<size_t>(l - 1)] / 2;
  }
  stats_.entrances = entranceSides_ / 2;  // each entrance is on the border of two clusters
  stats_.distanceTableNodes = distances_->count();
  stats_.treeBytes = treeBytes_;
  stats_.pathBytes = pathBytes_;
  stats_.landmarkBytes = landmarks_->bytes();
  stats_.distanceTableBytes = distances_->bytes();
  stats_.lineReachBytes = lineReach_.bytes();
  size_t indexBytes = 0;
  for (const auto& v : edgeIndex_) indexBytes += v.capacity() * sizeof(EdgeSpan);
  const size_t mergedBytes = layouts_[0].merged ? layouts_[0].merged->bytes() : 0;
  stats_.bytes = mergedBytes + blockBytes_ + indexBytes + nodeCell_.capacity() * sizeof(Point) + nodeLevel_.capacity() +
                 freeNodes_.capacity() * 4 + regionBase_.capacity() * 4 + regionComponent_.capacity() * 4 +
                 nodeRegion_.capacity() * 4 + regionUnion_.bytes() + nodeBorn_.capacity() * 8 + landmarks_->bytes() +
                 distances_->bytes() + lineReach_.bytes();
}

std::string Hierarchy::applyEdits(std::span<const CellEdit> edits, UpdateStats* stats, const Progress::Sink& report) {
  const auto t0 = std::chrono::steady_clock::now();
  for (const CellEdit& e : edits) {
    if (std::string error = checkEdit(e); !error.empty()) return error;
  }
  std::vector<int32_t> touched;
  std::vector<uint8_t> listed;
  std::vector<Point> flipped;  // cells that turned passable or blocked: their line reaches change
  const bool weightedBefore = grid_.weighted();
  uint32_t changed = 0;
  for (const CellEdit& e : edits) {
    const bool newTerrain = e.terrain != CellEdit::kKeepTerrain && grid_.terrainAt(e.cell.x, e.cell.y) != e.terrain;
    const bool newCost = e.cost != CellEdit::kKeepCost && grid_.costLayerAt(e.cell.x, e.cell.y) != e.cost;
    if (!newTerrain && !newCost) continue;
    // The cells whose passability the edit can change: the cell for a one-cell agent, else every anchor
    // whose footprint holds it (at most kMaxAgentSize² cells, read before and after).
    const Rect anchors = grid_.anchorsCovering(e.cell);
    std::array<uint8_t, kMaxAgentSize * kMaxAgentSize> wasPassable;
    for (int32_t y = anchors.y0, k = 0; y < anchors.y1; ++y)
      for (int32_t x = anchors.x0; x < anchors.x1; ++x) wasPassable[static_cast<size_t>(k++)] = grid_.passable(x, y);
    const float wasWeight = grid_.weightAt(grid_.index(e.cell));
    if (newTerrain) grid_.setTerrain(e.cell.x, e.cell.y, e.terrain);
    if (newCost) grid_.setCellCost(e.cell.x, e.cell.y, e.cost);
    ++changed;
    // '.' to 'G': the same moves at the same costs, nothing to rebuild. With terrain costs, '.' to 'S'
    // or a new cost keeps the moves but changes what the ones through the cell cost.
    for (int32_t y = anchors.y0, k = 0; y < anchors.y1; ++y)
      for (int32_t x = anchors.x0; x < anchors.x1; ++x)
        if (wasPassable[static_cast<size_t>(k++)] != grid_.passable(x, y)) {
          flipped.push_back(Point{x, y});
          appendTouchedClusters(Point{x, y}, touched, listed);
        }
    // Weights are the anchor's own (a sized agent pays the terrain of its top-left cell, as Annotated A*).
    if (wasWeight != grid_.weightAt(grid_.index(e.cell))) appendTouchedClusters(e.cell, touched, listed);
  }
  lineReach_.refresh(grid_, flipped);
  // Trees of the old blocks are kept only where the moves cost what they did: an unweighted grid throughout.
  const bool keepTrees = !weightedBefore && !grid_.weighted();
  return finishEdits(changed, !edits.empty(), std::move(touched), t0, stats, keepTrees ? &flipped : nullptr, report);
}

std::string Hierarchy::checkEdit(const CellEdit& e) const {
  // The message is made only for a refused edit: a long edit list (fillRect) allocates nothing here.
  const bool inside = grid_.inside(e.cell);
  if (inside && (e.terrain == CellEdit::kKeepTerrain || isTerrainChar(e.terrain))) return "";
  const std::string at = "(" + std::to_string(e.cell.x) + ", " + std::to_string(e.cell.y) + ")";
  if (!inside)
    return "cell " + at + " is outside the " + std::to_string(grid_.width()) + "x" + std::to_string(grid_.height()) +
           " map";
  return "terrain code " + std::to_string(static_cast<unsigned char>(e.terrain)) + " at " + at +
         " is not a Moving AI terrain character";
}

std::string Hierarchy::setTerrainCosts(const TerrainCosts& costs, UpdateStats* stats) {
  const auto t0 = std::chrono::steady_clock::now();
  if (std::string error = costs.check(); !error.empty()) return error;
  std::array<bool, TerrainCosts::kKindCount> kindChanged{};
  bool anyChanged = false;
  for (int k = 0; k < TerrainCosts::kKindCount; ++k) {
    const size_t i = static_cast<size_t>(k);
    kindChanged[i] = costs.multiplier[i] != grid_.terrainCosts().multiplier[i];
    anyChanged = anyChanged || kindChanged[i];
  }
  grid_.setTerrainCosts(costs);
  // The clusters around every passable cell of a changed kind: its moves cost something else now (a
  // blocked cell's multiplier is never met). One mark per cluster, so a common kind costs one pass.
  std::vector<int32_t> touched;
  uint32_t changed = 0;
  if (anyChanged) {
    const ClusterLayout& lay = layout(1);
    std::vector<uint8_t> marked(static_cast<size_t>(lay.count()), 0);
    for (int32_t y = 0; y < grid_.height(); ++y)
      for (int32_t x = 0; x < grid_.width(); ++x) {
        if (!grid_.passable(x, y) || !kindChanged[static_cast<size_t>(terrainKindOf(grid_.terrainAt(x, y)))]) continue;
        ++changed;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            if (grid_.inside(x + dx, y + dy)) {
              const int32_t c = lay.clusterOf(Point{x + dx, y + dy});
              if (!marked[static_cast<size_t>(c)]) touched.push_back(c);
              marked[static_cast<size_t>(c)] = 1;
            }
      }
  }
  return finishEdits(changed, true, std::move(touched), t0, stats, nullptr);
}

namespace {

// The same nodes and the same edges at the same costs (a node id may have moved to another cell of the
// cluster: the distances of the graph are the same).
bool sameWeightedGraph(const ClusterBlock* a, const ClusterBlock* b) {
  if (!a || !b) return a == b;
  if (a->nodes != b->nodes || a->offsets != b->offsets || a->edges.size() != b->edges.size()) return false;
  for (size_t i = 0; i < a->edges.size(); ++i)
    if (a->edges[i].to != b->edges[i].to || a->edges[i].cost != b->edges[i].cost) return false;
  return true;
}

}  // namespace

std::string Hierarchy::finishEdits(uint32_t changed, bool publish, std::vector<int32_t> touched,
                                   std::chrono::steady_clock::time_point t0, UpdateStats* stats,
                                   const std::vector<Point>* flipped, const Progress::Sink& report) {
  if (stats) {
    *stats = UpdateStats{};
    stats->cellsChanged = changed;
  }
  // Every accepted, non-empty edit list publishes a version, whether or not a cell changed: the
  // planner handles and the worker pool count updates the same way, so one number means one state.
  if (publish) ++version_;
  // The sink's answer is dropped: the grid is already changed, so the rebuild must run to its end.
  Progress progress(report ? Progress::Sink([&report](std::string_view phase, double done) {
    report(phase, done);
    return true;
  })
                           : Progress::Sink{});
  std::string error;
  // DHPA* trees store distances scaled to the costliest multiplier the grid allows: when it changes
  // (even by a kind that no cell has), every tree is stored again, as the loader checks them at that scale.
  if (options_.cacheTrees && treeScaleFor(options_, grid_.maxWeight()) != treeScale_)
    error = rebuildEverything(stats, progress);
  else if (!touched.empty())
    error = rebuildAfterEdits(std::move(touched), stats, flipped, progress);
  progress.finish();
  if (stats)
    stats->microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  return error;
}

void Hierarchy::appendTouchedClusters(Point cell, std::vector<int32_t>& out, std::vector<uint8_t>& listed) const {
  // The cell's moves, and the moves of its 8 neighbours, changed: their clusters are touched (a cell
  // on a border touches the cluster across it, whose entrances change too). Each cluster is listed once,
  // marked in `listed`: an edit of thousands of cells (the dynamic metric's) would otherwise list nine
  // clusters per cell and spend more time sorting them than some rebuilds take.
  const ClusterLayout& lay = layout(1);
  if (listed.empty()) listed.assign(static_cast<size_t>(lay.count()), 0);
  const int32_t x0 = std::max(cell.x - 1, 0), x1 = std::min(cell.x + 1, grid_.width() - 1);
  const int32_t y0 = std::max(cell.y - 1, 0), y1 = std::min(cell.y + 1, grid_.height() - 1);
  if (lay.merged) {  // the clusters of the 3×3 cells themselves
    for (int32_t y = y0; y <= y1; ++y)
      for (int32_t x = x0; x <= x1; ++x) {
        const int32_t c = lay.clusterOf(Point{x, y});
        if (listed[static_cast<size_t>(c)]) continue;
        listed[static_cast<size_t>(c)] = 1;
        out.push_back(c);
      }
    return;
  }
  for (int32_t cy = y0 / lay.size; cy <= y1 / lay.size; ++cy)
    for (int32_t cx = x0 / lay.size; cx <= x1 / lay.size; ++cx) {
      const int32_t c = cy * lay.columns + cx;
      if (listed[static_cast<size_t>(c)]) continue;
      listed[static_cast<size_t>(c)] = 1;
      out.push_back(c);
    }
}

bool Hierarchy::touchesMostClusters(size_t touched) const {
  return touched * 2 >= static_cast<size_t>(layout(1).count());
}

bool Hierarchy::editsMayRebuildEverything(std::span<const CellEdit> edits) const {
  // The costliest layer value may change when an edit puts a costlier one or replaces one of the
  // costliest (counted without looking further: reserving for a build that does not happen is harmless).
  if (options_.cacheTrees)
    for (const CellEdit& e : edits)
      if (e.cost != CellEdit::kKeepCost && grid_.inside(e.cell) &&
          (e.cost > grid_.costLayerMax() || grid_.costLayerAt(e.cell.x, e.cell.y) == grid_.costLayerMax()))
        return true;
  // At most 9 clusters per flipped cell, up to size² cells per edit: compared before listing them, so
  // that a long edit list costs nothing.
  const auto perEdit = static_cast<size_t>(grid_.agentSize()) * static_cast<size_t>(grid_.agentSize());
  if (!touchesMostClusters(9 * perEdit * edits.size())) return false;
  std::vector<int32_t> touched;
  std::vector<uint8_t> listed;
  for (const CellEdit& e : edits) {
    if (!grid_.inside(e.cell)) continue;
    const Rect anchors = grid_.anchorsCovering(e.cell);
    for (int32_t y = anchors.y0; y < anchors.y1; ++y)
      for (int32_t x = anchors.x0; x < anchors.x1; ++x) appendTouchedClusters(Point{x, y}, touched, listed);
  }
  return touchesMostClusters(touched.size());
}

std::string Hierarchy::rebuildEverything(UpdateStats* stats, Progress& progress) {
  // When most clusters are touched a fresh build is cheaper than rebuilding them one by one (no old
  // nodes to find and free, no block bookkeeping); it gives the same graph under new node ids.
  // The memory budget is checked when a hierarchy is built, not while it is edited: the grid is already
  // changed here, and the per-cluster path does not check it either.
  // The grid and its line reaches (already refreshed for the edits) move into the fresh hierarchy as they
  // are: neither is copied or built again.
  const auto t0 = std::chrono::steady_clock::now();
  Hierarchy fresh;
  fresh.grid_ = std::move(grid_);
  fresh.lineReach_ = std::move(lineReach_);
  fresh.options_ = options_;
  // The distance table is left stale, as after any edit that changes the top graph: a refresh computes
  // it (heuristicsStale), not the caller's thread here. Every node id is new, so no landmark value can be
  // repaired: they are computed again below, a small part of the build.
  fresh.options_.landmarks = 0;
  fresh.options_.distanceTable = false;
  fresh.buildLevels(layouts_[0].merged, progress);  // the cutting is kept through terrain changes
  fresh.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const uint64_t version = version_, heuristicsVersion = heuristicsVersion_;
  const HierarchyOptions options = options_;
  auto landmarks = std::move(landmarks_);
  auto distances = std::move(distances_);
  *this = std::move(fresh);
  options_ = options;
  version_ = version;
  landmarks_ = std::move(landmarks);
  distances_ = std::move(distances);
  heuristicsVersion_ = heuristicsVersion;
  // Every node id is new: no row of the old tables is its (heuristicRowValid), and a refresh computed
  // on an earlier version must not be installed.
  std::fill(nodeBorn_.begin(), nodeBorn_.end(), version);
  topGraphChangedAt_ = version;
  if (options_.landmarks > 0) {
    computeLandmarks();
    if (!options_.distanceTable) heuristicsVersion_ = version;  // nothing else to refresh
  }
  refreshStats();
  if (stats) stats->topGraphChanged = true;
  if (stats)
    for (int32_t l = 1; l <= levels(); ++l) {
      stats->clustersRebuilt[l - 1] = static_cast<uint32_t>(layout(l).count());
      stats->rebuiltClusters[l - 1].resize(static_cast<size_t>(layout(l).count()));
      for (int32_t c = 0; c < layout(l).count(); ++c) stats->rebuiltClusters[l - 1][static_cast<size_t>(c)] = c;
    }
  return "";
}

std::string Hierarchy::rebuildAfterEdits(std::vector<int32_t> touched, UpdateStats* stats,
                                         const std::vector<Point>* flipped, Progress& progress) {
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  if (touchesMostClusters(touched.size())) return rebuildEverything(stats, progress);
  // The blocks being replaced (immutable, so holding them is enough) tell afterwards whether the
  // connectivity can have changed.
  std::vector<std::shared_ptr<const ClusterBlock>> before;
  before.reserve(touched.size());
  for (int32_t c : touched) before.push_back(blocks_[0][static_cast<size_t>(c)]);
  BuildProgress build{progress, true};
  rebuildLevel1(touched, progress.reporting() ? &build : nullptr, flipped, stats);  // never cancelled: see finishEdits
  progress.begin(BuildPhase::Levels, BuildProgress::kEditClustersEnd, BuildProgress::kEditLevelsEnd);
  if (stats) {
    stats->clustersRebuilt[0] = static_cast<uint32_t>(touched.size());
    stats->rebuiltClusters[0] = touched;
  }
  // The top level's blocks being replaced tell whether its graph changed.
  std::vector<std::shared_ptr<const ClusterBlock>> topBefore;
  if (levels() == 1) topBefore = before;
  std::vector<int32_t> upper;
  for (int32_t l = 2; l <= levels(); ++l) {
    upper.clear();
    for (int32_t c : touched) {
      const Rect r = layout(1).rect(c);
      upper.push_back(layout(l).clusterOf(Point{r.x0, r.y0}));
    }
    std::sort(upper.begin(), upper.end());
    upper.erase(std::unique(upper.begin(), upper.end()), upper.end());
    if (l == levels())
      for (int32_t c : upper) topBefore.push_back(blocks_[static_cast<size_t>(l - 1)][static_cast<size_t>(c)]);
    rebuildUpperLevel(l, upper);
    progress.advance(static_cast<double>(l - 1) / (levels() - 1));
    if (stats) {
      stats->clustersRebuilt[l - 1] = static_cast<uint32_t>(upper.size());
      stats->rebuiltClusters[l - 1] = upper;
    }
  }
  progress.begin(BuildPhase::Components, BuildProgress::kEditLevelsEnd, 1);
  // Component labels come from the regions of every cluster joined by the inter-edges: a pass over the
  // whole map. When every rebuilt cluster kept its regions, nodes and links (most single-cell
  // changes), the labels cannot have changed and the pass is skipped.
  bool sameConnectivity = true;
  for (size_t i = 0; i < touched.size() && sameConnectivity; ++i) {
    const ClusterBlock* old = before[i].get();
    const ClusterBlock* now = blocks_[0][static_cast<size_t>(touched[i])].get();
    sameConnectivity = old && now && old->regionCount == now->regionCount && old->nodes == now->nodes &&
                       old->nodeRegions == now->nodeRegions && old->interLinks == now->interLinks;
  }
  // Labels are numbered by each component's first cell: one that moved may renumber them.
  for (size_t i = 0; i < touched.size() && sameConnectivity; ++i)
    sameConnectivity = before[i]->regionFirst == blocks_[0][static_cast<size_t>(touched[i])]->regionFirst;
  if (sameConnectivity)
    recountComponents(touched, before);
  else
    rebuildComponents();
  // Top-level distances can only have changed if the top level's graph did; the tables are then left
  // stale (heuristicsStale), not recomputed here.
  const std::vector<int32_t>& topClusters = levels() == 1 ? touched : upper;
  bool topChanged = false;
  for (size_t i = 0; i < topClusters.size() && !topChanged; ++i)
    topChanged = !sameWeightedGraph(
        topBefore[i].get(), blocks_[static_cast<size_t>(levels() - 1)][static_cast<size_t>(topClusters[i])].get());
  if (topChanged) {
    topGraphChangedAt_ = version_;
    repairLandmarks(topClusters, topBefore);
  }
  if (stats) stats->topGraphChanged = topChanged;
  refreshStats();
  return "";
}

bool Hierarchy::computeHeuristics(Progress& progress, double from, double landmarksEnd) {
  HierarchyLevelDistances top(*this, levels());
  LandmarkTableBuilder landmarks(top, options_.landmarks);
  std::optional<NodeDistanceTableBuilder> distances;
  if (options_.distanceTable) distances.emplace(top);
  if (!progress.begin(BuildPhase::Landmarks, from, landmarksEnd)) return false;
  for (double steps = landmarks.stepsLeft(), done = 0; !landmarks.done();) {
    landmarks.step();
    if (!progress.advance(++done / steps)) return false;
  }
  if (distances && !progress.begin(BuildPhase::DistanceTable, landmarksEnd, 1)) return false;
  for (double steps = distances ? distances->stepsLeft() : 0, done = 0; distances && !distances->done();) {
    distances->step();
    if (!progress.advance(++done / steps)) return false;
  }
  landmarks_ = std::make_shared<LandmarkTable>(landmarks.take());
  landmarkRepair_.reset(*landmarks_);
  distances_ = std::make_shared<const NodeDistanceTable>(distances ? distances->take() : NodeDistanceTable{});
  heuristicsVersion_ = version_;
  return true;
}

void Hierarchy::computeLandmarks() {
  HierarchyLevelDistances top(*this, levels());
  LandmarkTableBuilder landmarks(top, options_.landmarks);
  while (!landmarks.done()) landmarks.step();
  landmarks_ = std::make_shared<LandmarkTable>(landmarks.take());
  landmarkRepair_.reset(*landmarks_);
}

void Hierarchy::repairLandmarks(const std::vector<int32_t>& clusters,
                                const std::vector<std::shared_ptr<const ClusterBlock>>& before) {
  if (options_.landmarks == 0) return;
  // No landmark yet (the top level had no node): a repair would keep none for ever.
  if (landmarks_->empty()) return computeLandmarks();
  // The nodes of the rebuilt top-level clusters whose graph changed are the only ones whose edges
  // changed (a cluster rebuilt for its neighbour's border often has the same nodes and edges); those that
  // were not among their cluster's nodes before, or whose id got another cell in this edit, have no row.
  std::vector<uint32_t> dirty, untrusted;
  const std::vector<uint32_t> none;
  for (size_t i = 0; i < clusters.size(); ++i) {
    const ClusterBlock* now = blocks_[static_cast<size_t>(levels() - 1)][static_cast<size_t>(clusters[i])].get();
    if (sameWeightedGraph(before[i].get(), now)) continue;
    const std::vector<uint32_t>& old = before[i] ? before[i]->nodes : none;
    for (uint32_t n : now->nodes) {
      dirty.push_back(n);
      if (nodeBorn_[n] == version_ || std::find(old.begin(), old.end(), n) == old.end()) untrusted.push_back(n);
    }
  }
  // Copy on write: an older version of this hierarchy (VersionedHierarchy) may share the table and be
  // searched now. A count of one means no other holder; the fence orders their last reads before ours.
  // ThreadSanitizer does not model fences: under it the table is always copied.
#if defined(__SANITIZE_THREAD__)
  constexpr bool kAlwaysCopy = true;
#else
  constexpr bool kAlwaysCopy = false;
#endif
  if (kAlwaysCopy || landmarks_.use_count() > 1)
    landmarks_ = std::make_shared<LandmarkTable>(*landmarks_);
  else
    std::atomic_thread_fence(std::memory_order_acquire);
  landmarkRepair_.repair(*landmarks_, static_cast<uint32_t>(nodeCell_.size()), dirty, untrusted,
                         [&](uint32_t n) { return edges(levels(), n); });
  // The repaired rows are the new graph's distances from the same landmarks (LandmarkRepair), yet the
  // tables stay stale (heuristicsStale) until a refresh computes them as a build does: the landmarks a
  // fresh computation picks, which a saved copy computes when loaded, so that both answer alike.
}

void Hierarchy::computeHeuristics() {
  Progress silent;
  computeHeuristics(silent, 0, 1);
}

void Hierarchy::refreshHeuristics() {
  if (!heuristicsStale()) return;
  computeHeuristics();
  refreshStats();
}

bool Hierarchy::installHeuristics(LandmarkTable&& landmarks, NodeDistanceTable&& distances, uint64_t computedAt) {
  if (computedAt > version_ || computedAt < heuristicsVersion_ || topGraphChangedAt_ > computedAt) return false;
  landmarks_ = std::make_shared<LandmarkTable>(std::move(landmarks));
  landmarkRepair_.reset(*landmarks_);
  distances_ = std::make_shared<const NodeDistanceTable>(std::move(distances));
  heuristicsVersion_ = computedAt;
  refreshStats();
  return true;
}

std::string Hierarchy::fillRect(const Rect& rect, char terrain, UpdateStats* stats) {
  const Rect r{std::max(rect.x0, 0), std::max(rect.y0, 0), std::min(rect.x1, grid_.width()),
               std::min(rect.y1, grid_.height())};
  if (r.x0 >= r.x1 || r.y0 >= r.y1)
    return "rectangle [" + std::to_string(rect.x0) + ", " + std::to_string(rect.y0) + ") - (" +
           std::to_string(rect.x1) + ", " + std::to_string(rect.y1) + ") does not overlap the map";
  std::vector<CellEdit> edits;
  edits.reserve(static_cast<size_t>(r.area()));
  for (int32_t y = r.y0; y < r.y1; ++y)
    for (int32_t x = r.x0; x < r.x1; ++x) edits.push_back(CellEdit{Point{x, y}, terrain});
  return applyEdits(edits, stats);
}

namespace {

// The stored path of the edge from->to of `level` in block `b` (appended after `from`, `to` included).
template <typename T>
bool appendStoredPath(const ClusterBlock& b, const std::vector<T>& pool, uint32_t from, uint32_t to,
                      std::vector<T>& out) {
  const int32_t i = b.indexOf(from);
  if (i < 0 || b.pathRef.empty()) return false;
  for (uint32_t e = b.offsets[static_cast<size_t>(i)]; e < b.offsets[static_cast<size_t>(i) + 1]; ++e) {
    if (b.edges[e].to != to) continue;
    const uint32_t ref = b.pathRef[e];
    if (ref == ClusterBlock::kNoPath) continue;  // an inter-edge (or no stored path)
    const auto [offset, length] = b.pathSpans[ref & 0x7FFFFFFFu];
    if (ref & 0x80000000u) {
      for (uint32_t k = length - 1; k-- > 0;) out.push_back(pool[offset + k]);
    } else {
      for (uint32_t k = 1; k < length; ++k) out.push_back(pool[offset + k]);
    }
    return true;
  }
  return false;
}

}  // namespace

bool Hierarchy::appendCachedPath(uint32_t from, uint32_t to, std::vector<Point>& out) const {
  if (!options_.cachePaths) return false;
  const ClusterBlock& b = block(1, layout(1).clusterOf(nodeCell_[from]));
  return appendStoredPath(b, b.pathCells, from, to, out);
}

bool Hierarchy::appendCachedNodePath(int32_t level, uint32_t from, uint32_t to, std::vector<uint32_t>& out) const {
  if (!options_.cachePaths || level < 2) return false;
  const ClusterBlock& b = block(level, layout(level).clusterOf(nodeCell_[from]));
  return appendStoredPath(b, b.pathNodes, from, to, out);
}

namespace {

// The step of each direction added to a cell held as one word, y × 2³² + x (appendTreePath).
constexpr std::array<uint64_t, kDirCount> kCellWordStep = [] {
  std::array<uint64_t, kDirCount> steps{};
  for (int d = 0; d < kDirCount; ++d)
    steps[static_cast<size_t>(d)] = static_cast<uint64_t>(int64_t{kDirDy[d]} * (int64_t{1} << 32) + kDirDx[d]);
  return steps;
}();

}  // namespace

bool Hierarchy::appendTreePath(uint32_t node, Point from, std::vector<Point>& out) const {
  if (!options_.cacheTrees) return false;
  const ClusterLayout& lay = layout(1);
  const Point target = nodeCell_[node];
  const int32_t c = lay.clusterOf(target);
  const Rect r = lay.rectOf(target);
  if (!r.contains(from)) return false;
  const ClusterBlock& b = block(1, c);
  const int32_t i = b.indexOf(node);
  if (i < 0) return false;
  const int32_t w = r.width();
  const size_t treeStart = static_cast<size_t>(i) * static_cast<size_t>(r.area());
  const uint8_t* dirs = b.treeDirection.data() + treeStart;
  int32_t local = (from.y - r.y0) * w + (from.x - r.x0);
  // Each step's read depends on the one before, so cold lines would be waited for one by one: ask for
  // the whole tree (r.area() bytes, 16 cache lines in a 32-wide cluster) at once instead.
  for (size_t line = 0; line < static_cast<size_t>(r.area()); line += 64) __builtin_prefetch(dirs + line);
  const uint16_t distance = b.treeDistance[treeStart + static_cast<size_t>(local)];
  if (distance == ClusterBlock::kUnreachable) return false;
  // Every step costs at least the smallest multiplier (1 without terrain costs), so the walk has at
  // most distance / that + 1 cells (one more for rounding), and never more than the cluster's: a walk
  // longer than that is corrupted data. The walk stays inside the cluster: every step of every tree is
  // legal there (checkHierarchyParts checks a loaded hierarchy's). On failure `out` is left as it was.
  //
  // This runs for every cell of a DHPA* path. Each step adds its direction's offsets to the tree index
  // and to the cell (both coordinates in one word: y × 2³² + x, so one addition moves both), and the
  // cells are appended from a buffer on the stack in blocks. The walk goes by straight stretches: while
  // the next cell's direction is the same, the next index does not depend on the byte just read (only
  // the comparison does, which the processor predicts), so the reads of a stretch do not wait for each
  // other as a chain of dependent reads would.
  const size_t base = out.size();
  const size_t room =
      std::min(static_cast<size_t>(distance / (treeScale_ * grid_.minWeight())) + 2, static_cast<size_t>(r.area()) + 1);
  uint64_t cell = static_cast<uint64_t>(from.y) << 32 | static_cast<uint32_t>(from.x);
  static_assert(std::endian::native == std::endian::little, "a Point's x is the low half of its word");
  // __builtin_bit_cast: Emscripten 3.1.6's libc++ has no std::bit_cast.
  auto pointOf = [](uint64_t word) { return __builtin_bit_cast(Point, word); };
  constexpr size_t kBlock = 64;
  union Block {  // left uninitialised: only the entries written are read
    Block() {}
    Point cells[kBlock];
  } block;
  uint8_t dir = dirs[local];
  for (size_t written = 0;;) {
    const size_t limit = std::min(kBlock, room - written);
    size_t filled = 0;
    while (dir < kDirCount && filled < limit) {
      const uint8_t stretch = dir;
      const int32_t indexStep = kDirDy[stretch] * w + kDirDx[stretch];
      const uint64_t moveStep = kCellWordStep[stretch];
      do {
        local += indexStep;
        cell += moveStep;
        block.cells[filled++] = pointOf(cell);
        dir = dirs[local];
      } while (dir == stretch && filled < limit);
    }
    out.insert(out.end(), block.cells, block.cells + filled);
    written += filled;
    if (dir >= kDirCount) {  // the node itself, or no way to it
      const bool reached = dir == 0xFF && pointOf(cell) == target;
      if (!reached) out.resize(base);
      return reached;
    }
    if (written == room) break;
  }
  out.resize(base);
  return false;
}

bool Hierarchy::treeStep(uint32_t node, Point cell, double& distance, int& direction) const {
  if (!options_.cacheTrees) return false;
  const ClusterLayout& lay = layout(1);
  const int32_t c = lay.clusterOf(nodeCell_[node]);
  const Rect r = lay.rect(c);
  if (!r.contains(cell)) return false;
  const ClusterBlock& b = block(1, c);
  const int32_t i = b.indexOf(node);
  if (i < 0) return false;
  const size_t entry = static_cast<size_t>(i) * static_cast<size_t>(r.area()) +
                       static_cast<size_t>((cell.y - r.y0) * r.width() + (cell.x - r.x0));
  const uint16_t d = b.treeDistance[entry];
  if (d == ClusterBlock::kUnreachable) return false;
  distance = d / treeScale_;
  const uint8_t dir = b.treeDirection[entry];
  direction = dir == 0xFF ? -1 : dir;
  return true;
}

}  // namespace hpastar
