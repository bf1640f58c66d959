#pragma once
// The validation every planner test applies to every path it gets.
#include <gtest/gtest.h>

#include <random>

#include "TestMaps.h"
#include "path/PathValidator.h"
#include "search/AStarSearch.h"
#include "search/PathResult.h"

namespace hpastar::test {

inline ::testing::AssertionResult isValidPath(const Grid& grid, Point start, Point goal, const PathResult& r) {
  if (!r.found()) return ::testing::AssertionFailure() << "no path: " << pathStatusName(r.status);
  const PathCheck c = validatePath(grid, start, goal, r.cells, r.cost);
  if (!c.valid) return ::testing::AssertionFailure() << c.problem;
  return ::testing::AssertionSuccess();
}

// Random passable pairs of `grid` (reachable or not) through `findPath(start, goal, result)` and A*:
// the same status, valid paths never shorter than A*'s. `onUnreachable(result)` checks the answers
// without a path; `unreachable` counts them. Call under ASSERT_NO_FATAL_FAILURE.
template <typename FindPath, typename OnUnreachable>
void agreeWithAStarOnRandomPairs(const Grid& grid, int pairs, FindPath&& findPath, OnUnreachable&& onUnreachable,
                                 int& unreachable) {
  AStarSearch a;
  PathResult r, ar;
  std::mt19937 rng(42);
  unreachable = 0;
  for (int i = 0; i < pairs; ++i) {
    const Point s = randomPassable(grid, rng), t = randomPassable(grid, rng);
    r.reset();
    ar.reset();
    const PathStatus rs = findPath(s, t, r), as = a.findPath(grid, s, t, ar);
    ASSERT_EQ(rs, as) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    if (rs == PathStatus::Found) {
      ASSERT_TRUE(isValidPath(grid, s, t, r));
      EXPECT_GE(r.cost, ar.cost - 1e-9);
    } else {
      ++unreachable;
      onUnreachable(r);
    }
  }
}

}  // namespace hpastar::test
