#pragma once
// Shared by the block world tests that change a world (blocks, costs): an updated hierarchy against a
// fresh build, and its queries against A*.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "BlockWorlds.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldComponents.h"
#include "world/WorldGraphByCells.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar::test {

// Every cell of `w` an agent stands in, in index order.
inline std::vector<Voxel> standingCells(const BlockWorld& w) {
  std::vector<Voxel> out;
  for (int32_t i = 0; i < w.cellCount(); ++i)
    if (w.standing(w.voxelOf(i))) out.push_back(w.voxelOf(i));
  return out;
}

// The level-1 boxes' node trees of an updated hierarchy are a fresh build's, node by node (by cell):
// the same standing cells, distances and parent moves.
inline void expectSameTrees(const WorldHierarchy& updated, const WorldHierarchy& fresh) {
  const WorldBoxTrees &u = updated.boxTrees(), &f = fresh.boxTrees();
  for (int32_t box = 0; box < updated.layout(1).count(); ++box) {
    const std::span<const uint32_t> nu = updated.clusterNodes(1, box), nf = fresh.clusterNodes(1, box);
    ASSERT_EQ(u.treeCount(box), nu.size()) << "box " << box;
    ASSERT_EQ(f.treeCount(box), nf.size()) << "box " << box;
    ASSERT_TRUE(std::ranges::equal(u.cells(box), f.cells(box))) << "box " << box;
    for (size_t ku = 0; ku < nu.size(); ++ku) {
      const Voxel root = updated.nodeVoxel(nu[ku]);
      size_t kf = 0;
      while (kf < nf.size() && fresh.nodeVoxel(nf[kf]) != root) ++kf;
      ASSERT_LT(kf, nf.size()) << voxelText(root);
      for (int32_t slot = 0; slot < static_cast<int32_t>(u.cells(box).size()); ++slot) {
        ASSERT_EQ(u.distance(box, ku, slot), f.distance(box, kf, slot)) << voxelText(root) << " slot " << slot;
        ASSERT_EQ(u.parentMove(box, ku, slot), f.parentMove(box, kf, slot)) << voxelText(root) << " slot " << slot;
      }
    }
  }
}

// The updated hierarchy is what a fresh build of its world gives: the same nodes, levels, edges and
// cluster members by cell, costs equal to float rounding (a distance found from the other end of an
// edge may round otherwise), the same component labels, equal to a flood fill's.
inline void expectSameAsFreshBuild(const WorldHierarchy& updated, const WorldHierarchyOptions& options) {
  const WorldHierarchy fresh = buildHierarchy(updated.world(), options);
  for (int32_t level = 1; level <= options.levels; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    const WorldLevelByCells a = worldLevelByCells(updated, level), b = worldLevelByCells(fresh, level);
    ASSERT_EQ(a.edgesOfLowerNodes, 0u) << "nodes below the level have edges on it";
    EXPECT_EQ(countDifferences(a, b), 0u);  // what `hpa world-dig --check` counts
    ASSERT_EQ(a.nodes, b.nodes);
    ASSERT_EQ(a.members, b.members);
    ASSERT_EQ(a.edges.size(), b.edges.size());
    for (size_t i = 0; i < a.edges.size(); ++i) {
      const auto& [from, to, cost] = a.edges[i];
      const auto& [freshFrom, freshTo, freshCost] = b.edges[i];
      ASSERT_EQ(std::tie(from, to), std::tie(freshFrom, freshTo)) << "edge " << i;
      ASSERT_TRUE(sameEdgeCost(cost, freshCost))
          << "edge " << from << " -> " << to << ": " << cost << " against " << freshCost;
    }
    // The stored paths: a kept one may differ from the fresh build's where two tie, but each is legal,
    // inside its cluster and of its edge's cost, which equals the fresh build's (above): optimal in
    // its box.
    std::string problem;
    EXPECT_EQ(countInvalidEdgePaths(updated, updated.world(), level, &problem), 0u) << problem;
    EXPECT_EQ(countInvalidEdgePaths(fresh, fresh.world(), level, &problem), 0u) << problem;
    EXPECT_EQ(countEdgesLostToTheSearch(updated, level), 0u);
    EXPECT_EQ(updated.stats().nodes[level - 1], fresh.stats().nodes[level - 1]);
    EXPECT_EQ(updated.stats().edges[level - 1], fresh.stats().edges[level - 1]);
  }
  EXPECT_EQ(updated.stats().transitions, fresh.stats().transitions);
  expectSameTrees(updated, fresh);
  const WorldComponents flood(updated.world());
  ASSERT_EQ(updated.components().count(), flood.count());
  ASSERT_EQ(fresh.components().count(), flood.count());
  for (int32_t cell = 0; cell < updated.world().cellCount(); ++cell) {
    ASSERT_EQ(updated.components().of(cell), flood.of(cell)) << voxelText(updated.world().voxelOf(cell));
    ASSERT_EQ(fresh.components().of(cell), flood.of(cell)) << voxelText(updated.world().voxelOf(cell));
  }
}

// Random queries on the updated hierarchy against A* on its world: the same answer to "is there a
// path", every HPA* path valid step by step with its cost recomputed, never cheaper than A*'s.
inline void expectQueriesAgreeWithAStar(const WorldHierarchy& h, SeededRandom& random, int queries) {
  const BlockWorld& w = h.world();
  std::vector<Voxel> standing;
  for (int32_t i = 0; i < w.cellCount(); ++i)
    if (w.standing(w.voxelOf(i))) standing.push_back(w.voxelOf(i));
  if (standing.empty()) return;
  WorldHpaQuery query(h);
  WorldAStar astar;
  WorldPath p, best;
  const int32_t n = static_cast<int32_t>(standing.size());
  for (int q = 0; q < queries; ++q) {
    const Voxel s = standing[static_cast<size_t>(random.below(n))], t = standing[static_cast<size_t>(random.below(n))];
    ASSERT_EQ(query.findPath(s, t, p), astar.findPath(w, s, t, best)) << voxelText(s) << " -> " << voxelText(t);
    if (!best.found()) continue;
    const PathCheck check = validateWorldPath(w, s, t, p.cells, p.cost);
    ASSERT_TRUE(check.valid) << voxelText(s) << " -> " << voxelText(t) << ": " << check.problem;
    ASSERT_GE(p.cost, best.cost - 1e-9);
  }
}

}  // namespace hpastar::test
