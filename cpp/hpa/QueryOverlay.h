#pragma once
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "hpa/Hierarchy.h"

namespace hpastar {

// The start and goal of one query, inserted into the abstract graph without touching it: they get the
// ids nodeCount() and nodeCount() + 1, and their edges live here, per level. Real nodes find their
// edges back to S or G through stamped arrays, so nothing is cleared between queries.
class QueryOverlay {
 public:
  struct Edge {
    uint32_t to;
    double cost;
  };

  // Start, goal and their edges at every level: what a plan keeps so that any query object can bring
  // this overlay back later (restore) and refine the plan's segments, whatever it searched meanwhile.
  struct Endpoints {
    Point start, goal;
    std::vector<std::vector<Edge>> startEdges, goalEdges;  // [level - 1]
  };

  void begin(const Hierarchy& h, Point start, Point goal);
  void save(Endpoints& out) const;
  // The overlay as it was when `saved` was made, on the same hierarchy version.
  void restore(const Hierarchy& h, const Endpoints& saved);

  uint32_t startNode() const { return nodeCount_; }
  uint32_t goalNode() const { return nodeCount_ + 1; }
  bool isEndpoint(uint32_t node) const { return node >= nodeCount_; }
  Point start() const { return start_; }
  Point goal() const { return goal_; }
  Point cellOf(const Hierarchy& h, uint32_t node) const {
    return node < nodeCount_ ? h.nodeCell(node) : (node == nodeCount_ ? start_ : goal_);
  }

  // Adds the undirected edge endpoint—other at `level` (endpoint is S or G; other is a real node or the
  // other endpoint).
  void addEdge(int32_t level, uint32_t endpoint, uint32_t other, double cost);
  std::span<const Edge> endpointEdges(int32_t level, uint32_t endpoint) const {
    return endpoint == nodeCount_ ? std::span<const Edge>(startEdges_[level - 1])
                                  : std::span<const Edge>(goalEdges_[level - 1]);
  }
  // Cost of the overlay edge from real node `node` to S (or G) at `level`, or a negative value if none.
  double costToStart(int32_t level, uint32_t node) const {
    const Joins& j = joins_[slot(level, node)];
    return j.startStamp == stamp_ ? j.startCost : -1.0;
  }
  double costToGoal(int32_t level, uint32_t node) const {
    const Joins& j = joins_[slot(level, node)];
    return j.goalStamp == stamp_ ? j.goalCost : -1.0;
  }
  double directCost(int32_t level) const;  // S—G edge at `level`, or negative

 private:
  size_t slot(int32_t level, uint32_t node) const { return static_cast<size_t>(level - 1) * nodeCount_ + node; }

  uint32_t nodeCount_ = 0;
  uint32_t stamp_ = 0;
  Point start_, goal_;
  std::vector<std::vector<Edge>> startEdges_, goalEdges_;  // [level - 1]
  // A real node's edges to S and G at one level, valid where the stamp is this query's: one record, so
  // a search expanding the node reads one cache line to learn both.
  struct Joins {
    uint32_t startStamp = 0, goalStamp = 0;
    double startCost = 0, goalCost = 0;
  };
  std::vector<Joins> joins_;  // [slot]
};

}  // namespace hpastar
