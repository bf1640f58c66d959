#include "inspect/AbstractGraphExport.h"

namespace hpastar {

AbstractGraphExport exportAbstractGraph(const Hierarchy& h, int32_t level) {
  AbstractGraphExport out;
  out.level = level;
  const uint32_t count = h.nodeCount();
  std::vector<uint32_t> position(count, Hierarchy::kNone);
  for (uint32_t n = 0; n < count; ++n) {
    if (h.nodeLevel(n) < level) continue;  // below this level, or an unused id (level 0)
    position[n] = static_cast<uint32_t>(out.nodeIds.size());
    out.nodeIds.push_back(n);
    out.nodeCells.push_back(h.nodeCell(n));
    out.nodeLevels.push_back(static_cast<uint8_t>(h.nodeLevel(n)));
  }
  const ClusterLayout& layout = h.layout(level);
  for (uint32_t n : out.nodeIds) {
    for (const AbstractEdge& e : h.edges(level, n)) {
      // Edges are stored from both ends: keep the copy from the smaller id.
      if (e.to <= n || e.to >= count || position[e.to] == Hierarchy::kNone) continue;
      out.edgeFrom.push_back(position[n]);
      out.edgeTo.push_back(position[e.to]);
      out.edgeCost.push_back(e.cost);
      out.edgeInter.push_back(layout.clusterOf(h.nodeCell(n)) != layout.clusterOf(h.nodeCell(e.to)) ? 1 : 0);
    }
  }
  return out;
}

}  // namespace hpastar
