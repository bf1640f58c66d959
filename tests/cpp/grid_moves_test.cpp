#include <gtest/gtest.h>

#include <random>

#include "TestMaps.h"
#include "grid/Grid.h"

namespace hpastar {
namespace {
using test::drawGrid;

constexpr int N = 0, NE = 1, E = 2, SE = 3, S = 4, SW = 5, W = 6, NW = 7;

TEST(GridMoves, OpenCellInTheMiddleHasAllEightMoves) {
  const Grid g = drawGrid({"...", "...", "..."});
  EXPECT_EQ(g.moveMask(g.index(1, 1)), 0xFF);
}

TEST(GridMoves, CornerCellOfTheMapHasOnlyInsideMoves) {
  const Grid g = drawGrid({"...", "...", "..."});
  EXPECT_EQ(g.moveMask(g.index(0, 0)), (1 << E) | (1 << SE) | (1 << S));
  EXPECT_EQ(g.moveMask(g.index(2, 2)), (1 << N) | (1 << NW) | (1 << W));
}

TEST(GridMoves, DiagonalStepNeedsBothOrthogonalNeighboursFree) {
  // (1,0) blocked: from (0,0)... use the centre: a wall north of the centre forbids NE and NW.
  const Grid g = drawGrid({".@.", "...", "..."});
  const uint8_t m = g.moveMask(g.index(1, 1));
  EXPECT_FALSE(m & (1 << N));
  EXPECT_FALSE(m & (1 << NE));
  EXPECT_FALSE(m & (1 << NW));
  EXPECT_TRUE(m & (1 << E));
  EXPECT_TRUE(m & (1 << SE));
  // From (0,1) going NE to (1,0) is blocked anyway (target blocked); going from (0,0) SE to (1,1)
  // needs (1,0), which is blocked: no corner cutting.
  EXPECT_FALSE(g.canMove(Point{0, 0}, SE));
  EXPECT_FALSE(g.canMove(Point{2, 0}, SW));
  EXPECT_TRUE(g.canMove(Point{0, 0}, S));
}

TEST(GridMoves, DiagonalBetweenTwoWallsIsForbiddenEvenIfTargetIsFree) {
  const Grid g = drawGrid({".@", "@."});
  EXPECT_FALSE(g.canMove(Point{0, 0}, SE));
  EXPECT_FALSE(g.canMove(Point{1, 1}, NW));
  EXPECT_EQ(g.moveMask(g.index(0, 0)), 0);
}

TEST(GridMoves, OnlyGroundAndSwampArePassableByDefault) {
  const Grid g = drawGrid({".GSWT@O"});
  EXPECT_TRUE(g.passable(0, 0));
  EXPECT_TRUE(g.passable(1, 0));
  EXPECT_TRUE(g.passable(2, 0));
  for (int x = 3; x < 7; ++x) EXPECT_FALSE(g.passable(x, 0)) << "x=" << x;
  EXPECT_EQ(g.terrainAt(3, 0), 'W');  // the terrain character is kept
}

TEST(GridMoves, BlockedCellHasNoMovesAndCellsOutsideAreNotPassable) {
  const Grid g = drawGrid({"...", ".@.", "..."});
  EXPECT_EQ(g.moveMask(g.index(1, 1)), 0);
  EXPECT_FALSE(g.passable(-1, 0));
  EXPECT_FALSE(g.passable(3, 0));
  EXPECT_FALSE(g.passable(0, 3));
}

TEST(GridMoves, SettingTerrainRefreshesTheNeighbourhood) {
  Grid g = drawGrid({"...", "...", "..."});
  ASSERT_TRUE(g.setTerrain(1, 0, 'T'));
  EXPECT_FALSE(g.canMove(Point{0, 0}, E));
  EXPECT_FALSE(g.canMove(Point{1, 1}, NE));
  EXPECT_FALSE(g.canMove(Point{0, 1}, NE));  // would cut the corner of (1,0)
  ASSERT_TRUE(g.setTerrain(1, 0, '.'));
  EXPECT_EQ(g.moveMask(g.index(1, 1)), 0xFF);
  EXPECT_FALSE(g.setTerrain(3, 0, '.'));  // outside
  EXPECT_FALSE(g.setTerrain(0, 0, 'x'));  // not a terrain character
  EXPECT_EQ(g.terrainAt(0, 0), '.');
}

// The rule written plainly: a move needs its target passable, a diagonal one also both straight cells it
// passes (no corner cutting), and nothing leaves the map.
uint8_t movesByTheRule(const Grid& g, int32_t x, int32_t y) {
  if (!g.passable(x, y)) return 0;
  uint8_t mask = 0;
  constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, kDy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};  // N, NE, .. NW
  for (int d = 0; d < 8; ++d) {
    const int dx = kDx[d], dy = kDy[d];
    if (!g.passable(x + dx, y + dy)) continue;
    if (dx != 0 && dy != 0 && !(g.passable(x + dx, y) && g.passable(x, y + dy))) continue;
    mask = static_cast<uint8_t>(mask | 1u << d);
  }
  return mask;
}

TEST(GridMoves, EveryCellsMovesFollowTheRuleOnTheEdgesAndAfterEdits) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    Grid g = drawGrid(test::randomRows(rng, 9, [](std::mt19937& r) { return "..@T"[r() % 4]; }));
    const int32_t w = g.width(), h = g.height();
    for (int edit = 0; edit <= 30; ++edit) {
      for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x < w; ++x)
          ASSERT_EQ(g.moveMask(g.index(x, y)), movesByTheRule(g, x, y))
              << "round " << round << " edit " << edit << " cell " << x << "," << y;
      ASSERT_TRUE(g.setTerrain(static_cast<int32_t>(rng() % static_cast<uint32_t>(w)),
                               static_cast<int32_t>(rng() % static_cast<uint32_t>(h)), ".@"[rng() % 2]));
    }
  }
}

TEST(GridFromTerrain, RejectsWrongSizeAndUnknownCharacters) {
  std::string error;
  std::vector<uint8_t> t(5, '.');
  EXPECT_FALSE(Grid::fromTerrain(2, 2, t, error));
  EXPECT_NE(error.find("5 cells, expected 4"), std::string::npos) << error;
  t.resize(4);
  t[3] = 'x';
  EXPECT_FALSE(Grid::fromTerrain(2, 2, t, error));
  EXPECT_NE(error.find("cell (1, 1)"), std::string::npos) << error;
  EXPECT_FALSE(Grid::fromTerrain(0, 2, t, error));
  EXPECT_FALSE(Grid::fromTerrain(Grid::kMaxSide + 1, 1, t, error));
}

TEST(GridFromTerrain, HandlesA4096By4096Grid) {
  std::string error;
  std::vector<uint8_t> t(4096u * 4096u, '.');
  auto g = Grid::fromTerrain(4096, 4096, t, error);
  ASSERT_TRUE(g) << error;
  EXPECT_TRUE(g->canMove(Point{4095, 4095}, NW));
  EXPECT_FALSE(g->canMove(Point{4095, 4095}, SE));
}

}  // namespace
}  // namespace hpastar
