#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "grid/Rect.h"

namespace hpastar {

// Level 1 cut as SHPA* cuts it (Kring, Champandard, Samarin 2010, after van der Sterren) instead of into
// squares: clusters of any shape from a greedy merge of the passable cells (ShpaClustering.h), each with the
// bounding box of its cells. The hierarchy then treats a cluster as it treats a square: its searches, trees
// and regions run over the box, with the moves that stay inside the cluster (stayMoves).
//
// Every cell has a cluster, blocked ones too: the blocked cells of each square of the largest side form one
// more cluster, so a terrain change that opens a cell rebuilds that cluster and its neighbours as with squares.
// The cutting is made once, from the grid the hierarchy is built on, and kept through terrain changes (and
// saved with it).
struct MergedClusters {
  int32_t width = 0;
  int32_t height = 0;
  std::vector<uint32_t> cellCluster;  // per cell, row-major
  std::vector<Rect> boxes;            // per cluster: the bounding box of its cells
  std::vector<uint8_t> stayMoves;     // per cell: the moves (Moves.h bits) that stay in its cluster, corners too

  // The merge of the passable cells of `grid` from square tiles of side `tileSide` up to boxes of side
  // `maxSide`, entrances counted as the hierarchy places them (`entranceWidth`).
  static MergedClusters build(const Grid& grid, int32_t tileSide, int32_t maxSide, int32_t entranceWidth);
  // A cutting from a cluster id per cell (stored bytes: hostile). Refused with `error` unless the ids run
  // 0..count-1 with every id used and no box wider or taller than `maxSide`.
  static std::optional<MergedClusters> fromCells(int32_t width, int32_t height, std::vector<uint32_t> cells,
                                                 int32_t maxSide, std::string& error);

  int32_t count() const { return static_cast<int32_t>(boxes.size()); }
  int32_t clusterAt(Point p) const { return static_cast<int32_t>(cellCluster[static_cast<size_t>(p.y) * width + p.x]); }
  size_t bytes() const { return cellCluster.capacity() * 4 + boxes.capacity() * sizeof(Rect) + stayMoves.capacity(); }

 private:
  // Boxes and stay masks from cellCluster (every id below `count`).
  void derive(uint32_t count);
};

}  // namespace hpastar
