#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hpastar {

class AbstractSearch;
class Hierarchy;

// Exact distances between every two nodes of one level's graph (one Dijkstra per node). A query reads
// its abstract path off the table (AbstractSearch::walkDistanceTable), with no search; a traced query
// searches with it as the perfect heuristic, settling little more than the nodes of its path, where the
// octile distance or landmarks leave A* to explore corridors.
//
// Beside each distance it keeps the first step of a shortest way between the two nodes (one byte: the
// index of the edge in Hierarchy::edges), so that the walk reads one byte per node of the path instead of
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

  // Distances between the nodes of `level`. Empty when the level has more than kMaxNodes nodes: the
  // search then goes on without it (HierarchyStats::distanceTableNodes tells).
  static NodeDistanceTable compute(const Hierarchy& h, int32_t level);

  bool empty() const { return count_ == 0; }
  int32_t level() const { return level_; }
  uint32_t count() const { return count_; }
  // Dense index of `node` in the table, or kNoSlot when the node is not of the table's level.
  static constexpr uint32_t kNoSlot = 0xFFFFFFFFu;
  uint32_t slotOf(uint32_t node) const { return node < slot_.size() ? slot_[node] : kNoSlot; }
  // The distances from the node in `slot` to every slot (kUnreachable where there is no path).
  const float* row(uint32_t slot) const { return &table_[static_cast<size_t>(slot) * count_]; }
  // Toward the node in `slot`: for every slot u, the index in Hierarchy::edges(level, node of u) of the
  // edge that starts a shortest way from u to it; kNoStep at the node itself, where it is unreachable,
  // or past the 254th edge of a node.
  static constexpr uint8_t kNoStep = 0xFF;
  const uint8_t* stepsToward(uint32_t slot) const { return &steps_[static_cast<size_t>(slot) * count_]; }
  // The node of a slot.
  uint32_t nodeOf(uint32_t slot) const { return members_[slot]; }

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
// calls (HeuristicRefresh). The hierarchy must not change while it is stepped.
class NodeDistanceTableBuilder {
 public:
  NodeDistanceTableBuilder(const Hierarchy& h, int32_t level);
  ~NodeDistanceTableBuilder();
  NodeDistanceTableBuilder(NodeDistanceTableBuilder&&) noexcept;
  bool done() const { return next_ >= table_.count_; }
  void step();  // the next row
  uint32_t stepsLeft() const { return table_.count_ - next_; }
  NodeDistanceTable take() { return std::move(table_); }

 private:
  const Hierarchy& h_;
  std::unique_ptr<AbstractSearch> search_;
  NodeDistanceTable table_;
  uint32_t next_ = 0;  // the next row's slot
};

}  // namespace hpastar
