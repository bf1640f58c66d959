#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "grid/Point.h"

namespace hpastar {

struct AbstractEdge {
  uint32_t to;
  float cost;  // optimal in-cluster distance (intra-edge) or the crossing's move cost (inter-edge: 1 without
               // terrain costs); exact enough to rank paths,
               // the reported path cost is always recomputed from cells
};

// Everything the hierarchy knows about one cluster of one level. Immutable once built and shared
// between hierarchy versions: a terrain change builds new blocks for the clusters it touches and
// keeps pointing at the old ones elsewhere (copy-on-write per cluster).
struct ClusterBlock {
  // Nodes of this level or higher inside the cluster, ascending ids, and their edges at this level
  // (CSR: the edges of nodes[i] are edges[offsets[i] .. offsets[i + 1])).
  std::vector<uint32_t> nodes;
  std::vector<uint32_t> offsets;
  std::vector<AbstractEdge> edges;
  uint32_t interEdges = 0;  // directed edges leaving the cluster
  uint32_t intraEdges = 0;  // undirected edges inside it
  uint32_t entrances = 0;   // level 1: entrances on the cluster's four borders

  // Cached paths of intra-edges (HierarchyOptions::cachePaths): pathRef runs parallel to `edges` and
  // holds kNoPath or an index into pathSpans, top bit set when the stored path runs the other way.
  // Level 1 stores cells (pathCells), higher levels the nodes of the level below (pathNodes).
  std::vector<uint32_t> pathRef;
  std::vector<std::pair<uint32_t, uint32_t>> pathSpans;  // (offset, length), both ends included
  std::vector<Point> pathCells;
  std::vector<uint32_t> pathNodes;
  // Level 1 only. Connected parts of the cluster's cells (moves that stay inside it): per cell, row
  // major over the cluster, 0 for blocked cells, else 1..regionCount.
  std::vector<uint32_t> regions;
  uint32_t regionCount = 0;
  // Per region (index region - 1), derived from `regions` (summarizeRegions): its cells, and the index in
  // `regions` of its first cell in row-major order. What the component labels are counted and numbered by.
  std::vector<uint32_t> regionCells;
  std::vector<uint32_t> regionFirst;
  std::vector<uint32_t> nodeRegions;                      // region of each node's cell, parallel to `nodes`
  std::vector<std::pair<uint32_t, uint32_t>> interLinks;  // (node here, node across) per inter-edge
  // Level 1 only, DHPA*: for every node (in `nodes` order) and every cell of the cluster, the distance
  // from the cell to the node inside the cluster (fixed point, see Hierarchy::treeScale) and the
  // direction of the next step towards it: the node's shortest-path tree, 3 bytes per entry.
  std::vector<uint16_t> treeDistance;
  std::vector<uint8_t> treeDirection;

  static constexpr uint32_t kNoPath = 0xFFFFFFFFu;
  static constexpr uint16_t kUnreachable = 0xFFFF;

  // Position of `node` in `nodes`, or -1.
  int32_t indexOf(uint32_t node) const {
    auto it = std::lower_bound(nodes.begin(), nodes.end(), node);
    return (it != nodes.end() && *it == node) ? static_cast<int32_t>(it - nodes.begin()) : -1;
  }

  // The parts of bytes() that options add: DHPA* trees, cached paths.
  size_t treeBytes() const { return treeDistance.capacity() * 2 + treeDirection.capacity(); }
  size_t pathBytes() const {
    return pathRef.capacity() * 4 + pathSpans.capacity() * 8 + pathCells.capacity() * sizeof(Point) +
           pathNodes.capacity() * 4;
  }

  size_t bytes() const {
    return sizeof(ClusterBlock) + nodes.capacity() * 4 + offsets.capacity() * 4 +
           edges.capacity() * sizeof(AbstractEdge) + pathRef.capacity() * 4 + pathSpans.capacity() * 8 +
           pathCells.capacity() * sizeof(Point) + pathNodes.capacity() * 4 + regions.capacity() * 4 +
           regionCells.capacity() * 4 + regionFirst.capacity() * 4 + nodeRegions.capacity() * 4 +
           interLinks.capacity() * 8 + treeDistance.capacity() * 2 + treeDirection.capacity();
  }
};

}  // namespace hpastar
