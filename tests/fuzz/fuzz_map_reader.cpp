// libFuzzer target: the Moving AI .map reader. Any text either is refused with a message, or gives a
// grid whose invariants hold (FuzzChecks.h) and that writes back to text the reader reads as the same grid.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzChecks.h"
#include "io/MovingAIMap.h"

using namespace hpastar;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ParseError error;
  const std::optional<Grid> grid = parseMovingAIMap(text, "fuzz.map", error);
  if (!grid) {
    FUZZ_REQUIRE(!error.message.empty(), "refused without a message");
    FUZZ_REQUIRE(error.line >= 0, "negative line " + std::to_string(error.line));
    return 0;
  }
  fuzz::checkGridInvariants(*grid);
  const std::string written = formatMovingAIMap(*grid);
  ParseError again;
  const std::optional<Grid> reread = parseMovingAIMap(written, "written.map", again);
  FUZZ_REQUIRE(reread.has_value(), "the written map is refused: " + again.toString());
  FUZZ_REQUIRE(
      reread->width() == grid->width() && reread->height() == grid->height() && reread->terrain() == grid->terrain(),
      "the written map reads back as another grid");
  return 0;
}
