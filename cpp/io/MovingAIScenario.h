#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grid/Grid.h"
#include "io/ParseError.h"

namespace hpastar {

// One problem of a Moving AI .scen (version 1) file.
struct Scenario {
  int bucket = 0;
  std::string mapName;  // as written in the file, possibly with a directory part
  int mapWidth = 0;
  int mapHeight = 0;
  Point start;
  Point goal;
  double optimalLength = 0;
  int line = 0;  // line in the file, for messages
};

// Reads a .scen text: "version 1" then lines of 9 tab-separated fields. Blank lines are skipped.
// Rejects, naming the line: a missing or unknown version, a wrong field count, a non-numeric field,
// negative coordinates or lengths.
std::optional<std::vector<Scenario>> parseMovingAIScenarios(std::string_view text, std::string_view fileName,
                                                            ParseError& error);

// Checks scenarios against the map they will run on: the map's base name (directory ignored), its
// size, and start and goal inside the map and passable. `mapFileName` may be empty to skip the name check.
bool checkScenariosAgainstMap(const std::vector<Scenario>& scenarios, const Grid& grid, std::string_view scenFileName,
                              std::string_view mapFileName, ParseError& error);

// The last path component ("maps/dao/arena.map" -> "arena.map"), for either slash.
std::string_view baseName(std::string_view path);

}  // namespace hpastar
