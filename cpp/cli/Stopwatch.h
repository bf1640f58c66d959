#pragma once
#include <chrono>

namespace hpastar::cli {

// Wall-clock time of the tool's measurements, in microseconds.
using Clock = std::chrono::steady_clock;
inline double microsSince(Clock::time_point t) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}

}  // namespace hpastar::cli
