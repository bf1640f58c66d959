#pragma once
#include <span>
#include <string>

#include "path/PathValidator.h"
#include "world/BlockWorld.h"

namespace hpastar {

// The move from `from` to `to` (one of the WorldMoves.h codes, legal in `world`), or -1 when no legal
// move joins them.
int worldMoveBetween(const BlockWorld& world, Voxel from, Voxel to);

// The check of a path on a block world, as validatePath on a grid: the first cell is `start`, the last
// `goal`, every step is a legal move (BlockWorld's rules), and `reportedCost` equals the sum of the
// moves' costs (relative tolerance `tolerance`).
PathCheck validateWorldPath(const BlockWorld& world, Voxel start, Voxel goal, std::span<const Voxel> cells,
                            double reportedCost, double tolerance = 1e-9);

std::string voxelText(Voxel v);  // "(x, y, z)"

}  // namespace hpastar
