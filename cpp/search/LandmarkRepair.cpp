#include "search/LandmarkRepair.h"

namespace hpastar {

void LandmarkRepair::reset(const LandmarkTable& table) {
  reached_.assign(table.rows(), 0);
  // Allocated by the first repair (grow), not by every build.
  std::vector<uint32_t>().swap(dropped_);
  std::vector<uint32_t>().swap(checked_);
  for (uint32_t n = 0; n < table.rows(); ++n)
    for (int32_t k = 0; k < table.count(); ++k)
      if (table.distances(n)[k] > 0 || table.landmarks()[static_cast<size_t>(k)] == n) reached_[n] |= 1u << k;
}

void LandmarkRepair::forget(LandmarkTable& table, uint32_t node) {
  reached_[node] = 0;
  for (int32_t k = 0; k < table.count(); ++k) at(table, node, k) = 0.0f;
  // The id is another node's now: left as the landmark, a saved copy would read the new node's 0 as the
  // landmark's own distance (reset) and keep a bound its neighbours' values break (fuzz_world_sequence).
  for (uint32_t& landmark : table.landmarks_)
    if (landmark == node) landmark = LandmarkTable::kRemovedLandmark;
}

void LandmarkRepair::grow(LandmarkTable& table, uint32_t idSpace) {
  if (dropped_.size() < idSpace) dropped_.resize(idSpace, 0);
  if (checked_.size() < idSpace) checked_.resize(idSpace, 0);
  if (idSpace <= table.rows_) return;
  table.rows_ = idSpace;
  table.table_.resize(static_cast<size_t>(idSpace) * static_cast<size_t>(table.stride_), 0.0f);
  reached_.resize(idSpace, 0);
}

}  // namespace hpastar
