#include "io/MovingAIMap.h"

#include <algorithm>
#include <string>
#include <vector>

#include "grid/AllocationSize.h"
#include "io/TextLines.h"

namespace hpastar {

std::optional<Grid> parseMovingAIMap(std::string_view text, std::string_view fileName, ParseError& error) {
  const auto fail = parseFailure<Grid>(error, fileName);

  TextLines lines(text);
  std::string_view line;
  if (!lines.next(line)) return fail(1, "empty file, expected \"type octile\"");
  if (std::string problem = octileTypeProblem(line, "map"); !problem.empty()) return fail(lines.number(), problem);
  int width = -1, height = -1;
  // height and width, in either order, then "map".
  for (;;) {
    if (!lines.next(line)) return fail(lines.number() + 1, "unexpected end of file, expected \"map\"");
    const auto [key, value] = splitHeaderLine(line);
    if (key == "map" && value.empty()) break;
    int* target = key == "height" ? &height : key == "width" ? &width : nullptr;
    if (!target) return fail(lines.number(), "expected \"height\", \"width\" or \"map\", found " + quoted(line));
    if (*target != -1) return fail(lines.number(), "\"" + std::string(key) + "\" given twice");
    int v = 0;
    if (!parseInt(value, v)) return fail(lines.number(), std::string(key) + " " + quoted(value) + " is not a number");
    if (v < 1 || v > Grid::kMaxSide)
      return fail(lines.number(),
                  std::string(key) + " " + std::to_string(v) + " is outside 1.." + std::to_string(Grid::kMaxSide));
    *target = v;
  }
  if (height == -1) return fail(lines.number(), "\"map\" before \"height\"");
  if (width == -1) return fail(lines.number(), "\"map\" before \"width\"");
  // Both sides are in range, but not every pair is: checked before the rows are read or reserved.
  if (const std::string size = Grid::checkSize(width, height); !size.empty()) return fail(lines.number(), size);

  std::vector<uint8_t> terrain;
  terrain.reserve(static_cast<size_t>(width) * height);
  for (int row = 0; row < height; ++row) {
    if (!lines.next(line))
      return fail(lines.number() + 1,
                  "map has " + std::to_string(row) + " rows, header says height " + std::to_string(height));
    if (static_cast<int>(line.size()) != width)
      return fail(lines.number(), "row " + std::to_string(row) + " has " + std::to_string(line.size()) +
                                      " characters, header says width " + std::to_string(width));
    for (int x = 0; x < width; ++x) {
      const char c = line[x];
      if (!isTerrainChar(c)) {
        const std::string shown =
            (c >= 32 && c < 127) ? std::string("'") + c + "'" : "byte " + std::to_string(static_cast<unsigned char>(c));
        return fail(lines.number(), "unknown terrain character " + shown + " at column " + std::to_string(x + 1) +
                                        " (cell " + std::to_string(x) + ", " + std::to_string(row) + ")");
      }
      terrain.push_back(static_cast<uint8_t>(c));
    }
  }
  while (lines.next(line))
    if (!isBlank(line)) return fail(lines.number(), "more rows than the header's height " + std::to_string(height));

  std::string gridError;
  auto grid = Grid::fromTerrain(width, height, terrain, gridError);
  if (!grid) return fail(0, gridError);
  return grid;
}

uint64_t parseMovingAIMapMemory(size_t textBytes) {
  const uint64_t cells = std::min<uint64_t>(textBytes, static_cast<uint64_t>(Grid::kMaxCells));
  // The terrain vector, then the grid's three vectors (Grid::bytesFor): four allocations.
  return cells + Grid::bytesFor(static_cast<int64_t>(cells), 1) + 4 * kAllocationOverhead;
}

std::string formatMovingAIMap(const Grid& grid) {
  std::string out =
      "type octile\nheight " + std::to_string(grid.height()) + "\nwidth " + std::to_string(grid.width()) + "\nmap\n";
  out.reserve(out.size() + static_cast<size_t>(grid.width() + 1) * grid.height());
  for (int32_t y = 0; y < grid.height(); ++y) {
    for (int32_t x = 0; x < grid.width(); ++x) out += grid.terrainAt(x, y);
    out += '\n';
  }
  return out;
}

}  // namespace hpastar
