#pragma once
#include <cstdint>
#include <vector>

#include "search/PathResult.h"
#include "search/SearchSpace.h"
#include "world/BlockWorld.h"
#include "world/WorldComponents.h"

namespace hpastar {

// The answer of a search on a block world: as PathResult, with cells in three dimensions.
struct WorldPath {
  PathStatus status = PathStatus::NoPath;
  double cost = 0;
  std::vector<Voxel> cells;  // start to goal inclusive
  uint64_t expanded = 0;

  bool found() const { return status == PathStatus::Found; }
};

// Optimal A* on a block world, through the loop every A* and Dijkstra of the library runs
// (BestFirstSearch::search over a BlockWorldGraph). One object per thread: it owns its scratch and
// reuses it, so queries after the first allocate nothing (beyond growing `out.cells`).
class WorldAStar {
 public:
  // Finds a shortest path from start to goal. StartInvalid / GoalInvalid for a cell outside the world
  // or not standing; NoPath when they are not connected: at once when `components` (of this world as it
  // is) are given, else after searching all that the start reaches.
  PathStatus findPath(const BlockWorld& world, Voxel start, Voxel goal, WorldPath& out,
                      const WorldComponents* components = nullptr);
  // The same with the path kept inside `box` (which must lie in the world; start or goal outside it are
  // invalid): the in-cluster searches of a hierarchy over the world.
  PathStatus findPath(const BlockWorld& world, const Box& box, Voxel start, Voxel goal, WorldPath& out);

  size_t scratchBytes() const { return space_.bytes(); }

 private:
  SearchSpace space_;
};

}  // namespace hpastar
