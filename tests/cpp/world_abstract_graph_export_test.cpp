#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "BlockWorlds.h"
#include "inspect/AbstractGraphExport.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::boxesOf;
using test::buildHierarchy;
using test::drawWorld;

// A ladder shaft of five levels and a staircase over three: every rung and stair crosses a box's top.
std::vector<std::pair<BlockWorld, WorldHierarchyOptions>> exportCases() {
  std::vector<std::pair<BlockWorld, WorldHierarchyOptions>> cases;
  const BlockWorld shaft =
      drawWorld({{".H#", "###"}, {"#H#", "###"}, {"#H#", "###"}, {"#H#", "###"}, {"#H#", "###"}, {"...", "..."}});
  const BlockWorld staircase = drawWorld({{"........", ".>#.....", "........"},
                                          {"########", "..>##...", "########"},
                                          {"########", "...>###.", "########"},
                                          {"........", "........", "........"}});
  for (int32_t levels = 1; levels <= 3; ++levels) {
    cases.emplace_back(shaft, boxesOf(2, 1, levels));
    cases.emplace_back(staircase, boxesOf(2, 1, levels));
  }
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills})
    cases.emplace_back(generateWorld(kind, 40, 36, 8, 5), boxesOf(6, 2, 3));
  return cases;
}

// The export of every level against the hierarchy it reads: its nodes (standing cells, their levels),
// every directed edge once as an undirected one of the same cost, and each edge's kind from the level's
// boxes and the ends' floors.
TEST(WorldAbstractGraphExport, EveryLevelIsTheHierarchysGraphWithEachEdgesKind) {
  for (const auto& [world, options] : exportCases()) {
    const WorldHierarchy h = buildHierarchy(world, options);
    size_t vertical = 0;
    for (int32_t level = 1; level <= h.levels(); ++level) {
      SCOPED_TRACE(std::to_string(world.width()) + "x" + std::to_string(world.height()) + "x" +
                   std::to_string(world.levels()) + ", level " + std::to_string(level));
      const WorldAbstractGraphExport x = exportAbstractGraph(h, level);
      EXPECT_EQ(x.level, level);
      ASSERT_EQ(x.nodeIds.size(), h.stats().nodes[level - 1]);
      ASSERT_EQ(x.nodeCells.size(), x.nodeIds.size());
      ASSERT_EQ(x.nodeLevels.size(), x.nodeIds.size());
      ASSERT_EQ(2 * x.edgeFrom.size(), h.stats().edges[level - 1]);
      ASSERT_EQ(x.edgeTo.size(), x.edgeFrom.size());
      ASSERT_EQ(x.edgeCost.size(), x.edgeFrom.size());
      ASSERT_EQ(x.edgeKind.size(), x.edgeFrom.size());
      for (size_t i = 0; i < x.nodeIds.size(); ++i) {
        EXPECT_EQ(x.nodeCells[i], h.nodeVoxel(x.nodeIds[i]));
        EXPECT_TRUE(world.standing(x.nodeCells[i])) << voxelText(x.nodeCells[i]);
        EXPECT_EQ(x.nodeLevels[i], h.nodeLevel(x.nodeIds[i]));
        EXPECT_GE(x.nodeLevels[i], level);
      }
      std::map<std::pair<uint32_t, uint32_t>, size_t> exported;
      size_t crossing = 0;
      for (size_t e = 0; e < x.edgeFrom.size(); ++e) {
        const uint32_t a = x.nodeIds[x.edgeFrom[e]], b = x.nodeIds[x.edgeTo[e]];
        EXPECT_LT(a, b);
        exported[{a, b}] = e;
        const Voxel va = h.nodeVoxel(a), vb = h.nodeVoxel(b);
        const bool across = h.layout(level).clusterOf(va) != h.layout(level).clusterOf(vb);
        const ExportedEdgeKind expected = !across        ? ExportedEdgeKind::Intra
                                          : va.z == vb.z ? ExportedEdgeKind::Inter
                                                         : ExportedEdgeKind::Vertical;
        EXPECT_EQ(x.edgeKind[e], static_cast<uint8_t>(expected)) << voxelText(va) << " - " << voxelText(vb);
        crossing += across;
        vertical += expected == ExportedEdgeKind::Vertical;
      }
      EXPECT_EQ(exported.size(), x.edgeFrom.size()) << "an edge was exported twice";
      if (level == 1) {
        EXPECT_EQ(crossing, h.stats().transitions);
      }
      for (uint32_t n : x.nodeIds)
        for (const WorldEdge& e : h.edges(level, n)) {
          const auto it = exported.find({std::min(n, e.to), std::max(n, e.to)});
          ASSERT_NE(it, exported.end()) << "edge " << n << "-" << e.to << " not exported";
          EXPECT_EQ(x.edgeCost[it->second], static_cast<double>(e.cost));
        }
    }
    if (world.width() == 3) {
      EXPECT_GT(vertical, 0u) << "the shaft's rungs are links between floors";
    }
  }
}

}  // namespace
}  // namespace hpastar
