// libFuzzer target: deserializeHierarchy on bytes the fuzzer writes. The input is one byte choosing a
// format version (kOldestHierarchyFormatVersion..kHierarchyFormatVersion), then the rest of the bytes:
// for the flat formats (2 to 6) the payload, to which the harness adds the header (magic, version,
// length) and the checksum; for the sectioned ones (7 on) the container after its magic and version
// (section count, table, sections), whose checksums the harness forges. Checksums are trivially forged:
// this way the fuzzer reaches the loader's structural checks instead of stopping at them.
//
// Whatever loads must behave as a built hierarchy: its grid's invariants hold, HPA* answers every query
// with a legal path exactly when a shortest path exists, and terrain edits are accepted and leave it so.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "FuzzChecks.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"

using namespace hpastar;

namespace {

void appendLittleEndian(std::vector<uint8_t>& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

// Random passable-or-not cell pairs: HPA* and A* against the reference, and the component lookup.
void checkQueries(const Hierarchy& hierarchy, std::minstd_rand& rng, int pairs) {
  const Grid& grid = hierarchy.grid();
  HpaStarQuery query(hierarchy);
  AStarSearch astar;
  PathResult result;
  for (int i = 0; i < pairs; ++i) {
    const Point start{static_cast<int32_t>(rng() % grid.width()), static_cast<int32_t>(rng() % grid.height())};
    const Point goal{static_cast<int32_t>(rng() % grid.width()), static_cast<int32_t>(rng() % grid.height())};
    const std::vector<double> distances = fuzz::referenceDistances(grid, start);
    const double distance = distances[static_cast<size_t>(grid.index(goal))];
    result.reset();
    query.findPath(start, goal, result);
    fuzz::checkAnswer("loaded HPA*", grid, start, goal, result, distance, false);
    result.reset();
    astar.findPath(grid, start, goal, result);
    fuzz::checkAnswer("A* on the loaded grid", grid, start, goal, result, distance, true);
    if (grid.passable(start) && grid.passable(goal))
      FUZZ_REQUIRE(hierarchy.connected(start, goal) == std::isfinite(distance),
                   "connected" + fuzz::str(start) + fuzz::str(goal));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint32_t versions = kHierarchyFormatVersion - kOldestHierarchyFormatVersion + 1;
  const uint32_t version = kOldestHierarchyFormatVersion + data[0] % versions;
  const std::span<const uint8_t> payload(data + 1, size - 1);

  std::vector<uint8_t> bytes = {'H', 'P', 'A', 'S', 'T', 'A', 'R', '\0'};
  appendLittleEndian(bytes, version, 4);
  if (version >= kFirstSectionedHierarchyFormatVersion) {
    bytes.insert(bytes.end(), payload.begin(), payload.end());
    fuzz::forgeSectionChecksums(bytes);
  } else {
    appendLittleEndian(bytes, payload.size(), 8);
    bytes.insert(bytes.end(), payload.begin(), payload.end());
    appendLittleEndian(bytes, hierarchyChecksum(payload, version), 8);
  }

  std::string error;
  std::optional<Hierarchy> loaded = deserializeHierarchy(bytes, error);
  if (!loaded) {
    FUZZ_REQUIRE(!error.empty(), "refused without a message");
    return 0;
  }
  Hierarchy& hierarchy = *loaded;
  const Grid& grid = hierarchy.grid();
  fuzz::checkGridInvariants(grid);
  // Reference searches are over the whole grid: fewer of them on the larger grids a payload may hold.
  const int pairs = grid.cellCount() <= 4096 ? 8 : 2;
  std::minstd_rand rng(static_cast<uint32_t>(size));
  checkQueries(hierarchy, rng, pairs);

  // A few edits, each a checked success, then the same checks on the rebuilt parts.
  static constexpr char kTerrain[] = ".@T.S";
  for (int i = 0; i < 3; ++i) {
    const CellEdit edit{{static_cast<int32_t>(rng() % grid.width()), static_cast<int32_t>(rng() % grid.height())},
                        kTerrain[rng() % 5]};
    const std::string problem = hierarchy.applyEdits(std::span(&edit, 1));
    FUZZ_REQUIRE(problem.empty(), "edit refused: " + problem);
  }
  fuzz::checkGridInvariants(grid);
  checkQueries(hierarchy, rng, pairs);
  return 0;
}
