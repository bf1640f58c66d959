// A build tells its progress sink how far it is: the phases in order, the share of the whole never going
// back and ending at 1 once; a sink that answers false cancels the build, which then fails with
// kCancelledByProgress and leaves nothing half built; a build with a sink is the build without one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestMaps.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/Hierarchy.h"

namespace hpastar {
namespace {

using test::loadMap;

struct Heard {
  std::string phase;
  double done;
};

HierarchyOptions staticHint(int32_t levels) {
  HierarchyOptions o;
  o.clusterSize = 16;
  o.levels = levels;
  o.cacheTrees = true;
  o.landmarks = 8;
  o.distanceTable = true;
  return o;
}

std::vector<Heard> buildHeard(const Grid& grid, const HierarchyOptions& options, std::optional<Hierarchy>* out = nullptr) {
  std::vector<Heard> heard;
  Progress progress([&](std::string_view phase, double done) {
    heard.push_back(Heard{std::string(phase), done});
    return true;
  });
  std::string error;
  auto h = Hierarchy::build(grid, options, nullptr, error, &progress);
  EXPECT_TRUE(h) << error;
  if (out) *out = std::move(h);
  return heard;
}

TEST(BuildProgress, PhasesComeInOrderAndTheShareNeverGoesBackAndEndsAtOneOnce) {
  const Grid grid = loadMap("den520d.map");
  for (int32_t levels : {1, 3}) {
    const std::vector<Heard> heard = buildHeard(grid, staticHint(levels));
    ASSERT_GT(heard.size(), 20u) << "levels " << levels;
    const std::vector<std::string> order = {"entrances", "clusters", "levels", "components", "landmarks", "distance table"};
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
    EXPECT_EQ(heard.back().phase, "distance table");
    size_t ones = 0;
    for (const Heard& h : heard) ones += h.done == 1.0 ? 1 : 0;
    EXPECT_EQ(ones, 1u);
    // About every percent: no flood of reports, and the long phases in several steps.
    EXPECT_LT(heard.size(), 200u);
    size_t clusters = 0, table = 0;
    for (const Heard& h : heard) {
      clusters += h.phase == "clusters" ? 1 : 0;
      table += h.phase == "distance table" ? 1 : 0;
    }
    EXPECT_GT(clusters, 3u);
    EXPECT_GT(table, 10u);
  }
}

TEST(BuildProgress, TheShareFollowsTheWorkRoughly) {
  // Halfway through the reports by share, the clusters' trees (most of a DHPA* build) are under way: the
  // estimate gives the phases their weight, not equal slices.
  const Grid grid = loadMap("den520d.map");
  HierarchyOptions o = staticHint(1);
  o.distanceTable = false;
  const std::vector<Heard> heard = buildHeard(grid, o);
  double clustersEnd = 0;
  for (const Heard& h : heard)
    if (h.phase == "clusters") clustersEnd = h.done;
  EXPECT_GT(clustersEnd, 0.5);
}

TEST(BuildProgress, ASinkThatAnswersFalseCancelsTheBuild) {
  const Grid grid = loadMap("arena.map");
  for (const char* stopAt : {"entrances", "clusters", "components", "landmarks", "distance table"}) {
    int reports = 0, after = 0;
    bool stopped = false;
    Progress progress([&](std::string_view phase, double) {
      ++reports;
      if (stopped) ++after;
      stopped = stopped || phase == stopAt;
      return !stopped;
    });
    std::string error;
    auto h = Hierarchy::build(grid, staticHint(2), nullptr, error, &progress);
    EXPECT_FALSE(h) << stopAt;
    EXPECT_EQ(error, kCancelledByProgress) << stopAt;
    EXPECT_TRUE(progress.cancelled());
    EXPECT_EQ(after, 0) << "the sink was called after it cancelled, at " << stopAt;
    EXPECT_GT(reports, 0);
  }
}

TEST(BuildProgress, ABuildWithASinkIsTheBuildWithoutOne) {
  const Grid grid = loadMap("arena.map");
  std::optional<Hierarchy> heard;
  buildHeard(grid, staticHint(2), &heard);
  std::string error;
  auto silent = Hierarchy::build(grid, staticHint(2), error);
  ASSERT_TRUE(silent && heard) << error;
  EXPECT_EQ(serializeHierarchy(*silent), serializeHierarchy(*heard));
}

}  // namespace
}  // namespace hpastar
