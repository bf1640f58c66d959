#include "flow/FlowFieldCache.h"

namespace hpastar {

const FlowField* FlowFieldCache::get(const Hierarchy& h, Point goal, std::span<const Point> starts, std::string& error,
                                     FlowFieldStats* stats) {
  error.clear();
  if (std::string bad = FlowFieldBuilder::checkGoal(h.grid(), goal); !bad.empty()) {
    error = std::move(bad);
    return nullptr;
  }
  if (std::string bad = FlowFieldBuilder::checkStarts(h.grid(), starts); !bad.empty()) {
    error = std::move(bad);
    return nullptr;
  }
  ++clock_;
  for (Entry& e : entries_) {
    if (e.field.goal() != goal) continue;
    e.lastUse = clock_;
    // A whole-component field answers every request; a corridors-only one is widened when asked for more.
    const bool widen = e.field.corridorsOnly();
    if (widen) {
      error = builder_.extend(h, e.field, starts, stats);
    } else if (e.field.version() != h.version()) {
      error = builder_.refresh(h, e.field, stats);
    }
    return error.empty() ? &e.field : nullptr;
  }
  Entry* slot = nullptr;
  if (entries_.size() < capacity_) {
    slot = &entries_.emplace_back();
  } else {
    slot = &entries_[0];
    for (Entry& e : entries_)
      if (e.lastUse < slot->lastUse) slot = &e;
  }
  slot->lastUse = clock_;
  error = builder_.build(h, goal, slot->field, starts, stats);
  return error.empty() ? &slot->field : nullptr;
}

size_t FlowFieldCache::bytes() const {
  size_t total = 0;
  for (const Entry& e : entries_) total += e.field.bytes();
  return total;
}

}  // namespace hpastar
