#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldBoxTrees.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::boxesOf;
using test::buildHierarchy;

uint32_t localId(const Box& b, Voxel v) {
  return static_cast<uint32_t>(((v.z - b.z0) * b.height() + (v.y - b.y0)) * b.width() + (v.x - b.x0));
}

// Every tree of every level-1 box against A* confined to the box: the same distance from each standing
// cell to the tree's node (a cell A* does not reach is unreached in the tree), and the tree's parent moves
// walked from the cell are legal moves inside the box that reach the node for that distance.
TEST(WorldBoxTrees, EveryTreeGivesTheDistancesOfAnAStarInsideItsBoxAndItsMovesWalkThem) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const WorldHierarchy h = buildHierarchy(generateWorld(kind, 24, 20, 6, 3), boxesOf(6, 3, 2));
    const WorldBoxTrees& trees = h.boxTrees();
    const BlockWorld& w = h.world();
    WorldAStar astar;
    WorldPath best;
    size_t reached = 0, unreached = 0;
    for (int32_t box = 0; box < h.layout(1).count(); ++box) {
      const Box b = h.layout(1).box(box);
      const std::span<const uint32_t> nodes = h.clusterNodes(1, box);
      ASSERT_EQ(trees.treeCount(box), nodes.size());
      for (size_t k = 0; k < nodes.size(); ++k) {
        const Voxel root = h.nodeVoxel(nodes[k]);
        for (int32_t z = b.z0; z < b.z1; ++z)
          for (int32_t y = b.y0; y < b.y1; ++y)
            for (int32_t x = b.x0; x < b.x1; ++x) {
              const Voxel v{x, y, z};
              const int32_t slot = trees.slotOf(box, localId(b, v));
              ASSERT_EQ(slot >= 0, w.standing(v)) << voxelText(v);
              if (slot < 0) continue;
              const float d = trees.distance(box, k, slot);
              if (astar.findPath(w, b, v, root, best) != PathStatus::Found) {
                EXPECT_EQ(d, WorldBoxTrees::kUnreached) << voxelText(v) << " -> " << voxelText(root);
                ++unreached;
                continue;
              }
              ++reached;
              ASSERT_NEAR(d, best.cost, 1e-4) << voxelText(v) << " -> " << voxelText(root);
              // Walk the tree from v to the root: the tree reached each cell by its move from the cell
              // before, so the way back is that move's reverse.
              double cost = 0;
              Voxel at = v;
              for (int steps = 0; steps <= b.volume(); ++steps) {
                const uint8_t m = trees.parentMove(box, k, trees.slotOf(box, localId(b, at)));
                if (m == WorldBoxTrees::kRoot) break;
                const int back = reverseWorldMove(m);
                ASSERT_TRUE(w.canMove(at, back)) << voxelText(at);
                at = Voxel{at.x + kWorldMoveDx[back], at.y + kWorldMoveDy[back], at.z + kWorldMoveDz[back]};
                ASSERT_TRUE(b.contains(at)) << voxelText(at);
                cost += kWorldMoveCost[back];
              }
              EXPECT_EQ(at, root);
              EXPECT_NEAR(cost, d, 1e-4);
            }
      }
    }
    EXPECT_GT(reached, 100u);
    EXPECT_GT(unreached, 0u);
  }
}

// Queries joined by the trees and by searches: the same answers, both paths valid, never cheaper than
// A*'s, and unsmoothed of the same cost (the edges of start and goal have the same distances).
TEST(WorldBoxTrees, QueriesByTreesAgreeWithQueriesBySearchAndWithAStar) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld w = generateWorld(kind, 40, 36, 8, 5);
    WorldHierarchyOptions withTrees = boxesOf(8, 2, 2), withoutTrees = withTrees;
    withoutTrees.boxTrees = false;
    const WorldHierarchy a = buildHierarchy(w, withTrees), b = buildHierarchy(w, withoutTrees);
    ASSERT_GT(a.stats().treeBytes, 0u);
    ASSERT_EQ(b.stats().treeBytes, 0u);
    const std::vector<Voxel> standing = test::standingCells(w);
    WorldHpaQuery qa(a), qb(b);
    WorldAStar astar;
    WorldPath pa, pb, best;
    SeededRandom random(11);
    int found = 0;
    for (int q = 0; q < 150; ++q) {
      const Voxel s = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      const Voxel t = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
      const PathStatus expected = astar.findPath(w, s, t, best);
      for (bool smooth : {false, true}) {
        const WorldHpaQueryOptions options{.smooth = smooth};
        ASSERT_EQ(qa.findPath(s, t, pa, options), expected) << voxelText(s) << " -> " << voxelText(t);
        ASSERT_EQ(qb.findPath(s, t, pb, options), expected);
        if (!best.found()) continue;
        for (const WorldPath* p : {&pa, &pb}) {
          const PathCheck check = validateWorldPath(w, s, t, p->cells, p->cost);
          ASSERT_TRUE(check.valid) << voxelText(s) << " -> " << voxelText(t) << ": " << check.problem;
          ASSERT_GE(p->cost, best.cost - 1e-9);
        }
        if (!smooth) {
          EXPECT_NEAR(pa.cost, pb.cost, 1e-3 * best.cost) << voxelText(s) << " -> " << voxelText(t);
        }
      }
      found += best.found();
    }
    EXPECT_GT(found, 30);
  }
}

}  // namespace
}  // namespace hpastar
