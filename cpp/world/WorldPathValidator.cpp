#include "world/WorldPathValidator.h"

#include <algorithm>
#include <cmath>

#include "contract/DecimalText.h"

namespace hpastar {

std::string voxelText(Voxel v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

int worldMoveBetween(const BlockWorld& world, Voxel from, Voxel to) {
  if (!world.inside(from)) return -1;
  // A climb and a stair have the same offset; at most one of them is legal between two cells. Only the
  // legal moves are tried (every path's cost is recomputed through here).
  for (uint32_t legal = world.moveMask(world.index(from)); legal; legal &= legal - 1) {
    const int m = __builtin_ctz(legal);
    if (from.x + kWorldMoveDx[m] == to.x && from.y + kWorldMoveDy[m] == to.y && from.z + kWorldMoveDz[m] == to.z)
      return m;
  }
  return -1;
}

PathCheck validateWorldPath(const BlockWorld& world, Voxel start, Voxel goal, std::span<const Voxel> cells,
                            double reportedCost, double tolerance) {
  PathCheck check;
  auto fail = [&](std::string problem) {
    check.problem = std::move(problem);
    return check;
  };
  if (cells.empty()) return fail("path is empty");
  if (cells.front() != start)
    return fail("path starts at " + voxelText(cells.front()) + ", not at start " + voxelText(start));
  if (cells.back() != goal) return fail("path ends at " + voxelText(cells.back()) + ", not at goal " + voxelText(goal));
  if (!world.standing(start)) return fail("start " + voxelText(start) + " is not a standing cell");
  double cost = 0;
  for (size_t i = 1; i < cells.size(); ++i) {
    const int m = worldMoveBetween(world, cells[i - 1], cells[i]);
    if (m < 0)
      return fail("step " + std::to_string(i) + " from " + voxelText(cells[i - 1]) + " to " + voxelText(cells[i]) +
                  " is not a legal move");
    cost += world.moveCost(world.index(cells[i - 1]), m);
  }
  check.recomputedCost = cost;
  if (std::abs(cost - reportedCost) > tolerance * std::max(1.0, cost))
    return fail("reported cost " + fixedText(reportedCost, 6) + " differs from the steps' cost " + fixedText(cost, 6));
  check.valid = true;
  return check;
}

}  // namespace hpastar
