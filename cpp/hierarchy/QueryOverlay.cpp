#include "hierarchy/QueryOverlay.h"

#include <algorithm>

namespace hpastar {

void QueryOverlay::begin(const Hierarchy& h, Point start, Point goal) {
  const size_t slots = static_cast<size_t>(h.levels()) * h.nodeCount();
  if (h.nodeCount() != nodeCount_ || startStamp_.size() != slots) {
    nodeCount_ = h.nodeCount();
    startCost_.assign(slots, 0);
    goalCost_.assign(slots, 0);
    startStamp_.assign(slots, 0);
    goalStamp_.assign(slots, 0);
    stamp_ = 0;
  }
  if (startEdges_.size() < static_cast<size_t>(h.levels())) {
    startEdges_.resize(static_cast<size_t>(h.levels()));
    goalEdges_.resize(static_cast<size_t>(h.levels()));
  }
  for (auto& e : startEdges_) e.clear();
  for (auto& e : goalEdges_) e.clear();
  if (++stamp_ == 0) {  // wrapped: forget every old stamp
    std::fill(startStamp_.begin(), startStamp_.end(), 0u);
    std::fill(goalStamp_.begin(), goalStamp_.end(), 0u);
    stamp_ = 1;
  }
  start_ = start;
  goal_ = goal;
}

void QueryOverlay::addEdge(int32_t level, uint32_t endpoint, uint32_t other, double cost) {
  auto& own = endpoint == startNode() ? startEdges_[level - 1] : goalEdges_[level - 1];
  for (Edge& e : own)
    if (e.to == other) {  // S—G may be found from both ends; keep the cheaper
      e.cost = std::min(e.cost, cost);
      return;
    }
  own.push_back(Edge{other, cost});
  if (other == startNode() || other == goalNode()) {
    auto& theirs = other == startNode() ? startEdges_[level - 1] : goalEdges_[level - 1];
    for (Edge& e : theirs)
      if (e.to == endpoint) {
        e.cost = std::min(e.cost, cost);
        return;
      }
    theirs.push_back(Edge{endpoint, cost});
    return;
  }
  const size_t i = slot(level, other);
  if (endpoint == startNode()) {
    startStamp_[i] = stamp_;
    startCost_[i] = cost;
  } else {
    goalStamp_[i] = stamp_;
    goalCost_[i] = cost;
  }
}

double QueryOverlay::directCost(int32_t level) const {
  for (const Edge& e : startEdges_[level - 1])
    if (e.to == goalNode()) return e.cost;
  return -1.0;
}

}  // namespace hpastar
