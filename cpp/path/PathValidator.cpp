#include "path/PathValidator.h"

#include <algorithm>
#include <cmath>

namespace hpastar {
namespace {
std::string cellText(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }
}  // namespace

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
  PathCheck check;
  auto fail = [&](std::string problem) {
    check.problem = std::move(problem);
    return check;
  };
  if (cells.empty()) return fail("path is empty");
  if (cells.front() != start)
    return fail("path starts at " + cellText(cells.front()) + ", not at start " + cellText(start));
  if (cells.back() != goal) return fail("path ends at " + cellText(cells.back()) + ", not at goal " + cellText(goal));
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!grid.passable(cells[i]))
      return fail("cell " + std::to_string(i) + " " + cellText(cells[i]) + " is outside the map or blocked");
    if (i == 0) continue;
    const int dx = cells[i].x - cells[i - 1].x, dy = cells[i].y - cells[i - 1].y;
    const int dir = (std::abs(dx) <= 1 && std::abs(dy) <= 1) ? dirOfStep(dx, dy) : -1;
    if (dir < 0)
      return fail("step " + std::to_string(i) + " from " + cellText(cells[i - 1]) + " to " + cellText(cells[i]) +
                  " is not one of the 8 moves");
    if (!grid.canMove(cells[i - 1], dir))
      return fail("step " + std::to_string(i) + " from " + cellText(cells[i - 1]) + " to " + cellText(cells[i]) +
                  " cuts a corner");
  }
  check.recomputedCost = pathCost(grid, cells);
  if (std::abs(check.recomputedCost - reportedCost) > tolerance * std::max(1.0, check.recomputedCost))
    return fail("reported cost " + std::to_string(reportedCost) + " differs from the recomputed " +
                std::to_string(check.recomputedCost));
  check.valid = true;
  return check;
}

}  // namespace hpastar
