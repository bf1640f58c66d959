#include "inspect/AbstractGraphExport.h"

namespace hpastar {

namespace {

// What the one exporter below reads of each kind of hierarchy: a node's cell and the floor of a cell.
Point nodeCellOf(const Hierarchy& h, uint32_t n) { return h.nodeCell(n); }
Voxel nodeCellOf(const WorldHierarchy& h, uint32_t n) { return h.nodeVoxel(n); }
int32_t floorOf(Point) { return 0; }
int32_t floorOf(Voxel v) { return v.z; }

template <typename H>
auto exportGraphOf(const H& h, int32_t level) {
  AbstractGraphExportOf<decltype(nodeCellOf(h, 0))> out;
  out.level = level;
  const uint32_t count = h.nodeCount();
  std::vector<uint32_t> position(count, H::kNone);
  for (uint32_t n = 0; n < count; ++n) {
    if (h.nodeLevel(n) < level) continue;  // below this level, or an unused id (level 0)
    position[n] = static_cast<uint32_t>(out.nodeIds.size());
    out.nodeIds.push_back(n);
    out.nodeCells.push_back(nodeCellOf(h, n));
    out.nodeLevels.push_back(static_cast<uint8_t>(h.nodeLevel(n)));
  }
  const auto& layout = h.layout(level);
  for (uint32_t n : out.nodeIds) {
    const auto a = nodeCellOf(h, n);
    for (const auto& e : h.edges(level, n)) {
      // Edges are stored from both ends: keep the copy from the smaller id.
      if (e.to <= n || e.to >= count || position[e.to] == H::kNone) continue;
      const auto b = nodeCellOf(h, e.to);
      ExportedEdgeKind kind = ExportedEdgeKind::Intra;
      if (layout.clusterOf(a) != layout.clusterOf(b))
        kind = floorOf(a) == floorOf(b) ? ExportedEdgeKind::Inter : ExportedEdgeKind::Vertical;
      out.edgeFrom.push_back(position[n]);
      out.edgeTo.push_back(position[e.to]);
      out.edgeCost.push_back(e.cost);
      out.edgeKind.push_back(static_cast<uint8_t>(kind));
    }
  }
  return out;
}

}  // namespace

AbstractGraphExport exportAbstractGraph(const Hierarchy& h, int32_t level) { return exportGraphOf(h, level); }

WorldAbstractGraphExport exportAbstractGraph(const WorldHierarchy& h, int32_t level) { return exportGraphOf(h, level); }

}  // namespace hpastar
