#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "BlockWorlds.h"
#include "WorldChecks.h"
#include "io/SectionedFormat.h"
#include "world/SeededRandom.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldLevelDistances.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {
using test::boxesOf;
using test::buildHierarchy;
using test::drawWorld;

WorldHierarchy load(const std::vector<uint8_t>& bytes) {
  std::string error;
  std::optional<WorldHierarchy> h = deserializeWorldHierarchy(bytes, error);
  if (!h) throw std::runtime_error("refused: " + error);
  return std::move(*h);
}

// The error the loader gives, "" when it loads the bytes.
std::string refusal(std::span<const uint8_t> bytes) {
  std::string error;
  const bool loaded = deserializeWorldHierarchy(bytes, error).has_value();
  return loaded ? "" : error.empty() ? "(refused without a reason)" : error;
}

// Two floors joined by a ladder and a stair, walls with gaps, a closed room: regions, levels, both kinds
// of climbs and cells no path reaches.
BlockWorld handDrawn() {
  return drawWorld({{"..........#......",  //
                     ".####.....#..##..", ".#..#.....#..#...", ".####..H..#..#...", "..........#......",
                     "######.####.####.", "................."},
                    {"##########.#####.",  //
                     "##########.#####.", "#######.##.#####.", "#######H##>######", "##########.#####.",
                     "################.", "................."},
                    {".................",  //
                     ".................", "........##.......", ".......H.........", ".................",
                     ".................", "................."}});
}

// Every standing cell of the world.
std::vector<Voxel> savedStandingCells(const BlockWorld& w) {
  std::vector<Voxel> out;
  for (int32_t i = 0; i < w.cellCount(); ++i)
    if (w.standing(w.voxelOf(i))) out.push_back(w.voxelOf(i));
  return out;
}

// Random pairs of standing cells (and every pair on a small world): the same status, cells and cost from
// both, each path legal with its cost recomputed.
void expectSameAnswers(const WorldHierarchy& a, const WorldHierarchy& b, SeededRandom& random, int pairs) {
  const std::vector<Voxel> cells = savedStandingCells(a.world());
  ASSERT_FALSE(cells.empty());
  WorldHpaQuery qa(a), qb(b);
  WorldPath pa, pb;
  const int32_t n = static_cast<int32_t>(cells.size());
  int found = 0;
  for (int q = 0; q < pairs; ++q) {
    const Voxel s = cells[static_cast<size_t>(random.below(n))], t = cells[static_cast<size_t>(random.below(n))];
    ASSERT_EQ(qa.findPath(s, t, pa), qb.findPath(s, t, pb)) << voxelText(s) << " -> " << voxelText(t);
    ASSERT_EQ(pa.cost, pb.cost) << voxelText(s) << " -> " << voxelText(t);
    ASSERT_EQ(pa.cells, pb.cells) << voxelText(s) << " -> " << voxelText(t);
    if (!pb.found()) continue;
    ++found;
    const PathCheck check = validateWorldPath(b.world(), s, t, pb.cells, pb.cost);
    ASSERT_TRUE(check.valid) << voxelText(s) << " -> " << voxelText(t) << ": " << check.problem;
  }
  EXPECT_GT(found, pairs / 10) << "too few pairs joined to compare paths";
}

TEST(WorldSerialization, AHandDrawnWorldLoadsAnsweringEveryPairAsTheSavedOne) {
  for (int32_t levels : {1, 2, 3}) {
    SCOPED_TRACE("levels " + std::to_string(levels));
    const WorldHierarchy saved = buildHierarchy(handDrawn(), boxesOf(4, 1, levels));
    const std::vector<uint8_t> bytes = serializeWorldHierarchy(saved);
    const WorldHierarchy loaded = load(bytes);
    EXPECT_EQ(serializeWorldHierarchy(loaded), bytes);
    EXPECT_EQ(loaded.componentCount(), saved.componentCount());
    SeededRandom random(7);
    expectSameAnswers(saved, loaded, random, 600);
  }
}

// Found by fuzz_world_sequence: with entranceWidth 1, an entrance of a single crossing (here the one-column
// boxes at x = 6 of a 7-wide world) kept that crossing as both of its ends, two equal edges that the loader
// refuses ("edges not sorted by target"): a fresh build saved a file that would not load.
TEST(WorldSerialization, AnEntranceOfOneCrossingGivesOneTransitionAndTheSavedFileLoads) {
  WorldHierarchyOptions options = boxesOf(2, 2, 1);
  options.entranceWidth = 1;
  const WorldHierarchy saved = buildHierarchy(BlockWorld(7, 8, 3), options);
  std::vector<WorldTransition> transitions;
  saved.appendTransitions(transitions);
  for (size_t i = 1; i < transitions.size(); ++i)
    EXPECT_FALSE(transitions[i].a == transitions[i - 1].a && transitions[i].b == transitions[i - 1].b)
        << "the transition " << transitions[i].a << " -> " << transitions[i].b << " twice";
  const std::vector<uint8_t> bytes = serializeWorldHierarchy(saved);
  EXPECT_EQ(refusal(bytes), "");
  SeededRandom random(3);
  expectSameAnswers(saved, load(bytes), random, 300);
}

// Found by fuzz_world_sequence: a hierarchy built without a top-level node had no landmark, and the repair
// after digging kept none for ever; its file (no landmark rows) computed them on load, so the copy saved
// other bytes. Now the first change that gives the top level nodes computes them.
TEST(WorldSerialization, LandmarksAppearWhenDiggingGivesTheTopLevelItsFirstNodes) {
  std::string error;
  const std::vector<Block> rock(8, Block::Solid);
  std::optional<BlockWorld> world = BlockWorld::fromBlocks(8, 1, 1, rock, error);
  ASSERT_TRUE(world) << error;
  WorldHierarchyOptions options = boxesOf(2, 1, 2);
  options.landmarks = 2;
  WorldHierarchy h = buildHierarchy(*world, options);
  EXPECT_TRUE(h.parts().landmarkNodes.empty());
  std::vector<BlockChange> dig;
  for (int32_t x = 0; x < 8; ++x) dig.push_back({{x, 0, 0}, Block::Air});
  ASSERT_EQ(h.applyBlockChanges(dig), "");
  EXPECT_FALSE(h.parts().landmarkNodes.empty());
  const std::vector<uint8_t> bytes = serializeWorldHierarchy(h);
  EXPECT_EQ(serializeWorldHierarchy(load(bytes)), bytes);
}

TEST(WorldSerialization, GeneratedWorldsLoadWithTheSamePathsAndCostsForRandomPairs) {
  struct Setup {
    WorldKind kind;
    int32_t side, tall, levels;
  };
  for (const Setup s : {Setup{WorldKind::Caves, 8, 4, 2}, Setup{WorldKind::Towers, 8, 4, 3},
                        Setup{WorldKind::Hills, 16, 8, 2}, Setup{WorldKind::Caves, 4, 2, 3}}) {
    SCOPED_TRACE(std::string(worldKindName(s.kind)) + " " + std::to_string(s.side) + "/" + std::to_string(s.levels));
    const WorldHierarchy saved =
        buildHierarchy(generateWorld(s.kind, 48, 40, 12, 3), boxesOf(s.side, s.tall, s.levels));
    const std::vector<uint8_t> bytes = serializeWorldHierarchy(saved);
    const WorldHierarchy loaded = load(bytes);
    EXPECT_EQ(serializeWorldHierarchy(loaded), bytes);
    for (int32_t level = 1; level <= s.levels; ++level) {
      EXPECT_EQ(loaded.stats().nodes[level - 1], saved.stats().nodes[level - 1]);
      EXPECT_EQ(loaded.stats().edges[level - 1], saved.stats().edges[level - 1]);
    }
    EXPECT_EQ(loaded.stats().transitions, saved.stats().transitions);
    SeededRandom random(11);
    expectSameAnswers(saved, loaded, random, 400);
  }
}

TEST(WorldSerialization, ALoadedHierarchyUpdatesAsTheSavedOneUpdatedTheSameWay) {
  WorldHierarchy saved = buildHierarchy(generateWorld(WorldKind::Caves, 40, 40, 10, 5), boxesOf(8, 4, 3));
  SeededRandom changes(3);
  // Saved after some updates too, so that the free ids, versions and kept paths travel.
  for (int k = 0; k < 30; ++k) {
    const BlockChange c = test::randomBlockChange(saved.world(), changes);
    ASSERT_EQ(saved.applyBlockChanges({&c, 1}), "");
  }
  WorldHierarchy loaded = load(serializeWorldHierarchy(saved));
  EXPECT_EQ(loaded.version(), saved.version());
  for (int k = 0; k < 60; ++k) {
    std::vector<BlockChange> batch;
    for (int m = 0; m < 1 + k % 3; ++m) batch.push_back(test::randomBlockChange(saved.world(), changes));
    ASSERT_EQ(saved.applyBlockChanges(batch), "");
    ASSERT_EQ(loaded.applyBlockChanges(batch), "");
    ASSERT_EQ(serializeWorldHierarchy(loaded), serializeWorldHierarchy(saved)) << "after change " << k;
  }
  SeededRandom random(13);
  expectSameAnswers(saved, loaded, random, 300);
}

// The bytes of a small hierarchy that has been updated (free ids, versions), for the hostile tests.
std::vector<uint8_t> smallBytes() {
  WorldHierarchy h = buildHierarchy(generateWorld(WorldKind::Caves, 20, 16, 6, 2), boxesOf(4, 2, 2));
  SeededRandom changes(9);
  for (int k = 0; k < 6; ++k) {
    const BlockChange c = test::randomBlockChange(h.world(), changes);
    EXPECT_EQ(h.applyBlockChanges({&c, 1}), "");
  }
  return serializeWorldHierarchy(h);
}

SectionedFile container(const std::vector<uint8_t>& bytes) {
  std::string error;
  std::optional<SectionedFile> f =
      SectionedFile::read(bytes, kWorldHierarchyMagic, "test", 1, kWorldHierarchyFormatVersion, error);
  if (!f) throw std::runtime_error(error);
  return std::move(*f);
}

// The container again with section `tag` replaced by `replacement` (checksum recomputed: a forgery), or
// with a section added when no section has the tag.
std::vector<uint8_t> withSection(const std::vector<uint8_t>& bytes, const std::string& tag,
                                 const std::vector<uint8_t>& replacement, bool required = true,
                                 uint32_t version = kWorldHierarchyFormatVersion) {
  const SectionedFile f = container(bytes);
  SectionedWriter w;
  bool replaced = false;
  for (const Section& s : f.sections()) {
    const bool hit = s.tag == tag;
    replaced = replaced || hit;
    w.add(s.tag, s.required, hit ? replacement : std::vector<uint8_t>(s.bytes.begin(), s.bytes.end()));
  }
  if (!replaced) w.add(tag, required, replacement);
  return w.finish(kWorldHierarchyMagic, version);
}

TEST(WorldSerialization, OlderFormatsStillLoadWithTheNewOptionsAtTheirDefaults) {
  const auto fields = WorldHierarchyOptions::fields();
  EXPECT_EQ(storedWorldOptionCount(kWorldHierarchyFormatVersion), storedOptionCount(fields))
      << "a stored option was added without a new format version";
  WorldHierarchyOptions options = boxesOf(8, 4, 2);
  options.entranceSpacing = 2;  // not the default: format 1 stores it
  const WorldHierarchy saved = buildHierarchy(generateWorld(WorldKind::Caves, 48, 40, 12, 3), options);
  const std::vector<uint8_t> bytes = serializeWorldHierarchy(saved);
  // Format 1 as written before the heuristics' options: the options section without its last three fields
  // (landmarks, an i32, distanceTable, a byte, and maxDetour, an f64); format 2 without maxDetour.
  const SectionedFile file = container(bytes);
  const Section* section = file.find("options");
  ASSERT_NE(section, nullptr);
  for (const auto& [version, cut] : {std::pair<uint32_t, size_t>{1, 13}, {2, 8}}) {
    SCOPED_TRACE("format " + std::to_string(version));
    const std::vector<uint8_t> oldOptions(section->bytes.begin(), section->bytes.end() - static_cast<ptrdiff_t>(cut));
    const WorldHierarchy loaded = load(withSection(bytes, "options", oldOptions, true, version));
    EXPECT_EQ(loaded.options().entranceSpacing, 2);
    EXPECT_EQ(loaded.options().landmarks, WorldHierarchyOptions{}.landmarks);
    EXPECT_EQ(loaded.options().distanceTable, WorldHierarchyOptions{}.distanceTable);
    EXPECT_EQ(loaded.options().maxDetour, WorldHierarchyOptions{}.maxDetour);
    EXPECT_EQ(serializeWorldHierarchy(loaded), bytes);
    SeededRandom random(4);
    expectSameAnswers(saved, loaded, random, 200);
    // An older file with the newest options section is refused: its options section has bytes left.
    EXPECT_NE(refusal(withSection(bytes, "options", std::vector<uint8_t>(section->bytes.begin(), section->bytes.end()),
                                  true, version)),
              "");
  }
}

TEST(WorldSerialization, TruncationAtEverySectionBoundaryIsRefusedNamingWhere) {
  const std::vector<uint8_t> bytes = smallBytes();
  const SectionedFile f = container(bytes);
  std::vector<size_t> cuts = {0, 4, 8, 12, 15, kSectionedHeaderBytes, kSectionedHeaderBytes + 20};
  for (const Section& s : f.sections())
    for (uint64_t at : {s.offset, s.offset + 1, s.offset + s.bytes.size() / 2, s.offset + s.bytes.size() - 1})
      cuts.push_back(static_cast<size_t>(at));
  for (size_t cut : cuts) {
    ASSERT_LT(cut, bytes.size());
    const std::string error = refusal(std::span(bytes).first(cut));
    EXPECT_NE(error, "") << "cut at " << cut;
  }
  // Past the end of a section: its length is named, with the bytes there are.
  const std::string error = refusal(std::span(bytes).first(bytes.size() - 1));
  EXPECT_NE(error.find("section '"), std::string::npos) << error;
  EXPECT_NE(error.find("runs past the end (" + groupedNumber(bytes.size() - 1) + " bytes)"), std::string::npos)
      << error;
}

TEST(WorldSerialization, FlippedBytesAreRefusedOrLoadTheSameHierarchy) {
  const std::vector<uint8_t> bytes = smallBytes();
  int refused = 0, tried = 0;
  for (size_t at = 0; at < bytes.size(); at += 1 + at / 64) {
    for (uint8_t mask : {uint8_t{0x01}, uint8_t{0x80}, uint8_t{0xFF}}) {
      std::vector<uint8_t> flipped = bytes;
      flipped[at] ^= mask;
      ++tried;
      std::string error;
      const std::optional<WorldHierarchy> h = deserializeWorldHierarchy(flipped, error);
      // Only the required bit of a known section's flags can flip harmlessly.
      if (h) {
        EXPECT_EQ(serializeWorldHierarchy(*h), bytes) << "flip at " << at;
      } else {
        ++refused;
        EXPECT_NE(error, "");
      }
    }
  }
  EXPECT_GE(refused, tried - 30);
}

TEST(WorldSerialization, ForgedCountsAndLengthsAreRefusedBeforeAllocating) {
  const std::vector<uint8_t> bytes = smallBytes();
  SectionBytes nodes;
  nodes.u32(0xFFFFFFFFu);
  std::string error = refusal(withSection(bytes, "nodes", nodes.bytes));
  EXPECT_NE(error.find("section 'nodes' at byte"), std::string::npos) << error;
  EXPECT_NE(error.find("node count 4,294,967,295 needs"), std::string::npos) << error;

  SectionBytes world;
  for (int32_t v : {100000, 100000, 100}) world.i32(v);
  error = refusal(withSection(bytes, "world", world.bytes));
  EXPECT_NE(error.find("section 'world'"), std::string::npos) << error;

  // A section length in the table past the end.
  std::vector<uint8_t> longer = bytes;
  const size_t lengthAt = kSectionedHeaderBytes + 24;  // the first entry's length
  for (int i = 0; i < 8; ++i) longer[lengthAt + static_cast<size_t>(i)] = i == 2 ? 0x98 : 0;
  error = refusal(longer);
  EXPECT_NE(error.find("section 'options' at byte 16: length 9,961,472 runs past the end"), std::string::npos) << error;

  // A section count that needs a longer table.
  std::vector<uint8_t> table = bytes;
  table[12] = 0xFF, table[13] = 0xFF;
  EXPECT_NE(refusal(table).find("section count 65,535 needs a table"), std::string::npos) << refusal(table);
}

// The first level-1 intra-edge with a path of two moves or more on its side, by its index.
size_t level1IntraWithPath(const WorldHierarchyParts& p) {
  for (size_t e = 0; e < p.levels[0].pathLength.size(); ++e)
    if (p.levels[0].pathLength[e] > 1) return e;
  throw std::runtime_error("no intra-edge with a path");
}

// Where level-1 edge `e`'s path starts in the level's moves.
size_t level1FirstMove(const WorldHierarchyParts& p, size_t e) {
  size_t first = 0;
  for (size_t k = 0; k < e; ++k) first += p.levels[0].pathLength[k];
  return first;
}

// Level-1 edge `e`'s source node and the index of its reverse.
std::pair<uint32_t, size_t> level1Ends(const WorldHierarchyParts& p, size_t e) {
  const WorldHierarchyParts::Level& g = p.levels[0];
  uint32_t from = 0;
  for (size_t first = 0; first + g.count[from] <= e; ++from) first += g.count[from];
  for (size_t i = 0, first = 0; i < g.count.size(); first += g.count[i], ++i)
    if (i == g.edges[e].to)
      for (size_t k = first; k < first + g.count[i]; ++k)
        if (g.edges[k].to == from) return {from, k};
  throw std::runtime_error("no reverse edge");
}

// Level-1 intra-edge `e` (a path on its side) made a detour of the cost it states: a step out and back
// first, legal, so that its path replays to its cost, but no longer the shortest.
void makeDetour(WorldHierarchyParts& p, size_t e) {
  WorldHierarchyParts::Level& g = p.levels[0];
  const auto [from, back] = level1Ends(p, e);
  const Voxel v = p.nodeVoxel[from];
  const size_t first = level1FirstMove(p, e);
  const WorldClusterLayout boxes(p.options.clusterSide, p.options.clusterLevels, p.world.width(), p.world.height(),
                                 p.world.levels());
  for (uint8_t m = 0; m < kWorldMoveCount; ++m) {
    const Voxel w{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
    if (!p.world.canMove(v, m) || boxes.clusterOf(w) != boxes.clusterOf(v)) continue;
    const uint8_t there[] = {m, static_cast<uint8_t>(reverseWorldMove(m))};
    g.moves.insert(g.moves.begin() + static_cast<std::ptrdiff_t>(first), std::begin(there), std::end(there));
    g.pathLength[e] += 2;
    g.edges[e].cost += static_cast<float>(2 * p.world.moveCost(p.world.index(v), m));
    g.edges[back].cost = g.edges[e].cost;
    return;
  }
  throw std::runtime_error("no detour");
}

TEST(WorldSerialization, ForgedPartsWithValidChecksumsAreRefusedNamingTheProblem) {
  WorldHierarchy h = buildHierarchy(generateWorld(WorldKind::Caves, 20, 16, 6, 2), boxesOf(4, 2, 2));
  const WorldHierarchyParts good = h.parts();
  ASSERT_EQ(refusal(serializeWorldHierarchyParts(good)), "");
  struct Forgery {
    const char* name;
    std::function<void(WorldHierarchyParts&)> forge;
    const char* expected;
  };
  const Forgery forgeries[] = {
      {"a node moved", [](WorldHierarchyParts& p) { p.nodeVoxel[3].x ^= 1; }, "node"},
      {"a node's level", [](WorldHierarchyParts& p) { p.nodeLevel[0] = 7; }, "level above the hierarchy's"},
      {"a node dropped", [](WorldHierarchyParts& p) { p.nodeLevel[5] = 0, p.freeNodes.push_back(5); }, "node"},
      {"a free id in use", [](WorldHierarchyParts& p) { p.freeNodes.push_back(1); }, "free id 1"},
      {"a box newer than the hierarchy", [](WorldHierarchyParts& p) { p.boxCellsVersion[2] = 4; }, "versions"},
      {"an edge cost", [](WorldHierarchyParts& p) { p.levels[0].edges[level1IntraWithPath(p)].cost *= 1.5f; },
       "reverse"},
      // Both directions: a path that long is no shortest one, a shorter cost no legal path's.
      {"an intra-edge made a detour of its cost", [](WorldHierarchyParts& p) { makeDetour(p, level1IntraWithPath(p)); },
       "the shortest way inside its box"},
      {"an intra-edge shorter than the shortest",
       [](WorldHierarchyParts& p) {
         const size_t e = level1IntraWithPath(p);
         p.levels[0].edges[e].cost *= 0.75f;
         p.levels[0].edges[level1Ends(p, e).second].cost = p.levels[0].edges[e].cost;
       },
       "the shortest way inside its box"},
      {"a move of a path",
       [](WorldHierarchyParts& p) {
         const size_t first = level1FirstMove(p, level1IntraWithPath(p));
         p.levels[0].moves[first] = static_cast<uint8_t>((p.levels[0].moves[first] + 4) % 8);
       },
       "path"},
      {"a move code", [](WorldHierarchyParts& p) { p.levels[0].moves[0] = 200; }, "not legal"},
      {"a via node", [](WorldHierarchyParts& p) { p.levels[1].via[0] = static_cast<uint32_t>(p.nodeVoxel.size()); },
       "its path's node"},
      {"an edge's target", [](WorldHierarchyParts& p) { p.levels[0].edges[0].to = 1u << 30; }, "no node"},
      {"an edge left out of searches",
       [](WorldHierarchyParts& p) {
         for (size_t i = 0; i < p.levels[0].searchCount.size(); ++i)
           if (p.levels[0].searchCount[i] > 0) {
             p.levels[0].searchCount[i] = 0;
             return;
           }
       },
       "node"},
      {"a searched count above the edge count", [](WorldHierarchyParts& p) { p.levels[1].searchCount[0] += 100; },
       "searched edges of"},
      {"an edge dropped",
       [](WorldHierarchyParts& p) {
         for (size_t i = 0, e = 0; i < p.levels[0].count.size(); e += p.levels[0].count[i], ++i)
           if (p.levels[0].count[i] > p.levels[0].searchCount[i] && p.levels[0].count[i] > 0) {
             p.levels[0].count[i] -= 1;
             const size_t last = e + p.levels[0].count[i];
             size_t first = 0;
             for (size_t k = 0; k < last; ++k) first += p.levels[0].pathLength[k];
             p.levels[0].moves.erase(
                 p.levels[0].moves.begin() + static_cast<std::ptrdiff_t>(first),
                 p.levels[0].moves.begin() + static_cast<std::ptrdiff_t>(first + p.levels[0].pathLength[last]));
             p.levels[0].edges.erase(p.levels[0].edges.begin() + static_cast<std::ptrdiff_t>(last));
             p.levels[0].pathLength.erase(p.levels[0].pathLength.begin() + static_cast<std::ptrdiff_t>(last));
             return;
           }
       },
       "node"},
      {"the options", [](WorldHierarchyParts& p) { p.options.clusterSide += 1; }, "versions"},
      {"a block",
       [](WorldHierarchyParts& p) {
         // The cell of node 0 filled: it stands no more, so its transitions go.
         std::vector<Block> blocks(p.world.blocks().size());
         for (size_t i = 0; i < blocks.size(); ++i) blocks[i] = static_cast<Block>(p.world.blocks()[i]);
         blocks[static_cast<size_t>(p.world.index(p.nodeVoxel[0]))] = Block::Solid;
         std::string error;
         p.world = *BlockWorld::fromBlocks(p.world.width(), p.world.height(), p.world.levels(), blocks, error);
       },
       "node"},
  };
  for (const Forgery& f : forgeries) {
    SCOPED_TRACE(f.name);
    WorldHierarchyParts p = good;
    f.forge(p);
    const std::string error = refusal(serializeWorldHierarchyParts(p));
    EXPECT_NE(error, "");
    EXPECT_NE(error.find(f.expected), std::string::npos) << error;
  }
}

// A load checks the level-1 intra-edges against the box trees it computes, and keeps those trees: a
// saved hierarchy's, node by node, after updates too (paths kept through them are replayed instead).
TEST(WorldSerialization, ALoadedHierarchyHasTheSavedTreesAfterUpdates) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    // With landmarks (the default): the file keeps the rows the updates repaired, so the loaded planner
    // breaks ties as the saved one does and every answer is the same, cell for cell.
    WorldHierarchyOptions options = boxesOf(8, 4, 2);
    ASSERT_GT(options.landmarks, 0);
    WorldHierarchy saved = buildHierarchy(generateWorld(kind, 40, 36, 10, 5), options);
    SeededRandom changes(5);
    for (int k = 0; k < 20; ++k) {
      const BlockChange c = test::randomBlockChange(saved.world(), changes);
      ASSERT_EQ(saved.applyBlockChanges({&c, 1}), "");
    }
    const WorldHierarchy loaded = load(serializeWorldHierarchy(saved));
    test::expectSameTrees(loaded, saved);
    SeededRandom random(17);
    expectSameAnswers(saved, loaded, random, 200);
  }
}

// The landmark rows saved are the planner's own (repaired by its edits, not what a fresh computation
// gives), loaded as they are; a file without them computes fresh ones; rows that are no bound are refused.
TEST(WorldSerialization, TheLandmarkRowsAreSavedAndCheckedOnLoad) {
  WorldHierarchy saved = buildHierarchy(generateWorld(WorldKind::Caves, 40, 36, 10, 5), boxesOf(8, 4, 2));
  SeededRandom changes(8);
  for (int k = 0; k < 20; ++k) {
    const BlockChange c = test::randomBlockChange(saved.world(), changes);
    ASSERT_EQ(saved.applyBlockChanges({&c, 1}), "");
  }
  const WorldHierarchyParts parts = saved.parts();
  ASSERT_FALSE(parts.landmarkNodes.empty());
  ASSERT_EQ(parts.landmarkValues.size() % parts.landmarkNodes.size(), 0u);
  const WorldHierarchy loaded = load(serializeWorldHierarchy(saved));
  EXPECT_EQ(loaded.parts().landmarkNodes, parts.landmarkNodes);
  EXPECT_EQ(loaded.parts().landmarkValues, parts.landmarkValues);
  EXPECT_EQ(inconsistentLandmarkBounds(loaded), 0u);
  // The repaired rows are not a fresh table's (else this test would show nothing).
  WorldHierarchyParts fresh = parts;
  fresh.landmarkNodes.clear();
  fresh.landmarkValues.clear();
  const WorldHierarchy recomputed = load(serializeWorldHierarchyParts(fresh));
  EXPECT_NE(recomputed.parts().landmarkValues, parts.landmarkValues);
  EXPECT_EQ(inconsistentLandmarkBounds(recomputed), 0u);

  // A row that no longer bounds an edge of the top level: the distances of one node raised far above its
  // neighbours'.
  WorldHierarchyParts raised = parts;
  const size_t k = raised.landmarkNodes.size();
  const uint32_t top = raised.landmarkNodes[0];
  for (size_t i = 0; i < k; ++i) raised.landmarkValues[top * k + i] += 1000.0f;
  std::string error = refusal(serializeWorldHierarchyParts(raised));
  EXPECT_NE(error.find("landmarks:"), std::string::npos) << error;
  EXPECT_NE(error.find("by more than its cost"), std::string::npos) << error;
  WorldHierarchyParts nan = parts;
  nan.landmarkValues[1] = std::numeric_limits<float>::quiet_NaN();
  error = refusal(serializeWorldHierarchyParts(nan));
  EXPECT_NE(error.find("finite distances"), std::string::npos) << error;
  WorldHierarchyParts outside = parts;
  outside.landmarkNodes[0] = static_cast<uint32_t>(outside.nodeVoxel.size());
  error = refusal(serializeWorldHierarchyParts(outside));
  EXPECT_NE(error.find("is not a node id"), std::string::npos) << error;
  WorldHierarchyParts many = parts;
  many.options.landmarks = static_cast<int32_t>(k) - 1;
  error = refusal(serializeWorldHierarchyParts(many));
  EXPECT_NE(error.find("landmark rows stored, the options ask for"), std::string::npos) << error;
}

// Edits may remove the very nodes that are landmarks; a planner's own file must load all the same, at every
// point of a long run of edits, with its rows as they were.
TEST(WorldSerialization, AnEditedPlannerAlwaysLoadsItsOwnFileWithItsLandmarkRows) {
  for (WorldKind kind : {WorldKind::Caves, WorldKind::Hills, WorldKind::Towers}) {
    SCOPED_TRACE(worldKindName(kind));
    WorldHierarchy h = buildHierarchy(generateWorld(kind, 24, 24, 8, 3), boxesOf(6, 4, 2));
    SeededRandom changes(31);
    for (int k = 1; k <= 80; ++k) {
      const BlockChange c = test::randomBlockChange(h.world(), changes);
      ASSERT_EQ(h.applyBlockChanges({&c, 1}), "");
      if (k % 8 != 0) continue;
      const WorldHierarchy loaded = load(serializeWorldHierarchy(h));
      EXPECT_EQ(loaded.parts().landmarkValues, h.parts().landmarkValues) << "after change " << k;
      EXPECT_EQ(inconsistentLandmarkBounds(loaded), 0u) << "after change " << k;
    }
  }
}

// Without box trees nothing gives the shortest: the stored paths are replayed as before, a forged move or
// a cost no path has is still refused.
TEST(WorldSerialization, WithoutBoxTreesTheStoredPathsAreReplayed) {
  WorldHierarchyOptions options = boxesOf(4, 2, 2);
  options.boxTrees = false;
  const WorldHierarchy saved = buildHierarchy(generateWorld(WorldKind::Caves, 20, 16, 6, 2), options);
  const WorldHierarchy loaded = load(serializeWorldHierarchy(saved));
  EXPECT_EQ(loaded.stats().treeBytes, 0u);
  SeededRandom random(19);
  expectSameAnswers(saved, loaded, random, 200);
  WorldHierarchyParts shorter = saved.parts();
  const size_t e = level1IntraWithPath(shorter);
  shorter.levels[0].edges[e].cost *= 0.75f;
  shorter.levels[0].edges[level1Ends(shorter, e).second].cost = shorter.levels[0].edges[e].cost;
  EXPECT_NE(refusal(serializeWorldHierarchyParts(shorter)).find("its path costs"), std::string::npos);
  WorldHierarchyParts moved = saved.parts();
  moved.levels[0].moves[0] = 200;
  EXPECT_NE(refusal(serializeWorldHierarchyParts(moved)).find("not legal"), std::string::npos);
}

TEST(WorldSerialization, AnUnknownOptionalSectionIsSkippedAndAnUnknownRequiredOneRefused) {
  const std::vector<uint8_t> bytes = smallBytes();
  const std::vector<uint8_t> extra = {1, 2, 3, 4};
  const WorldHierarchy loaded = load(withSection(bytes, "future", extra, false));
  EXPECT_EQ(serializeWorldHierarchy(loaded), bytes);
  const std::string error = refusal(withSection(bytes, "future", extra, true));
  EXPECT_NE(error.find("section 'future' at byte"), std::string::npos) << error;
  EXPECT_NE(error.find("required section this reader does not know"), std::string::npos) << error;
}

TEST(WorldSerialization, ForeignBytesAndOtherVersionsAreRefused) {
  const std::vector<uint8_t> bytes = smallBytes();
  EXPECT_TRUE(isWorldHierarchyBytes(bytes));
  const std::vector<uint8_t> grid = {'H', 'P', 'A', 'S', 'T', 'A', 'R', 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_FALSE(isWorldHierarchyBytes(grid));
  EXPECT_NE(refusal(grid).find("not a block-world hierarchy"), std::string::npos) << refusal(grid);
  EXPECT_NE(refusal({}).find("not a block-world hierarchy"), std::string::npos);
  std::vector<uint8_t> later = bytes;
  later[8] = static_cast<uint8_t>(kWorldHierarchyFormatVersion + 1);
  EXPECT_NE(refusal(later).find("format version 4 is not one this reader knows (1..3)"), std::string::npos)
      << refusal(later);
  std::vector<uint8_t> tail = bytes;
  tail.push_back(0);
  EXPECT_NE(refusal(tail).find("1 bytes after the last section"), std::string::npos) << refusal(tail);
}

// A world with a cost layer keeps it: the same weighted paths and costs after loading; a layer that is
// not the one the edges were costed under, or a value of 0, is refused.
TEST(WorldSerialization, AWeightedWorldLoadsWithItsCostLayerAndTheSamePaths) {
  BlockWorld w = generateWorld(WorldKind::Hills, 40, 32, 8, 6);
  std::vector<uint8_t> layer(static_cast<size_t>(w.cellCount()));
  SeededRandom values(9);
  for (uint8_t& v : layer) v = static_cast<uint8_t>(4 + values.below(77));
  ASSERT_EQ(w.setCostLayer(layer), "");
  const WorldHierarchy saved = buildHierarchy(w, boxesOf(8, 4, 2));
  const std::vector<uint8_t> bytes = serializeWorldHierarchy(saved);
  const WorldHierarchy loaded = load(bytes);
  EXPECT_EQ(loaded.world().costLayer(), layer);
  EXPECT_EQ(serializeWorldHierarchy(loaded), bytes);
  SeededRandom random(3);
  expectSameAnswers(saved, loaded, random, 300);

  WorldHierarchyParts otherLayer = saved.parts();
  std::vector<uint8_t> changed = layer;
  for (size_t i = 0; i < changed.size(); i += 7) changed[i] = static_cast<uint8_t>(changed[i] == 200 ? 100 : 200);
  ASSERT_EQ(otherLayer.world.setCostLayer(changed), "");
  EXPECT_NE(refusal(serializeWorldHierarchyParts(otherLayer)), "");
  WorldHierarchyParts unweighted = saved.parts();
  unweighted.world.clearCostLayer();
  EXPECT_NE(refusal(serializeWorldHierarchyParts(unweighted)), "");
  // Forged layers, checksums signed again: a 0, one byte short.
  std::vector<uint8_t> zero = layer;
  zero[123] = 0;
  EXPECT_NE(refusal(withSection(bytes, "costs", zero)).find("0"), std::string::npos);
  const std::vector<uint8_t> shortLayer(layer.begin(), layer.end() - 1);
  EXPECT_NE(refusal(withSection(bytes, "costs", shortLayer)), "");
}

}  // namespace
}  // namespace hpastar
