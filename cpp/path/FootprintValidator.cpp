#include "path/FootprintValidator.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hpastar {

bool footprintFits(const Grid& grid, Capability capability, int32_t size, Point anchor) {
  for (int32_t y = anchor.y; y < anchor.y + size; ++y)
    for (int32_t x = anchor.x; x < anchor.x + size; ++x)
      if (!grid.inside(x, y) || !capability.allowsChar(grid.terrainAt(x, y))) return false;
  return true;
}

PathCheck validateFootprintPath(const Grid& grid, Capability capability, int32_t size, Point start, Point goal,
                                std::span<const Point> cells, double reportedCost, double tolerance) {
  if (size < 1) {
    PathCheck check;
    check.problem = "agent size " + std::to_string(size) + " is below 1";
    return check;
  }
  const std::string square = std::to_string(size) + "x" + std::to_string(size) + " square at ";
  return checkPathAround(grid, start, goal, cells, reportedCost, tolerance, [&](size_t i) -> std::string {
    if (!footprintFits(grid, capability, size, cells[i]))
      return "cell " + std::to_string(i) + ": the " + square + cellText(cells[i]) +
             " leaves the map or holds terrain outside the capability";
    if (i == 0) return "";
    const Point from = cells[i - 1];
    const int dx = cells[i].x - from.x, dy = cells[i].y - from.y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || dirOfStep(dx, dy) < 0)
      return "step " + std::to_string(i) + " from " + cellText(from) + " to " + cellText(cells[i]) +
             " is not one of the 8 moves";
    if (dx != 0 && dy != 0) {
      for (const Point corner : {Point{from.x + dx, from.y}, Point{from.x, from.y + dy}})
        if (!footprintFits(grid, capability, size, corner))
          return "step " + std::to_string(i) + " from " + cellText(from) + " to " + cellText(cells[i]) +
                 " cuts a corner: the " + square + cellText(corner) + " is not free";
    }
    return "";
  });
}

}  // namespace hpastar
