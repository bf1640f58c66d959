#pragma once
#include <cstdint>
#include <vector>

#include "grid/Grid.h"
#include "grid/Rect.h"
#include "hpa/ClusterLayout.h"

namespace hpastar {

// Labels the connected parts of the passable cells of `area`, moving only inside it: per cell, row major
// over the area, 0 for a blocked cell, else 1..count in the order a row-major scan first meets them.
// Returns the count. The labels depend only on the grid and the area, so a loader can recompute them.
uint32_t labelClusterRegions(const Grid& grid, const Rect& area, std::vector<uint32_t>& regions);
// The same for cluster `cluster` of `layout`: over its rectangle, and for a merged cluster only its own cells and
// the moves that stay in it (0 for the box's other cells).
uint32_t labelClusterRegions(const Grid& grid, const ClusterLayout& layout, int32_t cluster,
                             std::vector<uint32_t>& regions);

// Per region of labels made by labelClusterRegions (`count` of them): its number of cells, and the index of
// its first cell. Labels above `count` (only in bytes a loader will refuse) are left out.
void summarizeRegions(const std::vector<uint32_t>& regions, uint32_t count, std::vector<uint32_t>& cells,
                      std::vector<uint32_t>& first);

}  // namespace hpastar
