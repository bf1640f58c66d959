#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "AnyAngleChecks.h"
#include "TestMaps.h"
#include "grid/SweptLine.h"
#include "hpa/HpaStarQuery.h"
#include "path/AnyAngleShaper.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"
#include "search/ThetaStarSearch.h"
#include "search/VisibilityGraph.h"

namespace hpastar {
namespace {

using test::bruteLineClear;

Grid forSize(const Grid& grid, int32_t size) { return grid.forAgent(Agent{size, Capability::movingAIDefault()}); }

// A w x h window of a map of maps/, as a grid of its own (the map's edge where the window ends).
Grid cutOut(const std::string& map, int32_t x0, int32_t y0, int32_t w, int32_t h) {
  const Grid full = test::loadMap(map);
  std::vector<std::string> rows;
  for (int32_t y = y0; y < y0 + h; ++y) {
    std::string row;
    for (int32_t x = x0; x < x0 + w; ++x) row += full.terrainAt(x, y);
    rows.push_back(row);
  }
  return test::drawGrid(rows);
}

TEST(SweptLine, SingleStepsAreExactlyTheGridsMoves) {
  for (int32_t size = 1; size <= 3; ++size) {
    const Grid g = forSize(test::loadMap("arena.map"), size);
    for (int32_t y = 0; y < g.height(); ++y)
      for (int32_t x = 0; x < g.width(); ++x) {
        if (!g.passable(x, y)) continue;
        for (int d = 0; d < kDirCount; ++d) {
          const Point to{x + kDirDx[d], y + kDirDy[d]};
          if (!g.inside(to)) continue;
          ASSERT_EQ(sweptLineClear(g, Point{x, y}, to), g.canMove(Point{x, y}, d))
              << "size " << size << " at (" << x << ", " << y << ") dir " << d;
        }
      }
  }
}

TEST(SweptLine, GrazesACornerButNeverCrossesOneOrPassesBetweenDiagonalWalls) {
  const Grid g = test::drawGrid({
      ".....",
      ".@...",
      ".....",
      "...@.",
      ".....",
  });
  EXPECT_TRUE(sweptLineClear(g, {0, 0}, {4, 0}));   // along the top: touches (1, 1)'s top edge only
  EXPECT_TRUE(sweptLineClear(g, {0, 2}, {4, 2}));   // between the walls' rows: touches both walls' edges
  EXPECT_FALSE(sweptLineClear(g, {0, 0}, {2, 2}));  // through the wall at (1, 1)
  EXPECT_FALSE(sweptLineClear(g, {0, 0}, {2, 1}));  // sweeps over a corner of (1, 1)
  EXPECT_TRUE(sweptLineClear(g, {2, 0}, {4, 2}));   // touches a corner of each wall
  EXPECT_TRUE(sweptLineClear(g, {0, 4}, {4, 0}));   // through the point where the walls' gap is narrowest
  EXPECT_TRUE(sweptLineClear(g, {0, 3}, {2, 4}));
  EXPECT_FALSE(sweptLineClear(g, {2, 4}, {4, 2}));  // through the wall at (3, 3)
}

TEST(SweptLine, AgreesWithTheBruteForceCheckerOnRandomSegmentsOfRealMaps) {
  std::mt19937 rng(35);
  for (const char* map : {"arena.map", "den520d.map", "8room_000.map", "AR0011SR.map"}) {
    const Grid base = test::loadMap(map);
    for (int32_t size = 1; size <= 3; ++size) {
      const Grid g = forSize(base, size);
      int clear = 0, blocked = 0;
      for (int i = 0; i < 4000; ++i) {
        const Point a = test::randomPassable(g, rng);
        const int32_t reach = 1 + static_cast<int32_t>(rng() % 40);
        const Point b{std::clamp(a.x + static_cast<int32_t>(rng() % (2 * reach + 1)) - reach, 0, g.width() - 1),
                      std::clamp(a.y + static_cast<int32_t>(rng() % (2 * reach + 1)) - reach, 0, g.height() - 1)};
        if (!g.passable(b)) continue;
        const bool expected = bruteLineClear(g, a, b);
        ASSERT_EQ(sweptLineClear(g, a, b), expected)
            << map << " size " << size << " (" << a.x << ", " << a.y << ") -> (" << b.x << ", " << b.y << ")";
        ++(expected ? clear : blocked);
      }
      // Both answers were asked for many times: the comparison cannot pass by one side only.
      EXPECT_GT(clear, 150) << map << " size " << size;
      EXPECT_GT(blocked, 150) << map << " size " << size;
    }
  }
}

TEST(VisibilityGraph, FindsTheStraightLineOrTheTautPathAroundAWall) {
  const Grid g = test::drawGrid({
      "..........",
      "..........",
      "....@@....",
      "....@@....",
      "....@@....",
      "..........",
  });
  VisibilityGraph graph(g, &bruteLineClear);
  std::vector<Point> path;
  EXPECT_DOUBLE_EQ(graph.shortest({0, 0}, {9, 1}, path), std::hypot(9.0, 1.0));
  EXPECT_EQ(path.size(), 2u);
  // Under the wall: anchors (3, 5) and (6, 5) are the corners a one-cell agent turns at.
  const double around = graph.shortest({1, 4}, {8, 4}, path);
  EXPECT_NEAR(around, 2 * std::hypot(2.0, 1.0) + 3.0, 1e-12);
  EXPECT_EQ(path, (std::vector<Point>{{1, 4}, {3, 5}, {6, 5}, {8, 4}}));
  EXPECT_EQ(test::anyAngleProblem(g, {1, 4}, {8, 4}, path, around), "");
}

// The mean of length / optimal - 1 of each way of shaping over the pairs measured.
struct Excess {
  double shaped = 0, repaired = 0, pulled = 0, theta = 0;
};

// Random connected pairs of a small grid, the HPA* path of each shaped (by default, and with the repair),
// checked and measured against the visibility graph's optimum; Theta* of the whole grid beside them.
Excess shapeAndMeasure(const Grid& g, int pairs, uint32_t seed, const std::string& what) {
  std::mt19937 rng(seed);
  HierarchyOptions options;
  options.clusterSize = 8;
  const Hierarchy hierarchy = test::buildHierarchy(g, options);
  HpaStarQuery query(hierarchy);
  AStarSearch astar;
  AnyAngleShaper shaper;
  ThetaStarSearch theta;
  VisibilityGraph oracle(g, &bruteLineClear);
  PathResult grid, reference;
  std::vector<Point> corners, best;
  Excess sum;
  int measured = 0;
  for (int tries = 0; measured < pairs && tries < 50 * pairs; ++tries) {
    const Point start = test::randomPassable(g, rng), goal = test::randomPassable(g, rng);
    if (astar.findPath(g, start, goal, reference) != PathStatus::Found) continue;
    EXPECT_EQ(query.findPath(start, goal, grid), PathStatus::Found) << what;
    const double optimal = oracle.shortest(start, goal, best);
    EXPECT_EQ(test::anyAngleProblem(g, start, goal, best, optimal), "") << what << " (the oracle's path)";
    AnyAngleStats stats;
    double lengths[2];
    for (const bool repair : {false, true}) {
      const double length = shaper.shape(g, grid.cells, corners, {repair, 2, true}, &stats);
      EXPECT_EQ(test::anyAngleProblem(g, start, goal, corners, length), "") << what << " repair " << repair;
      EXPECT_LE(length, pathLength(grid.cells) + 1e-9) << what;
      EXPECT_LE(stats.repairedLength, stats.pulledLength + 1e-9) << what;
      EXPECT_LE(length, stats.repairedLength + 1e-9) << what;
      EXPECT_GE(length, optimal - 1e-9) << what;
      lengths[repair] = length;
    }
    EXPECT_EQ(theta.findPath(g, start, goal, corners), PathStatus::Found) << what;
    const double thetaLength = polylineLength(corners);
    EXPECT_EQ(test::anyAngleProblem(g, start, goal, corners, thetaLength), "") << what << " (Theta*)";
    EXPECT_GE(thetaLength, optimal - 1e-9) << what;
    if (optimal > 0) {
      sum.shaped += lengths[0] / optimal - 1;
      sum.repaired += lengths[1] / optimal - 1;
      sum.pulled += stats.pulledLength / optimal - 1;
      sum.theta += thetaLength / optimal - 1;
      ++measured;
    }
  }
  EXPECT_EQ(measured, pairs) << what;
  const double n = std::max(1, measured);
  const Excess mean{sum.shaped / n, sum.repaired / n, sum.pulled / n, sum.theta / n};
  std::printf(
      "%s: %d pairs, %zu corners; mean over the optimum: pulled %.4f%%, shaped %.4f%%, with repair %.4f%%, "
      "Theta* %.4f%%\n",
      what.c_str(), measured, oracle.corners().size(), 100 * mean.pulled, 100 * mean.shaped, 100 * mean.repaired,
      100 * mean.theta);
  return mean;
}

void expectWithinOnePercent(const Grid& g, int pairs, uint32_t seed, const std::string& what) {
  const Excess mean = shapeAndMeasure(g, pairs, seed, what);
  EXPECT_LE(mean.shaped, 0.01) << what;
  EXPECT_LE(mean.repaired, 0.01) << what << " with repair";
}

TEST(AnyAngleShaper, HandDrawnMapsWithinOnePercentOfTheOptimum) {
  const Grid rooms = test::drawGrid({
      "........................",
      "....@@@@@@@@.....@@.....",
      "....@......@.....@@.....",
      "....@..........@@@@.....",
      "....@@@@@.@@@...........",
      "..........@.............",
      ".....@@...@....@@@@@@...",
      ".....@@...@.........@...",
      "..........@@@@@@@...@...",
      "...@@...............@...",
      "...@@......@........@...",
      "........................",
  });
  for (int32_t size = 1; size <= 2; ++size)
    expectWithinOnePercent(forSize(rooms, size), 100, 1 + size, "rooms size " + std::to_string(size));
}

TEST(AnyAngleShaper, CutOutsOfRealMapsWithinOnePercentOfTheOptimum) {
  struct Window {
    const char* map;
    int32_t x0, y0, w, h;
    int32_t maxSize;  // 8room's doors are one cell wide: larger agents stay in one convex room
  };
  for (const Window& window : {Window{"arena.map", 0, 0, 49, 49, 3}, Window{"den520d.map", 60, 40, 64, 64, 3},
                               Window{"8room_000.map", 40, 40, 64, 64, 1}}) {
    const Grid base = cutOut(window.map, window.x0, window.y0, window.w, window.h);
    for (int32_t size = 1; size <= window.maxSize; ++size) {
      const std::string what = std::string(window.map) + " cut-out size " + std::to_string(size);
      expectWithinOnePercent(forSize(base, size), 100, 7 * size, what);
    }
  }
}

TEST(AnyAngleShaper, KeepsAOneCellPathAndRefusesWeightedGrids) {
  const Grid g(5, 5);
  AnyAngleShaper shaper;
  std::vector<Point> corners;
  const std::vector<Point> one = {{2, 2}};
  EXPECT_EQ(shaper.shape(g, one, corners), 0.0);
  EXPECT_EQ(corners, one);
  EXPECT_EQ(AnyAngleShaper::checkGrid(g), "");
  Grid weighted(5, 5);
  TerrainCosts costs;
  ASSERT_EQ(costs.set('.', 2.0), "");
  ASSERT_EQ(weighted.setTerrainCosts(costs), "");
  EXPECT_EQ(AnyAngleShaper::checkGrid(weighted), "any-angle paths need an unweighted grid: this one has terrain costs");
}

TEST(ThetaStarSearch, SaysWhichEndIsInvalidAndWhenThereIsNoPath) {
  const Grid g = test::drawGrid({
      "..@..",
      "..@..",
      "..@..",
  });
  ThetaStarSearch theta;
  std::vector<Point> corners;
  EXPECT_EQ(theta.findPath(g, {2, 0}, {0, 0}, corners), PathStatus::StartInvalid);
  EXPECT_EQ(theta.findPath(g, {0, 0}, {9, 0}, corners), PathStatus::GoalInvalid);
  EXPECT_EQ(theta.findPath(g, {0, 0}, {4, 2}, corners), PathStatus::NoPath);
  EXPECT_TRUE(corners.empty());
  EXPECT_EQ(theta.findPath(g, {0, 0}, {1, 2}, corners), PathStatus::Found);
  EXPECT_EQ(corners, (std::vector<Point>{{0, 0}, {1, 2}}));
}

}  // namespace
}  // namespace hpastar
