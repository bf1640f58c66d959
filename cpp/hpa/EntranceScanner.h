#pragma once
#include <vector>

#include "grid/Grid.h"
#include "hpa/ClusterLayout.h"

namespace hpastar {

// One transition: two adjacent passable cells on either side of a cluster border, joined by an
// inter-edge of cost 1 (with terrain costs, the mean of the two cells' weights: Grid::moveCost).
struct Transition {
  Point a;  // left or upper side
  Point b;  // right or lower side
};

// The cost of a transition's inter-edge: the move between its two cells (inside the grid); -1 when they
// are not one move apart, which no transition is (the loader compares stored costs with this).
inline float crossingCost(const Grid& grid, const Transition& t) {
  const int dir = dirOfStep(t.b.x - t.a.x, t.b.y - t.a.y);
  return dir < 0 ? -1.0f : static_cast<float>(grid.moveCost(grid.index(t.a), dir));
}

// An entrance: a maximal run of border positions where the cells on both sides are passable (the
// paper's symmetry condition), between two adjacent clusters.
struct Entrance {
  Point first;            // first cell on the left/upper side
  int32_t length = 0;     // cells along the border
  bool vertical = false;  // true: a vertical border (clusters side by side); false: a horizontal one
};

// Finds the entrances along the borders of a square `layout` and turns each into transitions:
// one in the middle when narrower than `entranceWidth`, else one at each end (with terrain costs, the
// cheapest crossing of the entrance, or of each half, ties going to those places), and with a spacing
// more inside wide ones.
class EntranceScanner {
 public:
  // Appends the entrances on every border between two clusters of `layout`.
  static void scanAll(const Grid& grid, const ClusterLayout& layout, std::vector<Entrance>& out);
  // Appends the entrances on the borders of one cluster (used when a cluster is rebuilt).
  static void scanCluster(const Grid& grid, const ClusterLayout& layout, int32_t cluster, std::vector<Entrance>& out);
  // `entranceSpacing` > 0: an entrance of at least `entranceWidth` also gets transitions inside it, evenly
  // placed, no two neighbours more than entranceSpacing cells apart (HierarchyOptions::entranceSpacing).
  static void appendTransitions(const Grid& grid, const Entrance& e, int32_t entranceWidth, int32_t entranceSpacing,
                                std::vector<Transition>& out);
  // The transitions of cluster `cluster` of `layout`, squares or merged (the same rule on any border between
  // two clusters: ClusterMerge.h's forEachBorderTransition), each with its inside cell as `a`, appended to
  // `out`. Returns the cluster's entrances; `scratch` is reused from call to call.
  static uint32_t clusterTransitions(const Grid& grid, const ClusterLayout& layout, int32_t cluster,
                                     int32_t entranceWidth, int32_t entranceSpacing, std::vector<Entrance>& scratch,
                                     std::vector<Transition>& out);

 private:
  // Scans the border segment that starts at `from` (left/upper cell) and runs `length` cells along it.
  static void scanBorder(const Grid& grid, Point from, int32_t length, bool vertical, std::vector<Entrance>& out);
};

}  // namespace hpastar
