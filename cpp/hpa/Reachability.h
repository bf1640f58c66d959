#pragma once
// Reachability on a hierarchy, without search: which component a cell is in (Hierarchy::componentOf),
// the nearest passable cell of a component, a random one, and where the `snap` query option moves a
// query's endpoints. Each answer reads one version of the hierarchy; none allocates.
#include <cstdint>
#include <optional>
#include <vector>

#include "grid/CellPicking.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

// The passable cell nearest to `from` (by octile distance, ties to the smaller y then x; nearestCell) in
// component `component`, or any passable cell for 0, within `maxDistance`. Nothing when there is none, at
// once when the component has no cells.
std::optional<Point> nearestPassable(const Hierarchy& h, Point from, uint32_t component, double maxDistance);

// A passable cell of component `component` (0: any), uniform over its cells; nothing when it has none.
// Uniform map cells are drawn first (kSampleTries at most: O(1) for components that cover a good part of the
// map); if none falls in the component, the k-th of its cells is found exactly, by counting cells region by
// region (each region's count is kept with the labels), then in one cluster: O(regions + cluster cells),
// never a pass over the map.
std::optional<Point> randomPassable(const Hierarchy& h, uint32_t component, CellRandom& random);

// The component labels as a reader without the hierarchy keeps them (the package's main-thread view of a
// pool's labels): a cell's label is regionComponent[regionBase[c] + region - 1], c its level-1 cluster and
// region its region there (cellRegions; 0: blocked). An edit changes the regions of the clusters it
// rebuilds only, and these two tables, which are small (one entry per region).
void labelTables(const Hierarchy& h, std::vector<uint32_t>& regionBase, std::vector<uint32_t>& regionComponent);

// Per cell of `area` (inside the map), row-major: its region in its own level-1 cluster, 0 where blocked.
void cellRegions(const Hierarchy& h, Rect area, std::vector<uint32_t>& out);

// snapEndpoints (CellPicking.h) on this hierarchy's components.
SnappedEndpoints snapEndpoints(const Hierarchy& h, Point start, Point goal, uint8_t rule = kSnapInvalidEndpoints);

}  // namespace hpastar
