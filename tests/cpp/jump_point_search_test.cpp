#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "PathChecks.h"
#include "TestMaps.h"
#include "search/AStarSearch.h"
#include "search/JumpDistances.h"
#include "search/JumpPointPlusSearch.h"
#include "search/JumpPointSearch.h"

namespace hpastar {
namespace {
using test::drawGrid;

// JPS and JPS+ behind one call, so that every behaviour below is checked on both.
class JumpPlanner {
 public:
  virtual ~JumpPlanner() = default;
  virtual PathStatus findPath(Point start, Point goal, PathResult& out) = 0;
};

class OnlineJumpPlanner final : public JumpPlanner {
 public:
  explicit OnlineJumpPlanner(const Grid& grid) : grid_(&grid) {}
  PathStatus findPath(Point start, Point goal, PathResult& out) override {
    return search_.findPath(*grid_, start, goal, out);
  }

 private:
  const Grid* grid_;
  JumpPointSearch search_;
};

class TableJumpPlanner final : public JumpPlanner {
 public:
  explicit TableJumpPlanner(const Grid& grid) : grid_(&grid), table_(grid) {}
  PathStatus findPath(Point start, Point goal, PathResult& out) override {
    return search_.findPath(*grid_, table_, start, goal, out);
  }

 private:
  const Grid* grid_;
  JumpDistances table_;
  JumpPointPlusSearch search_;
};

std::unique_ptr<JumpPlanner> makeJumpPlanner(const std::string& name, const Grid& grid) {
  if (name == "jps") return std::make_unique<OnlineJumpPlanner>(grid);
  return std::make_unique<TableJumpPlanner>(grid);
}

// A's answer to one query against A*'s: the same status and, when found, a valid path of the same cost.
::testing::AssertionResult agreesWithAStar(const Grid& grid, JumpPlanner& planner, Point s, Point t) {
  AStarSearch astar;
  PathResult r, ar;
  const PathStatus status = planner.findPath(s, t, r);
  const PathStatus astarStatus = astar.findPath(grid, s, t, ar);
  const auto where = [&] {
    return "(" + std::to_string(s.x) + ", " + std::to_string(s.y) + ") -> (" + std::to_string(t.x) + ", " +
           std::to_string(t.y) + ")";
  };
  if (status != astarStatus)
    return ::testing::AssertionFailure() << where() << ": status \"" << pathStatusName(status) << "\", A* \""
                                         << pathStatusName(astarStatus) << "\"";
  if (status != PathStatus::Found) {
    if (!r.cells.empty()) return ::testing::AssertionFailure() << where() << ": cells without a path";
    return ::testing::AssertionSuccess();
  }
  if (auto valid = test::isValidPath(grid, s, t, r); !valid) return valid << " at " << where();
  if (std::abs(r.cost - ar.cost) > 1e-9 * std::max(1.0, ar.cost))
    return ::testing::AssertionFailure() << where() << ": cost " << r.cost << ", A* " << ar.cost;
  return ::testing::AssertionSuccess();
}

class JumpPointSearches : public ::testing::TestWithParam<const char*> {};

TEST_P(JumpPointSearches, GoesAroundAWallWithoutCuttingItsCorner) {
  const Grid g = drawGrid({
      ".....",
      ".@@@.",
      ".....",
  });
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  planner->findPath(Point{0, 1}, Point{4, 1}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 1}, Point{4, 1}, r));
  EXPECT_DOUBLE_EQ(r.cost, 6.0);
}

TEST_P(JumpPointSearches, TakesDiagonalsInTheOpenAndFillsInEveryCell) {
  const Grid g(10, 10);
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  planner->findPath(Point{0, 0}, Point{9, 5}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 0}, Point{9, 5}, r));
  EXPECT_NEAR(r.cost, 4 + 5 * kSqrt2, 1e-12);
  EXPECT_EQ(r.cells.size(), 10u);
  // In the open the only jump points are the start, the goal and the turn onto the goal's row or
  // column: far fewer expansions than cells on the way.
  EXPECT_LE(r.stats.expandedMain, 3u);
}

TEST_P(JumpPointSearches, GoesThroughADoorBehindACorner) {
  // The door (5, 3) is only seen as a forced neighbour when a jump along the wall passes its edge.
  const Grid g = drawGrid({
      ".....@....",
      ".....@....",
      ".....@....",
      "..........",
      ".....@....",
      ".....@....",
  });
  auto planner = makeJumpPlanner(GetParam(), g);
  for (Point s : {Point{0, 0}, Point{0, 5}, Point{4, 0}, Point{2, 3}})
    for (Point t : {Point{9, 0}, Point{9, 5}, Point{6, 0}, Point{6, 5}})
      EXPECT_TRUE(agreesWithAStar(g, *planner, s, t));
}

TEST_P(JumpPointSearches, NeverSqueezesBetweenDiagonallyTouchingBlocks) {
  // A wall of blocks that touch only at their corners: cutting a corner would cross it anywhere.
  const Grid g = drawGrid({
      "....@....",
      "...@.....",
      "..@......",
      ".@.......",
      "@........",
  });
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  EXPECT_EQ(planner->findPath(Point{0, 0}, Point{8, 4}, r), PathStatus::NoPath);
  EXPECT_TRUE(r.cells.empty());
  EXPECT_EQ(planner->findPath(Point{3, 0}, Point{4, 1}, r), PathStatus::NoPath);
  const Grid two = drawGrid({".@", "@."});
  auto small = makeJumpPlanner(GetParam(), two);
  EXPECT_EQ(small->findPath(Point{0, 0}, Point{1, 1}, r), PathStatus::NoPath);
}

TEST_P(JumpPointSearches, WalksAroundACornerItMayNotCut) {
  // (1, 1) -> (2, 2) diagonally would cut the block at (2, 1): two straight moves instead.
  const Grid g = drawGrid({
      "....",
      "..@.",
      "....",
  });
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  planner->findPath(Point{1, 1}, Point{3, 2}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{1, 1}, Point{3, 2}, r));
  EXPECT_NEAR(r.cost, 2.0 + 1.0, 1e-12);  // down, then two steps east (a diagonal would cut (2, 1))
  EXPECT_TRUE(agreesWithAStar(g, *planner, Point{1, 1}, Point{3, 2}));
}

TEST_P(JumpPointSearches, ReportsNoPathBetweenDisconnectedRegions) {
  const Grid g = drawGrid({"..@..", "..@..", "..@.."});
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  EXPECT_EQ(planner->findPath(Point{0, 0}, Point{4, 2}, r), PathStatus::NoPath);
  EXPECT_FALSE(r.found());
  EXPECT_TRUE(r.cells.empty());
  EXPECT_EQ(r.cost, 0.0);
}

TEST_P(JumpPointSearches, StartEqualToGoalIsAOneCellPathOfCostZero) {
  const Grid g(3, 3);
  auto planner = makeJumpPlanner(GetParam(), g);
  PathResult r;
  planner->findPath(Point{1, 1}, Point{1, 1}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{1, 1}, Point{1, 1}, r));
  EXPECT_EQ(r.cells.size(), 1u);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(r.stats.expandedMain, 0u);  // as A*: no search at all
}

TEST_P(JumpPointSearches, BlockedOrOutsideStartAndGoalAreTheErrorsAStarGives) {
  const Grid g = drawGrid({".@", ".."});
  auto planner = makeJumpPlanner(GetParam(), g);
  AStarSearch astar;
  PathResult r, ar;
  const Point cases[][2] = {{{1, 0}, {0, 0}}, {{0, 0}, {1, 0}}, {{-1, 0}, {0, 0}}, {{0, 0}, {0, 2}},
                            {{1, 0}, {1, 0}}, {{1, 0}, {5, 5}}, {{0, 0}, {1, 1}}};
  for (const auto& c : cases) {
    EXPECT_EQ(planner->findPath(c[0], c[1], r), astar.findPath(g, c[0], c[1], ar))
        << c[0].x << "," << c[0].y << " -> " << c[1].x << "," << c[1].y;
  }
  EXPECT_EQ(planner->findPath(Point{1, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(planner->findPath(Point{0, 0}, Point{1, 0}, r), PathStatus::GoalInvalid);
}

TEST_P(JumpPointSearches, MatchesAStarOnEveryPairOfSmallRandomMaps) {
  // Random obstacles make every kind of forced neighbour, dead end and diagonal squeeze; all pairs of
  // cells, reachable or not, against A*.
  std::mt19937 rng(19);
  for (int map = 0; map < 40; ++map) {
    const int w = 4 + static_cast<int>(rng() % 9), h = 4 + static_cast<int>(rng() % 9);
    std::vector<std::string> rows(h, std::string(w, '.'));
    const unsigned density = 15 + rng() % 30;  // percent
    for (auto& row : rows)
      for (char& c : row)
        if (rng() % 100 < density) c = '@';
    const Grid g = drawGrid(rows);
    auto planner = makeJumpPlanner(GetParam(), g);
    for (int s = 0; s < g.cellCount(); ++s) {
      if (!g.passableAt(s)) continue;
      for (int t = 0; t < g.cellCount(); ++t) {
        if (!g.passableAt(t)) continue;
        ASSERT_TRUE(agreesWithAStar(g, *planner, g.pointOf(s), g.pointOf(t))) << "map " << map;
      }
    }
  }
}

TEST_P(JumpPointSearches, FoundExactlyWhenAStarFindsOnRandomPairs) {
  // brc202d cut in two, with closed pockets: many pairs are unreachable.
  const Grid g = test::cutUpBrc202d();
  auto planner = makeJumpPlanner(GetParam(), g);
  std::mt19937 rng(42);
  int unreachable = 0;
  for (int i = 0; i < 300; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    ASSERT_TRUE(agreesWithAStar(g, *planner, s, t));
    PathResult r;
    if (planner->findPath(s, t, r) == PathStatus::NoPath) ++unreachable;
  }
  EXPECT_GT(unreachable, 30);
}

TEST_P(JumpPointSearches, ExpandsFarFewerNodesThanAStar) {
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", g);
  auto planner = makeJumpPlanner(GetParam(), g);
  AStarSearch astar;
  PathResult r, ar;
  for (const Scenario& s : scenarios) {
    planner->findPath(s.start, s.goal, r);
    astar.findPath(g, s.start, s.goal, ar);
  }
  EXPECT_LT(r.stats.expandedMain * 4, ar.stats.expandedMain);
}

INSTANTIATE_TEST_SUITE_P(Planners, JumpPointSearches, ::testing::Values("jps", "jpsplus"),
                         [](const auto& info) { return std::string(info.param); });

TEST(JumpPointSearch, RepeatedQueriesDoNotGrowItsScratch) {
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", g);
  const JumpDistances table(g);
  JumpPointSearch jps;
  JumpPointPlusSearch plus;
  PathResult r, pr;
  for (const Scenario& s : scenarios) {
    jps.findPath(g, s.start, s.goal, r);
    plus.findPath(g, table, s.start, s.goal, pr);
  }
  const size_t bytes = jps.scratchBytes(), plusBytes = plus.scratchBytes();
  const size_t capacity = r.cells.capacity(), plusCapacity = pr.cells.capacity();
  for (const Scenario& s : scenarios) {
    jps.findPath(g, s.start, s.goal, r);
    plus.findPath(g, table, s.start, s.goal, pr);
  }
  EXPECT_EQ(jps.scratchBytes(), bytes);
  EXPECT_EQ(plus.scratchBytes(), plusBytes);
  EXPECT_EQ(r.cells.capacity(), capacity);
  EXPECT_EQ(pr.cells.capacity(), plusCapacity);
}

TEST(JumpDistances, CountMovesToTheNextJumpPointOrWall) {
  // Row 1 eastwards from (0, 1): (1, 1) has a forced neighbour (1, 0), whose counterpart (0, 0) above
  // the cell behind is blocked. Row 0 eastwards from (1, 0): no jump point, 3 moves to the map's edge.
  const Grid g = drawGrid({
      "@...",
      "....",
  });
  const JumpDistances table(g);
  constexpr int N = 0, NE = 1, E = 2, W = 6, SW = 5;
  EXPECT_EQ(table.distance(g.index(0, 1), E), 1);
  EXPECT_EQ(table.distance(g.index(1, 0), E), -2);
  EXPECT_EQ(table.distance(g.index(3, 0), E), 0);  // the map's edge
  EXPECT_EQ(table.distance(g.index(3, 1), W), -3);
  EXPECT_EQ(table.distance(g.index(0, 1), N), 0);  // blocked
  // (0, 1) -> (1, 0) north-east is a legal diagonal? No: (0, 0) is blocked, so it would cut a corner.
  EXPECT_EQ(table.distance(g.index(0, 1), NE), 0);
  // South-west from (2, 0) reaches (1, 1), where neither straight component meets a jump point (west:
  // (0, 1) has no forced neighbour; south: the map's edge), and the next move south-west leaves the map.
  EXPECT_EQ(table.distance(g.index(2, 0), SW), -1);
  EXPECT_EQ(table.bytes(), static_cast<size_t>(g.cellCount()) * 8 * sizeof(int16_t));
}

TEST(JumpDistances, RebuiltAfterATerrainChangeTheyGiveTheNewShortestPaths) {
  Grid g = drawGrid({
      ".....@....",
      ".....@....",
      "..........",
      ".....@....",
  });
  JumpDistances table(g);
  JumpPointPlusSearch plus;
  AStarSearch astar;
  PathResult r, ar;
  g.setTerrain(5, 2, '@');  // the door closes
  g.setTerrain(5, 0, '.');  // another opens at the top
  table.rebuild(g);
  EXPECT_EQ(plus.findPath(g, table, Point{0, 3}, Point{9, 3}, r), PathStatus::Found);
  astar.findPath(g, Point{0, 3}, Point{9, 3}, ar);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 3}, Point{9, 3}, r));
  EXPECT_NEAR(r.cost, ar.cost, 1e-9);
  EXPECT_TRUE(table.fits(g));
  EXPECT_FALSE(table.fits(Grid(3, 3)));
}

// Both planners against the Moving AI optimal lengths and A*'s costs on every scenario of real maps
// (a sample of them under HPASTAR_SCENARIO_LIMIT).
class JumpPointOnScenarios : public ::testing::TestWithParam<const char*> {};

TEST_P(JumpPointOnScenarios, BothMatchEveryOptimalLengthAndAStarsCostWithValidPaths) {
  const std::string name = GetParam();
  const Grid g = test::loadMap(name);
  const auto scenarios = test::loadScenarioSample(name, g);
  const JumpDistances table(g);
  JumpPointSearch jps;
  JumpPointPlusSearch plus;
  AStarSearch astar;
  PathResult r, ar;
  int failures = 0;
  // Every scenario against its optimal length; A*'s cost (to 1e-9, tighter than the .scen's digits) on
  // every 16th only: AStarOnScenarios already checks A* on all of them, and on maze512 A* is the cost.
  size_t k = 0;
  for (const Scenario& s : scenarios) {
    const bool withAStar = k++ % 16 == 0;
    ar.reset();
    if (withAStar) astar.findPath(g, s.start, s.goal, ar);
    for (const char* planner : {"jps", "jpsplus"}) {
      r.reset();
      if (planner == std::string("jps"))
        jps.findPath(g, s.start, s.goal, r);
      else
        plus.findPath(g, table, s.start, s.goal, r);
      const auto valid = test::isValidPath(g, s.start, s.goal, r);
      if (!valid || !test::sameLength(r.cost, s.optimalLength) ||
          (withAStar && std::abs(r.cost - ar.cost) > 1e-9 * std::max(1.0, ar.cost))) {
        ADD_FAILURE() << planner << " " << name << " line " << s.line << ": " << valid.message() << " cost " << r.cost
                      << " optimal " << s.optimalLength << " A* " << ar.cost;
        if (++failures > 10) return;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Maps, JumpPointOnScenarios,
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
