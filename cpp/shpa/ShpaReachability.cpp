#include "shpa/ShpaReachability.h"

namespace hpastar {

std::optional<Point> nearestPassable(const ShpaStarGraph& g, Point from, uint32_t component, double maxDistance) {
  if (g.componentCells(component) == 0) return std::nullopt;
  const Grid& grid = g.grid();
  if (component == 0) return nearestCell(grid, from, maxDistance, [&](Point p) { return grid.passable(p); });
  return nearestCell(grid, from, maxDistance, [&](Point p) { return g.componentOf(p) == component; });
}

std::optional<Point> randomPassable(const ShpaStarGraph& g, uint32_t component, CellRandom& random) {
  const uint64_t cells = g.componentCells(component);
  if (cells == 0) return std::nullopt;
  const Grid& grid = g.grid();
  const std::optional<Point> sampled = sampleCell(grid, random, kSampleTries, [&](Point p) {
    return component == 0 ? grid.passable(p) : g.componentOf(p) == component;
  });
  if (sampled) return sampled;
  // Exact: the k-th cell of the component, clusters in id order, then cells in row-major order in the box.
  uint64_t k = random.below(cells);
  for (uint32_t c = 0; c < g.clusterCount(); ++c) {
    if (component != 0 && g.clusterComponent(c) != component) continue;
    if (k >= g.clusterCells(c)) {
      k -= g.clusterCells(c);
      continue;
    }
    const Rect box = g.clusterBox(c);
    for (int32_t y = box.y0; y < box.y1; ++y)
      for (int32_t x = box.x0; x < box.x1; ++x) {
        if (g.clusterOf(Point{x, y}) != c) continue;
        if (k == 0) return Point{x, y};
        --k;
      }
  }
  return std::nullopt;  // not reached: the counts add up to `cells`
}

SnappedEndpoints snapEndpoints(const ShpaStarGraph& g, Point start, Point goal) {
  return snapEndpoints(
      start, goal, [&](Point p) { return g.componentOf(p); },
      [&](Point p, uint32_t component) { return nearestPassable(g, p, component, kAnyDistance); });
}

}  // namespace hpastar
