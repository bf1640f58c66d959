#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <random>
#include <thread>

#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HpaStarQuery.h"
#include "hpa/VersionedHierarchy.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

// One random edit of the kinds users make: a single cell, a rectangle, a wall drawn or erased.
std::vector<CellEdit> randomCellEdit(const Grid& g, std::mt19937& rng) {
  std::vector<CellEdit> edits;
  const int kind = static_cast<int>(rng() % 4);
  const Point p{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
  const char blocked = rng() % 2 ? '@' : 'T';
  if (kind == 0) {
    edits.push_back({p, g.passable(p) ? blocked : '.'});
  } else if (kind == 1) {
    const int w = 1 + static_cast<int>(rng() % 12), h = 1 + static_cast<int>(rng() % 12);
    const char c = rng() % 2 ? blocked : '.';
    for (int y = p.y; y < std::min(p.y + h, g.height()); ++y)
      for (int x = p.x; x < std::min(p.x + w, g.width()); ++x) edits.push_back({{x, y}, c});
  } else {
    // A wall (or a corridor when erasing), horizontal or vertical, up to 40 cells.
    const bool horizontal = kind == 2;
    const int length = 5 + static_cast<int>(rng() % 36);
    const char c = rng() % 3 ? blocked : '.';
    for (int k = 0; k < length; ++k) {
      const Point q{p.x + (horizontal ? k : 0), p.y + (horizontal ? 0 : k)};
      if (g.inside(q)) edits.push_back({q, c});
    }
  }
  return edits;
}

struct UpdateCase {
  const char* map;
  int clusterSize;
  int levels;
  bool cachePaths;
  bool cacheTrees;
};

void PrintTo(const UpdateCase& c, std::ostream* os) {
  *os << c.map << " cluster " << c.clusterSize << " levels " << c.levels << (c.cachePaths ? " paths" : "")
      << (c.cacheTrees ? " trees" : "");
}

class HierarchyUpdates : public ::testing::TestWithParam<UpdateCase> {};

// The differential test: after every batch of random edits, the incrementally updated hierarchy equals
// one built from scratch on the edited grid (same nodes, levels, edges and costs), answers queries
// with the same cost, and agrees with A* on reachability.
TEST_P(HierarchyUpdates, IncrementalUpdatesMatchAFreshBuildAfterThousandsOfEdits) {
  const UpdateCase c = GetParam();
  Grid grid = test::loadMap(c.map);
  HierarchyOptions o;
  o.clusterSize = c.clusterSize;
  o.levels = c.levels;
  o.cachePaths = c.cachePaths;
  o.cacheTrees = c.cacheTrees;
  Hierarchy updated = test::buildHierarchy(grid, o);
  std::mt19937 rng(1234);
  HpaStarQuery qUpdated(updated);
  AStarSearch astar;
  PathResult ru, rf, ra;
  int edits = 0;
  for (int batch = 0; batch < 60; ++batch) {
    for (int k = 0; k < 40; ++k) {
      const auto e = randomCellEdit(updated.grid(), rng);
      ASSERT_EQ(updated.applyEdits(e), "");
      edits += static_cast<int>(e.size());
    }
    const Hierarchy fresh = test::buildHierarchy(updated.grid(), o);
    const auto du = test::dumpHierarchy(updated), df = test::dumpHierarchy(fresh);
    ASSERT_TRUE(du == df) << "after batch " << batch << ": " << test::firstDifference(du, df);
    ASSERT_EQ(updated.stats().components, fresh.stats().components);
    ASSERT_TRUE(updated.lineReach() == fresh.lineReach()) << "after batch " << batch;
    HpaStarQuery qFresh(fresh);
    qUpdated.setHierarchy(updated);
    for (int q = 0; q < 15; ++q) {
      const Point s = test::randomPassable(updated.grid(), rng), t = test::randomPassable(updated.grid(), rng);
      ru.reset();
      rf.reset();
      ra.reset();
      const PathStatus su = qUpdated.findPath(s, t, ru, HpaQueryOptions{false, 0});
      const PathStatus sf = qFresh.findPath(s, t, rf, HpaQueryOptions{false, 0});
      const PathStatus sa = astar.findPath(updated.grid(), s, t, ra);
      ASSERT_EQ(su, sa) << "batch " << batch << " " << s.x << "," << s.y << " -> " << t.x << "," << t.y;
      ASSERT_EQ(sf, sa);
      ASSERT_EQ(updated.connected(s, t), sa == PathStatus::Found);
      if (su != PathStatus::Found) continue;
      ASSERT_TRUE(test::isValidPath(updated.grid(), s, t, ru));
      EXPECT_NEAR(ru.cost, rf.cost, 1e-6 * rf.cost) << "batch " << batch;
    }
  }
  EXPECT_GT(edits, 2000);
}

INSTANTIATE_TEST_SUITE_P(Maps, HierarchyUpdates,
                         ::testing::Values(UpdateCase{"den520d.map", 10, 1, false, false},
                                           UpdateCase{"den520d.map", 8, 3, true, false},
                                           UpdateCase{"arena.map", 6, 2, false, true},
                                           UpdateCase{"AR0011SR.map", 16, 2, false, true}),
                         [](const auto& info) {
                           std::string n = info.param.map;
                           n = n.substr(0, n.find('.'));
                           return n + "_cluster" + std::to_string(info.param.clusterSize) + "_levels" +
                                  std::to_string(info.param.levels) + (info.param.cachePaths ? "_paths" : "") +
                                  (info.param.cacheTrees ? "_trees" : "");
                         });

TEST(HierarchyUpdate, AnInteriorCellRebuildsOnlyItsClusterAndBumpsTheVersion) {
  const Grid g(40, 40);
  Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  UpdateStats st;
  EXPECT_EQ(h.version(), 0u);
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{{15, 15}, '@'}}, &st), "");
  EXPECT_EQ(h.version(), 1u);
  EXPECT_EQ(st.cellsChanged, 1u);
  EXPECT_EQ(st.clustersRebuilt[0], 1u);
  // A border cell touches the cluster across the border as well.
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{{19, 15}, '@'}}, &st), "");
  EXPECT_EQ(st.clustersRebuilt[0], 2u);
  // Same terrain again: no cell changes, but an accepted edit list is a version (as the handles and
  // the worker pool count them).
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{{19, 15}, '@'}}, &st), "");
  EXPECT_EQ(st.cellsChanged, 0u);
  EXPECT_EQ(h.version(), 3u);
}

TEST(HierarchyUpdate, AnEditTouchingMostClustersRebuildsEverythingAndMatchesAFreshBuild) {
  // Scattered 2x2 obstacles over all of den520d (the dynamic metric's kind of change): most clusters
  // are touched, so the update takes the fresh-build path; it must still equal a fresh build.
  HierarchyOptions o;
  o.levels = 2;
  o.cacheTrees = true;
  o.landmarks = 4;
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), o);
  std::mt19937 rng(3);
  std::vector<CellEdit> edits;
  for (int i = 0; i < 800; ++i) {
    const Point p = test::randomPassable(h.grid(), rng);
    for (int k = 0; k < 4; ++k)
      if (h.grid().inside(p.x + (k & 1), p.y + (k >> 1)))
        edits.push_back(CellEdit{{p.x + (k & 1), p.y + (k >> 1)}, '@'});
  }
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(edits, &st), "");
  EXPECT_EQ(h.version(), 1u);
  EXPECT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  EXPECT_EQ(st.clustersRebuilt[1], static_cast<uint32_t>(h.layout(2).count()));
  EXPECT_EQ(st.rebuiltClusters[0].size(), static_cast<size_t>(h.layout(1).count()));
  EXPECT_EQ(st.rebuiltClusters[1].back(), h.layout(2).count() - 1);
  const Hierarchy fresh = test::buildHierarchy(h.grid(), o);
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh));
  EXPECT_EQ(h.stats().components, fresh.stats().components);
  // The line reaches the fresh-build path took over (refreshed for the edits, not built again).
  EXPECT_TRUE(h.lineReach() == fresh.lineReach());
  // And the next small edit goes the incremental way on the rebuilt hierarchy.
  const Point p = test::randomPassable(h.grid(), rng);
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{p, '@'}}, &st), "");
  EXPECT_LE(st.clustersRebuilt[0], 4u);
  Hierarchy fresh2 = test::buildHierarchy(h.grid(), o);
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh2));
}

TEST(HierarchyUpdate, AnEditThatGrowsTheHierarchyPastItsBudgetStillAppliesWhole) {
  // The memory budget is checked when a hierarchy is built, not while it is edited (an edit's grid is
  // already changed when its rebuild starts). Opening a walled map touches every cluster and takes the
  // fresh-build path; the hierarchy then outgrows a budget that the walled map fit in. The edit must
  // apply whole: before, that path refused on the budget and left the new grid under the old graph.
  const int32_t side = 400;
  Grid walled(side, side);
  for (int32_t y = 0; y < side; ++y)
    for (int32_t x = 0; x < side; ++x)
      if (x % 10 == 0 || y % 10 == 0) walled.setTerrain(x, y, '@');
  HierarchyOptions o;
  o.cacheTrees = true;  // the open map's trees make the difference
  o.memoryBudgetMiB = static_cast<int32_t>(estimateHierarchyMemory(walled, o).total() >> 20) + 1;
  Hierarchy h = test::buildHierarchy(walled, o);
  std::vector<CellEdit> edits;
  for (int32_t y = 0; y < side; ++y)
    for (int32_t x = 0; x < side; ++x)
      if (x % 10 == 0 || y % 10 == 0) edits.push_back({{x, y}, '.'});
  std::string error;
  ASSERT_FALSE(Hierarchy::build(Grid(side, side), o, error)) << "the open map must be over the budget";
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(edits, &st), "");
  EXPECT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  EXPECT_EQ(h.options().memoryBudgetMiB, o.memoryBudgetMiB);
  HierarchyOptions unbounded = o;
  unbounded.memoryBudgetMiB = 1 << 20;
  const Hierarchy fresh = test::buildHierarchy(h.grid(), unbounded);
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh));
}

TEST(HierarchyUpdate, EditsMayRebuildEverythingSaysWhenApplyEditsWillBuildAfresh) {
  // The wasm bindings reserve a fresh build's memory when this says so: it must be true whenever
  // applyEdits takes the fresh-build path, and false for edits that touch a few clusters.
  const int32_t side = 120;  // 12 x 12 clusters of 10
  HierarchyOptions o;
  o.clusterSize = 10;
  Hierarchy h = test::buildHierarchy(Grid(side, side), o);
  const std::vector<CellEdit> few{{{15, 15}, '@'}, {{60, 60}, '@'}};
  EXPECT_FALSE(h.editsMayRebuildEverything(few));
  // A wall at every other corner of the clusters touches the 4 clusters around it: all 144.
  std::vector<CellEdit> corners;
  for (int32_t y = 10; y < side; y += 20)
    for (int32_t x = 10; x < side; x += 20) corners.push_back({{x, y}, '@'});
  EXPECT_TRUE(h.editsMayRebuildEverything(corners));
  const std::vector<CellEdit> half(corners.begin(), corners.begin() + 12);  // 2 rows of corners: 48 clusters
  EXPECT_FALSE(h.editsMayRebuildEverything(half));
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(corners, &st), "");
  EXPECT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  ASSERT_EQ(h.applyEdits(few, &st), "");
  EXPECT_LT(st.clustersRebuilt[0], 20u);
}

TEST(HierarchyUpdate, BadEditsAreRejectedWithTheirProblemAndChangeNothing) {
  const Grid g(20, 20);
  Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  const auto before = test::dumpHierarchy(h);
  EXPECT_EQ(h.applyEdits(std::vector<CellEdit>{{{1, 1}, '@'}, {{20, 3}, '@'}}),
            "cell (20, 3) is outside the 20x20 map");
  EXPECT_EQ(h.applyEdits(std::vector<CellEdit>{{{1, 1}, 'x'}}),
            "terrain code 120 at (1, 1) is not a Moving AI terrain character");
  EXPECT_EQ(h.grid().terrainAt(1, 1), '.');
  EXPECT_TRUE(test::dumpHierarchy(h) == before);
  EXPECT_EQ(h.version(), 0u);
  EXPECT_EQ(h.fillRect(Rect{30, 30, 40, 40}, '@'), "rectangle [30, 30) - (40, 40) does not overlap the map");
}

TEST(HierarchyUpdate, WallingOffARegionMakesItsGoalsUnreachableWithoutSearch) {
  const Grid g(30, 30);
  Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  ASSERT_EQ(h.fillRect(Rect{0, 14, 30, 15}, '@'), "");
  HpaStarQuery q(h);
  PathResult r;
  EXPECT_EQ(q.findPath({0, 0}, {29, 29}, r), PathStatus::NoPath);
  EXPECT_EQ(r.stats.expandedTotal(), 0u);
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{{7, 14}, '.'}}), "");  // a door
  r.reset();
  EXPECT_EQ(q.findPath({0, 0}, {29, 29}, r), PathStatus::Found);
  EXPECT_TRUE(test::isValidPath(h.grid(), {0, 0}, {29, 29}, r));
}

// Searches on several threads while edits stream in: every path is checked against the version it was
// planned on. Built a second time with ThreadSanitizer in CI (see tests/cpp/tsan).
TEST(VersionedHierarchy, SearchesOnOtherThreadsEachSeeOneConsistentVersion) {
  HierarchyOptions o;
  o.levels = 2;
  VersionedHierarchy versions(test::buildHierarchy(test::loadMap("den520d.map"), o));
  std::atomic<bool> stop{false};
  std::atomic<int> checked{0}, failures{0};
  auto searcher = [&](unsigned seed) {
    std::mt19937 rng(seed);
    VersionedHierarchy::Snapshot snapshot = versions.current();
    HpaStarQuery query(*snapshot);
    PathResult r;
    while (!stop.load()) {
      snapshot = versions.current();
      query.setHierarchy(*snapshot);
      const Grid& g = snapshot->grid();
      const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
      r.reset();
      if (query.findPath(s, t, r) == PathStatus::Found) {
        const PathCheck check = validatePath(g, s, t, r.cells, r.cost);
        if (!check.valid) ++failures;
      } else if (r.status == PathStatus::NoPath && snapshot->connected(s, t)) {
        ++failures;
      }
      ++checked;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < 3; ++i) threads.emplace_back(searcher, 100 + i);
  std::mt19937 rng(5);
  uint64_t applied = 0;
  // Edits go on until the searchers have checked enough paths (slow when the machine is loaded).
  for (; applied < 300 || (checked.load() <= 50 && applied < 100000); ++applied) {
    const auto snapshot = versions.current();
    const auto e = randomCellEdit(snapshot->grid(), rng);
    UpdateStats st;
    ASSERT_EQ(versions.applyEdits(e, &st), "");
  }
  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(checked.load(), 50);
  EXPECT_EQ(versions.current()->version(), applied);
}

// Searchers that take a snapshot, search, and drop it before taking the next leave moments with no
// snapshot alive: the writer then edits the version in place. Under ThreadSanitizer (npm run test:tsan)
// this is the case that needs the snapshots' release/acquire ordering.
TEST(VersionedHierarchy, SearchersThatDropTheirSnapshotBetweenSearchesSeeEveryEditWhole) {
  HierarchyOptions o;
  o.levels = 2;
  o.cachePaths = true;
  VersionedHierarchy versions(test::buildHierarchy(test::loadMap("arena.map"), o));
  std::atomic<bool> stop{false};
  std::atomic<int> checked{0}, failures{0};
  auto searcher = [&](unsigned seed) {
    std::mt19937 rng(seed);
    std::optional<HpaStarQuery> query;
    PathResult r;
    while (!stop.load()) {
      {
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
      }  // dropped: the writer may now edit this version in place
      std::this_thread::yield();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < 2; ++i) threads.emplace_back(searcher, 300 + i);
  std::mt19937 rng(8);
  uint64_t applied = 0;
  for (; applied < 200 || (checked.load() <= 100 && applied < 100000); ++applied) {
    std::vector<CellEdit> e;
    {
      const auto snapshot = versions.current();
      e = randomCellEdit(snapshot->grid(), rng);
    }
    ASSERT_EQ(versions.applyEdits(e), "");
  }
  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(checked.load(), 100);
}

}  // namespace
}  // namespace hpastar
