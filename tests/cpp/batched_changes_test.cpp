// Terrain changes as the GPPC dynamic track makes them (issue 41, item 2): a batch of rectangular
// patches, overlapping, absorbed in one applyEdits. What it rebuilds follows the cells that really
// changed (DHPA* trees of kept nodes kept where the change left their cells alone), and the result is
// exactly what a fresh build of the edited grid gives.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "hpa/TreeReuse.h"
#include "search/DijkstraSearch.h"

namespace hpastar {
namespace {

// A batch of 1 to 6 patches, each a rectangle of random '@' and '.' (a door, a pillar, a wall's piece),
// as edits of every cell of every patch in order: where patches overlap, the later one's cell is listed
// last and wins, as on the runner's live map.
std::vector<CellEdit> randomPatches(const Grid& g, std::mt19937& rng) {
  std::vector<CellEdit> edits;
  const int patches = 1 + static_cast<int>(rng() % 6);
  const Point anchor{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
  for (int k = 0; k < patches; ++k) {
    // Near one another, so that they overlap and share clusters.
    const int32_t x0 = std::clamp(anchor.x + static_cast<int32_t>(rng() % 17) - 8, 0, g.width() - 1);
    const int32_t y0 = std::clamp(anchor.y + static_cast<int32_t>(rng() % 17) - 8, 0, g.height() - 1);
    const int32_t w = 1 + static_cast<int32_t>(rng() % 12), h = 1 + static_cast<int32_t>(rng() % 12);
    const unsigned wallShare = rng() % 4;  // of 4: 0 opens the area, 3 mostly walls it
    for (int32_t y = y0; y < std::min(y0 + h, g.height()); ++y)
      for (int32_t x = x0; x < std::min(x0 + w, g.width()); ++x)
        edits.push_back({{x, y}, rng() % 4 < wallShare ? '@' : '.'});
  }
  return edits;
}

// The tree of every node of `updated` equals the tree of the node on the same cell of `fresh`: the
// distance and the direction from every cell of its cluster.
void expectSameTrees(const Hierarchy& updated, const Hierarchy& fresh) {
  const ClusterLayout& lay = fresh.layout(1);
  for (int32_t c = 0; c < lay.count(); ++c) {
    const ClusterBlock& a = updated.block(1, c);
    const ClusterBlock& b = fresh.block(1, c);
    ASSERT_EQ(a.nodes.size(), b.nodes.size()) << "cluster " << c;
    for (uint32_t nf : b.nodes) {
      uint32_t nu = UINT32_MAX;
      for (uint32_t n : a.nodes)
        if (updated.nodeCell(n) == fresh.nodeCell(nf)) nu = n;
      ASSERT_NE(nu, UINT32_MAX) << "cluster " << c;
      const Rect r = lay.rect(c);
      for (int32_t y = r.y0; y < r.y1; ++y)
        for (int32_t x = r.x0; x < r.x1; ++x) {
          double du = -1, df = -1;
          int diru = -2, dirf = -2;
          const bool ru = updated.treeStep(nu, {x, y}, du, diru), rf = fresh.treeStep(nf, {x, y}, df, dirf);
          ASSERT_EQ(ru, rf) << "cluster " << c << " cell " << x << "," << y;
          ASSERT_EQ(du, df) << "cluster " << c << " cell " << x << "," << y;
          ASSERT_EQ(diru, dirf) << "cluster " << c << " cell " << x << "," << y;
        }
    }
  }
}

struct BatchCase {
  const char* map;
  HierarchyOptions options;
  const char* name;
};

class BatchedChanges : public ::testing::TestWithParam<BatchCase> {};

// The differential test of a batch: after each, the updated hierarchy has the fresh build's nodes,
// edges and costs (to the bit), its trees, components and line reaches, and answers queries at its
// costs. Some trees were kept, some run again: both ways are compared.
TEST_P(BatchedChanges, OverlappingPatchesGiveExactlyTheHierarchyAFreshBuildGives) {
  const BatchCase c = GetParam();
  Hierarchy updated = test::buildHierarchy(test::loadMap(c.map), c.options);
  std::mt19937 rng(41);
  HpaStarQuery qUpdated(updated);
  PathResult ru, rf;
  uint64_t kept = 0, run = 0;
  for (int batch = 0; batch < 40; ++batch) {
    UpdateStats stats;
    ASSERT_EQ(updated.applyEdits(randomPatches(updated.grid(), rng), &stats), "");
    kept += stats.treesKept;
    run += stats.treesRun;
    if (batch % 4 != 3) continue;  // fresh builds are the slow part: compare after every fourth batch
    // Merged clusters keep their cutting through changes: the fresh build is given the same one.
    std::string error;
    const std::optional<Hierarchy> built = Hierarchy::build(updated.grid(), c.options, updated.layout(1).merged, error);
    ASSERT_TRUE(built) << error;
    const Hierarchy& fresh = *built;
    const auto du = test::dumpHierarchy(updated), df = test::dumpHierarchy(fresh);
    ASSERT_TRUE(du == df) << "after batch " << batch << ": " << test::firstDifference(du, df);
    ASSERT_EQ(updated.stats().components, fresh.stats().components);
    ASSERT_TRUE(updated.lineReach() == fresh.lineReach()) << "after batch " << batch;
    expectSameTrees(updated, fresh);
    HpaStarQuery qFresh(fresh);
    qUpdated.setHierarchy(updated);
    for (int q = 0; q < 20; ++q) {
      const Point s = test::randomPassable(updated.grid(), rng), t = test::randomPassable(updated.grid(), rng);
      ru.reset();
      rf.reset();
      const PathStatus su = qUpdated.findPath(s, t, ru), sf = qFresh.findPath(s, t, rf);
      ASSERT_EQ(su, sf) << "batch " << batch;
      if (su != PathStatus::Found) continue;
      ASSERT_TRUE(test::isValidPath(updated.grid(), s, t, ru));
      EXPECT_EQ(ru.cost, rf.cost) << "batch " << batch << " " << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    }
  }
  EXPECT_GT(kept, 0u) << "no tree was kept: the case does not test keeping them";
  EXPECT_GT(run, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Maps, BatchedChanges,
    ::testing::Values(BatchCase{"den520d.map", HierarchyOptions{.clusterSize = 32, .cacheTrees = true}, "den520d_32"},
                      BatchCase{"arena.map", HierarchyOptions{.clusterSize = 16, .levels = 2, .cacheTrees = true},
                                "arena_16_levels2"},
                      BatchCase{"den520d.map",
                                HierarchyOptions{.clusterSize = 16, .cacheTrees = true, .mergedClusterSide = 32},
                                "den520d_merged"}),
    [](const auto& info) { return std::string(info.param.name); });

// A patch that writes the cells the hierarchy already holds changes nothing and rebuilds nothing, however
// many cells it lists (the runner hands over every cell of every patch).
TEST(BatchedChanges, APatchEqualToTheHeldCellsRebuildsNothing) {
  Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), HierarchyOptions{.cacheTrees = true});
  const auto before = test::dumpHierarchy(h);
  std::vector<CellEdit> same;
  for (int32_t y = 40; y < 120; ++y)
    for (int32_t x = 30; x < 110; ++x) same.push_back({{x, y}, h.grid().terrainAt(x, y)});
  UpdateStats stats;
  ASSERT_EQ(h.applyEdits(same, &stats), "");
  EXPECT_EQ(stats.cellsChanged, 0u);
  for (uint32_t rebuilt : stats.clustersRebuilt) EXPECT_EQ(rebuilt, 0u);
  EXPECT_EQ(stats.treesRun, 0u);
  EXPECT_EQ(stats.treesKept, 0u);
  EXPECT_FALSE(stats.topGraphChanged);
  EXPECT_TRUE(test::dumpHierarchy(h) == before);
}

// A cell flipped on a cluster's border row rebuilds the cluster across it (its entrances read that
// row), but changes none of its cells: the trees of its nodes that stay are kept, not run again.
TEST(BatchedChanges, ABorderCellKeepsTheTreesOfTheClusterAcross) {
  const Grid open = test::drawGrid(std::vector<std::string>(64, std::string(64, '.')));
  Hierarchy h = test::buildHierarchy(open, HierarchyOptions{.clusterSize = 16, .cacheTrees = true});
  // (15, 5): the last column of cluster 0, next to cluster 1's first; not on a node of either.
  const CellEdit edit{{15, 5}, '@'};
  UpdateStats stats;
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&edit, 1), &stats), "");
  ASSERT_EQ(stats.cellsChanged, 1u);
  EXPECT_GE(stats.clustersRebuilt[0], 2u);
  EXPECT_GT(stats.treesKept, 0u);
  const Hierarchy fresh = test::buildHierarchy(h.grid(), h.options());
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh));
  expectSameTrees(h, fresh);
}

// TreeReuse::distance reads back from a tree the very bits the run's distance had, for every cell of
// an area with walls (the step costs added from the source outwards, as the run adds them).
TEST(TreeReuse, DistancesReadFromATreeHaveTheRunsBits) {
  const Grid g = test::loadMap("den520d.map");
  const Rect area{64, 64, 96, 96};
  DijkstraSearch dijkstra;
  const size_t cells = static_cast<size_t>(area.area());
  std::vector<uint16_t> distances(cells);
  std::vector<uint8_t> directions(cells), steps;
  std::mt19937 rng(7);
  int compared = 0;
  for (int k = 0; k < 20; ++k) {
    const Point source{area.x0 + static_cast<int32_t>(rng() % 32), area.y0 + static_cast<int32_t>(rng() % 32)};
    if (!g.passable(source)) continue;
    dijkstra.runTree(g, area, source, 64.0, ClusterBlock::kUnreachable, distances, directions, nullptr);
    dijkstra.run(g, area, source, {}, nullptr);  // the run's own doubles, to read back with distance()
    for (int32_t y = area.y0; y < area.y1; ++y)
      for (int32_t x = area.x0; x < area.x1; ++x) {
        const double expected = dijkstra.distance({x, y});
        if (expected == DijkstraSearch::kUnreached) continue;
        const int32_t local = (y - area.y0) * area.width() + (x - area.x0);
        ASSERT_EQ(TreeReuse::distance(directions, area.width(), local, steps), expected) << x << "," << y;
        ++compared;
      }
  }
  EXPECT_GT(compared, 1000);
}

// A tree is kept only when no flipped cell was in it and none is in its node's new region.
TEST(TreeReuse, ATreeIsKeptOnlyWhenNoFlippedCellIsOrWasInIt) {
  constexpr uint16_t kOut = ClusterBlock::kUnreachable;
  const std::vector<uint16_t> oldTree{0, 1, kOut, kOut};
  const std::vector<uint32_t> regions{1, 1, 2, 0};  // cell 2 in another region, cell 3 blocked
  EXPECT_TRUE(TreeReuse::unchanged(oldTree, std::vector<int32_t>{2, 3}, regions, 1, kOut));
  EXPECT_FALSE(TreeReuse::unchanged(oldTree, std::vector<int32_t>{1}, regions, 1, kOut));  // was in the tree
  EXPECT_FALSE(TreeReuse::unchanged(oldTree, std::vector<int32_t>{2}, regions, 2, kOut));  // in the node's region
}

}  // namespace
}  // namespace hpastar
