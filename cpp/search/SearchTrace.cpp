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

std::vector<SmoothingReplacement> smoothingReplacements(const std::vector<Point>& refined,
                                                        const std::vector<Point>& smoothed) {
  std::vector<SmoothingReplacement> out;
  size_t i = 0, j = 0;  // refined[i] == smoothed[j]: a cell both paths share
  while (i + 1 < refined.size() && j + 1 < smoothed.size()) {
    if (refined[i + 1] == smoothed[j + 1]) {
      ++i, ++j;
      continue;
    }
    // A line leaves the refined path at i: it rejoins at the first later cell of the refined path.
    SmoothingReplacement r;
    r.from = static_cast<uint32_t>(i);
    r.line.push_back(smoothed[j]);
    size_t rejoin = refined.size();
    while (rejoin == refined.size() && ++j < smoothed.size()) {
      r.line.push_back(smoothed[j]);
      for (size_t k = i + 1; k < refined.size(); ++k)
        if (refined[k] == smoothed[j]) {
          rejoin = k;
          break;
        }
    }
    if (rejoin == refined.size()) break;  // not a smoothing of `refined`: nothing more to say
    r.to = static_cast<uint32_t>(rejoin);
    out.push_back(std::move(r));
    i = rejoin;
  }
  return out;
}

uint64_t SearchTrace::closedCount(SearchPhase phase) const {
  uint64_t n = 0;
  for (const TracedSearch& s : searches_)
    if (s.phase == phase) n += s.closed.size();
  return n;
}

}  // namespace hpastar
