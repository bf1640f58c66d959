#include "shpa/ShpaReachability.h"

namespace hpastar {

std::optional<Point> nearestPassable(const ShpaStarGraph& g, Point from, uint32_t component, double maxDistance) {
  return nearestInComponent(g, from, component, maxDistance);
}

std::optional<Point> randomPassable(const ShpaStarGraph& g, uint32_t component, CellRandom& random) {
  // Exact: the k-th cell of the component, clusters in id order, then cells in row-major order in the box.
  return randomInComponent(g, component, random, [&](uint64_t k) -> std::optional<Point> {
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
    return std::nullopt;  // not reached: the counts add up to the component's cells
  });
}

SnappedEndpoints snapEndpoints(const ShpaStarGraph& g, Point start, Point goal, uint8_t rule) {
  return snapToComponents(g, start, goal, rule);
}

}  // namespace hpastar
