#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "search/SearchGraph.h"
#include "world/WorldHierarchy.h"

namespace hpastar {

// A query's start and goal joined to a WorldHierarchy without touching it: they are the node ids
// nodeCount() and nodeCount() + 1, their edges of every level live here, and the real nodes find their
// edges back to them through arrays stamped per query (nothing cleared between queries).
class WorldQueryOverlay {
 public:
  void begin(const WorldHierarchy& h, Voxel start, Voxel goal);

  uint32_t startNode() const { return nodeCount_; }
  uint32_t goalNode() const { return nodeCount_ + 1; }
  bool isEndpoint(uint32_t node) const { return node >= nodeCount_; }
  Voxel voxelOf(const WorldHierarchy& h, uint32_t node) const {
    return node < nodeCount_ ? h.nodeVoxel(node) : (node == nodeCount_ ? start_ : goal_);
  }

  // The undirected edge endpoint—other at `level` (endpoint S or G, other a real node or the other endpoint).
  void addEdge(int32_t level, uint32_t endpoint, uint32_t other, double cost);
  std::span<const WorldEdge> endpointEdges(int32_t level, uint32_t endpoint) const {
    const size_t l = static_cast<size_t>(level - 1);
    return endpoint == nodeCount_ ? std::span<const WorldEdge>(startEdges_[l])
                                  : std::span<const WorldEdge>(goalEdges_[l]);
  }
  // Cost of real node `node`'s edge to S (or G) at `level`; negative when it has none.
  double costTo(uint32_t endpoint, int32_t level, uint32_t node) const {
    const size_t i = static_cast<size_t>(level - 1) * nodeCount_ + node;
    const int side = endpoint == nodeCount_ ? 0 : 1;
    return stamp_[side][i] == query_ ? cost_[side][i] : -1.0;
  }

 private:
  uint32_t nodeCount_ = 0;
  uint32_t query_ = 0;
  Voxel start_, goal_;
  std::vector<std::vector<WorldEdge>> startEdges_, goalEdges_;  // [level - 1]
  std::vector<float> cost_[2];                                  // [S or G][(level - 1) * nodeCount + node]
  std::vector<uint32_t> stamp_[2];
};

// The graph of one level of a WorldHierarchy, its searched edges (WorldHierarchy::searchEdges: the same
// distances with fewer edges), restricted to the nodes inside a box (a cluster of the level above, or the
// whole world), with a query's start and goal when an overlay is given: a
// SearchGraph (search/SearchGraph.h) whose moves are named by the node they leave, searched with a
// NodeSearchSpace. Heuristic: worldDistanceBound between the nodes' cells times the world's smallest
// weight, consistent with the edges (each an in-world distance); for the top level's search over the
// whole world, with the hierarchy's landmarks or distance table prepared for the goal (TopBounds), the
// larger of that and the landmarks' bound, or the table's exact distance.
class WorldAbstractGraph {
 public:
  // The top level's tables, prepared by a query for its goal. Both bounds are consistent, so the search
  // still settles each node once.
  struct TopBounds {
    const NodeDistanceTable* table = nullptr;  // with `targets`: exact distances to the goal
    std::span<const NodeDistanceTable::Target> targets;
    const LandmarkTable* marks = nullptr;  // else with `goalRow`, the goal's landmark row: a lower bound
    const float* goalRow = nullptr;
  };

  WorldAbstractGraph(const WorldHierarchy& h, int32_t level, const Box& box, const WorldQueryOverlay* overlay,
                     Voxel goal, const TopBounds* top = nullptr)
      : h_(h),
        level_(level),
        box_(box),
        overlay_(overlay),
        top_(top),
        goal_(goal),
        real_(h.nodeCount()),
        wholeWorld_(box == h.world().bounds()),
        endpoints_{overlay ? overlay->voxelOf(h, real_) : Voxel{}, overlay ? overlay->voxelOf(h, real_ + 1) : Voxel{}} {
  }

  uint32_t nodeCount() const { return real_ + 2; }
  Voxel voxelOf(uint32_t id) const { return id < real_ ? h_.nodeVoxels()[id] : endpoints_[id - real_]; }
  double heuristic(uint32_t id) const { return estimate(id, voxelOf(id)); }
  uint32_t predecessor(uint32_t, uint32_t from) const { return from; }

  template <typename Visit>
  __attribute__((always_inline)) void forEachMove(uint32_t id, Visit&& visit) const {
    if (id < real_) {
      const Voxel* voxels = h_.nodeVoxels();
      // Over the whole world (the top level's search) no box test: a node's cell is read only when the
      // node is pushed.
      if (wholeWorld_) {
        for (const WorldEdge& e : h_.searchEdges(level_, id))
          visit(e.to, static_cast<double>(e.cost), id, [&] { return estimate(e.to, voxels[e.to]); });
      } else {
        for (const WorldEdge& e : h_.searchEdges(level_, id)) {
          const Voxel v = voxels[e.to];
          if (box_.contains(v)) visit(e.to, static_cast<double>(e.cost), id, [&] { return estimate(e.to, v); });
        }
      }
      if (!overlay_) return;
      for (uint32_t endpoint = real_; endpoint < real_ + 2; ++endpoint) {
        const double cost = overlay_->costTo(endpoint, level_, id);
        if (cost >= 0) visit(endpoint, cost, id, [&] { return boundTo(endpoints_[endpoint - real_]); });
      }
    } else if (overlay_) {
      for (const WorldEdge& e : overlay_->endpointEdges(level_, id)) {
        const Voxel v = voxelOf(e.to);
        if (box_.contains(v)) visit(e.to, static_cast<double>(e.cost), id, [&] { return estimate(e.to, v); });
      }
    }
  }

 private:
  // The bound of node `id` on cell `v`: the top level's tables for real nodes when given, else boundTo.
  double estimate(uint32_t id, Voxel v) const {
    const double straight = boundTo(v);
    if (!top_ || id >= real_) return straight;
    if (top_->table) {
      const uint32_t slot = top_->table->slotOf(id);
      if (slot == NodeDistanceTable::kNoSlot) return straight;
      const float d = NodeDistanceTable::distanceTo(top_->table->row(slot), top_->targets);
      // Slightly lowered: the float rounding of the stored sums must not make it exceed the distance.
      return d >= NodeDistanceTable::kUnreachable ? straight : NodeDistanceTable::lowered(d);
    }
    if (id >= top_->marks->rows()) return straight;
    return std::max(straight, static_cast<double>(top_->marks->lowerBound(top_->marks->distances(id), top_->goalRow)));
  }
  // Scaled by the world's smallest weight (BlockWorld::minWeight, 1 unweighted), as every edge is a sum
  // of moves that each cost at least that times their unweighted cost.
  double boundTo(Voxel v) const {
    return h_.world().minWeight() * worldDistanceBound(goal_.x - v.x, goal_.y - v.y, goal_.z - v.z);
  }

  const WorldHierarchy& h_;
  int32_t level_;
  Box box_;
  const WorldQueryOverlay* overlay_;
  const TopBounds* top_;
  Voxel goal_;
  uint32_t real_;
  bool wholeWorld_;
  Voxel endpoints_[2];
};

}  // namespace hpastar
