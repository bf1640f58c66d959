#include "contract/CommandTable.h"

#include <array>

#include "contract/EnumNames.h"

namespace hpastar {
namespace {

constexpr double kMaxSeed = 4611686018427387904.0;  // 2^62
constexpr uint8_t N = kNativeTool, P = kPackageTool;

// Flags that several commands take, the same everywhere.
constexpr CommandFlag seedFlag{"seed", FlagKind::Integer, "K", "seed of the random choices", 0, kMaxSeed, 1};
constexpr CommandFlag perQueryFlag{"per-query", FlagKind::Switch, "", "one JSON line per query before the summary"};
constexpr CommandFlag costsFlag{"costs", FlagKind::Text, "S=3,T=1.5",
                                "multipliers of the move costs per terrain character (terrain costs below)"};
constexpr CommandFlag costLayerFlag{"cost-layer", FlagKind::Text, "FILE",
                                    "a multiplier per cell, in sixteenths (terrain costs below)"};
constexpr CommandFlag queriesFlag{"queries", FlagKind::Integer, "N", "random pairs", 1, 1e8, 1000};

constexpr CommandFlag passes(double fallback, uint8_t tools = kBothTools) {
  return {"passes", FlagKind::Integer,
          "N",      "runs N times and keeps each measurement's fastest (less noise)",
          1,        1000,
          fallback, "",
          tools};
}
constexpr CommandFlag algo(const char* fallback, const char* doc = "the planner, one of the algorithms below") {
  return {"algo", FlagKind::Text, "A", doc, 0, 0, 0, fallback};
}

constexpr std::array kBuildFlags{
    algo("hpa", "hpa, dhpa or auto"),
    CommandFlag{"out", FlagKind::Text, "FILE.hpa", "the file written (also -o FILE.hpa)"},
    costsFlag,
    costLayerFlag,
};

constexpr std::array kScenFlags{
    CommandFlag{"map", FlagKind::Text, "FILE.map", "the map (default: FILE.map beside the scenario file)"},
    algo("astar"),
    CommandFlag{"min-bucket", FlagKind::Integer, "B", "only the scenarios of bucket B and above", 0, 1 << 30, 0},
    CommandFlag{"limit", FlagKind::Integer, "N", "at most the first N scenarios, -1 for all", -1, 1099511627776.0, -1},
    perQueryFlag,
    passes(1, N),
    CommandFlag{"threads", FlagKind::Integer, "N",
                "one batch on the core's batch engine, N threads (query_us_total: its wall time)", 1, 256, 0, "", N},
    CommandFlag{"phases", FlagKind::Switch, "", "hpa, dhpa, auto: each query again, timed per phase (phase_us_mean)", 0,
                0, 0, "", N},
    CommandFlag{"shape", FlagKind::Text, "S",
                "grid, or any-angle: each path also shaped into straight lines, measured (a second JSON line)", 0, 0, 0,
                "grid", N},
    CommandFlag{"oracle", FlagKind::Switch, "", "with --shape any-angle: lengths against the exact any-angle optimum",
                0, 0, 0, "", N},
    CommandFlag{"theta", FlagKind::Switch, "",
                "with --shape any-angle: a plain Theta* of the whole grid per scenario, timed against ours", 0, 0, 0,
                "", N},
    CommandFlag{"hierarchy", FlagKind::Text, "FILE.hpa", "hpa, dhpa: the hierarchy written by build, not built", 0, 0,
                0, "", P},
    CommandFlag{"warmup", FlagKind::Integer, "N", "first runs the scenarios N times untimed (wasm compiles in tiers)",
                0, 100, 0, "", P},
    costsFlag,
    costLayerFlag,
};

constexpr std::array kStatsFlags{algo("hpa")};

constexpr std::array kCompareFlags{
    algo("hpa"),
    CommandFlag{"against", FlagKind::Text, "B", "the reference planner", 0, 0, 0, "astar"},
    queriesFlag,
    seedFlag,
    CommandFlag{"threads", FlagKind::Integer, "N", "each planner answers all the pairs as one batch on N threads", 1,
                256, 0},
    costsFlag,
    costLayerFlag,
};

constexpr std::array kDynamicFlags{
    algo("hpa", "hpa, dhpa or auto"),
    CommandFlag{"searches", FlagKind::Integer, "X", "searches after each round of changes", 0, 1e8, 10},
    CommandFlag{"obstacle-share", FlagKind::Number, "X", "share of the map's cells in 2x2 obstacles", 0, 0.5, 0.02},
    CommandFlag{"changes", FlagKind::Integer, "N", "rounds of changes", 1, 1e6, 10},
    seedFlag,
};

constexpr std::array kUpdateBenchFlags{
    algo("hpa", "hpa, dhpa or auto"),
    CommandFlag{"updates", FlagKind::Integer, "N", "single-cell terrain changes", 1, 1e7, 2000},
    seedFlag,
    passes(1),
    CommandFlag{"queries", FlagKind::Integer, "N", "random pairs answered before and after the changes", 0, 1e6, 0},
};

constexpr std::array kFlowBenchFlags{
    CommandFlag{"goals", FlagKind::Integer, "N", "random goals", 1, 10000, 5},
    CommandFlag{"paths", FlagKind::Integer, "N", "HPA* paths planned to each goal", 1, 1e7, 1000},
    seedFlag,
    passes(3),
};

constexpr std::array kGen3dFlags{
    CommandFlag{"size", FlagKind::Text, "WxHxD", "width, height and levels of the world"},
    CommandFlag{"kind", FlagKind::Text, "NAME", "caves, towers or hills"},
    seedFlag,
    CommandFlag{"out", FlagKind::Text, "FILE", "the file written (also -o FILE)"},
};

constexpr std::array kWorldAStarFlags{queriesFlag, seedFlag, passes(1), perQueryFlag};

constexpr std::array kWorldCompareFlags{
    queriesFlag,
    seedFlag,
    passes(1),
    perQueryFlag,
    CommandFlag{"no-smooth", FlagKind::Switch, "", "leave HPA*'s paths unsmoothed"},
    CommandFlag{"smoothing-range", FlagKind::Integer, "R", "longest straight run smoothing tries (0: 3 x the box side)",
                0, 1 << 20, 0, "", N},
    CommandFlag{"near", FlagKind::Switch, "",
                "goals within one level-1 box's reach of the start (a box side across, its levels up or down)"},
    CommandFlag{"any-angle", FlagKind::Switch, "",
                "also each HPA* path in its any-angle shape (pathShape 'any-angle'): the time to find and shape\n"
                "it, its length over the cell path's"},
};

constexpr std::array kWorldDigFlags{
    CommandFlag{"digs", FlagKind::Integer, "N", "single-block changes", 1, 1e8, 1000},
    seedFlag,
    CommandFlag{"check", FlagKind::Switch, "", "compare with a fresh build and a flood fill's labels (exit status 3)"},
};

constexpr std::array kWorldSaveFlags{
    CommandFlag{"out", FlagKind::Text, "FILE", "the file written (also -o FILE)"},
    passes(3),
};

constexpr std::array kCommands{
    CommandSpec{"build", P, "FILE.map",
                "Builds the hierarchy and writes it (versioned, checksummed) for HPAStar.load or scen\n"
                "--hierarchy; prints one JSON line: sizes, build time.",
                kBuildFlags},
    CommandSpec{"scen", kBothTools, "FILE.map.scen",
                "Runs the scenarios, checks every path (cells, corners, cost); prints a JSON summary. Exit\n"
                "status 3 when a scenario is unsolved or a path is invalid. With terrain costs the optimal\n"
                "lengths are A*'s on the weighted map, not the file's.",
                kScenFlags},
    CommandSpec{"stats", N, "FILE.map",
                "Builds the planner and prints its build figures (nodes and edges per level, time, bytes).",
                kStatsFlags},
    CommandSpec{"compare", N, "FILE.map",
                "Random start/goal pairs (reachable or not) through both planners; prints completeness\n"
                "mismatches, invalid paths, suboptimality of A against B and mean times (one thread: each\n"
                "query's CPU time, also over the tenth of the pairs with the longest paths).",
                kCompareFlags},
    CommandSpec{"dynamic", N, "FILE.map",
                "Kring et al.'s dynamic metric: move every 2x2 obstacle, update, run X searches; repeat.",
                kDynamicFlags},
    CommandSpec{"update-bench", N, "FILE.map",
                "Mean time of a single-cell terrain change, each the fastest of --passes (undone and redone).\n"
                "With landmarks or a distance table, a change that alters the top level's graph leaves them\n"
                "stale: they are then refreshed (timed apart), and --queries N answers pairs before and after.",
                kUpdateBenchFlags},
    CommandSpec{"flow-bench", N, "FILE.map",
                "Per random goal: building its flow field against planning --paths HPA* paths from random\n"
                "starts to it, in the same run, the field's and HPA*'s suboptimality over those starts, and\n"
                "the refresh after a one-cell wall. Exit status 3 when following the field from a start does\n"
                "not reach the goal.",
                kFlowBenchFlags},
    CommandSpec{"gen3d", kBothTools, "",
                "Generates a block world (layered 3D, the same for the same seed) and writes it to FILE.", kGen3dFlags},
    CommandSpec{"world-astar", N, "FILE",
                "Random pairs of standing cells of a block world through A*; every path checked. Exit\n"
                "status 3 when a path is invalid.",
                kWorldAStarFlags},
    CommandSpec{"world-compare", kBothTools, "FILE",
                "The same random pairs through A* and HPA* on a block world (world options below): mean\n"
                "times, the speed-up on the longest tenth, suboptimality, and unreachable goals (HPA*\n"
                "answers them from its labels, timed in ns). Exit status 3 on a completeness mismatch or an\n"
                "invalid HPA* path. HPA*'s paths are smoothed unless --no-smooth.",
                kWorldCompareFlags},
    CommandSpec{"world-dig", N, "FILE",
                "Single-block changes on a block world's hierarchy, alternately a dig (a solid block beside\n"
                "or under a standing cell) and a build (a solid block in a standing cell), each updated\n"
                "locally: median, p90, max and mean microseconds per change, clusters rebuilt per level.",
                kWorldDigFlags},
    CommandSpec{"world-save", N, "FILE",
                "Builds a block world's hierarchy (world options below), writes it to -o FILE (the sectioned\n"
                "format of WorldHPAStar.serialize), reads it back and loads it (the fastest of --passes):\n"
                "build, save and load times, the bytes per section. Exit status 3 when the loaded hierarchy\n"
                "writes other bytes.",
                kWorldSaveFlags},
};

// The flags of planners beyond their option tables.
constexpr CommandFlag noSmoothFlag{"no-smooth", FlagKind::Switch, "", "leave the refined path unsmoothed"};
constexpr CommandFlag smoothingRangeFlag{"smoothing-range",
                                         FlagKind::Integer,
                                         "R",
                                         "longest straight line smoothing tries (0: the planner's default)",
                                         0,
                                         1 << 20,
                                         0,
                                         "",
                                         N};
constexpr CommandFlag classSizeFlag{"size", FlagKind::Integer, "S", "side of the agent class the hierarchy is for",
                                    1,      kAgentSizeFlagMax, 1};
constexpr CommandFlag classCapabilityFlag{
    "capability",  FlagKind::Text, "NAMES", "its terrain (paths are checked for its whole square)", 0, 0, 0,
    "ground,swamp"};
constexpr CommandFlag agentSizeFlag{
    "size", FlagKind::Integer, "S", "side of the agent's square, its top-left cell the path's cell",
    1,      kAgentSizeFlagMax, 1};
constexpr CommandFlag agentCapabilityFlag{"capability",
                                          FlagKind::Text,
                                          "NAMES",
                                          "terrain it may stand on, a comma list of ground, swamp, water, trees",
                                          0,
                                          0,
                                          0,
                                          "ground,swamp"};
constexpr CommandFlag noTreesFlag{
    "no-trees", FlagKind::Switch, "", "the choice for HPA* without trees (smaller clusters)", 0, 0, 0, "", N};

constexpr std::array kHierarchyFlags{noSmoothFlag, smoothingRangeFlag, classSizeFlag, classCapabilityFlag};
constexpr std::array kAutoFlags{noSmoothFlag, smoothingRangeFlag, classSizeFlag, classCapabilityFlag, noTreesFlag};
constexpr std::array kShpaFlags{noSmoothFlag, smoothingRangeFlag};
constexpr std::array kAgentFlags{agentSizeFlag, agentCapabilityFlag};

constexpr std::array kAlgorithms{
    AlgorithmSpec{"astar", "A*, optimal", "", {}},
    AlgorithmSpec{"jps", "Jump Point Search, optimal", "", {}},
    AlgorithmSpec{"jpsplus", "JPS+, optimal, with its jump table (static maps)", "", {}},
    // The --terrain-changes hint only steers the automatic choice.
    AlgorithmSpec{"hpa", "HPA* at the paper's defaults", "hierarchy", kHierarchyFlags, "terrain-changes"},
    AlgorithmSpec{"dhpa", "HPA* with shortest-path trees (DHPA*)", "hierarchy", kHierarchyFlags, "terrain-changes"},
    AlgorithmSpec{"auto", "the HPA* family with the options chosen for the map", "hierarchy", kAutoFlags},
    AlgorithmSpec{"shpa", "SHPA* (static maps)", "shpa", kShpaFlags},
    AlgorithmSpec{"aa", "Annotated A*: optimal for a square agent of a capability", "", kAgentFlags},
    AlgorithmSpec{"haa", "HAA*: hierarchical, for agents of sides 1 to --max-size and any capability", "haa",
                  kAgentFlags},
};

}  // namespace

std::span<const AlgorithmSpec> algorithmTable() { return kAlgorithms; }

const AlgorithmSpec* findAlgorithm(std::string_view name) {
  for (const AlgorithmSpec& a : kAlgorithms)
    if (name == a.name) return &a;
  return nullptr;
}

const char* flagKindName(FlagKind kind) {
  static constexpr std::array<const char*, 4> kNames = {"integer", "number", "switch", "text"};
  static_assert(kNames.size() == static_cast<size_t>(FlagKind::Text) + 1);
  return enumName(kind, kNames);
}

std::span<const CommandSpec> commandTable() { return kCommands; }

const CommandSpec* findCommand(std::string_view name, uint8_t tool) {
  for (const CommandSpec& c : kCommands)
    if ((c.tools & tool) && name == c.name) return &c;
  return nullptr;
}

const CommandFlag* findFlag(std::span<const CommandFlag> flags, std::string_view name, uint8_t tool) {
  for (const CommandFlag& f : flags)
    if ((f.tools & tool) && name == f.name) return &f;
  return nullptr;
}

}  // namespace hpastar
