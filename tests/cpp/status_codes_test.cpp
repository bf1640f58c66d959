// The status codes (contract/Status.h): a kind and detail bits that survive the round trip, and the code
// each path status maps to. The TypeScript package chooses its Error classes by these codes
// (tests/web/status-codes.test.ts), so a kind or bit that moved would change what users catch.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "contract/Status.h"
#include "search/PathResult.h"

namespace hpastar {
namespace {

TEST(StatusCodes, KindAndDetailsRoundTrip) {
  for (uint8_t k = 0; k < kStatusKindCount; ++k) {
    const auto kind = static_cast<StatusKind>(k);
    for (uint32_t details : {0u, 1u, kStatusGoal | kStatusInvalidCell, kStatusDetailMask}) {
      const Status code = statusOf(kind, details);
      EXPECT_EQ(statusKind(code), kind);
      EXPECT_EQ(statusDetails(code), details);
      EXPECT_EQ(statusFailed(code), kind != StatusKind::Ok);
    }
  }
}

TEST(StatusCodes, OkIsZeroAndEveryKindHasItsOwnName) {
  EXPECT_EQ(statusOf(StatusKind::Ok), 0u);
  std::set<std::string> names;
  for (uint8_t k = 0; k < kStatusKindCount; ++k) names.insert(statusKindName(static_cast<StatusKind>(k)));
  EXPECT_EQ(names.size(), kStatusKindCount);
  EXPECT_EQ(names.count("unknown"), 0u);
}

TEST(StatusCodes, DetailsOutsideTheMaskDoNotChangeTheKind) {
  const Status code = statusOf(StatusKind::OutOfRange, ~0u);
  EXPECT_EQ(statusKind(code), StatusKind::OutOfRange);
  EXPECT_EQ(statusDetails(code), kStatusDetailMask);
}

TEST(StatusCodes, TheKindsKeepTheirValues) {
  // The values cross to JavaScript and are compared there: they are part of the package's API.
  EXPECT_EQ(static_cast<int>(StatusKind::BadArgument), 1);
  EXPECT_EQ(static_cast<int>(StatusKind::OutOfRange), 2);
  EXPECT_EQ(static_cast<int>(StatusKind::OutOfMemory), 3);
  EXPECT_EQ(static_cast<int>(StatusKind::NoPath), 4);
  EXPECT_EQ(static_cast<int>(StatusKind::BadBytes), 5);
  EXPECT_EQ(static_cast<int>(StatusKind::NotReady), 6);
  EXPECT_EQ(static_cast<int>(StatusKind::Unsupported), 7);
  EXPECT_EQ(static_cast<int>(StatusKind::Refused), 8);
  EXPECT_EQ(kStatusKindShift, 24u);
}

TEST(StatusCodes, PathStatusesMapToTheirKindEndpointAndReason) {
  EXPECT_EQ(pathStatusCode(PathStatus::Found), statusOf(StatusKind::Ok));
  EXPECT_EQ(pathStatusCode(PathStatus::NoPath), statusOf(StatusKind::NoPath, kStatusUnreachable));
  EXPECT_EQ(pathStatusCode(PathStatus::StartInvalid), statusOf(StatusKind::NoPath, kStatusStart | kStatusInvalidCell));
  EXPECT_EQ(pathStatusCode(PathStatus::GoalInvalid), statusOf(StatusKind::NoPath, kStatusGoal | kStatusInvalidCell));
}

TEST(StatusCodes, EveryPathStatusHasItsOwnCode) {
  std::set<Status> codes;
  for (uint8_t s = 0; s < kPathStatusCount; ++s) codes.insert(pathStatusCode(static_cast<PathStatus>(s)));
  EXPECT_EQ(codes.size(), kPathStatusCount);
}

}  // namespace
}  // namespace hpastar
