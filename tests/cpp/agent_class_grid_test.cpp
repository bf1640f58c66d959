// A grid made for an agent class (a size and a capability) is the one movement model every 2D planner
// reads: these tests hold it to the footprint rule (FootprintMoves.h, FootprintValidator.h) and to
// Annotated A*, and check that the HPA* hierarchy built over it, edited and saved, serves that class.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "HierarchyBytes.h"
#include "HierarchyDump.h"
#include "TestMaps.h"
#include "WeightedMaps.h"
#include "grid/CapabilityNames.h"
#include "grid/Clearance.h"
#include "grid/FootprintMoves.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "io/SectionedFormat.h"
#include "path/FootprintValidator.h"
#include "search/AStarSearch.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar {
namespace {

Capability capabilityOf(const char* text) {
  std::string error;
  const auto c = parseCapability(text, error);
  if (!c) throw std::runtime_error(error);
  return *c;
}

// A random map of every terrain kind, mostly ground, so that agents of several sizes find room.
Grid randomTerrainGrid(int32_t width, int32_t height, std::mt19937& rng) {
  static constexpr char kKinds[] = "....S.TW@";
  std::vector<uint8_t> terrain(static_cast<size_t>(width) * static_cast<size_t>(height));
  for (auto& t : terrain) t = static_cast<uint8_t>(kKinds[rng() % (sizeof(kKinds) - 1)]);
  std::string error;
  return *Grid::fromTerrain(width, height, terrain, error);
}

void expectMovesFollowTheFootprintRule(const Grid& terrain, const Grid& sized) {
  const Agent agent = sized.agent();
  const ClearanceMap clearance = ClearanceMap::trueClearance(terrain, agent.capability);
  for (int32_t y = 0; y < terrain.height(); ++y)
    for (int32_t x = 0; x < terrain.width(); ++x) {
      const int32_t cell = terrain.index(x, y);
      ASSERT_EQ(sized.passableAt(cell), clearance.open(Point{x, y}, agent.size)) << x << "," << y;
      ASSERT_EQ(sized.moveMask(cell), footprintMoveMask(clearance, x, y, agent.size))
          << x << "," << y << " size " << agent.size << " " << capabilityText(agent.capability);
    }
}

TEST(AgentClassGrid, MovesAreTheFootprintRuleOfTheAgentsSizeAndCapability) {
  std::mt19937 rng(5);
  for (int round = 0; round < 20; ++round) {
    const Grid terrain =
        randomTerrainGrid(23 + static_cast<int32_t>(rng() % 9), 17 + static_cast<int32_t>(rng() % 7), rng);
    for (const char* capability : {"ground", "ground,swamp", "ground,trees", "ground,swamp,water,trees"})
      for (int32_t size = 1; size <= 4; ++size) {
        const Agent agent{size, capabilityOf(capability)};
        ASSERT_NO_FATAL_FAILURE(expectMovesFollowTheFootprintRule(terrain, terrain.forAgent(agent)));
        std::string error;
        const auto built = Grid::fromTerrain(terrain.width(), terrain.height(), terrain.terrain(), error, agent);
        ASSERT_TRUE(built) << error;
        ASSERT_EQ(built->agent(), agent);
        ASSERT_NO_FATAL_FAILURE(expectMovesFollowTheFootprintRule(terrain, *built));
      }
  }
}

TEST(AgentClassGrid, TerrainEditsKeepTheFootprintRule) {
  std::mt19937 rng(8);
  Grid terrain = randomTerrainGrid(31, 26, rng);
  for (int32_t size : {2, 3, 5}) {
    Grid sized = terrain.forAgent(Agent{size, capabilityOf("ground,trees")});
    Grid plain = terrain;
    for (int k = 0; k < 400; ++k) {
      const int32_t x = static_cast<int32_t>(rng() % 31), y = static_cast<int32_t>(rng() % 26);
      const char c = "..T@W"[rng() % 5];
      ASSERT_TRUE(sized.setTerrain(x, y, c));
      ASSERT_TRUE(plain.setTerrain(x, y, c));
    }
    ASSERT_NO_FATAL_FAILURE(expectMovesFollowTheFootprintRule(plain, sized));
  }
}

TEST(AgentClassGrid, RefusesAgentClassesNoGridCanServe) {
  std::string error;
  const std::vector<uint8_t> terrain(12, '.');
  EXPECT_FALSE(Grid::fromTerrain(4, 3, terrain, error, Agent{0, capabilityOf("ground")}));
  EXPECT_EQ(error, "agent size 0 is outside 1..8");
  EXPECT_FALSE(Grid::fromTerrain(4, 3, terrain, error, Agent{9, capabilityOf("ground")}));
  EXPECT_EQ(error, "agent size 9 is outside 1..8");
  EXPECT_FALSE(Grid::fromTerrain(4, 3, terrain, error, Agent{1, Capability{0x30}}));
  EXPECT_EQ(error, "capability bits 48 name no terrain kind");
  // An agent larger than the map stands nowhere: a grid with no passable cell, not an error.
  const auto big = Grid::fromTerrain(4, 3, terrain, error, Agent{4, capabilityOf("ground")});
  ASSERT_TRUE(big) << error;
  for (int32_t cell = 0; cell < big->cellCount(); ++cell) EXPECT_FALSE(big->passableAt(cell));
}

// HPA* over the class's grid against Annotated A* over the terrain: the same reachability, footprint-
// legal paths whose costs are recomputed from the terrain, never shorter than the optimum, and close to it.
TEST(AgentClassGrid, HierarchiesOverAClassGridAnswerForThatClass) {
  const Grid terrain = test::loadMap("den520d.map");
  std::mt19937 rng(11);
  AnnotatedAStarSearch annotated;
  PathResult r, optimal;
  for (const char* capability : {"ground", "ground,trees"}) {
    const ClearanceMap clearance = ClearanceMap::trueClearance(terrain, capabilityOf(capability));
    for (int32_t size = 1; size <= 3; ++size) {
      const Agent agent{size, capabilityOf(capability)};
      HierarchyOptions o;
      o.cacheTrees = true;
      const Hierarchy h = test::buildHierarchy(terrain.forAgent(agent), o);
      HpaStarQuery query(h);
      double excess = 0, optimum = 0;
      int found = 0;
      for (int i = 0; i < 120; ++i) {
        const Point s = test::randomPassable(h.grid(), rng), t = test::randomPassable(h.grid(), rng);
        r.reset();
        optimal.reset();
        const PathStatus got = query.findPath(s, t, r);
        ASSERT_EQ(got, annotated.findPath(terrain, clearance, size, s, t, optimal))
            << capability << " size " << size << ": " << s.x << "," << s.y << " -> " << t.x << "," << t.y;
        ASSERT_EQ(h.connected(s, t), got == PathStatus::Found);
        if (got != PathStatus::Found) continue;
        const PathCheck check = validateFootprintPath(terrain, agent.capability, size, s, t, r.cells, r.cost, 1e-6);
        ASSERT_TRUE(check.valid) << check.problem;
        ASSERT_GE(r.cost, optimal.cost - 1e-6);
        excess += r.cost - optimal.cost;
        optimum += optimal.cost;
        ++found;
      }
      EXPECT_GT(found, 60);
      EXPECT_LT(excess / optimum, 0.02) << capability << " size " << size;
    }
  }
}

// Terrain costs: a sized agent pays the cost of the cells its anchor crosses (Grid::moveCost, as Annotated
// A*), so HPA* over the class grid of a weighted map is held to Annotated A*'s weighted optimum.
TEST(AgentClassGrid, WeightedClassHierarchiesStayAtOrAboveAnnotatedAStarsOptimum) {
  const Grid terrain = test::weighRegions(test::loadMap("den520d.map"), 4);
  ASSERT_TRUE(terrain.weighted());
  std::mt19937 rng(21);
  AnnotatedAStarSearch annotated;
  PathResult r, optimal;
  const Agent agent{2, capabilityOf("ground,trees")};
  const ClearanceMap clearance = ClearanceMap::trueClearance(terrain, agent.capability);
  const Grid sized = terrain.forAgent(agent);
  ASSERT_TRUE(sized.weighted());
  const Hierarchy h = test::buildHierarchy(sized, HierarchyOptions{});
  HpaStarQuery query(h);
  int found = 0;
  for (int i = 0; i < 80; ++i) {
    const Point s = test::randomPassable(sized, rng), t = test::randomPassable(sized, rng);
    r.reset();
    optimal.reset();
    const PathStatus got = query.findPath(s, t, r);
    ASSERT_EQ(got, annotated.findPath(terrain, clearance, agent.size, s, t, optimal));
    if (got != PathStatus::Found) continue;
    const PathCheck check = validateFootprintPath(terrain, agent.capability, agent.size, s, t, r.cells, r.cost, 1e-6);
    ASSERT_TRUE(check.valid) << check.problem;
    ASSERT_GE(r.cost, optimal.cost * (1 - 1e-9) - 1e-6);
    ++found;
  }
  EXPECT_GT(found, 40);
}

TEST(AgentClassGrid, EditedClassHierarchiesMatchAFreshBuild) {
  const Grid terrain = test::loadMap("arena.map");
  std::mt19937 rng(3);
  for (int32_t size : {2, 3}) {
    HierarchyOptions o;
    o.clusterSize = 8;
    o.levels = 2;
    o.cacheTrees = size == 2;
    o.cachePaths = size == 3;
    Hierarchy h = test::buildHierarchy(terrain.forAgent(Agent{size, capabilityOf("ground,trees")}), o);
    for (int batch = 0; batch < 12; ++batch) {
      std::vector<CellEdit> edits;
      for (int k = 0; k < 6; ++k) {
        const Point p{static_cast<int32_t>(rng() % 49), static_cast<int32_t>(rng() % 49)};
        edits.push_back({p, "..T@"[rng() % 4]});
      }
      ASSERT_EQ(h.applyEdits(edits), "");
      const Hierarchy fresh = test::buildHierarchy(h.grid(), o);
      const auto du = test::dumpHierarchy(h), df = test::dumpHierarchy(fresh);
      ASSERT_TRUE(du == df) << "size " << size << " batch " << batch << ": " << test::firstDifference(du, df);
      ASSERT_TRUE(h.lineReach() == fresh.lineReach());
      ASSERT_EQ(h.stats().components, fresh.stats().components);
    }
  }
}

TEST(AgentClassGrid, SavedClassHierarchiesLoadForTheSameClassAndOldFilesForTheDefaultOne) {
  const Grid terrain = test::loadMap("arena.map");
  const Agent agent{2, capabilityOf("ground,trees")};
  const Hierarchy h = test::buildHierarchy(terrain.forAgent(agent), HierarchyOptions{});
  std::string error;
  const auto loaded = deserializeHierarchy(serializeHierarchy(h), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->grid().agent(), agent);
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
  const auto sizes = readStoredHierarchySizes(serializeHierarchy(h));
  ASSERT_TRUE(sizes);
  EXPECT_EQ(sizes->agent, agent);

  // Format 5 had no agent class: its files load as the Moving AI agent's (forged from the format-6 fixture).
  const Hierarchy plain = test::buildHierarchy(terrain, test::format6FixtureOptions());
  auto bytes = test::format6Fixture();
  test::dropAgentClass(bytes, static_cast<size_t>(terrain.cellCount()));
  bytes[8] = 5;
  test::resignHierarchyBytes(bytes);
  const auto old = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(old) << error;
  EXPECT_EQ(old->grid().agent(), Agent::movingAIDefault());
  EXPECT_TRUE(test::dumpHierarchy(*old) == test::dumpHierarchy(plain));

  // A forged agent class is refused by name.
  auto forged = serializeHierarchy(h);
  const size_t agentAt = test::findSection(forged, "grid").offset + 8 + static_cast<size_t>(terrain.cellCount());
  forged[agentAt] = 12;
  test::resignSections(forged);
  EXPECT_FALSE(deserializeHierarchy(forged, error));
  EXPECT_EQ(error, "section 'grid' at byte " + groupedNumber(agentAt) + ": agent size 12 is outside 1..8");
}

}  // namespace
}  // namespace hpastar
