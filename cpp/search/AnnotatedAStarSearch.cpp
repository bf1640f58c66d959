#include "search/AnnotatedAStarSearch.h"

#include <algorithm>
#include <cassert>

#include "search/BestFirstSearch.h"

namespace hpastar {

PathStatus AnnotatedAStarSearch::findPath(const Grid& grid, const ClearanceMap& clearance, int32_t size, Point start,
                                          Point goal, PathResult& out) {
  return findPath(grid, clearance, size, grid.bounds(), start, goal, out);
}

PathStatus AnnotatedAStarSearch::findPath(const Grid& grid, const ClearanceMap& clearance, int32_t size,
                                          const Rect& area, Point start, Point goal, PathResult& out) {
  assert(clearance.sameShape(grid));
  out.cells.clear();
  out.cost = 0;
  if (size < 1 || size > kMaxAgentSize) return out.status = PathStatus::StartInvalid;
  if (!area.contains(start) || !clearance.open(start, size)) return out.status = PathStatus::StartInvalid;
  if (!area.contains(goal) || !clearance.open(goal, size)) return out.status = PathStatus::GoalInvalid;
  if (start == goal) {
    out.cells.push_back(start);
    return out.status = PathStatus::Found;
  }
  out.stats.expandedMain += grid.weighted() ? run<true, true>(grid, clearance, size, area, start, goal, 0)
                                            : run<false, true>(grid, clearance, size, area, start, goal, 0);
  const uint32_t goalId = static_cast<uint32_t>((goal.y - area.y0) * area.width() + (goal.x - area.x0));
  if (!space_.closed(goalId)) return out.status = PathStatus::NoPath;
  BestFirstSearch::appendPath(space_, area, goalId, out.cells);
  out.cost = space_.g()[goalId];
  return out.status = PathStatus::Found;
}

uint64_t AnnotatedAStarSearch::settleFrom(const Grid& grid, const ClearanceMap& clearance, int32_t size,
                                          const Rect& area, Point start, std::span<const Point> targets) {
  assert(clearance.sameShape(grid));
  lastArea_ = area;
  const uint32_t areaCells = static_cast<uint32_t>(area.area());
  if (targetMark_.size() < areaCells) targetMark_.resize(areaCells, 0);
  if (++markStamp_ == 0) {  // wrapped: forget every old mark once
    std::fill(targetMark_.begin(), targetMark_.end(), 0u);
    markStamp_ = 1;
  }
  uint32_t targetCount = 0;
  for (const Point t : targets) {
    if (!area.contains(t)) continue;
    uint32_t& mark = targetMark_[static_cast<size_t>((t.y - area.y0) * area.width() + (t.x - area.x0))];
    if (mark != markStamp_) ++targetCount;
    mark = markStamp_;
  }
  if (size < 1 || size > kMaxAgentSize || !area.contains(start) || !clearance.open(start, size)) {
    space_.begin(areaCells);  // settles nothing: every distanceTo is -1
    return 0;
  }
  return grid.weighted() ? run<true, false>(grid, clearance, size, area, start, start, targetCount)
                         : run<false, false>(grid, clearance, size, area, start, start, targetCount);
}

double AnnotatedAStarSearch::distanceTo(Point p) const {
  if (!lastArea_.contains(p)) return -1.0;
  const uint32_t id = static_cast<uint32_t>((p.y - lastArea_.y0) * lastArea_.width() + (p.x - lastArea_.x0));
  return space_.closed(id) ? space_.g()[id] : -1.0;
}

uint32_t AnnotatedAStarSearch::settledId(Point p) const {
  assert(lastArea_.contains(p));
  const uint32_t id = static_cast<uint32_t>((p.y - lastArea_.y0) * lastArea_.width() + (p.x - lastArea_.x0));
  assert(space_.closed(id));
  return id;
}

void AnnotatedAStarSearch::appendPathTo(Point p, std::vector<Point>& out) const {
  BestFirstSearch::appendPath(space_, lastArea_, settledId(p), out);
}

void AnnotatedAStarSearch::appendPathBack(Point p, std::vector<Point>& out) const {
  const size_t first = out.size();
  BestFirstSearch::appendPath(space_, lastArea_, settledId(p), out);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void AnnotatedAStarSearch::appendStepsTo(Point p, std::vector<uint8_t>& out) const {
  const int32_t aw = lastArea_.width();
  const uint8_t* parent = space_.parents();
  const size_t first = out.size();
  for (uint32_t id = settledId(p); parent[id] != kNoMove;) {
    const uint8_t d = parent[id];
    out.push_back(d);
    id = static_cast<uint32_t>(static_cast<int32_t>(id) - (kDirDy[d] * aw + kDirDx[d]));
  }
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void AnnotatedAStarSearch::appendTree(std::vector<uint8_t>& out) const {
  const uint32_t cells = static_cast<uint32_t>(lastArea_.area());
  const uint8_t* parent = space_.parents();
  for (uint32_t id = 0; id < cells; ++id) out.push_back(space_.closed(id) ? parent[id] : kTreeUnreached);
}

// The loop of BestFirstSearch with the footprint's move rule in place of the grid's move masks.
template <bool Weighted, bool UseHeuristic>
uint64_t AnnotatedAStarSearch::run(const Grid& grid, const ClearanceMap& clearance, int32_t size, const Rect& area,
                                   Point start, Point goal, uint32_t targetCount) {
  const double hScale = UseHeuristic ? (Weighted ? grid.minWeightFor(clearance.capability()) : 1.0) : 0.0;
  const int32_t aw = area.width();
  const int32_t gw = grid.width();
  space_.begin(static_cast<uint32_t>(area.area()));
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint8_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp();
  const uint32_t closedStamp = space_.closedStamp();

  int32_t localOffset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) localOffset[d] = kDirDy[d] * aw + kDirDx[d];

  const uint32_t startId = static_cast<uint32_t>((start.y - area.y0) * aw + (start.x - area.x0));
  const uint32_t goalId =
      UseHeuristic ? static_cast<uint32_t>((goal.y - area.y0) * aw + (goal.x - area.x0)) : BestFirstSearch::kNone;
  const uint32_t* targetMark = targetMark_.data();
  uint32_t targetsLeft = targetCount;
  stamp[startId] = openStamp;
  g[startId] = 0;
  parent[startId] = kNoMove;
  const double h0 = hScale * octileDistance(goal.x - start.x, goal.y - start.y);
  space_.push(h0, h0, startId);

  uint64_t expanded = 0;
  while (!space_.empty()) {
    const uint32_t id = space_.pop().id;
    if (stamp[id] == closedStamp) continue;  // stale entry: the node was settled through a better one
    stamp[id] = closedStamp;
    ++expanded;
    if (UseHeuristic && id == goalId) break;
    if (!UseHeuristic && targetMark[id] == markStamp_ && --targetsLeft == 0) break;

    const int32_t ly = static_cast<int32_t>(id) / aw;
    const int32_t lx = static_cast<int32_t>(id) - ly * aw;
    const int32_t x = lx + area.x0, y = ly + area.y0;
    uint32_t mask = footprintMoveMask(clearance, x, y, size);
    // Clip moves whose anchor would leave the area.
    if (lx == 0) mask &= ~0xE0u;                  // dx = -1: SW, W, NW
    if (lx == aw - 1) mask &= ~0x0Eu;             // dx = +1: NE, E, SE
    if (ly == 0) mask &= ~0x83u;                  // dy = -1: NW, N, NE
    if (ly == area.height() - 1) mask &= ~0x38u;  // dy = +1: SE, S, SW
    const double gId = g[id];
    while (mask) {
      const int d = __builtin_ctz(mask);
      mask &= mask - 1;
      const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + localOffset[d]);
      const double ng = gId + (Weighted ? grid.moveCost(y * gw + x, d) : kDirCost[d]);
      const uint32_t s = stamp[n];
      if (s == closedStamp) continue;  // consistent heuristic: closed nodes are final
      if (s == openStamp && ng >= g[n]) continue;
      stamp[n] = openStamp;
      g[n] = ng;
      parent[n] = static_cast<uint8_t>(d);
      const double h = hScale * octileDistance(goal.x - (x + kDirDx[d]), goal.y - (y + kDirDy[d]));
      space_.push(ng + h, h, n);
    }
  }
  return expanded;
}

}  // namespace hpastar
