#pragma once
#include <vector>

#include "grid/Grid.h"
#include "grid/LineReach.h"

namespace hpastar {

// The path a query needs no search for: on a grid without terrain costs, the octile distance between
// start and goal is a lower bound of every path, and two paths reach it with at most two straight runs
// (the diagonal run first and the straight one after, or the other way round). When one of them is
// free (each run one read of `reach`), it is a shortest path. Open maps answer most of their short
// queries so, for a few reads instead of a search.
//
// Replaces `cells` with that path (start and goal included, the diagonal-first one when both are free)
// and returns true; false, `cells` untouched, when neither is free, start is goal, the grid has terrain
// costs or `reach` is empty. Start and goal must lie inside the grid.
bool findDirectPath(const Grid& grid, const LineReach& reach, Point start, Point goal, std::vector<Point>& cells);

}  // namespace hpastar
