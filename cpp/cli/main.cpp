// hpa: the native command-line tool. Runs Moving AI scenarios through any planner and prints JSON.
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "cli/CompareCommand.h"
#include "cli/DynamicCommand.h"
#include "cli/FlowBenchCommand.h"
#include "cli/MapLoading.h"
#include "cli/OptionFlags.h"
#include "cli/ScenCommand.h"
#include "cli/StatsCommand.h"
#include "cli/ToolPlanner.h"
#include "cli/UpdateBenchCommand.h"
#include "cli/WorldCommands.h"
#include "contract/CommandTable.h"
#include "haa/AnnotatedHierarchyOptions.h"
#include "hpa/HierarchyOptions.h"
#include "io/FileLimits.h"
#include "shpa/ShpaOptions.h"
#include "world/WorldHierarchy.h"

namespace {

void printUsage(std::FILE* out) {
  std::fprintf(out,
               "usage: hpa <command> [arguments]\n\n"
               "commands:\n%s"
               "world options (world-compare, world-dig, world-save: the block world's hierarchy of boxes):\n%s\n"
               "auto: the HPA* family with the options hpastar picks for the map (HierarchyOptionChoice.h: DHPA*\n"
               "trees, landmarks, a cluster side from the map's borders, the distance table when\n"
               "--terrain-changes rarely; the default hint is often); scen and stats print the options chosen.\n"
               "Any option below overrides its choice. hpa and dhpa start from the paper's defaults instead.\n\n"
               "hpa, dhpa and auto options (dhpa: HPA* with shortest-path trees; --terrain-changes and --no-trees:\n"
               "auto only):\n%s%s\n"
               "shpa options (static maps only):\n%s%s\n"
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
               "algorithms (--algo):\n%s",
               hpastar::cli::commandsHelp().c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::WorldHierarchyOptions::fields()).c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::HierarchyOptions::fields()).c_str(),
               hpastar::cli::plannerFlagsHelp("auto").c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::ShpaOptions::fields()).c_str(),
               hpastar::cli::plannerFlagsHelp("shpa").c_str(), hpastar::cli::plannerFlagsHelp("aa").c_str(),
               hpastar::cli::optionFlagsHelp(hpastar::AnnotatedHierarchyOptions::fields()).c_str(),
               hpastar::kMaxMapFileBytes, static_cast<long long>(hpastar::Grid::kMaxCells), hpastar::Grid::kMaxSide,
               hpastar::kMaxScenarioFileBytes, hpastar::cli::algorithmsHelp().c_str());
}

// The native commands of the command table, each to the function that runs it.
int runNativeCommand(const std::string& command, int argc, char** argv) {
  using namespace hpastar::cli;
  using Run = int (*)(int, char**);
  static constexpr std::pair<std::string_view, Run> kRunners[] = {
      {"scen", runScenCommand},
      {"stats", runStatsCommand},
      {"compare", runCompareCommand},
      {"dynamic", runDynamicCommand},
      {"update-bench", runUpdateBenchCommand},
      {"flow-bench", runFlowBenchCommand},
      {"gen3d", runGen3dCommand},
      {"world-astar", runWorldAStarCommand},
      {"world-compare", runWorldCompareCommand},
      {"world-dig", runWorldDigCommand},
      {"world-save", runWorldSaveCommand},
  };
  for (const auto& [name, run] : kRunners)
    if (name == command) return run(argc, argv);
  throw std::logic_error("the command table's \"" + command + "\" has no runner in hpa");
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
    if (!hpastar::findCommand(command, hpastar::kNativeTool)) throw UsageError("unknown command \"" + command + "\"");
    return runNativeCommand(command, argc, argv);
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
