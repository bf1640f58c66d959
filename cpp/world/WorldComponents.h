#pragma once
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "search/RegionUnion.h"
#include "world/BlockWorld.h"
#include "world/WorldClusterLayout.h"

namespace hpastar {

// The connected components of a block world's standing cells. Every move has its reverse (BlockWorld.h),
// so "a reaches b" is "a and b have the same label", answered without a search: what A* learns only by
// flooding all that the start reaches. Labels are 1..count(), numbered by each component's first cell
// in index order; 0 for a cell that is not standing.
//
// Kept as regions: the world is cut into boxes, each cell labelled with its region (a connected part of
// its box's standing cells, by moves that stay inside it), and the regions joined into components by
// links, moves between boxes (RegionUnion). On its own (one box, the whole world) it is a flood fill.
// A WorldHierarchy keeps one over its level-1 boxes and, after a block change, relabels only the boxes
// whose moves changed (relabelBox, a flood fill of one box) and joins again with its transitions
// (join: a pass over the regions and the transitions, no cell read).
class WorldComponents {
 public:
  // A move between two boxes, by the cells at its ends and their boxes.
  struct Link {
    int32_t cellA, boxA, cellB, boxB;
  };

  WorldComponents() = default;
  // The components of `world`: a flood fill (one box).
  explicit WorldComponents(const BlockWorld& world);
  // Regions of every box of `boxes`, labelled, not yet joined: join() gives the labels.
  WorldComponents(const BlockWorld& world, const WorldClusterLayout& boxes);

  // Labels the regions of box `box` again from the world's moves.
  void relabelBox(const BlockWorld& world, int32_t box);
  // The component labels from the regions, joined by `links`: for every pair of regions of two boxes
  // that a move joins, at least one of those moves.
  void join(std::span<const Link> links);

  // Whether the labels are still numbered by their components' first cells, after relabelBox moved the
  // first cells of some regions but kept every box's region count and the region pairs the links join
  // (so join() would make the same components): one pass over the regions, where join() would sort.
  bool labelsInOrder();

  uint32_t count() const { return count_; }
  uint32_t of(int32_t cell) const {
    const uint32_t r = region_[static_cast<size_t>(cell)];
    return r ? regionLabel_[regionBase_[static_cast<size_t>(boxOf(cell))] + r - 1] : 0;
  }
  // Both cells standing and in one component (false outside the world).
  bool connected(const BlockWorld& world, Voxel a, Voxel b) const {
    if (!world.inside(a) || !world.inside(b)) return false;
    const uint32_t la = of(world.index(a));
    return la != 0 && la == of(world.index(b));
  }
  // The cell's region within its box (1..), 0 when it is not standing.
  uint32_t regionOf(int32_t cell) const { return region_[static_cast<size_t>(cell)]; }
  // The first cell (in index order) of each region of box `box`.
  const std::vector<int32_t>& regionFirsts(int32_t box) const { return regionFirst_[static_cast<size_t>(box)]; }
  const WorldClusterLayout& boxes() const { return boxes_; }
  size_t bytes() const;

 private:
  int32_t boxOf(int32_t cell) const {
    const int32_t area = boxes_.worldWidth * boxes_.worldHeight;
    const int32_t z = cell / area, rest = cell - z * area;
    return boxes_.clusterOf(Voxel{rest % boxes_.worldWidth, rest / boxes_.worldWidth, z});
  }

  WorldClusterLayout boxes_;
  std::vector<uint32_t> region_;                   // per cell
  std::vector<std::vector<int32_t>> regionFirst_;  // per box, per region: its first cell in index order
  std::vector<uint32_t> regionBase_;               // per box: its first region's global number (+1 entry)
  std::vector<uint32_t> regionLabel_;              // per global region: its component
  std::vector<uint64_t> firstCells_;               // per global region, scratch of join()
  std::vector<int32_t> labelFirst_;                // per label, scratch of labelsInOrder()
  struct FillCell {
    int32_t cell, x, y, z;
  };
  std::vector<FillCell> fillStack_;  // scratch of relabelBox
  RegionUnion union_;
  uint32_t count_ = 0;
  int32_t moveOffset_[kWorldMoveCount] = {};
};

}  // namespace hpastar
