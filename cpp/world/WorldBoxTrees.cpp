#include "world/WorldBoxTrees.h"

#include <algorithm>

#include "search/BestFirstSearch.h"
#include "world/BlockWorldGraph.h"

namespace hpastar {

void WorldBoxTrees::rebuildBox(const BlockWorld& world, int32_t id, const Box& box, std::span<const Voxel> roots,
                               SearchSpace& space) {
  BoxTrees& b = boxes_[static_cast<size_t>(id)];
  const BlockWorldGraph graph(world, box, Voxel{box.x0, box.y0, box.z0});
  b.cells.clear();
  graph.forEachCell([&](uint32_t local, Voxel v) {
    if (world.standingAt(world.index(v), v.z)) b.cells.push_back(local);
  });
  b.roots = roots.size();
  const size_t n = b.cells.size();
  b.distance.assign(roots.size() * n, kUnreached);
  b.move.assign(roots.size() * n, kRoot);
  for (size_t k = 0; k < roots.size(); ++k) {
    // Dijkstra over the whole box: every cell the root reaches inside it.
    BestFirstSearch::search<false>(space, graph, graph.idOf(roots[k]), BestFirstSearch::kNone);
    const double* g = space.g();
    const uint8_t* parent = space.parents();
    for (size_t s = 0; s < n; ++s)
      if (space.closed(b.cells[s])) {
        b.distance[k * n + s] = static_cast<float>(g[b.cells[s]]);
        b.move[k * n + s] = parent[b.cells[s]];
      }
  }
}

int32_t WorldBoxTrees::slotOf(int32_t id, uint32_t local) const {
  const std::vector<uint32_t>& cells = boxes_[static_cast<size_t>(id)].cells;
  const auto it = std::lower_bound(cells.begin(), cells.end(), local);
  return it != cells.end() && *it == local ? static_cast<int32_t>(it - cells.begin()) : -1;
}

size_t WorldBoxTrees::bytes() const {
  size_t bytes = boxes_.capacity() * sizeof(BoxTrees);
  for (const BoxTrees& b : boxes_) bytes += b.cells.capacity() * 4 + b.distance.capacity() * 4 + b.move.capacity();
  return bytes;
}

}  // namespace hpastar
