// libFuzzer target: a sequence of calls on a small block world's hierarchy, every answer checked.
//
// The input gives a world of up to 10 x 10 x 4 cells (its blocks from the input: air, solid, ladders and
// stairs), hierarchy options, then operations: queries (HPA* against the world's optimal A*, with or
// without smoothing; plans walked segment by segment), reachability (connected() against A*), block and
// cost changes (checked against a fresh build: the same answers to connected()), flow fields built and
// refreshed after changes (FlowChecks.h: every step a legal move, every walk reaching the goal), and
// serialization round trips (the sequence goes on with the loaded copy).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "FlowChecks.h"
#include "FuzzChecks.h"
#include "flow/FlowField.h"
#include "flow/FlowFieldBuilder.h"
#include "world/WorldAStar.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"

using namespace hpastar;

namespace {

constexpr int kMaxOperations = 32;
// A block from one input byte: air, solid, ladders and stairs of every direction.
constexpr Block kBlockOfByte[16] = {Block::Air,        Block::Air,       Block::Air,        Block::Air,
                                    Block::Air,        Block::Solid,     Block::Solid,      Block::Solid,
                                    Block::Solid,      Block::Solid,     Block::Ladder,     Block::Ladder,
                                    Block::StairNorth, Block::StairEast, Block::StairSouth, Block::StairWest};

std::string text(Voxel v) { return voxelText(v); }

// The rules' answers about one world and goal, for flowFieldProblem: the goal's component by a flood over
// the world's moves (every move has its reverse: fuzz_world_reader), no shortest distances.
class WorldOracle {
 public:
  WorldOracle(const BlockWorld& world, Voxel goal) : world_(world), component_(world.cellCount(), 0) {
    std::vector<int32_t> stack{world.index(goal)};
    component_[static_cast<size_t>(stack.back())] = 1;
    while (!stack.empty()) {
      const int32_t i = stack.back();
      stack.pop_back();
      for (uint32_t mask = world.moveMask(i); mask; mask &= mask - 1) {
        const int32_t to = i + world.moveOffset(__builtin_ctz(mask));
        if (!component_[static_cast<size_t>(to)]) {
          component_[static_cast<size_t>(to)] = 1;
          stack.push_back(to);
        }
      }
    }
  }
  int32_t count() const { return world_.cellCount(); }
  std::string text(int32_t i) const { return voxelText(world_.voxelOf(i)); }
  bool inComponent(int32_t i) const { return component_[static_cast<size_t>(i)] != 0; }
  bool legal(int32_t i, uint8_t move) const { return move < kWorldMoveCount && ((world_.moveMask(i) >> move) & 1u); }
  int32_t next(int32_t i, uint8_t move) const { return i + world_.moveOffset(move); }
  double cost(int32_t i, uint8_t move) const { return world_.moveCost(i, move); }
  double shortest(int32_t) const { return -1; }
  double exactBelow() const { return 0; }

 private:
  const BlockWorld& world_;
  std::vector<uint8_t> component_;
};

class Sequence {
 public:
  Sequence(FuzzedDataProvider& in, WorldHierarchy hierarchy) : in_(in), h_(std::move(hierarchy)), query_(h_) {}

  void run() {
    for (int i = 0; i < kMaxOperations && in_.remaining_bytes() > 0; ++i) {
      switch (in_.ConsumeIntegralInRange(0, 6)) {
        case 0:
        case 1:
          findPath();
          break;
        case 2:
          walkPlan();
          break;
        case 3:
          changeBlocks();
          break;
        case 4:
          changeCosts();
          break;
        case 5:
          flowField();
          break;
        case 6:
          reload();
          break;
      }
    }
  }

 private:
  const BlockWorld& world() const { return h_.world(); }

  Voxel cellInside() {
    return {in_.ConsumeIntegralInRange<int32_t>(0, world().width() - 1),
            in_.ConsumeIntegralInRange<int32_t>(0, world().height() - 1),
            in_.ConsumeIntegralInRange<int32_t>(0, world().levels() - 1)};
  }
  // Inside, or one step outside the world (refused as an invalid endpoint).
  Voxel cellAround() {
    return {in_.ConsumeIntegralInRange<int32_t>(-1, world().width()),
            in_.ConsumeIntegralInRange<int32_t>(-1, world().height()),
            in_.ConsumeIntegralInRange<int32_t>(-1, world().levels())};
  }

  // The optimal answer (the world's A*), which every other answer is held against.
  WorldPath optimal(Voxel start, Voxel goal) {
    WorldPath out;
    astar_.findPath(world(), start, goal, out);
    if (out.found()) {
      const PathCheck check = validateWorldPath(world(), start, goal, out.cells, out.cost, 1e-6);
      FUZZ_REQUIRE(check.valid, "A* " + text(start) + " -> " + text(goal) + ": " + check.problem);
    }
    return out;
  }

  void checkPath(const char* planner, Voxel start, Voxel goal, PathStatus status, const std::vector<Voxel>& cells,
                 double cost, const WorldPath& best) {
    const std::string query = std::string(planner) + " " + text(start) + " -> " + text(goal) + ": ";
    FUZZ_REQUIRE(status == best.status,
                 query + pathStatusName(status) + ", A* answered " + pathStatusName(best.status));
    if (status != PathStatus::Found) return;
    const PathCheck check = validateWorldPath(world(), start, goal, cells, cost, 1e-6);
    FUZZ_REQUIRE(check.valid, query + check.problem);
    FUZZ_REQUIRE(cost >= best.cost - 1e-6 * (1 + best.cost),
                 query + "cost " + std::to_string(cost) + " below A*'s " + std::to_string(best.cost));
  }

  void findPath() {
    const Voxel start = cellAround(), goal = cellAround();
    WorldHpaQueryOptions options;
    options.smooth = in_.ConsumeBool();
    WorldPath path;
    query_.findPath(start, goal, path, options);
    const WorldPath best = optimal(start, goal);
    checkPath("HPA*", start, goal, path.status, path.cells, path.cost, best);
    if (world().standing(start) && world().standing(goal))
      FUZZ_REQUIRE(h_.connected(start, goal) == best.found(),
                   "connected(" + text(start) + ", " + text(goal) + ") disagrees with A*");
    if (!world().weighted() && in_.ConsumeBool()) checkAnyAngle(start, goal, options, path, best);
  }

  // The same query's any-angle shape: A*'s status; from start to goal, each line on one floor clear by the
  // model's own statement (floorLineClear), each level change a legal move, the length recomputed, no
  // longer than the cell path, no shorter than the straight-line bound.
  void checkAnyAngle(Voxel start, Voxel goal, WorldHpaQueryOptions options, const WorldPath& cells,
                     const WorldPath& best) {
    options.anyAngle = true;
    WorldPath shaped;
    query_.findPath(start, goal, shaped, options);
    const std::string query = "any-angle " + text(start) + " -> " + text(goal) + ": ";
    FUZZ_REQUIRE(shaped.status == best.status, query + pathStatusName(shaped.status));
    if (!shaped.found()) return;
    FUZZ_REQUIRE(!shaped.cells.empty() && shaped.cells.front() == start && shaped.cells.back() == goal,
                 query + "wrong ends");
    double length = 0;
    for (size_t i = 1; i < shaped.cells.size(); ++i) {
      const Voxel a = shaped.cells[i - 1], b = shaped.cells[i];
      if (a.z == b.z) {
        FUZZ_REQUIRE(floorLineClear(a, b), query + "line " + text(a) + " -> " + text(b) + " is blocked");
        length += std::hypot(double(b.x - a.x), double(b.y - a.y));
      } else {
        const int m = worldMoveBetween(world(), a, b);
        FUZZ_REQUIRE(m >= 0, query + text(a) + " -> " + text(b) + " is no move");
        length += kWorldMoveCost[m];
      }
    }
    FUZZ_REQUIRE(std::abs(length - shaped.cost) <= 1e-9 * (1 + length), query + "cost is not the corners' length");
    FUZZ_REQUIRE(shaped.cost <= cells.cost + 1e-9 * (1 + cells.cost), query + "longer than the cell path");
    const double bound =
        std::max(std::hypot(double(goal.x - start.x), double(goal.y - start.y)), double(std::abs(goal.z - start.z)));
    FUZZ_REQUIRE(shaped.cost >= bound - 1e-9, query + "shorter than the straight line");
  }

  // Whether a one-block agent walks the line a -> b on floor a.z: the segment meets the open square
  // (cx - 1, cx + 1) x (cy - 1, cy + 1) of no cell of the floor where it cannot stand (exact slab test in
  // integers: t = num / den along the segment).
  bool floorLineClear(Voxel a, Voxel b) const {
    const int64_t dx = b.x - a.x, dy = b.y - a.y;
    // The open interval of t (times |d|, over |d|) where start + t d lies strictly in (lo, hi); false if never.
    auto slab = [](int64_t start, int64_t d, int64_t lo, int64_t hi, int64_t& from, int64_t& to, int64_t& den) {
      if (d == 0) {
        from = -1, to = 2, den = 1;
        return lo < start && start < hi;
      }
      den = d > 0 ? d : -d;
      from = d > 0 ? lo - start : start - hi;
      to = d > 0 ? hi - start : start - lo;
      return true;
    };
    for (int32_t cy = std::min(a.y, b.y) - 1; cy <= std::max(a.y, b.y) + 1; ++cy)
      for (int32_t cx = std::min(a.x, b.x) - 1; cx <= std::max(a.x, b.x) + 1; ++cx) {
        if (world().standing(cx, cy, a.z)) continue;
        int64_t fx, tx, nx, fy, ty, ny;
        if (!slab(a.x, dx, cx - 1, cx + 1, fx, tx, nx) || !slab(a.y, dy, cy - 1, cy + 1, fy, ty, ny)) continue;
        // max(fx/nx, fy/ny) < min(tx/nx, ty/ny), and that interval meets (0, 1).
        const bool xFromLater = fx * ny > fy * nx;
        const int64_t from = xFromLater ? fx : fy, fromDen = xFromLater ? nx : ny;
        const bool xToSooner = tx * ny < ty * nx;
        const int64_t to = xToSooner ? tx : ty, toDen = xToSooner ? nx : ny;
        if (from * toDen < to * fromDen && from < fromDen && to > 0) return false;
      }
    return true;
  }

  // A plan walked segment by segment: the segments joined are a legal path from start to goal.
  void walkPlan() {
    const Voxel start = cellInside(), goal = cellInside();
    WorldHpaPlan plan;
    const PathStatus status = query_.plan(start, goal, plan);
    std::vector<Voxel> cells;
    if (status == PathStatus::Found) {
      for (size_t guard = 0; query_.nextSegment(plan, cells); ++guard)
        FUZZ_REQUIRE(guard <= plan.segmentCount(), "a plan gives more segments than it has");
    }
    double cost = 0;
    for (size_t i = 1; i < cells.size(); ++i) {
      const int move = worldMoveBetween(world(), cells[i - 1], cells[i]);
      FUZZ_REQUIRE(move >= 0, "plan " + text(start) + " -> " + text(goal) + ": illegal step " + text(cells[i - 1]) +
                                  " -> " + text(cells[i]));
      cost += world().moveCost(world().index(cells[i - 1]), move);
    }
    checkPath("HPA* plan", start, goal, status, cells, cost, optimal(start, goal));
  }

  // A few blocks placed or removed (one batch in eight holds a change outside the world: refused, nothing
  // changes); then the components must answer as a fresh build's.
  void changeBlocks() {
    std::vector<BlockChange> changes(in_.ConsumeIntegralInRange<size_t>(1, 4));
    for (BlockChange& c : changes) c = BlockChange{cellInside(), kBlockOfByte[in_.ConsumeIntegral<uint8_t>() % 16]};
    const bool refused = in_.ConsumeIntegralInRange(0, 7) == 0;
    if (refused) changes.back().at.z = world().levels();
    const std::vector<uint8_t> before(world().blocks().begin(), world().blocks().end());
    const std::string problem = h_.applyBlockChanges(changes);
    if (refused) {
      FUZZ_REQUIRE(!problem.empty(), "a change outside the world was accepted");
      FUZZ_REQUIRE(std::equal(before.begin(), before.end(), world().blocks().begin(), world().blocks().end()),
                   "a refused change changed the world");
      return;
    }
    FUZZ_REQUIRE(problem.empty(), "block changes refused: " + problem);
    compareWithFreshBuild();
  }

  void changeCosts() {
    std::vector<CostChange> changes(in_.ConsumeIntegralInRange<size_t>(1, 4));
    for (CostChange& c : changes) c = CostChange{cellInside(), in_.ConsumeIntegralInRange<uint8_t>(1, 255)};
    const std::string problem = h_.applyCostChanges(changes);
    FUZZ_REQUIRE(problem.empty(), "cost changes refused: " + problem);
    findPath();
  }

  // The updated hierarchy and a fresh build on its world join the same cells.
  void compareWithFreshBuild() {
    std::string error;
    const std::optional<WorldHierarchy> fresh = WorldHierarchy::build(world(), h_.options(), error);
    FUZZ_REQUIRE(fresh.has_value(), "a fresh build refused: " + error);
    FUZZ_REQUIRE(fresh->componentCount() == h_.componentCount(),
                 std::to_string(h_.componentCount()) + " components after changes, " +
                     std::to_string(fresh->componentCount()) + " in a fresh build");
    for (int k = 0; k < 4; ++k) {
      const Voxel a = cellInside(), b = cellInside();
      if (world().standing(a) && world().standing(b))
        FUZZ_REQUIRE(h_.connected(a, b) == fresh->connected(a, b),
                     "connected(" + text(a) + ", " + text(b) + ") differs from a fresh build's");
    }
  }

  // A field to a goal, checked; then a block change and a refresh, checked again.
  void flowField() {
    const Voxel goal = cellInside();
    WorldFlowField field;
    const std::string refused = builder_.build(h_, goal, field);
    FUZZ_REQUIRE(refused.empty() == world().standing(goal), "a field to " + text(goal) + ": \"" + refused + "\"");
    if (!refused.empty()) return;
    checkField(field);
    const BlockChange change{cellInside(), kBlockOfByte[in_.ConsumeIntegral<uint8_t>() % 16]};
    FUZZ_REQUIRE(h_.applyBlockChanges({&change, 1}).empty(), "a block change refused");
    const std::string why = builder_.refresh(h_, field);
    FUZZ_REQUIRE(why.empty() == world().standing(goal), "a refresh to " + text(goal) + ": \"" + why + "\"");
    if (why.empty()) checkField(field);
  }

  void checkField(const WorldFlowField& field) {
    FUZZ_REQUIRE(field.version() == h_.version(), "a field of another version");
    const std::string problem =
        fuzz::flowFieldProblem(field, world().index(field.goal()), WorldOracle(world(), field.goal()));
    FUZZ_REQUIRE(problem.empty(), "field to " + text(field.goal()) + ": " + problem);
  }

  // Serialize, load, and go on with the loaded copy, which must serialize to the same bytes and answer as
  // the original.
  void reload() {
    const std::vector<uint8_t> bytes = serializeWorldHierarchy(h_);
    std::string error;
    std::optional<WorldHierarchy> loaded = deserializeWorldHierarchy(bytes, error);
    FUZZ_REQUIRE(loaded.has_value(), "a serialized hierarchy is refused: " + error);
    FUZZ_REQUIRE(serializeWorldHierarchy(*loaded) == bytes, "the loaded hierarchy serializes to other bytes");
    const Voxel start = cellInside(), goal = cellInside();
    WorldPath original, copy;
    query_.findPath(start, goal, original);
    WorldHpaQuery(*loaded).findPath(start, goal, copy);
    FUZZ_REQUIRE(copy.status == original.status && copy.cells == original.cells,
                 "the loaded hierarchy answers " + text(start) + " -> " + text(goal) + " otherwise");
    h_ = std::move(*loaded);
    query_ = WorldHpaQuery(h_);
  }

  FuzzedDataProvider& in_;
  WorldHierarchy h_;
  WorldHpaQuery query_;
  WorldAStar astar_;
  WorldFlowFieldBuilder builder_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int32_t width = in.ConsumeIntegralInRange<int32_t>(1, 10);
  const int32_t height = in.ConsumeIntegralInRange<int32_t>(1, 10);
  const int32_t levels = in.ConsumeIntegralInRange<int32_t>(1, 4);
  WorldHierarchyOptions options;
  options.clusterSide = in.ConsumeIntegralInRange(2, 6);
  options.clusterLevels = in.ConsumeIntegralInRange(1, 4);
  options.levels = in.ConsumeIntegralInRange(1, 3);
  options.entranceWidth = in.ConsumeIntegralInRange(1, 8);
  options.entranceSpacing = in.ConsumeIntegralInRange(0, 4);
  options.boxTrees = in.ConsumeBool();
  options.landmarks = in.ConsumeIntegralInRange(0, 4);
  options.distanceTable = in.ConsumeBool();
  const size_t cells = static_cast<size_t>(width) * height * levels;
  const std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(std::min(cells, in.remaining_bytes() / 2));
  std::vector<Block> blocks(cells, Block::Air);
  for (size_t i = 0; i < bytes.size(); ++i) blocks[i] = kBlockOfByte[bytes[i] % 16];
  std::string error;
  std::optional<BlockWorld> world = BlockWorld::fromBlocks(width, height, levels, blocks, error);
  FUZZ_REQUIRE(world.has_value(), "world: " + error);
  std::optional<WorldHierarchy> hierarchy = WorldHierarchy::build(*world, options, error);
  FUZZ_REQUIRE(hierarchy.has_value(), "build: " + error);
  Sequence sequence(in, std::move(*hierarchy));
  sequence.run();
  return 0;
}
