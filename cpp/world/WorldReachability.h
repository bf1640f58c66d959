#pragma once
// Reachability on a block world's hierarchy, without search, as hpa/Reachability.h answers it on a grid:
// the nearest standing cell of a component and a random one. Each answer reads the hierarchy as it is.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grid/CellPicking.h"
#include "world/WorldHierarchy.h"

namespace hpastar {

// The standing cell nearest to `from` (by worldDistanceBound, exact ties to the smaller z, then y, then x;
// nearestInVolume) in component `component`, or any standing cell for 0, within `maxDistance`. Nothing
// when there is none.
std::optional<Voxel> nearestStanding(const WorldHierarchy& h, Voxel from, uint32_t component, double maxDistance);
// The same on a world without its hierarchy: the nearest cell where an agent stands, any component.
std::optional<Voxel> nearestStanding(const BlockWorld& world, Voxel from, double maxDistance);

// The goal a path from `start` can end on (the `toNearest` rule of a grid's CellPicking, on a block world):
// `goal` itself when a path joins them, else the standing cell nearest to `goal` in `start`'s component (as
// nearestStanding: the distance bound, ties to the smaller z, then y, then x); nothing when `start` is not
// a standing cell of the world.
std::optional<Voxel> nearestReachableGoal(const WorldHierarchy& h, Voxel start, Voxel goal);

// The `toNearest` rule over a batch of queries packed [sx, sy, sz, gx, gy, gz, ...]: each goal its start
// cannot reach becomes nearestReachableGoal's cell, in place; `moved` gets one EndpointMove byte per query
// (kGoalMoved | kGoalUnreachable for a moved goal, 0 otherwise). A start that is not a standing cell moves
// nothing: the search then says why it fails.
void moveGoalsToNearestReachable(const WorldHierarchy& h, std::span<int32_t> queries, std::vector<uint8_t>& moved);

// A standing cell of component `component` (0: any), uniform over its cells; nothing when it has none.
// Uniform cells are drawn first (kSampleTries at most); if none falls in the component, the k-th of its
// cells is found by counting them in one pass over the world (a component that small is rare, and a pass
// over a 256 x 256 x 16 world reads a million labels).
std::optional<Voxel> randomStanding(const WorldHierarchy& h, uint32_t component, CellRandom& random);

}  // namespace hpastar
