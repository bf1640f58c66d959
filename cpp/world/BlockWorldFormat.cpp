#include "world/BlockWorldFormat.h"

#include <vector>

#include "io/TextFile.h"
#include "io/TextLines.h"

namespace hpastar {
namespace {

std::string shownChar(char c) {
  return (c >= 32 && c < 127) ? std::string("'") + c + "'" : "byte " + std::to_string(static_cast<unsigned char>(c));
}

}  // namespace

std::optional<BlockWorld> parseBlockWorld(std::string_view text, std::string_view fileName, ParseError& error) {
  const auto fail = parseFailure<BlockWorld>(error, fileName);

  TextLines lines(text);
  std::string_view line;
  if (!lines.next(line)) return fail(1, "empty file, expected \"type octile\"");
  if (std::string problem = octileTypeProblem(line, "world"); !problem.empty()) return fail(lines.number(), problem);
  int64_t width = -1, height = -1, levels = -1;
  for (;;) {
    if (!lines.next(line)) return fail(lines.number() + 1, "unexpected end of file, expected \"map\"");
    const auto [key, value] = splitHeaderLine(line);
    if (key == "map" && value.empty()) break;
    int64_t* target = key == "height" ? &height : key == "width" ? &width : key == "levels" ? &levels : nullptr;
    if (!target)
      return fail(lines.number(), "expected \"height\", \"width\", \"levels\" or \"map\", found " + quoted(line));
    if (*target != -1) return fail(lines.number(), "\"" + std::string(key) + "\" given twice");
    int64_t v = 0;
    if (!parseInt(value, v)) return fail(lines.number(), std::string(key) + " " + quoted(value) + " is not a number");
    const int64_t max = target == &levels ? BlockWorld::kMaxLevels : BlockWorld::kMaxSide;
    if (v < 1 || v > max)
      return fail(lines.number(), std::string(key) + " " + std::to_string(v) + " is outside 1.." + std::to_string(max));
    *target = v;
  }
  if (height == -1) return fail(lines.number(), "\"map\" before \"height\"");
  if (width == -1) return fail(lines.number(), "\"map\" before \"width\"");
  if (levels == -1) return fail(lines.number(), "\"map\" before \"levels\"");
  if (const std::string size = BlockWorld::checkSize(width, height, levels); !size.empty())
    return fail(lines.number(), size);

  std::vector<Block> blocks;
  blocks.reserve(static_cast<size_t>(width * height * levels));
  for (int64_t z = 0; z < levels; ++z) {
    const std::string levelLine = "level " + std::to_string(z);
    if (!lines.next(line))
      return fail(lines.number() + 1, "unexpected end of file, expected " + quoted(levelLine) + " (header says " +
                                          std::to_string(levels) + " levels)");
    if (trim(line) != levelLine) {
      if (z > 0 && line.size() == static_cast<size_t>(width) && !isBlank(line))
        return fail(lines.number(), "level " + std::to_string(z - 1) + " has more rows than the header's height " +
                                        std::to_string(height));
      return fail(lines.number(), "expected " + quoted(levelLine) + ", found " + quoted(line));
    }
    for (int64_t y = 0; y < height; ++y) {
      const bool ended = !lines.next(line);
      if (ended || splitHeaderLine(line).key == "level")
        return fail(lines.number() + (ended ? 1 : 0), "level " + std::to_string(z) + " has " + std::to_string(y) +
                                                          " rows, header says height " + std::to_string(height));
      if (static_cast<int64_t>(line.size()) != width)
        return fail(lines.number(), "level " + std::to_string(z) + " row " + std::to_string(y) + " has " +
                                        std::to_string(line.size()) + " characters, header says width " +
                                        std::to_string(width));
      for (int64_t x = 0; x < width; ++x) {
        const std::optional<Block> b = blockOfChar(line[x]);
        if (!b)
          return fail(lines.number(), "unknown block character " + shownChar(line[x]) + " at column " +
                                          std::to_string(x + 1) + " (block " + std::to_string(x) + ", " +
                                          std::to_string(y) + ", " + std::to_string(z) + ")");
        blocks.push_back(*b);
      }
    }
  }
  while (lines.next(line))
    if (!isBlank(line))
      return fail(lines.number(), "more rows than the header's " + std::to_string(levels) + " levels of height " +
                                      std::to_string(height));

  std::string worldError;
  auto world = BlockWorld::fromBlocks(static_cast<int32_t>(width), static_cast<int32_t>(height),
                                      static_cast<int32_t>(levels), blocks, worldError);
  if (!world) return fail(0, worldError);
  return world;
}

std::optional<BlockWorld> loadBlockWorldFile(const std::string& path, std::string& error) {
  std::string text;
  if (!readTextFile(path, kMaxWorldFileBytes, "block world", text, error)) return std::nullopt;
  ParseError parseError;
  auto world = parseBlockWorld(text, path, parseError);
  if (!world) error = parseError.toString();
  return world;
}

std::string formatBlockWorld(const BlockWorld& world) {
  std::string out = "type octile\nheight " + std::to_string(world.height()) + "\nwidth " +
                    std::to_string(world.width()) + "\nlevels " + std::to_string(world.levels()) + "\nmap\n";
  out.reserve(out.size() + static_cast<size_t>(world.width() + 1) * world.height() * world.levels() +
              16 * static_cast<size_t>(world.levels()));
  for (int32_t z = 0; z < world.levels(); ++z) {
    out += "level " + std::to_string(z) + "\n";
    for (int32_t y = 0; y < world.height(); ++y) {
      for (int32_t x = 0; x < world.width(); ++x) out += charOfBlock(world.blockAt(x, y, z));
      out += '\n';
    }
  }
  return out;
}

}  // namespace hpastar
