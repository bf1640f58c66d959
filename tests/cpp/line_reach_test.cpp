#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "TestMaps.h"
#include "grid/LineReach.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/VersionedHierarchy.h"

namespace hpastar {
namespace {

// The reach the plain way: the legal moves in a row from the cell, counted one by one.
int32_t walkedReach(const Grid& g, Point p, int dir) {
  int32_t k = 0;
  while (g.canMove(p, dir)) {
    p = Point{p.x + kDirDx[dir], p.y + kDirDy[dir]};
    ++k;
  }
  return k;
}

// Every cell and stored direction: the byte is the walked reach (saturated at 255), and the line ends
// where the walk stops (past 255 too, in hops).
void expectReachEqualsTheMovesWalked(const Grid& g, const LineReach& reach) {
  for (int32_t y = 0; y < g.height(); ++y)
    for (int32_t x = 0; x < g.width(); ++x)
      for (int d = 2; d <= 5; ++d) {
        const int32_t walked = walkedReach(g, Point{x, y}, d);
        ASSERT_EQ(reach.stored(g.index(x, y), d), std::min(walked, 255)) << x << "," << y << " dir " << d;
        ASSERT_EQ(reach.lineEnd(g.index(x, y), d), g.index(x + walked * kDirDx[d], y + walked * kDirDy[d]))
            << x << "," << y << " dir " << d << " walked " << walked;
      }
}

// A hand-drawn map wide and tall enough for lines past 255 (the hops), with walls, corners that forbid
// diagonals, and open rows that run to the map's edge.
Grid longLinesMap() {
  std::vector<std::string> rows(300, std::string(620, '.'));
  rows[5][400] = '@';                                 // stops row 5 and the diagonals through it
  for (int y = 20; y < 280; ++y) rows[y][300] = 'T';  // a long wall with a gap
  rows[150][300] = '.';
  rows[200][100] = rows[201][101] = '@';                 // a diagonal pair: no move between (100,201) and (101,200)
  for (int x = 0; x < 620; x += 97) rows[299][x] = '@';  // bumps along the bottom edge
  return test::drawGrid(rows);
}

TEST(LineReach, EqualsTheMovesWalkedOneByOne) {
  for (const Grid& g : {test::loadMap("den520d.map"), test::loadMap("arena.map"), longLinesMap(),
                        test::drawGrid({"..@", ".@.", "..."}), test::drawGrid({"."})}) {
    expectReachEqualsTheMovesWalked(g, LineReach(g));
  }
}

// reaches(): for every cell, all 8 directions and lengths around the walked reach (and past 255 on the
// long lines), the answer is whether the walk gets that far.
TEST(LineReach, ReachesInEveryDirectionExactlyAsFarAsTheMovesWalked) {
  int64_t checked = 0;
  for (const Grid& g : {test::loadMap("arena.map"), longLinesMap(), test::drawGrid({"..@", ".@.", "..."})}) {
    const LineReach reach(g);
    for (int32_t y = 0; y<g.height(); y += g.height()> 100 ? 7 : 1)
      for (int32_t x = 0; x<g.width(); x += g.width()> 100 ? 11 : 1)
        for (int d = 0; d < kDirCount; ++d) {
          const int32_t walked = walkedReach(g, Point{x, y}, d);
          for (int32_t steps : {0, 1, walked - 1, walked, walked + 1}) {
            // Only lines that stay inside the map (the contract).
            const int32_t ex = x + steps * kDirDx[d], ey = y + steps * kDirDy[d];
            if (steps < 0 || ex < 0 || ey < 0 || ex >= g.width() || ey >= g.height()) continue;
            ASSERT_EQ(reach.reaches(g.index(x, y), d, steps), steps <= walked)
                << x << "," << y << " dir " << d << " steps " << steps << " walked " << walked;
            ++checked;
          }
        }
  }
  EXPECT_GT(checked, 10000);
}

// The edits users make: a cell, a rectangle, a wall or a corridor, blocked with '@' or 'T' (both
// blocked) or cleared.
std::vector<Point> randomEditCells(const Grid& g, std::mt19937& rng) {
  std::vector<Point> cells;
  const Point p{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
  const int kind = static_cast<int>(rng() % 3);
  const int w = kind == 2 ? 1 : 1 + static_cast<int>(rng() % (kind == 0 ? 1 : 40));
  const int h = kind == 1 ? 1 : 1 + static_cast<int>(rng() % (kind == 0 ? 1 : 40));
  for (int y = p.y; y < std::min(p.y + h, g.height()); ++y)
    for (int x = p.x; x < std::min(p.x + w, g.width()); ++x) cells.push_back({x, y});
  return cells;
}

// The differential test of refreshAround: after thousands of random edits, each followed by the refresh
// of its cells, the table equals one built afresh from the edited grid.
TEST(LineReach, RefreshedAfterEveryEditEqualsAFreshBuild) {
  std::mt19937 rng(19);
  for (Grid g : {test::loadMap("den520d.map"), longLinesMap()}) {
    LineReach reach(g);
    int edits = 0;
    for (int batch = 0; batch < 20; ++batch) {
      for (int k = 0; k < 50; ++k) {
        const char c = "@T.."[rng() % 4];
        for (const Point p : randomEditCells(g, rng)) {
          const bool was = g.passable(p);
          g.setTerrain(p.x, p.y, c);
          if (was != g.passable(p)) reach.refreshAround(g, p);
          ++edits;
        }
      }
      ASSERT_TRUE(reach == LineReach(g)) << "after batch " << batch;
    }
    expectReachEqualsTheMovesWalked(g, reach);
    EXPECT_GT(edits, 5000);
  }
}

// A batch refreshed once all its changes are on the grid (Hierarchy::applyEdits does so): a few hundred
// changed cells refreshed one by one after the batch, and batches large enough for a build, both equal a
// fresh build.
TEST(LineReach, ABatchRefreshedAfterAllItsChangesEqualsAFreshBuild) {
  std::mt19937 rng(23);
  for (Grid g : {test::loadMap("den520d.map"), longLinesMap()}) {
    LineReach reach(g);
    const size_t rebuildFrom = static_cast<size_t>(g.cellCount()) / 128;
    for (const size_t flips : {size_t{1}, size_t{40}, rebuildFrom / 2, rebuildFrom - 1, rebuildFrom, 4 * rebuildFrom}) {
      std::vector<Point> flipped;
      while (flipped.size() < flips) {
        const char c = "@T.."[rng() % 4];
        for (const Point p : randomEditCells(g, rng)) {
          const bool was = g.passable(p);
          g.setTerrain(p.x, p.y, c);
          if (was != g.passable(p)) flipped.push_back(p);
        }
      }
      reach.refresh(g, flipped);
      ASSERT_TRUE(reach == LineReach(g)) << flipped.size() << " cells changed";
    }
    expectReachEqualsTheMovesWalked(g, reach);
  }
}

// The hierarchy keeps its table with its grid: through applyEdits on a version searches hold (edited as
// a copy) and on one nobody holds (edited in place), and through saving and loading.
TEST(LineReach, TheHierarchysTableFollowsEditsVersionsAndLoading) {
  const Grid grid = test::loadMap("AR0011SR.map");
  VersionedHierarchy versions(test::buildHierarchy(grid, HierarchyOptions{.clusterSize = 16, .cacheTrees = true}));
  std::mt19937 rng(7);
  for (int round = 0; round < 12; ++round) {
    VersionedHierarchy::Snapshot held;
    if (round % 2) held = versions.current();  // odd rounds: the edit goes to a copy
    const LineReach before = held ? held->lineReach() : LineReach();
    std::vector<CellEdit> edits;
    for (int k = 0; k < 20; ++k) {
      const char c = "@.T"[rng() % 3];
      for (const Point p : randomEditCells(grid, rng)) edits.push_back({p, c});
    }
    ASSERT_EQ(versions.applyEdits(edits), "");
    const VersionedHierarchy::Snapshot now = versions.current();
    ASSERT_TRUE(now->lineReach() == LineReach(now->grid())) << "round " << round;
    if (held) {
      EXPECT_TRUE(held->lineReach() == before) << "a held version changed";
    }
  }
  const VersionedHierarchy::Snapshot last = versions.current();
  std::string error;
  const std::optional<Hierarchy> loaded = deserializeHierarchy(serializeHierarchy(*last), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->lineReach() == last->lineReach());
  EXPECT_EQ(loaded->stats().lineReachBytes, 4u * static_cast<size_t>(grid.cellCount()));
}

}  // namespace
}  // namespace hpastar
