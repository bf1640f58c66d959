// SHPA*'s clusters as a way of cutting the one hierarchy (HierarchyOptions::mergedClusterSide): the cutting,
// paths, edits, trees, flow fields and saved files on merged clusters.
#include <gtest/gtest.h>

#include <random>

#include "HierarchyBytes.h"
#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "flow/FlowFieldBuilder.h"
#include "hpa/ClusterRegions.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HierarchyPartsCheck.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "shpa/ShpaStarGraph.h"

namespace hpastar {
namespace {

HierarchyOptions merged(int32_t tile, int32_t side, bool trees) {
  return HierarchyOptions{.clusterSize = tile, .cacheTrees = trees, .mergedClusterSide = side};
}

// Random passable pairs through the hierarchy and A*: the same answer, legal paths never shorter.
void agreeWithAStar(const Hierarchy& h, int pairs) {
  HpaStarQuery q(h);
  int unreachable = 0;
  test::agreeWithAStarOnRandomPairs(
      h.grid(), pairs, [&](Point s, Point t, PathResult& r) { return q.findPath(s, t, r); }, [](const PathResult&) {},
      unreachable);
}

TEST(MergedClusters, EveryCellHasAClusterWithinItsBoxAndPassableClustersAreConnected) {
  const Grid g = test::loadMap("den520d.map");
  const MergedClusters m = MergedClusters::build(g, 4, 16, 6);
  ASSERT_EQ(m.cellCluster.size(), static_cast<size_t>(g.cellCount()));
  std::vector<uint32_t> passableCells(m.boxes.size(), 0), blockedCells(m.boxes.size(), 0);
  for (int32_t y = 0; y < g.height(); ++y)
    for (int32_t x = 0; x < g.width(); ++x) {
      const int32_t c = m.clusterAt(Point{x, y});
      ASSERT_LT(c, m.count());
      ASSERT_TRUE(m.boxes[static_cast<size_t>(c)].contains(Point{x, y}));
      (g.passable(x, y) ? passableCells : blockedCells)[static_cast<size_t>(c)]++;
    }
  ClusterLayout layout(4, g.width(), g.height());
  layout.merged = std::make_shared<const MergedClusters>(m);
  std::vector<uint32_t> regions;
  int32_t mergedClusters = 0;
  for (int32_t c = 0; c < m.count(); ++c) {
    const Rect& box = m.boxes[static_cast<size_t>(c)];
    EXPECT_LE(box.width(), 16);
    EXPECT_LE(box.height(), 16);
    // A cluster is either a merged one (passable cells only, one region: fully connected, as SHPA* needs)
    // or the blocked cells of one square of the largest side.
    ASSERT_TRUE(passableCells[static_cast<size_t>(c)] == 0 || blockedCells[static_cast<size_t>(c)] == 0) << c;
    if (passableCells[static_cast<size_t>(c)] == 0) continue;
    ++mergedClusters;
    EXPECT_EQ(labelClusterRegions(g, layout, c, regions), 1u) << "cluster " << c;
  }
  // The merge joins most tiles of open ground; walls take a cluster per 16 x 16 square at most.
  const int32_t tiles = ((g.width() + 3) / 4) * ((g.height() + 3) / 4),
                squares = ((g.width() + 15) / 16) * ((g.height() + 15) / 16);
  EXPECT_LT(mergedClusters, tiles / 4);
  EXPECT_LE(m.count() - mergedClusters, squares);
}

TEST(MergedClusters, LevelOneHasSHPAStarsNodesAndInterEdges) {
  // The same cutting and the same rule on every border: the nodes and transitions of SHPA*'s own graph.
  auto grid = std::make_shared<const Grid>(test::loadMap("den520d.map"));
  std::string error;
  ShpaOptions so;
  const auto shpa = ShpaStarGraph::build(grid, so, error);
  ASSERT_TRUE(shpa) << error;
  const Hierarchy h = test::buildHierarchy(*grid, merged(so.initialClusterSize, so.maxClusterSide, false));
  std::vector<Point> a, b;
  for (uint32_t n = 0; n < h.nodeCount(); ++n)
    if (h.nodeLevel(n) > 0) a.push_back(h.nodeCell(n));
  for (uint32_t n = 0; n < shpa->nodeCount(); ++n) b.push_back(shpa->nodeCell(n));
  const auto rowMajor = [](Point p, Point q) { return p.y != q.y ? p.y < q.y : p.x < q.x; };
  std::sort(a.begin(), a.end(), rowMajor);
  std::sort(b.begin(), b.end(), rowMajor);
  EXPECT_EQ(a, b);
  EXPECT_EQ(h.stats().levels[0].interEdges, shpa->stats().interEdges);
  EXPECT_EQ(h.stats().components, shpa->stats().components);
}

TEST(MergedClusters, PathsAreLegalNeverShorterThanAStarAndNoneIsMissed) {
  for (const char* map : {"den520d.map", "8room_000.map"}) {
    const Grid g = test::loadMap(map);
    for (bool trees : {false, true}) {
      SCOPED_TRACE(std::string(map) + (trees ? " with trees" : ""));
      HierarchyOptions o = merged(4, 16, trees);
      o.cachePaths = !trees;
      const Hierarchy h = test::buildHierarchy(g, o);
      ASSERT_NO_FATAL_FAILURE(agreeWithAStar(h, 300));
    }
  }
  // Hand-drawn: rooms whose merged clusters have holes and ragged borders; every pair.
  const Grid g = test::drawGrid({
      "..........@@@..........",
      ".@@@@@@@..@@@..@@@@@@..",
      ".@.....@.......@....@..",
      ".@.@@@.@..@@@..@.@@.@..",
      ".@.@.@.@..@.@..@.@@.@..",
      ".@...@....@.@.......@..",
      ".@@@@@@@..@@@..@@@@@@..",
      ".......................",
  });
  const Hierarchy h = test::buildHierarchy(g, merged(2, 6, true));
  HpaStarQuery q(h);
  AStarSearch a;
  PathResult r, ar;
  for (int32_t s = 0; s < g.cellCount(); ++s)
    for (int32_t t = 0; t < g.cellCount(); t += 3) {
      const Point ps = g.pointOf(s), pt = g.pointOf(t);
      if (!g.passable(ps) || !g.passable(pt)) continue;
      r.reset();
      ar.reset();
      ASSERT_EQ(q.findPath(ps, pt, r), a.findPath(g, ps, pt, ar));
      if (!r.found()) continue;
      ASSERT_TRUE(test::isValidPath(g, ps, pt, r));
      ASSERT_GE(r.cost, ar.cost - 1e-9);
    }
}

TEST(MergedClusters, ScenarioLengthsStayWithinOnePercentOfOptimalOnAverage) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, merged(4, 16, true));
  HpaStarQuery q(h);
  PathResult r;
  double sum = 0;
  size_t count = 0;
  for (const Scenario& s : test::loadScenarioSample("den520d.map", g)) {
    r.reset();
    ASSERT_EQ(q.findPath(s.start, s.goal, r), PathStatus::Found);
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, r));
    ASSERT_GE(r.cost, s.optimalLength * (1 - 1e-5));
    sum += r.cost / std::max(s.optimalLength, 1e-9);
    ++count;
  }
  ASSERT_GT(count, 0u);
  std::printf("[ merged   ] den520d: %zu scenarios, mean %.4f of optimal\n", count, sum / static_cast<double>(count));
  EXPECT_LT(sum / static_cast<double>(count), 1.01);
}

TEST(MergedClusters, EditsRebuildTheTouchedClustersOfTheSameCuttingAsAFreshBuildWould) {
  Grid g = test::loadMap("den520d.map");
  for (bool trees : {false, true}) {
    SCOPED_TRACE(trees ? "with trees" : "without trees");
    const HierarchyOptions o = merged(4, 16, trees);
    Hierarchy h = test::buildHierarchy(g, o);
    std::mt19937 rng(5);
    for (int round = 0; round < 12; ++round) {
      // Walls on open ground and openings in walls (blocked-tile clusters included).
      const int32_t x = static_cast<int32_t>(rng() % static_cast<uint32_t>(g.width() - 6));
      const int32_t y = static_cast<int32_t>(rng() % static_cast<uint32_t>(g.height() - 6));
      UpdateStats stats;
      ASSERT_EQ(h.fillRect(Rect{x, y, x + 1 + static_cast<int32_t>(rng() % 5), y + 2}, round % 2 ? '.' : '@', &stats),
                "");
      std::string error;
      const auto fresh = Hierarchy::build(h.grid(), o, h.layout(1).merged, error);
      ASSERT_TRUE(fresh) << error;
      const auto a = test::dumpHierarchy(h), b = test::dumpHierarchy(*fresh);
      ASSERT_TRUE(a == b) << "round " << round << ": " << test::firstDifference(a, b);
      EXPECT_EQ(h.stats().components, fresh->stats().components);
      EXPECT_LT(stats.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()) / 2);
    }
    EXPECT_EQ(checkHierarchyParts(h.parts()), "");
    ASSERT_NO_FATAL_FAILURE(agreeWithAStar(h, 200));
  }
}

TEST(MergedClusters, FlowFieldsLeadEveryCellOfTheComponentToTheGoal) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, merged(4, 16, false));
  FlowFieldBuilder builder;
  FlowField field;
  std::mt19937 rng(3);
  for (int k = 0; k < 3; ++k) {
    const Point goal = test::randomPassable(g, rng);
    ASSERT_EQ(builder.build(h, goal, field), "");
    // Every cell of the goal's component: a legal step, and following the steps reaches the goal.
    const uint32_t component = h.componentOf(goal);
    uint64_t reached = 0;
    for (int32_t cell = 0; cell < g.cellCount(); ++cell) {
      Point p = g.pointOf(cell);
      if (!g.passable(p) || h.componentOf(p) != component) {
        EXPECT_EQ(field.direction(p), FlowField::kNoStep);
        continue;
      }
      for (int32_t steps = 0; p != goal && steps <= g.cellCount(); ++steps) {
        const uint8_t d = field.direction(p);
        ASSERT_LT(d, kDirCount) << "no step at (" << p.x << ", " << p.y << ")";
        ASSERT_TRUE(g.canMove(p, d));
        p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
      }
      reached += p == goal;
    }
    EXPECT_EQ(reached, h.componentCells(component));
  }
}

TEST(MergedClusters, SavedFilesKeepTheCuttingAndForgedCuttingsAreRefused) {
  Grid g = test::loadMap("arena.map");
  Hierarchy h = test::buildHierarchy(g, merged(4, 12, true));
  ASSERT_EQ(h.fillRect(Rect{10, 10, 14, 12}, '@'), "");
  const auto bytes = serializeHierarchy(h);
  EXPECT_EQ(bytes.size(), serializedHierarchySize(h));
  std::string error;
  const auto loaded = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
  EXPECT_EQ(loaded->layout(1).merged->cellCluster, h.layout(1).merged->cellCluster);
  EXPECT_EQ(serializeHierarchy(*loaded), bytes);
  EXPECT_GT(estimateLoadMemory(bytes), bytes.size());

  // The cutting's section, re-signed: a cluster id changed so that the last cell joins cluster 0 (whose box
  // then spans the map) is refused with what is wrong, and so is the section dropped.
  std::vector<uint8_t> forged = bytes;
  const test::SectionPlace clusters = test::findSection(forged, "clusters");
  const size_t lastId = clusters.offset + 4 + 4 * (static_cast<size_t>(g.cellCount()) - 1);  // after the count
  test::writeLE(forged, lastId, 4, 0);
  test::resignSections(forged);
  EXPECT_FALSE(deserializeHierarchy(forged, error));
  EXPECT_NE(error.find("merged cluster 0 spans"), std::string::npos) << error;
  // The largest id: one past it must not wrap to 0 (what fuzz_hierarchy_loader found).
  test::writeLE(forged, lastId, 4, 0xFFFFFFFFu);
  test::resignSections(forged);
  EXPECT_FALSE(deserializeHierarchy(forged, error));
  EXPECT_NE(error.find("merged cluster id is 4294967295"), std::string::npos) << error;

  HierarchyParts parts = h.parts();
  parts.merged = nullptr;
  EXPECT_FALSE(deserializeHierarchy(serializeHierarchyParts(parts), error));
  EXPECT_NE(error.find("'clusters' section"), std::string::npos) << error;
}

TEST(MergedClusters, OptionsThatCannotCutThisWayAreRefusedNamingTheValue) {
  HierarchyOptions o = merged(10, 8, false);
  EXPECT_NE(o.validate().find("merged cluster side 8 is below the cluster size 10"), std::string::npos);
  o = merged(4, 16, false);
  o.levels = 2;
  EXPECT_NE(o.validate().find("levels 2 with merged clusters"), std::string::npos);
  o = merged(4, 300, true);
  EXPECT_NE(o.validate().find("merged cluster side 300 is above 255"), std::string::npos);
  // A cutting of another map, or one the options do not ask for.
  const Grid g = test::loadMap("arena.map");
  const auto cutting = std::make_shared<const MergedClusters>(MergedClusters::build(g, 4, 16, 6));
  std::string error;
  const Grid other = test::drawGrid({"....", "...."});
  EXPECT_FALSE(Hierarchy::build(other, merged(4, 16, false), cutting, error));
  EXPECT_NE(error.find("the merged cutting is"), std::string::npos) << error;
  EXPECT_FALSE(Hierarchy::build(g, HierarchyOptions{}, cutting, error));
  EXPECT_NE(error.find("options cut squares"), std::string::npos) << error;
  EXPECT_FALSE(Hierarchy::build(g, merged(4, 8, false), cutting, error));
  EXPECT_NE(error.find("wider or taller"), std::string::npos) << error;
}

TEST(MergedClusters, TheMemoryEstimateBoundsTheBuild) {
  for (const char* map : {"den520d.map", "8room_000.map"}) {
    const Grid g = test::loadMap(map);
    for (bool trees : {false, true}) {
      const HierarchyOptions o = merged(4, 16, trees);
      const Hierarchy h = test::buildHierarchy(g, o);
      const HierarchyMemoryEstimate e = estimateHierarchyMemory(g, o);
      EXPECT_GE(e.hierarchyBytes, h.stats().bytes) << map;
      EXPECT_LE(e.hierarchyBytes, 2 * h.stats().bytes) << map;
    }
  }
}

}  // namespace
}  // namespace hpastar
