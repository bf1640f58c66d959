#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "BlockWorlds.h"
#include "world/WorldGenerator.h"
#include "world/WorldMoves.h"
#include "world/WorldReachability.h"

namespace hpastar {
namespace {

std::string voxelAt(Voxel v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

// worldDistanceBound as a + b√2 (a, b whole): equal distances give equal doubles, so ties are ties.
double exactBound(int32_t dx, int32_t dy, int32_t dz) {
  dx = std::abs(dx), dy = std::abs(dy), dz = std::abs(dz);
  const int32_t lo = std::min(dx, dy), hi = std::max(dx, dy);
  const double across = (hi - lo - dz) + kSqrt2 * (lo + dz);
  return std::max(across, static_cast<double>(dz));
}

// The nearest cell by brute force over every cell of the world: the reference nearestStanding must equal
// (distance worldDistanceBound, ties to the smaller z, then y, then x).
std::optional<Voxel> nearestByScan(const WorldHierarchy& h, Voxel from, uint32_t component, double maxDistance) {
  const BlockWorld& world = h.world();
  std::optional<Voxel> best;
  double bestDistance = INFINITY;
  for (int32_t i = 0; i < world.cellCount(); ++i) {
    const uint32_t label = h.components().of(i);
    if (label == 0 || (component != 0 && label != component)) continue;
    const Voxel v = world.voxelOf(i);
    const double d = exactBound(v.x - from.x, v.y - from.y, v.z - from.z);
    if (d > maxDistance || d >= bestDistance) continue;  // index order is (z, y, x) order: ties keep the first
    best = v;
    bestDistance = d;
  }
  return best;
}

TEST(WorldReachability, NearestStandingIsTheNearestCellOfTheComponentAsAScanFindsIt) {
  WorldHierarchyOptions options;
  options.clusterSide = 8;
  options.clusterLevels = 4;
  const WorldHierarchy h = test::buildHierarchy(generateWorld(WorldKind::Caves, 32, 24, 8, 6), options);
  ASSERT_GT(h.componentCount(), 1u);
  SeededRandom random(31);
  for (int k = 0; k < 300; ++k) {
    // Points inside the world and around it (the nearest cell of a point outside is on the world's side).
    const Voxel from{random.below(44) - 6, random.below(36) - 6, random.below(14) - 3};
    const uint32_t component =
        k % 3 == 0 ? 0 : 1 + static_cast<uint32_t>(random.below(static_cast<int32_t>(h.componentCount())));
    const double maxDistance = k % 5 == 0 ? 3.5 : INFINITY;
    const std::optional<Voxel> expected = nearestByScan(h, from, component, maxDistance);
    const std::optional<Voxel> found = nearestStanding(h, from, component, maxDistance);
    ASSERT_EQ(found.has_value(), expected.has_value()) << "from " << voxelAt(from) << " component " << component;
    if (found) {
      EXPECT_EQ(*found, *expected) << "from " << voxelAt(from) << " component " << component;
    }
  }
}

TEST(WorldReachability, NearestReachableGoalIsTheGoalWhenReachableElseTheScansNearestCellOfTheStartsComponent) {
  WorldHierarchyOptions options;
  options.clusterSide = 8;
  options.clusterLevels = 4;
  const WorldHierarchy h = test::buildHierarchy(generateWorld(WorldKind::Caves, 32, 24, 8, 6), options);
  const BlockWorld& world = h.world();
  SeededRandom random(12);
  int moved = 0;
  for (int k = 0; k < 2000; ++k) {
    const Voxel start{random.below(32), random.below(24), random.below(8)};
    const Voxel goal{random.below(40) - 4, random.below(32) - 4, random.below(12) - 2};
    const std::optional<Voxel> reached = nearestReachableGoal(h, start, goal);
    const uint32_t component = world.standing(start) ? h.components().of(world.index(start)) : 0;
    if (component == 0) {
      EXPECT_FALSE(reached) << "start " << voxelAt(start) << " stands nowhere";
      continue;
    }
    ASSERT_TRUE(reached) << voxelAt(start);
    if (world.inside(goal.x, goal.y, goal.z) && h.connected(start, goal)) {
      EXPECT_EQ(*reached, goal);
    } else {
      ++moved;
      EXPECT_EQ(*reached, *nearestByScan(h, goal, component, INFINITY)) << "goal " << voxelAt(goal);
      EXPECT_TRUE(h.connected(start, *reached));
    }
  }
  EXPECT_GT(moved, 100);
}

TEST(WorldReachability, MovingABatchsGoalsGivesEachQueryTheNearestReachableGoalAndSaysWhichMoved) {
  WorldHierarchyOptions options;
  options.clusterSide = 8;
  const WorldHierarchy h = test::buildHierarchy(generateWorld(WorldKind::Caves, 32, 24, 8, 3), options);
  SeededRandom random(5);
  std::vector<int32_t> queries;
  for (int k = 0; k < 600; ++k) {
    for (int32_t v : {random.below(32), random.below(24), random.below(8), random.below(40) - 4, random.below(32) - 4,
                      random.below(12) - 2})
      queries.push_back(v);
  }
  const std::vector<int32_t> given = queries;
  std::vector<uint8_t> moved;
  moveGoalsToNearestReachable(h, queries, moved);
  ASSERT_EQ(moved.size(), given.size() / 6);
  int movedCount = 0;
  for (size_t i = 0; i < moved.size(); ++i) {
    const int32_t* q = given.data() + 6 * i;
    const Voxel start{q[0], q[1], q[2]}, goal{q[3], q[4], q[5]};
    const std::optional<Voxel> reached = nearestReachableGoal(h, start, goal);
    const Voxel searched{queries[6 * i + 3], queries[6 * i + 4], queries[6 * i + 5]};
    for (int j = 0; j < 3; ++j) EXPECT_EQ(queries[6 * i + j], q[j]) << "query " << i << ": the start never moves";
    if (reached && *reached != goal) {
      ++movedCount;
      EXPECT_EQ(searched, *reached) << "query " << i;
      EXPECT_EQ(moved[i], kGoalMoved | kGoalUnreachable) << "query " << i;
    } else {
      EXPECT_EQ(searched, goal) << "query " << i;
      EXPECT_EQ(moved[i], 0) << "query " << i;
    }
  }
  EXPECT_GT(movedCount, 30);
}

TEST(WorldReachability, RandomStandingGivesCellsOfTheComponentEvenlyAndFindsSmallComponents) {
  // A room on level 0 (x 0..5, 18 cells) and two one-cell pockets at (7, 0) and (7, 2), walled apart.
  const BlockWorld world = test::drawWorld({{"......#.", "......##", "......#."}});
  const WorldHierarchy h = test::buildHierarchy(world, WorldHierarchyOptions{});
  const uint32_t room = h.components().of(world.index(0, 0, 0)), pocket = h.components().of(world.index(7, 2, 0));
  ASSERT_NE(room, pocket);
  CellRandom random(9);
  std::map<int32_t, int> counts;
  for (int k = 0; k < 1800; ++k) {
    const std::optional<Voxel> v = randomStanding(h, room, random);
    ASSERT_TRUE(v.has_value());
    ASSERT_EQ(h.components().of(world.index(*v)), room) << voxelAt(*v);
    ++counts[world.index(*v)];
  }
  EXPECT_EQ(counts.size(), 18u);  // every cell of the room, each about 100 times
  for (const auto& [cell, n] : counts) EXPECT_GT(n, 50) << voxelAt(world.voxelOf(cell));
  // The pocket (one standing cell of 20) is found by the exact pick when sampling misses it.
  for (int k = 0; k < 20; ++k) {
    const std::optional<Voxel> v = randomStanding(h, pocket, random);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(h.components().of(world.index(*v)), pocket);
  }
  const std::optional<Voxel> any = randomStanding(h, 0, random);
  ASSERT_TRUE(any.has_value());
  EXPECT_TRUE(world.standing(*any));
}

}  // namespace
}  // namespace hpastar
