#include "search/LandmarkTable.h"

#include <limits>

#include "search/LevelDistances.h"

namespace hpastar {

namespace {
constexpr double kFar = std::numeric_limits<double>::infinity();
}

LandmarkTableBuilder::~LandmarkTableBuilder() = default;
LandmarkTableBuilder::LandmarkTableBuilder(LandmarkTableBuilder&&) noexcept = default;

LandmarkTableBuilder::LandmarkTableBuilder(LevelDistances& graph, int32_t count) : graph_(&graph) {
  const uint32_t nodes = graph_->idSpace();
  for (uint32_t n = 0; n < nodes; ++n)
    if (graph_->member(n)) candidates_.push_back(n);
  if (count <= 0 || candidates_.empty()) return;
  table_.level_ = graph_->level();
  table_.rows_ = nodes;
  table_.count_ = std::min<int32_t>(count, static_cast<int32_t>(candidates_.size()));
  table_.stride_ = (table_.count_ + 3) & ~3;
  table_.table_.assign(static_cast<size_t>(nodes) * static_cast<size_t>(table_.stride_), 0.0f);
  nearest_.assign(candidates_.size(), kFar);
  table_.landmarks_.reserve(static_cast<size_t>(table_.count_));
  next_ = kFirstPending;
}

void LandmarkTableBuilder::step() {
  if (done()) return;
  LevelDistances& graph = *graph_;
  if (next_ == kFirstPending) {
    // The first landmark is the node farthest from an arbitrary one: a node on the map's rim.
    graph.run(candidates_.front());
    next_ = candidates_.front();
    double farthest = -1;
    for (uint32_t n : candidates_)
      if (graph.distance(n) > farthest) farthest = graph.distance(n), next_ = n;
  }
  const size_t k = table_.landmarks_.size();
  table_.landmarks_.push_back(next_);
  graph.run(next_);
  double best = -1;
  for (size_t i = 0; i < candidates_.size(); ++i) {
    const uint32_t n = candidates_[i];
    const double d = graph.distance(n);
    if (d >= 0) {
      table_.table_[static_cast<size_t>(n) * static_cast<size_t>(table_.stride_) + k] = static_cast<float>(d);
      nearest_[i] = std::min(nearest_[i], d);
    }
    if (nearest_[i] > best) best = nearest_[i], next_ = n;
  }
}

LandmarkTable LandmarkTable::compute(LevelDistances& graph, int32_t count) {
  LandmarkTableBuilder b(graph, count);
  while (!b.done()) b.step();
  return b.take();
}

}  // namespace hpastar
