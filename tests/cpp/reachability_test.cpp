// Reachability without search (issue 18): component labels and their cell counts against a flood fill of
// the terrain and against A*, also after edits that cut a map in two and join it again; the nearest
// passable cell on small drawn maps with worked answers; random passable cells; where `snap` moves a
// query's endpoints. HPA* and SHPA* answer alike.
#include "hpa/Reachability.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include "TestMaps.h"
#include "grid/CellPicking.h"
#include "hpa/HierarchySerialization.h"
#include "search/AStarSearch.h"
#include "shpa/ShpaReachability.h"

namespace hpastar {
namespace {

// The oracle: flood fills of the passable cells (the grid's legal moves), numbered by their first cell in
// row-major order; [0] of the counts is every passable cell.
struct FloodFill {
  std::vector<uint32_t> labels;
  std::vector<uint64_t> cells{0};
};

FloodFill floodFill(const Grid& g) {
  FloodFill f;
  f.labels.assign(static_cast<size_t>(g.cellCount()), 0);
  std::vector<int32_t> stack;
  for (int32_t start = 0; start < g.cellCount(); ++start) {
    if (f.labels[static_cast<size_t>(start)] || !g.passable(start % g.width(), start / g.width())) continue;
    const uint32_t label = static_cast<uint32_t>(f.cells.size());
    f.cells.push_back(0);
    f.labels[static_cast<size_t>(start)] = label;
    stack.push_back(start);
    while (!stack.empty()) {
      const int32_t i = stack.back();
      stack.pop_back();
      ++f.cells[label];
      ++f.cells[0];
      uint32_t mask = g.moveMask(i);
      while (mask) {
        const int d = __builtin_ctz(mask);
        mask &= mask - 1;
        const int32_t n = g.index(i % g.width() + kDirDx[d], i / g.width() + kDirDy[d]);
        if (!f.labels[static_cast<size_t>(n)]) {
          f.labels[static_cast<size_t>(n)] = label;
          stack.push_back(n);
        }
      }
    }
  }
  return f;
}

template <class Labels>
void expectLabelsOfFloodFill(const Labels& labels, const Grid& g, const std::string& when) {
  const FloodFill f = floodFill(g);
  ASSERT_EQ(labels.componentCount() + 1, f.cells.size()) << when;
  for (int32_t y = 0; y < g.height(); ++y)
    for (int32_t x = 0; x < g.width(); ++x)
      ASSERT_EQ(labels.componentOf(Point{x, y}), f.labels[static_cast<size_t>(g.index(x, y))])
          << when << " at " << x << "," << y;
  for (uint32_t c = 0; c < f.cells.size(); ++c) ASSERT_EQ(labels.componentCells(c), f.cells[c]) << when << " c" << c;
  EXPECT_EQ(labels.componentCells(static_cast<uint32_t>(f.cells.size())), 0u);
  EXPECT_EQ(labels.componentOf(Point{-1, 0}), 0u);
  EXPECT_EQ(labels.componentOf(Point{g.width(), g.height() - 1}), 0u);
}

// Random pairs (passable or not): same component exactly when A* finds a path.
template <class Labels>
void expectReachabilityOfAStar(const Labels& labels, const Grid& g, std::mt19937& rng, int pairs) {
  AStarSearch astar;
  PathResult r;
  int found = 0, unreachable = 0;
  for (int i = 0; i < pairs; ++i) {
    const Point a = test::randomPassable(g, rng);
    const Point b = i % 5 == 4
                        ? Point{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())}
                        : test::randomPassable(g, rng);
    r.reset();
    const bool path = astar.findPath(g, a, b, r) == PathStatus::Found;
    const bool same = labels.componentOf(a) != 0 && labels.componentOf(a) == labels.componentOf(b);
    ASSERT_EQ(same, path) << a.x << "," << a.y << " -> " << b.x << "," << b.y;
    (path ? found : unreachable)++;
  }
  EXPECT_GT(found, 0);
  EXPECT_GT(unreachable, 0);
}

std::vector<CellEdit> row(const Grid& g, int32_t y, char terrain) {
  std::vector<CellEdit> edits;
  for (int32_t x = 0; x < g.width(); ++x) edits.push_back(CellEdit{Point{x, y}, terrain});
  return edits;
}

TEST(Reachability, LabelsAreTheFloodFillAndAgreeWithAStarOnRealMaps) {
  std::mt19937 rng(18);
  for (const char* name : {"den520d.map", "AR0011SR.map"}) {
    const Grid g = test::loadMap(name);
    const Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
    expectLabelsOfFloodFill(h, g, name);
    std::string error;
    const auto shpa = ShpaStarGraph::build(std::make_shared<const Grid>(g), ShpaOptions{}, error);
    ASSERT_TRUE(shpa) << error;
    expectLabelsOfFloodFill(*shpa, g, std::string(name) + " (SHPA*)");
  }
  const Grid cut = test::cutUpBrc202d();
  const Hierarchy h = test::buildHierarchy(cut, HierarchyOptions{});
  expectReachabilityOfAStar(h, cut, rng, 300);
  std::string error;
  const auto shpa = ShpaStarGraph::build(std::make_shared<const Grid>(cut), ShpaOptions{}, error);
  ASSERT_TRUE(shpa) << error;
  expectReachabilityOfAStar(*shpa, cut, rng, 300);
}

TEST(Reachability, LabelsStayRightWhenAWallCutsTheMapInTwoAndIsRemoved) {
  std::mt19937 rng(7);
  const Grid original = test::loadMap("den520d.map");
  for (int32_t clusterSize : {10, 16}) {
    HierarchyOptions o;
    o.clusterSize = clusterSize;
    o.levels = 2;
    Hierarchy h = test::buildHierarchy(original, o);
    const uint32_t before = h.componentCount();
    std::vector<CellEdit> restore;
    for (const CellEdit& e : row(original, 200, '@'))
      restore.push_back(CellEdit{e.cell, original.terrainAt(e.cell.x, e.cell.y)});
    ASSERT_EQ(h.applyEdits(row(original, 200, '@')), "");
    EXPECT_GT(h.componentCount(), before);
    expectLabelsOfFloodFill(h, h.grid(), "walled");
    expectReachabilityOfAStar(h, h.grid(), rng, 200);
    ASSERT_EQ(h.applyEdits(restore), "");
    EXPECT_EQ(h.componentCount(), before);
    expectLabelsOfFloodFill(h, h.grid(), "wall removed");
    // Single cells: most keep the components (the labels are then recounted, not rebuilt).
    for (int batch = 0; batch < 20; ++batch) {
      for (int k = 0; k < 10; ++k) {
        const Point p{static_cast<int32_t>(rng() % h.grid().width()), static_cast<int32_t>(rng() % h.grid().height())};
        ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{p, h.grid().passable(p) ? '@' : '.'}}), "");
      }
      expectLabelsOfFloodFill(h, h.grid(), "after single-cell edits, batch " + std::to_string(batch));
    }
  }
}

TEST(Reachability, TheLabelTablesAndCellRegionsGiveEveryCellsComponentAlsoAfterEdits) {
  const Grid original = test::loadMap("den520d.map");
  for (int32_t merged : {0, 16}) {
    HierarchyOptions o;
    o.clusterSize = 16;
    o.mergedClusterSide = merged;
    Hierarchy h = test::buildHierarchy(original, o);
    auto expectLabels = [&](const std::string& when) {
      std::vector<uint32_t> base, component, regions;
      labelTables(h, base, component);
      ASSERT_EQ(base.size(), static_cast<size_t>(h.layout(1).count()) + 1);
      const Rect all{0, 0, h.grid().width(), h.grid().height()};
      cellRegions(h, all, regions);
      for (int32_t y = 0; y < all.y1; ++y)
        for (int32_t x = 0; x < all.x1; ++x) {
          const uint32_t r = regions[static_cast<size_t>(y) * all.x1 + x];
          const int32_t c = h.layout(1).clusterOf({x, y});
          const uint32_t label = r == 0 ? 0 : component[base[static_cast<size_t>(c)] + r - 1];
          ASSERT_EQ(label, h.componentOf({x, y})) << when << ": (" << x << ", " << y << "), merged " << merged;
        }
      // A part of the map reads as the same cells of the whole.
      const Rect part{100, 40, 164, 90};
      std::vector<uint32_t> some;
      cellRegions(h, part, some);
      for (int32_t y = part.y0; y < part.y1; ++y)
        for (int32_t x = part.x0; x < part.x1; ++x)
          ASSERT_EQ(some[static_cast<size_t>(y - part.y0) * part.width() + (x - part.x0)],
                    regions[static_cast<size_t>(y) * all.x1 + x]);
    };
    expectLabels("built");
    ASSERT_EQ(h.applyEdits(row(original, 200, '@')), "");
    expectLabels("a wall across the map");
  }
}

TEST(Reachability, ALoadedHierarchyHasTheSameLabelsAndCounts) {
  const Hierarchy h = test::buildHierarchy(test::cutUpBrc202d(), HierarchyOptions{});
  std::string error;
  const auto loaded = deserializeHierarchy(serializeHierarchy(h), error);
  ASSERT_TRUE(loaded) << error;
  expectLabelsOfFloodFill(*loaded, loaded->grid(), "loaded");
}

// Two rooms apart: component 1 on the left (x 0..1), component 2 on the right (x 5..6).
const std::vector<std::string> kTwoRooms = {
    "..@@@..",
    "..@@@..",
    "..@@@..",
    "..@@@..",
};

TEST(Reachability, NearestPassableHasWorkedAnswers) {
  const Hierarchy h = test::buildHierarchy(test::drawGrid(kTwoRooms), HierarchyOptions{});
  ASSERT_EQ(h.componentCount(), 2u);
  EXPECT_EQ(h.componentOf({0, 0}), 1u);
  EXPECT_EQ(h.componentOf({6, 3}), 2u);
  // From the wall next to the left room: (1,1) at 1; of component 2: (5,1) at 3.
  EXPECT_EQ(nearestPassable(h, {2, 1}, 0, kAnyDistance), (Point{1, 1}));
  EXPECT_EQ(nearestPassable(h, {2, 1}, 2, kAnyDistance), (Point{5, 1}));
  EXPECT_EQ(nearestPassable(h, {2, 1}, 2, 2.99), std::nullopt);
  EXPECT_EQ(nearestPassable(h, {2, 1}, 2, 3), (Point{5, 1}));
  // The middle of the wall: (1,1) and (5,1) both at 2; ties go to the smaller y, then the smaller x.
  EXPECT_EQ(nearestPassable(h, {3, 1}, 0, kAnyDistance), (Point{1, 1}));
  // A passable cell is its own nearest; another component's cell is not.
  EXPECT_EQ(nearestPassable(h, {6, 2}, 0, 0), (Point{6, 2}));
  EXPECT_EQ(nearestPassable(h, {6, 2}, 1, kAnyDistance), (Point{1, 2}));
  // Outside the map: (-3, 5) is 3 + 2 × 0.41 from (0, 3), the nearest cell.
  EXPECT_EQ(nearestPassable(h, {-3, 5}, 0, kAnyDistance), (Point{0, 3}));
  EXPECT_EQ(nearestPassable(h, {-3, 5}, 0, 3.8), std::nullopt);
  EXPECT_EQ(nearestPassable(h, {-3, 5}, 0, 3.9), (Point{0, 3}));
  EXPECT_EQ(nearestPassable(h, {-1000000, 2000000000}, 2, kAnyDistance), (Point{5, 3}));
  // Not a component: nothing, at once.
  EXPECT_EQ(nearestPassable(h, {0, 0}, 3, kAnyDistance), std::nullopt);
  // Octile, not Chebyshev: from (2,3), ring 2 holds (2,1) at 2 and (1,1) at 2.41.
  const Grid ring = test::drawGrid({
      "@@.@@",
      "@...@",
      "@@@@@",
      "@@@@@",
      "@@@@@",
  });
  const Hierarchy r = test::buildHierarchy(ring, HierarchyOptions{});
  EXPECT_EQ(nearestPassable(r, {2, 3}, 0, kAnyDistance), (Point{2, 1}));  // 2, not (1,1) at 2.41
  EXPECT_EQ(nearestPassable(r, {0, 3}, 0, kAnyDistance), (Point{1, 1}));  // 2.41, before (2,1) at 2.83
}

TEST(Reachability, RandomPassableIsUniformOverItsComponentAndDeterministic) {
  // A big room and a small closet: the room is sampled by rejection, the closet counted exactly.
  std::vector<std::string> rows(40, std::string(40, '.'));
  for (int y = 0; y < 40; ++y) rows[static_cast<size_t>(y)][30] = '@';
  for (int x = 30; x < 40; ++x) rows[3][static_cast<size_t>(x)] = '@';  // closet: x 31..39, y 0..2
  const Grid g = test::drawGrid(rows);
  for (int32_t clusterSize : {8, 10}) {
    HierarchyOptions o;
    o.clusterSize = clusterSize;
    const Hierarchy h = test::buildHierarchy(g, o);
    const uint32_t closet = h.componentOf({35, 1}), room = h.componentOf({0, 0});
    ASSERT_EQ(h.componentCells(closet), 27u);
    std::string error;
    const auto shpa = ShpaStarGraph::build(std::make_shared<const Grid>(g), ShpaOptions{}, error);
    ASSERT_TRUE(shpa) << error;
    for (uint32_t component : {closet, room, 0u}) {
      const uint64_t cells = h.componentCells(component);
      std::vector<int> hpaCounts(static_cast<size_t>(g.cellCount())), shpaCounts(hpaCounts.size());
      CellRandom a(99), b(99);
      const int draws = static_cast<int>(cells) * 200;
      for (int i = 0; i < draws; ++i) {
        const std::optional<Point> p = randomPassable(h, component, a), q = randomPassable(*shpa, component, b);
        ASSERT_TRUE(p && q);
        ASSERT_TRUE(component == 0 ? g.passable(*p) : h.componentOf(*p) == component);
        ASSERT_TRUE(component == 0 ? g.passable(*q) : shpa->componentOf(*q) == component);
        ++hpaCounts[static_cast<size_t>(g.index(*p))];
        ++shpaCounts[static_cast<size_t>(g.index(*q))];
      }
      // 200 expected per cell: every cell drawn, none more than 6 standard deviations (√200 ≈ 14) off.
      for (const auto* counts : {&hpaCounts, &shpaCounts})
        for (int32_t i = 0; i < g.cellCount(); ++i) {
          const bool in = component == 0 ? g.passable(i % 40, i / 40) : h.componentOf({i % 40, i / 40}) == component;
          if (!in)
            ASSERT_EQ((*counts)[static_cast<size_t>(i)], 0);
          else
            ASSERT_NEAR((*counts)[static_cast<size_t>(i)], 200, 85) << "cell " << i << " component " << component;
        }
    }
    CellRandom c(5), d(5);
    EXPECT_EQ(randomPassable(h, closet, c), randomPassable(h, closet, d));
    EXPECT_EQ(h.componentCount(), 3u);  // the room, the closet, and the rest right of the wall
    EXPECT_EQ(randomPassable(h, 4, c), std::nullopt);
  }
}

TEST(Reachability, SnappingMovesOnlyBlockedEndpointsAndTheGoalIntoTheStartsComponent) {
  const Hierarchy h = test::buildHierarchy(test::drawGrid(kTwoRooms), HierarchyOptions{});
  std::string error;
  const auto shpa = ShpaStarGraph::build(std::make_shared<const Grid>(h.grid()), ShpaOptions{}, error);
  ASSERT_TRUE(shpa) << error;
  auto same = [](SnappedEndpoints a, SnappedEndpoints b) { return a.start == b.start && a.goal == b.goal; };
  for (bool hpa : {true, false}) {
    auto snap = [&](Point s, Point g) { return hpa ? snapEndpoints(h, s, g) : snapEndpoints(*shpa, s, g); };
    // Passable endpoints stay, even in different components.
    EXPECT_TRUE(same(snap({0, 0}, {6, 0}), {{0, 0}, {6, 0}}));
    // A blocked start goes to its nearest passable cell.
    EXPECT_TRUE(same(snap({4, 0}, {6, 3}), {{5, 0}, {6, 3}}));
    // A blocked goal goes to the nearest cell of the start's component, even when another is nearer.
    EXPECT_TRUE(same(snap({0, 0}, {4, 2}), {{0, 0}, {1, 2}}));
    EXPECT_TRUE(same(snap({-5, -5}, {4, 2}), {{0, 0}, {1, 2}}));
  }
  const Hierarchy walls = test::buildHierarchy(test::drawGrid({"@@", "@@"}), HierarchyOptions{});
  EXPECT_TRUE(same(snapEndpoints(walls, {0, 0}, {1, 1}), {{0, 0}, {1, 1}}));  // nowhere to go: unchanged
}

TEST(Reachability, ToNearestMovesAnUnreachableGoalToTheNearestReachableCellsAndListsTheTies) {
  // A 3 x 3 block of wall in a room, and a closet (x 7..8, y 0..1) walled off from it.
  const Hierarchy h = test::buildHierarchy(test::drawGrid({".......@..", ".......@..", "..@@@..@@@", "..@@@.....",
                                                           "..@@@.....", "..........", ".........."}),
                                           HierarchyOptions{});
  const auto rule = kGoalToNearestReachable;
  // The block's centre: four cells at distance 2, in the order of y then x.
  SnappedEndpoints s = snapEndpoints(h, {0, 0}, {3, 3}, rule);
  EXPECT_EQ(s.moved, kGoalMoved | kGoalUnreachable);
  ASSERT_EQ(s.tieCount, 4);
  EXPECT_EQ(s.ties[0], (Point{3, 1}));
  EXPECT_EQ(s.ties[1], (Point{1, 3}));
  EXPECT_EQ(s.ties[2], (Point{5, 3}));
  EXPECT_EQ(s.ties[3], (Point{3, 5}));
  EXPECT_EQ(s.goal, s.ties[0]);
  // A passable goal in the closet: the start's nearest cell, a single one.
  s = snapEndpoints(h, {0, 6}, {8, 0}, rule);
  EXPECT_EQ(s.goal, (Point{6, 0}));
  EXPECT_EQ(s.tieCount, 1);
  EXPECT_EQ(s.moved, kGoalMoved | kGoalUnreachable);
  // From inside the closet, the room's goal is unreachable too: the closet's nearest cell.
  s = snapEndpoints(h, {8, 0}, {5, 5}, rule);
  EXPECT_EQ(s.goal, (Point{8, 1}));
  // Reachable goals stay; an invalid start is left for the query to refuse, unless `snap` moves it first.
  s = snapEndpoints(h, {0, 0}, {9, 6}, rule);
  EXPECT_EQ(s.moved, 0);
  EXPECT_EQ(snapEndpoints(h, {3, 3}, {8, 0}, rule).moved, 0);
  s = snapEndpoints(h, {3, 3}, {8, 0}, rule | kSnapInvalidEndpoints);
  EXPECT_EQ(s.start, (Point{3, 1}));
  EXPECT_EQ(s.goal, (Point{6, 0}));
  EXPECT_EQ(s.moved, kStartMoved | kGoalMoved | kGoalUnreachable);
  // Outside the map: the nearest cell inside.
  s = snapEndpoints(h, {0, 0}, {-3, 2}, rule);
  EXPECT_EQ(s.goal, (Point{0, 2}));
  // Under `snap` alone, a blocked goal moves but is not reported unreachable.
  EXPECT_EQ(snapEndpoints(h, {0, 0}, {3, 3}, kSnapInvalidEndpoints).moved, kGoalMoved);
}

TEST(Reachability, NearestTiesAreExactlyTheCellsAtTheNearestOctileDistance) {
  // Against every cell of a map: the ties of a random nearest cell are the accepted cells at its distance.
  const Grid grid = test::drawGrid({"..@.....", ".@@..@..", "......@.", "@...@...", "..@....@"});
  auto accept = [&](Point p) { return grid.passable(p); };
  for (int32_t fy = -2; fy < 7; ++fy)
    for (int32_t fx = -2; fx < 10; ++fx) {
      const Point from{fx, fy};
      const std::optional<Point> nearest = nearestCell(grid, from, kAnyDistance, accept);
      ASSERT_TRUE(nearest);
      std::array<Point, 8> ties{};
      const uint8_t n = nearestTies(grid, from, *nearest, accept, ties);
      const double d = octileSpan(std::abs(nearest->x - fx), std::abs(nearest->y - fy));
      std::vector<Point> brute;
      for (int32_t y = 0; y < grid.height(); ++y)
        for (int32_t x = 0; x < grid.width(); ++x)
          if (grid.passable({x, y}) && std::abs(octileSpan(std::abs(x - fx), std::abs(y - fy)) - d) < 1e-9)
            brute.push_back({x, y});
      ASSERT_EQ(n, brute.size()) << fx << "," << fy;
      for (uint8_t i = 0; i < n; ++i) EXPECT_EQ(ties[i], brute[i]) << fx << "," << fy;
      EXPECT_EQ(ties[0], *nearest);
    }
}

}  // namespace
}  // namespace hpastar
