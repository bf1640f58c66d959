#pragma once
#include <concepts>
#include <cstdint>

namespace hpastar {

// What BestFirstSearch's loop searches: a view of one world (a 2D grid's rectangle, a block world, ...)
// that numbers the nodes it covers and lists the legal moves out of each. The loop is a template over
// it, so the view's code is inlined into the loop: each kind of world gets its own compiled loop, as
// fast as one written for it, from one written text (no copied planners). A view is made per search
// (it may hold the goal), so it is small and cheap to make.
//
// A graph type G provides:
//   uint32_t nodeCount() const
//       node ids are 0..nodeCount()-1, the slots of the SearchSpace (which begin() grows to it);
//   double heuristic(uint32_t id) const
//       the A* estimate from a node to the goal: admissible and consistent (closed nodes are final);
//   void forEachMove(uint32_t id, Visit&& visit) const
//       calls visit(neighbour id, move cost, move code, estimate) for every legal move out of `id`.
//       The move code (below kNoMove) is what the neighbour remembers as its parent; `estimate` is a
//       callable giving the neighbour's heuristic, called only when the neighbour is pushed (a view that
//       knows the expanded node's coordinates computes it without dividing the id again);
//   uint32_t predecessor(uint32_t id, Move move) const
//       the node that `move` came from into `id` (walking a path back from its end).
// Move is the type of the move codes: uint8_t for the views over cells (a direction, searched with a
// SearchSpace); uint32_t for abstract graphs, whose moves are too many to number per node and are
// named by the node they leave (predecessor returns `move` itself; searched with a NodeSearchSpace).
// forEachMove takes a generic callable and so is not stated in the concept below; the loop's call
// checks it.
inline constexpr uint8_t kNoMove = 0xFF;  // the parent of a search's start

template <typename G>
concept SearchGraph = requires(const G& g, uint32_t id, uint8_t move) {
  { g.nodeCount() } -> std::same_as<uint32_t>;
  { g.heuristic(id) } -> std::same_as<double>;
  { g.predecessor(id, move) } -> std::same_as<uint32_t>;
};

}  // namespace hpastar
