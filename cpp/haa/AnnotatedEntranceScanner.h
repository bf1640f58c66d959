#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Clearance.h"
#include "hpa/ClusterLayout.h"
#include "hpa/EntranceScanner.h"

namespace hpastar {

// The transitions of a HAA* hierarchy (Harabor and Botea, 2008): where agents cross from one cluster
// to the next, chosen per capability and agent size.
//
// Paths are sequences of anchors (an agent's top-left cell), so a border crossing is a straight step
// of the anchor between two adjacent cells on either side of a cluster border (a diagonal crossing can
// always be replaced by one: the footprint rule makes both of its straight parts legal). For a
// capability c, the crossing's clearance is min(clearance_c(a), clearance_c(b)) capped at the largest
// agent size: agents of c up to that size may make the step.
//
// The article makes one entrance per capability (a maximal run of the border where both sides are of
// the capability) and one transition in it, where the clearance is largest. That is not complete for
// agents above size 1: the clearance may dip inside the run, so a big agent may be unable to walk
// along the border to the chosen place. Here an entrance is a maximal run of crossings of clearance at
// least S for capability c, for every c and every S up to the largest size: along such a run an S
// agent of c moves from crossing to crossing (both sides' anchors are open for it), so any one of them
// serves it. Each run's transition is its crossing of largest clearance (nearest the run's middle on a
// tie), which is then often shared by several runs; each place is kept once.
class AnnotatedEntranceScanner {
 public:
  // Appends the transitions of every border between two clusters of `layout`, one ClearanceMap per
  // capability (true clearance), agents of sides 1..maxSize. Each transition once, ordered by border.
  static void scanAll(const ClusterLayout& layout, std::span<const ClearanceMap> clearances, int32_t maxSize,
                      std::vector<Transition>& out);
  // The clearance of the crossing a→b for one capability, capped at maxSize (0: no agent of it crosses).
  static int32_t crossingClearance(const ClearanceMap& clearance, Point a, Point b, int32_t maxSize);

  // Appends the transitions of one border segment: `length` cells along it from `from` (the left or
  // upper side's first cell), a vertical border (clusters side by side) or a horizontal one.
  static void scanBorder(Point from, int32_t length, bool vertical, std::span<const ClearanceMap> clearances,
                         int32_t maxSize, std::vector<Transition>& out);
};

}  // namespace hpastar
