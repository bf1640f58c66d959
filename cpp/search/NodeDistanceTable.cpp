#include "search/NodeDistanceTable.h"

#include "search/LevelDistances.h"

namespace hpastar {

NodeDistanceTableBuilder::~NodeDistanceTableBuilder() = default;
NodeDistanceTableBuilder::NodeDistanceTableBuilder(NodeDistanceTableBuilder&&) noexcept = default;

NodeDistanceTableBuilder::NodeDistanceTableBuilder(LevelDistances& graph) : graph_(&graph) {
  const uint32_t nodes = graph.idSpace();
  uint32_t count = 0;
  for (uint32_t n = 0; n < nodes; ++n) count += graph.member(n) ? 1 : 0;
  if (count == 0 || count > NodeDistanceTable::kMaxNodes) return;
  std::vector<uint32_t>& members = table_.members_;
  members.reserve(count);
  for (uint32_t n = 0; n < nodes; ++n)
    if (graph.member(n)) members.push_back(n);
  table_.level_ = graph.level();
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
  const std::vector<uint32_t>& members = table_.members_;
  LevelDistances& graph = *graph_;
  graph.run(members[i]);
  float* row = &table_.table_[static_cast<size_t>(i) * table_.count_];
  // Dijkstra from node i: its parent pointers lead every node back to i along a shortest way, and the
  // graph is symmetric (LevelDistances), so the edge to a node's parent is the first step of its shortest
  // way to i.
  uint8_t* steps = &table_.steps_[static_cast<size_t>(i) * table_.count_];
  for (uint32_t j = 0; j < table_.count_; ++j) {
    const double d = graph.distance(members[j]);
    if (d < 0) continue;
    row[j] = static_cast<float>(d);
    const uint32_t edge = graph.parentEdge(members[j]);
    if (edge < NodeDistanceTable::kNoStep) steps[j] = static_cast<uint8_t>(edge);
  }
}

NodeDistanceTable NodeDistanceTable::compute(LevelDistances& graph) {
  NodeDistanceTableBuilder b(graph);
  while (!b.done()) b.step();
  return b.take();
}

}  // namespace hpastar
