#include "hpa/HeuristicRefresh.h"

#include "hpa/Hierarchy.h"

namespace hpastar {

HeuristicRefresh::HeuristicRefresh(const Hierarchy& base)
    : version_(base.version()),
      graph_(std::make_unique<HierarchyLevelDistances>(base, base.levels())),
      landmarks_(*graph_, base.options().landmarks) {
  if (base.options().distanceTable) distances_.emplace(*graph_);
  stepsTotal_ = landmarks_.stepsLeft() + (distances_ ? distances_->stepsLeft() : 0);
}

uint64_t HeuristicRefresh::bytesFor(const Hierarchy& h) {
  const HierarchyOptions& o = h.options();
  const uint64_t nodes = h.nodeCount() + 2;
  uint64_t top = 0;
  for (uint32_t n = 0; n < h.nodeCount(); ++n) top += h.nodeLevel(n) >= h.levels() ? 1 : 0;
  // Per node of one search: stamp, distance, parent, heap slot, heuristic and a heap entry (AbstractSearch).
  constexpr uint64_t kSearchPerNode = 4 + 8 + 4 + 4 + 8 + 16;
  uint64_t bytes = 4096;
  if (o.landmarks > 0) {
    const uint64_t stride = (static_cast<uint64_t>(o.landmarks) + 3) & ~uint64_t{3};
    bytes += 4 * nodes * stride + (4 + 8 + kSearchPerNode) * nodes;  // table, candidates, nearest, search
  }
  if (o.distanceTable && top <= NodeDistanceTable::kMaxNodes)
    bytes += 4 * top * top + 4 * nodes + 4 * top + kSearchPerNode * nodes;  // table, slots, members, search
  return bytes;
}

bool HeuristicRefresh::step(std::chrono::microseconds budget) {
  // A budget of a year or more means no limit (microseconds::max() added to now() would overflow).
  using Clock = std::chrono::steady_clock;
  const auto end = budget >= std::chrono::hours(24 * 365) ? Clock::time_point::max() : Clock::now() + budget;
  do {
    if (!landmarks_.done())
      landmarks_.step();
    else if (distances_ && !distances_->done())
      distances_->step();
    else
      return true;
    ++stepsDone_;
  } while (std::chrono::steady_clock::now() < end);
  return done();
}

bool HeuristicRefresh::installInto(Hierarchy& h) {
  if (!done()) return false;
  return h.installHeuristics(landmarks_.take(), distances_ ? distances_->take() : NodeDistanceTable{}, version_);
}

}  // namespace hpastar
