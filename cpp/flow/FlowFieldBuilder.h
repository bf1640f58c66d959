#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "flow/FlowField.h"
#include "hpa/Hierarchy.h"
#include "search/DijkstraSearch.h"
#include "search/SearchSpace.h"

namespace hpastar {

// What one build or refresh did.
struct FlowFieldStats {
  uint32_t clustersIntegrated = 0;  // level-1 clusters whose cells were integrated (a Dijkstra each)
  uint32_t clustersKept = 0;        // computed clusters a refresh left as they were
  uint64_t abstractExpanded = 0;    // nodes settled by the abstract search
  uint64_t cellsExpanded = 0;       // cells settled by the clusters' integrations
};

// Builds and refreshes flow fields (FlowField.h) from a hierarchy. One object per thread: it owns the
// scratch of the abstract search and of the per-cluster integrations, so once it and the field have
// grown to a map's size, building or refreshing a field allocates nothing.
//
// Both steps read the hierarchy's level-1 graph, which holds every transition node: the abstract search
// is one Dijkstra from the goal over it (the goal joined to its cluster's nodes by a Dijkstra inside that
// cluster), which settles every node of the goal's component in a few thousand expansions; the fine work
// is the per-cluster integrations.
class FlowFieldBuilder {
 public:
  // The field of `goal` over every cell of its component. With `starts`, only over the level-1 clusters
  // the field's paths from those starts go through (each such cluster whole, so agents pushed off the path
  // still have a step); the other cells read FlowField::kNotComputed. Starts that are blocked or in
  // another component are kept but have no step. "" on success; else why (the goal outside the map or
  // blocked, a start outside the map), and `out` is left as it was.
  std::string build(const Hierarchy& h, Point goal, FlowField& out, std::span<const Point> starts = {},
                    FlowFieldStats* stats = nullptr);

  // Brings a field built on an earlier version of `h` (an edited copy of the hierarchy it was built on) up
  // to date, cluster by cluster. The abstract search runs again (an edit anywhere may change the distance
  // of every node beyond it); a cluster is integrated again when its terrain changed (the hierarchy rebuilt
  // it: its block is not the one the field was integrated on) or when its seeds changed (which nodes, the
  // step they take, or their distances other than by one shift for the whole cluster, which changes no
  // step in it). Every other cluster keeps its steps. A corridors-only field also follows its starts again
  // and computes the clusters their paths now cross. The result has the steps a fresh build gives (the same
  // up to ties between equally short ways). Errors as build(): the goal may have been walled in; the field
  // is then emptied (every cell kNoStep).
  std::string refresh(const Hierarchy& h, FlowField& field, FlowFieldStats* stats = nullptr);

  // Widens a field to more starts' corridors (appended to its starts), or, with none, to the whole
  // component, then refreshes it to `h` (nothing to do when it covers them and is of h's version). Errors
  // as refresh(); a start outside the map is refused first.
  std::string extend(const Hierarchy& h, FlowField& field, std::span<const Point> starts,
                     FlowFieldStats* stats = nullptr);

  // Why `goal` cannot have a field on `grid` ("" when it can): names the value.
  static std::string checkGoal(const Grid& grid, Point goal);
  static std::string checkStarts(const Grid& grid, std::span<const Point> starts);

 private:
  std::string run(const Hierarchy& h, FlowField& field, bool fresh, FlowFieldStats& stats);
  void searchAbstract(const Hierarchy& h, Point goal, FlowFieldStats& stats);
  void collectSeeds(const Hierarchy& h, Point goal);
  bool sameSeeds(const FlowField& field, int32_t cluster) const;
  void integrate(const Hierarchy& h, FlowField& field, int32_t cluster, FlowFieldStats& stats);
  template <bool Weighted>
  uint64_t integrateLoop(const Grid& grid, const Rect& area);
  void walkStarts(const Hierarchy& h, FlowField& field, FlowFieldStats& stats);
  // A new stamp for walked_ (grown to the grid's cells).
  uint32_t nextStamp(const Grid& grid);

  DijkstraSearch goalSearch_;          // the goal's cluster, to join the goal to its nodes
  NodeSearchSpace nodes_;              // the abstract search
  SearchSpace cells_;                  // one cluster's integration
  std::vector<uint32_t> seedOffsets_;  // the seeds of the current search, as FlowField keeps them
  std::vector<FlowField::Seed> seeds_;
  std::vector<uint32_t> walked_;  // per map cell: the walk that last passed it, or a start (corridors)
  uint32_t walk_ = 0;
};

}  // namespace hpastar
