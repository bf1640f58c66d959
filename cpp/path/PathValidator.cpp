#include "path/PathValidator.h"

#include <algorithm>
#include <cmath>

namespace hpastar {

std::string cellText(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }

double pathLength(std::span<const Point> cells) {
  int64_t straight = 0, diagonal = 0;
  for (size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    (diag ? diagonal : straight) += 1;
  }
  return movesLength(straight, diagonal);
}

double pathCost(const Grid& grid, std::span<const Point> cells) {
  if (!grid.weighted()) return pathLength(cells);
  double cost = 0;
  for (size_t i = 1; i < cells.size(); ++i)
    cost +=
        grid.moveCost(grid.index(cells[i - 1]), dirOfStep(cells[i].x - cells[i - 1].x, cells[i].y - cells[i - 1].y));
  return cost;
}

PathCheck validatePath(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double reportedCost,
                       double tolerance) {
  return checkPathAround(grid, start, goal, cells, reportedCost, tolerance, [&](size_t i) -> std::string {
    if (!grid.passable(cells[i]))
      return "cell " + std::to_string(i) + " " + cellText(cells[i]) + " is outside the map or blocked";
    if (i == 0) return "";
    const int dx = cells[i].x - cells[i - 1].x, dy = cells[i].y - cells[i - 1].y;
    const int dir = (std::abs(dx) <= 1 && std::abs(dy) <= 1) ? dirOfStep(dx, dy) : -1;
    if (dir < 0)
      return "step " + std::to_string(i) + " from " + cellText(cells[i - 1]) + " to " + cellText(cells[i]) +
             " is not one of the 8 moves";
    if (!grid.canMove(cells[i - 1], dir))
      return "step " + std::to_string(i) + " from " + cellText(cells[i - 1]) + " to " + cellText(cells[i]) +
             " cuts a corner";
    return "";
  });
}

}  // namespace hpastar
