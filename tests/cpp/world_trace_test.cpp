// A block world's query traced (WorldHpaQuery::setTrace): tracing changes no answer; the trace's
// insertion and abstract searches expand as many nodes as the query's figures say, each search starts at
// its endpoint, its cells lie in its box, open nodes are not closed; the refined path, its segment ends
// and smoothing's lines rebuild the path findPath returns.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "TestMaps.h"
#include "WorldChecks.h"
#include "world/SeededRandom.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::buildHierarchy;

// The smoothed path rebuilt from the refined one and smoothing's replacements.
std::vector<Voxel> applyReplacements(const WorldSearchTrace& trace) {
  const std::vector<Voxel>& refined = trace.refined();
  std::vector<Voxel> out;
  size_t i = 0;
  for (const auto& r : trace.smoothing()) {
    while (i < r.from) out.push_back(refined[i++]);
    out.insert(out.end(), r.line.begin(), r.line.end() - 1);
    i = r.to;
  }
  while (i < refined.size()) out.push_back(refined[i++]);
  return out;
}

void expectTraceOf(const WorldHierarchy& h, Voxel s, Voxel t) {
  SCOPED_TRACE(voxelText(s) + " -> " + voxelText(t));
  WorldHpaQuery plain(h), traced(h);
  WorldSearchTrace trace;
  traced.setTrace(&trace);
  WorldPath expected, got, unsmoothed;
  WorldHpaStats stats;
  ASSERT_EQ(plain.findPath(s, t, expected), PathStatus::Found);
  ASSERT_EQ(traced.findPath(s, t, got, &stats), PathStatus::Found);
  EXPECT_EQ(got.cells, expected.cells);
  EXPECT_EQ(got.cost, expected.cost);
  if (withinBoxReach(s, t, h.options())) {  // one A* over the world, no hierarchy
    ASSERT_EQ(trace.searches().size(), 1u);
    const auto& search = trace.searches().front();
    EXPECT_EQ(search.phase, SearchPhase::AStar);
    EXPECT_EQ(search.closed.front(), s);
    EXPECT_EQ(search.closed.back(), t);
    EXPECT_EQ(search.closed.size(), stats.expandedRefinement);
    EXPECT_EQ(stats.expandedInsertion + stats.expandedAbstract, 0u);
    EXPECT_EQ(trace.refined(), got.cells);
    EXPECT_EQ(trace.segmentEnds(), std::vector<uint32_t>{static_cast<uint32_t>(got.cells.size() - 1)});
    EXPECT_EQ(applyReplacements(trace), got.cells);
    return;
  }

  EXPECT_EQ(trace.closedCount(SearchPhase::Insertion), stats.expandedInsertion);
  EXPECT_EQ(trace.closedCount(SearchPhase::Abstract), stats.expandedAbstract);
  EXPECT_EQ(trace.closedCount(SearchPhase::Refinement), 0u) << "refinement reads stored paths";
  const BlockWorld& world = h.world();
  int abstractSearches = 0;
  for (const auto& search : trace.searches()) {
    ASSERT_FALSE(search.closed.empty());
    // A node is open or closed, not both; only the start or the goal may share its cell with a node of
    // the hierarchy (two nodes of the abstract graph, one cell).
    for (const Voxel& v : search.open) {
      if (v == s || v == t) continue;
      EXPECT_EQ(std::count(search.closed.begin(), search.closed.end(), v), 0) << voxelText(v) << " open and closed";
    }
    if (search.phase == SearchPhase::Abstract) {
      ++abstractSearches;
      EXPECT_EQ(search.level, h.levels());
      EXPECT_EQ(search.closed.front(), s);
      EXPECT_EQ(search.closed.back(), t);
      continue;
    }
    ASSERT_EQ(search.phase, SearchPhase::Insertion);
    // Each insertion search starts at its endpoint and stays in the endpoint's box of its level.
    const Voxel from = search.closed.front();
    EXPECT_TRUE(from == s || from == t) << voxelText(from);
    const WorldClusterLayout& layout = h.layout(search.level + 1);
    const Box box = layout.box(layout.clusterOf(from));
    for (const Voxel& v : search.closed) {
      EXPECT_TRUE(box.contains(v)) << voxelText(v) << " outside the box of " << voxelText(from);
      EXPECT_TRUE(world.standing(v)) << voxelText(v);
    }
  }
  EXPECT_EQ(abstractSearches, 1);

  WorldHpaQueryOptions raw;
  raw.smooth = false;
  ASSERT_EQ(plain.findPath(s, t, unsmoothed, raw), PathStatus::Found);
  EXPECT_EQ(trace.refined(), unsmoothed.cells);
  ASSERT_FALSE(trace.segmentEnds().empty());
  EXPECT_EQ(trace.segmentEnds().back(), trace.refined().size() - 1);
  EXPECT_TRUE(std::is_sorted(trace.segmentEnds().begin(), trace.segmentEnds().end()));
  EXPECT_EQ(applyReplacements(trace), got.cells);
}

TEST(WorldTrace, TracedQueriesAnswerAsUntracedAndTheirSearchesAddUpToTheFigures) {
  const int queries = static_cast<int>(std::min<size_t>(test::scenarioLimit(), 40));
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers}) {
    const BlockWorld w = generateWorld(kind, 40, 36, 8, 3);
    const std::vector<Voxel> standing = test::standingCells(w);
    for (int32_t levels = 1; levels <= 2; ++levels) {
      SCOPED_TRACE(std::string(worldKindName(kind)) + ", levels " + std::to_string(levels));
      WorldHierarchyOptions o;
      o.clusterSide = 8;
      o.clusterLevels = 4;
      o.levels = levels;
      const WorldHierarchy h = buildHierarchy(w, o);
      SeededRandom random(11);
      int traced = 0, near = 0;
      for (int q = 0; q < queries; ++q) {
        const Voxel s = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
        const Voxel t = standing[static_cast<size_t>(random.below(static_cast<int32_t>(standing.size())))];
        if (s == t || !h.connected(s, t)) continue;
        expectTraceOf(h, s, t);
        ++traced;
        near += withinBoxReach(s, t, o);
        if (HasFatalFailure()) return;
      }
      EXPECT_GT(traced - near, queries / 4);
      if (queries >= 40) {
        EXPECT_GT(near, 0);
      }
    }
  }
}

}  // namespace
}  // namespace hpastar
