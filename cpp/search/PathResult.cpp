#include "search/PathResult.h"

namespace hpastar {

const char* pathStatusName(PathStatus status) {
  switch (status) {
    case PathStatus::Found:
      return "found";
    case PathStatus::NoPath:
      return "no path";
    case PathStatus::StartInvalid:
      return "start is outside the map or blocked";
    case PathStatus::GoalInvalid:
      return "goal is outside the map or blocked";
  }
  return "unknown";
}

}  // namespace hpastar
