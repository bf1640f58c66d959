#include <gtest/gtest.h>

#include "TestMaps.h"
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

}  // namespace
}  // namespace hpastar
