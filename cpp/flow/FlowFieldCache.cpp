#include "flow/FlowFieldCache.h"

namespace hpastar {

template <typename Domain>
auto BasicFlowFieldCache<Domain>::get(const Planner& h, Cell goal, std::span<const Cell> starts, std::string& error,
                                      FlowFieldStats* stats) -> const Field* {
  error.clear();
  if (std::string bad = BasicFlowFieldBuilder<Domain>::checkGoal(h, goal); !bad.empty()) {
    error = std::move(bad);
    return nullptr;
  }
  if (std::string bad = BasicFlowFieldBuilder<Domain>::checkStarts(h, starts); !bad.empty()) {
    error = std::move(bad);
    return nullptr;
  }
  ++clock_;
  for (Entry& e : entries_) {
    if (!(e.field.goal() == goal)) continue;
    e.lastUse = clock_;
    // A whole-component field answers every request; a corridors-only one is widened when asked for more.
    const bool widen = e.field.corridorsOnly();
    if (widen) {
      error = builder_.extend(h, e.field, starts, stats);
    } else if (e.field.version() != Domain::version(h)) {
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

template <typename Domain>
size_t BasicFlowFieldCache<Domain>::bytes() const {
  size_t total = 0;
  for (const Entry& e : entries_) total += e.field.bytes();
  return total;
}

template class BasicFlowFieldCache<GridFlowDomain>;
template class BasicFlowFieldCache<WorldFlowDomain>;

}  // namespace hpastar
