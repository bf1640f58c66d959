#include "hpa/LandmarkTable.h"

#include <limits>

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

namespace {
constexpr double kFar = std::numeric_limits<double>::infinity();
}

LandmarkTableBuilder::~LandmarkTableBuilder() = default;
LandmarkTableBuilder::LandmarkTableBuilder(LandmarkTableBuilder&&) noexcept = default;

LandmarkTableBuilder::LandmarkTableBuilder(const Hierarchy& h, int32_t level, int32_t count)
    : h_(h), search_(std::make_unique<AbstractSearch>()) {
  const uint32_t nodes = h.nodeCount();
  for (uint32_t n = 0; n < nodes; ++n)
    if (h.nodeLevel(n) >= level) candidates_.push_back(n);
  if (count <= 0 || candidates_.empty()) return;
  table_.level_ = level;
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
  AbstractSearch& search = *search_;
  const Rect all = h_.grid().bounds();
  const int32_t level = table_.level_;
  if (next_ == kFirstPending) {
    // The first landmark is the node farthest from an arbitrary one: a node on the map's rim.
    search.run(h_, level, all, nullptr, candidates_.front(), Hierarchy::kNone);
    next_ = candidates_.front();
    double farthest = -1;
    for (uint32_t n : candidates_)
      if (search.distance(n) > farthest) farthest = search.distance(n), next_ = n;
  }
  const size_t k = table_.landmarks_.size();
  table_.landmarks_.push_back(next_);
  search.run(h_, level, all, nullptr, next_, Hierarchy::kNone);
  double best = -1;
  for (size_t i = 0; i < candidates_.size(); ++i) {
    const uint32_t n = candidates_[i];
    const double d = search.distance(n);
    if (d >= 0) {
      table_.table_[static_cast<size_t>(n) * static_cast<size_t>(table_.stride_) + k] = static_cast<float>(d);
      nearest_[i] = std::min(nearest_[i], d);
    }
    if (nearest_[i] > best) best = nearest_[i], next_ = n;
  }
}

LandmarkTable LandmarkTable::compute(const Hierarchy& h, int32_t level, int32_t count) {
  LandmarkTableBuilder b(h, level, count);
  while (!b.done()) b.step();
  return b.take();
}

}  // namespace hpastar
