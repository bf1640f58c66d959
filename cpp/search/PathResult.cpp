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

Status pathStatusCode(PathStatus status) {
  switch (status) {
    case PathStatus::Found:
      return statusOf(StatusKind::Ok);
    case PathStatus::NoPath:
      return statusOf(StatusKind::NoPath, kStatusUnreachable);
    case PathStatus::StartInvalid:
      return statusOf(StatusKind::NoPath, kStatusStart | kStatusInvalidCell);
    case PathStatus::GoalInvalid:
      return statusOf(StatusKind::NoPath, kStatusGoal | kStatusInvalidCell);
  }
  return statusOf(StatusKind::NoPath);
}

}  // namespace hpastar
