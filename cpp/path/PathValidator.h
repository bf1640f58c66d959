#pragma once
#include <span>
#include <string>

#include "grid/Grid.h"

namespace hpastar {

struct PathCheck {
  bool valid = false;
  double recomputedCost = 0;
  std::string problem;  // empty when valid
};

// The check every test of every planner runs on every path: the first cell is `start`, the last is
// `goal`, each step is one of the 8 moves between passable cells without cutting a corner, and
// `reportedCost` equals the cost recomputed from the steps under the grid's terrain costs (pathCost;
// relative tolerance `tolerance`).
PathCheck validatePath(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double reportedCost,
                       double tolerance = 1e-9);

// The length of a sequence of cells with straight steps 1 and diagonal steps √2 (steps are not checked).
double pathLength(std::span<const Point> cells);
// The cost of a sequence of cells under the grid's terrain costs (Grid::moveCost): pathLength on an
// unweighted grid. Every step must be one of the 8 moves (not checked).
double pathCost(const Grid& grid, std::span<const Point> cells);

}  // namespace hpastar
