// An edit tells its progress sink how far the rebuild is, as a build does: the phases in order, the share
// never going back and 1 once at the end, for a whole-map rewrite (a rebuild of everything) and for an
// edit of some clusters. The sink's answer is ignored: an edit never stops half-way, and the hierarchy it
// leaves is the one an edit without a sink leaves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestMaps.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchySerialization.h"

namespace hpastar {
namespace {

using test::loadMap;

struct Heard {
  std::string phase;
  double done;
};

HierarchyOptions staticHint() {
  HierarchyOptions o;
  o.clusterSize = 16;
  o.levels = 3;
  o.cacheTrees = true;
  o.landmarks = 8;
  o.distanceTable = true;
  return o;
}

// Walls on a lattice over the whole map: every cluster changes (a rebuild of everything).
std::vector<CellEdit> wholeMapRewrite(const Grid& grid) {
  std::vector<CellEdit> edits;
  for (int32_t y = 2; y < grid.height(); y += 5)
    for (int32_t x = 3; x < grid.width(); x += 7)
      if (grid.passable(x, y)) edits.push_back(CellEdit{Point{x, y}, '@'});
  return edits;
}

// A wall across part of one row: a few clusters.
std::vector<CellEdit> someClusters() {
  std::vector<CellEdit> edits;
  for (int32_t x = 40; x < 200; ++x) edits.push_back(CellEdit{Point{x, 120}, '@'});
  return edits;
}

// Applies `edits` to a fresh build of `grid`, `answer` being what the sink answers; the reports heard.
std::vector<Heard> editHeard(const Grid& grid, const std::vector<CellEdit>& edits, bool answer, Hierarchy& out) {
  std::string error;
  auto h = Hierarchy::build(grid, staticHint(), error);
  EXPECT_TRUE(h) << error;
  std::vector<Heard> heard;
  UpdateStats stats;
  error = h->applyEdits(edits, &stats, [&](std::string_view phase, double done) {
    heard.push_back(Heard{std::string(phase), done});
    return answer;
  });
  EXPECT_EQ(error, "");
  out = std::move(*h);
  return heard;
}

void expectOrderly(const std::vector<Heard>& heard, const std::vector<std::string>& order, size_t atLeast) {
  ASSERT_GE(heard.size(), atLeast);
  size_t phase = 0;
  for (size_t i = 0; i < heard.size(); ++i) {
    while (phase < order.size() && order[phase] != heard[i].phase) ++phase;
    ASSERT_LT(phase, order.size()) << "phase " << heard[i].phase << " out of order at report " << i;
    if (i > 0) {
      EXPECT_GE(heard[i].done, heard[i - 1].done) << "report " << i;
    }
    EXPECT_GE(heard[i].done, 0.0);
    EXPECT_LE(heard[i].done, 1.0);
  }
  EXPECT_EQ(heard.back().done, 1.0);
  size_t ones = 0;
  for (const Heard& h : heard) ones += h.done == 1.0 ? 1 : 0;
  EXPECT_EQ(ones, 1u);
}

// The same edits without a sink: the hierarchy a heard edit must equal.
std::vector<uint8_t> silentEdit(const Grid& grid, const std::vector<CellEdit>& edits) {
  std::string error;
  auto h = Hierarchy::build(grid, staticHint(), error);
  EXPECT_TRUE(h) << error;
  EXPECT_EQ(h->applyEdits(edits), "");
  return serializeHierarchy(*h);
}

TEST(EditProgress, AWholeMapRewriteReportsABuildsPhasesInOrderAndOneOnce) {
  const Grid grid = loadMap("den520d.map");
  const std::vector<CellEdit> edits = wholeMapRewrite(grid);
  std::string error;
  auto probe = Hierarchy::build(grid, staticHint(), error);
  ASSERT_TRUE(probe) << error;
  ASSERT_TRUE(probe->editsMayRebuildEverything(edits));
  Hierarchy edited = std::move(*probe);
  const std::vector<Heard> heard = editHeard(grid, edits, true, edited);
  expectOrderly(heard, {"entrances", "clusters", "levels", "components", "landmarks"}, 20);
  bool clusters = false;
  for (const Heard& h : heard) clusters = clusters || h.phase == "clusters";
  EXPECT_TRUE(clusters);
  EXPECT_EQ(serializeHierarchy(edited), silentEdit(grid, edits));
}

TEST(EditProgress, AnEditOfSomeClustersReportsClustersLevelsComponents) {
  const Grid grid = loadMap("den520d.map");
  std::string error;
  auto h = Hierarchy::build(grid, staticHint(), error);
  ASSERT_TRUE(h) << error;
  ASSERT_FALSE(h->editsMayRebuildEverything(someClusters()));
  Hierarchy edited = std::move(*h);
  const std::vector<Heard> heard = editHeard(grid, someClusters(), true, edited);
  expectOrderly(heard, {"clusters", "levels", "components"}, 3);
  EXPECT_EQ(heard.front().phase, "clusters");
  EXPECT_EQ(serializeHierarchy(edited), silentEdit(grid, someClusters()));
}

TEST(EditProgress, ASinkAnsweringFalseDoesNotStopTheEdit) {
  const Grid grid = loadMap("den520d.map");
  const std::vector<CellEdit> edits = wholeMapRewrite(grid);
  std::string error;
  auto h = Hierarchy::build(grid, staticHint(), error);
  ASSERT_TRUE(h) << error;
  Hierarchy edited = std::move(*h);
  const std::vector<Heard> heard = editHeard(grid, edits, false, edited);
  expectOrderly(heard, {"entrances", "clusters", "levels", "components", "landmarks"}, 20);
  EXPECT_EQ(serializeHierarchy(edited), silentEdit(grid, edits));
}

}  // namespace
}  // namespace hpastar
