#include "world/WorldReachability.h"

#include <algorithm>
#include <cmath>

namespace hpastar {

namespace {

// worldDistanceBound in 64 bits, written as a + b√2 with whole a and b, so that two cells at the same
// distance get the same double (√2 is irrational: equal distances have equal a and b) and ties go by
// the (z, y, x) rule, not by rounding.
double worldSpan(int64_t dx, int64_t dy, int64_t dz) {
  const int64_t lo = std::min(dx, dy), hi = std::max(dx, dy);
  const double across = static_cast<double>(hi - lo - dz) + kSqrt2 * static_cast<double>(lo + dz);
  return across > static_cast<double>(dz) ? across : static_cast<double>(dz);
}

// Whether the cell at `index` is one an answer about `component` may give.
bool inComponent(const WorldHierarchy& h, int32_t index, uint32_t component) {
  const uint32_t label = h.components().of(index);
  return component == 0 ? label != 0 : label == component;
}

// The cell nearest to `from` where `accepts(index)` holds (the rule of nearestStanding).
template <class Accepts>
std::optional<Voxel> nearestWhere(const BlockWorld& world, Voxel from, double maxDistance, Accepts&& accepts) {
  std::optional<Voxel> out;
  nearestInVolume(
      world.width(), world.height(), world.levels(), from.x, from.y, from.z, maxDistance,
      [](int64_t dx, int64_t dy, int64_t dz) { return worldSpan(dx, dy, dz); },
      [&](int64_t x, int64_t y, int64_t z) {
        return accepts(world.index(static_cast<int32_t>(x), static_cast<int32_t>(y), static_cast<int32_t>(z)));
      },
      [&](int64_t x, int64_t y, int64_t z) {
        out = Voxel{static_cast<int32_t>(x), static_cast<int32_t>(y), static_cast<int32_t>(z)};
      });
  return out;
}

}  // namespace

std::optional<Voxel> nearestStanding(const WorldHierarchy& h, Voxel from, uint32_t component, double maxDistance) {
  return nearestWhere(h.world(), from, maxDistance, [&](int32_t index) { return inComponent(h, index, component); });
}

std::optional<Voxel> nearestReachableGoal(const WorldHierarchy& h, Voxel start, Voxel goal) {
  const BlockWorld& world = h.world();
  if (!world.inside(start.x, start.y, start.z)) return std::nullopt;
  const uint32_t component = h.components().of(world.index(start));
  if (component == 0) return std::nullopt;
  if (world.inside(goal.x, goal.y, goal.z) && h.components().of(world.index(goal)) == component) return goal;
  return nearestStanding(h, goal, component, INFINITY);
}

void moveGoalsToNearestReachable(const WorldHierarchy& h, std::span<int32_t> queries, std::vector<uint8_t>& moved) {
  constexpr size_t kStride = 6;  // sx, sy, sz, gx, gy, gz
  moved.assign(queries.size() / kStride, 0);
  for (size_t i = 0; i < moved.size(); ++i) {
    int32_t* q = queries.data() + kStride * i;
    const Voxel goal{q[3], q[4], q[5]};
    const std::optional<Voxel> reached = nearestReachableGoal(h, Voxel{q[0], q[1], q[2]}, goal);
    if (!reached || *reached == goal) continue;
    q[3] = reached->x;
    q[4] = reached->y;
    q[5] = reached->z;
    moved[i] = kGoalMoved | kGoalUnreachable;
  }
}

std::optional<Voxel> nearestStanding(const BlockWorld& world, Voxel from, double maxDistance) {
  const int32_t area = world.levelArea();
  return nearestWhere(world, from, maxDistance, [&](int32_t index) { return world.standingAt(index, index / area); });
}

std::optional<Voxel> randomStanding(const WorldHierarchy& h, uint32_t component, CellRandom& random) {
  const BlockWorld& world = h.world();
  const uint64_t cells = static_cast<uint64_t>(world.cellCount());
  for (int t = 0; t < kSampleTries; ++t) {
    const int32_t index = static_cast<int32_t>(random.below(cells));
    if (inComponent(h, index, component)) return world.voxelOf(index);
  }
  // Exact: count the component's cells, then take the k-th in index order.
  uint64_t count = 0;
  for (int32_t i = 0; i < world.cellCount(); ++i) count += inComponent(h, i, component);
  if (count == 0) return std::nullopt;
  uint64_t k = random.below(count);
  for (int32_t i = 0; i < world.cellCount(); ++i)
    if (inComponent(h, i, component) && k-- == 0) return world.voxelOf(i);
  return std::nullopt;  // not reached: k < count
}

}  // namespace hpastar
