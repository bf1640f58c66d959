#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace hpastar {

class LevelDistances;

// Exact distances between every two nodes of one level's graph (one Dijkstra per node). A query reads
// its abstract path off the table (AbstractSearch::walkDistanceTable), with no search; a traced query
// searches with it as the perfect heuristic, settling little more than the nodes of its path, where the
// octile distance or landmarks leave A* to explore corridors.
//
// Beside each distance it keeps the first step of a shortest way between the two nodes (one byte: the
// index of the edge in the node's edge list, LevelDistances::parentEdge: Hierarchy::edges in 2D,
// WorldHierarchy::edges on block worlds), so that the walk reads one byte per node of the path instead of
// comparing every edge's distance to the goal.
//
// It costs N² floats and N² bytes for N nodes of the level (4.5 MB for 950 nodes). Immutable once computed: a terrain
// change that alters the level's graph leaves it as it was, stale, until a refresh computes a new one
// (one Dijkstra per node, see HeuristicRefresh); meanwhile searches use it as a heuristic rather than
// walking it (Hierarchy::heuristicsStale).
class NodeDistanceTable {
 public:
  // The most nodes a table is built for: 4096² floats are 64 MiB.
  static constexpr uint32_t kMaxNodes = 4096;
  static constexpr float kUnreachable = 3.0e38f;

  // Distances between the nodes of the graph's level. Empty when the level has more than kMaxNodes nodes:
  // the search then goes on without it (HierarchyStats::distanceTableNodes tells).
  static NodeDistanceTable compute(LevelDistances& graph);

  bool empty() const { return count_ == 0; }
  int32_t level() const { return level_; }
  uint32_t count() const { return count_; }
  // Dense index of `node` in the table, or kNoSlot when the node is not of the table's level.
  static constexpr uint32_t kNoSlot = 0xFFFFFFFFu;
  uint32_t slotOf(uint32_t node) const { return node < slot_.size() ? slot_[node] : kNoSlot; }
  // The distances from the node in `slot` to every slot (kUnreachable where there is no path).
  const float* row(uint32_t slot) const { return &table_[static_cast<size_t>(slot) * count_]; }
  // Toward the node in `slot`: for every slot u, the index in the edge list of u's node (as above) of the
  // edge that starts a shortest way from u to it; kNoStep at the node itself, where it is unreachable,
  // or past the 254th edge of a node.
  static constexpr uint8_t kNoStep = 0xFF;
  const uint8_t* stepsToward(uint32_t slot) const { return &steps_[static_cast<size_t>(slot) * count_]; }
  // The node of a slot.
  uint32_t nodeOf(uint32_t slot) const { return members_[slot]; }

  // A query's goal (a node outside the graph) as the table reaches it: through each of its edges, the
  // slot of the edge's node and the edge's cost.
  struct Target {
    uint32_t slot;
    float cost;
  };
  // The targets of a goal joined to nodes of the graph by `edges` (each with `to` and `cost`; targets
  // from `realNodes` on, the start, are skipped), written to `out`; false when an edge's node has no slot
  // or `known` (node -> bool) refuses its row, and when there are none.
  template <typename Edges, typename Known>
  bool targetsThrough(const Edges& edges, uint32_t realNodes, Known&& known, std::vector<Target>& out) const {
    out.clear();
    for (const auto& e : edges) {
      if (e.to >= realNodes) continue;  // the direct start-goal edge: the start is the source, not a node
      const uint32_t slot = slotOf(e.to);
      if (slot == kNoSlot || !known(e.to)) return false;
      out.push_back(Target{slot, static_cast<float>(e.cost)});
    }
    return !out.empty();
  }
  // The distance from the node whose row is `row` to a goal reached through `targets`: through the
  // cheapest of them.
  static float distanceTo(const float* row, std::span<const Target> targets) {
    float best = kUnreachable;
    for (const Target& t : targets) best = std::min(best, row[t.slot] + t.cost);
    return best;
  }

  // The shortest way from a query's start to its goal (nodes `start` and `goal`, outside the graph), read
  // off the table without a search: the best pair of a node s of the start's edges `startEdges` and a
  // target t of the goal (or the direct start-goal edge, one to `goal`), then the first steps from s
  // toward t (stepsToward), one byte per node, following `edgesOf(u)[k].to`. Appends start, the nodes
  // and goal to `out`, adds the nodes walked to `walked` and returns true; false (nothing appended) when
  // there is no way or a step is missing (a node past 254 edges), for the caller to search instead.
  template <typename Edges, typename EdgesOf>
  bool walk(const Edges& startEdges, uint32_t start, uint32_t goal, std::span<const Target> targets, uint32_t realNodes,
            EdgesOf&& edgesOf, std::vector<uint32_t>& out, uint64_t& walked) const {
    // Row s holds every t's distance side by side.
    constexpr uint32_t kNoNode = 0xFFFFFFFFu;
    double best = kUnreachable;
    uint32_t first = kNoNode, lastSlot = kNoSlot;
    for (const auto& e : startEdges) {
      if (e.to == goal) {
        if (e.cost < best) best = e.cost, first = goal;
        continue;
      }
      const uint32_t slot = e.to < realNodes ? slotOf(e.to) : kNoSlot;
      if (slot == kNoSlot) continue;
      const float* r = row(slot);
      for (const Target& t : targets) {
        const double d = e.cost + static_cast<double>(r[t.slot]) + t.cost;
        if (d < best) best = d, first = e.to, lastSlot = t.slot;
      }
    }
    if (first == kNoNode) return false;  // different parts of the graph: the search decides
    const size_t from = out.size();
    out.push_back(start);
    if (first != goal) {
      const uint8_t* steps = stepsToward(lastSlot);
      const uint32_t last = nodeOf(lastSlot);
      uint32_t u = first;
      for (uint32_t n = 0;; ++n) {
        out.push_back(u);
        ++walked;
        if (u == last) break;
        const uint32_t slot = slotOf(u);
        const uint8_t k = slot == kNoSlot ? kNoStep : steps[slot];
        if (k == kNoStep || n > count_) {
          out.resize(from);
          return false;
        }
        u = edgesOf(u)[k].to;
      }
    }
    out.push_back(goal);
    return true;
  }

  // A stored distance slightly lowered: it is a double sum rounded once to float (relative error below
  // 2^-24), and a bound must never exceed the distance. Much less than the landmarks' slack, which
  // covers differences of two such values: ties between optimal paths stay ties.
  static float lowered(float d) { return d - 1e-6f * d; }

  size_t bytes() const {
    return table_.capacity() * sizeof(float) + steps_.capacity() +
           (slot_.capacity() + members_.capacity()) * sizeof(uint32_t);
  }

 private:
  friend class NodeDistanceTableBuilder;

  int32_t level_ = 0;
  uint32_t count_ = 0;
  std::vector<uint32_t> slot_;     // per node id
  std::vector<uint32_t> members_;  // node of each slot
  std::vector<float> table_;       // [slot a * count + slot b]: distance from a to b
  std::vector<uint8_t> steps_;     // [slot b * count + slot a]: first edge of a's shortest way to b
};

// Computes a table one step at a time (one Dijkstra each), so that a refresh can be spread over several
// calls (HeuristicRefresh). The graph (searched, not owned) must outlive it and not change while it is
// stepped.
class NodeDistanceTableBuilder {
 public:
  explicit NodeDistanceTableBuilder(LevelDistances& graph);
  ~NodeDistanceTableBuilder();
  NodeDistanceTableBuilder(NodeDistanceTableBuilder&&) noexcept;
  bool done() const { return next_ >= table_.count_; }
  void step();  // the next row
  uint32_t stepsLeft() const { return table_.count_ - next_; }
  NodeDistanceTable take() { return std::move(table_); }

 private:
  LevelDistances* graph_;
  NodeDistanceTable table_;
  uint32_t next_ = 0;  // the next row's slot
};

}  // namespace hpastar
