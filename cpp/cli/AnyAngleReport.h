#pragma once
#include <span>
#include <string>

#include "cli/ToolPlanner.h"
#include "grid/Grid.h"
#include "io/MovingAIScenario.h"

namespace hpastar::cli {

// scen --shape any-angle: what the any-angle shaping makes of the planner's paths.
struct AnyAngleRunSettings {
  bool oracle = false;  // --oracle: the exact optimum (visibility graph) of each scenario, where it runs
  bool theta = false;   // --theta: a plain Theta* of the whole grid on each scenario, timed against ours
  int passes = 1;       // each time the fastest of this many runs
};

// Runs each scenario through the planner again, shapes its path (AnyAngleShaper) and prints one JSON line:
// lengths after each step against the grid path (and the oracle, Theta*), times per step, and with --theta
// the time of Theta* over planner + shaping on the longest tenth of the scenarios (by optimal length).
// Every shaped leg is checked (sweptLineClear); returns the number of invalid shaped paths. The grid must be
// unweighted (AnyAngleShaper::checkGrid, which the caller checks before its run).
uint64_t reportAnyAngle(ToolPlanner& planner, const Grid& grid, std::span<const Scenario> scenarios,
                        const AnyAngleRunSettings& settings);

}  // namespace hpastar::cli
