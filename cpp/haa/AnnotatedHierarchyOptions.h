#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "contract/OptionSchema.h"
#include "grid/FootprintMoves.h"

namespace hpastar {

// Which of the article's compacted graphs a HAA* hierarchy keeps (Harabor and Botea, 2008).
enum class Abstraction : uint8_t {
  // Strong dominance: of the edges joining the same two nodes, those that another edge at most as
  // costly admits every agent of are left out. Every agent keeps its cheapest abstract edges.
  High = 0,
  // Weak dominance on top: an inter-edge is left out when another one between the same two clusters
  // admits every agent it admits and those agents reach it inside both clusters; nodes left without an
  // inter-edge go with their intra-edges. Smaller, still complete, paths somewhat longer.
  Low = 1,
};

// How a HAA* hierarchy is cut and for which agents.
struct AnnotatedHierarchyOptions {
  int32_t clusterSize = 16;  // side of a cluster, in cells
  int32_t maxSize = 3;       // agents of sides 1..maxSize are served (intra-edges are found for each)
  Abstraction abstraction = Abstraction::High;
  // Keep, per cluster, each node's shortest-path tree over the cluster for every agent (one move per
  // cell), so that a query joins its start and goal to their clusters' nodes by reading the trees
  // instead of running two Dijkstras: on den520d's longest queries 36 to 56% fewer instructions, for
  // 1.46x the memory (1.9 MB more, cluster 16, sizes 1..3).
  bool joinTrees = true;

  static std::span<const OptionField<AnnotatedHierarchyOptions>> fields();

  // Empty when valid, else what is wrong (names the field and the value).
  std::string validate() const { return checkOptionRanges(*this, fields()); }
};

inline std::span<const OptionField<AnnotatedHierarchyOptions>> AnnotatedHierarchyOptions::fields() {
  using O = AnnotatedHierarchyOptions;
  using F = OptionField<O>;
  static constexpr const char* kAbstractions[] = {"high", "low"};
  // Rows: {name, label, command-line flag, doc, details}, then the member and its range.
  static const F table[] = {
      rangeOption({"clusterSize", "HAA* cluster size", "haa-cluster", "side of a HAA* cluster, in cells"},
                  &O::clusterSize, 4, 256),
      rangeOption({"maxSize", "largest agent size", "max-size", "HAA* serves square agents of sides 1 to this",
                   "Agents of sides 1 to this are served (intra-edges are found for each)."},
                  &O::maxSize, 1, kMaxAgentSize),
      choiceOption<&O::abstraction>(
          {"abstraction", "abstraction", "abstraction",
           "HAA*'s graph: high (strong dominance) or low (weak dominance too: smaller, longer paths)",
           "`'high'`: strong dominance, every agent keeps its cheapest abstract edges (paths about 4% longer than the "
           "shortest on the Dragon Age maps). `'low'`: weak dominance too, a smaller graph and somewhat longer paths."},
          kAbstractions),
      flagOption({"joinTrees", "join trees", "no-join-trees",
                  "keep each node's shortest-path tree over its cluster: queries join start and goal by reading "
                  "them (--no-join-trees searches instead, less memory)",
                  "Keep each node's shortest-path tree over its cluster, so that a query joins its start and goal to "
                  "the graph by reading them instead of searching: faster queries for more memory."},
                 &O::joinTrees, false),
  };
  return table;
}

}  // namespace hpastar
