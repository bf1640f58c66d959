// Terrain costs changed on a built hierarchy (issue 14, "changes"): a cell's cost layer value and a
// terrain kind's multiplier are terrain changes like a wall, rebuilding only the clusters they touch, and
// the edited hierarchy is the one a fresh build of the edited grid gives.
#include <gtest/gtest.h>

#include <random>

#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "WeightedMaps.h"
#include "grid/TerrainCosts.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

constexpr char kKeep = CellEdit::kKeepTerrain;

// Searches `h` between random pairs: a path exactly when A* finds one, valid and costed under the
// weights of the edited grid.
void expectSearchesLikeAStar(const Hierarchy& h, int pairs, uint32_t seed) {
  const Grid& g = h.grid();
  HpaStarQuery q(h);
  AStarSearch a;
  PathResult r, ar;
  std::mt19937 rng(seed);
  for (int i = 0; i < pairs; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    r.reset();
    ar.reset();
    const PathStatus hs = q.findPath(s, t, r), as = a.findPath(g, s, t, ar);
    ASSERT_EQ(hs, as) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    if (hs != PathStatus::Found) continue;
    EXPECT_TRUE(test::isValidPath(g, s, t, r)) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    EXPECT_GE(r.cost, ar.cost * (1 - 1e-9));
  }
}

// The bytes of `h` load back: the loader checks every stored cost (crossings, edges, DHPA* trees)
// against the grid's weights, so a cluster left with old costs is refused.
void expectLoads(const Hierarchy& h) {
  std::string error;
  EXPECT_TRUE(deserializeHierarchy(serializeHierarchy(h), error)) << error;
}

Point randomCell(const Grid& g, std::mt19937& rng) {
  return Point{static_cast<int32_t>(rng() % static_cast<uint32_t>(g.width())),
               static_cast<int32_t>(rng() % static_cast<uint32_t>(g.height()))};
}

TEST(CostEdits, CellCostEditsRebuildWhatAFreshBuildOfTheEditedGridGives) {
  for (const bool trees : {false, true}) {
    Grid g = test::weighRegions(test::loadMap("den520d.map"), 4);
    HierarchyOptions o;
    o.levels = 2;
    o.cachePaths = true;
    o.cacheTrees = trees;
    Hierarchy h = test::buildHierarchy(g, o);
    std::mt19937 rng(31);
    for (int round = 0; round < 4; ++round) {
      std::vector<CellEdit> edits;
      for (int k = 0; k < 8; ++k) {
        const Point p = randomCell(g, rng);
        // Costs alone (roads, swamps, danger below the layer's largest value, so that trees keep their
        // scale), and with a terrain change.
        static constexpr uint8_t kValues[] = {4, 8, 16, 40, 100};
        const uint8_t value = kValues[rng() % std::size(kValues)];
        edits.push_back(k % 3 == 0 ? CellEdit{p, h.grid().passable(p) ? 'S' : '.', value} : CellEdit{p, kKeep, value});
      }
      UpdateStats st;
      ASSERT_EQ(h.applyEdits(edits, &st), "");
      EXPECT_LT(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()) / 2) << "round " << round;
      for (const CellEdit& e : edits) EXPECT_EQ(h.grid().costLayerAt(e.cell.x, e.cell.y), e.cost);
      const Hierarchy fresh = test::buildHierarchy(h.grid(), o);
      EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh)) << "trees " << trees << " round " << round;
      expectLoads(h);
    }
    expectSearchesLikeAStar(h, 30, 5);
  }
}

TEST(CostEdits, ACostEditThatChangesNoCellRebuildsNothing) {
  Grid g = test::weighRegions(test::loadMap("arena.map"), 2);
  Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  const Point p{10, 10};
  const CellEdit same{p, kKeep, h.grid().costLayerAt(p.x, p.y)};
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&same, 1), &st), "");
  EXPECT_EQ(st.cellsChanged, 0u);
  EXPECT_EQ(st.clustersRebuilt[0], 0u);
  EXPECT_EQ(h.version(), 1u);  // an accepted edit list publishes a version all the same
}

TEST(CostEdits, TheFirstCostEditMakesAnUnweightedHierarchyWeighted) {
  const Grid g = test::loadMap("arena.map");
  ASSERT_FALSE(g.weighted());
  HierarchyOptions o;
  o.cachePaths = true;
  Hierarchy h = test::buildHierarchy(g, o);
  std::vector<CellEdit> road;
  for (int32_t x = 0; x < g.width(); ++x)
    if (g.passable(x, 20)) road.push_back(CellEdit{{x, 20}, kKeep, 4});  // a quarter of the cost
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(road, &st), "");
  EXPECT_TRUE(h.grid().weighted());
  EXPECT_EQ(h.grid().minWeight(), 0.25);
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(test::buildHierarchy(h.grid(), o)));
  expectSearchesLikeAStar(h, 30, 7);
  // Putting every value back to 16 makes the grid unweighted again, and the hierarchy today's.
  for (CellEdit& e : road) e.cost = kCostLayerUnit;
  ASSERT_EQ(h.applyEdits(road), "");
  EXPECT_FALSE(h.grid().weighted());
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(test::buildHierarchy(g, o)));
}

TEST(CostEdits, AKindsNewMultiplierRebuildsOnlyTheClustersAroundItsCells) {
  // Swamp in the top left cluster only (clusters of 10 on a 40x40 map).
  std::vector<std::string> rows(40, std::string(40, '.'));
  for (int y = 2; y < 6; ++y) rows[static_cast<size_t>(y)].replace(2, 5, "SSSSS");
  rows[20].replace(0, 30, std::string(30, '@'));
  const Grid g = test::drawGrid(rows);
  HierarchyOptions o;
  o.clusterSize = 10;
  o.levels = 2;
  o.clusterGroup = 2;
  Hierarchy h = test::buildHierarchy(g, o);
  TerrainCosts costs;
  costs.set('S', 5.0);
  UpdateStats st;
  ASSERT_EQ(h.setTerrainCosts(costs, &st), "");
  EXPECT_EQ(st.cellsChanged, 20u);
  EXPECT_EQ(st.rebuiltClusters[0], std::vector<int32_t>{0});
  EXPECT_EQ(st.clustersRebuilt[1], 1u);
  EXPECT_EQ(h.grid().terrainCosts(), costs);
  EXPECT_EQ(h.version(), 1u);
  Grid weighted = g;
  ASSERT_EQ(weighted.setTerrainCosts(costs), "");
  EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(test::buildHierarchy(weighted, o)));
  expectSearchesLikeAStar(h, 40, 3);
  // A kind that no passable cell has changes no cost: nothing is rebuilt.
  costs.set('W', 7.0);
  ASSERT_EQ(h.setTerrainCosts(costs, &st), "");
  EXPECT_EQ(st.cellsChanged, 0u);
  EXPECT_EQ(st.clustersRebuilt[0], 0u);
  // Refused costs change nothing.
  TerrainCosts bad = costs;
  bad.multiplier[0] = 0;
  EXPECT_NE(h.setTerrainCosts(bad), "");
  EXPECT_EQ(h.grid().terrainCosts(), costs);
}

TEST(CostEdits, KindMultipliersOnARealMapRebuildWhatAFreshBuildGives) {
  for (const bool trees : {false, true}) {
    Grid g = test::weighRegions(test::loadMap("AR0011SR.map"), 9);
    HierarchyOptions o;
    o.cachePaths = true;
    o.cacheTrees = trees;
    Hierarchy h = test::buildHierarchy(g, o);
    for (const char* text : {"S=0.5,T=2", ".=2,S=1", ".=1"}) {
      std::string error;
      const auto costs = TerrainCosts::parse(text, error);
      ASSERT_TRUE(costs) << error;
      ASSERT_EQ(h.setTerrainCosts(*costs), "");
      EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(test::buildHierarchy(h.grid(), o)))
          << text << " trees " << trees;
      expectLoads(h);
    }
    expectSearchesLikeAStar(h, 30, 11);
  }
}

TEST(CostEdits, ACostlierLayerValueRestoresEveryDhpaTreeAtTheNewScale) {
  Grid g = test::weighRegions(test::loadMap("arena.map"), 6);
  HierarchyOptions o;
  o.cacheTrees = true;
  o.clusterSize = 8;
  Hierarchy h = test::buildHierarchy(g, o);
  const double before = h.treeResolution();
  // weighRegions' layer values go up to 255: lower every cell to 40 at most first, so that 255 is new.
  std::vector<uint8_t> layer = g.costLayer();
  for (uint8_t& v : layer) v = std::min<uint8_t>(v, 40);
  ASSERT_EQ(g.setCostLayer(layer), "");
  h = test::buildHierarchy(g, o);
  const double lowered = h.treeResolution();
  EXPECT_LT(lowered, before);
  const CellEdit danger{{10, 10}, kKeep, 255};
  ASSERT_TRUE(h.editsMayRebuildEverything(std::span<const CellEdit>(&danger, 1)));
  UpdateStats st;
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&danger, 1), &st), "");
  EXPECT_EQ(st.clustersRebuilt[0], static_cast<uint32_t>(h.layout(1).count()));
  EXPECT_GT(h.treeResolution(), lowered);
  expectLoads(h);
  expectSearchesLikeAStar(h, 30, 13);
  // A value below the largest keeps the scale: only the cell's clusters are rebuilt.
  const CellEdit road{{30, 30}, kKeep, 8};
  EXPECT_FALSE(h.editsMayRebuildEverything(std::span<const CellEdit>(&road, 1)));
  ASSERT_EQ(h.applyEdits(std::span<const CellEdit>(&road, 1), &st), "");
  EXPECT_LE(st.clustersRebuilt[0], 4u);
  expectLoads(h);
}

TEST(CostEdits, AnEditOutsideTheMapOrWithABadCharacterChangesNothing) {
  Grid g = test::weighRegions(test::loadMap("arena.map"), 2);
  Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  const std::vector<CellEdit> edits{{{3, 3}, kKeep, 200}, {{-1, 3}, kKeep, 20}};
  EXPECT_EQ(h.applyEdits(edits), "cell (-1, 3) is outside the 49x49 map");
  EXPECT_EQ(h.grid().costLayerAt(3, 3), g.costLayerAt(3, 3));
  EXPECT_EQ(h.applyEdits(std::vector<CellEdit>{{{3, 3}, 'x', 20}}),
            "terrain code 120 at (3, 3) is not a Moving AI terrain character");
  EXPECT_EQ(h.version(), 0u);
}

}  // namespace
}  // namespace hpastar
