#pragma once
#include <cstdint>
#include <vector>

#include "grid/Point.h"
#include "grid/Rect.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"

namespace hpastar {

// What a viewer draws of a hierarchy besides its graphs (AbstractGraphExport): the clusters of a level,
// how a query's start and goal join the graph of every level, and the connected components of the
// cells. Read from the hierarchy and the query objects, so that no viewer has to repeat their rules.

// The clusters of one level (its ClusterLayout): rectangles numbered as the hierarchy numbers them,
// row by row, the last row and column clipped to the map.
struct ClusterRects {
  int32_t level = 0;
  int32_t side = 0;  // the unclipped side, in cells
  int32_t columns = 0;
  int32_t rows = 0;
  std::vector<Rect> rects;  // [cluster]
};

// The clusters of `level` (1..h.levels(); the caller checks the range).
ClusterRects exportClusterRects(const Hierarchy& h, int32_t level);

// The edges of one endpoint (start or goal) into one level's graph: to nodes of the hierarchy.
struct EndpointEdges {
  std::vector<uint32_t> nodeIds;
  std::vector<Point> nodeCells;
  std::vector<double> costs;
};

struct LevelConnections {
  int32_t level = 0;
  EndpointEdges start, goal;
  double direct = -1;  // the start-goal edge (they share a cluster of this level and meet inside it), or -1
};

struct QueryConnections {
  Point start, goal;
  std::vector<LevelConnections> levels;  // [level - 1]
  uint64_t expanded = 0;                 // the insertion's expansions
};

// How `query` joins start and goal to the graph of every level (HpaStarQuery::connectEndpoints): the
// edges plan() gives them, also when there is no path or start is goal. Both cells must be passable
// (the caller checks).
QueryConnections exportQueryConnections(HpaStarQuery& query, Point start, Point goal);

// The component of every cell, row-major (Hierarchy::componentOf): 0 for a blocked cell, else
// 1..stats().components, numbered by their first cell in row-major order, so the numbering depends on the
// terrain only: it is the same for any cluster size and after edits that do not change the components.
std::vector<uint32_t> exportComponentLabels(const Hierarchy& h);

}  // namespace hpastar
