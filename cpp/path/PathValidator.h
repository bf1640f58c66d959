#pragma once
#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "contract/DecimalText.h"
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

// A cell as "(x, y)", for the validators' messages.
std::string cellText(Point p);

// The problem with a path's ends, "" when it is not empty and runs from `start` to `goal`; `text(cell)`
// writes a cell for the message. Any kind of cell, so that every validator words it alike.
template <class Cell, class Text>
std::string pathEndsProblem(std::span<const Cell> cells, Cell start, Cell goal, Text&& text) {
  if (cells.empty()) return "path is empty";
  if (cells.front() != start) return "path starts at " + text(cells.front()) + ", not at start " + text(start);
  if (cells.back() != goal) return "path ends at " + text(cells.back()) + ", not at goal " + text(goal);
  return "";
}

// What every validator checks around its own rule for cells and steps (validatePath,
// validateFootprintPath): the path is not empty, runs from `start` to `goal`, `cellProblem(i)` is ""
// for every cell i (the cell, and for i > 0 the step into it, obey the rule) and `reportedCost` is the
// cost recomputed from the steps (pathCost; relative tolerance `tolerance`). The first problem found
// is the check's.
template <class CellProblem>
PathCheck checkPathAround(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double reportedCost,
                          double tolerance, CellProblem&& cellProblem);

// The length of a sequence of cells with straight steps 1 and diagonal steps √2 (steps are not checked).
double pathLength(std::span<const Point> cells);
// The cost of a sequence of cells under the grid's terrain costs (Grid::moveCost): pathLength on an
// unweighted grid. Every step must be one of the 8 moves (not checked).
double pathCost(const Grid& grid, std::span<const Point> cells);

template <class CellProblem>
PathCheck checkPathAround(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double reportedCost,
                          double tolerance, CellProblem&& cellProblem) {
  PathCheck check;
  auto fail = [&](std::string problem) {
    check.problem = std::move(problem);
    return check;
  };
  if (std::string problem = pathEndsProblem(cells, start, goal, cellText); !problem.empty())
    return fail(std::move(problem));
  for (size_t i = 0; i < cells.size(); ++i)
    if (std::string problem = cellProblem(i); !problem.empty()) return fail(std::move(problem));
  check.recomputedCost = pathCost(grid, cells);
  if (std::abs(check.recomputedCost - reportedCost) > tolerance * std::max(1.0, check.recomputedCost))
    return fail("reported cost " + fixedText(reportedCost, 6) + " differs from the recomputed " +
                fixedText(check.recomputedCost, 6));
  check.valid = true;
  return check;
}

}  // namespace hpastar
