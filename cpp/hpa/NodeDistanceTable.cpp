#include "hpa/NodeDistanceTable.h"

#include "hpa/AbstractSearch.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

NodeDistanceTableBuilder::~NodeDistanceTableBuilder() = default;
NodeDistanceTableBuilder::NodeDistanceTableBuilder(NodeDistanceTableBuilder&&) noexcept = default;

NodeDistanceTableBuilder::NodeDistanceTableBuilder(const Hierarchy& h, int32_t level)
    : h_(h), search_(std::make_unique<AbstractSearch>()) {
  const uint32_t nodes = h.nodeCount();
  uint32_t count = 0;
  for (uint32_t n = 0; n < nodes; ++n) count += h.nodeLevel(n) >= level ? 1 : 0;
  if (count == 0 || count > NodeDistanceTable::kMaxNodes) return;
  std::vector<uint32_t>& members = table_.members_;
  members.reserve(count);
  for (uint32_t n = 0; n < nodes; ++n)
    if (h.nodeLevel(n) >= level) members.push_back(n);
  table_.level_ = level;
  table_.count_ = count;
  table_.slot_.assign(nodes, NodeDistanceTable::kNoSlot);
  for (uint32_t i = 0; i < count; ++i) table_.slot_[members[i]] = i;
  const size_t cells = static_cast<size_t>(count) * count;
  table_.table_.assign(cells, NodeDistanceTable::kUnreachable);
  table_.steps_.assign(cells, NodeDistanceTable::kNoStep);
}

void NodeDistanceTableBuilder::step() {
  if (done()) return;
  const uint32_t i = next_++;
  const int32_t level = table_.level_;
  const std::vector<uint32_t>& members = table_.members_;
  search_->run(h_, level, h_.grid().bounds(), nullptr, members[i], Hierarchy::kNone);
  float* row = &table_.table_[static_cast<size_t>(i) * table_.count_];
  // Dijkstra from node i: its parent pointers lead every node back to i along a shortest way, and the
  // graph is symmetric (every move costs the same both ways), so the edge to a node's parent is the
  // first step of its shortest way to i.
  uint8_t* steps = &table_.steps_[static_cast<size_t>(i) * table_.count_];
  for (uint32_t j = 0; j < table_.count_; ++j) {
    const double d = search_->distance(members[j]);
    if (d < 0) continue;
    row[j] = static_cast<float>(d);
    const uint32_t parent = search_->parent(members[j]);
    if (parent == Hierarchy::kNone) continue;
    const auto edges = h_.edges(level, members[j]);
    for (size_t k = 0; k < edges.size() && k < NodeDistanceTable::kNoStep; ++k)
      if (edges[k].to == parent) {
        steps[j] = static_cast<uint8_t>(k);
        break;
      }
  }
}

NodeDistanceTable NodeDistanceTable::compute(const Hierarchy& h, int32_t level) {
  NodeDistanceTableBuilder b(h, level);
  while (!b.done()) b.step();
  return b.take();
}

}  // namespace hpastar
