#include "haa/AbstractionDraft.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "haa/AnnotatedHierarchy.h"

namespace hpastar {
namespace {

uint64_t pairKey(uint32_t a, uint32_t b) { return (static_cast<uint64_t>(std::min(a, b)) << 32) | std::max(a, b); }

bool within(Capability inner, Capability outer) { return (inner.kinds & ~outer.kinds) == 0; }

// Whether `e` lets an agent of side `size` and capability `capability` through.
bool admits(const AbstractionDraft::Edge& e, int32_t size, Capability capability) {
  return size <= e.clearance && within(e.capability, capability);
}

}  // namespace

AbstractionSize AbstractionDraft::size() const {
  AbstractionSize s;
  std::vector<uint8_t> alive(nodeCells.size(), 0);
  for (const Edge& e : edges) {
    if (!e.kept) continue;
    ++(e.inter ? s.interEdges : s.intraEdges);
    alive[e.a] = alive[e.b] = 1;
  }
  s.nodes = static_cast<uint64_t>(std::count(alive.begin(), alive.end(), 1));
  return s;
}

bool dominates(const AbstractionDraft::Edge& a, const AbstractionDraft::Edge& b) {
  return a.cost <= b.cost + 1e-9 * std::max(1.0, b.cost) && within(a.capability, b.capability) &&
         a.clearance >= b.clearance;
}

void applyStrongDominance(AbstractionDraft& draft) {
  // The kept edges grouped by the pair of nodes they join, in their order within the draft.
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < draft.edges.size(); ++i)
    if (draft.edges[i].kept) order.push_back(i);
  auto keyOf = [&](uint32_t i) { return pairKey(draft.edges[i].a, draft.edges[i].b); };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return keyOf(x) < keyOf(y); });
  for (size_t first = 0; first < order.size();) {
    size_t last = first;
    while (last < order.size() && keyOf(order[last]) == keyOf(order[first])) ++last;
    // Dominance is a preorder: an edge dominated by a dropped edge is dominated by what dropped it, so
    // deciding every edge against the whole group drops exactly the non-maximal ones (and, of equal
    // maximal ones, all but the first).
    for (size_t j = first; j < last; ++j) {
      AbstractionDraft::Edge& e2 = draft.edges[order[j]];
      for (size_t i = first; i < last; ++i) {
        if (i == j) continue;
        const AbstractionDraft::Edge& e1 = draft.edges[order[i]];
        if (dominates(e1, e2) && (!dominates(e2, e1) || i < j)) {
          e2.kept = false;
          break;
        }
      }
    }
    first = last;
  }
}

void applyWeakDominance(AbstractionDraft& draft) {
  // Kept intra-edges by the pair of nodes they join, for the detours.
  std::unordered_map<uint64_t, std::vector<uint32_t>> intraOf;
  for (uint32_t i = 0; i < draft.edges.size(); ++i)
    if (draft.edges[i].kept && !draft.edges[i].inter) intraOf[pairKey(draft.edges[i].a, draft.edges[i].b)].push_back(i);
  auto reaches = [&](uint32_t from, uint32_t to, int32_t size, Capability capability) {
    if (from == to) return true;
    const auto it = intraOf.find(pairKey(from, to));
    if (it == intraOf.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](uint32_t i) { return admits(draft.edges[i], size, capability); });
  };

  // Kept inter-edges grouped by the two clusters they join, widest admission first within a group.
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < draft.edges.size(); ++i)
    if (draft.edges[i].kept && draft.edges[i].inter) order.push_back(i);
  auto clusters = [&](uint32_t i) {
    const AbstractionDraft::Edge& e = draft.edges[i];
    return pairKey(static_cast<uint32_t>(draft.nodeCluster[e.a]), static_cast<uint32_t>(draft.nodeCluster[e.b]));
  };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    const AbstractionDraft::Edge &ex = draft.edges[x], &ey = draft.edges[y];
    if (clusters(x) != clusters(y)) return clusters(x) < clusters(y);
    const int kx = std::popcount(ex.capability.kinds), ky = std::popcount(ey.capability.kinds);
    if (kx != ky) return kx < ky;
    if (ex.clearance != ey.clearance) return ex.clearance > ey.clearance;
    return ex.cost < ey.cost;
  });
  std::vector<uint32_t> keptInGroup;
  for (size_t first = 0; first < order.size();) {
    size_t last = first;
    while (last < order.size() && clusters(order[last]) == clusters(order[first])) ++last;
    keptInGroup.clear();
    for (size_t j = first; j < last; ++j) {
      AbstractionDraft::Edge& e2 = draft.edges[order[j]];
      const bool detour = std::any_of(keptInGroup.begin(), keptInGroup.end(), [&](uint32_t i) {
        const AbstractionDraft::Edge& e1 = draft.edges[i];
        // Both edges have their `a` node on the same side (left or upper).
        return within(e1.capability, e2.capability) && e1.clearance >= e2.clearance &&
               reaches(e2.a, e1.a, e2.clearance, e2.capability) && reaches(e2.b, e1.b, e2.clearance, e2.capability);
      });
      if (detour)
        e2.kept = false;
      else
        keptInGroup.push_back(order[j]);
    }
    first = last;
  }

  // Nodes without an inter-edge go, with their intra-edges.
  std::vector<uint8_t> crossing(draft.nodeCells.size(), 0);
  for (const AbstractionDraft::Edge& e : draft.edges)
    if (e.kept && e.inter) crossing[e.a] = crossing[e.b] = 1;
  for (AbstractionDraft::Edge& e : draft.edges)
    if (e.kept && !e.inter && (!crossing[e.a] || !crossing[e.b])) e.kept = false;
}

}  // namespace hpastar
