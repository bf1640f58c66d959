// WorldHierarchyOptions::maxDetour: every path a block world's findPath returns costs at most (1 + maxDetour)
// × the shortest (WorldHpaQuery::boundDetour), on generated worlds of every kind, with and without a cost
// layer, against A*'s optimum. Each case also shows that the hierarchy alone breaks the bound somewhere, so
// the bound is tested where it bites.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::buildHierarchy;

struct DetourCase {
  WorldKind kind;
  bool weighted;  // a cost layer of patches from 1/2 to 4 times a move's cost
  double maxDetour;
};
void PrintTo(const DetourCase& c, std::ostream* os) {
  *os << worldKindName(c.kind) << (c.weighted ? " weighted" : "") << " maxDetour " << c.maxDetour;
}

BlockWorld caseWorld(const DetourCase& c) {
  BlockWorld world = generateWorld(c.kind, 64, 64, 8, 9);
  if (!c.weighted) return world;
  SeededRandom random(5);
  std::vector<uint8_t> layer(static_cast<size_t>(world.cellCount()));
  uint8_t value = kCostLayerUnit;
  for (uint8_t& v : layer) {
    if (random.chance(20)) value = static_cast<uint8_t>(kCostLayerUnit / 2 + random.below(4 * kCostLayerUnit));
    v = value;
  }
  EXPECT_EQ(world.setCostLayer(layer), "");
  return world;
}

class WorldMaxDetour : public ::testing::TestWithParam<DetourCase> {};

TEST_P(WorldMaxDetour, NoPathIsLongerThanTheBoundAllows) {
  const DetourCase c = GetParam();
  const BlockWorld world = caseWorld(c);
  WorldHierarchyOptions options = test::boxesOf(8, 4, 2);
  const WorldHierarchy unbounded = buildHierarchy(world, options);
  options.maxDetour = c.maxDetour;
  const WorldHierarchy bounded = buildHierarchy(world, options);
  const std::vector<Voxel> standing = test::standingCells(world);
  WorldHpaQuery qb(bounded), qu(unbounded);
  WorldAStar astar;
  WorldPath best, rb, ru;
  SeededRandom random(23);
  int compared = 0, brokenAlone = 0;
  for (int q = 0; q < 400; ++q) {
    const Voxel s = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
    const Voxel t = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
    if (astar.findPath(world, s, t, best, &unbounded.components()) != PathStatus::Found) continue;
    const std::string what = voxelText(s) + " -> " + voxelText(t);
    ASSERT_EQ(qb.findPath(s, t, rb), PathStatus::Found) << what;
    ASSERT_EQ(qu.findPath(s, t, ru), PathStatus::Found) << what;
    const PathCheck check = validateWorldPath(world, s, t, rb.cells, rb.cost);
    ASSERT_TRUE(check.valid) << what << ": " << check.problem;
    ASSERT_GE(rb.cost, best.cost - 1e-9) << what;
    ASSERT_LE(rb.cost, (1 + c.maxDetour) * best.cost + 1e-9)
        << what << ": " << rb.cost << " against the optimal " << best.cost;
    ASSERT_LE(rb.cost, ru.cost + 1e-9) << what << ": the bound made a path longer";
    brokenAlone += ru.cost > (1 + c.maxDetour) * best.cost + 1e-9;
    ++compared;
  }
  EXPECT_GT(compared, 300);
  EXPECT_GT(brokenAlone, 0) << "the hierarchy alone keeps the bound here: the case tests nothing";
}

INSTANTIATE_TEST_SUITE_P(
    GeneratedWorlds, WorldMaxDetour,
    ::testing::Values(DetourCase{WorldKind::Caves, false, 0.05}, DetourCase{WorldKind::Caves, false, 0.01},
                      DetourCase{WorldKind::Towers, false, 0.01}, DetourCase{WorldKind::Hills, false, 0.05},
                      DetourCase{WorldKind::Caves, true, 0.05}, DetourCase{WorldKind::Hills, true, 0.02}));

// A path the straight-line bound vouches for needs no check: on an open floor every path is within the
// bound of that line, and the bound adds no expansion to the hierarchy's.
TEST(WorldMaxDetourCost, APathTheStraightLineVouchesForRunsNoSearch) {
  const BlockWorld world =
      test::drawWorld({{"................", "................", "................", "................",
                        "................", "................", "................", "................"}});
  WorldHierarchyOptions options = test::boxesOf(4, 1, 1);
  const WorldHierarchy plain = buildHierarchy(world, options);
  options.maxDetour = 0.05;
  const WorldHierarchy bounded = buildHierarchy(world, options);
  WorldHpaQuery qb(bounded), qp(plain);
  WorldPath rb, rp;
  ASSERT_EQ(qb.findPath(Voxel{0, 0, 0}, Voxel{15, 7, 0}, rb), PathStatus::Found);
  ASSERT_EQ(qp.findPath(Voxel{0, 0, 0}, Voxel{15, 7, 0}, rp), PathStatus::Found);
  EXPECT_NEAR(rb.cost, 8 + 7 * kSqrt2, 1e-9);
  EXPECT_EQ(rb.expanded, rp.expanded);
}

// The option is stored with the hierarchy and comes back from its bytes; older files load with it off.
TEST(WorldMaxDetourCost, IsSavedWithTheHierarchy) {
  const BlockWorld world = generateWorld(WorldKind::Caves, 32, 32, 8, 3);
  WorldHierarchyOptions options = test::boxesOf(8, 4, 2);
  options.maxDetour = 0.125;
  const WorldHierarchy h = buildHierarchy(world, options);
  std::string error;
  const auto loaded = deserializeWorldHierarchy(serializeWorldHierarchy(h), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->options().maxDetour, 0.125);
}

}  // namespace
}  // namespace hpastar
