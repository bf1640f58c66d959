#include "flow/FlowFieldBuilder.h"

#include <algorithm>
#include <cmath>

namespace hpastar {

namespace {

constexpr uint32_t kFromGoal = 0xFFFFFFFFu - 1;  // abstract parent of the nodes joined to the goal
constexpr uint8_t kSeedParent = 0xFF;            // an integration's parent of a seed: its step is its own

// Orders the clusters' heap (integrateInOrder) as a min-heap of (key, cluster).
struct LaterKey {
  bool operator()(const std::pair<double, int32_t>& a, const std::pair<double, int32_t>& b) const { return a > b; }
};

// Dijkstra over an area graph (GridAreaGraph, BlockWorldGraph) from the seeds already pushed into `space`:
// BestFirstSearch's loop without a heuristic or a target, with several sources. Each settled id's parent
// is the move that reached it. Moves cost the same both ways (both worlds' graphs are undirected), so the
// integration outward from the seeds gives the costs of the steps back towards them. Ids at `limit` or
// beyond are left unsettled. Returns the count of settled ids.
template <typename Graph>
uint64_t settle(const Graph& graph, SearchSpace& space, double limit = INFINITY) {
  uint32_t* stamp = space.stamps();
  double* g = space.g();
  uint8_t* parent = space.parents();
  const uint32_t openStamp = space.openStamp(), closedStamp = space.closedStamp();
  uint64_t expanded = 0;
  while (!space.empty()) {
    const uint32_t id = space.pop().id;
    if (stamp[id] == closedStamp) continue;
    if (g[id] >= limit) break;  // popped in order of distance: every id left is as far
    stamp[id] = closedStamp;
    ++expanded;
    const double gId = g[id];
    graph.forEachMove(id, [&](uint32_t n, double cost, uint8_t move, auto&&) {
      const uint32_t s = stamp[n];
      if (s == closedStamp) return;
      const double ng = gId + cost;
      if (s == openStamp && ng >= g[n]) return;
      stamp[n] = openStamp;
      g[n] = ng;
      parent[n] = move;
      space.push(ng, 0.0, n);
    });
  }
  return expanded;
}

}  // namespace

template <typename Domain>
std::string BasicFlowFieldBuilder<Domain>::checkStarts(const Planner& h, std::span<const Cell> starts) {
  const auto& layout = Domain::layout(h);
  for (size_t i = 0; i < starts.size(); ++i)
    if (!Domain::inside(layout, starts[i]))
      return "start " + std::to_string(i) + " " + Domain::text(starts[i]) + " is outside the " +
             Domain::sizeText(layout);
  return "";
}

template <typename Domain>
std::string BasicFlowFieldBuilder<Domain>::build(const Planner& h, Cell goal, Field& out, std::span<const Cell> starts,
                                                 FlowFieldStats* stats) {
  if (std::string error = checkGoal(h, goal); !error.empty()) return error;
  if (std::string error = checkStarts(h, starts); !error.empty()) return error;
  out.goal_ = goal;
  out.corridorsOnly_ = !starts.empty();
  out.starts_.assign(starts.begin(), starts.end());
  FlowFieldStats local;
  return run(h, out, true, stats ? *stats : local);
}

template <typename Domain>
std::string BasicFlowFieldBuilder<Domain>::refresh(const Planner& h, Field& field, FlowFieldStats* stats) {
  FlowFieldStats local;
  // A field of another world shape or cluster size cannot keep anything: build it afresh.
  const bool sameShape = !field.empty() && Domain::sameShape(field.layout_, Domain::layout(h));
  return run(h, field, !sameShape, stats ? *stats : local);
}

template <typename Domain>
std::string BasicFlowFieldBuilder<Domain>::extend(const Planner& h, Field& field, std::span<const Cell> starts,
                                                  FlowFieldStats* stats) {
  if (std::string error = checkStarts(h, starts); !error.empty()) return error;
  bool grew = false;
  if (starts.empty()) {
    grew = field.corridorsOnly_;
    field.corridorsOnly_ = false;
    field.starts_.clear();
  } else if (field.corridorsOnly_) {
    // Which starts are new, in one pass over each list (a game asks every frame with its agents' cells):
    // the field's starts are stamped on a per-cell scratch, the asked ones looked up there.
    const auto& layout = Domain::layout(h);
    const uint32_t stamp = nextStamp(h);
    for (Cell p : field.starts_) walked_[static_cast<size_t>(Domain::index(layout, p))] = stamp;
    for (Cell p : starts) {
      uint32_t& mark = walked_[static_cast<size_t>(Domain::index(layout, p))];
      if (mark == stamp) continue;
      mark = stamp;
      field.starts_.push_back(p);
      grew = true;
    }
  }
  if (!grew && !field.empty() && field.version() == Domain::version(h)) return "";
  return refresh(h, field, stats);
}

template <typename Domain>
std::string BasicFlowFieldBuilder<Domain>::run(const Planner& h, Field& field, bool fresh, FlowFieldStats& stats) {
  const auto& layout = Domain::layout(h);
  const size_t clusters = static_cast<size_t>(layout.count());
  field.version_ = Domain::version(h);
  if (fresh) {
    field.layout_ = layout;
    field.directions_.assign(static_cast<size_t>(Domain::cellCount(layout)),
                             field.corridorsOnly_ ? Field::kNotComputed : Field::kNoStep);
    field.computed_.assign(clusters, 0);
    field.builtFrom_.assign(clusters, {});
    field.seedOffsets_.assign(clusters + 1, 0);
    field.seeds_.clear();
    layOutBorders(field);
  }
  if (std::string error = checkGoal(h, field.goal_); !error.empty()) {
    // Walled in by an edit: no cell has a step any more.
    std::fill(field.directions_.begin(), field.directions_.end(), Field::kNoStep);
    std::fill(field.computed_.begin(), field.computed_.end(), uint8_t{1});
    field.component_ = 0;
    field.seedOffsets_.assign(clusters + 1, 0);
    field.seeds_.clear();
    // No seed, no value: what a cluster kept on the next refresh hands to its neighbours.
    std::fill(field.borderValues_.begin(), field.borderValues_.end(), INFINITY);
    field.exactClusters_.clear();
    return error;
  }
  field.component_ = Domain::componentOf(h, field.goal_);
  searchAbstract(h, field.goal_, stats);
  collectSeeds(h, field.goal_);

  // Which clusters to (re)integrate: with the whole component, all; with corridors, those computed so
  // far, then the walks from the starts add what they enter. Those that hold exact steps, all of them
  // when the cells of one changed: a step of another may lead into it (an exact step's way runs through
  // exact cells only, so while none of theirs changed, every exact step holds).
  redo_.assign(clusters, 0);
  const auto changed = [&](int32_t c) { return !Domain::sameStamp(field.builtFrom_[static_cast<size_t>(c)], h, c); };
  if (!fresh && std::any_of(field.exactClusters_.begin(), field.exactClusters_.end(), changed))
    for (int32_t c : field.exactClusters_) redo_[static_cast<size_t>(c)] = 1;
  if (field.corridorsOnly_) {
    for (size_t c = 0; c < clusters; ++c)
      if (field.computed_[c]) settleCluster(h, field, static_cast<int32_t>(c), false, stats);
    field.seedOffsets_.assign(transitionOffsets_.begin(), transitionOffsets_.end());
    field.seeds_.assign(transitions_.begin(), transitions_.end());
    walkStarts(h, field, stats);
  } else {
    integrateInOrder(h, field, stats);
    field.seedOffsets_.assign(seedOffsets_.begin(), seedOffsets_.end());
    field.seeds_.assign(seeds_.begin(), seeds_.end());
  }
  stepExactlyNearGoal(h, field, stats);
  return "";
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::layOutBorders(Field& field) {
  const auto& layout = field.layout_;
  field.borderOffsets_.clear();
  uint32_t count = 0;
  for (int32_t c = 0; c < layout.count(); ++c) {
    field.borderOffsets_.push_back(count);
    Domain::forEachBorderCell(layout, c, [&](Cell) { ++count; });
  }
  field.borderOffsets_.push_back(count);
  field.borderValues_.assign(count, INFINITY);
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::integrateInOrder(const Planner& h, Field& field, FlowFieldStats& stats) {
  const size_t clusters = static_cast<size_t>(field.layout_.count());
  // Read only on the border of clusters done or offered to.
  value_.resize(static_cast<size_t>(Domain::cellCount(field.layout_)));
  seedDir_.resize(value_.size());
  key_.assign(clusters, INFINITY);
  done_.assign(clusters, 0);
  offered_.assign(clusters, 0);
  seedBegin_.assign(clusters, 0);
  seedCount_.assign(clusters, 0);
  orderedSeeds_.clear();
  heap_.clear();
  for (size_t c = 0; c < clusters; ++c) {
    if (transitionOffsets_[c + 1] == transitionOffsets_[c]) continue;
    key_[c] = transitionLow_[c];
    heap_.emplace_back(key_[c], static_cast<int32_t>(c));
  }
  std::make_heap(heap_.begin(), heap_.end(), LaterKey{});
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), LaterKey{});
    const auto [key, cluster] = heap_.back();
    heap_.pop_back();
    const size_t c = static_cast<size_t>(cluster);
    if (done_[c] || key > key_[c]) continue;  // done, or an outdated entry
    settleCluster(h, field, cluster, true, stats);
    offerToNeighbours(h, cluster);
  }
  // What no seed reaches (other components): integrated without seeds, every cell without a step.
  for (size_t c = 0; c < clusters; ++c)
    if (!done_[c]) settleCluster(h, field, static_cast<int32_t>(c), true, stats);
  // The seeds in cluster order, as the field keeps them.
  seedOffsets_.clear();
  seeds_.clear();
  for (size_t c = 0; c < clusters; ++c) {
    seedOffsets_.push_back(static_cast<uint32_t>(seeds_.size()));
    const auto first = orderedSeeds_.begin() + seedBegin_[c];
    seeds_.insert(seeds_.end(), first, first + seedCount_[c]);
  }
  seedOffsets_.push_back(static_cast<uint32_t>(seeds_.size()));
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::settleCluster(const Planner& h, Field& field, int32_t cluster, bool acrossBorders,
                                                  FlowFieldStats& stats) {
  const size_t c = static_cast<size_t>(cluster);
  const std::span<const Seed> transitions = transitionsOf(cluster);
  std::span<const Seed> seeds = transitions;
  double low = transitionLow_[c];
  if (acrossBorders) {
    clusterSeeds_.clear();
    for (Seed s : transitions) {
      s.relative += low;
      clusterSeeds_.push_back(s);
    }
    gatherBorderSeeds(h, cluster);
    low = INFINITY;
    for (const Seed& s : clusterSeeds_) low = std::min(low, s.relative);
    if (clusterSeeds_.empty()) low = 0.0;
    for (Seed& s : clusterSeeds_) s.relative -= low;
    seeds = clusterSeeds_;
  }
  if (field.computed_[c] && !redo_[c] && Domain::sameStamp(field.builtFrom_[c], h, cluster) &&
      sameSeeds(field, cluster, seeds)) {
    ++stats.clustersKept;
    if (acrossBorders) restoreBorder(field, cluster, low);
  } else {
    integrate(h, field, cluster, seeds, low, acrossBorders, stats);
  }
  if (acrossBorders) {
    done_[c] = 1;
    seedBegin_[c] = static_cast<uint32_t>(orderedSeeds_.size());
    seedCount_[c] = static_cast<uint32_t>(clusterSeeds_.size());
    orderedSeeds_.insert(orderedSeeds_.end(), clusterSeeds_.begin(), clusterSeeds_.end());
  }
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::gatherBorderSeeds(const Planner& h, int32_t cluster) {
  // The offers its done neighbours made (offerToNeighbours): a seed at each border cell they reached.
  if (!offered_[static_cast<size_t>(cluster)]) return;
  const auto& layout = Domain::layout(h);
  Domain::forEachBorderCell(layout, cluster, [&](Cell b) {
    const int32_t at = Domain::index(layout, b);
    const double v = value_[static_cast<size_t>(at)];
    if (v < INFINITY) clusterSeeds_.push_back(Seed{at, seedDir_[static_cast<size_t>(at)], v});
  });
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::offerToNeighbours(const Planner& h, int32_t cluster) {
  // Each border cell of a cluster not yet done, one move from a border cell of this one: its seed is the
  // cheapest such neighbour's V plus the move, stepping there (moves cost the same both ways: the graphs
  // are undirected). Kept in value_ until that cluster is done, and its key lowered to the cheapest.
  const auto& layout = Domain::layout(h);
  Domain::withWorldGraph(h, [&](const auto& world) {
    Domain::forEachBorderCell(layout, cluster, [&](Cell b) {
      const uint32_t at = world.idOf(b);
      const double vb = value_[at];
      if (vb == INFINITY) return;
      world.forEachMove(at, [&](uint32_t n, double cost, uint8_t move, auto&&) {
        const int32_t other = Domain::clusterOf(layout, Domain::step(b, move));
        const size_t o = static_cast<size_t>(other);
        if (other == cluster || done_[o]) return;
        if (!offered_[o]) {  // its first offer: no seed yet on its border
          offered_[o] = 1;
          Domain::forEachBorderCell(
              layout, other, [&](Cell cell) { value_[static_cast<size_t>(Domain::index(layout, cell))] = INFINITY; });
        }
        const double v = vb + cost;
        if (v >= value_[n]) return;
        value_[n] = v;
        seedDir_[n] = Domain::reverse(move);
        if (v >= key_[o]) return;
        key_[o] = v;
        heap_.emplace_back(v, other);
        std::push_heap(heap_.begin(), heap_.end(), LaterKey{});
      });
    });
  });
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::restoreBorder(const Field& field, int32_t cluster, double low) {
  const auto& layout = field.layout_;
  uint32_t k = field.borderOffsets_[static_cast<size_t>(cluster)];
  Domain::forEachBorderCell(layout, cluster, [&](Cell cell) {
    value_[static_cast<size_t>(Domain::index(layout, cell))] = low + field.borderValues_[k++];
  });
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::stepExactlyNearGoal(const Planner& h, Field& field, FlowFieldStats& stats) {
  const auto& layout = field.layout_;
  const int32_t radius = Domain::exactRadius(h);
  // No way out of the window and back costs less: it takes at least radius + 1 moves.
  const double exactBelow = (radius + 1) * Domain::cheapestMove(h);
  field.exactClusters_.clear();
  Domain::withAreaGraph(h, Domain::around(layout, field.goal_, radius), [&](const auto& graph) {
    window_.begin(graph.nodeCount());
    const uint32_t goalId = graph.idOf(field.goal_);
    window_.stamps()[goalId] = window_.openStamp();
    window_.g()[goalId] = 0.0;
    window_.push(0.0, 0.0, goalId);
    stats.cellsExpanded += settle(graph, window_, exactBelow);
    const uint32_t* stamp = window_.stamps();
    const uint8_t* parent = window_.parents();
    const uint32_t closedStamp = window_.closedStamp();
    graph.forEachCell([&](uint32_t id, Cell cell) {
      if (stamp[id] != closedStamp || id == goalId) return;
      const int32_t cluster = Domain::clusterOf(layout, cell);
      // Integrated before its first exact step is written: an integration writes every cell of its cluster.
      if (!field.computed_[static_cast<size_t>(cluster)]) integrateAtTransitions(h, field, cluster, stats);
      field.directions_[static_cast<size_t>(Domain::index(layout, cell))] = Domain::reverse(parent[id]);
      if (std::find(field.exactClusters_.begin(), field.exactClusters_.end(), cluster) == field.exactClusters_.end())
        field.exactClusters_.push_back(cluster);
    });
  });
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::searchAbstract(const Planner& h, Cell goal, FlowFieldStats& stats) {
  // The goal joins the abstract graph as a query's endpoint does: an edge to each node of its cluster,
  // costing the distance inside the cluster. A Dijkstra from the goal is then one from all of those nodes
  // at once, each starting at its edge's cost.
  const int32_t goalCluster = Domain::clusterOf(Domain::layout(h), goal);
  nodes_.begin(h.nodeCount(), true);
  uint32_t* stamp = nodes_.stamps();
  double* g = nodes_.g();
  uint32_t* parent = nodes_.parents();
  const uint32_t openStamp = nodes_.openStamp(), closedStamp = nodes_.closedStamp();
  Domain::withClusterGraph(h, goalCluster, [&](const auto& graph) {
    goalCells_.begin(graph.nodeCount());
    const uint32_t goalId = graph.idOf(goal);
    goalCells_.stamps()[goalId] = goalCells_.openStamp();
    goalCells_.g()[goalId] = 0.0;
    goalCells_.push(0.0, 0.0, goalId);
    stats.cellsExpanded += settle(graph, goalCells_);
    for (uint32_t n : h.clusterNodes(1, goalCluster)) {
      const uint32_t id = graph.idOf(Domain::nodeCell(h, n));
      if (goalCells_.stamps()[id] != goalCells_.closedStamp()) continue;
      const double d = goalCells_.g()[id];
      stamp[n] = openStamp;
      g[n] = d;
      parent[n] = kFromGoal;
      nodes_.pushOrDecrease(d, 0.0, n, false);
    }
  });
  while (!nodes_.empty()) {
    const uint32_t u = nodes_.popIndexed().id;
    stamp[u] = closedStamp;
    ++stats.abstractExpanded;
    const double gu = g[u];
    for (const auto& e : h.edges(1, u)) {
      const uint32_t s = stamp[e.to];
      if (s == closedStamp) continue;
      const double ng = gu + e.cost;
      const bool open = s == openStamp;
      if (open && ng >= g[e.to]) continue;
      stamp[e.to] = openStamp;
      g[e.to] = ng;
      parent[e.to] = u;
      nodes_.pushOrDecrease(ng, 0.0, e.to, open);
    }
  }
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::collectSeeds(const Planner& h, Cell goal) {
  // A node seeds its cluster when its abstract route leaves the cluster at once (its parent is across the
  // border, one move away: transitions are pairs of adjacent cells). A node whose route goes on inside
  // the cluster gets its value from the integration (the intra-edge it would take is a shortest way inside
  // the cluster, so the value is the same), and leaving it out keeps each seed's step a border crossing.
  const auto& layout = Domain::layout(h);
  const int32_t goalCluster = Domain::clusterOf(layout, goal);
  const uint32_t* stamp = nodes_.stamps();
  const double* g = nodes_.g();
  const uint32_t* parent = nodes_.parents();
  const uint32_t closedStamp = nodes_.closedStamp();
  transitionOffsets_.clear();
  transitions_.clear();
  transitionLow_.clear();
  for (int32_t c = 0; c < layout.count(); ++c) {
    const size_t first = transitions_.size();
    transitionOffsets_.push_back(static_cast<uint32_t>(first));
    if (c == goalCluster) transitions_.push_back(Seed{Domain::index(layout, goal), Field::kNoStep, 0.0});
    for (uint32_t n : h.clusterNodes(1, c)) {
      if (stamp[n] != closedStamp || parent[n] == kFromGoal) continue;
      const Cell from = Domain::nodeCell(h, n), to = Domain::nodeCell(h, parent[n]);
      if (Domain::clusterOf(layout, to) == c) continue;
      const int move = Domain::moveBetween(h, from, to);
      if (move < 0) continue;  // cannot happen: an inter-edge is one legal move
      transitions_.push_back(Seed{Domain::index(layout, from), static_cast<uint8_t>(move), g[n]});
    }
    // Relative to the cluster's smallest: what its steps depend on.
    double low = INFINITY;
    for (size_t i = first; i < transitions_.size(); ++i) low = std::min(low, transitions_[i].relative);
    if (first == transitions_.size()) low = 0.0;
    for (size_t i = first; i < transitions_.size(); ++i) transitions_[i].relative -= low;
    transitionLow_.push_back(low);
  }
  transitionOffsets_.push_back(static_cast<uint32_t>(transitions_.size()));
}

template <typename Domain>
bool BasicFlowFieldBuilder<Domain>::sameSeeds(const Field& field, int32_t cluster, std::span<const Seed> seeds) const {
  const size_t c = static_cast<size_t>(cluster);
  const uint32_t a0 = field.seedOffsets_[c], a1 = field.seedOffsets_[c + 1];
  if (a1 - a0 != seeds.size()) return false;
  for (uint32_t i = 0; i < a1 - a0; ++i) {
    const Seed &a = field.seeds_[a0 + i], &b = seeds[i];
    // Distances summed in another order differ in their last bits; 1e-9 of the value is far below any
    // difference between two ways (their costs differ by at least a move's share of √2's irrationality).
    if (a.cell != b.cell || a.dir != b.dir || std::abs(a.relative - b.relative) > 1e-9 * (1.0 + b.relative))
      return false;
  }
  return true;
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::integrate(const Planner& h, Field& field, int32_t cluster,
                                              std::span<const Seed> seeds, double low, bool toValues,
                                              FlowFieldStats& stats) {
  const size_t c = static_cast<size_t>(cluster);
  const auto& layout = field.layout_;
  uint8_t* dirs = field.directions_.data();
  Domain::withClusterGraph(h, cluster, [&](const auto& graph) {
    cells_.begin(graph.nodeCount());
    uint32_t* stamp = cells_.stamps();
    uint8_t* parent = cells_.parents();
    double* g = cells_.g();
    const uint32_t openStamp = cells_.openStamp(), closedStamp = cells_.closedStamp();
    for (const Seed& s : seeds) {
      const uint32_t id = graph.idOf(Domain::cellAt(layout, s.cell));
      if (stamp[id] == openStamp && g[id] <= s.relative) continue;  // a cell seeded twice: the cheaper
      stamp[id] = openStamp;
      g[id] = s.relative;
      parent[id] = kSeedParent;
      cells_.push(s.relative, 0.0, id);
    }
    if (!seeds.empty()) stats.cellsExpanded += settle(graph, cells_);
    // Steps: back along the integration's parent move; a seed settled as such takes its own step.
    // Captured by value: the byte stores below may alias anything a reference would reload.
    const bool seeded = !seeds.empty();
    graph.forEachCell([stamp, parent, dirs, closedStamp, seeded, cluster, shape = layout](uint32_t id, Cell cell) {
      if (!Domain::holds(shape, cluster, cell)) return;  // another merged cluster's cell in the box
      const bool reached = seeded && stamp[id] == closedStamp;
      dirs[Domain::index(shape, cell)] =
          reached && parent[id] != kSeedParent ? Domain::reverse(parent[id]) : Field::kNoStep;
    });
    for (const Seed& s : seeds) {
      const uint32_t id = graph.idOf(Domain::cellAt(layout, s.cell));
      if (parent[id] == kSeedParent && g[id] == s.relative) dirs[s.cell] = s.dir;
    }
    // The border cells' V: kept for a refresh that keeps this cluster, and handed to the next clusters.
    uint32_t k = field.borderOffsets_[c];
    Domain::forEachBorderCell(layout, cluster, [&](Cell cell) {
      const uint32_t id = graph.idOf(cell);
      const double v = seeded && stamp[id] == closedStamp ? g[id] : INFINITY;
      field.borderValues_[k++] = v;
      if (toValues) value_[static_cast<size_t>(Domain::index(layout, cell))] = low + v;
    });
  });
  field.computed_[c] = 1;
  field.builtFrom_[c] = Domain::stampOf(h, cluster);
  ++stats.clustersIntegrated;
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::integrateAtTransitions(const Planner& h, Field& field, int32_t cluster,
                                                           FlowFieldStats& stats) {
  const size_t c = static_cast<size_t>(cluster);
  integrate(h, field, cluster, transitionsOf(cluster), transitionLow_[c], false, stats);
}

template <typename Domain>
uint32_t BasicFlowFieldBuilder<Domain>::nextStamp(const Planner& h) {
  const size_t cells = static_cast<size_t>(Domain::cellCount(Domain::layout(h)));
  if (walked_.size() < cells) walked_.resize(cells, 0);
  if (++walk_ == 0) {  // wrapped: clear once every 4 billion uses
    std::fill(walked_.begin(), walked_.end(), 0u);
    walk_ = 1;
  }
  return walk_;
}

template <typename Domain>
void BasicFlowFieldBuilder<Domain>::walkStarts(const Planner& h, Field& field, FlowFieldStats& stats) {
  // Follows the field from each start, integrating each cluster as the walk enters it; cells walked
  // before (by this refresh's earlier starts) end a walk, so shared corridors are walked once.
  const auto& layout = field.layout_;
  const size_t cells = static_cast<size_t>(Domain::cellCount(layout));
  const uint32_t walk = nextStamp(h);
  for (Cell start : field.starts_) {
    if (!Domain::standing(h, start) || Domain::componentOf(h, start) != field.component_) continue;
    Cell p = start;
    for (size_t steps = 0; steps <= cells; ++steps) {
      const int32_t cluster = Domain::clusterOf(layout, p);
      if (!field.computed_[static_cast<size_t>(cluster)]) integrateAtTransitions(h, field, cluster, stats);
      const size_t i = static_cast<size_t>(Domain::index(layout, p));
      if (walked_[i] == walk) break;
      walked_[i] = walk;
      const uint8_t d = field.directions_[i];
      if (d >= Domain::kMoveCount) break;
      p = Domain::step(p, d);
    }
  }
}

template class BasicFlowFieldBuilder<GridFlowDomain>;
template class BasicFlowFieldBuilder<WorldFlowDomain>;

}  // namespace hpastar
