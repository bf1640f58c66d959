#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "search/LandmarkRepair.h"

namespace hpastar {
namespace {

HierarchyOptions withLandmarks(int32_t count, bool trees) {
  HierarchyOptions o;
  o.landmarks = count;
  o.cacheTrees = trees;
  return o;
}

std::vector<uint32_t> topNodes(const Hierarchy& h) {
  std::vector<uint32_t> nodes;
  for (uint32_t n = 0; n < h.nodeCount(); ++n)
    if (h.nodeLevel(n) >= h.levels()) nodes.push_back(n);
  return nodes;
}

// For random node pairs: the landmark bound never exceeds the distance in the abstract graph. Returns
// the mean bound over the mean distance (how much of the distance the table sees).
double checkBoundsBelowDistances(const Hierarchy& h, int pairs, uint32_t seed) {
  const LandmarkTable& marks = h.landmarks();
  const auto nodes = topNodes(h);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<size_t> pick(0, nodes.size() - 1);
  AbstractSearch search;
  double boundSum = 0, distanceSum = 0;
  for (int p = 0; p < pairs; ++p) {
    const uint32_t a = nodes[pick(rng)];
    search.run(h, h.levels(), h.grid().bounds(), nullptr, a, Hierarchy::kNone);
    for (int q = 0; q < 20; ++q) {
      const uint32_t b = nodes[pick(rng)];
      const double d = search.distance(b);
      if (d < 0) continue;  // another component
      const double bound = marks.lowerBound(marks.distances(a), marks.distances(b));
      EXPECT_LE(bound, d + 1e-9) << "nodes " << a << " and " << b;
      boundSum += bound;
      distanceSum += d;
    }
  }
  return boundSum / distanceSum;
}

// Each landmark's row against the distances an abstract search from its node finds now (a landmark whose
// node an edit removed keeps a row of bounds instead: skipped). Returns how many landmarks were checked.
int expectRowsAreTheDistancesFromEachLandmark(const Hierarchy& h) {
  const LandmarkTable& marks = h.landmarks();
  AbstractSearch search;
  int checked = 0;
  for (int32_t k = 0; k < marks.count(); ++k) {
    const uint32_t landmark = marks.landmarks()[static_cast<size_t>(k)];
    if (landmark == LandmarkTable::kRemovedLandmark) continue;
    search.run(h, h.levels(), h.grid().bounds(), nullptr, landmark, Hierarchy::kNone);
    for (const uint32_t n : topNodes(h)) {
      const double d = search.distance(n);
      const double row = marks.distances(n)[k];
      if (d < 0) {
        EXPECT_EQ(row, 0.0) << "landmark " << k << ", node " << n << " out of its reach";
      } else {
        EXPECT_NEAR(row, d, 1e-4 * d + 1e-3) << "landmark " << k << ", node " << n;
      }
    }
    ++checked;
  }
  return checked;
}

TEST(LandmarkTable, BoundNeverExceedsTheAbstractDistanceAndSeesMostOfIt) {
  const Grid g = test::loadMap("brc202d.map");
  const Hierarchy h = test::buildHierarchy(g, withLandmarks(16, false));
  ASSERT_EQ(h.landmarks().count(), 16);
  ASSERT_EQ(h.landmarks().level(), 1);
  // On this winding map the octile distance sees about half of the real distance; the landmarks most.
  EXPECT_GT(checkBoundsBelowDistances(h, 40, 7), 0.8);
}

TEST(LandmarkTable, FarthestFirstPicksDistinctNodesOfTheTopLevel) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o = withLandmarks(8, false);
  o.levels = 2;
  const Hierarchy h = test::buildHierarchy(g, o);
  const auto& picked = h.landmarks().landmarks();
  ASSERT_EQ(picked.size(), 8u);
  for (size_t i = 0; i < picked.size(); ++i) {
    EXPECT_GE(h.nodeLevel(picked[i]), 2);
    for (size_t j = 0; j < i; ++j) EXPECT_NE(picked[i], picked[j]);
    // A landmark is at distance 0 from itself.
    EXPECT_EQ(h.landmarks().distances(picked[i])[i], 0.0f);
  }
}

TEST(LandmarkTable, LandmarksKeepEveryAbstractPathOptimalWithFewerExpansions) {
  for (const char* map : {"brc202d.map", "den520d.map"}) {
    const Grid g = test::loadMap(map);
    const auto scenarios = test::loadScenarios(map, g);
    for (bool trees : {false, true}) {
      const Hierarchy plain = test::buildHierarchy(g, withLandmarks(0, trees));
      const Hierarchy marked = test::buildHierarchy(g, withLandmarks(16, trees));
      HpaStarQuery a(plain), b(marked);
      HpaQueryOptions raw;
      raw.smooth = false;  // the refined path then costs exactly what the abstract path does
      uint64_t expandedPlain = 0, expandedMarked = 0;
      for (size_t i = 0; i < scenarios.size(); i += 7) {
        const Scenario& s = scenarios[i];
        PathResult ra, rb;
        a.findPath(s.start, s.goal, ra, raw);
        b.findPath(s.start, s.goal, rb, raw);
        ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, rb)) << map << " line " << s.line;
        EXPECT_NEAR(ra.cost, rb.cost, 1e-3) << map << " line " << s.line;
        expandedPlain += ra.stats.expandedMain;
        expandedMarked += rb.stats.expandedMain;
      }
      EXPECT_LT(expandedMarked, expandedPlain) << map;
    }
  }
}

TEST(LandmarkTable, ARefreshAfterTerrainChangesGivesBoundsBelowTheNewDistances) {
  Grid g = test::loadMap("brc202d.map");
  Hierarchy h = test::buildHierarchy(g, withLandmarks(8, true));
  // Opening a large hall through the maze shortens many distances: bounds from the old table would
  // exceed them, so the table is stale until refreshed.
  ASSERT_EQ(h.fillRect(Rect{150, 150, 380, 330}, '.'), "");
  // The edit repaired the rows (bounds below the new distances), and they are stale until a refresh
  // computes them as a build does.
  ASSERT_TRUE(h.heuristicsStale());
  checkBoundsBelowDistances(h, 30, 10);
  h.refreshHeuristics();
  ASSERT_FALSE(h.heuristicsStale());
  checkBoundsBelowDistances(h, 30, 11);
  ASSERT_EQ(h.fillRect(Rect{200, 200, 330, 210}, '@'), "");
  h.refreshHeuristics();
  checkBoundsBelowDistances(h, 30, 12);
  // Queries stay exact against a fresh build of the edited grid.
  const Hierarchy fresh = test::buildHierarchy(h.grid(), withLandmarks(0, true));
  HpaStarQuery a(h), b(fresh);
  HpaQueryOptions raw;
  raw.smooth = false;
  std::mt19937 rng(5);
  for (int q = 0; q < 100; ++q) {
    const Point s = test::randomPassable(h.grid(), rng), t = test::randomPassable(h.grid(), rng);
    PathResult ra, rb;
    a.findPath(s, t, ra, raw);
    b.findPath(s, t, rb, raw);
    ASSERT_EQ(ra.status, rb.status);
    if (ra.status != PathStatus::Found) continue;
    ASSERT_TRUE(test::isValidPath(h.grid(), s, t, ra));
    EXPECT_NEAR(ra.cost, rb.cost, 1e-3);
  }
}

// The landmark rows of h's top level that break an edge's consistency (LandmarkRepair), and top nodes
// without a row.
uint64_t inconsistentBounds(const Hierarchy& h) {
  return inconsistentLandmarkBounds(
      h.landmarks(), h.nodeCount(), [&](uint32_t n) { return h.nodeLevel(n) >= h.levels(); },
      [&](uint32_t n) { return h.edges(h.levels(), n); });
}

TEST(LandmarkTable, EditsRepairTheLandmarksIntoTheNewDistancesAndKeepAbstractPathsOptimal) {
  // Rooms opened and walls put up, without any refresh: every change of the top graph repairs the rows
  // (new nodes get theirs, shorter ways lower them, longer ways raise them), so each row is the distance
  // from its landmark in the new graph, the bound consistent on every edge, and A* over the abstract
  // graph optimal.
  struct Case {
    const char* map;
    int32_t levels;
  };
  for (const Case c : {Case{"brc202d.map", 1}, Case{"den520d.map", 2}}) {
    HierarchyOptions o = withLandmarks(8, true);
    o.levels = c.levels;
    Hierarchy h = test::buildHierarchy(test::loadMap(c.map), o);
    ASSERT_EQ(inconsistentBounds(h), 0u);
    std::mt19937 rng(17);
    int repaired = 0;
    for (int edit = 0; edit < 40; ++edit) {
      const Point at = test::randomPassable(h.grid(), rng);
      const int32_t w = 3 + static_cast<int32_t>(rng() % 20), ht = 3 + static_cast<int32_t>(rng() % 20);
      UpdateStats st;
      ASSERT_EQ(h.fillRect(Rect{at.x, at.y, at.x + w, at.y + ht}, edit % 3 == 0 ? '@' : '.', &st), "");
      if (!st.topGraphChanged) continue;
      ++repaired;
      ASSERT_EQ(inconsistentBounds(h), 0u) << c.map << " after edit " << edit;
      // Not bounds only: the new distances, both where ways opened and where they closed.
      EXPECT_GT(expectRowsAreTheDistancesFromEachLandmark(h), 0) << c.map << " after edit " << edit;
      ASSERT_FALSE(::testing::Test::HasFailure()) << c.map << " after edit " << edit;
      EXPECT_TRUE(h.heuristicsStale()) << c.map << " after edit " << edit;  // until a refresh
      if (edit % 8 == 0) checkBoundsBelowDistances(h, 6, 100 + static_cast<uint32_t>(edit));
    }
    EXPECT_GT(repaired, 10) << c.map;
    // The rows were repaired, not computed again: the abstract paths still cost what a fresh build's do.
    HierarchyOptions plain = o;
    plain.landmarks = 0;
    const Hierarchy fresh = test::buildHierarchy(h.grid(), plain);
    HpaStarQuery a(h), b(fresh);
    HpaQueryOptions raw;
    raw.smooth = false;
    for (int q = 0; q < 150; ++q) {
      const Point s = test::randomPassable(h.grid(), rng), t = test::randomPassable(h.grid(), rng);
      PathResult ra, rb;
      a.findPath(s, t, ra, raw);
      b.findPath(s, t, rb, raw);
      ASSERT_EQ(ra.status, rb.status) << c.map;
      if (ra.status != PathStatus::Found) continue;
      ASSERT_TRUE(test::isValidPath(h.grid(), s, t, ra)) << c.map;
      EXPECT_NEAR(ra.cost, rb.cost, 1e-3) << c.map << " query " << q;
    }
  }
}

TEST(LandmarkTable, AnEditThatRebuildsEverythingComputesTheLandmarksAgainAndLeavesNothingStale) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), withLandmarks(8, true));
  UpdateStats st;
  ASSERT_EQ(h.fillRect(Rect{0, 0, 256, 150}, '.', &st), "");  // more than half of the clusters
  ASSERT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  EXPECT_FALSE(h.heuristicsStale());
  EXPECT_EQ(inconsistentBounds(h), 0u);
  checkBoundsBelowDistances(h, 10, 3);
}

TEST(LandmarkTable, SavedHierarchiesGetTheSameLandmarksBack) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, withLandmarks(12, true));
  std::string error;
  const auto loaded = deserializeHierarchy(serializeHierarchy(h), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->options().landmarks, 12);
  ASSERT_EQ(loaded->landmarks().landmarks(), h.landmarks().landmarks());
  for (uint32_t n = 0; n < h.nodeCount(); n += 3)
    for (int k = 0; k < 12; ++k) EXPECT_EQ(loaded->landmarks().distances(n)[k], h.landmarks().distances(n)[k]);
}

TEST(LandmarkTable, OptionOutsideItsRangeIsRefused) {
  HierarchyOptions o;
  o.landmarks = 33;
  EXPECT_EQ(o.validate(), "landmarks 33 is outside 0..32");
  o.landmarks = -1;
  EXPECT_EQ(o.validate(), "landmarks -1 is outside 0..32");
}

}  // namespace
}  // namespace hpastar
