#include "search/SearchTrace.h"

#include "contract/EnumNames.h"

namespace hpastar {

namespace {
constexpr std::array<const char*, 4> kSearchPhaseNames = {"insertion", "abstract", "refinement", "astar"};
static_assert(kSearchPhaseNames.size() == static_cast<size_t>(SearchPhase::AStar) + 1);
}  // namespace

const char* searchPhaseName(SearchPhase phase) { return enumName(phase, kSearchPhaseNames, "astar"); }

void SearchTrace::recordCells(const SearchSpace& space, const Rect& area, std::span<const uint32_t> order) {
  const int32_t aw = area.width();
  auto cellOf = [&](uint32_t id) {
    const int32_t ly = static_cast<int32_t>(id) / aw;
    return Point{static_cast<int32_t>(id) - ly * aw + area.x0, ly + area.y0};
  };
  TracedSearch& s = recordExpansions(0, order, cellOf);
  const uint32_t count = static_cast<uint32_t>(area.area());
  for (uint32_t id = 0; id < count; ++id)
    if (space.seen(id) && !space.closed(id)) s.open.push_back(cellOf(id));
}

}  // namespace hpastar
