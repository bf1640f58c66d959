#pragma once
// The cells of the n answers of a batch (paths, abstract paths, segments), written by several threads
// into buffers of their own and then joined in query order into one flat array with offsets: the form
// that crosses into JavaScript (one Int32Array, one Uint32Array), whatever the number of threads.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid/Point.h"

namespace hpastar {

class CellRuns {
 public:
  // Forgets everything; n answers, all empty until recorded.
  void reset(size_t n);

  // Answer i is `count` cells at `from`, appended to `mine`, the buffer of thread `thread`. Each answer is
  // recorded by one thread at most; different threads may record different answers at once.
  void record(size_t i, uint32_t thread, std::vector<Point>& mine, const Point* from, size_t count);

  // Joins the answers in query order; threadCells[t] is the buffer of thread t.
  void merge(const std::vector<const std::vector<Point>*>& threadCells);

  // After merge(): answer i is cells()[offsets()[i] .. offsets()[i + 1] - 1] (n + 1 offsets).
  const std::vector<uint32_t>& offsets() const { return offsets_; }
  const std::vector<Point>& cells() const { return cells_; }
  size_t count() const { return length_.size(); }

  // Large batches would otherwise keep their peak memory for the rest of the owner's life.
  void trim();

 private:
  std::vector<uint32_t> length_;  // cells of answer i (0 when nothing was recorded)
  std::vector<uint32_t> source_;  // the thread whose buffer holds them
  std::vector<uint32_t> start_;   // where they start there
  std::vector<uint32_t> offsets_;
  std::vector<Point> cells_;
};

}  // namespace hpastar
