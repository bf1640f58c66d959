#include "search/VisibilityGraph.h"

#include <algorithm>
#include <limits>

#include "grid/SweptLine.h"

namespace hpastar {
namespace {

// Whether a taut path may bend at anchor p. Around p lie 8 slots, counter-clockwise from east: the 4 lattice
// edges (even slots; free when the neighbouring anchor is passable) and the 4 unit squares between them
// (odd slots; free when their 3 other corner anchors are). A path through p leaves along two free slots;
// it can bend there only when the shorter arc between them (at most 4 slots: less than 180° of turn, or
// exactly 180° between two squares or a square and an edge) passes over a blocked slot, else a chord
// near p shortens it. That covers the convex corners of obstacles, the pinch between two obstacles
// touching at a point and the ends of corridors one anchor wide (which a size-s agent has where the
// gap is exactly s cells), where the free space is a line.
bool isBendCorner(const Grid& grid, Point p) {
  if (!grid.passable(p)) return false;
  constexpr int kSlotDx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  constexpr int kSlotDy[8] = {0, -1, -1, -1, 0, 1, 1, 1};
  bool free[8];
  for (int k = 0; k < 8; ++k) {
    const int32_t x = p.x + kSlotDx[k], y = p.y + kSlotDy[k];
    free[k] =
        (k % 2 == 0) ? grid.passable(x, y) : grid.passable(x, y) && grid.passable(x, p.y) && grid.passable(p.x, y);
  }
  for (int a = 0; a < 8; ++a) {
    if (!free[a]) continue;
    bool blockedBetween = false;
    for (int length = 1; length <= 4; ++length) {
      const int b = (a + length) % 8;
      if (free[b] && blockedBetween && !(length == 4 && a % 2 == 0)) return true;
      blockedBetween = blockedBetween || !free[b];
    }
  }
  return false;
}

}  // namespace

VisibilityGraph::VisibilityGraph(const Grid& grid, LineCheck clear) : grid_(grid), clear_(clear) {
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x)
      if (isBendCorner(grid, Point{x, y})) corners_.push_back(Point{x, y});
  seen_.assign(corners_.size() * corners_.size(), 0);
}

bool VisibilityGraph::cornersSee(int32_t a, int32_t b) {
  uint8_t& known = seen_[static_cast<size_t>(a) * corners_.size() + static_cast<size_t>(b)];
  if (known == 0) {
    known = clear_(grid_, corners_[static_cast<size_t>(a)], corners_[static_cast<size_t>(b)]) ? 1 : 2;
    seen_[static_cast<size_t>(b) * corners_.size() + static_cast<size_t>(a)] = known;
  }
  return known == 1;
}

double VisibilityGraph::shortest(Point start, Point goal, std::vector<Point>& path) {
  path.clear();
  if (start == goal) {
    path.push_back(start);
    return 0.0;
  }
  // Nodes: the corners, then start (V) and goal (V + 1).
  const int32_t v = static_cast<int32_t>(corners_.size());
  const int32_t startId = v, goalId = v + 1, count = v + 2;
  auto pointOf = [&](int32_t id) { return id < v ? corners_[static_cast<size_t>(id)] : (id == v ? start : goal); };
  auto see = [&](int32_t a, int32_t b) {
    if (a < v && b < v) return cornersSee(a, b);
    return clear_(grid_, pointOf(a), pointOf(b));
  };
  constexpr double kInf = std::numeric_limits<double>::infinity();
  g_.assign(static_cast<size_t>(count), kInf);
  parent_.assign(static_cast<size_t>(count), -1);
  closed_.assign(static_cast<size_t>(count), 0);
  g_[static_cast<size_t>(startId)] = 0;
  for (;;) {
    int32_t best = -1;
    double bestF = kInf;
    for (int32_t i = 0; i < count; ++i) {
      if (closed_[static_cast<size_t>(i)] || g_[static_cast<size_t>(i)] == kInf) continue;
      const double f = g_[static_cast<size_t>(i)] + legLength(pointOf(i), goal);
      if (f < bestF) bestF = f, best = i;
    }
    if (best < 0) return -1.0;
    closed_[static_cast<size_t>(best)] = 1;
    if (best == goalId) break;
    const Point from = pointOf(best);
    for (int32_t i = 0; i < count; ++i) {
      if (closed_[static_cast<size_t>(i)] || i == startId) continue;
      const double candidate = g_[static_cast<size_t>(best)] + legLength(from, pointOf(i));
      if (candidate >= g_[static_cast<size_t>(i)] || !see(best, i)) continue;
      g_[static_cast<size_t>(i)] = candidate;
      parent_[static_cast<size_t>(i)] = best;
    }
  }
  for (int32_t id = goalId; id >= 0; id = parent_[static_cast<size_t>(id)]) path.push_back(pointOf(id));
  std::reverse(path.begin(), path.end());
  return g_[static_cast<size_t>(goalId)];
}

}  // namespace hpastar
