#include "hpa/Reachability.h"

namespace hpastar {

std::optional<Point> nearestPassable(const Hierarchy& h, Point from, uint32_t component, double maxDistance) {
  return nearestInComponent(h, from, component, maxDistance);
}

std::optional<Point> randomPassable(const Hierarchy& h, uint32_t component, CellRandom& random) {
  // Exact: the k-th cell of the component, regions in cluster order, then cells in row-major order.
  return randomInComponent(h, component, random, [&](uint64_t k) -> std::optional<Point> {
    const ClusterLayout& layout = h.layout(1);
    for (int32_t c = 0; c < layout.count(); ++c) {
      const ClusterBlock& b = h.block(1, c);
      for (uint32_t r = 1; r <= b.regionCount; ++r) {
        if (component != 0 && h.regionComponent(c, r) != component) continue;
        if (k >= b.regionCells[r - 1]) {
          k -= b.regionCells[r - 1];
          continue;
        }
        const Rect area = layout.rect(c);
        for (size_t i = b.regionFirst[r - 1]; i < b.regions.size(); ++i) {
          if (b.regions[i] != r) continue;
          if (k > 0) {
            --k;
            continue;
          }
          const int32_t local = static_cast<int32_t>(i);
          return Point{area.x0 + local % area.width(), area.y0 + local / area.width()};
        }
      }
    }
    return std::nullopt;  // not reached: the counts add up to the component's cells
  });
}

SnappedEndpoints snapEndpoints(const Hierarchy& h, Point start, Point goal, uint8_t rule) {
  return snapToComponents(h, start, goal, rule);
}

}  // namespace hpastar
