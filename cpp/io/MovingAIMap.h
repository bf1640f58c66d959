#pragma once
#include <optional>
#include <string_view>

#include "grid/Grid.h"
#include "io/ParseError.h"

namespace hpastar {

// Reads a Moving AI .map text:
//   type octile / height H / width W / map / H rows of exactly W terrain characters.
// `fileName` is only used in error messages. On failure returns nothing and fills `error` with the
// line and the problem. Blank lines after the last row are accepted (some files end with them).
std::optional<Grid> parseMovingAIMap(std::string_view text, std::string_view fileName, ParseError& error);

// At most the bytes parseMovingAIMap allocates for a text of `textBytes` bytes (the text itself not
// counted): the terrain it reads and the grid it makes from it. A cell is one character of the text, so
// the cells are at most its bytes (and Grid::kMaxCells: larger headers are refused before reading).
uint64_t parseMovingAIMapMemory(size_t textBytes);

// Writes a grid in the same format (round-trips with parseMovingAIMap).
std::string formatMovingAIMap(const Grid& grid);

}  // namespace hpastar
