#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "TestMaps.h"
#include "grid/CapabilityNames.h"
#include "grid/Clearance.h"
#include "grid/TerrainCosts.h"
#include "haa/AnnotatedEntranceScanner.h"
#include "haa/AnnotatedHierarchy.h"
#include "haa/HaaStarQuery.h"
#include "path/FootprintValidator.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar {
namespace {
using test::drawGrid;

Capability haaCapabilityOf(const std::string& names) {
  std::string error;
  const auto capability = parseCapability(names, error);
  if (!capability) throw std::runtime_error(error);
  return *capability;
}

AnnotatedHierarchy buildHaa(const Grid& grid, int32_t clusterSize, Abstraction abstraction, int32_t maxSize = 3,
                            bool joinTrees = true) {
  AnnotatedHierarchyOptions options;
  options.clusterSize = clusterSize;
  options.abstraction = abstraction;
  options.maxSize = maxSize;
  options.joinTrees = joinTrees;
  std::string error;
  auto h = AnnotatedHierarchy::build(grid, options, error);
  if (!h) throw std::runtime_error(error);
  return std::move(*h);
}

// The article's kind of toy map (10x10, ground '.', water 'W', obstacles '@'), the one whose clearance
// values clearance_test.cpp works by hand, cut into four 5x5 clusters:
//   C0 = x 0..4, y 0..4   C1 = x 5..9, y 0..4
//   C2 = x 0..4, y 5..9   C3 = x 5..9, y 5..9
std::vector<std::string> haaToyMap() {
  return {
      "..........",  //
      "..........",  //
      "..@@@.....",  //
      "..@@@.....",  //
      ".....WWW..",  //
      ".....WWW..",  //
      "WWWWWWWW..",  //
      "WWW@......",  //
      "..........",  //
      "..........",  //
  };
}

std::string text(Point p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

// The annotations of the kept edges between two cells, as "capability/clearance" sorted.
std::vector<std::string> annotationsBetween(const AnnotatedHierarchy& h, Point a, Point b) {
  std::vector<std::string> out;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeCell(n) != a) continue;
    for (const AnnotatedEdge& e : h.edges(n))
      if (h.nodeCell(e.to) == b) out.push_back(capabilityText(e.capability) + "/" + std::to_string(e.clearance));
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool hasNode(const AnnotatedHierarchy& h, Point p) {
  for (uint32_t n = 0; n < h.nodeCount(); ++n)
    if (h.nodeCell(n) == p) return true;
  return false;
}

TEST(AnnotatedEntrances, ToyMapTransitionsWorkedByHand) {
  // Crossing clearances (min of the two anchors' true clearance, capped at 3), from the values of
  // clearance_test.cpp:
  //   C0|C1, (4,y)|(5,y): ground 2,1,0,0,0 and ground,water 2,1,0,0,3 for y 0..4; no water crossing.
  //     Runs: ground y0-1 (size 1), y0 (size 2); ground,water y0-1, y4 -> transitions y0 and y4.
  //   C0/C2, (x,4)/(x,5): ground 1,1,1,1,1 -> the middle, x2; ground,water 3,2,2,2,3 -> x0 (largest,
  //     first of the two equally near the middle) for sizes 1 and 2, and x0 and x4 for size 3.
  //   C1/C3, (x,4)/(x,5) for x 5..9: ground 0,0,0,2,1 -> x8; water 2,2,1,0,0 -> x6 (size 1: largest
  //     nearest the middle 6), x5 (size 2: run 5-6, middle 5); ground,water 3,3,3,2,1 -> x7 (size 1,
  //     middle 7), x6 (sizes 2 and 3, middle 6).
  //   C2|C3, (4,y)|(5,y) for y 5..9: ground 0,0,3,2,1 -> y7; water 0,1,0,0,0 -> y6; ground,water
  //     3,3,3,2,1 -> y7 (size 1), y6 (sizes 2 and 3).
  const Grid g = drawGrid(haaToyMap());
  std::vector<ClearanceMap> clearances;
  for (const char* names : {"ground", "water", "ground,water"})
    clearances.push_back(ClearanceMap::trueClearance(g, haaCapabilityOf(names)));
  std::vector<Transition> found;
  AnnotatedEntranceScanner::scanAll(ClusterLayout(5, 10, 10), clearances, 3, found);
  std::vector<std::string> got;
  for (const Transition& t : found) got.push_back(text(t.a) + text(t.b));
  std::sort(got.begin(), got.end());
  std::vector<std::string> expected = {
      "(4,0)(5,0)", "(4,4)(5,4)",                              // C0|C1
      "(0,4)(0,5)", "(2,4)(2,5)", "(4,4)(4,5)",                // C0/C2
      "(5,4)(5,5)", "(6,4)(6,5)", "(7,4)(7,5)", "(8,4)(8,5)",  // C1/C3
      "(4,6)(5,6)", "(4,7)(5,7)",                              // C2|C3
  };
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected);
}

TEST(AnnotatedEntrances, ABigAgentGetsItsOwnTransitionWhereTheClearanceDipsAlongTheBorder) {
  // Two 8x8 clusters side by side. Along their border (x 7 | 8) every row is ground on both sides: for
  // the article one entrance, and one transition where the crossing's clearance is largest nearest the
  // middle: row 4 (clearances 3,2,1,1,3,3,2,1 for rows 0..7). But the wall on row 3 shuts a 2x2 agent
  // standing in the top right (rows 0..1 of its anchors) off from row 4 on the right side: its only way
  // out is crossing at rows 0..1. So rows 0..1 are an entrance of their own for size 2 (transition at
  // row 0, clearance 3), and HAA* finds the path Annotated A* finds. (Rows 4..6 are size 2's other
  // entrance, transition at its middle, row 5; size 3 has rows 0 and 4..5, transitions 0 and 4.)
  const Grid g = drawGrid({
      "................",  //
      "................",  //
      "................",  //
      ".........@@@@@@@",  //
      "................",  //
      "................",  //
      "................",  //
      "................",  //
  });
  const std::vector<ClearanceMap> clearances = {ClearanceMap::trueClearance(g, haaCapabilityOf("ground"))};
  std::vector<Transition> found;
  AnnotatedEntranceScanner::scanAll(ClusterLayout(8, 16, 8), clearances, 3, found);
  std::vector<std::string> got;
  for (const Transition& t : found) got.push_back(text(t.a) + text(t.b));
  EXPECT_EQ(got, (std::vector<std::string>{"(7,0)(8,0)", "(7,4)(8,4)", "(7,5)(8,5)"}));

  const AnnotatedHierarchy h = buildHaa(g, 8, Abstraction::Low);
  HaaStarQuery query(h);
  PathResult r;
  ASSERT_EQ(query.findPath({12, 0}, {2, 6}, r, Agent{2, haaCapabilityOf("ground")}), PathStatus::Found);
  EXPECT_TRUE(validateFootprintPath(g, haaCapabilityOf("ground"), 2, {12, 0}, {2, 6}, r.cells, r.cost).valid);
}

TEST(AnnotatedHierarchy, ToyMapAnnotationsAndSizesWorkedByHand) {
  const Grid g = drawGrid(haaToyMap());
  const AnnotatedHierarchy h = buildHaa(g, 5, Abstraction::High);
  EXPECT_EQ(h.terrains(), haaCapabilityOf("ground,water"));
  ASSERT_EQ(h.capabilities().size(), 3u);  // ground, water, ground+water
  const AnnotatedHierarchyStats& s = h.stats();
  EXPECT_EQ(s.clusters, 4u);
  EXPECT_EQ(s.transitions, 11u);
  // 22 transition cells, (4,4) and (5,4) each shared by two borders.
  EXPECT_EQ(s.initial.nodes, 20u);
  // One inter-edge per capability with a crossing clearance above 0: 2+1 on C0|C1, 2+2+2 on C0/C2,
  // 2+2+2+2 on C1/C3, 2+2 on C2|C3.
  EXPECT_EQ(s.initial.interEdges, 21u);
  // Strong dominance drops ground,water where ground crosses with as much clearance: (4,0)|(5,0),
  // (8,4)/(8,5) and (4,7)|(5,7).
  EXPECT_EQ(s.high.interEdges, 18u);
  EXPECT_EQ(s.high.nodes, 20u);
  EXPECT_LT(s.high.intraEdges, s.initial.intraEdges);
  EXPECT_EQ(annotationsBetween(h, {4, 0}, {5, 0}), (std::vector<std::string>{"ground/2"}));
  EXPECT_EQ(annotationsBetween(h, {4, 4}, {5, 4}), (std::vector<std::string>{"ground,water/3"}));
  EXPECT_EQ(annotationsBetween(h, {0, 4}, {0, 5}), (std::vector<std::string>{"ground,water/3", "ground/1"}));
  EXPECT_EQ(annotationsBetween(h, {5, 4}, {5, 5}), (std::vector<std::string>{"ground,water/3", "water/2"}));
  EXPECT_EQ(annotationsBetween(h, {7, 4}, {7, 5}), (std::vector<std::string>{"ground,water/3", "water/1"}));
  EXPECT_EQ(annotationsBetween(h, {4, 7}, {5, 7}), (std::vector<std::string>{"ground/3"}));
}

TEST(AnnotatedHierarchy, ToyMapWeakDominanceKeepsOneCrossingPerKindOfAgent) {
  // On C1/C3 the water crossings at x6 (water/2) and x7 (water/1) are dominated by x5 (water/2),
  // which water agents of size 2 reach along row 4 and row 5 of the pool; the ground,water/3
  // crossings at x6 and x7 by x5's. Ground's crossing at x8 stays (no other ground crossing there).
  const Grid g = drawGrid(haaToyMap());
  const AnnotatedHierarchy h = buildHaa(g, 5, Abstraction::Low);
  EXPECT_FALSE(hasNode(h, {6, 4}));
  EXPECT_FALSE(hasNode(h, {7, 4}));
  EXPECT_FALSE(hasNode(h, {6, 5}));
  EXPECT_FALSE(hasNode(h, {7, 5}));
  EXPECT_TRUE(hasNode(h, {5, 4}));
  EXPECT_TRUE(hasNode(h, {8, 4}));
  EXPECT_EQ(annotationsBetween(h, {5, 4}, {5, 5}), (std::vector<std::string>{"ground,water/3", "water/2"}));
  EXPECT_EQ(annotationsBetween(h, {8, 4}, {8, 5}), (std::vector<std::string>{"ground/2"}));
  EXPECT_LT(h.stats().low.nodes, h.stats().high.nodes);
  EXPECT_LT(h.stats().low.interEdges, h.stats().high.interEdges);
  EXPECT_EQ(h.stats().low.nodes, static_cast<uint64_t>(h.nodeCount()));
}

// Every kept edge is what its annotation says: an inter-edge is a crossing whose clearance for its
// capability is its clearance; an intra-edge costs what Annotated A* inside the cluster finds for an
// agent of its size and capability, and its stored path (read in both directions, one per end) stays in
// the cluster, is legal for that agent all along (FootprintValidator) and costs that much.
void expectEdgesMatchTheirAnnotations(const AnnotatedHierarchy& h) {
  const Grid& g = h.grid();
  AnnotatedAStarSearch search;
  PathResult r;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    for (const AnnotatedEdge& e : h.edges(n)) {
      const Point a = h.nodeCell(n), b = h.nodeCell(e.to);
      const int32_t c = h.capabilityIndex(e.capability);
      ASSERT_GE(c, 0);
      ASSERT_EQ(h.capabilities()[static_cast<size_t>(c)], e.capability);
      const std::string what = text(a) + "-" + text(b) + " " + capabilityText(e.capability);
      if (e.inter) {
        ASSERT_NE(h.layout().clusterOf(a), h.layout().clusterOf(b)) << what;
        ASSERT_EQ(AnnotatedEntranceScanner::crossingClearance(h.clearance(c), a, b, h.maxSize()), e.clearance) << what;
        continue;
      }
      const int32_t cluster = h.layout().clusterOf(a);
      ASSERT_EQ(cluster, h.layout().clusterOf(b)) << what;
      r.reset();
      search.findPath(g, h.clearance(c), e.clearance, h.layout().rect(cluster), a, b, r);
      ASSERT_TRUE(r.found()) << what;
      ASSERT_NEAR(r.cost, e.cost, 1e-5 * std::max(1.0, r.cost)) << what;
      std::vector<Point> stored{a};
      const double cost = h.appendIntraPath(n, e, stored);
      for (const Point p : stored) ASSERT_TRUE(h.layout().rect(cluster).contains(p)) << what << " at " << text(p);
      const PathCheck check = validateFootprintPath(g, e.capability, e.clearance, a, b, stored, cost);
      ASSERT_TRUE(check.valid) << what << ": " << check.problem;
      ASSERT_NEAR(cost, r.cost, 1e-9 * std::max(1.0, r.cost)) << what;
    }
  }
}

TEST(AnnotatedHierarchy, EdgesMatchTheirAnnotationsOnTheToyMapAndDen520d) {
  ASSERT_NO_FATAL_FAILURE(expectEdgesMatchTheirAnnotations(buildHaa(drawGrid(haaToyMap()), 5, Abstraction::High)));
  ASSERT_NO_FATAL_FAILURE(expectEdgesMatchTheirAnnotations(buildHaa(drawGrid(haaToyMap()), 5, Abstraction::Low)));
  ASSERT_NO_FATAL_FAILURE(
      expectEdgesMatchTheirAnnotations(buildHaa(test::loadMap("den520d.map"), 16, Abstraction::High)));
}

// A random anchor where an agent of `size` stands for `clearance`.
Point randomStanding(const ClearanceMap& clearance, int32_t size, std::mt19937& rng) {
  for (;;) {
    const Point p{static_cast<int32_t>(rng() % static_cast<uint32_t>(clearance.width())),
                  static_cast<int32_t>(rng() % static_cast<uint32_t>(clearance.height()))};
    if (clearance.open(p, size)) return p;
  }
}

// Representational completeness: for every size 1..3 and every capability of the map, HAA* finds a
// path exactly when Annotated A* does, every path fits the footprint all along with its cost
// recomputed (FootprintValidator), and none is shorter than Annotated A*'s. Returns the mean
// suboptimality; counts the pairs without a path in `unreachable`.
double expectCompleteAgainstAnnotatedAStar(const Grid& grid, const AnnotatedHierarchy& h, int pairsPerAgent,
                                           uint32_t seed, int& unreachable) {
  std::mt19937 rng(seed);
  HaaStarQuery query(h);
  AnnotatedAStarSearch reference;
  PathResult got, expected;
  double suboptimality = 0;
  int found = 0;
  unreachable = 0;
  for (size_t c = 0; c < h.capabilities().size(); ++c) {
    const Capability capability = h.capabilities()[c];
    const ClearanceMap& clearance = h.clearance(static_cast<int32_t>(c));
    for (int32_t size = 1; size <= 3; ++size) {
      if (std::none_of(clearance.values().begin(), clearance.values().end(), [&](uint8_t v) { return v >= size; }))
        continue;
      for (int i = 0; i < pairsPerAgent; ++i) {
        const Point s = randomStanding(clearance, size, rng), t = randomStanding(clearance, size, rng);
        expected.reset();
        got.reset();
        reference.findPath(grid, clearance, size, s, t, expected);
        query.findPath(s, t, got, Agent{size, capability});
        const std::string what =
            capabilityText(capability) + " size " + std::to_string(size) + " " + text(s) + " to " + text(t);
        if (!expected.found()) {
          EXPECT_EQ(got.status, PathStatus::NoPath) << what;
          ++unreachable;
          continue;
        }
        if (!got.found()) {
          ADD_FAILURE() << what << ": Annotated A* finds a path of cost " << expected.cost << ", HAA* none";
          return 0;
        }
        const PathCheck check = validateFootprintPath(grid, capability, size, s, t, got.cells, got.cost);
        if (!check.valid) {
          ADD_FAILURE() << what << ": " << check.problem;
          return 0;
        }
        EXPECT_GE(got.cost, expected.cost - 1e-6 * std::max(1.0, expected.cost)) << what;
        suboptimality += expected.cost > 0 ? got.cost / expected.cost - 1 : 0;
        ++found;
      }
    }
  }
  EXPECT_GT(found, 0);
  return found ? suboptimality / found : 0;
}

class HaaStarCompleteness : public ::testing::TestWithParam<Abstraction> {};

TEST_P(HaaStarCompleteness, OnDen520dForGroundAndTrees) {
  const Grid g = test::loadMap("den520d.map");
  const AnnotatedHierarchy h = buildHaa(g, 16, GetParam());
  ASSERT_EQ(h.terrains(), haaCapabilityOf("ground,trees"));
  int unreachable = 0;
  const double mean = expectCompleteAgainstAnnotatedAStar(g, h, 60, 520, unreachable);
  EXPECT_GT(unreachable, 0);  // both answers were put to the test
  EXPECT_LT(mean, GetParam() == Abstraction::High ? 0.08 : 0.2);
}

TEST_P(HaaStarCompleteness, OnBrc202dForGroundAndTrees) {
  const Grid g = test::loadMap("brc202d.map");
  const AnnotatedHierarchy h = buildHaa(g, 16, GetParam());
  int unreachable = 0;
  expectCompleteAgainstAnnotatedAStar(g, h, 25, 202, unreachable);
  EXPECT_GT(unreachable, 0);
}

// A hand-drawn ground and water map: two lakes that do not touch (a swimmer cannot go from one to the
// other), a river with a one-cell ford and a two-cell bridge, a pier, narrow ground passages.
std::vector<std::string> lakesMap() {
  return {
      "................................",  //
      "..WWWWWW.........@@@@@@.........",  //
      "..WWWWWWW........@....@.........",  //
      "..WWWWWWWW.......@.......WWWW...",  //
      "...WWWWWW........@@@@@@..WWWWWW.",  //
      "....WW...................WWWWWW.",  //
      "....WW....@@@@@@@@@@@@...WWW....",  //
      "..........@..........@..........",  //
      "@@@@@@@@@@@..@@@@@@..@@@@@@@.@@@",  //
      "................................",  //
      "WWWWWWWWWWW..WWWWWWWWWWW.WWWWWWW",  //
      "WWWWWWWWWWW..WWWWWWWWWWW.WWWWWWW",  //
      "WWWWWWWWWWW..WWWWWWWWWWW.WWWWWWW",  //
      "................................",  //
      "....@@@@......@.@.......@@@@....",  //
      "....@..@......@.@.......@..@....",  //
      "....@..@................@..@....",  //
      "....@@@@......@.@.......@@@@....",  //
      "................................",  //
      "..WWW...............WWWW........",  //
      "..WWW..@@@@@@@@.....WWWW........",  //
      "..WWW..@......@.....WWWW........",  //
      ".......@......@.................",  //
      ".......@@@@@@@@.................",  //
  };
}

TEST_P(HaaStarCompleteness, OnAHandDrawnGroundAndWaterMap) {
  const Grid g = drawGrid(lakesMap());
  for (const int32_t cluster : {5, 8}) {
    const AnnotatedHierarchy h = buildHaa(g, cluster, GetParam());
    ASSERT_EQ(h.terrains(), haaCapabilityOf("ground,water"));
    int unreachable = 0;
    expectCompleteAgainstAnnotatedAStar(g, h, 120, 2008 + static_cast<uint32_t>(cluster), unreachable);
    EXPECT_GT(unreachable, 0);
  }
}

TEST_P(HaaStarCompleteness, OnTheToyMap) {
  const Grid g = drawGrid(haaToyMap());
  const AnnotatedHierarchy h = buildHaa(g, 5, GetParam());
  int unreachable = 0;
  expectCompleteAgainstAnnotatedAStar(g, h, 100, 10, unreachable);
}

// Every join tree of every `nodeStride`-th node, for every agent, against a Dijkstra of Annotated A* from
// the node over its cluster: the same cells reached, at the same cost, along a legal path inside the
// cluster (checked from the terrain, FootprintValidator) that costs what it says.
void expectJoinTreesAreShortestPathTrees(const AnnotatedHierarchy& h, uint32_t nodeStride) {
  const Grid& grid = h.grid();
  AnnotatedAStarSearch reference;
  std::vector<Point> path;
  uint64_t traced = 0;
  for (uint32_t n = 0; n < h.nodeCount(); n += nodeStride) {
    const Point node = h.nodeCell(n);
    const Rect area = h.layout().rect(h.layout().clusterOf(node));
    for (size_t c = 0; c < h.capabilities().size(); ++c)
      for (int32_t size = 1; size <= h.maxSize(); ++size) {
        const int32_t capability = static_cast<int32_t>(c);
        reference.settleFrom(grid, h.clearance(capability), size, area, node, {});
        for (int32_t y = area.y0; y < area.y1; ++y)
          for (int32_t x = area.x0; x < area.x1; ++x) {
            const Point from{x, y};
            const std::string what = text(from) + " to node " + text(node) + " capability " +
                                     capabilityText(h.capabilities()[c]) + " size " + std::to_string(size);
            path.clear();
            const double cost = h.traceToNode(n, capability, size, from, &path);
            const double expected = reference.distanceTo(from);
            ASSERT_EQ(cost < 0, expected < 0) << what << ": " << cost << " against " << expected;
            if (cost < 0) continue;
            ASSERT_NEAR(cost, expected, 1e-9 * std::max(1.0, expected)) << what;
            ASSERT_EQ(h.traceToNode(n, capability, size, from, nullptr), cost) << what;
            for (const Point p : path) ASSERT_TRUE(area.contains(p)) << what << " leaves the cluster at " << text(p);
            const PathCheck check = validateFootprintPath(grid, h.capabilities()[c], size, from, node, path, cost);
            ASSERT_TRUE(check.valid) << what << ": " << check.problem;
            ++traced;
          }
      }
  }
  EXPECT_GT(traced, 0u);
}

TEST(AnnotatedHierarchy, JoinTreesAreShortestPathTreesInsideTheirClusters) {
  expectJoinTreesAreShortestPathTrees(buildHaa(drawGrid(haaToyMap()), 5, Abstraction::High), 1);
  expectJoinTreesAreShortestPathTrees(buildHaa(drawGrid(lakesMap()), 8, Abstraction::Low), 1);
  expectJoinTreesAreShortestPathTrees(buildHaa(test::loadMap("den520d.map"), 16, Abstraction::High), 13);
  // Weighted: trees cheaper than ground, so that costs and not steps decide the trees.
  Grid den = test::loadMap("den520d.map");
  std::string error;
  const auto treesCheap = TerrainCosts::parse("T=0.5", error);
  ASSERT_TRUE(treesCheap) << error;
  ASSERT_EQ(den.setTerrainCosts(*treesCheap), "");
  expectJoinTreesAreShortestPathTrees(buildHaa(den, 16, Abstraction::High), 29);
}

// Queries joined by reading the trees and by searching (joinTrees off) find paths of the same cost
// (up to the float rounding of stored costs, which may break a tie the other way), both valid.
void expectJoinTreesAnswerAsTheJoiningSearches(const Grid& grid, int32_t clusterSize, int pairsPerAgent,
                                               uint32_t seed) {
  const AnnotatedHierarchy withTrees = buildHaa(grid, clusterSize, Abstraction::High);
  const AnnotatedHierarchy searching = buildHaa(grid, clusterSize, Abstraction::High, 3, false);
  ASSERT_TRUE(withTrees.hasJoinTrees());
  ASSERT_FALSE(searching.hasJoinTrees());
  EXPECT_GT(withTrees.stats().joinTreeBytes, 0u);
  EXPECT_EQ(searching.stats().joinTreeBytes, 0u);
  EXPECT_EQ(withTrees.stats().bytes - withTrees.stats().joinTreeBytes, searching.stats().bytes);
  HaaStarQuery read(withTrees), searched(searching);
  PathResult a, b;
  std::mt19937 rng(seed);
  int found = 0;
  for (size_t c = 0; c < withTrees.capabilities().size(); ++c) {
    const ClearanceMap& clearance = withTrees.clearance(static_cast<int32_t>(c));
    for (int32_t size = 1; size <= 3; ++size) {
      if (std::none_of(clearance.values().begin(), clearance.values().end(), [&](uint8_t v) { return v >= size; }))
        continue;
      const Agent agent{size, withTrees.capabilities()[c]};
      for (int i = 0; i < pairsPerAgent; ++i) {
        const Point s = randomStanding(clearance, size, rng);
        // Every third goal near the start: the same cluster, where the direct path is searched.
        Point t = randomStanding(clearance, size, rng);
        if (i % 3 == 0)
          for (int tries = 0; tries < 50 && withTrees.layout().clusterOf(t) != withTrees.layout().clusterOf(s); ++tries)
            t = randomStanding(clearance, size, rng);
        a.reset();
        b.reset();
        read.findPath(s, t, a, agent);
        searched.findPath(s, t, b, agent);
        const std::string what =
            capabilityText(agent.capability) + " size " + std::to_string(size) + " " + text(s) + " to " + text(t);
        ASSERT_EQ(a.status, b.status) << what;
        if (!a.found()) continue;
        ASSERT_NEAR(a.cost, b.cost, 1e-5 * std::max(1.0, b.cost)) << what;
        const PathCheck check = validateFootprintPath(grid, agent.capability, size, s, t, a.cells, a.cost);
        ASSERT_TRUE(check.valid) << what << ": " << check.problem;
        ++found;
      }
    }
  }
  EXPECT_GT(found, pairsPerAgent);
}

TEST(HaaStarQuery, JoinTreesAnswerAsTheJoiningSearchesDo) {
  expectJoinTreesAnswerAsTheJoiningSearches(test::loadMap("den520d.map"), 16, 80, 15);
  expectJoinTreesAnswerAsTheJoiningSearches(test::loadMap("brc202d.map"), 16, 40, 16);
  expectJoinTreesAnswerAsTheJoiningSearches(drawGrid(lakesMap()), 5, 150, 17);
}

INSTANTIATE_TEST_SUITE_P(BothAbstractions, HaaStarCompleteness, ::testing::Values(Abstraction::High, Abstraction::Low),
                         [](const ::testing::TestParamInfo<Abstraction>& info) {
                           return info.param == Abstraction::High ? std::string("High") : std::string("Low");
                         });

TEST(HaaStarQuery, UnreachableFromComponentsWithoutAbstractSearch) {
  // A swimmer in the upper left lake cannot reach the lower left pond: different components for
  // (1, water), so the query answers after joining start and goal to their clusters.
  // Joined by reading the join trees, nothing is searched at all; without them, by the joining searches.
  const Grid g = drawGrid(lakesMap());
  for (const bool joinTrees : {true, false}) {
    const AnnotatedHierarchy h = buildHaa(g, 8, Abstraction::High, 3, joinTrees);
    HaaStarQuery query(h);
    PathResult r;
    EXPECT_EQ(query.findPath({3, 2}, {3, 20}, r, Agent{1, haaCapabilityOf("water")}), PathStatus::NoPath);
    EXPECT_EQ(r.stats.expandedMain, 0u);
    EXPECT_EQ(r.stats.expandedInsertion > 0u, !joinTrees);
    // The same pair for a walker that also swims: found.
    r.reset();
    EXPECT_EQ(query.findPath({3, 2}, {3, 20}, r, Agent{1, haaCapabilityOf("ground,water")}), PathStatus::Found);
    EXPECT_TRUE(validateFootprintPath(g, haaCapabilityOf("ground,water"), 1, {3, 2}, {3, 20}, r.cells, r.cost).valid);
  }
}

TEST(HaaStarQuery, AgentsTheHierarchyDoesNotServeAreRefusedSayingWhy) {
  const Grid g = drawGrid(haaToyMap());
  const AnnotatedHierarchy h = buildHaa(g, 5, Abstraction::High, 2);
  EXPECT_EQ(h.checkAgent(Agent{3, haaCapabilityOf("ground")}),
            "agent size 3 is outside 1..2, the sizes this HAA* hierarchy was built for");
  EXPECT_EQ(h.checkAgent(Agent{0, haaCapabilityOf("ground")}),
            "agent size 0 is outside 1..2, the sizes this HAA* hierarchy was built for");
  EXPECT_EQ(h.checkAgent(Agent{1, haaCapabilityOf("trees")}),
            "capability \"trees\" allows none of the map's terrain (ground,water)");
  EXPECT_EQ(h.checkAgent(Agent{2, haaCapabilityOf("ground,swamp")}), "");  // no swamp here: ground is what counts
  HaaStarQuery query(h);
  PathResult r;
  EXPECT_EQ(query.findPath({0, 0}, {9, 9}, r, Agent{3, haaCapabilityOf("ground")}), PathStatus::StartInvalid);
  EXPECT_EQ(query.findPath({0, 0}, {9, 9}, r, Agent{1, haaCapabilityOf("trees")}), PathStatus::StartInvalid);
  EXPECT_EQ(query.findPath({2, 2}, {9, 9}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::StartInvalid);  // '@'
  EXPECT_EQ(query.findPath({0, 0}, {9, 9}, r, Agent{2, haaCapabilityOf("ground")}), PathStatus::GoalInvalid);   // map edge
  EXPECT_EQ(query.findPath({1, 1}, {1, 1}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::Found);
  EXPECT_EQ(r.cells, (std::vector<Point>{{1, 1}}));
}

TEST(AnnotatedHierarchy, DegenerateMapsBuildAndAnswer) {
  // No terrain to stand on: no capability, every agent refused.
  const AnnotatedHierarchy walls = buildHaa(drawGrid({"@@@", "@@@"}), 4, Abstraction::High);
  EXPECT_TRUE(walls.capabilities().empty());
  EXPECT_EQ(walls.checkAgent(Agent{1, haaCapabilityOf("ground")}), "the map has no terrain an agent may stand on");
  HaaStarQuery none(walls);
  PathResult r;
  EXPECT_EQ(none.findPath({0, 0}, {1, 1}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::StartInvalid);
  // One cell; one cluster without nodes; a corridor one cell wide across clusters.
  const AnnotatedHierarchy one = buildHaa(drawGrid({"."}), 4, Abstraction::Low);
  HaaStarQuery single(one);
  EXPECT_EQ(single.findPath({0, 0}, {0, 0}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::Found);
  const AnnotatedHierarchy small = buildHaa(drawGrid({"...", ".@.", "..."}), 4, Abstraction::High);
  EXPECT_EQ(small.nodeCount(), 0u);
  HaaStarQuery inside(small);
  EXPECT_EQ(inside.findPath({0, 0}, {2, 2}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::Found);
  EXPECT_NEAR(r.cost, 4, 1e-9);  // every diagonal from a corner touches the wall
  EXPECT_EQ(inside.findPath({0, 0}, {1, 1}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::GoalInvalid);
  const AnnotatedHierarchy corridor =
      buildHaa(drawGrid({"@@@@@@@@@@@@", "............", "@@@@@@@@@@@@"}), 4, Abstraction::High);
  HaaStarQuery along(corridor);
  EXPECT_EQ(along.findPath({0, 1}, {11, 1}, r, Agent{1, haaCapabilityOf("ground")}), PathStatus::Found);
  EXPECT_NEAR(r.cost, 11, 1e-9);
  EXPECT_EQ(along.findPath({0, 1}, {11, 1}, r, Agent{2, haaCapabilityOf("ground")}), PathStatus::StartInvalid);
}

TEST(AnnotatedHierarchy, BadOptionsAreRefusedNamingTheField) {
  const Grid g = drawGrid(haaToyMap());
  AnnotatedHierarchyOptions options;
  options.maxSize = 9;
  std::string error;
  EXPECT_FALSE(AnnotatedHierarchy::build(g, options, error));
  EXPECT_EQ(error, "largest agent size 9 is outside 1..8");
  options = {};
  options.clusterSize = 2;
  EXPECT_FALSE(AnnotatedHierarchy::build(g, options, error));
  EXPECT_EQ(error, "HAA* cluster size 2 is outside 4..256");
}

// The graph of `h` as text, node by node with its edges in order: two hierarchies print the same exactly
// when their graphs are the same (numbering, annotations, costs to the float, the stored paths of the
// intra-edges cell by cell).
std::string graphText(const AnnotatedHierarchy& h) {
  std::string out;
  std::vector<Point> path;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    out += text(h.nodeCell(n)) + ":";
    for (const AnnotatedEdge& e : h.edges(n)) {
      out += " " + std::to_string(e.to) + "/" + capabilityText(e.capability) + "/" + std::to_string(e.clearance) + "/" +
             std::to_string(e.cost) + (e.inter ? "i" : "");
      if (e.inter) continue;
      path.clear();
      h.appendIntraPath(n, e, path);
      for (const Point p : path) out += text(p);
    }
    out += "\n";
  }
  return out;
}

// Every join tree's path from every cell of the node's cluster, for every agent: its cost and first step
// (none: "-").
std::string joinTreesText(const AnnotatedHierarchy& h) {
  std::string out;
  std::vector<Point> path;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    const Rect area = h.layout().rect(h.layout().clusterOf(h.nodeCell(n)));
    for (size_t c = 0; c < h.capabilities().size(); ++c)
      for (int32_t size = 1; size <= h.maxSize(); ++size) {
        out += text(h.nodeCell(n)) + "/" + std::to_string(c) + "/" + std::to_string(size) + ":";
        for (int32_t y = area.y0; y < area.y1; ++y)
          for (int32_t x = area.x0; x < area.x1; ++x) {
            path.clear();
            const double cost = h.traceToNode(n, static_cast<int32_t>(c), size, Point{x, y}, &path);
            if (cost < 0)
              out += " -";
            else
              out += " " + std::to_string(cost) + "," + text(path.size() > 1 ? path[1] : path[0]);
          }
        out += "\n";
      }
  }
  return out;
}

void expectSameAsAFreshBuild(const AnnotatedHierarchy& updated, const std::string& what) {
  const AnnotatedHierarchy fresh =
      buildHaa(updated.grid(), updated.options().clusterSize, updated.options().abstraction, updated.maxSize());
  ASSERT_EQ(graphText(updated), graphText(fresh)) << what;
  ASSERT_EQ(joinTreesText(updated), joinTreesText(fresh)) << what;
  EXPECT_EQ(updated.stats().transitions, fresh.stats().transitions) << what;
  EXPECT_EQ(updated.stats().initial.intraEdges, fresh.stats().initial.intraEdges) << what;
  EXPECT_EQ(updated.stats().low.nodes, fresh.stats().low.nodes) << what;
  for (size_t c = 0; c < fresh.capabilities().size(); ++c) {
    EXPECT_EQ(updated.clearance(static_cast<int32_t>(c)).values(), fresh.clearance(static_cast<int32_t>(c)).values());
    for (int32_t size = 1; size <= fresh.maxSize(); ++size)
      for (uint32_t n = 0; n < fresh.nodeCount(); ++n)
        for (uint32_t m : {0u, n / 2})
          ASSERT_EQ(updated.componentOf(size, static_cast<int32_t>(c), n) ==
                        updated.componentOf(size, static_cast<int32_t>(c), m),
                    fresh.componentOf(size, static_cast<int32_t>(c), n) ==
                        fresh.componentOf(size, static_cast<int32_t>(c), m))
              << what;
  }
}

TEST(AnnotatedHierarchyUpdate, EditsRebuildToTheGraphOfAFreshBuild) {
  // Random walls, trees and ground on arena (ground and trees) in small batches, both abstractions;
  // cost layer values in one batch.
  for (const Abstraction abstraction : {Abstraction::High, Abstraction::Low}) {
    AnnotatedHierarchy h = buildHaa(test::loadMap("arena.map"), 8, abstraction);
    std::mt19937 rng(abstraction == Abstraction::High ? 7 : 8);
    const char kinds[] = ".T@";
    for (int batch = 0; batch < 12; ++batch) {
      std::vector<CellEdit> edits;
      for (int i = 0; i < 1 + batch % 4; ++i) {
        CellEdit e;
        e.cell = Point{static_cast<int32_t>(rng() % 49), static_cast<int32_t>(rng() % 49)};
        e.terrain = kinds[rng() % 3];
        if (batch == 5) e.cost = static_cast<uint8_t>(8 + rng() % 40);
        edits.push_back(e);
      }
      ASSERT_EQ(h.applyEdits(edits), "");
      EXPECT_LT(h.stats().rebuiltClusters, 49u);
      ASSERT_NO_FATAL_FAILURE(expectSameAsAFreshBuild(h, "batch " + std::to_string(batch)));
      if (batch % 4 == 3) {  // the stored paths too
        ASSERT_NO_FATAL_FAILURE(expectEdgesMatchTheirAnnotations(h));
      }
    }
  }
}

TEST(AnnotatedHierarchyUpdate, AnEditInsideAClusterRebuildsItAndItsFourNeighboursOnly) {
  AnnotatedHierarchy h = buildHaa(test::loadMap("den520d.map"), 16, Abstraction::High);
  const CellEdit wall{Point{16 * 5 + 8, 16 * 5 + 8}, '@'};  // the middle of a cluster: clearance up to 2 cells up-left
  EXPECT_EQ(h.version(), 0u);
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&wall, 1)), "");
  EXPECT_EQ(h.stats().rebuiltClusters, 5u);
  EXPECT_EQ(h.version(), 1u);
  EXPECT_EQ(h.lastCellsChanged(), 1u);
  const int32_t middle = 5 * h.layout().columns + 5;
  const std::vector<int32_t> fiveClusters = {middle - h.layout().columns, middle - 1, middle, middle + 1,
                                             middle + h.layout().columns};
  EXPECT_EQ(std::vector<int32_t>(h.lastRebuiltClusters().begin(), h.lastRebuiltClusters().end()), fiveClusters);
  // The same edit again changes no cell, but is a version of its own (what the pool's edits count).
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&wall, 1)), "");
  EXPECT_EQ(h.version(), 2u);
  EXPECT_EQ(h.lastCellsChanged(), 0u);
  EXPECT_EQ(h.applyEdits({}), "");
  EXPECT_EQ(h.version(), 2u);
  // At a cluster's top-left corner the cells whose clearance changes reach three more clusters.
  const CellEdit corner{Point{16 * 5, 16 * 5}, '@'};
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&corner, 1)), "");
  EXPECT_EQ(h.stats().rebuiltClusters, 12u);
  ASSERT_NO_FATAL_FAILURE(expectSameAsAFreshBuild(h, "corner"));
}

TEST(AnnotatedHierarchyUpdate, AWallAtAClusterCornerReachesTheClustersUpAndLeft) {
  // On open ground, a wall at the top-left cell of a cluster lowers the clearance of the cells up to
  // two up and left of it (largest size 3), in three other clusters: the crossings of the border above
  // the diagonal neighbour change (its size-3 run along x 15 | 16 now ends at row 13, moving the
  // transition), which only a rebuild of the clusters the changed cells lie in finds.
  std::vector<std::string> rows(32, std::string(32, '.'));
  AnnotatedHierarchy h = buildHaa(drawGrid(rows), 8, Abstraction::High);
  const CellEdit wall{Point{16, 16}, '@'};
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&wall, 1)), "");
  EXPECT_EQ(h.stats().rebuiltClusters, 12u);
  ASSERT_NO_FATAL_FAILURE(expectSameAsAFreshBuild(h, "corner of an open map"));
}

TEST(AnnotatedHierarchyUpdate, ANewTerrainKindRebuildsEverythingForTheNewCapabilities) {
  AnnotatedHierarchy h = buildHaa(drawGrid(haaToyMap()), 5, Abstraction::High);
  const CellEdit trees{Point{9, 9}, 'T'};
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&trees, 1)), "");
  EXPECT_EQ(h.terrains(), haaCapabilityOf("ground,water,trees"));
  EXPECT_EQ(h.capabilities().size(), 7u);
  EXPECT_EQ(h.stats().rebuiltClusters, 4u);
  ASSERT_NO_FATAL_FAILURE(expectSameAsAFreshBuild(h, "trees"));
}

TEST(AnnotatedHierarchyUpdate, BadEditsAreRefusedNamingTheEditAndNothingChanges) {
  AnnotatedHierarchy h = buildHaa(drawGrid(haaToyMap()), 5, Abstraction::High);
  const std::string before = graphText(h);
  const CellEdit edits[] = {{Point{1, 1}, '@'}, {Point{10, 3}, '@'}};
  EXPECT_EQ(h.applyEdits(edits), "edit 1: cell (10, 3) is outside the 10x10 map");
  const CellEdit bad[] = {{Point{1, 1}, 'x'}};
  EXPECT_EQ(h.applyEdits(bad), "edit 0: cell (1, 1): terrain code 120 is not a Moving AI terrain character");
  EXPECT_EQ(graphText(h), before);
  EXPECT_EQ(h.grid().terrainAt(1, 1), '.');
}

}  // namespace
}  // namespace hpastar
