// Maps at the edges of what the planners accept: one row, one column, one cell, no open cell, one open
// cell, start == goal, and the largest all-open square. Every planner must answer every pair of cells as
// A* does (found exactly when A* finds a path, valid paths never shorter), without crashing or hanging.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"

namespace hpastar {
namespace {

struct DegenerateMap {
  std::string name;
  Grid grid;
};

Grid row(int32_t width, int32_t height, const std::string& line) {
  std::vector<std::string> rows(static_cast<size_t>(height), line.substr(0, static_cast<size_t>(width)));
  return test::drawGrid(rows);
}

std::vector<DegenerateMap> degenerateMaps() {
  std::vector<DegenerateMap> maps;
  maps.push_back({"1x1 open", test::drawGrid({"."})});
  maps.push_back({"1x1 blocked", test::drawGrid({"@"})});
  maps.push_back({"1x37 open row", row(37, 1, std::string(37, '.'))});
  maps.push_back({"1x37 row cut by a wall", row(37, 1, std::string(18, '.') + "@" + std::string(18, '.'))});
  std::vector<std::string> column(37, ".");
  maps.push_back({"37x1 open column", test::drawGrid(column)});
  column[20] = "T";
  maps.push_back({"37x1 column cut by a tree", test::drawGrid(column)});
  maps.push_back({"8x8 all blocked", test::drawGrid(std::vector<std::string>(8, "@@@@@@@@"))});
  std::vector<std::string> one(9, "@@@@@@@@@");
  one[4][7] = '.';
  maps.push_back({"9x9 with one open cell", test::drawGrid(one)});
  maps.push_back({"2x2 open", test::drawGrid({"..", ".."})});
  maps.push_back({"3x3 open", test::drawGrid({"...", "...", "..."})});
  return maps;
}

using FindPath = std::function<PathStatus(Point, Point, PathResult&)>;

struct Planner {
  std::string name;
  // Builds the planner for a grid; the returned function answers queries (it keeps what it built).
  std::function<FindPath(const Grid&)> build;
};

FindPath hpaPlanner(const Grid& grid, const HierarchyOptions& options, bool smooth) {
  auto h = std::make_shared<Hierarchy>(test::buildHierarchy(grid, options));
  auto query = std::make_shared<HpaStarQuery>(*h);
  HpaQueryOptions q;
  q.smooth = smooth;
  return [h, query, q](Point s, Point g, PathResult& out) { return query->findPath(s, g, out, q); };
}

HierarchyOptions hierarchy(int32_t cluster, int32_t levels) {
  HierarchyOptions o;
  o.clusterSize = cluster;
  o.levels = levels;
  return o;
}

std::vector<Planner> planners() {
  std::vector<Planner> list;
  list.push_back({"A*", [](const Grid& grid) -> FindPath {
                    auto a = std::make_shared<AStarSearch>();
                    return [a, &grid](Point s, Point g, PathResult& out) { return a->findPath(grid, s, g, out); };
                  }});
  for (int32_t levels = 1; levels <= 3; ++levels)
    list.push_back({"HPA* cluster 2, " + std::to_string(levels) + " levels",
                    [levels](const Grid& grid) { return hpaPlanner(grid, hierarchy(2, levels), true); }});
  list.push_back({"HPA* cluster 3, 2 levels, unsmoothed",
                  [](const Grid& grid) { return hpaPlanner(grid, hierarchy(3, 2), false); }});
  list.push_back({"HPA* default (cluster larger than the map)",
                  [](const Grid& grid) { return hpaPlanner(grid, HierarchyOptions{}, true); }});
  list.push_back({"HPA* cached paths", [](const Grid& grid) {
                    HierarchyOptions o = hierarchy(2, 2);
                    o.cachePaths = true;
                    o.entranceWidth = 1;
                    return hpaPlanner(grid, o, true);
                  }});
  list.push_back({"DHPA*", [](const Grid& grid) {
                    HierarchyOptions o = hierarchy(2, 2);
                    o.cacheTrees = true;
                    return hpaPlanner(grid, o, true);
                  }});
  list.push_back({"DHPA* with landmarks and the distance table", [](const Grid& grid) {
                    HierarchyOptions o = hierarchy(3, 1);
                    o.cacheTrees = true;
                    o.landmarks = 4;
                    o.distanceTable = true;
                    return hpaPlanner(grid, o, false);
                  }});
  list.push_back({"HPA* with landmarks, 3 levels", [](const Grid& grid) {
                    HierarchyOptions o = hierarchy(2, 3);
                    o.landmarks = 32;
                    return hpaPlanner(grid, o, true);
                  }});
  list.push_back({"SHPA*", [](const Grid& grid) -> FindPath {
                    std::string error;
                    auto g = ShpaStarGraph::build(std::make_shared<const Grid>(grid), ShpaOptions{}, error);
                    if (!g) throw std::runtime_error(error);
                    auto graph = std::make_shared<ShpaStarGraph>(std::move(*g));
                    auto query = std::make_shared<ShpaStarQuery>(*graph);
                    return
                        [graph, query](Point s, Point goal, PathResult& out) { return query->findPath(s, goal, out); };
                  }});
  return list;
}

// Every ordered pair of cells of the map (blocked ones included, and one outside) through `findPath`
// and A*: the same status; when found, a valid path never shorter than A*'s, and the one-cell path of
// cost 0 when start == goal.
void agreeWithAStarOnEveryPair(const Grid& grid, const FindPath& findPath, const std::string& what) {
  std::vector<Point> cells;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) cells.push_back(Point{x, y});
  cells.push_back(Point{grid.width(), 0});  // outside
  AStarSearch astar;
  PathResult r, a;
  for (Point s : cells)
    for (Point g : cells) {
      r.reset();
      a.reset();
      const PathStatus mine = findPath(s, g, r), optimal = astar.findPath(grid, s, g, a);
      const std::string pair = what + ": (" + std::to_string(s.x) + "," + std::to_string(s.y) + ") -> (" +
                               std::to_string(g.x) + "," + std::to_string(g.y) + ")";
      ASSERT_EQ(pathStatusName(mine), pathStatusName(optimal)) << pair;
      if (mine != PathStatus::Found) continue;
      ASSERT_TRUE(test::isValidPath(grid, s, g, r)) << pair;
      ASSERT_GE(r.cost, a.cost - 1e-9) << pair;
      if (s == g) {
        ASSERT_EQ(r.cells.size(), 1u) << pair;
        ASSERT_EQ(r.cost, 0.0) << pair;
      }
    }
}

TEST(DegenerateMaps, EveryPlannerAnswersEveryPairOfThinTinyAndBlockedMapsAsAStarDoes) {
  for (const DegenerateMap& map : degenerateMaps())
    for (const Planner& planner : planners()) {
      SCOPED_TRACE(map.name + ", " + planner.name);
      FindPath findPath;
      ASSERT_NO_THROW(findPath = planner.build(map.grid));
      ASSERT_NO_FATAL_FAILURE(agreeWithAStarOnEveryPair(map.grid, findPath, map.name + ", " + planner.name));
    }
}

TEST(DegenerateMaps, AllBlockedAndSingleCellHierarchiesHaveNoNodesAndNoComponentsToJoin) {
  const Grid blocked = test::drawGrid(std::vector<std::string>(8, "@@@@@@@@"));
  const Hierarchy h = test::buildHierarchy(blocked, hierarchy(2, 3));
  EXPECT_EQ(h.stats().levels[0].nodes, 0u);
  EXPECT_EQ(h.stats().components, 0u);
  const Hierarchy one = test::buildHierarchy(test::drawGrid({"."}), hierarchy(2, 3));
  EXPECT_EQ(one.stats().levels[0].nodes, 0u);
  EXPECT_EQ(one.stats().components, 1u);
}

// The largest square grid (4096 x 4096, Grid::kMaxCells), all open, with the default options: about
// 200 MB of hierarchy (estimated exactly: every cluster is the same), well inside the default budget,
// and about 10 s to build on a busy 2-core machine (larger clusters are slower: 256 x 256 took 16 s).
TEST(DegenerateMaps, TheLargestAllOpenSquareBuildsWithTheDefaultsAndAnswersCornerToCorner) {
  const Grid grid(4096, 4096);
  ASSERT_EQ(grid.cellCount(), Grid::kMaxCells);
  const HierarchyOptions o;
  const auto t0 = std::chrono::steady_clock::now();
  const Hierarchy h = test::buildHierarchy(grid, o);
  HpaStarQuery query(h);
  PathResult r;
  const Point s{0, 0}, g{4095, 4095};
  ASSERT_EQ(query.findPath(s, g, r), PathStatus::Found);
  EXPECT_TRUE(test::isValidPath(grid, s, g, r));
  EXPECT_NEAR(r.cost, 4095 * kSqrt2, 1e-6);
  r.reset();
  const Point mid{2047, 1}, far{2048, 4090};
  ASSERT_EQ(query.findPath(mid, far, r), PathStatus::Found);
  EXPECT_TRUE(test::isValidPath(grid, mid, far, r));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(seconds, 90.0) << "the largest grid must stay quick to build with large clusters";
}

}  // namespace
}  // namespace hpastar
