#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "TestMaps.h"
#include "grid/Grid.h"
#include "hpa/ClusterRegions.h"

namespace hpastar {
namespace {
using test::drawGrid;

// The labels written plainly: a flood fill over the grid's legal moves (all 8) that stay inside the area,
// from each unlabelled passable cell in row-major order.
std::vector<uint32_t> floodFillLabels(const Grid& g, const Rect& area, uint32_t& count) {
  const int32_t w = area.width();
  std::vector<uint32_t> labels(static_cast<size_t>(area.area()), 0);
  count = 0;
  for (int32_t y = area.y0; y < area.y1; ++y)
    for (int32_t x = area.x0; x < area.x1; ++x) {
      if (!g.passable(x, y) || labels[static_cast<size_t>((y - area.y0) * w + (x - area.x0))]) continue;
      ++count;
      std::vector<Point> stack = {Point{x, y}};
      labels[static_cast<size_t>((y - area.y0) * w + (x - area.x0))] = count;
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        for (int d = 0; d < kDirCount; ++d) {
          const Point q{p.x + kDirDx[d], p.y + kDirDy[d]};
          if (!area.contains(q) || !g.canMove(p, d)) continue;
          uint32_t& l = labels[static_cast<size_t>((q.y - area.y0) * w + (q.x - area.x0))];
          if (l == 0) {
            l = count;
            stack.push_back(q);
          }
        }
      }
    }
  return labels;
}

TEST(ClusterRegions, LabelsAreTheFloodFillsOverLegalMovesInRowMajorOrder) {
  std::mt19937 rng(11);
  for (int round = 0; round < 200; ++round) {
    const uint32_t wallShare = rng() % 7;  // from open to mostly walls
    const Grid g =
        drawGrid(test::randomRows(rng, 20, [&](std::mt19937& r) { return r() % 8 < wallShare ? '@' : '.'; }));
    const int32_t w = g.width(), h = g.height();
    // An area inside the map, touching its edges or not.
    const int32_t x0 = static_cast<int32_t>(rng() % static_cast<uint32_t>(w));
    const int32_t y0 = static_cast<int32_t>(rng() % static_cast<uint32_t>(h));
    const Rect area{x0, y0, x0 + 1 + static_cast<int32_t>(rng() % static_cast<uint32_t>(w - x0)),
                    y0 + 1 + static_cast<int32_t>(rng() % static_cast<uint32_t>(h - y0))};
    uint32_t expectedCount = 0;
    const std::vector<uint32_t> expected = floodFillLabels(g, area, expectedCount);
    std::vector<uint32_t> labels;
    ASSERT_EQ(labelClusterRegions(g, area, labels), expectedCount) << "round " << round;
    ASSERT_EQ(labels, expected) << "round " << round;
  }
}

TEST(ClusterRegions, TwoCellsTouchingOnlyAtACornerAreApart) {
  // A diagonal move between two walls is illegal (no corner cutting), so these are two parts.
  const Grid g = drawGrid({".@", "@."});
  std::vector<uint32_t> labels;
  EXPECT_EQ(labelClusterRegions(g, Rect{0, 0, 2, 2}, labels), 2u);
  EXPECT_EQ(labels, (std::vector<uint32_t>{1, 0, 0, 2}));
}

TEST(ClusterRegions, AUShapeJoinedBelowIsOnePartNumberedFromItsFirstCell) {
  // The two arms start as separate runs and meet in the last row: one label, 1, on every cell.
  const Grid g = drawGrid({".@.", ".@.", "..."});
  std::vector<uint32_t> labels;
  EXPECT_EQ(labelClusterRegions(g, Rect{0, 0, 3, 3}, labels), 1u);
  EXPECT_EQ(labels, (std::vector<uint32_t>{1, 0, 1, 1, 0, 1, 1, 1, 1}));
}

}  // namespace
}  // namespace hpastar
