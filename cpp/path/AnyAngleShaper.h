#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "grid/Point.h"
#include "grid/SweptLine.h"
#include "path/StringPuller.h"
#include "search/PathResult.h"
#include "search/ThetaStarSearch.h"

namespace hpastar {

// Which steps AnyAngleShaper takes (see there). The default, string pulling then tightening, came within
// 0.33% of the optimum on den520d's scenarios for 13 µs a path; the repair brought that to 0.11% for about
// 250 µs (bench/results/any-angle.md), so it is left to callers who want the last few tenths of a percent.
struct AnyAngleSettings {
  bool repair = false;
  // The repair's corridor: the cells within this Chebyshev distance of the grid path's cells. 2 gives
  // Theta* room to move corners to the obstacles' corners on either side of a grid path hugging a wall.
  int32_t corridorRadius = 2;
  bool tighten = true;
};

// What one shaping did, for measurements: the length after each step (Euclidean), and the work.
struct AnyAngleStats {
  double gridLength = 0;      // the cell path as given (straight 1, diagonal √2)
  double pulledLength = 0;    // after string pulling
  double repairedLength = 0;  // after the repair (= pulledLength without it)
  double shapedLength = 0;    // after tightening: the length shape() returns
  uint64_t lineChecks = 0;    // sweptLineClear calls, every step included
  uint64_t expanded = 0;      // cells expanded by the corridor's Theta*
};

// From a planner's cell path to an any-angle path: corner points joined by straight lines that the grid's
// agent class may walk (sweptLineClear), from the path's start to its goal, as short as the steps below
// make it. The length is the sum of the legs' Euclidean lengths (legLength).
//
// Steps 1 and 3 are StringPuller's, shared with block-world floors (WorldAnyAngleShaper).
//
// 1. String pulling: from the last corner, the farthest cell of the path it sees (found by galloping
//    along the path, StringPuller::pull) becomes the next corner. Never longer than the cell path (each
//    leg is no longer than the cells it replaces), but its corners are cells of the grid path, which hugs
//    walls at 45° and so bends a little before or after the obstacle's true corner.
// 2. Repair (Theta*-style, settings.repair): Theta* inside a corridor around the grid path
//    (settings.corridorRadius), whose corners may move off the grid path; its result, pulled again,
//    replaces the pulled path when shorter.
// 3. Tightening: each corner is moved to a neighbouring lattice point while that shortens its two legs
//    (both staying clear), and dropped when its neighbours see each other, until no corner moves: a
//    corner then usually sits on an obstacle's corner, where a taut path bends.
//
// Cells are not given back: a unit that walks the lines needs the corners only, and a unit that walks
// cells should keep the grid path: a leg turned back into cells is a staircase of 8-connected steps again,
// the zig-zag any-angle removes. The grid path stays the planners' answer; shaping is a step on it.
//
// One object per thread (it owns a ThetaStarSearch sized to the grid on its first repair): after the
// first path nothing is allocated beyond `corners` and the scratch growing to a longer path.
class AnyAngleShaper {
 public:
  // "" when paths on this grid can be shaped, else why not: lengths are Euclidean, so a grid with terrain
  // costs is refused ("any-angle paths need an unweighted grid: this one has terrain costs").
  static std::string checkGrid(const Grid& grid);

  // Shapes `cells` (a path of legal moves, at least one cell) into `corners` and returns its length.
  // `stats`, when given, gets the figures of each step.
  double shape(const Grid& grid, std::span<const Point> cells, std::vector<Point>& corners,
               const AnyAngleSettings& settings = {}, AnyAngleStats* stats = nullptr);

  // A planner's answer in place: a found path's cells become its corners and its cost their length
  // (a path not found is left as it is). The grid must pass checkGrid.
  void reshape(const Grid& grid, PathResult& result);

  size_t scratchBytes() const;

 private:
  StringPuller puller_;
  ThetaStarSearch theta_;
  std::vector<Point> pulled_;
  std::vector<Point> thetaCorners_;
  std::vector<Point> repaired_;
  std::vector<Point> reshaped_;  // reshape's corners, swapped with the result's cells
};

}  // namespace hpastar
