#include "cli/CompareCommand.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/Stopwatch.h"
#include "cli/ToolPlanner.h"
#include "path/PathValidator.h"

namespace hpastar::cli {
namespace {

// The tenth of the pairs both planners found with the longest reference paths (at least one pair): how
// many, the shortest of their reference costs, and the mean times of both planners over them, where a
// hierarchy's gain is largest (the HPA* and HAA* articles measure speed-ups by path length).
std::string longestTenthJson(const std::vector<double>& referenceCost, const std::vector<double>& usA,
                             const std::vector<double>& usB) {
  std::vector<size_t> found;
  for (size_t i = 0; i < referenceCost.size(); ++i)
    if (referenceCost[i] >= 0) found.push_back(i);
  std::sort(found.begin(), found.end(), [&](size_t x, size_t y) { return referenceCost[x] > referenceCost[y]; });
  found.resize(std::max<size_t>(1, found.size() / 10));
  double sumA = 0, sumB = 0;
  for (const size_t i : found) sumA += usA[i], sumB += usB[i];
  const double n = static_cast<double>(found.size());
  JsonObject o;
  o.add("queries", static_cast<uint64_t>(found.size()))
      .add("min_cost", referenceCost[found.back()])
      .add("us_algo", sumA / n)
      .add("us_against", sumB / n)
      .add("speedup", sumA > 0 ? sumB / sumA : 0.0);
  return o.str();
}

}  // namespace

int runCompareCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("compare"), plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("compare needs exactly one FILE.map");
  const std::string algo = cmd.text("algo");
  const std::string against = cmd.text("against");
  std::set<std::string> known = plannerOptions(algo);
  known.merge(plannerOptions(against));
  cmd.rejectUnknown(known);
  const long long queries = cmd.integer("queries");
  const long long seed = cmd.integer("seed");
  // --threads N: each planner answers all the pairs as one batch on the core's engine, N threads.
  const long long threads = cmd.integer("threads");

  Grid grid = loadMapFile(cmd.positional()[0]);
  applyTerrainCostOptions(cmd, grid);
  auto a = makeToolPlanner(algo, grid, cmd);
  auto b = makeToolPlanner(against, grid, cmd);
  // Pairs among the cells where both planners' agents stand (the passable cells but for Annotated A*
  // and HAA*, whose agents have a size and a capability).
  std::vector<Point> open;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x)
      if (a->canStand(grid, Point{x, y}) && b->canStand(grid, Point{x, y})) open.push_back(Point{x, y});
  if (open.empty()) {
    const std::string agent = a->agentText().empty() ? b->agentText() : a->agentText();
    throw InputError(cmd.positional()[0] + (agent.empty()
                                                ? ": the map has no passable cell"
                                                : ": the agent (" + agent + ") stands on no cell of the map"));
  }
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  std::vector<int32_t> pairs;
  pairs.reserve(static_cast<size_t>(queries) * 4);
  for (long long i = 0; i < queries; ++i) {
    const Point s = open[rng() % open.size()], t = open[rng() % open.size()];
    pairs.insert(pairs.end(), {s.x, s.y, t.x, t.y});
  }
  uint64_t mismatches = 0, invalid = 0, bothFound = 0, unreachable = 0;
  // Per pair (one thread only): the reference's cost when both found a path, and both times, for the
  // figures of the longest tenth.
  std::vector<double> referenceCost(pairs.size() / 4, -1.0), pairUsA(pairs.size() / 4), pairUsB(pairs.size() / 4);
  double subSum = 0, subMax = 0, usA = 0, usB = 0;
  double clockUs = 0;  // per-query times: the clock's own cost, taken off each (threadCpuClockCost)
  // Compares the two answers to pair i: completeness, validity, suboptimality of a against b.
  auto compare = [&](size_t i, bool foundA, double costA, std::span<const Point> cellsA, bool foundB, double costB,
                     std::span<const Point> cellsB) {
    const Point s{pairs[4 * i], pairs[4 * i + 1]}, t{pairs[4 * i + 2], pairs[4 * i + 3]};
    if (foundA != foundB) ++mismatches;
    if (!foundB) ++unreachable;
    if (foundA && !a->checkPath(grid, s, t, cellsA, costA).valid) ++invalid;
    if (foundB && !b->checkPath(grid, s, t, cellsB, costB).valid) ++invalid;
    if (foundA && foundB) {
      ++bothFound;
      referenceCost[i] = costB;
      const double sub = costB > 0 ? (costA - costB) / costB : 0.0;
      subSum += sub;
      subMax = std::max(subMax, sub);
    }
  };
  if (threads > 0) {
    BatchSearch engine(static_cast<int>(threads));
    PathBatchResults ra, rb;
    auto t0 = Clock::now();
    a->findPaths(engine, pairs, ra);
    usA = microsSince(t0);
    t0 = Clock::now();
    b->findPaths(engine, pairs, rb);
    usB = microsSince(t0);
    const auto cellsOf = [](const PathBatchResults& r, size_t i) {
      const auto& offsets = r.paths.offsets();
      return std::span<const Point>(r.paths.cells().data() + offsets[i], offsets[i + 1] - offsets[i]);
    };
    const auto found = static_cast<uint8_t>(PathStatus::Found);
    for (size_t i = 0; i < ra.count(); ++i)
      compare(i, ra.status[i] == found, ra.cost[i], cellsOf(ra, i), rb.status[i] == found, rb.cost[i], cellsOf(rb, i));
  } else {
    PathResult ra, rb;
    clockUs = threadCpuClockCost();
    for (size_t i = 0; i < pairs.size() / 4; ++i) {
      const Point s{pairs[4 * i], pairs[4 * i + 1]}, t{pairs[4 * i + 2], pairs[4 * i + 3]};
      // One pair at a time on this thread: its CPU time (threadCpuMicros says why not the wall's).
      double t0 = threadCpuMicros();
      a->findPath(s, t, ra);
      pairUsA[i] = std::max(0.0, threadCpuMicros() - t0 - clockUs);
      t0 = threadCpuMicros();
      b->findPath(s, t, rb);
      pairUsB[i] = std::max(0.0, threadCpuMicros() - t0 - clockUs);
      usA += pairUsA[i];
      usB += pairUsB[i];
      compare(i, ra.found(), ra.cost, ra.cells, rb.found(), rb.cost, rb.cells);
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
  // The agent of whichever planner has one (both get the same --size and --capability).
  const std::string agent = a->agentText().empty() ? b->agentText() : a->agentText();
  if (!agent.empty()) o.add("agent", agent);
  if (threads > 0) o.add("threads", static_cast<uint64_t>(threads));
  if (threads == 0) o.add("clock_us", clockUs);
  if (threads == 0 && bothFound > 0) o.raw("longest_tenth", longestTenthJson(referenceCost, pairUsA, pairUsB));
  std::printf("%s\n", o.str().c_str());
  return (mismatches == 0 && invalid == 0) ? 0 : 3;
}

}  // namespace hpastar::cli
