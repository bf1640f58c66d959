#include "search/ThetaStarSearch.h"

#include <algorithm>

#include "grid/Moves.h"
#include "grid/SweptLine.h"

namespace hpastar {

PathStatus ThetaStarSearch::findPath(const Grid& grid, Point start, Point goal, std::vector<Point>& corners) {
  corners.clear();
  if (!grid.passable(start)) return PathStatus::StartInvalid;
  if (!grid.passable(goal)) return PathStatus::GoalInvalid;
  return search(grid, start, goal, nullptr, corners);
}

PathStatus ThetaStarSearch::findPathInCorridor(const Grid& grid, std::span<const Point> guide, int32_t radius,
                                               std::vector<Point>& corners) {
  corners.clear();
  if (guide.empty() || !grid.passable(guide.front())) return PathStatus::StartInvalid;
  if (!grid.passable(guide.back())) return PathStatus::GoalInvalid;
  const size_t cells = static_cast<size_t>(grid.cellCount());
  if (corridor_.size() < cells) corridor_.resize(cells, 0);
  if (++corridorStamp_ == 0) {  // wrapped after 2^32 calls: clear once
    std::fill(corridor_.begin(), corridor_.end(), 0u);
    corridorStamp_ = 1;
  }
  // Each guide cell marks its (2r + 1)² square; a run of the guide marks most cells several times, which
  // costs less than tracking what is marked already.
  for (const Point p : guide) {
    const int32_t x0 = std::max(p.x - radius, 0), x1 = std::min(p.x + radius, grid.width() - 1);
    const int32_t y0 = std::max(p.y - radius, 0), y1 = std::min(p.y + radius, grid.height() - 1);
    for (int32_t y = y0; y <= y1; ++y) std::fill_n(corridor_.begin() + grid.index(x0, y), x1 - x0 + 1, corridorStamp_);
  }
  return search(grid, guide.front(), guide.back(), corridor_.data(), corners);
}

PathStatus ThetaStarSearch::search(const Grid& grid, Point start, Point goal, const uint32_t* inCorridor,
                                   std::vector<Point>& corners) {
  expanded_ = 0;
  lineChecks_ = 0;
  space_.begin(static_cast<uint32_t>(grid.cellCount()));
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint32_t* parent = space_.parents();  // the cell's parent cell; the start is its own
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  const int32_t width = grid.width();
  const uint32_t startId = static_cast<uint32_t>(grid.index(start)), goalId = static_cast<uint32_t>(grid.index(goal));

  stamp[startId] = openStamp;
  g[startId] = 0;
  parent[startId] = startId;
  const double h0 = legLength(start, goal);
  space_.push(h0, h0, startId);
  while (!space_.empty()) {
    const uint32_t id = space_.pop().id;
    if (stamp[id] == closedStamp) continue;  // a stale entry
    stamp[id] = closedStamp;
    ++expanded_;
    if (id == goalId) break;
    const Point p = grid.pointOf(static_cast<int32_t>(id));
    const uint32_t up = parent[id];
    const Point upPoint = grid.pointOf(static_cast<int32_t>(up));
    const uint8_t mask = grid.moveMask(static_cast<int32_t>(id));
    for (int d = 0; d < kDirCount; ++d) {
      if (!((mask >> d) & 1u)) continue;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + kDirDy[d] * width + kDirDx[d]);
      if (stamp[n] == closedStamp || (inCorridor && inCorridor[n] != corridorStamp_)) continue;
      const Point q{p.x + kDirDx[d], p.y + kDirDy[d]};
      const bool open = stamp[n] == openStamp;
      // Through the parent's line when it is clear. g[id] is g[up] plus the line up -> p, so by the
      // triangle inequality the step from p is never shorter: when the line does not improve n, neither
      // does the step, and the line need not be checked.
      const double viaParent = g[up] + legLength(upPoint, q);
      if (open && viaParent >= g[n]) continue;
      double ng = viaParent;
      uint32_t from = up;
      if (up == id || (++lineChecks_, !sweptLineClear(grid, upPoint, q))) {
        ng = g[id] + kDirCost[d];
        from = id;
        if (open && ng >= g[n]) continue;
      }
      stamp[n] = openStamp;
      g[n] = ng;
      parent[n] = from;
      const double h = legLength(q, goal);
      space_.push(ng + h, h, n);
    }
  }
  if (stamp[goalId] != closedStamp) return PathStatus::NoPath;
  for (uint32_t c = goalId;; c = parent[c]) {
    corners.push_back(grid.pointOf(static_cast<int32_t>(c)));
    if (parent[c] == c) break;
  }
  std::reverse(corners.begin(), corners.end());
  return PathStatus::Found;
}

size_t ThetaStarSearch::scratchBytes() const { return space_.bytes() + corridor_.capacity() * sizeof(uint32_t); }

}  // namespace hpastar
