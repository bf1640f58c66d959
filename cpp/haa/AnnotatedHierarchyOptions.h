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
  static const F table[] = {
      {.name = "clusterSize",
       .label = "HAA* cluster size",
       .cli = "haa-cluster",
       .doc = "side of a HAA* cluster, in cells",
       .kind = OptionKind::Integer,
       .min = 4,
       .max = 256,
       .integer = &O::clusterSize},
      {.name = "maxSize",
       .label = "largest agent size",
       .cli = "max-size",
       .doc = "HAA* serves square agents of sides 1 to this",
       .details = "Agents of sides 1 to this are served (intra-edges are found for each).",
       .kind = OptionKind::Integer,
       .min = 1,
       .max = kMaxAgentSize,
       .integer = &O::maxSize},
      {.name = "abstraction",
       .label = "abstraction",
       .cli = "abstraction",
       .doc = "HAA*'s graph: high (strong dominance) or low (weak dominance too: smaller, longer paths)",
       .details =
           "`'high'`: strong dominance, every agent keeps its cheapest abstract edges (paths about 4% longer than the "
           "shortest on the Dragon Age maps). `'low'`: weak dominance too, a smaller graph and somewhat longer paths.",
       .kind = OptionKind::Choice,
       .choices = kAbstractions,
       .choiceOf = [](const O& o) { return static_cast<uint8_t>(o.abstraction); },
       .setChoice = [](O& o, uint8_t v) { o.abstraction = static_cast<Abstraction>(v); }},
      {.name = "joinTrees",
       .label = "join trees",
       .cli = "no-join-trees",
       .doc = "keep each node's shortest-path tree over its cluster: queries join start and goal by reading "
              "them (--no-join-trees searches instead, less memory)",
       .details = "Keep each node's shortest-path tree over its cluster, so that a query joins its start and goal to "
                  "the graph by reading them instead of searching: faster queries for more memory.",
       .kind = OptionKind::Flag,
       .flag = &O::joinTrees,
       .switchSets = false},
  };
  return table;
}

}  // namespace hpastar
