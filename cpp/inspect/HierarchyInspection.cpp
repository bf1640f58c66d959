#include "inspect/HierarchyInspection.h"

namespace hpastar {

ClusterRects exportClusterRects(const Hierarchy& h, int32_t level) {
  const ClusterLayout& layout = h.layout(level);
  ClusterRects out;
  out.level = level;
  out.side = layout.size;
  out.columns = layout.columns;
  out.rows = layout.rows;
  out.rects.reserve(static_cast<size_t>(layout.count()));
  for (int32_t c = 0; c < layout.count(); ++c) out.rects.push_back(layout.rect(c));
  return out;
}

QueryConnections exportQueryConnections(HpaStarQuery& query, Point start, Point goal) {
  const Hierarchy& h = query.hierarchy();
  QueryOverlay::Endpoints endpoints;
  SearchStats stats;
  query.connectEndpoints(start, goal, endpoints, stats);
  // The overlay names start and goal by the ids after the real nodes (QueryOverlay).
  const uint32_t goalId = h.nodeCount() + 1;
  QueryConnections out;
  out.start = start;
  out.goal = goal;
  out.expanded = stats.expandedInsertion;
  out.levels.resize(static_cast<size_t>(h.levels()));
  for (int32_t level = 1; level <= h.levels(); ++level) {
    LevelConnections& lc = out.levels[static_cast<size_t>(level - 1)];
    lc.level = level;
    auto copy = [&](const std::vector<QueryOverlay::Edge>& edges, EndpointEdges& to) {
      for (const QueryOverlay::Edge& e : edges) {
        if (e.to >= h.nodeCount()) continue;  // the start-goal edge, kept once in `direct`
        to.nodeIds.push_back(e.to);
        to.nodeCells.push_back(h.nodeCell(e.to));
        to.costs.push_back(e.cost);
      }
    };
    copy(endpoints.startEdges[static_cast<size_t>(level - 1)], lc.start);
    copy(endpoints.goalEdges[static_cast<size_t>(level - 1)], lc.goal);
    for (const QueryOverlay::Edge& e : endpoints.startEdges[static_cast<size_t>(level - 1)])
      if (e.to == goalId) lc.direct = e.cost;
  }
  return out;
}

std::vector<uint32_t> exportComponentLabels(const Hierarchy& h) {
  const Grid& grid = h.grid();
  const int32_t width = grid.width(), height = grid.height();
  std::vector<uint32_t> labels(static_cast<size_t>(width) * static_cast<size_t>(height), 0);
  size_t i = 0;
  for (int32_t y = 0; y < height; ++y)
    for (int32_t x = 0; x < width; ++x, ++i) labels[i] = h.componentOf(Point{x, y});
  return labels;
}

}  // namespace hpastar
