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

namespace hpastar {
namespace {

using test::resignHierarchyBytes;

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
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
  auto flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  EXPECT_TRUE(refused(flipped));
  EXPECT_EQ(error, "hierarchy bytes are corrupted (checksum mismatch)");
  // Consistent checksum, inconsistent contents: the grid's width made huge.
  auto forged = good;
  forged[20] = 0xFF;
  forged[21] = 0xFF;
  resignHierarchyBytes(forged);
  EXPECT_TRUE(refused(forged));
  EXPECT_NE(error.find("inconsistent"), std::string::npos) << error;
}

TEST(HierarchySerialization, ChecksumIsStandardFnv1a64AndOlderFormatsStillLoad) {
  // Published FNV-1a 64 test vectors: "" and "a".
  const uint8_t a = 'a';
  EXPECT_EQ(hierarchyChecksum({}, kHierarchyFormatVersion), 0xcbf29ce484222325ull);
  EXPECT_EQ(hierarchyChecksum({&a, 1}, kHierarchyFormatVersion), 0xaf63dc4c8601ec8cull);
  const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), HierarchyOptions{});
  auto bytes = serializeHierarchy(h);
  EXPECT_EQ(test::fnv1a(bytes.data() + 20, bytes.size() - 28),
            hierarchyChecksum({bytes.data() + 20, bytes.size() - 28}, kHierarchyFormatVersion));
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
    for (int f = 0; f < flips; ++f) bytes[20 + rng() % (bytes.size() - 28)] ^= static_cast<uint8_t>(1u << (rng() % 8));
    resignHierarchyBytes(bytes);
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
