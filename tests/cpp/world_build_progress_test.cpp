// A block world's build tells its progress sink how far it is, as the 2D build does: the phases in
// order, the share of the whole never going back and ending at 1 once; a sink that answers false cancels
// the build, which then fails with kCancelledByProgress and keeps nothing; a build with a sink is the
// build without one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHierarchySerialization.h"

namespace hpastar {
namespace {

struct Heard {
  std::string phase;
  double done;
};

const std::vector<std::string> kOrder = {"entrances",  "clusters",  "levels",
                                         "components", "landmarks", "distance table"};

WorldHierarchyOptions withHeuristics(int32_t levels) {
  WorldHierarchyOptions o;
  o.levels = levels;
  o.landmarks = 8;
  o.distanceTable = true;
  return o;
}

std::vector<Heard> buildHeard(const BlockWorld& world, const WorldHierarchyOptions& options,
                              std::optional<WorldHierarchy>* out = nullptr) {
  std::vector<Heard> heard;
  Progress progress([&](std::string_view phase, double done) {
    heard.push_back(Heard{std::string(phase), done});
    return true;
  });
  std::string error;
  auto h = WorldHierarchy::build(world, options, error, {}, &progress);
  EXPECT_TRUE(h) << error;
  if (out) *out = std::move(h);
  return heard;
}

TEST(WorldBuildProgress, PhasesComeInOrderAndTheShareNeverGoesBackAndEndsAtOneOnce) {
  const BlockWorld world = generateWorld(WorldKind::Caves, 128, 128, 24, 7);
  for (int32_t levels : {1, 3}) {
    const std::vector<Heard> heard = buildHeard(world, withHeuristics(levels));
    ASSERT_GE(heard.size(), 10u) << "levels " << levels;
    EXPECT_LT(heard.size(), 200u) << "about every percent, not a flood";
    size_t phase = 0;
    for (size_t i = 0; i < heard.size(); ++i) {
      while (phase < kOrder.size() && kOrder[phase] != heard[i].phase) ++phase;
      ASSERT_LT(phase, kOrder.size()) << "phase " << heard[i].phase << " out of order at report " << i;
      if (i > 0) {
        EXPECT_GE(heard[i].done, heard[i - 1].done) << "report " << i;
      }
      EXPECT_GE(heard[i].done, 0.0);
      EXPECT_LE(heard[i].done, 1.0);
    }
    EXPECT_EQ(heard.back().done, 1.0);
    size_t ones = 0, clusters = 0, levelsHeard = 0;
    for (const Heard& h : heard) {
      ones += h.done == 1.0 ? 1 : 0;
      clusters += h.phase == "clusters" ? 1 : 0;
      levelsHeard += h.phase == "levels" ? 1 : 0;
    }
    EXPECT_EQ(ones, 1u);
    // The boxes' searches, most of a build, come in several steps; one level has no level above.
    EXPECT_GT(clusters, 5u) << "levels " << levels;
    EXPECT_EQ(levelsHeard > 0, levels > 1);
  }
}

TEST(WorldBuildProgress, ASinkThatAnswersFalseCancelsTheBuildAndKeepsNothing) {
  const BlockWorld world = generateWorld(WorldKind::Hills, 64, 64, 16, 3);
  for (const char* stopAt : {"entrances", "clusters", "levels", "components", "landmarks", "distance table"}) {
    int reports = 0, after = 0;
    bool stopped = false;
    Progress progress([&](std::string_view phase, double) {
      ++reports;
      if (stopped) ++after;
      stopped = stopped || phase == stopAt;
      return !stopped;
    });
    std::string error;
    auto h = WorldHierarchy::build(world, withHeuristics(2), error, {}, &progress);
    EXPECT_FALSE(h) << stopAt;
    EXPECT_EQ(error, kCancelledByProgress) << stopAt;
    EXPECT_TRUE(progress.cancelled()) << stopAt;
    EXPECT_EQ(after, 0) << "the sink was called after it cancelled, at " << stopAt;
    EXPECT_GT(reports, 0);
  }
}

TEST(WorldBuildProgress, ABuildWithASinkIsTheBuildWithoutOne) {
  const BlockWorld world = generateWorld(WorldKind::Towers, 64, 48, 12, 5);
  std::optional<WorldHierarchy> heard;
  buildHeard(world, withHeuristics(2), &heard);
  std::string error;
  auto silent = WorldHierarchy::build(world, withHeuristics(2), error);
  ASSERT_TRUE(silent && heard) << error;
  EXPECT_EQ(serializeWorldHierarchy(*silent), serializeWorldHierarchy(*heard));
  // An update after a build reports nothing and still works (the build's sink is gone).
  const std::vector<BlockChange> dig = {BlockChange{Voxel{10, 10, 3}, Block::Air}};
  EXPECT_EQ(heard->applyBlockChanges(dig), "");
  EXPECT_EQ(silent->applyBlockChanges(dig), "");
  EXPECT_EQ(serializeWorldHierarchy(*silent), serializeWorldHierarchy(*heard));
}

}  // namespace
}  // namespace hpastar
