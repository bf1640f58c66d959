#pragma once
#include <memory>
#include <set>
#include <span>
#include <string>

#include "batch/BatchSearch.h"
#include "cli/CommandLine.h"
#include "grid/Agent.h"
#include "grid/Grid.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchyOptions.h"
#include "path/PathValidator.h"
#include "search/PathResult.h"

namespace hpastar::cli {

// Where a query's time goes, in microseconds (scen --phases), as the time of the query run up to the end
// of each phase: the plan (start and goal joined to the graph, the abstract path), then its refinement
// into cells (with the path's cost), then smoothing (the whole query). A phase's own time is the
// difference of two, taken after each is the fastest of several runs.
struct QueryPhaseTimes {
  double plan = 0, refined = 0, smoothed = 0;
};

// What the `hpa` tool needs of any planner: build once for a grid, then answer queries.
// Each planner registers its name and its own options in ToolPlanner.cpp.
class ToolPlanner {
 public:
  virtual ~ToolPlanner() = default;
  virtual void findPath(Point start, Point goal, PathResult& out) = 0;
  // A batch on the core's engine (--threads): queries packed (sx, sy, gx, gy), cells kept.
  virtual void findPaths(BatchSearch& engine, std::span<const int32_t> queries, PathBatchResults& out) = 0;
  // Build figures as a JSON object's members (without braces), for `hpa stats`; empty when none.
  virtual std::string buildStatsJson() const { return ""; }
  // The agent class the planner answers for (--size, --capability): the Moving AI agent (one cell,
  // ground and swamp) unless the planner takes those options.
  virtual Agent agent() const { return Agent::movingAIDefault(); }
  // Checks a path this planner returned, for its agent: validatePath for the Moving AI agent, else the
  // whole footprint (validateFootprintPath), both read from the terrain of `grid`.
  PathCheck checkPath(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double cost) const;
  // Whether the planner's agent may stand at `p` (compare draws its pairs among such cells), from the
  // terrain: a passable cell, or room for the footprint.
  bool canStand(const Grid& grid, Point p) const;
  // Whether the planner's agent is the one the Moving AI scenario files are solved for, so that their
  // optimal lengths are its optima.
  bool plansForScenarioAgent() const { return agent() == Agent::movingAIDefault(); }
  // The planner's agent in words ("size 2, capability ground,trees"), for messages and summaries; "" for
  // the Moving AI agent, but for the planners made for agents (aa, haa), which always name theirs.
  virtual std::string agentText() const;
  // The options it was built with as a JSON object, and why when the tool chose them (--algo auto);
  // empty when it has none.
  virtual std::string optionsJson() const { return ""; }
  virtual std::string optionChoiceText() const { return ""; }
  // One query's times up to the end of each phase, for planners made of phases (the HPA* family);
  // false for others.
  virtual bool timePhases(Point, Point, QueryPhaseTimes&) { return false; }
};

// --no-smooth and --smoothing-range (the algorithm table's flags of `algo`) into a query's options.
template <typename QueryOptions>
void readSmoothingFlags(const CommandLine& cmd, const std::string& algo, QueryOptions& options) {
  options.smooth = !cmd.has("no-smooth");
  options.smoothingRange = static_cast<int32_t>(cmd.plannerInteger(algo, "smoothing-range"));
}

// One line per planner of --algo: its name and what it is, for usage text.
std::string algorithmsHelp();
// The algorithm names the tool knows, for messages.
std::string knownAlgorithms();
// Options (without "--") that `algo` accepts beyond the command's own.
std::set<std::string> plannerOptions(const std::string& algo);
// The help lines of the flags `algo` takes beyond its option table (--no-smooth, --size, ...).
std::string plannerFlagsHelp(const std::string& algo);
// Options of any planner that take no value (for parsing the command line).
std::set<std::string> plannerSwitches();
// The hierarchy options of `algo` for `grid`: "hpa" and "dhpa" (with shortest-path trees) start from the
// paper's defaults, "auto" from chooseHierarchyOptions (HierarchyOptionChoice.h) for the --changes hint
// (with --no-trees, the choice for HPA* without DHPA*'s trees);
// the options given on the command line (--cluster, --levels, ...) override either. `why` (may be null)
// receives the choice's reason for "auto".
HierarchyOptions hierarchyOptionsFrom(const std::string& algo, const CommandLine& cmd, const Grid& grid,
                                      std::string* why = nullptr);
// The hierarchy of `algo` for `grid`, with the options hierarchyOptionsFrom reads; UsageError with the
// build's problem.
Hierarchy buildHierarchyFrom(const std::string& algo, const CommandLine& cmd, const Grid& grid);
// Whether `algo` builds an HPA* hierarchy (hpa, dhpa, auto).
bool isHierarchyAlgorithm(const std::string& algo);
// Builds `algo` for `grid` with the options in `cmd`. Throws UsageError for an unknown name or option value.
std::unique_ptr<ToolPlanner> makeToolPlanner(const std::string& algo, const Grid& grid, const CommandLine& cmd);

}  // namespace hpastar::cli
