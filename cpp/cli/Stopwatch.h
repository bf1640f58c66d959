#pragma once
#include <time.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace hpastar::cli {

// Wall-clock time of the tool's measurements, in microseconds.
using Clock = std::chrono::steady_clock;
inline double microsSince(Clock::time_point t) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}

// The CPU time the calling thread has run, in microseconds. What a single-threaded measurement of one
// query reads on a shared machine: wall time there also counts the time slices other processes take
// while the query waits, whole milliseconds that land on random queries (on 2 cores at a load of 10, a
// query's wall time was several times its CPU time).
inline double threadCpuMicros() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

// What one threadCpuMicros() interval counts of the clock itself: the median gap between two readings
// taken back to back. The thread's CPU clock is a system call (about 1.2 µs in this project's VMs),
// more than a tenth of a short query, so per-query times subtract it; else the faster planner is
// charged the most for the clock.
inline double threadCpuClockCost() {
  std::vector<double> gaps(201);
  for (double& gap : gaps) {
    const double t0 = threadCpuMicros();
    gap = threadCpuMicros() - t0;
  }
  std::nth_element(gaps.begin(), gaps.begin() + 100, gaps.end());
  return gaps[100];
}

}  // namespace hpastar::cli
