#include "hpa/HierarchyMemory.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "contract/DecimalText.h"
#include "grid/AllocationSize.h"
#include "grid/LineReach.h"
#include "hpa/ClusterBlock.h"
#include "hpa/ClusterMerge.h"
#include "hpa/EntranceScanner.h"
#include "hpa/Hierarchy.h"
#include "hpa/HierarchyPartsCheck.h"
#include "hpa/HierarchySerialization.h"
#include "search/NodeDistanceTable.h"
#include "search/PackedNodeSpace.h"
#include "search/SearchSpace.h"

namespace hpastar {
namespace {

// The short name the formulas below use (grid/AllocationSize.h).
uint64_t grown(uint64_t n) { return grownCapacity(n); }

// The scratch of one search over the cells of a cluster (DijkstraSearch): a stamp, a distance and an
// arrival direction per cell, a target mark per cell, a heap with at most one entry per relaxed move
// (eight per cell), grown by doubling, and the three buckets of its whole-cluster runs, each holding a
// cell at most once.
uint64_t cellSearchBytes(uint64_t cells) {
  return cells * (4 + 8 + 1 + 1) + sizeof(SearchSpace::HeapEntry) * grown(8 * cells + 1) +
         3 * sizeof(uint32_t) * grown(cells) + 8 * kAllocationOverhead;
}

// The scratch of one search over the abstract graph (AbstractSearch, decrease-key: a node is in the heap
// at most once): one record per node (stamp, distance, parent, heap slot, heuristic), and the heap.
uint64_t nodeSearchBytes(uint64_t nodes) {
  return (nodes + 2) * sizeof(PackedNodeSpace::Node) + sizeof(SearchHeapEntry) * grown(nodes + 2) +
         2 * kAllocationOverhead;
}

// The scratch of the edges of one cluster of k nodes (Hierarchy.cpp): the distance of every pair (24
// bytes each), the pending edges (16 bytes each: the inter-edges and both directions of every pair), the
// k x k distance matrix of the pruning, and the cells searched for.
uint64_t clusterEdgeBytes(uint64_t k, uint64_t inter) {
  const uint64_t pairs = k * (k > 0 ? k - 1 : 0) / 2;
  return 24 * grown(pairs) + 16 * grown(inter + 2 * pairs) + 8 * k * k + sizeof(Point) * grown(k) +
         4 * kAllocationOverhead;
}

// The hierarchy's own tables over all nodes (Hierarchy.h): the edge index per level (an EdgeSpan is two
// pointers and a count: three pointers' room, padding included), node cells, levels and birth versions,
// the component labels, the landmarks and the distance table.
uint64_t tableBytes(uint64_t nodes, uint64_t topLevelNodes, uint64_t levels, uint64_t clusters1, uint64_t regions,
                    const HierarchyOptions& options) {
  uint64_t bytes = grown(nodes) * (levels * 3 * sizeof(void*) + sizeof(Point) + 1 + 8) + 4 * nodes;
  // Region bases and components, and per region its cell count and first cell (in the blocks) and at most
  // one component's cell count.
  bytes += 4 * (clusters1 + 1) + 2 * 4 * regions + 2 * 4 * regions + 8 * regions;
  if (options.landmarks > 0 && topLevelNodes > 0) {
    const uint64_t count = std::min<uint64_t>(static_cast<uint64_t>(options.landmarks), topLevelNodes);
    bytes += 4 * nodes * ((count + 3) & ~uint64_t{3}) + 4 * count;
  }
  if (options.distanceTable && topLevelNodes <= NodeDistanceTable::kMaxNodes)
    // A float and a first-step byte per pair (NodeDistanceTable), a slot per node, a node per slot.
    bytes += 5 * topLevelNodes * topLevelNodes + 4 * nodes + 4 * topLevelNodes;
  return bytes;
}

// What computing the landmarks and the distance table holds besides the tables: one abstract search, the
// candidate nodes and each one's nearest landmark.
uint64_t derivedTablesScratch(uint64_t nodes, const HierarchyOptions& options) {
  if (options.landmarks == 0 && !options.distanceTable) return 0;
  return nodeSearchBytes(nodes) + (4 + 8) * grown(nodes) + 2 * kAllocationOverhead;
}

// Per cluster of one level: nodes of this level or higher, directed inter-edges leaving it, cells,
// region bound (level 1), and the cluster's width plus height.
struct ClusterFigures {
  uint64_t nodes = 0;
  uint64_t inter = 0;
  uint64_t cells = 0;
  uint64_t regions = 0;
  uint64_t perimeterHalf = 0;
};

// One node cell and the highest level whose cluster border its transitions cross.
struct NodeCell {
  int32_t cell;
  int32_t level;
};

int32_t crossingLevel(const std::vector<ClusterLayout>& layouts, Point a, Point b) {
  int32_t level = 0;
  for (size_t l = 0; l < layouts.size(); ++l)
    if (layouts[l].clusterOf(a) != layouts[l].clusterOf(b)) level = static_cast<int32_t>(l + 1);
  return level;
}

// Cells that begin a region of their level-1 cluster in row-major order have no legal move to an
// earlier cell of the cluster (north-west, north, north-east, west): counting those bounds the regions.
uint64_t regionStarts(const Grid& grid, const ClusterLayout& layout, int32_t cluster) {
  constexpr int kEarlier[] = {7, 0, 1, 6};
  const Rect area = layout.rect(cluster);
  const uint8_t* stay = layout.stayMoves();
  uint64_t starts = 0;
  for (int32_t y = area.y0; y < area.y1; ++y)
    for (int32_t x = area.x0; x < area.x1; ++x) {
      const int32_t cell = grid.index(x, y);
      if (!grid.passableAt(cell) || !layout.holds(cluster, Point{x, y})) continue;
      const uint32_t moves = grid.moveMask(cell) & (stay ? stay[cell] : 0xFFu);
      bool joined = false;
      for (int d : kEarlier)
        joined = joined || (((moves >> d) & 1u) && area.contains(Point{x + kDirDx[d], y + kDirDy[d]}));
      if (!joined) ++starts;
    }
  return starts;
}

// The transitions of every border between two merged clusters, each once (from its lower-numbered side).
void appendMergedTransitions(const Grid& grid, const ClusterLayout& layout, int32_t entranceWidth,
                             std::vector<Transition>& out) {
  std::vector<Entrance> scratch;
  std::vector<Transition> own;
  for (int32_t c = 0; c < layout.count(); ++c) {
    own.clear();
    EntranceScanner::clusterTransitions(grid, layout, c, entranceWidth, 0, scratch, own);  // no spacing when merged
    for (const Transition& t : own)
      if (layout.clusterOf(t.b) > c) out.push_back(t);
  }
}

// What cutting level 1 into merged clusters holds at most (MergedClusters::build): the merge's scratch
// (ClusterMerge::peakBytes) and the cutting it keeps, a cluster per tile part or blocked tile at most.
uint64_t mergedCuttingBytes(const Grid& grid, const HierarchyOptions& options) {
  if (options.mergedClusterSide == 0) return 0;
  ClusterMergeRules rules;
  rules.initialClusterSize = options.clusterSize;
  rules.maxClusterSide = options.mergedClusterSide;
  rules.entranceWidth = options.entranceWidth;
  const uint64_t cells = static_cast<uint64_t>(grid.cellCount());
  const uint64_t parts = ClusterMerge::tilePartBound(grid, options.clusterSize);
  const uint64_t side = static_cast<uint64_t>(options.clusterSize);
  const uint64_t tiles = ((static_cast<uint64_t>(grid.width()) + side - 1) / side) *
                         ((static_cast<uint64_t>(grid.height()) + side - 1) / side);
  return ClusterMerge::peakBytes(cells, parts, 2 * parts + 1, rules) + cells * (4 + 1) +
         sizeof(Rect) * (parts + tiles) + 4 * kAllocationOverhead;
}

}  // namespace

uint64_t hierarchyEstimateScratch(const Grid& grid, const HierarchyOptions& options) {
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(options, grid.width(), grid.height());
  // Open positions along the level-1 borders (both cells passable): an entrance takes at least one, and
  // a transition one of its own. Merged clusters are unions of tile parts (a tile's passable cells that
  // touch are one part), so their borders between passable cells lie on the tiles' borders too.
  const bool merged = options.mergedClusterSide > 0;
  const int32_t side = layouts[0].size;
  uint64_t open = 0;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) {
      if (!grid.passable(x, y)) continue;
      if ((x + 1) % side == 0 && grid.passable(x + 1, y)) ++open;
      if ((y + 1) % side == 0 && grid.passable(x, y + 1)) ++open;
    }
  uint64_t bytes = (sizeof(Entrance) + sizeof(Transition)) * grownPeakCapacity(open) + 2 * sizeof(NodeCell) * open;
  // Merged: the cutting, and a cluster per tile part at most besides the tiles (level 1's squares).
  if (merged)
    bytes += mergedCuttingBytes(grid, options) +
             sizeof(ClusterFigures) * ClusterMerge::tilePartBound(grid, options.clusterSize);
  for (const ClusterLayout& layout : layouts) bytes += sizeof(ClusterFigures) * static_cast<uint64_t>(layout.count());
  return bytes + sizeof(ClusterLayout) * grownPeakCapacity(layouts.size()) +
         (8 + 2 * layouts.size()) * kAllocationOverhead;
}

HierarchyMemoryEstimate estimateHierarchyMemory(const Grid& grid, const HierarchyOptions& options,
                                                std::shared_ptr<const MergedClusters> merged) {
  HierarchyMemoryEstimate e;
  e.gridBytes = grid.bytes();
  // Merged clusters: the cutting the build will make (and keep).
  if (options.mergedClusterSide > 0 && !merged)
    merged = std::make_shared<const MergedClusters>(
        MergedClusters::build(grid, options.clusterSize, options.mergedClusterSide, options.entranceWidth));
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(options, grid.width(), grid.height(), merged);
  const size_t levels = layouts.size();

  // The transitions of every level-1 border, as the build makes them; both cells of each are nodes.
  std::vector<Transition> transitions;
  if (merged) {
    appendMergedTransitions(grid, layouts[0], options.entranceWidth, transitions);
  } else {
    std::vector<Entrance> entrances;
    EntranceScanner::scanAll(grid, layouts[0], entrances);
    for (const Entrance& en : entrances)
      EntranceScanner::appendTransitions(grid, en, options.entranceWidth, options.entranceSpacing, transitions);
  }
  std::vector<NodeCell> cells;
  cells.reserve(transitions.size() * 2);
  std::vector<std::vector<ClusterFigures>> figures(levels);
  for (size_t l = 0; l < levels; ++l) figures[l].resize(static_cast<size_t>(layouts[l].count()));
  for (const Transition& t : transitions) {
    const int32_t level = crossingLevel(layouts, t.a, t.b);
    cells.push_back(NodeCell{grid.index(t.a), level});
    cells.push_back(NodeCell{grid.index(t.b), level});
    for (int32_t l = 1; l <= level; ++l) {  // an inter-edge of every level it crosses, both directions
      auto& f = figures[static_cast<size_t>(l - 1)];
      ++f[static_cast<size_t>(layouts[static_cast<size_t>(l - 1)].clusterOf(t.a))].inter;
      ++f[static_cast<size_t>(layouts[static_cast<size_t>(l - 1)].clusterOf(t.b))].inter;
    }
  }
  std::sort(cells.begin(), cells.end(), [](const NodeCell& x, const NodeCell& y) {
    return x.cell != y.cell ? x.cell < y.cell : x.level > y.level;  // the highest level first
  });
  uint64_t nodes = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0 && cells[i].cell == cells[i - 1].cell) continue;
    ++nodes;
    const Point p = grid.pointOf(cells[i].cell);
    for (int32_t l = 1; l <= cells[i].level; ++l)
      ++figures[static_cast<size_t>(l - 1)][static_cast<size_t>(layouts[static_cast<size_t>(l - 1)].clusterOf(p))]
            .nodes;
  }
  e.level1Nodes = nodes;
  for (const ClusterFigures& f : figures.back()) e.topLevelNodes += f.nodes;

  uint64_t bytes = 0, regions = 0;
  uint64_t blocks = 0, emptyBlocks = 0, largestClusterScratch = 0, largestUpperScratch = 0;
  for (size_t l = 0; l < levels; ++l) {
    const bool level1 = l == 0;
    blocks += static_cast<uint64_t>(layouts[l].count());
    for (int32_t c = 0; c < layouts[l].count(); ++c) {
      ClusterFigures& f = figures[l][static_cast<size_t>(c)];
      const Rect area = layouts[l].rect(c);
      f.cells = static_cast<uint64_t>(area.area());
      f.perimeterHalf = static_cast<uint64_t>(area.width() + area.height());
      const uint64_t k = f.nodes, pairs = k * (k > 0 ? k - 1 : 0) / 2, edges = f.inter + 2 * pairs;
      bytes += sizeof(ClusterBlock) + 4 * (level1 ? k : grown(k)) + 4 * (k + 1) + sizeof(AbstractEdge) * edges;
      uint64_t pathBytes = 0;
      if (options.cachePaths) {
        const uint64_t pathLength = level1 ? f.perimeterHalf : 2 * static_cast<uint64_t>(options.clusterGroup) + 1;
        const uint64_t entrySize = level1 ? sizeof(Point) : sizeof(uint32_t);
        pathBytes = 4 * edges + 8 * grown(pairs) + entrySize * grown(pairs * pathLength);
        bytes += pathBytes;
      }
      if (level1) {
        f.regions = regionStarts(grid, layouts[0], c);
        regions += f.regions;
        emptyBlocks += f.regions == 0;
        bytes += 8 * grown(f.inter) + 4 * grown(k) + 4 * f.cells;  // interLinks, nodeRegions, regions
        if (options.cacheTrees) bytes += 3 * k * f.cells;
        // One cluster at a time: its cell search, its edge lists, and its paths copied by the pruning.
        const uint64_t cluster = cellSearchBytes(f.cells) + clusterEdgeBytes(k, f.inter) + pathBytes;
        largestClusterScratch = std::max(largestClusterScratch, cluster);
      } else {
        largestUpperScratch = std::max(largestUpperScratch, clusterEdgeBytes(k, f.inter) + pathBytes);
      }
    }
  }
  bytes += tableBytes(nodes, e.topLevelNodes, levels, figures[0].size(), regions, options);
  bytes += LineReach::bytesFor(grid.width(), grid.height()) + (merged ? merged->bytes() : 0);
  e.hierarchyBytes = bytes;

  // Kept: each block is one allocation with its shared-pointer control block (four pointers' room), up
  // to 14 lists, and a shared pointer in its level's table.
  // A block without a passable cell (most of a merged cutting's blocked tiles) allocates three lists at most.
  e.overheadBytes = blocks * (15 * kAllocationOverhead + 6 * sizeof(void*)) - emptyBlocks * 12 * kAllocationOverhead +
                    16 * kAllocationOverhead;
  // Rebuilding level 1 (Hierarchy::rebuildLevel1) plans every cluster first: three lists each (its
  // transitions, its node ids, its node cells), every transition listed from both sides; the node
  // tables grow by doubling, one of them copied at a time; then the clusters one by one.
  const uint64_t clusters1 = figures[0].size();
  const uint64_t level1Plan = clusters1 * (3 * sizeof(std::vector<uint32_t>) + 3 * kAllocationOverhead + 3 * 4) +
                              2 * transitions.size() * sizeof(Transition) + nodes * (4 + sizeof(Point));
  const uint64_t nodeTableCopy = grown(nodes) / 2 * std::max<uint64_t>(3 * sizeof(void*), sizeof(Point));
  const uint64_t rebuildLevel1 = level1Plan + nodeTableCopy + largestClusterScratch;
  // The upper levels: one abstract search over every node, and the largest cluster's edge lists.
  const uint64_t rebuildUpper = levels > 1 ? nodeSearchBytes(nodes) + largestUpperScratch : 0;
  // Before all of it, the build estimates itself (its memory budget).
  // (Merged clusters: the cutting it makes is the one the build keeps, counted in the total already.)
  const uint64_t estimation = hierarchyEstimateScratch(grid, options) - (merged ? merged->bytes() : 0);
  // Numbering the components (Hierarchy::rebuildComponents): each region's first cell, and one (first
  // cell, root) pair per component, at most one per region.
  const uint64_t components = regions * (8 + 16) + 2 * kAllocationOverhead;
  e.scratchBytes =
      std::max({estimation, rebuildLevel1, rebuildUpper, components, derivedTablesScratch(nodes, options)});
  return e;
}

std::string checkMemoryBudget(const Grid& grid, const HierarchyOptions& options,
                              std::shared_ptr<const MergedClusters> cutting) {
  return checkMemoryBudget(estimateHierarchyMemory(grid, options, std::move(cutting)), options);
}

std::string checkMemoryBudget(const HierarchyMemoryEstimate& e, const HierarchyOptions& options) {
  const uint64_t budget = static_cast<uint64_t>(options.memoryBudgetMiB) << 20;
  if (e.total() <= budget) return "";
  auto mib = [](uint64_t b) { return fixedText(static_cast<double>(b) / (1 << 20), 1); };
  return "the hierarchy would need about " + mib(e.total()) + " MiB (estimate: " + mib(e.hierarchyBytes) +
         " MiB of clusters, edges and tables for " + std::to_string(e.level1Nodes) + " nodes, " + mib(e.gridBytes) +
         " MiB of grid), more than the memory budget of " + std::to_string(options.memoryBudgetMiB) +
         " MiB: raise the budget, or leave out what costs the most (trees, cached paths, the distance table, "
         "landmarks)";
}

uint64_t estimateLoadMemory(std::span<const uint8_t> bytes) {
  const std::optional<StoredHierarchySizes> s = readStoredHierarchySizes(bytes);
  if (!s) return 0;
  const uint64_t cells = static_cast<uint64_t>(s->width) * static_cast<uint64_t>(s->height);
  // The terrain read from the bytes and the grid made of it (refused there when a character is not
  // terrain); then every stored list, each item as wide in memory as in the bytes, so that the payload
  // bounds them all; each block's allocations, control block and shared pointer.
  uint64_t b = cells + Grid::bytesFor(s->width, s->height) + 4 * kAllocationOverhead;
  // Terrain costs: the layer as read and as the grid keeps it, and the grid's weights.
  if (s->weighted) b += (1 + 1 + sizeof(float)) * cells + 3 * kAllocationOverhead;
  if (!s->optionsValid) return b;  // refused after the grid, before any list
  b += s->payloadBytes + s->blocks * (sizeof(ClusterBlock) + 13 * kAllocationOverhead + 6 * sizeof(void*));
  // Hierarchy::fromParts: the check of the parts, then the tables it derives, and the searches of the
  // landmarks and the distance table.
  const uint64_t levels = static_cast<uint64_t>(s->options.levels);
  const ClusterLayout level1 = Hierarchy::layoutsFor(s->options, s->width, s->height)[0];
  // Merged clusters (one level): as many as the blocks, each within a box of the largest side, and the
  // cutting's derived tables (its cluster ids are a stored list, counted above).
  const bool merged = s->options.mergedClusterSide > 0;
  const uint64_t side = static_cast<uint64_t>(merged ? s->options.mergedClusterSide : level1.size);
  const uint64_t clusters1 = merged ? s->blocks : static_cast<uint64_t>(level1.count());
  if (merged) b += cells + sizeof(Rect) * clusters1 + 2 * kAllocationOverhead;
  const uint64_t clusterCells = std::min<uint64_t>(side, s->width) * std::min<uint64_t>(side, s->height);
  b += checkHierarchyPartsScratch(s->nodes, clusterCells, s->largestBlockBytes);
  b += tableBytes(s->nodes, s->topLevelNodes, levels, clusters1, s->regions, s->options);
  b += LineReach::bytesFor(s->width, s->height) + derivedTablesScratch(s->nodes, s->options) + 16 * kAllocationOverhead;
  return b;
}

}  // namespace hpastar
