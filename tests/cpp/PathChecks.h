#pragma once
// The validation every planner test applies to every path it gets.
#include <gtest/gtest.h>

#include "path/PathValidator.h"
#include "search/PathResult.h"

namespace hpastar::test {

inline ::testing::AssertionResult isValidPath(const Grid& grid, Point start, Point goal, const PathResult& r) {
  if (!r.found()) return ::testing::AssertionFailure() << "no path: " << pathStatusName(r.status);
  const PathCheck c = validatePath(grid, start, goal, r.cells, r.cost);
  if (!c.valid) return ::testing::AssertionFailure() << c.problem;
  return ::testing::AssertionSuccess();
}

}  // namespace hpastar::test
