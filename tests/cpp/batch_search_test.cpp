// The batch engine (batch/BatchSearch): the same answers on any number of threads as one query object
// searching alone, and batches that race terrain edits each see one consistent version. Built a second
// time with ThreadSanitizer (npm run test:tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "AnyAngleChecks.h"
#include "BlockWorlds.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "WorldChecks.h"
#include "batch/BatchSearch.h"
#include "grid/CapabilityNames.h"
#include "hpa/VersionedHierarchy.h"
#include "path/FootprintValidator.h"
#include "path/PathValidator.h"
#include "world/WorldGenerator.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {

std::vector<int32_t> packScenarios(const std::vector<Scenario>& scenarios, size_t step) {
  std::vector<int32_t> queries;
  for (size_t i = 0; i < scenarios.size(); i += step) {
    const Scenario& s = scenarios[i];
    queries.insert(queries.end(), {s.start.x, s.start.y, s.goal.x, s.goal.y});
  }
  return queries;
}

// Answer i of a batch, as cells.
std::vector<Point> cellsOf(const PathBatchResults& out, size_t i) {
  const auto& offsets = out.paths.offsets();
  return {out.paths.cells().begin() + offsets[i], out.paths.cells().begin() + offsets[i + 1]};
}

// Any-angle batches (HpaQueryOptions::anyAngle, ShpaQueryOptions::anyAngle): each query's corners are
// the grid path's shape as one AnyAngleShaper makes it, on two threads as on one, every leg clear.
TEST(BatchSearch, AnyAngleBatchesAnswerTheShapeOfEachGridPath) {
  const Grid grid = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", grid);
  const std::vector<int32_t> queries = packScenarios(scenarios, 7);
  const Hierarchy hierarchy = test::buildHierarchy(grid, HierarchyOptions{});
  std::string error;
  auto built = ShpaStarGraph::build(std::make_shared<const Grid>(grid), ShpaOptions{}, error);
  ASSERT_TRUE(built) << error;
  const auto graph = std::make_shared<const ShpaStarGraph>(std::move(*built));
  BatchSearch engine(2);
  PathBatchResults cellPaths, shaped;
  HpaQueryOptions cellOptions, shapedOptions;
  shapedOptions.anyAngle = true;
  ShpaQueryOptions shpaCells, shpaShaped;
  shpaShaped.anyAngle = true;
  AnyAngleShaper shaper;
  std::vector<Point> corners;
  for (int planner = 0; planner < 2; ++planner) {
    if (planner == 0) {
      engine.findPaths(hierarchy, queries, cellOptions, true, cellPaths);
      engine.findPaths(hierarchy, queries, shapedOptions, true, shaped);
    } else {
      engine.findPaths(graph, queries, shpaCells, true, cellPaths);
      engine.findPaths(graph, queries, shpaShaped, true, shaped);
    }
    size_t shorter = 0;
    ASSERT_EQ(shaped.count(), queries.size() / 4);
    for (size_t i = 0; i < shaped.count(); ++i) {
      ASSERT_EQ(shaped.status[i], cellPaths.status[i]) << "planner " << planner << " query " << i;
      if (shaped.status[i] != static_cast<uint8_t>(PathStatus::Found)) continue;
      const std::vector<Point> cells = cellsOf(cellPaths, i);
      EXPECT_EQ(shaped.cost[i], shaper.shape(grid, cells, corners)) << "planner " << planner << " query " << i;
      EXPECT_EQ(cellsOf(shaped, i), corners) << "planner " << planner << " query " << i;
      const Point s{queries[4 * i], queries[4 * i + 1]}, g{queries[4 * i + 2], queries[4 * i + 3]};
      EXPECT_EQ(test::anyAngleProblem(grid, s, g, corners, shaped.cost[i]), "")
          << "planner " << planner << " query " << i;
      if (shaped.cost[i] < cellPaths.cost[i] - 1e-6) ++shorter;
    }
    EXPECT_GT(shorter, shaped.count() / 2) << "planner " << planner;
  }
}

TEST(BatchSearch, TwoThreadsAnswerEveryQueryAsOneQueryObjectAlone) {
  const Grid grid = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", grid);
  const std::vector<int32_t> queries = packScenarios(scenarios, 3);
  HierarchyOptions o;
  o.levels = 2;
  const Hierarchy built = test::buildHierarchy(grid, o);
  const Hierarchy* hierarchy = &built;
  BatchSearch engine(2);
  ASSERT_EQ(engine.threads(), 2);
  PathBatchResults out;
  engine.findPaths(*hierarchy, queries, HpaQueryOptions{}, true, out);
  ASSERT_EQ(out.count(), queries.size() / 4);
  HpaStarQuery alone(*hierarchy);
  PathResult r;
  for (size_t i = 0; i < out.count(); ++i) {
    const Point s{queries[4 * i], queries[4 * i + 1]}, g{queries[4 * i + 2], queries[4 * i + 3]};
    r.reset();
    alone.findPath(s, g, r);
    ASSERT_EQ(out.status[i], static_cast<uint8_t>(r.status)) << "query " << i;
    EXPECT_EQ(out.cost[i], r.cost) << "query " << i;
    EXPECT_EQ(out.expanded[i], r.stats.expandedTotal()) << "query " << i;
    EXPECT_EQ(cellsOf(out, i), r.cells) << "query " << i;
  }

  // Plans: the abstract paths and first segments of one query object, in query order.
  PlanBatchResults plans;
  engine.planPaths(*hierarchy, queries, true, plans);
  for (size_t i = 0; i < plans.count(); ++i) {
    const Point s{queries[4 * i], queries[4 * i + 1]}, g{queries[4 * i + 2], queries[4 * i + 3]};
    HpaPlan plan;
    r.reset();
    ASSERT_EQ(alone.plan(s, g, plan, r), PathStatus::Found);
    const auto& wo = plans.waypoints.offsets();
    EXPECT_EQ(std::vector<Point>(plans.waypoints.cells().begin() + wo[i], plans.waypoints.cells().begin() + wo[i + 1]),
              r.cells);
    std::vector<Point> first;
    SearchStats stats;
    ASSERT_TRUE(alone.nextSegment(plan, first, stats));
    const auto& fo = plans.firstSegments.offsets();
    EXPECT_EQ(std::vector<Point>(plans.firstSegments.cells().begin() + fo[i],
                                 plans.firstSegments.cells().begin() + fo[i + 1]),
              first);
    EXPECT_EQ(plans.segments[i], plan.walkedSegments());
  }

  // A* on the grid, batched the same way, matches the optimal lengths.
  PathBatchResults optimal;
  engine.findPaths(grid, queries, false, optimal);
  for (size_t i = 0, q = 0; i < scenarios.size(); i += 3, ++q) {
    EXPECT_TRUE(test::sameLength(optimal.cost[q], scenarios[i].optimalLength)) << "scenario line " << scenarios[i].line;
    EXPECT_TRUE(optimal.paths.offsets()[q] == optimal.paths.offsets()[q + 1]);  // no cells kept
  }
}

TEST(BatchSearch, BatchesRacingTerrainEditsEachSeeOneConsistentVersion) {
  HierarchyOptions o;
  o.levels = 2;
  const Grid grid = test::loadMap("den520d.map");
  VersionedHierarchy versions(test::buildHierarchy(grid, o));
  std::atomic<bool> stop{false};
  std::atomic<int> batches{0}, failures{0};
  // A thread that runs batch after batch (each on two search threads) over the newest snapshot and
  // checks every path against the terrain of the snapshot it ran on.
  auto searcher = [&](unsigned seed) {
    std::mt19937 rng(seed);
    BatchSearch engine(2);
    PathBatchResults out;
    std::vector<int32_t> queries;
    while (!stop.load()) {
      const VersionedHierarchy::Snapshot snapshot = versions.current();
      const Grid& g = snapshot->grid();
      queries.clear();
      for (int q = 0; q < 24; ++q) {
        const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
        queries.insert(queries.end(), {s.x, s.y, t.x, t.y});
      }
      engine.findPaths(*snapshot, queries, HpaQueryOptions{}, true, out);
      for (size_t i = 0; i < out.count(); ++i) {
        const Point s{queries[4 * i], queries[4 * i + 1]}, t{queries[4 * i + 2], queries[4 * i + 3]};
        if (out.status[i] == static_cast<uint8_t>(PathStatus::Found)) {
          if (!validatePath(g, s, t, cellsOf(out, i), out.cost[i]).valid) ++failures;
        } else if (out.status[i] != static_cast<uint8_t>(PathStatus::NoPath) || snapshot->connected(s, t)) {
          ++failures;
        }
      }
      ++batches;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < 2; ++i) threads.emplace_back(searcher, 40 + i);
  std::mt19937 rng(9);
  uint64_t applied = 0;
  // Edits go on until the searchers have run a good number of batches (slow under a sanitizer).
  for (; applied < 200 || (batches.load() < 20 && applied < 100000); ++applied) {
    const auto snapshot = versions.current();
    const Point p = test::randomPassable(snapshot->grid(), rng);
    std::vector<CellEdit> edit{{p, '@'}};
    ASSERT_EQ(versions.applyEdits(edit), "");
    if (applied % 2 == 1) {
      edit[0].terrain = '.';
      ASSERT_EQ(versions.applyEdits(edit), "");
      ++applied;
    }
  }
  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GE(batches.load(), 20);
  EXPECT_EQ(versions.version(), applied);
}

TEST(BatchSearch, HaaStarBatchesOnTwoThreadsAnswerAsOneQueryObjectForEachAgent) {
  // den520d holds ground and trees: the agents of sizes 1 to 3, ground only and ground with trees.
  const Grid grid = test::loadMap("den520d.map");
  AnnotatedHierarchyOptions o;
  o.maxSize = 3;
  std::string error;
  auto built = AnnotatedHierarchy::build(grid, o, error);
  ASSERT_TRUE(built) << error;
  AnnotatedHierarchy& h = *built;
  std::mt19937 rng(15);
  std::vector<int32_t> queries;
  for (int i = 0; i < 120; ++i)
    for (int k = 0; k < 4; ++k) queries.push_back(static_cast<int32_t>(rng() % 256));
  BatchSearch engine(2);
  HaaStarQuery alone(h);
  PathBatchResults out;
  PathResult r;
  size_t found = 0;
  for (const char* names : {"ground", "ground,trees"}) {
    const Capability capability = parseCapability(names, error).value();
    for (int32_t size = 1; size <= 3; ++size) {
      const Agent agent{size, capability};
      engine.findPaths(h, queries, agent, true, out);
      ASSERT_EQ(out.count(), queries.size() / 4);
      for (size_t i = 0; i < out.count(); ++i) {
        const Point s{queries[4 * i], queries[4 * i + 1]}, g{queries[4 * i + 2], queries[4 * i + 3]};
        r.reset();
        alone.findPath(s, g, r, agent);
        const std::string what = std::string(names) + " size " + std::to_string(size) + " query " + std::to_string(i);
        ASSERT_EQ(out.status[i], static_cast<uint8_t>(r.status)) << what;
        if (!r.found()) continue;
        ++found;
        EXPECT_EQ(out.cost[i], r.cost) << what;
        EXPECT_EQ(out.expanded[i], r.stats.expandedTotal()) << what;
        const std::vector<Point> cells = cellsOf(out, i);
        EXPECT_EQ(cells, r.cells) << what;
        const PathCheck check = validateFootprintPath(grid, capability, size, s, g, cells, out.cost[i]);
        EXPECT_TRUE(check.valid) << what << ": " << check.problem;
      }
    }
  }
  EXPECT_GT(found, 100u);

  // An edited hierarchy (a new version) is searched with its new graph: the engine's queries follow it.
  std::vector<CellEdit> walls;
  for (int32_t x = 0; x < 256; ++x) walls.push_back(CellEdit{Point{x, 100}, '@'});
  ASSERT_EQ(h.applyEdits(walls), "");
  const Agent infantry{1, parseCapability("ground,trees", error).value()};
  engine.findPaths(h, queries, infantry, false, out);
  HaaStarQuery fresh(h);
  for (size_t i = 0; i < out.count(); ++i) {
    r.reset();
    fresh.findPath(Point{queries[4 * i], queries[4 * i + 1]}, Point{queries[4 * i + 2], queries[4 * i + 3]}, r,
                   infantry);
    ASSERT_EQ(out.status[i], static_cast<uint8_t>(r.status)) << "after the edit, query " << i;
    EXPECT_EQ(out.cost[i], r.found() ? r.cost : std::numeric_limits<double>::infinity()) << "query " << i;
  }
}

TEST(BatchSearch, WorldBatchesOnTwoThreadsAnswerAsOneQueryObjectAloneBeforeAndAfterDigging) {
  BlockWorld world = generateWorld(WorldKind::Caves, 48, 40, 8, 3);
  WorldHierarchyOptions o;
  o.clusterSide = 8;
  o.clusterLevels = 4;
  WorldHierarchy h = test::buildHierarchy(world, o);
  const std::vector<Voxel> standing = test::standingCells(world);
  ASSERT_GT(standing.size(), 100u);
  std::mt19937 rng(16);
  std::vector<int32_t> queries;
  for (int i = 0; i < 150; ++i) {
    // Mostly standing cells; every tenth query starts in a cell that may not be one (an invalid answer).
    const Voxel s = i % 10 == 0 ? Voxel{static_cast<int32_t>(rng() % 48), static_cast<int32_t>(rng() % 40), 7}
                                : standing[rng() % standing.size()];
    const Voxel g = standing[rng() % standing.size()];
    queries.insert(queries.end(), {s.x, s.y, s.z, g.x, g.y, g.z});
  }
  BatchSearch engine(2);
  WorldPathBatchResults out;
  WorldPath r;
  auto expectAsAlone = [&](const WorldHierarchy& hierarchy, const std::string& when) {
    engine.findPaths(hierarchy, queries, WorldHpaQueryOptions{}, true, out);
    ASSERT_EQ(out.count(), queries.size() / kWorldQueryStride);
    WorldHpaQuery alone(hierarchy);
    size_t found = 0;
    for (size_t i = 0; i < out.count(); ++i) {
      const int32_t* q = queries.data() + kWorldQueryStride * i;
      const Voxel s{q[0], q[1], q[2]}, g{q[3], q[4], q[5]};
      alone.findPath(s, g, r);
      const std::string what = when + ", query " + std::to_string(i);
      ASSERT_EQ(out.status[i], static_cast<uint8_t>(r.status)) << what;
      const auto& offsets = out.paths.offsets();
      const std::vector<Voxel> cells(out.paths.cells().begin() + offsets[i],
                                     out.paths.cells().begin() + offsets[i + 1]);
      if (!r.found()) {
        EXPECT_TRUE(cells.empty()) << what;
        continue;
      }
      ++found;
      EXPECT_EQ(out.cost[i], r.cost) << what;
      EXPECT_EQ(out.expanded[i], r.expanded) << what;
      EXPECT_EQ(cells, r.cells) << what;
      const PathCheck check = validateWorldPath(hierarchy.world(), s, g, cells, out.cost[i]);
      EXPECT_TRUE(check.valid) << what << ": " << check.problem;
    }
    EXPECT_GT(found, 50u) << when;
  };
  expectAsAlone(h, "built");
  // Blocks changed in place: the engine's queries, made before, search the changed hierarchy.
  std::vector<BlockChange> changes;
  for (int32_t k = 0; k < 40; ++k) changes.push_back(BlockChange{standing[(k * 37) % standing.size()], Block::Solid});
  ASSERT_EQ(h.applyBlockChanges(changes), "");
  expectAsAlone(h, "after placing blocks");
}

}  // namespace
}  // namespace hpastar
