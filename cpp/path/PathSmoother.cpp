#include "path/PathSmoother.h"

#include <algorithm>
#include <array>
#include <bit>
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
// Per family, the move bits (Grid::moveMasks) of its two directions: N and S, E and W, SE and NW, NE and SW.
constexpr uint8_t kFamilyMoves[4] = {0x11, 0x44, 0x88, 0x22};
// Per move mask, the families (bit F) with a legal move along one of their two directions.
constexpr auto kFamiliesOfMoves = [] {
  std::array<uint8_t, 256> families{};
  for (int moves = 0; moves < 256; ++moves)
    for (int f = 0; f < 4; ++f)
      if ((moves & kFamilyMoves[f]) != 0) families[moves] |= static_cast<uint8_t>(1 << f);
  return families;
}();

// The line of family F through (x, y) (its x, y, x - y or x + y); on a step (dx, dy), how many lines of
// the family it crosses. A weighted sum, not a chain of comparisons: the family changes from one call to
// the next.
constexpr int32_t kLineWeightX[4] = {1, 0, 1, 1}, kLineWeightY[4] = {0, 1, -1, 1};
int32_t lineOf(int family, int32_t x, int32_t y) { return kLineWeightX[family] * x + kLineWeightY[family] * y; }

// Division by the number of lines a step crosses (±1 or ±2, never 0): shifts, not the processor's
// division. Whether it is exact, the exact quotient, and the quotient rounded down and up.
bool divides(int32_t step, int32_t a) { return (step & 1) != 0 || (a & 1) == 0; }
int32_t exactDiv(int32_t a, int32_t step) { return (step & 1) != 0 ? a * step : (a >> 1) * (step >> 1); }
int32_t floorDiv(int32_t a, int32_t step) {
  const int32_t v = step < 0 ? -a : a;
  return (step & 1) != 0 ? v : v >> 1;  // C++20: >> of a negative value rounds down
}
int32_t ceilDiv(int32_t a, int32_t step) { return -floorDiv(-a, step); }

// The lines between two runs' solutions m of one family: signed length (along the family's stored
// direction, or against it for family 3), the span of the path they would replace and both ends' cells,
// each a fixed step per m.
struct LineWalk {
  int32_t along, alongStep, span, spanStep, fromCell, fromStep, toCell, toStep;
  int segment;
  bool storedFromStart;  // a positive length leaves `from` along the stored direction (else `to`)
  int32_t maxRay, window;

  // The first m in [m, mHi] whose line is inside the range and the window and is not cut short by the
  // reach table (a line longer than a byte's reach, or of length 0, passes: evaluate decides), or mHi + 1.
  // Most lines cross a wall: the loop carries every term from one m to the next. The part's span moves
  // one way, and the line's length |along| falls then grows: once either is past its bound and moving
  // away from it, no later m can pass.
  int32_t firstPassing(const LineReach& reach, int32_t m, int32_t mHi) const {
    int32_t signedLength = along + m * alongStep, partSpan = span + m * spanStep;
    int32_t from = fromCell + m * fromStep, to = toCell + m * toStep;
    for (; m <= mHi; ++m, signedLength += alongStep, partSpan += spanStep, from += fromStep, to += toStep) {
      const int32_t k = signedLength < 0 ? -signedLength : signedLength;
      if (partSpan > window) {
        if (spanStep >= 0) return mHi + 1;
        continue;
      }
      if (k > maxRay) {
        if ((signedLength > 0) == (alongStep >= 0)) return mHi + 1;
        continue;
      }
      if (static_cast<uint32_t>(k - 1) >= static_cast<uint32_t>(LineReach::kMaxReach)) return m;  // 0 or > 255
      if (reach.stored((signedLength > 0) == storedFromStart ? from : to, segment) >= k) return m;
    }
    return m;
  }
};

// Whether a path (of legal moves) is as short as the octile distance between its ends: as many moves as
// the larger coordinate difference, and as many of them diagonal as the smaller one.
bool isOctileShortest(const std::vector<Point>& cells) {
  const int32_t dx = std::abs(cells.back().x - cells[0].x), dy = std::abs(cells.back().y - cells[0].y);
  if (static_cast<int64_t>(cells.size()) - 1 != std::max(dx, dy)) return false;
  int32_t diagonals = 0;
  for (size_t i = 1; i < cells.size(); ++i) diagonals += cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
  return diagonals == std::min(dx, dy);
}

}  // namespace

class PathSmoother::PieceRecorder {
 public:
  PieceRecorder(FirstPass* record, std::span<const uint32_t> joints) : record_(record), joints_(joints) {
    if (record_) record_->pieces.assign(1, 0), record_->longestLine = 0;
  }
  // A piece ends and the next starts at index `at` of the result.
  void cut(size_t at) {
    if (record_ && record_->pieces.back() != at) record_->pieces.push_back(static_cast<uint32_t>(at));
  }
  // A line of `steps` steps from index `from` to `to` of the result: a piece of its own.
  void line(size_t from, size_t to, int32_t steps) {
    if (!record_) return;
    cut(from), cut(to);
    record_->longestLine = std::max(record_->longestLine, steps);
  }
  // The input's cells from..to were written from index `at` on: its joints among them are kept.
  void copied(size_t from, size_t to, size_t at) {
    if (!record_) return;
    while (next_ < joints_.size() && joints_[next_] < from) ++next_;  // cut out by a line
    for (; next_ < joints_.size() && joints_[next_] <= to; ++next_) cut(at + (joints_[next_] - from));
  }

 private:
  FirstPass* record_;
  std::span<const uint32_t> joints_;
  size_t next_ = 0;
};

double PathSmoother::smoothTwice(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                                 std::span<const uint32_t> joints, const LineReach* reach) {
  const double cost = smoothOnce(grid, cells, maxRay, joints, reach, Search::Cheapest, &firstPass_);
  if (firstPass_.longestLine < kLongLine) return cost;
  return smoothOnce(grid, cells, maxRay, firstPass_.pieces, reach, Search::Cheapest, nullptr);
}

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

double PathSmoother::smoothOnce(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                                std::span<const uint32_t> joints, const LineReach* reach, Search search,
                                FirstPass* record) {
  if (record) record->pieces.assign(1, 0), record->longestLine = 0;  // as if no line was taken
  if (cells.size() < 3) return pathCost(grid, cells);
  if (grid.weighted()) return smoothPath<true, false>(grid, cells, maxRay, joints, nullptr, record);
  const int64_t n = static_cast<int64_t>(cells.size());
  if (search == Search::Cheapest && isOctileShortest(cells)) {
    // No part of it is longer than the octile distance between its ends, so no line is shorter: the
    // rule would leave every cell where it is (short queries often come out of refinement so).
    const int64_t diagonals = std::min(std::abs(cells.back().x - cells[0].x), std::abs(cells.back().y - cells[0].y));
    return movesLength(n - 1 - diagonals, diagonals);
  }
  if (!reach || reach->empty()) return smoothPath<false, false>(grid, cells, maxRay, joints, nullptr, record);
  // The path's straight runs: how many decides the search, and smoothRuns searches them.
  const int32_t runCount = search == Search::ByCells ? 0 : findRunStarts(cells);
  if (search == Search::Cheapest) {
    // By runs, each run is compared with the runs of its window: about (n / L) × (2 maxRay / L) pairs for
    // n cells in runs of mean length L. Cell by cell, each cell follows its lines' chains: about n × a
    // few. Runs win when L² is well above maxRay: AR0011SR's and the mazes' long corridors; the
    // staircases of open rooms (8room_000: L near 2, maxRay 96) and maze512-1-0's one-cell corridors
    // smooth 1.5 to 3 times faster cell by cell (auto, rarely: 14.4 against 4.7 µs a query on 8room_000).
    const int64_t turns = runCount;
    search = 4 * n * n > turns * turns * maxRay ? Search::ByRuns : Search::ByCells;
    // Paths of short runs (at most kShortRun cells on average) that are already shortest, as the paths
    // of HPA* and DHPA* are in mazes of one-cell corridors and often in rooms, are found so in a few reads
    // per cell, where either search costs a few hundred instructions a cell. Paths of longer runs cross
    // open ground, where they meet a segment twice after 5 to 20 % of their cells on average (a detour the
    // rule will cut; brc202d, AR0011SR, den520d): the test would cost more than it saves.
    constexpr int64_t kShortRun = 5;
    int64_t diagonals = 0;
    if (n <= kShortRun * turns && !mayBeShortened(grid, cells, *reach, diagonals))
      return movesLength(n - 1 - diagonals, diagonals);
  }
  return search == Search::ByRuns ? smoothRuns(grid, cells, maxRay, joints, *reach, runCount, record)
                                  : smoothPath<false, true>(grid, cells, maxRay, joints, reach, record);
}

// A legal line joins two cells of the path exactly when they lie on one segment of a line between walls
// (LineReach::lineEnd). The part of the path between two such cells costs more than the line unless it
// is the line itself, a straight run of the path along it: a part of equal cost must make the same moves
// (a diagonal in place of a straight move, or a straight one in place of a diagonal, costs more for the
// same displacement). So if the path meets no segment twice, except from one cell of a run to the next
// along the run's own line, no line saves anything and the rule leaves every cell where it is (a loop
// back to a cell meets that cell's segments twice). The window and the range only take lines away.
// Only the segments of the families in which a cell has a move can hold another cell; a cell entered
// along a family is on its predecessor's segment of that family, already in the set (unless the step
// turns straight back, a loop).
bool PathSmoother::mayBeShortened(const Grid& grid, const std::vector<Point>& cells, const LineReach& reach,
                                  int64_t& diagonals) {
  const size_t n = cells.size();
  // At most one entry per cell and family; past half of the table, the rule runs instead (probes stay short).
  const size_t wanted = std::bit_ceil(std::max<size_t>(64, n * kLineFamilies));
  if (segmentsMet_.size() < wanted) segmentsMet_.assign(wanted, 0), segmentStamp_ = 0;
  if (++segmentStamp_ == 0) std::fill(segmentsMet_.begin(), segmentsMet_.end(), 0), segmentStamp_ = 1;
  uint64_t* set = segmentsMet_.data();
  const uint64_t tag = static_cast<uint64_t>(segmentStamp_) << 32;
  const size_t mask = segmentsMet_.size() - 1;
  const int shift = 32 - std::countr_zero(segmentsMet_.size());
  size_t room = segmentsMet_.size() / 2;
  const uint8_t* moves = grid.moveMasks();
  const Point* c = cells.data();
  const int32_t width = grid.width();
  const int32_t cellDelta[kDirCount] = {-width, 1 - width, 1, 1 + width, width, width - 1, -1, -1 - width};
  int32_t cell = grid.index(c[0]);
  int64_t diagonalSteps = 0;
  int skipped = 0;       // the family bit of the step into c[j], whose segment is its predecessor's
  int back = kDirCount;  // the direction straight back from c[j] to c[j - 1] (none for the start)
  for (size_t j = 0;; ++j) {
    for (int families = kFamiliesOfMoves[moves[cell]] & ~skipped; families != 0; families &= families - 1) {
      const int f = std::countr_zero(static_cast<unsigned>(families));
      const uint32_t key = static_cast<uint32_t>(reach.lineEnd(cell, kSegmentDir[f])) * kLineFamilies + f;
      size_t slot = (key * 0x9E3779B1u) >> shift;  // Fibonacci hashing: ends of nearby segments spread
      for (;; slot = (slot + 1) & mask) {
        if (set[slot] == (tag | key)) return true;
        if ((set[slot] >> 32) != segmentStamp_) break;
      }
      set[slot] = tag | key;
      if (--room == 0) return true;
    }
    if (j + 1 == n) break;
    const int dir = kDirOfOffset[(c[j + 1].y - c[j].y + 1) * 3 + (c[j + 1].x - c[j].x + 1)];
    if (dir == back) return true;  // straight back: c[j + 1] is c[j - 1], a loop
    back = oppositeDir(dir);
    skipped = 1 << kFamilyOfDir[dir];
    diagonalSteps += dir & 1;
    cell += cellDelta[dir];
  }
  diagonals = diagonalSteps;
  return false;
}

int32_t PathSmoother::findRunStarts(const std::vector<Point>& cells) {
  const int32_t n = static_cast<int32_t>(cells.size());
  const Point* c = cells.data();
  // Written for every cell and kept when the step changes: no branch per cell (runs end at unpredictable
  // places). A cell as one word: consecutive steps are the same exactly when the words differ by the
  // same amount.
  auto word = [](Point p) {
    return static_cast<uint64_t>(static_cast<uint32_t>(p.x)) | static_cast<uint64_t>(static_cast<uint32_t>(p.y)) << 32;
  };
  runStarts_.resize(cells.size());
  int32_t* starts = runStarts_.data();
  int32_t runCount = 1;
  starts[0] = 0;
  uint64_t here = word(c[1]), step = here - word(c[0]);
  int32_t i = 1;
  for (; i + 2 < n; i += 2) {  // two cells a turn: the words carried from one to the next are moved half as often
    const uint64_t next = word(c[i + 1]), after = word(c[i + 2]);
    const uint64_t nextStep = next - here, afterStep = after - next;
    starts[runCount] = i;
    runCount += nextStep != step;
    starts[runCount] = i + 1;
    runCount += afterStep != nextStep;
    here = after, step = afterStep;
  }
  if (i + 1 < n) {
    starts[runCount] = i;
    runCount += word(c[i + 1]) - here != step;
  }
  starts[runCount] = n - 1;
  return runCount;
}

// The families whose lines cannot join a cell of run A to one of run B, as lanes of -1 (else 0): no line
// of the family passes through both, or the legal lines from each run stop short of the other
// (Run::reach). A's lanes are a run's, or its lines from one of its cells on.
PathSmoother::FamilyLanes PathSmoother::apartFamilies(const RunLanes& a, const Run& b) {
  return (b.lowest > a.highest) | (a.lowest > b.highest) | (b.alongLowest > a.reach) | (a.alongLowest > b.reach);
}

// A's lanes come as a value: kept in registers through a loop that writes memory.
int32_t PathSmoother::sharingRuns(const Run* runs, int32_t from, int32_t last, int32_t scanEnd, RunLanes a,
                                  int32_t* out) {
  typedef uint64_t Halves __attribute__((vector_size(16)));
  int32_t count = 0;
  for (int32_t b = from; b <= last && runs[b].first <= scanEnd; ++b) {
    const Halves apart = reinterpret_cast<Halves>(apartFamilies(a, runs[b]));
    out[count] = b;  // kept when some family is not apart
    count += (apart[0] & apart[1]) != ~uint64_t{0};
  }
  return count;
}

// The lowest and highest line of each family through the cells t0.. of a run (Run::lowest, Run::highest).
[[gnu::always_inline]] inline void PathSmoother::lineRange(const Run& run, int32_t t0, int32_t height,
                                                           FamilyLanes& lowest, FamilyLanes& highest) {
  const int32_t x = run.cell.x + t0 * run.dx, y = run.cell.y + t0 * run.dy;
  const int32_t endX = run.cell.x + (run.length - 1) * run.dx, endY = run.cell.y + (run.length - 1) * run.dy;
  const FamilyLanes from = {x, y, x - y + height, x + y}, to = {endX, endY, endX - endY + height, endX + endY};
  lowest = from < to ? from : to;
  highest = from < to ? to : from;
}

// Per family, how far along its lines the run's cells reach (Run::reach): a line of family F joins
// a cell of A and one of B only if it leaves the one that comes first along F's stored direction and
// reaches the other, so the two runs' spans from their lowest place to their farthest reach overlap.
// Most pairs of runs that share lines are in corridors a wall apart, where they do not. Inlined into the
// loop over runs, which then computes its constants once.
[[gnu::always_inline]] inline void PathSmoother::reachRange(Run& run, const Grid& grid, const LineReach& reach,
                                                            int32_t maxRay) {
  // A line reaches at most maxRay; a byte at its maximum holds a reach of that much or more, so above it
  // every reach is taken as that much more (an upper bound is all the test needs).
  const int16_t rayCap = static_cast<int16_t>(std::min(maxRay, LineReach::kMaxReach));
  const int32_t raySlack = std::max(0, maxRay - LineReach::kMaxReach);
  // One lane per direction LineReach stores (E, SE, S, SW), a cell's four reaches read in one load and
  // widened in place: a few vector instructions per cell where the target has them (SSE2 natively).
  // 16-bit lanes hold the place relative to the chunk's first cell, so runs are taken in chunks of
  // kChunk cells. The bytes widen into lanes 0-3 in this order on a little-endian target (x86, wasm).
  static_assert(std::endian::native == std::endian::little);
  typedef int16_t Lanes __attribute__((vector_size(16)));
  typedef uint8_t Bytes __attribute__((vector_size(16)));
  typedef uint32_t Words __attribute__((vector_size(16)));
  constexpr int32_t kChunk = 1 << 14;
  const Lanes cap = {rayCap, rayCap, rayCap, rayCap, 0, 0, 0, 0};
  const Bytes zero = {};
  const int16_t dx = static_cast<int16_t>(run.dx), dy = static_cast<int16_t>(run.dy);
  const Lanes laneStep = {dx, dx, dy, dy, 0, 0, 0, 0};
  // By family (S, E, SE, SW: slots 2, 0, 1, 3), from here on.
  const FamilyLanes along = {run.cell.y, run.cell.x, run.cell.x, run.cell.y};
  FamilyLanes farthest = along;
  int32_t cell = grid.index(run.cell);
  const int32_t cellStep = run.dy * grid.width() + run.dx;
  for (int32_t first = 0; first < run.length; first += kChunk) {
    Lanes offset = {}, best = {};
    const int32_t end = std::min(run.length, first + kChunk);
    for (int32_t t = first; t < end; ++t, cell += cellStep) {
      uint32_t word;
      __builtin_memcpy(&word, reach.storedAll(cell), sizeof word);
      const Words stored = {word, 0, 0, 0};
      Lanes ray = reinterpret_cast<Lanes>(__builtin_shufflevector(reinterpret_cast<Bytes>(stored), zero, 0, 16, 1, 17,
                                                                  2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
      ray = ray < cap ? ray : cap;
      ray += offset;
      best = ray > best ? ray : best;
      offset += laneStep;
    }
    const FamilyLanes chunkAlong = along + FamilyLanes{first * run.dy, first * run.dx, first * run.dx, first * run.dy};
    const FamilyLanes reached = chunkAlong + FamilyLanes{best[2], best[0], best[1], best[3]};
    farthest = farthest > reached ? farthest : reached;
  }
  const int32_t last = run.length - 1, endX = run.cell.x + last * run.dx, endY = run.cell.y + last * run.dy;
  const FamilyLanes alongEnd = {endY, endX, endX, endY};
  run.alongLowest = along < alongEnd ? along : alongEnd;
  run.reach = farthest + raySlack;
}

void PathSmoother::buildRuns(const Grid& grid, const std::vector<Point>& cells, int32_t maxRay, const LineReach& reach,
                             int32_t runCount) {
  const int32_t n = static_cast<int32_t>(cells.size());
  const Point* c = cells.data();
  const int32_t* starts = runStarts_.data();
  runs_.resize(static_cast<size_t>(runCount));
  int32_t diagonalsSoFar = 0;
  for (int32_t r = 0; r < runCount; ++r) {
    const int32_t i = starts[r], length = starts[r + 1] - i;
    const int32_t dx = c[i + 1].x - c[i].x, dy = c[i + 1].y - c[i].y;
    runs_[r] = Run{i, length, diagonalsSoFar, 0, c[i], dx, dy, kDirOfOffset[(dy + 1) * 3 + dx + 1], {}, {}, {}, {}};
    if (dx != 0 && dy != 0) diagonalsSoFar += length;
  }
  runs_.push_back(Run{n - 1, 1, diagonalsSoFar, n - 1, c[n - 1], 0, 0, kDirCount, {}, {}, {}, {}});
  const int32_t goalRun = static_cast<int32_t>(runs_.size()) - 1;
  Run* runs = runs_.data();
  candidates_.resize(runs_.size());
  for (int32_t r = goalRun; r >= 0; --r) {
    Run& run = runs[r];
    // As in prepare: the part from a cell of the run is as short as the octile distance while its steps
    // keep to the run's direction and one diagonal-straight neighbour of it.
    if (r + 1 < goalRun) {
      const int turn = (runs[r + 1].dir - run.dir) & 7;
      if (turn != 1 && turn != 7)
        run.coneEnd = runs[r + 1].first;
      else if (r + 2 == goalRun)
        run.coneEnd = n - 1;
      else
        run.coneEnd = runs[r + 2].dir == run.dir ? runs[r + 1].coneEnd : runs[r + 2].first;
    } else {
      run.coneEnd = n - 1;
    }
    lineRange(run, 0, grid.height(), run.lowest, run.highest);
    reachRange(run, grid, reach, maxRay);
  }
}

// smoothRuns' search from cell t0 of run A: the first cell of the run with a candidate line (tBest), and
// that cell's best candidate. Its parts are always inlined into smoothRuns: one object a run, whose best
// so far then stays in registers through the hot loops.
class PathSmoother::RunSearch {
 public:
  RunSearch(const Grid& grid, const LineReach& reach, const Run* runs, int32_t current, int32_t t0, int32_t maxRay)
      : diagonalStep(runs[current].dx != 0 && runs[current].dy != 0 ? 1 : 0),
        tBest(runs[current].length),
        grid_(grid),
        reach_(reach),
        runs_(runs),
        a_(runs[current]),
        t0_(t0),
        maxRay_(maxRay),
        window_(2 * maxRay) {}

  // Every later run that shares a line with A, in order, while in the window of A's cells up to tBest.
  [[gnu::always_inline]] void searchRuns(int32_t firstCandidateRun, int32_t goalRun, int32_t* candidates) {
    for (int f = 0; f < kLineFamilies; ++f) {
      aLine_[f] = lineOf(f, a_.cell.x, a_.cell.y);
      aCross_[f] = lineOf(f, a_.dx, a_.dy);
    }
    RunLanes aLanes{a_.lowest, a_.highest, a_.alongLowest, a_.reach};
    if (t0_ > 0) lineRange(a_, t0_, grid_.height(), aLanes.lowest, aLanes.highest);
    // The runs that start inside the window of the run's cells up to the first with a candidate so far.
    int32_t scanEnd = a_.first + a_.length - 1 + window_;
    // First the runs that share with this one a line whose legal part joins them (few do), in one pass
    // without branches (whether a run does is unpredictable); then those, while in the window.
    const int32_t candidateCount = sharingRuns(runs_, firstCandidateRun, goalRun, scanEnd, aLanes, candidates);
    for (int32_t candidate = 0; candidate < candidateCount; ++candidate) {
      const int32_t bIndex = candidates[candidate];
      const Run& b = runs_[bIndex];
      if (b.first > scanEnd) break;
      const FamilyLanes apart = apartFamilies(aLanes, b);
      unsigned common =
          static_cast<unsigned>((apart[0] == 0) | (apart[1] == 0) << 1 | (apart[2] == 0) << 2 | (apart[3] == 0) << 3);
      for (; common != 0; common &= common - 1) searchFamily(std::countr_zero(common), bIndex);
      scanEnd = a_.first + std::min(tBest, a_.length - 1) + window_;
    }
  }

  const int32_t diagonalStep;  // 1 when A's steps are diagonal
  int32_t tBest;               // the first cell of the run with a candidate (a.length: none yet)
  int32_t bestRun = -1, bestS = 0, bestDir = -1, bestSteps = 0, bestJ = 0;
  double bestSaving = 0;

 private:
  // The lines of family F that join a cell of A (from t0) to one of B, by how the two runs lie on F's lines.
  [[gnu::always_inline]] void searchFamily(int f, int32_t bIndex) {
    const Run& b = runs_[bIndex];
    const int32_t ga = aCross_[f], gb = lineOf(f, b.dx, b.dy);
    const int32_t bLine = lineOf(f, b.cell.x, b.cell.y);
    const int32_t tLimit = std::min(tBest, a_.length - 1);
    if (ga != 0 && gb != 0) {
      crossingLines(f, bIndex, ga, gb, bLine, tLimit);
    } else if (ga == 0 && gb != 0) {
      const int32_t crossed = aLine_[f] - bLine;
      if (!divides(gb, crossed)) return;
      const int32_t s = exactDiv(crossed, gb);
      if (s >= 0 && s < b.length) alongA(f, bIndex, s, tLimit);
    } else if (ga != 0) {
      const int32_t crossed = bLine - aLine_[f];
      if (!divides(ga, crossed)) return;
      const int32_t t = exactDiv(crossed, ga);
      if (t >= t0_ && t <= tLimit) alongB(f, t, bIndex);
    } else if (aLine_[f] == bLine) {  // both on the same line
      for (int32_t t = t0_; t <= std::min(tBest, a_.length - 1); ++t)
        if (alongB(f, t, bIndex)) break;
    }
  }

  // Both runs cross F's lines: aLine + t ga = bLine + s gb with 0 <= s < b.length gives the t range, then
  // each solution in order until one is a candidate.
  [[gnu::always_inline]] void crossingLines(int f, int32_t bIndex, int32_t ga, int32_t gb, int32_t bLine,
                                            int32_t tLimit) {
    const Run& b = runs_[bIndex];
    const int32_t v0 = bLine - aLine_[f], v1 = v0 + (b.length - 1) * gb;
    const int32_t lo = std::min(v0, v1), hi = std::max(v0, v1);
    const int32_t tLo = ga > 0 ? ceilDiv(lo, ga) : ceilDiv(hi, ga);
    const int32_t tHi = std::min(tLimit, ga > 0 ? floorDiv(hi, ga) : floorDiv(lo, ga));
    int32_t t = std::max(t0_, tLo);
    if (!divides(gb, aLine_[f] + t * ga - bLine)) {  // only |gb| = 2: every other t, or none
      if ((ga & 1) == 0) return;
      ++t;
    }
    if (t > tHi) return;
    const int32_t tStep = (gb & 1) == 0 && (ga & 1) != 0 ? 2 : 1, sStep = exactDiv(ga * tStep, gb);
    const int32_t s = exactDiv(aLine_[f] + t * ga - bLine, gb);
    // From one solution to the next (m), a(t) and b(s) move by fixed steps, and so do the line's
    // signed length, the part's span and both ends' cells. Most of their lines cross a wall: one
    // read of the reach table rejects them before evaluate counts anything.
    const Point from{a_.cell.x + t * a_.dx, a_.cell.y + t * a_.dy}, to{b.cell.x + s * b.dx, b.cell.y + s * b.dy};
    const int32_t width = grid_.width();
    const LineWalk walk{.along = f == 0 ? to.y - from.y : to.x - from.x,
                        .alongStep = f == 0 ? sStep * b.dy - tStep * a_.dy : sStep * b.dx - tStep * a_.dx,
                        .span = b.first + s - a_.first - t,
                        .spanStep = sStep - tStep,
                        .fromCell = grid_.index(from),
                        .fromStep = tStep * (a_.dy * width + a_.dx),
                        .toCell = grid_.index(to),
                        .toStep = sStep * (b.dy * width + b.dx),
                        .segment = kSegmentDir[f],
                        .storedFromStart = f != 3,
                        .maxRay = maxRay_,
                        .window = window_};
    const int32_t mHi = (std::min(tHi, tBest) - t) >> (tStep - 1);
    for (int32_t m = walk.firstPassing(reach_, 0, mHi); m <= mHi; m = walk.firstPassing(reach_, m + 1, mHi))
      if (evaluate(f, t + m * tStep, bIndex, s + m * sStep)) break;
  }

  // B lies on the line of F through a(t): its best cell for a(t).
  [[gnu::always_inline]] bool alongB(int family, int32_t t, int32_t bIndex) {
    const Run& b = runs_[bIndex];
    const int32_t vx = a_.cell.x + t * a_.dx - b.cell.x, vy = a_.cell.y + t * a_.dy - b.cell.y;
    int32_t s = 0;
    if (vx * b.dx + vy * b.dy > 0) {  // B moves towards a(t)
      const int32_t reachesA = family == 0 ? std::abs(vy) : std::abs(vx);
      s = std::min({b.length - 1, a_.first + t + window_ - b.first, reachesA});
      if (s < 0) return false;
    }
    return evaluate(family, t, bIndex, s);
  }

  // The run lies on the line of F through b(s): the only cell of it to try for b(s).
  [[gnu::always_inline]] bool alongA(int family, int32_t bIndex, int32_t s, int32_t tMax) {
    const Run& b = runs_[bIndex];
    const int32_t vx = b.cell.x + s * b.dx - (a_.cell.x + t0_ * a_.dx),
                  vy = b.cell.y + s * b.dy - (a_.cell.y + t0_ * a_.dy);
    int32_t t = std::max(t0_, b.first + s - window_ - a_.first);
    if (vx * a_.dx + vy * a_.dy > 0) {  // the run moves towards b(s)
      const int32_t steps = family == 0 ? std::abs(vy) : std::abs(vx);
      t = std::max(t, t0_ + steps - maxRay_);
    }  // once past b(s) (the run's own loop), the line turns back over the run's cells: as away from it
    return t <= tMax && evaluate(family, t, bIndex, s);
  }

  // Whether a(t) -> b(s) along family F's line is a candidate of the rule (inside the window, at most
  // maxRay long, made of legal moves: one read of the reach table, that of whichever end the line leaves
  // along the stored direction; and a positive saving); if so it is offered.
  [[gnu::always_inline]] bool evaluate(int family, int32_t t, int32_t bIndex, int32_t s) {
    const Run& b = runs_[bIndex];
    const int32_t i = a_.first + t, j = b.first + s;
    if (j - i > window_) return false;
    const Point from{a_.cell.x + t * a_.dx, a_.cell.y + t * a_.dy}, to{b.cell.x + s * b.dx, b.cell.y + s * b.dy};
    const int32_t along = family == 0 ? to.y - from.y : to.x - from.x;
    const int32_t k = along < 0 ? -along : along;
    if (k > maxRay_) return false;
    const int segment = kSegmentDir[family];
    if (k > LineReach::kMaxReach) {
      if (reach_.lineEnd(grid_.index(from), segment) != reach_.lineEnd(grid_.index(to), segment)) return false;
    } else if (reach_.stored(grid_.index((along > 0) == (family != 3) ? from : to), segment) < k) {
      return false;
    }
    const int32_t pathDiagonal = b.diagonals + (b.dx != 0 && b.dy != 0 ? s : 0) - a_.diagonals - diagonalStep * t;
    const int32_t pathStraight = j - i - pathDiagonal;
    const double saving =
        family < 2 ? (pathStraight - k) + kSqrt2 * pathDiagonal : pathStraight + kSqrt2 * (pathDiagonal - k);
    if (!(saving > 1e-9)) return false;
    // k == 0: the path comes back to this very cell, a loop to cut
    const int dir = k > 0 ? dirOfStep((to.x > from.x) - (to.x < from.x), (to.y > from.y) - (to.y < from.y)) : -1;
    if (t > tBest || (t == tBest && (saving < bestSaving || (saving == bestSaving && j >= bestJ)))) return true;
    tBest = t, bestRun = bIndex, bestS = s, bestDir = dir, bestSteps = k, bestJ = j, bestSaving = saving;
    return true;
  }

  const Grid& grid_;
  const LineReach& reach_;
  const Run* runs_;
  const Run& a_;
  const int32_t t0_, maxRay_, window_;
  int32_t aLine_[kLineFamilies], aCross_[kLineFamilies];  // per family, A's first line and its step across lines
};

// The cell-by-cell rule (smoothPath) looks from every cell of the path for later cells on its 8 lines. Here
// the path is cut into its straight runs, and for the run the rule has reached (from its cell t0 on), each
// later run B of the window and each line family F are solved at once: the cells a(t) of the run and b(s)
// of B on a common line of F satisfy one linear equation, so the candidates are found by arithmetic,
// without visiting the cells between. The rule takes, from the first cell of the run that has a candidate,
// the best candidate of that cell; so per (B, F) only the first t with a candidate matters (then the best
// s for it), and the run's cells before the smallest such t are copied as they are.
//   - Both runs cross F's lines: s follows from t; the t of the solutions are walked in order until one
//     is a candidate (a legal line inside the window and the range, with a positive saving).
//   - The run lies on one line of F (every t), B crosses it (one s): moving a(t) along its own line
//     changes neither the saving (towards b(s): one step less on both sides) nor whether the line is
//     legal (the cells it adds or drops are the run's own), only the window and the length; away from
//     b(s) the saving drops. So the first t the window and the range allow is the only one to try.
//   - B lies on one line of F (every s), the run crosses it (one t): the same, with s moving along B.
//     Away from a(t) the saving stays and the line lengthens: s = 0 (the earliest of equal savings);
//     towards it the saving grows: the last s the window allows, stopping at a(t) itself (a loop).
//   - Both lie on the same line: each t as in the previous case.
// The result is the rule's, cell for cell (tests/cpp/path_smoother_test.cpp compares them).
double PathSmoother::smoothRuns(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                                std::span<const uint32_t> joints, const LineReach& reach, int32_t runCount,
                                FirstPass* record) {
  const int32_t n = static_cast<int32_t>(cells.size());
  const Point* c = cells.data();
  PieceRecorder recorder(record, joints);
  buildRuns(grid, cells, maxRay, reach, runCount);
  const int32_t goalRun = static_cast<int32_t>(runs_.size()) - 1;
  const Run* runs = runs_.data();
  out_.resize(static_cast<size_t>(n));
  Point* out = out_.data();
  size_t written = 0;
  int64_t diagonals = 0;  // of the result, so that its cost is counted as pathLength counts it
  size_t joint = 0;
  int32_t firstCandidateRun = 0;
  int32_t current = 0, t0 = 0;  // the rule is at cell t0 of run `current`
  out[written++] = c[0];
  while (current < goalRun) {
    const Run& a = runs[current];
    const int32_t i0 = a.first + t0;
    while (joint + 1 < joints.size() && joints[joint + 1] <= static_cast<uint32_t>(i0)) ++joint;
    const int32_t pieceEnd = joint + 1 < joints.size() ? static_cast<int32_t>(joints[joint + 1]) : i0;
    // No line to a cell up to here can save anything (smoothPath's cone and piece); the bound only grows.
    const int32_t bound = std::max(a.coneEnd, pieceEnd);
    while (firstCandidateRun < goalRun && runs[firstCandidateRun + 1].first <= bound + 1) ++firstCandidateRun;
    RunSearch search(grid, reach, runs, current, t0, maxRay);
    if (bound < n - 1) search.searchRuns(firstCandidateRun, goalRun, candidates_.data());
    // The run's cells up to the first with a candidate (all of them when none has one), then its line.
    const int32_t copyTo = search.bestRun < 0 ? runs[current + 1].first : a.first + search.tBest;
    recorder.copied(static_cast<size_t>(i0) + 1, static_cast<size_t>(copyTo), written);
    std::copy(c + i0 + 1, c + copyTo + 1, out + written);
    written += static_cast<size_t>(copyTo - i0);
    diagonals += static_cast<int64_t>(search.diagonalStep) * (copyTo - i0);
    if (search.bestRun < 0) {
      ++current;
      t0 = 0;
      continue;
    }
    recorder.cut(written - 1);  // a line or a cut loop starts here
    if (search.bestDir >= 0) {
      const size_t lineStart = written - 1;
      Point p = c[copyTo];
      for (int32_t k = 0; k < search.bestSteps; ++k) {
        p = Point{p.x + kDirDx[search.bestDir], p.y + kDirDy[search.bestDir]};
        out[written++] = p;
      }
      if (isDiagonal(search.bestDir)) diagonals += search.bestSteps;
      recorder.line(lineStart, written - 1, search.bestSteps);
    }  // else a cut loop: b(s) is the cell just written
    current = search.bestRun;
    t0 = search.bestS;
  }
  recorder.cut(written - 1);
  out_.resize(written);
  cells.swap(out_);
  return movesLength(static_cast<int64_t>(written) - 1 - diagonals, diagonals);
}

// smoothPath's search from one cell c[i] of the path: the later cell its best line reaches (bestJ), that
// line's direction and length, and whether it cuts a loop. Its parts are always inlined into smoothPath,
// so that the best so far stays in registers through the hot loops.
template <bool Weighted, bool Reach>
class PathSmoother::CellSearch {
 public:
  CellSearch(PathSmoother& smoother, const Grid& grid, const std::vector<Point>& cells, int32_t maxRay,
             const LineReach* reach)
      : grid_(grid),
        reach_(reach),
        c_(cells.data()),
        diagonalsAfter_(smoother.diagonalsAfter_.data()),
        stepDir_(smoother.stepDir_.data()),
        runEnd_(smoother.runEnd_.data()),
        nextOnLine_{smoother.nextOnLine_[0].data(), smoother.nextOnLine_[1].data(), smoother.nextOnLine_[2].data(),
                    smoother.nextOnLine_[3].data()},
        segmentOf_{smoother.segmentOf_[0].data(), smoother.segmentOf_[1].data(), smoother.segmentOf_[2].data(),
                   smoother.segmentOf_[3].data()},
        costTo_(smoother.costTo_.data()),
        lineCost_(smoother.lineCost_.data()),
        moves_(grid.moveMasks()),
        cellDelta_{-grid.width(), 1 - grid.width(), 1,  1 + grid.width(),
                   grid.width(),  grid.width() - 1, -1, -1 - grid.width()},
        maxRay_(maxRay),
        stride_(static_cast<size_t>(maxRay) + 1) {}

  // The best line from c[i] to a cell of [first, last] that saves more than minSaving.
  [[gnu::always_inline]] void searchFrom(size_t i, size_t first, size_t last, double minSaving) {
    i_ = i, first_ = first, last_ = last;
    bestJ = i + 1, bestDir = -1, bestSteps = 0, bestSaving = minSaving, loop = false;
    from_ = c_[i];
    fromCell_ = grid_.index(from_);
    diagonalsAtI_ = diagonalsAfter_[i];
    runDir = stepDir_[i];
    runFamily_ = kFamilyOfDir[runDir];
    // The straight run leaving c[i] is made of the path's own moves: the line along it is clear that far.
    if constexpr (!Reach) clearSteps_[runDir] = std::max(clearSteps_[runDir], runEnd_[i] - static_cast<int32_t>(i));
    if constexpr (Weighted) {  // the line costs are summed from c[i]: weighted lines are walked from each cell
      forgetLines();
      for (int d = 0; d < kDirCount; ++d) lineCost_[static_cast<size_t>(d) * stride_] = 0;
    }
    walkChain<0>();
    walkChain<1>();
    walkChain<2>();
    walkChain<3>();
  }

  // Without a reach table, lines are walked. Per direction, how far the line from c[i] is known clear;
  // a set bit in `stopped` when it is known to stop there. They outlive a cell: moving from c[i] m steps
  // along direction u to the next cell examined, the line along u from there is the rest of the same
  // line, known clear for m fewer steps (and stopped where it was). Along the path's straight runs and
  // the lines that replace parts, a line is then walked once, not again from each of its cells.
  [[gnu::always_inline]] void forgetLines() {
    for (int d = 0; d < kDirCount; ++d) clearSteps_[d] = 0;
    stopped_ = 0;
  }
  [[gnu::always_inline]] void moveAlong(int u, int32_t m) {
    if constexpr (Reach) return;  // nothing is carried: every line is one read of the table
    const int32_t carried = clearSteps_[u] - m;
    const uint32_t carriedStop = stopped_ & (1u << u);
    forgetLines();
    if (carried >= 0) {
      clearSteps_[u] = carried;
      stopped_ = carriedStop;
    }
  }

  size_t bestJ = 0;
  int bestDir = -1;
  int32_t bestSteps = 0;
  double bestSaving = 0;
  bool loop = false;
  int runDir = 0;  // the direction of the step leaving c[i]

 private:
  // Without a reach table: whether the k moves from c[i] along d are legal, by a walk extended only as
  // far as the candidate needs (summing the line's costs on a weighted grid).
  [[gnu::always_inline]] bool lineClear(int d, int32_t k) {
    int32_t clear = clearSteps_[d];
    if (clear < k && !((stopped_ >> d) & 1u)) {
      const int32_t delta = cellDelta_[d];
      int32_t cell = fromCell_ + clear * delta;
      while (clear < k && ((moves_[cell] >> d) & 1u)) {
        if constexpr (Weighted) {
          double* row = lineCost_ + static_cast<size_t>(d) * stride_;
          row[clear + 1] = row[clear] + grid_.moveCost(cell, d);
        }
        cell += delta;
        ++clear;
      }
      if (clear < k) stopped_ |= 1u << d;
      clearSteps_[d] = clear;
    }
    return clear >= k;
  }

  // A candidate j on the line of family F through c[i]: its distance k along the line and the side it lies
  // on give the direction; F is a template argument so that each family's arithmetic is specialised.
  // With a reach table the chain walk passes only candidates on the legal segment of c[i]'s line
  // (lineClear is not needed); the bound on the line's length is checked here.
  template <int F>
  [[gnu::always_inline]] void consider(size_t j) {
    const int32_t along = F == 0 ? c_[j].y - from_.y : c_[j].x - from_.x;
    const int32_t k = along < 0 ? -along : along;
    if (k > maxRay_) return;
    // The largest saving wins, the earliest cell among equal ones (so the order in which the
    // families are walked does not matter). Costs come from step counts, so equal savings are
    // exactly equal.
    double saving;
    if constexpr (Weighted) {
      saving = costTo_[j] - costTo_[i_];  // the line's cost is taken off once it is walked
    } else {
      const int32_t pathDiagonal = diagonalsAtI_ - diagonalsAfter_[j];
      const int32_t pathStraight = static_cast<int32_t>(j - i_) - pathDiagonal;
      saving = F < 2 ? (pathStraight - k) + kSqrt2 * pathDiagonal : pathStraight + kSqrt2 * (pathDiagonal - k);
    }
    if (saving < bestSaving || (saving == bestSaving && j >= bestJ)) return;
    if (k == 0) {  // the path comes back to this very cell: cut the loop
      bestSaving = saving, bestJ = j, bestDir = -1, bestSteps = 0, loop = true;
      return;
    }
    // Family 0 (same x): S or N; 1 (same y): E or W; 2 (same x - y): SE or NW; 3 (same x + y): NE or SW.
    constexpr int kForward[kLineFamilies] = {4, 2, 3, 1}, kBackward[kLineFamilies] = {0, 6, 7, 5};
    const int d = along > 0 ? kForward[F] : kBackward[F];
    if constexpr (!Reach) {  // with a reach table every index on the chain is joined by a legal line
      if (!lineClear(d, k)) return;
    }
    if constexpr (Weighted) {
      saving -= lineCost_[static_cast<size_t>(d) * stride_ + static_cast<size_t>(k)];
      if (saving < bestSaving || (saving == bestSaving && j >= bestJ)) return;
    }
    bestSaving = saving, bestJ = j, bestDir = d, bestSteps = k, loop = false;
  }

  // Family F's chain from c[i]; the straight run leaving c[i] lies on one line and is skipped whole (a
  // straight part is never shortened).
  template <int F>
  [[gnu::always_inline]] void walkChain() {
    // No legal move from c[i] along either direction of F: no line of F to try (a loop back to c[i] is
    // found on the run's family, whose first move is the path's own). In mazes most families are walled.
    if ((moves_[fromCell_] & kFamilyMoves[F]) == 0) return;
    const int32_t* next = nextOnLine_[F];
    int32_t j = next[F == runFamily_ ? runEnd_[i_] : static_cast<int32_t>(i_)];
    while (j >= 0 && static_cast<size_t>(j) < first_) j = next[j];
    if (j < 0 || static_cast<size_t>(j) > last_) return;
    if constexpr (Reach) {
      // A legal line joins two cells of a line exactly when they lie on the same segment of it between
      // walls (LineReach::lineEnd): one compare per candidate, most of them beyond a wall. Each index's
      // segment is read from the table once per path, when first met.
      int32_t* segment = segmentOf_[F];
      auto segmentAt = [&](int32_t index) {
        if (segment[index] < 0) segment[index] = reach_->lineEnd(grid_.index(c_[index]), kSegmentDir[F]);
        return segment[index];
      };
      const int32_t own = segmentAt(static_cast<int32_t>(i_));
      for (; j >= 0 && static_cast<size_t>(j) <= last_; j = next[j])
        if (segmentAt(j) == own) consider<F>(static_cast<size_t>(j));
    } else {
      for (; j >= 0 && static_cast<size_t>(j) <= last_; j = next[j]) consider<F>(static_cast<size_t>(j));
    }
  }

  const Grid& grid_;
  const LineReach* reach_;
  // Raw pointers: the search reads these arrays for every candidate.
  const Point* c_;
  const int32_t* diagonalsAfter_;
  const uint8_t* stepDir_;
  const int32_t* runEnd_;
  const int32_t* nextOnLine_[kLineFamilies];
  int32_t* segmentOf_[kLineFamilies];
  const double* costTo_;
  double* lineCost_;
  const uint8_t* moves_;
  const int32_t cellDelta_[kDirCount];
  const int32_t maxRay_;
  const size_t stride_;
  int32_t clearSteps_[kDirCount] = {0, 0, 0, 0, 0, 0, 0, 0};
  uint32_t stopped_ = 0;
  // The cell searched from, and the window of candidates.
  size_t i_ = 0, first_ = 0, last_ = 0;
  Point from_{};
  int32_t fromCell_ = 0, diagonalsAtI_ = 0;
  int runFamily_ = 0;  // the family of the run leaving c[i]
};

template <bool Weighted, bool Reach>
double PathSmoother::smoothPath(const Grid& grid, std::vector<Point>& cells, int32_t maxRay,
                                std::span<const uint32_t> joints, const LineReach* reach,
                                FirstPass* record) {
  const size_t n = cells.size();
  PieceRecorder recorder(record, joints);
  // Each step's direction and the diagonal steps from each position to the end: the cost of a part is
  // straight + √2 × diagonal, computed from counts (not summed step by step), so that savings with the
  // same counts are exactly equal. Weighted: the costs of the steps, summed from the start.
  prepare(grid, cells);
  if constexpr (Weighted) {
    costTo_.resize(n);
    costTo_[0] = 0;
    for (size_t j = 1; j < n; ++j)
      costTo_[j] = costTo_[j - 1] + grid.moveCost(grid.index(cells[j - 1]), stepDir_[j - 1]);
    const size_t stride = static_cast<size_t>(maxRay) + 1;
    if (lineCost_.size() < kDirCount * stride) lineCost_.resize(kDirCount * stride);
  }
  if constexpr (Reach)
    for (std::vector<int32_t>& segment : segmentOf_) segment.assign(n, -1);  // read when first met
  // Weighted savings are sums of step costs: a saving within their rounding is none.
  const double minSaving = Weighted ? 1e-9 * std::max(1.0, costTo_[n - 1]) : 1e-9;
  CellSearch<Weighted, Reach> search(*this, grid, cells, maxRay, reach);
  const Point* c = cells.data();
  const int32_t* diagonalsAfter = diagonalsAfter_.data();
  const int32_t* coneEnd = coneEnd_.data();
  const uint8_t* stepDir = stepDir_.data();
  // The smoothed path is never longer than the path (a line of k steps replaces at least k steps).
  out_.resize(n);
  Point* out = out_.data();
  size_t written = 0;
  int64_t diagonals = 0;  // diagonal steps of the result so far: its cost is counted as pathLength counts it
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
  while (i + 1 < n) {
    if (!revisit) recorder.copied(i, i, written), out[written++] = c[i];
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
      if (next > i + 1) recorder.copied(i + 1, next - 1, written);
      for (size_t k = i + 1; k < next; ++k) out[written++] = c[k];
      diagonals += diagonalsAfter[i] - diagonalsAfter[next];
      if (next == i + 1)
        search.moveAlong(stepDir[i], 1);
      else
        search.forgetLines();  // a jump over several steps: nothing carries
      i = next;
      continue;
    }
    search.searchFrom(i, first, last, minSaving);
    if (search.bestDir >= 0) {
      const size_t lineStart = written - 1;
      Point p = c[i];
      for (int32_t k = 1; k < search.bestSteps; ++k) {
        p = Point{p.x + kDirDx[search.bestDir], p.y + kDirDy[search.bestDir]};
        out[written++] = p;
      }
      if (isDiagonal(search.bestDir)) diagonals += search.bestSteps;
      recorder.line(lineStart, written, search.bestSteps);  // c[bestJ], its end, is written next at `written`
    } else if (search.bestJ == i + 1) {
      diagonals += search.runDir & 1;
    }
    // After a cut loop c[bestJ] is the cell just written: do not write it twice.
    revisit = search.loop && search.bestDir < 0 && search.bestJ != i + 1;
    if (revisit) recorder.cut(written - 1);
    if (search.bestDir >= 0)
      search.moveAlong(search.bestDir, search.bestSteps);
    else if (search.bestJ == i + 1)
      search.moveAlong(search.runDir, 1);
    // else a cut loop: c[bestJ] is c[i], every line from it is the one known
    i = search.bestJ;
  }
  if (!revisit) out[written++] = c[n - 1];
  recorder.cut(written - 1);
  out_.resize(written);
  unlinkLines(grid, cells);
  cells.swap(out_);
  if constexpr (Weighted) return pathCost(grid, cells);
  return movesLength(static_cast<int64_t>(written) - 1 - diagonals, diagonals);
}

}  // namespace hpastar
