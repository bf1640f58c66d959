#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "search/LandmarkTable.h"

namespace hpastar {

// Keeps a LandmarkTable a consistent bound after its level's graph changed, for a fraction of a fresh
// LandmarkTable::compute (one Dijkstra over the whole level per landmark: milliseconds per change on a
// large top level, which made every dig of a block world pay for them).
//
// Why it holds: the bound between a and b is the largest |f(a) - f(b)| over the rows f, and it is
// consistent (so admissible: summed along a shortest path) whenever every row satisfies
// |f(a) - f(b)| <= c on every edge (a, b, c). f need not be a distance from its landmark, only that.
// Distances from a landmark satisfy it on the graph they were computed on; after a change, only the
// edges of the nodes it touched (`dirty`, new ids among them) can break it, so the repair drops the
// values of the new ids (`untrusted`: an id's old row may be another node's) and runs, per landmark, a
// Dijkstra that only lowers, f(b) = min(f(b), f(a) + c), from the ends of the dirty nodes' edges that
// break the condition. At its fixed point f(b) <= f(a) + c holds on every edge, both ways.
// Where a change only opened ways, this is the incremental shortest-path update for decreases, exact;
// where it closed some, the old, smaller values stay: valid bounds, weaker ones. Values a landmark
// never reached (other components) are kept apart (reached_), not read as 0, so that a change joining
// two components gives the joined part real values. The table's readers never see the difference.
//
// Scratch owned by the hierarchy it serves, used by its updates only (one thread, no search running).
class LandmarkRepair {
 public:
  // After a fresh compute: which values of `table` hold (a landmark reaches a node of its rows when the
  // value is positive, or it is that landmark).
  void reset(const LandmarkTable& table);

  // `edges(node)` gives the node's edges in the level's changed graph (each with `to` and `cost`, both
  // ways present), `idSpace` its node ids, `dirty` the nodes whose edges may have changed and
  // `untrusted` those of them whose rows are not theirs. Rows grow to `idSpace`.
  template <typename Edges>
  void repair(LandmarkTable& table, uint32_t idSpace, std::span<const uint32_t> dirty,
              std::span<const uint32_t> untrusted, Edges&& edges) {
    if (table.empty()) return;
    grow(table, idSpace);
    for (uint32_t n : untrusted) forget(table, n);
    for (int32_t k = 0; k < table.count(); ++k) {
      heap_.clear();
      // Only the edges of dirty nodes can be broken: each checked both ways, so that the heap starts
      // with the nodes that do get lower, not with every node near the change.
      for (uint32_t n : dirty)
        for (const auto& e : edges(n)) {
          if (reached(e.to, k)) lower(table, n, k, value(table, e.to, k) + static_cast<double>(e.cost));
          if (reached(n, k)) lower(table, e.to, k, value(table, n, k) + static_cast<double>(e.cost));
        }
      while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
        const auto [key, n] = heap_.back();
        heap_.pop_back();
        if (key > value(table, n, k)) continue;  // lowered since it was pushed
        for (const auto& e : edges(n)) lower(table, e.to, k, key + static_cast<double>(e.cost));
      }
    }
  }

  // A relative decrease smaller than this is the rounding of stored float sums, not a shorter way: the
  // values of a fresh table differ from their neighbours' plus the edge by a unit in the last place or
  // two, and lowering by that would send the repair over the whole graph for nothing. Rows are therefore
  // consistent to this much (inconsistentLandmarkBounds allows twice that); the readers' slack
  // (LandmarkTable::lowered) is of the same order.
  static constexpr float kRounding = 1.0f / (1 << 20);

  size_t bytes() const { return reached_.capacity() * sizeof(uint32_t) + heap_.capacity() * sizeof(Entry); }

 private:
  using Entry = std::pair<double, uint32_t>;
  static_assert(LandmarkTable::kMaxLandmarks <= 32, "reached_ holds one bit per landmark");

  static float& at(LandmarkTable& table, uint32_t node, int32_t k) {
    return table.table_[static_cast<size_t>(node) * static_cast<size_t>(table.stride_) + static_cast<size_t>(k)];
  }
  bool reached(uint32_t node, int32_t k) const { return (reached_[node] >> k) & 1u; }
  double value(LandmarkTable& table, uint32_t node, int32_t k) const { return at(table, node, k); }
  void push(LandmarkTable& table, uint32_t node, int32_t k) {
    if (!reached(node, k)) return;
    heap_.emplace_back(value(table, node, k), node);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
  }
  void lower(LandmarkTable& table, uint32_t node, int32_t k, double through) {
    const float v = static_cast<float>(through);
    if (reached(node, k) && v >= at(table, node, k) * (1.0f - kRounding)) return;
    at(table, node, k) = v;
    reached_[node] |= 1u << k;
    push(table, node, k);
  }
  void forget(LandmarkTable& table, uint32_t node);
  void grow(LandmarkTable& table, uint32_t idSpace);

  std::vector<uint32_t> reached_;  // per node id: bit k when its value for landmark k holds
  std::vector<Entry> heap_;        // (value, node), least first
};

}  // namespace hpastar
