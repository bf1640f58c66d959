#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestMaps.h"
#include "path/FootprintValidator.h"

namespace hpastar {
namespace {
using test::drawGrid;

const Capability kGroundAndWater{(1u << static_cast<uint8_t>(TerrainKind::Ground)) |
                                 (1u << static_cast<uint8_t>(TerrainKind::Water))};

// A 2x2 agent of ground and water on a map with one tree and one wall.
PathCheck check(const std::vector<Point>& cells, double cost) {
  const Grid grid = drawGrid({
      "....W",
      "....W",
      "T...W",
      "...@.",
  });
  return validateFootprintPath(grid, kGroundAndWater, 2, cells.front(), cells.back(), cells, cost);
}

TEST(FootprintValidator, AcceptsAPathWhoseEverySquareFits) {
  const PathCheck c = check({{1, 0}, {2, 0}, {3, 0}, {3, 1}}, 3.0);
  EXPECT_TRUE(c.valid) << c.problem;
  EXPECT_DOUBLE_EQ(c.recomputedCost, 3.0);
  EXPECT_TRUE(check({{1, 0}, {2, 1}}, kSqrt2).valid);  // the squares at (2,0) and (1,1) fit too
}

TEST(FootprintValidator, RefusesASquareOnTerrainOutsideTheCapability) {
  // The square at (0,1) holds the tree at (0,2).
  const PathCheck c = check({{1, 0}, {0, 1}}, kSqrt2);
  EXPECT_FALSE(c.valid);
  EXPECT_EQ(c.problem, "cell 1: the 2x2 square at (0, 1) leaves the map or holds terrain outside the capability");
  // The square at (2,2) holds the wall at (3,3); the one at (4,0) leaves the map.
  EXPECT_FALSE(check({{2, 1}, {2, 2}}, 1.0).valid);
  EXPECT_FALSE(check({{3, 0}, {4, 0}}, 1.0).valid);
}

TEST(FootprintValidator, RefusesACutCornerAJumpAndAWrongCost) {
  // (2,1) -> (1,2): both squares fit, and so does the intermediate one at (1,1), but the other one,
  // at (2,2), holds the wall at (3,3): the square would sweep it.
  const PathCheck cut = check({{2, 1}, {1, 2}}, kSqrt2);
  EXPECT_FALSE(cut.valid);
  EXPECT_EQ(cut.problem, "step 1 from (2, 1) to (1, 2) cuts a corner: the 2x2 square at (2, 2) is not free");
  const PathCheck jump = check({{1, 0}, {3, 0}}, 2.0);
  EXPECT_EQ(jump.problem, "step 1 from (1, 0) to (3, 0) is not one of the 8 moves");
  const PathCheck cost = check({{1, 0}, {2, 0}}, 1.5);
  EXPECT_FALSE(cost.valid);
  EXPECT_NE(cost.problem.find("differs from the recomputed"), std::string::npos) << cost.problem;
}

}  // namespace
}  // namespace hpastar
