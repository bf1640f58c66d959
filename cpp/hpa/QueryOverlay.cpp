#include "hpa/QueryOverlay.h"

#include <algorithm>

namespace hpastar {

void QueryOverlay::begin(const Hierarchy& h, Point start, Point goal) {
  const size_t slots = static_cast<size_t>(h.levels()) * h.nodeCount();
  if (h.nodeCount() != nodeCount_ || joins_.size() != slots) {
    nodeCount_ = h.nodeCount();
    joins_.assign(slots, Joins{});
    stamp_ = 0;
  }
  if (startEdges_.size() < static_cast<size_t>(h.levels())) {
    startEdges_.resize(static_cast<size_t>(h.levels()));
    goalEdges_.resize(static_cast<size_t>(h.levels()));
  }
  for (auto& e : startEdges_) e.clear();
  for (auto& e : goalEdges_) e.clear();
  if (++stamp_ == 0) {  // wrapped: forget every old stamp
    std::fill(joins_.begin(), joins_.end(), Joins{});
    stamp_ = 1;
  }
  start_ = start;
  goal_ = goal;
}

void QueryOverlay::save(Endpoints& out) const {
  out.start = start_;
  out.goal = goal_;
  out.startEdges.resize(startEdges_.size());
  out.goalEdges.resize(goalEdges_.size());
  for (size_t l = 0; l < startEdges_.size(); ++l) {
    out.startEdges[l].assign(startEdges_[l].begin(), startEdges_[l].end());
    out.goalEdges[l].assign(goalEdges_[l].begin(), goalEdges_[l].end());
  }
}

void QueryOverlay::restore(const Hierarchy& h, const Endpoints& saved) {
  begin(h, saved.start, saved.goal);
  const int32_t levels = std::min<int32_t>(h.levels(), static_cast<int32_t>(saved.startEdges.size()));
  for (int32_t level = 1; level <= levels; ++level) {
    // The lists verbatim (their order is the searches' order of relaxation), then the stamps.
    startEdges_[level - 1] = saved.startEdges[level - 1];
    goalEdges_[level - 1] = saved.goalEdges[level - 1];
    for (const Edge& e : startEdges_[level - 1])
      if (e.to < nodeCount_) {
        Joins& j = joins_[slot(level, e.to)];
        j.startStamp = stamp_;
        j.startCost = e.cost;
      }
    for (const Edge& e : goalEdges_[level - 1])
      if (e.to < nodeCount_) {
        Joins& j = joins_[slot(level, e.to)];
        j.goalStamp = stamp_;
        j.goalCost = e.cost;
      }
  }
}

void QueryOverlay::addEdge(int32_t level, uint32_t endpoint, uint32_t other, double cost) {
  auto& own = endpoint == startNode() ? startEdges_[level - 1] : goalEdges_[level - 1];
  if (other < nodeCount_) {
    // A real node: its stamp says whether it is joined already, so a query's dozens of edges are added
    // without scanning the list for each.
    Joins& j = joins_[slot(level, other)];
    uint32_t& stamp = endpoint == startNode() ? j.startStamp : j.goalStamp;
    double& stored = endpoint == startNode() ? j.startCost : j.goalCost;
    if (stamp == stamp_) {  // joined twice: keep the cheaper
      for (Edge& e : own)
        if (e.to == other) e.cost = std::min(e.cost, cost);
      stored = std::min(stored, cost);
      return;
    }
    own.push_back(Edge{other, cost});
    stamp = stamp_;
    stored = cost;
    return;
  }
  // S—G, which may be found from both ends: keep the cheaper.
  for (Edge& e : own)
    if (e.to == other) {
      e.cost = std::min(e.cost, cost);
      return;
    }
  own.push_back(Edge{other, cost});
  auto& theirs = other == startNode() ? startEdges_[level - 1] : goalEdges_[level - 1];
  for (Edge& e : theirs)
    if (e.to == endpoint) {
      e.cost = std::min(e.cost, cost);
      return;
    }
  theirs.push_back(Edge{endpoint, cost});
}

double QueryOverlay::directCost(int32_t level) const {
  for (const Edge& e : startEdges_[level - 1])
    if (e.to == goalNode()) return e.cost;
  return -1.0;
}

}  // namespace hpastar
