// Landmarks and the distance table across terrain changes: kept exact when the top level's graph is
// untouched, stale (valid paths, no walk) when it changed, refreshed in slices or on another thread.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <thread>

#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/HeuristicRefresh.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "hpa/VersionedHierarchy.h"

namespace hpastar {
namespace {

// The configuration that answers fastest on maps that rarely change: DHPA*, 25×25 clusters, 16
// landmarks and the distance table.
HierarchyOptions fastStatic() {
  HierarchyOptions o;
  o.clusterSize = 25;
  o.cacheTrees = true;
  o.landmarks = 16;
  o.distanceTable = true;
  return o;
}

// A cell next to passable terrain turned to its opposite (a wall put up or taken down).
CellEdit randomToggle(const Grid& g, std::mt19937& rng) {
  for (;;) {
    const Point p{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
    bool near = false;
    for (int dy = -1; dy <= 1 && !near; ++dy)
      for (int dx = -1; dx <= 1 && !near; ++dx) near = g.passable(p.x + dx, p.y + dy);
    if (near) return CellEdit{p, g.passable(p) ? '@' : '.'};
  }
}

// The tables in place hold what computing them afresh on the current graph gives.
void expectLandmarksAsComputedNow(const Hierarchy& h) {
  HierarchyLevelDistances top(h, h.levels());
  const LandmarkTable marks = LandmarkTable::compute(top, h.options().landmarks);
  ASSERT_EQ(h.landmarks().landmarks(), marks.landmarks());
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < h.levels()) continue;
    ASSERT_EQ(std::memcmp(h.landmarks().distances(n), marks.distances(n), sizeof(float) * marks.rowStride()), 0)
        << "landmark row of node " << n;
  }
}

void expectTablesAsComputedNow(const Hierarchy& h) {
  HierarchyLevelDistances top(h, h.levels());
  const NodeDistanceTable fresh = NodeDistanceTable::compute(top);
  const NodeDistanceTable& table = h.distanceTable();
  ASSERT_EQ(table.count(), fresh.count());
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < h.levels()) continue;
    ASSERT_EQ(table.slotOf(n), fresh.slotOf(n)) << "node " << n;
    ASSERT_EQ(std::memcmp(table.row(table.slotOf(n)), fresh.row(fresh.slotOf(n)), table.count() * sizeof(float)), 0)
        << "row of node " << n;
  }
  expectLandmarksAsComputedNow(h);
}

TEST(HeuristicRefresh, ChangesThatLeaveTheTopGraphAloneKeepTheTablesExact) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), fastStatic());
  std::mt19937 rng(3);
  int kept = 0, changed = 0;
  for (int i = 0; i < 240; ++i) {
    const CellEdit e = randomToggle(h.grid(), rng);
    UpdateStats st;
    ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&e, 1), &st), "");
    EXPECT_EQ(h.heuristicsStale(), st.topGraphChanged) << "edit " << i;
    if (st.topGraphChanged) {
      ++changed;
      h.refreshHeuristics();
      ASSERT_FALSE(h.heuristicsStale());
    } else {
      ++kept;
    }
    if (i % 40 == 39) {
      ASSERT_NO_FATAL_FAILURE(expectTablesAsComputedNow(h)) << "after edit " << i;
    }
  }
  EXPECT_GT(kept, 0);
  EXPECT_GT(changed, 0);
}

TEST(HeuristicRefresh, StaleTablesStillGiveValidPathsAndARefreshGivesAFreshBuildsAnswers) {
  Hierarchy h = test::buildHierarchy(test::loadMap("brc202d.map"), fastStatic());
  HpaStarQuery query(h);
  HpaQueryOptions raw;
  raw.smooth = false;
  auto search = [&](Point s, Point t, PathResult& r) { return query.findPath(s, t, r, raw); };
  int unreachable = 0;
  // A hall opened through the maze (distances shrink: the old bounds exceed them), then walls that
  // cut the map (distances grow, some pairs part).
  ASSERT_EQ(h.fillRect(Rect{150, 150, 380, 330}, '.'), "");
  ASSERT_TRUE(h.heuristicsStale());
  ASSERT_NO_FATAL_FAILURE(test::agreeWithAStarOnRandomPairs(
      h.grid(), 150, search, [](const PathResult&) {}, unreachable));
  ASSERT_EQ(h.fillRect(Rect{0, 200, 481, 203}, '@'), "");
  ASSERT_EQ(h.fillRect(Rect{240, 0, 243, 481}, '@'), "");
  ASSERT_TRUE(h.heuristicsStale());
  ASSERT_NO_FATAL_FAILURE(test::agreeWithAStarOnRandomPairs(
      h.grid(), 150, search, [](const PathResult&) {}, unreachable));
  EXPECT_GT(unreachable, 0);

  h.refreshHeuristics();
  ASSERT_FALSE(h.heuristicsStale());
  const Hierarchy fresh = test::buildHierarchy(h.grid(), fastStatic());
  HpaStarQuery freshQuery(fresh);
  std::mt19937 rng(9);
  for (int i = 0; i < 200; ++i) {
    const Point s = test::randomPassable(h.grid(), rng), t = test::randomPassable(h.grid(), rng);
    PathResult a, b;
    ASSERT_EQ(query.findPath(s, t, a, raw), freshQuery.findPath(s, t, b, raw));
    if (a.found()) {
      EXPECT_NEAR(a.cost, b.cost, 1e-3 * (1 + b.cost));
    }
  }
}

TEST(HeuristicRefresh, SlicesOfOneDijkstraEachGiveTheTablesOfOneRefresh) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), fastStatic());
  ASSERT_EQ(h.fillRect(Rect{60, 60, 64, 160}, '@'), "");
  ASSERT_TRUE(h.heuristicsStale());
  Hierarchy whole = h;
  whole.refreshHeuristics();

  HeuristicRefresh refresh(h);
  EXPECT_EQ(refresh.stepsTotal(), 16u + h.stats().levels[0].nodes);
  uint32_t calls = 1;
  while (!refresh.step(std::chrono::microseconds(0))) ++calls;
  EXPECT_EQ(calls, refresh.stepsTotal());  // a zero budget still runs one step
  EXPECT_EQ(refresh.stepsDone(), refresh.stepsTotal());
  EXPECT_EQ(refresh.version(), h.version());
  ASSERT_TRUE(refresh.installInto(h));
  EXPECT_FALSE(h.heuristicsStale());
  EXPECT_EQ(h.heuristicsVersion(), h.version());
  ASSERT_NO_FATAL_FAILURE(expectTablesAsComputedNow(h));
  EXPECT_EQ(h.landmarks().landmarks(), whole.landmarks().landmarks());
  EXPECT_EQ(h.stats().distanceTableNodes, whole.stats().distanceTableNodes);
}

TEST(HeuristicRefresh, IsRefusedWhenAnEditChangedTheTopGraphMeanwhileButNotOtherwise) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), fastStatic());
  ASSERT_EQ(h.fillRect(Rect{60, 60, 64, 160}, '@'), "");
  const Hierarchy base = h;
  HeuristicRefresh stale(base);
  ASSERT_TRUE(stale.step(std::chrono::microseconds::max()));
  UpdateStats st;
  ASSERT_EQ(h.fillRect(Rect{100, 100, 200, 104}, '@', &st), "");
  ASSERT_TRUE(st.topGraphChanged);
  EXPECT_FALSE(stale.installInto(h));
  EXPECT_TRUE(h.heuristicsStale());

  // Computed on this version, then an edit that leaves the top graph as it was: installed.
  const Hierarchy base2 = h;
  HeuristicRefresh current(base2);
  ASSERT_TRUE(current.step(std::chrono::microseconds::max()));
  std::mt19937 rng(8);
  bool found = false;
  for (int i = 0; i < 500 && !found; ++i) {
    Hierarchy trial = h;
    const CellEdit e = randomToggle(h.grid(), rng);
    ASSERT_EQ(trial.applyEdits(std::span<const CellEdit>(&e, 1), &st), "");
    if (!st.topGraphChanged) h = std::move(trial), found = true;
  }
  ASSERT_TRUE(found);
  ASSERT_GT(h.version(), current.version());
  EXPECT_TRUE(current.installInto(h));
  EXPECT_FALSE(h.heuristicsStale());
  EXPECT_EQ(h.heuristicsVersion(), base2.version());
  ASSERT_NO_FATAL_FAILURE(expectTablesAsComputedNow(h));
}

TEST(HeuristicRefresh, AnEditOfMostClustersBuildsAfreshWithNewLandmarksAndLeavesTheDistanceTableStale) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), fastStatic());
  UpdateStats st;
  ASSERT_EQ(h.fillRect(Rect{0, 0, 256, 150}, '.', &st), "");  // more than half of the clusters
  ASSERT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  EXPECT_TRUE(st.topGraphChanged);
  ASSERT_TRUE(h.heuristicsStale());
  // Every node id is new: no landmark value could be repaired, so they are computed as a build does.
  ASSERT_NO_FATAL_FAILURE(expectLandmarksAsComputedNow(h));
  for (uint32_t n = 0; n < h.nodeCount(); ++n)
    if (h.nodeLevel(n) > 0) {
      ASSERT_FALSE(h.heuristicRowValid(n)) << "node " << n;
    }
  HpaStarQuery query(h);
  HpaQueryOptions raw;
  raw.smooth = false;
  int unreachable = 0;
  ASSERT_NO_FATAL_FAILURE(test::agreeWithAStarOnRandomPairs(
      h.grid(), 100, [&](Point s, Point t, PathResult& r) { return query.findPath(s, t, r, raw); },
      [](const PathResult&) {}, unreachable));
  h.refreshHeuristics();
  EXPECT_FALSE(h.heuristicsStale());
  ASSERT_NO_FATAL_FAILURE(expectTablesAsComputedNow(h));
}

TEST(HeuristicRefresh, AHierarchyWithoutTablesIsNeverStale) {
  HierarchyOptions o;
  o.cacheTrees = true;
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), o);
  UpdateStats st;
  ASSERT_EQ(h.fillRect(Rect{60, 60, 64, 160}, '@', &st), "");
  EXPECT_TRUE(st.topGraphChanged);
  EXPECT_FALSE(h.heuristicsStale());
}

// Under ThreadSanitizer (npm run test:tsan, VersionedHierarchy.*): a refresh on one thread, edits on
// another, searches on two more; every path valid, and the tables exact once the edits stop.
TEST(VersionedHierarchy, RefreshesHeuristicsWhileSearchesAndEditsGoOn) {
  VersionedHierarchy versions(test::buildHierarchy(test::loadMap("den520d.map"), fastStatic()));
  std::atomic<bool> stop{false};
  std::atomic<int> checked{0}, failures{0}, refreshes{0};
  auto searcher = [&](unsigned seed) {
    std::mt19937 rng(seed);
    std::optional<HpaStarQuery> query;
    PathResult r;
    while (!stop.load()) {
      const VersionedHierarchy::Snapshot snapshot = versions.current();
      if (!query) query.emplace(*snapshot);
      query->setHierarchy(*snapshot);
      const Grid& g = snapshot->grid();
      const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
      r.reset();
      const PathStatus status = query->findPath(s, t, r);
      if (status == PathStatus::Found ? !validatePath(g, s, t, r.cells, r.cost).valid : snapshot->connected(s, t))
        ++failures;
      ++checked;
    }
  };
  std::thread refresher([&] {
    while (!stop.load())
      if (versions.current()->heuristicsStale()) {
        versions.refreshHeuristics();
        ++refreshes;
      } else {
        std::this_thread::yield();
      }
  });
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < 2; ++i) threads.emplace_back(searcher, 40 + i);
  std::mt19937 rng(6);
  // Edits go on until searches and at least one refresh ran beside them: on a loaded two-core
  // machine the 60 edits alone may finish before the refresher is first scheduled.
  for (int i = 0; i < 60 || ((checked.load() < 40 || refreshes.load() == 0) && i < 100000); ++i) {
    const CellEdit e = randomToggle(versions.current()->grid(), rng);
    ASSERT_EQ(versions.applyEdits(std::span<const CellEdit>(&e, 1)), "");
  }
  stop = true;
  refresher.join();
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(refreshes.load(), 0);
  EXPECT_TRUE(versions.refreshHeuristics());
  const auto last = versions.current();
  EXPECT_FALSE(last->heuristicsStale());
  ASSERT_NO_FATAL_FAILURE(expectTablesAsComputedNow(*last));
}

}  // namespace
}  // namespace hpastar
