#pragma once
#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "contract/OptionSchema.h"
#include "grid/Point.h"

namespace hpastar {

// How often the caller expects the terrain to change: the one hint the automatic choice of options
// (HierarchyOptionChoice.h) takes besides the map itself.
enum class TerrainChanges : uint8_t {
  Often = 0,   // painted walls, doors, digging: every change must stay cheap (no distance table)
  Rarely = 1,  // a static or nearly static map: the distance table too, the fastest queries
};

// How an HPA* hierarchy is cut. The defaults of this struct are the paper's (cluster 10, one level, no
// trees, landmarks or table); the entry points for users (HPAStar.build in the package, `hpa --algo auto`)
// start from chooseHierarchyOptions instead, and every field set by hand overrides its choice.
struct HierarchyOptions {
  int32_t clusterSize = 10;       // side of a level-1 cluster, in cells
  int32_t levels = 1;             // abstract levels above the grid (the paper's "L-1" is 1)
  int32_t clusterGroup = 2;       // an l-cluster groups clusterGroup × clusterGroup (l-1)-clusters
  int32_t entranceWidth = 6;      // entrances narrower than this get one transition in the middle, others one per end
  bool cachePaths = false;        // keep the path of every intra-edge (refinement by table lookup): cells at
                                  // level 1, nodes of the level below at higher levels
  bool cacheTrees = false;        // DHPA*: keep every node's shortest-path tree over its level-1 cluster
  bool pruneEdges = true;         // leave out intra-edges a–c when another node lies on a shortest a–c path
                                  // (same distances, fewer edges to relax; false = the paper's complete graphs)
  int32_t landmarks = 0;          // landmarks of the top level's differential heuristic (LandmarkTable), 0 = off;
                                  // much faster long searches on winding maps, but every terrain change then
                                  // recomputes them (one Dijkstra per landmark over the top-level graph)
  bool distanceTable = false;     // exact distances between every two top-level nodes (NodeDistanceTable): the
                                  // abstract path is read off it, no search. N² floats for N nodes, recomputed
                                  // by every terrain change (one Dijkstra per node); left out above 4096 nodes
  int32_t mergedClusterSide = 0;  // SHPA*'s cutting of level 1 (MergedClusters.h): 0 = squares of clusterSize;
                                  // else tiles of clusterSize merged into clusters of any shape whose bounding
                                  // box is at most this many cells across (one level)
  int32_t entranceSpacing = 0;    // > 0: entrances as wide as entranceWidth also get transitions inside, at most
                                  // this many cells apart (0 = the paper's: one at each end only)
  double maxDetour = 0;           // > 0: every path findPath returns costs at most (1 + maxDetour) × the shortest
                                  // (HpaStarQuery::boundDetour says how); 0 = no bound

  // A build whose estimated memory (HierarchyMemory.h: the hierarchy and its copy of the grid) is above
  // this many MiB is refused before anything is allocated. 1 GiB leaves room in wasm's 4 GB for the grid,
  // the searches and a pool's copies; natively, raise it for huge maps. Not saved with a hierarchy.
  int32_t memoryBudgetMiB = 1024;
  // The hint the automatic choice read (not used by the build itself, not saved with a hierarchy).
  TerrainChanges terrainChanges = TerrainChanges::Often;

  static constexpr int32_t kMaxLevels = 8;

  // Every field's declaration (OptionSchema.h): names, ranges, command-line flags, documentation.
  static std::span<const OptionField<HierarchyOptions>> fields();

  // Empty when valid, else what is wrong (names the field and the value).
  std::string validate() const {
    if (std::string error = checkOptionRanges(*this, fields()); !error.empty()) return error;
    if (cacheTrees && clusterSize > 255)
      return "cluster size " + std::to_string(clusterSize) +
             " is above 255, the limit with shortest-path trees (DHPA*)";
    if (mergedClusterSide != 0 && entranceSpacing != 0)
      return "entrance spacing " + std::to_string(entranceSpacing) +
             " with merged clusters: SHPA*'s borders place their transitions by its own rule";
    if (mergedClusterSide == 0) return "";
    if (mergedClusterSide < clusterSize)
      return "merged cluster side " + std::to_string(mergedClusterSide) + " is below the cluster size " +
             std::to_string(clusterSize) + " the merge starts from";
    if (cacheTrees && mergedClusterSide > 255)
      return "merged cluster side " + std::to_string(mergedClusterSide) +
             " is above 255, the limit with shortest-path trees (DHPA*)";
    if (levels != 1)
      return "levels " + std::to_string(levels) + " with merged clusters: SHPA*'s cutting builds one level";
    return "";
  }
};

inline std::span<const OptionField<HierarchyOptions>> HierarchyOptions::fields() {
  using O = HierarchyOptions;
  using F = OptionField<O>;
  static constexpr const char* kChanges[] = {"often", "rarely"};
  constexpr double kNoLimit = std::numeric_limits<int32_t>::max();
  // Rows: {name, label, command-line flag, doc, details}, then the member and its range.
  static const F table[] = {
      rangeOption({"clusterSize", "cluster size", "cluster", "side of a level-1 cluster, in cells"}, &O::clusterSize, 2,
                  1024),
      rangeOption({"levels", "levels", "levels", "abstract levels above the grid"}, &O::levels, 1, kMaxLevels),
      rangeOption({"clusterGroup", "cluster group", "group", "an l-cluster groups G x G (l-1)-clusters",
                   "A cluster of level l groups `clusterGroup` × `clusterGroup` clusters of level l-1."},
                  &O::clusterGroup, 2, 16),
      rangeOption({"entranceWidth", "entrance width", "entrance-width",
                   "entrances narrower than this get one transition in the middle, others one per end",
                   "Entrances narrower than this get one transition in the middle, wider ones one at each end."},
                  &O::entranceWidth, 1, kNoLimit),
      flagOption(
          {"cachePaths", "cache paths", "cache-paths", "keep the path of every intra-edge (refinement by table lookup)",
           "Keep the path of every intra-cluster edge: faster refinement, more memory."},
          &O::cachePaths),
      flagOption({"cacheTrees", "cache trees", nullptr,
                  "DHPA*: keep every node's shortest-path tree over its cluster (--algo dhpa)",
                  "DHPA* (Kring, Champandard, Samarin 2010): keep every abstract node's shortest-path tree over its "
                  "level-1 cluster (3 bytes per node and cell), so that start and goal are connected and paths refined "
                  "by table lookups instead of searches. Needs `clusterSize` ≤ 255."},
                 &O::cacheTrees),
      flagOption({"pruneEdges", "prune edges", "no-prune",
                  "leave out intra-edges with another node on a shortest path (--no-prune keeps them)",
                  "Leave out an intra-cluster edge when another node lies on a shortest path between its ends (same "
                  "distances, fewer edges to search); false builds the paper's complete cluster graphs."},
                 &O::pruneEdges, false),
      rangeOption(
          {"landmarks", "landmarks", "landmarks", "landmarks of the top level's differential heuristic, 0 = off",
           "Landmarks of a differential heuristic on the top level's graph (ALT): for each of this many "
           "far-apart nodes, the distance to every node, used as a lower bound beside the octile distance. Long "
           "searches on winding maps expand several times fewer nodes, with the same paths. Off (0) by default, "
           "because every terrain change then recomputes them (one search of the top-level graph per landmark): "
           "use them on maps that do not change often."},
          &O::landmarks, 0, 32),
      flagOption({"distanceTable", "distance table", "distance-table",
                  "exact distances between every two top-level nodes (no abstract search)",
                  "Exact distances between every two nodes of the top level: the abstract path is then read off this "
                  "table, node by node, instead of searched (same path costs; a traced query still searches, with the "
                  "table as its heuristic). Costs 5 bytes per pair of top-level nodes (a distance and a first step: 5 "
                  "MB for 1,000) and one search of the top-level graph per node at build and after every terrain "
                  "change, so it suits large maps that rarely change. Left out when the top level has more than 4,096 "
                  "nodes (`stats.distanceTableNodes` is then 0)."},
                 &O::distanceTable),
      rangeOption({"mergedClusterSide", "merged cluster side", "merged-clusters",
                   "SHPA*: merge level-1 tiles into clusters up to this side, 0 = square clusters",
                   "SHPA* (Kring, Champandard, Samarin 2010): 0 cuts level 1 into squares of `clusterSize`; a side "
                   "cuts it instead by SHPA*'s greedy merge, from tiles of `clusterSize` into clusters of any shape "
                   "whose bounding box is at most this many cells across, with fewer nodes on open ground. At least "
                   "`clusterSize`; one level only; at most 255 with `cacheTrees`. Everything else (trees, "
                   "landmarks, terrain changes, saving) works as with squares; the cutting is kept through terrain "
                   "changes."},
                  &O::mergedClusterSide, 0, 1024),
      rangeOption({"maxDetour", "max detour", "max-detour",
                   "paths at most (1 + X) x the shortest, guaranteed (0.05: 5% longer at most), 0 = no bound",
                   "A guarantee on every path `findPath` returns: it costs at most (1 + `maxDetour`) × the shortest "
                   "path's cost (0.05: at most 5% longer). A hierarchical path that the octile distance cannot "
                   "vouch for is checked by an A* over the map that opens only cells whose g + h is below its cost "
                   "/ (1 + `maxDetour`): it either finds a shortest path, returned instead, or proves that the "
                   "hierarchical path keeps the bound. Most paths need no check; those that do cost a bounded A*, "
                   "so a smaller bound costs more time (the figures: bench/results/tails.md). 0 (the default) "
                   "checks nothing. Paths refined segment by segment (plans) are not bounded."},
                  &O::maxDetour, 0, 10),
      rangeOption({"entranceSpacing", "entrance spacing", "entrance-spacing",
                   "wide entrances also get transitions inside, at most N cells apart, 0 = only at their ends",
                   "Wide entrances (at least `entranceWidth` cells) get a transition at each end; with a spacing "
                   "they also get transitions inside, evenly placed, at most this many cells apart. A path "
                   "that crosses a wide open border in its middle otherwise goes to one of its ends, a detour "
                   "smoothing's straight lines do not remove where walls break them: this is where the longest "
                   "detours of the defaults come from. Half the cluster side (16 at the automatic choice's 32) "
                   "removes most of them, for more nodes and slower queries (figures: "
                   "bench/results/tails.md). 0 (the default) places transitions as the HPA* paper does. Not "
                   "with merged clusters (SHPA*)."},
                  &O::entranceSpacing, 0, kNoLimit),
      notStored(rangeOption(
          {"memoryBudgetMiB", "memory budget (MiB)", "memory-budget",
           "refuse a build whose estimated memory, in MiB, is above this",
           "The memory a build may take, in MiB: before it allocates anything, the build estimates the "
           "hierarchy's bytes (clusters, edges, trees, cached paths, landmarks, distance table, and its copy of "
           "the grid; an upper bound within about 1.5× on the bundled maps) and throws a RangeError with the "
           "estimate when it is above this. The default leaves room in wasm's 4 GB for the grid, the searches "
           "and a pool's copies. Not saved with a hierarchy."},
          &O::memoryBudgetMiB, 1, 1 << 20)),
      notStored(choiceOption<&O::terrainChanges>(
          {"terrainChanges", "terrain changes", "terrain-changes",
           "how often the terrain changes, for the automatic choice of options: often or rarely",
           "How often the terrain will change, the hint of the automatic choice of the fields left out: `'often'` "
           "(painted walls, doors; every change stays cheap, no distance table) or `'rarely'` (adds the distance "
           "table: the fastest queries, and a change that alters the top level's graph leaves the table stale until "
           "{@link HPAStar.refreshHeuristics} has recomputed it). Read by the choice only; not saved with a "
           "hierarchy."},
          kChanges)),
  };
  return table;
}

// One terrain change: the cell, its new Moving AI character and its new cost layer value in sixteenths of
// its terrain's multiplier (Grid::setCellCost). Either may be kept as it is.
struct CellEdit {
  static constexpr char kKeepTerrain = '\0';
  static constexpr uint8_t kKeepCost = 0;
  Point cell;
  char terrain = '.';
  uint8_t cost = kKeepCost;
};

}  // namespace hpastar
