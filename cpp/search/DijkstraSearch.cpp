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
