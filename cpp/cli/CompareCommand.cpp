#include "cli/CompareCommand.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "path/PathValidator.h"

namespace hpastar::cli {
int runCompareCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, 2, plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("compare needs exactly one FILE.map");
  const std::string algo = cmd.getString("algo", "hpa");
  const std::string against = cmd.getString("against", "astar");
  std::set<std::string> known = {"algo", "against", "queries", "seed"};
  for (const auto& o : plannerOptions(algo)) known.insert(o);
  for (const auto& o : plannerOptions(against)) known.insert(o);
  cmd.rejectUnknown(known);
  const long long queries = cmd.getInt("queries", 1000, 1, 100000000);
  const long long seed = cmd.getInt("seed", 1, 0, 1LL << 62);

  const Grid grid = loadMapFile(cmd.positional()[0]);
  std::vector<Point> open;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y)) open.push_back(Point{x, y});
  if (open.empty()) throw InputError(cmd.positional()[0] + ": the map has no passable cell");

  auto a = makeToolPlanner(algo, grid, cmd);
  auto b = makeToolPlanner(against, grid, cmd);
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  PathResult ra, rb;
  uint64_t mismatches = 0, invalid = 0, bothFound = 0, unreachable = 0;
  double subSum = 0, subMax = 0, usA = 0, usB = 0;
  for (long long i = 0; i < queries; ++i) {
    const Point s = open[rng() % open.size()], t = open[rng() % open.size()];
    auto t0 = Clock::now();
    a->findPath(s, t, ra);
    usA += microsSince(t0);
    t0 = Clock::now();
    b->findPath(s, t, rb);
    usB += microsSince(t0);
    if (ra.found() != rb.found()) ++mismatches;
    if (!rb.found()) ++unreachable;
    if (ra.found() && !validatePath(grid, s, t, ra.cells, ra.cost).valid) ++invalid;
    if (rb.found() && !validatePath(grid, s, t, rb.cells, rb.cost).valid) ++invalid;
    if (ra.found() && rb.found()) {
      ++bothFound;
      const double sub = rb.cost > 0 ? (ra.cost - rb.cost) / rb.cost : 0.0;
      subSum += sub;
      subMax = std::max(subMax, sub);
    }
  }
  JsonObject o;
  o.add("queries", static_cast<uint64_t>(queries))
      .add("completeness_mismatches", mismatches)
      .add("invalid", invalid)
      .add("mean_subopt", bothFound ? subSum / static_cast<double>(bothFound) : 0.0)
      .add("max_subopt", subMax)
      .add("us_algo", usA / static_cast<double>(queries))
      .add("us_against", usB / static_cast<double>(queries))
      .add("algo", algo)
      .add("against", against)
      .add("unreachable", unreachable);
  std::printf("%s\n", o.str().c_str());
  return (mismatches == 0 && invalid == 0) ? 0 : 3;
}

}  // namespace hpastar::cli
