#include <gtest/gtest.h>

#include <queue>
#include <random>

#include "BlockWorlds.h"
#include "TestMaps.h"
#include "WorldChecks.h"
#include "search/AStarSearch.h"
#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"
#include "world/WorldAStar.h"
#include "world/WorldComponents.h"
#include "world/WorldGenerator.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::drawWorld;

WorldPath solve(const BlockWorld& world, Voxel s, Voxel t) {
  WorldAStar astar;
  WorldPath path;
  astar.findPath(world, s, t, path);
  return path;
}

::testing::AssertionResult isValid(const BlockWorld& world, Voxel s, Voxel t, const WorldPath& p) {
  if (!p.found()) return ::testing::AssertionFailure() << "no path: " << pathStatusName(p.status);
  const PathCheck c = validateWorldPath(world, s, t, p.cells, p.cost);
  if (!c.valid) return ::testing::AssertionFailure() << c.problem;
  return ::testing::AssertionSuccess();
}

// Rows are one block deep (height 1), so a path's only way is along x and up or down.
TEST(BlockWorldMoves, ClimbsAStaircaseAtSqrt2PerStair) {
  const BlockWorld w = drawWorld({{".>#..."}, {"..>###"}, {"......"}});
  const Voxel s{0, 0, 0}, t{5, 0, 2};
  const WorldPath p = solve(w, s, t);
  ASSERT_TRUE(isValid(w, s, t, p));
  // Onto the first stair 1, two stairs √2 each, two steps on the top level: 3 + 2√2.
  EXPECT_NEAR(p.cost, 3 + 2 * kSqrt2, 1e-12);
  EXPECT_EQ(p.cells.size(), 6u);
  const WorldPath back = solve(w, t, s);  // down the same stairs, at the same cost
  ASSERT_TRUE(isValid(w, t, s, back));
  EXPECT_NEAR(back.cost, p.cost, 1e-12);
}

TEST(BlockWorldMoves, ClimbsBlockStepsWithoutStairsAtTwoPerLevel) {
  const BlockWorld w = drawWorld({{"..#..."}, {"...###"}, {"......"}});
  const Voxel s{0, 0, 0}, t{5, 0, 2};
  const WorldPath p = solve(w, s, t);
  ASSERT_TRUE(isValid(w, s, t, p));
  // 1 across, climb 2 onto the block, climb 2 onto the next, 2 across: 7.
  EXPECT_NEAR(p.cost, 7.0, 1e-12);
}

TEST(BlockWorldMoves, NeedsHeadroomAboveTheLowerCellToClimb) {
  // The block over (1, 0, 0) is solid: the agent cannot rise out of its column to step onto (2, 0, 1).
  const BlockWorld w = drawWorld({{"..#..."}, {".#.###"}, {"......"}});
  EXPECT_FALSE(w.canMove(Voxel{1, 0, 0}, kClimbUp + 1));
  EXPECT_EQ(solve(w, Voxel{0, 0, 0}, Voxel{5, 0, 2}).status, PathStatus::NoPath);
}

TEST(BlockWorldMoves, ClimbsALadderShaftAtOnePerLevel) {
  const BlockWorld w = drawWorld({{".H#"}, {"#H#"}, {"#H#"}, {"..."}});
  const Voxel s{0, 0, 0}, t{2, 0, 3};
  const WorldPath p = solve(w, s, t);
  ASSERT_TRUE(isValid(w, s, t, p));
  // Into the shaft 1, three rungs up 1 each, then off the top (or a climb from the last rung, the same 2): 5.
  EXPECT_NEAR(p.cost, 5.0, 1e-12);
  EXPECT_TRUE(w.standing(1, 0, 3));  // held by the ladder below
  EXPECT_TRUE(w.canMove(Voxel{1, 0, 3}, kLadderDown));
  const WorldPath back = solve(w, t, s);
  ASSERT_TRUE(isValid(w, t, s, back));
  EXPECT_NEAR(back.cost, 5.0, 1e-12);
}

TEST(BlockWorldMoves, GoesThroughATunnelUnderAWall) {
  // Ground at level 1 (rock below), a wall at x = 3 up to the top level, a tunnel dug under it on
  // level 0 with open shafts at x = 2 and x = 4 (the headroom of the climbs down and up).
  const BlockWorld w = drawWorld({{"##...##"}, {"...#..."}, {"...#..."}});
  const Voxel s{0, 0, 1}, t{6, 0, 1};
  const WorldPath p = solve(w, s, t);
  ASSERT_TRUE(isValid(w, s, t, p));
  // 1 across, climb down 2, 2 along the tunnel, climb up 2, 1 across: 8.
  EXPECT_NEAR(p.cost, 8.0, 1e-12);
  ASSERT_EQ(p.cells.size(), 7u);
  EXPECT_EQ(p.cells[3], (Voxel{3, 0, 0}));
}

TEST(BlockWorldMoves, GoesAroundAWallOnOneLevelWithoutCuttingItsCorner) {
  const BlockWorld w = drawWorld({{".....", ".###.", "....."}, {".....", ".....", "....."}});
  const Voxel s{0, 1, 0}, t{4, 1, 0};
  const WorldPath p = solve(w, s, t);
  ASSERT_TRUE(isValid(w, s, t, p));
  // As on a 2D grid: 6 straight steps (the diagonals at the wall's corners would cut them). Climbing onto
  // the wall's top at level 1 costs 2 + 1 + 1 + 2 = 6 too, never less.
  EXPECT_NEAR(p.cost, 6.0, 1e-12);
}

TEST(BlockWorldMoves, StandsOnTheFloorSolidBlocksLaddersAndStairsOnly) {
  const BlockWorld w = drawWorld({{".#H>"}, {"...."}, {"...."}});
  EXPECT_TRUE(w.standing(0, 0, 0));   // the world's floor
  EXPECT_FALSE(w.standing(0, 0, 1));  // air over air
  EXPECT_FALSE(w.standing(1, 0, 0));  // inside rock
  EXPECT_TRUE(w.standing(1, 0, 1));   // on rock
  EXPECT_TRUE(w.standing(2, 0, 1));   // on a ladder
  EXPECT_FALSE(w.standing(3, 0, 1));  // a stair is stood in, not on
  EXPECT_FALSE(w.standing(-1, 0, 0));
  EXPECT_FALSE(w.standing(0, 0, 3));
  EXPECT_EQ(w.moveMask(w.index(0, 0, 1)), 0u);  // a cell that is not standing has no moves
}

TEST(BlockWorldMoves, UnreachableStartOrGoalIsReportedWithoutSearch) {
  const BlockWorld w = drawWorld({{"..#.."}});
  WorldAStar astar;
  WorldPath p;
  EXPECT_EQ(astar.findPath(w, Voxel{2, 0, 0}, Voxel{0, 0, 0}, p), PathStatus::StartInvalid);
  EXPECT_EQ(astar.findPath(w, Voxel{0, 0, 0}, Voxel{9, 0, 0}, p), PathStatus::GoalInvalid);
  EXPECT_EQ(astar.findPath(w, Voxel{0, 0, 0}, Voxel{4, 0, 0}, p), PathStatus::NoPath);
  EXPECT_EQ(astar.findPath(w, Voxel{1, 0, 0}, Voxel{1, 0, 0}, p), PathStatus::Found);
  EXPECT_EQ(p.cells.size(), 1u);
  EXPECT_EQ(p.cost, 0.0);
}

// The move rules of BlockWorld.h, written again from the blocks in another shape (per pair of cells,
// not per move code), as an oracle for the masks: the legal move from `a` to `b` and its cost, or -1.
double ruleCost(const BlockWorld& w, Voxel a, Voxel b) {
  auto block = [&](int32_t x, int32_t y, int32_t z) { return w.blockAt(x, y, z); };
  auto stands = [&](Voxel v) {
    if (!w.inside(v) || block(v.x, v.y, v.z) == Block::Solid) return false;
    const Block here = block(v.x, v.y, v.z);
    if (here == Block::Ladder || isStair(here) || v.z == 0) return true;
    const Block under = block(v.x, v.y, v.z - 1);
    return under == Block::Solid || under == Block::Ladder;
  };
  if (!stands(a) || !stands(b)) return -1;
  const int dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || std::abs(dz) > 1) return -1;
  if (dz == 0) {
    if (dx == 0 && dy == 0) return -1;
    if (dx != 0 && dy != 0 && (!stands(Voxel{b.x, a.y, a.z}) || !stands(Voxel{a.x, b.y, a.z}))) return -1;
    return dx != 0 && dy != 0 ? kSqrt2 : 1.0;
  }
  const Voxel low = dz > 0 ? a : b, high = dz > 0 ? b : a;
  if (dx == 0 && dy == 0)  // a ladder rung: the lower block is a ladder (the upper one then stands on it)
    return block(low.x, low.y, low.z) == Block::Ladder ? 1.0 : -1;
  if (dx != 0 && dy != 0) return -1;                              // level changes are straight only
  if (block(low.x, low.y, low.z + 1) == Block::Solid) return -1;  // headroom over the lower cell
  const Block lowBlock = block(low.x, low.y, low.z);
  const int upDir = dirOfStep(high.x - low.x, high.y - low.y);
  return isStair(lowBlock) && stairDir(lowBlock) == upDir ? kSqrt2 : 2.0;
}

void expectMasksFollowTheRules(const BlockWorld& w) {
  for (int32_t i = 0; i < w.cellCount(); ++i) {
    const Voxel a = w.voxelOf(i);
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const Voxel b{a.x + dx, a.y + dy, a.z + dz};
          const double expected = ruleCost(w, a, b);
          const int m = worldMoveBetween(w, a, b);
          ASSERT_EQ(m >= 0, expected >= 0) << voxelText(a) << " -> " << voxelText(b);
          if (m < 0) continue;
          ASSERT_EQ(kWorldMoveCost[m], expected) << voxelText(a) << " -> " << voxelText(b);
          // Every move can be taken back, at the same cost.
          ASSERT_TRUE(w.canMove(b, reverseWorldMove(m))) << voxelText(a) << " -> " << voxelText(b);
          ASSERT_EQ(kWorldMoveCost[reverseWorldMove(m)], kWorldMoveCost[m]);
        }
    // No bit beyond the moves that the loop above found (each legal move has one offset).
    uint32_t mask = w.moveMask(i);
    int count = 0;
    for (; mask; mask &= mask - 1) ++count;
    int legal = 0;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) legal += ruleCost(w, a, Voxel{a.x + dx, a.y + dy, a.z + dz}) >= 0;
    ASSERT_EQ(count, legal) << voxelText(a);
  }
}

TEST(BlockWorldMoves, MasksOfGeneratedWorldsFollowTheRulesAndAreSymmetric) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    ASSERT_NO_FATAL_FAILURE(expectMasksFollowTheRules(generateWorld(kind, 40, 30, 8, 7)));
  }
}

TEST(BlockWorldMoves, PlacingAndRemovingBlocksLeavesTheMovesOfAFreshBuild) {
  BlockWorld w = generateWorld(WorldKind::Hills, 24, 20, 6, 3);
  std::mt19937 rng(5);
  for (int i = 0; i < 300; ++i) {
    const int32_t x = static_cast<int32_t>(rng() % 24), y = static_cast<int32_t>(rng() % 20),
                  z = static_cast<int32_t>(rng() % 6);
    ASSERT_TRUE(w.setBlock(x, y, z, static_cast<Block>(rng() % kBlockKindCount)));
  }
  EXPECT_FALSE(w.setBlock(24, 0, 0, Block::Solid));
  std::vector<Block> blocks;
  for (uint8_t b : w.blocks()) blocks.push_back(static_cast<Block>(b));
  std::string error;
  const auto fresh = BlockWorld::fromBlocks(24, 20, 6, blocks, error);
  ASSERT_TRUE(fresh) << error;
  for (int32_t i = 0; i < w.cellCount(); ++i) ASSERT_EQ(w.moveMask(i), fresh->moveMask(i)) << voxelText(w.voxelOf(i));
  ASSERT_NO_FATAL_FAILURE(expectMasksFollowTheRules(w));
}

// Dijkstra over ruleCost inside `box`, with the standard library's heap: an oracle for A*'s costs.
double oracleDistance(const BlockWorld& w, Voxel s, Voxel t, const Box& box) {
  std::vector<double> dist(static_cast<size_t>(w.cellCount()), 1e300);
  using Entry = std::pair<double, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[static_cast<size_t>(w.index(s))] = 0;
  open.push({0.0, w.index(s)});
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    if (d > dist[static_cast<size_t>(i)]) continue;
    const Voxel a = w.voxelOf(i);
    if (a == t) return d;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const Voxel b{a.x + dx, a.y + dy, a.z + dz};
          const double c = box.contains(b) ? ruleCost(w, a, b) : -1;
          if (c < 0) continue;
          const size_t j = static_cast<size_t>(w.index(b));
          if (d + c < dist[j]) {
            dist[j] = d + c;
            open.push({d + c, w.index(b)});
          }
        }
  }
  return -1;
}

TEST(BlockWorldAStar, RandomQueriesOnGeneratedWorldsAreValidAndOptimal) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld w = generateWorld(kind, 48, 40, 8, 11);
    const std::vector<Voxel> standing = test::standingCells(w);
    ASSERT_GT(standing.size(), 100u);
    std::mt19937 rng(9);
    WorldAStar astar;
    WorldPath p;
    int found = 0, levelChanges = 0;
    for (int q = 0; q < 40; ++q) {
      const Voxel s = standing[rng() % standing.size()], t = standing[rng() % standing.size()];
      const double expected = oracleDistance(w, s, t, w.bounds());
      const PathStatus status = astar.findPath(w, s, t, p);
      ASSERT_EQ(status == PathStatus::Found, expected >= 0) << voxelText(s) << " -> " << voxelText(t);
      if (expected < 0) continue;
      ++found;
      levelChanges += s.z != t.z;
      ASSERT_TRUE(isValid(w, s, t, p)) << voxelText(s) << " -> " << voxelText(t);
      ASSERT_NEAR(p.cost, expected, 1e-9) << voxelText(s) << " -> " << voxelText(t);
    }
    EXPECT_GT(found, 5);
    EXPECT_GT(levelChanges, 0);
  }
}

// A one-level world of air and rock is a 2D grid: the same costs as 2D A* on the map it was drawn from.
TEST(BlockWorldAStar, OneLevelWorldGivesTheCostsOf2DAStar) {
  const Grid grid = test::loadMap("arena.map");
  std::vector<Block> blocks;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) blocks.push_back(grid.passable(x, y) ? Block::Air : Block::Solid);
  std::string error;
  const auto w = BlockWorld::fromBlocks(grid.width(), grid.height(), 1, blocks, error);
  ASSERT_TRUE(w) << error;
  std::mt19937 rng(3);
  AStarSearch flat;
  WorldAStar layered;
  PathResult r;
  WorldPath p;
  for (int q = 0; q < 200; ++q) {
    const Point s = test::randomPassable(grid, rng), t = test::randomPassable(grid, rng);
    const PathStatus status = flat.findPath(grid, s, t, r);
    ASSERT_EQ(layered.findPath(*w, Voxel{s.x, s.y, 0}, Voxel{t.x, t.y, 0}, p), status);
    if (status == PathStatus::Found) {
      ASSERT_NEAR(p.cost, r.cost, 1e-9);
    }
  }
}

// Towers are entered by their door and climbed by their staircases only: every standing cell of a towers
// world, up to the roofs, is reached from the ground. Dijkstra through the same loop as A* (the seam).
TEST(BlockWorldAStar, EveryStoreyAndRoofOfGeneratedTowersIsReachedFromTheGround) {
  const BlockWorld w = generateWorld(WorldKind::Towers, 80, 80, 9, 5);
  SearchSpace space;
  const BlockWorldGraph graph(w, Voxel{});
  BestFirstSearch::search<false>(space, graph, graph.idOf(Voxel{0, 0, 0}), BestFirstSearch::kNone);
  int roofs = 0;
  for (int32_t i = 0; i < w.cellCount(); ++i) {
    const Voxel v = w.voxelOf(i);
    if (!w.standing(v)) continue;
    ASSERT_TRUE(space.closed(static_cast<uint32_t>(i))) << voxelText(v) << " is not reached";
    roofs += v.z == 8;
  }
  EXPECT_GT(roofs, 0);  // some tower has four storeys and a roof at level 8
}

// Reachability from the labels, against A*'s flooding: the same answer for every pair, and no search
// for an unreachable one.
TEST(BlockWorldAStar, ComponentLabelsAnswerReachabilityAsAStarWithoutSearching) {
  const BlockWorld w = generateWorld(WorldKind::Caves, 48, 40, 8, 2);
  const WorldComponents components(w);
  std::vector<Voxel> standing;
  for (int32_t i = 0; i < w.cellCount(); ++i) {
    const Voxel v = w.voxelOf(i);
    ASSERT_EQ(components.of(i) != 0, w.standing(v)) << voxelText(v);
    if (w.standing(v)) standing.push_back(v);
  }
  ASSERT_GT(components.count(), 1u);
  // Random pairs (mostly in the largest cave), then pairs from the first cell of each component to the
  // first cell of the next one (never connected).
  std::mt19937 rng(4);
  std::vector<std::pair<Voxel, Voxel>> pairs;
  for (int q = 0; q < 300; ++q) pairs.push_back({standing[rng() % standing.size()], standing[rng() % standing.size()]});
  std::vector<Voxel> firstOf(components.count() + 1, Voxel{-1, -1, -1});
  for (const Voxel v : standing)
    if (firstOf[components.of(w.index(v))].x < 0) firstOf[components.of(w.index(v))] = v;
  for (uint32_t c = 1; c + 1 <= components.count() && c <= 50; ++c) pairs.push_back({firstOf[c], firstOf[c + 1]});
  WorldAStar astar;
  WorldPath flooded, labelled;
  int unreachable = 0;
  for (const auto& [s, t] : pairs) {
    const PathStatus status = astar.findPath(w, s, t, flooded);
    ASSERT_EQ(components.connected(w, s, t), status == PathStatus::Found) << voxelText(s) << " -> " << voxelText(t);
    ASSERT_EQ(astar.findPath(w, s, t, labelled, &components), status);
    if (status == PathStatus::NoPath) {
      ++unreachable;
      EXPECT_GT(flooded.expanded, 0u);
      EXPECT_EQ(labelled.expanded, 0u);
    } else {
      EXPECT_EQ(labelled.cost, flooded.cost);
    }
  }
  EXPECT_GT(unreachable, 0);
  EXPECT_FALSE(components.connected(w, Voxel{-1, 0, 0}, standing.front()));
}

// A search bounded to a box (a cluster of a hierarchy to come) finds the shortest path inside the box:
// moves that would leave it are cut, whatever the world around it.
TEST(BlockWorldAStar, SearchesBoundedToABoxStayInsideAndAreOptimalThere) {
  const BlockWorld w = generateWorld(WorldKind::Hills, 40, 36, 10, 8);
  const Box box{7, 5, 2, 29, 23, 8};
  std::vector<Voxel> inside;
  for (int32_t i = 0; i < w.cellCount(); ++i)
    if (w.standing(w.voxelOf(i)) && box.contains(w.voxelOf(i))) inside.push_back(w.voxelOf(i));
  ASSERT_GT(inside.size(), 50u);
  std::mt19937 rng(6);
  WorldAStar astar;
  WorldPath p, whole;
  int found = 0, longer = 0;
  for (int q = 0; q < 80; ++q) {
    const Voxel s = inside[rng() % inside.size()], t = inside[rng() % inside.size()];
    const double expected = oracleDistance(w, s, t, box);
    ASSERT_EQ(astar.findPath(w, box, s, t, p) == PathStatus::Found, expected >= 0) << voxelText(s) << voxelText(t);
    if (expected < 0) continue;
    ++found;
    ASSERT_TRUE(isValid(w, s, t, p));
    ASSERT_NEAR(p.cost, expected, 1e-9);
    for (const Voxel v : p.cells) ASSERT_TRUE(box.contains(v)) << voxelText(v);
    ASSERT_EQ(astar.findPath(w, s, t, whole), PathStatus::Found);
    ASSERT_LE(whole.cost, p.cost + 1e-9);
    longer += whole.cost < p.cost - 1e-9;
  }
  EXPECT_GT(found, 20);
  EXPECT_GT(longer, 0);  // the box cut some shorter way
  EXPECT_EQ(astar.findPath(w, box, Voxel{0, 0, 0}, inside.front(), p), PathStatus::StartInvalid);
}

}  // namespace
}  // namespace hpastar
