#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "HierarchyBytes.h"
#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "search/SearchTrace.h"

namespace hpastar {
namespace {

HierarchyOptions dhpa(int32_t clusterSize, bool table) {
  HierarchyOptions o;
  o.clusterSize = clusterSize;
  o.cacheTrees = true;
  o.distanceTable = table;
  return o;
}

// Raw (unsmoothed) paths cost exactly what their abstract paths do, so a planner that reads its
// abstract path off the table and one that searches must give the same costs.
void expectSameRawCosts(const Hierarchy& searched, const Hierarchy& tabled, const std::vector<Scenario>& scenarios,
                        size_t stride, const char* what) {
  const Grid& g = tabled.grid();
  HpaStarQuery a(searched), b(tabled);
  HpaQueryOptions raw;
  raw.smooth = false;
  uint64_t expandedSearched = 0, walked = 0;
  for (size_t i = 0; i < scenarios.size(); i += stride) {
    const Scenario& s = scenarios[i];
    PathResult ra, rb;
    ASSERT_EQ(a.findPath(s.start, s.goal, ra, raw), PathStatus::Found) << what << " line " << s.line;
    ASSERT_EQ(b.findPath(s.start, s.goal, rb, raw), PathStatus::Found) << what << " line " << s.line;
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, rb)) << what << " line " << s.line;
    EXPECT_NEAR(ra.cost, rb.cost, 1e-3 * (1 + ra.cost)) << what << " line " << s.line;
    expandedSearched += ra.stats.expandedMain;
    walked += rb.stats.expandedMain;
  }
  // The walk touches one node per step of the abstract path; the search settles many more.
  EXPECT_LT(walked, expandedSearched) << what;
}

TEST(NodeDistanceTable, HoldsTheAbstractGraphsDistances) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, dhpa(16, true));
  const NodeDistanceTable& t = h.distanceTable();
  ASSERT_EQ(t.count(), h.nodeCount());  // one level: every node is in the table
  EXPECT_EQ(h.stats().distanceTableNodes, t.count());
  AbstractSearch search;
  std::mt19937 rng(3);
  std::uniform_int_distribution<uint32_t> pick(0, h.nodeCount() - 1);
  for (int q = 0; q < 20; ++q) {
    const uint32_t a = pick(rng);
    search.run(h, 1, g.bounds(), nullptr, a, Hierarchy::kNone);
    const float* row = t.row(t.slotOf(a));
    for (uint32_t b = 0; b < h.nodeCount(); ++b) {
      const double d = search.distance(b);
      if (d < 0)
        EXPECT_EQ(row[t.slotOf(b)], NodeDistanceTable::kUnreachable);
      else
        EXPECT_NEAR(row[t.slotOf(b)], d, 1e-5 * (1 + d));
    }
  }
}

TEST(NodeDistanceTable, AbstractPathsReadOffTheTableAreAsShortAsSearchedOnes) {
  for (const char* map : {"brc202d.map", "AR0011SR.map", "den520d.map"}) {
    const Grid g = test::loadMap(map);
    const auto scenarios = test::loadScenarios(map, g);
    const Hierarchy searched = test::buildHierarchy(g, dhpa(25, false));
    const Hierarchy tabled = test::buildHierarchy(g, dhpa(25, true));
    ASSERT_GT(tabled.stats().distanceTableNodes, 0u) << map;
    ASSERT_NO_FATAL_FAILURE(expectSameRawCosts(searched, tabled, scenarios, 5, map));
  }
}

TEST(NodeDistanceTable, WorksOnTheTopLevelOfSeveralLevelsAndWithoutTrees) {
  const Grid g = test::loadMap("brc202d.map");
  const auto scenarios = test::loadScenarios("brc202d.map", g);
  HierarchyOptions o;
  o.levels = 2;
  const Hierarchy searched = test::buildHierarchy(g, o);
  o.distanceTable = true;
  const Hierarchy tabled = test::buildHierarchy(g, o);
  const NodeDistanceTable& t = tabled.distanceTable();
  EXPECT_EQ(t.level(), 2);
  EXPECT_EQ(t.count(), tabled.stats().levels[1].nodes);
  ASSERT_NO_FATAL_FAILURE(expectSameRawCosts(searched, tabled, scenarios, 9, "brc202d, 2 levels"));
}

TEST(NodeDistanceTable, TracedQueriesSearchWithTheTableAsTheirHeuristic) {
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", g);
  const Hierarchy h = test::buildHierarchy(g, dhpa(16, true));
  HpaStarQuery plain(h), traced(h);
  SearchTrace trace;
  traced.setTrace(&trace);
  for (size_t i = 0; i < scenarios.size(); i += 37) {
    const Scenario& s = scenarios[i];
    PathResult a, b;
    plain.findPath(s.start, s.goal, a, HpaQueryOptions{.smooth = false});
    traced.findPath(s.start, s.goal, b, HpaQueryOptions{.smooth = false});
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, b)) << "line " << s.line;
    EXPECT_NEAR(a.cost, b.cost, 1e-3 * (1 + a.cost)) << "line " << s.line;
    // A search ran, and with the exact heuristic it settled little besides the path.
    EXPECT_GE(b.stats.expandedMain, b.stats.abstractPathNodes - 1) << "line " << s.line;
    EXPECT_LE(b.stats.expandedMain, 3 * b.stats.abstractPathNodes + 10) << "line " << s.line;
  }
}

TEST(NodeDistanceTable, PlannerAgreesWithAStarOnReachabilityAfterTerrainChanges) {
  Grid g = test::loadMap("brc202d.map");
  Hierarchy h = test::buildHierarchy(g, dhpa(20, true));
  // A hall opened through the maze (distances shrink), then walls that cut parts of the map off.
  ASSERT_EQ(h.fillRect(Rect{150, 150, 380, 330}, '.'), "");
  ASSERT_EQ(h.fillRect(Rect{0, 200, 481, 203}, '@'), "");
  ASSERT_EQ(h.fillRect(Rect{240, 0, 243, 481}, '@'), "");
  ASSERT_TRUE(h.heuristicsStale());
  h.refreshHeuristics();
  ASSERT_GT(h.distanceTable().count(), 0u);
  const Hierarchy fresh = test::buildHierarchy(h.grid(), dhpa(20, false));
  HpaStarQuery a(h), b(fresh);
  HpaQueryOptions raw;
  raw.smooth = false;
  int unreachable = 0;
  ASSERT_NO_FATAL_FAILURE(test::agreeWithAStarOnRandomPairs(
      h.grid(), 200,
      [&](Point s, Point t, PathResult& r) {
        const PathStatus status = a.findPath(s, t, r, raw);
        PathResult rb;
        EXPECT_EQ(b.findPath(s, t, rb, raw), status);
        if (status == PathStatus::Found) {
          EXPECT_NEAR(r.cost, rb.cost, 1e-3 * (1 + r.cost));
        }
        return status;
      },
      [](const PathResult&) {}, unreachable));
  EXPECT_GT(unreachable, 0);  // the walls did cut the map
}

TEST(NodeDistanceTable, IsLeftOutAboveTheNodeLimitAndPathsStillComeBack) {
  const Grid g = test::loadMap("maze512-1-0.map");
  const Hierarchy h = test::buildHierarchy(g, dhpa(25, true));
  ASSERT_GT(h.stats().levels[0].nodes, NodeDistanceTable::kMaxNodes);
  EXPECT_TRUE(h.distanceTable().empty());
  EXPECT_EQ(h.stats().distanceTableNodes, 0u);
  const auto scenarios = test::loadScenarios("maze512-1-0.map", g);
  HpaStarQuery q(h);
  for (size_t i = 0; i < scenarios.size(); i += 997) {
    PathResult r;
    ASSERT_EQ(q.findPath(scenarios[i].start, scenarios[i].goal, r), PathStatus::Found);
    ASSERT_TRUE(test::isValidPath(g, scenarios[i].start, scenarios[i].goal, r));
  }
}

TEST(NodeDistanceTable, SavedHierarchiesGetTheTableBackAndVersion2BytesStillLoad) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, dhpa(16, true));
  std::string error;
  auto bytes = serializeHierarchy(h);
  const auto loaded = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->options().distanceTable);
  const NodeDistanceTable &a = h.distanceTable(), &b = loaded->distanceTable();
  ASSERT_EQ(a.count(), b.count());
  for (uint32_t n = 0; n < a.count(); n += 5) EXPECT_EQ(std::memcmp(a.row(n), b.row(n), a.count() * sizeof(float)), 0);

  // Version 2 had no terrain costs and no distanceTable byte (after the landmarks, at payload offset
  // 8 + cells + 23), forged from the format-6 fixture with its distanceTable byte set.
  const Grid arena = test::loadMap("arena.map");
  HierarchyOptions withTable = test::format6FixtureOptions();
  withTable.distanceTable = true;
  const Hierarchy fresh = test::buildHierarchy(arena, withTable);
  bytes = test::format6Fixture();
  const size_t at = 20 + 8 + static_cast<size_t>(arena.cellCount()) + 2 + 21 + 23;
  ASSERT_EQ(bytes[at], 0);
  bytes[at] = 1;
  test::resignHierarchyBytes(bytes);
  const auto six = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(six) << error;
  EXPECT_TRUE(six->options().distanceTable);
  EXPECT_FALSE(six->distanceTable().empty());
  EXPECT_TRUE(test::dumpHierarchy(*six) == test::dumpHierarchy(fresh));
  test::dropTerrainCosts(bytes, static_cast<size_t>(arena.cellCount()));
  bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at - 23));
  bytes[8] = 2;
  const uint64_t length = bytes.size() - 28;
  for (int i = 0; i < 8; ++i) bytes[12 + i] = static_cast<uint8_t>(length >> (8 * i));
  test::resignHierarchyBytes(bytes);
  const auto old = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(old) << error;
  EXPECT_FALSE(old->options().distanceTable);
  EXPECT_TRUE(old->distanceTable().empty());
  EXPECT_EQ(old->nodeCount(), fresh.nodeCount());
}

}  // namespace
}  // namespace hpastar
