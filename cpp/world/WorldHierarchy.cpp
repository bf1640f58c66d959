#include "world/WorldHierarchy.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <tuple>

#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"
#include "world/WorldHierarchyPartsCheck.h"
#include "world/WorldLevelDistances.h"

namespace hpastar {
namespace {

// The moves a transition can be: all but the diagonals on one level (see WorldHierarchy.h).
constexpr uint32_t kCrossingMoves = ~((1u << 1) | (1u << 3) | (1u << 5) | (1u << 7));

void sortUnique(std::vector<int32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The clusters of `layout` that share a face, an edge or a corner with `cluster` (itself excluded).
void appendNeighbours(const WorldClusterLayout& layout, int32_t cluster, std::vector<int32_t>& out) {
  const int32_t cx = cluster % layout.columns, rest = cluster / layout.columns;
  const int32_t cy = rest % layout.rows, cz = rest / layout.rows;
  for (int32_t dz = -1; dz <= 1; ++dz)
    for (int32_t dy = -1; dy <= 1; ++dy)
      for (int32_t dx = -1; dx <= 1; ++dx) {
        const int32_t x = cx + dx, y = cy + dy, z = cz + dz;
        if ((dx | dy | dz) == 0 || x < 0 || y < 0 || z < 0 || x >= layout.columns || y >= layout.rows ||
            z >= layout.stacks)
          continue;
        out.push_back(layout.clusterAt(x, y, z));
      }
}

constexpr double kUnreached = std::numeric_limits<double>::infinity();
constexpr float kInfinity = std::numeric_limits<float>::infinity();

// Marks of a pair of nodes (i, j) of a cluster in pairCost_ (WorldHierarchy.h), until it has its cost
// (>= 0).
constexpr float kNoEdge = -2;  // no path inside the cluster
constexpr float kSearch = -1;  // a search must find it

// How much shorter than every path through a changed part an old intra-edge must be to be kept: far
// above the float rounding of a cost, far below the difference of two distinct path lengths in a box.
constexpr double kKeepMargin = 1e-3;

// A SearchGraph plus one node, source(), with a move of cost 0 to each of `starts`: a Dijkstra from it
// gives every node its distance from the nearest start.
template <typename Graph>
class FromSeveralStarts {
 public:
  FromSeveralStarts(const Graph& graph, std::span<const uint32_t> starts)
      : graph_(graph), starts_(starts), source_(graph.nodeCount()) {}

  uint32_t source() const { return source_; }
  uint32_t nodeCount() const { return source_ + 1; }
  double heuristic(uint32_t) const { return 0; }
  template <typename Move>
  uint32_t predecessor(uint32_t id, Move move) const {
    return graph_.predecessor(id, move);
  }

  template <typename Visit>
  void forEachMove(uint32_t id, Visit&& visit) const {
    if (id != source_) return graph_.forEachMove(id, visit);
    for (uint32_t s : starts_) visit(s, 0.0, kNoMove, [] { return 0.0; });
  }

 private:
  const Graph& graph_;
  std::span<const uint32_t> starts_;
  uint32_t source_;
};

}  // namespace

std::span<const OptionField<WorldHierarchyOptions>> WorldHierarchyOptions::fields() {
  using O = WorldHierarchyOptions;
  using F = OptionField<O>;
  // Rows: {name, label, command-line flag, doc, details}, then the member and its range.
  static const F table[] = {
      rangeOption({"clusterSide", "cluster side", "cluster-side", "level-1 clusters are boxes of S x S columns",
                   "Level-1 clusters are boxes of `clusterSide` × `clusterSide` columns ..."},
                  &O::clusterSide, 2, 1024),
      rangeOption({"clusterLevels", "cluster levels", "cluster-levels",
                   "... and L levels; each abstraction level above doubles the box on every axis",
                   "... and `clusterLevels` levels; each abstraction level above doubles the box on every axis."},
                  &O::clusterLevels, 1, 1024),
      rangeOption({"levels", "levels", "levels", "abstraction levels"}, &O::levels, 1, kMaxLevels),
      rangeOption({"entranceWidth", "entrance width", "entrance-width",
                   "crossings spanning this many positions or more get two transitions, shorter ones one",
                   "Crossings between two clusters spanning this many positions or more get two transitions, "
                   "shorter ones one."},
                  &O::entranceWidth, 1, 1024),
      rangeOption({"entranceSpacing", "entrance spacing", "entrance-spacing",
                   "wider crossings also keep one every N positions between their ends (0: ends only)",
                   "Crossings wider than `entranceWidth` also keep a transition every `entranceSpacing` positions "
                   "between their ends (0: the ends only)."},
                  &O::entranceSpacing, 0, 1024),
      flagOption({"boxTrees", "box trees", "no-box-trees",
                  "each level-1 node's shortest-path tree over its box: start and goal joined by lookups",
                  "Each level-1 node keeps its shortest-path tree over its box (DHPA*): start and goal are "
                  "joined to their box's nodes by lookups instead of a search."},
                 &O::boxTrees, false),
      rangeOption(
          {"landmarks", "landmarks", "landmarks", "landmarks of the top level's differential heuristic, 0 = off",
           "Landmarks of a differential heuristic on the top level's graph (ALT): for each of this many "
           "far-apart nodes, the distance to every node, a lower bound beside the straight-line one. The "
           "same paths with fewer expansions (long queries 2-5 times faster on 256 x 256 x 16 worlds); a "
           "change of the top-level graph repairs them with a search from the clusters it changed, and keeps "
           "them admissible."},
          &O::landmarks, 0, 32),
      flagOption({"distanceTable", "distance table", "distance-table",
                  "exact distances between every two top-level nodes (no abstract search)",
                  "Exact distances between every two nodes of the top level: the abstract path is read off this "
                  "table instead of searched (same path costs). Costs 5 bytes per pair of top-level nodes and one "
                  "search of the top-level graph per node at build, load and after every change of the top-level "
                  "graph; left out when the top level has more than 4,096 nodes."},
                 &O::distanceTable),
      rangeOption({"maxDetour", "max detour", "max-detour",
                   "paths at most (1 + X) x the shortest, guaranteed (0.05: 5% longer at most), 0 = no bound",
                   "A guarantee on every path `findPath` returns: it costs at most (1 + `maxDetour`) × the shortest "
                   "path's cost (0.05: at most 5% longer). A hierarchical path that the straight-line bound cannot "
                   "vouch for is checked by an A* over the world that opens only cells whose g + h is below its "
                   "cost / (1 + `maxDetour`): it either finds a shortest path, returned instead, or proves that the "
                   "hierarchical path keeps the bound. A smaller bound checks more paths and costs more time (the "
                   "figures: bench/results/tails.md). 0 (the default) checks nothing. Plans refined segment by "
                   "segment are not bounded."},
                  &O::maxDetour, 0, 10),
  };
  return table;
}

WorldHierarchy::WorldHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options)
    : world_(world), options_(options) {
  for (int32_t l = 0; l < options.levels; ++l) {
    // Doubling on every axis, never clipped to the world: boxes stay unions of the level below's.
    const int32_t scale = int32_t{1} << l;
    const int64_t side = static_cast<int64_t>(options.clusterSide) * scale;
    const int64_t tall = static_cast<int64_t>(options.clusterLevels) * scale;
    layouts_.emplace_back(static_cast<int32_t>(std::min<int64_t>(side, 1 << 30)),
                          static_cast<int32_t>(std::min<int64_t>(tall, 1 << 30)), world.width(), world.height(),
                          world.levels());
    LevelGraph& g = graphs_.emplace_back();
    g.clusterNodes.resize(static_cast<size_t>(layouts_.back().count()));
  }
  components_ = WorldComponents(world_, layouts_.front());
  if (options.boxTrees) trees_.reset(layouts_.front().count());
  transitions_.resize(static_cast<size_t>(layouts_.front().count()));
  boxCellsVersion_.assign(static_cast<size_t>(layouts_.front().count()), 0);
  for (int32_t l = 1; l <= options.levels; ++l) stats_.clusters[l - 1] = static_cast<uint32_t>(layout(l).count());
}

// The phases of a build as shares of the whole: the scan of the boxes (regions, then transitions) takes
// the first kScanShare; the rest is estimated once level 1's nodes are placed. Units of work: a cell
// settled by a box's search (one per node for its intra-edges, one per node for its trees) is one; a
// level above searches the nodes of the level below in each of its clusters, and the component join and
// the top level's searches (one per landmark and per table row) are counted by node and edge, each worth
// kAbstractWork, times the weight of its phase. The weights follow native builds of the generated caves,
// towers and hills of 192 x 192 x 24 (the table, when on, is most of a build: 85 to 95%).
struct WorldHierarchy::BuildProgress {
  static constexpr double kScanShare = 0.03;
  static constexpr double kAbstractWork = 0.5;
  static constexpr double kUpperWeight = 48, kLandmarkWeight = 8, kTableWeight = 2.5;

  Progress& progress;
  double clustersEnd = 1, levelsEnd = 1, componentsEnd = 1, landmarksEnd = 1;  // the ends of the spans
  double treesFrom = 1;  // the share of the "clusters" phase where the trees start

  void planned(const WorldHierarchy& h) {
    const WorldHierarchyOptions& o = h.options();
    const WorldClusterLayout& boxes = h.layout(1);
    double edges = 0, nodes = 0, pairs = 0;
    for (int32_t c = 0; c < boxes.count(); ++c) {
      const Box b = boxes.box(c);
      const double k = static_cast<double>(h.transitions_[static_cast<size_t>(c)].size());
      edges += static_cast<double>(b.volume()) * (k + 1);
      nodes += k;
      pairs += k * k;
    }
    const double trees = o.boxTrees ? edges : 0;
    // Each level above: every node of the level below searched from, over its cluster's share of the graph.
    const double upper = (o.levels - 1) * (nodes + pairs) * kUpperWeight * kAbstractWork;
    const double join = static_cast<double>(h.transitions_.size() + nodes) * kAbstractWork;
    double top = 0;
    for (uint32_t n = 0; n < h.nodeCount(); ++n) top += h.nodeLevel(n) >= o.levels ? 1 : 0;
    const double topSearch = (top + pairs * (nodes > 0 ? top / nodes : 0)) * kAbstractWork;
    const double landmarks = std::min<double>(o.landmarks, top) * topSearch * kLandmarkWeight;
    const double table = o.distanceTable && top <= NodeDistanceTable::kMaxNodes ? top * topSearch * kTableWeight : 0;
    const double total = std::max(1.0, edges + trees + upper + join + landmarks + table);
    const auto end = [&](double work) { return kScanShare + (1 - kScanShare) * work / total; };
    treesFrom = edges / std::max(1.0, edges + trees);
    clustersEnd = end(edges + trees);
    levelsEnd = end(edges + trees + upper);
    componentsEnd = end(edges + trees + upper + join);
    landmarksEnd = end(edges + trees + upper + join + landmarks);
  }
};

bool WorldHierarchy::buildStep(double share) const {
  return building_ == nullptr || building_->progress.advance(share);
}
bool WorldHierarchy::buildCancelled() const { return building_ != nullptr && building_->progress.cancelled(); }

std::optional<WorldHierarchy> WorldHierarchy::build(const BlockWorld& world, const WorldHierarchyOptions& options,
                                                    std::string& error, const AskForBytes& ask, Progress* progress) {
  error = options.check();
  if (!error.empty()) return std::nullopt;
  const auto t0 = std::chrono::steady_clock::now();
  Progress silent;
  BuildProgress plan{progress ? *progress : silent};
  WorldHierarchy h(world, options);
  std::vector<int32_t> all(static_cast<size_t>(h.layout(1).count()));
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int32_t>(c);
  h.building_ = &plan;
  const bool built = h.rebuild(all, true, nullptr);
  h.building_ = nullptr;  // the hierarchy is moved out; updates report nothing
  if (!built) {
    error = kCancelledByProgress;
    return std::nullopt;
  }
  if (ask && !(error = ask(h.heuristicsBytes())).empty()) return std::nullopt;
  if (!h.computeHeuristics(plan.progress, plan.componentsEnd, plan.landmarksEnd)) {
    error = kCancelledByProgress;
    return std::nullopt;
  }
  plan.progress.finish();
  h.stats_.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return h;
}

namespace {
std::string voxelAt(Voxel v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}
std::string outsideWorld(const BlockWorld& world) {
  return " is outside the " + std::to_string(world.width()) + "x" + std::to_string(world.height()) + "x" +
         std::to_string(world.levels()) + " world";
}
}  // namespace

std::string WorldHierarchy::applyBlockChanges(std::span<const BlockChange> changes, WorldUpdateStats* stats,
                                              const AskForBytes& ask) {
  const auto t0 = std::chrono::steady_clock::now();
  for (const BlockChange& c : changes) {
    const std::string at = voxelAt(c.at);
    if (!world_.inside(c.at)) return "block " + at + outsideWorld(world_);
    if (static_cast<uint8_t>(c.block) >= kBlockKindCount)
      return "block code " + std::to_string(static_cast<unsigned>(c.block)) + " at " + at + " is not a block (0.." +
             std::to_string(kBlockKindCount - 1) + ": " + std::string(kBlockChars, kBlockKindCount) + ")";
  }
  if (std::string refused = askBeforeUpdate(ask); !refused.empty()) return refused;
  WorldUpdateStats local;
  WorldUpdateStats& s = stats ? *stats : local;
  s = WorldUpdateStats{};
  // The boxes of the cells whose moves (or standing) a change altered: what the rules read
  // (BlockWorld::cellsReading) compared before and after.
  std::vector<int32_t> relabel;
  const WorldClusterLayout& boxes = layout(1);
  struct CellState {
    uint32_t moves;
    bool standing;
  };
  std::vector<CellState> before;
  changedCells_.clear();
  for (const BlockChange& c : changes) {
    if (world_.blockAt(c.at) == c.block) continue;
    ++s.blocksChanged;
    const Box reach = world_.cellsReading(c.at);
    before.clear();
    for (int32_t z = reach.z0; z < reach.z1; ++z)
      for (int32_t y = reach.y0; y < reach.y1; ++y)
        for (int32_t x = reach.x0; x < reach.x1; ++x)
          before.push_back(CellState{world_.moveMask(world_.index(x, y, z)), world_.standing(x, y, z)});
    world_.setBlock(c.at.x, c.at.y, c.at.z, c.block);
    size_t i = 0;
    for (int32_t z = reach.z0; z < reach.z1; ++z)
      for (int32_t y = reach.y0; y < reach.y1; ++y)
        for (int32_t x = reach.x0; x < reach.x1; ++x, ++i)
          if (before[i].moves != world_.moveMask(world_.index(x, y, z)) ||
              before[i].standing != world_.standing(x, y, z)) {
            ++s.cellsChanged;
            relabel.push_back(boxes.clusterOf(Voxel{x, y, z}));
            changedCells_.push_back(world_.index(x, y, z));
          }
  }
  finishChanges(!changes.empty(), relabel, s);
  s.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  return "";
}

std::string WorldHierarchy::applyCostChanges(std::span<const CostChange> changes, WorldUpdateStats* stats,
                                             const AskForBytes& ask) {
  const auto t0 = std::chrono::steady_clock::now();
  for (const CostChange& c : changes) {
    if (!world_.inside(c.at)) return "cost change " + voxelAt(c.at) + outsideWorld(world_);
    if (c.value == 0)
      return "cost layer value 0 at " + voxelAt(c.at) + ": values are 1..255 sixteenths of a move's cost";
  }
  if (std::string refused = askBeforeUpdate(ask); !refused.empty()) return refused;
  WorldUpdateStats local;
  WorldUpdateStats& s = stats ? *stats : local;
  s = WorldUpdateStats{};
  // A cell's weight enters the costs of the moves of the cells around it (BlockWorld::cellsWeighing):
  // every standing one there counts as changed, a superset of those whose move costs changed, so the
  // distances from them that decide which edges stay (rebuildLevel1Edges) are the same before and after.
  std::vector<int32_t> relabel;
  const WorldClusterLayout& boxes = layout(1);
  changedCells_.clear();
  for (const CostChange& c : changes) {
    if (world_.costLayerAt(world_.index(c.at)) == c.value) continue;
    ++s.costsChanged;
    world_.setCellCost(c.at, c.value);
    const Box reach = world_.cellsWeighing(c.at);
    for (int32_t z = reach.z0; z < reach.z1; ++z)
      for (int32_t y = reach.y0; y < reach.y1; ++y)
        for (int32_t x = reach.x0; x < reach.x1; ++x)
          if (world_.moveMask(world_.index(x, y, z)) != 0) {
            relabel.push_back(boxes.clusterOf(Voxel{x, y, z}));
            changedCells_.push_back(world_.index(x, y, z));
          }
  }
  finishChanges(!changes.empty(), relabel, s);
  s.cellsChanged = static_cast<uint32_t>(changedCells_.size());
  s.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  return "";
}

void WorldHierarchy::finishChanges(bool any, std::vector<int32_t>& relabel, WorldUpdateStats& s) {
  sortUnique(relabel);
  sortUnique(changedCells_);
  if (any) ++version_;
  if (relabel.empty()) return;
  for (int32_t box : relabel) boxCellsVersion_[static_cast<size_t>(box)] = version_;
  rebuild(relabel, false, &s);
  // The top level's heuristics, again when its graph changed (the last level rebuilt is the top's).
  const std::vector<uint8_t>& top = levelUpdates_[1].changed;
  if (std::find(top.begin(), top.end(), uint8_t{1}) != top.end()) updateHeuristics();
}

bool WorldHierarchy::rebuild(const std::vector<int32_t>& relabel, bool everything, WorldUpdateStats* stats) {
  const WorldClusterLayout& boxes = layout(1);
  if (building_ && !building_->progress.begin(BuildPhase::Entrances, 0, BuildProgress::kScanShare)) return false;
  // What the join of the component labels reads of the relabelled boxes, before: their regions (by first
  // cell) and the pairs of regions their transitions link (the transitions elsewhere stay as they are).
  std::vector<std::vector<int32_t>> oldFirsts;
  std::vector<RegionLink> oldLinks;
  for (int32_t c : relabel) appendRegionLinks(c, oldLinks);
  for (size_t i = 0; i < relabel.size(); ++i) {
    oldFirsts.push_back(components_.regionFirsts(relabel[i]));
    components_.relabelBox(world_, relabel[i]);
    // The regions take about half the scan, the transitions the rest.
    if (!buildStep(0.5 * static_cast<double>(i + 1) / static_cast<double>(relabel.size()))) return false;
  }

  // The transitions of every border of a relabelled box, chosen again; the boxes whose transitions
  // changed lose or gain nodes, and are rebuilt with the relabelled ones.
  std::vector<Transition> fresh;
  chooseTransitions(relabel, fresh);
  std::vector<int32_t> affected = relabel;
  for (int32_t c : relabel) appendNeighbours(boxes, c, affected);
  sortUnique(affected);
  auto relabelled = [&](int32_t c) { return std::binary_search(relabel.begin(), relabel.end(), c); };
  // The fresh transitions of each affected box.
  std::vector<std::vector<Transition>>& lists = transitionLists_;  // reused: the lists keep their memory
  if (lists.size() < affected.size()) lists.resize(affected.size());
  for (size_t i = 0; i < affected.size(); ++i) lists[i].clear();
  auto listOf = [&](int32_t c) -> std::vector<Transition>& {
    return lists[static_cast<size_t>(std::lower_bound(affected.begin(), affected.end(), c) - affected.begin())];
  };
  for (const Transition& t : fresh) {
    listOf(t.boxA).push_back(t);
    listOf(t.boxB).push_back(t);
  }
  std::vector<int32_t> rebuilt;
  int64_t transitionEnds = 0;  // change of the transitions listed, each once per box it joins
  for (size_t i = 0; i < affected.size(); ++i) {
    const int32_t c = affected[i];
    std::vector<Transition>& list = lists[i];
    // Kept: the transitions of borders with no relabelled box on either side.
    if (!relabelled(c))
      for (const Transition& t : transitions_[static_cast<size_t>(c)]) {
        if (!relabelled(t.boxOther(c))) list.push_back(t);
      }
    std::sort(list.begin(), list.end());
    std::vector<Transition>& stored = transitions_[static_cast<size_t>(c)];
    if (list != stored) {
      transitionEnds += static_cast<int64_t>(list.size()) - static_cast<int64_t>(stored.size());
      stored.swap(list);
      rebuilt.push_back(c);
    } else if (relabelled(c)) {
      rebuilt.push_back(c);
    }
  }

  stats_.transitions = static_cast<uint32_t>(static_cast<int64_t>(stats_.transitions) + transitionEnds / 2);

  // Level 1, then each level above: the clusters that contain one whose graph changed.
  LevelUpdate& below = levelUpdates_[0];
  LevelUpdate& update = levelUpdates_[1];  // reused: their snapshots keep their memory
  update.rebuilt.swap(rebuilt);
  for (int32_t level = 1; level <= levels(); ++level) {
    if (level > 1) {
      std::swap(below, update);
      const WorldClusterLayout& lower = layout(level - 1);
      update.rebuilt.clear();
      for (size_t i = 0; i < below.rebuilt.size(); ++i)
        if (below.changed[i]) {
          const Box b = lower.box(below.rebuilt[i]);
          update.rebuilt.push_back(layout(level).clusterOf(Voxel{b.x0, b.y0, b.z0}));
        }
      sortUnique(update.rebuilt);
      if (building_ && level == 2 &&
          !building_->progress.begin(BuildPhase::Levels, building_->clustersEnd, building_->levelsEnd))
        return false;
    }
    if (update.before.size() < update.rebuilt.size()) update.before.resize(update.rebuilt.size());
    for (size_t i = 0; i < update.rebuilt.size(); ++i) snapshot(level, update.rebuilt[i], update.before[i]);
    if (level == 1) {
      rebuildNodes(update.rebuilt);
      // The nodes and their levels are known: the rest of the build can be estimated.
      if (building_) {
        building_->planned(*this);
        if (!building_->progress.begin(BuildPhase::Clusters, BuildProgress::kScanShare, building_->clustersEnd))
          return false;
      }
      rebuildLevel1Edges(update.rebuilt, update.before);
      if (options_.boxTrees && !buildCancelled()) rebuildTrees(update.rebuilt);
    } else {
      rebuildUpperLevel(level, below, update);
    }
    if (buildCancelled()) return false;
    update.changed.assign(update.rebuilt.size(), 0);
    int64_t nodes = 0, edgeCount = 0;  // the figures' change
    for (size_t i = 0; i < update.rebuilt.size(); ++i) {
      const int32_t c = update.rebuilt[i];
      update.changed[i] = !sameAs(level, c, update.before[i]);
      nodes +=
          static_cast<int64_t>(clusterNodes(level, c).size()) - static_cast<int64_t>(update.before[i].nodes.size());
      edgeCount -= static_cast<int64_t>(update.before[i].edges.size());
      for (uint32_t n : clusterNodes(level, c)) edgeCount += edges(level, n).size();
    }
    stats_.nodes[level - 1] = static_cast<uint32_t>(stats_.nodes[level - 1] + nodes);
    stats_.edges[level - 1] = static_cast<uint32_t>(stats_.edges[level - 1] + edgeCount);
    if (stats) stats->rebuiltClusters[level - 1] = update.rebuilt;
    compact(level);
  }
  for (uint32_t n : freedNodes_) freed_[n] = 0;
  freedNodes_.clear();

  if (building_ && !building_->progress.begin(BuildPhase::Components, building_->levelsEnd, building_->componentsEnd))
    return false;
  const bool joined = rejoinComponents(relabel, everything, oldFirsts, oldLinks);
  if (stats) stats->componentsJoined = joined;
  return true;
}

bool WorldHierarchy::rejoinComponents(const std::vector<int32_t>& relabel, bool everything,
                                      const std::vector<std::vector<int32_t>>& oldFirsts,
                                      std::vector<RegionLink>& oldLinks) {
  // Joined again unless the relabelled boxes kept what the join reads, their number of regions and the
  // set of region pairs their transitions link (a transition that moved within its entrance links the
  // same two regions): the join would then make the same components, numbered alike unless a moved
  // first cell changed their order.
  bool sameConnectivity = !everything, sameFirsts = true;
  for (size_t i = 0; i < relabel.size() && sameConnectivity; ++i) {
    sameConnectivity = oldFirsts[i].size() == components_.regionFirsts(relabel[i]).size();
    sameFirsts = sameFirsts && oldFirsts[i] == components_.regionFirsts(relabel[i]);
  }
  if (sameConnectivity) {
    std::vector<RegionLink> newLinks;
    for (int32_t c : relabel) appendRegionLinks(c, newLinks);
    for (std::vector<RegionLink>* links : {&oldLinks, &newLinks}) {
      std::sort(links->begin(), links->end());
      links->erase(std::unique(links->begin(), links->end()), links->end());
    }
    sameConnectivity = oldLinks == newLinks && (sameFirsts || components_.labelsInOrder());
  }
  if (!sameConnectivity) joinComponents();
  return !sameConnectivity;
}

void WorldHierarchy::chooseTransitions(const std::vector<int32_t>& relabelled, std::vector<Transition>& out) const {
  // Every crossing of a border of those boxes, from its lower cell, with the pair of regions it joins.
  struct Crossing {
    int32_t clusterA, clusterB;
    uint32_t regionA, regionB;
    int32_t pos;  // along the face: y for a move across x, else x
    int32_t z;
    int32_t cell, move;
    auto group() const { return std::tie(clusterA, clusterB, regionA, regionB); }
    // The move too: crossings from one cell by two moves (a climb north and south) must not tie, or an
    // unstable sort would pick either depending on the rest of the array.
    auto key() const { return std::tie(clusterA, clusterB, regionA, regionB, pos, z, cell, move); }
  };
  const WorldClusterLayout& boxes = layout(1);
  std::vector<Crossing> crossings;
  for (int32_t c : relabelled) {
    const Box box = boxes.box(c);
    for (int32_t z = box.z0; z < box.z1; ++z)
      for (int32_t y = box.y0; y < box.y1; ++y) {
        // Inside the box only the cells of its x faces can have a move that leaves it.
        const bool wholeRow = z == box.z0 || z == box.z1 - 1 || y == box.y0 || y == box.y1 - 1;
        const int32_t step = wholeRow ? 1 : std::max(1, box.width() - 1);
        for (int32_t x = box.x0; x < box.x1; x += step) {
          const int32_t cell = world_.index(x, y, z);
          const uint32_t mask = world_.moveMask(cell) & kCrossingMoves;
          for (uint32_t bits = mask; bits; bits &= bits - 1) {
            const int m = __builtin_ctz(bits);
            const Voxel there{x + kWorldMoveDx[m], y + kWorldMoveDy[m], z + kWorldMoveDz[m]};
            if (box.contains(there)) continue;
            const int32_t other = boxes.clusterOf(there);
            // A crossing between two relabelled boxes is seen from both: kept from its lower cell's box.
            const int32_t next = cell + world_.moveOffset(m);
            if (next < cell && std::binary_search(relabelled.begin(), relabelled.end(), other)) continue;
            const int32_t a = std::min(cell, next), b = std::max(cell, next);
            const int move = next > cell ? m : reverseWorldMove(m);
            // The lower cell's coordinates, from this cell's and the move (no index divided).
            const Voxel va = next > cell ? Voxel{x, y, z} : there;
            crossings.push_back(Crossing{next > cell ? c : other, next > cell ? other : c, components_.regionOf(a),
                                         components_.regionOf(b), kWorldMoveDx[move] != 0 ? va.y : va.x, va.z, a,
                                         move});
          }
        }
      }
  }
  std::sort(crossings.begin(), crossings.end(), [](const Crossing& p, const Crossing& q) { return p.key() < q.key(); });

  // Each group (the crossings between two regions of two boxes) is an entrance: it keeps its middle
  // crossing when it spans fewer than entranceWidth positions along the face, else its two ends.
  out.clear();
  auto keep = [&](const Crossing& c) {
    out.push_back(Transition{c.cell, c.cell + world_.moveOffset(c.move), c.move, c.clusterA, c.clusterB});
  };
  for (size_t i = 0; i < crossings.size();) {
    size_t end = i + 1;
    while (end < crossings.size() && crossings[end].group() == crossings[i].group()) ++end;
    if (crossings[end - 1].pos - crossings[i].pos + 1 < options_.entranceWidth) {
      keep(crossings[i + (end - i) / 2]);
    } else {
      keep(crossings[i]);
      // Between the ends, the first crossing at least entranceSpacing positions past the last kept one.
      for (size_t k = i + 1, last = i; options_.entranceSpacing > 0 && k + 1 < end; ++k)
        if (crossings[k].pos - crossings[last].pos >= options_.entranceSpacing &&
            crossings[end - 1].pos - crossings[k].pos >= options_.entranceSpacing)
          keep(crossings[k]), last = k;
      // One crossing is both ends (entranceWidth 1): kept twice, it made two equal edges, which the loader
      // of a saved hierarchy rightly refuses.
      if (end - 1 > i) keep(crossings[end - 1]);
    }
    i = end;
  }
  std::sort(out.begin(), out.end());
}

int32_t WorldHierarchy::crossingLevel(Voxel a, Voxel b) const {
  int32_t level = 0;
  for (size_t l = 0; l < layouts_.size(); ++l)
    if (layouts_[l].clusterOf(a) != layouts_[l].clusterOf(b)) level = static_cast<int32_t>(l + 1);
  return level;
}

void WorldHierarchy::rebuildTrees(const std::vector<int32_t>& boxes) {
  std::vector<Voxel> roots;
  const double from = building_ ? building_->treesFrom : 0;
  for (size_t i = 0; i < boxes.size(); ++i) {
    const int32_t c = boxes[i];
    roots.clear();
    for (uint32_t n : clusterNodes(1, c)) roots.push_back(nodeVoxel_[n]);
    trees_.rebuildBox(world_, c, layout(1).box(c), roots, cellSpace_);
    if (!buildStep(from + (1 - from) * static_cast<double>(i + 1) / static_cast<double>(boxes.size()))) return;
  }
}

uint32_t WorldHierarchy::allocateNode(Voxel v) {
  uint32_t id;
  if (!freeNodes_.empty()) {
    id = freeNodes_.back();
    freeNodes_.pop_back();
    nodeVoxel_[id] = v;
  } else {
    id = static_cast<uint32_t>(nodeVoxel_.size());
    nodeVoxel_.push_back(v);
    nodeLevel_.push_back(0);
    freed_.push_back(0);
    for (LevelGraph& g : graphs_) g.first.push_back(0), g.count.push_back(0), g.searchCount.push_back(0);
  }
  nodeLevel_[id] = 1;
  return id;
}

uint32_t WorldHierarchy::nodeAt(int32_t cell) const {
  const Voxel v = world_.voxelOf(cell);
  for (uint32_t n : graphs_[0].clusterNodes[static_cast<size_t>(layout(1).clusterOf(v))])
    if (nodeVoxel_[n] == v) return n;
  return kNone;
}

void WorldHierarchy::rebuildNodes(const std::vector<int32_t>& clusters) {
  // The new node cells of every cluster: the cells of its transitions that lie in it. Ids of nodes that
  // stay are kept, the others freed, then the new cells get ids (freed ones first).
  std::vector<std::vector<int32_t>> cells(clusters.size());
  for (size_t i = 0; i < clusters.size(); ++i) {
    const int32_t c = clusters[i];
    for (const Transition& t : transitions_[static_cast<size_t>(c)]) cells[i].push_back(t.cellIn(c));
    sortUnique(cells[i]);
    std::vector<uint32_t>& nodes = graphs_[0].clusterNodes[static_cast<size_t>(c)];
    std::vector<uint32_t> kept;
    for (uint32_t n : nodes) {
      if (std::binary_search(cells[i].begin(), cells[i].end(), world_.index(nodeVoxel_[n]))) {
        kept.push_back(n);
        continue;
      }
      // Its edges of the levels above stay until its clusters there are rebuilt (they all are: their
      // nodes changed), so that their rebuild sees the graph as it was.
      nodeLevel_[n] = 0;
      graphs_[0].count[n] = graphs_[0].searchCount[n] = 0;
      freeNodes_.push_back(n);
      freed_[n] = 1;
      freedNodes_.push_back(n);
    }
    nodes.swap(kept);
  }
  for (size_t i = 0; i < clusters.size(); ++i) {
    std::vector<uint32_t>& nodes = graphs_[0].clusterNodes[static_cast<size_t>(clusters[i])];
    const size_t keptCount = nodes.size();
    for (int32_t cell : cells[i]) {
      const Voxel v = world_.voxelOf(cell);
      bool kept = false;
      for (size_t k = 0; k < keptCount && !kept; ++k) kept = nodeVoxel_[nodes[k]] == v;
      if (!kept) nodes.push_back(allocateNode(v));
    }
    std::sort(nodes.begin(), nodes.end());
    for (uint32_t n : nodes) nodeLevel_[n] = 1;
  }
  // A node's level: the highest level whose border one of its transitions crosses.
  for (int32_t c : clusters)
    for (const Transition& t : transitions_[static_cast<size_t>(c)]) {
      const Voxel va = world_.voxelOf(t.a), vb = world_.voxelOf(t.b);
      const uint32_t n = nodeAt(t.cellIn(c));
      nodeLevel_[n] = static_cast<uint8_t>(std::max<int32_t>(nodeLevel_[n], crossingLevel(va, vb)));
    }
}

void WorldHierarchy::appendIntraEdges(std::span<const uint32_t> nodes) {
  const size_t n = nodes.size();
  // Relative: a cost and a sum of two, each a float of a distance, agree to a few float roundings.
  constexpr float kSameLength = 1e-6f;
  // The costs with no edge as infinity: a way through k is finite only when both its edges exist, never
  // through i or j themselves (no node has an edge to itself). pairCost_ is symmetric, so the costs
  // from k to j are row j's.
  reach_.resize(n * n);
  for (size_t e = 0; e < n * n; ++e) reach_[e] = pairCost_[e] >= 0 ? pairCost_[e] : kInfinity;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const float cost = pairCost_[i * n + j];
      if (cost < 0) continue;
      const float* fromI = reach_.data() + i * n;
      const float* fromJ = reach_.data() + j * n;
      // An or of compares rather than a minimum: the compiler vectorizes it (a float minimum it would
      // not reorder).
      const float bound = cost * (1 + kSameLength);
      uint32_t through = 0;
      for (size_t k = 0; k < n; ++k) through |= fromI[k] + fromJ[k] <= bound ? 1u : 0u;
      const bool dominated = through != 0;
      perNode_[i].push_back(NewEdge{WorldEdge{nodes[j], cost}, pairPath_[i * n + j], dominated});
      perNode_[j].push_back(NewEdge{WorldEdge{nodes[i], cost}, EdgePath{}, dominated});
    }
}

void WorldHierarchy::writeEdges(int32_t level, uint32_t node, std::vector<NewEdge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const NewEdge& p, const NewEdge& q) {
    return std::tie(p.dominated, p.edge.to, p.edge.cost) < std::tie(q.dominated, q.edge.to, q.edge.cost);
  });
  LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  g.first[node] = static_cast<uint32_t>(g.pool.size());
  g.count[node] = static_cast<uint32_t>(edges.size());
  g.searchCount[node] = 0;
  for (const NewEdge& e : edges) {
    g.pool.push_back(e.edge);
    g.paths.push_back(e.path);
    g.searchCount[node] += e.dominated ? 0 : 1;
  }
}

WorldHierarchy::EdgePath WorldHierarchy::storedPath(int32_t level, uint32_t from, uint32_t to, bool& reversed) const {
  reversed = from > to;
  const uint32_t owner = std::min(from, to), other = std::max(from, to);
  // In either part of the owner's edges (edges()), each sorted by target.
  const std::span<const WorldEdge> all = edges(level, owner);
  const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  auto byTarget = [](const WorldEdge& x, uint32_t id) { return x.to < id; };
  const auto searched = all.begin() + g.searchCount[owner];
  auto at = std::lower_bound(all.begin(), searched, other, byTarget);
  if (at == searched || at->to != other) at = std::lower_bound(searched, all.end(), other, byTarget);
  return g.paths[g.first[owner] + static_cast<size_t>(at - all.begin())];
}

void WorldHierarchy::appendEdgePath(int32_t level, uint32_t from, uint32_t to, std::vector<Voxel>& cells) const {
  const Voxel a = nodeVoxel_[from], b = nodeVoxel_[to];
  const WorldClusterLayout& lay = layout(level);
  if (lay.clusterOf(a) != lay.clusterOf(b)) {  // an inter-edge: one move across a border
    cells.push_back(b);
    return;
  }
  bool reversed = false;
  const EdgePath path = storedPath(level, from, to, reversed);
  const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  if (level == 1) {
    const uint8_t* moves = g.moves.data() + path.first;
    auto step = [](Voxel& v, uint8_t m) {
      v.x += kWorldMoveDx[m];
      v.y += kWorldMoveDy[m];
      v.z += kWorldMoveDz[m];
    };
    Voxel v = reversed ? b : a;
    if (!reversed) {
      for (uint32_t k = 0; k < path.length; ++k) step(v, moves[k]), cells.push_back(v);
      return;
    }
    // Stored from `to`: its cells from b, less the last (a), in reverse order.
    const size_t first = cells.size();
    cells.push_back(v);
    for (uint32_t k = 0; k + 1 < path.length; ++k) step(v, moves[k]), cells.push_back(v);
    std::reverse(cells.begin() + static_cast<std::ptrdiff_t>(first), cells.end());
    return;
  }
  const uint32_t* via = g.via.data() + path.first;
  uint32_t at = from;
  for (uint32_t k = 0; k < path.length; ++k) {
    const uint32_t next = via[reversed ? path.length - 1 - k : k];
    appendEdgePath(level - 1, at, next, cells);
    at = next;
  }
  appendEdgePath(level - 1, at, to, cells);
}

bool WorldHierarchy::distancesFromChanges(int32_t box, std::span<const uint32_t> nodes, double* out) {
  std::fill(out, out + nodes.size(), kUnreached);
  const Box area = layout(1).box(box);
  const BlockWorldGraph graph(world_, area, Voxel{area.x0, area.y0, area.z0});
  sources_.clear();
  for (int32_t cell : changedCells_) {
    const Voxel v = world_.voxelOf(cell);
    if (area.contains(v)) sources_.push_back(graph.idOf(v));
  }
  if (sources_.empty() || nodes.empty()) return !sources_.empty();
  const FromSeveralStarts<BlockWorldGraph> fromChanges(graph, sources_);
  if (targets_.size() < fromChanges.nodeCount()) targets_.resize(fromChanges.nodeCount(), 0);
  uint32_t count = 0;
  for (uint32_t n : nodes) {
    uint8_t& t = targets_[graph.idOf(nodeVoxel_[n])];
    count += t == 0 ? 1 : 0;
    t = 1;
  }
  BestFirstSearch::search<false>(cellSpace_, fromChanges, fromChanges.source(), BestFirstSearch::kNone, targets_.data(),
                                 count);
  for (size_t k = 0; k < nodes.size(); ++k) {
    const uint32_t id = graph.idOf(nodeVoxel_[nodes[k]]);
    targets_[id] = 0;
    if (cellSpace_.closed(id)) out[k] = cellSpace_.g()[id];
  }
  return true;
}

void WorldHierarchy::rebuildLevel1Edges(const std::vector<int32_t>& clusters,
                                        const std::vector<ClusterSnapshot>& before) {
  const WorldClusterLayout& boxes = layout(1);
  for (size_t ci = 0; ci < clusters.size(); ++ci) {
    const int32_t c = clusters[ci];
    const std::span<const uint32_t> nodes = clusterNodes(1, c);
    const size_t n = nodes.size();
    if (perNode_.size() < n) perNode_.resize(n);
    for (size_t i = 0; i < n; ++i) perNode_[i].clear();
    auto position = [&](uint32_t node) {
      return static_cast<size_t>(std::lower_bound(nodes.begin(), nodes.end(), node) - nodes.begin());
    };
    // Inter-edges: one move across the border.
    for (const Transition& t : transitions_[static_cast<size_t>(c)]) {
      const uint32_t here = nodeAt(t.cellIn(c)), there = nodeAt(t.cellIn(t.boxOther(c)));
      perNode_[position(here)].push_back(
          NewEdge{WorldEdge{there, static_cast<float>(world_.moveCost(t.a, t.move))}, {}});
    }

    // Intra-edges: a pair of nodes of one region has the shortest in-box distance between them (other
    // regions: no path inside the box).
    nodeRegions_.resize(n);
    for (size_t i = 0; i < n; ++i) nodeRegions_[i] = components_.regionOf(world_.index(nodeVoxel_[nodes[i]]));
    pairCost_.assign(n * n, kNoEdge);
    pairPath_.assign(n * n, EdgePath{});
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j)
        if (i != j && nodeRegions_[i] == nodeRegions_[j]) pairCost_[i * n + j] = kSearch;
    // An old intra-edge between two nodes that stay is still exact when it is shorter than every path
    // through a changed cell: then its path kept off them, and a path off the changed cells takes the
    // same moves in both worlds. A path through a changed cell is no shorter than the two nodes'
    // distances from the changed cells (the moves are symmetric), which are the same before and after
    // the change: the way to the nearest changed cell takes only moves of unchanged cells. A box
    // without a changed cell (rebuilt for its transitions) keeps every one.
    const ClusterSnapshot& old = before[ci];
    if (!old.nodes.empty()) {
      newDistance_.resize(n);
      distancesFromChanges(c, nodes, newDistance_.data());
      auto kept = [&](uint32_t node) {  // the node was in the box at the same cell before
        const auto at = std::lower_bound(old.nodes.begin(), old.nodes.end(), node);
        return at != old.nodes.end() && *at == node &&
               old.voxels[static_cast<size_t>(at - old.nodes.begin())] == nodeVoxel_[node];
      };
      size_t k = 0;
      for (size_t o = 0; o < old.nodes.size(); k += old.counts[o], ++o) {
        const uint32_t from = old.nodes[o];
        if (!kept(from)) continue;
        const size_t i = position(from);
        if (i == n || nodes[i] != from) continue;
        for (size_t e = k; e < k + old.counts[o]; ++e) {
          const uint32_t to = old.edges[e].to;
          const size_t j = position(to);
          if (j == n || nodes[j] != to || pairCost_[i * n + j] != kSearch || !kept(to)) continue;
          if (old.edges[e].cost + kKeepMargin < newDistance_[i] + newDistance_[j]) {
            // Its path too: it kept off the changed cells, so its moves are the same (below).
            pairCost_[i * n + j] = pairCost_[j * n + i] = old.edges[e].cost;
            if (i < j) pairPath_[i * n + j] = old.paths[e];
          }
        }
      }
    }
    // The others by Dijkstra over the box's cells.
    const Box box = boxes.box(c);
    const BlockWorldGraph graph(world_, box, Voxel{box.x0, box.y0, box.z0});  // Dijkstra: no goal
    std::vector<uint8_t>& moves = graphs_[0].moves;
    // A path's moves from the search's tree, target back to source, stored from the lower node: the
    // source's moves in reverse order, or the target's (each move reversed) in this order.
    auto storeMoves = [&](size_t source, size_t target, uint32_t id) {
      const size_t first = moves.size();
      const uint8_t* parent = cellSpace_.parents();
      for (; parent[id] != BestFirstSearch::kNoParent<uint8_t>; id = graph.predecessor(id, parent[id]))
        moves.push_back(parent[id]);
      const auto begin = moves.begin() + static_cast<std::ptrdiff_t>(first);
      if (source < target)
        std::reverse(begin, moves.end());
      else
        std::transform(begin, moves.end(), begin, [](uint8_t m) { return static_cast<uint8_t>(reverseWorldMove(m)); });
      return EdgePath{static_cast<uint32_t>(first), static_cast<uint32_t>(moves.size() - first)};
    };
    searchPairs(
        n, graph, cellSpace_, [&](size_t i) { return graph.idOf(nodeVoxel_[nodes[i]]); }, storeMoves);
    appendIntraEdges(nodes);
    for (size_t i = 0; i < n; ++i) writeEdges(1, nodes[i], perNode_[i]);
    const double edgesShare = building_ ? building_->treesFrom : 1;
    if (!buildStep(edgesShare * static_cast<double>(ci + 1) / static_cast<double>(clusters.size()))) return;
  }
}

template <typename Graph, typename Space, typename IdOf, typename StorePath>
void WorldHierarchy::searchPairs(size_t n, const Graph& graph, Space& space, IdOf&& idOf, StorePath&& storePath) {
  // Each search from the node with the most pairs left (from every node to the later ones in a build),
  // stopped once it has settled them.
  unresolved_.assign(n, 0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) unresolved_[i] += pairCost_[i * n + j] == kSearch ? 1 : 0;
  if (targets_.size() < graph.nodeCount()) targets_.resize(graph.nodeCount(), 0);  // every target set is cleared
  for (;;) {
    const size_t s =
        static_cast<size_t>(std::max_element(unresolved_.begin(), unresolved_.end()) - unresolved_.begin());
    if (n == 0 || unresolved_[s] == 0) break;
    for (size_t j = 0; j < n; ++j)
      if (pairCost_[s * n + j] == kSearch) targets_[idOf(j)] = 1;
    BestFirstSearch::search<false>(space, graph, idOf(s), BestFirstSearch::kNone, targets_.data(), unresolved_[s]);
    for (size_t j = 0; j < n; ++j) {
      if (pairCost_[s * n + j] != kSearch) continue;
      const uint32_t id = idOf(j);
      targets_[id] = 0;
      // Not settled when the search stopped: not reachable.
      pairCost_[s * n + j] = pairCost_[j * n + s] = space.closed(id) ? static_cast<float>(space.g()[id]) : kNoEdge;
      if (space.closed(id)) pairPath_[std::min(s, j) * n + std::max(s, j)] = storePath(s, j, id);
      --unresolved_[j];
    }
    unresolved_[s] = 0;
  }
}

void WorldHierarchy::rebuildUpperLevel(int32_t level, const LevelUpdate& below, const LevelUpdate& update) {
  const WorldClusterLayout& lay = layout(level);
  const WorldClusterLayout& lower = layout(level - 1);
  LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  // First every old node's edges of this level are dropped, then the new ones written: an id freed in
  // one cluster may be in another's new nodes.
  for (int32_t c : update.rebuilt)
    for (uint32_t n : g.clusterNodes[static_cast<size_t>(c)]) g.count[n] = g.searchCount[n] = 0;
  if (localNow_.size() < nodeCount()) localNow_.resize(nodeCount(), kNone);
  std::vector<std::vector<NewEdge>>& perNode = perNode_;  // reused: its lists keep their memory
  for (size_t ci = 0; ci < update.rebuilt.size(); ++ci) {
    const int32_t c = update.rebuilt[ci];
    // The clusters of the level below inside this box, with their graph before when it changed.
    const Box box = lay.box(c);
    int32_t inside[8];
    const ClusterSnapshot* insideBefore[8];
    size_t insideCount = 0;
    const int32_t bx0 = box.x0 / lower.sx, by0 = box.y0 / lower.sy, bz0 = box.z0 / lower.sz;
    for (int32_t bz = bz0; bz < std::min(bz0 + 2, lower.stacks); ++bz)
      for (int32_t by = by0; by < std::min(by0 + 2, lower.rows); ++by)
        for (int32_t bx = bx0; bx < std::min(bx0 + 2, lower.columns); ++bx) {
          const int32_t b = lower.clusterAt(bx, by, bz);
          const auto at = std::lower_bound(below.rebuilt.begin(), below.rebuilt.end(), b);
          const size_t k = static_cast<size_t>(at - below.rebuilt.begin());
          insideBefore[insideCount] =
              at != below.rebuilt.end() && *at == b && below.changed[k] ? &below.before[k] : nullptr;
          inside[insideCount++] = b;
        }
    // Nodes: those of the level below's clusters inside this box that are of this level or higher.
    std::vector<uint32_t>& nodes = g.clusterNodes[static_cast<size_t>(c)];
    nodes.clear();
    for (size_t k = 0; k < insideCount; ++k)
      for (uint32_t n : clusterNodes(level - 1, inside[k]))
        if (nodeLevel_[n] >= level) nodes.push_back(n);
    std::sort(nodes.begin(), nodes.end());
    const size_t n = nodes.size();
    if (perNode.size() < n) perNode.resize(n);
    for (size_t i = 0; i < n; ++i) perNode[i].clear();
    // Inter-edges: the level-1 transitions that leave this box.
    for (size_t i = 0; i < n; ++i)
      for (const WorldEdge& e : edges(1, nodes[i]))
        if (lay.clusterOf(nodeVoxel_[e.to]) != c) perNode[i].push_back(NewEdge{e, {}});

    // The graph of the level below inside the box, over local ids.
    idsNow_.clear();
    for (size_t k = 0; k < insideCount; ++k)
      for (uint32_t m : clusterNodes(level - 1, inside[k])) {
        localNow_[m] = static_cast<uint32_t>(idsNow_.size());
        idsNow_.push_back(m);
      }
    belowNow_.first.assign(1, 0);
    belowNow_.edges.clear();
    for (uint32_t m : idsNow_) {
      for (const WorldEdge& e : edges(level - 1, m))
        if (localNow_[e.to] != kNone) belowNow_.edges.push_back(WorldEdge{localNow_[e.to], e.cost});
      belowNow_.first.push_back(static_cast<uint32_t>(belowNow_.edges.size()));
    }

    // Intra-edges: the shortest distance inside the box in the graph of the level below, for each
    // pair it joins; kept from before where the change cannot have altered it, else searched.
    pairCost_.assign(n * n, kSearch);
    pairPath_.assign(n * n, EdgePath{});
    for (size_t i = 0; i < n; ++i) pairCost_[i * n + i] = kNoEdge;
    if (!update.before[ci].nodes.empty())
      keepUpperEdges(level, nodes, update.before[ci], std::span(inside, insideCount),
                     std::span(insideBefore, insideCount));
    // A path's nodes between its ends from the search's tree, target back to source, stored from the
    // lower node.
    auto storeVia = [&](size_t source, size_t target, uint32_t id) {
      const size_t first = g.via.size();
      const uint32_t* parent = nodeSpace_.parents();
      for (id = parent[id]; parent[id] != BestFirstSearch::kNoParent<uint32_t>; id = parent[id])
        g.via.push_back(idsNow_[id]);
      if (source < target) std::reverse(g.via.begin() + static_cast<std::ptrdiff_t>(first), g.via.end());
      return EdgePath{static_cast<uint32_t>(first), static_cast<uint32_t>(g.via.size() - first)};
    };
    searchPairs(
        n, belowNow_, nodeSpace_, [&](size_t i) { return localNow_[nodes[i]]; }, storeVia);
    appendIntraEdges(nodes);
    for (size_t i = 0; i < n; ++i) writeEdges(level, nodes[i], perNode[i]);
    for (uint32_t m : idsNow_) localNow_[m] = kNone;
    // The levels above share the phase equally (each has fewer clusters, of more nodes).
    const double done = (level - 2 + static_cast<double>(ci + 1) / static_cast<double>(update.rebuilt.size()));
    if (!buildStep(done / (levels() - 1))) return;
  }
}

void WorldHierarchy::keepUpperEdges(int32_t level, std::span<const uint32_t> nodes, const ClusterSnapshot& before,
                                    std::span<const int32_t> belowClusters,
                                    std::span<const ClusterSnapshot* const> belowBefore) {
  // The level-1 rule (rebuildLevel1Edges) one level up, over belowNow_, the graph of the level below
  // inside the box. What changed is the nodes of that graph whose edges changed (or that came, or
  // whose edges lead to a freed id, which may name another node now); the others have the same edges
  // to the same nodes before and after. So a path that reaches no changed node is one of both graphs,
  // and the distance of a node from the nearest changed one is the same in both. An old edge between
  // two nodes that stay is still exact when it is shorter than every path through a changed node; a
  // pair without an old edge (no path inside the box before) still has none when one of its nodes
  // reaches no changed node.
  changedNow_.clear();
  for (uint32_t k = 0; k < idsNow_.size(); ++k)
    for (const WorldEdge& e : edges(level - 1, idsNow_[k]))
      if (freed_[e.to]) {
        changedNow_.push_back(k);
        break;
      }
  auto sameEdges = [](std::span<const WorldEdge> a, std::span<const WorldEdge> b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const WorldEdge& p, const WorldEdge& q) { return p.to == q.to && p.cost == q.cost; });
  };
  for (size_t k = 0; k < belowClusters.size(); ++k) {
    if (!belowBefore[k]) continue;  // its graph is as it was
    // A node is changed unless it was in the cluster at the same cell with the same edges (a snapshot
    // names a node freed by the update by no cell).
    const ClusterSnapshot& old = *belowBefore[k];
    size_t o = 0, first = 0;
    for (uint32_t m : clusterNodes(level - 1, belowClusters[k])) {
      for (; o < old.nodes.size() && old.nodes[o] < m; ++o) first += old.counts[o];
      if (o == old.nodes.size() || old.nodes[o] != m || old.voxels[o] != nodeVoxel_[m] ||
          !sameEdges(std::span(old.edges.data() + first, old.counts[o]), edges(level - 1, m)))
        changedNow_.push_back(localNow_[m]);
    }
  }
  std::sort(changedNow_.begin(), changedNow_.end());
  changedNow_.erase(std::unique(changedNow_.begin(), changedNow_.end()), changedNow_.end());
  distancesFrom(belowNow_, changedNow_, distanceNow_);
  auto distance = [&](uint32_t node) { return distanceNow_[localNow_[node]]; };

  // The nodes of this level that stay: in the cluster before, not freed by the update.
  const size_t n = nodes.size();
  keptNode_.assign(n, 0);
  for (size_t i = 0; i < n; ++i)
    keptNode_[i] = !freed_[nodes[i]] && std::binary_search(before.nodes.begin(), before.nodes.end(), nodes[i]);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j && keptNode_[i] && keptNode_[j] &&
          (distance(nodes[i]) == kUnreached || distance(nodes[j]) == kUnreached))
        pairCost_[i * n + j] = kNoEdge;  // unless an old edge joins them (below)
  auto position = [&](uint32_t node) {
    return static_cast<size_t>(std::lower_bound(nodes.begin(), nodes.end(), node) - nodes.begin());
  };
  size_t first = 0;
  for (size_t o = 0; o < before.nodes.size(); first += before.counts[o], ++o) {
    const size_t i = position(before.nodes[o]);
    if (i == n || nodes[i] != before.nodes[o] || !keptNode_[i]) continue;
    for (size_t e = first; e < first + before.counts[o]; ++e) {
      const size_t j = position(before.edges[e].to);
      if (j == n || nodes[j] != before.edges[e].to || !keptNode_[j]) continue;  // an inter-edge, or gone
      const bool keep = before.edges[e].cost + kKeepMargin < distance(nodes[i]) + distance(nodes[j]);
      pairCost_[i * n + j] = pairCost_[j * n + i] = keep ? before.edges[e].cost : kSearch;
      // Its path too: its nodes are unchanged ones, joined by the same edges as before.
      if (keep && i < j) pairPath_[i * n + j] = before.paths[e];
    }
  }
}

void WorldHierarchy::distancesFrom(const CompactGraph& graph, std::span<const uint32_t> sources,
                                   std::vector<double>& out) {
  out.assign(graph.nodeCount(), kUnreached);
  if (sources.empty()) return;
  const FromSeveralStarts<CompactGraph> fromSources(graph, sources);
  BestFirstSearch::search<false>(nodeSpace_, fromSources, fromSources.source(), BestFirstSearch::kNone);
  for (uint32_t k = 0; k < graph.nodeCount(); ++k)
    if (nodeSpace_.closed(k)) out[k] = nodeSpace_.g()[k];
}

void WorldHierarchy::snapshot(int32_t level, int32_t cluster, ClusterSnapshot& s) const {
  s.voxels.clear();
  s.levels.clear();
  s.counts.clear();
  s.edges.clear();
  s.paths.clear();
  const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  s.nodes.assign(clusterNodes(level, cluster).begin(), clusterNodes(level, cluster).end());
  for (uint32_t n : s.nodes) {
    // A node freed by the update under way by no cell: its id may name another node now.
    s.voxels.push_back(freed_[n] ? Voxel{-1, -1, -1} : nodeVoxel_[n]);
    s.levels.push_back(nodeLevel_[n]);
    const std::span<const WorldEdge> e = edges(level, n);
    s.counts.push_back(static_cast<uint32_t>(e.size()));
    s.edges.insert(s.edges.end(), e.begin(), e.end());
    s.paths.insert(s.paths.end(), g.paths.begin() + g.first[n], g.paths.begin() + g.first[n] + e.size());
  }
}

bool WorldHierarchy::sameAs(int32_t level, int32_t cluster, const ClusterSnapshot& before) const {
  const std::span<const uint32_t> nodes = clusterNodes(level, cluster);
  if (!std::equal(nodes.begin(), nodes.end(), before.nodes.begin(), before.nodes.end())) return false;
  size_t k = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const uint32_t n = nodes[i];
    const std::span<const WorldEdge> e = edges(level, n);
    if (nodeVoxel_[n] != before.voxels[i] || nodeLevel_[n] != before.levels[i] || e.size() != before.counts[i])
      return false;
    for (const WorldEdge& edge : e) {
      if (edge.to != before.edges[k].to || edge.cost != before.edges[k].cost) return false;
      ++k;
    }
  }
  return true;
}

void WorldHierarchy::compact(int32_t level) {
  // Rebuilt clusters leave their old edges behind in the pool: once they are as many as the live ones,
  // the pool is written again without them (amortized: each edge is copied once per edge written).
  LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
  if (g.pool.size() <= 2 * g.compactSize + 1024) return;
  std::vector<WorldEdge> pool;
  std::vector<EdgePath> paths;
  std::vector<uint8_t> moves;
  std::vector<uint32_t> via;
  size_t live = 0;
  for (uint32_t n = 0; n < nodeCount(); ++n) live += g.count[n];
  pool.reserve(live);
  paths.reserve(live);
  for (uint32_t n = 0; n < nodeCount(); ++n) {
    const uint32_t first = g.first[n];
    g.first[n] = static_cast<uint32_t>(pool.size());
    pool.insert(pool.end(), g.pool.begin() + first, g.pool.begin() + first + g.count[n]);
    for (uint32_t e = first; e < first + g.count[n]; ++e) {
      const EdgePath p = g.paths[e];
      if (level == 1) {
        paths.push_back(EdgePath{static_cast<uint32_t>(moves.size()), p.length});
        moves.insert(moves.end(), g.moves.begin() + p.first, g.moves.begin() + p.first + p.length);
      } else {
        paths.push_back(EdgePath{static_cast<uint32_t>(via.size()), p.length});
        via.insert(via.end(), g.via.begin() + p.first, g.via.begin() + p.first + p.length);
      }
    }
  }
  g.pool.swap(pool);
  g.paths.swap(paths);
  g.moves.swap(moves);
  g.via.swap(via);
  g.compactSize = g.pool.size();
}

void WorldHierarchy::appendRegionLinks(int32_t box, std::vector<RegionLink>& out) const {
  for (const Transition& t : transitions_[static_cast<size_t>(box)])
    out.push_back(RegionLink{t.boxA, components_.regionOf(t.a), t.boxB, components_.regionOf(t.b)});
}

void WorldHierarchy::joinComponents() {
  // Every transition once, from the box of its lower cell: one per pair of regions that a move joins.
  links_.clear();
  for (size_t c = 0; c < transitions_.size(); ++c)
    for (const Transition& t : transitions_[c])
      if (t.boxA == static_cast<int32_t>(c)) links_.push_back(WorldComponents::Link{t.a, t.boxA, t.b, t.boxB});
  components_.join(links_);
}

uint64_t WorldHierarchy::heuristicsBytes(const WorldHierarchyOptions& options, uint32_t nodeIds, uint32_t topNodes) {
  uint64_t bytes = 0;
  const uint64_t ids = nodeIds, top = topNodes;
  if (options.landmarks > 0 && top > 0) {
    // A row of distances per node id, its length rounded up to 4 (LandmarkTable), the landmarks, and the
    // repair's mark per node id (LandmarkRepair).
    const uint64_t count = std::min<uint64_t>(static_cast<uint64_t>(options.landmarks), top);
    bytes += 4 * ids * ((count + 3) & ~uint64_t{3}) + 4 * count + 4 * ids;
  }
  if (options.distanceTable && top > 0 && top <= NodeDistanceTable::kMaxNodes)
    // A float and a first-step byte per pair (NodeDistanceTable), a slot per node id, a node per slot.
    bytes += 5 * top * top + 4 * ids + 4 * top;
  return bytes;
}

uint64_t WorldHierarchy::heuristicsBytes() const {
  return heuristicsBytes(options_, nodeCount(), stats_.nodes[levels() - 1]);
}

std::string WorldHierarchy::askBeforeUpdate(const AskForBytes& ask) const {
  return ask && options_.distanceTable ? ask(heuristicsBytes()) : "";
}

bool WorldHierarchy::computeHeuristics(Progress& progress, double from, double landmarksEnd) {
  if (options_.landmarks == 0 && !options_.distanceTable) return true;
  const auto t0 = std::chrono::steady_clock::now();
  // Landmarks in the large components (WorldLevelDistances::forLandmarks), the table over every node.
  WorldLevelDistances large = WorldLevelDistances::forLandmarks(*this);
  LandmarkTableBuilder landmarks(large, options_.landmarks);
  if (!progress.begin(BuildPhase::Landmarks, from, landmarksEnd)) return false;
  for (double steps = landmarks.stepsLeft(), done = 0; !landmarks.done();) {
    landmarks.step();
    if (!progress.advance(++done / steps)) return false;
  }
  WorldLevelDistances top(*this, levels());
  std::optional<NodeDistanceTableBuilder> distances;
  if (options_.distanceTable) {
    distances.emplace(top);
    if (!progress.begin(BuildPhase::DistanceTable, landmarksEnd, 1)) return false;
    for (double steps = distances->stepsLeft(), done = 0; !distances->done();) {
      distances->step();
      if (!progress.advance(++done / steps)) return false;
    }
  }
  landmarks_ = landmarks.take();
  distances_ = distances ? distances->take() : NodeDistanceTable{};
  stats_.distanceTableNodes = distances_.count();
  landmarkRepair_.reset(landmarks_);
  stats_.heuristicsMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return true;
}

void WorldHierarchy::computeHeuristics() {
  Progress silent;
  computeHeuristics(silent, 0, 1);
}

bool WorldHierarchy::installStoredLandmarks(std::vector<uint32_t> nodes, const std::vector<float>& values,
                                            std::string& error) {
  const size_t k = nodes.size();
  if (options_.landmarks == 0 || k > static_cast<size_t>(options_.landmarks)) {
    error = "landmarks: " + std::to_string(k) + " landmark rows stored, the options ask for " +
            std::to_string(options_.landmarks);
    return false;
  }
  // A landmark need not be a top-level node any more: an edit may have removed it, and its rows stay valid
  // bounds (what the check below asks of them). Only a reached landmark's own zero is read by its id; one
  // whose id went to another node is stored as kRemovedLandmark.
  for (uint32_t n : nodes)
    if (n >= nodeCount() && n != LandmarkTable::kRemovedLandmark) {
      error = "landmarks: landmark node " + std::to_string(n) + " is not a node id (the hierarchy has " +
              std::to_string(nodeCount()) + ")";
      return false;
    }
  const uint32_t rows = static_cast<uint32_t>(values.size() / k);
  landmarks_ = LandmarkTable::fromStored(levels(), std::move(nodes), rows, values);
  if (landmarks_.empty() || rows > nodeCount()) {
    error = "landmarks: " + std::to_string(values.size()) + " values for " + std::to_string(k) +
            " landmarks are not whole rows of finite distances for at most " + std::to_string(nodeCount()) + " nodes";
    landmarks_ = LandmarkTable{};
    return false;
  }
  if (const uint64_t wrong = inconsistentLandmarkBounds(*this); wrong > 0) {
    error = "landmarks: " + std::to_string(wrong) +
            " stored distances differ across an edge of the top level by more than its cost, or top-level nodes have "
            "no row";
    landmarks_ = LandmarkTable{};
    return false;
  }
  landmarkRepair_.reset(landmarks_);
  if (options_.distanceTable) {
    WorldLevelDistances top(*this, levels());
    distances_ = NodeDistanceTable::compute(top);
  }
  stats_.distanceTableNodes = distances_.count();
  return true;
}

void WorldHierarchy::updateHeuristics() {
  // The table is walked as exact distances: only a fresh computation will do.
  if (options_.distanceTable) return computeHeuristics();
  if (options_.landmarks == 0) return;
  // No landmark yet (the top level had no large component): a repair would keep none for ever, while a
  // saved copy, which stores no rows then, computes them on load and answers otherwise (fuzz_world_sequence).
  if (landmarks_.empty()) return computeHeuristics();
  const auto t0 = std::chrono::steady_clock::now();
  // The nodes of the rebuilt top-level clusters are the only ones whose edges changed; those that were
  // not there before with the same cell (new ids, reused ids, nodes new to the level) have no row yet.
  const LevelUpdate& top = levelUpdates_[1];
  dirtyTop_.clear();
  untrustedTop_.clear();
  for (size_t i = 0; i < top.rebuilt.size(); ++i) {
    const ClusterSnapshot& before = top.before[i];
    for (uint32_t n : clusterNodes(levels(), top.rebuilt[i])) {
      dirtyTop_.push_back(n);
      const auto at = std::find(before.nodes.begin(), before.nodes.end(), n);
      if (at == before.nodes.end() || !(before.voxels[static_cast<size_t>(at - before.nodes.begin())] == nodeVoxel_[n]))
        untrustedTop_.push_back(n);
    }
  }
  landmarkRepair_.repair(landmarks_, nodeCount(), dirtyTop_, untrustedTop_,
                         [&](uint32_t n) { return searchEdges(levels(), n); });
  stats_.heuristicsMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

WorldHierarchyStats WorldHierarchy::stats() const {
  WorldHierarchyStats s = stats_;
  s.bytes = nodeVoxel_.capacity() * sizeof(Voxel) + nodeLevel_.capacity() + freeNodes_.capacity() * 4 +
            components_.bytes() + links_.capacity() * sizeof(WorldComponents::Link) + cellSpace_.bytes() +
            nodeSpace_.bytes() + targets_.capacity();
  for (const auto& t : transitions_) s.bytes += t.capacity() * sizeof(Transition);
  for (const LevelGraph& g : graphs_) {
    s.bytes += g.pool.capacity() * sizeof(WorldEdge) + (g.first.capacity() + g.count.capacity()) * 4;
    for (const auto& members : g.clusterNodes) s.bytes += members.capacity() * 4;
    s.pathBytes += g.paths.capacity() * sizeof(EdgePath) + g.moves.capacity() + g.via.capacity() * 4;
  }
  s.treeBytes = trees_.bytes();
  s.landmarkBytes = landmarks_.bytes() + landmarkRepair_.bytes();
  s.distanceTableBytes = distances_.bytes();
  s.bytes += s.landmarkBytes + s.distanceTableBytes;
  s.bytes += s.pathBytes + s.treeBytes + pairPath_.capacity() * sizeof(EdgePath);
  return s;
}

WorldHierarchyParts WorldHierarchy::parts() const {
  WorldHierarchyParts p{.world = world_,
                        .options = options_,
                        .nodeVoxel = nodeVoxel_,
                        .nodeLevel = nodeLevel_,
                        .freeNodes = freeNodes_,
                        .version = version_,
                        .boxCellsVersion = boxCellsVersion_,
                        .levels = {},
                        .landmarkNodes = landmarks_.landmarks(),
                        .landmarkValues = {}};
  for (uint32_t n = 0; n < landmarks_.rows(); ++n)
    p.landmarkValues.insert(p.landmarkValues.end(), landmarks_.distances(n),
                            landmarks_.distances(n) + landmarks_.count());
  for (int32_t level = 1; level <= levels(); ++level) {
    const LevelGraph& g = graphs_[static_cast<size_t>(level - 1)];
    WorldHierarchyParts::Level& out = p.levels.emplace_back();
    out.count = g.count;
    out.searchCount = g.searchCount;
    for (uint32_t n = 0; n < nodeCount(); ++n)
      for (uint32_t e = g.first[n]; e < g.first[n] + g.count[n]; ++e) {
        const EdgePath path = g.paths[e];
        out.edges.push_back(g.pool[e]);
        out.pathLength.push_back(path.length);
        if (level == 1)
          out.moves.insert(out.moves.end(), g.moves.begin() + path.first, g.moves.begin() + path.first + path.length);
        else
          out.via.insert(out.via.end(), g.via.begin() + path.first, g.via.begin() + path.first + path.length);
      }
  }
  return p;
}

void WorldHierarchy::appendTransitions(std::vector<WorldTransition>& out) const {
  for (size_t c = 0; c < transitions_.size(); ++c)
    for (const Transition& t : transitions_[c])
      if (t.boxA == static_cast<int32_t>(c)) out.push_back(WorldTransition{t.a, t.b, t.move});
}

std::optional<WorldHierarchy> WorldHierarchy::fromParts(WorldHierarchyParts parts, std::string& error,
                                                        const AskForBytes& ask) {
  error = parts.options.check();
  if (!error.empty()) {
    error = "options: " + error;
    return std::nullopt;
  }
  // What follows from the world (regions, transitions, component labels) is computed as a build does,
  // then the stored parts are checked against it before anything reads them.
  WorldHierarchy h(parts.world, parts.options);
  std::vector<int32_t> all(static_cast<size_t>(h.layout(1).count()));
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int32_t>(c);
  std::vector<Transition> fresh;
  h.chooseTransitions(all, fresh);
  for (const Transition& t : fresh) {
    h.transitions_[static_cast<size_t>(t.boxA)].push_back(t);
    h.transitions_[static_cast<size_t>(t.boxB)].push_back(t);
  }
  for (std::vector<Transition>& list : h.transitions_) std::sort(list.begin(), list.end());
  h.stats_.transitions = static_cast<uint32_t>(fresh.size());
  h.joinComponents();
  // The trees follow from the world and the nodes: computed again, as a build does, not stored (a
  // stored tree would have to be checked cell by cell, which costs what computing it does). Computed
  // once the nodes are checked, so that the check of the level-1 intra-edges reads them.
  auto trees = [&]() -> const WorldBoxTrees* {
    if (!h.options_.boxTrees) return nullptr;
    std::vector<std::vector<Voxel>> roots(all.size());
    for (size_t n = 0; n < parts.nodeVoxel.size(); ++n)
      if (parts.nodeLevel[n] >= 1)
        roots[static_cast<size_t>(h.layout(1).clusterOf(parts.nodeVoxel[n]))].push_back(parts.nodeVoxel[n]);
    for (int32_t c : all)
      h.trees_.rebuildBox(h.world_, c, h.layout(1).box(c), roots[static_cast<size_t>(c)], h.cellSpace_);
    return &h.trees_;
  };
  error = checkWorldHierarchyParts(parts, h, trees);
  if (!error.empty()) return std::nullopt;

  const uint32_t nodes = static_cast<uint32_t>(parts.nodeVoxel.size());
  h.nodeVoxel_ = std::move(parts.nodeVoxel);
  h.nodeLevel_ = std::move(parts.nodeLevel);
  h.freeNodes_ = std::move(parts.freeNodes);
  h.freed_.assign(nodes, 0);
  h.version_ = parts.version;
  h.boxCellsVersion_ = std::move(parts.boxCellsVersion);
  for (int32_t level = 1; level <= h.levels(); ++level) {
    LevelGraph& g = h.graphs_[static_cast<size_t>(level - 1)];
    WorldHierarchyParts::Level& in = parts.levels[static_cast<size_t>(level - 1)];
    g.count = std::move(in.count);
    g.searchCount = std::move(in.searchCount);
    g.pool = std::move(in.edges);
    g.moves = std::move(in.moves);
    g.via = std::move(in.via);
    g.first.resize(nodes);
    uint32_t edge = 0, step = 0;
    for (uint32_t n = 0; n < nodes; ++n) {
      g.first[n] = edge;
      for (uint32_t e = edge; e < edge + g.count[n]; ++e) {
        g.paths.push_back(EdgePath{step, in.pathLength[e]});
        step += in.pathLength[e];
      }
      edge += g.count[n];
      if (h.nodeLevel_[n] >= level)
        g.clusterNodes[static_cast<size_t>(h.layout(level).clusterOf(h.nodeVoxel_[n]))].push_back(n);
    }
    g.compactSize = g.pool.size();
    uint32_t levelNodes = 0;
    for (uint8_t l : h.nodeLevel_) levelNodes += l >= level ? 1 : 0;
    h.stats_.nodes[level - 1] = levelNodes;
    h.stats_.edges[level - 1] = static_cast<uint32_t>(g.pool.size());
  }
  // The top level's heuristics: the saved landmark rows, so that the loaded planner answers as the saved
  // one did (its rows were repaired, not recomputed, by the edits since its build); checked to bound
  // every edge as a fresh table would. The distance table, read as exact distances, is computed again.
  // Either way their bytes are asked for first.
  if (ask && !(error = ask(h.heuristicsBytes())).empty()) return std::nullopt;
  if (parts.landmarkNodes.empty()) {
    h.computeHeuristics();
  } else if (!h.installStoredLandmarks(std::move(parts.landmarkNodes), parts.landmarkValues, error)) {
    return std::nullopt;
  }
  return h;
}

}  // namespace hpastar
