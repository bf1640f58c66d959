#include "cli/ScenCommand.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "grid/CapabilityNames.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"

namespace hpastar::cli {
namespace {

// What the scenarios add up to: the figures of the summary line, from every answer checked.
class ScenTally {
 public:
  ScenTally(const ToolPlanner& planner, const Grid& grid, const std::vector<Scenario>& scenarios, bool haveOptima,
            bool perQuery)
      : planner_(planner), grid_(grid), scenarios_(scenarios), haveOptima_(haveOptima), perQuery_(perQuery) {}

  // Checks the answer to scenario q (its cells, cost and work), adds it to the figures and, with
  // --per-query, prints its line (`stats` is null for a batch, which gives each query's total only).
  void record(size_t q, bool pathFound, double cost, std::span<const Point> cells, const SearchStats* stats,
              uint64_t expanded, double us) {
    const Scenario& s = scenarios_[q];
    usTotal += us;
    expandedSum += expanded;
    bool valid = true;
    double sub = 0;
    std::string problem;
    if (pathFound) {
      ++found;
      const PathCheck check = planner_.checkPath(grid_, s.start, s.goal, cells, cost);
      valid = check.valid;
      problem = check.problem;
      if (!valid) ++invalid;
      if (haveOptima_) sub = addSuboptimality(s.optimalLength, cost);
    } else {
      ++unsolved;  // every Moving AI scenario has a path for the scenario agent; another may have none
    }
    if (perQuery_) printLine(s, pathFound, pathFound ? cost : 0, sub, valid, stats, expanded, us, problem);
  }

  uint64_t found = 0, unsolved = 0, invalid = 0, expandedSum = 0;
  double subSum = 0, subMax = 0, relErrMax = 0, usTotal = 0;

 private:
  double addSuboptimality(double optimalLength, double length) {
    const double optimal = std::max(optimalLength, 1e-12);
    const double sub = optimalLength > 0 ? (length - optimalLength) / optimal : (length > 0 ? 1.0 : 0.0);
    subSum += sub;
    subMax = std::max(subMax, sub);
    relErrMax = std::max(relErrMax, optimalLength > 0 ? std::abs(length - optimalLength) / optimal : std::abs(length));
    return sub;
  }

  void printLine(const Scenario& s, bool pathFound, double length, double sub, bool valid, const SearchStats* stats,
                 uint64_t expanded, double us, const std::string& problem) const {
    JsonObject line;
    line.add("line", s.line).add("bucket", s.bucket).add("sx", s.start.x).add("sy", s.start.y);
    line.add("gx", s.goal.x).add("gy", s.goal.y);
    if (haveOptima_) line.add("optimal", s.optimalLength);
    line.add("found", pathFound).add("length", length);
    if (haveOptima_) line.add("subopt", sub);
    line.add("valid", valid);
    if (stats) {
      line.add("us", us)
          .add("expanded_sg", stats->expandedInsertion)
          .add("expanded_main", stats->expandedMain)
          .add("expanded_refine", stats->expandedRefinement);
    } else {
      line.add("expanded", expanded);  // a batch gives each query's total only
    }
    if (!problem.empty()) line.add("problem", problem);
    std::printf("%s\n", line.str().c_str());
  }

  const ToolPlanner& planner_;
  const Grid& grid_;
  const std::vector<Scenario>& scenarios_;
  bool haveOptima_, perQuery_;
};

// --threads N: the whole list as one batch on the core's batch engine; the batch's wall time is the
// fastest of --passes runs, the paths checked are the last run's.
void runAsBatch(ToolPlanner& planner, const std::vector<Scenario>& scenarios, long long threads, long long passes,
                ScenTally& tally) {
  std::vector<int32_t> queries;
  queries.reserve(scenarios.size() * 4);
  for (const Scenario& s : scenarios) queries.insert(queries.end(), {s.start.x, s.start.y, s.goal.x, s.goal.y});
  BatchSearch engine(static_cast<int>(threads));
  PathBatchResults out;
  double fastest = 1e300;
  for (long long pass = 0; pass < passes; ++pass) {
    const auto t = Clock::now();
    planner.findPaths(engine, queries, out);
    fastest = std::min(fastest, microsSince(t));
  }
  for (size_t q = 0; q < scenarios.size(); ++q) {
    const auto& offsets = out.paths.offsets();
    const std::span<const Point> cells(out.paths.cells().data() + offsets[q], offsets[q + 1] - offsets[q]);
    tally.record(q, out.status[q] == static_cast<uint8_t>(PathStatus::Found), out.cost[q], cells, nullptr,
                 out.expanded[q], 0.0);
  }
  tally.usTotal = fastest;
}

// One query at a time. With --passes N the whole list runs N - 1 more times first, and each query keeps
// its fastest time: on a shared machine that removes most of the noise of other processes. The paths
// checked are those of the last pass.
void runOneByOne(ToolPlanner& planner, const std::vector<Scenario>& scenarios, long long passes, ScenTally& tally) {
  PathResult result;
  std::vector<double> fastest(scenarios.size(), 1e300);
  for (long long pass = 1; pass < passes; ++pass)
    for (size_t q = 0; q < scenarios.size(); ++q) {
      const auto t = Clock::now();
      planner.findPath(scenarios[q].start, scenarios[q].goal, result);
      fastest[q] = std::min(fastest[q], microsSince(t));
    }
  for (size_t q = 0; q < scenarios.size(); ++q) {
    const auto t = Clock::now();
    planner.findPath(scenarios[q].start, scenarios[q].goal, result);
    const double us = std::min(fastest[q], microsSince(t));
    tally.record(q, result.found(), result.cost, result.cells, &result.stats, result.stats.expandedTotal(), us);
  }
}

// --phases: each query again, its time split per phase (each phase the fastest of --passes runs), as the
// summary's phase_us_mean object.
std::string phaseTimesJson(ToolPlanner& planner, const std::vector<Scenario>& scenarios, long long passes) {
  QueryPhaseTimes sum;
  for (const Scenario& s : scenarios) {
    QueryPhaseTimes best{1e300, 1e300, 1e300}, t;
    for (long long pass = 0; pass < passes; ++pass) {
      if (!planner.timePhases(s.start, s.goal, t)) throw UsageError("this planner has no phases to time");
      best = {std::min(best.plan, t.plan), std::min(best.refined, t.refined), std::min(best.smoothed, t.smoothed)};
    }
    sum = {sum.plan + best.plan, sum.refined + best.refined, sum.smoothed + best.smoothed};
  }
  const double count = std::max<double>(1.0, static_cast<double>(scenarios.size()));
  JsonObject phases;
  phases.add("plan", sum.plan / count)
      .add("refine", (sum.refined - sum.plan) / count)
      .add("smooth", (sum.smoothed - sum.refined) / count);
  return phases.str();
}

// The settings of one run, read from the command line.
struct ScenRun {
  std::string algo, mapPath;
  long long passes = 1, threads = 0;
  bool perQuery = false, phases = false;
};

// The summary line: the figures, the planner's agent and options, where the optima came from.
std::string summaryJson(const ScenRun& run, const ToolPlanner& planner, const Grid& grid, size_t queries,
                        const ScenTally& t, bool haveOptima, double buildMs, const std::string& phasesJson) {
  const double n = static_cast<double>(queries);
  JsonObject summary;
  summary.add("algo", run.algo).add("map", std::string(baseName(run.mapPath)));
  if (!planner.agentText().empty()) summary.add("agent", planner.agentText());
  if (!planner.optionsJson().empty()) summary.raw("options", planner.optionsJson());
  summary.add("queries", static_cast<uint64_t>(queries)).add("found", t.found);
  if (haveOptima) {
    summary.add("unsolved", t.unsolved)
        .add("invalid", t.invalid)
        .add("mean_subopt", t.found ? t.subSum / static_cast<double>(t.found) : 0.0)
        .add("max_subopt", t.subMax)
        .add("max_rel_err", t.relErrMax);
  } else {
    summary.add("not_found", t.unsolved).add("invalid", t.invalid);
  }
  summary.add("build_ms", buildMs)
      .add("query_us_total", t.usTotal)
      .add("query_us_mean", n > 0 ? t.usTotal / n : 0.0)
      .add("expanded_mean", n > 0 ? static_cast<double>(t.expandedSum) / n : 0.0);
  if (!phasesJson.empty()) summary.raw("phase_us_mean", phasesJson);
  summary.add("optimal_from", !haveOptima ? "none" : grid.weighted() ? "astar" : "scenario file");
  if (!haveOptima)
    summary.add("note",
                "no ground truth for this agent: the file's lengths are for one cell of " +
                    capabilityText(Capability::movingAIDefault()) +
                    "; found and not found are counted (a start or goal it cannot stand on counts as not found) "
                    "and every path is checked for its footprint");
  if (run.threads > 0) summary.add("threads", static_cast<uint64_t>(run.threads));
  return summary.str();
}

// The map and its scenarios, those of the wanted buckets and at most --limit of them, checked against
// each other; the terrain costs of the command line on the map.
std::vector<Scenario> loadScenarios(const CommandLine& cmd, const std::string& scenPath, const std::string& mapPath,
                                    Grid& grid) {
  grid = loadMapFile(mapPath);
  std::vector<Scenario> scenarios = loadScenarioFile(scenPath);
  ParseError error;
  if (!checkScenariosAgainstMap(scenarios, grid, scenPath, mapPath, error)) throw InputError(error.toString());
  applyTerrainCostOptions(cmd, grid);
  const long long minBucket = cmd.getInt("min-bucket", 0, 0, 1 << 30);
  const long long limit = cmd.getInt("limit", -1, -1, 1LL << 40);
  std::erase_if(scenarios, [&](const Scenario& s) { return s.bucket < minBucket; });
  if (limit >= 0 && static_cast<long long>(scenarios.size()) > limit) scenarios.resize(static_cast<size_t>(limit));
  return scenarios;
}

// The planner and the map; the rest of the settings are read after the map (readRunFlags), so that a run
// with several faults reports them in the order it always has.
ScenRun readScenRun(CommandLine& cmd) {
  if (cmd.positional().size() != 1) throw UsageError("scen needs exactly one FILE.map.scen");
  ScenRun run;
  run.algo = cmd.getString("algo", "astar");
  std::set<std::string> known = {"algo", "map", "min-bucket", "limit", "per-query", "passes", "threads", "phases"};
  for (const auto& o : plannerOptions(run.algo)) known.insert(o);
  for (const auto& o : terrainCostOptions()) known.insert(o);
  cmd.rejectUnknown(known);
  const std::string mapPath = cmd.getString("map", "");
  run.mapPath = mapPath.empty() ? mapPathBesideScenario(cmd.positional()[0]) : mapPath;
  return run;
}

void readRunFlags(const CommandLine& cmd, ScenRun& run) {
  run.perQuery = cmd.has("per-query");
  run.phases = cmd.has("phases");
  run.passes = cmd.getInt("passes", 1, 1, 1000);
  run.threads = cmd.getInt("threads", 0, 1, 256);
  if (run.phases && !isHierarchyAlgorithm(run.algo))
    throw UsageError("--phases needs a planner made of phases (hpa, dhpa or auto), not " + run.algo);
  if (run.phases && run.threads > 0) throw UsageError("--phases times one query at a time: leave out --threads");
}

}  // namespace

int runScenCommand(int argc, char** argv) {
  std::set<std::string> switches = plannerSwitches();
  switches.insert("per-query");
  switches.insert("phases");
  CommandLine cmd(argc, argv, 2, switches);
  ScenRun run = readScenRun(cmd);
  Grid grid;
  std::vector<Scenario> scenarios = loadScenarios(cmd, cmd.positional()[0], run.mapPath, grid);
  readRunFlags(cmd, run);

  const auto buildStart = Clock::now();
  auto planner = makeToolPlanner(run.algo, grid, cmd);
  const double buildMs = microsSince(buildStart) / 1000.0;
  // The file's lengths are optima for a 1x1 agent of ground and swamp only. For another agent (--size or
  // --capability) there is no ground truth: the run counts found and not found paths and checks each
  // path for the agent's footprint, and says so.
  const bool haveOptima = planner->plansForScenarioAgent();
  // With terrain costs the file's optimal lengths are not the optima: A* on the weighted grid gives them.
  if (grid.weighted() && haveOptima) {
    AStarSearch reference;
    PathResult optimum;
    for (Scenario& s : scenarios) {
      reference.findPath(grid, s.start, s.goal, optimum);
      s.optimalLength = optimum.found() ? optimum.cost : 0;
    }
  }
  ScenTally tally(*planner, grid, scenarios, haveOptima, run.perQuery);
  if (run.threads > 0)
    runAsBatch(*planner, scenarios, run.threads, run.passes, tally);
  else
    runOneByOne(*planner, scenarios, run.passes, tally);
  const std::string phasesJson = run.phases ? phaseTimesJson(*planner, scenarios, run.passes) : "";
  std::printf("%s\n",
              summaryJson(run, *planner, grid, scenarios.size(), tally, haveOptima, buildMs, phasesJson).c_str());
  // Without ground truth a path not found is an answer, not a failure; an invalid path always is one.
  const bool failed = tally.invalid > 0 || (haveOptima && tally.unsolved > 0);
  return failed ? 3 : 0;
}

}  // namespace hpastar::cli
