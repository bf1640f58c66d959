#include "grid/Clearance.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "TestMaps.h"
#include "grid/CapabilityNames.h"
#include "path/FootprintValidator.h"

namespace hpastar {
namespace {
using test::drawGrid;

Capability clearanceCapabilityOf(const std::string& names) {
  std::string error;
  const auto capability = parseCapability(names, error);
  if (!capability) throw std::runtime_error(error);
  return *capability;
}

// The map's values as rows of digits, to compare with rows written by hand.
std::vector<std::string> digitRows(const ClearanceMap& map) {
  std::vector<std::string> rows;
  for (int32_t y = 0; y < map.height(); ++y) {
    std::string row;
    for (int32_t x = 0; x < map.width(); ++x) row += std::to_string(map.at(x, y));
    rows.push_back(row);
  }
  return rows;
}

const Capability kGround = Capability{1u << static_cast<uint8_t>(TerrainKind::Ground)};

TEST(Clearance, TrueClearanceOfASmallMapIsTheLargestFreeSquareDownAndRight) {
  // Worked by hand from the bottom-right corner: the last row and column are 1 (the map's edge stops
  // the square), then 1 + the smallest of the right, lower and lower-right values.
  // (0,2) = 2: the square (0..1, 2..3) is free and a 3x3 square would leave the map.
  // (1,0) = 1: its 2x2 square holds the wall at (1,1).
  const Grid g = drawGrid({
      "....",
      ".@..",
      "....",
      "....",
  });
  EXPECT_EQ(digitRows(ClearanceMap::trueClearance(g, kGround)), (std::vector<std::string>{
                                                                    "1121",
                                                                    "1021",
                                                                    "2221",
                                                                    "1111",
                                                                }));
}

TEST(Clearance, TrueAndBrushfireClearanceDifferAroundOneObstacle) {
  // 7x7 ground with one obstacle in the middle. True clearance, by hand: (0,0) = 3 (a 4x4 square would
  // hold (3,3)); (1,1) = 2 (its 3x3 square holds (3,3)); (2,2) = 1 (its 2x2 square holds (3,3)).
  const Grid g = drawGrid({
      ".......",
      ".......",
      ".......",
      "...@...",
      ".......",
      ".......",
      ".......",
  });
  EXPECT_EQ(digitRows(ClearanceMap::trueClearance(g, kGround)), (std::vector<std::string>{
                                                                    "3333321",
                                                                    "3222321",
                                                                    "3211321",
                                                                    "3210321",
                                                                    "3333321",
                                                                    "2222221",
                                                                    "1111111",
                                                                }));
  // Brushfire, by hand: the ring along the map's edge is 1 (the outside counts as an obstacle), so are
  // the 8 neighbours of the obstacle; the cells between them are 2 (Chebyshev distance 2 to both).
  const ClearanceMap brushfire = ClearanceMap::brushfire(g, kGround);
  EXPECT_EQ(brushfire.kind(), ClearanceKind::Brushfire);
  EXPECT_EQ(digitRows(brushfire), (std::vector<std::string>{
                                      "1111111",
                                      "1222221",
                                      "1211121",
                                      "1210121",
                                      "1211121",
                                      "1222221",
                                      "1111111",
                                  }));
}

TEST(Clearance, BrushfireGrowsFromObstaclesByChebyshevDistance) {
  // A wide open room: values climb by one per ring from the walls, diagonal neighbours included.
  const Grid g = drawGrid({
      "@@@@@@@@@",
      "@.......@",
      "@.......@",
      "@.......@",
      "@.......@",
      "@.......@",
      "@@@@@@@@@",
  });
  EXPECT_EQ(digitRows(ClearanceMap::brushfire(g, kGround)), (std::vector<std::string>{
                                                                "000000000",
                                                                "011111110",
                                                                "012222210",
                                                                "012333210",
                                                                "012222210",
                                                                "011111110",
                                                                "000000000",
                                                            }));
}

// A toy map of the kind of the article's (10x10, ground '.', water 'W' and obstacles '@'). The
// article's Figures 3 and 8-10 are pictures whose numbers its text does not carry, so this map is drawn
// anew and its values worked from the definition (each the largest free square down and to the
// right), with a few of them argued in the comments.
std::vector<std::string> clearanceToyMap() {
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

TEST(Clearance, ToyMapForGroundOnly) {
  // (5,0) = 4: x 5..8, y 0..3 is ground, and a 5x5 square would reach the water at (5,4).
  // (4,7) = 3: x 4..6, y 7..9 is ground and the map ends below row 9.
  // (0,4) = 2: x 0..1, y 4..5 is ground; the water row 6 stops a third row.
  EXPECT_EQ(digitRows(ClearanceMap::trueClearance(drawGrid(clearanceToyMap()), clearanceCapabilityOf("ground"))),
            (std::vector<std::string>{
                "2222244321",
                "2111133321",
                "2100022221",
                "2100011121",
                "2222100021",
                "1111100021",
                "0000000021",
                "0000333321",
                "2222222221",
                "1111111111",
            }));
}

TEST(Clearance, ToyMapForWaterOnly) {
  // (5,4) = 3: the pool x 5..7, y 4..6 is all water. (0,6) = 2: x 0..1, y 6..7.
  EXPECT_EQ(digitRows(ClearanceMap::trueClearance(drawGrid(clearanceToyMap()), clearanceCapabilityOf("water"))),
            (std::vector<std::string>{
                "0000000000",
                "0000000000",
                "0000000000",
                "0000000000",
                "0000032100",
                "0000022100",
                "2211111100",
                "1110000000",
                "0000000000",
                "0000000000",
            }));
}

TEST(Clearance, ToyMapForGroundAndWater) {
  // With water allowed, the pool no longer cuts the map: (4,4) = 6 (x 4..9, y 4..9 holds ground and
  // water only and reaches both edges); (0,4) = 3 (x 0..2, y 4..6; the obstacle (3,7) stops a fourth).
  EXPECT_EQ(digitRows(ClearanceMap::trueClearance(drawGrid(clearanceToyMap()), clearanceCapabilityOf("ground,water"))),
            (std::vector<std::string>{
                "2222254321",
                "2111154321",
                "2100054321",
                "2100054321",
                "3333654321",
                "3222554321",
                "3211444321",
                "3210333321",
                "2222222221",
                "1111111111",
            }));
}

TEST(Clearance, TrueClearanceIsTheLargestFittingSquareOnRandomMaps) {
  // The dynamic programme against its definition, square by square, on random maps of four terrains.
  std::mt19937 rng(15);
  const char kinds[] = ".TW@";
  for (int round = 0; round < 40; ++round) {
    const int w = 1 + static_cast<int>(rng() % 12), h = 1 + static_cast<int>(rng() % 12);
    std::vector<std::string> rows(static_cast<size_t>(h), std::string(static_cast<size_t>(w), '.'));
    for (auto& row : rows)
      for (char& c : row) c = kinds[rng() % 4];
    const Grid g = drawGrid(rows);
    for (const char* names : {"ground", "trees", "ground,trees", "ground,water,trees"}) {
      const Capability capability = clearanceCapabilityOf(names);
      const ClearanceMap map = ClearanceMap::trueClearance(g, capability);
      const ClearanceMap brushfire = ClearanceMap::brushfire(g, capability);
      for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x < w; ++x) {
          int32_t largest = 0;
          while (footprintFits(g, capability, largest + 1, Point{x, y})) ++largest;
          ASSERT_EQ(map.at(x, y), largest) << names << " at " << x << "," << y;
          // Brushfire never promises more room than there is.
          ASSERT_LE(brushfire.at(x, y), map.at(x, y)) << names << " at " << x << "," << y;
        }
    }
  }
}

TEST(Clearance, ValuesAreCappedAt255) {
  const Grid g(300, 300);
  const ClearanceMap map = ClearanceMap::trueClearance(g, kGround);
  EXPECT_EQ(map.at(0, 0), 255);
  EXPECT_EQ(map.at(299 - 254, 0), 255);  // 255 columns to the edge
  EXPECT_EQ(map.at(299 - 253, 0), 254);
  EXPECT_EQ(map.at(299, 299), 1);
  EXPECT_EQ(map.at(-1, 0), 0);                                       // outside the map
  EXPECT_EQ(ClearanceMap::brushfire(g, kGround).at(150, 150), 150);  // 150 cells to the outside at x = 300
}

TEST(CapabilityNames, ParsesACommaListOfTerrainNames) {
  std::string error;
  const auto capability = parseCapability("ground, trees", error);
  ASSERT_TRUE(capability) << error;
  EXPECT_TRUE(capability->allows(TerrainKind::Ground));
  EXPECT_TRUE(capability->allows(TerrainKind::Trees));
  EXPECT_FALSE(capability->allows(TerrainKind::Water));
  EXPECT_FALSE(capability->allows(TerrainKind::OutOfBounds));
  EXPECT_EQ(capabilityText(*capability), "ground,trees");
  EXPECT_EQ(parseCapability("ground,swamp", error), Capability::movingAIDefault());
  EXPECT_EQ(capabilityText(Capability::movingAIDefault()), "ground,swamp");
}

TEST(CapabilityNames, RefusesUnknownRepeatedAndEmptyNamesSayingWhich) {
  std::string error;
  EXPECT_FALSE(parseCapability("ground,lava", error));
  EXPECT_EQ(error, "capability \"ground,lava\": unknown terrain \"lava\" (known: ground, swamp, water, trees)");
  EXPECT_FALSE(parseCapability("trees,trees", error));
  EXPECT_EQ(error, "capability \"trees,trees\" names \"trees\" twice");
  EXPECT_FALSE(parseCapability("ground,", error));
  EXPECT_EQ(error, "capability \"ground,\" has an empty item");
  EXPECT_FALSE(parseCapability("", error));
  EXPECT_NE(error.find("is empty"), std::string::npos);
  EXPECT_FALSE(parseCapability("out of bounds", error));
}

}  // namespace
}  // namespace hpastar
