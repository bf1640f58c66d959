#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "flow/FlowField.h"
#include "flow/FlowFieldBuilder.h"

namespace hpastar {

// The flow fields of the last few goals asked for on one hierarchy (and its edited versions), each
// brought up to date when asked for again: a field built on an older version is refreshed cluster by
// cluster (BasicFlowFieldBuilder::refresh), so a terrain change costs the clusters it touched and those
// whose seeds it changed, on the next use, not a rebuild. Owns its builder: one cache per thread. For a
// grid's hierarchy (FlowFieldCache) and a block world's (WorldFlowFieldCache).
template <typename Domain>
class BasicFlowFieldCache {
 public:
  using Planner = typename Domain::Planner;
  using Cell = typename Domain::Cell;
  using Field = BasicFlowField<Domain>;

  explicit BasicFlowFieldCache(size_t capacity = 4) : capacity_(capacity < 1 ? 1 : capacity) {}

  // The field of `goal` on `h`: over the whole component when `starts` is empty, else at least over the
  // corridors of `starts` (a cached field is widened to them). Least recently used fields are evicted (their
  // memory reused) beyond the capacity. Null with `error` set for a bad goal or start. The field stays
  // valid until the next get() or clear().
  const Field* get(const Planner& h, Cell goal, std::span<const Cell> starts, std::string& error,
                   FlowFieldStats* stats = nullptr);

  void clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  size_t capacity() const { return capacity_; }
  size_t bytes() const;

 private:
  struct Entry {
    Field field;
    uint64_t lastUse = 0;
  };
  BasicFlowFieldBuilder<Domain> builder_;
  std::vector<Entry> entries_;
  size_t capacity_;
  uint64_t clock_ = 0;
};

using FlowFieldCache = BasicFlowFieldCache<GridFlowDomain>;
using WorldFlowFieldCache = BasicFlowFieldCache<WorldFlowDomain>;
extern template class BasicFlowFieldCache<GridFlowDomain>;
extern template class BasicFlowFieldCache<WorldFlowDomain>;

}  // namespace hpastar
