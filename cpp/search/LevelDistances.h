#pragma once
#include <cstddef>
#include <cstdint>

namespace hpastar {

// What the top-level heuristic tables (LandmarkTable, NodeDistanceTable) need of an abstract graph, and
// all they need, so that one builder serves the 2D hierarchy and the block-world one: the nodes of one
// level (ids below idSpace(), member() telling which belong), a Dijkstra over the level's whole graph from
// one of them, and after it each node's distance and the edge it was reached by. The graph must be
// undirected with symmetric costs (every move costs the same both ways), as both hierarchies' are: a
// distance from a landmark is then a distance to it, and the edge to a node's parent in a Dijkstra from i
// is the first step of the node's shortest way to i.
//
// Virtual: the builders call it once per node per Dijkstra, never per edge, and the searches that read
// the tables never call it.
class LevelDistances {
 public:
  static constexpr uint32_t kNoEdge = 0xFFFFFFFFu;
  virtual ~LevelDistances() = default;

  virtual int32_t level() const = 0;
  virtual uint32_t idSpace() const = 0;
  virtual bool member(uint32_t node) const = 0;
  // Dijkstra over the level's graph from `source`, a member.
  virtual void run(uint32_t source) = 0;
  // After run(): the distance of `node` from the source, negative when it was not reached.
  virtual double distance(uint32_t node) const = 0;
  // After run(): the index, in the list of `node`'s edges that the table's readers walk, of its edge to
  // the node it was reached from; kNoEdge for the source and for nodes not reached.
  virtual uint32_t parentEdge(uint32_t node) const = 0;

 protected:
  // The index of the edge to `to` in `edges` (each with a `to`), or kNoEdge.
  template <typename Edges>
  static uint32_t edgeTo(const Edges& edges, uint32_t to) {
    for (size_t k = 0; k < edges.size(); ++k)
      if (edges[k].to == to) return static_cast<uint32_t>(k);
    return kNoEdge;
  }
};

}  // namespace hpastar
