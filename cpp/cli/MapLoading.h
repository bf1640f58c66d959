#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/CommandLine.h"
#include "grid/Grid.h"
#include "io/MovingAIScenario.h"

namespace hpastar::cli {

// A file the tool could not use; main() prints the message (which names file and line) and exits 1.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Grid loadMapFile(const std::string& path);
// --costs S=3,T=1.5 (multipliers per terrain character, TerrainCosts::parse) and --cost-layer FILE
// (width*height bytes, row-major: each cell's multiplier in sixteenths, 1..255), the command table's
// flags of the commands that take terrain costs.
// Applies them to `grid`; UsageError or InputError (naming the file) when they are bad.
void applyTerrainCostOptions(const CommandLine& cmd, Grid& grid);
std::vector<Scenario> loadScenarioFile(const std::string& path);
// "dir/x.map.scen" -> "dir/x.map"; the map the tool uses when --map is not given.
std::string mapPathBesideScenario(const std::string& scenPath);

}  // namespace hpastar::cli
