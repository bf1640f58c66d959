#pragma once
// The planner behind the project's entries in the Grid-Based Path Planning Competition (issue 41): the
// competition's C interfaces (its dynamic and classic tracks, DynamicEntry.cpp and ClassicEntry.cpp) are
// thin shells over this class, which answers queries with the core and takes the dynamic track's terrain
// changes. Not a layer of the core: it is built only with the competition's runner (CMakeLists.txt).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"
#include "search/JumpPointSearch.h"
#include "search/PathResult.h"

namespace hpastar::gppc {

// What answers the queries. The runner's C interface takes no options, so the choice comes from the
// environment (HPASTAR_GPPC_ALGO, see algoFromEnvironment).
enum class GppcAlgo : uint8_t {
  Defaults,        // HPA* with the options the core picks for a map (chooseHierarchyOptions, terrain changes often)
  Static,          // the same for a map whose terrain changes rarely (the distance table too)
  Streamed,        // the defaults, the path handed out one abstract segment a call (plan / nextSegment), unsmoothed
  StreamedSmooth,  // the same, each piece smoothed with the segments refined ahead of it (HpaPlanOptions::smooth)
  Jps,             // the project's online JPS: nothing built, a change edits the grid only
  AStar,           // the project's A*: the same
};

// "defaults", "static", "streamed", "streamed-smooth", "jps", "astar"; nothing for another name.
std::optional<GppcAlgo> algoFromName(const std::string& name);
const char* algoName(GppcAlgo algo);
// HPASTAR_GPPC_ALGO, "defaults" when unset. An unknown name ends the program with a message naming the
// known ones: a run of the wrong planner would be measured as if it were the asked one.
GppcAlgo algoFromEnvironment();

// What the terrain changes cost and touched, over the whole run (written beside the runner's result.csv,
// see writeStatsFile: the runner times each change, this says what it did).
struct GppcChangeStats {
  uint64_t changes = 0;       // calls of applyChange
  uint64_t cellsEdited = 0;   // cells handed over (every cell of every patch)
  uint64_t cellsChanged = 0;  // of those, the cells whose terrain differed from the planner's
  uint64_t clustersRebuilt = 0;
  uint64_t topGraphChanges = 0;  // changes that altered the top level's graph (landmarks, table stale)
  uint64_t treesRun = 0;         // DHPA* trees of rebuilt clusters run again
  uint64_t treesKept = 0;        // and kept as they were (the change left their cells alone)
  double microseconds = 0;       // the core's own time of the changes (Hierarchy::applyEdits)
};

// One grid and its planner. Single-threaded, like the runner: one query object, one result and one
// buffer of points, reused by every query.
class GppcPlanner {
 public:
  // `passable[y * width + x]` for every cell. Ends the program with a message when the hierarchy cannot be
  // built (there is no error channel in the competition's interface).
  GppcPlanner(int32_t width, int32_t height, const std::vector<uint8_t>& passable, GppcAlgo algo);

  GppcAlgo algo() const { return algo_; }
  const Grid& grid() const { return hierarchy_ ? hierarchy_->grid() : grid_; }

  // The next piece of the path from start to goal, as the competition's corner points (each two in a row
  // joined by a straight run of one of the 8 directions). `incomplete` is set when more pieces follow: the
  // runner then calls again with the same start and goal, and the next piece goes on from the last point.
  // Empty (and complete) when there is no path. Valid until the next call.
  std::span<const Point> answer(Point start, Point goal, bool& incomplete);

  // New terrain for the given cells ('.' or '@'): the hierarchy rebuilds the clusters they touch, the grid
  // planners edit their grid. Cells whose terrain is already the given one change nothing.
  void applyChange(std::span<const CellEdit> edits);
  const GppcChangeStats& changeStats() const { return changeStats_; }
  // The options of the hierarchy (JSON object), "null" for the grid planners.
  std::string optionsJson() const;
  // When HPASTAR_GPPC_STATS names a file: the planner's name, options and change figures as JSON there.
  void writeStatsFile() const;

 private:
  void buildHierarchy();
  // The whole path of the query in cells_, found by the chosen planner.
  bool findWholePath(Point start, Point goal);
  // Streamed: the first piece plans the path and refines its first segment; the others refine one each.
  bool nextStreamedPiece(Point start, Point goal, bool& incomplete);
  // Whether a segment of the streamed plan that adds cells is still to be handed out.
  bool segmentsLeft() const;
  // Appends the corners of cells_ to points_, the first step taken from `before` when the piece goes on
  // from an earlier one.
  void appendCorners(const Point* before);

  GppcAlgo algo_;
  Grid grid_;  // the grid planners' map (the hierarchy keeps its own copy)
  std::optional<Hierarchy> hierarchy_;
  std::unique_ptr<HpaStarQuery> query_;
  JumpPointSearch jps_;
  AStarSearch astar_;
  PathResult result_;
  HpaPlan plan_;
  bool streaming_ = false;  // a streamed query has pieces left
  Point lastCell_;          // the last cell handed out of the streamed query
  std::vector<Point> cells_;
  std::vector<Point> points_;
  GppcChangeStats changeStats_;
};

}  // namespace hpastar::gppc
