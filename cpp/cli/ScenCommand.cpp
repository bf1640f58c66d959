#include "cli/ScenCommand.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <span>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "grid/CapabilityNames.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"

namespace hpastar::cli {
int runScenCommand(int argc, char** argv) {
  std::set<std::string> switches = plannerSwitches();
  switches.insert("per-query");
  switches.insert("phases");
  CommandLine cmd(argc, argv, 2, switches);
  if (cmd.positional().size() != 1) throw UsageError("scen needs exactly one FILE.map.scen");
  const std::string algo = cmd.getString("algo", "astar");
  std::set<std::string> known = {"algo", "map", "min-bucket", "limit", "per-query", "passes", "threads", "phases"};
  for (const auto& o : plannerOptions(algo)) known.insert(o);
  for (const auto& o : terrainCostOptions()) known.insert(o);
  cmd.rejectUnknown(known);

  const std::string scenPath = cmd.positional()[0];
  const std::string mapPath = cmd.getString("map", "");
  const std::string resolvedMap = mapPath.empty() ? mapPathBesideScenario(scenPath) : mapPath;
  Grid grid = loadMapFile(resolvedMap);
  std::vector<Scenario> scenarios = loadScenarioFile(scenPath);
  ParseError error;
  if (!checkScenariosAgainstMap(scenarios, grid, scenPath, resolvedMap, error)) throw InputError(error.toString());
  applyTerrainCostOptions(cmd, grid);

  const long long minBucket = cmd.getInt("min-bucket", 0, 0, 1 << 30);
  const long long limit = cmd.getInt("limit", -1, -1, 1LL << 40);
  const bool perQuery = cmd.has("per-query");
  const long long passes = cmd.getInt("passes", 1, 1, 1000);
  // --threads N: the whole list as one batch on the core's batch engine, N search threads.
  const long long threads = cmd.getInt("threads", 0, 1, 256);
  if (cmd.has("phases") && !isHierarchyAlgorithm(algo))
    throw UsageError("--phases needs a planner made of phases (hpa, dhpa or auto), not " + algo);
  if (cmd.has("phases") && threads > 0) throw UsageError("--phases times one query at a time: leave out --threads");
  std::erase_if(scenarios, [&](const Scenario& s) { return s.bucket < minBucket; });
  if (limit >= 0 && static_cast<long long>(scenarios.size()) > limit) scenarios.resize(static_cast<size_t>(limit));

  const auto buildStart = Clock::now();
  auto planner = makeToolPlanner(algo, grid, cmd);
  const double buildMs = microsSince(buildStart) / 1000.0;
  // The file's lengths are optima for a 1x1 agent of ground and swamp only. For another agent (Annotated
  // A* with --size or --capability) there is no ground truth: the run counts found and not found
  // paths and checks each path for the agent's footprint, and says so.
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

  uint64_t found = 0, unsolved = 0, invalid = 0, expandedSum = 0;
  double subSum = 0, subMax = 0, relErrMax = 0, usTotal = 0;
  // Checks the answer to scenario q (its cells, cost and work) and adds it to the figures.
  auto record = [&](size_t q, bool pathFound, double cost, std::span<const Point> cells, const SearchStats* stats,
                    uint64_t expanded, double us) {
    const Scenario& s = scenarios[q];
    usTotal += us;
    expandedSum += expanded;
    bool valid = true;
    double length = 0, sub = 0;
    std::string problem;
    if (pathFound) {
      ++found;
      const PathCheck check = planner->checkPath(grid, s.start, s.goal, cells, cost);
      valid = check.valid;
      problem = check.problem;
      length = cost;
      if (!valid) ++invalid;
      if (haveOptima) {
        const double optimal = std::max(s.optimalLength, 1e-12);
        sub = s.optimalLength > 0 ? (length - s.optimalLength) / optimal : (length > 0 ? 1.0 : 0.0);
        subSum += sub;
        subMax = std::max(subMax, sub);
        relErrMax =
            std::max(relErrMax, s.optimalLength > 0 ? std::abs(length - s.optimalLength) / optimal : std::abs(length));
      }
    } else {
      ++unsolved;  // every Moving AI scenario has a path for the scenario agent; another may have none
    }
    if (perQuery) {
      JsonObject line;
      line.add("line", s.line)
          .add("bucket", s.bucket)
          .add("sx", s.start.x)
          .add("sy", s.start.y)
          .add("gx", s.goal.x)
          .add("gy", s.goal.y);
      if (haveOptima) line.add("optimal", s.optimalLength);
      line.add("found", pathFound).add("length", length);
      if (haveOptima) line.add("subopt", sub);
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
  };

  if (threads > 0) {
    std::vector<int32_t> queries;
    queries.reserve(scenarios.size() * 4);
    for (const Scenario& s : scenarios) queries.insert(queries.end(), {s.start.x, s.start.y, s.goal.x, s.goal.y});
    BatchSearch engine(static_cast<int>(threads));
    PathBatchResults out;
    // The batch's wall time, the fastest of --passes runs; the paths checked are the last run's.
    double fastest = 1e300;
    for (long long pass = 0; pass < passes; ++pass) {
      const auto t = Clock::now();
      planner->findPaths(engine, queries, out);
      fastest = std::min(fastest, microsSince(t));
    }
    for (size_t q = 0; q < scenarios.size(); ++q) {
      const auto& offsets = out.paths.offsets();
      const std::span<const Point> cells(out.paths.cells().data() + offsets[q], offsets[q + 1] - offsets[q]);
      record(q, out.status[q] == static_cast<uint8_t>(PathStatus::Found), out.cost[q], cells, nullptr, out.expanded[q],
             0.0);
    }
    usTotal = fastest;
  } else {
    PathResult result;
    // With --passes N the whole list runs N - 1 more times first, and each query keeps its fastest
    // time: on a shared machine that removes most of the noise of other processes. The paths checked
    // are those of the last pass.
    std::vector<double> fastest(scenarios.size(), 1e300);
    for (long long pass = 1; pass < passes; ++pass)
      for (size_t q = 0; q < scenarios.size(); ++q) {
        const auto t = Clock::now();
        planner->findPath(scenarios[q].start, scenarios[q].goal, result);
        fastest[q] = std::min(fastest[q], microsSince(t));
      }
    for (size_t q = 0; q < scenarios.size(); ++q) {
      const auto t = Clock::now();
      planner->findPath(scenarios[q].start, scenarios[q].goal, result);
      const double us = std::min(fastest[q], microsSince(t));
      record(q, result.found(), result.cost, result.cells, &result.stats, result.stats.expandedTotal(), us);
    }
  }
  // --phases: each query again, its time split per phase (each phase the fastest of --passes runs).
  std::string phasesJson;
  if (cmd.has("phases")) {
    QueryPhaseTimes sum;
    for (const Scenario& s : scenarios) {
      QueryPhaseTimes best{1e300, 1e300, 1e300}, t;
      for (long long pass = 0; pass < passes; ++pass) {
        if (!planner->timePhases(s.start, s.goal, t)) throw UsageError("this planner has no phases to time");
        best = {std::min(best.plan, t.plan), std::min(best.refined, t.refined), std::min(best.smoothed, t.smoothed)};
      }
      sum = {sum.plan + best.plan, sum.refined + best.refined, sum.smoothed + best.smoothed};
    }
    const double count = std::max<double>(1.0, static_cast<double>(scenarios.size()));
    JsonObject phases;
    phases.add("plan", sum.plan / count)
        .add("refine", (sum.refined - sum.plan) / count)
        .add("smooth", (sum.smoothed - sum.refined) / count);
    phasesJson = phases.str();
  }
  const double n = static_cast<double>(scenarios.size());
  JsonObject summary;
  summary.add("algo", algo).add("map", std::string(baseName(resolvedMap)));
  if (!planner->agentText().empty()) summary.add("agent", planner->agentText());
  if (!planner->optionsJson().empty()) summary.raw("options", planner->optionsJson());
  summary.add("queries", static_cast<uint64_t>(scenarios.size())).add("found", found);
  if (haveOptima) {
    summary.add("unsolved", unsolved)
        .add("invalid", invalid)
        .add("mean_subopt", found ? subSum / static_cast<double>(found) : 0.0)
        .add("max_subopt", subMax)
        .add("max_rel_err", relErrMax);
  } else {
    summary.add("not_found", unsolved).add("invalid", invalid);
  }
  summary.add("build_ms", buildMs)
      .add("query_us_total", usTotal)
      .add("query_us_mean", n > 0 ? usTotal / n : 0.0)
      .add("expanded_mean", n > 0 ? static_cast<double>(expandedSum) / n : 0.0);
  if (!phasesJson.empty()) summary.raw("phase_us_mean", phasesJson);
  summary.add("optimal_from", !haveOptima ? "none" : grid.weighted() ? "astar" : "scenario file");
  if (!haveOptima)
    summary.add("note",
                "no ground truth for this agent: the file's lengths are for one cell of " +
                    capabilityText(Capability::movingAIDefault()) +
                    "; found and not found are counted (a start or goal it cannot stand on counts as not found) "
                    "and every path is checked for its footprint");
  if (threads > 0) summary.add("threads", static_cast<uint64_t>(threads));
  std::printf("%s\n", summary.str().c_str());
  // Without ground truth a path not found is an answer, not a failure; an invalid path always is one.
  const bool failed = invalid > 0 || (haveOptima && unsolved > 0);
  return failed ? 3 : 0;
}

}  // namespace hpastar::cli
