#include "search/AStarSearch.h"

#include "search/BestFirstSearch.h"

namespace hpastar {

PathStatus AStarSearch::findPath(const Grid& grid, Point start, Point goal, PathResult& out) {
  return findPath(grid, grid.bounds(), start, goal, out);
}

PathStatus AStarSearch::findPath(const Grid& grid, const Rect& area, Point start, Point goal, PathResult& out) {
  out.cells.clear();
  out.cost = 0;
  if (!area.contains(start) || !grid.passable(start)) return out.status = PathStatus::StartInvalid;
  if (!area.contains(goal) || !grid.passable(goal)) return out.status = PathStatus::GoalInvalid;
  const double cost = appendPath(grid, area, start, goal, true, out.cells, out.stats.expandedMain);
  if (cost < 0) return out.status = PathStatus::NoPath;
  out.cost = cost;
  return out.status = PathStatus::Found;
}

double AStarSearch::appendPath(const Grid& grid, const Rect& area, Point start, Point goal, bool includeStart,
                               std::vector<Point>& cells, uint64_t& expanded, const uint8_t* stay, double below) {
  if (start == goal) {
    if (includeStart) cells.push_back(start);
    return 0.0;
  }
  if (trace_) {
    expansionOrder_.clear();
    expanded +=
        BestFirstSearch::run<true, true>(space_, grid, area, start, goal, nullptr, 0, &expansionOrder_, stay, below);
    trace_->recordCells(space_, area, expansionOrder_);
  } else {
    expanded += BestFirstSearch::run<true>(space_, grid, area, start, goal, nullptr, 0, nullptr, stay, below);
  }
  const uint32_t goalId = static_cast<uint32_t>((goal.y - area.y0) * area.width() + (goal.x - area.x0));
  if (!space_.closed(goalId)) return -1.0;
  const size_t first = cells.size();
  BestFirstSearch::appendPath(space_, area, goalId, cells);
  if (!includeStart) cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(first));
  return space_.g()[goalId];
}

}  // namespace hpastar
