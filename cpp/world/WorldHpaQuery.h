#pragma once
#include <cstdint>
#include <vector>

#include "search/SearchSpace.h"
#include "world/WorldAStar.h"
#include "world/WorldAbstractGraph.h"
#include "world/WorldHierarchy.h"
#include "world/WorldPathSmoother.h"

namespace hpastar {

// Figures of one WorldHpaQuery::findPath (WorldPath::expanded is their sum).
struct WorldHpaStats {
  uint64_t expandedInsertion = 0;  // joining start and goal to every level
  uint64_t expandedAbstract = 0;   // the search of the top level
  // Refining the abstract path down to cells: 0, as refinement copies stored paths and walks the
  // insertion searches' trees (kept for the API's figures).
  uint64_t expandedRefinement = 0;
  uint32_t abstractPathNodes = 0;
  uint64_t smoothingSteps = 0;  // cells walked along straight runs by smoothing (its work)
};

// How WorldHpaQuery::findPath finishes a path, as HpaQueryOptions on a 2D grid.
struct WorldHpaQueryOptions {
  bool smooth = true;
  int32_t smoothingRange = 0;  // longest straight run smoothing tries, in steps; 0 = 3 × the box side
};

// One thread's HPA* searches against a shared, read-only WorldHierarchy (which must outlive it), as
// HpaStarQuery on a 2D grid: start and goal are joined to the nodes of their box at every level (a
// Dijkstra inside the box: over cells at level 1, over the level below's graph above), an A* runs on
// the top level over the whole world, and each abstract edge is refined level by level down to cells
// (the hierarchy's stored path of an edge between two of its nodes; for an edge of the start or the goal,
// the path in the tree of the insertion search that found it, kept per level and endpoint). Unreachable
// goals are answered from the component labels without a search. By default the refined path is then
// smoothed (WorldPathSmoother: straight runs of one legal move replace costlier parts). Paths are valid and
// near-optimal. Scratch is kept between queries: after the first, a query allocates nothing but the growth of
// `out.cells` (and of the smoother's scratch, to the longest path).
class WorldHpaQuery {
 public:
  explicit WorldHpaQuery(const WorldHierarchy& hierarchy) : h_(&hierarchy) {}

  // StartInvalid / GoalInvalid for a cell outside the world or not standing; NoPath when the labels say
  // the cells are not connected; else Found with the path, its cost recomputed from its moves.
  PathStatus findPath(Voxel start, Voxel goal, WorldPath& out, WorldHpaStats* stats = nullptr) {
    return findPath(start, goal, out, WorldHpaQueryOptions{}, stats);
  }
  PathStatus findPath(Voxel start, Voxel goal, WorldPath& out, const WorldHpaQueryOptions& options,
                      WorldHpaStats* stats = nullptr);

  const WorldHierarchy& hierarchy() const { return *h_; }

 private:
  void insertEndpoints(WorldHpaStats& stats);
  void refineEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells);
  // Appends the cells after a up to b of an edge of the start or the goal (one end an endpoint).
  void refineEndpointEdge(int32_t level, uint32_t a, uint32_t b, std::vector<Voxel>& cells);

  const WorldHierarchy* h_;
  WorldQueryOverlay overlay_;
  // The insertion searches of the start ([0]) and the goal ([1]), kept until the next query: their trees
  // are the paths of the endpoints' edges. Over cells at level 1; over nodes at level l > 1, [l - 2].
  SearchSpace endpointCells_[2];
  std::vector<NodeSearchSpace> endpointNodes_[2];
  NodeSearchSpace nodeSpace_;  // the top level's A*
  std::vector<uint8_t> cellTargets_, nodeTargets_;
  std::vector<uint32_t> abstractPath_;
  std::vector<std::vector<uint32_t>> levelPaths_;  // scratch per level while refining
  WorldPathSmoother smoother_;
};

}  // namespace hpastar
