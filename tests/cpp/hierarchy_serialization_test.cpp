#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "HierarchyBytes.h"
#include "HierarchyDump.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "io/SectionedFormat.h"

namespace hpastar {
namespace {

TEST(HierarchySerialization, RoundTripGivesTheSameHierarchyAndTheSamePaths) {
  Grid g = test::loadMap("den520d.map");
  HierarchyOptions o;
  o.levels = 3;
  o.cachePaths = true;
  o.cacheTrees = true;
  Hierarchy h = test::buildHierarchy(g, o);
  // Some edits first, so that freed ids and a version number are part of what is stored.
  ASSERT_EQ(h.fillRect(Rect{100, 100, 130, 104}, '@'), "");
  ASSERT_EQ(h.fillRect(Rect{110, 100, 112, 104}, '.'), "");
  const auto bytes = serializeHierarchy(h);
  std::string error;
  auto loaded = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
  EXPECT_EQ(loaded->version(), h.version());
  EXPECT_EQ(loaded->stats().components, h.stats().components);
  EXPECT_EQ(loaded->stats().levels[1].intraEdges, h.stats().levels[1].intraEdges);
  EXPECT_EQ(serializeHierarchy(*loaded), bytes);  // byte-identical
  const auto scenarios = test::loadScenarios("den520d.map", g);
  HpaStarQuery a(h), b(*loaded);
  PathResult ra, rb;
  for (size_t i = 0; i < scenarios.size(); i += 5) {
    const Scenario& s = scenarios[i];
    ra.reset();
    rb.reset();
    const PathStatus sa = a.findPath(s.start, s.goal, ra), sb = b.findPath(s.start, s.goal, rb);
    ASSERT_EQ(sa, sb);
    if (sa != PathStatus::Found) continue;
    EXPECT_TRUE(test::isValidPath(loaded->grid(), s.start, s.goal, rb));
    EXPECT_EQ(ra.cells, rb.cells);
  }
  // The loaded hierarchy keeps accepting edits.
  ASSERT_EQ(loaded->fillRect(Rect{50, 50, 60, 52}, '@'), "");
  ASSERT_EQ(h.fillRect(Rect{50, 50, 60, 52}, '@'), "");
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
}

// Every option the table marks as stored survives a save and a load, one field at a time set away from
// its default: a field added to HierarchyOptions::fields() but not to the format fails here, as does a
// format whose option count was not raised with it.
TEST(HierarchySerialization, EveryStoredOptionOfTheTableRoundTrips) {
  const auto fields = HierarchyOptions::fields();
  ASSERT_EQ(storedOptionCount(fields), storedHierarchyOptionCount(kHierarchyFormatVersion));
  Grid g = test::loadMap("arena.map");
  for (const OptionField<HierarchyOptions>& f : fields) {
    if (!f.stored) continue;
    HierarchyOptions o;
    const double was = f.get(o);
    double other = was + 1;
    if (f.kind == OptionKind::Flag) other = was == 0 ? 1 : 0;
    if (f.kind == OptionKind::Choice) other = std::fmod(was + 1, static_cast<double>(f.choices.size()));
    if (f.kind != OptionKind::Flag && f.kind != OptionKind::Choice && other > f.max) other = was - 1;
    f.set(o, other);
    // Merged clusters: a side of at least the cluster size the merge starts from.
    if (std::string_view(f.name) == "mergedClusterSide") o.mergedClusterSide = 2 * o.clusterSize;
    ASSERT_EQ(o.validate(), "") << f.name;
    const Hierarchy h = test::buildHierarchy(g, o);
    std::string error;
    const auto loaded = deserializeHierarchy(serializeHierarchy(h), error);
    ASSERT_TRUE(loaded) << f.name << ": " << error;
    for (const OptionField<HierarchyOptions>& each : fields) {
      if (!each.stored) continue;
      EXPECT_EQ(each.get(loaded->options()), each.get(o)) << f.name << " set, " << each.name << " read";
    }
  }
}

TEST(HierarchySerialization, RefusesForeignTruncatedCorruptedAndNewerBytesWithClearErrors) {
  const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), HierarchyOptions{});
  const auto good = serializeHierarchy(h);
  std::string error;
  auto refused = [&](std::vector<uint8_t> bytes) {
    error.clear();
    return !deserializeHierarchy(bytes, error).has_value();
  };
  EXPECT_TRUE(refused({}));
  EXPECT_EQ(error, "not an hpastar hierarchy (the bytes do not start with HPASTAR)");
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_TRUE(refused(png));
  EXPECT_EQ(error, "not an hpastar hierarchy (the bytes do not start with HPASTAR)");
  auto newer = good;
  newer[8] = 99;
  EXPECT_TRUE(refused(newer));
  EXPECT_EQ(error, "hierarchy format version 99 is not supported (this build reads versions " +
                       std::to_string(kOldestHierarchyFormatVersion) + " to " +
                       std::to_string(kHierarchyFormatVersion) + ")");
  auto truncated = good;
  truncated.resize(good.size() - 100);
  EXPECT_TRUE(refused(truncated));
  const test::SectionPlace trees = test::findSection(good, "trees1");
  EXPECT_EQ(error, "section 'trees1' at byte " + groupedNumber(trees.entry) + ": length " +
                       groupedNumber(trees.length) + " runs past the end (" + groupedNumber(truncated.size()) +
                       " bytes)");
  auto flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  EXPECT_TRUE(refused(flipped));
  EXPECT_NE(error.find("checksum differs"), std::string::npos) << error;
  // Consistent checksums, inconsistent contents: the grid's width made huge, named with its section and byte.
  const test::SectionPlace grid = test::findSection(good, "grid");
  auto forged = good;
  test::writeLE(forged, grid.offset, 4, 0xFFFF);
  test::resignSections(forged);
  EXPECT_TRUE(refused(forged));
  EXPECT_EQ(error.rfind("section 'grid' at byte " + groupedNumber(grid.offset) + ": ", 0), 0u) << error;
  EXPECT_NE(error.find("65535"), std::string::npos) << error;
}

// Each section's counts are checked where they stand: the error names the section, the byte and the value.
TEST(HierarchySerialization, ForgedSectionsAreRefusedNamingSectionByteAndValue) {
  const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), HierarchyOptions{});
  const auto good = serializeHierarchy(h);
  std::string error;
  auto refusal = [&](const std::vector<uint8_t>& bytes) {
    error.clear();
    EXPECT_FALSE(deserializeHierarchy(bytes, error).has_value());
    return error;
  };
  const test::SectionPlace graph = test::findSection(good, "graph1");
  const uint64_t clusters = test::readLE(good, graph.offset, 4);
  auto forged = good;
  test::writeLE(forged, graph.offset, 4, clusters + 1);
  test::resignSections(forged);
  EXPECT_EQ(refusal(forged), "section 'graph1' at byte " + groupedNumber(graph.offset + 4) + ": cluster count " +
                                 groupedNumber(clusters + 1) + ", the options give level 1 " + groupedNumber(clusters));
  const test::SectionPlace nodes = test::findSection(good, "nodes");
  forged = good;
  test::writeLE(forged, nodes.offset + 8, 4, 0x7FFFFFFF);
  test::resignSections(forged);
  EXPECT_EQ(refusal(forged), "section 'nodes' at byte " + groupedNumber(nodes.offset + 8) +
                                 ": node count 2,147,483,647 needs 19,327,352,823 bytes, " +
                                 groupedNumber(nodes.length - 12) + " are left");
  // A required section renamed: unknown to the reader, refused by name.
  forged = good;
  forged[test::findSection(good, "trees1").entry] = 'x';
  EXPECT_NE(refusal(forged).find("section 'xrees1'"), std::string::npos) << error;
  EXPECT_NE(error.find("a required section this reader does not know"), std::string::npos) << error;
}

// The writer sizes its output first: what serializedHierarchySize says, allocated once.
TEST(HierarchySerialization, TheWriterAllocatesTheSizeItCounted) {
  HierarchyOptions o;
  o.levels = 2;
  o.cachePaths = true;
  o.cacheTrees = true;
  const Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), o);
  const auto bytes = serializeHierarchy(h);
  EXPECT_EQ(bytes.size(), serializedHierarchySize(h));
  EXPECT_EQ(bytes.capacity(), bytes.size());
}

// tests/cpp/fixtures/arena-format6.hpa, written by format 6's writer (the fixture's README says how):
// it loads, answers as a fresh build of the same options, and saves again as today's format.
TEST(HierarchySerialization, Format6FixtureLoadsAndAnswersLikeAFreshBuild) {
  const Grid g = test::loadMap("arena.map");
  const Hierarchy fresh = test::buildHierarchy(g, test::format6FixtureOptions());
  const std::vector<uint8_t> fixture = test::format6Fixture();
  ASSERT_EQ(test::readLE(fixture, 8, 4), 6u);
  std::string error;
  const auto loaded = deserializeHierarchy(fixture, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(fresh));
  EXPECT_EQ(serializeHierarchy(*loaded), serializeHierarchy(fresh));
  HpaStarQuery a(fresh), b(*loaded);
  PathResult ra, rb;
  int found = 0;
  for (const Scenario& s : test::loadScenarios("arena.map", g)) {
    ra.reset();
    rb.reset();
    const PathStatus sa = a.findPath(s.start, s.goal, ra);
    ASSERT_EQ(b.findPath(s.start, s.goal, rb), sa);
    found += sa == PathStatus::Found ? 1 : 0;
    EXPECT_EQ(ra.cells, rb.cells);
    EXPECT_EQ(ra.cost, rb.cost);
  }
  EXPECT_GT(found, 0);
  const auto sizes = readStoredHierarchySizes(fixture);
  ASSERT_TRUE(sizes);
  EXPECT_EQ(sizes->nodes, fresh.nodeCount());
}

TEST(HierarchySerialization, ChecksumIsStandardFnv1a64AndOlderFormatsStillLoad) {
  // Published FNV-1a 64 test vectors: "" and "a".
  const uint8_t a = 'a';
  EXPECT_EQ(hierarchyChecksum({}, kHierarchyFormatVersion), 0xcbf29ce484222325ull);
  EXPECT_EQ(hierarchyChecksum({&a, 1}, kHierarchyFormatVersion), 0xaf63dc4c8601ec8cull);
  const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), test::format6FixtureOptions());
  auto bytes = test::format6Fixture();
  EXPECT_EQ(test::fnv1a(bytes.data() + 20, bytes.size() - 28), test::readLE(bytes, bytes.size() - 8, 8));
  // The same payload as format 3 (without the terrain costs of format 5: 5 multipliers and the layer
  // flag after the terrain), signed with the offset basis versions 2 and 3 used.
  test::dropTerrainCosts(bytes, static_cast<size_t>(h.grid().cellCount()));
  bytes[8] = 3;
  const uint64_t old = hierarchyChecksum({bytes.data() + 20, bytes.size() - 28}, 3);
  for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = static_cast<uint8_t>(old >> (8 * i));
  std::string error;
  auto loaded = deserializeHierarchy(bytes, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(test::dumpHierarchy(*loaded) == test::dumpHierarchy(h));
  // The flat layout's refusals name the payload and the byte.
  bytes[20] = 0xFF;
  bytes[21] = 0xFF;
  test::resignHierarchyBytes(bytes);
  EXPECT_FALSE(deserializeHierarchy(bytes, error));
  EXPECT_EQ(error.rfind("section 'payload' at byte 20: ", 0), 0u) << error;
}

TEST(HierarchySerialization, RandomlyDamagedBytesWithForgedChecksumsNeverCrash) {
  HierarchyOptions o;
  o.levels = 2;
  o.cacheTrees = true;
  o.cachePaths = true;
  o.clusterSize = 8;
  const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), o);
  const auto good = serializeHierarchy(h);
  std::mt19937 rng(9);
  int refused = 0, loaded = 0;
  PathResult r;
  for (int i = 0; i < 400; ++i) {
    auto bytes = good;
    const int flips = 1 + static_cast<int>(rng() % 4);
    // Past the table, in the sections' bytes.
    const size_t first = test::findSection(good, "options").offset;
    for (int f = 0; f < flips; ++f)
      bytes[first + rng() % (bytes.size() - first)] ^= static_cast<uint8_t>(1u << (rng() % 8));
    test::resignSections(bytes);
    std::string error;
    auto result = deserializeHierarchy(bytes, error);
    if (!result) {
      ++refused;
      EXPECT_FALSE(error.empty());
      continue;
    }
    ++loaded;
    // Whatever loads must answer queries without crashing or hanging.
    HpaStarQuery q(*result);
    for (int k = 0; k < 5; ++k) {
      const Point s{static_cast<int>(rng() % 49), static_cast<int>(rng() % 49)};
      const Point t{static_cast<int>(rng() % 49), static_cast<int>(rng() % 49)};
      r.reset();
      q.findPath(s, t, r);
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_EQ(refused + loaded, 400);
}

}  // namespace
}  // namespace hpastar
