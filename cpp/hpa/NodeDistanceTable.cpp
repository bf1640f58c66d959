#include "hpa/NodeDistanceTable.h"

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

NodeDistanceTableBuilder::~NodeDistanceTableBuilder() = default;
NodeDistanceTableBuilder::NodeDistanceTableBuilder(NodeDistanceTableBuilder&&) noexcept = default;

NodeDistanceTableBuilder::NodeDistanceTableBuilder(const Hierarchy& h, int32_t level)
    : h_(h), search_(std::make_unique<AbstractSearch>()) {
  const uint32_t nodes = h.nodeCount();
  for (uint32_t n = 0; n < nodes; ++n)
    if (h.nodeLevel(n) >= level) members_.push_back(n);
  if (members_.empty() || members_.size() > NodeDistanceTable::kMaxNodes) return;
  table_.level_ = level;
  table_.count_ = static_cast<uint32_t>(members_.size());
  table_.slot_.assign(nodes, NodeDistanceTable::kNoSlot);
  for (uint32_t i = 0; i < table_.count_; ++i) table_.slot_[members_[i]] = i;
  table_.table_.assign(static_cast<size_t>(table_.count_) * table_.count_, NodeDistanceTable::kUnreachable);
}

void NodeDistanceTableBuilder::step() {
  if (done()) return;
  const uint32_t i = next_++;
  search_->run(h_, table_.level_, h_.grid().bounds(), nullptr, members_[i], Hierarchy::kNone);
  float* row = &table_.table_[static_cast<size_t>(i) * table_.count_];
  for (uint32_t j = 0; j < table_.count_; ++j) {
    const double d = search_->distance(members_[j]);
    if (d >= 0) row[j] = static_cast<float>(d);
  }
}

NodeDistanceTable NodeDistanceTable::compute(const Hierarchy& h, int32_t level) {
  NodeDistanceTableBuilder b(h, level);
  while (!b.done()) b.step();
  return b.take();
}

}  // namespace hpastar
