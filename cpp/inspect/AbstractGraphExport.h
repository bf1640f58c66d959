#pragma once
#include <cstdint>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar {

// The abstract graph of one level as flat arrays, for drawing it or checking it: its nodes (those of
// that level or higher, by ascending id) and its edges, each undirected edge once. Edges refer to the
// nodes by their position in these arrays, not by node id, so that the arrays are compact whatever
// ids are unused after terrain edits.
struct AbstractGraphExport {
  int32_t level = 0;
  std::vector<uint32_t> nodeIds;    // the hierarchy's node ids
  std::vector<Point> nodeCells;     // per node
  std::vector<uint8_t> nodeLevels;  // per node: its highest level (>= level)
  std::vector<uint32_t> edgeFrom;   // per edge: position of one end in the node arrays (the smaller id)
  std::vector<uint32_t> edgeTo;     // per edge: the other end
  std::vector<double> edgeCost;     // per edge
  std::vector<uint8_t> edgeInter;   // per edge: 1 when it crosses a border of this level's clusters
};

// The graph of `level` (1..h.levels(); the caller checks the range).
AbstractGraphExport exportAbstractGraph(const Hierarchy& h, int32_t level);

}  // namespace hpastar
