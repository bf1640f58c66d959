#include <gtest/gtest.h>

#include "PathChecks.h"
#include "TestMaps.h"
#include "search/AStarSearch.h"
#include "search/DijkstraSearch.h"
#include "search/SearchTrace.h"

namespace hpastar {
namespace {
using test::drawGrid;

TEST(AStarSearch, GoesAroundAWallWithoutCuttingItsCorner) {
  const Grid g = drawGrid({
      ".....",
      ".@@@.",
      ".....",
  });
  AStarSearch a;
  PathResult r;
  a.findPath(g, Point{0, 1}, Point{4, 1}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 1}, Point{4, 1}, r));
  // Around the wall: (0,1)->(0,0) or (0,2), 4 straight steps, back down: 1 + 4 + 1 = 6, or with
  // diagonals forbidden at the wall's corners the best is 6 straight steps.
  EXPECT_DOUBLE_EQ(r.cost, 6.0);
}

// The f bound behind HierarchyOptions::maxDetour: below the shortest path's cost the search finds nothing
// and opens only cells whose f is below the bound; just above it, it finds a shortest path.
TEST(AStarSearch, AnFBoundBelowTheShortestPathFindsNothingAndOneAboveFindsIt) {
  const Grid g = drawGrid({
      "..........",
      ".@@@@@@@@.",
      ".@......@.",
      ".@..@@..@.",
      ".@......@.",
      "....@@....",
  });
  const Point start{2, 3}, goal{7, 3};
  AStarSearch a;
  std::vector<Point> cells;
  uint64_t expanded = 0;
  const double shortest = a.appendPath(g, g.bounds(), start, goal, true, cells, expanded);
  EXPECT_NEAR(shortest, 3 + 2 * kSqrt2, 1e-12);  // over or under the wall in the box's middle
  for (double below : {shortest, shortest - 1e-6, 5.5}) {
    cells.clear();
    uint64_t boundedExpanded = 0;
    EXPECT_LT(a.appendPath(g, g.bounds(), start, goal, true, cells, boundedExpanded, nullptr, below), 0) << below;
    EXPECT_TRUE(cells.empty());
    EXPECT_LE(boundedExpanded, expanded);
  }
  cells.clear();
  uint64_t none = 0;
  EXPECT_LT(a.appendPath(g, g.bounds(), start, goal, true, cells, none, nullptr, 4.9), 0);  // below the octile 5
  EXPECT_EQ(none, 0u);
  cells.clear();
  const double found = a.appendPath(g, g.bounds(), start, goal, true, cells, expanded, nullptr, shortest + 1e-6);
  EXPECT_NEAR(found, shortest, 1e-12);
  PathResult r;
  r.status = PathStatus::Found;
  r.cells = cells;
  r.cost = found;
  EXPECT_TRUE(test::isValidPath(g, start, goal, r));
}

TEST(AStarSearch, TakesDiagonalsInTheOpen) {
  const Grid g(10, 10);
  AStarSearch a;
  PathResult r;
  a.findPath(g, Point{0, 0}, Point{9, 5}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 0}, Point{9, 5}, r));
  EXPECT_NEAR(r.cost, 4 + 5 * kSqrt2, 1e-12);
}

TEST(AStarSearch, ReportsNoPathBetweenDisconnectedRegions) {
  const Grid g = drawGrid({"..@..", "..@..", "..@.."});
  AStarSearch a;
  PathResult r;
  EXPECT_EQ(a.findPath(g, Point{0, 0}, Point{4, 2}, r), PathStatus::NoPath);
  EXPECT_FALSE(r.found());
  EXPECT_TRUE(r.cells.empty());
  EXPECT_EQ(r.stats.expandedMain, 6u);  // the whole left region, nothing else
}

TEST(AStarSearch, StartEqualToGoalIsAOneCellPathOfCostZero) {
  const Grid g(3, 3);
  AStarSearch a;
  PathResult r;
  a.findPath(g, Point{1, 1}, Point{1, 1}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{1, 1}, Point{1, 1}, r));
  EXPECT_EQ(r.cells.size(), 1u);
  EXPECT_EQ(r.cost, 0.0);
}

TEST(AStarSearch, BlockedOrOutsideStartAndGoalAreErrorsNotSearches) {
  const Grid g = drawGrid({".@", ".."});
  AStarSearch a;
  PathResult r;
  EXPECT_EQ(a.findPath(g, Point{1, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(a.findPath(g, Point{0, 0}, Point{1, 0}, r), PathStatus::GoalInvalid);
  EXPECT_EQ(a.findPath(g, Point{-1, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(a.findPath(g, Point{0, 0}, Point{0, 2}, r), PathStatus::GoalInvalid);
  EXPECT_EQ(r.stats.expandedMain, 0u);
}

TEST(AStarSearch, BoundedSearchStaysInsideItsRectangle) {
  // Inside the rectangle x 0..2 the wall is closed; the way round is outside it.
  const Grid g = drawGrid({
      "....",
      "@@@.",
      "....",
  });
  const Rect left{0, 0, 3, 3};
  AStarSearch a;
  PathResult r;
  EXPECT_EQ(a.findPath(g, left, Point{0, 0}, Point{0, 2}, r), PathStatus::NoPath);
  EXPECT_EQ(a.findPath(g, g.bounds(), Point{0, 0}, Point{0, 2}, r), PathStatus::Found);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 0}, Point{0, 2}, r));
  EXPECT_EQ(a.findPath(g, left, Point{0, 0}, Point{3, 0}, r), PathStatus::GoalInvalid);
}

TEST(AStarSearch, RepeatedQueriesDoNotGrowItsScratch) {
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", g);
  AStarSearch a;
  PathResult r;
  // First pass: the scratch grows to the largest search. Second pass over the same queries: no growth.
  for (const Scenario& s : scenarios) a.findPath(g, s.start, s.goal, r);
  const size_t bytes = a.scratchBytes();
  const size_t cellCapacity = r.cells.capacity();
  for (size_t i = 0; i < scenarios.size(); ++i) a.findPath(g, scenarios[i].start, scenarios[i].goal, r);
  EXPECT_EQ(a.scratchBytes(), bytes);
  EXPECT_EQ(r.cells.capacity(), cellCapacity);
}

TEST(DijkstraSearch, DistancesInsideARectangleMatchBoundedAStar) {
  const Grid g = test::loadMap("den520d.map");
  const Rect area{100, 100, 140, 130};
  DijkstraSearch d;
  AStarSearch a;
  PathResult r;
  Point source{0, 0};
  for (int y = area.y0; y < area.y1 && source == Point{0, 0}; ++y)
    for (int x = area.x0; x < area.x1; ++x)
      if (g.passable(x, y)) {
        source = Point{x, y};
        break;
      }
  ASSERT_TRUE(g.passable(source));
  d.run(g, area, source);
  int reached = 0;
  for (int y = area.y0; y < area.y1; ++y) {
    for (int x = area.x0; x < area.x1; ++x) {
      if (!g.passable(x, y)) continue;
      const bool found = a.findPath(g, area, source, Point{x, y}, r) == PathStatus::Found;
      ASSERT_EQ(found, d.distance(Point{x, y}) != DijkstraSearch::kUnreached) << x << "," << y;
      if (!found) continue;
      ++reached;
      EXPECT_NEAR(d.distance(Point{x, y}), r.cost, 1e-9);
      std::vector<Point> cells;
      ASSERT_TRUE(d.appendPath(Point{x, y}, cells));
      const PathCheck c = validatePath(g, source, Point{x, y}, cells, d.distance(Point{x, y}));
      EXPECT_TRUE(c.valid) << c.problem;
      for (Point p : cells) EXPECT_TRUE(area.contains(p));
    }
  }
  EXPECT_GT(reached, 100);
}

TEST(DijkstraSearch, WholeAreaDistancesAreShortestAndTracingChangesNothing) {
  // The whole-area search skips the moves a cell's parent covered or ties with a diagonal taken first:
  // every distance must still be the best over all of the cell's legal moves in the area (Bellman's
  // equation), its parent one that gives it, and a cell unreached only when no move leads into it from a
  // reached one; and a traced run must settle exactly as an untraced one.
  for (const char* name : {"den520d.map", "maze512-1-0.map", "8room_000.map", "brc202d.map"}) {
    const Grid g = test::loadMap(name);
    SearchTrace trace;
    DijkstraSearch plain, traced;
    traced.setTrace(&trace);
    int compared = 0;
    for (int32_t side : {7, 10, 25}) {
      for (int32_t y0 = 0; y0 < g.height(); y0 += 5 * side) {
        for (int32_t x0 = 0; x0 < g.width(); x0 += 3 * side) {
          const Rect area{x0, y0, std::min(x0 + side, g.width()), std::min(y0 + side, g.height())};
          for (int32_t y = area.y0; y < area.y1; y += 3) {
            for (int32_t x = area.x0; x < area.x1; x += 4) {
              const Point source{x, y};
              if (!g.passable(source)) continue;
              trace.clear();
              ASSERT_EQ(plain.run(g, area, source), traced.run(g, area, source)) << name;
              for (int32_t cy = area.y0; cy < area.y1; ++cy)
                for (int32_t cx = area.x0; cx < area.x1; ++cx) {
                  const Point c{cx, cy};
                  const double d = plain.distance(c);
                  ASSERT_EQ(d, traced.distance(c)) << name << " " << cx << "," << cy;
                  ASSERT_EQ(plain.arrivalDir(c), traced.arrivalDir(c)) << name << " " << cx << "," << cy;
                  if (c == source) continue;
                  double best = DijkstraSearch::kUnreached;
                  for (int dir = 0; dir < kDirCount; ++dir) {
                    const Point from{cx - kDirDx[dir], cy - kDirDy[dir]};
                    if (area.contains(from) && g.canMove(from, dir))
                      best = std::min(best, plain.distance(from) + kDirCost[dir]);
                  }
                  // Unreached exactly when no reached cell has a legal move into it.
                  ASSERT_EQ(d == DijkstraSearch::kUnreached, best == DijkstraSearch::kUnreached)
                      << name << " " << cx << "," << cy;
                  if (d == DijkstraSearch::kUnreached) continue;
                  ASSERT_NEAR(d, best, 1e-9) << name << " " << cx << "," << cy;
                  const int arrival = plain.arrivalDir(c);
                  ASSERT_GE(arrival, 0);
                  const Point parent{cx - kDirDx[arrival], cy - kDirDy[arrival]};
                  ASSERT_NEAR(d, plain.distance(parent) + kDirCost[arrival], 1e-9) << name << " " << cx << "," << cy;
                }
              ++compared;
            }
          }
        }
      }
    }
    EXPECT_GT(compared, 100) << name;
  }
}

TEST(DijkstraSearch, StopsOnceEveryTargetIsSettled) {
  const Grid g(50, 50);
  DijkstraSearch d;
  const Point targets[] = {Point{1, 0}, Point{0, 1}};
  const uint64_t few = d.run(g, g.bounds(), Point{0, 0}, targets);
  EXPECT_LT(few, 10u);
  EXPECT_DOUBLE_EQ(d.distance(Point{1, 0}), 1.0);
  EXPECT_EQ(d.run(g, g.bounds(), Point{0, 0}), 2500u);
  EXPECT_NEAR(d.distance(Point{49, 49}), 49 * kSqrt2, 1e-9);
}

TEST(PathValidator, CatchesEveryKindOfBadPath) {
  const Grid g = drawGrid({"...", ".@.", "..."});
  const Point s{0, 0}, t{2, 0};
  auto problem = [&](std::vector<Point> cells, double cost) { return validatePath(g, s, t, cells, cost).problem; };
  EXPECT_EQ(problem({{0, 0}, {1, 0}, {2, 0}}, 2.0), "");
  EXPECT_EQ(problem({}, 0), "path is empty");
  EXPECT_EQ(problem({{1, 0}, {2, 0}}, 1.0), "path starts at (1, 0), not at start (0, 0)");
  EXPECT_EQ(problem({{0, 0}, {1, 0}}, 1.0), "path ends at (1, 0), not at goal (2, 0)");
  EXPECT_EQ(problem({{0, 0}, {2, 0}}, 2.0), "step 1 from (0, 0) to (2, 0) is not one of the 8 moves");
  EXPECT_EQ(problem({{0, 0}, {1, 1}, {2, 0}}, 2 * kSqrt2), "cell 1 (1, 1) is outside the map or blocked");
  EXPECT_EQ(validatePath(g, Point{0, 1}, Point{1, 2}, std::vector<Point>{{0, 1}, {1, 2}}, kSqrt2).problem,
            "step 1 from (0, 1) to (1, 2) cuts a corner");
  EXPECT_EQ(problem({{0, 0}, {1, 0}, {2, 0}}, 2.5), "reported cost 2.500000 differs from the recomputed 2.000000");
  EXPECT_EQ(problem({{0, 0}, {1, 0}, {1, 0}, {2, 0}}, 2.0), "step 2 from (1, 0) to (1, 0) is not one of the 8 moves");
}

// A* against the optimal lengths of every scenario of real maps.
class AStarOnScenarios : public ::testing::TestWithParam<const char*> {};

TEST_P(AStarOnScenarios, MatchesEveryOptimalLengthWithValidPaths) {
  const std::string name = GetParam();
  const Grid g = test::loadMap(name);
  const auto scenarios = test::loadScenarioSample(name, g);
  AStarSearch a;
  PathResult r;
  int failures = 0;
  for (const Scenario& s : scenarios) {
    r.reset();
    a.findPath(g, s.start, s.goal, r);
    const auto valid = test::isValidPath(g, s.start, s.goal, r);
    if (!valid || !test::sameLength(r.cost, s.optimalLength)) {
      ADD_FAILURE() << name << " line " << s.line << ": " << valid.message() << " cost " << r.cost << " optimal "
                    << s.optimalLength;
      if (++failures > 10) break;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Maps, AStarOnScenarios,
                         ::testing::Values("arena.map", "den520d.map", "brc202d.map", "AR0011SR.map", "maze512-1-0.map",
                                           "8room_000.map"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
}  // namespace hpastar
