#pragma once
#include <cstdint>
#include <vector>

#include "grid/Point.h"
#include "grid/Terrain.h"

namespace hpastar {

struct AbstractionSize;

// The HAA* graph while it is built and compacted (AnnotatedHierarchy::build): undirected edges with
// their annotations and a flag for those still kept, so the dominance passes only clear flags and the
// sizes before and after each can be counted.
struct AbstractionDraft {
  struct Edge {
    uint32_t a, b;  // for an inter-edge, a is on the left or upper side
    double cost;
    Capability capability;
    uint8_t clearance;
    bool inter;
    bool kept = true;
    uint32_t origin = UINT32_MAX;  // the builder's own id of what the edge was made from (HAA*: its stored path)
  };

  std::vector<Point> nodeCells;
  std::vector<int32_t> nodeCluster;
  std::vector<Edge> edges;

  // Nodes with a kept edge, and the kept edges of each kind.
  AbstractionSize size() const;
};

// Whether edge `a` makes `b` redundant for every agent: it costs no more (to a relative 1e-9: the same
// path summed in another order) and admits every agent `b` admits (a capability within b's, a
// clearance at least b's). Equal annotations dominate each other; callers break that tie.
bool dominates(const AbstractionDraft::Edge& a, const AbstractionDraft::Edge& b);

// Strong dominance (the high-quality abstraction): of the kept edges joining the same two nodes, drops
// each one another dominates (of equal ones, all but the first). Every agent keeps, between every two
// nodes, an edge admitting it at its cheapest cost, so its abstract distances do not change.
void applyStrongDominance(AbstractionDraft& draft);

// Weak dominance (the low-quality abstraction), after strong dominance. For each two adjacent clusters,
// their inter-edges are visited from the widest admission down (fewest terrain kinds, then largest
// clearance); an inter-edge e2 = a2-b2 is dropped when an inter-edge e1 = a1-b1 already kept admits
// every agent e2 admits and the most demanding of those agents (side e2.clearance, capability
// e2.capability: any other follows its paths) goes from a2 to a1 and from b2 to b1 inside their
// clusters (a kept intra-edge admitting it, or the same node). Any path through e2 then has a detour
// through e1, so every agent still reaches what it reached. Nodes left without an inter-edge are
// dropped with their intra-edges: what joined other nodes through them is an intra-edge of its own.
void applyWeakDominance(AbstractionDraft& draft);

// Path dominance, on the graph a query searches (after the abstraction's own passes): drops an
// intra-edge a-c when, for another node b of its cluster, kept intra-edges a-b and b-c each admit every
// agent a-c admits and cost together no more than it. Every agent keeps its abstract distances (the
// detour through b is as short), with fewer edges to relax; HPA*'s pruning of intra-edges, per
// annotation. Each drop rests on two strictly cheaper edges, so no two drops rest on each other.
void applyPathDominance(AbstractionDraft& draft);

}  // namespace hpastar
