#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathSmoother.h"
#include "world/WorldPathValidator.h"

// Terrain costs on block worlds: the per-cell cost layer (BlockWorld::setCostLayer) weights every move,
// and every reader (A*, the hierarchy, the query, the smoother) takes its costs from the world.
namespace hpastar {
namespace {
using test::buildHierarchy;
using test::drawWorld;

// The rule of BlockWorld::moveCost, written here again from the layer itself so that the searches are
// checked against it rather than against themselves: a diagonal on a level weighs the mean of its 2 x 2
// square's four cells, every other move the mean of its two ends.
double ruleCost(const BlockWorld& w, const std::vector<uint8_t>& layer, int32_t cell, int m) {
  const Voxel v = w.voxelOf(cell);
  const int32_t to = w.index(v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]);
  auto weight = [&](int32_t c) { return layer[static_cast<size_t>(c)] / 16.0; };
  if (m < kClimbUp && isDiagonal(m)) {
    const double four = weight(cell) + weight(to) + weight(w.index(v.x + kWorldMoveDx[m], v.y, v.z)) +
                        weight(w.index(v.x, v.y + kWorldMoveDy[m], v.z));
    return kSqrt2 * four / 4;
  }
  return kWorldMoveCost[m] * (weight(cell) + weight(to)) / 2;
}

// Every cell's distance from `source` by a plain Dijkstra over the moves, costed by ruleCost.
std::vector<double> bruteForceDistances(const BlockWorld& w, const std::vector<uint8_t>& layer, Voxel source) {
  std::vector<double> d(static_cast<size_t>(w.cellCount()), std::numeric_limits<double>::infinity());
  using Item = std::pair<double, int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  d[static_cast<size_t>(w.index(source))] = 0;
  open.push({0, w.index(source)});
  while (!open.empty()) {
    const auto [g, cell] = open.top();
    open.pop();
    if (g > d[static_cast<size_t>(cell)]) continue;
    for (uint32_t mask = w.moveMask(cell); mask; mask &= mask - 1) {
      const int m = __builtin_ctz(mask);
      const int32_t to = cell + w.moveOffset(m);
      const double ng = g + ruleCost(w, layer, cell, m);
      if (ng < d[static_cast<size_t>(to)]) d[static_cast<size_t>(to)] = ng, open.push({ng, to});
    }
  }
  return d;
}

double ruleCostOfPath(const BlockWorld& w, const std::vector<uint8_t>& layer, const std::vector<Voxel>& cells) {
  double cost = 0;
  for (size_t i = 1; i < cells.size(); ++i)
    cost += ruleCost(w, layer, w.index(cells[i - 1]), worldMoveBetween(w, cells[i - 1], cells[i]));
  return cost;
}

// A layer of values in lo..hi, in patches (runs along x) so that dear and cheap regions form.
std::vector<uint8_t> randomLayer(const BlockWorld& w, uint64_t seed, int lo, int hi) {
  SeededRandom random(seed);
  std::vector<uint8_t> layer(static_cast<size_t>(w.cellCount()));
  uint8_t value = kCostLayerUnit;
  for (uint8_t& v : layer) {
    if (random.chance(20)) value = static_cast<uint8_t>(lo + random.below(hi - lo + 1));
    v = value;
  }
  return layer;
}

BlockWorld withLayer(BlockWorld w, const std::vector<uint8_t>& layer) {
  const std::string error = w.setCostLayer(layer);
  if (!error.empty()) throw std::runtime_error(error);
  return w;
}

// Hand-drawn worlds with a ladder, stairs, climbs and diagonals, under random layers: A*'s cost from a
// corner to every standing cell is the brute-force Dijkstra's, and its path costs that by the rule.
TEST(WorldCosts, AStarOnHandDrawnWeightedWorldsMatchesABruteForceDijkstra) {
  const BlockWorld drawn = drawWorld({{"......", "..##..", ".>#...", "..#.H.", "......"},
                                      {"......", "..#...", "......", "...#..", ".#...."},
                                      {"......", "......", "......", "......", "......"}});
  WorldAStar astar;
  WorldPath p;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const std::vector<uint8_t> layer = randomLayer(drawn, seed, 1, 255);
    const BlockWorld w = withLayer(drawn, layer);
    ASSERT_TRUE(w.weighted());
    const Voxel source{0, 0, 0};
    const std::vector<double> d = bruteForceDistances(w, layer, source);
    int found = 0;
    for (const Voxel goal : test::standingCells(w)) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", goal " + voxelText(goal));
      const double expected = d[static_cast<size_t>(w.index(goal))];
      ASSERT_EQ(astar.findPath(w, source, goal, p) == PathStatus::Found, std::isfinite(expected));
      if (!p.found()) continue;
      ++found;
      ASSERT_NEAR(p.cost, expected, 1e-9 * (1 + expected));
      const PathCheck check = validateWorldPath(w, source, goal, p.cells, p.cost);
      ASSERT_TRUE(check.valid) << check.problem;
      ASSERT_NEAR(ruleCostOfPath(w, layer, p.cells), expected, 1e-9 * (1 + expected));
    }
    EXPECT_GT(found, 25);
  }
}

// A flat field with a dear band across it but for one gap far from the straight line: the path goes
// through the gap, costs less than straight across, and A* and HPA* agree on going round.
TEST(WorldCosts, APathGoesRoundADearRegion) {
  BlockWorld w(12, 9, 1);
  std::vector<uint8_t> layer(static_cast<size_t>(w.cellCount()), kCostLayerUnit);
  for (int32_t y = 0; y < 8; ++y) layer[static_cast<size_t>(w.index(6, y, 0))] = 255;  // the gap: (6, 8)
  ASSERT_EQ(w.setCostLayer(layer), "");
  const Voxel s{1, 1, 0}, t{10, 1, 0};
  WorldAStar astar;
  WorldPath p;
  ASSERT_EQ(astar.findPath(w, s, t, p), PathStatus::Found);
  bool throughGap = false;
  for (const Voxel v : p.cells) {
    EXPECT_NE(layer[static_cast<size_t>(w.index(v))], 255) << voxelText(v) << " is dear";
    throughGap |= v == Voxel{6, 8, 0};
  }
  EXPECT_TRUE(throughGap);
  const double straight = 8 + 2 * 255.0 / 32;  // 9 steps, two of them half into the dear band
  EXPECT_LT(p.cost, straight);
  const WorldHierarchy h = buildHierarchy(w, test::boxesOf(4, 1, 2));
  WorldHpaQuery query(h);
  WorldPath hp;
  ASSERT_EQ(query.findPath(s, t, hp), PathStatus::Found);
  const PathCheck check = validateWorldPath(w, s, t, hp.cells, hp.cost);
  ASSERT_TRUE(check.valid) << check.problem;
  EXPECT_GE(hp.cost, p.cost - 1e-9);
  EXPECT_LT(hp.cost, straight);
}

// Generated worlds under random layers: every HPA* path legal, its cost the rule's, never cheaper than
// A*'s, found exactly when A* finds one; smoothing never makes it dearer.
TEST(WorldCosts, HpaPathsOnGeneratedWeightedWorldsAreLegalAndNeverCheaperThanAStar) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills})
    for (uint64_t seed : {2u, 5u}) {
      SCOPED_TRACE(std::string(worldKindName(kind)) + " seed " + std::to_string(seed));
      const BlockWorld plain = generateWorld(kind, 40, 40, 6, seed);
      const std::vector<uint8_t> layer = randomLayer(plain, seed + 100, 4, 80);
      const BlockWorld w = withLayer(plain, layer);
      const WorldHierarchy h = buildHierarchy(w, test::boxesOf(8, 3, 2));
      WorldHpaQuery query(h);
      WorldAStar astar;
      WorldPath p, rough, best;
      WorldHpaQueryOptions noSmoothing;
      noSmoothing.smooth = false;
      const std::vector<Voxel> cells = test::standingCells(w);
      SeededRandom random(seed);
      int found = 0;
      for (int q = 0; q < 60; ++q) {
        const Voxel s = cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
        const Voxel t = cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
        SCOPED_TRACE(voxelText(s) + " -> " + voxelText(t));
        ASSERT_EQ(query.findPath(s, t, p), astar.findPath(w, s, t, best));
        ASSERT_EQ(query.findPath(s, t, rough, noSmoothing), best.status);
        if (!best.found()) continue;
        ++found;
        for (const WorldPath* path : {&p, &rough}) {
          const PathCheck check = validateWorldPath(w, s, t, path->cells, path->cost);
          ASSERT_TRUE(check.valid) << check.problem;
          ASSERT_NEAR(ruleCostOfPath(w, layer, path->cells), path->cost, 1e-9 * (1 + path->cost));
          ASSERT_GE(path->cost, best.cost - 1e-9 * (1 + best.cost));
        }
        ASSERT_LE(p.cost, rough.cost + 1e-9 * (1 + rough.cost));
      }
      EXPECT_GT(found, 10);
    }
}

// The smoother alone: on a path the layer makes crooked (round a dear cell), it never takes the straight
// run through the dear cell, and whatever it does costs no more.
TEST(WorldCosts, SmoothingTakesNoRunThatIsDearer) {
  BlockWorld w(7, 3, 1);
  std::vector<uint8_t> layer(static_cast<size_t>(w.cellCount()), kCostLayerUnit);
  layer[static_cast<size_t>(w.index(3, 1, 0))] = 200;
  ASSERT_EQ(w.setCostLayer(layer), "");
  // Round the dear cell by the row above: straight along y = 1 would be shorter unweighted.
  std::vector<Voxel> cells = {{0, 1, 0}, {1, 1, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {5, 1, 0}, {6, 1, 0}};
  const double before = ruleCostOfPath(w, layer, cells);
  WorldPathSmoother smoother;
  smoother.smooth(w, cells, 10);
  for (const Voxel v : cells) EXPECT_NE(v, (Voxel{3, 1, 0}));
  EXPECT_LE(ruleCostOfPath(w, layer, cells), before + 1e-12);
  // Unweighted, the same path is straightened through (3, 1).
  BlockWorld plain(7, 3, 1);
  std::vector<Voxel> again = {{0, 1, 0}, {1, 1, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {5, 1, 0}, {6, 1, 0}};
  smoother.smooth(plain, again, 10);
  EXPECT_EQ(again.size(), 7u);
  EXPECT_EQ(again[3], (Voxel{3, 1, 0}));
}

// A layer of all 16 is no weighting: A* and HPA* give the very cells and costs of the world without one.
TEST(WorldCosts, ALayerOfAll16GivesTheUnweightedAnswersExactly) {
  const BlockWorld plain = generateWorld(WorldKind::Hills, 40, 40, 6, 4);
  const BlockWorld neutral =
      withLayer(plain, std::vector<uint8_t>(static_cast<size_t>(plain.cellCount()), kCostLayerUnit));
  ASSERT_TRUE(neutral.hasCostLayer());
  ASSERT_FALSE(neutral.weighted());
  const WorldHierarchy a = buildHierarchy(plain, test::boxesOf(8, 3, 2));
  const WorldHierarchy b = buildHierarchy(neutral, test::boxesOf(8, 3, 2));
  WorldHpaQuery qa(a), qb(b);
  WorldAStar astar;
  WorldPath pa, pb;
  const std::vector<Voxel> cells = test::standingCells(plain);
  SeededRandom random(9);
  for (int q = 0; q < 60; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
    const Voxel t = cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
    ASSERT_EQ(astar.findPath(plain, s, t, pa), astar.findPath(neutral, s, t, pb));
    ASSERT_EQ(pa.cells, pb.cells);
    ASSERT_EQ(pa.cost, pb.cost);
    ASSERT_EQ(qa.findPath(s, t, pa), qb.findPath(s, t, pb));
    ASSERT_EQ(pa.cells, pb.cells);
    ASSERT_EQ(pa.cost, pb.cost);
  }
}

// Random cost changes, one at a time and in batches, on generated worlds: the locally updated
// hierarchy equals a fresh build of the same world and layer, and its queries agree with A*.
TEST(WorldCosts, CostChangesRebuildLocallyToWhatAFreshBuildGives) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const WorldHierarchyOptions options = test::boxesOf(8, 2, 3);
    WorldHierarchy h = buildHierarchy(generateWorld(kind, 40, 40, 6, 7), options);
    SeededRandom random(static_cast<uint64_t>(kind) + 11);
    const std::vector<Voxel> cells = test::standingCells(h.world());
    int local = 0;
    for (int i = 0; i < 16; ++i) {
      std::vector<CostChange> changes;
      const int count = i % 4 == 3 ? 6 : 1;
      for (int k = 0; k < count; ++k) {
        const Voxel at = cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
        changes.push_back(CostChange{at, static_cast<uint8_t>(1 + random.below(255))});
      }
      SCOPED_TRACE("change " + std::to_string(i) + " at " + voxelText(changes.front().at));
      WorldUpdateStats stats;
      const uint64_t version = h.version();
      ASSERT_EQ(h.applyCostChanges(changes, &stats), "");
      EXPECT_EQ(h.version(), version + 1);
      for (const CostChange& c : changes) {
        bool last = true;  // a later change of the same cell wins
        for (const CostChange& d : changes) last = last && (&d <= &c || d.at != c.at);
        if (last) {
          ASSERT_EQ(h.world().costLayerAt(h.world().index(c.at)), c.value);
        }
      }
      local += !stats.rebuiltClusters[0].empty() &&
               stats.rebuiltClusters[0].size() < static_cast<size_t>(h.layout(1).count());
      test::expectSameAsFreshBuild(h, options);
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(local, 8);
    test::expectQueriesAgreeWithAStar(h, random, 40);
    if (HasFatalFailure()) return;
  }
}

// A change to the value a cell already has alters nothing and rebuilds nothing.
TEST(WorldCosts, AChangeToTheSameValueRebuildsNothing) {
  WorldHierarchy h = buildHierarchy(generateWorld(WorldKind::Hills, 32, 32, 6, 3), test::boxesOf(8, 3, 2));
  const CostChange same{Voxel{3, 3, 0}, kCostLayerUnit};
  WorldUpdateStats stats;
  ASSERT_EQ(h.applyCostChanges(std::span(&same, 1), &stats), "");
  EXPECT_EQ(stats.costsChanged, 0u);
  EXPECT_TRUE(stats.rebuiltClusters[0].empty());
  EXPECT_FALSE(h.world().hasCostLayer());
}

TEST(WorldCosts, RefusesBadLayersAndChangesNamingTheValueAndTheCell) {
  BlockWorld w(3, 2, 2);
  EXPECT_EQ(w.setCostLayer(std::vector<uint8_t>(5, 16)), "cost layer has 5 cells, expected 12 for 3x2x2");
  std::vector<uint8_t> layer(12, 16);
  layer[10] = 0;
  EXPECT_EQ(w.setCostLayer(layer),
            "cost layer value 0 at index 10 (1, 1, 1): values are 1..255 sixteenths of a move's cost");
  EXPECT_FALSE(w.hasCostLayer());
  EXPECT_FALSE(w.setCellCost(Voxel{0, 0, 0}, 0));
  EXPECT_FALSE(w.setCellCost(Voxel{3, 0, 0}, 20));
  WorldHierarchy h = buildHierarchy(w, test::boxesOf(2, 1, 1));
  const CostChange outside{Voxel{0, 2, 0}, 20}, zero{Voxel{1, 0, 1}, 0};
  EXPECT_EQ(h.applyCostChanges(std::span(&outside, 1)), "cost change (0, 2, 0) is outside the 3x2x2 world");
  EXPECT_EQ(h.applyCostChanges(std::span(&zero, 1)),
            "cost layer value 0 at (1, 0, 1): values are 1..255 sixteenths of a move's cost");
  EXPECT_EQ(h.version(), 0u);
}

}  // namespace
}  // namespace hpastar
