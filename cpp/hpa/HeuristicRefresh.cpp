#include "hpa/HeuristicRefresh.h"

#include "hpa/Hierarchy.h"

namespace hpastar {

HeuristicRefresh::HeuristicRefresh(const Hierarchy& base)
    : version_(base.version()), landmarks_(base, base.levels(), base.options().landmarks) {
  if (base.options().distanceTable) distances_.emplace(base, base.levels());
  stepsTotal_ = landmarks_.stepsLeft() + (distances_ ? distances_->stepsLeft() : 0);
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
