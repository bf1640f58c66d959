#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "TestMaps.h"
#include "hpa/Hierarchy.h"

namespace hpastar {
namespace {

bool contains(const std::vector<int32_t>& ids, int32_t id) { return std::binary_search(ids.begin(), ids.end(), id); }

TEST(RebuiltClusters, TheRebuiltClusterIdsCoverTheEditedCellsAtEveryLevel) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.clusterSize = 10;
  o.levels = 3;
  Hierarchy h = test::buildHierarchy(g, o);
  std::mt19937 rng(17);
  for (int round = 0; round < 30; ++round) {
    std::vector<CellEdit> edits;
    const Point p = test::randomPassable(h.grid(), rng);
    const int w = 1 + static_cast<int>(rng() % 15), ht = 1 + static_cast<int>(rng() % 15);
    for (int y = p.y; y < std::min(p.y + ht, h.grid().height()); ++y)
      for (int x = p.x; x < std::min(p.x + w, h.grid().width()); ++x) edits.push_back({{x, y}, round % 2 ? '.' : '@'});
    std::vector<Point> flipped;  // cells whose passability the edit changes
    for (const CellEdit& e : edits)
      if (h.grid().passable(e.cell) != (e.terrain == '.')) flipped.push_back(e.cell);
    UpdateStats st;
    ASSERT_EQ(h.applyEdits(edits, &st), "");
    for (int32_t level = 1; level <= h.levels(); ++level) {
      const std::vector<int32_t>& ids = st.rebuiltClusters[level - 1];
      EXPECT_EQ(ids.size(), st.clustersRebuilt[level - 1]);
      EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
      EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end()) << "a cluster is listed twice";
      for (int32_t id : ids) {
        EXPECT_GE(id, 0);
        EXPECT_LT(id, h.layout(level).count());
      }
      for (Point c : flipped) EXPECT_TRUE(contains(ids, h.layout(level).clusterOf(c))) << "level " << level;
    }
    for (int32_t level = h.levels() + 1; level <= HierarchyOptions::kMaxLevels; ++level)
      EXPECT_TRUE(st.rebuiltClusters[level - 1].empty());
  }
}

TEST(RebuiltClusters, AnEditThatChangesNoPassabilityRebuildsNothing) {
  const Grid g = test::loadMap("arena.map");
  HierarchyOptions o;
  o.levels = 2;
  Hierarchy h = test::buildHierarchy(g, o);
  Point ground{-1, -1};
  for (int32_t y = 0; y < h.grid().height() && ground.x < 0; ++y)
    for (int32_t x = 0; x < h.grid().width(); ++x)
      if (h.grid().terrainAt(x, y) == '.') {
        ground = {x, y};
        break;
      }
  const CellEdit edit{ground, 'G'};  // passable either way
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&edit, 1), &st), "");
  EXPECT_EQ(st.cellsChanged, 1u);
  for (const auto& ids : st.rebuiltClusters) EXPECT_TRUE(ids.empty());
}

}  // namespace
}  // namespace hpastar
