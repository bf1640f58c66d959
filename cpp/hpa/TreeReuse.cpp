#include "hpa/TreeReuse.h"

#include "grid/Moves.h"

namespace hpastar {

bool TreeReuse::unchanged(std::span<const uint16_t> oldDistances, std::span<const int32_t> flipped,
                          const std::vector<uint32_t>& regions, uint32_t sourceRegion, uint16_t unreachable) {
  for (const int32_t f : flipped) {
    const size_t i = static_cast<size_t>(f);
    if (oldDistances[i] != unreachable || regions[i] == sourceRegion) return false;
  }
  return true;
}

double TreeReuse::distance(std::span<const uint8_t> directions, int32_t width, int32_t local,
                           std::vector<uint8_t>& steps) {
  // Bounded by the area: a longer walk would be a corrupted tree (the caller's trees are its own).
  steps.clear();
  for (uint8_t dir = directions[static_cast<size_t>(local)]; dir < kDirCount && steps.size() < directions.size();
       dir = directions[static_cast<size_t>(local)]) {
    steps.push_back(dir);
    local += kDirDy[dir] * width + kDirDx[dir];
  }
  // A move costs the same both ways: the step towards the source costs what the run's step away did.
  double g = 0;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) g += kDirCost[*it];
  return g;
}

}  // namespace hpastar
