#include "search/DijkstraSearch.h"

#include "search/BestFirstSearch.h"

namespace hpastar {

uint64_t DijkstraSearch::run(const Grid& grid, const Rect& area, Point source, std::span<const Point> stopAt) {
  area_ = area;
  if (!area.contains(source) || !grid.passable(source)) {
    space_.begin(static_cast<uint32_t>(area.area()));  // everything unreached
    return 0;
  }
  if (stopAt.empty()) {
    const uint64_t expanded = BestFirstSearch::run<false>(space_, grid, area, source, source);
    if (trace_) trace_->recordCells(space_, area);
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
  const uint64_t expanded = BestFirstSearch::run<false>(space_, grid, area, source, source, targets_.data(), count);
  for (Point p : stopAt) targets_[localId(p)] = 0;
  if (trace_) trace_->recordCells(space_, area);
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

int DijkstraSearch::arrivalDir(Point p) const {
  if (distance(p) == kUnreached) return -1;
  const uint8_t d = space_.parents()[localId(p)];
  return d == 0xFF ? -1 : d;
}

}  // namespace hpastar
