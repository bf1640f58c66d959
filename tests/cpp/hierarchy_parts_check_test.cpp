// Hostile hierarchy bytes: parts that no build could have produced are refused, by name, before
// anything is derived from them. Each case forges the parts of a real hierarchy, writes them with a
// valid checksum (serializeHierarchyParts) and loads them.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "HierarchyBytes.h"
#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/HierarchyPartsCheck.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "io/SectionedFormat.h"
#include "search/AStarSearch.h"

namespace hpastar {
namespace {

HierarchyOptions everyCache(int32_t levels) {
  HierarchyOptions o;
  o.clusterSize = 8;
  o.levels = levels;
  o.cachePaths = true;
  o.cacheTrees = true;
  return o;
}

const Hierarchy& arena2() {
  static const Hierarchy h = test::buildHierarchy(test::loadMap("arena.map"), everyCache(2));
  return h;
}

// A writable copy of one block of the parts.
ClusterBlock& editBlock(HierarchyParts& parts, int32_t level, int32_t cluster) {
  auto& slot = parts.blocks[static_cast<size_t>(level - 1)][static_cast<size_t>(cluster)];
  auto copy = std::make_shared<ClusterBlock>(*slot);
  ClusterBlock& b = *copy;
  slot = std::move(copy);
  return b;
}

// The first level-1 cluster with at least `nodes` nodes and one intra-edge.
int32_t busyCluster(const Hierarchy& h, size_t nodes = 2) {
  for (int32_t c = 0; c < h.layout(1).count(); ++c)
    if (h.block(1, c).nodes.size() >= nodes && h.block(1, c).intraEdges > 0) return c;
  return -1;
}

// Index of the first intra-edge of block `b` (an edge to a node of the same block).
size_t firstIntraEdge(const ClusterBlock& b) {
  for (size_t e = 0; e < b.edges.size(); ++e)
    if (b.indexOf(b.edges[e].to) >= 0) return e;
  return b.edges.size();
}

std::string loadError(const HierarchyParts& parts) {
  std::string error;
  auto loaded = deserializeHierarchy(serializeHierarchyParts(parts), error);
  return loaded ? "" : error;
}

::testing::AssertionResult refusedWith(const HierarchyParts& parts, const std::string& words) {
  const std::string error = loadError(parts);
  if (error.empty()) return ::testing::AssertionFailure() << "loaded";
  if (error.find(words) == std::string::npos) return ::testing::AssertionFailure() << "error: " << error;
  return ::testing::AssertionSuccess() << error;
}

TEST(HierarchyPartsCheck, PartsOfRealBuildsAndTheirEditsPass) {
  for (int32_t levels = 1; levels <= 3; ++levels) {
    HierarchyOptions o = everyCache(levels);
    o.landmarks = 4;
    o.distanceTable = true;
    Hierarchy h = test::buildHierarchy(test::loadMap("den520d.map"), o);
    EXPECT_EQ(checkHierarchyParts(h.parts()), "");
    ASSERT_EQ(h.fillRect(Rect{100, 100, 130, 104}, '@'), "");
    ASSERT_EQ(h.fillRect(Rect{110, 100, 112, 104}, '.'), "");
    EXPECT_EQ(checkHierarchyParts(h.parts()), "") << "levels " << levels;
  }
  // Entrance width 1: a one-cell entrance gets the same transition from both its ends (found by
  // fuzz_api_sequence: such a hierarchy was refused once saved).
  HierarchyOptions narrow;
  narrow.entranceWidth = 1;
  narrow.levels = 2;
  EXPECT_EQ(checkHierarchyParts(test::buildHierarchy(test::loadMap("den520d.map"), narrow).parts()), "");
  HierarchyOptions plain;
  plain.pruneEdges = false;
  EXPECT_EQ(checkHierarchyParts(test::buildHierarchy(test::loadMap("brc202d.map"), plain).parts()), "");
}

TEST(HierarchyPartsCheck, ForgedRegionCountIsRefusedBeforeComponentsAreBuilt) {
  HierarchyParts parts = arena2().parts();
  editBlock(parts, 1, 0).regionCount = 0x40000000u;  // once crashed rebuildComponents, or took gigabytes
  EXPECT_TRUE(refusedWith(parts, "region labels are not the grid's (level 1, cluster 0)"));
}

TEST(HierarchyPartsCheck, CachedPathWithANonAdjacentCellIsRefused) {
  HierarchyParts parts = arena2().parts();
  const int32_t c = busyCluster(arena2());
  ClusterBlock& b = editBlock(parts, 1, c);
  ASSERT_GE(b.pathCells.size(), 3u);
  // The middle cell of the first stored path moved two columns away.
  const uint32_t k = b.pathSpans[0].first + b.pathSpans[0].second / 2;
  b.pathCells[k].x += b.pathCells[k].x > 2 ? -2 : 2;
  EXPECT_TRUE(refusedWith(parts, "stored path"));
}

TEST(HierarchyPartsCheck, CachedPathCellFarOutsideTheMapIsRefusedWithoutOverflow) {
  // Found by fuzz_hierarchy_loader: the step from a cell at x = INT_MIN overflowed before the cell was
  // checked (UBSan in npm run test:asan).
  HierarchyParts parts = arena2().parts();
  ClusterBlock& b = editBlock(parts, 1, busyCluster(arena2()));
  ASSERT_GE(b.pathSpans[0].second, 3u);
  b.pathCells[b.pathSpans[0].first + 1].x = std::numeric_limits<int32_t>::min();
  EXPECT_TRUE(refusedWith(parts, "makes an illegal step"));
}

TEST(HierarchyPartsCheck, EdgeCostsThatAreInfiniteHugeNegativeOrBelowTheStraightLineAreRefused) {
  const int32_t c = busyCluster(arena2());
  for (float cost : {std::numeric_limits<float>::infinity(), 1e38f, std::nanf(""), -1.0f, 0.0f}) {
    HierarchyParts parts = arena2().parts();
    ClusterBlock& b = editBlock(parts, 1, c);
    const size_t e = firstIntraEdge(b);
    ASSERT_LT(e, b.edges.size());
    b.edges[e].cost = cost;
    EXPECT_TRUE(refusedWith(parts, "has an impossible cost")) << cost;
  }
}

TEST(HierarchyPartsCheck, IntraEdgesMustComeInPairsAndKeepRegionsJoined) {
  const int32_t c = busyCluster(arena2());
  {
    HierarchyParts parts = arena2().parts();
    ClusterBlock& b = editBlock(parts, 1, c);
    b.edges[firstIntraEdge(b)].cost += 1.0f;  // plausible, but its twin differs
    EXPECT_TRUE(refusedWith(parts, "has no twin"));
  }
  {
    // Every intra-edge dropped: the nodes of one region are no longer joined.
    HierarchyParts parts = arena2().parts();
    ClusterBlock& b = editBlock(parts, 1, c);
    std::vector<AbstractEdge> kept;
    std::vector<uint32_t> refs;
    std::vector<uint32_t> offsets{0};
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      for (uint32_t e = b.offsets[i]; e < b.offsets[i + 1]; ++e)
        if (b.indexOf(b.edges[e].to) < 0) {
          kept.push_back(b.edges[e]);
          refs.push_back(b.pathRef[e]);
        }
      offsets.push_back(static_cast<uint32_t>(kept.size()));
    }
    b.edges = kept;
    b.pathRef = refs;
    b.offsets = offsets;
    b.intraEdges = 0;
    b.pathSpans.clear();
    b.pathCells.clear();
    EXPECT_TRUE(refusedWith(parts, "apart from its region"));
  }
}

TEST(HierarchyPartsCheck, NodesMustBeTheTransitionsOfTheGrid) {
  const int32_t c = busyCluster(arena2());
  {
    HierarchyParts parts = arena2().parts();
    const uint32_t n = parts.blocks[0][static_cast<size_t>(c)]->nodes[0];
    parts.nodeCells[n].x += 1;  // moved off its transition
    EXPECT_FALSE(loadError(parts).empty());
  }
  {
    HierarchyParts parts = arena2().parts();
    const uint32_t n = parts.blocks[0][static_cast<size_t>(c)]->nodes[0];
    parts.nodeLevels[n] = 0;  // in use, but marked unused
    EXPECT_TRUE(refusedWith(parts, "not in the free list"));
  }
  {
    HierarchyParts parts = arena2().parts();
    parts.freeNodes.push_back(parts.blocks[0][static_cast<size_t>(c)]->nodes[0]);
    EXPECT_TRUE(refusedWith(parts, "is in use"));
  }
  {
    HierarchyParts parts = arena2().parts();
    parts.nodeCells.push_back(Point{0, 0});  // an id nobody lists
    parts.nodeLevels.push_back(0);
    EXPECT_TRUE(refusedWith(parts, "not in the free list"));
  }
  {
    HierarchyParts parts = arena2().parts();
    const uint32_t n = parts.blocks[0][static_cast<size_t>(c)]->nodes[0];
    parts.nodeLevels[n] = 2;  // promoted without crossing a level-2 border
    EXPECT_FALSE(loadError(parts).empty());
  }
}

TEST(HierarchyPartsCheck, DhpaTreesMustWalkLegallyToTheirNode) {
  const int32_t c = busyCluster(arena2());
  const Rect area = arena2().layout(1).rect(c);
  const size_t cells = static_cast<size_t>(area.area());
  const ClusterBlock& good = arena2().block(1, c);
  // A reachable cell of the first tree that is not the node itself.
  size_t local = 0;
  while (good.treeDirection[local] == 0xFF) ++local;
  ASSERT_LT(local, cells);
  {
    HierarchyParts parts = arena2().parts();
    editBlock(parts, 1, c).treeDirection[local] = 9;
    EXPECT_TRUE(refusedWith(parts, "makes an illegal step"));
  }
  {
    // Pointing back where the step came from: a two-cell cycle. Distances made equal so that only the
    // cycle gives it away when the tree's scale makes steps shorter than one unit.
    HierarchyParts parts = arena2().parts();
    ClusterBlock& b = editBlock(parts, 1, c);
    const int d = b.treeDirection[local];
    const int32_t w = area.width();
    const size_t next = static_cast<size_t>(static_cast<int64_t>(local) + kDirDy[d] * w + kDirDx[d]);
    if (b.treeDirection[next] != 0xFF) {
      b.treeDirection[next] = static_cast<uint8_t>(oppositeDir(d));
      EXPECT_FALSE(loadError(parts).empty());
    }
  }
  {
    HierarchyParts parts = arena2().parts();
    editBlock(parts, 1, c).treeDistance[local] = 60000;  // far from what its step costs
    EXPECT_TRUE(refusedWith(parts, "does not match its step"));
  }
  {
    HierarchyParts parts = arena2().parts();
    ClusterBlock& b = editBlock(parts, 1, c);
    b.treeDistance.pop_back();
    EXPECT_TRUE(refusedWith(parts, "tree sizes do not match"));
  }
}

TEST(HierarchyPartsCheck, UpperLevelsMustFollowTheLevelBelow) {
  const Hierarchy& h = arena2();
  int32_t c = 0;
  while (c < h.layout(2).count() && h.block(2, c).intraEdges == 0) ++c;
  ASSERT_LT(c, h.layout(2).count());
  {
    HierarchyParts parts = h.parts();
    ClusterBlock& b = editBlock(parts, 2, c);
    ASSERT_FALSE(b.pathNodes.empty());
    // A stored node path whose middle node is replaced by its first: it no longer follows level-1 edges.
    for (const auto& [first, length] : b.pathSpans)
      if (length >= 3) {
        b.pathNodes[first + 1] = b.pathNodes[first + length - 1];
        break;
      }
    EXPECT_FALSE(loadError(parts).empty());
  }
  {
    HierarchyParts parts = h.parts();
    ClusterBlock& b = editBlock(parts, 2, c);
    b.regionCount = 1;  // level-1 data in an upper block
    EXPECT_TRUE(refusedWith(parts, "upper-level block holds level-1 data"));
  }
}

TEST(HierarchyPartsCheck, CountsTheBytesCannotHoldAreRefusedBeforeAllocating) {
  std::vector<uint8_t> bytes = serializeHierarchy(arena2());
  // The grid claimed as 4096 x 4096: 16 MiB of terrain the grid section cannot hold.
  const test::SectionPlace grid = test::findSection(bytes, "grid");
  test::writeLE(bytes, grid.offset, 4, 4096);
  test::writeLE(bytes, grid.offset + 4, 4, 4096);
  test::resignSections(bytes);
  std::string error;
  EXPECT_FALSE(deserializeHierarchy(bytes, error));
  EXPECT_EQ(error, "section 'grid' at byte " + groupedNumber(grid.offset + 8) +
                       ": 16,777,216 bytes run past the section's end (" + groupedNumber(grid.length - 8) + " left)");
}

// Whatever damage the loader lets through answers like A*: every found path legal, no path missed.
TEST(HierarchyPartsCheck, RandomlyDamagedPartsThatLoadAnswerLikeAStar) {
  const Hierarchy& h = arena2();
  const Grid& g = h.grid();
  std::mt19937 rng(21);
  AStarSearch astar;
  PathResult r, ar;
  int loaded = 0, refused = 0;
  for (int round = 0; round < 300; ++round) {
    HierarchyParts parts = h.parts();
    const int32_t level = 1 + static_cast<int32_t>(rng() % 2);
    const int32_t c = static_cast<int32_t>(rng() % static_cast<uint32_t>(h.layout(level).count()));
    ClusterBlock& b = editBlock(parts, level, c);
    // One field of one block nudged.
    std::vector<std::function<void()>> damage = {
        [&] {
          if (!b.edges.empty()) b.edges[rng() % b.edges.size()].cost *= 0.5f + static_cast<float>(rng() % 3);
        },
        [&] {
          if (!b.edges.empty()) b.edges[rng() % b.edges.size()].to ^= 1u;
        },
        [&] {
          if (!b.pathCells.empty()) b.pathCells[rng() % b.pathCells.size()].y += 1;
        },
        [&] {
          if (!b.pathNodes.empty()) b.pathNodes[rng() % b.pathNodes.size()] ^= 2u;
        },
        [&] {
          if (!b.treeDirection.empty()) b.treeDirection[rng() % b.treeDirection.size()] = rng() % 8;
        },
        [&] {
          if (!b.treeDistance.empty()) b.treeDistance[rng() % b.treeDistance.size()] += 1;
        },
        [&] {
          if (!b.regions.empty()) b.regions[rng() % b.regions.size()] ^= 1u;
        },
        [&] {
          if (!b.interLinks.empty()) b.interLinks[rng() % b.interLinks.size()].second ^= 1u;
        },
        [&] {
          if (!b.nodes.empty()) parts.nodeLevels[b.nodes[rng() % b.nodes.size()]] ^= 1u;
        },
    };
    damage[rng() % damage.size()]();
    std::string error;
    auto result = deserializeHierarchy(serializeHierarchyParts(parts), error);
    if (!result) {
      ++refused;
      continue;
    }
    ++loaded;
    // Terrain changes on what was loaded (these once crashed in rebuildUpperLevel), then queries.
    const Point wall = test::randomPassable(g, rng);
    ASSERT_EQ(result->fillRect(Rect{wall.x, wall.y, wall.x + 3, wall.y + 1}, '@'), "");
    const Grid& now = result->grid();
    HpaStarQuery q(*result);
    for (int k = 0; k < 10; ++k) {
      const Point s = test::randomPassable(now, rng), t = test::randomPassable(now, rng);
      r.reset();
      ar.reset();
      const PathStatus status = q.findPath(s, t, r);
      astar.findPath(now, s, t, ar);
      ASSERT_EQ(status == PathStatus::Found, ar.status == PathStatus::Found) << "round " << round;
      if (status == PathStatus::Found) {
        ASSERT_TRUE(test::isValidPath(now, s, t, r)) << "round " << round;
      }
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_EQ(loaded + refused, 300);
}

}  // namespace
}  // namespace hpastar
