#include "world/WorldPathSmoother.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "world/WorldPathValidator.h"

namespace hpastar {

namespace {
uint32_t slotOf(int32_t cell, uint32_t bits) {
  return (static_cast<uint32_t>(cell) * 0x9E3779B1u) >> (32 - bits);  // Fibonacci hashing
}

// The straight lines runs go along: a run of move m from v stays on the line through v in the direction
// of m's offset. Opposite moves, and a climb and a stair with the same offset, share a line family.
struct LineFamilies {
  int8_t family[kWorldMoveCount];     // 0 .. count - 1
  int8_t d[kWorldMoveCount][3];       // the offset, signed so that d[axis] = 1
  int8_t firstMove[kWorldMoveCount];  // per family, its first move
  // Per family, the coefficients of a linear form of (x, y, z) that names the line (mod 2^32): 65536
  // times one coordinate where the line crosses the plane of its first axis plus the other (both are
  // under 2^15 in size, as sides and levels are).
  uint32_t key[kWorldMoveCount][3];
  int count = 0;
};

constexpr LineFamilies makeLineFamilies() {
  LineFamilies f{};
  for (int m = 0; m < kWorldMoveCount; ++m) {
    int d[3] = {kWorldMoveDx[m], kWorldMoveDy[m], kWorldMoveDz[m]};
    const int axis = d[0] != 0 ? 0 : d[1] != 0 ? 1 : 2;
    if (d[axis] < 0)
      for (int& c : d) c = -c;
    for (int a = 0; a < 3; ++a) f.d[m][a] = static_cast<int8_t>(d[a]);
    f.family[m] = -1;
    for (int o = 0; o < m; ++o)
      if (f.d[o][0] == d[0] && f.d[o][1] == d[1] && f.d[o][2] == d[2]) f.family[m] = f.family[o];
    if (f.family[m] >= 0) continue;
    const int b1 = axis == 0 ? 1 : 0, b2 = axis == 2 ? 1 : 2;
    int32_t key[3] = {0, 0, 0};  // 65536 (c[b1] - c[axis] d[b1]) + (c[b2] - c[axis] d[b2])
    key[b1] += 65536, key[axis] -= 65536 * d[b1];
    key[b2] += 1, key[axis] -= d[b2];
    for (int a = 0; a < 3; ++a) f.key[f.count][a] = static_cast<uint32_t>(key[a]);
    f.firstMove[f.count] = static_cast<int8_t>(m);
    f.family[m] = static_cast<int8_t>(f.count++);
  }
  return f;
}
constexpr LineFamilies kLines = makeLineFamilies();
static_assert(kLines.count == 9, "4 lines on a level, 4 across levels, 1 vertical");

// A hash of the line of family f through v.
inline uint32_t lineHash(int f, Voxel v) {
  const uint32_t* k = kLines.key[f];
  return (k[0] * static_cast<uint32_t>(v.x) + k[1] * static_cast<uint32_t>(v.y) + k[2] * static_cast<uint32_t>(v.z)) *
         0x9E3779B1u;
}
}  // namespace

bool WorldPathSmoother::indexPath(const BlockWorld& world, const std::vector<Voxel>& cells) {
  const size_t n = cells.size();
  costTo_.resize(n);
  costTo_[0] = 0;
  for (size_t i = 1; i < n; ++i) {
    const Voxel a = cells[i - 1], b = cells[i];
    double step;
    if (a.z == b.z && std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1) {
      // On a level the offset tells the move.
      step = world.weighted()           ? world.moveCost(world.index(a), dirOfStep(b.x - a.x, b.y - a.y))
             : a.x != b.x && a.y != b.y ? kSqrt2
                                        : 1.0;
    } else {
      // A climb and a stair share offsets: the world says which.
      const int m = worldMoveBetween(world, a, b);
      if (m < 0) return false;
      step = world.moveCost(world.index(a), m);
    }
    costTo_[i] = costTo_[i - 1] + step;
  }
  const size_t words = (static_cast<size_t>(world.cellCount()) + 63) / 64;
  if (onPath_.size() != words) onPath_.assign(words, 0);  // a new world size: bits of no path
  // At least twice as many slots as cells: short probes.
  const size_t slots = std::bit_ceil(std::max<size_t>(2 * n, 16));
  if (slotCell_.size() < slots) slotCell_.resize(slots), slotIndex_.resize(slots);
  std::fill(slotCell_.begin(), slotCell_.begin() + static_cast<std::ptrdiff_t>(slots), -1);
  slotBits_ = static_cast<uint32_t>(std::countr_zero(slots));
  cellIndex_.resize(n);
  lastIndex_.resize(n);
  const uint32_t mask = (1u << slotBits_) - 1;
  for (size_t i = 0; i < n; ++i) {
    const int32_t cell = world.index(cells[i]);
    cellIndex_[i] = cell;
    onPath_[static_cast<size_t>(cell) >> 6] |= uint64_t{1} << (cell & 63);
    uint32_t s = slotOf(cell, slotBits_);
    while (slotCell_[s] != -1 && slotCell_[s] != cell) s = (s + 1) & mask;
    slotCell_[s] = cell;
    slotIndex_[s] = static_cast<int32_t>(i);  // later visits of a cell overwrite: the last index stays
  }
  for (size_t i = 0; i < n; ++i) lastIndex_[i] = lastIndexOf(cellIndex_[i]);
  // Per line family, a table of the last index of the path on the lines hashed to each slot: lines
  // that share a slot share their last index, which only lets more runs through (slots: about the cells).
  const size_t lineSlots = std::bit_ceil(std::max<size_t>(n, 16));
  lineBits_ = static_cast<uint32_t>(std::countr_zero(lineSlots));
  lineLast_.assign(kLines.count * lineSlots, -1);
  for (size_t i = 0; i < n; ++i)
    for (int f = 0; f < kLines.count; ++f)  // ascending i: the last stays
      lineLast_[static_cast<size_t>(f) * lineSlots + (lineHash(f, cells[i]) >> (32 - lineBits_))] =
          static_cast<int32_t>(i);
  // runEnd_[i]: the last index of the straight run the path takes from i (the same offset repeated).
  runEnd_.resize(n);
  runEnd_[n - 1] = static_cast<int32_t>(n - 1);
  if (n >= 2) runEnd_[n - 2] = static_cast<int32_t>(n - 1);
  for (size_t i = n - 2; i-- > 0;) {
    const Voxel a = cells[i], b = cells[i + 1], c = cells[i + 2];
    const bool same = b.x - a.x == c.x - b.x && b.y - a.y == c.y - b.y && b.z - a.z == c.z - b.z;
    runEnd_[i] = same ? runEnd_[i + 1] : static_cast<int32_t>(i + 1);
  }
  return true;
}

void WorldPathSmoother::clearIndex() {
  for (const int32_t cell : cellIndex_) onPath_[static_cast<size_t>(cell) >> 6] &= ~(uint64_t{1} << (cell & 63));
}

int32_t WorldPathSmoother::lastOnLine(int m, Voxel v) const {
  const size_t slots = size_t{1} << lineBits_;
  const int f = kLines.family[m];
  return lineLast_[static_cast<size_t>(f) * slots + (lineHash(f, v) >> (32 - lineBits_))];
}

int32_t WorldPathSmoother::lastIndexOf(int32_t cell) const {
  const uint32_t mask = (1u << slotBits_) - 1;
  for (uint32_t s = slotOf(cell, slotBits_);; s = (s + 1) & mask)
    if (slotCell_[s] == cell) return slotIndex_[s];
}

uint64_t WorldPathSmoother::smooth(const BlockWorld& world, std::vector<Voxel>& cells, int32_t maxRun) {
  const int32_t n = static_cast<int32_t>(cells.size());
  if (n < 3 || maxRun < 1) return 0;
  if (!indexPath(world, cells)) return 0;  // not a path of legal moves: left as it is (no bit set yet)
  // A run must save more than rounding: genuine savings are differences of sums of 1, √2 and 2 (times
  // sixteenths under a cost layer).
  const double total = costTo_[static_cast<size_t>(n - 1)];
  const double epsilon = 1e-9 * (1 + total);
  const bool weighted = world.weighted();
  uint64_t steps = 0;
  out_.clear();
  out_.push_back(cells[0]);
  for (int32_t i = 0; i < n - 1;) {
    const Voxel from = cells[static_cast<size_t>(i)];
    const int32_t fromCell = world.index(from);
    const double left = total - costTo_[static_cast<size_t>(i)];  // no run costing this much can save
    double bestSaving = epsilon;
    int32_t bestEnd = -1, bestMove = 0, bestLength = 0;
    for (uint32_t legal = world.moveMask(fromCell); legal; legal &= legal - 1) {
      const int m = std::countr_zero(legal);
      // Only a run whose line holds cells of the path ahead, beyond the straight run the path itself
      // takes along it from i, can reach a cell that saves anything.
      const Voxel next = cells[static_cast<size_t>(i + 1)];
      const bool pathAlong = next.x - from.x == kWorldMoveDx[m] && next.y - from.y == kWorldMoveDy[m] &&
                             next.z - from.z == kWorldMoveDz[m];
      if (lastOnLine(m, from) <= (pathAlong ? runEnd_[static_cast<size_t>(i)] : i)) continue;
      const int32_t offset = world.moveOffset(m);
      // A run's steps cost stepCost each on an unweighted world, their own weighted costs (runCost, at
      // least stepCost times the smallest weight each) on a weighted one, where a run is taken only when
      // it costs less than what it skips under the weights too, as the 2D PathSmoother does.
      const double stepCost = kWorldMoveCost[m];
      double runCost = 0;
      // A run as costly as the rest of the path saves nothing: k * stepCost * minWeight < left.
      const double fit = left / (stepCost * world.minWeight());
      int32_t longest = static_cast<int32_t>(fit);
      if (longest == fit) --longest;
      longest = std::min(longest, maxRun);
      // `along`: the index of the path the run has followed step by step from i (-1 once it left the
      // path); while it follows, the cell it reaches is the path's next one, found without a lookup.
      int32_t cell = fromCell, along = i, k = 0;
      while (k < longest) {
        if (weighted) runCost += world.moveCost(cell, m);
        cell += offset;  // legal: move m is in the mask of the cell before
        ++k;
        int32_t j = -1;
        if (along >= 0 && along + 1 < n && cellIndex_[static_cast<size_t>(along + 1)] == cell) {
          j = lastIndex_[static_cast<size_t>(++along)];
        } else {
          along = -1;
          if ((onPath_[static_cast<size_t>(cell) >> 6] >> (cell & 63)) & 1u) j = lastIndexOf(cell);  // ahead of i
        }
        if (j >= 0) {
          const double saving =
              costTo_[static_cast<size_t>(j)] - costTo_[static_cast<size_t>(i)] - (weighted ? runCost : k * stepCost);
          if (saving > bestSaving) bestSaving = saving, bestEnd = j, bestMove = m, bestLength = k;
        }
        if (!((world.moveMask(cell) >> m) & 1u)) break;
      }
      steps += static_cast<uint64_t>(k);
    }
    const int32_t next = bestEnd < 0 ? i + 1 : bestEnd;
    if (bestEnd < 0)
      out_.push_back(cells[static_cast<size_t>(next)]);
    else
      for (int32_t k = 1; k <= bestLength; ++k)
        out_.push_back(Voxel{from.x + k * kWorldMoveDx[bestMove], from.y + k * kWorldMoveDy[bestMove],
                             from.z + k * kWorldMoveDz[bestMove]});
    // The cells of the path passed by are no run's end any more (unless the path comes back to them):
    // runs stop looking them up, and every cell found is after the walk's position.
    for (; i < next; ++i)
      if (lastIndex_[static_cast<size_t>(i)] == i) {
        const int32_t cell = cellIndex_[static_cast<size_t>(i)];
        onPath_[static_cast<size_t>(cell) >> 6] &= ~(uint64_t{1} << (cell & 63));
      }
  }
  clearIndex();
  cells.swap(out_);
  return steps;
}

}  // namespace hpastar
