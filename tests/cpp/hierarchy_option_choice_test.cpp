#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestMaps.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HierarchyOptionChoice.h"
#include "hpa/HpaStarQuery.h"
#include "path/PathValidator.h"
#include "search/NodeDistanceTable.h"

namespace hpastar {
namespace {

// A map of square rooms of side `room` (walls included) with a door in the middle of each wall.
Grid roomsMap(int32_t side, int32_t room) {
  std::vector<std::string> rows(static_cast<size_t>(side), std::string(static_cast<size_t>(side), '.'));
  for (int32_t y = 0; y < side; ++y)
    for (int32_t x = 0; x < side; ++x) {
      const bool wallX = x % room == room - 1, wallY = y % room == room - 1;
      const bool doorX = wallX && y % room == room / 2, doorY = wallY && x % room == room / 2;
      if ((wallX || wallY) && !doorX && !doorY) rows[static_cast<size_t>(y)][static_cast<size_t>(x)] = '@';
    }
  return test::drawGrid(rows);
}

TEST(HierarchyOptionChoice, FastOptionsAlwaysCacheTreesAndLandmarks) {
  for (const char* name : {"den520d.map", "arena.map", "8room_000.map"}) {
    const Grid grid = test::loadMap(name);
    for (TerrainChanges changes : {TerrainChanges::Often, TerrainChanges::Rarely}) {
      const HierarchyOptionChoice choice = chooseHierarchyOptions(grid, changes);
      EXPECT_TRUE(choice.options.cacheTrees) << name;
      EXPECT_EQ(choice.options.landmarks, 16) << name;
      EXPECT_EQ(choice.options.terrainChanges, changes) << name;
      EXPECT_EQ(choice.options.validate(), "") << name;
      EXPECT_FALSE(choice.reason.empty()) << name;
    }
  }
}

TEST(HierarchyOptionChoice, TheDistanceTableOnlyWhenTerrainChangesRarely) {
  const Grid grid = test::loadMap("den520d.map");
  EXPECT_FALSE(chooseHierarchyOptions(grid, TerrainChanges::Often).options.distanceTable);
  const HierarchyOptionChoice rarely = chooseHierarchyOptions(grid, TerrainChanges::Rarely);
  EXPECT_TRUE(rarely.options.distanceTable);
  EXPECT_LE(rarely.topLevelNodes, NodeDistanceTable::kMaxNodes);
}

TEST(HierarchyOptionChoice, AnOpenMapKeepsThePreferredClusterSide) {
  EXPECT_EQ(chooseHierarchyOptions(test::loadMap("den520d.map"), TerrainChanges::Often).options.clusterSize, 32);
  EXPECT_EQ(chooseHierarchyOptions(test::loadMap("AR0011SR.map"), TerrainChanges::Often).options.clusterSize, 32);
}

TEST(HierarchyOptionChoice, AMapTooNarrowForThePreferredSideTakesTheLargestThatFits) {
  // 90 cells across: 32 would cut it into 2 clusters, 25 into 3.
  const HierarchyOptionChoice choice = chooseHierarchyOptions(roomsMap(90, 90), TerrainChanges::Often);
  EXPECT_EQ(choice.options.clusterSize, 25) << choice.reason;
}

TEST(HierarchyOptionChoice, RoomsWhoseWallsFallOnClusterBordersGetThatSide) {
  // Rooms of 32 (walls on every 32nd line): a side of 32 leaves one door per border, 25 cuts every room.
  const HierarchyOptionChoice rooms32 = chooseHierarchyOptions(roomsMap(256, 32), TerrainChanges::Often);
  EXPECT_EQ(rooms32.options.clusterSize, 32) << rooms32.reason;
  // Rooms of 20: the preferred 32 cuts them; 40 puts its borders on every second wall, with fewer nodes
  // than 20 on every wall.
  const HierarchyOptionChoice rooms20 = chooseHierarchyOptions(roomsMap(240, 20), TerrainChanges::Often);
  EXPECT_EQ(rooms20.options.clusterSize, 40) << rooms20.reason;
  // 8room_000's rooms of 8 fall on every side's borders alike: no side is picked for its walls (its crowded
  // top level moves it, ACrowdedTopLevelTakesALargerSide).
  EXPECT_EQ(chooseHierarchyOptions(test::loadMap("8room_000.map"), TerrainChanges::Often).reason.find("walls"),
            std::string::npos);
}

TEST(HierarchyOptionChoice, WithoutTreesTheChoiceKeepsClustersSmall) {
  // HPA*'s insertion and refinement search inside the clusters: 10 on open maps (where DHPA* takes 25),
  // 16 where the borders fall on walls, never above 16; landmarks still.
  const HierarchyOptionChoice open = chooseHierarchyOptions(test::loadMap("den520d.map"), TerrainChanges::Often, false);
  EXPECT_FALSE(open.options.cacheTrees);
  EXPECT_EQ(open.options.clusterSize, 10) << open.reason;
  EXPECT_EQ(open.options.landmarks, 16);
  EXPECT_NE(open.reason.find("no trees"), std::string::npos) << open.reason;
  const HierarchyOptionChoice rooms =
      chooseHierarchyOptions(test::loadMap("8room_000.map"), TerrainChanges::Often, false);
  EXPECT_EQ(rooms.options.clusterSize, 16) << rooms.reason;
  // AR0011SR's open borders make DHPA* take a bigger side; HPA* stays at its own.
  const Grid ar = test::loadMap("AR0011SR.map");
  EXPECT_LE(chooseHierarchyOptions(ar, TerrainChanges::Rarely, false).options.clusterSize, 16);
  // The table only where the side's top level fits it: the side is not raised for it.
  const HierarchyOptionChoice rarely = chooseHierarchyOptions(ar, TerrainChanges::Rarely, false);
  EXPECT_EQ(rarely.options.distanceTable, rarely.topLevelNodes <= NodeDistanceTable::kMaxNodes) << rarely.reason;
}

TEST(HierarchyOptionChoice, ASmallMapGetsSmallClusters) {
  const Grid arena = test::loadMap("arena.map");  // 49 x 49
  const HierarchyOptionChoice choice = chooseHierarchyOptions(arena, TerrainChanges::Often);
  EXPECT_EQ(choice.options.clusterSize, 16) << choice.reason;
  EXPECT_GT(choice.topLevelNodes, 0u);
}

// A side x side map with about `share` of its cells blocked, one by one at random (seeded).
Grid scatteredMap(int32_t side, double share, uint32_t seed) {
  std::vector<std::string> rows(static_cast<size_t>(side), std::string(static_cast<size_t>(side), '.'));
  uint32_t s = seed;
  for (int64_t i = 0; i < static_cast<int64_t>(share * side * side); ++i) {
    s = s * 1664525u + 1013904223u;
    const uint32_t x = (s >> 8) % static_cast<uint32_t>(side);
    s = s * 1664525u + 1013904223u;
    rows[(s >> 8) % static_cast<uint32_t>(side)][x] = '@';
  }
  return test::drawGrid(rows);
}

TEST(HierarchyOptionChoice, ACrowdedTopLevelTakesALargerSide) {
  // A 1-wide maze: 7,625 top-level nodes at 32, 3,561 at 64 (the largest side that cuts 512 cells into 8).
  const HierarchyOptionChoice maze = chooseHierarchyOptions(test::loadMap("maze512-1-0.map"), TerrainChanges::Often);
  EXPECT_EQ(maze.options.clusterSize, 64) << maze.reason;
  EXPECT_NE(maze.reason.find("crowded top level"), std::string::npos) << maze.reason;
  EXPECT_LT(maze.topLevelNodes, 4000u);
  // Its wide entrances keep transitions as dense as at 32.
  EXPECT_EQ(maze.options.entranceSpacing, 32) << maze.reason;
  EXPECT_EQ(maze.options.validate(), "");
  // The count reported is the built hierarchy's, spacing included.
  const Hierarchy built = test::buildHierarchy(test::loadMap("maze512-1-0.map"), maze.options);
  EXPECT_EQ(maze.topLevelNodes, built.stats().levels.back().nodes);
  // den520d's 276 nodes at 32 are no crowd: bigger sides only make its short queries search inside clusters.
  EXPECT_EQ(chooseHierarchyOptions(test::loadMap("den520d.map"), TerrainChanges::Often).options.clusterSize, 32);
  // Without trees the sides stay HPA*'s own.
  EXPECT_LE(chooseHierarchyOptions(test::loadMap("maze512-1-0.map"), TerrainChanges::Often, false).options.clusterSize,
            16);
}

TEST(HierarchyOptionChoice, FieldsSetOverTheChoiceKeepItsSpacingButSHPAStarsMergedClustersDropIt) {
  HierarchyOptions chosen;
  chosen.clusterSize = 64;
  chosen.entranceSpacing = 32;
  HierarchyOptions out;
  auto set = [](auto write) { return [write](HierarchyOptions& o) { write(o); return std::string(); }; };
  EXPECT_EQ(overrideChoice(chosen, out, set([](HierarchyOptions& o) { o.landmarks = 0; })), "");
  EXPECT_EQ(out.entranceSpacing, 32);
  EXPECT_EQ(out.landmarks, 0);
  overrideChoice(chosen, out, set([](HierarchyOptions& o) { o.mergedClusterSide = 128; }));
  EXPECT_EQ(out.entranceSpacing, 0);
  EXPECT_EQ(out.validate(), "");
  overrideChoice(chosen, out, set([](HierarchyOptions& o) { o.entranceSpacing = 8; }));
  EXPECT_EQ(out.entranceSpacing, 8);
  EXPECT_EQ(overrideChoice(chosen, out, [](HierarchyOptions&) { return std::string("bad"); }), "bad");
}

TEST(HierarchyOptionChoice, TheTableTakesTheSideWhereItFits) {
  // The maze's 7,625 nodes at 32 are more than the table takes: the crowded top level's step comes first
  // (64 with spacing: 3,561 nodes), and the table takes that.
  const HierarchyOptionChoice maze = chooseHierarchyOptions(test::loadMap("maze512-1-0.map"), TerrainChanges::Rarely);
  EXPECT_TRUE(maze.options.distanceTable) << maze.reason;
  EXPECT_EQ(maze.options.clusterSize, 64) << maze.reason;
  EXPECT_EQ(maze.options.entranceSpacing, 32) << maze.reason;
  // Where the table fits at the preferred side, nothing steps (den520d: 276 nodes at 32).
  const HierarchyOptionChoice den = chooseHierarchyOptions(test::loadMap("den520d.map"), TerrainChanges::Rarely);
  EXPECT_EQ(den.options.clusterSize, 32);
  EXPECT_EQ(den.options.entranceSpacing, 0);
  EXPECT_LE(maze.topLevelNodes, NodeDistanceTable::kMaxNodes);
}

TEST(HierarchyOptionChoice, TooManyNodesForTheTableLeavesItOut) {
  // 1,024 cells across, a tenth blocked at random: open borders everywhere, more top-level nodes than the
  // table takes at every candidate side.
  const Grid open = scatteredMap(1024, 0.1, 7);
  const HierarchyOptionChoice choice = chooseHierarchyOptions(open, TerrainChanges::Rarely);
  EXPECT_FALSE(choice.options.distanceTable) << choice.reason;
  EXPECT_GT(choice.topLevelNodes, NodeDistanceTable::kMaxNodes);
  EXPECT_NE(choice.reason.find("no distance table"), std::string::npos);
  // The crowded top level still takes the largest side the map and the memory allow.
  EXPECT_EQ(choice.options.clusterSize, 64) << choice.reason;
}

TEST(HierarchyOptionChoice, TheReportedNodeCountIsTheBuiltHierarchys) {
  const Grid grid = test::loadMap("den520d.map");
  const HierarchyOptionChoice choice = chooseHierarchyOptions(grid, TerrainChanges::Rarely);
  const Hierarchy h = test::buildHierarchy(grid, choice.options);
  EXPECT_EQ(choice.topLevelNodes, h.stats().levels.back().nodes);
  EXPECT_EQ(h.stats().distanceTableNodes, choice.topLevelNodes);
  // And the fast hierarchy answers the scenarios with valid paths.
  HpaStarQuery query(h);
  PathResult result;
  for (const Scenario& s : test::loadScenarioSample("den520d.map", grid)) {
    ASSERT_EQ(query.findPath(s.start, s.goal, result), PathStatus::Found);
    const PathCheck check = validatePath(grid, s.start, s.goal, result.cells, result.cost);
    EXPECT_TRUE(check.valid) << check.problem;
    EXPECT_LE(result.cost, s.optimalLength * 1.5);
  }
}

}  // namespace
}  // namespace hpastar
