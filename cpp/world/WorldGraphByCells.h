#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "world/WorldHierarchy.h"

namespace hpastar {

// One level of a world hierarchy's graph named by cells, not node ids: a hierarchy updated by
// applyBlockChanges numbers its nodes otherwise than a fresh build of the same world, so the two are
// compared this way (the digging differential test, `hpa world-dig --check`).
struct WorldLevelByCells {
  std::vector<std::pair<int32_t, int32_t>> nodes;          // (cell, node level), sorted
  std::vector<std::tuple<int32_t, int32_t, float>> edges;  // (cell, cell, cost), sorted
  std::vector<std::pair<int32_t, int32_t>> members;        // (cluster, cell), sorted
  uint32_t edgesOfLowerNodes = 0;                          // edges listed at this level for nodes below it: 0
};

WorldLevelByCells worldLevelByCells(const WorldHierarchy& h, int32_t level);

// Whether two edge costs are equal to float rounding (a distance found from the other end of an edge
// may round otherwise).
bool sameEdgeCost(float a, float b);

// How many entries of `a` and `b` differ: nodes, members and edges compared position by position (a
// length difference counts each missing entry), an edge also when its costs are not the same (sameEdgeCost),
// plus the edges of lower nodes on either side.
uint64_t countDifferences(const WorldLevelByCells& a, const WorldLevelByCells& b);

// The check of the stored path of every edge of `level` (WorldHierarchy::appendEdgePath), which a
// hierarchy updated by applyBlockChanges may have otherwise than a fresh build when two paths tie: it
// goes from the edge's node to the other end by moves legal in `world` (validateWorldPath; the
// hierarchy's own world, or another to see the check fail), costs the edge's cost (to float rounding),
// and an intra-edge's cells lie in the edge's cluster. How many edges fail; the first one's problem is
// written to `problem` when given.
uint64_t countInvalidEdgePaths(const WorldHierarchy& h, const BlockWorld& world, int32_t level,
                               std::string* problem = nullptr);

// The check of what queries search (WorldHierarchy::searchEdges): for every intra-edge of `level`, the
// distance between its ends over the searched intra-edges of their cluster is the edge's cost (to float
// rounding), so leaving out the dominated edges lengthens no path. How many edges it is not.
uint64_t countEdgesLostToTheSearch(const WorldHierarchy& h, int32_t level);

}  // namespace hpastar
