#include "cli/ToolPlanner.h"

#include <algorithm>

#include "cli/AnnotatedToolPlanner.h"
#include "cli/HaaToolPlanner.h"
#include "cli/JsonObject.h"
#include "cli/OptionFlags.h"
#include "cli/ShpaToolPlanner.h"
#include "cli/Stopwatch.h"
#include "grid/CapabilityNames.h"
#include "haa/AnnotatedHierarchyOptions.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HierarchyOptionChoice.h"
#include "hpa/HpaStarQuery.h"
#include "path/FootprintValidator.h"
#include "search/AStarSearch.h"
#include "search/JumpDistances.h"
#include "search/JumpPointPlusSearch.h"
#include "search/JumpPointSearch.h"
#include "shpa/ShpaOptions.h"

namespace hpastar::cli {

PathCheck ToolPlanner::checkPath(const Grid& grid, Point start, Point goal, std::span<const Point> cells,
                                 double cost) const {
  const Agent a = agent();
  if (a == Agent::movingAIDefault()) return validatePath(grid, start, goal, cells, cost);
  return validateFootprintPath(grid, a.capability, a.size, start, goal, cells, cost);
}

bool ToolPlanner::canStand(const Grid& grid, Point p) const {
  const Agent a = agent();
  return a == Agent::movingAIDefault() ? grid.passable(p) : footprintFits(grid, a.capability, a.size, p);
}

std::string ToolPlanner::agentText() const {
  const Agent a = agent();
  return a == Agent::movingAIDefault() ? "" : agentClassText(a);
}

namespace {

// A planner that is a search over the grid itself, with nothing built (A*, JPS).
template <class Search>
class GridSearchToolPlanner : public ToolPlanner {
 public:
  explicit GridSearchToolPlanner(const Grid& grid) : grid_(&grid) {}
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    search_.findPath(*grid_, start, goal, out);
  }

 protected:
  const Grid* grid_;

 private:
  Search search_;
};

class AStarToolPlanner final : public GridSearchToolPlanner<AStarSearch> {
 public:
  using GridSearchToolPlanner::GridSearchToolPlanner;
  void findPaths(BatchSearch& engine, std::span<const int32_t> queries, PathBatchResults& out) override {
    engine.findPaths(*grid_, queries, true, out);
  }
};

// The batch engine has no JPS: a reference planner for one thread, enough to compare query times.
[[noreturn]] void refuseBatch(const char* algo) {
  throw UsageError(std::string("--threads is not available for --algo ") + algo +
                   " (the batch engine runs astar, hpa, dhpa and shpa)");
}

class JumpPointToolPlanner final : public GridSearchToolPlanner<JumpPointSearch> {
 public:
  using GridSearchToolPlanner::GridSearchToolPlanner;
  void findPaths(BatchSearch&, std::span<const int32_t>, PathBatchResults&) override { refuseBatch("jps"); }
};

// JPS+: the table is built in the constructor, which the commands time as the planner's build.
class JumpPointPlusToolPlanner final : public ToolPlanner {
 public:
  explicit JumpPointPlusToolPlanner(const Grid& grid) : grid_(&grid) {
    const auto start = Clock::now();
    table_.rebuild(grid);
    buildMs_ = microsSince(start) / 1000.0;
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    search_.findPath(*grid_, table_, start, goal, out);
  }
  void findPaths(BatchSearch&, std::span<const int32_t>, PathBatchResults&) override { refuseBatch("jpsplus"); }
  std::string buildStatsJson() const override {
    JsonObject o;
    o.add("build_ms", buildMs_)
        .add("bytes", static_cast<uint64_t>(table_.bytes()))
        .add("grid_bytes", static_cast<uint64_t>(grid_->bytes()))
        .add("bytes_per_cell",
             static_cast<double>(table_.bytes()) / static_cast<double>(std::max<int64_t>(grid_->cellCount(), 1)));
    return o.members();
  }

 private:
  const Grid* grid_;
  JumpDistances table_;
  JumpPointPlusSearch search_;
  double buildMs_ = 0;
};

}  // namespace

HierarchyOptions hierarchyOptionsFrom(const std::string& algo, const CommandLine& cmd, const Grid& grid,
                                      std::string* why) {
  HierarchyOptions o;
  if (algo == "auto") {
    readOptionFlags(cmd, HierarchyOptions::fields(), o);  // the --terrain-changes hint first
    HierarchyOptionChoice choice = chooseHierarchyOptions(grid, o.terrainChanges, !cmd.has("no-trees"));
    if (why) *why = choice.reason;
    overrideChoice(choice.options, o, [&](HierarchyOptions& given) {
      readOptionFlags(cmd, HierarchyOptions::fields(), given);
      return std::string();
    });
    return o;
  }
  readOptionFlags(cmd, HierarchyOptions::fields(), o);
  o.cacheTrees = algo == "dhpa";
  return o;
}

Hierarchy buildHierarchyFrom(const std::string& algo, const CommandLine& cmd, const Grid& grid) {
  std::string error;
  std::optional<Hierarchy> h = Hierarchy::build(grid, hierarchyOptionsFrom(algo, cmd, grid), error);
  if (!h) throw UsageError(error);
  return std::move(*h);
}

bool isHierarchyAlgorithm(const std::string& algo) { return algo == "hpa" || algo == "dhpa" || algo == "auto"; }

namespace {

// The hierarchy's memory per cell of the map, and the parts of it that options add: what a configuration
// costs, beside its speed (the grid itself is grid_bytes: 1 byte per cell, 5 with terrain costs).
std::string bytesPerCellJson(const Hierarchy& h) {
  const HierarchyStats& s = h.stats();
  const double cells = static_cast<double>(std::max<int64_t>(h.grid().cellCount(), 1));
  const size_t optional = s.treeBytes + s.pathBytes + s.landmarkBytes + s.distanceTableBytes;
  JsonObject o;
  o.add("total", static_cast<double>(s.bytes) / cells)
      .add("graph", static_cast<double>(s.bytes - optional - s.lineReachBytes) / cells)
      .add("line_reach", static_cast<double>(s.lineReachBytes) / cells)
      .add("trees", static_cast<double>(s.treeBytes) / cells)
      .add("paths", static_cast<double>(s.pathBytes) / cells)
      .add("landmarks", static_cast<double>(s.landmarkBytes) / cells)
      .add("distance_table", static_cast<double>(s.distanceTableBytes) / cells);
  return o.str();
}

std::string hierarchyStatsJson(const Hierarchy& h) {
  const HierarchyStats& s = h.stats();
  std::string levels = "[";
  for (size_t l = 0; l < s.levels.size(); ++l) {
    JsonObject o;
    o.add("level", static_cast<int>(l + 1))
        .add("cluster_size", h.layout(static_cast<int32_t>(l + 1)).size)
        .add("clusters", static_cast<uint64_t>(s.levels[l].clusters))
        .add("nodes", static_cast<uint64_t>(s.levels[l].nodes))
        .add("inter_edges", static_cast<uint64_t>(s.levels[l].interEdges))
        .add("intra_edges", static_cast<uint64_t>(s.levels[l].intraEdges));
    levels += (l ? "," : "") + o.str();
  }
  levels += "]";
  JsonObject o;
  // The estimate the build checked against the memory budget, beside what it allocated.
  const HierarchyMemoryEstimate estimate = estimateHierarchyMemory(h.grid(), h.options());
  o.add("build_ms", s.buildMs)
      .add("bytes", static_cast<uint64_t>(s.bytes))
      .add("estimated_bytes", estimate.hierarchyBytes)
      .add("grid_bytes", static_cast<uint64_t>(h.grid().bytes()))
      .add("entrances", static_cast<uint64_t>(s.entrances))
      .add("distance_table_nodes", static_cast<uint64_t>(s.distanceTableNodes))
      .add("components", static_cast<uint64_t>(s.components))
      .raw("bytes_per_cell", bytesPerCellJson(h))
      .raw("levels", levels);
  return o.members();
}

class HpaToolPlanner final : public ToolPlanner {
 public:
  // The hierarchy of --size and --capability's agent class: built over the grid made for that class.
  HpaToolPlanner(const Grid& grid, const CommandLine& cmd, const std::string& algo) : agent_(agentClassFrom(cmd)) {
    std::string error;
    const Grid classGrid = agent_ == grid.agent() ? grid : grid.forAgent(agent_);
    const HierarchyOptions options = hierarchyOptionsFrom(algo, cmd, classGrid, &choiceText_);
    auto h = Hierarchy::build(classGrid, options, error);
    if (!h) throw UsageError(error);
    hierarchy_ = std::make_shared<const Hierarchy>(std::move(*h));
    query_ = std::make_unique<HpaStarQuery>(*hierarchy_);
    readSmoothingFlags(cmd, algo, options_);
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    query_->findPath(start, goal, out, options_);
  }
  void findPaths(BatchSearch& engine, std::span<const int32_t> queries, PathBatchResults& out) override {
    engine.findPaths(*hierarchy_, queries, options_, true, out);
  }
  std::string buildStatsJson() const override { return hierarchyStatsJson(*hierarchy_); }
  std::string optionsJson() const override {
    return optionValuesJson(HierarchyOptions::fields(), hierarchy_->options());
  }
  std::string optionChoiceText() const override { return choiceText_; }
  Agent agent() const override { return agent_; }
  bool timePhases(Point start, Point goal, QueryPhaseTimes& t) override {
    PathResult out;
    auto time = [&](auto&& run) {
      out.reset();
      const auto t0 = Clock::now();
      run();
      return microsSince(t0);
    };
    const double plan = time([&] { query_->plan(start, goal, out); });
    HpaQueryOptions unsmoothed = options_;
    unsmoothed.smooth = false;
    const double refined = time([&] { query_->findPath(start, goal, out, unsmoothed); });
    const double whole = options_.smooth ? time([&] { query_->findPath(start, goal, out, options_); }) : refined;
    t = {plan, refined, whole};
    return true;
  }

 private:
  Agent agent_;
  std::string choiceText_;
  std::shared_ptr<const Hierarchy> hierarchy_;
  std::unique_ptr<HpaStarQuery> query_;
  HpaQueryOptions options_;
};

}  // namespace

std::string algorithmsHelp() {
  std::string text;
  for (const AlgorithmSpec& a : algorithmTable()) {
    std::string name = std::string("  ") + a.name;
    name.resize(12, ' ');
    text += name + a.doc + "\n";
  }
  return text;
}

std::string knownAlgorithms() {
  std::string names;
  for (const AlgorithmSpec& a : algorithmTable()) names += (names.empty() ? "" : ", ") + std::string(a.name);
  return names;
}

namespace {

// The command-line flags of the option table named `table` (AlgorithmSpec::optionTable), all or only
// its switches.
std::set<std::string> optionTableFlags(const std::string& table, bool switchesOnly) {
  if (table == "hierarchy")
    return switchesOnly ? optionSwitches(HierarchyOptions::fields()) : optionFlags(HierarchyOptions::fields());
  if (table == "shpa") return switchesOnly ? optionSwitches(ShpaOptions::fields()) : optionFlags(ShpaOptions::fields());
  if (table == "haa")
    return switchesOnly ? optionSwitches(AnnotatedHierarchyOptions::fields())
                        : optionFlags(AnnotatedHierarchyOptions::fields());
  return {};
}

}  // namespace

std::set<std::string> plannerOptions(const std::string& algo) {
  const AlgorithmSpec* spec = findAlgorithm(algo);
  if (!spec) return {};
  std::set<std::string> names = optionTableFlags(spec->optionTable, false);
  names.erase(spec->notTaken);
  for (const CommandFlag& f : spec->flags)
    if (f.tools & kNativeTool) names.insert(f.name);
  return names;
}

std::string plannerFlagsHelp(const std::string& algo) {
  std::string text;
  if (const AlgorithmSpec* spec = findAlgorithm(algo))
    for (const CommandFlag& f : spec->flags)
      if (f.tools & kNativeTool) text += flagHelp(f, "  ", 28);
  return text;
}

std::set<std::string> plannerSwitches() {
  std::set<std::string> names;
  for (const AlgorithmSpec& a : algorithmTable()) {
    names.merge(optionTableFlags(a.optionTable, true));
    for (const CommandFlag& f : a.flags)
      if (f.kind == FlagKind::Switch && (f.tools & kNativeTool)) names.insert(f.name);
  }
  return names;
}

std::unique_ptr<ToolPlanner> makeToolPlanner(const std::string& algo, const Grid& grid, const CommandLine& cmd) {
  if (algo == "astar") return std::make_unique<AStarToolPlanner>(grid);
  if (algo == "jps") return std::make_unique<JumpPointToolPlanner>(grid);
  if (algo == "jpsplus") return std::make_unique<JumpPointPlusToolPlanner>(grid);
  if (isHierarchyAlgorithm(algo)) return std::make_unique<HpaToolPlanner>(grid, cmd, algo);
  if (algo == "shpa") return makeShpaToolPlanner(grid, cmd);
  if (algo == "aa") return makeAnnotatedToolPlanner(grid, cmd);
  if (algo == "haa") return makeHaaToolPlanner(grid, cmd);
  throw UsageError("unknown algorithm \"" + algo + "\" (known: " + knownAlgorithms() + ")");
}

}  // namespace hpastar::cli
