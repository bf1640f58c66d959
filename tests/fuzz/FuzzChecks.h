#pragma once
// What the fuzz harnesses check on every answer the library gives. The oracles here are written from
// the Moving AI rules, not taken from the library: a grid's moves are recomputed from its terrain, and
// shortest distances come from a plain Dijkstra over cells. A failed check prints what is wrong and
// aborts, which libFuzzer records as a crash with its input.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <queue>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "grid/Moves.h"
#include "io/SectionedFormat.h"
#include "path/PathValidator.h"
#include "search/PathResult.h"

namespace hpastar::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition, const std::string& message) {
  std::fprintf(stderr, "%s:%d: check failed: %s\n  %s\n", file, line, condition, message.c_str());
  std::fflush(stderr);
  std::abort();
}

// `message` is only evaluated when the check fails.
#define FUZZ_REQUIRE(condition, message)                                                \
  do {                                                                                  \
    if (!(condition)) ::hpastar::fuzz::fail(__FILE__, __LINE__, #condition, (message)); \
  } while (0)

inline std::string str(Point p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

// Whether the agent class's footprint (Agent.h: a size x size square anchored at its top-left cell) stands
// at (x, y): every cell of it inside the map and of a kind the class may stand on. Read from the terrain
// characters, not from the grid's passability.
inline bool footprintOpen(const Grid& grid, int32_t x, int32_t y) {
  const int32_t s = grid.agentSize();
  if (x < 0 || y < 0 || x + s > grid.width() || y + s > grid.height()) return false;
  for (int32_t fy = y; fy < y + s; ++fy)
    for (int32_t fx = x; fx < x + s; ++fx)
      if (!grid.capability().allowsChar(static_cast<char>(grid.terrain()[static_cast<size_t>(fy) * grid.width() + fx])))
        return false;
  return true;
}

// A move of the agent class from (x, y) by (dx, dy): both anchors open, and a diagonal only when both
// straight moves it cuts past are open too (no corner cutting).
inline bool moveOpen(const Grid& grid, int32_t x, int32_t y, int32_t dx, int32_t dy) {
  if (!footprintOpen(grid, x, y) || !footprintOpen(grid, x + dx, y + dy)) return false;
  return dx == 0 || dy == 0 || (footprintOpen(grid, x + dx, y) && footprintOpen(grid, x, y + dy));
}

// The documented cost of that move, from the cells' weights (1 on an unweighted grid): a straight step the
// mean of its two cells, a diagonal sqrt(2) times the mean of the four it touches.
inline double moveCost(const Grid& grid, int32_t x, int32_t y, int32_t dx, int32_t dy) {
  const auto w = [&](int32_t cx, int32_t cy) { return static_cast<double>(grid.weightAt(grid.index(cx, cy))); };
  return dx != 0 && dy != 0 ? std::sqrt(2.0) * 0.25 * (w(x, y) + w(x + dx, y + dy) + (w(x + dx, y) + w(x, y + dy)))
                            : 0.5 * (w(x, y) + w(x + dx, y + dy));
}

// The grid's size, terrain, passability and every move bit agree with its terrain characters and its
// agent class.
inline void checkGridInvariants(const Grid& grid) {
  FUZZ_REQUIRE(
      grid.width() >= 1 && grid.height() >= 1 && grid.width() <= Grid::kMaxSide && grid.height() <= Grid::kMaxSide,
      std::to_string(grid.width()) + "x" + std::to_string(grid.height()));
  FUZZ_REQUIRE(grid.terrain().size() == static_cast<size_t>(grid.width()) * grid.height(), "terrain size");
  for (int32_t y = 0; y < grid.height(); ++y) {
    for (int32_t x = 0; x < grid.width(); ++x) {
      const char c = grid.terrainAt(x, y);
      FUZZ_REQUIRE(isTerrainChar(c), "cell " + str({x, y}) + " holds code " + std::to_string(int(c)));
      FUZZ_REQUIRE(grid.passable(x, y) == footprintOpen(grid, x, y), "passability of " + str({x, y}));
      uint8_t expected = 0;
      for (int d = 0; d < kDirCount; ++d)
        if (moveOpen(grid, x, y, kDirDx[d], kDirDy[d])) expected |= static_cast<uint8_t>(1u << d);
      FUZZ_REQUIRE(grid.moveMask(grid.index(x, y)) == expected, "move mask of " + str({x, y}));
    }
  }
}

// Shortest distances from one cell to every cell (infinity when unreachable), by Dijkstra over the
// terrain with the octile moves of the grid's agent class and the no-corner-cutting rule.
inline std::vector<double> referenceDistances(const Grid& grid, Point source) {
  const double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> dist(static_cast<size_t>(grid.cellCount()), kInf);
  if (!footprintOpen(grid, source.x, source.y)) return dist;
  using Entry = std::pair<double, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  dist[static_cast<size_t>(grid.index(source))] = 0;
  open.push({0, grid.index(source)});
  while (!open.empty()) {
    const auto [d, cell] = open.top();
    open.pop();
    if (d > dist[static_cast<size_t>(cell)]) continue;
    const Point p = grid.pointOf(cell);
    for (int dx = -1; dx <= 1; ++dx) {
      for (int dy = -1; dy <= 1; ++dy) {
        if ((dx == 0 && dy == 0) || !moveOpen(grid, p.x, p.y, dx, dy)) continue;
        const double next = d + moveCost(grid, p.x, p.y, dx, dy);
        const int32_t to = grid.index(p.x + dx, p.y + dy);
        if (next < dist[static_cast<size_t>(to)] - 1e-12) {
          dist[static_cast<size_t>(to)] = next;
          open.push({next, to});
        }
      }
    }
  }
  return dist;
}

// The cells reachable from `source` for the grid's agent class (a flood with the same moves), or none
// when it is blocked: what reachability answers are held against.
inline std::vector<uint8_t> referenceComponent(const Grid& grid, Point source) {
  std::vector<uint8_t> seen(static_cast<size_t>(grid.cellCount()), 0);
  if (!footprintOpen(grid, source.x, source.y)) return seen;
  std::vector<Point> stack{source};
  seen[static_cast<size_t>(grid.index(source))] = 1;
  while (!stack.empty()) {
    const Point p = stack.back();
    stack.pop_back();
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        if (!(dx == 0 && dy == 0) && moveOpen(grid, p.x, p.y, dx, dy) &&
            !seen[static_cast<size_t>(grid.index(p.x + dx, p.y + dy))]) {
          seen[static_cast<size_t>(grid.index(p.x + dx, p.y + dy))] = 1;
          stack.push_back({p.x + dx, p.y + dy});
        }
  }
  return seen;
}

// A path held against the rules themselves, beside the library's validatePath: from start to goal, each
// step a legal move of the agent class, its cost the sum of the moves' documented costs. "" or the problem.
inline std::string pathProblem(const Grid& grid, Point start, Point goal, std::span<const Point> cells, double cost) {
  if (cells.empty()) return "no cells";
  if (cells.front() != start || cells.back() != goal)
    return "runs " + str(cells.front()) + " -> " + str(cells.back()) + ", asked " + str(start) + " -> " + str(goal);
  if (!footprintOpen(grid, start.x, start.y)) return "starts where the agent does not fit";
  double sum = 0;
  for (size_t i = 1; i < cells.size(); ++i) {
    const int32_t dx = cells[i].x - cells[i - 1].x, dy = cells[i].y - cells[i - 1].y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0) || !moveOpen(grid, cells[i - 1].x, cells[i - 1].y, dx, dy))
      return "illegal step " + str(cells[i - 1]) + " -> " + str(cells[i]) + " (step " + std::to_string(i) + ")";
    sum += moveCost(grid, cells[i - 1].x, cells[i - 1].y, dx, dy);
  }
  if (std::fabs(sum - cost) > 1e-6 * (1 + sum))
    return "reported cost " + std::to_string(cost) + ", its steps cost " + std::to_string(sum);
  return "";
}

// The status a planner must give for start -> goal, from the reference distance.
inline PathStatus expectedStatus(const Grid& grid, Point start, Point goal, double distance) {
  if (!footprintOpen(grid, start.x, start.y)) return PathStatus::StartInvalid;
  if (!footprintOpen(grid, goal.x, goal.y)) return PathStatus::GoalInvalid;
  return std::isfinite(distance) ? PathStatus::Found : PathStatus::NoPath;
}

// A planner's answer: the status the reference gives; when found, a legal path from start to goal whose
// reported cost is its length, never shorter than the shortest one, and equal to it when `optimal`.
inline void checkAnswer(const char* planner, const Grid& grid, Point start, Point goal, PathStatus status,
                        std::span<const Point> cells, double cost, double distance, bool optimal) {
  const std::string query = std::string(planner) + " " + str(start) + " -> " + str(goal) + ": ";
  const PathStatus expected = expectedStatus(grid, start, goal, distance);
  FUZZ_REQUIRE(status == expected, query + pathStatusName(status) + ", expected " + pathStatusName(expected));
  if (status != PathStatus::Found) return;
  const PathCheck check = validatePath(grid, start, goal, cells, cost, 1e-6);
  FUZZ_REQUIRE(check.valid, query + check.problem);
  const std::string problem = pathProblem(grid, start, goal, cells, cost);
  FUZZ_REQUIRE(problem.empty(), query + problem);
  FUZZ_REQUIRE(cost >= distance - 1e-6 * (1 + distance),
               query + "cost " + std::to_string(cost) + " below the shortest " + std::to_string(distance));
  if (optimal)
    FUZZ_REQUIRE(std::fabs(cost - distance) <= 1e-6 * (1 + distance),
                 query + "cost " + std::to_string(cost) + ", shortest " + std::to_string(distance));
}

inline void checkAnswer(const char* planner, const Grid& grid, Point start, Point goal, const PathResult& r,
                        double distance, bool optimal) {
  checkAnswer(planner, grid, start, goal, r.status, r.cells, r.cost, distance, optimal);
}

// Each table entry of a sectioned container whose section lies inside the bytes gets that section's
// checksum: a checksum is trivially forged, and the loader harnesses want the fuzzer to reach the
// structural checks behind it.
inline void forgeSectionChecksums(std::vector<uint8_t>& bytes) {
  const auto read = [&](size_t at, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(bytes[at + i]) << (8 * i);
    return v;
  };
  if (bytes.size() < kSectionedHeaderBytes) return;
  const uint64_t count = read(12, 4);
  for (uint64_t k = 0; k < count; ++k) {
    const size_t at = kSectionedHeaderBytes + static_cast<size_t>(k) * kSectionEntryBytes;
    if (at + kSectionEntryBytes > bytes.size()) return;
    const uint64_t offset = read(at + 16, 8), length = read(at + 24, 8);
    if (offset > bytes.size() || length > bytes.size() - offset) continue;
    const uint64_t sum = fnv1a64(std::span(bytes).subspan(static_cast<size_t>(offset), static_cast<size_t>(length)));
    for (size_t i = 0; i < 8; ++i) bytes[at + 32 + i] = static_cast<uint8_t>(sum >> (8 * i));
  }
}

}  // namespace hpastar::fuzz
