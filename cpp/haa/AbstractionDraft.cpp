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

void applyPathDominance(AbstractionDraft& draft) {
  // Kept intra-edges by the pair of nodes they join.
  std::unordered_map<uint64_t, std::vector<uint32_t>> intraOf;
  std::vector<std::vector<uint32_t>> neighbours(draft.nodeCells.size());
  for (uint32_t i = 0; i < draft.edges.size(); ++i) {
    const AbstractionDraft::Edge& e = draft.edges[i];
    if (!e.kept || e.inter) continue;
    std::vector<uint32_t>& list = intraOf[pairKey(e.a, e.b)];
    if (list.empty()) neighbours[e.a].push_back(e.b), neighbours[e.b].push_back(e.a);
    list.push_back(i);
  }
  // The cheapest kept edge from x to y admitting every agent `e` admits, or a negative cost.
  auto cheapestFor = [&](uint32_t x, uint32_t y, const AbstractionDraft::Edge& e) {
    double best = -1;
    const auto it = intraOf.find(pairKey(x, y));
    if (it == intraOf.end()) return best;
    for (const uint32_t i : it->second) {
      const AbstractionDraft::Edge& f = draft.edges[i];
      if (within(f.capability, e.capability) && f.clearance >= e.clearance && (best < 0 || f.cost < best))
        best = f.cost;
    }
    return best;
  };
  std::vector<uint32_t> dropped;
  for (uint32_t i = 0; i < draft.edges.size(); ++i) {
    const AbstractionDraft::Edge& e = draft.edges[i];
    if (!e.kept || e.inter) continue;
    const double limit = e.cost + 1e-9 * std::max(1.0, e.cost);
    for (const uint32_t b : neighbours[e.a]) {
      if (b == e.b) continue;
      const double first = cheapestFor(e.a, b, e);
      if (first < 0 || first >= limit) continue;
      const double second = cheapestFor(b, e.b, e);
      if (second >= 0 && first + second <= limit) {
        dropped.push_back(i);
        break;
      }
    }
  }
  // Decided on the graph before any drop: a drop rests on edges strictly cheaper than itself, which
  // may be dropped in turn only for still cheaper ones, so every detour remains.
  for (const uint32_t i : dropped) draft.edges[i].kept = false;
}

}  // namespace hpastar
