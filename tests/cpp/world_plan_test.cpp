#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "TestMaps.h"
#include "batch/BatchSearch.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::buildHierarchy;
using test::drawWorld;

std::string queryText(Voxel s, Voxel t) { return voxelText(s) + " -> " + voxelText(t); }

// Walks `plan` to its end with `query`: the segments joined. Each segment ends at its waypoint, and the
// plan is done exactly after its walkedSegments().
std::vector<Voxel> walk(const WorldHpaQuery& query, WorldHpaPlan& plan) {
  std::vector<Voxel> cells;
  for (size_t k = 0; k < plan.walkedSegments(); ++k) {
    EXPECT_FALSE(plan.done());
    const size_t before = cells.size();
    EXPECT_TRUE(query.nextSegment(plan, cells));
    EXPECT_GT(cells.size(), before) << "segment " << k << " is empty";
    if (cells.size() > before && k + 1 < plan.waypoints.size()) {
      EXPECT_EQ(cells.back(), plan.waypoints[k + 1]) << "segment " << k << " ends off its waypoint";
    }
  }
  EXPECT_TRUE(plan.done());
  EXPECT_FALSE(query.nextSegment(plan, cells));
  return cells;
}

// Whether s and t lie within one level-1 box's reach (WorldHpaQuery::shortenNearby's test).
bool nearby(const WorldHierarchy& h, Voxel s, Voxel t) {
  return std::max(std::abs(s.x - t.x), std::abs(s.y - t.y)) <= h.options().clusterSide &&
         std::abs(s.z - t.z) <= h.options().clusterLevels;
}

// The plan of s -> t walked to its end is a legal path from s to t, the path findPath refines without
// smoothing (the same abstract path, the same refinement), never cheaper than the smoothed one nor
// than A*'s; or, between nearby ends, one segment of a cheaper way found near them.
void expectPlanIsThePath(WorldHpaQuery& query, const BlockWorld& world, Voxel s, Voxel t) {
  SCOPED_TRACE(queryText(s, t));
  WorldPath unsmoothed, smoothed, best;
  WorldHpaQueryOptions raw;
  raw.smooth = false;
  ASSERT_EQ(query.findPath(s, t, unsmoothed, raw), PathStatus::Found);
  ASSERT_EQ(query.findPath(s, t, smoothed), PathStatus::Found);
  WorldAStar astar;
  ASSERT_EQ(astar.findPath(world, s, t, best), PathStatus::Found);
  WorldHpaPlan plan;
  WorldHpaStats stats;
  ASSERT_EQ(query.plan(s, t, plan, &stats), PathStatus::Found);
  ASSERT_FALSE(plan.waypoints.empty());
  EXPECT_EQ(plan.waypoints.front(), s);
  EXPECT_EQ(plan.waypoints.back(), t);
  EXPECT_EQ(stats.abstractPathNodes, plan.waypoints.size());
  const std::vector<Voxel> cells = walk(query, plan);
  const bool shortened = cells != unsmoothed.cells;
  PathCheck check = validateWorldPath(world, s, t, cells, unsmoothed.cost);
  // A shortened plan reports no cost: its own steps' cost, checked below against the unsmoothed path's.
  if (shortened && !check.valid && check.recomputedCost > 0)
    check = validateWorldPath(world, s, t, cells, check.recomputedCost);
  ASSERT_TRUE(check.valid) << check.problem;
  if (shortened) {
    EXPECT_TRUE(nearby(query.hierarchy(), s, t));
    EXPECT_EQ(plan.waypoints.size(), 2u);
    EXPECT_LT(check.recomputedCost, unsmoothed.cost - 1e-9);
  }
  EXPECT_GE(check.recomputedCost, smoothed.cost - 1e-9);
  EXPECT_GE(check.recomputedCost, best.cost - 1e-9);
}

std::vector<Voxel> planStandingCells(const BlockWorld& w) {
  std::vector<Voxel> out;
  for (int32_t i = 0; i < w.cellCount(); ++i)
    if (w.standing(w.voxelOf(i))) out.push_back(w.voxelOf(i));
  return out;
}

Voxel pick(const std::vector<Voxel>& cells, SeededRandom& random) {
  return cells[static_cast<size_t>(random.below(static_cast<int32_t>(cells.size())))];
}

// A tunnel under a wall at level 0 joins the two halves of level 1 (small boxes: every step of the way
// crosses a box), at one, two and three abstraction levels, both ways.
TEST(WorldPlan, HandDrawnTunnelJoinedSegmentsAreFindPathsPath) {
  const BlockWorld w = drawWorld({{"##...##", "#######"}, {"...#...", "...#..."}, {"...#...", "...#..."}});
  for (int32_t levels = 1; levels <= 3; ++levels) {
    SCOPED_TRACE("levels " + std::to_string(levels));
    const WorldHierarchy h = buildHierarchy(w, test::boxesOf(2, 1, levels));
    WorldHpaQuery query(h);
    expectPlanIsThePath(query, w, Voxel{0, 0, 1}, Voxel{6, 1, 1});
    expectPlanIsThePath(query, w, Voxel{6, 1, 1}, Voxel{0, 0, 1});
    expectPlanIsThePath(query, w, Voxel{0, 0, 1}, Voxel{1, 1, 1});  // one box: the start—goal edge
  }
}

TEST(WorldPlan, RandomQueriesOnGeneratedWorldsWalkToLegalPaths) {
  const int queries = static_cast<int>(std::min<size_t>(test::scenarioLimit(), 60));
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    const BlockWorld w = generateWorld(kind, 40, 36, 8, 5);
    const std::vector<Voxel> standing = planStandingCells(w);
    for (int32_t levels = 1; levels <= 3; ++levels) {
      SCOPED_TRACE(std::string(worldKindName(kind)) + ", levels " + std::to_string(levels));
      const WorldHierarchy h = buildHierarchy(w, test::boxesOf(6, 2, levels));
      WorldHpaQuery query(h);
      SeededRandom random(23);
      int found = 0;
      size_t longest = 0;
      for (int q = 0; q < queries; ++q) {
        const Voxel s = pick(standing, random), t = pick(standing, random);
        if (!h.connected(s, t)) continue;
        ++found;
        expectPlanIsThePath(query, w, s, t);
        WorldHpaPlan plan;
        query.plan(s, t, plan);
        longest = std::max(longest, plan.segmentCount());
        if (HasFatalFailure()) return;
      }
      EXPECT_GT(found, queries / 10);
      EXPECT_GE(longest, 3u);  // some plans have segments between two nodes of the hierarchy
    }
  }
}

// Plans made one after the other by one query object, then refined round-robin by another while the
// first searches on: each walks to the path it gives refined alone.
TEST(WorldPlan, InterleavedPlansDoNotDisturbEachOther) {
  const BlockWorld w = generateWorld(WorldKind::Caves, 40, 36, 8, 7);
  const std::vector<Voxel> standing = planStandingCells(w);
  const WorldHierarchy h = buildHierarchy(w, test::boxesOf(6, 2, 2));
  WorldHpaQuery planner(h), refiner(h);
  SeededRandom random(5);
  std::vector<WorldHpaPlan> plans;
  std::vector<std::vector<Voxel>> alone, interleaved;
  while (plans.size() < 8) {
    const Voxel s = pick(standing, random), t = pick(standing, random);
    if (s == t || !h.connected(s, t)) continue;
    WorldHpaPlan p;
    ASSERT_EQ(planner.plan(s, t, p), PathStatus::Found);
    WorldHpaPlan copy = p;
    alone.push_back(walk(planner, copy));
    plans.push_back(std::move(p));
  }
  interleaved.resize(plans.size());
  WorldPath other;
  for (bool any = true; any;) {
    any = false;
    for (size_t i = 0; i < plans.size(); ++i)
      if (refiner.nextSegment(plans[i], interleaved[i])) {
        any = true;
        planner.findPath(pick(standing, random), pick(standing, random), other);  // its scratch moves on
      }
  }
  for (size_t i = 0; i < plans.size(); ++i) {
    EXPECT_EQ(interleaved[i], alone[i]) << "plan " << i;
    const PathCheck check =
        validateWorldPath(w, plans[i].waypoints.front(), plans[i].waypoints.back(), interleaved[i], 0, 1e300);
    EXPECT_TRUE(check.valid) << check.problem;
  }
}

// Block changes make the plans made before them stale: they refine nothing, a new plan walks again.
TEST(WorldPlan, PlanMadeBeforeBlockChangesIsStale) {
  BlockWorld w = generateWorld(WorldKind::Towers, 40, 36, 8, 5);
  const std::vector<Voxel> standing = planStandingCells(w);
  WorldHierarchy h = buildHierarchy(w, test::boxesOf(6, 2, 2));
  WorldHpaQuery query(h);
  SeededRandom random(3);
  Voxel s, t;
  do s = pick(standing, random), t = pick(standing, random);
  while (s == t || !h.connected(s, t));
  WorldHpaPlan plan;
  ASSERT_EQ(query.plan(s, t, plan), PathStatus::Found);
  EXPECT_FALSE(query.isStale(plan));
  std::vector<Voxel> cells;
  ASSERT_TRUE(query.nextSegment(plan, cells));

  const BlockChange change = test::randomBlockChange(w, random);
  ASSERT_EQ(h.applyBlockChanges(std::span(&change, 1)), "");
  w.setBlock(change.at.x, change.at.y, change.at.z, change.block);
  EXPECT_TRUE(query.isStale(plan));
  const size_t before = cells.size();
  EXPECT_FALSE(query.nextSegment(plan, cells));
  EXPECT_EQ(cells.size(), before);

  // Another hierarchy of the same world and version: not its plan.
  const WorldHierarchy other = buildHierarchy(w, test::boxesOf(6, 2, 2));
  WorldHpaQuery otherQuery(other);
  WorldHpaPlan fresh;
  if (query.plan(s, t, fresh) == PathStatus::Found) {
    EXPECT_FALSE(query.isStale(fresh));
    EXPECT_TRUE(otherQuery.isStale(fresh));
    WorldHpaPlan copy = fresh;
    const std::vector<Voxel> walked = walk(query, copy);
    EXPECT_TRUE(validateWorldPath(w, s, t, walked, 0, 1e300).valid);
  }
}

// A batch of plans on two threads: per query what plan() and the first nextSegment() give.
TEST(WorldPlan, PlanBatchesAnswerAsPlanAndTheFirstSegment) {
  const BlockWorld w = generateWorld(WorldKind::Hills, 40, 36, 8, 9);
  const std::vector<Voxel> standing = planStandingCells(w);
  const WorldHierarchy h = buildHierarchy(w, test::boxesOf(6, 2, 2));
  SeededRandom random(8);
  std::vector<int32_t> queries;
  for (int q = 0; q < 40; ++q) {
    const Voxel s = pick(standing, random), t = pick(standing, random);
    queries.insert(queries.end(), {s.x, s.y, s.z, t.x, t.y, t.z});
  }
  queries.insert(queries.end(), {-1, 0, 0, 1, 1, 1});  // a start outside the world
  BatchSearch engine(2);
  WorldPlanBatchResults out;
  engine.planPaths(h, queries, true, out);
  ASSERT_EQ(out.count(), 41u);
  WorldHpaQuery query(h);
  int found = 0;
  for (size_t i = 0; i < out.count(); ++i) {
    const int32_t* q = queries.data() + 6 * i;
    WorldHpaPlan plan;
    const PathStatus status = query.plan(Voxel{q[0], q[1], q[2]}, Voxel{q[3], q[4], q[5]}, plan);
    ASSERT_EQ(out.status[i], static_cast<uint8_t>(status)) << "query " << i;
    ASSERT_EQ(out.segments[i], plan.walkedSegments());
    const auto runOf = [](const CellRunsOf<Voxel>& runs, size_t k) {
      return std::vector<Voxel>(runs.cells().begin() + runs.offsets()[k], runs.cells().begin() + runs.offsets()[k + 1]);
    };
    EXPECT_EQ(runOf(out.waypoints, i), plan.waypoints);
    std::vector<Voxel> first;
    query.nextSegment(plan, first);
    EXPECT_EQ(runOf(out.firstSegments, i), first);
    found += plan.found();
  }
  EXPECT_EQ(out.status[40], static_cast<uint8_t>(PathStatus::StartInvalid));
  EXPECT_GT(found, 10);
  engine.planPaths(h, queries, false, out);
  EXPECT_TRUE(out.firstSegments.cells().empty());
}

TEST(WorldPlan, NoPathInvalidEndpointsAndAStartThatIsTheGoal) {
  // The wall without the tunnel: the two sides are apart.
  const BlockWorld w = drawWorld({{"#######", "#######"}, {"...#...", "...#..."}, {"...#...", "...#..."}});
  const WorldHierarchy h = buildHierarchy(w, test::boxesOf(2, 1, 2));
  WorldHpaQuery query(h);
  WorldHpaPlan plan;
  WorldHpaStats stats;
  std::vector<Voxel> cells;
  EXPECT_EQ(query.plan(Voxel{0, 0, 1}, Voxel{6, 1, 1}, plan, &stats), PathStatus::NoPath);
  EXPECT_EQ(stats.expandedInsertion + stats.expandedAbstract, 0u);
  EXPECT_TRUE(plan.done());
  EXPECT_EQ(plan.walkedSegments(), 0u);
  EXPECT_TRUE(plan.waypoints.empty());
  EXPECT_FALSE(query.nextSegment(plan, cells));
  EXPECT_EQ(query.plan(Voxel{3, 0, 1}, Voxel{0, 0, 1}, plan), PathStatus::StartInvalid);  // solid
  EXPECT_EQ(query.plan(Voxel{0, 0, 1}, Voxel{0, 0, 2}, plan), PathStatus::GoalInvalid);   // air over air
  EXPECT_EQ(query.plan(Voxel{0, 0, 1}, Voxel{9, 0, 1}, plan), PathStatus::GoalInvalid);   // outside
  EXPECT_FALSE(query.nextSegment(plan, cells));
  EXPECT_TRUE(cells.empty());

  ASSERT_EQ(query.plan(Voxel{1, 1, 1}, Voxel{1, 1, 1}, plan), PathStatus::Found);
  EXPECT_EQ(plan.segmentCount(), 0u);
  EXPECT_EQ(plan.walkedSegments(), 1u);
  EXPECT_EQ(walk(query, plan), std::vector<Voxel>{(Voxel{1, 1, 1})});
}

}  // namespace
}  // namespace hpastar
