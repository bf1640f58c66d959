#include "batch/ScenarioRun.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "path/FootprintValidator.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

using Clock = std::chrono::steady_clock;

double microsSince(Clock::time_point t) { return std::chrono::duration<double, std::micro>(Clock::now() - t).count(); }

// Adds answers to a report, checking each path for the agent and measuring it against the optimum.
class ScenarioTally {
 public:
  ScenarioTally(const Grid& grid, const ScenarioRunSettings& settings, size_t count)
      : grid_(grid), settings_(settings) {
    report_.outcomes.reserve(count);
  }

  ScenarioOutcome& record(const Scenario& s, bool found, double cost, std::span<const Point> cells, uint64_t expanded,
                          double us) {
    ScenarioSummary& sum = report_.summary;
    ScenarioOutcome& o = report_.outcomes.emplace_back();
    o.found = found;
    o.optimal = s.optimalLength;
    o.us = us;
    o.expanded = expanded;
    sum.usTotal += us;
    sum.expandedSum += expanded;
    if (!found) {
      ++sum.unsolved;  // every Moving AI scenario has a path for the scenario agent; another may have none
      return o;
    }
    ++sum.found;
    o.length = cost;
    const PathCheck check = checkPath(s, cells, cost);
    o.valid = check.valid;
    o.problem = check.problem;
    if (!o.valid) ++sum.invalid;
    if (settings_.haveOptima) o.suboptimality = addSuboptimality(s.optimalLength, cost);
    return o;
  }

  ScenarioReport take() { return std::move(report_); }
  ScenarioSummary& summary() { return report_.summary; }

 private:
  PathCheck checkPath(const Scenario& s, std::span<const Point> cells, double cost) const {
    const Agent& a = settings_.agent;
    if (a == Agent::movingAIDefault()) return validatePath(grid_, s.start, s.goal, cells, cost);
    return validateFootprintPath(grid_, a.capability, a.size, s.start, s.goal, cells, cost);
  }

  double addSuboptimality(double optimalLength, double length) {
    ScenarioSummary& sum = report_.summary;
    const double optimal = std::max(optimalLength, 1e-12);
    const double sub = optimalLength > 0 ? (length - optimalLength) / optimal : (length > 0 ? 1.0 : 0.0);
    sum.subSum += sub;
    sum.subMax = std::max(sum.subMax, sub);
    sum.relErrMax =
        std::max(sum.relErrMax, optimalLength > 0 ? std::abs(length - optimalLength) / optimal : std::abs(length));
    return sub;
  }

  const Grid& grid_;
  const ScenarioRunSettings& settings_;
  ScenarioReport report_;
};

}  // namespace

void setWeightedOptima(const Grid& grid, std::span<Scenario> scenarios) {
  if (!grid.weighted()) return;
  AStarSearch reference;
  PathResult optimum;
  for (Scenario& s : scenarios) {
    optimum.reset();
    reference.findPath(grid, s.start, s.goal, optimum);
    s.optimalLength = optimum.found() ? optimum.cost : 0;
  }
}

ScenarioReport runScenarios(const Grid& grid, std::span<const Scenario> scenarios, const ScenarioSearch& search,
                            const ScenarioRunSettings& settings) {
  PathResult result;
  for (int w = 0; w < settings.warmup; ++w)
    for (const Scenario& s : scenarios) {
      result.reset();
      search(s.start, s.goal, result);
    }
  std::vector<double> fastest(scenarios.size(), 1e300);
  for (int pass = 1; pass < settings.passes; ++pass)
    for (size_t q = 0; q < scenarios.size(); ++q) {
      result.reset();
      const auto t = Clock::now();
      search(scenarios[q].start, scenarios[q].goal, result);
      fastest[q] = std::min(fastest[q], microsSince(t));
    }
  ScenarioTally tally(grid, settings, scenarios.size());
  for (size_t q = 0; q < scenarios.size(); ++q) {
    result.reset();
    const auto t = Clock::now();
    search(scenarios[q].start, scenarios[q].goal, result);
    const double us = std::min(fastest[q], microsSince(t));
    ScenarioOutcome& o =
        tally.record(scenarios[q], result.found(), result.cost, result.cells, result.stats.expandedTotal(), us);
    o.hasStats = true;
    o.stats = result.stats;
  }
  return tally.take();
}

ScenarioReport checkScenarioBatch(const Grid& grid, std::span<const Scenario> scenarios,
                                  const PathBatchResults& answers, double wallUs, const ScenarioRunSettings& settings) {
  ScenarioTally tally(grid, settings, scenarios.size());
  const auto& offsets = answers.paths.offsets();
  for (size_t q = 0; q < scenarios.size(); ++q) {
    const std::span<const Point> cells(answers.paths.cells().data() + offsets[q], offsets[q + 1] - offsets[q]);
    tally.record(scenarios[q], answers.status[q] == static_cast<uint8_t>(PathStatus::Found), answers.cost[q], cells,
                 answers.expanded[q], 0.0);
  }
  tally.summary().usTotal = wallUs;
  return tally.take();
}

}  // namespace hpastar
