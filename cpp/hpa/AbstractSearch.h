#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Rect.h"
#include "hpa/Hierarchy.h"
#include "hpa/QueryOverlay.h"
#include "search/PackedNodeSpace.h"

namespace hpastar {

// A* or Dijkstra over the abstract graph of one level, restricted to the nodes whose cells lie in an
// area (a cluster of the level above, or the whole map), optionally with a query's start and goal.
// One object per thread; scratch reused across searches.
class AbstractSearch {
 public:
  // Searches the graph of `level` from `source`. With target != kNone: A* (octile heuristic between
  // cells) stopping when the target is settled. With target == kNone: Dijkstra over all of `area`.
  // `overlay` may be null (building the hierarchy). Returns the number of expanded nodes.
  uint64_t run(const Hierarchy& h, int32_t level, const Rect& area, const QueryOverlay* overlay, uint32_t source,
               uint32_t target);

  // With the hierarchy's distance table on `level` (options().distanceTable): the shortest path from the
  // query's start to its goal (overlay nodes), read off the table without a search: the best pair of a
  // node of the start's cluster and one of the goal's, then the table's first steps from one to the
  // other (NodeDistanceTable::stepsToward), one byte per node of the path. Appends the nodes,
  // start first and goal last, adds the nodes walked to `walked`, and returns true; false (nothing
  // appended) when there is no table for this level or no path, for the caller to search instead.
  bool walkDistanceTable(const Hierarchy& h, int32_t level, const QueryOverlay& overlay, std::vector<uint32_t>& out,
                         uint64_t& walked);

  // After run(): distance from the source, or a negative value if not settled.
  double distance(uint32_t node) const { return space_.closed(node) ? space_.node(node).g : -1.0; }
  // After run(): the node `node` was reached from (Hierarchy::kNone for the source). `node` must be settled.
  uint32_t parent(uint32_t node) const { return space_.node(node).parent; }
  // After run(): appends the nodes source..node (both included). `node` must be settled.
  void appendPath(uint32_t node, std::vector<uint32_t>& out) const;
  // After run(): whether the search reached `node` (opened or settled it), and whether it settled it.
  bool seen(uint32_t node) const { return space_.seen(node); }
  bool closed(uint32_t node) const { return space_.closed(node); }
  // After run(): the heuristic the search gave a node it reached (seen or closed).
  double heuristicOf(uint32_t node) const { return space_.node(node).h; }
  // On (tracing): run() records the nodes it expands in the order it pops them from its heap, read by
  // expansionOrder() afterwards. Off (the default): the loop compiled without the recording runs.
  void setRecordOrder(bool on) { recordOrder_ = on; }
  // After a run() with the order recorded: the expanded nodes, first to last (a reopened node twice).
  std::span<const uint32_t> expansionOrder() const { return expansionOrder_; }

 private:
  template <bool RecordOrder>
  uint64_t searchLoop(const Hierarchy& h, int32_t level, const Rect& area, const QueryOverlay* overlay, uint32_t source,
                      uint32_t target);
  // Fills `row` with the landmark distances of `node` (a graph node, or the overlay's start or goal);
  // false when it has none.
  bool landmarkRowOf(const Hierarchy& h, const QueryOverlay* overlay, uint32_t node, std::vector<float>& row);

  // Fills exactTargets_ with the table slots through which `target` is reached and their costs; false
  // when the table cannot bound the distance to it.
  bool exactTargetOf(const Hierarchy& h, const QueryOverlay* overlay, uint32_t target);

  // The distance from the node whose table row is `row` to the target of exactTargetOf(): through the
  // cheapest of its nodes.
  float exactDistanceToTarget(const float* row) const { return NodeDistanceTable::distanceTo(row, exactTargets_); }
  std::vector<NodeDistanceTable::Target> exactTargets_;
  PackedNodeSpace space_;
  std::vector<float> targetRow_;
  bool recordOrder_ = false;
  std::vector<uint32_t> expansionOrder_;
};

}  // namespace hpastar
