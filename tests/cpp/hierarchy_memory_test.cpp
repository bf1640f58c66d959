// The memory estimate a build checks against its budget (hpa/HierarchyMemory.h), against what the
// built hierarchies really hold (HierarchyStats::bytes), and the budget's refusal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestMaps.h"
#include "hpa/HierarchyMemory.h"

namespace hpastar {
namespace {

HierarchyOptions options(int32_t cluster, int32_t levels, bool trees, bool paths, int32_t landmarks, bool table) {
  HierarchyOptions o;
  o.clusterSize = cluster;
  o.levels = levels;
  o.cacheTrees = trees;
  o.cachePaths = paths;
  o.landmarks = landmarks;
  o.distanceTable = table;
  return o;
}

TEST(HierarchyMemory, TheEstimateIsAnUpperBoundCloseToTheBytesOfEveryBundledMap) {
  const std::vector<HierarchyOptions> sets = {
      options(10, 1, false, false, 0, false), options(16, 2, true, false, 0, false),
      options(8, 3, false, true, 0, false), options(25, 1, true, false, 16, true)};
  for (const char* name :
       {"arena.map", "den520d.map", "brc202d.map", "AR0011SR.map", "maze512-1-0.map", "8room_000.map"}) {
    const Grid g = test::loadMap(name);
    for (const HierarchyOptions& o : sets) {
      const Hierarchy h = test::buildHierarchy(g, o);
      const HierarchyMemoryEstimate e = estimateHierarchyMemory(g, o);
      const double ratio = static_cast<double>(e.hierarchyBytes) / static_cast<double>(h.stats().bytes);
      SCOPED_TRACE(std::string(name) + " cluster " + std::to_string(o.clusterSize) + " levels " +
                   std::to_string(o.levels) + " ratio " + std::to_string(ratio));
      EXPECT_GE(e.hierarchyBytes, h.stats().bytes);
      // Cached paths are the one guess, and pruning drops most of a maze's pairs: looser there.
      EXPECT_LE(ratio, o.cachePaths ? 5.0 : 1.5);
      EXPECT_EQ(e.gridBytes, g.bytes());
      EXPECT_EQ(e.level1Nodes, h.stats().levels[0].nodes);
      EXPECT_EQ(e.topLevelNodes, h.stats().levels.back().nodes);
    }
  }
}

TEST(HierarchyMemory, ABuildAboveTheBudgetIsRefusedWithTheEstimateAndTheBudget) {
  const Grid g = test::loadMap("den520d.map");
  HierarchyOptions o = options(10, 1, true, false, 0, false);
  const HierarchyMemoryEstimate e = estimateHierarchyMemory(g, o);
  ASSERT_GT(e.total(), 1u << 20);
  ASSERT_LT(e.total(), 2u << 20);
  o.memoryBudgetMiB = 1;
  std::string error;
  EXPECT_FALSE(Hierarchy::build(g, o, error));
  EXPECT_NE(error.find("the hierarchy would need about 1."), std::string::npos) << error;
  EXPECT_NE(error.find("more than the memory budget of 1 MiB"), std::string::npos) << error;
  o.memoryBudgetMiB = 2;
  EXPECT_TRUE(Hierarchy::build(g, o, error)) << error;
}

TEST(HierarchyMemory, TheDefaultBudgetRefusesTreesOnTheLargestGridBeforeBuildingAnything) {
  // DHPA* with 64 x 64 clusters on 4096 x 4096 open cells: 8 trees of 4096 cells per cluster, 3 bytes
  // each: about 400 MB... with 255 x 255 clusters about 1.5 GB, above the default 1 GiB. Refused at
  // once: the estimate is one scan of the borders and the cells.
  const Grid grid(4096, 4096);
  HierarchyOptions o = options(255, 1, true, false, 0, false);
  EXPECT_EQ(o.memoryBudgetMiB, 1024);
  std::string error;
  EXPECT_FALSE(Hierarchy::build(grid, o, error));
  EXPECT_NE(error.find("more than the memory budget of 1024 MiB"), std::string::npos) << error;
}

TEST(HierarchyMemory, TheBudgetIsAnOptionOfTheSchemaWithItsRange) {
  HierarchyOptions o;
  o.memoryBudgetMiB = 0;
  EXPECT_EQ(o.validate(), "memory budget (MiB) 0 is outside 1..1048576");
}

}  // namespace
}  // namespace hpastar
