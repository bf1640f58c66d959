#pragma once
#include <cstdint>

#include "grid/Point.h"

namespace hpastar {

// A half-open rectangle of cells [x0, x1) × [y0, y1). Bounded searches stay inside one.
struct Rect {
  int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  constexpr int32_t width() const { return x1 - x0; }
  constexpr int32_t height() const { return y1 - y0; }
  constexpr int64_t area() const { return static_cast<int64_t>(width()) * height(); }
  constexpr bool contains(Point p) const { return p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1; }
  constexpr bool contains(int32_t x, int32_t y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
  friend bool operator==(const Rect&, const Rect&) = default;
};

}  // namespace hpastar
