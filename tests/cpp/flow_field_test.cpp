#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "TestMaps.h"
#include "WeightedMaps.h"
#include "flow/FlowField.h"
#include "flow/FlowFieldBuilder.h"
#include "flow/FlowFieldCache.h"
#include "hpa/Hierarchy.h"
#include "search/DijkstraSearch.h"

namespace hpastar {
namespace {

std::string at(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }

// What following a field costs from each cell: the independent check of a field. Fills `cost` (per map
// cell, -1 where the field gives no way to the goal) and returns "" when every cell of the goal's
// component has a legal step (Grid::canMove: inside, passable, no corner cut) and following the steps
// reaches the goal without a cycle, and every other cell (blocked, another component, the goal) has none;
// else the first problem. Cells of clusters left out (kNotComputed) are skipped, and so are walks that
// enter one (their cost stays -1).
std::string followField(const Hierarchy& h, const FlowField& field, std::vector<double>& cost) {
  const Grid& grid = h.grid();
  const size_t n = static_cast<size_t>(grid.cellCount());
  const Point goal = field.goal();
  const uint32_t component = h.componentOf(goal);
  cost.assign(n, -1.0);
  std::vector<uint8_t> state(n, 0);  // 0 unknown, 1 on the current walk, 2 done
  std::vector<int32_t> walk;
  cost[static_cast<size_t>(grid.index(goal))] = 0.0;
  state[static_cast<size_t>(grid.index(goal))] = 2;
  if (field.direction(goal) != FlowField::kNoStep) return "the goal has a step";
  for (int32_t cell = 0; cell < grid.cellCount(); ++cell) {
    const Point p = grid.pointOf(cell);
    const uint8_t d = field.direction(p);
    if (d == FlowField::kNotComputed) continue;
    const bool inComponent = grid.passable(p) && h.componentOf(p) == component;
    if (!inComponent) {
      if (d != FlowField::kNoStep)
        return "cell " + at(p) + " outside the goal's component has step " + std::to_string(d);
      continue;
    }
    if (p != goal && d >= kDirCount) return "cell " + at(p) + " of the goal's component has no step";
    if (p != goal && !grid.canMove(p, d)) return "step " + std::to_string(d) + " of " + at(p) + " is not a legal move";
  }
  for (int32_t start = 0; start < grid.cellCount(); ++start) {
    if (state[static_cast<size_t>(start)] != 0) continue;
    const uint8_t d0 = field.direction(grid.pointOf(start));
    if (d0 >= kDirCount) continue;
    walk.clear();
    int32_t cell = start;
    while (state[static_cast<size_t>(cell)] == 0) {
      const uint8_t d = field.direction(grid.pointOf(cell));
      if (d == FlowField::kNotComputed) break;  // into a cluster left out: where it goes is not known
      state[static_cast<size_t>(cell)] = 1;
      walk.push_back(cell);
      if (d >= kDirCount)
        return "following from " + at(grid.pointOf(start)) + " ends at " + at(grid.pointOf(cell)) + ", not the goal";
      cell += kDirDy[d] * grid.width() + kDirDx[d];
    }
    if (state[static_cast<size_t>(cell)] == 1)
      return "following from " + at(grid.pointOf(start)) + " cycles at " + at(grid.pointOf(cell));
    double c = cost[static_cast<size_t>(cell)];
    if (field.direction(grid.pointOf(cell)) == FlowField::kNotComputed) c = -1.0;
    for (size_t i = walk.size(); i-- > 0;) {
      const int32_t w = walk[i];
      if (c >= 0) c += grid.moveCost(w, field.direction(grid.pointOf(w)));
      cost[static_cast<size_t>(w)] = c;
      state[static_cast<size_t>(w)] = 2;
    }
  }
  return "";
}

struct Suboptimality {
  double mean = 0, max = 0;
  double maxExtra = 0;  // the largest followed minus optimal cost
  size_t cells = 0;
  // Over the cells nearer the goal than the field's exact window guarantees (FlowField.h): their count and
  // the most any walks beyond the shortest way.
  size_t nearCells = 0;
  double nearMaxExtra = 0;
};

// The followed costs against the optimal ones (a Dijkstra from the goal over the whole map: moves cost
// the same both ways), over the cells that have a cost.
Suboptimality measure(const Hierarchy& h, Point goal, const std::vector<double>& cost, double exactBelow = 0) {
  DijkstraSearch dijkstra;
  dijkstra.run(h.grid(), h.grid().bounds(), goal);
  Suboptimality s;
  double sum = 0;
  for (int32_t cell = 0; cell < h.grid().cellCount(); ++cell) {
    const double c = cost[static_cast<size_t>(cell)];
    const double best = dijkstra.distance(h.grid().pointOf(cell));
    if (c <= 0 || best <= 0) continue;
    const double ratio = c / best;
    sum += ratio;
    s.max = std::max(s.max, ratio);
    s.maxExtra = std::max(s.maxExtra, c - best);
    ++s.cells;
    if (best < exactBelow) {
      ++s.nearCells;
      s.nearMaxExtra = std::max(s.nearMaxExtra, c - best);
    }
  }
  s.mean = s.cells ? sum / static_cast<double>(s.cells) : 1.0;
  return s;
}

// The differential check of a refresh: following the refreshed field costs what following a field built
// afresh costs, from every cell (steps may differ where two ways are equally short). Returns the count of
// cells whose walks differ, and counts in `differentSteps` the cells whose steps differ.
size_t cellsWalkingOtherwise(const Hierarchy& h, const FlowField& refreshed, const FlowField& fresh,
                             size_t& differentSteps) {
  std::vector<double> a, b;
  if (!followField(h, refreshed, a).empty() || !followField(h, fresh, b).empty()) return a.size() + 1;
  size_t differ = 0;
  differentSteps = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    differ += std::abs(a[i] - b[i]) > 1e-9 * (1.0 + std::abs(b[i]));
    differentSteps += refreshed.directions()[i] != fresh.directions()[i];
  }
  return differ;
}

class FlowFieldOnMaps : public ::testing::TestWithParam<const char*> {};

TEST_P(FlowFieldOnMaps, EveryStepIsLegalAndFollowingItFromEveryCellOfTheComponentReachesTheGoal) {
  const Grid grid = test::loadMap(GetParam());
  const Hierarchy h = test::buildHierarchy(grid, HierarchyOptions{});
  FlowFieldBuilder builder;
  FlowField field;
  std::mt19937 rng(18);
  std::vector<double> cost;
  for (int k = 0; k < 3; ++k) {
    const Point goal = test::randomPassable(grid, rng);
    FlowFieldStats stats;
    ASSERT_EQ(builder.build(h, goal, field, {}, &stats), "");
    EXPECT_EQ(field.computedClusters(), static_cast<uint32_t>(h.layout(1).count()));
    ASSERT_EQ(followField(h, field, cost), "") << GetParam() << " goal " << at(goal);
    // Every cell of the component got a cost: reached the goal.
    size_t reached = 0;
    for (double c : cost) reached += c >= 0;
    EXPECT_EQ(reached, h.componentCells(h.componentOf(goal)));
    // Unweighted: no move costs less than 1, so every cell nearer than the cluster side + 1 walks the
    // shortest way (the window of exact steps, FlowField.h); the cell beside the goal across a cluster
    // border went round by a transition before.
    const Suboptimality s = measure(h, goal, cost, h.layout(1).size + 1.0);
    EXPECT_GT(s.nearCells, 0u) << GetParam();
    EXPECT_LT(s.nearMaxExtra, 1e-6) << GetParam() << " goal " << at(goal);
    // Near-optimal elsewhere: seeded across whole borders, the walks average within 2 % of the shortest
    // (issue 35; 0.0-0.3 % measured, against 2-6 % seeded at transitions only).
    EXPECT_LT(s.mean, 1.02) << GetParam() << " goal " << at(goal);
    std::printf(
        "[ flow     ] %s goal %s: %zu cells, suboptimality mean %.4f max %.4f (extra cost at most %.1f), "
        "%u clusters, %llu cells expanded, %zu bytes\n",
        GetParam(), at(goal).c_str(), s.cells, s.mean, s.max, s.maxExtra, stats.clustersIntegrated,
        static_cast<unsigned long long>(stats.cellsExpanded), field.bytes());
  }
}

INSTANTIATE_TEST_SUITE_P(Maps, FlowFieldOnMaps,
                         ::testing::Values("8room_000.map", "AR0011SR.map", "arena.map", "brc202d.map", "den520d.map",
                                           "maze512-1-0.map"),
                         [](const auto& info) {
                           std::string name = info.param;
                           name = name.substr(0, name.find('.'));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(FlowField, CellsOfOtherComponentsAndBlockedCellsHaveNoStep) {
  // brc202d cut in two, with walled pockets: most goals leave many cells in other components.
  const Grid grid = test::cutUpBrc202d();
  const Hierarchy h = test::buildHierarchy(grid, HierarchyOptions{});
  FlowFieldBuilder builder;
  FlowField field;
  const Point goal{104, 104};  // inside the first pocket: a component of 49 cells
  ASSERT_TRUE(grid.passable(goal));
  ASSERT_EQ(builder.build(h, goal, field), "");
  std::vector<double> cost;
  ASSERT_EQ(followField(h, field, cost), "");
  size_t withStep = 0;
  for (uint8_t d : field.directions()) withStep += d < kDirCount;
  EXPECT_EQ(withStep + 1, h.componentCells(h.componentOf(goal)));
  EXPECT_LT(withStep, 49u);
  // And from a half of the map: the other half and the pockets stay without steps (followField checks).
  Point far{-1, -1};
  for (int32_t cell = 0; cell < grid.cellCount() && far.x < 0; ++cell)
    if (grid.passableAt(cell) && h.componentCells(h.componentOf(grid.pointOf(cell))) > 1000) far = grid.pointOf(cell);
  ASSERT_GE(far.x, 0);
  ASSERT_EQ(builder.build(h, far, field), "");
  ASSERT_EQ(followField(h, field, cost), "");
  withStep = 0;
  for (uint8_t d : field.directions()) withStep += d < kDirCount;
  EXPECT_EQ(withStep + 1, h.componentCells(h.componentOf(far)));
  EXPECT_LT(withStep + 1, h.componentCells(0) / 2 + h.componentCells(0) / 4);
}

// Seeded across whole borders, a route crosses a cluster border wherever the shortest way does: on open
// ground far beyond the exact window (clusters of 4, so the window is 4 cells), every cell walks the
// shortest way; the same field seeded at transitions only (a field of corridors asked from every cell)
// bends through the entrances' transition cells.
TEST(FlowField, AcrossWholeBordersOpenGroundIsWalkedTheShortestWay) {
  std::vector<std::string> rows(32, std::string(48, '.'));
  for (int y = 6; y < 26; ++y) rows[static_cast<size_t>(y)][20] = '@';  // one wall to go round
  const Grid grid = test::drawGrid(rows);
  HierarchyOptions options;
  options.clusterSize = 4;
  const Hierarchy h = test::buildHierarchy(grid, options);
  std::vector<Point> everyCell;
  for (int32_t cell = 0; cell < grid.cellCount(); ++cell)
    if (grid.passableAt(cell)) everyCell.push_back(grid.pointOf(cell));
  FlowFieldBuilder builder;
  for (const Point goal : {Point{47, 31}, Point{2, 16}, Point{30, 3}}) {
    FlowField whole, atTransitions;
    ASSERT_EQ(builder.build(h, goal, whole), "");
    ASSERT_EQ(builder.build(h, goal, atTransitions, everyCell), "");
    std::vector<double> cost;
    ASSERT_EQ(followField(h, whole, cost), "");
    const Suboptimality s = measure(h, goal, cost);
    EXPECT_LT(s.maxExtra, 1e-9) << "goal " << at(goal);
    ASSERT_EQ(followField(h, atTransitions, cost), "");
    const Suboptimality t = measure(h, goal, cost);
    EXPECT_GT(t.mean, 1.01) << "goal " << at(goal);
    std::printf("[ flow     ] open 48x32, goal %s: mean %.4f max %.4f (at transitions only %.4f, %.4f)\n",
                at(goal).c_str(), s.mean, s.max, t.mean, t.max);
  }
}

TEST(FlowField, TerrainCostsAreRespected) {
  const Grid grid = test::weighRegions(test::loadMap("den520d.map"), 7);
  const Hierarchy h = test::buildHierarchy(grid, HierarchyOptions{});
  FlowFieldBuilder builder;
  FlowField field;
  std::mt19937 rng(5);
  std::vector<double> cost;
  for (int k = 0; k < 2; ++k) {
    const Point goal = test::randomPassable(grid, rng);
    ASSERT_EQ(builder.build(h, goal, field), "");
    ASSERT_EQ(followField(h, field, cost), "");
    const Suboptimality s = measure(h, goal, cost);
    EXPECT_LT(s.mean, 1.02) << "goal " << at(goal);
    std::printf("[ flow     ] weighted den520d goal %s: suboptimality mean %.4f max %.4f\n", at(goal).c_str(), s.mean,
                s.max);
  }
}

TEST(FlowField, BadGoalsAndStartsAreRefusedWithTheirValue) {
  const Hierarchy h = test::buildHierarchy(test::drawGrid({"....", ".@..", "...."}), HierarchyOptions{});
  FlowFieldBuilder builder;
  FlowField field;
  EXPECT_EQ(builder.build(h, Point{4, 0}, field), "goal (4, 0) is outside the 4x3 map");
  EXPECT_EQ(builder.build(h, Point{-1, 2}, field), "goal (-1, 2) is outside the 4x3 map");
  EXPECT_EQ(builder.build(h, Point{1, 1}, field), "goal (1, 1) is blocked (terrain '@')");
  const Point starts[] = {{0, 0}, {9, 9}};
  EXPECT_EQ(builder.build(h, Point{0, 0}, field, starts), "start 1 (9, 9) is outside the 4x3 map");
  EXPECT_TRUE(field.empty());  // left as it was
  FlowFieldCache cache;
  std::string error;
  EXPECT_EQ(cache.get(h, Point{1, 1}, {}, error), nullptr);
  EXPECT_EQ(error, "goal (1, 1) is blocked (terrain '@')");
}

TEST(FlowField, CorridorsOnlyComputesTheClustersThePathsFromTheStartsCross) {
  const Grid grid = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(grid, HierarchyOptions{});
  std::mt19937 rng(3);
  const Point goal = test::randomPassable(grid, rng);
  std::vector<Point> starts;
  while (starts.size() < 5) {
    const Point p = test::randomPassable(grid, rng);
    if (h.connected(p, goal)) starts.push_back(p);
  }
  FlowFieldBuilder builder;
  FlowField corridors, whole;
  ASSERT_EQ(builder.build(h, goal, corridors, starts), "");
  ASSERT_EQ(builder.build(h, goal, whole), "");
  EXPECT_TRUE(corridors.corridorsOnly());
  EXPECT_LT(corridors.computedClusters(), whole.computedClusters() / 2);
  std::vector<double> cost;
  ASSERT_EQ(followField(h, corridors, cost), "");  // skips the cells left out
  for (Point s : starts) {
    // From each start the walk stays on computed cells all the way. (Its steps are the transitions' ones,
    // not the whole field's: a field of corridors is not seeded across whole borders.)
    Point p = s;
    for (int steps = 0; p != goal; ++steps) {
      ASSERT_LT(steps, grid.cellCount());
      const uint8_t d = corridors.direction(p);
      ASSERT_LT(d, kDirCount) << "start " << at(s) << " stops at " << at(p);
      p = *corridors.next(p);
    }
  }
  // Cells of clusters left out say so.
  size_t notComputed = 0;
  for (uint8_t d : corridors.directions()) notComputed += d == FlowField::kNotComputed;
  EXPECT_GT(notComputed, 0u);
  // Asked again for the same starts: nothing to do. For one more: its corridor is added.
  FlowFieldStats stats;
  ASSERT_EQ(builder.extend(h, corridors, starts, &stats), "");
  EXPECT_EQ(stats.clustersIntegrated + stats.abstractExpanded, 0u);
  Point more = test::randomPassable(grid, rng);
  while (!h.connected(more, goal) || corridors.direction(more) != FlowField::kNotComputed)
    more = test::randomPassable(grid, rng);
  const uint32_t before = corridors.computedClusters();
  ASSERT_EQ(builder.extend(h, corridors, std::span<const Point>(&more, 1), &stats), "");
  EXPECT_GT(corridors.computedClusters(), before);
  EXPECT_EQ(corridors.starts().size(), starts.size() + 1);
  int steps = 0;
  for (Point p = more; p != goal; p = *corridors.next(p), ++steps) {
    ASSERT_LT(corridors.direction(p), kDirCount) << "from " << at(more) << " stops at " << at(p);
    ASSERT_LT(steps, grid.cellCount());
  }
  // Widening to the whole component gives the whole field.
  ASSERT_EQ(builder.extend(h, corridors, {}), "");
  EXPECT_FALSE(corridors.corridorsOnly());
  EXPECT_TRUE(std::equal(corridors.directions().begin(), corridors.directions().end(), whole.directions().begin()));
}

// One random edit of the kinds users make (as hierarchy_update_test's): a cell, a rectangle, a wall.
std::vector<CellEdit> randomEdit(const Grid& g, std::mt19937& rng) {
  std::vector<CellEdit> edits;
  const int kind = static_cast<int>(rng() % 3);
  const Point p{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
  if (kind == 0) {
    edits.push_back({p, g.passable(p) ? '@' : '.'});
  } else if (kind == 1) {
    const int w = 1 + static_cast<int>(rng() % 8), hgt = 1 + static_cast<int>(rng() % 8);
    const char c = rng() % 2 ? '@' : '.';
    for (int y = p.y; y < std::min(p.y + hgt, g.height()); ++y)
      for (int x = p.x; x < std::min(p.x + w, g.width()); ++x) edits.push_back({{x, y}, c});
  } else {
    const bool horizontal = rng() % 2;
    const int length = 5 + static_cast<int>(rng() % 30);
    const char c = rng() % 3 ? '@' : '.';
    for (int k = 0; k < length; ++k) {
      const Point q{p.x + (horizontal ? k : 0), p.y + (horizontal ? 0 : k)};
      if (g.inside(q)) edits.push_back({q, c});
    }
  }
  return edits;
}

// The differential test of refreshes: after each batch of edits, the refreshed field is a correct field
// of the edited map and walks as a field built afresh on it does.
TEST(FlowField, AfterTerrainEditsARefreshedFieldMatchesAFreshOne) {
  for (const char* map : {"den520d.map", "AR0011SR.map"}) {
    Hierarchy h = test::buildHierarchy(test::loadMap(map), HierarchyOptions{});
    std::mt19937 rng(77);
    Point goal = test::randomPassable(h.grid(), rng);
    FlowFieldBuilder builder;
    FlowField refreshed, fresh;
    ASSERT_EQ(builder.build(h, goal, refreshed), "");
    std::vector<double> cost;
    uint64_t kept = 0, integrated = 0;
    size_t tiedSteps = 0;  // steps that differ between equally short ways
    for (int batch = 0; batch < 12; ++batch) {
      const int edits = batch % 3 == 0 ? 1 : 6;  // single edits, and batches of them
      for (int k = 0; k < edits; ++k) {
        std::vector<CellEdit> e = randomEdit(h.grid(), rng);
        e.erase(std::remove_if(e.begin(), e.end(), [&](const CellEdit& c) { return c.cell == goal; }), e.end());
        ASSERT_EQ(h.applyEdits(e), "");
      }
      FlowFieldStats stats;
      ASSERT_EQ(builder.refresh(h, refreshed, &stats), "");
      EXPECT_EQ(refreshed.version(), h.version());
      kept += stats.clustersKept;
      integrated += stats.clustersIntegrated;
      ASSERT_EQ(followField(h, refreshed, cost), "") << map << " batch " << batch;
      ASSERT_EQ(builder.build(h, goal, fresh), "");
      size_t steps = 0;
      EXPECT_EQ(cellsWalkingOtherwise(h, refreshed, fresh, steps), 0u) << map << " batch " << batch;
      tiedSteps += steps;
    }
    // Refreshes rebuild what changed, not everything.
    EXPECT_GT(kept, integrated) << map;
    std::printf("[ flow     ] %s: 12 refreshes kept %llu clusters, integrated %llu; %zu steps tied otherwise\n", map,
                static_cast<unsigned long long>(kept), static_cast<unsigned long long>(integrated), tiedSteps);
  }
}

TEST(FlowField, AfterCostEditsOnAWeightedMapARefreshedFieldMatchesAFreshOne) {
  Hierarchy h = test::buildHierarchy(test::weighRegions(test::loadMap("den520d.map"), 3), HierarchyOptions{});
  std::mt19937 rng(31);
  const Point goal = test::randomPassable(h.grid(), rng);
  FlowFieldBuilder builder;
  FlowField refreshed, fresh;
  ASSERT_EQ(builder.build(h, goal, refreshed), "");
  std::vector<double> cost;
  for (int batch = 0; batch < 6; ++batch) {
    // A patch of new move costs (the terrain kept): a swamp laid or a road paved.
    std::vector<CellEdit> edits;
    const Point p{static_cast<int32_t>(rng() % 240), static_cast<int32_t>(rng() % 240)};
    const uint8_t value = batch % 2 ? 8 : 160;
    for (int32_t y = p.y; y < p.y + 12; ++y)
      for (int32_t x = p.x; x < p.x + 12; ++x) edits.push_back({{x, y}, CellEdit::kKeepTerrain, value});
    ASSERT_EQ(h.applyEdits(edits), "");
    FlowFieldStats stats;
    ASSERT_EQ(builder.refresh(h, refreshed, &stats), "");
    ASSERT_EQ(followField(h, refreshed, cost), "") << "batch " << batch;
    ASSERT_EQ(builder.build(h, goal, fresh), "");
    size_t steps = 0;
    EXPECT_EQ(cellsWalkingOtherwise(h, refreshed, fresh, steps), 0u) << "batch " << batch;
    EXPECT_GT(stats.clustersKept, 0u);
  }
}

TEST(FlowField, AGoalWalledInByAnEditLeavesAFieldWithoutStepsAndSaysWhy) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), HierarchyOptions{});
  std::mt19937 rng(9);
  const Point goal = test::randomPassable(h.grid(), rng);
  FlowFieldBuilder builder;
  FlowField field;
  ASSERT_EQ(builder.build(h, goal, field), "");
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{goal, '@'}}), "");
  EXPECT_EQ(builder.refresh(h, field), "goal " + at(goal) + " is blocked (terrain '@')");
  for (uint8_t d : field.directions()) ASSERT_EQ(d, FlowField::kNoStep);
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{goal, '.'}}), "");
  ASSERT_EQ(builder.refresh(h, field), "");
  std::vector<double> cost;
  EXPECT_EQ(followField(h, field, cost), "");
}

TEST(FlowFieldCache, KeepsFieldsPerGoalAndRefreshesOnlyWhatAnEditTouched) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), HierarchyOptions{});
  std::mt19937 rng(11);
  const Point a = test::randomPassable(h.grid(), rng), b = test::randomPassable(h.grid(), rng);
  FlowFieldCache cache(2);
  std::string error;
  FlowFieldStats stats;
  const FlowField* fa = cache.get(h, a, {}, error, &stats);
  ASSERT_NE(fa, nullptr) << error;
  EXPECT_GT(stats.clustersIntegrated, 0u);
  stats = {};
  EXPECT_EQ(cache.get(h, a, {}, error, &stats), fa);  // cached: no work
  EXPECT_EQ(stats.clustersIntegrated + stats.abstractExpanded, 0u);
  ASSERT_NE(cache.get(h, b, {}, error), nullptr);
  EXPECT_EQ(cache.size(), 2u);
  // A wall inside one cluster, away from the goal's: the next get refreshes a few clusters.
  Point wall = test::randomPassable(h.grid(), rng);
  while (h.layout(1).clusterOf(wall) == h.layout(1).clusterOf(a)) wall = test::randomPassable(h.grid(), rng);
  ASSERT_EQ(h.applyEdits(std::vector<CellEdit>{{wall, '@'}}), "");
  stats = {};
  fa = cache.get(h, a, {}, error, &stats);
  ASSERT_NE(fa, nullptr);
  EXPECT_EQ(fa->version(), h.version());
  EXPECT_GE(stats.clustersIntegrated, 1u);
  EXPECT_LT(stats.clustersIntegrated, static_cast<uint32_t>(h.layout(1).count()) / 4);
  std::vector<double> cost;
  EXPECT_EQ(followField(h, *fa, cost), "");
  // A third goal evicts the least recently used (b).
  const Point c = test::randomPassable(h.grid(), rng);
  ASSERT_NE(cache.get(h, c, {}, error), nullptr);
  EXPECT_EQ(cache.size(), 2u);
  stats = {};
  ASSERT_NE(cache.get(h, a, {}, error, &stats), nullptr);
  EXPECT_EQ(stats.clustersIntegrated, 0u);  // a was kept
}

}  // namespace
}  // namespace hpastar
