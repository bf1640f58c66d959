#include "search/SearchTrace.h"

namespace hpastar {

const char* searchPhaseName(SearchPhase phase) {
  switch (phase) {
    case SearchPhase::Insertion:
      return "insertion";
    case SearchPhase::Abstract:
      return "abstract";
    case SearchPhase::Refinement:
      return "refinement";
    case SearchPhase::AStar:
      return "astar";
  }
  return "astar";
}

void SearchTrace::recordCells(const SearchSpace& space, const Rect& area) {
  TracedSearch& s = next(0);
  const int32_t aw = area.width();
  const uint32_t count = static_cast<uint32_t>(area.area());
  for (uint32_t id = 0; id < count; ++id) {
    if (!space.seen(id)) continue;
    const int32_t ly = static_cast<int32_t>(id) / aw;
    const Point cell{static_cast<int32_t>(id) - ly * aw + area.x0, ly + area.y0};
    (space.closed(id) ? s.closed : s.open).push_back(cell);
  }
}

uint64_t SearchTrace::closedCount(SearchPhase phase) const {
  uint64_t n = 0;
  for (const TracedSearch& s : searches_)
    if (s.phase == phase) n += s.closed.size();
  return n;
}

}  // namespace hpastar
