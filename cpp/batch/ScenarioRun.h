#pragma once
// Moving AI scenarios run through a planner: each query timed, each path checked by the core's
// validators for the planner's agent, and the figures summed. Both command-line tools (`hpa scen`
// natively, `npx hpastar scen` through the wasm bindings) call this and only print what it returns,
// so that the two count, check and measure in one way.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "batch/PathBatch.h"
#include "grid/Agent.h"
#include "grid/Grid.h"
#include "io/MovingAIScenario.h"
#include "search/PathResult.h"

namespace hpastar {

// One scenario's answer, checked.
struct ScenarioOutcome {
  bool found = false;
  double length = 0;   // the path's cost; 0 when not found
  double optimal = 0;  // the optimum it is measured against (the file's, or A*'s on a weighted map)
  double suboptimality = 0;
  bool valid = true;    // a path not found is valid (nothing to check)
  std::string problem;  // why the path is not valid
  double us = 0;        // the query's time (the fastest pass); 0 in a batch, which times the whole
  uint64_t expanded = 0;
  bool hasStats = false;  // a batch gives each query's total only, not its phases' counts
  SearchStats stats;
};

// The figures of the summary line.
struct ScenarioSummary {
  uint64_t found = 0, unsolved = 0, invalid = 0, expandedSum = 0;
  double subSum = 0, subMax = 0, relErrMax = 0, usTotal = 0;
  double meanSuboptimality() const { return found ? subSum / static_cast<double>(found) : 0.0; }
};

struct ScenarioReport {
  std::vector<ScenarioOutcome> outcomes;  // one per scenario, in order
  ScenarioSummary summary;
};

// How the scenarios are run and checked.
struct ScenarioRunSettings {
  // The paths are checked for this agent: validatePath for the Moving AI agent, else its footprint.
  Agent agent = Agent::movingAIDefault();
  // Whether the scenarios' optimal lengths are the agent's optima (the file's are for the Moving AI
  // agent only); without them only found and not found are counted.
  bool haveOptima = true;
  // Untimed runs of the whole list first (V8 compiles wasm in tiers: its first pass is slower).
  int warmup = 0;
  // The whole list runs `passes` times and each query keeps its fastest time: on a shared machine that
  // removes most of the noise of other processes. The paths checked are those of the last pass.
  int passes = 1;
};

// One query of the planner under test; `out` is reset by the caller.
using ScenarioSearch = std::function<void(Point start, Point goal, PathResult& out)>;

// With terrain costs the file's optimal lengths are not the optima: A* on the weighted grid gives them
// (unchanged on an unweighted grid). 0 where A* finds no path.
void setWeightedOptima(const Grid& grid, std::span<Scenario> scenarios);

// Runs the scenarios one query at a time through `search`, on `grid`'s terrain.
ScenarioReport runScenarios(const Grid& grid, std::span<const Scenario> scenarios, const ScenarioSearch& search,
                            const ScenarioRunSettings& settings);

// Checks the answers of a batch (query q is scenario q, cells kept) run in `wallUs` microseconds.
ScenarioReport checkScenarioBatch(const Grid& grid, std::span<const Scenario> scenarios,
                                  const PathBatchResults& answers, double wallUs, const ScenarioRunSettings& settings);

}  // namespace hpastar
