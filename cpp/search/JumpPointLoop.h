#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "grid/Grid.h"
#include "search/JumpPointRules.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"

namespace hpastar {

// A* over jump points, shared by JPS (jumps scanned online) and JPS+ (jumps read from a table): the two
// differ only in how a jump is made, which the `Jumper` answers:
//
//   int32_t jumper(int32_t cell, int32_t x, int32_t y, int dir)
//
// gives the number of moves in `dir` from `cell` (at x, y) to the next jump point or the goal, or 0 when
// the jump meets a wall first, and
//
//   void jumper.willExpand(uint32_t cell)
//
// hears of every cell put on the open list (JPS+ prefetches its row of the table there). A jump's
// cells are all moves in one direction, so a node remembers its parent jump point and that direction,
// and the path is rebuilt by walking the straight or diagonal segments back.
//
// Node ids are cell indices of the whole grid. The parent of a node packs the parent's cell and the
// direction of the segment: cell * 8 + dir (a grid has at most 2^24 cells, so it fits in 32 bits).
class JumpPointLoop {
 public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

  // Runs from `start` to `goal` (both passable, different). Returns the number of expanded jump points;
  // the goal is reached when space.closed(goal's index) afterwards.
  template <typename Jumper>
  static uint64_t run(NodeSearchSpace& space, const Grid& grid, Point start, Point goal, Jumper&& jumper) {
    const int32_t width = grid.width();
    const uint8_t* masks = grid.moveMasks();
    space.begin(static_cast<uint32_t>(grid.cellCount()));
    uint32_t* stamp = space.stamps();
    double* g = space.g();
    uint32_t* parent = space.parents();
    const uint32_t openStamp = space.openStamp();
    const uint32_t closedStamp = space.closedStamp();

    int32_t offset[kDirCount];
    for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * width + kDirDx[d];

    const uint32_t startId = static_cast<uint32_t>(grid.index(start));
    const uint32_t goalId = static_cast<uint32_t>(grid.index(goal));
    stamp[startId] = openStamp;
    g[startId] = 0;
    parent[startId] = kNone;
    const double h0 = octileDistance(goal.x - start.x, goal.y - start.y);
    space.push(h0, h0, startId);

    uint64_t expanded = 0;
    while (!space.empty()) {
      const uint32_t id = space.pop().id;
      if (stamp[id] == closedStamp) continue;  // stale entry: the node was settled through a better one
      stamp[id] = closedStamp;
      ++expanded;
      if (id == goalId) break;

      const int32_t cell = static_cast<int32_t>(id);
      const int arrival = parent[id] == kNone ? kNoArrival : static_cast<int>(parent[id] & 7u);
      const uint32_t behind = arrival == kNoArrival ? 0u : masks[cell - offset[arrival]];
      uint32_t dirs = prunedDirections(arrival, masks[cell], behind);
      const int32_t y = cell / width;
      const int32_t x = cell - y * width;
      const double gId = g[id];
      while (dirs) {
        const int d = __builtin_ctz(dirs);
        dirs &= dirs - 1;
        const int32_t steps = jumper(cell, x, y, d);
        if (steps == 0) continue;
        const uint32_t n = static_cast<uint32_t>(cell + steps * offset[d]);
        const double ng = gId + steps * kDirCost[d];
        const uint32_t s = stamp[n];
        if (s == openStamp) {
          if (ng >= g[n]) continue;
        } else if (s == closedStamp) {
          continue;  // consistent heuristic: closed nodes are final
        }
        stamp[n] = openStamp;
        g[n] = ng;
        parent[n] = id * 8u + static_cast<uint32_t>(d);
        const double h = octileDistance(goal.x - (x + steps * kDirDx[d]), goal.y - (y + steps * kDirDy[d]));
        space.push(ng + h, h, n);
        jumper.willExpand(n);
      }
    }
    return expanded;
  }

  // Appends every cell from the start to `goal` (reached by the last run), the jump segments filled in.
  static void appendPath(const NodeSearchSpace& space, const Grid& grid, Point goal, std::vector<Point>& out) {
    const size_t first = out.size();
    const uint32_t* parent = space.parents();
    uint32_t id = static_cast<uint32_t>(grid.index(goal));
    Point p = goal;
    out.push_back(p);
    while (parent[id] != kNone) {
      const uint32_t from = parent[id] >> 3;
      const int d = static_cast<int>(parent[id] & 7u);
      const Point back{static_cast<int32_t>(from) % grid.width(), static_cast<int32_t>(from) / grid.width()};
      while (p != back) {
        p = Point{p.x - kDirDx[d], p.y - kDirDy[d]};
        out.push_back(p);
      }
      id = from;
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  }

  // A whole query with AStarSearch's contract (statuses, cells, cost, expansions), for either jumper.
  template <typename Jumper>
  static PathStatus findPath(NodeSearchSpace& space, const Grid& grid, Point start, Point goal, Jumper&& jumper,
                             PathResult& out) {
    out.cells.clear();
    out.cost = 0;
    if (!grid.passable(start)) return out.status = PathStatus::StartInvalid;
    if (!grid.passable(goal)) return out.status = PathStatus::GoalInvalid;
    if (start == goal) {
      out.cells.push_back(start);
      return out.status = PathStatus::Found;
    }
    out.stats.expandedMain += run(space, grid, start, goal, std::forward<Jumper>(jumper));
    const uint32_t goalId = static_cast<uint32_t>(grid.index(goal));
    if (!space.closed(goalId)) return out.status = PathStatus::NoPath;
    appendPath(space, grid, goal, out.cells);
    out.cost = space.g()[goalId];
    return out.status = PathStatus::Found;
  }
};

}  // namespace hpastar
