#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "BlockWorlds.h"
#include "TestMaps.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldBoxTrees.h"
#include "world/WorldComponents.h"
#include "world/WorldGenerator.h"
#include "world/WorldGraphByCells.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::buildHierarchy;
using test::drawWorld;
using test::expectQueriesAgreeWithAStar;
using test::expectSameAsFreshBuild;

// The digging differential test: after each of a run of random digs and builds on generated worlds,
// the locally updated hierarchy equals a fresh build, and its queries agree with A*.
TEST(WorldDigging, RandomDigsAndBuildsLeaveTheHierarchyAFreshBuildWouldMake) {
  struct Setup {
    int32_t side, tall, levels;
  };
  const Setup setups[] = {{8, 2, 3}, {6, 3, 2}};
  // Under sanitizers (HPASTAR_SCENARIO_LIMIT set) fewer changes.
  const int changes = test::scenarioLimit() < 100 ? 8 : 30;
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills})
    for (uint64_t seed : {3u, 8u})
      for (const Setup& setup : setups) {
        SCOPED_TRACE(std::string(worldKindName(kind)) + " seed " + std::to_string(seed) + ", boxes " +
                     std::to_string(setup.side) + "x" + std::to_string(setup.tall) + ", levels " +
                     std::to_string(setup.levels));
        WorldHierarchyOptions options;
        options.clusterSide = setup.side;
        options.clusterLevels = setup.tall;
        options.levels = setup.levels;
        WorldHierarchy h = buildHierarchy(generateWorld(kind, 48, 48, 6, seed), options);
        SeededRandom random(seed * 31 + static_cast<uint64_t>(setup.side));
        int local = 0;
        for (int i = 0; i < changes; ++i) {
          const BlockChange change = test::randomBlockChange(h.world(), random);
          SCOPED_TRACE("change " + std::to_string(i) + ": " + voxelText(change.at) + " to '" +
                       charOfBlock(change.block) + "'");
          WorldUpdateStats stats;
          ASSERT_EQ(h.applyBlockChanges(std::span(&change, 1), &stats), "");
          ASSERT_EQ(h.world().blockAt(change.at), change.block);
          // Only the boxes the change touches: at most the 2 x 2 x 2 around a block at a corner, and
          // the neighbours whose transitions changed.
          local += !stats.rebuiltClusters[0].empty() &&
                   stats.rebuiltClusters[0].size() < static_cast<size_t>(h.layout(1).count());
          expectSameAsFreshBuild(h, options);
          if (HasFatalFailure()) return;
        }
        EXPECT_GT(local, 0);
        expectQueriesAgreeWithAStar(h, random, 40);
        if (HasFatalFailure()) return;
      }
}

// Several changes at once, and the same block put back: one update for all of them.
TEST(WorldDigging, ABatchOfChangesEqualsAFreshBuildAndPuttingBlocksBackRestoresTheGraph) {
  const WorldHierarchyOptions options = test::boxesOf(8, 2, 2);
  const BlockWorld original = generateWorld(WorldKind::Caves, 40, 40, 6, 11);
  WorldHierarchy h = buildHierarchy(original, options);
  SeededRandom random(5);
  std::vector<BlockChange> changes, undo;
  for (int i = 0; i < 25; ++i) {
    const BlockChange c = test::randomBlockChange(h.world(), random);
    changes.push_back(c);
  }
  // Undo in reverse order restores every block, even where one position was changed twice.
  BlockWorld replay = original;
  for (const BlockChange& c : changes) {
    undo.push_back(BlockChange{c.at, replay.blockAt(c.at)});
    replay.setBlock(c.at.x, c.at.y, c.at.z, c.block);
  }
  std::reverse(undo.begin(), undo.end());
  ASSERT_EQ(h.applyBlockChanges(changes), "");
  EXPECT_EQ(h.world().blocks(), replay.blocks());
  expectSameAsFreshBuild(h, options);
  ASSERT_EQ(h.applyBlockChanges(undo), "");
  EXPECT_EQ(h.world().blocks(), original.blocks());
  expectSameAsFreshBuild(h, options);
}

// Digging through a wall joins two components; building it back splits them: the labels follow, and
// an unreachable goal is still answered without a search.
TEST(WorldDigging, ADigThatJoinsAndABuildThatSplitsKeepTheComponentsRight) {
  // Two rooms on level 0 split by a wall at x = 5, 12 wide so that the wall is inside a box.
  const BlockWorld w = drawWorld({{
                                      "....#.......",
                                      "....#.......",
                                      "....#.......",
                                  },
                                  {
                                      "....#.......",
                                      "....#.......",
                                      "....#.......",
                                  }});
  WorldHierarchyOptions options;
  options.clusterSide = 8;
  options.clusterLevels = 2;
  options.levels = 2;
  WorldHierarchy h = buildHierarchy(w, options);
  const Voxel left{0, 1, 0}, right{10, 1, 0};
  ASSERT_FALSE(h.connected(left, right));
  const uint32_t before = h.components().count();
  WorldHpaQuery query(h);
  WorldPath p;
  EXPECT_EQ(query.findPath(left, right, p), PathStatus::NoPath);
  EXPECT_EQ(p.expanded, 0u);

  const BlockChange dig[] = {{Voxel{4, 1, 0}, Block::Air}, {Voxel{4, 1, 1}, Block::Air}};
  WorldUpdateStats stats;
  ASSERT_EQ(h.applyBlockChanges(dig, &stats), "");
  EXPECT_TRUE(stats.componentsJoined);
  EXPECT_EQ(stats.rebuiltClusters[0], std::vector<int32_t>{0});  // the wall's box, not the one beside it
  EXPECT_TRUE(h.connected(left, right));
  EXPECT_EQ(h.components().count(), before - 1);
  ASSERT_EQ(query.findPath(left, right, p), PathStatus::Found);
  EXPECT_TRUE(validateWorldPath(h.world(), left, right, p.cells, p.cost).valid);
  expectSameAsFreshBuild(h, options);

  // Both blocks back: a wall one block high would be climbed over.
  const BlockChange build[] = {{Voxel{4, 1, 0}, Block::Solid}, {Voxel{4, 1, 1}, Block::Solid}};
  ASSERT_EQ(h.applyBlockChanges(build, &stats), "");
  EXPECT_TRUE(stats.componentsJoined);
  EXPECT_FALSE(h.connected(left, right));
  EXPECT_EQ(h.components().count(), before);
  EXPECT_EQ(query.findPath(left, right, p), PathStatus::NoPath);
  expectSameAsFreshBuild(h, options);
}

// A build that moves a component's first cell, leaving every box its regions and links: the labels are
// joined again only when the components' order by first cell changed. Boxes of 4 x 2: component P is
// (0, 0) and (0, 1), in the left box; Q one cell of the right box. A block on (0, 0) moves P's first cell
// to (0, 1): past Q's at (5, 0) in index order (the labels swap), or not past Q's at (4, 1).
TEST(WorldDigging, ABuildThatMovesAComponentsFirstCellPastAnothersNumbersTheLabelsAgain) {
  WorldHierarchyOptions options;
  options.clusterSide = 4;
  options.clusterLevels = 1;
  for (const bool past : {true, false}) {
    SCOPED_TRACE(past ? "past the other component" : "not past it");
    const Voxel q = past ? Voxel{5, 0, 0} : Voxel{4, 1, 0};
    WorldHierarchy h = buildHierarchy(drawWorld({past ? std::vector<std::string>{".####.##", ".#######"}
                                                      : std::vector<std::string>{".#######", ".###.###"}}),
                                      options);
    ASSERT_EQ(h.components().count(), 2u);
    EXPECT_EQ(h.components().of(h.world().index(q)), 2u);
    const BlockChange build[] = {{Voxel{0, 0, 0}, Block::Solid}};
    WorldUpdateStats stats;
    ASSERT_EQ(h.applyBlockChanges(build, &stats), "");
    EXPECT_EQ(stats.componentsJoined, past);
    EXPECT_EQ(h.components().of(h.world().index(q)), past ? 1u : 2u);
    expectSameAsFreshBuild(h, options);
  }
}

// A change that alters no cell's moves (a block inside rock) rebuilds nothing, and putting the block
// that is already there changes nothing.
TEST(WorldDigging, AChangeThatAltersNoMoveRebuildsNothing) {
  const BlockWorld w = drawWorld({{
                                      "......",
                                      "......",
                                      "......",
                                  },
                                  {
                                      "######",
                                      "######",
                                      "######",
                                  },
                                  {
                                      "######",
                                      "######",
                                      "######",
                                  },
                                  {
                                      "######",
                                      "######",
                                      "######",
                                  }});
  WorldHierarchyOptions options;
  options.clusterSide = 2;
  options.clusterLevels = 1;
  WorldHierarchy h = buildHierarchy(w, options);
  WorldUpdateStats stats;
  const BlockChange same[] = {{Voxel{2, 1, 1}, Block::Solid}};
  ASSERT_EQ(h.applyBlockChanges(same, &stats), "");
  EXPECT_EQ(stats.blocksChanged, 0u);
  EXPECT_TRUE(stats.rebuiltClusters[0].empty());
  // A pocket dug inside the rock: it stands (on the rock below) without a move, so its box is
  // relabelled (one more component), but no node or edge changes and no cluster above is rebuilt.
  const BlockChange pocket[] = {{Voxel{2, 1, 2}, Block::Air}};
  ASSERT_EQ(h.applyBlockChanges(pocket, &stats), "");
  EXPECT_EQ(stats.blocksChanged, 1u);
  EXPECT_EQ(stats.cellsChanged, 1u);
  EXPECT_TRUE(stats.rebuiltClusters[1].empty());
  expectSameAsFreshBuild(h, options);
}

// The cost of the edge between the nodes at cells `from` and `to` in the graph of `level`; -1 without one.
double edgeCost(const WorldHierarchy& h, int32_t level, Voxel from, Voxel to) {
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < level || h.nodeVoxel(n) != from) continue;
    for (const WorldEdge& e : h.edges(level, n))
      if (h.nodeVoxel(e.to) == to) return e.cost;
  }
  return -1;
}

// A one-level world of 16 x 16 cut into boxes of 4 x 4 (level-2 clusters of 8 x 8), where the level-2
// cluster at the origin has two level-2 nodes, a (7, 1) and b (1, 7), the only ways out of it. From a to b
// the long way goes west and round (14 moves), the short way down the east column through the box
// (4..7, 4..7) and west along the bottom row (12 moves), when the block at (7, 6) is dug. That block is
// inside the box: a dig or a build there changes its regions and in-box edges, but no transition, so the
// boxes of a and b stay as they are and both nodes stay: whether their level-2 edge is kept is the rule's
// call (WorldHierarchy::keepUpperEdges).
BlockWorld twoWaysWorld(char blockAt76) {
  std::vector<std::string> rows = {
      "........########", ".........#######", ".######.########", ".######.########",
      ".######.########", ".######.########", ".###############", "........########",
      "#.##############", "################", "################", "################",
      "################", "################", "################", "################",
  };
  rows[6][7] = blockAt76;
  return drawWorld({rows});
}

WorldHierarchyOptions twoWaysOptions() {
  WorldHierarchyOptions options;
  options.clusterSide = 4;
  options.clusterLevels = 1;
  options.levels = 2;
  return options;
}

// Changes the block at (7, 6) of twoWaysWorld(blockAt76) to `block` and checks the level-2 edge
// between a = (7, 1) and b = (1, 7), two nodes whose boxes are not rebuilt, goes from `before` to
// `after` both ways: only the box of (7, 6) is rebuilt on level 1, and the result equals a fresh build.
void expectLevel2EdgeFollowsTheChange(char blockAt76, Block block, double before, double after) {
  const Voxel a{7, 1, 0}, b{1, 7, 0};
  WorldHierarchy h = buildHierarchy(twoWaysWorld(blockAt76), twoWaysOptions());
  EXPECT_DOUBLE_EQ(edgeCost(h, 2, a, b), before);
  const BlockChange change[] = {{Voxel{7, 6, 0}, block}};
  WorldUpdateStats stats;
  ASSERT_EQ(h.applyBlockChanges(change, &stats), "");
  EXPECT_EQ(stats.rebuiltClusters[0], std::vector<int32_t>{h.layout(1).clusterOf(Voxel{7, 6, 0})});
  EXPECT_EQ(stats.rebuiltClusters[1], std::vector<int32_t>{0});
  EXPECT_DOUBLE_EQ(edgeCost(h, 2, a, b), after);
  EXPECT_DOUBLE_EQ(edgeCost(h, 2, b, a), after);
  expectSameAsFreshBuild(h, twoWaysOptions());
}

// A dug block opens a shorter way between two level-2 nodes that both stay: their old edge, which the
// change does not touch at either end, must not be kept.
TEST(WorldDigging, ADigThatOpensAShorterWayBetweenTwoLevel2NodesShortensTheirEdge) {
  expectLevel2EdgeFollowsTheChange('#', Block::Air, 14.0, 12.0);
}

// A placed block closes the shorter way: the edge between the same two nodes grows back.
TEST(WorldDigging, ABuildThatClosesTheShorterWayBetweenTwoLevel2NodesLengthensTheirEdge) {
  expectLevel2EdgeFollowsTheChange('.', Block::Solid, 12.0, 14.0);
}

TEST(WorldDigging, TheCellByCellComparisonCountsAMissedChangeAndACostOffByMoreThanRounding) {
  // What `hpa world-dig --check` relies on: a hierarchy that missed a change differs from the updated
  // one, and equal graphs count nothing.
  WorldHierarchyOptions options;
  options.clusterSide = 8;
  options.clusterLevels = 2;
  const BlockWorld world = generateWorld(WorldKind::Caves, 48, 48, 6, 3);
  const WorldHierarchy stale = buildHierarchy(world, options);
  WorldHierarchy updated = buildHierarchy(world, options);
  const WorldLevelByCells before = worldLevelByCells(stale, 1);
  EXPECT_EQ(countDifferences(before, worldLevelByCells(updated, 1)), 0u);
  SeededRandom random(5);
  for (int i = 0; i < 50 && countDifferences(before, worldLevelByCells(updated, 1)) == 0; ++i) {
    const BlockChange change = test::randomBlockChange(updated.world(), random);
    ASSERT_EQ(updated.applyBlockChanges(std::span(&change, 1), nullptr), "");
  }
  EXPECT_GT(countDifferences(before, worldLevelByCells(updated, 1)), 0u);
  // One edge's cost: off by float rounding it is the same, off by a hundredth it is not.
  ASSERT_FALSE(before.edges.empty());
  WorldLevelByCells nudged = before;
  std::get<2>(nudged.edges[0]) *= 1.0f + 1e-6f;
  EXPECT_EQ(countDifferences(before, nudged), 0u);
  std::get<2>(nudged.edges[0]) += 0.01f;
  EXPECT_EQ(countDifferences(before, nudged), 1u);
}

// What the path check of `hpa world-dig --check` relies on: a hierarchy that missed changes has stored
// paths that are no longer legal (or no longer of their edge's cost) in the changed world, and the
// updated hierarchy has none.
TEST(WorldDigging, ThePathCheckCountsStoredPathsThatAChangeMadeWrong) {
  const WorldHierarchyOptions options = test::boxesOf(8, 2, 2);
  const BlockWorld world = generateWorld(WorldKind::Caves, 48, 48, 6, 3);
  const WorldHierarchy stale = buildHierarchy(world, options);
  WorldHierarchy updated = buildHierarchy(world, options);
  EXPECT_EQ(countInvalidEdgePaths(stale, world, 1), 0u);
  EXPECT_EQ(countInvalidEdgePaths(stale, world, 2), 0u);
  SeededRandom random(5);
  for (int i = 0; i < 50 && countInvalidEdgePaths(stale, updated.world(), 1) == 0; ++i) {
    const BlockChange change = test::randomBlockChange(updated.world(), random);
    ASSERT_EQ(updated.applyBlockChanges(std::span(&change, 1), nullptr), "");
  }
  std::string problem;
  EXPECT_GT(countInvalidEdgePaths(stale, updated.world(), 1, &problem), 0u);
  EXPECT_NE(problem.find("level 1 edge"), std::string::npos) << problem;
  EXPECT_EQ(countInvalidEdgePaths(updated, updated.world(), 1), 0u);
  EXPECT_EQ(countInvalidEdgePaths(updated, updated.world(), 2), 0u);
}

// A change outside the world or with a code that is no block is refused with the reason, and nothing
// changes (not even the changes before it in the list).
TEST(WorldDigging, RefusesAChangeOutsideTheWorldOrABadBlockCodeNamingIt) {
  WorldHierarchyOptions options;
  options.clusterSide = 4;
  options.clusterLevels = 2;
  WorldHierarchy h = buildHierarchy(generateWorld(WorldKind::Hills, 12, 10, 4, 2), options);
  const std::vector<uint8_t> blocks = h.world().blocks();
  const BlockChange outside[] = {{Voxel{1, 1, 1}, Block::Solid}, {Voxel{12, 0, 0}, Block::Solid}};
  EXPECT_EQ(h.applyBlockChanges(outside), "block (12, 0, 0) is outside the 12x10x4 world");
  const BlockChange below[] = {{Voxel{0, 0, -1}, Block::Air}};
  EXPECT_EQ(h.applyBlockChanges(below), "block (0, 0, -1) is outside the 12x10x4 world");
  const BlockChange bad[] = {{Voxel{1, 1, 1}, Block::Solid}, {Voxel{3, 2, 1}, static_cast<Block>(9)}};
  EXPECT_EQ(h.applyBlockChanges(bad), "block code 9 at (3, 2, 1) is not a block (0..6: .#H^>v<)");
  EXPECT_EQ(h.world().blocks(), blocks);
  expectSameAsFreshBuild(h, options);
}

}  // namespace
}  // namespace hpastar
