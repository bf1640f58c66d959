#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "flow/FlowField.h"
#include "search/SearchSpace.h"

namespace hpastar {

// What one build or refresh did.
struct FlowFieldStats {
  uint32_t clustersIntegrated = 0;  // level-1 clusters whose cells were integrated (a Dijkstra each)
  uint32_t clustersKept = 0;        // computed clusters a refresh left as they were
  uint64_t abstractExpanded = 0;    // nodes settled by the abstract search
  uint64_t cellsExpanded = 0;       // cells settled by the goal's cluster search and the integrations
};

// Builds and refreshes flow fields (FlowField.h) from a hierarchy: written once, for a grid's hierarchy
// (FlowFieldBuilder) and a block world's (WorldFlowFieldBuilder); the Domain answers what differs. One
// object per thread: it owns the scratch of the abstract search and of the per-cluster integrations, so
// once it and the field have grown to a world's size, building or refreshing a field allocates nothing.
//
// Both steps read the hierarchy's level-1 graph, which holds every transition node: the abstract search
// is one Dijkstra from the goal over it (the goal joined to its cluster's nodes by a Dijkstra inside that
// cluster), which settles every node of the goal's component in a few thousand expansions; the fine work
// is the per-cluster integrations.
template <typename Domain>
class BasicFlowFieldBuilder {
 public:
  using Planner = typename Domain::Planner;
  using Cell = typename Domain::Cell;
  using Field = BasicFlowField<Domain>;

  // The field of `goal` over every cell of its component. With `starts`, only over the level-1 clusters
  // the field's paths from those starts go through (each such cluster whole, so agents pushed off the path
  // still have a step); the other cells read Field::kNotComputed. Starts that are blocked or in another
  // component are kept but have no step. "" on success; else why (the goal outside the world or blocked, a
  // start outside the world), and `out` is left as it was.
  std::string build(const Planner& h, Cell goal, Field& out, std::span<const Cell> starts = {},
                    FlowFieldStats* stats = nullptr);

  // Brings a field built on an earlier version of `h` (an edited copy of the hierarchy it was built on) up
  // to date, cluster by cluster. The abstract search runs again (an edit anywhere may change the distance
  // of every node beyond it); a cluster is integrated again when its cells changed (Domain::sameStamp) or
  // when its seeds changed (which cells, the step they take, or their values other than by one shift for
  // the whole cluster, which changes no step in it; across whole borders, a seed's value comes from the
  // neighbour's border, kept in the field). Every other cluster keeps its steps. A corridors-only field
  // also follows its starts again and computes the clusters their paths now cross. The result walks as a
  // fresh build's does (its steps the same up to ties between equally short ways). Errors as build(): the
  // goal may have been walled in; the field is then emptied (every cell kNoStep).
  std::string refresh(const Planner& h, Field& field, FlowFieldStats* stats = nullptr);

  // Widens a field to more starts' corridors (appended to its starts), or, with none, to the whole
  // component, then refreshes it to `h` (nothing to do when it covers them and is of h's version). Errors
  // as refresh(); a start outside the world is refused first.
  std::string extend(const Planner& h, Field& field, std::span<const Cell> starts, FlowFieldStats* stats = nullptr);

  // Why `goal` cannot have a field on `h` ("" when it can): names the value.
  static std::string checkGoal(const Planner& h, Cell goal) { return Domain::checkGoal(h, goal); }
  static std::string checkStarts(const Planner& h, std::span<const Cell> starts);

 private:
  using Seed = typename Field::Seed;

  std::string run(const Planner& h, Field& field, bool fresh, FlowFieldStats& stats);
  void searchAbstract(const Planner& h, Cell goal, FlowFieldStats& stats);
  void collectSeeds(const Planner& h, Cell goal);
  // Counts each cluster's border cells into the field's offsets (a fresh field).
  void layOutBorders(Field& field);
  // Whole component: every cluster in the order of its smallest seed, seeded across whole borders.
  void integrateInOrder(const Planner& h, Field& field, FlowFieldStats& stats);
  // Gathers the cluster's seeds (its transitions', and with `acrossBorders` its border cells' next to
  // clusters already integrated), then keeps its steps if they would not change or integrates it.
  void settleCluster(const Planner& h, Field& field, int32_t cluster, bool acrossBorders, FlowFieldStats& stats);
  void gatherBorderSeeds(const Planner& h, int32_t cluster);
  // Lowers the keys of the clusters not yet integrated next to `cluster`'s border cells.
  void offerToNeighbours(const Planner& h, int32_t cluster);
  // Copies the stored V of a kept cluster's border cells (plus `low`) to value_.
  void restoreBorder(const Field& field, int32_t cluster, double low);
  bool sameSeeds(const Field& field, int32_t cluster, std::span<const Seed> seeds) const;
  // Integrates a cluster from seeds relative to `low`; stores its border cells' V in the field, and in
  // value_ with `toValues`.
  void integrate(const Planner& h, Field& field, int32_t cluster, std::span<const Seed> seeds, double low,
                 bool toValues, FlowFieldStats& stats);
  // A corridor field's cluster reached by a walk or the window: seeded at its transitions.
  void integrateAtTransitions(const Planner& h, Field& field, int32_t cluster, FlowFieldStats& stats);
  void walkStarts(const Planner& h, Field& field, FlowFieldStats& stats);
  // The exact steps near the goal (FlowField.h): a Dijkstra from the goal over the window, whose cells
  // below the proven bound take its steps (their clusters integrated first when the field left them out).
  void stepExactlyNearGoal(const Planner& h, Field& field, FlowFieldStats& stats);
  // A new stamp for walked_ (grown to the world's cells).
  uint32_t nextStamp(const Planner& h);

  SearchSpace goalCells_;      // the goal's cluster, to join the goal to its nodes
  NodeSearchSpace nodes_;      // the abstract search
  SearchSpace cells_;          // one cluster's integration
  SearchSpace window_;         // the Dijkstra over the window around the goal
  std::vector<uint8_t> redo_;  // per cluster: integrate again (it held exact steps)
  // Per cluster, its transition seeds: transitions_[transitionOffsets_[c] .. [c + 1]), relative to
  // transitionLow_[c] (their smallest, 0 without any).
  std::vector<uint32_t> transitionOffsets_;
  std::vector<Seed> transitions_;
  std::vector<double> transitionLow_;
  std::span<const Seed> transitionsOf(int32_t cluster) const {
    const size_t c = static_cast<size_t>(cluster);
    return std::span<const Seed>(transitions_)
        .subspan(transitionOffsets_[c], transitionOffsets_[c + 1] - transitionOffsets_[c]);
  }
  std::vector<uint32_t> seedOffsets_;  // a whole component's seeds, per cluster as the field keeps them
  std::vector<Seed> seeds_;
  // The pass over clusters in order (integrateInOrder): per border cell, its V once its cluster is done,
  // before that the best seed offered to it and its step (seedDir_); per cluster, its key (smallest seed
  // known), whether it is done and whether it was offered seeds, and its seeds' place in orderedSeeds_
  // (in the order clusters were done); the clusters' heap.
  std::vector<double> value_;
  std::vector<uint8_t> seedDir_;
  std::vector<double> key_;
  std::vector<uint8_t> done_, offered_;
  std::vector<uint32_t> seedBegin_, seedCount_;
  std::vector<Seed> orderedSeeds_, clusterSeeds_;
  std::vector<std::pair<double, int32_t>> heap_;
  std::vector<uint32_t> walked_;  // per cell: the walk that last passed it, or a start (corridors)
  uint32_t walk_ = 0;
};

using FlowFieldBuilder = BasicFlowFieldBuilder<GridFlowDomain>;
using WorldFlowFieldBuilder = BasicFlowFieldBuilder<WorldFlowDomain>;
extern template class BasicFlowFieldBuilder<GridFlowDomain>;
extern template class BasicFlowFieldBuilder<WorldFlowDomain>;

}  // namespace hpastar
