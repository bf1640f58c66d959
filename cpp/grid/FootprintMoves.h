#pragma once
#include <cstdint>

#include "grid/Agent.h"
#include "grid/Clearance.h"
#include "grid/Moves.h"

namespace hpastar {

// The move rule of an S×S agent, with no corner cutting for the whole square.
//
// The agent at (x, y) covers the cells x..x+S-1, y..y+S-1 (its footprint; (x, y) is its anchor). It
// may stand there when the anchor is "open": its clearance (ClearanceMap, true clearance) is at least
// S, which is exactly "every footprint cell is inside the map and of the capability". From an open
// anchor:
//   - a straight step (dx, dy) is legal when the destination anchor is open;
//   - a diagonal step (dx, dy) is legal when the destination anchor and both orthogonal anchors
//     (x+dx, y) and (x, y+dy) are open.
// Why that is "the swept area holds only allowed cells": a straight step sweeps the union of the two
// squares (they overlap but for one row or column each). A diagonal step sweeps the (S+1)×(S+1) block
// that holds the squares at the start and at the destination; those two cover all of it but two
// corner cells, (x+S, y) and (x, y+S) for dx = dy = 1 (by symmetry for the other diagonals), and the
// squares at (x+dx, y) and at (x, y+dy) each add one of those corners to cells the first two already
// cover. So, from an open start, both intermediate squares are free exactly when both corners are, and
// the four squares together are the block. For S = 1 this is the grid's own rule (Grid's move masks:
// a diagonal needs both orthogonal cells passable). A test checks it cell by cell against every
// square swept, for sizes 1..4 on random maps.
//
// Returns the legal moves from (x, y) as a mask, bit d for direction d of Moves.h (0 when the anchor
// itself is not open). With a Brushfire map the same rule is sound (brushfire never exceeds true
// clearance) but misses moves.
inline uint8_t footprintMoveMask(const ClearanceMap& clearance, int32_t x, int32_t y, int32_t size) {
  if (clearance.at(x, y) < size) return 0;
  bool open[kDirCount];
  for (int d = 0; d < kDirCount; ++d) open[d] = clearance.at(x + kDirDx[d], y + kDirDy[d]) >= size;
  uint8_t mask = 0;
  for (int d = 0; d < kDirCount; ++d) {
    // A diagonal's orthogonal parts are the directions on either side of it (NE: N and E).
    const bool legal = isDiagonal(d) ? open[d] && open[d - 1] && open[(d + 1) & 7] : open[d];
    if (legal) mask |= static_cast<uint8_t>(1u << d);
  }
  return mask;
}

}  // namespace hpastar
