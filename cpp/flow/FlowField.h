#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "flow/GridFlowDomain.h"
#include "flow/WorldFlowDomain.h"

namespace hpastar {

// A flow field towards one goal: for every cell, the move (0..7 on a grid, Moves.h; 0..25 in a block world,
// WorldMoves.h) of the next step towards the goal, one byte per cell, in the world's index order. Built and refreshed
// by a FlowFieldBuilder from a hierarchy (of a grid or of a block world: the Domain, GridFlowDomain.h or
// WorldFlowDomain.h, answers what differs); read-only in between, so any number of threads may read one field.
//
// What "next step" means. Each level-1 cluster is integrated on its own (the sector/portal scheme of
// Supreme Commander 2, Game AI Pro chapter 23): a Dijkstra over the cluster's cells only, from its seeds.
// A cell's value V is the cheapest "walk inside the cluster to a seed, then the seed's value"; its step is
// the first move of that walk, or, at a seed, the seed's own move across the border.
//
// Seeds. Every cluster is seeded at the goal (distance 0) and at the transition nodes whose shortest
// abstract route to the goal leaves the cluster, each with its abstract distance (level-1 graph, goal
// inserted). A field of the whole component also seeds across whole borders: the clusters are integrated
// in the order of their smallest seed (a Dijkstra over clusters), and each border cell of a cluster next
// to a cell of one integrated before it is seeded at that cell's V plus the move's cost, its step that
// move. So a route may cross a border anywhere, not only where the abstract graph has a transition: this
// is what brings the field's walks close to the shortest (`hpa flow-bench` on the maps of maps/: 0.0-0.4 %
// longer on average, where transitions alone gave 3-6 %; tests/cpp/flow_field_test.cpp). A field of
// corridors integrates its clusters in the order its walks reach them and seeds them at transitions only.
//
// Every step is a legal move of the world (mask, so no corner cutting), and V strictly decreases along
// every step: by the move's cost inside a cluster, and at a border by the crossing's cost, since a border
// seed's V is its neighbour's final V plus the move, and a transition seed's V is the abstract distance,
// which bounds the final V of the node across from above (that node's cluster is seeded at least with its
// own transitions). So following the field from any cell of the goal's component reaches the goal: no
// cycles, at most one visit per cell. The path followed costs at most V, which is at most the HPA*
// distance of the cell (start inserted into its cluster, abstract path optimal, unsmoothed).
//
// Near the goal, exact. A route through the transitions is worst where it is shortest: the cell beside the
// goal, across a cluster border, walked 5 to the goal instead of 1. So the cells around the goal take the
// steps of a Dijkstra from the goal over a window of one cluster side on every axis, where it proves its
// distance exact: below (side + 1) × the cheapest move, which no way out of the window and back costs.
// These cells walk the shortest way; a walk from elsewhere that enters them ends at most as long as V
// promised (the exact distance is at most V), and still strictly descending, so without a cycle.
//
// Memory: one byte per map cell (directions), plus per level-1 cluster a byte, a weak reference to the
// block it was integrated on (16 bytes) and two offsets (8), 16 bytes per seed (a few per cluster, and up
// to one per border cell across whole borders) and 8 bytes per border cell (its V, which a refresh that
// keeps the cluster hands to its neighbours' seeds): 5.6-7 bytes per cell with clusters of side 10 (1.4-2
// seeded at transitions only), less with larger clusters (fewer of their cells lie on a border).
template <typename Domain>
class BasicFlowField {
 public:
  using Cell = typename Domain::Cell;
  static constexpr uint8_t kNoStep = 0xFF;       // the goal, a blocked cell, or a cell of another component
  static constexpr uint8_t kNotComputed = 0xFE;  // a cell of a cluster outside the corridors asked for

  Cell goal() const { return goal_; }
  // The goal's component label (the hierarchy's componentOf).
  uint32_t component() const { return component_; }
  // The hierarchy version this field was built or last refreshed for.
  uint64_t version() const { return version_; }
  const typename Domain::Layout& layout() const { return layout_; }
  bool empty() const { return directions_.empty(); }

  // The step of a cell: a move, kNoStep or kNotComputed; kNoStep outside the world.
  uint8_t direction(Cell p) const {
    if (!Domain::inside(layout_, p)) return kNoStep;
    return directions_[static_cast<size_t>(Domain::index(layout_, p))];
  }
  // The cell one step on, or nothing at the goal and where there is no step.
  std::optional<Cell> next(Cell p) const {
    const uint8_t d = direction(p);
    if (d >= Domain::kMoveCount) return std::nullopt;
    return Domain::step(p, d);
  }
  // Every cell's step, in the world's index order (one byte per cell).
  std::span<const uint8_t> directions() const { return directions_; }

  // Whether the cells of level-1 cluster `cluster` (the layout's numbering) have their steps.
  bool clusterComputed(int32_t cluster) const { return computed_[static_cast<size_t>(cluster)] != 0; }
  uint32_t computedClusters() const {
    return static_cast<uint32_t>(std::count(computed_.begin(), computed_.end(), uint8_t{1}));
  }
  // Whether the field covers the whole component, or only the corridors of the starts it was asked for.
  bool corridorsOnly() const { return corridorsOnly_; }
  std::span<const Cell> starts() const { return starts_; }

  size_t bytes() const {
    return directions_.capacity() + computed_.capacity() + builtFrom_.capacity() * sizeof(builtFrom_[0]) +
           seedOffsets_.capacity() * 4 + seeds_.capacity() * sizeof(Seed) + starts_.capacity() * sizeof(Cell) +
           exactClusters_.capacity() * sizeof(int32_t) + borderOffsets_.capacity() * 4 +
           borderValues_.capacity() * sizeof(double);
  }

 private:
  template <typename>
  friend class BasicFlowFieldBuilder;

  // A cell a cluster is integrated from: the goal, a transition node or a border cell, with its value
  // minus the smallest of its cluster's seeds (a shift of every seed of a cluster by one amount, which an
  // edit beyond it often makes, changes no step in it), and the step it takes (across the border, kNoStep
  // for the goal).
  struct Seed {
    int32_t cell;  // world index
    uint8_t dir;
    double relative;
  };

  Cell goal_{};
  uint32_t component_ = 0;
  uint64_t version_ = 0;
  bool corridorsOnly_ = false;
  typename Domain::Layout layout_;
  std::vector<uint8_t> directions_;  // per cell
  std::vector<uint8_t> computed_;    // per level-1 cluster, 1 when its cells have their steps
  // Per level-1 cluster: what its cells were integrated on (Domain::Stamp), to tell whether they changed.
  std::vector<typename Domain::Stamp> builtFrom_;
  std::vector<uint32_t> seedOffsets_;  // per cluster + 1: its seeds are seeds_[offsets[c] .. offsets[c + 1])
  std::vector<Seed> seeds_;
  // Per cluster + 1: the V of its border cells (Domain::forEachBorderCell's, in its order) are
  // borderValues_[offsets[c] .. offsets[c + 1]), relative to the cluster's smallest seed; infinite where
  // no seed reaches.
  std::vector<uint32_t> borderOffsets_;
  std::vector<double> borderValues_;
  std::vector<Cell> starts_;  // corridorsOnly_: the starts whose corridors are kept computed
  // The clusters whose cells near the goal took the window's exact steps: integrated again by the next
  // refresh, whatever else changed, since those steps may cross into a cluster that did.
  std::vector<int32_t> exactClusters_;
};

using FlowField = BasicFlowField<GridFlowDomain>;
using WorldFlowField = BasicFlowField<WorldFlowDomain>;

}  // namespace hpastar
