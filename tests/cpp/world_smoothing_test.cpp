#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
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

namespace hpastar {
namespace {
using test::buildHierarchy;
using test::drawWorld;

double costOf(const BlockWorld& world, const std::vector<Voxel>& cells) {
  const PathCheck check = validateWorldPath(world, cells.front(), cells.back(), cells, 0, 1e300);
  EXPECT_TRUE(check.valid) << check.problem;
  return check.recomputedCost;
}

// The cells from `from` taking `count` steps of move `move` (a straight run).
void appendRun(std::vector<Voxel>& cells, int move, int count) {
  for (int k = 0; k < count; ++k) {
    const Voxel v = cells.back();
    cells.push_back(Voxel{v.x + kWorldMoveDx[move], v.y + kWorldMoveDy[move], v.z + kWorldMoveDz[move]});
  }
}

// The smoothing rule written plainly, as the reference of WorldPathSmoother's shortcuts (the table of
// lines, the runs followed along the path, the bits of cells ahead): from each cell every legal move's run
// is walked to its end (or maxRun), each cell of it looked up in the path by a linear search.
std::vector<Voxel> smoothedByHand(const BlockWorld& world, const std::vector<Voxel>& cells, int32_t maxRun) {
  const int32_t n = static_cast<int32_t>(cells.size());
  std::vector<double> costTo(cells.size(), 0);
  for (size_t i = 1; i < cells.size(); ++i)
    costTo[i] = costTo[i - 1] + kWorldMoveCost[worldMoveBetween(world, cells[i - 1], cells[i])];
  const double epsilon = 1e-9 * (1 + costTo.back());
  std::vector<Voxel> out{cells[0]};
  for (int32_t i = 0; i < n - 1;) {
    const Voxel from = cells[static_cast<size_t>(i)];
    double bestSaving = epsilon;
    int32_t bestEnd = -1, bestMove = 0, bestLength = 0;
    for (int m = 0; m < kWorldMoveCount; ++m) {
      Voxel v = from;
      for (int32_t k = 1; k <= maxRun && world.canMove(v, m); ++k) {
        v = Voxel{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
        for (int32_t j = n - 1; j > i; --j)
          if (cells[static_cast<size_t>(j)] == v) {
            const double saving =
                costTo[static_cast<size_t>(j)] - costTo[static_cast<size_t>(i)] - k * kWorldMoveCost[m];
            if (saving > bestSaving) bestSaving = saving, bestEnd = j, bestMove = m, bestLength = k;
            break;
          }
      }
    }
    if (bestEnd < 0) {
      out.push_back(cells[static_cast<size_t>(++i)]);
      continue;
    }
    for (int32_t k = 1; k <= bestLength; ++k)
      out.push_back(Voxel{from.x + k * kWorldMoveDx[bestMove], from.y + k * kWorldMoveDy[bestMove],
                          from.z + k * kWorldMoveDz[bestMove]});
    i = bestEnd;
  }
  return out;
}

constexpr int kNorth = 0, kEast = 2, kSouthEast = 3, kSouth = 4, kWest = 6;

TEST(WorldPathSmoother, TurnsAnLShapedDetourInAnOpenRoomIntoADiagonal) {
  const BlockWorld world = drawWorld({{"........", "........", "........", "........", "........", "........"}});
  std::vector<Voxel> cells{Voxel{0, 0, 0}};
  appendRun(cells, kEast, 5);
  appendRun(cells, kSouth, 5);
  WorldPathSmoother smoother;
  smoother.smooth(world, cells, 16);
  std::vector<Voxel> diagonal{Voxel{0, 0, 0}};
  appendRun(diagonal, kSouthEast, 5);
  EXPECT_EQ(cells, diagonal);
}

TEST(WorldPathSmoother, TakesNoDiagonalThatCutsTheCornerOfABlock) {
  // Around a solid pillar: the diagonal from (0, 0) towards (2, 2) passes its corner.
  const BlockWorld world = drawWorld({{"...", ".#.", "..."}});
  std::vector<Voxel> cells{Voxel{0, 0, 0}};
  appendRun(cells, kEast, 2);
  appendRun(cells, kSouth, 2);
  const std::vector<Voxel> before = cells;
  WorldPathSmoother smoother;
  smoother.smooth(world, cells, 16);
  EXPECT_EQ(cells, before);
}

TEST(WorldPathSmoother, KeepsToALedgeInsteadOfWalkingOverTheDrop) {
  // An L-shaped platform one level up (on the solid blocks of level 0) around a pit: the diagonal
  // across the corner of the L would walk on air, and its corner step has no support either.
  const BlockWorld world = drawWorld({{"######", "######", "##....", "##....", "##....", "##...."},
                                      {"......", "......", "......", "......", "......", "......"}});
  std::vector<Voxel> cells{Voxel{5, 1, 1}};
  appendRun(cells, kWest, 4);
  appendRun(cells, kSouth, 4);
  const std::vector<Voxel> before = cells;
  WorldPathSmoother smoother;
  smoother.smooth(world, cells, 16);
  EXPECT_EQ(cells, before);
  // The same L on the pit's floor, one level down, is smoothed: the rule is the ledge, not the shape.
  std::vector<Voxel> floor{Voxel{5, 2, 0}};
  appendRun(floor, kSouth, 3);
  appendRun(floor, kWest, 3);
  smoother.smooth(world, floor, 16);
  EXPECT_EQ(floor.size(), 4u);
  EXPECT_NEAR(costOf(world, floor), 3 * kSqrt2, 1e-12);
}

TEST(WorldPathSmoother, ClimbsAStaircaseStraightInsteadOfAroundIt) {
  // Three steps of solid blocks rising east, three rows wide; the path climbs each step, then walks north and back on
  // top of it before the next. A run of three climbs east replaces the detours.
  const BlockWorld world = drawWorld({{".###", ".###", ".###"},  //
                                      {"..##", "..##", "..##"},
                                      {"...#", "...#", "...#"},
                                      {"....", "....", "...."}});
  std::vector<Voxel> cells{Voxel{0, 1, 0}};
  for (int step = 0; step < 3; ++step) {
    appendRun(cells, kClimbUp + 1, 1);  // climb up towards E
    appendRun(cells, kNorth, 1);
    appendRun(cells, kSouth, 1);
  }
  ASSERT_TRUE(validateWorldPath(world, cells.front(), cells.back(), cells, costOf(world, cells)).valid);
  WorldPathSmoother smoother;
  smoother.smooth(world, cells, 16);
  std::vector<Voxel> straight{Voxel{0, 1, 0}};
  appendRun(straight, kClimbUp + 1, 3);
  EXPECT_EQ(cells, straight);
}

TEST(WorldPathSmoother, RunsNoLongerThanTheRange) {
  const BlockWorld world = drawWorld({{"........", "........", "........", "........", "........", "........"}});
  std::vector<Voxel> cells{Voxel{0, 0, 0}};
  appendRun(cells, kEast, 5);
  appendRun(cells, kSouth, 5);
  std::vector<Voxel> shortRuns = cells;
  WorldPathSmoother smoother;
  smoother.smooth(world, shortRuns, 2);
  // Runs of at most 2 steps only cut the corner of the L: (3, 0) -> (4, 1) -> (5, 2).
  EXPECT_NEAR(costOf(world, shortRuns), 6 + 2 * kSqrt2, 1e-12);
  smoother.smooth(world, cells, 0);  // no run at all
  EXPECT_NEAR(costOf(world, cells), 10, 1e-12);
}

// HPA* with and without smoothing on generated worlds, against A*: every smoothed path valid, from the
// start to the goal, never costlier than the unsmoothed path of the same query nor cheaper than A*'s; the
// smoothed path is the smoother's result on the unsmoothed one, the same as the rule written plainly
// gives; in total smoothing saves cost.
TEST(WorldHpaSmoothing, SmoothedPathsAreValidAndNeverCostlierOnGeneratedWorlds) {
  for (const WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld world = generateWorld(kind, 64, 64, 8, 3);
    WorldHierarchyOptions options;
    options.clusterSide = 8;
    options.clusterLevels = 4;
    const WorldHierarchy h = buildHierarchy(world, options);
    const std::vector<Voxel> standing = test::standingCells(world);
    WorldHpaQuery query(h);
    WorldAStar astar;
    WorldPathSmoother smoother;
    WorldPath smoothed, plain, best;
    WorldHpaQueryOptions off;
    off.smooth = false;
    SeededRandom random(11);
    double smoothedTotal = 0, plainTotal = 0;
    int found = 0, changed = 0;
    for (int q = 0; q < 150; ++q) {
      const Voxel s = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      const Voxel t = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      if (astar.findPath(world, s, t, best, &h.components()) != PathStatus::Found) continue;
      ASSERT_EQ(query.findPath(s, t, plain, off), PathStatus::Found);
      ASSERT_EQ(query.findPath(s, t, smoothed), PathStatus::Found);
      const std::string what = voxelText(s) + " -> " + voxelText(t);
      const PathCheck check = validateWorldPath(world, s, t, smoothed.cells, smoothed.cost);
      ASSERT_TRUE(check.valid) << what << ": " << check.problem;
      ASSERT_TRUE(validateWorldPath(world, s, t, plain.cells, plain.cost).valid) << what;
      EXPECT_LE(smoothed.cost, plain.cost + 1e-9) << what;
      EXPECT_GE(smoothed.cost, best.cost - 1e-9) << what;
      std::vector<Voxel> bySmoother = plain.cells;
      smoother.smooth(world, bySmoother, 3 * options.clusterSide);
      // The smoother's path, or between nearby ends a cheaper way found near them (shortenNearby).
      if (bySmoother != smoothed.cells) {
        EXPECT_LE(std::max(std::abs(s.x - t.x), std::abs(s.y - t.y)), options.clusterSide) << what;
        EXPECT_LE(std::abs(s.z - t.z), options.clusterLevels) << what;
        EXPECT_LT(smoothed.cost, validateWorldPath(world, s, t, bySmoother, 0).recomputedCost - 1e-9) << what;
      }
      // Short runs too, where the range cuts runs off.
      for (const int32_t range : {3 * options.clusterSide, 5}) {
        std::vector<Voxel> fast = plain.cells;
        smoother.smooth(world, fast, range);
        EXPECT_EQ(fast, smoothedByHand(world, plain.cells, range)) << what << ", runs of " << range;
      }
      changed += smoothed.cells != plain.cells;
      smoothedTotal += smoothed.cost;
      plainTotal += plain.cost;
      ++found;
    }
    EXPECT_GT(found, 50);
    EXPECT_GT(changed, 0);
    EXPECT_LT(smoothedTotal, plainTotal);
  }
}

// Start and goal within a box's reach of each other (a box side across, its levels up or down), on
// generated worlds: the path, smoothed or not, and the plan walked cost what A*'s shortest path costs. The
// same pairs answered through the transitions of boxes half as wide (where they are not near) are often far
// longer (counted: otherwise this test shows nothing), and a shortest way often leaves the boxes around the
// ends (counted too: a search kept near them would miss it).
TEST(WorldHpaSmoothing, NearbyEndsAlwaysTakeAShortestWay) {
  int compared = 0, detours = 0, leaving = 0;
  for (const WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld world = generateWorld(kind, 64, 64, 8, 5);
    const WorldHierarchy h = buildHierarchy(world, test::boxesOf(8, 4, 2));
    const WorldHierarchy small = buildHierarchy(world, test::boxesOf(4, 2, 2));
    const std::vector<Voxel> standing = test::standingCells(world);
    WorldHpaQuery query(h), smallQuery(small);
    WorldAStar astar;
    WorldPath smoothed, plain, best, throughSmall;
    WorldHpaQueryOptions off;
    off.smooth = false;
    SeededRandom random(17);
    for (int q = 0, here = 0; q < 6000 && here < 200; ++q) {
      const Voxel s = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      const Voxel t = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      if (!withinBoxReach(s, t, h.options()) || withinBoxReach(s, t, small.options())) continue;
      if (astar.findPath(world, s, t, best, &h.components()) != PathStatus::Found) continue;
      const std::string what = voxelText(s) + " -> " + voxelText(t);
      ASSERT_EQ(query.findPath(s, t, plain, off), PathStatus::Found) << what;
      ASSERT_EQ(query.findPath(s, t, smoothed), PathStatus::Found) << what;
      for (const WorldPath* p : {&plain, &smoothed}) {
        ASSERT_TRUE(validateWorldPath(world, s, t, p->cells, p->cost).valid) << what;
        EXPECT_NEAR(p->cost, best.cost, 1e-9) << what;
      }
      WorldHpaPlan plan;
      ASSERT_EQ(query.plan(s, t, plan), PathStatus::Found) << what;
      EXPECT_EQ(plan.segmentCount(), 1u) << what;
      std::vector<Voxel> walked;
      while (query.nextSegment(plan, walked)) {
      }
      EXPECT_NEAR(costOf(world, walked), best.cost, 1e-9) << what;
      ASSERT_EQ(smallQuery.findPath(s, t, throughSmall, off), PathStatus::Found) << what;
      detours += throughSmall.cost > best.cost * 1.05;
      leaving += std::any_of(best.cells.begin(), best.cells.end(), [&](Voxel v) {
        return v.x < std::min(s.x, t.x) - 4 || v.x > std::max(s.x, t.x) + 4 || v.y < std::min(s.y, t.y) - 4 ||
               v.y > std::max(s.y, t.y) + 4 || v.z < std::min(s.z, t.z) - 2 || v.z > std::max(s.z, t.z) + 2;
      });
      ++compared, ++here;
    }
  }
  EXPECT_GE(compared, 550);
  EXPECT_GT(detours, 20);
  EXPECT_GT(leaving, 0);
}

TEST(WorldHpaSmoothing, OffReturnsTheRefinedPathUnchanged) {
  // Boxes of 4 x 4 in an open room: HPA*'s path crosses box borders at their transitions and bends
  // there; smoothing off keeps those bends (the same cells query after query), on makes it as short as A*'s.
  const BlockWorld world = drawWorld({{"............", "............", "............", "............", "............",
                                       "............", "............", "............"}});
  WorldHierarchyOptions options;
  options.clusterSide = 4;
  options.clusterLevels = 1;
  const WorldHierarchy h = buildHierarchy(world, options);
  WorldHpaQuery query(h);
  WorldAStar astar;
  WorldPath on, off, again, best;
  WorldHpaQueryOptions noSmoothing;
  noSmoothing.smooth = false;
  const Voxel s{0, 0, 0}, t{11, 6, 0};
  ASSERT_EQ(astar.findPath(world, s, t, best), PathStatus::Found);
  ASSERT_EQ(query.findPath(s, t, off, noSmoothing), PathStatus::Found);
  ASSERT_EQ(query.findPath(s, t, on), PathStatus::Found);
  ASSERT_EQ(query.findPath(s, t, again, noSmoothing), PathStatus::Found);
  EXPECT_EQ(again.cells, off.cells);
  EXPECT_EQ(again.cost, off.cost);
  EXPECT_GT(off.cost, best.cost + 1e-9);  // the bends: otherwise this test shows nothing
  EXPECT_NEAR(on.cost, best.cost, 1e-9);
  EXPECT_TRUE(validateWorldPath(world, s, t, on.cells, on.cost).valid);
}

}  // namespace
}  // namespace hpastar
