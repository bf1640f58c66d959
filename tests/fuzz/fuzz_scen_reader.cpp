// libFuzzer target: the Moving AI .scen reader, and the check of its scenarios against a map. The first
// input byte picks a small map (sizes and blocked cells from the next bytes), the rest is the .scen
// text. Refusals must say why; accepted scenarios must hold what the reader promises, and the map check
// must agree with a direct reading of the map.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzChecks.h"
#include "io/MovingAIScenario.h"

using namespace hpastar;

namespace {

// A width x height grid, blocked where the pattern's bits say (its bits repeat over the cells).
Grid patternGrid(int32_t width, int32_t height, uint8_t pattern) {
  Grid grid(width, height);
  for (int32_t i = 0; i < width * height; ++i)
    if ((pattern >> (i % 8)) & 1u) grid.setTerrain(i % width, i / width, '@');
  return grid;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const int32_t width = 1 + data[0] % 64, height = 1 + data[1] % 64;
  const uint8_t pattern = data[2];
  const std::string_view text(reinterpret_cast<const char*>(data + 3), size - 3);
  ParseError error;
  const auto scenarios = parseMovingAIScenarios(text, "fuzz.scen", error);
  if (!scenarios) {
    FUZZ_REQUIRE(!error.message.empty(), "refused without a message");
    return 0;
  }
  for (const Scenario& s : *scenarios) {
    const std::string where = "scenario of line " + std::to_string(s.line) + ": ";
    FUZZ_REQUIRE(s.line >= 2, where + "line number");
    FUZZ_REQUIRE(s.start.x >= 0 && s.start.y >= 0 && s.goal.x >= 0 && s.goal.y >= 0, where + "negative cell");
    FUZZ_REQUIRE(s.mapWidth >= 0 && s.mapHeight >= 0, where + "negative map size");
    FUZZ_REQUIRE(s.optimalLength >= 0 && std::isfinite(s.optimalLength),
                 where + "length " + std::to_string(s.optimalLength));
  }
  const Grid grid = patternGrid(width, height, pattern);
  // The map check without the name check: every scenario must be of the map's size, and its start and
  // goal inside and passable.
  bool fits = true;
  for (const Scenario& s : *scenarios)
    fits = fits && s.mapWidth == width && s.mapHeight == height && grid.passable(s.start) && grid.passable(s.goal);
  ParseError mismatch;
  const bool accepted = checkScenariosAgainstMap(*scenarios, grid, "fuzz.scen", "", mismatch);
  FUZZ_REQUIRE(accepted == fits, std::string(accepted ? "accepted" : "refused") + " against a " +
                                     std::to_string(width) + "x" + std::to_string(height) +
                                     " map: " + mismatch.toString());
  FUZZ_REQUIRE(accepted || !mismatch.message.empty(), "refused without a message");
  return 0;
}
