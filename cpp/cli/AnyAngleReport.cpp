#include "cli/AnyAngleReport.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "cli/JsonObject.h"
#include "cli/Stopwatch.h"
#include "grid/SweptLine.h"
#include "path/AnyAngleShaper.h"
#include "search/ThetaStarSearch.h"
#include "search/VisibilityGraph.h"

namespace hpastar::cli {
namespace {

// The oracle's memory is corners² bytes (its line cache): past this many corners it is not run.
constexpr size_t kOracleMaxCorners = 12000;

// The figures of one scenario.
struct AnyAngleOutcome {
  bool found = false, valid = false;
  double optimalOctile = 0;  // the scenario file's length, to find the longest tenth
  AnyAngleStats stats;
  double repairedLength = 0;    // with the repair (`stats` are the default's, without it)
  uint64_t repairExpanded = 0;  // cells the repair's corridor Theta* expanded
  double oracle = -1, theta = -1;
  double planUs = 0, pullUs = 0, shapeUs = 0, repairUs = 0, thetaUs = 0;
};

// The fastest of `passes` runs of `run`, in thread CPU microseconds less the clock's own cost.
template <typename Run>
double fastestUs(int passes, double clockCost, Run&& run) {
  double best = 1e300;
  for (int pass = 0; pass < passes; ++pass) {
    const double t0 = threadCpuMicros();
    run();
    best = std::min(best, threadCpuMicros() - t0 - clockCost);
  }
  return std::max(best, 0.0);
}

bool legsClear(const Grid& grid, Point start, Point goal, const std::vector<Point>& corners, double length) {
  if (corners.empty() || !(corners.front() == start) || !(corners.back() == goal)) return false;
  for (size_t i = 1; i < corners.size(); ++i)
    if (!sweptLineClear(grid, corners[i - 1], corners[i])) return false;
  return std::abs(polylineLength(corners) - length) <= 1e-9 * std::max(1.0, length);
}

// Mean of f(outcome) over the outcomes where keep(outcome) holds.
template <typename Keep, typename F>
double meanOf(const std::vector<AnyAngleOutcome>& outcomes, Keep&& keep, F&& f) {
  double sum = 0;
  size_t n = 0;
  for (const AnyAngleOutcome& o : outcomes)
    if (keep(o)) sum += f(o), ++n;
  return n > 0 ? sum / static_cast<double>(n) : 0.0;
}

void addLongestTenth(JsonObject& line, std::vector<AnyAngleOutcome> found) {
  std::sort(found.begin(), found.end(),
            [](const AnyAngleOutcome& a, const AnyAngleOutcome& b) { return a.optimalOctile > b.optimalOctile; });
  found.resize(std::max<size_t>(1, found.size() / 10));
  double ours = 0, oursRepaired = 0, theta = 0;
  for (const AnyAngleOutcome& o : found) {
    ours += o.planUs + o.shapeUs;
    oursRepaired += o.planUs + o.repairUs;
    theta += o.thetaUs;
  }
  JsonObject tenth;
  const double n = static_cast<double>(found.size());
  tenth.add("queries", static_cast<uint64_t>(found.size()))
      .add("plan_and_shape_us_mean", ours / n)
      .add("plan_and_repair_shape_us_mean", oursRepaired / n)
      .add("theta_us_mean", theta / n)
      .add("theta_over_ours", ours > 0 ? theta / ours : 0.0)
      .add("theta_over_ours_repaired", oursRepaired > 0 ? theta / oursRepaired : 0.0);
  line.raw("longest_tenth", tenth.str());
}

}  // namespace

uint64_t reportAnyAngle(ToolPlanner& planner, const Grid& mapGrid, std::span<const Scenario> scenarios,
                        const AnyAngleRunSettings& settings) {
  const Grid grid = mapGrid.forAgent(planner.agent());  // the agent's own passability
  std::unique_ptr<VisibilityGraph> oracle;
  if (settings.oracle) oracle = std::make_unique<VisibilityGraph>(grid, &sweptLineClear<Grid>);
  const bool oracleRuns = oracle && oracle->corners().size() <= kOracleMaxCorners;
  const double clockCost = threadCpuClockCost();
  AnyAngleShaper shaper;
  ThetaStarSearch theta;
  PathResult path;
  std::vector<Point> corners, scratch;
  std::vector<AnyAngleOutcome> outcomes(scenarios.size());
  uint64_t invalid = 0;
  for (size_t q = 0; q < scenarios.size(); ++q) {
    const Scenario& s = scenarios[q];
    AnyAngleOutcome& o = outcomes[q];
    o.optimalOctile = s.optimalLength;
    o.planUs = fastestUs(settings.passes, clockCost, [&] { path.reset(), planner.findPath(s.start, s.goal, path); });
    if (!path.found()) continue;
    o.found = true;
    // The steps timed apart: pulling alone, the default (pulling and tightening), all three.
    constexpr AnyAngleSettings pullOnly{false, 2, false}, withRepair{true, 2, true};
    o.pullUs = fastestUs(settings.passes, clockCost, [&] { shaper.shape(grid, path.cells, scratch, pullOnly); });
    o.repairUs = fastestUs(settings.passes, clockCost, [&] { shaper.shape(grid, path.cells, scratch, withRepair); });
    shaper.shape(grid, path.cells, scratch, withRepair, &o.stats);
    o.repairedLength = o.stats.shapedLength;
    o.repairExpanded = o.stats.expanded;
    o.shapeUs = fastestUs(settings.passes, clockCost, [&] { shaper.shape(grid, path.cells, corners); });
    shaper.shape(grid, path.cells, corners, {}, &o.stats);
    o.valid = legsClear(grid, s.start, s.goal, corners, o.stats.shapedLength);
    invalid += o.valid ? 0 : 1;
    if (oracleRuns) o.oracle = oracle->shortest(s.start, s.goal, scratch);
    if (settings.theta) {
      o.thetaUs = fastestUs(settings.passes, clockCost, [&] { theta.findPath(grid, s.start, s.goal, scratch); });
      o.theta = polylineLength(scratch);
    }
  }
  auto found = [](const AnyAngleOutcome& o) { return o.found; };
  auto withOracle = [](const AnyAngleOutcome& o) { return o.found && o.oracle > 0; };
  JsonObject line;
  line.add("shape", "any-angle")
      .add("shaped", static_cast<uint64_t>(std::count_if(outcomes.begin(), outcomes.end(), found)));
  line.add("invalid", invalid);
  line.add("grid_length_mean", meanOf(outcomes, found, [](auto& o) { return o.stats.gridLength; }))
      .add("shaped_length_mean", meanOf(outcomes, found, [](auto& o) { return o.stats.shapedLength; }))
      .add("pulled_vs_grid_mean",
           meanOf(outcomes, found,
                  [](auto& o) { return o.stats.pulledLength / std::max(1e-300, o.stats.gridLength) - 1; }))
      .add("shaped_vs_grid_mean", meanOf(outcomes, found, [](auto& o) {
             return o.stats.shapedLength / std::max(1e-300, o.stats.gridLength) - 1;
           }));
  if (oracle && !oracleRuns) {
    line.add("oracle", "skipped: " + std::to_string(oracle->corners().size()) + " corners, more than " +
                           std::to_string(kOracleMaxCorners));
  } else if (oracle) {
    auto over = [](double length, double optimal) { return length / optimal - 1; };
    double worst = 0;
    for (const AnyAngleOutcome& o : outcomes)
      if (withOracle(o)) worst = std::max(worst, over(o.stats.shapedLength, o.oracle));
    line.add("oracle_corners", static_cast<uint64_t>(oracle->corners().size()))
        .add("grid_vs_oracle_mean",
             meanOf(outcomes, withOracle, [&](auto& o) { return over(o.stats.gridLength, o.oracle); }))
        .add("pulled_vs_oracle_mean",
             meanOf(outcomes, withOracle, [&](auto& o) { return over(o.stats.pulledLength, o.oracle); }))
        .add("repaired_vs_oracle_mean",
             meanOf(outcomes, withOracle, [&](auto& o) { return over(o.repairedLength, o.oracle); }))
        .add("shaped_vs_oracle_mean",
             meanOf(outcomes, withOracle, [&](auto& o) { return over(o.stats.shapedLength, o.oracle); }))
        .add("shaped_vs_oracle_max", worst);
    if (settings.theta)
      line.add("theta_vs_oracle_mean", meanOf(outcomes, withOracle, [&](auto& o) { return over(o.theta, o.oracle); }));
  }
  line.add("plan_us_mean", meanOf(outcomes, found, [](auto& o) { return o.planUs; }))
      .add("pull_us_mean", meanOf(outcomes, found, [](auto& o) { return o.pullUs; }))
      .add("shape_us_mean", meanOf(outcomes, found, [](auto& o) { return o.shapeUs; }))
      .add("repair_shape_us_mean", meanOf(outcomes, found, [](auto& o) { return o.repairUs; }))
      .add("line_checks_mean", meanOf(outcomes, found, [](auto& o) { return double(o.stats.lineChecks); }))
      .add("corridor_expanded_mean", meanOf(outcomes, found, [](auto& o) { return double(o.repairExpanded); }));
  if (settings.theta) {
    line.add("theta_us_mean", meanOf(outcomes, found, [](auto& o) { return o.thetaUs; }))
        .add("theta_length_mean", meanOf(outcomes, found, [](auto& o) { return o.theta; }));
    std::vector<AnyAngleOutcome> foundOnly;
    std::copy_if(outcomes.begin(), outcomes.end(), std::back_inserter(foundOnly), found);
    if (!foundOnly.empty()) addLongestTenth(line, std::move(foundOnly));
  }
  std::printf("%s\n", line.str().c_str());
  return invalid;
}

}  // namespace hpastar::cli
