#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "HierarchyBytes.h"
#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "WeightedMaps.h"
#include "grid/TerrainCosts.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "io/SectionedFormat.h"
#include "search/AStarSearch.h"
#include "search/DijkstraSearch.h"
#include "search/JumpPointPlusSearch.h"
#include "search/JumpPointSearch.h"
#include "search/SearchSpace.h"

namespace hpastar {
namespace {
using test::drawGrid;

TerrainCosts terrainCostsOf(std::string_view text) {
  std::string error;
  auto costs = TerrainCosts::parse(text, error);
  if (!costs) throw std::runtime_error(error);
  return *costs;
}

TEST(TerrainCosts, ParsesCharactersAndMultipliersAndLeavesTheOtherKindsAtOne) {
  const TerrainCosts c = terrainCostsOf("S=3,T=1.5,W=0.25");
  EXPECT_EQ(c.of(TerrainKind::Swamp), 3.0f);
  EXPECT_EQ(c.of(TerrainKind::Trees), 1.5f);
  EXPECT_EQ(c.of(TerrainKind::Water), 0.25f);
  EXPECT_EQ(c.of(TerrainKind::Ground), 1.0f);
  EXPECT_FALSE(c.uniform());
  EXPECT_TRUE(TerrainCosts{}.uniform());
  EXPECT_EQ(terrainCostsOf("G=2").of(TerrainKind::Ground), 2.0f) << "'.' and 'G' are one kind";
}

TEST(TerrainCosts, RefusesWhatIsNotACharacterAndAMultiplierInRange) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "'': expected a terrain character, '=' and a multiplier (S=3)"},
      {"S", "'S': expected a terrain character, '=' and a multiplier (S=3)"},
      {"S=", "'S=': expected a terrain character, '=' and a multiplier (S=3)"},
      {"S3", "'S3': expected a terrain character, '=' and a multiplier (S=3)"},
      {"X=2", "'X=2': terrain code 88 is not a Moving AI terrain character"},
      {"S=abc", "'S=abc': 'abc' is not a number"},
      {"S=3x", "'S=3x': '3x' is not a number"},
      {"S= 3", "'S= 3': ' 3' is not a number"},
      {"S=0", "'S=0': the multiplier of S (swamp) is 0, outside 0.015625..1024"},
      {"S=-1", "'S=-1': the multiplier of S (swamp) is -1, outside 0.015625..1024"},
      {"T=2000", "'T=2000': the multiplier of T (trees) is 2000, outside 0.015625..1024"},
      {"S=inf", "'S=inf': 'inf' is not a number"},
      {"S=nan", "'S=nan': 'nan' is not a number"},
      {"S=0x10", "'S=0x10': '0x10' is not a number"},
      {".=2,G=3",
       "'G=3': ground is given twice (each kind takes one multiplier; '.' and 'G' name one kind, as '@' and "
       "'O' do)"},
      {"S=3,S=4",
       "'S=4': swamp is given twice (each kind takes one multiplier; '.' and 'G' name one kind, as '@' and "
       "'O' do)"},
      {"S=2,", "'': expected a terrain character, '=' and a multiplier (S=3)"},
  };
  for (const auto& [text, message] : cases) {
    std::string error;
    EXPECT_FALSE(TerrainCosts::parse(text, error)) << text;
    EXPECT_EQ(error, message) << text;
  }
  TerrainCosts bad;
  bad.multiplier[3] = 0;
  EXPECT_EQ(bad.check(), "the multiplier of T (trees) is 0, outside 0.015625..1024");
}

TEST(TerrainCosts, AGridIsUnweightedUntilAMultiplierOrALayerValueDiffersFromOne) {
  Grid g(4, 3);
  EXPECT_FALSE(g.weighted());
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=1")), "");
  EXPECT_FALSE(g.weighted()) << "all multipliers 1: the unweighted path";
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=2")), "");
  EXPECT_TRUE(g.weighted());
  ASSERT_EQ(g.setTerrainCosts(TerrainCosts{}), "");
  EXPECT_FALSE(g.weighted());
  ASSERT_TRUE(g.setCellCost(1, 1, 32));
  EXPECT_TRUE(g.weighted());
  EXPECT_EQ(g.costLayerAt(1, 1), 32);
  EXPECT_EQ(g.costLayerAt(0, 0), kCostLayerUnit);
  ASSERT_TRUE(g.setCellCost(1, 1, kCostLayerUnit));
  EXPECT_FALSE(g.weighted()) << "a layer of 16s costs what the terrain costs";
  EXPECT_EQ(g.weightAt(g.index(1, 1)), 1.0f);
}

TEST(TerrainCosts, BadCostsAndLayersAreRefusedAndChangeNothing) {
  Grid g(3, 2);
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=2")), "");
  TerrainCosts bad;
  bad.multiplier[0] = -1;
  EXPECT_EQ(g.setTerrainCosts(bad), "the multiplier of . (ground) is -1, outside 0.015625..1024");
  EXPECT_EQ(g.terrainCosts(), terrainCostsOf("S=2"));
  const std::vector<uint8_t> shortLayer(5, 16);
  EXPECT_EQ(g.setCostLayer(shortLayer), "cost layer has 5 cells, expected 6 for 3x2");
  const std::vector<uint8_t> zero{16, 16, 16, 16, 0, 16};
  EXPECT_EQ(g.setCostLayer(zero), "cost layer value 0 at (1, 1): values are 1..255 sixteenths of the terrain's cost");
  EXPECT_FALSE(g.hasCostLayer());
  EXPECT_FALSE(g.setCellCost(1, 1, 0));
  EXPECT_FALSE(g.setCellCost(3, 0, 20));
  EXPECT_FALSE(g.hasCostLayer());
}

TEST(TerrainCosts, AStraightMoveCostsTheMeanOfItsTwoCellsAndADiagonalRootTwoTimesTheMeanOfItsFour) {
  // Layer values in sixteenths: 16 = 1, 32 = 2, 48 = 3, 64 = 4.
  Grid g(2, 2);
  ASSERT_EQ(g.setCostLayer(std::vector<uint8_t>{16, 32, 48, 64}), "");
  EXPECT_DOUBLE_EQ(g.moveCost(g.index(0, 0), 2), 1.5);           // east: (1 + 2) / 2
  EXPECT_DOUBLE_EQ(g.moveCost(g.index(0, 0), 4), 2.0);           // south: (1 + 3) / 2
  EXPECT_DOUBLE_EQ(g.moveCost(g.index(0, 0), 3), kSqrt2 * 2.5);  // south-east: √2 (1 + 2 + 3 + 4) / 4
  EXPECT_DOUBLE_EQ(g.moveCost(g.index(1, 1), 7), kSqrt2 * 2.5);  // and back the same
  // The terrain's multiplier and the layer multiply.
  ASSERT_TRUE(g.setTerrain(1, 0, 'S'));
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=3")), "");
  EXPECT_EQ(g.weightAt(g.index(1, 0)), 6.0f);
  EXPECT_DOUBLE_EQ(g.moveCost(g.index(0, 0), 2), 3.5);
  EXPECT_DOUBLE_EQ(g.minWeight(), 1.0) << "the smallest multiplier a move can meet";
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=0.5")), "");
  EXPECT_DOUBLE_EQ(g.minWeight(), 0.5);
}

TEST(TerrainCosts, TheHeuristicScaleIsTheSmallestMultiplierOfThePassableKindsTimesTheSmallestLayerValue) {
  Grid g(3, 3);
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf(".=2,S=4,W=0.25")), "");
  EXPECT_DOUBLE_EQ(g.minWeight(), 2.0) << "water is blocked for the default capability: its multiplier is unused";
  ASSERT_TRUE(g.setCellCost(0, 0, 8));
  EXPECT_DOUBLE_EQ(g.minWeight(), 1.0);
  ASSERT_TRUE(g.setCellCost(0, 0, 24));
  EXPECT_DOUBLE_EQ(g.minWeight(), 2.0) << "recomputed when the smallest value goes";
}

TEST(TerrainCosts, AStarGoesAroundCostlyGroundWhenThatIsCheaper) {
  // Straight through the swamp, or around it on ground.
  Grid g = drawGrid({
      ".....",
      ".SSS.",
      ".....",
  });
  AStarSearch a;
  PathResult r;
  a.findPath(g, Point{0, 1}, Point{4, 1}, r);
  EXPECT_DOUBLE_EQ(r.cost, 4.0) << "unweighted: straight through";
  ASSERT_EQ(g.setTerrainCosts(terrainCostsOf("S=5")), "");
  a.findPath(g, Point{0, 1}, Point{4, 1}, r);
  ASSERT_TRUE(test::isValidPath(g, Point{0, 1}, Point{4, 1}, r));
  // Through: 3 + 5 + 5 + 3 = 16. Around, six straight steps on ground: 6; a diagonal onto the top row
  // would touch a swamp cell and cost √2 (1 + 1 + 1 + 5) / 4 = 2√2, more than its two straight steps.
  EXPECT_DOUBLE_EQ(r.cost, 6.0);
  for (const Point p : r.cells) EXPECT_NE(g.terrainAt(p.x, p.y), 'S');
}

TEST(TerrainCosts, WithEveryMultiplierTwoAStarAndDijkstraFindTwiceTheMovingAIOptimalLengths) {
  // Uniform but not 1: the weighted code path, checked against the ground truth.
  for (const char* name : {"den520d.map", "arena.map"}) {
    Grid g = test::loadMap(name);
    const std::vector<Scenario> scenarios = test::loadScenarios(name, g);
    ASSERT_EQ(g.setTerrainCosts(terrainCostsOf(".=2,S=2,T=2,W=2,@=2")), "");
    ASSERT_TRUE(g.weighted());
    AStarSearch a;
    DijkstraSearch d;
    PathResult r;
    for (size_t i = 0; i < scenarios.size(); i += 7) {
      const Scenario& s = scenarios[i];
      r.reset();
      a.findPath(g, s.start, s.goal, r);
      ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, r)) << name << " #" << i;
      EXPECT_TRUE(test::sameLength(r.cost / 2, s.optimalLength)) << name << " #" << i << ": " << r.cost;
      if (i % 49 == 0) {
        d.run(g, g.bounds(), s.start);
        EXPECT_NEAR(d.distance(s.goal), r.cost, 1e-9 * r.cost);
      }
    }
  }
}

TEST(TerrainCosts, OnWeightedRealMapsAStarMatchesDijkstraAndEveryPathIsValidUnderTheWeights) {
  for (const char* name :
       {"den520d.map", "AR0011SR.map", "brc202d.map", "8room_000.map", "arena.map", "maze512-1-0.map"}) {
    const Grid base = test::loadMap(name);
    for (uint32_t seed : {1u, 2u}) {
      const Grid g = test::weighRegions(base, seed);
      ASSERT_TRUE(g.weighted());
      std::mt19937 rng(seed * 7919u);
      AStarSearch a;
      DijkstraSearch d;
      PathResult r;
      for (int q = 0; q < 12; ++q) {
        const Point start = test::randomPassable(g, rng), goal = test::randomPassable(g, rng);
        d.run(g, g.bounds(), start);
        r.reset();
        a.findPath(g, start, goal, r);
        if (d.distance(goal) == DijkstraSearch::kUnreached) {
          EXPECT_EQ(r.status, PathStatus::NoPath);
          continue;
        }
        ASSERT_TRUE(test::isValidPath(g, start, goal, r)) << name << " seed " << seed << " query " << q;
        EXPECT_NEAR(r.cost, d.distance(goal), 1e-9 * std::max(1.0, r.cost)) << name << " seed " << seed;
        // Weighted costs differ from the lengths: the costs were really used.
        if (q == 0) {
          EXPECT_NE(r.cost, pathLength(r.cells));
        }
      }
    }
  }
}

TEST(TerrainCosts, TheValidatorRecomputesCostsUnderTheWeights) {
  Grid g(3, 1);
  ASSERT_EQ(g.setCostLayer(std::vector<uint8_t>{16, 48, 16}), "");
  const std::vector<Point> cells{{0, 0}, {1, 0}, {2, 0}};
  EXPECT_DOUBLE_EQ(pathCost(g, cells), 4.0);  // (1 + 3) / 2 twice
  EXPECT_TRUE(validatePath(g, Point{0, 0}, Point{2, 0}, cells, 4.0).valid);
  const PathCheck wrong = validatePath(g, Point{0, 0}, Point{2, 0}, cells, 2.0);
  EXPECT_FALSE(wrong.valid);
  EXPECT_EQ(wrong.problem, "reported cost 2.000000 differs from the recomputed 4.000000");
}

TEST(TerrainCosts, JumpPointSearchesRunAStarOnAWeightedGrid) {
  // Jump points prune moves by symmetry, which weights break; on a weighted grid both planners give
  // A*'s answer.
  const Grid g = test::weighRegions(test::loadMap("den520d.map"), 3);
  AStarSearch a;
  JumpPointSearch jps;
  JumpPointPlusSearch plus;
  const JumpDistances table(g);
  std::mt19937 rng(5);
  PathResult expected, r;
  for (int q = 0; q < 10; ++q) {
    const Point start = test::randomPassable(g, rng), goal = test::randomPassable(g, rng);
    expected.reset();
    a.findPath(g, start, goal, expected);
    r.reset();
    jps.findPath(g, start, goal, r);
    EXPECT_EQ(r.status, expected.status);
    EXPECT_NEAR(r.cost, expected.cost, 1e-9 * std::max(1.0, r.cost));
    if (r.found()) {
      EXPECT_TRUE(test::isValidPath(g, start, goal, r));
    }
    r.reset();
    plus.findPath(g, table, start, goal, r);
    EXPECT_EQ(r.status, expected.status);
    EXPECT_NEAR(r.cost, expected.cost, 1e-9 * std::max(1.0, r.cost));
    if (r.found()) {
      EXPECT_TRUE(test::isValidPath(g, start, goal, r));
    }
  }
}

// HPA* on weighted maps: the same status as A* for every pair, every path legal and costing what it
// reports under the weights, never cheaper than A*'s; returns the mean suboptimality of the paths found.
double hpaAgainstAStar(const Grid& g, const HierarchyOptions& o, int pairs, uint32_t seed, bool smooth = true) {
  const Hierarchy h = test::buildHierarchy(g, o);
  HpaStarQuery q(h);
  AStarSearch a;
  PathResult r, ar;
  std::mt19937 rng(seed);
  double subSum = 0;
  int found = 0;
  HpaQueryOptions qo;
  qo.smooth = smooth;
  for (int i = 0; i < pairs; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    r.reset();
    ar.reset();
    const PathStatus hs = q.findPath(s, t, r, qo), as = a.findPath(g, s, t, ar);
    EXPECT_EQ(hs, as) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    if (hs != PathStatus::Found || as != PathStatus::Found) continue;
    EXPECT_TRUE(test::isValidPath(g, s, t, r)) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    EXPECT_GE(r.cost, ar.cost * (1 - 1e-9));
    if (ar.cost > 0) subSum += (r.cost - ar.cost) / ar.cost;
    ++found;
  }
  return found ? subSum / found : 0;
}

TEST(TerrainCosts, HpaStarOnWeightedRealMapsFindsAPathExactlyWhenAStarDoesAndEveryPathIsValid) {
  for (const char* name :
       {"den520d.map", "AR0011SR.map", "brc202d.map", "8room_000.map", "arena.map", "maze512-1-0.map"}) {
    const Grid g =
        test::weighRegions(name == std::string("brc202d.map") ? test::cutUpBrc202d() : test::loadMap(name), 5);
    HierarchyOptions o;
    const double sub = hpaAgainstAStar(g, o, 40, 17);
    EXPECT_LT(sub, 0.10) << name;
    o.clusterSize = 16;
    o.levels = 2;
    o.cachePaths = true;
    hpaAgainstAStar(g, o, 30, 18);
    o.landmarks = 8;
    o.distanceTable = true;
    hpaAgainstAStar(g, o, 30, 19);
    o = HierarchyOptions{};
    o.levels = 3;
    o.clusterSize = 8;
    hpaAgainstAStar(g, o, 30, 20, false);
    // DHPA*: the trees' 16-bit distances are scaled by the costliest multiplier.
    o = HierarchyOptions{};
    o.cacheTrees = true;
    EXPECT_LT(hpaAgainstAStar(g, o, 40, 22), 0.10) << name << " DHPA*";
    o.clusterSize = 16;
    o.levels = 2;
    o.landmarks = 4;
    hpaAgainstAStar(g, o, 30, 23);
  }
}

TEST(TerrainCosts, SmoothingNeverMakesAWeightedPathCostlier) {
  const Grid g = test::weighRegions(test::loadMap("den520d.map"), 9);
  const Hierarchy h = test::buildHierarchy(g, HierarchyOptions{});
  HpaStarQuery q(h);
  std::mt19937 rng(3);
  PathResult rough, smooth;
  HpaQueryOptions noSmoothing;
  noSmoothing.smooth = false;
  int cheaper = 0;
  for (int i = 0; i < 60; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    rough.reset();
    smooth.reset();
    if (q.findPath(s, t, rough, noSmoothing) != PathStatus::Found) continue;
    ASSERT_EQ(q.findPath(s, t, smooth), PathStatus::Found);
    ASSERT_TRUE(test::isValidPath(g, s, t, smooth));
    EXPECT_LE(smooth.cost, rough.cost * (1 + 1e-9)) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    cheaper += smooth.cost < rough.cost - 1e-9;
  }
  EXPECT_GT(cheaper, 0) << "smoothing found nothing to straighten";
}

TEST(TerrainCosts, TransitionsGoWhereCrossingAnEntranceIsCheapest) {
  // A 4-wide vertical border between two 4x4 clusters; costly cells along it except row 3.
  Grid g(8, 4);
  std::vector<uint8_t> layer(32, kCostLayerUnit);
  for (int32_t y = 0; y < 3; ++y) layer[static_cast<size_t>(y * 8 + 3)] = layer[static_cast<size_t>(y * 8 + 4)] = 160;
  ASSERT_EQ(g.setCostLayer(layer), "");
  HierarchyOptions o;
  o.clusterSize = 4;
  const Hierarchy h = test::buildHierarchy(g, o);
  std::vector<Point> cells;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) cells.push_back(h.nodeCell(n));
  ASSERT_EQ(cells.size(), 2u) << "one transition: the entrance is narrower than 6";
  for (const Point p : cells) EXPECT_EQ(p.y, 3) << "unweighted it would be the middle, row 2";
}

// Every cost doubles exactly, but the search keys' fixed point rounds 2f and f differently, so ties
// between equal abstract paths may break the other way and smooth into paths of another length: the
// costs double on the whole, not path by path.
TEST(TerrainCosts, EveryMultiplierTwoDoublesHpaStarCostsOnTheWhole) {
  const Grid plain = test::loadMap("den520d.map");
  Grid doubled = plain;
  ASSERT_EQ(doubled.setTerrainCosts(terrainCostsOf(".=2,S=2")), "");
  const Hierarchy a = test::buildHierarchy(plain, HierarchyOptions{}),
                  b = test::buildHierarchy(doubled, HierarchyOptions{});
  HpaStarQuery qa(a), qb(b);
  std::mt19937 rng(8);
  PathResult ra, rb;
  double sumA = 0, sumB = 0;
  for (int i = 0; i < 40; ++i) {
    const Point s = test::randomPassable(plain, rng), t = test::randomPassable(plain, rng);
    ra.reset();
    rb.reset();
    ASSERT_EQ(qa.findPath(s, t, ra), qb.findPath(s, t, rb));
    if (!ra.found()) continue;
    ASSERT_TRUE(test::isValidPath(doubled, s, t, rb));
    sumA += ra.cost;
    sumB += rb.cost;
  }
  EXPECT_NEAR(sumB / sumA, 2.0, 0.01);
}

// An edit that keeps a cell passable but changes its kind ('.' to 'S') changes what the moves through it
// cost: its clusters are rebuilt as for a wall (found by fuzz_api_sequence: the edited hierarchy's
// inter-edges kept the old crossing cost, and its bytes were refused on loading).
TEST(TerrainCosts, TerrainEditsOnAWeightedHierarchyRebuildWhatAFreshBuildGives) {
  Grid g = test::weighRegions(test::loadMap("den520d.map"), 4);
  HierarchyOptions o;
  o.levels = 2;
  o.cachePaths = true;
  Hierarchy h = test::buildHierarchy(g, o);
  std::mt19937 rng(12);
  for (int round = 0; round < 5; ++round) {
    std::vector<CellEdit> edits;
    for (int k = 0; k < 6; ++k) {
      const Point p{static_cast<int32_t>(rng() % static_cast<uint32_t>(g.width())),
                    static_cast<int32_t>(rng() % static_cast<uint32_t>(g.height()))};
      // Walls, openings, and passable cells that only change their cost ('.' and 'S', 3x).
      const char now = h.grid().terrainAt(p.x, p.y);
      edits.push_back({p, k % 2 == 0 ? (now == '.' ? 'S' : '.') : (h.grid().passable(p) ? '@' : 'S')});
    }
    ASSERT_EQ(h.applyEdits(edits), "");
    const Hierarchy fresh = test::buildHierarchy(h.grid(), o);
    EXPECT_TRUE(test::dumpHierarchy(h) == test::dumpHierarchy(fresh)) << "round " << round;
  }
  hpaAgainstAStar(h.grid(), o, 30, 21);
}

TEST(TerrainCosts, AWeightedHierarchyIsSavedWithItsCostsAndLoadsToTheSamePlanner) {
  const Grid g = test::weighRegions(test::loadMap("arena.map"), 6);
  HierarchyOptions o;
  o.cachePaths = true;
  o.cacheTrees = true;  // the loader checks the trees' steps against the weighted moves
  o.levels = 2;
  o.clusterSize = 8;
  const Hierarchy h = test::buildHierarchy(g, o);
  const std::vector<uint8_t> bytes = serializeHierarchy(h);
  EXPECT_EQ(bytes.size(), serializedHierarchySize(h));
  std::string error;
  auto loaded = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->grid().terrainCosts(), g.terrainCosts());
  EXPECT_EQ(loaded->grid().costLayer(), g.costLayer());
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
  const auto sizes = readStoredHierarchySizes(bytes);
  ASSERT_TRUE(sizes);
  EXPECT_TRUE(sizes->weighted);
  EXPECT_FALSE(
      readStoredHierarchySizes(serializeHierarchy(test::buildHierarchy(test::loadMap("arena.map"), o)))->weighted);
  HpaStarQuery a(h), b(*loaded);
  PathResult ra, rb;
  std::mt19937 rng(2);
  for (int i = 0; i < 20; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    ra.reset();
    rb.reset();
    ASSERT_EQ(a.findPath(s, t, ra), b.findPath(s, t, rb));
    EXPECT_EQ(ra.cells, rb.cells);
    EXPECT_EQ(ra.cost, rb.cost);
  }
}

TEST(TerrainCosts, ForgedCostsInHierarchyBytesAreRefusedWithTheReason) {
  const Grid g = test::weighRegions(test::loadMap("arena.map"), 6);
  const std::vector<uint8_t> good = serializeHierarchy(test::buildHierarchy(g, HierarchyOptions{}));
  const size_t costs = test::findSection(good, "costs").offset;
  const std::string section = "section 'costs' at byte ";
  auto forged = [&](size_t at, std::span<const uint8_t> value) {
    std::vector<uint8_t> bytes = good;
    std::copy(value.begin(), value.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
    test::resignSections(bytes);
    std::string error;
    EXPECT_FALSE(deserializeHierarchy(bytes, error));
    return error;
  };
  const float zero = 0, nan = std::numeric_limits<float>::quiet_NaN();
  uint8_t raw[4];
  std::memcpy(raw, &zero, 4);
  EXPECT_EQ(forged(costs + 4, raw),
            section + groupedNumber(costs) + ": the multiplier of S (swamp) is 0, outside 0.015625..1024");
  std::memcpy(raw, &nan, 4);
  EXPECT_EQ(forged(costs, raw),
            section + groupedNumber(costs) + ": the multiplier of . (ground) is nan, outside 0.015625..1024");
  const uint8_t flag = 2, noLayer = 0, zeroValue = 0;
  EXPECT_EQ(forged(costs + 20, {&flag, 1}),
            section + groupedNumber(costs + 20) + ": the cost layer flag is 2, not 0 or 1");
  EXPECT_EQ(forged(costs + 21 + 3, {&zeroValue, 1}),
            section + groupedNumber(costs + 21) +
                ": cost layer value 0 at (3, 0): values are 1..255 sixteenths of the terrain's cost");
  // A layer dropped: the section's layer bytes are then left over, and refused.
  EXPECT_EQ(forged(costs + 20, {&noLayer, 1}), section + groupedNumber(costs + 21) + ": " +
                                                   groupedNumber(static_cast<uint64_t>(g.cellCount())) +
                                                   " bytes left over after what the section holds");
}

TEST(SearchKey, OrdersCostsOfAnyMagnitudeAndKeepsTheFixedPointKeysBelowTwoToThe25) {
  // Below 2^25 (every unweighted path) the key is the fixed point one; above, weighted paths on large
  // maps, it goes on increasing with the cost instead of overflowing.
  const double costs[] = {0, 1, kSqrt2, 1000.5, 33554431.0, 33554432.0, 33554433.0, 1e9, 4.4e12, 1e15, 1e300};
  for (size_t i = 1; i < std::size(costs); ++i)
    EXPECT_LT(SearchSpace::keyOf(costs[i - 1], 0), SearchSpace::keyOf(costs[i], 0)) << costs[i];
  EXPECT_EQ(SearchSpace::keyOf(1000.5, 2) >> 20, static_cast<uint64_t>(1000.5 * 262144.0 + 0.5));
  EXPECT_LT(SearchSpace::keyOf(1e9, 1), SearchSpace::keyOf(1e9, 2)) << "ties broken by h";
}

}  // namespace
}  // namespace hpastar
