#include "search/DijkstraSearch.h"

#include "search/BestFirstSearch.h"
#include "search/GridAreaGraph.h"

namespace hpastar {

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
                                 : settleAreaByBuckets<true>(grid, source);
      trace_->recordCells(space_, area, expansionOrder_);
    } else {
      expanded = grid.weighted() ? BestFirstSearch::run<false>(space_, grid, area, source, source)
                                 : settleAreaByBuckets<false>(grid, source);
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

template <bool RecordOrder>
uint64_t DijkstraSearch::settleAreaByBuckets(const Grid& grid, Point source) {
  const GridAreaGraph<false> graph(grid, area_, source);
  space_.begin(graph.nodeCount());
  uint32_t* stamp = space_.stamps();
  double* g = space_.g();
  uint8_t* parent = space_.parents();
  const uint32_t openStamp = space_.openStamp(), closedStamp = space_.closedStamp();
  for (auto& bucket : buckets_) bucket.clear();
  const uint32_t startId = graph.idOf(source);
  stamp[startId] = openStamp;
  g[startId] = 0;
  parent[startId] = kNoMove;
  buckets_[0].push_back(startId);
  size_t queued = 1;
  uint64_t expanded = 0;
  // Bucket k holds distances in [k, k + 1): a cell settled from it reaches others at k + 1 or more, so
  // no cell of bucket k can lower another's distance, and each is final when popped (a stale entry, left
  // by an improvement that moved the cell to an earlier bucket, finds it closed).
  for (size_t k = 0; queued > 0; ++k) {
    std::vector<uint32_t>& bucket = buckets_[k % 3];
    while (!bucket.empty()) {
      const uint32_t id = bucket.back();
      bucket.pop_back();
      --queued;
      if (stamp[id] == closedStamp) continue;
      stamp[id] = closedStamp;
      ++expanded;
      if constexpr (RecordOrder) expansionOrder_.push_back(id);
      const double gId = g[id];
      graph.forEachMove(id, [&](uint32_t n, double cost, uint8_t move, const auto&) {
        const double ng = gId + cost;
        const uint32_t s = stamp[n];
        if (s == closedStamp || (s == openStamp && ng >= g[n])) return;
        // A cell already queued in the bucket of its new distance is only updated: each bucket holds a
        // cell at most once.
        const bool queuedThere = s == openStamp && static_cast<size_t>(g[n]) == static_cast<size_t>(ng);
        stamp[n] = openStamp;
        g[n] = ng;
        parent[n] = move;
        if (queuedThere) return;
        buckets_[static_cast<size_t>(ng) % 3].push_back(n);
        ++queued;
      });
    }
  }
  return expanded;
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
