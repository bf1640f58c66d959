#include "cli/WorldCommands.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/OptionFlags.h"
#include "cli/Stopwatch.h"
#include "io/SectionedFormat.h"
#include "io/TextFile.h"
#include "world/BlockWorldFormat.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldAnyAngleShaper.h"
#include "world/WorldGenerator.h"
#include "world/WorldGraphByCells.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldLevelDistances.h"
#include "world/WorldPathValidator.h"

namespace hpastar::cli {
namespace {

// "256x256x16" -> width, height, levels; UsageError naming the value when it is not three positive
// integers or the world would be too large.
void parseWorldSize(const std::string& text, int32_t& width, int32_t& height, int32_t& levels) {
  long long v[3];
  const char* p = text.c_str();
  for (int i = 0; i < 3; ++i) {
    char* end = nullptr;
    errno = 0;
    v[i] = std::strtoll(p, &end, 10);
    const char expected = i < 2 ? 'x' : '\0';
    if (end == p || errno != 0 || *end != expected || *p == '-' || *p == '+' || *p == ' ')
      throw UsageError("--size \"" + text + "\" is not WIDTHxHEIGHTxLEVELS (three positive integers, e.g. 256x256x16)");
    p = end + (i < 2 ? 1 : 0);
  }
  if (const std::string size = BlockWorld::checkSize(v[0], v[1], v[2]); !size.empty())
    throw UsageError("--size " + text + ": " + size);
  width = static_cast<int32_t>(v[0]), height = static_cast<int32_t>(v[1]), levels = static_cast<int32_t>(v[2]);
}

void writeFile(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw InputError(path + ": " + std::strerror(errno));
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !written) throw InputError(path + ": write error");
}

std::vector<Voxel> standingCells(const BlockWorld& world) {
  std::vector<Voxel> cells;
  for (int32_t i = 0; i < world.cellCount(); ++i) {
    const Voxel v = world.voxelOf(i);
    if (world.standing(v)) cells.push_back(v);
  }
  return cells;
}

// The world of `path`, with at least one standing cell; InputError naming the problem otherwise.
std::optional<BlockWorld> loadWorld(const std::string& path) {
  std::string error;
  std::optional<BlockWorld> world = loadBlockWorldFile(path, error);
  if (!world) throw InputError(error);
  if (standingCells(*world).empty()) throw InputError(path + ": the world has no standing cell");
  return world;
}

// The fastest of `passes` runs of `run`, in microseconds: less noise.
template <typename Run>
double fastestMicros(long long passes, Run&& run) {
  double best = 0;
  for (long long pass = 0; pass < passes; ++pass) {
    const auto start = Clock::now();
    run();
    const double us = microsSince(start);
    best = pass == 0 ? us : std::min(best, us);
  }
  return best;
}

// The hierarchy's flags (--cluster-side, ...: WorldHierarchyOptions::fields()) over the defaults.
WorldHierarchyOptions hierarchyOptions(const CommandLine& cmd) {
  WorldHierarchyOptions options;
  readOptionFlags(cmd, WorldHierarchyOptions::fields(), options);
  return options;
}

// The command line of `command`, a command over one block world FILE that takes the hierarchy's flags;
// UsageError for an unknown flag or another number of operands.
CommandLine worldHierarchyCommandLine(int argc, char** argv, const char* command) {
  CommandLine cmd(argc, argv, nativeCommand(command), optionSwitches(WorldHierarchyOptions::fields()));
  cmd.rejectUnknown(optionFlags(WorldHierarchyOptions::fields()));
  if (cmd.positional().size() != 1) throw UsageError(std::string(command) + " needs exactly one block world FILE");
  return cmd;
}

WorldHierarchy buildWorldHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options) {
  std::string error;
  std::optional<WorldHierarchy> hierarchy = WorldHierarchy::build(world, options, error);
  if (!hierarchy) throw UsageError(error);
  return std::move(*hierarchy);
}

// A mean for the JSON summaries: 0 when there is nothing to average.
template <typename Count>
double meanOf(double total, Count count) {
  return count ? total / static_cast<double>(count) : 0.0;
}

}  // namespace

int runGen3dCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("gen3d"));
  cmd.rejectUnknown();
  const std::string out = cmd.text("out");
  const std::vector<std::string>& positional = cmd.positional();
  if (!positional.empty())
    throw UsageError("gen3d: unexpected argument \"" + positional[0] + "\" (the file is given as -o FILE)");
  if (!cmd.has("size")) throw UsageError("gen3d needs --size WIDTHxHEIGHTxLEVELS");
  if (!cmd.has("kind")) throw UsageError(std::string("gen3d needs --kind (") + kWorldKindNames + ")");
  int32_t width = 0, height = 0, levels = 0;
  parseWorldSize(*cmd.get("size"), width, height, levels);
  const std::string kindName = *cmd.get("kind");
  const std::optional<WorldKind> kind = worldKindOf(kindName);
  if (!kind) throw UsageError("unknown --kind \"" + kindName + "\" (known: " + kWorldKindNames + ")");
  const long long seed = cmd.integer("seed");
  if (out.empty()) throw UsageError("gen3d needs -o FILE");

  const auto start = Clock::now();
  const BlockWorld world = generateWorld(*kind, width, height, levels, static_cast<uint64_t>(seed));
  const double ms = microsSince(start) / 1000.0;
  writeFile(out, formatBlockWorld(world));
  int64_t counts[kBlockKindCount] = {};
  for (uint8_t b : world.blocks()) ++counts[b];
  JsonObject json;
  json.add("file", out).add("kind", kindName).add("width", width).add("height", height).add("levels", levels);
  json.add("seed", static_cast<int64_t>(seed)).add("standing_cells", static_cast<int64_t>(standingCells(world).size()));
  json.add("solid", counts[static_cast<int>(Block::Solid)]).add("ladders", counts[static_cast<int>(Block::Ladder)]);
  int64_t stairs = 0;
  for (int b = static_cast<int>(Block::StairNorth); b <= static_cast<int>(Block::StairWest); ++b) stairs += counts[b];
  json.add("stairs", stairs).add("generate_ms", ms);
  std::printf("%s\n", json.str().c_str());
  return 0;
}

int runWorldAStarCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("world-astar"));
  cmd.rejectUnknown();
  if (cmd.positional().size() != 1) throw UsageError("world-astar needs exactly one block world FILE");
  const long long queries = cmd.integer("queries");
  const long long seed = cmd.integer("seed");
  const bool perQuery = cmd.has("per-query");
  const long long passes = cmd.integer("passes");
  const std::string path = cmd.positional()[0];
  const std::optional<BlockWorld> world = loadWorld(path);
  const std::vector<Voxel> cells = standingCells(*world);

  const auto labelStart = Clock::now();
  const WorldComponents components(*world);
  const double componentsMs = microsSince(labelStart) / 1000.0;

  // Pairs drawn uniformly among the standing cells, reachable or not.
  SeededRandom random(static_cast<uint64_t>(seed));
  const int32_t n = static_cast<int32_t>(cells.size());
  WorldAStar astar;
  WorldPath result, labelled;
  struct Answer {
    double cost;
    double us;
  };
  std::vector<Answer> found;
  uint64_t noPath = 0, invalid = 0, expandedSum = 0, labelMismatches = 0;
  double usTotal = 0, usNoPath = 0, usNoPathLabels = 0;
  for (long long q = 0; q < queries; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))], t = cells[static_cast<size_t>(random.below(n))];
    double us = 0;
    for (long long pass = 0; pass < passes; ++pass) {  // the fastest of the passes: less noise
      const auto start = Clock::now();
      astar.findPath(*world, s, t, result);
      const double passUs = microsSince(start);
      us = pass == 0 ? passUs : std::min(us, passUs);
    }
    usTotal += us;
    expandedSum += result.expanded;
    std::string problem;
    if (result.found()) {
      const PathCheck check = validateWorldPath(*world, s, t, result.cells, result.cost);
      if (!check.valid) ++invalid, problem = check.problem;
      found.push_back(Answer{result.cost, us});
      if (!components.connected(*world, s, t)) ++labelMismatches;
    } else {
      ++noPath;
      usNoPath += us;
      // The same answer from the component labels, without a search.
      double labelUs = 0;
      for (long long pass = 0; pass < passes; ++pass) {
        const auto start = Clock::now();
        astar.findPath(*world, s, t, labelled, &components);
        const double passUs = microsSince(start);
        labelUs = pass == 0 ? passUs : std::min(labelUs, passUs);
      }
      if (labelled.status != result.status) ++labelMismatches;
      usNoPathLabels += labelUs;
    }
    if (perQuery) {
      JsonObject line;
      line.add("query", static_cast<int64_t>(q)).add("start", voxelText(s)).add("goal", voxelText(t));
      line.add("status", pathStatusName(result.status)).add("cost", result.cost);
      line.add("steps", static_cast<int64_t>(result.cells.empty() ? 0 : result.cells.size() - 1));
      line.add("expanded", result.expanded).add("us", us);
      if (!problem.empty()) line.add("problem", problem);
      std::printf("%s\n", line.str().c_str());
    }
  }
  // The longest tenth of the found paths: what a hierarchy is meant to speed up.
  std::sort(found.begin(), found.end(), [](const Answer& a, const Answer& b) { return a.cost > b.cost; });
  const size_t longest = std::max<size_t>(found.empty() ? 0 : 1, found.size() / 10);
  double longestUs = 0, costSum = 0;
  for (size_t i = 0; i < longest; ++i) longestUs += found[i].us;
  for (const Answer& a : found) costSum += a.cost;
  JsonObject json;
  json.add("world", path).add("width", world->width()).add("height", world->height()).add("levels", world->levels());
  json.add("standing_cells", static_cast<int64_t>(n)).add("queries", static_cast<int64_t>(queries));
  json.add("found", static_cast<uint64_t>(found.size())).add("no_path", noPath).add("invalid", invalid);
  json.add("cost_mean", meanOf(costSum, found.size()));
  json.add("cost_max", found.empty() ? 0.0 : found.front().cost);
  json.add("expanded_mean", static_cast<double>(expandedSum) / static_cast<double>(queries));
  json.add("us_mean", usTotal / static_cast<double>(queries));
  json.add("us_mean_no_path", meanOf(usNoPath, noPath));
  json.add("us_mean_no_path_by_labels", meanOf(usNoPathLabels, noPath));
  json.add("label_mismatches", labelMismatches).add("components", static_cast<int64_t>(components.count()));
  json.add("components_ms", componentsMs);
  json.add("us_mean_longest_tenth", meanOf(longestUs, longest));
  json.add("us_total", usTotal);
  std::printf("%s\n", json.str().c_str());
  return invalid || labelMismatches ? 3 : 0;
}

// world-compare's fields of the world and its hierarchy (sizes, options, build figures).
static void addHierarchyFields(JsonObject& json, const std::string& path, const BlockWorld& world,
                               const WorldHierarchy& hierarchy, bool smooth) {
  const WorldHierarchyOptions& options = hierarchy.options();
  const WorldHierarchyStats& stats = hierarchy.stats();
  json.add("world", path).add("width", world.width()).add("height", world.height()).add("levels", world.levels());
  json.add("cluster_side", options.clusterSide).add("cluster_levels", options.clusterLevels);
  json.add("abstraction_levels", options.levels).add("build_ms", stats.buildMs);
  json.add("smooth", smooth);
  json.add("hierarchy_bytes", static_cast<uint64_t>(stats.bytes));
  json.add("path_bytes", static_cast<uint64_t>(stats.pathBytes));
  json.add("tree_bytes", static_cast<uint64_t>(stats.treeBytes))
      .add("tree_bytes_per_cell", static_cast<double>(stats.treeBytes) / world.cellCount());
  json.add("nodes_level1", static_cast<uint64_t>(stats.nodes[0]))
      .add("nodes_top", static_cast<uint64_t>(stats.nodes[options.levels - 1]));
  json.add("landmarks", options.landmarks).add("distance_table_nodes", static_cast<uint64_t>(stats.distanceTableNodes));
  json.add("heuristics_ms", stats.heuristicsMs)
      .add("heuristic_bytes", static_cast<uint64_t>(stats.landmarkBytes + stats.distanceTableBytes));
}

int runWorldCompareCommand(int argc, char** argv) {
  const CommandLine cmd = worldHierarchyCommandLine(argc, argv, "world-compare");
  WorldHpaQueryOptions queryOptions;
  queryOptions.smooth = !cmd.has("no-smooth");
  queryOptions.smoothingRange = static_cast<int32_t>(cmd.integer("smoothing-range"));
  const long long queries = cmd.integer("queries");
  const long long seed = cmd.integer("seed");
  const bool perQuery = cmd.has("per-query");
  const bool near = cmd.has("near");
  const long long passes = cmd.integer("passes");
  const WorldHierarchyOptions options = hierarchyOptions(cmd);
  const std::string path = cmd.positional()[0];
  const std::optional<BlockWorld> world = loadWorld(path);
  WorldHpaQueryOptions shapedOptions = queryOptions;
  shapedOptions.anyAngle = cmd.has("any-angle");
  if (const std::string refused = WorldAnyAngleShaper::checkWorld(*world); shapedOptions.anyAngle && !refused.empty())
    throw UsageError("--any-angle: " + refused);
  const std::vector<Voxel> cells = standingCells(*world);

  const std::optional<WorldHierarchy> hierarchy = buildWorldHierarchy(*world, options);

  SeededRandom random(static_cast<uint64_t>(seed));
  const int32_t n = static_cast<int32_t>(cells.size());
  WorldAStar astar;
  WorldHpaQuery hpa(*hierarchy);
  WorldPath a, h, shaped;
  double shapedUs = 0, shapedRatioSum = 0;
  struct Answer {
    double cost, astarUs, hpaUs;
  };
  std::vector<Answer> found;
  uint64_t noPath = 0, mismatches = 0, invalid = 0, expandedAbstract = 0, optimal = 0;
  double astarUs = 0, hpaUs = 0, astarNoPathUs = 0, hpaNoPathNs = 0, excessSum = 0, excessMax = 0;
  for (long long q = 0; q < queries; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))];
    Voxel t = cells[static_cast<size_t>(random.below(n))];
    while (near && !withinBoxReach(s, t, options)) t = cells[static_cast<size_t>(random.below(n))];
    const double aUs = fastestMicros(passes, [&] { astar.findPath(*world, s, t, a); });
    WorldHpaStats hStats;
    const double hUs = fastestMicros(passes, [&] { hpa.findPath(s, t, h, queryOptions, &hStats); });
    expandedAbstract += hStats.expandedAbstract;
    astarUs += aUs;
    hpaUs += hUs;
    std::string problem;
    if (a.status != h.status) {
      ++mismatches;
      problem = std::string("A* ") + pathStatusName(a.status) + ", HPA* " + pathStatusName(h.status);
    }
    if (h.found()) {
      const PathCheck check = validateWorldPath(*world, s, t, h.cells, h.cost);
      if (!check.valid) ++invalid, problem = check.problem;
    }
    if (shapedOptions.anyAngle && h.found()) {
      shapedUs += fastestMicros(passes, [&] { hpa.findPath(s, t, shaped, shapedOptions); });
      shapedRatioSum += h.cost > 0 ? shaped.cost / h.cost : 1.0;
    }
    if (a.found() && h.found()) {
      found.push_back(Answer{a.cost, aUs, hUs});
      const double excess = a.cost > 0 ? h.cost / a.cost - 1 : 0;
      excessSum += excess;
      excessMax = std::max(excessMax, excess);
      optimal += h.cost <= a.cost * (1 + 1e-9);
    } else if (!a.found()) {
      ++noPath;
      astarNoPathUs += aUs;
      // Far below the clock's resolution: timed over many answers.
      constexpr int kRepeats = 1000;
      const double us = fastestMicros(passes, [&] {
        for (int r = 0; r < kRepeats; ++r) hpa.findPath(s, t, h, queryOptions);
      });
      hpaNoPathNs += us * 1000.0 / kRepeats;
    }
    if (perQuery) {
      JsonObject line;
      line.add("query", static_cast<int64_t>(q)).add("start", voxelText(s)).add("goal", voxelText(t));
      line.add("astar", pathStatusName(a.status)).add("hpa", pathStatusName(h.status));
      line.add("astar_cost", a.cost).add("hpa_cost", h.cost).add("astar_us", aUs).add("hpa_us", hUs);
      if (!problem.empty()) line.add("problem", problem);
      std::printf("%s\n", line.str().c_str());
    }
  }
  // The longest tenth of the paths (by A*'s cost): what a hierarchy is meant to speed up.
  std::sort(found.begin(), found.end(), [](const Answer& x, const Answer& y) { return x.cost > y.cost; });
  const size_t longest = std::max<size_t>(found.empty() ? 0 : 1, found.size() / 10);
  double longestAstar = 0, longestHpa = 0;
  for (size_t i = 0; i < longest; ++i) longestAstar += found[i].astarUs, longestHpa += found[i].hpaUs;
  const double q = static_cast<double>(queries);
  JsonObject json;
  addHierarchyFields(json, path, *world, *hierarchy, queryOptions.smooth);
  json.add("queries", static_cast<int64_t>(queries)).add("found", static_cast<uint64_t>(found.size()));
  json.add("no_path", noPath).add("mismatches", mismatches).add("invalid", invalid);
  json.add("suboptimality_mean", meanOf(excessSum, found.size()));
  json.add("suboptimality_max", excessMax);
  json.add("optimal_share", meanOf(static_cast<double>(optimal), found.size()));
  json.add("astar_us_mean", astarUs / q).add("hpa_us_mean", hpaUs / q);
  json.add("speedup_mean", hpaUs > 0 ? astarUs / hpaUs : 0.0);
  json.add("longest_paths", static_cast<uint64_t>(longest));
  json.add("longest_cost_min", longest ? found[longest - 1].cost : 0.0);
  json.add("astar_us_mean_longest", meanOf(longestAstar, longest));
  json.add("hpa_us_mean_longest", meanOf(longestHpa, longest));
  json.add("speedup_longest", longestHpa > 0 ? longestAstar / longestHpa : 0.0);
  json.add("hpa_expanded_abstract_mean", static_cast<double>(expandedAbstract) / q);
  json.add("astar_us_mean_no_path", meanOf(astarNoPathUs, noPath));
  json.add("hpa_ns_mean_no_path", meanOf(hpaNoPathNs, noPath));
  if (shapedOptions.anyAngle) {
    // Per path HPA* found (every found path is shaped).
    const double shapedCount = static_cast<double>(found.size());
    json.add("shaped_us_mean", shapedCount ? shapedUs / shapedCount : 0.0);
    json.add("shaped_length_ratio_mean", shapedCount ? shapedRatioSum / shapedCount : 0.0);
  }
  std::printf("%s\n", json.str().c_str());
  return mismatches || invalid ? 3 : 0;
}

// The hierarchy's top-level bounds that an update left wrong on its current graph: landmark rows that
// break an edge (inconsistentLandmarkBounds: repaired rows need not be a fresh computation's) and
// distance-table entries unlike those computed now. 0 when no update left them stale.
static uint64_t countStaleHeuristics(const WorldHierarchy& h) {
  WorldLevelDistances top(h, h.levels());
  const NodeDistanceTable table = h.options().distanceTable ? NodeDistanceTable::compute(top) : NodeDistanceTable{};
  const NodeDistanceTable& keptTable = h.distanceTable();
  uint64_t stale = inconsistentLandmarkBounds(h);
  if (table.count() != keptTable.count()) return stale + 1;
  for (uint32_t a = 0; a < table.count(); ++a)
    for (uint32_t b = 0; b < table.count(); ++b) stale += table.row(a)[b] != keptTable.row(a)[b];
  return stale;
}

int runWorldDigCommand(int argc, char** argv) {
  const CommandLine cmd = worldHierarchyCommandLine(argc, argv, "world-dig");
  const long long digs = cmd.integer("digs");
  const long long seed = cmd.integer("seed");
  const bool check = cmd.has("check");
  const WorldHierarchyOptions options = hierarchyOptions(cmd);
  const std::string path = cmd.positional()[0];
  const std::optional<BlockWorld> world = loadWorld(path);
  WorldHierarchy h = buildWorldHierarchy(*world, options);
  const double buildMs = h.stats().buildMs;

  // Alternately a dig (a solid block beside or under a standing cell, where an agent would dig) and a
  // build (a solid block put in a standing cell), at random standing cells of the world as it is then.
  SeededRandom random(static_cast<uint64_t>(seed));
  const BlockWorld& w = h.world();
  std::vector<double> us;
  uint64_t rebuilt[WorldHierarchyOptions::kMaxLevels] = {}, joined = 0, cellsChanged = 0;
  constexpr int kSides[5][3] = {{0, -1, 0}, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, {0, 0, -1}};
  for (long long i = 0; i < digs; ++i) {
    const bool dig = i % 2 == 0;
    BlockChange change;
    bool picked = false;
    while (!picked) {  // standing cells are common (at least one: loadWorld), solid sides too
      const Voxel v{random.below(w.width()), random.below(w.height()), random.below(w.levels())};
      if (!w.standing(v)) continue;
      if (!dig) {
        change = BlockChange{v, Block::Solid};
        picked = true;
        continue;
      }
      const int* side = kSides[random.below(5)];
      const Voxel next{v.x + side[0], v.y + side[1], v.z + side[2]};
      if (w.inside(next) && w.blockAt(next) == Block::Solid) change = BlockChange{next, Block::Air}, picked = true;
    }
    WorldUpdateStats stats;
    const std::string error = h.applyBlockChanges(std::span(&change, 1), &stats);
    if (!error.empty()) throw InputError(error);
    us.push_back(stats.microseconds);
    for (int32_t l = 0; l < options.levels; ++l) rebuilt[l] += stats.rebuiltClusters[l].size();
    joined += stats.componentsJoined ? 1 : 0;
    cellsChanged += stats.cellsChanged;
  }
  std::vector<double> sorted = us;
  std::sort(sorted.begin(), sorted.end());
  auto quantile = [&](double q) { return sorted[static_cast<size_t>(q * static_cast<double>(sorted.size() - 1))]; };
  double sum = 0;
  for (double u : us) sum += u;
  const double n = static_cast<double>(digs);
  JsonObject json;
  json.add("world", path).add("width", w.width()).add("height", w.height()).add("levels", w.levels());
  json.add("cluster_side", options.clusterSide).add("cluster_levels", options.clusterLevels);
  json.add("abstraction_levels", options.levels).add("build_ms", buildMs);
  json.add("changes", static_cast<int64_t>(digs)).add("us_median", quantile(0.5)).add("us_p90", quantile(0.9));
  json.add("us_max", sorted.back()).add("us_mean", sum / n);
  json.add("cells_changed_mean", static_cast<double>(cellsChanged) / n);
  for (int32_t l = 0; l < options.levels; ++l)
    json.add("clusters_rebuilt_mean_level" + std::to_string(l + 1), static_cast<double>(rebuilt[l]) / n);
  json.add("components_joined", joined);
  json.add("landmarks", options.landmarks).add("distance_table", options.distanceTable);
  json.add("heuristics_ms_last", h.stats().heuristicsMs);
  int status = 0;
  if (check) {
    // The updated hierarchy against a fresh build of the world it ended with: the same figures, the same
    // graph at every level by cells (nodes, cluster members, edges and their costs), and the same
    // component labels as a flood fill; every edge's stored path legal, in its cluster, of the edge's
    // cost (a path may differ from the fresh build's where two tie); every edge's cost the distance over
    // the edges queries search.
    const WorldHierarchy fresh = buildWorldHierarchy(w, options);
    const WorldComponents flood(w);
    uint64_t labelMismatches = 0, figureMismatches = 0;
    for (int32_t cell = 0; cell < w.cellCount(); ++cell) labelMismatches += h.components().of(cell) != flood.of(cell);
    for (int32_t l = 0; l < options.levels; ++l)
      figureMismatches +=
          (h.stats().nodes[l] != fresh.stats().nodes[l]) + (h.stats().edges[l] != fresh.stats().edges[l]);
    figureMismatches += h.stats().transitions != fresh.stats().transitions;
    uint64_t graphMismatches = 0, invalidPaths = 0, lostEdges = 0;
    std::string pathProblem;
    for (int32_t l = 1; l <= options.levels; ++l) {
      graphMismatches += countDifferences(worldLevelByCells(h, l), worldLevelByCells(fresh, l));
      invalidPaths += countInvalidEdgePaths(h, w, l, pathProblem.empty() ? &pathProblem : nullptr);
      lostEdges += countEdgesLostToTheSearch(h, l);
    }
    json.add("fresh_build_ms", fresh.stats().buildMs).add("label_mismatches", labelMismatches);
    json.add("figure_mismatches", figureMismatches).add("graph_mismatches", graphMismatches);
    json.add("invalid_edge_paths", invalidPaths).add("edges_lost_to_search", lostEdges);
    if (!pathProblem.empty()) json.add("edge_path_problem", pathProblem);
    const uint64_t stale = countStaleHeuristics(h);
    json.add("stale_heuristics", stale);
    status = labelMismatches || figureMismatches || graphMismatches || invalidPaths || lostEdges || stale ? 3 : 0;
  }
  std::printf("%s\n", json.str().c_str());
  return status;
}

int runWorldSaveCommand(int argc, char** argv) {
  const CommandLine cmd = worldHierarchyCommandLine(argc, argv, "world-save");
  const std::string out = cmd.text("out");
  if (out.empty()) throw UsageError("world-save needs -o FILE");
  const long long passes = cmd.integer("passes");
  const WorldHierarchyOptions options = hierarchyOptions(cmd);
  const std::string path = cmd.positional()[0];
  const std::optional<BlockWorld> world = loadWorld(path);
  // Build and load each the fastest of --passes, so that the ratio compares like with like.
  std::optional<WorldHierarchy> built;
  const double buildUs = fastestMicros(passes, [&] {
    built.reset();
    built = buildWorldHierarchy(*world, options);
  });
  const WorldHierarchy& hierarchy = *built;

  const auto start = Clock::now();
  const std::vector<uint8_t> bytes = serializeWorldHierarchy(hierarchy);
  const double saveMs = microsSince(start) / 1000.0;
  writeFile(out, std::string(bytes.begin(), bytes.end()));
  std::string read, error;
  if (!readTextFile(out, bytes.size(), "saved hierarchy", read, error)) throw InputError(error);
  const std::span<const uint8_t> stored(reinterpret_cast<const uint8_t*>(read.data()), read.size());
  std::optional<WorldHierarchy> loaded;
  const double loadUs = fastestMicros(passes, [&] {
    loaded.reset();
    loaded = deserializeWorldHierarchy(stored, error);
  });
  if (!loaded) throw InputError(out + ": " + error);
  // The same parts, timed apart: reading the sections, and the check against the world.
  const double readUs = fastestMicros(passes, [&] { readWorldHierarchyParts(stored, error); });
  const bool same = serializeWorldHierarchy(*loaded) == bytes;

  JsonObject json;
  json.add("world", path).add("width", world->width()).add("height", world->height()).add("levels", world->levels());
  json.add("cluster_side", options.clusterSide).add("cluster_levels", options.clusterLevels);
  json.add("abstraction_levels", options.levels).add("file", out).add("bytes", static_cast<uint64_t>(bytes.size()));
  const std::optional<SectionedFile> file =
      SectionedFile::read(bytes, kWorldHierarchyMagic, "saved", 1, kWorldHierarchyFormatVersion, error);
  for (const Section& section : file->sections())
    json.add("bytes_" + section.tag, static_cast<uint64_t>(section.bytes.size()));
  json.add("build_ms", buildUs / 1000.0).add("save_ms", saveMs);
  json.add("load_ms", loadUs / 1000.0).add("load_read_ms", readUs / 1000.0);
  json.add("build_over_load", loadUs > 0 ? buildUs / loadUs : 0.0);
  json.add("same_bytes", same);
  std::printf("%s\n", json.str().c_str());
  return same ? 0 : 3;
}

}  // namespace hpastar::cli
