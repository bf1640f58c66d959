#include <gtest/gtest.h>

#include "TestMaps.h"
#include "hpa/HpaStarQuery.h"
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

// HPA* hands the smoother the joints between its refined edges, so that lines are only tried across
// them (each refined edge is a shortest path inside its cluster). That must change nothing: the
// planner's smoothed path equals its raw path smoothed without joints, cell for cell.
void expectJointsChangeNothing(const std::string& mapName, const HierarchyOptions& options) {
  const Grid g = test::loadMap(mapName);
  const Hierarchy h = test::buildHierarchy(g, options);
  HpaStarQuery query(h);
  PathSmoother plain;
  const int32_t range = 2 * options.clusterSize;
  size_t checked = 0, changed = 0;
  for (const Scenario& s : test::loadScenarios(mapName, g)) {
    if (s.line % 3 != 0) continue;  // a third of the file is plenty
    PathResult raw, smoothed;
    ASSERT_EQ(query.findPath(s.start, s.goal, raw, HpaQueryOptions{.smooth = false}), PathStatus::Found);
    ASSERT_EQ(query.findPath(s.start, s.goal, smoothed, HpaQueryOptions{.smooth = true, .smoothingRange = range}),
              PathStatus::Found);
    std::vector<Point> cells = raw.cells;
    plain.smooth(g, cells, range);
    ASSERT_EQ(cells, smoothed.cells) << mapName << " line " << s.line;
    ++checked;
    changed += smoothed.cells != raw.cells;
  }
  EXPECT_GT(checked, 100u);
  EXPECT_GT(changed, checked / 10);  // smoothing did real work on these paths
}

TEST(PathSmoother, JointsBetweenRefinedEdgesChangeNothingForHpaStar) {
  expectJointsChangeNothing("brc202d.map", HierarchyOptions{});
  expectJointsChangeNothing("den520d.map", HierarchyOptions{.levels = 2, .cachePaths = true});
}

TEST(PathSmoother, JointsBetweenRefinedEdgesChangeNothingForDhpaStar) {
  expectJointsChangeNothing("brc202d.map", HierarchyOptions{.clusterSize = 20, .cacheTrees = true, .landmarks = 16});
  expectJointsChangeNothing("AR0011SR.map", HierarchyOptions{.cacheTrees = true});
}

}  // namespace
}  // namespace hpastar
