#include <gtest/gtest.h>

#include <map>
#include <set>

#include "TestMaps.h"
#include "inspect/AbstractGraphExport.h"

namespace hpastar {
namespace {

class AbstractGraphExportTest : public ::testing::TestWithParam<bool> {};

TEST_P(AbstractGraphExportTest, TheExportOfEveryLevelEqualsTheHierarchysEdges) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.clusterSize = 8;
  o.levels = 3;
  o.pruneEdges = GetParam();
  const Hierarchy h = test::buildHierarchy(g, o);
  for (int32_t level = 1; level <= h.levels(); ++level) {
    const AbstractGraphExport x = exportAbstractGraph(h, level);
    EXPECT_EQ(x.level, level);
    const LevelStats& st = h.stats().levels[static_cast<size_t>(level - 1)];
    ASSERT_EQ(x.nodeIds.size(), st.nodes);
    ASSERT_EQ(x.nodeCells.size(), x.nodeIds.size());
    ASSERT_EQ(x.nodeLevels.size(), x.nodeIds.size());
    ASSERT_EQ(x.edgeFrom.size(), static_cast<size_t>(st.interEdges) + st.intraEdges);
    ASSERT_EQ(x.edgeTo.size(), x.edgeFrom.size());
    ASSERT_EQ(x.edgeCost.size(), x.edgeFrom.size());
    size_t inter = 0;
    for (uint8_t k : x.edgeKind) inter += k == static_cast<uint8_t>(ExportedEdgeKind::Inter) ? 1 : 0;
    EXPECT_EQ(inter, st.interEdges);
    for (size_t i = 0; i < x.nodeIds.size(); ++i) {
      EXPECT_EQ(x.nodeCells[i], h.nodeCell(x.nodeIds[i]));
      EXPECT_EQ(x.nodeLevels[i], h.nodeLevel(x.nodeIds[i]));
      EXPECT_GE(x.nodeLevels[i], level);
    }
    // Every directed edge of the hierarchy is an exported edge (in one direction or the other), same cost.
    std::map<std::pair<uint32_t, uint32_t>, double> exported;
    for (size_t e = 0; e < x.edgeFrom.size(); ++e) {
      const uint32_t a = x.nodeIds[x.edgeFrom[e]], b = x.nodeIds[x.edgeTo[e]];
      EXPECT_LT(a, b);
      exported[{a, b}] = x.edgeCost[e];
    }
    EXPECT_EQ(exported.size(), x.edgeFrom.size()) << "an edge was exported twice";
    size_t directed = 0;
    for (uint32_t n : x.nodeIds) {
      for (const AbstractEdge& e : h.edges(level, n)) {
        ++directed;
        const auto it = exported.find({std::min(n, e.to), std::max(n, e.to)});
        ASSERT_NE(it, exported.end()) << "level " << level << " edge " << n << "-" << e.to << " not exported";
        EXPECT_EQ(it->second, static_cast<double>(e.cost));
      }
    }
    EXPECT_EQ(directed, 2 * x.edgeFrom.size());
  }
}

INSTANTIATE_TEST_SUITE_P(Pruning, AbstractGraphExportTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? std::string("pruned") : std::string("complete"); });

TEST(AbstractGraphExport, UpperLevelsHoldOnlyNodesOfThatLevelOrHigher) {
  const Grid g = test::loadMap("arena.map");
  HierarchyOptions o;
  o.clusterSize = 6;
  o.levels = 2;
  const Hierarchy h = test::buildHierarchy(g, o);
  const AbstractGraphExport one = exportAbstractGraph(h, 1), two = exportAbstractGraph(h, 2);
  EXPECT_GT(one.nodeIds.size(), two.nodeIds.size());
  EXPECT_GT(two.edgeFrom.size(), 0u);
  const std::set<uint32_t> level1(one.nodeIds.begin(), one.nodeIds.end());
  for (uint32_t n : two.nodeIds) EXPECT_TRUE(level1.count(n));
}

}  // namespace
}  // namespace hpastar
