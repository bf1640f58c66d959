// Any-angle paths on block worlds (WorldAnyAngleShaper, WorldHpaQueryOptions::anyAngle): every line legal on
// its level by the independent checker of the grid tests (AnyAngleChecks.h) run on a grid drawn from the
// level's standing cells, every level change one of the world's moves, the length recomputed, never
// longer than the cell path, and within 1% of the exact shortest path of the same model on average
// (an A* over a visibility graph of the world, below).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "AnyAngleChecks.h"
#include "BlockWorlds.h"
#include "TestMaps.h"
#include "WorldChecks.h"
#include "grid/SweptLine.h"
#include "search/VisibilityGraph.h"
#include "world/SeededRandom.h"
#include "world/WorldAStar.h"
#include "world/WorldAnyAngleShaper.h"
#include "world/WorldFloor.h"
#include "world/WorldGenerator.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

namespace hpastar {
namespace {

using test::drawWorld;

// Level z of `world` as a grid of its own: '.' where an agent stands, '@' elsewhere.
Grid floorGrid(const BlockWorld& world, int32_t z) {
  std::vector<std::string> rows;
  for (int32_t y = 0; y < world.height(); ++y) {
    std::string row;
    for (int32_t x = 0; x < world.width(); ++x) row += world.standing(x, y, z) ? '.' : '@';
    rows.push_back(row);
  }
  return test::drawGrid(rows);
}

// "" or the first problem of an any-angle world path: its ends, each line clear on its level
// (bruteLineClear on floorGrid), each level change a legal move, `length` the sum recomputed.
std::string worldAnyAngleProblem(const BlockWorld& world, const std::vector<Grid>& floors, Voxel start, Voxel goal,
                                 const std::vector<Voxel>& corners, double length) {
  if (corners.empty()) return "no corners";
  if (corners.front() != start) return "starts at " + voxelText(corners.front());
  if (corners.back() != goal) return "ends at " + voxelText(corners.back());
  double sum = 0;
  for (size_t i = 1; i < corners.size(); ++i) {
    const Voxel a = corners[i - 1], b = corners[i];
    if (a.z == b.z) {
      if (!test::bruteLineClear(floors[static_cast<size_t>(a.z)], Point{a.x, a.y}, Point{b.x, b.y}))
        return "line " + voxelText(a) + " -> " + voxelText(b) + " is blocked";
      sum += std::hypot(double(b.x - a.x), double(b.y - a.y));
    } else {
      const int m = worldMoveBetween(world, a, b);
      if (m < 0) return voxelText(a) + " -> " + voxelText(b) + " changes level by no move";
      sum += kWorldMoveCost[m];
    }
  }
  if (std::abs(sum - length) > 1e-9 * std::max(1.0, sum))
    return "length " + std::to_string(length) + " differs from the recomputed " + std::to_string(sum);
  return "";
}

// The exact shortest path of the shaper's model (straight lines on a level, the world's moves between
// levels), by A* over a visibility graph: on a level a shortest path bends only at the floor's bend
// corners (VisibilityGraph.h) and at the cells where it changes level, so those, the start and the goal
// hold one. Heuristic max(horizontal distance, levels): no line or move covers more ground than it costs,
// and none changes more levels than it costs (consistent). For small worlds: each expansion looks at
// every node of its level.
class WorldVisibilityOracle {
 public:
  explicit WorldVisibilityOracle(const BlockWorld& world) : world_(world), perLevel_(world.levels()) {
    for (int32_t z = 0; z < world.levels(); ++z) {
      floors_.push_back(floorGrid(world, z));
      const VisibilityGraph level(floors_.back(), &sweptLineClear<Grid>);
      for (const Point p : level.corners()) nodeOf(Voxel{p.x, p.y, z});
    }
    for (const Voxel v : test::standingCells(world))
      for (int m = kClimbUp; m < kWorldMoveCount; ++m)
        if (world.canMove(v, m)) {
          const Voxel to{v.x + kWorldMoveDx[m], v.y + kWorldMoveDy[m], v.z + kWorldMoveDz[m]};
          const int32_t from = nodeOf(v), into = nodeOf(to);
          levelMoves_[static_cast<size_t>(from)].push_back({into, kWorldMoveCost[m]});
        }
    fixedNodes_ = nodes_.size();
  }

  const std::vector<Grid>& floors() const { return floors_; }

  double shortest(Voxel start, Voxel goal) {
    const int32_t s = nodeOf(start), g = nodeOf(goal);
    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::vector<double> dist(nodes_.size(), kInf);
    std::vector<uint8_t> closed(nodes_.size(), 0);
    auto bound = [&](int32_t n) {
      const Voxel v = nodes_[static_cast<size_t>(n)];
      return std::max(std::hypot(double(v.x - goal.x), double(v.y - goal.y)), double(std::abs(v.z - goal.z)));
    };
    dist[static_cast<size_t>(s)] = 0;
    double result = kInf;
    for (;;) {
      int32_t u = -1;
      for (size_t n = 0; n < nodes_.size(); ++n)
        if (!closed[n] && dist[n] < kInf && (u < 0 || dist[n] + bound(int32_t(n)) < dist[size_t(u)] + bound(u)))
          u = static_cast<int32_t>(n);
      if (u < 0) break;
      if (u == g) {
        result = dist[static_cast<size_t>(u)];
        break;
      }
      closed[static_cast<size_t>(u)] = 1;
      relaxFrom(u, dist, closed);
    }
    dropQueryNodes();
    return result;
  }

 private:
  struct Move {
    int32_t to;
    double cost;
  };

  int32_t nodeOf(Voxel v) {
    const auto [it, added] = ids_.try_emplace(world_.index(v), static_cast<int32_t>(nodes_.size()));
    if (added) {
      nodes_.push_back(v);
      levelMoves_.emplace_back();
      perLevel_[static_cast<size_t>(v.z)].push_back(it->second);
    }
    return it->second;
  }

  void relaxFrom(int32_t u, std::vector<double>& dist, const std::vector<uint8_t>& closed) {
    const Voxel a = nodes_[static_cast<size_t>(u)];
    const double du = dist[static_cast<size_t>(u)];
    for (const Move& m : levelMoves_[static_cast<size_t>(u)])
      dist[static_cast<size_t>(m.to)] = std::min(dist[static_cast<size_t>(m.to)], du + m.cost);
    for (const int32_t n : perLevel_[static_cast<size_t>(a.z)]) {
      const Voxel b = nodes_[static_cast<size_t>(n)];
      const double through = du + std::hypot(double(b.x - a.x), double(b.y - a.y));
      if (closed[static_cast<size_t>(n)] || through >= dist[static_cast<size_t>(n)]) continue;
      if (sweptLineClear(floors_[static_cast<size_t>(a.z)], Point{a.x, a.y}, Point{b.x, b.y}))
        dist[static_cast<size_t>(n)] = through;
    }
  }

  // The start and goal, when they were no node of the graph, leave it again.
  void dropQueryNodes() {
    while (nodes_.size() > fixedNodes_) {
      const Voxel v = nodes_.back();
      ids_.erase(world_.index(v));
      perLevel_[static_cast<size_t>(v.z)].pop_back();
      nodes_.pop_back();
      levelMoves_.pop_back();
    }
  }

  const BlockWorld& world_;
  std::vector<Grid> floors_;
  std::vector<Voxel> nodes_;
  std::vector<std::vector<Move>> levelMoves_;  // per node, the moves between levels from its cell
  std::vector<std::vector<int32_t>> perLevel_;
  std::unordered_map<int32_t, int32_t> ids_;  // cell index -> node
  size_t fixedNodes_ = 0;
};

TEST(WorldAnyAngle, CrossesOpenGroundInOneLineAndKeepsTheClimb) {
  // Level 0 open but for a block at (6, 0) to climb onto (level 1 stands there only).
  const BlockWorld w = drawWorld({{"......#.", "........", "........"}, {"........", "........", "........"}});
  const WorldHierarchy h = test::buildHierarchy(w, test::boxesOf(4, 1, 1));
  WorldHpaQuery query(h);
  WorldHpaQueryOptions options;
  options.anyAngle = true;
  WorldPath path;
  ASSERT_EQ(query.findPath(Voxel{0, 0, 0}, Voxel{7, 2, 0}, path, options), PathStatus::Found);
  EXPECT_EQ(path.cells, (std::vector<Voxel>{Voxel{0, 0, 0}, Voxel{7, 2, 0}}));
  EXPECT_NEAR(path.cost, std::hypot(7.0, 2.0), 1e-12);
  // Up onto the block: a line to the cell beside it, the climb (cost 2), nothing after.
  ASSERT_EQ(query.findPath(Voxel{0, 2, 0}, Voxel{6, 0, 1}, path, options), PathStatus::Found);
  ASSERT_GE(path.cells.size(), 3u);
  EXPECT_EQ(path.cells.front(), (Voxel{0, 2, 0}));
  EXPECT_EQ(path.cells.back(), (Voxel{6, 0, 1}));
  const Voxel before = path.cells[path.cells.size() - 2];
  EXPECT_EQ(before.z, 0);
  EXPECT_GE(worldMoveBetween(w, before, path.cells.back()), kClimbUp);
  const std::vector<Grid> floors{floorGrid(w, 0), floorGrid(w, 1)};
  EXPECT_EQ(worldAnyAngleProblem(w, floors, Voxel{0, 2, 0}, Voxel{6, 0, 1}, path.cells, path.cost), "");
  EXPECT_EQ(path.cells.size(), 3u);            // one line, then the climb
  EXPECT_LT(path.cost, 3 + 2 * kSqrt2 + 2.0);  // shorter than the cell path: 3 straight, 2 diagonal steps, the climb
}

TEST(WorldAnyAngle, NeverCutsBetweenTwoDiagonalBlocksOrOverAHole) {
  // Two blocks touching at a corner on level 0, and a hole (air above air) at (5, 1) on level 1.
  const BlockWorld w = drawWorld({{"......", ".#....", "..#.##", "......"},
                                  {"######", "#####.", "######", "######"},
                                  {"......", "......", "......", "......"}});
  const std::vector<Grid> floors{floorGrid(w, 0), floorGrid(w, 1), floorGrid(w, 2)};
  WorldAnyAngleShaper shaper;
  std::vector<Voxel> corners;
  // A cell path around the lower block: pulling may not take a line between the blocks or through them.
  const std::vector<Voxel> around{Voxel{1, 0, 0}, Voxel{2, 0, 0}, Voxel{3, 1, 0}, Voxel{3, 2, 0},
                                  Voxel{3, 3, 0}, Voxel{2, 3, 0}, Voxel{1, 3, 0}, Voxel{0, 2, 0}};
  ASSERT_TRUE(validateWorldPath(w, around.front(), around.back(), around, 5 + 2 * kSqrt2).valid);
  const double length = shaper.shape(w, around, corners);
  EXPECT_EQ(worldAnyAngleProblem(w, floors, around.front(), around.back(), corners, length), "");
  EXPECT_FALSE(sweptLineClear(WorldFloor{w, 0}, Point{2, 1}, Point{1, 2}));  // between the two blocks
  EXPECT_TRUE(sweptLineClear(WorldFloor{w, 0}, Point{0, 0}, Point{5, 0}));   // along them
  // Level 2 stands on level 1's rock but over the hole at (5, 1): a line may not cross its corner.
  EXPECT_FALSE(w.standing(5, 1, 2));
  EXPECT_FALSE(sweptLineClear(WorldFloor{w, 2}, Point{4, 0}, Point{5, 2}));
  EXPECT_TRUE(sweptLineClear(WorldFloor{w, 2}, Point{0, 0}, Point{5, 0}));
  EXPECT_TRUE(sweptLineClear(WorldFloor{w, 2}, Point{0, 2}, Point{5, 2}));
}

// Random pairs on small generated worlds of each kind, shaped from A*'s shortest cell paths and from the
// hierarchy's: every shape legal, its length recomputed, no longer than the cell path it came from, no
// shorter than the exact optimum. From the shortest cell paths the shapes are within 1% of the optimum on
// average; the hierarchy's cell paths are a little longer than the shortest on these worlds (at these
// small boxes), and their shapes stay within that excess plus 1%.
TEST(WorldAnyAngle, PathsAreLegalAndWithinOnePercentOfTheExactShortest) {
  for (const WorldKind kind : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills}) {
    SCOPED_TRACE(worldKindName(kind));
    const BlockWorld world = generateWorld(kind, 48, 48, 6, 11);
    const WorldHierarchy h = test::buildHierarchy(world, test::boxesOf(8, 2, 2));
    WorldVisibilityOracle oracle(world);
    const std::vector<Voxel> standing = test::standingCells(world);
    WorldHpaQuery query(h);
    WorldHpaQueryOptions shaped;
    shaped.anyAngle = true;
    WorldAStar astar;
    WorldAnyAngleShaper shaper;
    WorldPath shortest, cellPath, path;
    std::vector<Voxel> corners;
    SeededRandom random(3);
    double cellExcess = 0, shapedExcess = 0, fromShortestExcess = 0;
    int32_t compared = 0, shorterThanCells = 0;
    for (int32_t tries = 0; compared < 100 && tries < 4000; ++tries) {
      const Voxel s = standing[random.below(standing.size())], g = standing[random.below(standing.size())];
      if (astar.findPath(world, s, g, shortest) != PathStatus::Found || s == g) continue;
      ASSERT_EQ(query.findPath(s, g, cellPath), PathStatus::Found);
      ASSERT_EQ(query.findPath(s, g, path, shaped), PathStatus::Found);
      const std::string pair = voxelText(s) + " -> " + voxelText(g);
      ASSERT_EQ(worldAnyAngleProblem(world, oracle.floors(), s, g, path.cells, path.cost), "") << pair;
      ASSERT_LE(path.cost, cellPath.cost + 1e-9) << pair;
      const double fromShortest = shaper.shape(world, shortest.cells, corners);
      ASSERT_EQ(worldAnyAngleProblem(world, oracle.floors(), s, g, corners, fromShortest), "") << pair;
      ASSERT_LE(fromShortest, shortest.cost + 1e-9) << pair;
      const double best = oracle.shortest(s, g);
      ASSERT_GE(path.cost, best - 1e-9) << pair;
      ASSERT_GE(fromShortest, best - 1e-9) << pair;
      cellExcess += cellPath.cost / shortest.cost - 1;
      shapedExcess += path.cost / best - 1;
      fromShortestExcess += fromShortest / best - 1;
      shorterThanCells += path.cost < cellPath.cost - 1e-9;
      ++compared;
    }
    ASSERT_EQ(compared, 100);
    std::printf(
        "%s: %d pairs, %d shorter than their cells; mean over the exact any-angle optimum: shaped from A*'s "
        "paths %.3f%%, from the hierarchy's %.3f%% (its cell paths %.3f%% over A*'s)\n",
        worldKindName(kind), compared, shorterThanCells, 100 * fromShortestExcess / compared,
        100 * shapedExcess / compared, 100 * cellExcess / compared);
    EXPECT_GT(shorterThanCells, compared / 2);  // the lines do shorten most paths
    EXPECT_LT(fromShortestExcess / compared, 0.01);
    EXPECT_LT(shapedExcess / compared, cellExcess / compared + 0.01);
  }
}

TEST(WorldAnyAngle, AWorldWithACostLayerIsRefused) {
  BlockWorld world = generateWorld(WorldKind::Hills, 16, 16, 4, 1);
  EXPECT_EQ(WorldAnyAngleShaper::checkWorld(world), "");
  std::vector<uint8_t> layer(static_cast<size_t>(world.cellCount()), kCostLayerUnit);
  layer[3] = 2 * kCostLayerUnit;
  ASSERT_EQ(world.setCostLayer(layer), "");
  EXPECT_EQ(WorldAnyAngleShaper::checkWorld(world),
            "any-angle paths need an unweighted world: this one has a cost layer");
}

}  // namespace
}  // namespace hpastar
