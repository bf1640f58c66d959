#include "hpa/LandmarkTable.h"

#include <limits>

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

LandmarkTable LandmarkTable::compute(const Hierarchy& h, int32_t level, int32_t count) {
  LandmarkTable t;
  const uint32_t nodes = h.nodeCount();
  std::vector<uint32_t> candidates;
  for (uint32_t n = 0; n < nodes; ++n)
    if (h.nodeLevel(n) >= level) candidates.push_back(n);
  if (count <= 0 || candidates.empty()) return t;
  t.level_ = level;
  t.count_ = std::min<int32_t>(count, static_cast<int32_t>(candidates.size()));
  t.stride_ = (t.count_ + 3) & ~3;
  t.table_.assign(static_cast<size_t>(nodes) * static_cast<size_t>(t.stride_), 0.0f);

  AbstractSearch search;
  const Rect all = h.grid().bounds();
  constexpr double kFar = std::numeric_limits<double>::infinity();
  // Distance from each candidate to the nearest landmark chosen so far (infinite: not reached yet).
  std::vector<double> nearest(candidates.size(), kFar);
  // The first landmark is the node farthest from an arbitrary one: a node on the map's rim.
  search.run(h, level, all, nullptr, candidates.front(), Hierarchy::kNone);
  uint32_t next = candidates.front();
  double farthest = -1;
  for (uint32_t n : candidates)
    if (search.distance(n) > farthest) farthest = search.distance(n), next = n;

  for (int32_t k = 0; k < t.count_; ++k) {
    t.landmarks_.push_back(next);
    search.run(h, level, all, nullptr, next, Hierarchy::kNone);
    double best = -1;
    for (size_t i = 0; i < candidates.size(); ++i) {
      const uint32_t n = candidates[i];
      const double d = search.distance(n);
      if (d >= 0) {
        t.table_[static_cast<size_t>(n) * static_cast<size_t>(t.stride_) + static_cast<size_t>(k)] =
            static_cast<float>(d);
        nearest[i] = std::min(nearest[i], d);
      }
      if (nearest[i] > best) best = nearest[i], next = n;
    }
  }
  return t;
}

}  // namespace hpastar
