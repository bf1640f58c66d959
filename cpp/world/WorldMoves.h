#pragma once
#include <cstdint>

#include "grid/Moves.h"

namespace hpastar {

// The moves of a block world (BlockWorld.h states the rules), numbered for move masks and for what a
// searched node remembers of how it was reached:
//    0.. 7  on one level, the 8 directions of Moves.h (cost 1 straight, √2 diagonal)
//    8..11  climb up one level towards N, E, S, W (cost 2)
//   12..15  climb down one level towards N, E, S, W (cost 2)
//   16..19  stair up towards N, E, S, W (cost √2)
//   20..23  stair down towards N, E, S, W (cost √2)
//   24, 25  ladder up, ladder down (cost 1)
inline constexpr int kWorldMoveCount = 26;
inline constexpr int kClimbUp = 8, kClimbDown = 12, kStairUp = 16, kStairDown = 20, kLadderUp = 24, kLadderDown = 25;

inline constexpr int kWorldMoveDx[kWorldMoveCount] = {0, 1, 1, 1,  0, -1, -1, -1,  //
                                                      0, 1, 0, -1, 0, 1,  0,  -1, 0, 1, 0, -1, 0, 1, 0, -1, 0, 0};
inline constexpr int kWorldMoveDy[kWorldMoveCount] = {-1, -1, 0, 1, 1,  1, 0, -1,  //
                                                      -1, 0,  1, 0, -1, 0, 1, 0,  -1, 0, 1, 0, -1, 0, 1, 0, 0, 0};
inline constexpr int kWorldMoveDz[kWorldMoveCount] = {0, 0, 0, 0, 0,  0,  0,  0,  //
                                                      1, 1, 1, 1, -1, -1, -1, -1, 1, 1, 1, 1, -1, -1, -1, -1, 1, -1};
inline constexpr double kClimbCost = 2.0;
inline constexpr double kWorldMoveCost[kWorldMoveCount] = {
    1.0,    kSqrt2, 1.0,    kSqrt2, 1.0,    kSqrt2, 1.0,    kSqrt2,  //
    2.0,    2.0,    2.0,    2.0,    2.0,    2.0,    2.0,    2.0,     //
    kSqrt2, kSqrt2, kSqrt2, kSqrt2, kSqrt2, kSqrt2, kSqrt2, kSqrt2,  //
    1.0,    1.0};

// The Moves.h direction (0, 2, 4, 6) of the straight part of a climb or stair move.
constexpr int levelChangeDir(int move) { return 2 * ((move - kClimbUp) & 3); }

// The same move taken backwards: on a level the opposite direction; a step up towards d is undone by the
// step down towards the opposite of d; a ladder up by a ladder down.
constexpr int reverseWorldMove(int move) {
  if (move < kClimbUp) return oppositeDir(move);
  if (move >= kLadderUp) return move == kLadderUp ? kLadderDown : kLadderUp;
  const int kind = (move - kClimbUp) / 4;  // 0 climb up, 1 climb down, 2 stair up, 3 stair down
  const int opposite = ((move - kClimbUp) + 2) & 3;
  return kClimbUp + 4 * (kind ^ 1) + opposite;
}

// How far the rules of a cell's moves (BlockWorld.h) read the blocks around it: the columns one step
// away (a move's target, the two orthogonal cells a diagonal passes), from two levels below (the support
// of a lower neighbour a step down lands on) to one above (the headroom of a step up, the block of its
// target). The inverse is what a block change alters: the moves of the cells in the 3 x 3 columns around
// the block, from kMoveReadsAbove levels below it to kMoveReadsBelow above (BlockWorld::cellsReading).
inline constexpr int kMoveReadsSide = 1, kMoveReadsBelow = 2, kMoveReadsAbove = 1;

// A lower bound of the cost between two cells dx, dy, dz apart, consistent with the costs above: the
// octile distance plus √2 - 1 per level (a stair's cost over its straight step, the cheapest way up or
// down while moving across), or the number of levels when that is more (a ladder, 1 per level).
inline double worldDistanceBound(int dx, int dy, int dz) {
  const double levels = dz < 0 ? -dz : dz;
  const double across = octileDistance(dx, dy) + (kSqrt2 - 1.0) * levels;
  return across > levels ? across : levels;
}

}  // namespace hpastar
