#include "hpa/HierarchyMemory.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <vector>

#include "hpa/ClusterBlock.h"
#include "hpa/EntranceScanner.h"
#include "hpa/Hierarchy.h"
#include "hpa/NodeDistanceTable.h"

namespace hpastar {
namespace {

// A vector filled by push_back ends with a capacity of at most the next power of two.
uint64_t grown(uint64_t n) { return n == 0 ? 0 : std::bit_ceil(n); }

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
uint64_t regionStarts(const Grid& grid, const Rect& area) {
  constexpr int kEarlier[] = {7, 0, 1, 6};
  uint64_t starts = 0;
  for (int32_t y = area.y0; y < area.y1; ++y)
    for (int32_t x = area.x0; x < area.x1; ++x) {
      const int32_t cell = grid.index(x, y);
      if (!grid.passableAt(cell)) continue;
      bool joined = false;
      for (int d : kEarlier)
        joined = joined || (((grid.moveMask(cell) >> d) & 1u) && area.contains(Point{x + kDirDx[d], y + kDirDy[d]}));
      if (!joined) ++starts;
    }
  return starts;
}

}  // namespace

HierarchyMemoryEstimate estimateHierarchyMemory(const Grid& grid, const HierarchyOptions& options) {
  HierarchyMemoryEstimate e;
  e.gridBytes = grid.bytes();
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(options, grid.width(), grid.height());
  const size_t levels = layouts.size();

  // The transitions of every level-1 border, as the build makes them; both cells of each are nodes.
  std::vector<Entrance> entrances;
  EntranceScanner::scanAll(grid, layouts[0], entrances);
  std::vector<Transition> transitions;
  for (const Entrance& en : entrances) EntranceScanner::appendTransitions(en, options.entranceWidth, transitions);
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
  for (size_t l = 0; l < levels; ++l) {
    const bool level1 = l == 0;
    for (int32_t c = 0; c < layouts[l].count(); ++c) {
      ClusterFigures& f = figures[l][static_cast<size_t>(c)];
      const Rect area = layouts[l].rect(c);
      f.cells = static_cast<uint64_t>(area.area());
      f.perimeterHalf = static_cast<uint64_t>(area.width() + area.height());
      const uint64_t k = f.nodes, pairs = k * (k > 0 ? k - 1 : 0) / 2, edges = f.inter + 2 * pairs;
      bytes += sizeof(ClusterBlock) + 4 * (level1 ? k : grown(k)) + 4 * (k + 1) + sizeof(AbstractEdge) * edges;
      if (options.cachePaths) {
        const uint64_t pathLength = level1 ? f.perimeterHalf : 2 * static_cast<uint64_t>(options.clusterGroup) + 1;
        const uint64_t entrySize = level1 ? sizeof(Point) : sizeof(uint32_t);
        bytes += 4 * edges + 8 * grown(pairs) + entrySize * grown(pairs * pathLength);
      }
      if (level1) {
        f.regions = regionStarts(grid, area);
        regions += f.regions;
        bytes += 8 * grown(f.inter) + 4 * grown(k) + 4 * f.cells;  // interLinks, nodeRegions, regions
        if (options.cacheTrees) bytes += 3 * k * f.cells;
      }
    }
  }
  // The hierarchy's own tables: the edge index per level, node cells and levels, the component labels.
  // (an EdgeSpan is two pointers and a count: three pointers' room, padding included).
  bytes += grown(nodes) * (levels * 3 * sizeof(void*) + sizeof(Point) + 1) + 4 * nodes;
  bytes += 4 * (figures[0].size() + 1) + 2 * 4 * regions;
  if (options.landmarks > 0 && e.topLevelNodes > 0) {
    const uint64_t count = std::min<uint64_t>(static_cast<uint64_t>(options.landmarks), e.topLevelNodes);
    bytes += 4 * nodes * ((count + 3) & ~uint64_t{3}) + 4 * count;
  }
  if (options.distanceTable && e.topLevelNodes <= NodeDistanceTable::kMaxNodes)
    bytes += 4 * e.topLevelNodes * e.topLevelNodes + 4 * nodes;
  e.hierarchyBytes = bytes;
  return e;
}

std::string checkMemoryBudget(const Grid& grid, const HierarchyOptions& options) {
  const HierarchyMemoryEstimate e = estimateHierarchyMemory(grid, options);
  const uint64_t budget = static_cast<uint64_t>(options.memoryBudgetMiB) << 20;
  if (e.total() <= budget) return "";
  auto mib = [](uint64_t b) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", static_cast<double>(b) / (1 << 20));
    return std::string(text);
  };
  return "the hierarchy would need about " + mib(e.total()) + " MiB (estimate: " + mib(e.hierarchyBytes) +
         " MiB of clusters, edges and tables for " + std::to_string(e.level1Nodes) + " nodes, " + mib(e.gridBytes) +
         " MiB of grid), more than the memory budget of " + std::to_string(options.memoryBudgetMiB) +
         " MiB: raise the budget, or leave out what costs the most (trees, cached paths, the distance table, "
         "landmarks)";
}

}  // namespace hpastar
