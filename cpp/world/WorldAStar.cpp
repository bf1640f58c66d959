#include "world/WorldAStar.h"

#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"

namespace hpastar {

PathStatus WorldAStar::findPath(const BlockWorld& world, Voxel start, Voxel goal, WorldPath& out,
                                const WorldComponents* components) {
  if (components && world.standing(start) && world.standing(goal) && !components->connected(world, start, goal)) {
    out.cells.clear();
    out.cost = 0;
    out.expanded = 0;
    return out.status = PathStatus::NoPath;
  }
  return findPath(world, world.bounds(), start, goal, out);
}

PathStatus WorldAStar::findPath(const BlockWorld& world, const Box& box, Voxel start, Voxel goal, WorldPath& out) {
  out.cells.clear();
  out.cost = 0;
  out.expanded = 0;
  if (!box.contains(start) || !world.standing(start)) return out.status = PathStatus::StartInvalid;
  if (!box.contains(goal) || !world.standing(goal)) return out.status = PathStatus::GoalInvalid;
  if (start == goal) {
    out.cells.push_back(start);
    return out.status = PathStatus::Found;
  }
  const BlockWorldGraph graph(world, box, goal);
  const uint32_t goalId = graph.idOf(goal);
  out.expanded = BestFirstSearch::search<true>(space_, graph, graph.idOf(start), goalId);
  if (!space_.closed(goalId)) return out.status = PathStatus::NoPath;
  BestFirstSearch::appendPath(
      space_, graph, goalId, [&](uint32_t id) { return graph.voxelOf(id); }, out.cells);
  out.cost = space_.g()[goalId];
  return out.status = PathStatus::Found;
}

}  // namespace hpastar
