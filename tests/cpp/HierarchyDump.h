#pragma once
// A canonical description of a hierarchy, independent of node ids: compares two builds of one grid.
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar::test {

struct HierarchyDump {
  std::vector<std::tuple<int, int, int>> nodes;                   // x, y, level
  std::vector<std::tuple<int, int, int, int, int, float>> edges;  // level, x0, y0, x1, y1, cost
  friend bool operator==(const HierarchyDump&, const HierarchyDump&) = default;
};

inline HierarchyDump dumpHierarchy(const Hierarchy& h) {
  HierarchyDump d;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    if (h.nodeLevel(n) == 0) continue;
    const Point p = h.nodeCell(n);
    d.nodes.emplace_back(p.x, p.y, h.nodeLevel(n));
    for (int l = 1; l <= h.nodeLevel(n); ++l)
      for (const AbstractEdge& e : h.edges(l, n)) {
        const Point q = h.nodeCell(e.to);
        d.edges.emplace_back(l, p.x, p.y, q.x, q.y, e.cost);
      }
  }
  std::sort(d.nodes.begin(), d.nodes.end());
  std::sort(d.edges.begin(), d.edges.end());
  return d;
}

// The first difference, for a readable failure.
inline std::string firstDifference(const HierarchyDump& a, const HierarchyDump& b) {
  auto nodeText = [](const std::tuple<int, int, int>& t) {
    return "node (" + std::to_string(std::get<0>(t)) + ", " + std::to_string(std::get<1>(t)) + ") level " +
           std::to_string(std::get<2>(t));
  };
  auto edgeText = [](const std::tuple<int, int, int, int, int, float>& t) {
    return "level-" + std::to_string(std::get<0>(t)) + " edge (" + std::to_string(std::get<1>(t)) + ", " +
           std::to_string(std::get<2>(t)) + ") -> (" + std::to_string(std::get<3>(t)) + ", " +
           std::to_string(std::get<4>(t)) + ") cost " + std::to_string(std::get<5>(t));
  };
  for (size_t i = 0; i < std::max(a.nodes.size(), b.nodes.size()); ++i) {
    if (i >= a.nodes.size()) return "missing in updated: " + nodeText(b.nodes[i]);
    if (i >= b.nodes.size()) return "extra in updated: " + nodeText(a.nodes[i]);
    if (a.nodes[i] != b.nodes[i]) return "updated has " + nodeText(a.nodes[i]) + ", fresh has " + nodeText(b.nodes[i]);
  }
  for (size_t i = 0; i < std::max(a.edges.size(), b.edges.size()); ++i) {
    if (i >= a.edges.size()) return "missing in updated: " + edgeText(b.edges[i]);
    if (i >= b.edges.size()) return "extra in updated: " + edgeText(a.edges[i]);
    if (a.edges[i] != b.edges[i]) return "updated has " + edgeText(a.edges[i]) + ", fresh has " + edgeText(b.edges[i]);
  }
  return "";
}

}  // namespace hpastar::test
