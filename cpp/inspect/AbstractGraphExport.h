#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "hpa/Hierarchy.h"
#include "world/WorldHierarchy.h"

namespace hpastar {

// What an exported edge joins, as drawn: two nodes of one cluster of the level (intra-edge), or of two
// clusters on one floor (inter-edge), or of two clusters on different floors (vertical: a climb, a stair
// or a ladder of a block world; a 2D grid has none).
enum class ExportedEdgeKind : uint8_t { Intra = 0, Inter = 1, Vertical = 2 };
// Their names, by value: the module exports them (the contract's EDGE_KINDS).
inline constexpr std::array<const char*, 3> kExportedEdgeKindNames = {"intra", "inter", "vertical"};
static_assert(kExportedEdgeKindNames.size() == static_cast<size_t>(ExportedEdgeKind::Vertical) + 1);

// The abstract graph of one level as flat arrays, for drawing it or checking it: its nodes (those of
// that level or higher, by ascending id) and its edges, each undirected edge once. Edges refer to the
// nodes by their position in these arrays, not by node id, so that the arrays are compact whatever
// ids are unused after terrain edits. `Cell` is a Point on a 2D grid, a Voxel in a block world.
template <typename Cell>
struct AbstractGraphExportOf {
  int32_t level = 0;
  std::vector<uint32_t> nodeIds;    // the hierarchy's node ids
  std::vector<Cell> nodeCells;      // per node
  std::vector<uint8_t> nodeLevels;  // per node: its highest level (>= level)
  std::vector<uint32_t> edgeFrom;   // per edge: position of one end in the node arrays (the smaller id)
  std::vector<uint32_t> edgeTo;     // per edge: the other end
  std::vector<double> edgeCost;     // per edge
  std::vector<uint8_t> edgeKind;    // per edge: an ExportedEdgeKind
};
using AbstractGraphExport = AbstractGraphExportOf<Point>;
using WorldAbstractGraphExport = AbstractGraphExportOf<Voxel>;

// The graph of `level` (1..h.levels(); the caller checks the range): every edge of Hierarchy::edges,
// or WorldHierarchy::edges (the dominated intra-edges too, as the build's searches read them).
AbstractGraphExport exportAbstractGraph(const Hierarchy& h, int32_t level);
WorldAbstractGraphExport exportAbstractGraph(const WorldHierarchy& h, int32_t level);

}  // namespace hpastar
