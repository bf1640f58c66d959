#pragma once
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "grid/Grid.h"

namespace hpastar {

// The limits of the greedy merge below (SHPA*'s options, and the hierarchy's merged cutting, name them).
struct ClusterMergeRules {
  int32_t initialClusterSize = 4;  // side of the square tiles the merge starts from
  int32_t maxClusterSide = 16;     // no merged bounding box wider or taller than this
  int32_t maxClusterCells = 0;     // no merged cluster with more passable cells, 0 = no limit
  double maxDetour = 0.0;          // see below, 0 = off
  int32_t entranceWidth = 6;       // how transitions are placed on a border run, as in HPA*
};

// SHPA*'s variable-size clusters (after van der Sterren): every passable cell gets a cluster id, and the cells of
// one cluster are connected through cells of that cluster only ("fully connected": every abstract node of a
// cluster reaches every other, and every cell reaches every node, without leaving it).
//
// The greedy merge:
//  1. Cut the map into square tiles of side initialClusterSize; each connected part of a tile is one cluster.
//  2. Repeatedly take the cluster with the most abstract nodes for its size (nodes / passable cells, highest
//     first) and merge it with the neighbour that leaves the merged cluster with the fewest nodes for its size.
//     A merge is refused when the merged bounding box exceeds maxClusterSide on either axis, or the merged cell
//     count exceeds maxClusterCells (when set). A cluster with no allowed merge is left as it is (a later merge
//     of a neighbour re-queues it).
//  3. Stop when no cluster can merge.
// Optional, not in the paper (maxDetour > 0): a merge is also refused when two nodes of the merged cluster, one
// from each side, are joined inside it only by a walk longer than maxDetour times their Manhattan distance.
// Straight-line edge weights underestimate such pairs badly (two rooms joined by a door), which is where the
// paper's merge loses most optimality; the check costs one breadth-first search per node of one side.
// Connectivity is kept by construction: the parts start connected and only clusters that touch (an orthogonal
// move joins them) are merged. Diagonal-only contacts need no merge rule: a legal diagonal move needs both
// orthogonal cells passable, so it always comes with orthogonal contacts.
//
// Abstract nodes are counted exactly as the graph will place them (forEachBorderTransition below), so the
// merge sees the real node counts.
struct ClusterMerge {
  static constexpr uint32_t kNoCluster = 0xFFFFFFFFu;

  std::vector<uint32_t> cellCluster;  // per cell (row-major); kNoCluster for blocked cells
  uint32_t count = 0;                 // ids 0..count-1, numbered by their first cell in row-major order
  uint32_t initialCount = 0;          // connected tile parts before merging
  uint32_t merges = 0;

  static ClusterMerge build(const Grid& grid, const ClusterMergeRules& options);
  // At least the tile parts build() starts from, counted without allocating: the passable cells with no
  // passable neighbour west or north in their tile.
  static uint64_t tilePartBound(const Grid& grid, int32_t tileSide);

  // At most the bytes build() holds at once (its result included) for a grid of `cells` cells cut into
  // at most `initialClusters` tile parts, with at most `heapEntries` entries in its merge queue (see
  // shpa/ShpaMemory.h for where those bounds come from).
  static uint64_t peakBytes(uint64_t cells, uint64_t initialClusters, uint64_t heapEntries,
                            const ClusterMergeRules& options);
};

// The transitions on the border of the cell set {a, b} (b may be kNoCluster for one cluster), within `box`
// (which must contain the set): calls visit(inside, outside) for each chosen pair of orthogonally adjacent
// passable cells, `inside` in the set and `outside` in another cluster.
//
// As in HPA*, the pairs along one straight border line between the set and one other cluster form runs
// (an entrance); a run shorter than entranceWidth gets one transition in its middle, a longer one one at each
// end (with terrain costs: at the cheapest crossing of the run, or of each half). Runs are walked along +x or
// +y whichever side they are seen from, so both clusters of a border choose the same pairs. Returns the number of
// runs (entrances).
template <typename Visit>
uint32_t forEachBorderTransition(const Grid& grid, const uint32_t* cellCluster, const Rect& box, uint32_t a, uint32_t b,
                                 int32_t entranceWidth, Visit&& visit) {
  constexpr uint32_t kNone = ClusterMerge::kNoCluster;
  // Blocked cells may have a cluster (the hierarchy's merged cutting gives every cell one): they are in no run.
  auto inSet = [&](int32_t x, int32_t y) {
    if (!grid.inside(x, y) || !grid.passableAt(grid.index(x, y))) return false;
    const uint32_t c = cellCluster[grid.index(x, y)];
    return c != kNone && (c == a || c == b);
  };
  auto clusterAt = [&](int32_t x, int32_t y) {
    return grid.inside(x, y) && grid.passableAt(grid.index(x, y)) ? cellCluster[grid.index(x, y)] : kNone;
  };
  uint32_t runs = 0;
  for (int32_t y = box.y0; y < box.y1; ++y) {
    for (int32_t x = box.x0; x < box.x1; ++x) {
      if (!inSet(x, y)) continue;
      for (int d = 0; d < kDirCount; d += 2) {  // the four straight moves
        const int32_t qx = x + kDirDx[d], qy = y + kDirDy[d];
        const uint32_t other = clusterAt(qx, qy);
        if (other == kNone || other == a || other == b) continue;
        // Runs go along the border line: +y for a move across a vertical line, +x for a horizontal one.
        const int32_t ex = kDirDx[d] != 0 ? 0 : 1, ey = kDirDx[d] != 0 ? 1 : 0;
        if (inSet(x - ex, y - ey) && clusterAt(qx - ex, qy - ey) == other) continue;  // not the run's first pair
        ++runs;
        int32_t length = 1;
        while (inSet(x + length * ex, y + length * ey) && clusterAt(qx + length * ex, qy + length * ey) == other)
          ++length;
        auto at = [&](int32_t i) { visit(Point{x + i * ex, y + i * ey}, Point{qx + i * ex, qy + i * ey}); };
        // With terrain costs, as in HPA*, each transition goes where crossing its part of the run is cheapest
        // (the two cells' weights), the unweighted place winning ties. The cost is the same seen from either
        // side, so both clusters of a border still choose the same pairs. Without costs every crossing ties.
        auto cheapest = [&](int32_t from, int32_t to, int32_t preferred) {
          if (!grid.weighted()) return preferred;
          int32_t best = preferred;
          float bestCost = 0;
          for (int32_t i = from; i < to; ++i) {
            const float cost =
                grid.weightAt(grid.index(x + i * ex, y + i * ey)) + grid.weightAt(grid.index(qx + i * ex, qy + i * ey));
            const bool nearer = std::abs(i - preferred) < std::abs(best - preferred);
            if (i == from || cost < bestCost || (cost == bestCost && nearer)) {
              best = i;
              bestCost = cost;
            }
          }
          return best;
        };
        if (length < entranceWidth || length == 1) {
          at(cheapest(0, length, length / 2));
        } else {
          at(cheapest(0, length / 2, 0));
          at(cheapest(length / 2, length, length - 1));
        }
      }
    }
  }
  return runs;
}

}  // namespace hpastar
