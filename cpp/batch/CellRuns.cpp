#include "batch/CellRuns.h"

#include <algorithm>

namespace hpastar {

void CellRuns::reset(size_t n) {
  length_.assign(n, 0);
  source_.assign(n, 0);
  start_.assign(n, 0);
  offsets_.clear();
  cells_.clear();
}

void CellRuns::record(size_t i, uint32_t thread, std::vector<Point>& mine, const Point* from, size_t count) {
  source_[i] = thread;
  start_[i] = static_cast<uint32_t>(mine.size());
  length_[i] = static_cast<uint32_t>(count);
  mine.insert(mine.end(), from, from + count);
}

void CellRuns::merge(const std::vector<const std::vector<Point>*>& threadCells) {
  const size_t n = length_.size();
  offsets_.resize(n + 1);
  uint64_t total = 0;
  for (size_t i = 0; i < n; ++i) {
    offsets_[i] = static_cast<uint32_t>(total);
    total += length_[i];
  }
  offsets_[n] = static_cast<uint32_t>(total);
  cells_.resize(total);
  for (size_t i = 0; i < n; ++i) {
    if (length_[i] == 0) continue;
    const std::vector<Point>& from = *threadCells[source_[i]];
    std::copy_n(from.begin() + start_[i], length_[i], cells_.begin() + offsets_[i]);
  }
}

void CellRuns::trim() {
  if (cells_.capacity() > (1u << 20)) std::vector<Point>().swap(cells_);
}

}  // namespace hpastar
