#pragma once
// Which DHPA* trees of a level-1 cluster a terrain change leaves as they were (issue 41, item 2: the cost
// of a change follows the cells that really changed). A node's tree is a Dijkstra from the node's cell
// over the cells it reaches inside the cluster; a rebuild runs one per node, most of a change's time.
// A kept node (same id, same cell) whose reachable cells are the same before and after the change, and
// none of them flipped, has exactly the tree a fresh run would give: the run reads only those cells'
// moves (a legal move's corners are passable, so reachable too), in the same order. Its distances to the
// other nodes are read back from the tree to the same bits the run's would have.
#include <cstdint>
#include <span>
#include <vector>

namespace hpastar {

class TreeReuse {
 public:
  // Whether a node's old tree is still its tree: every flipped cell of the cluster (area-local ids) was
  // out of the old tree (`oldDistances`, kUnreachable there) and is out of the node's new region
  // (`regions`: the cluster's new labels, 0 for a blocked cell; `sourceRegion` the node's).
  static bool unchanged(std::span<const uint16_t> oldDistances, std::span<const int32_t> flipped,
                        const std::vector<uint32_t>& regions, uint32_t sourceRegion, uint16_t unreachable);

  // The distance a fresh tree run gives from its source to area-local cell `local` (unweighted moves),
  // from the tree's directions (towards the source, 0xFF at it): the step costs added from the source
  // outwards, in the run's order, so the sum has the run's bits. `steps` is scratch.
  static double distance(std::span<const uint8_t> directions, int32_t width, int32_t local,
                         std::vector<uint8_t>& steps);
};

}  // namespace hpastar
