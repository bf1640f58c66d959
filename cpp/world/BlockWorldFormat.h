#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "io/ParseError.h"
#include "world/BlockWorld.h"

namespace hpastar {

// The text format of a block world, the Moving AI .map format with levels:
//
//   type octile
//   height H          (height, width and levels in any order)
//   width W
//   levels D
//   map
//   level 0           (then H rows of exactly W block characters: the bottom level)
//   ....
//   level 1           (the level above, and so on up to level D - 1)
//   ....
//
// Block characters (Blocks.h): '.' air, '#' solid, 'H' ladder, and stairs by the direction they rise
// towards: '^' north (up the page), '>' east, 'v' south, '<' west. Rows run from y = 0 (top) down, as
// in a .map file. Lines may end in "\r\n"; blank lines after the last row are accepted.

// The largest file the reader takes: one byte per block, at most "\r\n" per row (a row has at least
// one block), a "level N" line per level and 64 KiB of header and trailing blank lines.
inline constexpr size_t kMaxWorldFileBytes = 3 * static_cast<size_t>(BlockWorld::kMaxCells) +
                                             16 * static_cast<size_t>(BlockWorld::kMaxLevels) + (size_t{64} << 10);

// Reads a block world. `fileName` only names the file in errors: on failure returns nothing and fills
// `error` with the line and the problem ("w.world:9: level 0 row 2 has 3 characters, header says width 4").
std::optional<BlockWorld> parseBlockWorld(std::string_view text, std::string_view fileName, ParseError& error);

// Reads a file of at most kMaxWorldFileBytes and parses it; nothing and `error` ("<path>: ...") on failure.
std::optional<BlockWorld> loadBlockWorldFile(const std::string& path, std::string& error);

// Writes a world in the format above (round-trips with parseBlockWorld).
std::string formatBlockWorld(const BlockWorld& world);

}  // namespace hpastar
