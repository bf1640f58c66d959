// HierarchyOptions::entranceSpacing: transitions inside wide entrances, at most the spacing apart; the
// hierarchy's incremental rebuild and its loader place them by the same rule; on a real map the longest
// detours of the defaults (a wide open border crossed at one of its ends) shrink.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/EntranceScanner.h"
#include "hpa/HierarchyOptionChoice.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"

namespace hpastar {
namespace {

std::vector<int32_t> rowsOfTransitions(const Grid& g, int32_t side, int32_t width, int32_t spacing) {
  std::vector<Entrance> entrances;
  EntranceScanner::scanAll(g, ClusterLayout(side, g.width(), g.height()), entrances);
  std::vector<Transition> transitions;
  for (const Entrance& e : entrances) EntranceScanner::appendTransitions(g, e, width, spacing, transitions);
  std::vector<int32_t> rows;
  for (const Transition& t : transitions) rows.push_back(t.a.y);
  std::sort(rows.begin(), rows.end());
  return rows;
}

TEST(EntranceSpacing, WideEntrancesGetEvenlyPlacedTransitionsAtMostTheSpacingApart) {
  // Two 8x8 clusters side by side; their border (x 7 | 8) is open on rows 0..7, one entrance of 8 cells.
  const Grid g(16, 8);
  EXPECT_EQ(rowsOfTransitions(g, 8, 6, 0), (std::vector<int32_t>{0, 7}));  // the paper's: its two ends
  // 7 cells between the ends, gaps of at most 3: the fewest is 3 gaps, at 7/3 and 14/3 rounded down.
  EXPECT_EQ(rowsOfTransitions(g, 8, 6, 3), (std::vector<int32_t>{0, 2, 4, 7}));
  EXPECT_EQ(rowsOfTransitions(g, 8, 6, 7), (std::vector<int32_t>{0, 7}));  // one gap of 7 is enough
  EXPECT_EQ(rowsOfTransitions(g, 8, 6, 1), (std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // A narrow entrance keeps its one transition in the middle whatever the spacing.
  const Grid narrow = test::drawGrid({
      "................",  //
      "................",  //
      "................",  //
      "................",  //
      "@@@@@@@@@@@@@@@@",  //
      "@@@@@@@@@@@@@@@@",  //
      "@@@@@@@@@@@@@@@@",  //
      "@@@@@@@@@@@@@@@@",  //
  });
  EXPECT_EQ(rowsOfTransitions(narrow, 8, 6, 1), (std::vector<int32_t>{2}));
}

TEST(EntranceSpacing, EditedAndLoadedHierarchiesPlaceTransitionsAsAFreshBuild) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o = chooseHierarchyOptions(g, TerrainChanges::Often).options;
  o.entranceSpacing = 16;
  Hierarchy edited = test::buildHierarchy(g, o);
  const test::HierarchyDump before = test::dumpHierarchy(edited);
  // A wall of 32 × 20 cells (at least a cluster side: it crosses borders), then part of it opened again.
  ASSERT_EQ(edited.fillRect(Rect{112, 150, 144, 170}, '@'), "");
  ASSERT_EQ(edited.fillRect(Rect{112, 150, 124, 170}, '.'), "");
  ASSERT_FALSE(test::dumpHierarchy(edited) == before);
  Grid changed = g;  // the same two fills, cell by cell
  for (int32_t y = 150; y < 170; ++y)
    for (int32_t x = 112; x < 144; ++x) ASSERT_TRUE(changed.setTerrain(x, y, x < 124 ? '.' : '@'));
  const Hierarchy fresh = test::buildHierarchy(changed, o);
  EXPECT_EQ(test::firstDifference(test::dumpHierarchy(edited), test::dumpHierarchy(fresh)), "");
  std::string error;
  const auto loaded = deserializeHierarchy(serializeHierarchy(fresh), error);  // the loader rechecks placement
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->options().entranceSpacing, 16);
}

// den520d at the automatic choice (DHPA*, clusters of 32), with and without transitions inside its wide
// entrances: the same paths found, all valid, and the tail of the excess over the optimum shorter.
TEST(EntranceSpacing, TransitionsInsideWideEntrancesShortenTheLongestDetours) {
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarioSample("den520d.map", g);
  const HierarchyOptions defaults = chooseHierarchyOptions(g, TerrainChanges::Often).options;
  HierarchyOptions spaced = defaults;
  spaced.entranceSpacing = defaults.clusterSize / 2;
  const Hierarchy hd = test::buildHierarchy(g, defaults), hs = test::buildHierarchy(g, spaced);
  EXPECT_GT(hs.nodeCount(), hd.nodeCount());
  HpaStarQuery qd(hd), qs(hs);
  PathResult rd, rs;
  std::vector<double> excessDefaults, excessSpaced;
  for (const Scenario& s : scenarios) {
    rd.reset();
    rs.reset();
    qd.findPath(s.start, s.goal, rd);
    qs.findPath(s.start, s.goal, rs);
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, rs)) << "line " << s.line;
    ASSERT_GE(rs.cost, s.optimalLength * (1 - 1e-5)) << "line " << s.line;
    excessDefaults.push_back(rd.cost / s.optimalLength - 1);
    excessSpaced.push_back(rs.cost / s.optimalLength - 1);
  }
  std::sort(excessDefaults.begin(), excessDefaults.end());
  std::sort(excessSpaced.begin(), excessSpaced.end());
  const size_t p99 = excessDefaults.size() * 99 / 100;
  EXPECT_LT(excessSpaced[p99], excessDefaults[p99]);
  EXPECT_LT(excessSpaced.back(), excessDefaults.back());
}

TEST(EntranceSpacing, IsRefusedWithMergedClustersByName) {
  HierarchyOptions o;
  o.mergedClusterSide = 20;
  o.entranceSpacing = 5;
  EXPECT_EQ(o.validate(),
            "entrance spacing 5 with merged clusters: SHPA*'s borders place their transitions by its "
            "own rule");
}

}  // namespace
}  // namespace hpastar
