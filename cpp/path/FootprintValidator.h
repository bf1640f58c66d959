#pragma once
#include <cstdint>
#include <span>

#include "grid/Grid.h"
#include "path/PathValidator.h"

namespace hpastar {

// validatePath for an S×S agent of a capability (Annotated A*, HAA*), checked from the terrain itself,
// not from any clearance map, so it stays an independent oracle of the clearance and of the move rule:
// the path's cells are the agent's anchors (top-left cells) from `start` to `goal`; every cell of the
// S×S square at every anchor is inside the map and of the capability; each step is one of the 8 moves
// and, for a diagonal (dx, dy) from (x, y), the squares at (x+dx, y) and (x, y+dy) are such squares
// too (no corner of the footprint cut); `reportedCost` equals the cost recomputed from the anchors'
// steps (pathCost: Grid::moveCost, as for one cell).
PathCheck validateFootprintPath(const Grid& grid, Capability capability, int32_t size, Point start, Point goal,
                                std::span<const Point> cells, double reportedCost, double tolerance = 1e-9);

// Whether the S×S square with top-left cell `anchor` is inside the map and holds only cells of `capability`,
// cell by cell.
bool footprintFits(const Grid& grid, Capability capability, int32_t size, Point anchor);

}  // namespace hpastar
