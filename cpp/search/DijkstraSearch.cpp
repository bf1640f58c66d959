#include "search/DijkstraSearch.h"

#include <array>

#include "search/BestFirstSearch.h"

namespace hpastar {

namespace {

// kCoveredByParent[d][m]: the moves of a cell reached by direction d, from a parent whose legal moves
// are m, that cannot lower a distance: the move back to the parent, and every move to a cell the parent
// reaches by a legal move of its own. The parent, settled first, gave that cell a distance of at most
// g(parent) + c(parent, cell), strictly below g(cell) + c(cell, it) = g(parent) + c(parent, cell') +
// c(cell', it) (the octile steps' triangle inequality, strict for neighbours of both, by 0.58 or more:
// no rounding turns it). So skipping them changes nothing, and spares about half the moves.
constexpr auto kCoveredByParent = [] {
  std::array<std::array<uint8_t, 256>, kDirCount> table{};
  for (int d = 0; d < kDirCount; ++d)
    for (int m = 0; m < 256; ++m) {
      uint8_t covered = static_cast<uint8_t>(1u << oppositeDir(d));
      for (int e = 0; e < kDirCount; ++e) {
        const int f = dirOfStep(kDirDx[d] + kDirDx[e], kDirDy[d] + kDirDy[e]);  // parent -> the cell's neighbour
        if (f >= 0 && (m & (1 << f)) != 0) covered = static_cast<uint8_t>(covered | (1u << e));
      }
      table[static_cast<size_t>(d)][static_cast<size_t>(m)] = covered;
    }
  return table;
}();

}  // namespace

uint64_t DijkstraSearch::run(const Grid& grid, const Rect& area, Point source, std::span<const Point> stopAt) {
  area_ = area;
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
                                                                     &expansionOrder_)
                                 : settleWholeArea<true, false>(grid, source);
      trace_->recordCells(space_, area, expansionOrder_);
    } else {
      expanded = grid.weighted() ? BestFirstSearch::run<false>(space_, grid, area, source, source)
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
                                                 &expansionOrder_)
             : BestFirstSearch::run<false>(space_, grid, area, source, source, targets_.data(), count);
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
  // - the moves its parent covered are not tried (kCoveredByParent).
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
  grid.areaMoveMasks(area_, masks);
  int32_t offset[kDirCount];
  for (int d = 0; d < kDirCount; ++d) offset[d] = kDirDy[d] * aw + kDirDx[d];
  for (auto& bucket : buckets_) bucket.clear();
  const uint32_t startId = static_cast<uint32_t>((source.y - area_.y0) * aw + (source.x - area_.x0));
  g[startId] = 0;
  parent[startId] = kNoMove;
  buckets_[0].push_back(startId);
  size_t queued = 1;
  uint64_t expanded = 0;
  for (size_t k = 0; queued > 0; ++k) {
    std::vector<uint32_t>& bucket = buckets_[k % 3];
    while (!bucket.empty()) {
      const uint32_t id = bucket.back();
      bucket.pop_back();
      --queued;
      if (stamp[id] == closedStamp) continue;
      stamp[id] = closedStamp;
      ++expanded;
      if constexpr (Traced) expansionOrder_.push_back(id);
      const double gId = g[id];
      if constexpr (WriteTree) {
        tree->distances[id] = static_cast<uint16_t>(gId * tree->scale + 0.5);  // as writeTree rounds
        tree->directions[id] = parent[id] == kNoMove ? 0xFF : static_cast<uint8_t>(oppositeDir(parent[id]));
      }
      uint32_t mask = masks[id];
      if (const uint8_t from = parent[id]; from != kNoMove)
        mask &=
            ~uint32_t{kCoveredByParent[from][masks[static_cast<uint32_t>(static_cast<int32_t>(id) - offset[from])]]};
      for (; mask != 0; mask &= mask - 1) {
        const int d = __builtin_ctz(mask);
        const uint32_t n = static_cast<uint32_t>(static_cast<int32_t>(id) + offset[d]);
        const double ng = gId + kDirCost[d];
        const double gn = g[n];
        if (ng >= gn) continue;
        // A cell already queued in the bucket of its new distance is only updated: each bucket holds a
        // cell at most once.
        const bool queuedThere = gn != kUnreached && static_cast<size_t>(gn) == static_cast<size_t>(ng);
        g[n] = ng;
        parent[n] = static_cast<uint8_t>(d);
        if constexpr (Traced) stamp[n] = openStamp;
        if (queuedThere) continue;
        buckets_[static_cast<size_t>(ng) % 3].push_back(n);
        ++queued;
      }
    }
  }
  return expanded;
}

uint64_t DijkstraSearch::runTree(const Grid& grid, const Rect& area, Point source, double scale, uint16_t unreachable,
                                 std::span<uint16_t> distances, std::span<uint8_t> directions) {
  if (grid.weighted() || trace_ || !area.contains(source) || !grid.passable(source)) {
    const uint64_t expanded = run(grid, area, source);
    writeTree(scale, unreachable, distances, directions);
    return expanded;
  }
  area_ = area;
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
