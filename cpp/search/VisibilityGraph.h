#pragma once
#include <cstdint>
#include <vector>

#include "grid/Grid.h"
#include "grid/Point.h"

namespace hpastar {

// The exact any-angle shortest path (the oracle the shaped paths are measured against), by A* over a
// visibility graph of the grid's corners.
//
// In the model of SweptLine.h the free space of anchors is closed and bounded by lattice lines (with parts
// of zero width where a corridor is exactly as wide as the agent), so a shortest path bends only at
// lattice points where the free space turns around a blocked part (isBendCorner in the .cpp says which).
// Those points plus start and goal, joined by clear lines, hold a shortest path; more points would only
// cost time.
//
// Edges are checked lazily, as A* (Euclidean heuristic, consistent) relaxes them, and remembered between
// queries: a corner-to-corner line is checked once per graph. Each expansion scans every corner, so a
// query costs O(V²) at worst: meant for tests and measurements on maps of a few thousand corners, not
// for games. The line check is a parameter so that tests can run it with an independent checker.
class VisibilityGraph {
 public:
  using LineCheck = bool (*)(const Grid&, Point, Point);

  VisibilityGraph(const Grid& grid, LineCheck clear);

  const std::vector<Point>& corners() const { return corners_; }
  // The length of a shortest any-angle path from start to goal (both passable), its points in `path`;
  // -1 (and `path` empty) when there is none.
  double shortest(Point start, Point goal, std::vector<Point>& path);

 private:
  bool cornersSee(int32_t a, int32_t b);

  const Grid& grid_;
  LineCheck clear_;
  std::vector<Point> corners_;
  std::vector<uint8_t> seen_;  // corners² lazily: 0 unknown, 1 clear, 2 blocked
  std::vector<double> g_;
  std::vector<int32_t> parent_;
  std::vector<uint8_t> closed_;
};

}  // namespace hpastar
