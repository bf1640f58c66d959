#pragma once
// The cells of the n answers of a batch (paths, abstract paths, segments), written by several threads
// into buffers of their own and then joined in query order into one flat array with offsets: the form
// that crosses into JavaScript (one Int32Array, one Uint32Array), whatever the number of threads.
// `Cell` is a grid's Point or a block world's Voxel: the joining does not look inside a cell.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid/Point.h"

namespace hpastar {

template <typename Cell>
class CellRunsOf {
 public:
  // Forgets everything; n answers, all empty until recorded.
  void reset(size_t n) {
    length_.assign(n, 0);
    source_.assign(n, 0);
    start_.assign(n, 0);
    offsets_.clear();
    cells_.clear();
  }

  // Answer i is `count` cells at `from`, appended to `mine`, the buffer of thread `thread`. Each answer is
  // recorded by one thread at most; different threads may record different answers at once.
  void record(size_t i, uint32_t thread, std::vector<Cell>& mine, const Cell* from, size_t count) {
    source_[i] = thread;
    start_[i] = static_cast<uint32_t>(mine.size());
    length_[i] = static_cast<uint32_t>(count);
    mine.insert(mine.end(), from, from + count);
  }

  // Joins the answers in query order; threadCells[t] is the buffer of thread t.
  void merge(const std::vector<const std::vector<Cell>*>& threadCells) {
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
      const std::vector<Cell>& from = *threadCells[source_[i]];
      std::copy_n(from.begin() + start_[i], length_[i], cells_.begin() + offsets_[i]);
    }
  }

  // After merge(): answer i is cells()[offsets()[i] .. offsets()[i + 1] - 1] (n + 1 offsets).
  const std::vector<uint32_t>& offsets() const { return offsets_; }
  const std::vector<Cell>& cells() const { return cells_; }
  size_t count() const { return length_.size(); }

  // Large batches would otherwise keep their peak memory for the rest of the owner's life.
  void trim() {
    if (cells_.capacity() > (1u << 20)) std::vector<Cell>().swap(cells_);
  }

 private:
  std::vector<uint32_t> length_;  // cells of answer i (0 when nothing was recorded)
  std::vector<uint32_t> source_;  // the thread whose buffer holds them
  std::vector<uint32_t> start_;   // where they start there
  std::vector<uint32_t> offsets_;
  std::vector<Cell> cells_;
};

// The runs of a grid's answers.
using CellRuns = CellRunsOf<Point>;

}  // namespace hpastar
