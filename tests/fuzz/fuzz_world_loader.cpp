// libFuzzer target: deserializeWorldHierarchy on containers the fuzzer writes. The harness puts each
// section's checksum right in the table before loading (a checksum is trivially forged), so that the
// fuzzer reaches the loader's structural checks instead of stopping at the checksums.
//
// Whatever loads must behave as a built hierarchy: every query answers with a legal path exactly when
// A* finds one, never cheaper than A*'s, and block changes are accepted and leave it so.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "FuzzChecks.h"
#include "io/SectionedFormat.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

using namespace hpastar;

namespace {

void checkQueries(const WorldHierarchy& h, SeededRandom& random, int pairs) {
  const BlockWorld& w = h.world();
  WorldHpaQuery query(h);
  WorldAStar astar;
  WorldPath p, best;
  for (int q = 0; q < pairs; ++q) {
    const Voxel s = w.voxelOf(random.below(w.cellCount())), t = w.voxelOf(random.below(w.cellCount()));
    query.findPath(s, t, p);
    astar.findPath(w, s, t, best);
    FUZZ_REQUIRE(p.found() == best.found(), "HPA* and A* disagree on " + voxelText(s) + " -> " + voxelText(t));
    if (w.standing(s) && w.standing(t))
      FUZZ_REQUIRE(h.connected(s, t) == best.found(), "connected " + voxelText(s) + " -> " + voxelText(t));
    if (!p.found()) continue;
    const PathCheck check = validateWorldPath(w, s, t, p.cells, p.cost);
    FUZZ_REQUIRE(check.valid, voxelText(s) + " -> " + voxelText(t) + ": " + check.problem);
    FUZZ_REQUIRE(p.cost >= best.cost - 1e-6, "cheaper than A*: " + voxelText(s) + " -> " + voxelText(t));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  fuzz::forgeSectionChecksums(bytes);
  std::string error;
  std::optional<WorldHierarchy> h = deserializeWorldHierarchy(bytes, error);
  if (!h) {
    FUZZ_REQUIRE(!error.empty(), "refused without a reason");
    return 0;
  }
  // Written again (without the sections it skipped), it loads and writes the same bytes.
  const std::vector<uint8_t> written = serializeWorldHierarchy(*h);
  std::optional<WorldHierarchy> again = deserializeWorldHierarchy(written, error);
  FUZZ_REQUIRE(again.has_value(), "a loaded hierarchy written again is refused: " + error);
  FUZZ_REQUIRE(serializeWorldHierarchy(*again) == written, "a loaded hierarchy writes other bytes");
  if (h->world().cellCount() > 4096) return 0;  // loaded without harm; the queries would be slow
  SeededRandom random(size);
  checkQueries(*h, random, 20);
  for (int k = 0; k < 3; ++k) {
    const BlockWorld& w = h->world();
    const BlockChange c{w.voxelOf(random.below(w.cellCount())), static_cast<Block>(random.below(kBlockKindCount))};
    FUZZ_REQUIRE(h->applyBlockChanges({&c, 1}).empty(), "a change refused");
  }
  checkQueries(*h, random, 10);
  return 0;
}
