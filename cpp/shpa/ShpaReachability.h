#pragma once
// Reachability on an SHPA* graph, without search: the same questions and answers as on an HPA* hierarchy
// (hpa/Reachability.h), from the graph's per-cluster component labels. None allocates.
#include <cstdint>
#include <optional>

#include "grid/CellPicking.h"
#include "shpa/ShpaStarGraph.h"

namespace hpastar {

// As nearestPassable of a Hierarchy: the nearest passable cell of `component` (0: any) within maxDistance.
std::optional<Point> nearestPassable(const ShpaStarGraph& g, Point from, uint32_t component, double maxDistance);

// As randomPassable of a Hierarchy: uniform over the component's cells (0: any passable cell). Uniform map
// cells first, then the k-th cell counted cluster by cluster (each cluster's cells are kept): O(clusters +
// one cluster's box).
std::optional<Point> randomPassable(const ShpaStarGraph& g, uint32_t component, CellRandom& random);

// snapEndpoints (CellPicking.h) on this graph's components.
SnappedEndpoints snapEndpoints(const ShpaStarGraph& g, Point start, Point goal, uint8_t rule = kSnapInvalidEndpoints);

}  // namespace hpastar
