#include <gtest/gtest.h>

#include <cstdint>

#include "grid/Grid.h"
#include "hpa/ClusterLayout.h"

namespace hpastar {
namespace {

// clusterOf divides by multiplying with a fixed-point inverse: it must agree with the division for every
// coordinate a map can have (0 to Grid::kMaxSide), for every side a cluster of any level can take.
TEST(ClusterLayout, ClusterOfAgreesWithDivisionOnEveryCoordinateOfTheLargestMap) {
  std::vector<int32_t> sides;
  for (int32_t side = 1; side <= 1100; ++side) sides.push_back(side);
  for (int64_t side = 1100; side <= (int64_t{1} << 30); side = side * 3 / 2 + 1)
    sides.push_back(static_cast<int32_t>(side));
  for (const int32_t side : sides) {
    const ClusterLayout layout(side, Grid::kMaxSide, Grid::kMaxSide);
    for (int32_t x = 0; x <= Grid::kMaxSide; ++x) {
      if (layout.quotient(x) != x / side) FAIL() << "side " << side << ", coordinate " << x;
    }
    EXPECT_EQ(layout.clusterOf(Point{Grid::kMaxSide - 1, Grid::kMaxSide - 1}), layout.count() - 1) << "side " << side;
  }
}

}  // namespace
}  // namespace hpastar
