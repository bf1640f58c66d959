#include "flow/FlowFieldBuilder.h"

#include <algorithm>
#include <cmath>

namespace hpastar {

namespace {

constexpr uint32_t kFromGoal = Hierarchy::kNone - 1;  // abstract parent of the nodes joined to the goal

std::string pointText(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }

}  // namespace

std::string FlowFieldBuilder::checkGoal(const Grid& grid, Point goal) {
  if (!grid.inside(goal))
    return "goal " + pointText(goal) + " is outside the " + std::to_string(grid.width()) + "x" +
           std::to_string(grid.height()) + " map";
  if (!grid.passable(goal) && grid.allowedAt(goal.x, goal.y))  // a grid made for a larger agent
    return "goal " + pointText(goal) + " has no room for the agent's " + std::to_string(grid.agentSize()) + "x" +
           std::to_string(grid.agentSize()) + " square";
  if (!grid.passable(goal))
    return "goal " + pointText(goal) + " is blocked (terrain '" + std::string(1, grid.terrainAt(goal.x, goal.y)) + "')";
  return "";
}

std::string FlowFieldBuilder::checkStarts(const Grid& grid, std::span<const Point> starts) {
  for (size_t i = 0; i < starts.size(); ++i)
    if (!grid.inside(starts[i]))
      return "start " + std::to_string(i) + " " + pointText(starts[i]) + " is outside the " +
             std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + " map";
  return "";
}

std::string FlowFieldBuilder::build(const Hierarchy& h, Point goal, FlowField& out, std::span<const Point> starts,
                                    FlowFieldStats* stats) {
  const Grid& grid = h.grid();
  if (std::string error = checkGoal(grid, goal); !error.empty()) return error;
  if (std::string error = checkStarts(grid, starts); !error.empty()) return error;
  out.goal_ = goal;
  out.corridorsOnly_ = !starts.empty();
  out.starts_.assign(starts.begin(), starts.end());
  FlowFieldStats local;
  std::string error = run(h, out, true, stats ? *stats : local);
  return error;
}

std::string FlowFieldBuilder::refresh(const Hierarchy& h, FlowField& field, FlowFieldStats* stats) {
  FlowFieldStats local;
  // A field of another map shape or cluster side cannot keep anything: build it afresh.
  const ClusterLayout& layout = h.layout(1);
  const bool sameShape = !field.empty() && field.layout_.size == layout.size && field.width() == layout.mapWidth &&
                         field.height() == layout.mapHeight;
  return run(h, field, !sameShape, stats ? *stats : local);
}

std::string FlowFieldBuilder::extend(const Hierarchy& h, FlowField& field, std::span<const Point> starts,
                                     FlowFieldStats* stats) {
  if (std::string error = checkStarts(h.grid(), starts); !error.empty()) return error;
  bool grew = false;
  if (starts.empty()) {
    grew = field.corridorsOnly_;
    field.corridorsOnly_ = false;
    field.starts_.clear();
  } else if (field.corridorsOnly_) {
    // Which starts are new, in one pass over each list (a game asks every frame with its agents' cells):
    // the field's starts are stamped on a per-cell scratch, the asked ones looked up there.
    const uint32_t stamp = nextStamp(h.grid());
    for (Point p : field.starts_) walked_[static_cast<size_t>(h.grid().index(p))] = stamp;
    for (Point p : starts) {
      uint32_t& mark = walked_[static_cast<size_t>(h.grid().index(p))];
      if (mark == stamp) continue;
      mark = stamp;
      field.starts_.push_back(p);
      grew = true;
    }
  }
  if (!grew && !field.empty() && field.version() == h.version()) return "";
  return refresh(h, field, stats);
}

std::string FlowFieldBuilder::run(const Hierarchy& h, FlowField& field, bool fresh, FlowFieldStats& stats) {
  const Grid& grid = h.grid();
  const ClusterLayout& layout = h.layout(1);
  const size_t clusters = static_cast<size_t>(layout.count());
  field.version_ = h.version();
  if (fresh) {
    field.layout_ = layout;
    field.directions_.assign(static_cast<size_t>(grid.cellCount()),
                             field.corridorsOnly_ ? FlowField::kNotComputed : FlowField::kNoStep);
    field.computed_.assign(clusters, 0);
    field.builtFrom_.assign(clusters, {});
    field.seedOffsets_.assign(clusters + 1, 0);
    field.seeds_.clear();
  }
  if (std::string error = checkGoal(grid, field.goal_); !error.empty()) {
    // Walled in by an edit: no cell has a step any more.
    std::fill(field.directions_.begin(), field.directions_.end(), FlowField::kNoStep);
    std::fill(field.computed_.begin(), field.computed_.end(), uint8_t{1});
    field.component_ = 0;
    field.seedOffsets_.assign(clusters + 1, 0);
    field.seeds_.clear();
    return error;
  }
  field.component_ = h.componentOf(field.goal_);
  searchAbstract(h, field.goal_, stats);
  collectSeeds(h, field.goal_);

  // Which clusters to (re)integrate: with the whole component, all; with corridors, those computed so
  // far, then the walks from the starts add what they enter.
  for (size_t c = 0; c < clusters; ++c) {
    const int32_t cluster = static_cast<int32_t>(c);
    if (field.corridorsOnly_ && !field.computed_[c]) continue;
    const std::shared_ptr<const ClusterBlock>& block = h.sharedBlock(1, cluster);
    const std::weak_ptr<const ClusterBlock>& was = field.builtFrom_[c];
    // Owner comparison: a weak reference keeps the block's identity even after the block is gone, so a
    // new block at the same address is never taken for the old one.
    const bool sameBlock = !was.owner_before(block) && !block.owner_before(was) && !was.expired();
    if (field.computed_[c] && sameBlock && sameSeeds(field, cluster)) {
      ++stats.clustersKept;
      continue;
    }
    integrate(h, field, cluster, stats);
  }
  field.seedOffsets_.assign(seedOffsets_.begin(), seedOffsets_.end());
  field.seeds_.assign(seeds_.begin(), seeds_.end());
  if (field.corridorsOnly_) walkStarts(h, field, stats);
  return "";
}

void FlowFieldBuilder::searchAbstract(const Hierarchy& h, Point goal, FlowFieldStats& stats) {
  // The goal joins the abstract graph as a query's endpoint does: an edge to each node of its cluster,
  // costing the distance inside the cluster. A Dijkstra from the goal is then one from all of those nodes
  // at once, each starting at its edge's cost.
  const ClusterLayout& layout = h.layout(1);
  const int32_t goalCluster = layout.clusterOf(goal);
  stats.cellsExpanded += goalSearch_.run(h.grid(), layout.rect(goalCluster), goal);

  nodes_.begin(h.nodeCount(), true);
  uint32_t* stamp = nodes_.stamps();
  double* g = nodes_.g();
  uint32_t* parent = nodes_.parents();
  const uint32_t openStamp = nodes_.openStamp(), closedStamp = nodes_.closedStamp();
  for (uint32_t n : h.clusterNodes(1, goalCluster)) {
    const double d = goalSearch_.distance(h.nodeCell(n));
    if (d == DijkstraSearch::kUnreached) continue;
    stamp[n] = openStamp;
    g[n] = d;
    parent[n] = kFromGoal;
    nodes_.pushOrDecrease(d, 0.0, n, false);
  }
  while (!nodes_.empty()) {
    const uint32_t u = nodes_.popIndexed().id;
    stamp[u] = closedStamp;
    ++stats.abstractExpanded;
    const double gu = g[u];
    for (const AbstractEdge& e : h.edges(1, u)) {
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

void FlowFieldBuilder::collectSeeds(const Hierarchy& h, Point goal) {
  // A node seeds its cluster when its abstract route leaves the cluster at once (its parent is across the
  // border, one move away: transitions are pairs of adjacent cells). A node whose route goes on inside
  // the cluster gets its value from the integration (the intra-edge it would take is a shortest way inside
  // the cluster, so the value is the same), and leaving it out keeps each seed's step a border crossing.
  const ClusterLayout& layout = h.layout(1);
  const Grid& grid = h.grid();
  const int32_t goalCluster = layout.clusterOf(goal);
  const uint32_t* stamp = nodes_.stamps();
  const double* g = nodes_.g();
  const uint32_t* parent = nodes_.parents();
  const uint32_t closedStamp = nodes_.closedStamp();
  seedOffsets_.clear();
  seeds_.clear();
  for (int32_t c = 0; c < layout.count(); ++c) {
    const size_t first = seeds_.size();
    seedOffsets_.push_back(static_cast<uint32_t>(first));
    if (c == goalCluster) seeds_.push_back(FlowField::Seed{grid.index(goal), FlowField::kNoStep, 0.0});
    for (uint32_t n : h.clusterNodes(1, c)) {
      if (stamp[n] != closedStamp || parent[n] == kFromGoal) continue;
      const Point from = h.nodeCell(n), to = h.nodeCell(parent[n]);
      if (layout.clusterOf(to) == c) continue;
      const int dir = dirOfStep(to.x - from.x, to.y - from.y);
      if (dir < 0) continue;  // cannot happen: an inter-edge joins two adjacent cells
      seeds_.push_back(FlowField::Seed{grid.index(from), static_cast<uint8_t>(dir), g[n]});
    }
    // Relative to the cluster's smallest: what its steps depend on.
    double low = INFINITY;
    for (size_t i = first; i < seeds_.size(); ++i) low = std::min(low, seeds_[i].relative);
    for (size_t i = first; i < seeds_.size(); ++i) seeds_[i].relative -= low;
  }
  seedOffsets_.push_back(static_cast<uint32_t>(seeds_.size()));
}

bool FlowFieldBuilder::sameSeeds(const FlowField& field, int32_t cluster) const {
  const size_t c = static_cast<size_t>(cluster);
  const uint32_t a0 = field.seedOffsets_[c], a1 = field.seedOffsets_[c + 1];
  const uint32_t b0 = seedOffsets_[c], b1 = seedOffsets_[c + 1];
  if (a1 - a0 != b1 - b0) return false;
  for (uint32_t i = 0; i < a1 - a0; ++i) {
    const FlowField::Seed &a = field.seeds_[a0 + i], &b = seeds_[b0 + i];
    // Distances summed in another order differ in their last bits; 1e-9 of the value is far below any
    // difference between two ways (their costs differ by at least a move's share of √2's irrationality).
    if (a.cell != b.cell || a.dir != b.dir || std::abs(a.relative - b.relative) > 1e-9 * (1.0 + b.relative))
      return false;
  }
  return true;
}

void FlowFieldBuilder::integrate(const Hierarchy& h, FlowField& field, int32_t cluster, FlowFieldStats& stats) {
  const Grid& grid = h.grid();
  const Rect area = field.layout_.rect(cluster);
  const int32_t aw = area.width(), gw = grid.width();
  const size_t c = static_cast<size_t>(cluster);
  cells_.begin(static_cast<uint32_t>(area.area()));
  uint32_t* stamp = cells_.stamps();
  double* g = cells_.g();
  uint8_t* parent = cells_.parents();
  const uint32_t openStamp = cells_.openStamp(), closedStamp = cells_.closedStamp();
  auto localOf = [&](int32_t cell) {
    const int32_t y = cell / gw, x = cell - y * gw;
    return static_cast<uint32_t>((y - area.y0) * aw + (x - area.x0));
  };
  const uint32_t s0 = seedOffsets_[c], s1 = seedOffsets_[c + 1];
  for (uint32_t i = s0; i < s1; ++i) {
    const FlowField::Seed& s = seeds_[i];
    const uint32_t id = localOf(s.cell);
    stamp[id] = openStamp;
    g[id] = s.relative;
    parent[id] = 0xFF;  // a seed: its step is the seed's own
    cells_.push(s.relative, 0.0, id);
  }
  if (s1 > s0)
    stats.cellsExpanded += grid.weighted() ? integrateLoop<true>(grid, area) : integrateLoop<false>(grid, area);

  // Steps: back along the integration's parent move; a seed settled as such takes its own step.
  uint8_t* dirs = field.directions_.data();
  for (int32_t y = area.y0; y < area.y1; ++y) {
    const uint32_t rowId = static_cast<uint32_t>((y - area.y0) * aw);
    uint8_t* row = dirs + static_cast<size_t>(y) * static_cast<size_t>(gw);
    for (int32_t x = area.x0; x < area.x1; ++x) {
      const uint32_t id = rowId + static_cast<uint32_t>(x - area.x0);
      const bool reached = s1 > s0 && stamp[id] == closedStamp;
      row[x] = reached && parent[id] != 0xFF ? static_cast<uint8_t>(oppositeDir(parent[id])) : FlowField::kNoStep;
    }
  }
  for (uint32_t i = s0; i < s1; ++i) {
    const FlowField::Seed& s = seeds_[i];
    if (parent[localOf(s.cell)] == 0xFF) dirs[s.cell] = s.dir;
  }
  field.computed_[c] = 1;
  field.builtFrom_[c] = h.sharedBlock(1, cluster);
  ++stats.clustersIntegrated;
}

// Dijkstra over the cells of `area` from the seeds already pushed (BestFirstSearch's loop without a
// heuristic or a target, with several sources).
template <bool Weighted>
uint64_t FlowFieldBuilder::integrateLoop(const Grid& grid, const Rect& area) {
  const int32_t aw = area.width(), ah = area.height(), gw = grid.width();
  uint32_t* stamp = cells_.stamps();
  double* g = cells_.g();
  uint8_t* parent = cells_.parents();
  const uint32_t openStamp = cells_.openStamp(), closedStamp = cells_.closedStamp();
  int32_t localOffset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) localOffset[d] = kDirDy[d] * aw + kDirDx[d];
  uint64_t expanded = 0;
  while (!cells_.empty()) {
    const uint32_t id = cells_.pop().id;
    if (stamp[id] == closedStamp) continue;
    stamp[id] = closedStamp;
    ++expanded;
    const int32_t ly = static_cast<int32_t>(id) / aw;
    const int32_t lx = static_cast<int32_t>(id) - ly * aw;
    const int32_t cell = (ly + area.y0) * gw + lx + area.x0;
    uint32_t mask = grid.moveMask(cell);
    if (lx == 0) mask &= ~0xE0u;
    if (lx == aw - 1) mask &= ~0x0Eu;
    if (ly == 0) mask &= ~0x83u;
    if (ly == ah - 1) mask &= ~0x38u;
    const double gId = g[id];
    while (mask) {
      const int d = __builtin_ctz(mask);
      mask &= mask - 1;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + localOffset[d]);
      const uint32_t s = stamp[n];
      if (s == closedStamp) continue;
      // Moves cost the same both ways (Grid::moveCost), so the integration outward from the seeds gives
      // the costs of the steps back towards them.
      const double ng = gId + (Weighted ? grid.moveCost(cell, d) : kDirCost[d]);
      if (s == openStamp && ng >= g[n]) continue;
      stamp[n] = openStamp;
      g[n] = ng;
      parent[n] = static_cast<uint8_t>(d);
      cells_.push(ng, 0.0, n);
    }
  }
  return expanded;
}

uint32_t FlowFieldBuilder::nextStamp(const Grid& grid) {
  const size_t cells = static_cast<size_t>(grid.cellCount());
  if (walked_.size() < cells) walked_.resize(cells, 0);
  if (++walk_ == 0) {  // wrapped: clear once every 4 billion uses
    std::fill(walked_.begin(), walked_.end(), 0u);
    walk_ = 1;
  }
  return walk_;
}

void FlowFieldBuilder::walkStarts(const Hierarchy& h, FlowField& field, FlowFieldStats& stats) {
  // Follows the field from each start, integrating each cluster as the walk enters it; cells walked
  // before (by this refresh's earlier starts) end a walk, so shared corridors are walked once.
  const Grid& grid = h.grid();
  const size_t cells = static_cast<size_t>(grid.cellCount());
  const uint32_t walk = nextStamp(grid);
  for (Point start : field.starts_) {
    if (!grid.passable(start) || h.componentOf(start) != field.component_) continue;
    Point p = start;
    for (size_t steps = 0; steps <= cells; ++steps) {
      const int32_t cluster = field.layout_.clusterOf(p);
      if (!field.computed_[static_cast<size_t>(cluster)]) integrate(h, field, cluster, stats);
      const size_t i = static_cast<size_t>(grid.index(p));
      if (walked_[i] == walk) break;
      walked_[i] = walk;
      const uint8_t d = field.directions_[i];
      if (d >= kDirCount) break;
      p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
    }
  }
}

}  // namespace hpastar
