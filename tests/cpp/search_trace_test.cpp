#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <random>

#include "TestMaps.h"
#include "hpa/HpaStarQuery.h"
#include "path/DirectPath.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"
#include "search/DijkstraSearch.h"
#include "search/SearchTrace.h"
#include "shpa/ShpaStarQuery.h"

namespace hpastar {
namespace {

std::vector<std::pair<Point, Point>> randomQueries(const Grid& g, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::pair<Point, Point>> out;
  for (int i = 0; i < count; ++i) out.emplace_back(test::randomPassable(g, rng), test::randomPassable(g, rng));
  return out;
}

bool disjoint(std::vector<Point> a, std::vector<Point> b) {
  auto less = [](Point p, Point q) { return p.y != q.y ? p.y < q.y : p.x < q.x; };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
  std::vector<Point> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common), less);
  return common.empty();
}

TEST(SearchTrace, TraceClosedSetOfAStarEqualsItsExpansionsCount) {
  const Grid g = test::loadMap("arena.map");
  AStarSearch astar;
  SearchTrace trace;
  astar.setTrace(&trace);
  for (const auto& [s, t] : randomQueries(g, 40, 7)) {
    trace.clear();
    trace.setPhase(SearchPhase::AStar);
    PathResult r;
    astar.findPath(g, s, t, r);
    if (s == t) {
      EXPECT_TRUE(trace.searches().empty());
      continue;
    }
    ASSERT_EQ(trace.searches().size(), 1u);
    const TracedSearch& one = trace.searches()[0];
    EXPECT_EQ(one.phase, SearchPhase::AStar);
    EXPECT_EQ(one.level, 0);
    EXPECT_EQ(one.closed.size(), r.stats.expandedMain);
    // The goal is expanded when found; the start always is.
    if (r.found()) {
      EXPECT_NE(std::find(one.closed.begin(), one.closed.end(), t), one.closed.end());
    }
    EXPECT_NE(std::find(one.closed.begin(), one.closed.end(), s), one.closed.end());
    EXPECT_TRUE(disjoint(one.closed, one.open));
    for (Point p : one.open) EXPECT_TRUE(g.passable(p));
  }
}

TEST(SearchTrace, AStarWithoutATraceRecordsNothingAndFindsTheSamePath) {
  const Grid g = test::loadMap("arena.map");
  AStarSearch traced, plain;
  SearchTrace trace;
  traced.setTrace(&trace);
  for (const auto& [s, t] : randomQueries(g, 10, 3)) {
    PathResult a, b;
    traced.findPath(g, s, t, a);
    plain.findPath(g, s, t, b);
    EXPECT_EQ(a.cells, b.cells);
    EXPECT_EQ(a.stats.expandedMain, b.stats.expandedMain);
  }
  traced.setTrace(nullptr);
  const size_t before = trace.searches().size();
  PathResult r;
  traced.findPath(g, Point{1, 11}, Point{40, 37}, r);
  EXPECT_EQ(trace.searches().size(), before);
}

struct PlannerCase {
  const char* name;
  int levels;
  bool trees;
};

class HpaSearchTrace : public ::testing::TestWithParam<PlannerCase> {};

TEST_P(HpaSearchTrace, ClosedCountsPerPhaseEqualTheQueryStatsPerPhase) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.clusterSize = 10;
  o.levels = GetParam().levels;
  o.cacheTrees = GetParam().trees;
  const Hierarchy h = test::buildHierarchy(g, o);
  HpaStarQuery query(h);
  SearchTrace trace;
  query.setTrace(&trace);
  HpaStarQuery plain(h);
  int withInsertion = 0, withRefinement = 0, hierarchical = 0;
  for (const auto& [s, t] : randomQueries(g, 60, 11)) {
    std::vector<Point> direct;
    hierarchical += s != t && !findDirectPath(g, h.lineReach(), s, t, direct);
    trace.clear();
    PathResult r, p;
    query.findPath(s, t, r);
    plain.findPath(s, t, p);
    EXPECT_EQ(r.cells, p.cells) << "tracing changed the path";
    EXPECT_EQ(trace.closedCount(SearchPhase::Insertion), r.stats.expandedInsertion);
    EXPECT_EQ(trace.closedCount(SearchPhase::Abstract), r.stats.expandedMain);
    EXPECT_EQ(trace.closedCount(SearchPhase::Refinement), r.stats.expandedRefinement);
    EXPECT_EQ(trace.closedCount(SearchPhase::AStar), 0u);
    for (const TracedSearch& one : trace.searches()) {
      // A cell is closed or open, not both; abstract nodes may share a cell (the start on a node's cell).
      if (one.level == 0) {
        EXPECT_TRUE(disjoint(one.closed, one.open));
      }
      if (one.phase == SearchPhase::Abstract) {
        EXPECT_EQ(one.level, o.levels);
      }
      EXPECT_LE(one.level, o.levels);
    }
    // Searches over cells (level 0) while inserting start and goal.
    withInsertion += std::any_of(trace.searches().begin(), trace.searches().end(), [](const TracedSearch& x) {
      return x.phase == SearchPhase::Insertion && x.level == 0 && !x.closed.empty();
    });
    withRefinement += trace.closedCount(SearchPhase::Refinement) > 0;
  }
  if (GetParam().trees) {
    // DHPA* reads trees at level 1: no search over cells to insert start and goal unless they share a cluster.
    EXPECT_LT(withInsertion, 10);
  } else {
    // Every query but those answered by a direct path (no search at all) searches cells.
    EXPECT_GT(hierarchical, 40);
    EXPECT_GT(withInsertion, hierarchical * 5 / 6);
    EXPECT_GT(withRefinement, hierarchical * 5 / 6);
  }
}

INSTANTIATE_TEST_SUITE_P(Planners, HpaSearchTrace,
                         ::testing::Values(PlannerCase{"hpa1", 1, false}, PlannerCase{"hpa3", 3, false},
                                           PlannerCase{"dhpa1", 1, true}, PlannerCase{"dhpa2", 2, true}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(SearchTrace, AbstractSearchOfHpaExpandsTheStartAndTheGoalCells) {
  const Grid g = test::loadMap("arena.map");
  HierarchyOptions o;
  o.clusterSize = 10;
  const Hierarchy h = test::buildHierarchy(g, o);
  HpaStarQuery query(h);
  SearchTrace trace;
  query.setTrace(&trace);
  const Point s{1, 11}, t{40, 37};
  PathResult r;  // unsmoothed: smoothed, this pair's free direct path would need no search
  ASSERT_EQ(query.findPath(s, t, r, HpaQueryOptions{.smooth = false}), PathStatus::Found);
  const auto abstract = std::find_if(trace.searches().begin(), trace.searches().end(),
                                     [](const TracedSearch& x) { return x.phase == SearchPhase::Abstract; });
  ASSERT_NE(abstract, trace.searches().end());
  EXPECT_NE(std::find(abstract->closed.begin(), abstract->closed.end(), s), abstract->closed.end());
  EXPECT_NE(std::find(abstract->closed.begin(), abstract->closed.end(), t), abstract->closed.end());
  // Phases come in the order they run.
  EXPECT_EQ(trace.searches().front().phase, SearchPhase::Insertion);
  EXPECT_EQ(trace.searches().back().phase, SearchPhase::Refinement);
}

TEST(SearchTrace, ShpaClosedCountsEqualItsStats) {
  const Grid grid = test::loadMap("den520d.map");
  std::string error;
  auto graph = ShpaStarGraph::build(std::make_shared<const Grid>(grid), ShpaOptions{}, error);
  ASSERT_TRUE(graph) << error;
  ShpaStarQuery query(*graph);
  SearchTrace trace;
  query.setTrace(&trace);
  for (const auto& [s, t] : randomQueries(grid, 40, 5)) {
    trace.clear();
    PathResult r;
    query.findPath(s, t, r);
    EXPECT_EQ(trace.closedCount(SearchPhase::Insertion), 0u);
    EXPECT_EQ(trace.closedCount(SearchPhase::Abstract), r.stats.expandedMain);
    EXPECT_EQ(trace.closedCount(SearchPhase::Refinement), r.stats.expandedRefinement);
  }
}

TEST(SearchTrace, AStarClosedCellsComeByEstimateEachAfterTheCellItWasReachedFrom) {
  // Independent oracle: a closed cell of A* (consistent heuristic) has its true distance from the start,
  // so along the order distance + octile distance to the goal never decreases; and each cell but the
  // start comes after a neighbour at its distance minus one move (the cell it was reached from).
  const Grid g = test::loadMap("arena.map");
  AStarSearch astar;
  DijkstraSearch dijkstra;
  SearchTrace trace;
  astar.setTrace(&trace);
  for (const auto& [s, t] : randomQueries(g, 30, 5)) {
    if (s == t) continue;
    trace.clear();
    PathResult r;
    astar.findPath(g, s, t, r);
    dijkstra.run(g, g.bounds(), s);
    const std::vector<Point>& closed = trace.searches().at(0).closed;
    ASSERT_FALSE(closed.empty());
    EXPECT_EQ(closed.front(), s);
    if (r.found()) {
      EXPECT_EQ(closed.back(), t);
    }
    double lastF = -1;
    std::vector<Point> seen;
    for (Point p : closed) {
      const double f = dijkstra.distance(p) + octileDistance(t.x - p.x, t.y - p.y);
      EXPECT_GE(f, lastF - 1e-6) << "cell " << p.x << "," << p.y;
      lastF = f;
      if (p != s) {
        const bool parentBefore = std::any_of(seen.begin(), seen.end(), [&](Point q) {
          const int dx = p.x - q.x, dy = p.y - q.y;
          if (std::abs(dx) > 1 || std::abs(dy) > 1) return false;
          return std::abs(dijkstra.distance(q) + octileDistance(dx, dy) - dijkstra.distance(p)) < 1e-6;
        });
        EXPECT_TRUE(parentBefore) << "cell " << p.x << "," << p.y << " before the cell it was reached from";
      }
      seen.push_back(p);
    }
  }
}

// Replays a best-first search independently: "" when `order` is an order A* (or Dijkstra, with h = 0)
// may expand its nodes in (each node on the open list when expanded, its f = g + h the least of the
// open list at that moment, ties in any order), else the first expansion that is not. `edges(id,
// visit)` calls visit(to, cost) for each edge of a node; ids of `order` as the search numbers them.
template <typename Id, typename Edges, typename H>
std::string bestFirstOrderProblem(const std::vector<Id>& order, Id start, Edges&& edges, H&& h) {
  struct Entry {
    double g;
    bool closed;
  };
  std::map<Id, Entry> nodes{{start, Entry{0.0, false}}};
  for (size_t k = 0; k < order.size(); ++k) {
    const Id u = order[k];
    const auto it = nodes.find(u);
    if (it == nodes.end() || it->second.closed) return "expansion " + std::to_string(k) + " is not on the open list";
    double least = std::numeric_limits<double>::infinity();
    for (const auto& [id, e] : nodes)
      if (!e.closed) least = std::min(least, e.g + h(id));
    // The heap compares f in fixed point (SearchSpace::keyOf, 2^-18): equal up to that is a tie.
    if (it->second.g + h(u) > least + 1e-5) return "expansion " + std::to_string(k) + " is not of least f";
    it->second.closed = true;
    const double gu = it->second.g;
    edges(u, [&](Id v, double cost) {
      auto [at, fresh] = nodes.try_emplace(v, Entry{gu + cost, false});
      if (!fresh && !at->second.closed && gu + cost < at->second.g) at->second.g = gu + cost;
    });
  }
  return "";
}

// The 8 moves of an unweighted grid without corner cutting, inside `area`.
auto gridMoves(const Grid& g, const Rect& area) {
  return [&g, area](Point p, auto&& visit) {
    for (int d = 0; d < kDirCount; ++d) {
      const Point q{p.x + kDirDx[d], p.y + kDirDy[d]};
      if (!area.contains(q) || !g.passable(q)) continue;
      if (isDiagonal(d) && (!g.passable(Point{q.x, p.y}) || !g.passable(Point{p.x, q.y}))) continue;
      visit(q, kDirCost[d]);
    }
  };
}

TEST(SearchTrace, AStarRecordsItsExpansionsInAnOrderAStarMayTake) {
  const Grid g = test::loadMap("arena.map");
  AStarSearch astar;
  SearchTrace trace;
  astar.setTrace(&trace);
  for (const auto& endpoints : randomQueries(g, 20, 21)) {
    const Point s = endpoints.first, t = endpoints.second;  // not a binding: the lambdas below capture them
    if (s == t) continue;
    trace.clear();
    PathResult r;
    astar.findPath(g, s, t, r);
    const std::vector<Point>& closed = trace.searches().at(0).closed;
    ASSERT_EQ(closed.size(), r.stats.expandedMain);
    std::vector<std::pair<int, int>> ids;  // Point has no ordering: keyed by (y, x)
    for (Point p : closed) ids.emplace_back(p.y, p.x);
    auto moves = gridMoves(g, g.bounds());
    auto problem = [&](const std::vector<std::pair<int, int>>& order) {
      return bestFirstOrderProblem(
          order, std::pair<int, int>{s.y, s.x},
          [&](std::pair<int, int> c, auto&& visit) {
            moves(Point{c.second, c.first}, [&](Point q, double cost) { visit(std::pair<int, int>{q.y, q.x}, cost); });
          },
          [&](std::pair<int, int> c) { return octileDistance(t.x - c.second, t.y - c.first); });
    };
    EXPECT_EQ(problem(ids), "");
    // The replay can fail: the last expansion (the goal, of the largest f) moved to second place.
    if (r.found() && ids.size() > 3 && octileDistance(t.x - s.x, t.y - s.y) > 2) {
      std::vector<std::pair<int, int>> early = ids;
      std::rotate(early.begin() + 1, early.end() - 1, early.end());
      EXPECT_NE(problem(early), "");
    }
  }
}

TEST(SearchTrace, HpaInsertionAndAbstractSearchesRecordAnOrderTheirSearchMayTake) {
  // Insertion: Dijkstra inside the endpoint's cluster (h = 0). Abstract search: A* over the level-1
  // graph plus the query's start and goal, the octile distance between cells as heuristic; replayed
  // over the hierarchy's edges and the endpoints' edges from connectEndpoints (what plan() inserts).
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.clusterSize = 10;
  const Hierarchy h = test::buildHierarchy(g, o);
  HpaStarQuery query(h), inspector(h);
  SearchTrace trace;
  query.setTrace(&trace);
  std::map<std::pair<int, int>, uint32_t> nodeAt;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) nodeAt[{h.nodeCell(n).y, h.nodeCell(n).x}] = n;
  const uint32_t S = h.nodeCount(), G = h.nodeCount() + 1;
  int checked = 0;
  for (const auto& endpoints : randomQueries(g, 30, 9)) {
    const Point s = endpoints.first, t = endpoints.second;  // not a binding: the lambdas below capture them
    if (s == t || nodeAt.count({s.y, s.x}) || nodeAt.count({t.y, t.x})) continue;  // endpoints apart from nodes
    trace.clear();
    PathResult r;
    if (query.findPath(s, t, r) != PathStatus::Found) continue;
    QueryOverlay::Endpoints ends;
    SearchStats stats;
    inspector.connectEndpoints(s, t, ends, stats);
    int insertion = 0;
    for (const TracedSearch& one : trace.searches()) {
      if (one.phase == SearchPhase::Insertion && one.level == 0) {
        const Point from = insertion++ == 0 ? s : t;
        ASSERT_FALSE(one.closed.empty());
        EXPECT_EQ(one.closed.front(), from);
        std::vector<std::pair<int, int>> ids;
        for (Point p : one.closed) ids.emplace_back(p.y, p.x);
        auto moves = gridMoves(g, h.layout(1).rectOf(from));
        EXPECT_EQ(bestFirstOrderProblem(
                      ids, std::pair<int, int>{from.y, from.x},
                      [&](std::pair<int, int> c, auto&& visit) {
                        moves(Point{c.second, c.first}, [&](Point q, double cost) {
                          visit(std::pair<int, int>{q.y, q.x}, cost);
                        });
                      },
                      [](std::pair<int, int>) { return 0.0; }),
                  "")
            << "insertion";
      }
      if (one.phase != SearchPhase::Abstract) continue;
      ASSERT_EQ(one.closed.size(), r.stats.expandedMain);
      std::vector<uint32_t> ids;
      for (Point p : one.closed) ids.push_back(p == s ? S : p == t ? G : nodeAt.at({p.y, p.x}));
      EXPECT_EQ(ids.back(), G);
      auto cellOf = [&](uint32_t n) { return n == S ? s : n == G ? t : h.nodeCell(n); };
      EXPECT_EQ(bestFirstOrderProblem(
                    ids, S,
                    [&](uint32_t u, auto&& visit) {
                      if (u == S || u == G) {
                        for (const QueryOverlay::Edge& e : (u == S ? ends.startEdges : ends.goalEdges)[0])
                          visit(e.to == h.nodeCount() ? S : e.to == h.nodeCount() + 1 ? G : e.to, e.cost);
                        return;
                      }
                      for (const AbstractEdge& e : h.edges(1, u)) visit(e.to, e.cost);
                      for (const QueryOverlay::Edge& e : ends.startEdges[0])
                        if (e.to == u) visit(S, e.cost);
                      for (const QueryOverlay::Edge& e : ends.goalEdges[0])
                        if (e.to == u) visit(G, e.cost);
                    },
                    [&](uint32_t n) {
                      const Point c = cellOf(n);
                      return octileDistance(t.x - c.x, t.y - c.y);
                    }),
                "")
          << "abstract";
      ++checked;
    }
  }
  EXPECT_GT(checked, 15);
}

TEST(SearchTrace, HpaTraceGivesTheRefinedPathItsSegmentsAndTheSmoothingThatMadeThePath) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.clusterSize = 10;
  const Hierarchy h = test::buildHierarchy(g, o);
  HpaStarQuery query(h);
  SearchTrace trace;
  query.setTrace(&trace);
  int smoothed = 0, straight = 0, bent = 0;
  for (const auto& [s, t] : randomQueries(g, 60, 3)) {
    trace.clear();
    PathResult r;
    query.findPath(s, t, r);
    if (!r.found() || s == t) continue;
    const std::vector<Point>& refined = trace.refined();
    EXPECT_TRUE(validatePath(g, s, t, refined, pathCost(g, refined)).valid);
    // One segment per abstract edge, ending at increasing indices, the last at the goal.
    ASSERT_EQ(trace.segmentEnds().size(), r.stats.abstractPathNodes - 1u);
    ASSERT_EQ(trace.segmentSearchEnds().size(), trace.segmentEnds().size());
    EXPECT_EQ(trace.segmentEnds().back(), refined.size() - 1);
    EXPECT_TRUE(std::is_sorted(trace.segmentEnds().begin(), trace.segmentEnds().end()));
    EXPECT_EQ(trace.segmentSearchEnds().back(), trace.searches().size());
    // Replaying the replacements on the refined path gives the path found; each replacement is shorter
    // than the part it replaces, and straight but where a second pass of smoothing bent it.
    std::vector<Point> replayed;
    size_t at = 0;
    for (const SmoothingReplacement& x : trace.smoothing()) {
      ASSERT_LT(x.from, x.to);
      ASSERT_GE(x.from, at);
      replayed.insert(replayed.end(), refined.begin() + at, refined.begin() + x.from);
      EXPECT_EQ(x.line.front(), refined[x.from]);
      EXPECT_EQ(x.line.back(), refined[x.to]);
      const std::vector<Point> part(refined.begin() + x.from, refined.begin() + x.to + 1);
      EXPECT_LT(pathCost(g, x.line), pathCost(g, part));
      size_t bends = 0;
      for (size_t k = 1; k + 1 < x.line.size(); ++k)
        bends += x.line[k + 1].x - x.line[k].x != x.line[k].x - x.line[k - 1].x ||
                 x.line[k + 1].y - x.line[k].y != x.line[k].y - x.line[k - 1].y;
      straight += bends == 0;
      bent += bends != 0;
      replayed.insert(replayed.end(), x.line.begin(), x.line.end() - 1);
      at = x.to;
    }
    replayed.insert(replayed.end(), refined.begin() + at, refined.end());
    EXPECT_EQ(replayed, r.cells);
    smoothed += !trace.smoothing().empty();
  }
  EXPECT_GT(smoothed, 20);
  EXPECT_GT(straight, 10 * bent);  // most replacements are one line
}

TEST(SearchTrace, PhaseNamesAreTheOnesTheBindingsUse) {
  EXPECT_STREQ(searchPhaseName(SearchPhase::Insertion), "insertion");
  EXPECT_STREQ(searchPhaseName(SearchPhase::Abstract), "abstract");
  EXPECT_STREQ(searchPhaseName(SearchPhase::Refinement), "refinement");
  EXPECT_STREQ(searchPhaseName(SearchPhase::AStar), "astar");
}

}  // namespace
}  // namespace hpastar
