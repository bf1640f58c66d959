#include "cli/DynamicCommand.h"

#include <chrono>
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
int runDynamicCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("dynamic"), plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("dynamic needs exactly one FILE.map");
  const std::string algo = cmd.text("algo");
  if (algo == "shpa") throw UsageError(std::string("--algo shpa: ") + kShpaStaticMapsOnly);
  if (!isHierarchyAlgorithm(algo)) throw UsageError("dynamic supports --algo hpa, dhpa or auto, not \"" + algo + "\"");
  cmd.rejectUnknown(plannerOptions(algo));
  const long long searches = cmd.integer("searches");
  const double share = cmd.number("obstacle-share");
  const long long changes = cmd.integer("changes");
  const long long seed = cmd.integer("seed");
  const Grid base = loadMapFile(cmd.positional()[0]);
  // Searches run between cells that are passable in the map and not under an obstacle: drawn from this
  // list, never by sampling the whole map until a passable cell turns up (which never ends on a map
  // without one).
  std::vector<Point> open;
  for (int32_t y = 0; y < base.height(); ++y)
    for (int32_t x = 0; x < base.width(); ++x)
      if (base.passable(x, y)) open.push_back(Point{x, y});
  if (open.empty()) throw InputError(cmd.positional()[0] + ": the map has no passable cell");

  // Spots for a 2×2 obstacle: four ground cells of the original map.
  std::vector<Point> spots;
  for (int32_t y = 0; y + 1 < base.height(); ++y)
    for (int32_t x = 0; x + 1 < base.width(); ++x)
      if (base.passable(x, y) && base.passable(x + 1, y) && base.passable(x, y + 1) && base.passable(x + 1, y + 1))
        spots.push_back(Point{x, y});
  const size_t obstacles = static_cast<size_t>(share * base.width() * base.height() / 4.0);
  if (spots.empty() && obstacles > 0) throw InputError(cmd.positional()[0] + ": no room for 2x2 obstacles");

  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  const auto buildStart = Clock::now();
  std::string error;
  auto h = Hierarchy::build(base, hierarchyOptionsFrom(algo, cmd, base), error);
  if (!h) throw UsageError(error);
  const double buildMs = microsSince(buildStart) / 1000.0;
  HpaStarQuery query(*h);
  PathResult result;

  std::vector<Point> placed, stillOpen;
  std::vector<CellEdit> edits;
  double updateUs = 0, searchUs = 0;
  uint64_t found = 0, invalid = 0, ran = 0;
  for (long long change = 0; change < changes; ++change) {
    // Move every obstacle: clear the old squares (back to the map's own terrain), block new ones.
    edits.clear();
    for (Point p : placed)
      for (int k = 0; k < 4; ++k) {
        const Point c{p.x + (k & 1), p.y + (k >> 1)};
        edits.push_back(CellEdit{c, base.terrainAt(c.x, c.y)});
      }
    placed.clear();
    for (size_t i = 0; i < obstacles; ++i) placed.push_back(spots[rng() % spots.size()]);
    for (Point p : placed)
      for (int k = 0; k < 4; ++k) edits.push_back(CellEdit{Point{p.x + (k & 1), p.y + (k >> 1)}, '@'});
    UpdateStats st;
    const auto t = Clock::now();
    error = h->applyEdits(edits, &st);
    updateUs += microsSince(t);
    if (!error.empty()) throw InputError(error);
    query.setHierarchy(*h);
    const Grid& g = h->grid();
    // When the obstacles cover every passable cell (a map with little room), this change runs no search.
    stillOpen.clear();
    for (Point p : open)
      if (g.passable(p)) stillOpen.push_back(p);
    for (long long s = 0; s < searches && !stillOpen.empty(); ++s) {
      const Point a = stillOpen[rng() % stillOpen.size()], b = stillOpen[rng() % stillOpen.size()];
      result.reset();
      const auto ts = Clock::now();
      query.findPath(a, b, result);
      searchUs += microsSince(ts);
      ++ran;
      if (result.found()) {
        ++found;
        if (!validatePath(g, a, b, result.cells, result.cost).valid) ++invalid;
      }
    }
  }
  const double n = static_cast<double>(changes);
  JsonObject o;
  o.add("algo", algo)
      .add("map", std::string(baseName(cmd.positional()[0])))
      .add("searches", static_cast<uint64_t>(searches))
      .add("obstacles", static_cast<uint64_t>(obstacles))
      .add("changes", static_cast<uint64_t>(changes))
      .add("build_ms", buildMs)
      .add("total_ms_per_change", (updateUs + searchUs) / n / 1000.0)
      .add("update_us_mean", updateUs / n)
      .add("search_us_mean", ran ? searchUs / static_cast<double>(ran) : 0.0)
      .add("searched", ran)
      .add("found", found)
      .add("invalid", invalid);
  std::printf("%s\n", o.str().c_str());
  return invalid == 0 ? 0 : 3;
}

}  // namespace hpastar::cli
