#pragma once
#include <limits>
#include <span>
#include <vector>

#include "grid/Grid.h"
#include "search/SearchSpace.h"
#include "search/SearchTrace.h"

namespace hpastar {

// Dijkstra from one cell over the cells of a rectangle: the distances from a node to every other node
// of its cluster in a single search (HPA*'s intra-edges, DHPA*'s per-node trees). One object per thread.
class DijkstraSearch {
 public:
  static constexpr double kUnreached = std::numeric_limits<double>::infinity();

  // Runs from `source` over `area`. When `stopAt` is not empty the search ends as soon as all of those
  // cells are settled (they must be inside `area`); otherwise it settles every reachable cell (on a grid
  // without terrain costs through buckets of width 1 instead of a heap: every move costs 1 or √2, so
  // the cells of one bucket can be settled in any order). Returns the number of expanded cells.
  // `stay`: per cell of the map, the moves that stay in the area's cluster (ClusterLayout::stayMoves), or null
  // when the rectangle is the cluster.
  uint64_t run(const Grid& grid, const Rect& area, Point source, std::span<const Point> stopAt = {},
               const uint8_t* stay = nullptr);

  // After run(): shortest distance from the source to `p`, or kUnreached.
  double distance(Point p) const;
  // After run(): appends the cells of a shortest path source..p (both included). False if unreached.
  bool appendPath(Point p, std::vector<Point>& out) const;
  // After run(): direction of the last move on the shortest path to `p` (Moves.h), or -1 for the source
  // or an unreached cell. Following the opposite directions leads back to the source.
  int arrivalDir(Point p) const;

  // After a run() over the whole area (no stopAt): the source's shortest-path tree, in the area's row-major
  // order, one pass over the search's arrays. Per cell its distance times `scale`, rounded (`unreachable`
  // when not reached), and the direction of its first move toward the source (0xFF at the source and
  // where not reached). Both spans hold area.area() entries.
  void writeTree(double scale, uint16_t unreachable, std::span<uint16_t> distances,
                 std::span<uint8_t> directions) const;

  // run() over the whole area then writeTree(), in one: on a grid without terrain costs and untraced, the
  // tree is written as the cells are settled, not by a second pass over the area. Returns run()'s count.
  uint64_t runTree(const Grid& grid, const Rect& area, Point source, double scale, uint16_t unreachable,
                   std::span<uint16_t> distances, std::span<uint8_t> directions, const uint8_t* stay = nullptr);

  // When set, every search run appends its closed and open cells to `trace` (null: no tracing, the default).
  void setTrace(SearchTrace* trace) { trace_ = trace; }

 private:
  uint32_t localId(Point p) const { return static_cast<uint32_t>((p.y - area_.y0) * area_.width() + (p.x - area_.x0)); }

  // A whole-area run without terrain costs, by Dial's buckets (DijkstraSearch.cpp). Traced: each expanded
  // id appended to expansionOrder_, the open cells stamped. WriteTree: the tree written into `tree` as
  // each cell is settled.
  struct TreeOut {
    double scale;
    uint16_t* distances;
    uint8_t* directions;
  };
  template <bool Traced, bool WriteTree>
  uint64_t settleWholeArea(const Grid& grid, Point source, const TreeOut* tree = nullptr);

  SearchSpace space_;
  std::vector<uint32_t> buckets_[3];
  std::vector<uint8_t> masks_;  // settleWholeArea: the area's move masks, clipped at its edges
  Rect area_;
  const uint8_t* stay_ = nullptr;  // the run's (see run())
  std::vector<uint8_t> targets_;
  SearchTrace* trace_ = nullptr;
  std::vector<uint32_t> expansionOrder_;  // a traced run's expanded ids, in order
};

}  // namespace hpastar
