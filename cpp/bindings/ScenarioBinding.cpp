// The core's scenario runner (batch/ScenarioRun.h) for the `hpastar` command-line tool: the tool hands
// it the scenarios and a function that asks its planner for one path; the core times each query, checks
// each path and sums the figures, as it does for the native `hpa scen`.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "batch/ScenarioRun.h"
#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
#include "grid/CapabilityNames.h"

namespace hpastar::bindings {
namespace {

// A path as the package's PathResult gives it ({ found, cost, cells: Int32Array, stats }) into `out`.
void pathFromJS(const val& result, PathResult& out) {
  const val stats = result["stats"];
  out.stats.expandedInsertion = static_cast<uint64_t>(stats["expandedInsertion"].as<double>());
  out.stats.expandedMain = static_cast<uint64_t>(stats["expandedMain"].as<double>());
  out.stats.expandedRefinement = static_cast<uint64_t>(stats["expandedRefinement"].as<double>());
  if (!result["found"].as<bool>()) return;
  out.status = PathStatus::Found;
  out.cost = result["cost"].as<double>();
  std::vector<int32_t> packed;
  readFromJS(result["cells"], packed);
  out.cells.resize(packed.size() / 2);
  for (size_t i = 0; i < out.cells.size(); ++i) out.cells[i] = Point{packed[2 * i], packed[2 * i + 1]};
}

// The outcomes as columns, one entry per scenario: { found, length, optimal, subopt, valid (Uint8Array
// and Float64Arrays), us, expandedInsertion, expandedMain, expandedRefinement, problems (strings, ""
// for a valid path) }.
val outcomesToJS(const std::vector<ScenarioOutcome>& outcomes) {
  const size_t n = outcomes.size();
  std::vector<uint8_t> found(n), valid(n);
  std::vector<double> length(n), optimal(n), subopt(n), us(n), insertion(n), main(n), refinement(n);
  val problems = val::array();
  for (size_t i = 0; i < n; ++i) {
    const ScenarioOutcome& o = outcomes[i];
    found[i] = o.found;
    valid[i] = o.valid;
    length[i] = o.length;
    optimal[i] = o.optimal;
    subopt[i] = o.suboptimality;
    us[i] = o.us;
    insertion[i] = static_cast<double>(o.stats.expandedInsertion);
    main[i] = static_cast<double>(o.stats.expandedMain);
    refinement[i] = static_cast<double>(o.stats.expandedRefinement);
    problems.call<void>("push", o.problem);
  }
  val o = val::object();
  o.set("found", copyToJS(found.data(), n));
  o.set("valid", copyToJS(valid.data(), n));
  o.set("length", copyToJS(length.data(), n));
  o.set("optimal", copyToJS(optimal.data(), n));
  o.set("subopt", copyToJS(subopt.data(), n));
  o.set("us", copyToJS(us.data(), n));
  o.set("expandedInsertion", copyToJS(insertion.data(), n));
  o.set("expandedMain", copyToJS(main.data(), n));
  o.set("expandedRefinement", copyToJS(refinement.data(), n));
  o.set("problems", problems);
  return o;
}

val summaryToJS(const ScenarioSummary& s) {
  val o = val::object();
  o.set("found", static_cast<double>(s.found));
  o.set("unsolved", static_cast<double>(s.unsolved));
  o.set("invalid", static_cast<double>(s.invalid));
  o.set("expandedSum", static_cast<double>(s.expandedSum));
  o.set("meanSubopt", s.meanSuboptimality());
  o.set("maxSubopt", s.subMax);
  o.set("maxRelErr", s.relErrMax);
  o.set("usTotal", s.usTotal);
  return o;
}

// runScenarios(grid, { start, goal, optimal }, { size, capability, haveOptima, warmup, passes },
// findPath(sx, sy, gx, gy) => PathResult): { outcomes, summary } (above), or { error } for an agent
// that is not one. With terrain costs on `grid` and haveOptima, the optima are A*'s (setWeightedOptima).
val runScenariosJS(const GridHandle& grid, const val& columns, const val& settingsJS, const val& findPath) {
  if (!grid.loaded()) return errorObject("the grid is not loaded");
  std::vector<int32_t> start, goal;
  std::vector<double> optimal;
  readFromJS(columns["start"], start);
  readFromJS(columns["goal"], goal);
  readFromJS(columns["optimal"], optimal);
  const size_t n = optimal.size();
  if (start.size() != 2 * n || goal.size() != 2 * n)
    return errorObject("scenarios: the columns have different lengths");
  std::vector<Scenario> scenarios(n);
  for (size_t i = 0; i < n; ++i) {
    scenarios[i].start = Point{start[2 * i], start[2 * i + 1]};
    scenarios[i].goal = Point{goal[2 * i], goal[2 * i + 1]};
    scenarios[i].optimalLength = optimal[i];
  }
  ScenarioRunSettings settings;
  std::string error;
  const auto capability = parseCapability(settingsJS["capability"].as<std::string>(), error);
  if (!capability) return errorObject(error);
  settings.agent = Agent{settingsJS["size"].as<int32_t>(), *capability};
  if (error = checkAgentClass(settings.agent); !error.empty()) return errorObject(error);
  settings.haveOptima = settingsJS["haveOptima"].as<bool>();
  settings.warmup = settingsJS["warmup"].as<int>();
  settings.passes = settingsJS["passes"].as<int>();
  if (settings.haveOptima) setWeightedOptima(*grid.shared(), scenarios);
  const ScenarioReport report = runScenarios(
      *grid.shared(), scenarios,
      [&](Point s, Point g, PathResult& out) { pathFromJS(findPath(s.x, s.y, g.x, g.y), out); }, settings);
  val o = val::object();
  o.set("outcomes", outcomesToJS(report.outcomes));
  o.set("summary", summaryToJS(report.summary));
  return o;
}

EMSCRIPTEN_BINDINGS(hpastar_scenarios) { emscripten::function("runScenarios", &runScenariosJS); }

}  // namespace
}  // namespace hpastar::bindings
