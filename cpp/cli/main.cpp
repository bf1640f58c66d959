// hpa: the native command-line tool. Runs Moving AI scenarios through any planner and prints JSON.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "cli/AnnotatedToolPlanner.h"
#include "cli/CompareCommand.h"
#include "cli/DynamicCommand.h"
#include "cli/FlowBenchCommand.h"
#include "cli/HaaToolPlanner.h"
#include "cli/MapLoading.h"
#include "cli/OptionFlags.h"
#include "cli/ScenCommand.h"
#include "cli/StatsCommand.h"
#include "cli/ToolPlanner.h"
#include "cli/UpdateBenchCommand.h"
#include "cli/WorldCommands.h"
#include "hpa/HierarchyOptions.h"
#include "io/FileLimits.h"
#include "shpa/ShpaOptions.h"
#include "world/WorldHierarchy.h"

namespace {

void printUsage(std::FILE* out) {
  std::fprintf(out,
               "usage: hpa <command> [arguments]\n\n"
               "commands:\n"
               "  scen FILE.map.scen [--map FILE.map] --algo A [--min-bucket B] [--limit N] [--per-query] [--passes N] "
               "[--threads N] [--phases]\n"
               "      Runs the scenarios; prints one JSON line per query with --per-query, then a JSON summary.\n"
               "      --passes N runs them N times and keeps each query's fastest time (less noise).\n"
               "      --phases (hpa, dhpa, auto) times each query again per phase: the plan (insertion and\n"
               "      abstract path), refinement into cells, smoothing (phase_us_mean).\n"
               "      --threads N runs them as one batch on the core's batch engine, N search threads\n"
               "      (query_us_total is then the batch's wall time).\n"
               "      Without --map the map is FILE.map beside the scenario file. Exit status 3 when a\n"
               "      scenario is unsolved or a path is invalid. With terrain costs (below) the optimal\n"
               "      lengths are A*'s on the weighted map, not the file's.\n\n"
               "  stats FILE.map --algo A [options]\n"
               "      Builds the planner and prints its build figures (nodes and edges per level, time, bytes).\n\n"
               "  compare FILE.map --algo A --against B --queries N --seed K [--threads N] [options]\n"
               "      Random start/goal pairs (reachable or not) through both planners; prints completeness\n"
               "      mismatches, invalid paths, suboptimality of A against B and mean times (one thread: each\n"
               "      query's CPU time, also over the tenth of the pairs with the longest paths). --threads N:\n"
               "      each planner answers all the pairs as one batch on N threads (wall time).\n\n"
               "  dynamic FILE.map --algo hpa|dhpa|auto --searches X [--obstacle-share 0.02] [--changes N] [--seed K]\n"
               "      Kring et al.'s dynamic metric: move every 2x2 obstacle, update, run X searches; repeat.\n\n"
               "  update-bench FILE.map --algo hpa|dhpa|auto [--updates N] [--seed K] [--passes N] [--queries N]\n"
               "      Mean time of a single-cell terrain change. --passes N undoes and redoes each change\n"
               "      N - 1 more times and keeps its fastest time (less noise). With landmarks or a distance\n"
               "      table, a change that alters the top level's graph leaves them stale: they are then\n"
               "      refreshed (timed apart), and --queries N answers N random pairs before and after.\n\n"
               "  flow-bench FILE.map [--goals N] [--paths N] [--seed K] [--passes N] [hierarchy options]\n"
               "      Per random goal: building its flow field against planning N (1000) HPA* paths from random\n"
               "      starts to it, in the same run (fastest of --passes), the field's and HPA*'s suboptimality\n"
               "      over those starts, and the refresh after a one-cell wall. Exit status 3 when following\n"
               "      the field from a start does not reach the goal.\n\n"
               "  gen3d --size WxHxD --kind caves|towers|hills [--seed K] -o FILE\n"
               "      Generates a block world (layered 3D, the same for the same seed) and writes it to FILE.\n\n"
               "  world-astar FILE --queries N [--seed K] [--passes N] [--per-query]\n"
               "      Random pairs of standing cells of a block world through A*; every path checked. Exit\n"
               "      status 3 when a path is invalid. --passes N keeps each query's fastest of N runs.\n\n"
               "  world-compare FILE --queries N [--seed K] [--passes N] [--per-query] [--no-smooth]\n"
               "                [--smoothing-range R] [world options]\n"
               "      The same random pairs through A* and HPA* on a block world (options below): mean times,\n"
               "      the speed-up on the longest tenth, suboptimality, and unreachable goals (HPA* answers\n"
               "      them from its labels, timed in ns). Exit status 3 on a completeness mismatch or an\n"
               "      invalid HPA* path. HPA*'s paths are smoothed (straight runs of one move, each at most R\n"
               "      steps, default 3 x the box side) unless --no-smooth; the summary's \"smooth\" says which.\n\n"
               "  world-dig FILE --digs N [--seed K] [--check] [world options]\n"
               "      N single-block changes on a block world's hierarchy, alternately a dig (a solid block\n"
               "      beside or under a standing cell) and a build (a solid block in a standing cell), each\n"
               "      updated locally: median, p90, max and mean microseconds per change, clusters rebuilt per\n"
               "      level. --check compares the result with a fresh build (every level's graph by cells,\n"
               "      edge costs included) and a flood fill's labels (exit status 3 on a difference).\n\n"
               "world options (world-compare, world-dig: the block world's hierarchy of boxes):\n%s\n"
               "auto: the HPA* family with the options hpastar picks for the map (HierarchyOptionChoice.h: DHPA*\n"
               "trees, landmarks, a cluster side from the map's borders, the distance table when\n"
               "--terrain-changes rarely; the default hint is often); scen and stats print the options chosen.\n"
               "auto --no-trees: the choice for HPA* without trees (smaller clusters: its queries search them).\n"
               "Any option below overrides its choice. hpa and dhpa start from the paper's defaults instead.\n\n"
               "hpa, dhpa and auto options (dhpa: HPA* with shortest-path trees; --terrain-changes: auto only):\n%s"
               "  --no-smooth                leave the refined path unsmoothed\n"
               "  --smoothing-range R        longest straight line smoothing tries (default 3 x cluster, 4 x with trees)\n"
               "  --size S                   the agent class the hierarchy is built for, as for aa below (paths\n"
               "  --capability NAMES         are then checked for the agent's whole square)\n\n"
               "shpa options (static maps only):\n%s\n"
               "jps, jpsplus: Jump Point Search and JPS+, optimal references without options or --threads;\n"
               "jpsplus preprocesses a jump table (its build_ms).\n\n"
               "aa: Annotated A*, optimal for a square agent of a terrain capability (HAA*'s low level), without\n"
               "--threads. A path's cells are the square's top-left cells. scen: only size 1 of ground,swamp has\n"
               "the file's lengths as optima; for other agents it counts found and not found paths and checks\n"
               "their footprints. compare draws pairs among the cells where the agent stands. Options:\n%s\n"
               "haa: HAA*, Annotated A* made hierarchical for square agents of sides 1..--max-size and every\n"
               "capability of the map's terrain kinds (--size and --capability as for aa; compare --against aa\n"
               "reports its completeness and suboptimality), without --threads. Options:\n%s\n"
               "terrain costs (scen, compare): --costs S=3,T=1.5 multiplies the move costs over each terrain\n"
               "character's cells (1/64 to 1024; '.' and 'G' are one kind); --cost-layer FILE takes width*height\n"
               "bytes, row-major, each cell's multiplier in sixteenths (16: as its terrain; 1..255). A move costs\n"
               "the mean of its cells' multipliers times 1 (straight) or sqrt 2 (diagonal, the mean of its four\n"
               "cells).\n\n"
               "Switches (--cache-paths, --no-prune, --distance-table, --no-smooth, --per-query, ...) take no\n"
               "value: given, they turn their option on; left out, the default holds. --x=VALUE is refused.\n\n"
               "Files: a .map file is read up to %zu bytes (the largest grid: %lld cells, %d per side), a\n"
               ".scen file up to %zu bytes; larger ones are refused unread.\n\n"
               "algorithms: %s\n",
               hpastar::cli::optionFlagsHelp(hpastar::WorldHierarchyOptions::fields()).c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::HierarchyOptions::fields()).c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::ShpaOptions::fields()).c_str(),
               hpastar::cli::annotatedToolOptionsHelp().c_str(), hpastar::cli::haaToolOptionsHelp().c_str(),
               hpastar::kMaxMapFileBytes, static_cast<long long>(hpastar::Grid::kMaxCells), hpastar::Grid::kMaxSide,
               hpastar::kMaxScenarioFileBytes, hpastar::cli::knownAlgorithms().c_str());
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hpastar::cli;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    printUsage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  try {
    if (command == "scen") return runScenCommand(argc, argv);
    if (command == "stats") return runStatsCommand(argc, argv);
    if (command == "compare") return runCompareCommand(argc, argv);
    if (command == "dynamic") return runDynamicCommand(argc, argv);
    if (command == "update-bench") return runUpdateBenchCommand(argc, argv);
    if (command == "flow-bench") return runFlowBenchCommand(argc, argv);
    if (command == "gen3d") return runGen3dCommand(argc, argv);
    if (command == "world-astar") return runWorldAStarCommand(argc, argv);
    if (command == "world-compare") return runWorldCompareCommand(argc, argv);
    if (command == "world-dig") return runWorldDigCommand(argc, argv);
    throw UsageError("unknown command \"" + command + "\"");
  } catch (const UsageError& e) {
    std::fprintf(stderr, "hpa: %s\n(hpa --help for usage)\n", e.what());
    return 2;
  } catch (const InputError& e) {
    std::fprintf(stderr, "hpa: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hpa: internal error: %s\n", e.what());
    return 1;
  }
}
