#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "BlockWorlds.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldLevelDistances.h"
#include "world/WorldPathValidator.h"

// The top level's landmarks and distance table on block worlds (WorldHierarchyOptions::landmarks,
// distanceTable): admissible bounds, so the top-level search finds abstract paths as short as without
// them; the table's walk as short as a search; never stale after digs, builds and cost changes.
namespace hpastar {
namespace {
using test::boxesOf;
using test::buildHierarchy;

WorldHierarchyOptions withHeuristics(WorldHierarchyOptions o, int32_t landmarks, bool table) {
  o.landmarks = landmarks;
  o.distanceTable = table;
  return o;
}

// Random pairs answered by `plain` (no tables) and `tabled`: the same status and, unsmoothed, the same
// cost (the abstract path's: refining an edge keeps its cost), to float rounding; every path of `tabled`
// legal with its cost recomputed, smoothed or not. Returns the pairs found.
int expectSameAbstractCosts(const WorldHierarchy& plain, const WorldHierarchy& tabled, SeededRandom& random,
                            int pairs) {
  const std::vector<Voxel> cells = test::standingCells(plain.world());
  WorldHpaQuery a(plain), b(tabled);
  WorldPath pa, pb;
  WorldHpaQueryOptions raw;
  raw.smooth = false;
  int found = 0;
  const int32_t n = static_cast<int32_t>(cells.size());
  for (int q = 0; q < pairs && n > 0; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))], t = cells[static_cast<size_t>(random.below(n))];
    const std::string where = voxelText(s) + " -> " + voxelText(t);
    EXPECT_EQ(a.findPath(s, t, pa, raw), b.findPath(s, t, pb, raw)) << where;
    if (!pb.found()) continue;
    ++found;
    EXPECT_NEAR(pb.cost, pa.cost, 1e-5 * pa.cost + 1e-4) << where;
    PathCheck check = validateWorldPath(tabled.world(), s, t, pb.cells, pb.cost);
    EXPECT_TRUE(check.valid) << where << ": " << check.problem;
    b.findPath(s, t, pb);
    check = validateWorldPath(tabled.world(), s, t, pb.cells, pb.cost);
    EXPECT_TRUE(check.valid) << where << " smoothed: " << check.problem;
  }
  return found;
}

// The tables in place are what computing them afresh on the hierarchy's current graph gives.
void expectTablesAsComputedNow(const WorldHierarchy& h) {
  WorldLevelDistances large = WorldLevelDistances::forLandmarks(h), top(h, h.levels());
  const LandmarkTable marks = LandmarkTable::compute(large, h.options().landmarks);
  ASSERT_EQ(h.landmarks().landmarks(), marks.landmarks());
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) < h.levels()) continue;
    for (int32_t k = 0; k < marks.count(); ++k) ASSERT_EQ(h.landmarks().distances(n)[k], marks.distances(n)[k]);
  }
  if (!h.options().distanceTable) return;
  const NodeDistanceTable table = NodeDistanceTable::compute(top);
  ASSERT_EQ(h.distanceTable().count(), table.count());
  for (uint32_t a = 0; a < table.count(); ++a)
    for (uint32_t b = 0; b < table.count(); ++b) ASSERT_EQ(h.distanceTable().row(a)[b], table.row(a)[b]);
}

// One round of the same changes to both hierarchies: 12 random digs or builds, `check` after each, then
// 20 cell costs, cheaper as well as dearer (cheaper ones shorten distances, what a stale bound misses).
template <typename Check>
void changeBoth(WorldHierarchy& a, WorldHierarchy& b, SeededRandom& changes, Check&& check) {
  for (int k = 0; k < 12; ++k) {
    const BlockChange c = test::randomBlockChange(a.world(), changes);
    ASSERT_EQ(a.applyBlockChanges({&c, 1}), "");
    ASSERT_EQ(b.applyBlockChanges({&c, 1}), "");
    check();
  }
  std::vector<CostChange> costs;
  const BlockWorld& w = a.world();
  for (int k = 0; k < 20; ++k) {
    const Voxel at{changes.below(w.width()), changes.below(w.height()), changes.below(w.levels())};
    costs.push_back(CostChange{at, static_cast<uint8_t>(1 + changes.below(64))});
  }
  ASSERT_EQ(a.applyCostChanges(costs), "");
  ASSERT_EQ(b.applyCostChanges(costs), "");
}

struct WorldSetup {
  WorldKind kind;
  int32_t side, tall, levels;
};
constexpr WorldSetup kSetups[] = {{WorldKind::Caves, 8, 4, 2},
                                  {WorldKind::Hills, 8, 4, 2},
                                  {WorldKind::Towers, 8, 4, 3},
                                  {WorldKind::Caves, 4, 2, 3}};

std::string setupName(const WorldSetup& s) {
  return std::string(worldKindName(s.kind)) + " " + std::to_string(s.side) + "/" + std::to_string(s.levels);
}

// A hierarchy without tables and one with the given ones, over one generated world of setup `s`.
std::pair<WorldHierarchy, WorldHierarchy> plainAndTabled(const WorldSetup& s, uint64_t seed, int32_t landmarks,
                                                         bool table) {
  const BlockWorld world = generateWorld(s.kind, 48, 40, 12, seed);
  const WorldHierarchyOptions o = boxesOf(s.side, s.tall, s.levels);
  return {buildHierarchy(world, withHeuristics(o, 0, false)),
          buildHierarchy(world, withHeuristics(o, landmarks, table))};
}

TEST(WorldHeuristics, LandmarksAndTheTableKeepTheAbstractPathCostsOfTheSearchWithout) {
  for (const WorldSetup& s : kSetups) {
    SCOPED_TRACE(setupName(s));
    const BlockWorld world = generateWorld(s.kind, 48, 40, 12, 5);
    const WorldHierarchyOptions o = boxesOf(s.side, s.tall, s.levels);
    const WorldHierarchy plain = buildHierarchy(world, withHeuristics(o, 0, false));
    for (const auto& [landmarks, table] : {std::pair{8, false}, std::pair{0, true}, std::pair{16, true}}) {
      SCOPED_TRACE("landmarks " + std::to_string(landmarks) + (table ? ", table" : ""));
      const WorldHierarchy tabled = buildHierarchy(world, withHeuristics(o, landmarks, table));
      EXPECT_EQ(tabled.landmarks().count(), landmarks);
      EXPECT_EQ(tabled.distanceTable().empty(), !table);
      EXPECT_EQ(tabled.stats().distanceTableNodes, table ? plain.stats().nodes[s.levels - 1] : 0u);
      SeededRandom random(21);
      EXPECT_GT(expectSameAbstractCosts(plain, tabled, random, 300), 30);
    }
  }
}

TEST(WorldHeuristics, TheTableReadsPathsAsShortAsATracedSearchWithItAsItsHeuristic) {
  // A traced query searches (with the table as its heuristic) where an untraced one walks the table.
  const WorldHierarchy h =
      buildHierarchy(generateWorld(WorldKind::Caves, 48, 40, 12, 8), withHeuristics(boxesOf(8, 4, 2), 0, true));
  const std::vector<Voxel> cells = test::standingCells(h.world());
  WorldHpaQuery walked(h), searched(h);
  WorldSearchTrace trace;
  searched.setTrace(&trace);
  WorldHpaQueryOptions raw;
  raw.smooth = false;
  WorldPath pw, ps;
  SeededRandom random(3);
  const int32_t n = static_cast<int32_t>(cells.size());
  for (int q = 0; q < 200; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))], t = cells[static_cast<size_t>(random.below(n))];
    trace = WorldSearchTrace{};
    ASSERT_EQ(walked.findPath(s, t, pw, raw), searched.findPath(s, t, ps, raw));
    if (!pw.found()) continue;
    EXPECT_NEAR(pw.cost, ps.cost, 1e-5 * ps.cost + 1e-4) << voxelText(s) << " -> " << voxelText(t);
  }
}

TEST(WorldHeuristics, AfterDigsBuildsAndCostChangesNoBoundIsStale) {
  for (const WorldSetup& s : {kSetups[0], kSetups[2]}) {
    SCOPED_TRACE(setupName(s));
    auto [plain, tabled] = plainAndTabled(s, 6, 8, true);
    SeededRandom changes(17), random(29);
    for (int round = 0; round < 6; ++round) {
      ASSERT_NO_FATAL_FAILURE(changeBoth(plain, tabled, changes, [] {}));
      expectTablesAsComputedNow(tabled);
      EXPECT_GT(expectSameAbstractCosts(plain, tabled, random, 120), 10);
    }
  }
}

TEST(WorldHeuristics, LandmarksWithoutTheTableAreRepairedConsistentAfterDigsBuildsAndCostChanges) {
  // Without the table a change repairs the landmark rows (LandmarkRepair) instead of computing them
  // again: every row must still respect every top-level edge, and the searches keep their costs.
  for (const WorldSetup& s : {kSetups[0], kSetups[1], kSetups[3]}) {
    SCOPED_TRACE(setupName(s));
    // Named references, not a structured binding: clang 14 (the ASan build) cannot capture one in a lambda.
    auto hierarchies = plainAndTabled(s, 9, 16, false);
    WorldHierarchy& plain = hierarchies.first;
    WorldHierarchy& marked = hierarchies.second;
    SeededRandom changes(41), random(43);
    bool repaired = false;  // some change left rows unlike a fresh computation (else nothing was tested)
    for (int round = 0; round < 6; ++round) {
      ASSERT_NO_FATAL_FAILURE(
          changeBoth(plain, marked, changes, [&] { ASSERT_EQ(inconsistentLandmarkBounds(marked), 0u); }));
      ASSERT_EQ(inconsistentLandmarkBounds(marked), 0u);
      WorldLevelDistances large = WorldLevelDistances::forLandmarks(marked);
      const LandmarkTable fresh = LandmarkTable::compute(large, 16);
      for (uint32_t n = 0; n < marked.nodeCount() && !repaired; ++n)
        repaired = marked.nodeLevel(n) >= marked.levels() &&
                   !std::equal(fresh.distances(n), fresh.distances(n) + fresh.count(), marked.landmarks().distances(n));
      EXPECT_GT(expectSameAbstractCosts(plain, marked, random, 120), 10);
    }
    EXPECT_TRUE(repaired);
  }
}

TEST(WorldHeuristics, RepairedLandmarksStayConsistentAcrossSavesAndLoadsWhenALandmarkNodeIsRemoved) {
  // Walling in a landmark's node frees its id, which a later change gives to another node: the saved rows
  // must not name that node as the landmark (its 0 would be read on load as the landmark's own distance,
  // and later repairs would keep bounds its neighbours break).
  for (const WorldSetup& s : kSetups) {
    SCOPED_TRACE(setupName(s));
    // Named references, not a structured binding: clang 14 (the ASan build) cannot capture one in a lambda.
    auto hierarchies = plainAndTabled(s, 12, 8, false);
    WorldHierarchy& plain = hierarchies.first;
    WorldHierarchy& marked = hierarchies.second;
    SeededRandom changes(53), random(59);
    auto apply = [&](const BlockChange& c) {
      ASSERT_EQ(plain.applyBlockChanges({&c, 1}), "");
      ASSERT_EQ(marked.applyBlockChanges({&c, 1}), "");
      ASSERT_EQ(inconsistentLandmarkBounds(marked), 0u);
      std::string error;
      std::optional<WorldHierarchy> loaded = deserializeWorldHierarchy(serializeWorldHierarchy(marked), error);
      ASSERT_TRUE(loaded) << error;
      marked = std::move(*loaded);
    };
    int removed = 0;
    for (int round = 0; round < 16; ++round) {
      for (uint32_t landmark : marked.landmarks().landmarks())
        if (landmark != LandmarkTable::kRemovedLandmark && marked.nodeLevel(landmark) >= marked.levels()) {
          ASSERT_NO_FATAL_FAILURE(apply(BlockChange{marked.nodeVoxel(landmark), Block::Solid}));
          break;
        }
      for (int k = 0; k < 6; ++k) ASSERT_NO_FATAL_FAILURE(apply(test::randomBlockChange(marked.world(), changes)));
    }
    for (uint32_t landmark : marked.landmarks().landmarks()) removed += landmark == LandmarkTable::kRemovedLandmark;
    EXPECT_GT(removed, 0);  // else no landmark id went to another node: nothing was tested
    EXPECT_GT(expectSameAbstractCosts(plain, marked, random, 120), 10);
  }
}

TEST(WorldHeuristics, SaveAndLoadKeepTheOptionsAndTheSamePaths) {
  const WorldHierarchy saved =
      buildHierarchy(generateWorld(WorldKind::Hills, 48, 40, 12, 2), withHeuristics(boxesOf(8, 4, 2), 12, true));
  std::string error;
  const std::optional<WorldHierarchy> loaded = deserializeWorldHierarchy(serializeWorldHierarchy(saved), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->options().landmarks, 12);
  EXPECT_TRUE(loaded->options().distanceTable);
  expectTablesAsComputedNow(*loaded);
  const std::vector<Voxel> cells = test::standingCells(saved.world());
  WorldHpaQuery a(saved), b(*loaded);
  WorldPath pa, pb;
  SeededRandom random(5);
  const int32_t n = static_cast<int32_t>(cells.size());
  for (int q = 0; q < 200; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))], t = cells[static_cast<size_t>(random.below(n))];
    ASSERT_EQ(a.findPath(s, t, pa), b.findPath(s, t, pb));
    EXPECT_EQ(pa.cells, pb.cells) << voxelText(s) << " -> " << voxelText(t);
    EXPECT_EQ(pa.cost, pb.cost);
  }
}

TEST(WorldHeuristics, HeuristicsBytesAreWhatTheBuiltLandmarksAndTableTake) {
  // The figure the wasm bindings reserve before the tables are allocated (WorldHierarchy::AskForBytes).
  const BlockWorld world = generateWorld(WorldKind::Hills, 48, 40, 12, 2);
  for (const auto& [landmarks, table] : {std::pair{12, true}, std::pair{0, true}, std::pair{16, false}}) {
    SCOPED_TRACE("landmarks " + std::to_string(landmarks) + (table ? ", table" : ""));
    const WorldHierarchy h = buildHierarchy(world, withHeuristics(boxesOf(8, 4, 2), landmarks, table));
    const WorldHierarchyStats s = h.stats();
    const uint32_t top = s.nodes[h.levels() - 1];
    ASSERT_GT(top, 0u);
    // Exact when every top-level node's component takes landmarks (one large component here).
    ASSERT_EQ(h.landmarks().count(), std::min<int32_t>(landmarks, static_cast<int32_t>(top)));
    EXPECT_EQ(s.distanceTableNodes, table ? top : 0u);
    EXPECT_GE(s.distanceTableBytes, table ? 5ull * top * top : 0u);
    EXPECT_EQ(WorldHierarchy::heuristicsBytes(h.options(), h.nodeCount(), top), s.landmarkBytes + s.distanceTableBytes);
    EXPECT_EQ(h.heuristicsBytes(), s.landmarkBytes + s.distanceTableBytes);
  }
  // Off, or a top level past NodeDistanceTable::kMaxNodes: no table.
  EXPECT_EQ(WorldHierarchy::heuristicsBytes(withHeuristics({}, 0, false), 100, 50), 0u);
  const uint32_t past = NodeDistanceTable::kMaxNodes + 1;
  EXPECT_EQ(WorldHierarchy::heuristicsBytes(withHeuristics({}, 0, true), past, past), 0u);
}

TEST(WorldHeuristics, BuildsLoadsAndUpdatesAskForTheHeuristicsBytesFirstAndARefusalKeepsEverything) {
  const BlockWorld world = generateWorld(WorldKind::Caves, 48, 40, 12, 4);
  const WorldHierarchyOptions o = withHeuristics(boxesOf(8, 4, 2), 8, true);
  std::vector<uint64_t> asked;
  auto grant = [&](uint64_t bytes) {
    asked.push_back(bytes);
    return std::string();
  };
  auto refuse = [&](uint64_t bytes) {
    asked.push_back(bytes);
    return std::string("refused");
  };
  std::string error;
  std::optional<WorldHierarchy> h = WorldHierarchy::build(world, o, error, grant);
  ASSERT_TRUE(h) << error;
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0], h->heuristicsBytes());
  EXPECT_GT(asked[0], 0u);
  EXPECT_FALSE(WorldHierarchy::build(world, o, error, refuse));
  EXPECT_EQ(error, "refused");
  EXPECT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[1], asked[0]);  // asked once the graph is built: its size, not a guess

  const std::vector<uint8_t> bytes = serializeWorldHierarchy(*h);
  error.clear();
  std::optional<WorldHierarchyParts> parts = readWorldHierarchyParts(bytes, error);
  ASSERT_TRUE(parts) << error;
  EXPECT_FALSE(WorldHierarchy::fromParts(std::move(*parts), error, refuse));
  EXPECT_EQ(error, "refused");
  EXPECT_EQ(asked.back(), h->heuristicsBytes());

  // An update asks before it changes anything: refused, the hierarchy is as it was.
  SeededRandom changes(7);
  for (int k = 0; k < 20; ++k) {
    const BlockChange c = test::randomBlockChange(h->world(), changes);
    const uint64_t before = h->heuristicsBytes();
    asked.clear();
    ASSERT_EQ(h->applyBlockChanges({&c, 1}, nullptr, refuse), "refused");
    ASSERT_EQ(asked, std::vector<uint64_t>{before});
    ASSERT_EQ(serializeWorldHierarchy(*h), bytes);
    const CostChange cost{c.at, 40};
    ASSERT_EQ(h->applyCostChanges({&cost, 1}, nullptr, refuse), "refused");
    ASSERT_EQ(serializeWorldHierarchy(*h), bytes);
  }
  const BlockChange c = test::randomBlockChange(h->world(), changes);
  asked.clear();
  ASSERT_EQ(h->applyBlockChanges({&c, 1}, nullptr, grant), "");
  EXPECT_EQ(asked.size(), 1u);
  expectTablesAsComputedNow(*h);

  // Without the table an update repairs the landmarks in place: nothing to ask.
  WorldHierarchy marked = buildHierarchy(world, withHeuristics(boxesOf(8, 4, 2), 8, false));
  asked.clear();
  EXPECT_EQ(marked.applyBlockChanges({&c, 1}, nullptr, refuse), "");
  EXPECT_TRUE(asked.empty());
}

}  // namespace
}  // namespace hpastar
