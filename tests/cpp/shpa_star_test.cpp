#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <thread>

#include "PathChecks.h"
#include "TestMaps.h"
#include "search/AStarSearch.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"

namespace hpastar {
namespace {

ShpaStarGraph buildGraph(const Grid& grid, const ShpaOptions& options = {}) {
  std::string error;
  auto g = ShpaStarGraph::build(std::make_shared<const Grid>(grid), options, error);
  if (!g) throw std::runtime_error(error);
  return std::move(*g);
}

// Cells of `cluster` reached from its first cell through cells of that cluster only.
size_t cellsReachedInside(const ShpaStarGraph& g, uint32_t cluster, size_t& cellsOfCluster) {
  const Grid& grid = g.grid();
  const Rect box = g.clusterBox(cluster);
  std::vector<Point> stack, seen;
  cellsOfCluster = 0;
  for (int32_t y = box.y0; y < box.y1; ++y)
    for (int32_t x = box.x0; x < box.x1; ++x)
      if (g.clusterOf({x, y}) == cluster) {
        if (stack.empty()) stack.push_back({x, y});
        ++cellsOfCluster;
      }
  std::vector<uint8_t> visited(static_cast<size_t>(box.area()), 0);
  auto mark = [&](Point p) { visited[static_cast<size_t>((p.y - box.y0) * box.width() + (p.x - box.x0))] = 1; };
  auto wasVisited = [&](Point p) {
    return visited[static_cast<size_t>((p.y - box.y0) * box.width() + (p.x - box.x0))] != 0;
  };
  size_t reached = 0;
  if (!stack.empty()) mark(stack.back());
  while (!stack.empty()) {
    const Point p = stack.back();
    stack.pop_back();
    ++reached;
    for (int d = 0; d < kDirCount; ++d) {
      if (!grid.canMove(p, d)) continue;
      const Point q{p.x + kDirDx[d], p.y + kDirDy[d]};
      if (g.clusterOf(q) != cluster || wasVisited(q)) continue;
      mark(q);
      stack.push_back(q);
    }
  }
  return reached;
}

// A corridor of three 4×4 tiles: tile 0 and tile 1 meet along their whole side, tile 1 and tile 2 only
// through a door in tile 2's wall column (x = 8, open at y = 2).
//   tile 0: 16 cells, 1 node  -> 1/16
//   tile 1: 16 cells, 2 nodes -> 2/16, the densest, so it merges first:
//           with tile 0 the merged cluster keeps 1 node of 32 cells, with tile 2 1 node of 29: tile 0 wins.
//   tile 2: 13 cells, 1 node; merging it with the 8-wide cluster would give a 12-wide box > max side 8.
const std::vector<std::string> kCorridorWithDoor = {
    "........@...",  //
    "........@...",  //
    "............",  //
    "........@...",  //
};

ShpaOptions corridorOptions() {
  ShpaOptions o;
  o.initialClusterSize = 4;
  o.maxClusterSide = 8;
  return o;
}

TEST(ShpaStarGraph, HandDrawnCorridorMergesTheDensestTileWithItsBestNeighbourAndStopsAtTheSizeLimit) {
  const Grid grid = test::drawGrid(kCorridorWithDoor);
  const ShpaStarGraph g = buildGraph(grid, corridorOptions());
  EXPECT_EQ(g.stats().initialClusters, 3u);
  EXPECT_EQ(g.stats().merges, 1u);
  ASSERT_EQ(g.clusterCount(), 2u);
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x)
      EXPECT_EQ(g.clusterOf({x, y}), !grid.passable(x, y) ? ShpaStarGraph::kNone : (x < 8 ? 0u : 1u)) << x << "," << y;
  EXPECT_EQ(g.clusterBox(0), (Rect{0, 0, 8, 4}));
  EXPECT_EQ(g.clusterBox(1), (Rect{8, 0, 12, 4}));
  // The door is the only border: one transition, (7,2) | (8,2).
  ASSERT_EQ(g.nodeCount(), 2u);
  EXPECT_EQ(g.nodeCell(0), (Point{7, 2}));
  EXPECT_EQ(g.nodeCell(1), (Point{8, 2}));
  EXPECT_EQ(g.firstNode(1), 1u);
  ASSERT_EQ(g.interEdges(0).size(), 1u);
  EXPECT_EQ(g.interEdges(0)[0], 1u);
  EXPECT_EQ(g.stats().interEdges, 1u);
  EXPECT_EQ(g.stats().intraEdges, 0u);
}

TEST(ShpaStarGraph, ATileCutByAWallStartsAsTwoClusters) {
  // One 4×4 tile, cut by a wall: two connected parts, two clusters; no merge is allowed (max side 4).
  const Grid grid = test::drawGrid({
      "..@.",  //
      "..@.",  //
      "..@.",  //
      "..@.",  //
  });
  ShpaOptions o;
  o.initialClusterSize = 4;
  o.maxClusterSide = 4;
  const ShpaStarGraph g = buildGraph(grid, o);
  EXPECT_EQ(g.clusterCount(), 2u);
  EXPECT_NE(g.clusterOf({0, 0}), g.clusterOf({3, 0}));
  EXPECT_EQ(g.nodeCount(), 0u);
  EXPECT_FALSE(g.connected({0, 0}, {3, 3}));
  EXPECT_TRUE(g.connected({0, 0}, {1, 3}));
}

TEST(ShpaStarGraph, RejectsInvalidOptionsWithAClearMessage) {
  const Grid grid(10, 10);
  std::string error;
  ShpaOptions o;
  o.initialClusterSize = 0;
  EXPECT_FALSE(ShpaStarGraph::build(std::make_shared<const Grid>(grid), o, error));
  EXPECT_EQ(error, "initial cluster size 0 is outside 1..1024");
  o = ShpaOptions{};
  o.maxClusterSide = 2;
  EXPECT_FALSE(ShpaStarGraph::build(std::make_shared<const Grid>(grid), o, error));
  EXPECT_EQ(error, "max cluster side 2 is outside 4..1024 (it cannot be below the initial cluster size)");
  o = ShpaOptions{};
  o.maxDetour = 0.5;
  EXPECT_FALSE(ShpaStarGraph::build(std::make_shared<const Grid>(grid), o, error));
  EXPECT_FALSE(ShpaStarGraph::build(nullptr, ShpaOptions{}, error));
  EXPECT_EQ(error, "no grid");
}

TEST(ShpaStarGraph, StaticMapsOnlyIsWhatAnEditRequestIsTold) {
  // The graph has no edit API; front ends answer edit requests with this message.
  EXPECT_NE(std::string(kShpaStaticMapsOnly).find("SHPA* is for static maps"), std::string::npos);
}

// Flood-fill labels of the grid's components (the reference for the graph's per-cluster components).
std::vector<uint32_t> referenceComponents(const Grid& grid) {
  std::vector<uint32_t> label(static_cast<size_t>(grid.cellCount()), 0);
  uint32_t count = 0;
  std::vector<int32_t> stack;
  for (int32_t c = 0; c < grid.cellCount(); ++c) {
    if (label[c] || !grid.passableAt(c)) continue;
    label[c] = ++count;
    stack.push_back(c);
    while (!stack.empty()) {
      const int32_t u = stack.back();
      stack.pop_back();
      for (int d = 0; d < kDirCount; ++d) {
        if (!((grid.moveMask(u) >> d) & 1u)) continue;
        const int32_t v = u + kDirDy[d] * grid.width() + kDirDx[d];
        if (!label[v]) {
          label[v] = count;
          stack.push_back(v);
        }
      }
    }
  }
  return label;
}

struct GraphCase {
  const char* map;
  double maxDetour;
};

void PrintTo(const GraphCase& c, std::ostream* os) { *os << c.map << " max detour " << c.maxDetour; }

std::string caseName(const char* map, double maxDetour) {
  std::string n = map;
  n = n.substr(0, n.find('.'));
  for (char& ch : n)
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n + (maxDetour > 0 ? "_detour" + std::to_string(static_cast<int>(maxDetour * 100)) : "_paper");
}

class ShpaGraphOnMaps : public ::testing::TestWithParam<GraphCase> {};

TEST_P(ShpaGraphOnMaps, ClustersAreFullyConnectedAndTheGraphIsConsistent) {
  const GraphCase c = GetParam();
  const Grid grid = test::loadMap(c.map);
  ShpaOptions o;
  o.maxDetour = c.maxDetour;
  const ShpaStarGraph g = buildGraph(grid, o);
  ASSERT_GT(g.clusterCount(), 0u);
  EXPECT_LT(g.clusterCount(), g.stats().initialClusters);  // the merge did merge
  // Every cluster: connected through its own cells, within the size limit.
  for (uint32_t cl = 0; cl < g.clusterCount(); ++cl) {
    size_t cells = 0;
    ASSERT_EQ(cellsReachedInside(g, cl, cells), cells) << "cluster " << cl << " is not connected";
    EXPECT_LE(g.clusterBox(cl).width(), o.maxClusterSide);
    EXPECT_LE(g.clusterBox(cl).height(), o.maxClusterSide);
  }
  // Nodes lie in their cluster's id range; inter-edges join orthogonal neighbours of different clusters and
  // are listed from both ends.
  for (uint32_t cl = 0; cl < g.clusterCount(); ++cl)
    for (uint32_t n = g.firstNode(cl); n < g.endNode(cl); ++n) {
      ASSERT_EQ(g.nodeCluster(n), cl);
      ASSERT_EQ(g.clusterOf(g.nodeCell(n)), cl);
      ASSERT_FALSE(g.interEdges(n).empty()) << "a node sits on a transition";
      for (uint32_t m : g.interEdges(n)) {
        ASSERT_LT(m, g.nodeCount());
        const Point a = g.nodeCell(n), b = g.nodeCell(m);
        EXPECT_EQ(std::abs(a.x - b.x) + std::abs(a.y - b.y), 1);
        EXPECT_NE(g.nodeCluster(m), cl);
        const auto back = g.interEdges(m);
        EXPECT_NE(std::find(back.begin(), back.end(), n), back.end());
      }
    }
  // Every pair of touching clusters has a transition, so the cluster components are the grid's components.
  const std::vector<uint32_t> reference = referenceComponents(grid);
  std::vector<uint32_t> clusterToReference(g.clusterCount(), 0), referenceToCluster(g.stats().components + 1, 0);
  for (int32_t cell = 0; cell < grid.cellCount(); ++cell) {
    if (!grid.passableAt(cell)) continue;
    const uint32_t cl = g.clusterOf(grid.pointOf(cell));
    ASSERT_NE(cl, ShpaStarGraph::kNone);
    uint32_t& r = clusterToReference[cl];
    if (r == 0) r = reference[cell];
    ASSERT_EQ(r, reference[cell]) << "cluster " << cl << " spans two components";
    uint32_t& back = referenceToCluster[g.clusterComponent(cl)];
    if (back == 0) back = reference[cell];
    ASSERT_EQ(back, reference[cell]) << "the graph joins two components";
  }
  EXPECT_EQ(g.stats().components, *std::max_element(reference.begin(), reference.end()));
}

const char* const kMaps[] = {"arena.map",    "den520d.map",   "brc202d.map",
                             "AR0011SR.map", "8room_000.map", "maze512-1-0.map"};

std::vector<GraphCase> allGraphCases() {
  std::vector<GraphCase> cases;
  for (const char* map : kMaps)
    for (double detour : {0.0, 1.25}) cases.push_back(GraphCase{map, detour});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(ShpaMaps, ShpaGraphOnMaps, ::testing::ValuesIn(allGraphCases()),
                         [](const auto& info) { return caseName(info.param.map, info.param.maxDetour); });

// Every scenario: solved, valid, never shorter than optimal, and on average near optimal. The bounds are the
// measured means (SHPA*'s straight-line weights cost some optimality, as in the paper) with a margin.
struct ScenarioCase {
  const char* map;
  double maxDetour;
  double meanSuboptimalityBound;
};

void PrintTo(const ScenarioCase& c, std::ostream* os) { *os << c.map << " max detour " << c.maxDetour; }

class ShpaOnScenarios : public ::testing::TestWithParam<ScenarioCase> {};

TEST_P(ShpaOnScenarios, SolvesEveryScenarioWithValidPathsNoShorterThanOptimal) {
  const ScenarioCase c = GetParam();
  const Grid grid = test::loadMap(c.map);
  const auto scenarios = test::loadScenarioSample(c.map, grid);
  ShpaOptions o;
  o.maxDetour = c.maxDetour;
  const ShpaStarGraph g = buildGraph(grid, o);
  ShpaStarQuery q(g);
  PathResult r;
  double subSum = 0;
  int failures = 0;
  for (const Scenario& s : scenarios) {
    r.reset();
    q.findPath(s.start, s.goal, r);
    const auto valid = test::isValidPath(grid, s.start, s.goal, r);
    if (!valid || r.cost < s.optimalLength * (1 - 1e-5)) {
      ADD_FAILURE() << c.map << " line " << s.line << ": " << valid.message() << " cost " << r.cost << " optimal "
                    << s.optimalLength;
      if (++failures > 10) return;
      continue;
    }
    EXPECT_EQ(r.stats.expandedInsertion, 0u) << "SHPA* has no SG effort";
    subSum += (r.cost - s.optimalLength) / std::max(1e-9, s.optimalLength);
  }
  const double mean = subSum / static_cast<double>(scenarios.size());
  std::cout << "[ SHPA*    ] " << c.map << " max detour " << c.maxDetour << ": mean suboptimality " << 100 * mean
            << "% over " << scenarios.size() << " scenarios\n";
  RecordProperty("mean_suboptimality_percent", std::to_string(100 * mean));
  EXPECT_LE(mean, c.meanSuboptimalityBound);
}

INSTANTIATE_TEST_SUITE_P(ShpaMaps, ShpaOnScenarios,
                         ::testing::Values(ScenarioCase{"arena.map", 0, 0.01}, ScenarioCase{"den520d.map", 0, 0.015},
                                           ScenarioCase{"brc202d.map", 0, 0.02}, ScenarioCase{"AR0011SR.map", 0, 0.01},
                                           ScenarioCase{"8room_000.map", 0, 0.05},
                                           ScenarioCase{"maze512-1-0.map", 0, 0.005},
                                           ScenarioCase{"8room_000.map", 1.25, 0.01},
                                           ScenarioCase{"brc202d.map", 1.25, 0.015}),
                         [](const auto& info) { return caseName(info.param.map, info.param.maxDetour); });

TEST(ShpaStarQuery, UnreachableGoalIsAnsweredWithoutAnyExpansion) {
  std::vector<std::string> rows(20, std::string(20, '.'));
  for (auto& r : rows) r[9] = '@';  // a full wall: two regions
  const Grid grid = test::drawGrid(rows);
  const ShpaStarGraph g = buildGraph(grid);
  ShpaStarQuery q(g);
  PathResult r;
  EXPECT_EQ(q.findPath({0, 0}, {19, 19}, r), PathStatus::NoPath);
  EXPECT_EQ(r.stats.expandedTotal(), 0u);
  EXPECT_TRUE(r.cells.empty());
  r.reset();
  EXPECT_EQ(q.findPath({0, 0}, {8, 19}, r), PathStatus::Found);
  EXPECT_TRUE(test::isValidPath(grid, {0, 0}, {8, 19}, r));
}

TEST(ShpaStarQuery, StartEqualToGoalAndBlockedOrOutsideEndpoints) {
  const Grid grid = test::drawGrid(kCorridorWithDoor);
  const ShpaStarGraph g = buildGraph(grid, corridorOptions());
  ShpaStarQuery q(g);
  PathResult r;
  EXPECT_EQ(q.findPath({3, 3}, {3, 3}, r), PathStatus::Found);
  EXPECT_EQ(r.cells, (std::vector<Point>{{3, 3}}));
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(r.stats.expandedTotal(), 0u);
  EXPECT_EQ(q.findPath({8, 0}, {3, 3}, r), PathStatus::StartInvalid);
  EXPECT_EQ(q.findPath({3, 3}, {8, 1}, r), PathStatus::GoalInvalid);
  EXPECT_EQ(q.findPath({3, 3}, {12, 0}, r), PathStatus::GoalInvalid);
  EXPECT_EQ(q.findPath({-1, 3}, {3, 3}, r), PathStatus::StartInvalid);
  EXPECT_TRUE(r.cells.empty());
}

TEST(ShpaStarQuery, CrossesTheDoorThroughItsTwoNodesWithoutSGEffort) {
  const Grid grid = test::drawGrid(kCorridorWithDoor);
  const ShpaStarGraph g = buildGraph(grid, corridorOptions());
  ShpaStarQuery q(g);
  PathResult r;
  ASSERT_EQ(q.findPath({0, 0}, {11, 0}, r, ShpaQueryOptions{false, 0}), PathStatus::Found);
  ASSERT_TRUE(test::isValidPath(grid, {0, 0}, {11, 0}, r));
  EXPECT_EQ(r.stats.abstractPathNodes, 4u);  // start, (7,2), (8,2), goal
  EXPECT_EQ(r.stats.expandedInsertion, 0u);
  EXPECT_NE(std::find(r.cells.begin(), r.cells.end(), Point{8, 2}), r.cells.end());
  EXPECT_NEAR(r.cost, 7 + 4 * kSqrt2, 1e-9);  // the shortest path, through the door
  // Start and goal in one cluster: the direct edge, one abstract expansion (the goal).
  r.reset();
  ASSERT_EQ(q.findPath({0, 0}, {7, 3}, r), PathStatus::Found);
  EXPECT_EQ(r.stats.abstractPathNodes, 2u);
  EXPECT_EQ(r.stats.expandedMain, 1u);
  EXPECT_TRUE(test::isValidPath(grid, {0, 0}, {7, 3}, r));
}

TEST(ShpaStarQuery, FindsAPathExactlyWhenAStarDoesOnRandomPairs) {
  // Random pairs, reachable or not.
  const Grid grid = test::cutUpBrc202d();
  for (double detour : {0.0, 1.25}) {
    ShpaOptions o;
    o.maxDetour = detour;
    const ShpaStarGraph g = buildGraph(grid, o);
    ShpaStarQuery q(g);
    int unreachable = 0;
    ASSERT_NO_FATAL_FAILURE(test::agreeWithAStarOnRandomPairs(
        grid, 400, [&](Point s, Point t, PathResult& r) { return q.findPath(s, t, r); },
        [](const PathResult& r) { EXPECT_EQ(r.stats.expandedTotal(), 0u); }, unreachable));
    EXPECT_GT(unreachable, 0);  // the map has closed-off areas: the test covers both answers
  }
}

TEST(ShpaStarQuery, QueriesOnSeveralThreadsShareOneGraphAndAgreeWithOneThread) {
  const Grid grid = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", grid);
  const ShpaStarGraph g = buildGraph(grid);
  std::vector<double> expected(scenarios.size());
  {
    ShpaStarQuery q(g);
    PathResult r;
    for (size_t i = 0; i < scenarios.size(); ++i) {
      r.reset();
      q.findPath(scenarios[i].start, scenarios[i].goal, r);
      expected[i] = r.cost;
    }
  }
  std::vector<std::vector<double>> got(2, std::vector<double>(scenarios.size(), -1));
  std::vector<std::thread> threads;
  for (size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] {
      ShpaStarQuery q(g);
      PathResult r;
      for (size_t k = 0; k < scenarios.size(); ++k) {
        const size_t i = t == 0 ? k : scenarios.size() - 1 - k;  // opposite orders
        r.reset();
        q.findPath(scenarios[i].start, scenarios[i].goal, r);
        got[t][i] = r.cost;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(got[0], expected);
  EXPECT_EQ(got[1], expected);
}

}  // namespace
}  // namespace hpastar
