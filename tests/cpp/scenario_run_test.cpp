// The scenario runner both command-line tools call (batch/ScenarioRun.h): every answer checked for the
// agent, suboptimality against the scenario's optimum (A*'s on a weighted map), failures and illegal
// paths counted, a batch's answers checked the same way.
#include <gtest/gtest.h>

#include "TestMaps.h"
#include "batch/BatchSearch.h"
#include "batch/ScenarioRun.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

Scenario scenario(Point start, Point goal, double optimal) {
  Scenario s;
  s.start = start;
  s.goal = goal;
  s.optimalLength = optimal;
  return s;
}

TEST(ScenarioRun, OptimalAnswersAreValidAndMeasuredAgainstTheFile) {
  const Grid grid = test::drawGrid({"....", ".@@.", "...."});
  const std::vector<Scenario> scenarios = {scenario({0, 0}, {3, 0}, 3), scenario({0, 0}, {3, 2}, 3 + 2 * 0.5)};
  AStarSearch astar;
  ScenarioRunSettings settings;
  settings.passes = 2;
  settings.warmup = 1;
  int calls = 0;
  const ScenarioReport report = runScenarios(
      grid, scenarios,
      [&](Point s, Point g, PathResult& out) {
        ++calls;
        astar.findPath(grid, s, g, out);
      },
      settings);
  EXPECT_EQ(calls, 2 * 3);  // one warm-up round, two passes
  ASSERT_EQ(report.outcomes.size(), 2u);
  EXPECT_TRUE(report.outcomes[0].found && report.outcomes[0].valid && report.outcomes[0].hasStats);
  EXPECT_DOUBLE_EQ(report.outcomes[0].length, 3);
  EXPECT_DOUBLE_EQ(report.outcomes[0].suboptimality, 0);
  // The second optimum in the scenario is too short on purpose: its path measures as suboptimal.
  EXPECT_GT(report.outcomes[1].suboptimality, 0);
  EXPECT_EQ(report.summary.found, 2u);
  EXPECT_EQ(report.summary.invalid, 0u);
  EXPECT_EQ(report.summary.unsolved, 0u);
  EXPECT_DOUBLE_EQ(report.summary.subMax, report.outcomes[1].suboptimality);
  EXPECT_DOUBLE_EQ(report.summary.meanSuboptimality(), report.outcomes[1].suboptimality / 2);
}

TEST(ScenarioRun, IllegalPathsAndFailuresAreCounted) {
  const Grid grid = test::drawGrid({"....", ".@@.", "...."});
  const std::vector<Scenario> scenarios = {scenario({0, 0}, {3, 0}, 3), scenario({0, 0}, {3, 2}, 4)};
  const ScenarioReport report = runScenarios(grid, scenarios,
                                             [](Point s, Point g, PathResult& out) {
                                               if (g.y != 0) return;  // no path
                                               out.status = PathStatus::Found;
                                               out.cells = {s, Point{1, 1}, g};  // through a wall, and not a move
                                               out.cost = 3;
                                             },
                                             {});
  EXPECT_FALSE(report.outcomes[0].valid);
  EXPECT_FALSE(report.outcomes[0].problem.empty());
  EXPECT_FALSE(report.outcomes[1].found);
  EXPECT_TRUE(report.outcomes[1].valid);
  EXPECT_EQ(report.summary.invalid, 1u);
  EXPECT_EQ(report.summary.unsolved, 1u);
}

TEST(ScenarioRun, WeightedOptimaAreAStarsAndABatchIsCheckedTheSameWay) {
  const Grid grid = test::drawGrid({"....", "....", "...."});
  std::vector<Scenario> scenarios = {scenario({0, 0}, {3, 0}, 3), scenario({0, 2}, {3, 2}, 3)};
  setWeightedOptima(grid, scenarios);  // unweighted: unchanged
  EXPECT_DOUBLE_EQ(scenarios[0].optimalLength, 3);
  std::vector<int32_t> queries;
  for (const Scenario& s : scenarios) queries.insert(queries.end(), {s.start.x, s.start.y, s.goal.x, s.goal.y});
  BatchSearch engine(1);
  PathBatchResults answers;
  engine.findPaths(grid, queries, true, answers);
  const ScenarioReport report = checkScenarioBatch(grid, scenarios, answers, 42.0, {});
  EXPECT_EQ(report.summary.found, 2u);
  EXPECT_EQ(report.summary.invalid, 0u);
  EXPECT_DOUBLE_EQ(report.summary.usTotal, 42.0);
  EXPECT_FALSE(report.outcomes[0].hasStats);
}

}  // namespace
}  // namespace hpastar
