#include "hpa/NodeDistanceTable.h"

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

NodeDistanceTable NodeDistanceTable::compute(const Hierarchy& h, int32_t level) {
  NodeDistanceTable t;
  const uint32_t nodes = h.nodeCount();
  std::vector<uint32_t> members;
  for (uint32_t n = 0; n < nodes; ++n)
    if (h.nodeLevel(n) >= level) members.push_back(n);
  if (members.empty() || members.size() > kMaxNodes) return t;
  t.level_ = level;
  t.count_ = static_cast<uint32_t>(members.size());
  t.slot_.assign(nodes, kNoSlot);
  for (uint32_t i = 0; i < t.count_; ++i) t.slot_[members[i]] = i;
  t.table_.assign(static_cast<size_t>(t.count_) * t.count_, kUnreachable);
  AbstractSearch search;
  const Rect all = h.grid().bounds();
  for (uint32_t i = 0; i < t.count_; ++i) {
    search.run(h, level, all, nullptr, members[i], Hierarchy::kNone);
    float* row = &t.table_[static_cast<size_t>(i) * t.count_];
    for (uint32_t j = 0; j < t.count_; ++j) {
      const double d = search.distance(members[j]);
      if (d >= 0) row[j] = static_cast<float>(d);
    }
  }
  return t;
}

}  // namespace hpastar
