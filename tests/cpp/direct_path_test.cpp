#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "PathChecks.h"
#include "TestMaps.h"
#include "WeightedMaps.h"
#include "grid/LineReach.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "path/DirectPath.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

// The oracle, written plainly: the path of `first` steps along one direction then `second` along the
// other, each move checked with Grid::canMove; empty when a move is illegal.
std::vector<Point> walkTwoRuns(const Grid& g, Point start, int dirA, int32_t stepsA, int dirB, int32_t stepsB) {
  std::vector<Point> cells{start};
  Point p = start;
  for (int32_t k = 0; k < stepsA + stepsB; ++k) {
    const int d = k < stepsA ? dirA : dirB;
    if (!g.canMove(p, d)) return {};
    p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
    cells.push_back(p);
  }
  return cells;
}

// The two-run paths of start -> goal, diagonal first then straight first.
std::vector<std::vector<Point>> twoRunPaths(const Grid& g, Point s, Point t) {
  const int32_t dx = t.x - s.x, dy = t.y - s.y, sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  const int32_t diagonal = std::min(std::abs(dx), std::abs(dy)),
                straight = std::max(std::abs(dx), std::abs(dy)) - diagonal;
  const int dDir = diagonal > 0 ? dirOfStep(sx, sy) : 0;
  const int sDir = straight > 0 ? (std::abs(dx) > std::abs(dy) ? dirOfStep(sx, 0) : dirOfStep(0, sy)) : 0;
  return {walkTwoRuns(g, s, dDir, diagonal, sDir, straight), walkTwoRuns(g, s, sDir, straight, dDir, diagonal)};
}

TEST(DirectPath, TakesTheDiagonalRunFirstWhenItIsFree) {
  const Grid g = test::drawGrid({".....", ".....", "....."});
  std::vector<Point> cells;
  ASSERT_TRUE(findDirectPath(g, LineReach(g), {0, 0}, {4, 2}, cells));
  EXPECT_EQ(cells, (std::vector<Point>{{0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 2}}));
  ASSERT_TRUE(findDirectPath(g, LineReach(g), {4, 2}, {4, 0}, cells));
  EXPECT_EQ(cells, (std::vector<Point>{{4, 2}, {4, 1}, {4, 0}}));
}

TEST(DirectPath, TakesTheStraightRunFirstWhenTheDiagonalOneIsBlocked) {
  const Grid g = test::drawGrid({".....", ".@...", "....."});
  std::vector<Point> cells;
  ASSERT_TRUE(findDirectPath(g, LineReach(g), {0, 0}, {4, 2}, cells));
  EXPECT_EQ(cells, (std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 2}}));
}

TEST(DirectPath, NeverCutsACornerAndLeavesTheCellsAloneWhenNothingIsFree) {
  // (0,0) -> (2,2): one diagonal run past the corner of (1,0), the only two-run path.
  const Grid corner = test::drawGrid({".@.", "...", "..."});
  std::vector<Point> cells{{9, 9}};
  EXPECT_FALSE(findDirectPath(corner, LineReach(corner), {0, 0}, {2, 2}, cells));
  EXPECT_EQ(cells, (std::vector<Point>{{9, 9}}));
  // Walls across both two-run paths; start is goal; a grid with terrain costs (lines say nothing of them).
  const Grid wall = test::drawGrid({"..@..", "..@..", "....."});
  EXPECT_FALSE(findDirectPath(wall, LineReach(wall), {0, 0}, {4, 1}, cells));
  EXPECT_FALSE(findDirectPath(wall, LineReach(wall), {1, 1}, {1, 1}, cells));
  const Grid weighted = test::weighRegions(test::loadMap("arena.map"), 7);
  ASSERT_TRUE(weighted.weighted());
  EXPECT_FALSE(findDirectPath(weighted, LineReach(weighted), {10, 10}, {12, 10}, cells));
  EXPECT_EQ(cells, (std::vector<Point>{{9, 9}}));
}

// Random pairs of real maps, and of a wide open map whose lines pass 255 cells (the reach table's hops):
// found exactly when one of the two-run paths walked move by move is legal, then that path (the
// diagonal-first one when both are), as short as A*'s and as the octile distance.
TEST(DirectPath, IsFoundExactlyWhenATwoRunPathIsFreeAndIsAShortestPath) {
  std::vector<std::string> wide(40, std::string(700, '.'));
  for (int y = 5; y < 35; ++y) wide[y][350] = '@';
  wide[20][350] = '.';
  for (const Grid& g : {test::loadMap("arena.map"), test::loadMap("den520d.map"), test::drawGrid(wide)}) {
    const LineReach reach(g);
    AStarSearch astar;
    std::mt19937 rng(5);
    int found = 0, notFound = 0;
    for (int i = 0; i < 3000; ++i) {
      const Point s = test::randomPassable(g, rng);
      // Near pairs too, where two-run paths are common.
      Point t = test::randomPassable(g, rng);
      if (i % 2 == 0) {
        const Point near{s.x + static_cast<int32_t>(rng() % 41) - 20, s.y + static_cast<int32_t>(rng() % 41) - 20};
        if (g.inside(near) && g.passable(near)) t = near;
      }
      std::vector<Point> cells;
      const bool direct = findDirectPath(g, reach, s, t, cells);
      const std::vector<std::vector<Point>> walked = twoRunPaths(g, s, t);
      if (s == t) {
        EXPECT_FALSE(direct);
        continue;
      }
      ASSERT_EQ(direct, !walked[0].empty() || !walked[1].empty()) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
      if (!direct) {
        ++notFound;
        continue;
      }
      ++found;
      EXPECT_EQ(cells, walked[0].empty() ? walked[1] : walked[0]);
      PathResult a;
      ASSERT_EQ(astar.findPath(g, s, t, a), PathStatus::Found);
      const PathCheck check = validatePath(g, s, t, cells, a.cost);
      EXPECT_TRUE(check.valid) << check.problem;
      EXPECT_NEAR(pathLength(cells), octileDistance(t.x - s.x, t.y - s.y), 1e-9);
    }
    EXPECT_GT(found, 200);
    EXPECT_GT(notFound, 200);
  }
}

// HPA*'s smoothed query takes the direct path when there is one, without the hierarchy; the unsmoothed
// query still shows the hierarchy's own path.
TEST(DirectPath, AnswersASmoothedHpaQueryWithoutTheHierarchy) {
  const Grid g = test::loadMap("arena.map");
  for (const bool trees : {false, true}) {
    HierarchyOptions o;
    o.clusterSize = 8;
    o.cacheTrees = trees;
    const Hierarchy h = test::buildHierarchy(g, o);
    HpaStarQuery query(h);
    std::mt19937 rng(9);
    int direct = 0;
    for (int i = 0; i < 300; ++i) {
      const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
      std::vector<Point> cells;
      if (!findDirectPath(g, h.lineReach(), s, t, cells)) continue;
      ++direct;
      PathResult smoothed, raw;
      ASSERT_EQ(query.findPath(s, t, smoothed), PathStatus::Found);
      EXPECT_EQ(smoothed.cells, cells);
      EXPECT_TRUE(test::isValidPath(g, s, t, smoothed));
      EXPECT_EQ(smoothed.stats.expandedInsertion + smoothed.stats.expandedMain + smoothed.stats.expandedRefinement, 0u);
      EXPECT_EQ(smoothed.stats.abstractPathNodes, 2u);
      ASSERT_EQ(query.findPath(s, t, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
      EXPECT_TRUE(test::isValidPath(g, s, t, raw));
      EXPECT_GE(raw.stats.expandedMain, 1u) << "the unsmoothed query searches";
      EXPECT_LE(smoothed.cost, raw.cost + 1e-9);
    }
    EXPECT_GT(direct, 50);
  }
}

}  // namespace
}  // namespace hpastar
