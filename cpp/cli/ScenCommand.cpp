#include "cli/ScenCommand.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "batch/ScenarioRun.h"
#include "cli/AnyAngleReport.h"
#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "grid/CapabilityNames.h"
#include "path/AnyAngleShaper.h"

namespace hpastar::cli {
namespace {

// With --per-query, one JSON line per scenario: where it goes, what was found, how it was checked and
// what it cost (a batch gives each query's total expanded only).
void printQueryLines(const std::vector<Scenario>& scenarios, const ScenarioReport& report, bool haveOptima) {
  for (size_t q = 0; q < scenarios.size(); ++q) {
    const Scenario& s = scenarios[q];
    const ScenarioOutcome& o = report.outcomes[q];
    JsonObject line;
    line.add("line", s.line).add("bucket", s.bucket).add("sx", s.start.x).add("sy", s.start.y);
    line.add("gx", s.goal.x).add("gy", s.goal.y);
    if (haveOptima) line.add("optimal", o.optimal);
    line.add("found", o.found).add("length", o.length);
    if (haveOptima) line.add("subopt", o.suboptimality);
    line.add("valid", o.valid);
    if (o.hasStats) {
      line.add("us", o.us)
          .add("expanded_sg", o.stats.expandedInsertion)
          .add("expanded_main", o.stats.expandedMain)
          .add("expanded_refine", o.stats.expandedRefinement);
    } else {
      line.add("expanded", o.expanded);
    }
    if (!o.problem.empty()) line.add("problem", o.problem);
    std::printf("%s\n", line.str().c_str());
  }
}

// --threads N: the whole list as one batch on the core's batch engine; the batch's wall time is the
// fastest of --passes runs, the paths checked are the last run's.
ScenarioReport runAsBatch(ToolPlanner& planner, const Grid& grid, const std::vector<Scenario>& scenarios,
                          long long threads, const ScenarioRunSettings& settings) {
  std::vector<int32_t> queries;
  queries.reserve(scenarios.size() * 4);
  for (const Scenario& s : scenarios) queries.insert(queries.end(), {s.start.x, s.start.y, s.goal.x, s.goal.y});
  BatchSearch engine(static_cast<int>(threads));
  PathBatchResults out;
  double fastest = 1e300;
  for (int pass = 0; pass < settings.passes; ++pass) {
    const auto t = Clock::now();
    planner.findPaths(engine, queries, out);
    fastest = std::min(fastest, microsSince(t));
  }
  return checkScenarioBatch(grid, scenarios, out, fastest, settings);
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
  bool anyAngle = false;  // --shape any-angle
  AnyAngleRunSettings anyAngleSettings;
};

// The summary line: the figures, the planner's agent and options, where the optima came from.
std::string summaryJson(const ScenRun& run, const ToolPlanner& planner, const Grid& grid, size_t queries,
                        const ScenarioSummary& t, bool haveOptima, double buildMs, const std::string& phasesJson) {
  const double n = static_cast<double>(queries);
  JsonObject summary;
  summary.add("algo", run.algo).add("map", std::string(baseName(run.mapPath)));
  if (!planner.agentText().empty()) summary.add("agent", planner.agentText());
  if (!planner.optionsJson().empty()) summary.raw("options", planner.optionsJson());
  summary.add("queries", static_cast<uint64_t>(queries)).add("found", t.found);
  if (haveOptima) {
    summary.add("unsolved", t.unsolved)
        .add("invalid", t.invalid)
        .add("mean_subopt", t.meanSuboptimality())
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
  const long long minBucket = cmd.integer("min-bucket");
  const long long limit = cmd.integer("limit");
  std::erase_if(scenarios, [&](const Scenario& s) { return s.bucket < minBucket; });
  if (limit >= 0 && static_cast<long long>(scenarios.size()) > limit) scenarios.resize(static_cast<size_t>(limit));
  return scenarios;
}

// The planner and the map; the rest of the settings are read after the map (readRunFlags), so that a run
// with several faults reports them in the order it always has.
ScenRun readScenRun(CommandLine& cmd) {
  if (cmd.positional().size() != 1) throw UsageError("scen needs exactly one FILE.map.scen");
  ScenRun run;
  run.algo = cmd.text("algo");
  cmd.rejectUnknown(plannerOptions(run.algo));
  const std::string mapPath = cmd.text("map");
  run.mapPath = mapPath.empty() ? mapPathBesideScenario(cmd.positional()[0]) : mapPath;
  return run;
}

void readRunFlags(const CommandLine& cmd, ScenRun& run) {
  run.perQuery = cmd.has("per-query");
  run.phases = cmd.has("phases");
  run.passes = cmd.integer("passes");
  run.threads = cmd.integer("threads");
  if (run.phases && !isHierarchyAlgorithm(run.algo))
    throw UsageError("--phases needs a planner made of phases (hpa, dhpa or auto), not " + run.algo);
  if (run.phases && run.threads > 0) throw UsageError("--phases times one query at a time: leave out --threads");
  const std::string shape = cmd.text("shape");
  if (shape != "grid" && shape != "any-angle")
    throw UsageError("--shape: '" + shape + "' is not a path shape (grid, any-angle)");
  run.anyAngle = shape == "any-angle";
  run.anyAngleSettings = {cmd.has("oracle"), cmd.has("theta"), static_cast<int>(run.passes)};
  if (!run.anyAngle && (cmd.has("oracle") || cmd.has("theta")))
    throw UsageError(std::string(cmd.has("oracle") ? "--oracle" : "--theta") +
                     " measures any-angle paths: add --shape any-angle");
}

}  // namespace

int runScenCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("scen"), plannerSwitches());
  ScenRun run = readScenRun(cmd);
  Grid grid;
  std::vector<Scenario> scenarios = loadScenarios(cmd, cmd.positional()[0], run.mapPath, grid);
  readRunFlags(cmd, run);
  if (const std::string refused = AnyAngleShaper::checkGrid(grid); run.anyAngle && !refused.empty())
    throw UsageError("--shape any-angle: " + refused);

  const auto buildStart = Clock::now();
  auto planner = makeToolPlanner(run.algo, grid, cmd);
  const double buildMs = microsSince(buildStart) / 1000.0;
  // The file's lengths are optima for a 1x1 agent of ground and swamp only. For another agent (--size or
  // --capability) there is no ground truth: the run counts found and not found paths and checks each
  // path for the agent's footprint, and says so.
  ScenarioRunSettings settings;
  settings.agent = planner->agent();
  settings.haveOptima = planner->plansForScenarioAgent();
  settings.passes = static_cast<int>(run.passes);
  if (settings.haveOptima) setWeightedOptima(grid, scenarios);
  const ScenarioReport report =
      run.threads > 0
          ? runAsBatch(*planner, grid, scenarios, run.threads, settings)
          : runScenarios(
                grid, scenarios, [&](Point s, Point g, PathResult& out) { planner->findPath(s, g, out); }, settings);
  if (run.perQuery) printQueryLines(scenarios, report, settings.haveOptima);
  const std::string phasesJson = run.phases ? phaseTimesJson(*planner, scenarios, run.passes) : "";
  const ScenarioSummary& tally = report.summary;
  std::printf(
      "%s\n",
      summaryJson(run, *planner, grid, scenarios.size(), tally, settings.haveOptima, buildMs, phasesJson).c_str());
  const uint64_t invalidShaped = run.anyAngle ? reportAnyAngle(*planner, grid, scenarios, run.anyAngleSettings) : 0;
  // Without ground truth a path not found is an answer, not a failure; an invalid path always is one.
  const bool failed = tally.invalid > 0 || invalidShaped > 0 || (settings.haveOptima && tally.unsolved > 0);
  return failed ? 3 : 0;
}

}  // namespace hpastar::cli
