#pragma once
#include <algorithm>
#include <cmath>
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
// Before that, the values a change made too small are dropped (raise): a node other than the landmark
// whose value no neighbour supports any more (f(a) + c = f(b) on no edge) lost its shortest way, and so
// did the nodes that only it supported. Taken in increasing order of value, a node's supporters are
// settled before it is checked (every cost is positive). The dropped nodes are then given the least
// value through a neighbour that kept its own, and the lowering goes on from there. So both ways a
// change can go, opened or closed, give the new distances (the incremental shortest-path update),
// exact but for float rounding; only a landmark that lost its node keeps its old, smaller values:
// valid bounds, weaker ones. Values a landmark never reached (other components) are kept apart
// (reached_), not read as 0, so that a change joining two components gives the joined part real
// values. The table's readers never see the difference.
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
    findSeeds(table, dirty, untrusted, edges);
    for (int32_t k = 0; k < table.count(); ++k) {
      heap_.clear();
      if (table.landmarks_[static_cast<size_t>(k)] != LandmarkTable::kRemovedLandmark) raise(table, k, edges);
      // Found before raise: a value it dropped since is no way down (its new value, if any, is lowered
      // from its neighbours there).
      for (const LowerSeed& e : lowerSeeds_) {
        if (((e.intoNode >> k) & 1u) && reached(e.to, k))
          lower(table, e.node, k, value(table, e.to, k) + static_cast<double>(e.cost));
        if (((e.intoTo >> k) & 1u) && reached(e.node, k))
          lower(table, e.to, k, value(table, e.node, k) + static_cast<double>(e.cost));
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

  size_t bytes() const {
    return (reached_.capacity() + dropped_.capacity() + checked_.capacity() + droppedNodes_.capacity() +
            larger_.capacity()) *
               sizeof(uint32_t) +
           (heap_.capacity() + check_.capacity()) * sizeof(Entry) + raiseSeeds_.capacity() * sizeof(Seed) +
           lowerSeeds_.capacity() * sizeof(LowerSeed);
  }

 private:
  using Entry = std::pair<double, uint32_t>;
  static_assert(LandmarkTable::kMaxLandmarks <= 32, "reached_ holds one bit per landmark");

  // Where the landmarks' repairs start, found for all landmarks in one pass over the changed edges (a
  // bit per landmark): the dirty nodes, and the neighbours of the ids that were forgotten (one may have
  // been their support), that no neighbour supports (raiseSeeds_); the edges of dirty nodes that break
  // the condition one way or the other (lowerSeeds_: only along those can a value fall). A seed found
  // supported here may lose its support to a node raise drops: it is then checked as that node's
  // neighbour; a value raise changes is lowered from every neighbour there.
  template <typename Edges>
  void findSeeds(const LandmarkTable& table, std::span<const uint32_t> dirty, std::span<const uint32_t> untrusted,
                 Edges& edges) {
    raiseSeeds_.clear();
    lowerSeeds_.clear();
    newStamp();  // marks the seeds taken
    auto seed = [&](uint32_t n) {
      if (dropped_[n] == stamp_) return;
      dropped_[n] = stamp_;
      uint32_t supported = 0;
      const float* fn = table.distances(n);
      for (const auto& e : edges(n)) {
        const float* ft = table.distances(e.to);
        uint32_t through = 0;
        for (int32_t k = 0; k < table.count(); ++k)
          through |= static_cast<uint32_t>(static_cast<double>(ft[k]) + static_cast<double>(e.cost) <=
                                           static_cast<double>(fn[k]) * (1.0 + kRounding))
                     << k;
        supported |= through & reached_[e.to];  // only a value that holds supports another
      }
      uint32_t unsupported = reached_[n] & ~supported;
      for (int32_t k = 0; k < table.count(); ++k)
        if (table.landmarks_[static_cast<size_t>(k)] == n) unsupported &= ~(1u << k);
      if (unsupported) raiseSeeds_.push_back(Seed{n, unsupported});
    };
    for (uint32_t n : dirty) seed(n);
    for (uint32_t n : untrusted)
      for (const auto& e : edges(n)) seed(e.to);
    for (uint32_t n : dirty)
      for (const auto& e : edges(n)) {
        const uint32_t intoNode = falls(table, e.to, n, e.cost), intoTo = falls(table, n, e.to, e.cost);
        if (intoNode | intoTo) lowerSeeds_.push_back(LowerSeed{n, e.to, static_cast<float>(e.cost), intoNode, intoTo});
      }
  }

  // The landmarks whose value at b would fall through a (what lower checks), a bit each.
  uint32_t falls(const LandmarkTable& table, uint32_t a, uint32_t b, double cost) const {
    const float *fa = table.distances(a), *fb = table.distances(b);
    uint32_t m = 0;
    for (int32_t k = 0; k < table.count(); ++k)
      m |= static_cast<uint32_t>(static_cast<float>(fa[k] + cost) < fb[k] * (1.0f - kRounding)) << k;
    return reached_[a] & (m | ~reached_[b]);
  }

  // The values of landmark k that lost their support in the change, dropped and given the least value
  // through a neighbour that kept its own (into heap_, for the lowering that follows).
  template <typename Edges>
  void raise(LandmarkTable& table, int32_t k, Edges& edges) {
    const uint32_t landmark = table.landmarks_[static_cast<size_t>(k)];
    newStamp();
    auto isDropped = [&](uint32_t n) { return dropped_[n] == stamp_; };
    check_.clear();
    droppedNodes_.clear();
    auto check = [&](uint32_t n) {
      check_.emplace_back(value(table, n, k), n);
      std::push_heap(check_.begin(), check_.end(), std::greater<>());
    };
    for (const Seed& s : raiseSeeds_)
      if ((s.landmarks >> k) & 1u) check(s.node);
    while (!check_.empty()) {
      std::pop_heap(check_.begin(), check_.end(), std::greater<>());
      const auto [f, n] = check_.back();
      check_.pop_back();
      // Every node that could support n has a smaller value and is settled: its verdict is final, so a
      // node pushed again by another dropped neighbour is not checked twice.
      if (n == landmark || checked_[n] == stamp_) continue;
      checked_[n] = stamp_;
      bool supported = false;
      larger_.clear();
      for (const auto& e : edges(n)) {
        if (!reached(e.to, k) || isDropped(e.to)) continue;
        const double v = value(table, e.to, k);
        if (v + static_cast<double>(e.cost) <= f * (1.0 + kRounding)) {
          supported = true;
          break;
        }
        if (v > f) larger_.push_back(e.to);  // those it may have supported, if it is dropped
      }
      if (supported) continue;
      dropped_[n] = stamp_;
      droppedNodes_.push_back(n);
      // Larger values: checked after every smaller one is settled.
      for (uint32_t m : larger_) check(m);
    }
    for (uint32_t n : droppedNodes_) {
      reached_[n] &= ~(1u << k);
      at(table, n, k) = 0.0f;
    }
    for (uint32_t n : droppedNodes_)
      for (const auto& e : edges(n))
        if (reached(e.to, k)) lower(table, n, k, value(table, e.to, k) + static_cast<double>(e.cost));
  }

  void newStamp() {
    if (++stamp_ == 0) {  // wrapped: no stale mark may read as this round's
      std::fill(dropped_.begin(), dropped_.end(), 0u);
      std::fill(checked_.begin(), checked_.end(), 0u);
      stamp_ = 1;
    }
  }

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
  // A node and the landmarks (a bit each) it is a seed for; an edge of a dirty node and the landmarks
  // whose value falls through it into `node` or into `to`.
  struct Seed {
    uint32_t node, landmarks;
  };
  struct LowerSeed {
    uint32_t node, to;
    float cost;
    uint32_t intoNode, intoTo;
  };
  std::vector<Seed> raiseSeeds_;
  std::vector<LowerSeed> lowerSeeds_;
  // raise's scratch: nodes to check (value, node), least first; per node id the round that dropped it
  // (or, in findSeeds, took it as a seed).
  std::vector<Entry> check_;
  std::vector<uint32_t> dropped_, checked_, droppedNodes_, larger_;
  uint32_t stamp_ = 0;
};

// The edges of a level that `marks`' rows break (a row's values at the edge's ends further apart than its
// cost, beyond float rounding: the bound would not be consistent, perhaps not admissible), per landmark,
// and the level's nodes without a row. Repaired rows need not be what a fresh computation gives; this is
// what they must keep. `inLevel(node)` says whether a node id of [0, nodeCount) is one of the level's,
// `edges(node)` gives its edges (each with `to` and `cost`). 0 unless an update left them wrong.
template <typename InLevel, typename Edges>
uint64_t inconsistentLandmarkBounds(const LandmarkTable& marks, uint32_t nodeCount, InLevel&& inLevel, Edges&& edges) {
  if (marks.empty()) return 0;
  uint64_t wrong = 0;
  for (uint32_t a = 0; a < nodeCount; ++a) {
    if (!inLevel(a)) continue;
    if (a >= marks.rows()) {
      ++wrong;
      continue;
    }
    for (const auto& e : edges(a)) {
      if (e.to >= marks.rows()) {
        ++wrong;
        continue;
      }
      const float *ra = marks.distances(a), *rb = marks.distances(e.to);
      for (int32_t k = 0; k < marks.count(); ++k)
        wrong += std::abs(ra[k] - rb[k]) >
                 static_cast<float>(e.cost) + 2 * LandmarkRepair::kRounding * std::max(ra[k], rb[k]);
    }
  }
  return wrong;
}

}  // namespace hpastar
