#include "path/FootprintValidator.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hpastar {
namespace {
std::string cellText(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }
}  // namespace

bool footprintFits(const Grid& grid, Capability capability, int32_t size, Point anchor) {
  for (int32_t y = anchor.y; y < anchor.y + size; ++y)
    for (int32_t x = anchor.x; x < anchor.x + size; ++x)
      if (!grid.inside(x, y) || !capability.allowsChar(grid.terrainAt(x, y))) return false;
  return true;
}

PathCheck validateFootprintPath(const Grid& grid, Capability capability, int32_t size, Point start, Point goal,
                                std::span<const Point> cells, double reportedCost, double tolerance) {
  PathCheck check;
  auto fail = [&](std::string problem) {
    check.problem = std::move(problem);
    return check;
  };
  const std::string square = std::to_string(size) + "x" + std::to_string(size) + " square at ";
  if (size < 1) return fail("agent size " + std::to_string(size) + " is below 1");
  if (cells.empty()) return fail("path is empty");
  if (cells.front() != start)
    return fail("path starts at " + cellText(cells.front()) + ", not at start " + cellText(start));
  if (cells.back() != goal) return fail("path ends at " + cellText(cells.back()) + ", not at goal " + cellText(goal));
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!footprintFits(grid, capability, size, cells[i]))
      return fail("cell " + std::to_string(i) + ": the " + square + cellText(cells[i]) +
                  " leaves the map or holds terrain outside the capability");
    if (i == 0) continue;
    const Point from = cells[i - 1];
    const int dx = cells[i].x - from.x, dy = cells[i].y - from.y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || dirOfStep(dx, dy) < 0)
      return fail("step " + std::to_string(i) + " from " + cellText(from) + " to " + cellText(cells[i]) +
                  " is not one of the 8 moves");
    if (dx != 0 && dy != 0) {
      for (const Point corner : {Point{from.x + dx, from.y}, Point{from.x, from.y + dy}})
        if (!footprintFits(grid, capability, size, corner))
          return fail("step " + std::to_string(i) + " from " + cellText(from) + " to " + cellText(cells[i]) +
                      " cuts a corner: the " + square + cellText(corner) + " is not free");
    }
  }
  check.recomputedCost = pathCost(grid, cells);
  if (std::abs(check.recomputedCost - reportedCost) > tolerance * std::max(1.0, check.recomputedCost))
    return fail("reported cost " + std::to_string(reportedCost) + " differs from the recomputed " +
                std::to_string(check.recomputedCost));
  check.valid = true;
  return check;
}

}  // namespace hpastar
