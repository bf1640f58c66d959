#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "io/MovingAIScenario.h"

namespace hpastar::cli {

// A file the tool could not use; main() prints the message (which names file and line) and exits 1.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Grid loadMapFile(const std::string& path);
std::vector<Scenario> loadScenarioFile(const std::string& path);
// "dir/x.map.scen" -> "dir/x.map"; the map the tool uses when --map is not given.
std::string mapPathBesideScenario(const std::string& scenPath);

}  // namespace hpastar::cli
