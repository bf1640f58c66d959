// The memory estimate a build checks against its budget (hpa/HierarchyMemory.h), against what the
// built hierarchies really hold (HierarchyStats::bytes), and the budget's refusal.
#include <gtest/gtest.h>

#include <chrono>
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

TEST(HierarchyMemory, ABuildOfTheLargestGridAboveTheBudgetIsRefusedBeforeBuildingAnything) {
  // 4096 x 4096 open cells, 10 x 10 clusters with trees (24 bytes per cell), cached paths and 32
  // landmarks: about 740 MB with the grid, under the default 1 GiB, above a budget of 512 MiB. Refused
  // at once: the estimate is one scan of the borders and the cells (the build takes minutes).
  const Grid grid(4096, 4096);
  HierarchyOptions o = options(10, 1, true, true, 32, false);
  EXPECT_EQ(o.memoryBudgetMiB, 1024);
  const uint64_t estimate = estimateHierarchyMemory(grid, o).total();
  ASSERT_GT(estimate, uint64_t{512} << 20);
  ASSERT_LT(estimate, uint64_t{1} << 30);
  o.memoryBudgetMiB = 512;
  std::string error;
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(Hierarchy::build(grid, o, error));
  EXPECT_NE(error.find("more than the memory budget of 512 MiB"), std::string::npos) << error;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 20.0);
}

TEST(HierarchyMemory, TheBudgetIsAnOptionOfTheSchemaWithItsRange) {
  HierarchyOptions o;
  o.memoryBudgetMiB = 0;
  EXPECT_EQ(o.validate(), "memory budget (MiB) 0 is outside 1..1048576");
}

}  // namespace
}  // namespace hpastar

namespace hpastar {
namespace {

// The stats split `bytes` into what each option adds: an option that is off holds nothing, one that is on
// holds its part, and switching it on leaves the graph's own part where it was.
TEST(HierarchyMemory, EachOptionsBytesShowInItsOwnPartAndTheGraphsPartStays) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy plain = test::buildHierarchy(g, options(10, 1, false, false, 0, false));
  const HierarchyStats& p = plain.stats();
  EXPECT_EQ(p.treeBytes + p.pathBytes + p.landmarkBytes + p.distanceTableBytes, 0u);
  const Hierarchy all = test::buildHierarchy(g, options(10, 1, true, true, 8, true));
  const HierarchyStats& a = all.stats();
  // 3 bytes per tree entry: every node's tree over its cluster's cells.
  EXPECT_GE(a.treeBytes, 3u * a.levels[0].nodes * 10 * 10 / 4);
  EXPECT_GT(a.pathBytes, 0u);
  EXPECT_GE(a.landmarkBytes, 4u * 8 * a.levels[0].nodes);
  EXPECT_GE(a.distanceTableBytes, 4u * a.distanceTableNodes * a.distanceTableNodes);
  const size_t graph = a.bytes - a.treeBytes - a.pathBytes - a.landmarkBytes - a.distanceTableBytes;
  EXPECT_NEAR(static_cast<double>(graph), static_cast<double>(p.bytes), 0.02 * static_cast<double>(p.bytes));
}

}  // namespace
}  // namespace hpastar
