#include "path/PathSmoother.h"

#include <algorithm>
#include <cstdlib>

#include "path/PathValidator.h"

namespace hpastar {

namespace {

// The family of the line a step in each direction stays on: 0 same x (N, S), 1 same y (E, W),
// 2 same x - y (SE, NW), 3 same x + y (NE, SW).
constexpr int kFamilyOfDir[kDirCount] = {0, 3, 1, 2, 0, 3, 1, 2};
// The direction of each family that LineReach stores (S, E, SE, SW): the family's forward one (the
// side where the candidate's coordinate grows) except for family 3, whose SW is its backward one.
constexpr int kSegmentDir[4] = {4, 2, 3, 5};

}  // namespace

void PathSmoother::prepare(const Grid& grid, const std::vector<Point>& cells) {
  const size_t lines = static_cast<size_t>(grid.width() + grid.height()) + 1;
  const int32_t n = static_cast<int32_t>(cells.size());
  for (int f = 0; f < kLineFamilies; ++f) {
    if (lineHead_[f].size() < lines) lineHead_[f].assign(lines, -1);
    nextOnLine_[f].resize(cells.size());
  }
  stepDir_.resize(cells.size());
  diagonalsAfter_.resize(cells.size());
  runEnd_.resize(cells.size());
  coneEnd_.resize(cells.size());
  int32_t *headX = lineHead_[0].data(), *headY = lineHead_[1].data(), *headD = lineHead_[2].data(),
          *headS = lineHead_[3].data();
  int32_t *nextX = nextOnLine_[0].data(), *nextY = nextOnLine_[1].data(), *nextD = nextOnLine_[2].data(),
          *nextS = nextOnLine_[3].data();
  const int32_t height = grid.height();
  const Point* c = cells.data();
  uint8_t* step = stepDir_.data();
  int32_t* diagonalsAfter = diagonalsAfter_.data();
  int32_t* runEnd = runEnd_.data();
  int32_t* coneEnd = coneEnd_.data();
  // One pass from the end, so that every chain comes out in ascending index order and every array
  // below can read the entries after j.
  step[n - 1] = 0;
  diagonalsAfter[n - 1] = 0;
  runEnd[n - 1] = coneEnd[n - 1] = n - 1;
  for (int32_t j = n - 1; j >= 0; --j) {
    const Point p = c[j];
    nextX[j] = headX[p.x], headX[p.x] = j;
    nextY[j] = headY[p.y], headY[p.y] = j;
    nextD[j] = headD[p.x - p.y + height], headD[p.x - p.y + height] = j;
    nextS[j] = headS[p.x + p.y], headS[p.x + p.y] = j;
    if (j == n - 1) continue;
    // Consecutive cells of a path are one move apart (the callers' paths are valid), so the table is
    // read without dirOfStep's range checks.
    const int a = kDirOfOffset[(c[j + 1].y - p.y + 1) * 3 + (c[j + 1].x - p.x + 1)];
    step[j] = static_cast<uint8_t>(a);
    diagonalsAfter[j] = diagonalsAfter[j + 1] + (a & 1);
    const int32_t r = j + 1 < n - 1 && step[j + 1] == a ? runEnd[j + 1] : j + 1;
    runEnd[j] = r;
    // A part of the path is as short as the octile distance between its ends exactly when its steps
    // take at most two directions, one diagonal and a straight one beside it. The part from j keeps
    // to the pair (a, b), b the direction after its first run: it ends at the first step outside it.
    // Written as selects, not branches: which case holds changes from cell to cell, and every entry
    // read exists (step[n - 1], runEnd[n - 1] and coneEnd[r] for r > j are set).
    const int turn = (step[r] - a) & 7;
    const int32_t r2 = runEnd[r];  // the run of b ends at r2; the cone from r keeps (b, step[r2])
    const int32_t afterB = r2 < n - 1 ? (step[r2] == a ? coneEnd[r] : r2) : n - 1;
    const int32_t afterA = (turn == 1 || turn == 7) ? afterB : r;
    coneEnd[j] = r < n - 1 ? afterA : n - 1;
  }
}

void PathSmoother::unlinkLines(const Grid& grid, const std::vector<Point>& cells) {
  // A long path touches most lines: filling every head is then cheaper than unlinking cell by cell.
  if (cells.size() * kLineFamilies > lineHead_[0].size()) {
    for (std::vector<int32_t>& heads : lineHead_) std::fill(heads.begin(), heads.end(), -1);
    return;
  }
  int32_t *headX = lineHead_[0].data(), *headY = lineHead_[1].data(), *headD = lineHead_[2].data(),
          *headS = lineHead_[3].data();
  const int32_t height = grid.height();
  for (const Point& p : cells) headX[p.x] = headY[p.y] = headD[p.x - p.y + height] = headS[p.x + p.y] = -1;
}

double PathSmoother::smooth(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                            std::span<const uint32_t> joints, const LineReach* reach) {
  if (cells.size() < 3) return pathCost(grid, cells);
  if (grid.weighted()) return smoothPath<true, false>(grid, cells, maxRay, joints, nullptr);
  if (reach && !reach->empty()) return smoothPath<false, true>(grid, cells, maxRay, joints, reach);
  return smoothPath<false, false>(grid, cells, maxRay, joints, nullptr);
}

template <bool Weighted, bool Reach>
double PathSmoother::smoothPath(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                                std::span<const uint32_t> joints, const LineReach* reach) {
  const size_t n = cells.size();
  // Each step's direction and the diagonal steps from each position to the end: the cost of a part is
  // straight + √2 × diagonal, computed from counts (not summed step by step), so that savings with the
  // same counts are exactly equal. Weighted: the costs of the steps, summed from the start.
  prepare(grid, cells);
  const size_t stride = static_cast<size_t>(maxRay) + 1;
  if constexpr (Weighted) {
    costTo_.resize(n);
    costTo_[0] = 0;
    for (size_t j = 1; j < n; ++j)
      costTo_[j] = costTo_[j - 1] + grid.moveCost(grid.index(cells[j - 1]), stepDir_[j - 1]);
    if (lineCost_.size() < kDirCount * stride) lineCost_.resize(kDirCount * stride);
  }
  const double* costTo = costTo_.data();
  double* lineCost = lineCost_.data();
  // Raw pointers: the loop below reads these arrays for every candidate.
  const Point* c = cells.data();
  const int32_t* diagonalsAfter = diagonalsAfter_.data();
  const int32_t* coneEnd = coneEnd_.data();
  const uint8_t* stepDir = stepDir_.data();
  const int32_t* runEnd = runEnd_.data();
  const int32_t* nextOnLine[kLineFamilies] = {nextOnLine_[0].data(), nextOnLine_[1].data(), nextOnLine_[2].data(),
                                              nextOnLine_[3].data()};
  // The smoothed path is never longer than the path (a line of k steps replaces at least k steps).
  out_.resize(n);
  Point* out = out_.data();
  size_t written = 0;
  int64_t diagonals = 0;  // diagonal steps of the result so far: its cost is counted as pathLength counts it
  const uint8_t* moves = grid.moveMasks();
  const int32_t width = grid.width();
  const int32_t cellDelta[kDirCount] = {-width, 1 - width, 1, 1 + width, width, width - 1, -1, -1 - width};
  // Candidates are the later path cells that lie on one of the 8 lines through c[i], at most maxRay
  // steps away. They are found by following, for each of the 4 line families, the chain of path
  // indices on the line through c[i] (so the cost is the number of candidates, not the length of
  // the window), merged in index order. Without a reach table a line is walked against the grid's moves
  // only when it would save more than the best so far; with one, a candidate is first checked to lie on
  // the segment of the line through c[i] that legal moves join, one read, and nothing is walked. A line of k steps
  // can replace at most the path cells up to i + window (a path between two cells k moves apart is at
  // least k cells long, so longer detours are cut by the next cells' lines).
  const size_t window = static_cast<size_t>(maxRay) * 2;
  // A line can only shorten the path between i and j if that part is longer than the octile distance
  // between its ends: candidates start after coneEnd[i], the last j for which it is that short, so most
  // cells, on parts that are already straight enough, are skipped at once.
  size_t joint = 0;  // joints[joint] <= i < joints[joint + 1]: i's piece ends at joints[joint + 1]
  size_t i = 0;
  bool revisit = false;
  // Without a reach table, lines are walked. Per direction, how far the line from c[i] is known clear;
  // a set bit in `stopped` when it is known to stop there. They outlive a cell: moving from c[i] m steps
  // along direction u to the next cell examined, the line along u from there is the rest of the same
  // line, known clear for m fewer steps (and stopped where it was). Along the path's straight runs and
  // the lines that replace parts, a line is then walked once, not again from each of its cells.
  int32_t clearSteps[kDirCount] = {0, 0, 0, 0, 0, 0, 0, 0};
  uint32_t stopped = 0;
  auto forgetLines = [&] {
    for (int d = 0; d < kDirCount; ++d) clearSteps[d] = 0;
    stopped = 0;
  };
  auto moveAlong = [&](int u, int32_t m) {
    if constexpr (Reach) return;  // nothing is carried: every line is one read of the table
    const int32_t carried = clearSteps[u] - m;
    const uint32_t carriedStop = stopped & (1u << u);
    forgetLines();
    if (carried >= 0) {
      clearSteps[u] = carried;
      stopped = carriedStop;
    }
  };
  while (i + 1 < n) {
    if (!revisit) out[written++] = c[i];
    revisit = false;
    while (joint + 1 < joints.size() && joints[joint + 1] <= i) ++joint;
    const size_t pieceEnd = joint + 1 < joints.size() ? joints[joint + 1] : i;
    // Weighted: a part as short as the octile distance may still cost more than a line; no cone.
    const size_t cone = Weighted ? i + 1 : static_cast<size_t>(coneEnd[i]) + 1;
    const size_t first = std::max({i + 2, cone, pieceEnd + 1});
    const size_t last = std::min(n - 1, i + window);
    if (first > last) {  // the whole window is already as short as it can be
      // So is the window of the next cells, as far as the same bound holds: they are copied as they
      // are. The piece's end bounds first for the cells of the piece; coneEnd never decreases (a part
      // of a shortest octile part is one), so the cone bounds it for the cells whose window ends before
      // coneEnd[i]; and first only grows once past the path's end.
      size_t next = i + 1;
      if (pieceEnd + 1 > i + window) next = std::max(next, pieceEnd + 1 - window);
      if (cone > i + window) next = std::max(next, cone - window);
      if (i + 2 > n - 1) next = n - 1;
      next = std::min(next, n - 1);
      for (size_t k = i + 1; k < next; ++k) out[written++] = c[k];
      diagonals += diagonalsAfter[i] - diagonalsAfter[next];
      if (next == i + 1)
        moveAlong(stepDir[i], 1);
      else
        forgetLines();  // a jump over several steps: nothing carries
      i = next;
      continue;
    }
    size_t bestJ = i + 1;
    int bestDir = -1;
    int32_t bestSteps = 0;
    // Weighted savings are sums of step costs: a saving within their rounding is none.
    double bestSaving = Weighted ? 1e-9 * std::max(1.0, costTo[n - 1]) : 1e-9;
    bool loop = false;
    const Point from = c[i];
    const int32_t fromCell = grid.index(from);
    const int32_t diagonalsAtI = diagonalsAfter[i];
    const int runDir = stepDir[i];
    // The straight run leaving c[i] is made of the path's own moves: the line along it is clear that far.
    if constexpr (!Reach) clearSteps[runDir] = std::max(clearSteps[runDir], runEnd[i] - static_cast<int32_t>(i));
    if constexpr (Weighted) {  // the line costs are summed from c[i]: weighted lines are walked from each cell
      forgetLines();
      for (int d = 0; d < kDirCount; ++d) lineCost[static_cast<size_t>(d) * stride] = 0;
    }
    // Without a reach table: whether the k moves from c[i] along d are legal, by a walk extended only as
    // far as the candidate needs (summing the line's costs on a weighted grid).
    auto lineClear = [&](int d, int32_t k) {
      int32_t clear = clearSteps[d];
      if (clear < k && !((stopped >> d) & 1u)) {
        const int32_t delta = cellDelta[d];
        int32_t cell = fromCell + clear * delta;
        while (clear < k && ((moves[cell] >> d) & 1u)) {
          if constexpr (Weighted) {
            double* row = lineCost + static_cast<size_t>(d) * stride;
            row[clear + 1] = row[clear] + grid.moveCost(cell, d);
          }
          cell += delta;
          ++clear;
        }
        if (clear < k) stopped |= 1u << d;
        clearSteps[d] = clear;
      }
      return clear >= k;
    };
    // A candidate j on the line of family F through `from`: its distance k along the line and the side
    // it lies on give the direction; F is a template argument so that each family's arithmetic is
    // specialised.
    auto consider = [&]<int F>(size_t j, int32_t reachFromI) {
      const int32_t along = F == 0 ? c[j].y - from.y : c[j].x - from.x;
      const int32_t k = along < 0 ? -along : along;
      if (k > maxRay) return;
      // With a reach table, first whether a legal line joins them at all (most candidates lie beyond a
      // wall): the reach of whichever of c[i] and c[j] the line leaves along kSegmentDir[F] (c[i]'s is
      // read once per family). Lines beyond what a byte holds: whether they share their line's segment.
      if constexpr (Reach) {
        if (k > LineReach::kMaxReach) {
          if (reach->lineEnd(grid.index(c[j]), kSegmentDir[F]) != reach->lineEnd(fromCell, kSegmentDir[F])) return;
        } else if ((along > 0) == (F != 3) ? reachFromI < k : reach->stored(grid.index(c[j]), kSegmentDir[F]) < k) {
          return;
        }
      }
      // The largest saving wins, the earliest cell among equal ones (so the order in which the
      // families are walked does not matter). Costs come from step counts, so equal savings are
      // exactly equal.
      double saving;
      if constexpr (Weighted) {
        saving = costTo[j] - costTo[i];  // the line's cost is taken off once it is walked
      } else {
        const int32_t pathDiagonal = diagonalsAtI - diagonalsAfter[j];
        const int32_t pathStraight = static_cast<int32_t>(j - i) - pathDiagonal;
        saving = F < 2 ? (pathStraight - k) + kSqrt2 * pathDiagonal : pathStraight + kSqrt2 * (pathDiagonal - k);
      }
      if (saving < bestSaving || (saving == bestSaving && j >= bestJ)) return;
      if (k == 0) {  // the path comes back to this very cell: cut the loop
        bestSaving = saving;
        bestJ = j;
        bestDir = -1;
        bestSteps = 0;
        loop = true;
        return;
      }
      // Family 0 (same x): S or N; 1 (same y): E or W; 2 (same x - y): SE or NW; 3 (same x + y): NE or SW.
      constexpr int kForward[kLineFamilies] = {4, 2, 3, 1}, kBackward[kLineFamilies] = {0, 6, 7, 5};
      const int d = along > 0 ? kForward[F] : kBackward[F];
      if constexpr (!Reach) {  // with a reach table every index on the chain is joined by a legal line
        if (!lineClear(d, k)) return;
      }
      if constexpr (Weighted) {
        saving -= lineCost[static_cast<size_t>(d) * stride + static_cast<size_t>(k)];
        if (saving < bestSaving || (saving == bestSaving && j >= bestJ)) return;
      }
      bestSaving = saving;
      bestJ = j;
      bestDir = d;
      bestSteps = k;
      loop = false;
    };
    // Each family's chain from c[i]; the straight run leaving c[i] lies on one line and is
    // skipped whole (a straight part is never shortened).
    const int runFamily = kFamilyOfDir[runDir];
    auto walkChain = [&]<int F>() {
      const int32_t* next = nextOnLine[F];
      int32_t j = next[F == runFamily ? runEnd[i] : static_cast<int32_t>(i)];
      while (j >= 0 && static_cast<size_t>(j) < first) j = next[j];
      if (j < 0 || static_cast<size_t>(j) > last) return;
      int32_t reachFromI = 0;  // read once there is a candidate
      if constexpr (Reach) reachFromI = reach->stored(fromCell, kSegmentDir[F]);
      for (; j >= 0 && static_cast<size_t>(j) <= last; j = next[j])
        consider.template operator()<F>(static_cast<size_t>(j), reachFromI);
    };
    walkChain.template operator()<0>();
    walkChain.template operator()<1>();
    walkChain.template operator()<2>();
    walkChain.template operator()<3>();
    if (bestDir >= 0) {
      Point p = c[i];
      for (int32_t k = 1; k < bestSteps; ++k) {
        p = Point{p.x + kDirDx[bestDir], p.y + kDirDy[bestDir]};
        out[written++] = p;
      }
      if (isDiagonal(bestDir)) diagonals += bestSteps;
    } else if (bestJ == i + 1) {
      diagonals += runDir & 1;
    }
    // After a cut loop c[bestJ] is the cell just written: do not write it twice.
    revisit = loop && bestDir < 0 && bestJ != i + 1;
    if (bestDir >= 0)
      moveAlong(bestDir, bestSteps);
    else if (bestJ == i + 1)
      moveAlong(runDir, 1);
    // else a cut loop: c[bestJ] is c[i], every line from it is the one known
    i = bestJ;
  }
  if (!revisit) out[written++] = c[n - 1];
  out_.resize(written);
  unlinkLines(grid, cells);
  cells.swap(out_);
  if constexpr (Weighted) return pathCost(grid, cells);
  return static_cast<double>(static_cast<int64_t>(written) - 1 - diagonals) + static_cast<double>(diagonals) * kSqrt2;
}

}  // namespace hpastar
