#include "cli/UpdateBenchCommand.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "io/MovingAIScenario.h"
#include "path/PathValidator.h"
#include "shpa/ShpaStarGraph.h"

namespace hpastar::cli {

namespace {

// Cells near passable terrain, where a change does something: passable cells, and blocked cells with a
// passable neighbour.
std::vector<Point> cellsNearPassable(const Grid& grid) {
  std::vector<Point> cells;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) {
      bool near = false;
      for (int dy = -1; dy <= 1 && !near; ++dy)
        for (int dx = -1; dx <= 1 && !near; ++dx) near = grid.passable(x + dx, y + dy);
      if (near) cells.push_back(Point{x, y});
    }
  return cells;
}

// Flips cell p (passable to blocked or back) and returns the update's time. With --passes N the change
// is undone and made again N - 1 times, keeping its fastest time (less noise from other processes); the
// hierarchy ends in the same state either way. `rebuilt` counts the level-1 clusters the first pass rebuilt.
double fastestEdit(Hierarchy& h, Point p, long long passes, uint64_t& rebuilt) {
  const char before = h.grid().terrainAt(p.x, p.y);
  const CellEdit edit{p, h.grid().passable(p) ? '@' : '.'};
  double fastest = 1e300;
  for (long long pass = 0; pass < passes; ++pass) {
    if (pass > 0) {
      const CellEdit undo{p, before};
      if (const std::string error = h.applyEdits(std::span<const CellEdit>(&undo, 1)); !error.empty())
        throw InputError(error);
    }
    UpdateStats st;
    if (const std::string error = h.applyEdits(std::span<const CellEdit>(&edit, 1), &st); !error.empty())
      throw InputError(error);
    fastest = std::min(fastest, st.microseconds);
    if (pass == 0) rebuilt += st.clustersRebuilt[0];
  }
  return fastest;
}

// With --queries N: after a change that left the landmarks and distance table stale, N random pairs
// answered with the stale tables, then again once they are refreshed (the refresh is timed on its own,
// as a background thread or a frame's slices would run it).
struct StaleQueries {
  double staleUs = 0, freshUs = 0, extraPctSum = 0, extraPctMax = 0;
  uint64_t timed = 0, compared = 0, invalid = 0, statusMismatches = 0;
  std::vector<double> refreshMs;

  void run(Hierarchy& h, HpaStarQuery& query, const std::vector<std::pair<Point, Point>>& pairs) {
    const Grid& g = h.grid();
    PathResult stale, fresh;
    std::vector<double> staleCosts;
    timed += pairs.size();
    for (const auto& [a, b] : pairs) {
      stale.reset();
      const auto t = Clock::now();
      query.findPath(a, b, stale);
      staleUs += microsSince(t);
      if (stale.found() && !validatePath(g, a, b, stale.cells, stale.cost).valid) ++invalid;
      staleCosts.push_back(stale.found() ? stale.cost : -1.0);
    }
    const auto r0 = Clock::now();
    h.refreshHeuristics();
    refreshMs.push_back(microsSince(r0) / 1000.0);
    query.setHierarchy(h);
    for (size_t q = 0; q < pairs.size(); ++q) {
      fresh.reset();
      const auto t = Clock::now();
      query.findPath(pairs[q].first, pairs[q].second, fresh);
      freshUs += microsSince(t);
      if (fresh.found() != (staleCosts[q] >= 0)) {
        ++statusMismatches;
      } else if (fresh.found()) {
        const double extra = fresh.cost > 0 ? 100.0 * (staleCosts[q] - fresh.cost) / fresh.cost : 0.0;
        extraPctSum += extra;
        extraPctMax = std::max(extraPctMax, extra);
        ++compared;
      }
    }
  }

  void addTo(JsonObject& o) {
    if (!refreshMs.empty()) {
      std::sort(refreshMs.begin(), refreshMs.end());
      double sum = 0;
      for (double ms : refreshMs) sum += ms;
      o.add("refresh_ms_mean", sum / static_cast<double>(refreshMs.size()))
          .add("refresh_ms_median", refreshMs[refreshMs.size() / 2]);
    }
    if (timed > 0)
      o.add("stale_queries", timed)
          .add("stale_query_us_mean", staleUs / static_cast<double>(timed))
          .add("fresh_query_us_mean", freshUs / static_cast<double>(timed))
          .add("stale_extra_cost_pct_mean", extraPctSum / static_cast<double>(std::max<uint64_t>(compared, 1)))
          .add("stale_extra_cost_pct_max", extraPctMax)
          .add("stale_invalid", invalid)
          .add("stale_status_mismatches", statusMismatches);
  }
};

}  // namespace

int runUpdateBenchCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("update-bench"), plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("update-bench needs exactly one FILE.map");
  const std::string algo = cmd.text("algo");
  if (algo == "shpa") throw UsageError(std::string("--algo shpa: ") + kShpaStaticMapsOnly);
  if (!isHierarchyAlgorithm(algo))
    throw UsageError("update-bench supports --algo hpa, dhpa or auto, not \"" + algo + "\"");
  cmd.rejectUnknown(plannerOptions(algo));
  const long long updates = cmd.integer("updates");
  const long long seed = cmd.integer("seed");
  const long long passes = cmd.integer("passes");
  const long long queries = cmd.integer("queries");
  const Grid grid = loadMapFile(cmd.positional()[0]);
  Hierarchy h = buildHierarchyFrom(algo, cmd, grid);

  const std::vector<Point> candidates = cellsNearPassable(grid);
  if (candidates.empty()) throw InputError(cmd.positional()[0] + ": the map has no passable cell");
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  double total = 0, worst = 0;
  uint64_t rebuilt = 0, topChanged = 0;
  std::vector<double> times;
  times.reserve(static_cast<size_t>(updates));
  HpaStarQuery query(h);
  StaleQueries staleQueries;
  std::vector<std::pair<Point, Point>> pairs;
  for (long long i = 0; i < updates; ++i) {
    const double fastest = fastestEdit(h, candidates[rng() % candidates.size()], passes, rebuilt);
    total += fastest;
    worst = std::max(worst, fastest);
    times.push_back(fastest);
    if (!h.heuristicsStale()) continue;
    ++topChanged;
    query.setHierarchy(h);
    pairs.clear();
    for (long long q = 0; q < queries; ++q) {
      Point a = candidates[rng() % candidates.size()], b = candidates[rng() % candidates.size()];
      if (h.grid().passable(a) && h.grid().passable(b)) pairs.emplace_back(a, b);
    }
    staleQueries.run(h, query, pairs);
  }
  std::sort(times.begin(), times.end());
  JsonObject o;
  o.add("algo", algo)
      .add("map", std::string(baseName(cmd.positional()[0])))
      .add("updates", static_cast<uint64_t>(updates))
      .add("update_us_mean", total / static_cast<double>(updates))
      .add("update_us_median", times[times.size() / 2])
      .add("update_us_max", worst)
      .add("level1_clusters_rebuilt_mean", static_cast<double>(rebuilt) / static_cast<double>(updates))
      .add("cluster_size", h.options().clusterSize)
      .add("levels", h.levels())
      .add("top_graph_changed", topChanged);
  staleQueries.addTo(o);
  std::printf("%s\n", o.str().c_str());
  return 0;
}

}  // namespace hpastar::cli
