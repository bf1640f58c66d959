// The project's entry in the competition's dynamic track: its C interface (the kit's gppc/Entry.h, found
// through the include path CMakeLists.txt gives) over GppcPlanner. The runner starts from the map,
// overwrites rectangles of it with patches between queries (gppc_map_change), and may take a path in
// pieces (incomplete = 1).
#include <memory>
#include <string>
#include <vector>

#include "Entry.h"
#include "gppc/GppcPlanner.h"

namespace {

using hpastar::CellEdit;
using hpastar::Point;
using hpastar::gppc::GppcPlanner;

// What gppc_search_init hands the runner: the planner, the runner's live map (patches are applied to it
// before gppc_map_change is called) and the buffers every call reuses.
struct DynamicEntry {
  gppc_patch map;
  std::unique_ptr<GppcPlanner> planner;
  std::vector<CellEdit> edits;
  std::vector<gppc_point> points;
};

bool mapCell(const gppc_patch& map, int32_t x, int32_t y) {
  const int32_t i = y * map.width + x;
  return ((map.bitarray[i >> 3] >> (i & 7)) & 1) != 0;
}

std::string entryName() {
  return std::string("hpastar-") + hpastar::gppc::algoName(hpastar::gppc::algoFromEnvironment());
}

}  // namespace

extern "C" {

// Nothing is precomputed into a file: the hierarchy is built in gppc_search_init, from the same map.
void gppc_preprocess_init_map(gppc_patch, const char*) {}

void* gppc_search_init(gppc_patch active_map, const char*) {
  auto entry = std::make_unique<DynamicEntry>();
  entry->map = active_map;
  std::vector<uint8_t> passable(static_cast<size_t>(active_map.width) * active_map.height);
  for (int32_t y = 0; y < active_map.height; ++y)
    for (int32_t x = 0; x < active_map.width; ++x)
      passable[static_cast<size_t>(y) * active_map.width + x] = mapCell(active_map, x, y) ? 1 : 0;
  entry->planner = std::make_unique<GppcPlanner>(active_map.width, active_map.height, passable,
                                                 hpastar::gppc::algoFromEnvironment());
  return entry.release();
}

// The cells under the patches, as the live map holds them now: where patches of one step overlap, the
// map already has the last one's cells, so the order of the edits does not matter.
void gppc_map_change(void* data, const gppc_patch* changes, uint32_t changes_length) {
  DynamicEntry& entry = *static_cast<DynamicEntry*>(data);
  entry.edits.clear();
  for (uint32_t p = 0; p < changes_length; ++p) {
    const gppc_patch& patch = changes[p];
    for (int32_t y = patch.pos.y; y < patch.pos.y + patch.height; ++y)
      for (int32_t x = patch.pos.x; x < patch.pos.x + patch.width; ++x)
        entry.edits.push_back(CellEdit{Point{x, y}, mapCell(entry.map, x, y) ? '.' : '@'});
  }
  entry.planner->applyChange(entry.edits);
}

gppc_path gppc_get_path(void* data, gppc_point start, gppc_point goal) {
  DynamicEntry& entry = *static_cast<DynamicEntry*>(data);
  bool incomplete = false;
  const auto piece = entry.planner->answer(Point{start.x, start.y}, Point{goal.x, goal.y}, incomplete);
  entry.points.clear();
  for (Point p : piece) entry.points.push_back(gppc_point{static_cast<uint16_t>(p.x), static_cast<uint16_t>(p.y)});
  return gppc_path{entry.points.data(), static_cast<uint32_t>(entry.points.size()), static_cast<uint8_t>(incomplete)};
}

void gppc_free_data(void* data) {
  DynamicEntry* entry = static_cast<DynamicEntry*>(data);
  entry->planner->writeStatsFile();
  delete entry;
}

const char* gppc_get_name() {
  static const std::string name = entryName();
  return name.c_str();
}

}  // extern "C"
