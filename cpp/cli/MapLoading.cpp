#include "cli/MapLoading.h"

#include <span>

#include "io/FileLimits.h"
#include "io/MovingAIMap.h"
#include "io/TextFile.h"

namespace hpastar::cli {
namespace {

// Reads the text file `path` (at most `maxBytes`, a `what` in messages) and parses it with
// parse(text, path, ParseError&); a failure to read or to parse throws InputError with the message.
template <class Parse>
auto loadParsedFile(const std::string& path, size_t maxBytes, const char* what, Parse&& parse) {
  std::string text, error;
  if (!readTextFile(path, maxBytes, what, text, error)) throw InputError(error);
  ParseError parseError;
  auto parsed = parse(text, path, parseError);
  if (!parsed) throw InputError(parseError.toString());
  return std::move(*parsed);
}

}  // namespace

Grid loadMapFile(const std::string& path) { return loadParsedFile(path, kMaxMapFileBytes, "map", parseMovingAIMap); }

void applyTerrainCostOptions(const CommandLine& cmd, Grid& grid) {
  if (const auto costs = cmd.get("costs")) {
    std::string error;
    const auto parsed = TerrainCosts::parse(*costs, error);
    if (!parsed) throw UsageError("--costs: " + error);
    if (error = grid.setTerrainCosts(*parsed); !error.empty()) throw UsageError("--costs: " + error);
  }
  if (const auto path = cmd.get("cost-layer")) {
    std::string bytes, error;
    const size_t cells = static_cast<size_t>(grid.cellCount());
    if (!readTextFile(*path, cells, "cost layer", bytes, error)) throw InputError(error);
    const std::span<const uint8_t> layer(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    if (error = grid.setCostLayer(layer); !error.empty()) throw InputError(*path + ": " + error);
  }
}

std::vector<Scenario> loadScenarioFile(const std::string& path) {
  return loadParsedFile(path, kMaxScenarioFileBytes, "scenario", parseMovingAIScenarios);
}

std::string mapPathBesideScenario(const std::string& scenPath) {
  const std::string suffix = ".scen";
  if (scenPath.size() > suffix.size() && scenPath.compare(scenPath.size() - suffix.size(), suffix.size(), suffix) == 0)
    return scenPath.substr(0, scenPath.size() - suffix.size());
  throw InputError(scenPath + ": cannot find its map (name does not end in .scen); pass --map FILE.map");
}

}  // namespace hpastar::cli
