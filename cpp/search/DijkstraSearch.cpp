#include "search/DijkstraSearch.h"

#include <array>

#include "search/BestFirstSearch.h"

namespace hpastar {

namespace {

// kSkippedAfterParent[d][m]: the moves a cell reached by direction d, from a parent whose legal moves
// are m, need not try; skipping them spares about two moves in three and leaves every distance exact.
// - Covered: the move back to the parent, and every move to a cell the parent reaches by a legal move of
//   its own. The parent, settled first, gave that cell a distance of at most g(parent) + c(parent, cell),
//   strictly below g(cell) + c(cell, it) (the octile steps' triangle inequality, strict for neighbours of
//   both, by 0.58 or more: no rounding turns it). So such a move is on no shortest path.
// - Tied: reached by a straight move s, the diagonal moves beside s (s ± 45°) when the parent has the same
//   diagonal move: parent -> diagonal -> s ends on the same cell at the same length (1 + √2), and that
//   final straight move is legal whenever this cell's diagonal is (its two cells are free). The path
//   that takes the diagonal first is the one tried (as in jump point search's canonical order).
// Exact: take a cell whose distance came out wrong, the nearest such, and the last move of a shortest
// path to it. Its cell is right, so the move was skipped. Not as covered: that would give a strictly
// shorter path. So as tied, and the path through the parent's diagonal is as short; its last move is
// straight (never tied) and not covered (again strictly shorter), from a nearer cell, right and settled:
// the distance was reached after all.
constexpr auto kSkippedAfterParent = [] {
  std::array<std::array<uint8_t, 256>, kDirCount> table{};
  for (int d = 0; d < kDirCount; ++d)
    for (int m = 0; m < 256; ++m) {
      uint32_t skipped = 1u << oppositeDir(d);
      for (int e = 0; e < kDirCount; ++e) {
        const int f = dirOfStep(kDirDx[d] + kDirDx[e], kDirDy[d] + kDirDy[e]);  // parent -> the cell's neighbour
        if (f >= 0 && (m & (1 << f)) != 0) skipped |= 1u << e;
      }
      if (!isDiagonal(d)) skipped |= static_cast<uint32_t>(m) & ((1u << ((d + 7) & 7)) | (1u << ((d + 1) & 7)));
      table[static_cast<size_t>(d)][static_cast<size_t>(m)] = static_cast<uint8_t>(skipped);
    }
  return table;
}();

// kTowardParent[p]: a tree's direction byte for a cell whose parent move is p (kNoMove at the source).
constexpr auto kTowardParent = [] {
  std::array<uint8_t, 256> table{};
  table.fill(0xFF);
  for (int d = 0; d < kDirCount; ++d) table[static_cast<size_t>(d)] = static_cast<uint8_t>(oppositeDir(d));
  return table;
}();

}  // namespace

uint64_t DijkstraSearch::run(const Grid& grid, const Rect& area, Point source, std::span<const Point> stopAt,
                             const uint8_t* stay) {
  area_ = area;
  stay_ = stay;
  if (!area.contains(source) || !grid.passable(source)) {
    space_.begin(static_cast<uint32_t>(area.area()));  // everything unreached
    return 0;
  }
  // Traced: the loops compiled with the recording of the expansion order (BestFirstSearch::search).
  expansionOrder_.clear();
  if (stopAt.empty()) {
    uint64_t expanded;
    if (trace_) {
      expanded = grid.weighted() ? BestFirstSearch::run<false, true>(space_, grid, area, source, source, nullptr, 0,
                                                                     &expansionOrder_, stay)
                                 : settleWholeArea<true, false>(grid, source);
      trace_->recordCells(space_, area, expansionOrder_);
    } else {
      expanded = grid.weighted()
                     ? BestFirstSearch::run<false>(space_, grid, area, source, source, nullptr, 0, nullptr, stay)
                     : settleWholeArea<false, false>(grid, source);
    }
    return expanded;
  }
  const size_t n = static_cast<size_t>(area.area());
  if (targets_.size() < n) targets_.resize(n);
  uint32_t count = 0;
  for (Point p : stopAt) {
    const uint32_t id = localId(p);
    if (!targets_[id]) ++count;
    targets_[id] = 1;
  }
  const uint64_t expanded =
      trace_ ? BestFirstSearch::run<false, true>(space_, grid, area, source, source, targets_.data(), count,
                                                 &expansionOrder_, stay)
             : BestFirstSearch::run<false>(space_, grid, area, source, source, targets_.data(), count, nullptr, stay);
  for (Point p : stopAt) targets_[localId(p)] = 0;
  if (trace_) trace_->recordCells(space_, area, expansionOrder_);
  return expanded;
}

template <bool Traced, bool WriteTree>
uint64_t DijkstraSearch::settleWholeArea(const Grid& grid, Point source, const TreeOut* tree) {
  // Dial's buckets: the cells whose distance rounds down to k are in buckets_[k % 3] (a move adds 1 or
  // √2, so at most two buckets ahead are ever filled), each cell at most once per bucket. Bucket k holds
  // distances in [k, k + 1): a cell settled from it reaches others at k + 1 or more, so no cell of bucket
  // k can lower another's distance, and each is final when popped (a stale entry, left by an improvement
  // that moved the cell to an earlier bucket, finds it closed). This is the cost of every DHPA* tree, and
  // so of every build and terrain change with trees; per move it does little:
  // - the area's move masks, clipped at its edges, are read a row at a time (no division to find a
  //   cell's column);
  // - every distance starts at infinity, so one comparison rejects a move: a closed cell's distance is
  //   below k + 1 when bucket k is being settled, and every move adds at least 1. Stamps mark the closed
  //   cells (distance() and appendPath() read them), and the open ones only when traced;
  // - the moves its parent covered, or ties with a diagonal taken first, are not tried (kSkippedAfterParent).
  const int32_t aw = area_.width();
  const uint32_t count = static_cast<uint32_t>(area_.area());
  space_.begin(count);
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint8_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  std::fill(g, g + count, kUnreached);
  if (masks_.size() < count) masks_.resize(count);
  uint8_t* masks = masks_.data();
  grid.areaMoveMasks(area_, masks, stay_);
  int32_t offset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * aw + kDirDx[d];
  // Each bucket holds a cell at most once (below), so `count` entries each is room for all: pushes
  // need no capacity check.
  if (buckets_[0].size() < count)
    for (auto& bucket : buckets_) bucket.resize(count);
  // While bucket k is settled only k + 1 and k + 2 fill: a move from [k, k + 1) lands in
  // [k + 1, k + 1 + √2). So a distance's bucket is one comparison with k + 2, not a conversion; and a
  // cell still queued (a finite distance, not closed), reached from a cell settled earlier, is in one
  // of those two as well. The three buckets rotate after each k. Their ends and the tree's arrays are
  // kept in locals: every byte stored (parents, directions) may alias memory, and would make the
  // compiler read them again after each store.
  uint32_t* settling = buckets_[0].data();
  uint32_t* next = buckets_[1].data();
  uint32_t* after = buckets_[2].data();
  uint32_t settlingSize = 0, nextSize = 0, afterSize = 0;
  const double scale = WriteTree ? tree->scale : 0.0;
  uint16_t* const treeDistances = WriteTree ? tree->distances : nullptr;
  uint8_t* const treeDirections = WriteTree ? tree->directions : nullptr;
  const uint32_t startId = static_cast<uint32_t>((source.y - area_.y0) * aw + (source.x - area_.x0));
  g[startId] = 0;
  parent[startId] = kNoMove;
  settling[settlingSize++] = startId;
  uint64_t expanded = 0;
  for (double afterFrom = 2.0; settlingSize + nextSize + afterSize != 0; afterFrom += 1.0) {
    while (settlingSize != 0) {
      const uint32_t id = settling[--settlingSize];
      if (stamp[id] == closedStamp) continue;
      stamp[id] = closedStamp;
      ++expanded;
      if constexpr (Traced) expansionOrder_.push_back(id);
      const double gId = g[id];
      const uint8_t from = parent[id];
      if constexpr (WriteTree) {
        treeDistances[id] = static_cast<uint16_t>(gId * scale + 0.5);  // as writeTree rounds
        treeDirections[id] = kTowardParent[from];
      }
      uint32_t mask = masks[id];
      if (from != kNoMove)
        mask &=
            ~uint32_t{kSkippedAfterParent[from][masks[static_cast<uint32_t>(static_cast<int32_t>(id) - offset[from])]]};
      for (; mask != 0; mask &= mask - 1) {
        const int d = __builtin_ctz(mask);
        const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + offset[d]);
        const double ng = gId + kDirCost[d];
        const double gn = g[n];
        if (ng >= gn) continue;
        g[n] = ng;
        parent[n] = static_cast<uint8_t>(d);
        if constexpr (Traced) stamp[n] = openStamp;
        // A cell already queued in the bucket of its new distance is only updated: each bucket holds a
        // cell at most once. (gn > ng: when ng is in `after`, so is a finite gn.)
        const bool late = ng >= afterFrom;
        if (gn != kUnreached && (late || gn < afterFrom)) continue;
        *(late ? after + afterSize : next + nextSize) = n;
        afterSize += late;
        nextSize += !late;
      }
    }
    uint32_t* const emptied = settling;
    settling = next;
    settlingSize = nextSize;
    next = after;
    nextSize = afterSize;
    after = emptied;
    afterSize = 0;
  }
  return expanded;
}

uint64_t DijkstraSearch::runTree(const Grid& grid, const Rect& area, Point source, double scale, uint16_t unreachable,
                                 std::span<uint16_t> distances, std::span<uint8_t> directions, const uint8_t* stay) {
  if (grid.weighted() || trace_ || !area.contains(source) || !grid.passable(source)) {
    const uint64_t expanded = run(grid, area, source, {}, stay);
    writeTree(scale, unreachable, distances, directions);
    return expanded;
  }
  area_ = area;
  stay_ = stay;
  expansionOrder_.clear();
  std::fill(distances.begin(), distances.end(), unreachable);  // the cells never settled
  std::fill(directions.begin(), directions.end(), uint8_t{0xFF});
  const TreeOut tree{scale, distances.data(), directions.data()};
  return settleWholeArea<false, true>(grid, source, &tree);
}

double DijkstraSearch::distance(Point p) const {
  if (!area_.contains(p)) return kUnreached;
  const uint32_t id = localId(p);
  return space_.closed(id) ? space_.g()[id] : kUnreached;
}

bool DijkstraSearch::appendPath(Point p, std::vector<Point>& out) const {
  if (distance(p) == kUnreached) return false;
  BestFirstSearch::appendPath(space_, area_, localId(p), out);
  return true;
}

void DijkstraSearch::writeTree(double scale, uint16_t unreachable, std::span<uint16_t> distances,
                               std::span<uint8_t> directions) const {
  const uint32_t closed = space_.closedStamp();
  const uint32_t* stamp = space_.stamps();
  const double* g = space_.g();
  const uint8_t* parent = space_.parents();
  for (size_t id = 0; id < distances.size(); ++id) {
    if (stamp[id] != closed) {
      distances[id] = unreachable;
      directions[id] = 0xFF;
      continue;
    }
    distances[id] = static_cast<uint16_t>(g[id] * scale + 0.5);  // g >= 0: rounds like lround
    directions[id] = parent[id] == 0xFF ? 0xFF : static_cast<uint8_t>(oppositeDir(parent[id]));
  }
}

int DijkstraSearch::arrivalDir(Point p) const {
  if (distance(p) == kUnreached) return -1;
  const uint8_t d = space_.parents()[localId(p)];
  return d == 0xFF ? -1 : d;
}

}  // namespace hpastar
