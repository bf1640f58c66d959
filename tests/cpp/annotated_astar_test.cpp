#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "PathChecks.h"
#include "TestMaps.h"
#include "grid/CapabilityNames.h"
#include "grid/Clearance.h"
#include "grid/FootprintMoves.h"
#include "path/FootprintValidator.h"
#include "search/AStarSearch.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar {
namespace {
using test::drawGrid;

Capability capabilityOf(const std::string& names) {
  std::string error;
  const auto capability = parseCapability(names, error);
  if (!capability) throw std::runtime_error(error);
  return *capability;
}

::testing::AssertionResult isValidFootprintPath(const Grid& grid, Capability capability, int32_t size, Point start,
                                                Point goal, const PathResult& r) {
  if (!r.found()) return ::testing::AssertionFailure() << "no path: " << pathStatusName(r.status);
  const PathCheck c = validateFootprintPath(grid, capability, size, start, goal, r.cells, r.cost);
  if (!c.valid) return ::testing::AssertionFailure() << c.problem;
  return ::testing::AssertionSuccess();
}

// The reference the search is held to: which anchors an S×S agent fits on, found square by square
// from the terrain (footprintFits), and a plain Dijkstra over the moves whose swept squares all fit
// (the start's, the destination's and, for a diagonal, both intermediate squares), costs from
// Grid::moveCost. What it settles is what a breadth-first search over the same moves reaches.
class FootprintReference {
 public:
  static constexpr double kUnreached = std::numeric_limits<double>::infinity();

  FootprintReference(const Grid& grid, Capability capability, int32_t size) : grid_(grid) {
    fits_.resize(static_cast<size_t>(grid.cellCount()));
    for (int32_t y = 0; y < grid.height(); ++y)
      for (int32_t x = 0; x < grid.width(); ++x)
        fits_[static_cast<size_t>(grid.index(x, y))] = footprintFits(grid, capability, size, Point{x, y});
  }

  bool fits(Point p) const { return grid_.inside(p) && fits_[static_cast<size_t>(grid_.index(p))]; }

  bool legal(Point from, int d) const {
    const int dx = kDirDx[d], dy = kDirDy[d];
    if (!fits(from) || !fits(Point{from.x + dx, from.y + dy})) return false;
    return dx == 0 || dy == 0 || (fits(Point{from.x + dx, from.y}) && fits(Point{from.x, from.y + dy}));
  }

  // Distances from `source` to every anchor (kUnreached where there is no path).
  std::vector<double> distancesFrom(Point source) const {
    std::vector<double> distance(static_cast<size_t>(grid_.cellCount()), kUnreached);
    using Entry = std::pair<double, int32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    distance[static_cast<size_t>(grid_.index(source))] = 0;
    open.push({0.0, grid_.index(source)});
    while (!open.empty()) {
      const auto [g, cell] = open.top();
      open.pop();
      if (g > distance[static_cast<size_t>(cell)]) continue;
      const Point p = grid_.pointOf(cell);
      for (int d = 0; d < kDirCount; ++d) {
        if (!legal(p, d)) continue;
        const int32_t next = grid_.index(p.x + kDirDx[d], p.y + kDirDy[d]);
        const double ng = g + grid_.moveCost(cell, d);
        if (ng < distance[static_cast<size_t>(next)]) {
          distance[static_cast<size_t>(next)] = ng;
          open.push({ng, next});
        }
      }
    }
    return distance;
  }

  template <typename Rng>
  Point randomFitting(Rng& rng) const {
    for (;;) {
      const Point p{static_cast<int32_t>(rng() % grid_.width()), static_cast<int32_t>(rng() % grid_.height())};
      if (fits(p)) return p;
    }
  }
  bool anyFitting() const {
    for (uint8_t f : fits_)
      if (f) return true;
    return false;
  }

 private:
  const Grid& grid_;
  std::vector<uint8_t> fits_;
};

// Whether every cell of the rectangle [x0, x1] × [y0, y1] is inside the map and of the capability.
bool blockFits(const Grid& grid, Capability capability, int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
  for (int32_t y = y0; y <= y1; ++y)
    for (int32_t x = x0; x <= x1; ++x)
      if (!grid.inside(x, y) || !capability.allowsChar(grid.terrainAt(x, y))) return false;
  return true;
}

TEST(FootprintMoves, RuleEqualsTheSweptSquaresCellByCellOnRandomMaps) {
  // For every anchor, direction and size 1..4: the rule (clearances of at most four anchors) against
  // (a) the cells swept by the moving square, read one by one: the bounding box of the square before
  // and after the step (for a straight step the two squares, for a diagonal the (S+1)x(S+1) block the
  // square passes over, its two corner cells included), and (b) every cell of the squares at the
  // start, at the destination and at both intermediate anchors.
  std::mt19937 rng(1508);
  const char kinds[] = "..TW@";
  int legalMoves = 0, refusedDiagonalsWithBothEndsOpen = 0;
  for (int round = 0; round < 60; ++round) {
    const int w = 2 + static_cast<int>(rng() % 10), h = 2 + static_cast<int>(rng() % 10);
    std::vector<std::string> rows(static_cast<size_t>(h), std::string(static_cast<size_t>(w), '.'));
    for (auto& row : rows)
      for (char& c : row) c = kinds[rng() % 5];
    const Grid g = drawGrid(rows);
    for (const char* names : {"ground", "ground,trees", "ground,water,trees"}) {
      const Capability capability = capabilityOf(names);
      const ClearanceMap clearance = ClearanceMap::trueClearance(g, capability);
      for (int32_t size = 1; size <= 4; ++size)
        for (int32_t y = 0; y < h; ++y)
          for (int32_t x = 0; x < w; ++x) {
            const uint8_t mask = footprintMoveMask(clearance, x, y, size);
            for (int d = 0; d < kDirCount; ++d) {
              const int dx = kDirDx[d], dy = kDirDy[d];
              const bool sweptFree = blockFits(g, capability, std::min(x, x + dx), std::min(y, y + dy),
                                               std::max(x, x + dx) + size - 1, std::max(y, y + dy) + size - 1);
              bool squaresFree = footprintFits(g, capability, size, Point{x, y}) &&
                                 footprintFits(g, capability, size, Point{x + dx, y + dy});
              if (dx != 0 && dy != 0)
                squaresFree = squaresFree && footprintFits(g, capability, size, Point{x + dx, y}) &&
                              footprintFits(g, capability, size, Point{x, y + dy});
              const bool rule = (mask >> d) & 1u;
              ASSERT_EQ(rule, sweptFree) << names << " size " << size << " at " << x << "," << y << " dir " << d;
              ASSERT_EQ(rule, squaresFree) << names << " size " << size << " at " << x << "," << y << " dir " << d;
              legalMoves += rule;
              if (dx != 0 && dy != 0 && !rule && footprintFits(g, capability, size, Point{x, y}) &&
                  footprintFits(g, capability, size, Point{x + dx, y + dy}))
                ++refusedDiagonalsWithBothEndsOpen;
            }
          }
    }
  }
  // The maps exercise both sides of the rule, corner cutting included.
  EXPECT_GT(legalMoves, 1000);
  EXPECT_GT(refusedDiagonalsWithBothEndsOpen, 20);
}

TEST(FootprintMoves, SizeOneIsTheGridsOwnRule) {
  const Grid g = test::loadMap("den520d.map");
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, g.capability());
  for (int32_t y = 0; y < g.height(); ++y)
    for (int32_t x = 0; x < g.width(); ++x)
      ASSERT_EQ(footprintMoveMask(clearance, x, y, 1), g.moveMask(g.index(x, y))) << x << "," << y;
}

TEST(AnnotatedAStar, ATwoCellAgentTakesTheWideGapNotTheNarrowOne) {
  // The narrow gap at x = 2 is one cell wide; the wide one at x = 7..8 is two.
  const Grid g = drawGrid({
      "..........",
      "..........",
      "@@.@@@@..@",
      "..........",
      "..........",
  });
  const Capability ground = capabilityOf("ground");
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, ground);
  AnnotatedAStarSearch search;
  PathResult r;
  ASSERT_EQ(search.findPath(g, clearance, 2, Point{0, 0}, Point{0, 3}, r), PathStatus::Found);
  ASSERT_TRUE(isValidFootprintPath(g, ground, 2, Point{0, 0}, Point{0, 3}, r));
  EXPECT_TRUE(std::find(r.cells.begin(), r.cells.end(), Point{7, 2}) != r.cells.end());
  // One cell wide fits through the narrow gap: a shorter path.
  PathResult small;
  ASSERT_EQ(search.findPath(g, clearance, 1, Point{0, 0}, Point{0, 3}, small), PathStatus::Found);
  ASSERT_TRUE(isValidFootprintPath(g, ground, 1, Point{0, 0}, Point{0, 3}, small));
  EXPECT_LT(small.cost, r.cost);
  // Three wide fits nowhere: two rows above the wall, two below, gaps of one and two.
  EXPECT_EQ(search.findPath(g, clearance, 3, Point{0, 0}, Point{0, 3}, r), PathStatus::StartInvalid);
  EXPECT_EQ(*std::max_element(clearance.values().begin(), clearance.values().end()), 2);
}

TEST(AnnotatedAStar, InvalidEndpointsAndSizesAreStatusesNotSearches) {
  const Grid g = drawGrid({
      "....",
      "..@.",
      "....",
  });
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, g.capability());
  AnnotatedAStarSearch search;
  PathResult r;
  EXPECT_EQ(search.findPath(g, clearance, 2, Point{1, 0}, Point{0, 1}, r), PathStatus::StartInvalid);  // holds (2,1)
  EXPECT_EQ(search.findPath(g, clearance, 2, Point{0, 0}, Point{3, 0}, r), PathStatus::GoalInvalid);   // leaves the map
  EXPECT_EQ(search.findPath(g, clearance, 1, Point{-1, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(search.findPath(g, clearance, 0, Point{0, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(search.findPath(g, clearance, kMaxAgentSize + 1, Point{0, 0}, Point{0, 0}, r), PathStatus::StartInvalid);
  EXPECT_EQ(r.stats.expandedMain, 0u);
  ASSERT_EQ(search.findPath(g, clearance, 2, Point{0, 0}, Point{0, 0}, r), PathStatus::Found);
  EXPECT_EQ(r.cells.size(), 1u);
  EXPECT_EQ(r.cost, 0.0);
  // (0,0) -> (0,1) for a 2x2 agent: both squares free, a straight step.
  ASSERT_EQ(search.findPath(g, clearance, 2, Point{0, 0}, Point{0, 1}, r), PathStatus::Found);
  EXPECT_EQ(r.cost, 1.0);
}

TEST(AnnotatedAStar, NoCornerOfTheFootprintIsCut) {
  // A 2x2 agent at (0,0) and (1,1) fits at both anchors, but the diagonal step between them would
  // sweep the obstacle at (2,0): it goes round, (0,0) -> (0,1) -> (1,1).
  const Grid g = drawGrid({
      "..@",
      "...",
      "...",
  });
  const Capability ground = capabilityOf("ground");
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, ground);
  AnnotatedAStarSearch search;
  PathResult r;
  ASSERT_EQ(search.findPath(g, clearance, 2, Point{0, 0}, Point{1, 1}, r), PathStatus::Found);
  ASSERT_TRUE(isValidFootprintPath(g, ground, 2, Point{0, 0}, Point{1, 1}, r));
  EXPECT_EQ(r.cost, 2.0);
  // The validator refuses the cut.
  const std::vector<Point> cut{{0, 0}, {1, 1}};
  const PathCheck check = validateFootprintPath(g, ground, 2, Point{0, 0}, Point{1, 1}, cut, kSqrt2);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.problem.find("cuts a corner"), std::string::npos) << check.problem;
}

TEST(AnnotatedAStar, BrushfireClearanceMissesACorridorTrueClearanceFinds) {
  // The article's Figure 5: a two-cell corridor whose cells are all beside a wall, so Brushfire gives
  // them 1 and a 2x2 agent is refused a passage it fits through.
  const Grid g = drawGrid({
      "..........",
      "..........",
      "..........",
      "..........",
      "@@@@..@@@@",
      "@@@@..@@@@",
      "..........",
      "..........",
      "..........",
      "..........",
  });
  const Capability ground = capabilityOf("ground");
  const ClearanceMap trueClearance = ClearanceMap::trueClearance(g, ground);
  const ClearanceMap brushfire = ClearanceMap::brushfire(g, ground);
  ASSERT_EQ(brushfire.at(2, 1), 2);
  ASSERT_EQ(brushfire.at(2, 7), 2);
  AnnotatedAStarSearch search;
  PathResult r;
  EXPECT_EQ(search.findPath(g, brushfire, 2, Point{2, 1}, Point{2, 7}, r), PathStatus::NoPath);
  ASSERT_EQ(search.findPath(g, trueClearance, 2, Point{2, 1}, Point{2, 7}, r), PathStatus::Found);
  EXPECT_TRUE(isValidFootprintPath(g, ground, 2, Point{2, 1}, Point{2, 7}, r));
}

TEST(AnnotatedAStar, BoundedSearchKeepsTheAnchorInsideItsRectangle) {
  const Grid g = drawGrid({
      "......",
      "@@@@..",
      "......",
  });
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, g.capability());
  AnnotatedAStarSearch search;
  PathResult r;
  EXPECT_EQ(search.findPath(g, clearance, 1, Rect{0, 0, 4, 3}, Point{0, 0}, Point{0, 2}, r), PathStatus::NoPath);
  // Anchors in x 0..4: a 2x2 agent at (4,0) reaches past the rectangle's edge, which is allowed.
  ASSERT_EQ(search.findPath(g, clearance, 2, Rect{0, 0, 5, 3}, Point{4, 0}, Point{4, 1}, r), PathStatus::Found);
  EXPECT_TRUE(isValidFootprintPath(g, g.capability(), 2, Point{4, 0}, Point{4, 1}, r));
  EXPECT_EQ(search.findPath(g, clearance, 2, Rect{0, 0, 4, 3}, Point{4, 0}, Point{4, 1}, r), PathStatus::StartInvalid);
}

TEST(AnnotatedAStar, QueriesAfterTheFirstReuseTheScratch) {
  const Grid g = test::loadMap("den520d.map");
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, g.capability());
  AnnotatedAStarSearch search;
  PathResult r;
  std::mt19937 rng(3);
  search.findPath(g, clearance, 1, test::randomPassable(g, rng), test::randomPassable(g, rng), r);
  const size_t bytes = search.scratchBytes();
  ASSERT_GT(bytes, 0u);
  for (int i = 0; i < 20; ++i)
    search.findPath(g, clearance, 1 + static_cast<int32_t>(rng() % 3), test::randomPassable(g, rng),
                    test::randomPassable(g, rng), r);
  // The node arrays cover the map from the first query; only the heap may have grown a little.
  EXPECT_LE(search.scratchBytes(), bytes * 2);
}

// Size 1 with the Moving AI capability is A*: the same optimal lengths as the scenario file and A*.
void expectSizeOneMatchesAStar(const std::string& mapName, size_t stride) {
  const Grid g = test::loadMap(mapName);
  const std::vector<Scenario> scenarios = test::loadScenarios(mapName, g);
  const ClearanceMap clearance = ClearanceMap::trueClearance(g, Capability::movingAIDefault());
  AnnotatedAStarSearch search;
  AStarSearch astar;
  PathResult r, ar;
  size_t checked = 0;
  for (size_t i = 0; i < scenarios.size(); i += stride) {
    const Scenario& s = scenarios[i];
    r.reset();
    ar.reset();
    ASSERT_EQ(search.findPath(g, clearance, 1, s.start, s.goal, r), PathStatus::Found) << mapName << " line " << s.line;
    ASSERT_TRUE(isValidFootprintPath(g, Capability::movingAIDefault(), 1, s.start, s.goal, r));
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, r));
    EXPECT_TRUE(test::sameLength(r.cost, s.optimalLength)) << mapName << " line " << s.line << ": " << r.cost;
    astar.findPath(g, s.start, s.goal, ar);
    EXPECT_NEAR(r.cost, ar.cost, 1e-9 * std::max(1.0, ar.cost));
    ++checked;
  }
  EXPECT_GT(checked, 100u);
}

TEST(AnnotatedAStar, SizeOneEqualsAStarOnEveryArenaScenario) { expectSizeOneMatchesAStar("arena.map", 1); }

TEST(AnnotatedAStar, SizeOneEqualsAStarOnASampleOfDen520d) { expectSizeOneMatchesAStar("den520d.map", 5); }

// For each size and capability: from a few random starts, the reference Dijkstra's distances against
// Annotated A* to random goals (reachable or not) and to goals the reference reached. Found exactly
// when the reference reaches the goal, valid for the footprint, and of the reference's cost.
// Counts the goals without a path into `unreachable`. Call under ASSERT_NO_FATAL_FAILURE.
void expectAgreesWithReference(const Grid& g, const std::vector<std::string>& capabilities, int starts, int goals,
                               uint32_t seed, int& unreachable) {
  std::mt19937 rng(seed);
  AnnotatedAStarSearch search;
  PathResult r;
  unreachable = 0;
  for (const std::string& names : capabilities) {
    const Capability capability = capabilityOf(names);
    const ClearanceMap clearance = ClearanceMap::trueClearance(g, capability);
    for (int32_t size = 1; size <= 3; ++size) {
      const FootprintReference reference(g, capability, size);
      if (!reference.anyFitting()) continue;
      int found = 0;
      for (int s = 0; s < starts; ++s) {
        const Point start = reference.randomFitting(rng);
        const std::vector<double> distance = reference.distancesFrom(start);
        std::vector<Point> reached;
        for (int32_t cell = 0; cell < g.cellCount(); ++cell)
          if (distance[static_cast<size_t>(cell)] != FootprintReference::kUnreached) reached.push_back(g.pointOf(cell));
        for (int i = 0; i < 2 * goals; ++i) {
          const Point goal = i % 2 == 0 ? reference.randomFitting(rng) : reached[rng() % reached.size()];
          const double expected = distance[static_cast<size_t>(g.index(goal))];
          r.reset();
          const PathStatus status = search.findPath(g, clearance, size, start, goal, r);
          const std::string what = names + " size " + std::to_string(size) + " from " + std::to_string(start.x) + "," +
                                   std::to_string(start.y) + " to " + std::to_string(goal.x) + "," +
                                   std::to_string(goal.y);
          if (expected == FootprintReference::kUnreached) {
            ASSERT_EQ(status, PathStatus::NoPath) << what;
            ++unreachable;
            continue;
          }
          ASSERT_EQ(status, PathStatus::Found) << what;
          ASSERT_TRUE(isValidFootprintPath(g, capability, size, start, goal, r)) << what;
          ASSERT_NEAR(r.cost, expected, 1e-9 * std::max(1.0, expected)) << what;
          ++found;
        }
      }
      EXPECT_GT(found, 0) << names << " size " << size;
    }
  }
}

TEST(AnnotatedAStar, AgreesWithABruteForceDijkstraOnDen520dForGroundAndTrees) {
  const Grid g = test::loadMap("den520d.map");
  int unreachable = 0;
  ASSERT_NO_FATAL_FAILURE(expectAgreesWithReference(g, {"ground", "trees", "ground,trees"}, 3, 12, 520, unreachable));
  EXPECT_GT(unreachable, 0);  // both answers were put to the test
}

std::vector<std::string> toyMap() {
  return {
      "..........",  //
      "..........",  //
      "..@@@.....",  //
      "..@@@.....",  //
      ".....WWW..",  //
      ".....WWW..",  //
      "WWWWWWWW..",  //
      "WWW@......",  //
      "..........",  //
      "..........",  //
  };
}

TEST(AnnotatedAStar, AgreesWithABruteForceDijkstraOnAHandDrawnGroundAndWaterMap) {
  const Grid g = drawGrid(toyMap());
  int unreachable = 0;
  ASSERT_NO_FATAL_FAILURE(expectAgreesWithReference(g, {"ground", "water", "ground,water"}, 6, 20, 2008, unreachable));
  EXPECT_GT(unreachable, 0);
}

TEST(AnnotatedAStar, FollowsTerrainCostsAsTheGridDoes) {
  // Water three times as dear and trees half as dear: the heuristic must scale by the cheapest kind of
  // the agent's capability (trees), not of the grid's (ground and swamp), to stay optimal.
  std::string error;
  Grid toy = drawGrid(toyMap());
  const auto waterDear = TerrainCosts::parse("W=3", error);
  ASSERT_TRUE(waterDear) << error;
  ASSERT_EQ(toy.setTerrainCosts(*waterDear), "");
  int unreachable = 0;
  ASSERT_NO_FATAL_FAILURE(expectAgreesWithReference(toy, {"ground,water"}, 4, 20, 7, unreachable));
  Grid den = test::loadMap("den520d.map");
  const auto treesCheap = TerrainCosts::parse("T=0.5", error);
  ASSERT_TRUE(treesCheap) << error;
  ASSERT_EQ(den.setTerrainCosts(*treesCheap), "");
  ASSERT_NO_FATAL_FAILURE(expectAgreesWithReference(den, {"ground,trees"}, 2, 10, 9, unreachable));
}

}  // namespace
}  // namespace hpastar
