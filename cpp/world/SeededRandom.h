#pragma once
#include <cstdint>

#include "grid/CellPicking.h"

namespace hpastar {

// The world generator's and the world tools' random numbers: CellRandom's SplitMix64 sequence, fixed by
// its seed on every platform (the standard library's distributions are not), drawn as a generated world
// and its random queries have always drawn them (below() by modulo, so a seed keeps giving the same world).
class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : bits_(seed) {}
  uint64_t next() { return bits_.next(); }
  // Uniform in 0..n-1 (n >= 1; the modulo bias is far below anything a world or a query list shows).
  int32_t below(int32_t n) { return static_cast<int32_t>(next() % static_cast<uint64_t>(n)); }
  bool chance(int32_t percent) { return below(100) < percent; }

 private:
  CellRandom bits_;
};

}  // namespace hpastar
