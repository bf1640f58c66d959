#pragma once
#include <cstdint>
#include <vector>

#include "contract/Status.h"
#include "grid/Point.h"

namespace hpastar {

enum class PathStatus : uint8_t {
  Found = 0,
  NoPath = 1,        // start and goal are valid but not connected
  StartInvalid = 2,  // outside the map or on blocked terrain
  GoalInvalid = 3,
};

inline constexpr uint8_t kPathStatusCount = 4;

const char* pathStatusName(PathStatus status);

// The status code of a path status (contract/Status.h): Found is Ok; the others are NoPath, with the
// endpoint (start or goal) and the reason (an invalid cell, or no path between valid ones) as details.
Status pathStatusCode(PathStatus status);

// Work done by one query, split as in the HPA* paper's Table 1. A plain A* counts only `expandedMain`.
struct SearchStats {
  uint64_t expandedInsertion = 0;   // connecting start and goal to the abstract graph (the paper's SG effort)
  uint64_t expandedMain = 0;        // the main search (A* over cells, or the abstract search)
  uint64_t expandedRefinement = 0;  // turning abstract edges into cells
  uint32_t abstractPathNodes = 0;   // nodes on the abstract path, 0 for planners without hierarchy
  uint64_t expandedTotal() const { return expandedInsertion + expandedMain + expandedRefinement; }
};

// The answer of every planner. `cells` goes from start to goal inclusive; `cost` is its length with
// straight steps 1 and diagonal steps √2. Reusing one PathResult across queries keeps its capacity,
// so steady-state queries do not allocate.
struct PathResult {
  PathStatus status = PathStatus::NoPath;
  double cost = 0;
  std::vector<Point> cells;
  SearchStats stats;

  bool found() const { return status == PathStatus::Found; }
  void reset() {
    status = PathStatus::NoPath;
    cost = 0;
    cells.clear();
    stats = SearchStats{};
  }
};

}  // namespace hpastar
