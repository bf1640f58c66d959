#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "TestMaps.h"
#include "hpa/HierarchyOptionChoice.h"
#include "hpa/HpaStarQuery.h"
#include "path/DirectPath.h"
#include "path/PathSmoother.h"
#include "path/PathValidator.h"

namespace hpastar {
namespace {

TEST(PathSmoother, ReplacesADetourByAStraightLine) {
  const Grid g(10, 10);
  std::vector<Point> cells = {{0, 0}, {1, 1}, {2, 2}, {3, 1}, {4, 0}, {5, 0}};
  PathSmoother s;
  s.smooth(g, cells, 20);
  EXPECT_EQ(cells, (std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}}));
}

// A corridor two cells wide along the left edge, walled on its right for 16 rows, then open ground. The path
// runs down the left column with a zig-zag near its bottom, then along the bottom row. From the start, the
// line that saves most is the column down to below the zig-zag; the diagonal out of the corridor starts in
// the middle of that line, a cell the first pass jumped over, and only the second pass takes it: the
// shortest path.
TEST(PathSmoother, SecondPassTakesTheLineThatTheFirstPassesLineSkipped) {
  std::vector<std::string> rows;
  for (int y = 0; y < 20; ++y) rows.push_back(y < 16 ? std::string("..") + std::string(10, '@') : std::string(12, '.'));
  const Grid g = test::drawGrid(rows);
  std::vector<Point> path;
  for (int y = 0; y <= 19; ++y) path.push_back({y == 17 ? 1 : 0, y});
  for (int x = 1; x <= 11; ++x) path.push_back({x, 19});
  const LineReach reach(g);
  for (const LineReach* table : {static_cast<const LineReach*>(nullptr), &reach}) {
    std::vector<Point> once = path, twice = path;
    PathSmoother s;
    EXPECT_DOUBLE_EQ(s.smooth(g, once, 64, {}, table), 28 + std::sqrt(2.0));  // column, diagonal, row
    EXPECT_DOUBLE_EQ(s.smoothTwice(g, twice, 64, {}, table), 22 + 4 * std::sqrt(2.0));  // the optimum
    EXPECT_TRUE(validatePath(g, {0, 0}, {11, 19}, twice, pathLength(twice)).valid);
    EXPECT_EQ(twice[15], (Point{0, 15}));  // down the column to row 15, then the diagonal
    EXPECT_EQ(twice[19], (Point{4, 19}));
  }
}

// The same on a real map: den520d's scenario line 234 at the defaults, where the first pass leaves a path
// 11.9 % longer than the optimum (93.53). Over a third of the file, the second pass never lengthens a path.
TEST(PathSmoother, SecondPassShortensHpaStarsPathsOnARealMap) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, chooseHierarchyOptions(g, TerrainChanges::Often).options);
  HpaStarQuery query(h);
  PathSmoother s;
  size_t shorter = 0;
  for (const Scenario& sc : test::loadScenarios("den520d.map", g)) {
    if (sc.line % 3 != 0 && sc.line != 234) continue;
    PathResult raw;
    ASSERT_EQ(query.findPath(sc.start, sc.goal, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
    std::vector<Point> once = raw.cells, twice = raw.cells;
    const int32_t range = defaultSmoothingRange(h.options());
    const double onceCost = s.smooth(g, once, range, {}, &h.lineReach());
    const double twiceCost = s.smoothTwice(g, twice, range, {}, &h.lineReach());
    ASSERT_TRUE(validatePath(g, sc.start, sc.goal, twice, twiceCost).valid) << "line " << sc.line;
    ASSERT_LE(twiceCost, onceCost + 1e-9) << "line " << sc.line;
    shorter += twiceCost < onceCost - 1e-9;
    if (sc.line == 234) {
      EXPECT_GT(onceCost, 1.1 * sc.optimalLength);
      EXPECT_LT(twiceCost, 1.02 * sc.optimalLength);
    }
  }
  EXPECT_GT(shorter, 20u);
}

TEST(PathSmoother, NeverCutsACornerOrCrossesAWall) {
  const Grid g = test::drawGrid({
      "......",
      "..@...",
      "......",
  });
  // Going round the wall from (1,1) to (3,1) over the top: the straight line is blocked.
  std::vector<Point> cells = {{1, 1}, {1, 0}, {2, 0}, {3, 0}, {3, 1}};
  PathSmoother s;
  s.smooth(g, cells, 20);
  EXPECT_TRUE(validatePath(g, {1, 1}, {3, 1}, cells, pathLength(cells)).valid);
  EXPECT_EQ(cells.size(), 5u);
}

TEST(PathSmoother, CutsALoopThatComesBackToTheSameCell) {
  const Grid g(10, 10);
  std::vector<Point> cells = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 0}, {1, 1}, {1, 2}};
  const Point goal = cells.back();
  PathSmoother s;
  s.smooth(g, cells, 20);
  const PathCheck check = validatePath(g, {0, 0}, goal, cells, pathLength(cells));
  ASSERT_TRUE(check.valid) << check.problem;
  EXPECT_LE(pathLength(cells), 1 + kSqrt2 + 1e-9);
  for (size_t i = 1; i < cells.size(); ++i) EXPECT_NE(cells[i], cells[i - 1]);
}

TEST(PathSmoother, LoopEndingAtTheGoalKeepsTheGoalOnce) {
  const Grid g(10, 10);
  std::vector<Point> cells = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 0}};
  PathSmoother s;
  s.smooth(g, cells, 20);
  EXPECT_EQ(cells, (std::vector<Point>{{0, 0}, {1, 0}}));
}

// The rule of PathSmoother.h applied the plain way, cell by cell: from each cell every later cell of the
// window that lies on one of its 8 lines is tried, the largest saving wins (the earliest cell among equal
// ones). PathSmoother reaches its candidates through per-line chains and skips the cells whose window is
// already as short as it can be; both must change nothing.
std::vector<Point> smoothByTheRule(const Grid& g, const std::vector<Point>& c, int32_t maxRay) {
  const size_t n = c.size();
  if (n < 3) return c;
  std::vector<int32_t> diagonalsAfter(n, 0);
  for (size_t j = n - 1; j-- > 0;)
    diagonalsAfter[j] = diagonalsAfter[j + 1] + (c[j + 1].x != c[j].x && c[j + 1].y != c[j].y ? 1 : 0);
  std::vector<Point> out;
  size_t i = 0;
  bool revisit = false;
  while (i + 1 < n) {
    if (!revisit) out.push_back(c[i]);
    size_t bestJ = i + 1;
    double bestSaving = 1e-9;
    int bestDir = -1;
    int32_t bestSteps = 0;
    bool loop = false;
    const size_t last = std::min(n - 1, i + 2 * static_cast<size_t>(maxRay));
    for (size_t j = i + 2; j <= last; ++j) {
      const int32_t dx = c[j].x - c[i].x, dy = c[j].y - c[i].y;
      const bool straight = dx == 0 || dy == 0;
      if (!straight && std::abs(dx) != std::abs(dy)) continue;
      const int32_t k = std::max(std::abs(dx), std::abs(dy));
      if (k > maxRay) continue;
      const int32_t pathDiagonal = diagonalsAfter[i] - diagonalsAfter[j];
      const int32_t pathStraight = static_cast<int32_t>(j - i) - pathDiagonal;
      const double saving =
          straight ? (pathStraight - k) + kSqrt2 * pathDiagonal : pathStraight + kSqrt2 * (pathDiagonal - k);
      if (saving <= bestSaving) continue;  // j ascends: an equal saving keeps the earlier cell
      if (k == 0) {
        bestSaving = saving, bestJ = j, bestDir = -1, bestSteps = 0, loop = true;
        continue;
      }
      const int d = dirOfStep((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
      Point p = c[i];
      bool clear = true;
      for (int32_t step = 0; step < k && clear; ++step) {
        clear = g.canMove(p, d);
        p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
      }
      if (clear) bestSaving = saving, bestJ = j, bestDir = d, bestSteps = k, loop = false;
    }
    for (int32_t k = 1; k < bestSteps; ++k)
      out.push_back(Point{c[i].x + k * kDirDx[bestDir], c[i].y + k * kDirDy[bestDir]});
    revisit = loop && bestDir < 0 && bestJ != i + 1;
    i = bestJ;
  }
  if (!revisit) out.push_back(c[n - 1]);
  return out;
}

// Raw DHPA* paths (unsmoothed, so with the detours smoothing removes) of real maps, at a short, a long
// and a very long range: PathSmoother's result equals the rule's, cell for cell, whether it walks its
// lines or reads them in the hierarchy's table of line reaches, and the cost it returns is the path's.
TEST(PathSmoother, EqualsTheRuleAppliedCellByCell) {
  for (const char* mapName : {"8room_000.map", "AR0011SR.map", "brc202d.map", "den520d.map"}) {
    const Grid g = test::loadMap(mapName);
    const Hierarchy h = test::buildHierarchy(g, HierarchyOptions{.clusterSize = 25, .cacheTrees = true});
    HpaStarQuery query(h);
    PathSmoother smoother;
    size_t checked = 0, changed = 0;
    for (const Scenario& s : test::loadScenarios(mapName, g)) {
      if (s.line % 29 != 0) continue;
      PathResult raw;
      ASSERT_EQ(query.findPath(s.start, s.goal, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
      for (int32_t range : {8, 50, 300}) {  // 300: lines past the 255 a reach byte holds
        std::vector<Point> cells = raw.cells, byReach = raw.cells;
        const double cost = smoother.smooth(g, cells, range);
        ASSERT_EQ(cells, smoothByTheRule(g, raw.cells, range)) << mapName << " line " << s.line << " range " << range;
        EXPECT_EQ(cost, pathCost(g, cells));
        for (const PathSmoother::Search search :
             {PathSmoother::Search::Cheapest, PathSmoother::Search::ByRuns, PathSmoother::Search::ByCells}) {
          byReach = raw.cells;
          EXPECT_EQ(smoother.smooth(g, byReach, range, {}, &h.lineReach(), search), cost);
          ASSERT_EQ(byReach, cells) << mapName << " line " << s.line << " range " << range << " search "
                                    << static_cast<int>(search);
        }
        ++checked;
        changed += cells != raw.cells;
      }
    }
    EXPECT_GT(checked, 50u) << mapName;
    EXPECT_GT(changed, checked / 4) << mapName;
  }
}

// Walls, corners that forbid diagonals and open rows: the top of the random walks' first map, and the
// whole map of the walk they found.
const std::vector<std::string> kWallRows = {
    "............", "..@@....@...", "..@.....@...", "......@@@...", "............", ".@@@..@.....",
};
std::vector<std::string> withRows(std::vector<std::string> rows, std::initializer_list<const char*> more) {
  rows.insert(rows.end(), more.begin(), more.end());
  return rows;
}

// Random walks of legal moves on hand-drawn maps with walls: paths that turn at every step, run straight,
// come back to cells they visited (loops, loops inside loops) and to lines they left, at every range.
// The run-by-run search (a reach table given) must give the rule's path cell for cell, and every result
// is legal, from the same start to the same goal, never longer than the walk, at the cost it returns.
TEST(PathSmoother, RunByRunSearchEqualsTheRuleOnRandomWalks) {
  const std::vector<Grid> grids = {
      test::drawGrid(withRows(kWallRows, {"......@..@..", "............"})),
      test::drawGrid({
          "......",
          "......",
          "......",
          "......",
      }),
      test::drawGrid({
          "...@.......@...",
          ".@.@.@@@@@.@.@.",
          ".@...@...@...@.",
          ".@@@@@.@.@@@@@.",
          ".......@.......",
      }),
  };
  std::mt19937 random(19);
  size_t changed = 0, walks = 0;
  PathSmoother smoother;
  for (const Grid& g : grids) {
    const LineReach reach(g);
    std::vector<Point> open;
    for (int32_t y = 0; y < g.height(); ++y)
      for (int32_t x = 0; x < g.width(); ++x)
        if (g.passable(Point{x, y})) open.push_back(Point{x, y});
    for (int walk = 0; walk < 3000; ++walk) {
      std::vector<Point> raw = {open[random() % open.size()]};
      const size_t steps = 2 + random() % 60;
      // Mostly straight on (runs), sometimes a turn: the paths planners give, with their detours.
      int dir = static_cast<int>(random() % kDirCount);
      while (raw.size() <= steps) {
        if (random() % 3 == 0 || !g.canMove(raw.back(), dir)) dir = static_cast<int>(random() % kDirCount);
        if (!g.canMove(raw.back(), dir)) continue;
        raw.push_back(Point{raw.back().x + kDirDx[dir], raw.back().y + kDirDy[dir]});
      }
      for (int32_t range : {1, 2, 3, 5, 8, 40})
        for (const PathSmoother::Search search :
             {PathSmoother::Search::Cheapest, PathSmoother::Search::ByRuns, PathSmoother::Search::ByCells}) {
          std::vector<Point> cells = raw;
          const double cost = smoother.smooth(g, cells, range, {}, &reach, search);
          ASSERT_EQ(cells, smoothByTheRule(g, raw, range))
              << "walk " << walk << " range " << range << " search " << static_cast<int>(search);
          const PathCheck check = validatePath(g, raw.front(), raw.back(), cells, cost);
          ASSERT_TRUE(check.valid) << check.problem;
          EXPECT_EQ(cost, pathCost(g, cells));
          EXPECT_LE(cost, pathLength(raw) + 1e-9);
          changed += cells != raw;
          ++walks;
        }
    }
  }
  EXPECT_GT(changed, walks / 2);  // the walks' detours gave the search real work
}

// A run that passes through a cell the path came through earlier, farther back than the window: from the
// run's first cells that cell is out of the window, from a later one the line back over the run's own
// cells is not (a walk the random walks above found: the run-by-run search once skipped those lines).
TEST(PathSmoother, RunPassingACellOfTheWindowTakesTheLineBackOverItself) {
  const Grid g = test::drawGrid(kWallRows);
  const LineReach reach(g);
  // East along row 0 to the edge, back west through the start cell to (0, 0), a tangle, and east again.
  const std::vector<Point> raw = {{8, 0}, {9, 0}, {10, 0}, {11, 0}, {10, 0}, {9, 0}, {8, 0}, {7, 0}, {6, 0},
                                  {5, 0}, {4, 0}, {3, 0},  {2, 0},  {1, 0},  {0, 0}, {0, 1}, {0, 2}, {1, 2},
                                  {0, 3}, {0, 4}, {0, 5},  {0, 4},  {1, 3},  {0, 3}, {1, 3}, {2, 3}, {3, 3},
                                  {4, 2}, {5, 1}, {6, 0},  {5, 1},  {6, 0},  {5, 0}, {4, 0}, {3, 0}, {2, 0},
                                  {1, 0}, {0, 0}, {0, 1},  {0, 0},  {1, 0},  {2, 0}, {3, 0}};
  ASSERT_TRUE(validatePath(g, raw.front(), raw.back(), raw, pathLength(raw)).valid);
  PathSmoother smoother;
  for (int32_t range = 1; range <= 12; ++range) {
    std::vector<Point> cells = raw;
    const double cost = smoother.smooth(g, cells, range, {}, &reach, PathSmoother::Search::ByRuns);
    ASSERT_EQ(cells, smoothByTheRule(g, raw, range)) << "range " << range;
    ASSERT_TRUE(validatePath(g, raw.front(), raw.back(), cells, cost).valid);
  }
}

// Two corridors a wall apart, joined by a one-cell gap in the middle of the wall and round its end: a path
// along one corridor, round the end and back along the other. The run-by-run search skips the pairs of
// runs that no line of a family joins, by how far the lines from each run's cells reach; here only the
// run's middle cell, over the gap, reaches the other corridor, from the first corridor's run or from the
// second's (the map turned upside down), along columns or rows (the map transposed). The line through the
// gap must be found every time, as the rule finds it.
TEST(PathSmoother, RunByRunSearchFindsTheLineThroughAGapFromTheMiddleOfARun) {
  const std::vector<std::string> rows = {
      "..........",
      "@@@@.@@@@.",
      "..........",
  };
  std::vector<Point> raw;
  for (int32_t x = 0; x <= 9; ++x) raw.push_back(Point{x, 0});
  raw.push_back(Point{9, 1});
  for (int32_t x = 9; x >= 0; --x) raw.push_back(Point{x, 2});
  const Point gap{4, 1};
  for (const bool upsideDown : {false, true})
    for (const bool transposed : {false, true}) {
      auto place = [&](Point p) {
        if (upsideDown) p.y = 2 - p.y;
        return transposed ? Point{p.y, p.x} : p;
      };
      std::vector<std::string> drawn(transposed ? 10 : 3, std::string(transposed ? 3 : 10, '.'));
      for (int32_t y = 0; y < 3; ++y)
        for (int32_t x = 0; x < 10; ++x) {
          const Point p = place(Point{x, y});
          drawn[static_cast<size_t>(p.y)][static_cast<size_t>(p.x)] =
              rows[static_cast<size_t>(y)][static_cast<size_t>(x)];
        }
      const Grid g = test::drawGrid(drawn);
      const LineReach reach(g);
      std::vector<Point> path;
      for (const Point& p : raw) path.push_back(place(p));
      ASSERT_TRUE(validatePath(g, path.front(), path.back(), path, pathLength(path)).valid);
      for (int32_t range : {8, 20}) {  // lines of 2 moves over a part of 12
        std::vector<Point> cells = path;
        PathSmoother smoother;
        smoother.smooth(g, cells, range, {}, &reach, PathSmoother::Search::ByRuns);
        ASSERT_EQ(cells, smoothByTheRule(g, path, range))
            << "upside down " << upsideDown << " transposed " << transposed << " range " << range;
        EXPECT_NE(std::find(cells.begin(), cells.end(), place(gap)), cells.end())
            << "upside down " << upsideDown << " transposed " << transposed << " range " << range;
      }
    }
}

// PathSmoother remembers how far a line is clear (or where it stops) from one cell to the next cell
// along it. Hand-drawn paths whose straight runs point at a wall beyond their end, and come back to the
// run's line past it: the remembered stop must hold from every cell of the run (no line through the
// wall, no corner cut round its end), as the rule walking each line afresh says.
TEST(PathSmoother, ALineStoppedByAWallStaysStoppedFromTheNextCellsOfTheRun) {
  const Grid g = test::drawGrid({
      "............",
      ".....@......",
      "............",
      ".....@@.....",
      "............",
  });
  const std::vector<std::vector<Point>> paths = {
      // East along row 1 to the wall, over it, back down to row 1 and on east.
      {{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {4, 0}, {5, 0}, {6, 0}, {6, 1}, {7, 1}, {8, 1}, {9, 1}},
      // West along row 1 towards the wall's other side, under it, back up to row 1.
      {{11, 1}, {10, 1}, {9, 1}, {8, 1}, {7, 1}, {6, 1}, {6, 2}, {5, 2}, {4, 2}, {4, 1}, {3, 1}, {2, 1}},
      // Diagonal runs aiming past the lower wall, and a run along row 3 into it.
      {{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}, {4, 4}, {5, 4}, {6, 4}, {7, 4}, {7, 3}, {8, 2}, {9, 1}, {10, 0}},
      {{2, 1}, {3, 2}, {4, 3}, {4, 4}, {5, 4}, {6, 4}, {7, 4}, {7, 3}, {8, 2}, {9, 1}, {10, 1}},
  };
  PathSmoother smoother;
  const LineReach reach(g);
  for (const std::vector<Point>& raw : paths) {
    ASSERT_TRUE(validatePath(g, raw.front(), raw.back(), raw, pathLength(raw)).valid);
    for (int32_t range : {2, 3, 8, 20}) {
      std::vector<Point> cells = raw, byReach = raw;
      smoother.smooth(g, cells, range);
      for (const PathSmoother::Search search : {PathSmoother::Search::ByRuns, PathSmoother::Search::ByCells}) {
        byReach = raw;
        smoother.smooth(g, byReach, range, {}, &reach, search);
        EXPECT_EQ(byReach, cells) << "range " << range << " search " << static_cast<int>(search);
      }
      const PathCheck check = validatePath(g, raw.front(), raw.back(), cells, pathLength(cells));
      ASSERT_TRUE(check.valid) << check.problem << " range " << range;
      EXPECT_EQ(cells, smoothByTheRule(g, raw, range)) << "range " << range;
      EXPECT_LE(pathLength(cells), pathLength(raw) + 1e-9);
    }
  }
}

// HPA* hands the smoother the joints between its refined edges, so that lines are only tried across
// them (each refined edge is a shortest path inside its cluster), and its table of line reaches, so
// that a line is tested in one read. Neither may change anything: the planner's smoothed path equals
// its raw path smoothed without joints or table (lines walked), cell for cell, at the same cost.
// A range shorter than the refined edges (8) makes PathSmoother skip the first cells of each edge whole.
// Pairs at most a cluster side apart are left out: the planner may replace their smoothed path by a
// local search's (HpaStarQuery::shortenNearbyPath, tested in hpa_star_test.cpp), and so are pairs joined
// by a free path of two straight runs, which the planner takes without smoothing (direct_path_test.cpp).
void expectJointsChangeNothing(const std::string& mapName, const HierarchyOptions& options, int32_t range) {
  const Grid g = test::loadMap(mapName);
  const Hierarchy h = test::buildHierarchy(g, options);
  HpaStarQuery query(h);
  PathSmoother plain;
  size_t checked = 0, changed = 0;
  for (const Scenario& s : test::loadScenarios(mapName, g)) {
    if (s.line % 3 != 0) continue;  // a third of the file is plenty
    if (std::max(std::abs(s.goal.x - s.start.x), std::abs(s.goal.y - s.start.y)) <= h.options().clusterSize) continue;
    std::vector<Point> direct;  // a free path of two runs is taken without smoothing (direct_path_test.cpp)
    if (findDirectPath(g, h.lineReach(), s.start, s.goal, direct)) continue;
    PathResult raw, smoothed;
    ASSERT_EQ(query.findPath(s.start, s.goal, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
    ASSERT_EQ(query.findPath(s.start, s.goal, smoothed, HpaQueryOptions{.smooth = true, .smoothingRange = range}),
              PathStatus::Found);
    std::vector<Point> cells = raw.cells;
    const double cost = plain.smoothTwice(g, cells, range);  // no joints, no reach table: lines walked
    ASSERT_EQ(cells, smoothed.cells) << mapName << " line " << s.line;
    EXPECT_EQ(smoothed.cost, cost);
    EXPECT_EQ(smoothed.cost, pathCost(g, smoothed.cells));
    ++checked;
    changed += smoothed.cells != raw.cells;
  }
  EXPECT_GT(checked, 100u);
  EXPECT_GT(changed, checked / 10);  // smoothing did real work on these paths
}

// In a maze of one-cell corridors DHPA*'s paths are already shortest: the default search finds that no
// line joins two of their cells apart from a straight run and gives them back unchanged, at their cost.
// Random walks through the same maze come back to corridors they left (dead ends, loops): the same search
// must then smooth them exactly as the rule does.
TEST(PathSmoother, ShortestMazePathsComeBackUnchangedAndWalksInTheMazeAsTheRuleSmoothsThem) {
  const Grid g = test::loadMap("maze512-1-0.map");
  const Hierarchy h = test::buildHierarchy(g, HierarchyOptions{.clusterSize = 25, .cacheTrees = true});
  HpaStarQuery query(h);
  PathSmoother smoother;
  size_t unchanged = 0;
  for (const Scenario& s : test::loadScenarios("maze512-1-0.map", g)) {
    if (s.line % 401 != 0) continue;
    PathResult raw;
    ASSERT_EQ(query.findPath(s.start, s.goal, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
    std::vector<Point> cells = raw.cells;
    const double cost = smoother.smooth(g, cells, 100, {}, &h.lineReach());
    ASSERT_EQ(cells, smoothByTheRule(g, raw.cells, 100)) << "line " << s.line;
    EXPECT_EQ(cost, pathCost(g, cells));
    unchanged += cells == raw.cells && std::abs(cost - s.optimalLength) < 1e-6;
  }
  EXPECT_GT(unchanged, 20u);
  std::mt19937 random(7);
  size_t changed = 0;
  for (int walk = 0; walk < 300; ++walk) {
    std::vector<Point> raw = {test::randomPassable(g, random)};
    const size_t steps = 2 + random() % 400;
    while (raw.size() <= steps) {
      const int dir = static_cast<int>(random() % kDirCount);
      if (g.canMove(raw.back(), dir)) raw.push_back(Point{raw.back().x + kDirDx[dir], raw.back().y + kDirDy[dir]});
    }
    std::vector<Point> cells = raw;
    const double cost = smoother.smooth(g, cells, 100, {}, &h.lineReach());
    ASSERT_EQ(cells, smoothByTheRule(g, raw, 100)) << "walk " << walk;
    EXPECT_EQ(cost, pathCost(g, cells));
    changed += cells != raw;
  }
  EXPECT_GT(changed, 200u);
}

TEST(PathSmoother, JointsBetweenRefinedEdgesChangeNothingForHpaStar) {
  expectJointsChangeNothing("brc202d.map", HierarchyOptions{}, 20);
  expectJointsChangeNothing("den520d.map", HierarchyOptions{.levels = 2, .cachePaths = true}, 20);
}

TEST(PathSmoother, JointsBetweenRefinedEdgesChangeNothingForDhpaStar) {
  expectJointsChangeNothing("brc202d.map", HierarchyOptions{.clusterSize = 20, .cacheTrees = true, .landmarks = 16},
                            40);
  expectJointsChangeNothing("brc202d.map", HierarchyOptions{.clusterSize = 25, .cacheTrees = true}, 8);
  expectJointsChangeNothing("AR0011SR.map", HierarchyOptions{.cacheTrees = true}, 20);
}

}  // namespace
}  // namespace hpastar
