#include "batch/PathBatch.h"

namespace hpastar {

void PathBatchResults::reset(size_t n) {
  status.assign(n, static_cast<uint8_t>(PathStatus::NoPath));
  cost.assign(n, std::numeric_limits<double>::infinity());
  expanded.assign(n, 0);
  paths.reset(n);
}

void PathBatchResults::merge(const std::vector<PathBatchScratch*>& threads) {
  std::vector<const std::vector<Point>*> cells;
  cells.reserve(threads.size());
  for (const PathBatchScratch* t : threads) cells.push_back(&t->cells);
  paths.merge(cells);
}

}  // namespace hpastar
