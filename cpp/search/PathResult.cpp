#include "search/PathResult.h"

#include "contract/EnumNames.h"

namespace hpastar {

namespace {
constexpr std::array<const char*, 4> kPathStatusNames = {"found", "no path", "start is outside the map or blocked",
                                                         "goal is outside the map or blocked"};
static_assert(kPathStatusNames.size() == static_cast<size_t>(PathStatus::GoalInvalid) + 1);
}  // namespace

const char* pathStatusName(PathStatus status) { return enumName(status, kPathStatusNames); }

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
