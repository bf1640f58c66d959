#include <gtest/gtest.h>

#include "TestMaps.h"
#include "io/MovingAIMap.h"
#include "io/MovingAIScenario.h"

namespace hpastar {
namespace {

std::string mapError(const std::string& text) {
  ParseError e;
  EXPECT_FALSE(parseMovingAIMap(text, "bad.map", e)) << "accepted: " << text;
  return e.toString();
}

std::string scenError(const std::string& text) {
  ParseError e;
  EXPECT_FALSE(parseMovingAIScenarios(text, "bad.scen", e)) << "accepted: " << text;
  return e.toString();
}

TEST(MovingAIMap, ReadsEveryBundledMapWithItsHeaderSize) {
  for (auto [name, w, h] : {std::tuple{"arena.map", 49, 49},
                            {"den520d.map", 256, 257},
                            {"brc202d.map", 530, 481},
                            {"AR0011SR.map", 512, 512},
                            {"maze512-1-0.map", 512, 512},
                            {"8room_000.map", 512, 512}}) {
    const Grid g = test::loadMap(name);
    EXPECT_EQ(g.width(), w) << name;
    EXPECT_EQ(g.height(), h) << name;
  }
}

TEST(MovingAIMap, KeepsAllSevenTerrainCharactersAndRoundTrips) {
  const std::string text = "type octile\nheight 2\nwidth 4\nmap\n.GST\n@OW.\n";
  ParseError e;
  auto g = parseMovingAIMap(text, "t.map", e);
  ASSERT_TRUE(g) << e.toString();
  EXPECT_EQ(g->terrainAt(3, 0), 'T');
  EXPECT_EQ(g->terrainAt(2, 1), 'W');
  EXPECT_EQ(formatMovingAIMap(*g), text);
}

TEST(MovingAIMap, AcceptsWindowsLineEndingsAndTrailingBlankLines) {
  ParseError e;
  auto g = parseMovingAIMap("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n..\r\n\r\n\n", "crlf.map", e);
  ASSERT_TRUE(g) << e.toString();
  EXPECT_EQ(g->width(), 2);
}

TEST(MovingAIMap, RejectsBadFilesNamingFileLineAndProblem) {
  EXPECT_EQ(mapError(""), "bad.map:1: empty file, expected \"type octile\"");
  EXPECT_EQ(mapError("height 2\n"), "bad.map:1: expected \"type octile\", found \"height 2\"");
  EXPECT_EQ(mapError("type hex\nheight 1\nwidth 1\nmap\n.\n"),
            "bad.map:1: map type \"hex\" is not supported (only octile)");
  EXPECT_EQ(mapError("type octile\nheight x\nwidth 1\nmap\n.\n"), "bad.map:2: height \"x\" is not a number");
  EXPECT_EQ(mapError("type octile\nheight 1\nmap\n.\n"), "bad.map:3: \"map\" before \"width\"");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 0\nmap\n"), "bad.map:3: width 0 is outside 1..8192");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 2\nsize 3\nmap\n"),
            "bad.map:4: expected \"height\", \"width\" or \"map\", found \"size 3\"");
  EXPECT_EQ(mapError("type octile\nheight 2\nwidth 2\nmap\n..\n"), "bad.map:6: map has 1 rows, header says height 2");
  EXPECT_EQ(mapError("type octile\nheight 2\nwidth 2\nmap\n..\n...\n"),
            "bad.map:6: row 1 has 3 characters, header says width 2");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 3\nmap\n.#.\n"),
            "bad.map:5: unknown terrain character '#' at column 2 (cell 1, 0)");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 1\nmap\n.\n.\n"), "bad.map:6: more rows than the header's height 1");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 1\n"), "bad.map:4: unexpected end of file, expected \"map\"");
}

TEST(MovingAIScenario, ReadsTheBundledScenarioFiles) {
  const Grid g = test::loadMap("arena.map");
  const auto s = test::loadScenarios("arena.map", g);
  ASSERT_EQ(s.size(), 160u);
  EXPECT_EQ(s[0].line, 2);
  EXPECT_EQ(s[0].mapWidth, 49);
  EXPECT_GT(s.back().optimalLength, s.front().optimalLength);
}

TEST(MovingAIScenario, ParsesAllNineFields) {
  ParseError e;
  auto s = parseMovingAIScenarios("version 1\n3\tmaps/dao/x.map\t49\t50\t1\t2\t3\t4\t13.89949494\n\n", "ok.scen", e);
  ASSERT_TRUE(s) << e.toString();
  ASSERT_EQ(s->size(), 1u);
  const Scenario& sc = (*s)[0];
  EXPECT_EQ(sc.bucket, 3);
  EXPECT_EQ(sc.mapName, "maps/dao/x.map");
  EXPECT_EQ(sc.mapWidth, 49);
  EXPECT_EQ(sc.mapHeight, 50);
  EXPECT_EQ(sc.start, (Point{1, 2}));
  EXPECT_EQ(sc.goal, (Point{3, 4}));
  EXPECT_DOUBLE_EQ(sc.optimalLength, 13.89949494);
}

TEST(MovingAIScenario, RejectsBadFilesNamingFileLineAndProblem) {
  EXPECT_EQ(scenError(""), "bad.scen:1: empty file, expected \"version 1\"");
  EXPECT_EQ(scenError("version 2\n"), "bad.scen:1: expected \"version 1\", found \"version 2\"");
  EXPECT_EQ(scenError("version 1\n0\tm.map\t4\t4\t0\t0\t1\n"), "bad.scen:2: has 7 fields, expected 9");
  EXPECT_EQ(scenError("version 1\n0\tm.map\t4\t4\t0\tzero\t1\t1\t1.5\n"),
            "bad.scen:2: start y \"zero\" is not an integer");
  EXPECT_EQ(scenError("version 1\n\n0\tm.map\t4\t4\t0\t0\t1\t1\tlong\n"),
            "bad.scen:3: optimal length \"long\" is not a number");
  EXPECT_EQ(scenError("version 1\n0\tm.map\t4\t4\t-1\t0\t1\t1\t1\n"), "bad.scen:2: start x -1 is negative");
}

TEST(MovingAIScenario, RejectsScenariosThatDoNotFitTheirMap) {
  const Grid g = test::drawGrid({"....", "..@.", "....", "...."});
  auto check = [&](const std::string& line, const std::string& mapFile) {
    ParseError e;
    auto s = parseMovingAIScenarios("version 1\n" + line + "\n", "s.scen", e);
    EXPECT_TRUE(s) << e.toString();
    EXPECT_FALSE(checkScenariosAgainstMap(*s, g, "s.scen", mapFile, e)) << line;
    return e.toString();
  };
  EXPECT_EQ(check("0\tother.map\t4\t4\t0\t0\t1\t1\t1.4", "m.map"),
            "s.scen:2: scenario is for map \"other.map\", not \"m.map\"");
  EXPECT_EQ(check("0\tm.map\t5\t4\t0\t0\t1\t1\t1.4", "dir/m.map"),
            "s.scen:2: scenario map size 5x4 differs from the map's 4x4 (scaled scenarios are not supported)");
  EXPECT_EQ(check("0\tm.map\t4\t4\t0\t4\t1\t1\t1.4", "m.map"), "s.scen:2: start (0, 4) is outside the map");
  EXPECT_EQ(check("0\tm.map\t4\t4\t0\t0\t2\t1\t1.4", "m.map"), "s.scen:2: goal (2, 1) is on blocked terrain");
  ParseError e;
  auto ok = parseMovingAIScenarios("version 1\n0\tmaps/x/m.map\t4\t4\t0\t0\t3\t3\t4.2\n", "s.scen", e);
  ASSERT_TRUE(ok);
  EXPECT_TRUE(checkScenariosAgainstMap(*ok, g, "s.scen", "/somewhere/m.map", e)) << e.toString();
}

}  // namespace
}  // namespace hpastar

namespace hpastar {
namespace {

TEST(MovingAIMap, TabsAndSpacesSeparateEveryHeaderLineAlike) {
  ParseError e;
  for (const char* text : {"type\toctile\nheight\t2\nwidth 3\nmap\n...\n...\n",
                           "type  octile \nheight 2\nwidth\t\t3\n map\t\n...\n...\n"}) {
    auto g = parseMovingAIMap(text, "tabs.map", e);
    ASSERT_TRUE(g) << e.toString();
    EXPECT_EQ(g->width(), 3);
    EXPECT_EQ(g->height(), 2);
  }
  EXPECT_EQ(mapError("type\tgrid\nheight 1\nwidth 1\nmap\n.\n"),
            "bad.map:1: map type \"grid\" is not supported (only octile)");
  EXPECT_EQ(mapError("typeoctile\n"), "bad.map:1: expected \"type octile\", found \"typeoctile\"");
  EXPECT_EQ(mapError("type octile\nheight 1\nwidth 1\nmap x\n.\n"),
            "bad.map:4: expected \"height\", \"width\" or \"map\", found \"map x\"");
}

TEST(MovingAIMap, AGridAboveTheCellLimitIsRefusedAtTheHeaderBeforeAnyRow) {
  // 8192 x 8192 has both sides in range but 4 times the cells allowed: refused at the "map" line.
  EXPECT_EQ(mapError("type octile\nheight 8192\nwidth 8192\nmap\n"),
            "bad.map:4: grid size 8192x8192 has 67108864 cells, more than the 16777216 allowed");
  ParseError e;
  EXPECT_TRUE(
      parseMovingAIMap("type octile\nheight 1\nwidth 8192\nmap\n" + std::string(8192, '.') + "\n", "row.map", e))
      << e.toString();
}

TEST(MovingAIScenario, TabsAndSpacesSeparateTheVersionLineAlike) {
  ParseError e;
  for (const char* text :
       {"version\t1\n0\tm.map\t4\t4\t0\t0\t1\t1\t1.5\n", "version  1.0 \n0 m.map 4 4 0 0 1 1 1.5\n"}) {
    auto s = parseMovingAIScenarios(text, "tabs.scen", e);
    ASSERT_TRUE(s) << e.toString();
    EXPECT_EQ(s->size(), 1u);
  }
  EXPECT_EQ(scenError("version\t2\n"), "bad.scen:1: expected \"version 1\", found \"version\t2\"");
  EXPECT_EQ(scenError("version 1 2\n"), "bad.scen:1: expected \"version 1\", found \"version 1 2\"");
}

TEST(TextFile, ReadingStopsAtTheLimitAndNamesTheFileAndTheLimit) {
  std::string text, error;
  // /dev/zero never ends: without a limit while reading, this fills memory.
  EXPECT_FALSE(readTextFile("/dev/zero", 1 << 20, "map", text, error));
  EXPECT_EQ(error, "/dev/zero: larger than 1048576 bytes, the limit for a map file");
  EXPECT_TRUE(text.empty());
  const std::string arena = test::mapsDir() + "/arena.map";
  EXPECT_TRUE(readTextFile(arena, kMaxMapFileBytes, "map", text, error)) << error;
  const size_t size = text.size();
  EXPECT_TRUE(readTextFile(arena, size, "map", text, error)) << "a file of exactly the limit is read";
  EXPECT_FALSE(readTextFile(arena, size - 1, "map", text, error));
  EXPECT_EQ(error, arena + ": larger than " + std::to_string(size - 1) + " bytes, the limit for a map file");
}

TEST(TextFile, TheMapLimitHoldsTheLargestGridWithWindowsLineEnds) {
  EXPECT_EQ(kMaxMapFileBytes, 16859136u);
  const int64_t rows = Grid::kMaxCells / Grid::kMaxSide;  // 2048 rows of 8192 cells
  EXPECT_GE(static_cast<int64_t>(kMaxMapFileBytes), rows * (Grid::kMaxSide + 2) + 64);
  EXPECT_EQ(kMaxScenarioFileBytes, 64u << 20);
}

}  // namespace
}  // namespace hpastar
