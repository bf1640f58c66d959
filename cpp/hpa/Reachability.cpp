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

void labelTables(const Hierarchy& h, std::vector<uint32_t>& regionBase, std::vector<uint32_t>& regionComponent) {
  const int32_t count = h.layout(1).count();
  regionBase.assign(1, 0);
  regionComponent.clear();
  for (int32_t c = 0; c < count; ++c) {
    const uint32_t regions = h.block(1, c).regionCount;
    for (uint32_t r = 1; r <= regions; ++r) regionComponent.push_back(h.regionComponent(c, r));
    regionBase.push_back(static_cast<uint32_t>(regionComponent.size()));
  }
}

void cellRegions(const Hierarchy& h, Rect area, std::vector<uint32_t>& out) {
  const ClusterLayout& layout = h.layout(1);
  out.resize(static_cast<size_t>(area.width()) * static_cast<size_t>(area.height()));
  size_t i = 0;
  for (int32_t y = area.y0; y < area.y1; ++y)
    for (int32_t x = area.x0; x < area.x1; ++x) {
      const Point p{x, y};
      const int32_t c = layout.clusterOf(p);
      const Rect r = layout.rect(c);
      out[i++] = h.block(1, c).regions[static_cast<size_t>((p.y - r.y0) * r.width() + (p.x - r.x0))];
    }
}

SnappedEndpoints snapEndpoints(const Hierarchy& h, Point start, Point goal, uint8_t rule) {
  return snapToComponents(h, start, goal, rule);
}

}  // namespace hpastar
