#include "path/DirectPath.h"

#include <algorithm>
#include <cstdlib>

namespace hpastar {

bool findDirectPath(const Grid& grid, const LineReach& reach, Point start, Point goal, std::vector<Point>& cells) {
  if (start == goal || grid.weighted() || reach.empty()) return false;
  const int32_t dx = goal.x - start.x, dy = goal.y - start.y;
  const int32_t sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  const int32_t diagonalSteps = std::min(std::abs(dx), std::abs(dy));
  const int32_t straightSteps = std::max(std::abs(dx), std::abs(dy)) - diagonalSteps;
  const int diagonal = dirOfStep(sx, sy);
  const int straight = std::abs(dx) > std::abs(dy) ? dirOfStep(sx, 0) : dirOfStep(0, sy);
  // The corner where the two runs meet, for each order.
  const Point afterDiagonal{start.x + diagonalSteps * sx, start.y + diagonalSteps * sy};
  const Point afterStraight{goal.x - diagonalSteps * sx, goal.y - diagonalSteps * sy};
  int first, second;
  int32_t firstSteps, secondSteps;
  if (reach.reaches(grid.index(start), diagonal, diagonalSteps) &&
      reach.reaches(grid.index(afterDiagonal), straight, straightSteps)) {
    first = diagonal, firstSteps = diagonalSteps, second = straight, secondSteps = straightSteps;
  } else if (reach.reaches(grid.index(start), straight, straightSteps) &&
             reach.reaches(grid.index(afterStraight), diagonal, diagonalSteps)) {
    first = straight, firstSteps = straightSteps, second = diagonal, secondSteps = diagonalSteps;
  } else {
    return false;
  }
  cells.clear();
  cells.reserve(static_cast<size_t>(firstSteps + secondSteps + 1));
  Point p = start;
  cells.push_back(p);
  for (int32_t k = 0; k < firstSteps; ++k) cells.push_back(p = Point{p.x + kDirDx[first], p.y + kDirDy[first]});
  for (int32_t k = 0; k < secondSteps; ++k) cells.push_back(p = Point{p.x + kDirDx[second], p.y + kDirDy[second]});
  return true;
}

}  // namespace hpastar
