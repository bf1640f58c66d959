#pragma once
#include <cstdint>

namespace hpastar {

// A cell position. x is the column (0 = left), y the row (0 = top): the Moving AI convention.
struct Point {
  int32_t x = 0;
  int32_t y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

}  // namespace hpastar
