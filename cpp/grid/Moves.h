#pragma once
#include <cstdint>
#include <cstdlib>

namespace hpastar {

// The 8 moves, clockwise from north. Even directions are straight (cost 1), odd ones diagonal (cost √2).
// A diagonal move is legal only when both orthogonal cells it passes are passable (no corner cutting).
inline constexpr int kDirCount = 8;
inline constexpr int kDirDx[kDirCount] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDirDy[kDirCount] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr double kSqrt2 = 1.41421356237309504880;
inline constexpr double kDirCost[kDirCount] = {1.0, kSqrt2, 1.0, kSqrt2, 1.0, kSqrt2, 1.0, kSqrt2};

constexpr bool isDiagonal(int dir) { return (dir & 1) != 0; }
constexpr int oppositeDir(int dir) { return (dir + 4) & 7; }

// Direction of a step, indexed by (dy + 1) * 3 + (dx + 1): one load instead of a scan; -1 for (0, 0).
inline constexpr int kDirOfOffset[9] = {7, 0, 1, 6, -1, 2, 5, 4, 3};

// Direction of a single step (dx, dy in -1..1, not both 0), or -1 if it is not one of the 8 moves.
constexpr int dirOfStep(int dx, int dy) {
  return (dx < -1 || dx > 1 || dy < -1 || dy > 1) ? -1 : kDirOfOffset[(dy + 1) * 3 + (dx + 1)];
}

// The length of a path of `straight` straight and `diagonal` diagonal moves, summed the one way every
// count-based length is (pathLength, the smoother), so that equal counts give exactly equal lengths.
inline double movesLength(int64_t straight, int64_t diagonal) {
  return static_cast<double>(straight) + static_cast<double>(diagonal) * kSqrt2;
}

// Octile distance: the exact shortest 8-connected distance on an empty grid, an admissible heuristic.
inline double octileDistance(int dx, int dy) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  return dx > dy ? dx + (kSqrt2 - 1.0) * dy : dy + (kSqrt2 - 1.0) * dx;
}

}  // namespace hpastar
