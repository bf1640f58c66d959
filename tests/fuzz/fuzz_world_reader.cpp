// libFuzzer target: the block world reader. Any text either is refused with a message, or gives a world
// whose moves are those of a fresh build from its blocks and that writes back to text the reader reads
// as the same world.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "FuzzChecks.h"
#include "world/BlockWorldFormat.h"

using namespace hpastar;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ParseError error;
  const std::optional<BlockWorld> world = parseBlockWorld(text, "fuzz.world", error);
  if (!world) {
    FUZZ_REQUIRE(!error.message.empty(), "refused without a message");
    FUZZ_REQUIRE(error.line >= 0, "negative line " + std::to_string(error.line));
    return 0;
  }
  FUZZ_REQUIRE(world->blocks().size() == static_cast<size_t>(world->cellCount()), "block count");
  // Every move leads to a standing cell inside the world and has its reverse.
  for (int32_t i = 0; i < world->cellCount(); ++i) {
    const Voxel v = world->voxelOf(i);
    for (uint32_t mask = world->moveMask(i); mask; mask &= mask - 1) {
      const int m = __builtin_ctz(mask);
      const Voxel to{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
      FUZZ_REQUIRE(world->standing(v) && world->standing(to), "a move between cells that are not standing");
      FUZZ_REQUIRE(world->canMove(to, reverseWorldMove(m)), "a move without its reverse");
    }
  }
  const std::string written = formatBlockWorld(*world);
  ParseError again;
  const std::optional<BlockWorld> reread = parseBlockWorld(written, "written.world", again);
  FUZZ_REQUIRE(reread.has_value(), "the written world is refused: " + again.toString());
  FUZZ_REQUIRE(reread->width() == world->width() && reread->height() == world->height() &&
                   reread->levels() == world->levels() && reread->blocks() == world->blocks(),
               "the written world reads back as another world");
  return 0;
}
