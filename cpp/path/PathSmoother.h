#pragma once
#include <cstdint>
#include <vector>

#include "grid/Grid.h"

namespace hpastar {

// The HPA* paper's smoothing (3.2.3): walking the path from the start, look from each cell along the 8
// directions for a later cell of the path reachable in a straight line; when the straight line is
// shorter than the path between the two, it replaces that part (the farthest-saving line wins).
// Lines follow the grid's legal moves, so the result never cuts a corner. One object per thread.
class PathSmoother {
 public:
  // Smooths `cells` in place. `maxRay` bounds how far each straight line is followed (cells).
  // Returns the number of cells examined along rays (a measure of the work done).
  uint64_t smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay);

 private:
  std::vector<double> prefix_;
  std::vector<Point> out_;
};

}  // namespace hpastar
