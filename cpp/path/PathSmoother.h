#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "grid/Grid.h"
#include "grid/LineReach.h"

namespace hpastar {

// The HPA* paper's smoothing (3.2.3): walking the path from the start, look from each cell along the 8
// directions for a later cell of the path reachable in a straight line; when the straight line is
// shorter than the path between the two, it replaces that part (the farthest-saving line wins).
// Lines follow the grid's legal moves, so the result never cuts a corner. One object per thread.
class PathSmoother {
 public:
  // Smooths `cells` in place and returns the cost of the result (pathCost of it, computed on the way).
  // `maxRay` bounds how far each straight line is followed (cells).
  //
  // `joints` (optional, ascending path indices, the first 0 and the last cells.size() - 1) cut the
  // path into pieces [joints[k], joints[k + 1]] that the caller guarantees to be shortest paths inside
  // an axis-aligned rectangle, as HPA*'s refined edges are (each is a shortest path inside its
  // cluster). A straight line between two cells of a rectangle stays in it, so it can never be shorter
  // than such a piece: lines are then only tried towards later pieces. The result is the same as
  // without joints, for less work.
  //
  // `reach` (optional, the grid's LineReach) tests each line in one read instead of walking it; the
  // result is the same as without. With it, the path can also be searched by its straight runs rather
  // than cell by cell (smoothRuns), again with the same result: `search` picks how (by default the one the
  // path's shape makes cheaper, see PathSmoother.cpp; tests force each). By default a path of short runs
  // is first tested for any line that could shorten it (mayBeShortened), and given back as it is when
  // none can. It is not read on a grid with terrain costs, whose lines are walked to sum their costs.
  //
  // On a grid with terrain costs a line replaces a part only when it costs less under the weights
  // (Grid::moveCost), so smoothing never makes a path costlier; the savings are then computed from the
  // costs of the path's steps and of the line's, and the cone of parts already as short as the octile
  // distance (which says nothing of their weighted cost) is not used.
  enum class Search { Cheapest, ByRuns, ByCells };
  double smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay, std::span<const uint32_t> joints = {},
                const LineReach* reach = nullptr, Search search = Search::Cheapest) {
    return smoothOnce(grid, cells, maxRay, joints, reach, search, nullptr);
  }

  // The rule, then the rule again over its result when it took a line of kLongLine steps or more. A line
  // taken from a cell jumps over the cells after it, and a line from one of them to beyond the first line's
  // end is seen only by a second pass: den520d's scenario line 234 (a corridor taken in one straight line,
  // then a diagonal out of its middle) is 11.9 % longer than optimal after the rule, 1.8 % after two passes.
  // The second pass's pieces are the first's lines and what is left of the input's pieces (each still a
  // shortest path inside its rectangle), so it tries only lines that cross a line of the first pass. Same
  // arguments as smooth.
  double smoothTwice(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                     std::span<const uint32_t> joints = {}, const LineReach* reach = nullptr);

 private:
  // The 4 families of lines through a cell: same column, same row, same x - y, same x + y.
  static constexpr int kLineFamilies = 4;
  // What smoothTwice's second pass needs of the first: its pieces (the kept joints of the input and both
  // ends of every line taken, as indices of its result) and the steps of its longest line.
  struct FirstPass {
    std::vector<uint32_t> pieces;
    int32_t longestLine = 0;
  };
  // Writes a FirstPass as a pass goes (does nothing without one).
  class PieceRecorder;
  // smooth's body; `record` (optional) gets what a second pass needs.
  double smoothOnce(const Grid& grid, std::vector<Point>& cells, int32_t maxRay, std::span<const uint32_t> joints,
                    const LineReach* reach, Search search, FirstPass* record);
  // Whether some legal line joins two cells of the path that are not on one straight run of it along that
  // line (see PathSmoother.cpp): the only way any line can be shorter than the part it would replace. When
  // none does, the rule leaves every cell where it is. `diagonals` gets the path's diagonal steps.
  bool mayBeShortened(const Grid& grid, const std::vector<Point>& cells, const LineReach& reach, int64_t& diagonals);
  // Fills every array below for `cells`, in one pass from the end.
  void prepare(const Grid& grid, const std::vector<Point>& cells);
  void unlinkLines(const Grid& grid, const std::vector<Point>& cells);
  // Weighted: lines walked and costed step by step; Reach: unweighted, lines tested in `reach`.
  // The same rule on an unweighted grid with a reach table, searched by the path's straight runs: the
  // cells between two runs' candidate lines are never looked at one by one (see PathSmoother.cpp).
  // `runCount` runs start at runStarts_ (findRunStarts).
  double smoothRuns(const Grid& grid, std::vector<Point>& cells, int32_t maxRay, std::span<const uint32_t> joints,
                    const LineReach& reach, int32_t runCount, FirstPass* record);
  // Fills runStarts_ with the path index where each maximal straight run starts, then n - 1; returns
  // how many runs there are.
  int32_t findRunStarts(const std::vector<Point>& cells);
  template <bool Weighted, bool Reach>
  double smoothPath(const Grid& grid, std::vector<Point>& cells, int32_t maxRay, std::span<const uint32_t> joints,
                    const LineReach* reach, FirstPass* record);
  // smoothPath's search for the best line from one cell (defined in PathSmoother.cpp).
  template <bool Weighted, bool Reach>
  class CellSearch;

  std::vector<uint8_t> stepDir_;         // direction of the step i -> i + 1
  std::vector<int32_t> diagonalsAfter_;  // diagonal steps from each position to the end
  std::vector<int32_t> coneEnd_;         // last j for which the part i..j is a shortest octile path
  std::vector<Point> out_;
  // Per family: per line, the first path index on it (-1: none); per path index, the next index on the
  // same line. Heads are reset after each path, touching only the lines the path used.
  std::vector<int32_t> lineHead_[kLineFamilies];
  std::vector<int32_t> nextOnLine_[kLineFamilies];
  std::vector<int32_t> runEnd_;  // last index of the straight run that starts with the step i -> i + 1
  // smoothPath with a reach table: per family, the segment (LineReach::lineEnd) of each index's line, -1 until read.
  std::vector<int32_t> segmentOf_[kLineFamilies];
  // Weighted grids: the cost of the path from its start to each index, and per direction the cost of
  // the line from the current cell to each step along it (kDirCount rows of maxRay + 1).
  std::vector<double> costTo_;
  std::vector<double> lineCost_;
  // One 32-bit lane per line family: the four families of two runs compared in a few vector instructions
  // where the target has them (SSE2 natively), plain scalar code elsewhere.
  typedef int32_t FamilyLanes __attribute__((vector_size(16)));
  // smoothRuns: the path's maximal straight runs, and one last run of the goal cell alone.
  struct Run {
    int32_t first;      // path index of its first cell
    int32_t length;     // its cells: first .. first + length - 1 (the next run starts after them)
    int32_t diagonals;  // diagonal steps of the path before `first`
    int32_t coneEnd;    // last j for which the part from any cell of the run to j is a shortest octile path
    Point cell;         // its first cell
    int32_t dx, dy;     // its step (0, 0 for the goal's run)
    int32_t dir;        // the direction of that step (kDirCount for the goal's run)
    // Per line family, the lowest and highest line its cells lie on.
    FamilyLanes lowest, highest;
    // Per line family, the lowest place of its cells along the family's lines (measured by y, x, x and y:
    // the coordinate that grows along the direction LineReach stores), and the farthest place that a
    // legal line of at most maxRay moves from one of them reaches that way.
    FamilyLanes alongLowest, reach;
  };
  std::vector<Run> runs_;
  std::vector<int32_t> candidates_;  // smoothRuns: the runs of the window that share a line with the current one
  // A run's lanes, or those of its cells from one on.
  struct RunLanes {
    FamilyLanes lowest, highest, alongLowest, reach;
  };
  static FamilyLanes apartFamilies(const RunLanes& a, const Run& b);
  // Writes to `out` the runs from `from` to `last` that start at most at scanEnd and share with `a` a line
  // whose legal part joins them (see apartFamilies), in order; returns how many.
  static int32_t sharingRuns(const Run* runs, int32_t from, int32_t last, int32_t scanEnd, RunLanes a, int32_t* out);
  // smoothRuns' parts: the runs with their lanes (buildRuns fills runs_ from runStarts_), and the search for
  // the best line from one cell of a run (defined in PathSmoother.cpp).
  void buildRuns(const Grid& grid, const std::vector<Point>& cells, int32_t maxRay, const LineReach& reach,
                 int32_t runCount);
  static void lineRange(const Run& run, int32_t t0, int32_t height, FamilyLanes& lowest, FamilyLanes& highest);
  static void reachRange(Run& run, const Grid& grid, const LineReach& reach, int32_t maxRay);
  class RunSearch;
  std::vector<int32_t> runStarts_;  // smoothRuns: the path index where each run starts
  // mayBeShortened: an open-addressing set of the line segments met (key: the segment's end cell × 4 +
  // family), each entry tagged with the call's stamp in its high half, so that a call never clears it.
  std::vector<uint64_t> segmentsMet_;
  uint32_t segmentStamp_ = 0;
  // smoothTwice runs its second pass only after a line of at least this many steps: the cells a line
  // jumps over are where the second pass finds lines, and those behind the shortest lines save little. On
  // random512-40-0, whose paths take many short lines, a second pass after any line added a fifth to the
  // time of a query for 0.009 points of mean excess. At 8, Inferno's worst path kept 11.1 % (3.4 % at 4),
  // lak303d's 7.0 % (5.7 %), for the same total time (bench/results/tails-gate.md; tails.md, section 4).
  static constexpr int32_t kLongLine = 4;
  FirstPass firstPass_;  // smoothTwice's
};

}  // namespace hpastar
