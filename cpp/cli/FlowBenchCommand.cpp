#include "cli/FlowBenchCommand.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "flow/FlowField.h"
#include "flow/FlowFieldBuilder.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "io/MovingAIScenario.h"
#include "search/DijkstraSearch.h"

namespace hpastar::cli {

namespace {

// The cost of following `field` from `start` to its goal; negative when it does not get there (a bug:
// reported, never expected).
double followedCost(const Grid& grid, const FlowField& field, Point start) {
  double cost = 0;
  Point p = start;
  for (int32_t steps = 0; p != field.goal(); ++steps) {
    const uint8_t d = field.direction(p);
    if (d >= kDirCount || steps > grid.cellCount()) return -1.0;
    cost += grid.moveCost(grid.index(p), d);
    p = Point{p.x + kDirDx[d], p.y + kDirDy[d]};
  }
  return cost;
}

// A passable cell drawn at random, then one for the goal: of a component big enough for the starts to
// differ (not a pocket of a few cells).
Point randomCell(const std::vector<Point>& passable, std::mt19937_64& rng) { return passable[rng() % passable.size()]; }

Point pickGoal(const Hierarchy& h, const std::vector<Point>& passable, std::mt19937_64& rng) {
  Point goal = randomCell(passable, rng);
  for (int tries = 0; tries < 100 && h.componentCells(h.componentOf(goal)) < 1000; ++tries)
    goal = randomCell(passable, rng);
  return goal;
}

// The fastest of `passes` builds of the field to `goal` (of the corridors of `starts` when there are
// some), the builder warm (its scratch grown) as in a game's steady state.
double fastestBuild(FlowFieldBuilder& builder, const Hierarchy& h, Point goal, FlowField& field,
                    std::span<const Point> starts, long long passes, FlowFieldStats& stats) {
  if (const std::string error = builder.build(h, goal, field, starts); !error.empty()) throw InputError(error);
  double fastestUs = 1e300;
  for (long long pass = 0; pass < passes; ++pass) {
    stats = {};
    const auto t = Clock::now();
    builder.build(h, goal, field, starts, &stats);
    fastestUs = std::min(fastestUs, microsSince(t));
  }
  return fastestUs;
}

// The same number of passes over HPA*'s paths from `starts`, the fastest kept; `costs` gets their costs.
double fastestPaths(HpaStarQuery& query, const std::vector<Point>& starts, Point goal, long long passes,
                    std::vector<double>& costs) {
  PathResult result;
  costs.assign(starts.size(), 0);
  double fastestUs = 1e300;
  for (long long pass = 0; pass < passes; ++pass) {
    const auto t = Clock::now();
    for (size_t i = 0; i < starts.size(); ++i) {
      result.reset();
      query.findPath(starts[i], goal, result);
      costs[i] = result.cost;
    }
    fastestUs = std::min(fastestUs, microsSince(t));
  }
  return fastestUs;
}

// Quality over the same starts: the field followed and HPA*'s paths, both against the optimum.
struct Quality {
  double fieldSub = 0, fieldSubMax = 0, hpaSub = 0;
  size_t measured = 0;
  uint64_t failures = 0;  // starts from which the field does not lead to the goal
};

Quality measureQuality(const Grid& grid, const FlowField& field, const std::vector<Point>& starts, Point goal,
                       const std::vector<double>& hpaCosts) {
  DijkstraSearch optimum;
  optimum.run(grid, grid.bounds(), goal);
  Quality q;
  for (size_t i = 0; i < starts.size(); ++i) {
    const double best = optimum.distance(starts[i]);
    const double followed = followedCost(grid, field, starts[i]);
    if (followed < 0) ++q.failures;
    if (best <= 0 || followed < 0) continue;
    q.fieldSub += followed / best;
    q.fieldSubMax = std::max(q.fieldSubMax, followed / best);
    q.hpaSub += hpaCosts[i] / best;
    ++q.measured;
  }
  return q;
}

// A one-cell wall somewhere else, then the refresh that brings the field up to date (timed), then the
// wall taken away and the field refreshed again, so that the next goal starts from the map as loaded.
double timedRefreshAfterWall(Hierarchy& h, const Grid& grid, FlowFieldBuilder& builder, FlowField& field, Point goal,
                             const std::vector<Point>& passable, std::mt19937_64& rng, FlowFieldStats& stats) {
  Point wall = randomCell(passable, rng);
  while (wall == goal) wall = randomCell(passable, rng);
  const CellEdit block{wall, '@'}, open{wall, grid.terrainAt(wall.x, wall.y)};
  std::string error;
  if (!(error = h.applyEdits(std::span<const CellEdit>(&block, 1))).empty()) throw InputError(error);
  const auto t = Clock::now();
  builder.refresh(h, field, &stats);
  const double refreshUs = microsSince(t);
  if (!(error = h.applyEdits(std::span<const CellEdit>(&open, 1))).empty()) throw InputError(error);
  builder.refresh(h, field);
  return refreshUs;
}

}  // namespace

int runFlowBenchCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("flow-bench"), plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("flow-bench needs exactly one FILE.map");
  cmd.rejectUnknown(plannerOptions("hpa"));
  const long long goals = cmd.integer("goals");
  const long long paths = cmd.integer("paths");
  const long long seed = cmd.integer("seed");
  const long long passes = cmd.integer("passes");
  const Grid grid = loadMapFile(cmd.positional()[0]);
  Hierarchy h = buildHierarchyFrom("hpa", cmd, grid);
  std::vector<Point> passable;
  for (int32_t cell = 0; cell < grid.cellCount(); ++cell)
    if (grid.passableAt(cell)) passable.push_back(grid.pointOf(cell));
  if (passable.empty()) throw InputError(cmd.positional()[0] + ": the map has no passable cell");

  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  FlowFieldBuilder builder;
  FlowField field, corridors;
  HpaStarQuery query(h);
  std::vector<Point> starts;
  std::vector<double> hpaCosts;
  double ratioSum = 0, ratioMin = 1e300;
  uint64_t failures = 0;
  for (long long k = 0; k < goals; ++k) {
    const Point goal = pickGoal(h, passable, rng);
    starts.clear();
    while (starts.size() < static_cast<size_t>(paths)) {
      const Point s = randomCell(passable, rng);
      if (h.connected(s, goal)) starts.push_back(s);
    }
    FlowFieldStats stats, corridorStats, refreshStats;
    const double buildUs = fastestBuild(builder, h, goal, field, {}, passes, stats);
    const double corridorUs = fastestBuild(builder, h, goal, corridors, starts, passes, corridorStats);
    const double pathsUs = fastestPaths(query, starts, goal, passes, hpaCosts);
    const Quality q = measureQuality(grid, field, starts, goal, hpaCosts);
    failures += q.failures;
    const double refreshUs = timedRefreshAfterWall(h, grid, builder, field, goal, passable, rng, refreshStats);
    query.setHierarchy(h);

    const double ratio = pathsUs / buildUs;
    ratioSum += ratio;
    ratioMin = std::min(ratioMin, ratio);
    const double n = static_cast<double>(std::max<size_t>(q.measured, 1));
    JsonObject o;
    o.add("goal_x", goal.x)
        .add("goal_y", goal.y)
        .add("component_cells", h.componentCells(h.componentOf(goal)))
        .add("field_build_ms", buildUs / 1000.0)
        .add("field_clusters", static_cast<uint64_t>(stats.clustersIntegrated))
        .add("field_abstract_expanded", stats.abstractExpanded)
        .add("field_bytes", static_cast<uint64_t>(field.bytes()))
        .add("corridor_build_ms", corridorUs / 1000.0)
        .add("corridor_clusters", static_cast<uint64_t>(corridorStats.clustersIntegrated))
        .add("paths", static_cast<uint64_t>(starts.size()))
        .add("paths_ms", pathsUs / 1000.0)
        .add("paths_over_field", ratio)
        .add("paths_over_corridors", pathsUs / corridorUs)
        .add("field_suboptimality_mean", q.fieldSub / n)
        .add("field_suboptimality_max", q.fieldSubMax)
        .add("hpa_suboptimality_mean", q.hpaSub / n)
        .add("refresh_after_wall_ms", refreshUs / 1000.0)
        .add("refresh_clusters", static_cast<uint64_t>(refreshStats.clustersIntegrated));
    std::printf("%s\n", o.str().c_str());
  }
  JsonObject summary;
  summary.add("map", std::string(baseName(cmd.positional()[0])))
      .add("cluster_size", h.options().clusterSize)
      .add("goals", static_cast<uint64_t>(goals))
      .add("paths_per_goal", static_cast<uint64_t>(paths))
      .add("paths_over_field_mean", ratioSum / static_cast<double>(goals))
      .add("paths_over_field_min", ratioMin)
      .add("follow_failures", failures);
  std::printf("%s\n", summary.str().c_str());
  return failures == 0 ? 0 : 3;
}

}  // namespace hpastar::cli
