#include "inspect/BuildInspection.h"

#include <algorithm>

#include "search/DijkstraSearch.h"

namespace hpastar {

namespace {

// Merged clusters meet along borders of any shape: each transition is shown as an entrance of its own cell
// (from the side of the lower-numbered cluster, so once).
std::vector<EntranceExport> exportMergedTransitions(const Hierarchy& h) {
  const ClusterLayout& layout = h.layout(1);
  std::vector<EntranceExport> out;
  std::vector<Entrance> scratch;
  std::vector<Transition> own;
  for (int32_t c = 0; c < layout.count(); ++c) {
    own.clear();
    EntranceScanner::clusterTransitions(h.grid(), layout, c, h.options().entranceWidth, h.options().entranceSpacing,
                                        scratch, own);
    for (const Transition& t : own) {
      if (layout.clusterOf(t.b) < c) continue;
      const bool aFirst = t.a.y < t.b.y || (t.a.y == t.b.y && t.a.x < t.b.x);
      const Transition ordered = aFirst ? t : Transition{t.b, t.a};
      out.push_back(EntranceExport{Entrance{ordered.a, 1, ordered.a.y == ordered.b.y}, {ordered}});
    }
  }
  return out;
}

}  // namespace

std::vector<EntranceExport> exportEntrances(const Hierarchy& h) {
  const ClusterLayout& layout = h.layout(1);
  if (layout.merged) return exportMergedTransitions(h);
  std::vector<Entrance> entrances;
  EntranceScanner::scanAll(h.grid(), h.layout(1), entrances);
  std::vector<EntranceExport> out;
  out.reserve(entrances.size());
  for (const Entrance& e : entrances) {
    EntranceExport x{e, {}};
    EntranceScanner::appendTransitions(h.grid(), e, h.options().entranceWidth, h.options().entranceSpacing,
                                       x.transitions);
    out.push_back(std::move(x));
  }
  return out;
}

ClusterBuildExport exportClusterBuild(const Hierarchy& h, int32_t cluster) {
  ClusterBuildExport out;
  out.cluster = cluster;
  const Rect area = h.layout(1).rect(cluster);
  const uint8_t* stay = h.layout(1).stayMoves();
  const auto ids = h.clusterNodes(1, cluster);
  for (uint32_t n : ids) out.nodes.push_back(h.nodeCell(n));

  // The build's searches (Hierarchy.cpp, phase 2): from each node, Dijkstra until the later nodes are
  // settled; with trees, over the whole cluster.
  SearchTrace trace;
  DijkstraSearch dijkstra;
  dijkstra.setTrace(&trace);
  const bool trees = h.options().cacheTrees;
  std::vector<Point> targets;
  for (size_t a = 0; a < out.nodes.size(); ++a) {
    if (trees) {
      dijkstra.run(h.grid(), area, out.nodes[a], {}, stay);
    } else if (a + 1 < out.nodes.size()) {
      targets.assign(out.nodes.begin() + static_cast<std::ptrdiff_t>(a + 1), out.nodes.end());
      dijkstra.run(h.grid(), area, out.nodes[a], targets, stay);
    }
  }
  out.searches = trace.searches();

  for (size_t a = 0; a < ids.size(); ++a)
    for (const AbstractEdge& e : h.edges(1, ids[a])) {
      const auto it = std::find(ids.begin(), ids.end(), e.to);
      if (it == ids.end() || static_cast<size_t>(it - ids.begin()) <= a) continue;  // inter-edge, or seen
      out.edgeFrom.push_back(static_cast<uint32_t>(a));
      out.edgeTo.push_back(static_cast<uint32_t>(it - ids.begin()));
      out.edgeCost.push_back(e.cost);
    }
  return out;
}

uint32_t nodeAtCell(const Hierarchy& h, Point cell) {
  for (uint32_t n : h.clusterNodes(1, h.layout(1).clusterOf(cell)))
    if (h.nodeCell(n) == cell) return n;
  return Hierarchy::kNone;
}

NodeTreeExport exportNodeTree(const Hierarchy& h, uint32_t node) {
  NodeTreeExport out;
  out.node = h.nodeCell(node);
  out.area = h.layout(1).rectOf(out.node);
  for (int32_t y = out.area.y0; y < out.area.y1; ++y)
    for (int32_t x = out.area.x0; x < out.area.x1; ++x) {
      double d = 0;
      int dir = -1;
      const bool reached = h.treeStep(node, Point{x, y}, d, dir);
      out.distance.push_back(reached ? static_cast<float>(d) : -1.0f);
      out.direction.push_back(static_cast<int8_t>(reached ? dir : -1));
    }
  return out;
}

}  // namespace hpastar
