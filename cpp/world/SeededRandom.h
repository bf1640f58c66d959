#pragma once
#include <cstdint>

namespace hpastar {

// SplitMix64: a small generator whose sequence is fixed by its seed on every platform (the standard
// library's distributions are not), for generated worlds and random queries that a seed reproduces.
class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in 0..n-1 (n >= 1; the modulo bias is far below anything a world or a query list shows).
  int32_t below(int32_t n) { return static_cast<int32_t>(next() % static_cast<uint64_t>(n)); }
  bool chance(int32_t percent) { return below(100) < percent; }

 private:
  uint64_t state_;
};

}  // namespace hpastar
