#pragma once
// Shared by the block world tests: drawing small worlds by hand, level by level.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "world/BlockWorld.h"
#include "world/BlockWorldFormat.h"
#include "world/SeededRandom.h"
#include "world/WorldHierarchy.h"

namespace hpastar::test {

// levels[z][y] is row y of level z (level 0 first), in the characters of BlockWorldFormat.h.
inline BlockWorld drawWorld(const std::vector<std::vector<std::string>>& levels) {
  std::string text = "type octile\nheight " + std::to_string(levels.front().size()) + "\nwidth " +
                     std::to_string(levels.front().front().size()) + "\nlevels " + std::to_string(levels.size()) +
                     "\nmap\n";
  for (size_t z = 0; z < levels.size(); ++z) {
    text += "level " + std::to_string(z) + "\n";
    for (const std::string& row : levels[z]) text += row + "\n";
  }
  ParseError error;
  auto world = parseBlockWorld(text, "drawn", error);
  if (!world) throw std::runtime_error(error.toString());
  return std::move(*world);
}

// A world hierarchy the test needs built (a refused option set fails the test with the reason).
inline WorldHierarchy buildHierarchy(const BlockWorld& world, const WorldHierarchyOptions& options) {
  std::string error;
  std::optional<WorldHierarchy> h = WorldHierarchy::build(world, options, error);
  if (!h) throw std::runtime_error(error);
  return std::move(*h);
}

// Boxes of side x side columns and `tall` levels, `levels` abstraction levels.
inline WorldHierarchyOptions boxesOf(int32_t side, int32_t tall, int32_t levels) {
  WorldHierarchyOptions options;
  options.clusterSide = side;
  options.clusterLevels = tall;
  options.levels = levels;
  return options;
}

// A random change anywhere in the world: mostly digs (a solid block to air) and builds (air to a solid
// block), sometimes a ladder or a stair.
inline BlockChange randomBlockChange(const BlockWorld& w, SeededRandom& random) {
  const Voxel at{random.below(w.width()), random.below(w.height()), random.below(w.levels())};
  const Block now = w.blockAt(at);
  const int32_t pick = random.below(10);
  Block block = now == Block::Air ? Block::Solid : Block::Air;
  if (pick == 8) block = Block::Ladder;
  if (pick == 9) block = stairFacing(2 * random.below(4));
  return BlockChange{at, block};
}

}  // namespace hpastar::test
