#pragma once
#include <cstdint>

#include "grid/Moves.h"

namespace hpastar {

// The pruning rules of Jump Point Search on an 8-connected grid WITHOUT corner cutting (Harabor and
// Grastien 2014, "Improving Jump Point Search", the variant the Moving AI benchmarks use), written once
// for the online search (JumpPointSearch) and the precomputed table (JumpDistances).
//
// Every rule reads only the grid's move masks (bit d of a cell's mask: the move in direction d is
// legal), so the corner rule stays in Grid. For a straight direction s the bit says "the neighbour in s
// is inside the map and passable"; for a diagonal it also says both orthogonal cells are passable.
//
// Rules, for a cell x entered from its neighbour p = x - d by a move in direction d:
//  - d diagonal (say NE): both orthogonal cells behind the move (W and S of x) were passable, or the
//    move would be illegal, so nothing is forced. Natural successors: the two straight components (N,
//    E) and d itself. x is a jump point when a straight jump from x in N or E reaches a jump point:
//    diagonal jumps recurse into straight jumps.
//  - d straight (say E): natural successor E. For each side s perpendicular to d (N, S): when p's
//    neighbour in s is blocked and x's is passable, the side cell cannot be reached from p's side
//    diagonally (that would cut the blocked corner) as cheaply as through x, so s is forced, and so is
//    the diagonal between d and s (the way into the region the obstacle hid). A cell with a forced
//    neighbour is a jump point. Only straight moves force neighbours when corners cannot be cut.
//  - the start has every legal move as a successor; the goal is a jump point wherever a jump meets it.
// Every successor is then filtered by x's own move mask.
//
// Proof sketch (the 2014 paper's): among the optimal paths between two cells, JPS follows the
// "diagonal-first" canonical one; these rules generate exactly the turning points of canonical paths,
// so A* over jump points with the octile heuristic stays optimal.

inline constexpr int kNoArrival = -1;  // the start: reached by no move

constexpr uint32_t dirBit(int dir) { return 1u << dir; }

// The perpendicular sides of a straight move `dir` whose neighbour is forced at a cell with move mask
// `here`, entered from the cell with mask `behind`: the sides passable from here but not from behind.
constexpr uint32_t forcedSides(int dir, uint32_t here, uint32_t behind) {
  const uint32_t sides = dirBit((dir + 2) & 7) | dirBit((dir + 6) & 7);
  return here & ~behind & sides;
}

// The directions worth a jump from a cell with move mask `here`, entered by a move in `arrival`
// (kNoArrival for the start) from a cell with mask `behind`.
constexpr uint32_t prunedDirections(int arrival, uint32_t here, uint32_t behind) {
  if (arrival == kNoArrival) return here;
  if (isDiagonal(arrival)) return here & (dirBit(arrival) | dirBit((arrival + 1) & 7) | dirBit((arrival + 7) & 7));
  uint32_t keep = dirBit(arrival);
  const uint32_t forced = forcedSides(arrival, here, behind);
  if (forced & dirBit((arrival + 2) & 7)) keep |= dirBit((arrival + 2) & 7) | dirBit((arrival + 1) & 7);
  if (forced & dirBit((arrival + 6) & 7)) keep |= dirBit((arrival + 6) & 7) | dirBit((arrival + 7) & 7);
  return here & keep;
}

}  // namespace hpastar
