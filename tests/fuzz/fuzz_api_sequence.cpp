// libFuzzer target: a sequence of library calls on a small grid, every answer checked.
//
// The input gives a grid of up to 24 x 24 cells (terrain from the first bytes, and terrain costs on some
// inputs) for an agent class (one cell of ground and swamp on most inputs, else a square of side 1..3 and
// any non-empty set of kinds: every search, edit and save below then serves that class), hierarchy options,
// then operations: terrain edits (cells, rectangles, batches with refused
// edits, cost layer values, kind multipliers), HPA* queries, plans refined segment by segment,
// serialization round trips (the sequence goes on with the loaded copy), snapshots searched after the
// live hierarchy was edited, SHPA* on the current grid, batches, and refreshes of stale landmarks and
// distance tables (sliced, some left half done). Each answer is held against a
// reference Dijkstra over the same grid version (FuzzChecks.h): the status, a legal path (validatePath)
// never shorter than the shortest, A* exactly as long.
#include <fuzzer/FuzzedDataProvider.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "FuzzChecks.h"
#include "FuzzInputs.h"
#include "batch/BatchSearch.h"
#include "hpa/HeuristicRefresh.h"
#include "hpa/HierarchySerialization.h"
#include "hpa/HpaStarQuery.h"
#include "search/AStarSearch.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"

using namespace hpastar;

namespace {

constexpr int kMaxOperations = 48;
// Terrain an edit writes, every character of the format.
constexpr char kEditTerrain[] = ".GSWT@O";
// Multipliers a terrain kind may be given: cheaper, as is, and costlier.
constexpr float kMultipliers[] = {0.25f, 0.5f, 1.0f, 1.0f, 1.5f, 3.0f, 40.0f};

double referenceDistance(const Grid& grid, Point start, Point goal) {
  if (!grid.inside(start) || !grid.inside(goal)) return std::numeric_limits<double>::infinity();
  return fuzz::referenceDistances(grid, start)[static_cast<size_t>(grid.index(goal))];
}

class Sequence {
 public:
  Sequence(FuzzedDataProvider& in, Hierarchy hierarchy)
      : in_(in), hierarchy_(std::move(hierarchy)), query_(hierarchy_) {}

  void run() {
    for (int i = 0; i < kMaxOperations && in_.remaining_bytes() > 0; ++i) {
      switch (in_.ConsumeIntegralInRange(0, 11)) {
        case 0:
          editCell();
          break;
        case 1:
          editRect();
          break;
        case 2:
          editBatch();
          break;
        case 3:
          findPath();
          break;
        case 4:
          refinePlans();
          break;
        case 5:
          refineInQuery();
          break;
        case 6:
          reload();
          break;
        case 7:
          searchSnapshotAfterEdit();
          break;
        case 8:
          searchShpa();
          break;
        case 9:
          searchBatch();
          break;
        case 10:
          setKindCosts();
          break;
        case 11:
          refreshHeuristics();
          break;
      }
    }
  }

 private:
  const Grid& grid() const { return hierarchy_.grid(); }

  Point cellInside() {
    return {in_.ConsumeIntegralInRange<int32_t>(0, grid().width() - 1),
            in_.ConsumeIntegralInRange<int32_t>(0, grid().height() - 1)};
  }
  // Inside, or one step outside the map (refused as an invalid endpoint).
  Point cellAround() {
    return {in_.ConsumeIntegralInRange<int32_t>(-1, grid().width()),
            in_.ConsumeIntegralInRange<int32_t>(-1, grid().height())};
  }
  char editTerrain() { return kEditTerrain[in_.ConsumeIntegralInRange<size_t>(0, sizeof(kEditTerrain) - 2)]; }

  void requireAccepted(const std::string& problem, uint64_t versionBefore) {
    FUZZ_REQUIRE(problem.empty(), "edit refused: " + problem);
    FUZZ_REQUIRE(hierarchy_.version() == versionBefore + 1, "version " + std::to_string(hierarchy_.version()) +
                                                                " after an edit of version " +
                                                                std::to_string(versionBefore));
    fuzz::checkGridInvariants(grid());
  }

  // A new terrain, a new cost layer value, or both.
  void editCell() {
    const int what = in_.ConsumeIntegralInRange(0, 2);
    const Point cell = cellInside();
    const char terrain = what == 1 ? CellEdit::kKeepTerrain : editTerrain();
    const uint8_t cost = what == 0 ? CellEdit::kKeepCost : in_.ConsumeIntegralInRange<uint8_t>(1, 255);
    const char terrainBefore = grid().terrainAt(cell.x, cell.y);
    const CellEdit edit{cell, terrain, cost};
    const uint64_t version = hierarchy_.version();
    requireAccepted(hierarchy_.applyEdits(std::span(&edit, 1)), version);
    FUZZ_REQUIRE(grid().terrainAt(cell.x, cell.y) == (what == 1 ? terrainBefore : terrain), "terrain edit not applied");
    if (what != 0) FUZZ_REQUIRE(grid().costLayerAt(cell.x, cell.y) == cost, "cost edit not applied");
  }

  // New multipliers for the terrain kinds (one in eight refused: a multiplier out of range changes nothing).
  void setKindCosts() {
    TerrainCosts costs;
    for (float& m : costs.multiplier)
      m = kMultipliers[in_.ConsumeIntegralInRange<size_t>(0, std::size(kMultipliers) - 1)];
    const bool refused = in_.ConsumeIntegralInRange(0, 7) == 0;
    if (refused) costs.multiplier[in_.ConsumeIntegralInRange<size_t>(0, costs.multiplier.size() - 1)] = 0;
    const uint64_t version = hierarchy_.version();
    const TerrainCosts before = grid().terrainCosts();
    const std::string problem = hierarchy_.setTerrainCosts(costs);
    if (refused) {
      FUZZ_REQUIRE(!problem.empty(), "a multiplier of 0 was accepted");
      FUZZ_REQUIRE(hierarchy_.version() == version && grid().terrainCosts() == before,
                   "refused costs changed the hierarchy");
      return;
    }
    requireAccepted(problem, version);
    FUZZ_REQUIRE(grid().terrainCosts() == costs, "costs not applied");
  }

  // Stale landmarks and distance table refreshed in slices of one step, possibly left half done (the
  // searches meanwhile use the stale ones), or installed: then they are exact and the version is kept.
  void refreshHeuristics() {
    const uint64_t version = hierarchy_.version();
    HeuristicRefresh refresh(hierarchy_);
    const uint32_t steps = in_.ConsumeIntegralInRange<uint32_t>(0, refresh.stepsTotal() + 1);
    for (uint32_t i = 0; i < steps && !refresh.done(); ++i) refresh.step(std::chrono::microseconds(0));
    if (!refresh.done()) return;
    const bool wasStale = hierarchy_.heuristicsStale();
    FUZZ_REQUIRE(refresh.installInto(hierarchy_) || !wasStale, "a finished refresh of the current version refused");
    FUZZ_REQUIRE(!hierarchy_.heuristicsStale(), "stale after a refresh");
    FUZZ_REQUIRE(hierarchy_.version() == version, "a refresh changed the version");
  }

  void editRect() {
    const Point a = cellInside(), b = cellInside();
    const Rect rect{std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x) + 1, std::max(a.y, b.y) + 1};
    const char terrain = editTerrain();
    const uint64_t version = hierarchy_.version();
    requireAccepted(hierarchy_.fillRect(rect, terrain), version);
    for (int32_t y = rect.y0; y < rect.y1; ++y)
      for (int32_t x = rect.x0; x < rect.x1; ++x)
        FUZZ_REQUIRE(grid().terrainAt(x, y) == terrain, "rectangle not filled at " + fuzz::str({x, y}));
  }

  // Several edits at once; one outside the map or with a foreign character refuses them all. A '\0' terrain
  // (CellEdit::kKeepTerrain) is valid: it keeps the cell's terrain.
  void editBatch() {
    std::vector<CellEdit> edits(in_.ConsumeIntegralInRange<size_t>(1, 6));
    bool valid = true;
    for (CellEdit& edit : edits) {
      edit.cell = cellAround();
      edit.terrain = in_.ConsumeBool() ? editTerrain() : in_.ConsumeIntegral<char>();
      valid =
          valid && grid().inside(edit.cell) && (edit.terrain == CellEdit::kKeepTerrain || isTerrainChar(edit.terrain));
    }
    const uint64_t version = hierarchy_.version();
    const std::vector<uint8_t> terrainBefore = grid().terrain();
    const std::string problem = hierarchy_.applyEdits(edits);
    if (valid) {
      requireAccepted(problem, version);
      std::vector<uint8_t> expected = terrainBefore;  // edits apply in order: a later edit of a cell wins
      for (const CellEdit& edit : edits)
        if (edit.terrain != CellEdit::kKeepTerrain)
          expected[grid().index(edit.cell)] = static_cast<uint8_t>(edit.terrain);
      FUZZ_REQUIRE(grid().terrain() == expected, "a batch's terrain not applied as given");
    } else {
      FUZZ_REQUIRE(!problem.empty(), "an invalid edit was accepted");
      FUZZ_REQUIRE(hierarchy_.version() == version && grid().terrain() == terrainBefore,
                   "a refused batch changed the hierarchy");
    }
  }

  void findPath() {
    const Point start = cellAround(), goal = cellAround();
    HpaQueryOptions options;
    options.smooth = in_.ConsumeBool();
    options.smoothingRange = in_.ConsumeIntegralInRange(0, 30);
    const double distance = referenceDistance(grid(), start, goal);
    result_.reset();
    query_.findPath(start, goal, result_, options);
    fuzz::checkAnswer("HPA*", grid(), start, goal, result_, distance, false);
    if (grid().passable(start) && grid().passable(goal))
      FUZZ_REQUIRE(hierarchy_.connected(start, goal) == std::isfinite(distance), "connected()");
    result_.reset();
    astar_.findPath(grid(), start, goal, result_);
    fuzz::checkAnswer("A*", grid(), start, goal, result_, distance, true);
  }

  // Two plans kept by the caller, refined in turns (a plan's segments must not depend on the other's).
  void refinePlans() {
    HpaPlan plans[2];
    Point starts[2], goals[2];
    std::vector<Point> cells[2];
    for (int p = 0; p < 2; ++p) {
      starts[p] = cellInside();
      goals[p] = cellInside();
      result_.reset();
      query_.plan(starts[p], goals[p], plans[p], result_);
      FUZZ_REQUIRE(plans[p].version == hierarchy_.version(), "plan version");
    }
    SearchStats stats;
    for (bool any = true; any;) {
      any = false;
      for (int p = 0; p < 2; ++p) any = query_.nextSegment(plans[p], cells[p], stats) || any;
    }
    for (int p = 0; p < 2; ++p) {
      fuzz::checkAnswer("HPA* plan", grid(), starts[p], goals[p], plans[p].status, cells[p], pathCost(grid(), cells[p]),
                        referenceDistance(grid(), starts[p], goals[p]), false);
    }
  }

  // The query's own incremental plan: plan(), then refineSegment() for every segment.
  void refineInQuery() {
    const Point start = cellInside(), goal = cellInside();
    result_.reset();
    const PathStatus status = query_.plan(start, goal, result_);
    std::vector<Point> cells;
    if (status == PathStatus::Found) {
      cells.push_back(query_.planStart());
      SearchStats stats;
      for (size_t i = 0; i < query_.segmentCount(); ++i) query_.refineSegment(i, cells, stats);
    }
    fuzz::checkAnswer("HPA* segments", grid(), start, goal, status, cells, pathCost(grid(), cells),
                      referenceDistance(grid(), start, goal), false);
  }

  // Serialize, load, and go on with the loaded copy, which must serialize to the same bytes.
  void reload() {
    const std::vector<uint8_t> bytes = serializeHierarchy(hierarchy_);
    std::string error;
    std::optional<Hierarchy> loaded = deserializeHierarchy(bytes, error);
    FUZZ_REQUIRE(loaded.has_value(), "a serialized hierarchy is refused: " + error);
    FUZZ_REQUIRE(serializeHierarchy(*loaded) == bytes, "the loaded hierarchy serializes to other bytes");
    // The copy answers as the original: the same path, cell for cell. A loaded hierarchy computes its
    // landmarks and distance table afresh, so stale ones of the original are refreshed first.
    hierarchy_.refreshHeuristics();
    const Point start = cellInside(), goal = cellInside();
    PathResult original, copy;
    query_.findPath(start, goal, original);
    HpaStarQuery(*loaded).findPath(start, goal, copy);
    FUZZ_REQUIRE(copy.status == original.status && copy.cells == original.cells,
                 "the loaded hierarchy answers " + fuzz::str(start) + " -> " + fuzz::str(goal) + " otherwise");
    hierarchy_ = std::move(*loaded);
    query_.setHierarchy(hierarchy_);
  }

  // A copy searched after the live hierarchy was edited: it must still answer for its own grid (its
  // cluster blocks are shared with the live one until they are rebuilt).
  void searchSnapshotAfterEdit() {
    const Hierarchy snapshot = hierarchy_;
    editCell();
    HpaStarQuery snapshotQuery(snapshot);
    const Point start = cellInside(), goal = cellInside();
    result_.reset();
    snapshotQuery.findPath(start, goal, result_);
    fuzz::checkAnswer("HPA* snapshot", snapshot.grid(), start, goal, result_,
                      referenceDistance(snapshot.grid(), start, goal), false);
  }

  void searchShpa() {
    ShpaOptions options;
    options.initialClusterSize = in_.ConsumeIntegralInRange(1, 6);
    options.maxClusterSide = in_.ConsumeIntegralInRange(options.initialClusterSize, 16);
    options.maxClusterCells = in_.ConsumeBool() ? 0 : in_.ConsumeIntegralInRange(1, 64);
    options.maxDetour = in_.ConsumeBool() ? 0.0 : in_.ConsumeFloatingPointInRange(1.0, 3.0);
    options.entranceWidth = in_.ConsumeIntegralInRange(1, 8);
    options.edgeWeight = in_.ConsumeBool() ? ShpaEdgeWeight::Octile : ShpaEdgeWeight::Euclidean;
    std::string error;
    const auto graph = ShpaStarGraph::build(std::make_shared<const Grid>(grid()), options, error);
    FUZZ_REQUIRE(graph.has_value(), "SHPA* build: " + error);
    ShpaStarQuery query(*graph);
    for (int i = 0; i < 3; ++i) {
      const Point start = cellAround(), goal = cellAround();
      ShpaQueryOptions queryOptions;
      queryOptions.smooth = in_.ConsumeBool();
      const double distance = referenceDistance(grid(), start, goal);
      result_.reset();
      query.findPath(start, goal, result_, queryOptions);
      fuzz::checkAnswer("SHPA*", grid(), start, goal, result_, distance, false);
      if (grid().passable(start) && grid().passable(goal))
        FUZZ_REQUIRE(graph->connected(start, goal) == std::isfinite(distance), "SHPA* connected()");
    }
  }

  // HPA* and A* paths and HPA* plans as batches (one thread: the fuzzer must be deterministic).
  void searchBatch() {
    std::vector<int32_t> queries;
    const size_t count = in_.ConsumeIntegralInRange<size_t>(1, 6);
    for (size_t i = 0; i < count; ++i) {
      const Point start = cellAround(), goal = cellAround();
      queries.insert(queries.end(), {start.x, start.y, goal.x, goal.y});
    }
    BatchSearch batch(1);
    PathBatchResults paths, astarPaths;
    PlanBatchResults plans;
    batch.findPaths(hierarchy_, queries, HpaQueryOptions{}, true, paths);
    batch.findPaths(grid(), queries, true, astarPaths);
    batch.planPaths(hierarchy_, queries, true, plans);
    FUZZ_REQUIRE(paths.count() == count && astarPaths.count() == count && plans.count() == count, "answer count");
    for (size_t i = 0; i < count; ++i) {
      const Point start{queries[4 * i], queries[4 * i + 1]}, goal{queries[4 * i + 2], queries[4 * i + 3]};
      const double distance = referenceDistance(grid(), start, goal);
      for (const PathBatchResults* r : {&paths, &astarPaths}) {
        const auto& offsets = r->paths.offsets();
        const std::span<const Point> cells(r->paths.cells().data() + offsets[i], offsets[i + 1] - offsets[i]);
        fuzz::checkAnswer(r == &paths ? "HPA* batch" : "A* batch", grid(), start, goal,
                          static_cast<PathStatus>(r->status[i]), cells, r->cost[i], distance, r == &astarPaths);
      }
      const PathStatus planStatus = static_cast<PathStatus>(plans.status[i]);
      FUZZ_REQUIRE(planStatus == fuzz::expectedStatus(grid(), start, goal, distance), "plan batch status");
      const auto& w = plans.waypoints.offsets();
      const auto& s = plans.firstSegments.offsets();
      if (planStatus != PathStatus::Found) {
        FUZZ_REQUIRE(plans.segments[i] == 0 && w[i] == w[i + 1] && s[i] == s[i + 1], "an unfound plan with cells");
        continue;
      }
      FUZZ_REQUIRE(plans.segments[i] >= 1 && w[i + 1] - w[i] >= 1, "a found plan without waypoints");
      const Point* waypoints = plans.waypoints.cells().data();
      FUZZ_REQUIRE(waypoints[w[i]] == start && waypoints[w[i + 1] - 1] == goal, "plan waypoints' ends");
      // The first segment: a legal walk from the start to the second waypoint (the goal when there is one).
      const std::span<const Point> segment(plans.firstSegments.cells().data() + s[i], s[i + 1] - s[i]);
      const Point segmentEnd = w[i + 1] - w[i] >= 2 ? waypoints[w[i] + 1] : start;
      const PathCheck check = validatePath(grid(), start, segmentEnd, segment, pathCost(grid(), segment), 1e-6);
      FUZZ_REQUIRE(check.valid, "first segment: " + check.problem);
    }
  }

  FuzzedDataProvider& in_;
  Hierarchy hierarchy_;
  HpaStarQuery query_;
  AStarSearch astar_;
  PathResult result_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const HierarchyOptions options = fuzz::readHierarchyOptions(in);
  const Grid grid = fuzz::readGrid(in);
  std::string error;
  auto hierarchy = Hierarchy::build(grid, options, error);
  FUZZ_REQUIRE(hierarchy.has_value(), "build: " + error);
  Sequence sequence(in, std::move(*hierarchy));
  sequence.run();
  return 0;
}
