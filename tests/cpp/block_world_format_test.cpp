#include <gtest/gtest.h>

#include "BlockWorlds.h"
#include "world/BlockWorldFormat.h"
#include "world/WorldGenerator.h"

namespace hpastar {
namespace {

const char* kTwoLevels =
    "type octile\n"
    "height 2\n"
    "width 3\n"
    "levels 2\n"
    "map\n"
    "level 0\n"
    ".>#\n"
    "H.#\n"
    "level 1\n"
    "..^\n"
    "Hv<\n";

std::string errorOf(const std::string& text) {
  ParseError error;
  const auto world = parseBlockWorld(text, "w.world", error);
  EXPECT_FALSE(world) << "accepted:\n" << text;
  return error.toString();
}

// kTwoLevels with the first occurrence of `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = kTwoLevels;
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(BlockWorldFormat, ReadsEveryBlockKindAtItsPlace) {
  ParseError error;
  const auto w = parseBlockWorld(kTwoLevels, "w.world", error);
  ASSERT_TRUE(w) << error.toString();
  EXPECT_EQ(w->width(), 3);
  EXPECT_EQ(w->height(), 2);
  EXPECT_EQ(w->levels(), 2);
  EXPECT_EQ(w->blockAt(0, 0, 0), Block::Air);
  EXPECT_EQ(w->blockAt(1, 0, 0), Block::StairEast);
  EXPECT_EQ(w->blockAt(2, 0, 0), Block::Solid);
  EXPECT_EQ(w->blockAt(0, 1, 0), Block::Ladder);
  EXPECT_EQ(w->blockAt(2, 0, 1), Block::StairNorth);
  EXPECT_EQ(w->blockAt(1, 1, 1), Block::StairSouth);
  EXPECT_EQ(w->blockAt(2, 1, 1), Block::StairWest);
}

TEST(BlockWorldFormat, RoundTripsGeneratedWorlds) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    const BlockWorld w = generateWorld(kind, 30, 20, 7, 4);
    const std::string text = formatBlockWorld(w);
    ParseError error;
    const auto back = parseBlockWorld(text, "gen", error);
    ASSERT_TRUE(back) << error.toString();
    EXPECT_EQ(back->blocks(), w.blocks());
    EXPECT_EQ(formatBlockWorld(*back), text);
  }
}

TEST(BlockWorldFormat, AcceptsWindowsLineEndsTabsAndTrailingBlankLines) {
  std::string crlf;
  for (char c : std::string(kTwoLevels)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  ParseError error;
  EXPECT_TRUE(parseBlockWorld(crlf + "\r\n\r\n", "w.world", error)) << error.toString();
  EXPECT_TRUE(parseBlockWorld(edited("levels 2", "levels\t2"), "w.world", error)) << error.toString();
}

TEST(BlockWorldFormat, RejectsBadHeadersNamingLineAndValue) {
  EXPECT_EQ(errorOf(""), "w.world:1: empty file, expected \"type octile\"");
  EXPECT_EQ(errorOf(edited("type octile", "type hex")), "w.world:1: world type \"hex\" is not supported (only octile)");
  EXPECT_EQ(errorOf(edited("levels 2", "levels two")), "w.world:4: levels \"two\" is not a number");
  EXPECT_EQ(errorOf(edited("levels 2", "levels 0")), "w.world:4: levels 0 is outside 1..1024");
  EXPECT_EQ(errorOf(edited("width 3", "width 99999")), "w.world:3: width 99999 is outside 1..8192");
  EXPECT_EQ(errorOf(edited("levels 2\n", "")), "w.world:4: \"map\" before \"levels\"");
  EXPECT_EQ(errorOf(edited("levels 2", "height 2")), "w.world:4: \"height\" given twice");
  EXPECT_EQ(errorOf(edited("levels 2", "depth 2")),
            "w.world:4: expected \"height\", \"width\", \"levels\" or \"map\", found \"depth 2\"");
  // Each side allowed, not the product: refused before anything is read or reserved.
  EXPECT_EQ(errorOf("type octile\nheight 8192\nwidth 8192\nlevels 1024\nmap\n"),
            "w.world:5: world size 8192x8192x1024 has 68719476736 blocks, more than the 16777216 allowed");
  EXPECT_EQ(errorOf("type octile\nheight 2\n"), "w.world:3: unexpected end of file, expected \"map\"");
}

TEST(BlockWorldFormat, RejectsBadRowsNamingLineAndValue) {
  EXPECT_EQ(errorOf(edited("H.#\n", "H.\n")), "w.world:8: level 0 row 1 has 2 characters, header says width 3");
  EXPECT_EQ(errorOf(edited("Hv<", "Hx<")), "w.world:11: unknown block character 'x' at column 2 (block 1, 1, 1)");
  EXPECT_EQ(errorOf(edited("Hv<", "H\x01<")), "w.world:11: unknown block character byte 1 at column 2 (block 1, 1, 1)");
  EXPECT_EQ(errorOf(edited("H.#\n", "")), "w.world:8: level 0 has 1 rows, header says height 2");
  EXPECT_EQ(errorOf(edited("level 1", "level 2")), "w.world:9: expected \"level 1\", found \"level 2\"");
  EXPECT_EQ(errorOf(edited("H.#\n", "H.#\n...\n")), "w.world:9: level 0 has more rows than the header's height 2");
  EXPECT_EQ(errorOf(edited("Hv<\n", "")), "w.world:11: level 1 has 1 rows, header says height 2");
  EXPECT_EQ(errorOf(std::string(kTwoLevels) + "level 2\n...\n"),
            "w.world:12: more rows than the header's 2 levels of height 2");
  EXPECT_EQ(errorOf(edited("levels 2", "levels 3")),
            "w.world:12: unexpected end of file, expected \"level 2\" (header says 3 levels)");
}

TEST(BlockWorldFormat, RefusesAMissingOrHugeFileWithItsName) {
  std::string error;
  EXPECT_FALSE(loadBlockWorldFile("/nonexistent/w.world", error));
  EXPECT_EQ(error, "/nonexistent/w.world: No such file or directory");
  EXPECT_FALSE(loadBlockWorldFile("/dev/zero", error));
  EXPECT_EQ(error, "/dev/zero: larger than " + std::to_string(kMaxWorldFileBytes) +
                       " bytes, the limit for a block world file");
}

TEST(WorldGenerator, SameSeedSameWorldOtherSeedAnotherWorld) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld a = generateWorld(kind, 64, 48, 9, 21), b = generateWorld(kind, 64, 48, 9, 21);
    const BlockWorld c = generateWorld(kind, 64, 48, 9, 22);
    EXPECT_EQ(a.blocks(), b.blocks());
    EXPECT_NE(a.blocks(), c.blocks());
  }
}

// What each kind is for: standing cells on several levels, and the kind's features.
TEST(WorldGenerator, EachKindHasItsFeatures) {
  auto count = [](const BlockWorld& w, auto&& pred) {
    int64_t n = 0;
    for (uint8_t b : w.blocks()) n += pred(static_cast<Block>(b));
    return n;
  };
  auto levelsWithStanding = [](const BlockWorld& w) {
    int n = 0;
    for (int32_t z = 0; z < w.levels(); ++z) {
      bool any = false;
      for (int32_t y = 0; y < w.height() && !any; ++y)
        for (int32_t x = 0; x < w.width() && !any; ++x) any = w.standing(x, y, z);
      n += any;
    }
    return n;
  };
  const BlockWorld caves = generateWorld(WorldKind::Caves, 64, 64, 10, 1);
  EXPECT_GT(count(caves, [](Block b) { return b == Block::Ladder; }), 0);
  EXPECT_GE(levelsWithStanding(caves), 8);
  const BlockWorld towers = generateWorld(WorldKind::Towers, 96, 96, 9, 1);
  EXPECT_GT(count(towers, [](Block b) { return isStair(b); }), 4);
  EXPECT_GE(levelsWithStanding(towers), 5);  // storeys at 0, 2, 4, 6 and roofs
  const BlockWorld hills = generateWorld(WorldKind::Hills, 96, 96, 12, 1);
  EXPECT_GT(count(hills, [](Block b) { return isStair(b); }), 0);
  EXPECT_GE(levelsWithStanding(hills), 10);
}

}  // namespace
}  // namespace hpastar
