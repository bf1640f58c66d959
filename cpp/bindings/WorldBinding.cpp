// Block worlds owned by JavaScript (embind classes "BlockWorld", "WorldAStar" and "WorldHPAStar"): layered
// worlds of blocks read from text or generated, A* and HPA* across their floors, their component labels and
// the check of a path against their rules (cpp/world/). Cells cross the boundary as x, y, z triples.
#include "bindings/WorldBinding.h"

#include <emscripten/bind.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings/AbstractGraphToJS.h"
#include "bindings/BatchToJS.h"
#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/OptionsToJS.h"
#include "bindings/PlanToJS.h"
#include "bindings/ReachabilityToJS.h"
#include "bindings/SearchTraceToJS.h"
#include "contract/DecimalText.h"
#include "grid/AllocationSize.h"
#include "hpa/HierarchySerialization.h"
#include "world/BlockWorld.h"
#include "world/BlockWorldFormat.h"
#include "world/WorldAStar.h"
#include "world/WorldComponents.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchy.h"
#include "world/WorldHierarchySerialization.h"
#include "world/WorldHpaQuery.h"
#include "world/WorldPathValidator.h"
#include "world/WorldReachability.h"

namespace hpastar::bindings {
namespace {

// What one cell costs at most, for the reservations below: a world is 5 bytes per cell (block and move
// mask), its component labels 4, a search's scratch over every cell 40 (as the grid bindings count it);
// a hierarchy holds a world, its labels and its regions while it builds, and one search's scratch.
constexpr uint64_t kWorldBytesPerCell = 5;
constexpr uint64_t kLabelBytesPerCell = 4;
constexpr uint64_t kWorldSearchBytesPerCell = 40;
constexpr uint64_t kLayerBytesPerCell = 5;  // a cost layer's byte and its weight (BlockWorld::bytes)
constexpr uint64_t kHierarchyBytesPerCell = kWorldBytesPerCell + 2 * kLabelBytesPerCell + kWorldSearchBytesPerCell;

uint64_t cellsOf(const BlockWorld& world) { return static_cast<uint64_t>(world.cellCount()); }

// The top level's landmarks and distance table (up to 80 MB), reserved by the core once the graph they
// are for is built and their size known (WorldHierarchy::AskForBytes), on top of the bytes per cell
// reserved before. `refused` (if given) tells the caller that an error is this reservation's failure.
WorldHierarchy::AskForBytes reserveHeuristics(bool* refused = nullptr) {
  return [refused](uint64_t bytes) {
    std::string error = reserveHeap(bytes + 4 * kAllocationOverhead, "the landmarks and the distance table");
    if (refused) *refused = !error.empty();
    return error;
  };
}

// { status, found, cost, cells, expanded } for one search on a world; cells empty unless found.
val worldPathToJS(const WorldPath& path) {
  val o = pathOutcomeToJS(path, [](const std::vector<Voxel>& cells) { return voxelsToJS(cells); });
  o.set("expanded", static_cast<double>(path.expanded));
  return o;
}

// The figures of one HPA* query on a world (WorldHpaStats).
val worldHpaStatsToJS(const WorldHpaStats& s) {
  return phaseStatsToJS(s.expandedInsertion, "expandedAbstract", s.expandedAbstract, s.expandedRefinement,
                        s.abstractPathNodes);
}

// Block changes packed [x, y, z, code, ...]: "" when every one is inside `world` with a block code, else
// the first problem (nothing is changed by the caller then).
constexpr size_t kChangeStride = 4;
std::string checkBlockChanges(const BlockWorld& world, const std::vector<int32_t>& packed) {
  if (packed.size() % kChangeStride != 0) return "the changes must be x, y, z, block quadruples";
  for (size_t i = 0; i < packed.size(); i += kChangeStride) {
    const Voxel v{packed[i], packed[i + 1], packed[i + 2]};
    if (!world.inside(v))
      return failure(StatusKind::OutOfRange, "change " + std::to_string(i / kChangeStride) + ": block " + voxelText(v) +
                                                 " is outside the " + std::to_string(world.width()) + "x" +
                                                 std::to_string(world.height()) + "x" + std::to_string(world.levels()) +
                                                 " world");
    if (packed[i + 3] < 0 || packed[i + 3] >= kBlockKindCount)
      return failure(StatusKind::OutOfRange, "change " + std::to_string(i / kChangeStride) + ": block code " +
                                                 std::to_string(packed[i + 3]) + " is outside 0.." +
                                                 std::to_string(kBlockKindCount - 1));
  }
  return "";
}

// Why cell `v` cannot take cost layer value `value` ("" when it can): outside the world, or outside 1..255.
std::string costChangeProblem(const BlockWorld& world, Voxel v, int32_t value) {
  if (!world.inside(v))
    return "cell " + voxelText(v) + " is outside the " + std::to_string(world.width()) + "x" +
           std::to_string(world.height()) + "x" + std::to_string(world.levels()) + " world";
  if (value < 1 || value > 255)
    return "cost layer value " + std::to_string(value) + " at " + voxelText(v) +
           " is outside 1..255 (sixteenths of a move's cost)";
  return "";
}

// Cost changes packed [x, y, z, value, ...]: "" when every one is allowed, else the first problem,
// naming the change, its cell and its value (nothing is changed by the caller then).
std::string checkCostChanges(const BlockWorld& world, const std::vector<int32_t>& packed) {
  if (packed.size() % kChangeStride != 0) return "the cost changes must be x, y, z, value quadruples";
  for (size_t i = 0; i < packed.size(); i += kChangeStride)
    if (std::string problem = costChangeProblem(world, Voxel{packed[i], packed[i + 1], packed[i + 2]}, packed[i + 3]);
        !problem.empty())
      return failure(StatusKind::OutOfRange, "change " + std::to_string(i / kChangeStride) + ": " + problem);
  return "";
}

// A world's layer as JavaScript sees it: a copy, null without one.
val costLayerToJS(const BlockWorld& world) {
  if (!world.hasCostLayer()) return val::null();
  return copyToJS(world.costLayer().data(), world.costLayer().size());
}

void applyBlockChanges(BlockWorld& world, const std::vector<int32_t>& packed) {
  for (size_t i = 0; i < packed.size(); i += kChangeStride)
    world.setBlock(packed[i], packed[i + 1], packed[i + 2], static_cast<Block>(packed[i + 3]));
}

// "" when the world has a level `z`, else the problem.
std::string levelProblem(const BlockWorld& world, int32_t z) {
  if (z >= 0 && z < world.levels()) return "";
  return failure(StatusKind::OutOfRange,
                 "level " + std::to_string(z) + " is outside 0.." + std::to_string(world.levels() - 1));
}

// The blocks of level `z`, row-major (a Uint8Array of width * height block codes), or { error }.
val floorBlocksToJS(const BlockWorld& world, int32_t z) {
  if (std::string error = levelProblem(world, z); !error.empty()) return errorObject(error);
  return copyToJS(world.blocks().data() + static_cast<size_t>(z) * static_cast<size_t>(world.levelArea()),
                  static_cast<size_t>(world.levelArea()));
}

// Whether an agent stands in each cell of level `z` (1 or 0), row-major, or { error }.
val floorStandingToJS(const BlockWorld& world, int32_t z, std::vector<uint8_t>& scratch) {
  if (std::string error = levelProblem(world, z); !error.empty()) return errorObject(error);
  scratch.resize(static_cast<size_t>(world.levelArea()));
  for (int32_t y = 0; y < world.height(); ++y)
    for (int32_t x = 0; x < world.width(); ++x)
      scratch[static_cast<size_t>(y * world.width() + x)] = world.standing(x, y, z) ? 1 : 0;
  return copyToJS(scratch.data(), scratch.size());
}

// Optimal A* on the world of a BlockWorld handle as it is at the call (WorldAStar.h); its scratch is
// kept between searches.
class WorldAStarHandle {
 public:
  val findPath(const BlockWorldHandle& handle, int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz) {
    const BlockWorld* world = handle.world();
    if (!world) return errorObject(StatusKind::NotReady, "the world is not loaded");
    if (static_cast<uint64_t>(world->cellCount()) > reservedCells_) {
      if (std::string error = reserveHeap(kWorldSearchBytesPerCell * cellsOf(*world), "the search's scratch");
          !error.empty())
        return errorObject(error);
      reservedCells_ = cellsOf(*world);
    }
    search_.findPath(*world, Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, path_);
    return worldPathToJS(path_);
  }

 private:
  WorldAStar search_;
  WorldPath path_;
  uint64_t reservedCells_ = 0;
};

val voxelToJS(const std::optional<Voxel>& v) {
  if (!v) return val::null();
  val o = val::object();
  o.set("x", v->x);
  o.set("y", v->y);
  o.set("z", v->z);
  return o;
}

}  // namespace

std::string BlockWorldHandle::parse(const val& bytes, const std::string& fileName) {
  const auto length = bytes["length"].as<size_t>();
  if (length > kMaxWorldFileBytes)
    return fileName + ": the file has " + std::to_string(length) + " bytes, more than the " +
           std::to_string(kMaxWorldFileBytes) + " a world of the largest size needs";
  // The text, then the world (at most one block per byte of text) and its building buffer.
  if (std::string error = reserveHeap((1 + 2 * kWorldBytesPerCell) * length + 4 * kAllocationOverhead, "the world");
      !error.empty())
    return error;
  std::vector<char> text;
  readFromJS(bytes, text);
  ParseError error;
  std::optional<BlockWorld> parsed = parseBlockWorld(std::string_view(text.data(), text.size()), fileName, error);
  if (!parsed) return failure(StatusKind::BadBytes, error.toString());
  set(std::move(*parsed));
  return "";
}

std::string BlockWorldHandle::generate(const std::string& kind, int32_t width, int32_t height, int32_t levels,
                                       double seed) {
  const std::optional<WorldKind> k = worldKindOf(kind);
  if (!k) return failure(StatusKind::OutOfRange, "unknown kind \"" + kind + "\" (known: " + kWorldKindNames + ")");
  if (std::string error = BlockWorld::checkSize(width, height, levels); !error.empty()) return error;
  if (!(seed >= 0 && seed <= 9007199254740991.0) || seed != static_cast<double>(static_cast<uint64_t>(seed)))
    return failure(StatusKind::OutOfRange, "seed " + numberText(seed) + " is not an integer in 0..2^53-1");
  const uint64_t cells = static_cast<uint64_t>(width) * static_cast<uint64_t>(height) * static_cast<uint64_t>(levels);
  // Two generation buffers of a byte per cell, the world, and its copy into place.
  if (std::string error = reserveHeap((2 + 2 * kWorldBytesPerCell) * cells + 4 * kAllocationOverhead, "the world");
      !error.empty())
    return error;
  set(generateWorld(*k, width, height, levels, static_cast<uint64_t>(seed)));
  return "";
}

val BlockWorldHandle::floor(int32_t z) const {
  return world_ ? floorBlocksToJS(*world_, z) : errorObject(StatusKind::NotReady, "the world is not loaded");
}

val BlockWorldHandle::standingFloor(int32_t z) {
  return world_ ? floorStandingToJS(*world_, z, scratch_)
                : errorObject(StatusKind::NotReady, "the world is not loaded");
}

std::string BlockWorldHandle::setBlocks(const val& changes) {
  if (!world_) return failure(StatusKind::NotReady, "the world is not loaded");
  readFromJS(changes, input_);
  if (std::string error = checkBlockChanges(*world_, input_); !error.empty()) return error;
  applyBlockChanges(*world_, input_);
  if (!input_.empty()) components_.reset();
  return "";
}

std::string BlockWorldHandle::setCostLayer(const val& layer) {
  if (!world_) return failure(StatusKind::NotReady, "the world is not loaded");
  if (layer.isNull()) return world_->clearCostLayer(), "";
  const auto length = layer["length"].as<size_t>();
  if (length != static_cast<size_t>(world_->cellCount()))
    return failure(StatusKind::OutOfRange, world_->checkCostLayer(std::vector<uint8_t>(length, kCostLayerUnit)));
  // The copy read from JavaScript, the world's own copy and its weights (4 bytes per cell).
  if (std::string error = reserveHeap(
          (1 + kLayerBytesPerCell) * static_cast<uint64_t>(length) + 2 * kAllocationOverhead, "the cost layer");
      !error.empty())
    return error;
  std::vector<uint8_t> values;
  readFromJS(layer, values);
  if (std::string error = world_->setCostLayer(values); !error.empty()) return failure(StatusKind::OutOfRange, error);
  return "";
}

val BlockWorldHandle::costLayer() const { return world_ ? costLayerToJS(*world_) : val::null(); }

std::string BlockWorldHandle::setCellCost(int32_t x, int32_t y, int32_t z, int32_t value) {
  if (!world_) return failure(StatusKind::NotReady, "the world is not loaded");
  if (std::string problem = costChangeProblem(*world_, Voxel{x, y, z}, value); !problem.empty())
    return failure(StatusKind::OutOfRange, problem);
  if (!world_->hasCostLayer() && value != kCostLayerUnit)
    if (std::string error =
            reserveHeap(kLayerBytesPerCell * cellsOf(*world_) + 2 * kAllocationOverhead, "the cost layer");
        !error.empty())
      return error;
  world_->setCellCost(Voxel{x, y, z}, static_cast<uint8_t>(value));
  return "";
}

double BlockWorldHandle::componentOf(int32_t x, int32_t y, int32_t z) {
  if (!world_ || !world_->inside(x, y, z)) return 0;  // as a grid's cells outside the map
  return static_cast<double>(components().of(world_->index(x, y, z)));
}

bool BlockWorldHandle::isReachable(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz) {
  return world_ && components().connected(*world_, Voxel{sx, sy, sz}, Voxel{gx, gy, gz});
}

double BlockWorldHandle::componentCount() { return world_ ? static_cast<double>(components().count()) : 0; }

std::string BlockWorldHandle::text() const { return world_ ? formatBlockWorld(*world_) : ""; }

std::string BlockWorldHandle::validatePath(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz,
                                           const val& cells, double reportedCost, double tolerance) const {
  if (!world_) return failure(StatusKind::NotReady, "the world is not loaded");
  std::vector<int32_t> flat;
  readFromJS(cells, flat);
  if (flat.size() % 3 != 0) return "the cells must be x, y, z triples";
  std::vector<Voxel> path(flat.size() / 3);
  for (size_t i = 0; i < path.size(); ++i) path[i] = Voxel{flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]};
  return validateWorldPath(*world_, Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, path, reportedCost, tolerance).problem;
}

int BlockWorldHandle::moveBetween(int32_t ax, int32_t ay, int32_t az, int32_t bx, int32_t by, int32_t bz) const {
  return world_ ? worldMoveBetween(*world_, Voxel{ax, ay, az}, Voxel{bx, by, bz}) : -1;
}

val BlockWorldHandle::nearestStanding(int32_t x, int32_t y, int32_t z, double maxDistance) const {
  if (!world_) return errorObject(StatusKind::NotReady, "the world is not loaded");
  if (!(maxDistance >= 0))
    return errorObject(StatusKind::OutOfRange, "maxDistance must be 0 or more, got " + numberText(maxDistance));
  return voxelToJS(hpastar::nearestStanding(*world_, Voxel{x, y, z}, maxDistance));
}

void BlockWorldHandle::set(BlockWorld world) {
  world_ = std::make_unique<BlockWorld>(std::move(world));
  components_.reset();
}

const WorldComponents& BlockWorldHandle::components() {
  if (!components_) components_ = std::make_unique<WorldComponents>(*world_);
  return *components_;
}

val WorldHpaHandle::defaultOptions() { return optionsToJS(WorldHierarchyOptions{}); }

std::string WorldHpaHandle::build(const BlockWorldHandle& handle, const val& options, const val& progress) {
  const BlockWorld* world = handle.world();
  if (!world) return failure(StatusKind::NotReady, "the world is not loaded");
  WorldHierarchyOptions o;
  if (std::string error = optionsFromJS(options, o); !error.empty()) return error;
  if (std::string error = o.check(); !error.empty()) return failure(StatusKind::OutOfRange, error);
  return rebuild(*world, o, progress);
}

std::string WorldHpaHandle::load(const val& bytes) {
  const auto length = bytes["length"].as<size_t>();
  // The bytes' copy, and the parts read from them (as long as the bytes at most, before the world's moves).
  if (std::string error = reserveHeap(2 * static_cast<uint64_t>(length) + kAllocationOverhead, "a copy of the bytes");
      !error.empty())
    return error;
  std::vector<uint8_t> data;
  readFromJS(bytes, data);
  std::string error;
  std::optional<WorldHierarchyParts> parts = readWorldHierarchyParts(data, error);
  if (!parts) return failure(StatusKind::BadBytes, error);
  if (std::string room =
          reserveHeap(kHierarchyBytesPerCell * cellsOf(parts->world) + 8 * kAllocationOverhead, "the world hierarchy");
      !room.empty())
    return room;
  bool refused = false;
  std::optional<WorldHierarchy> loaded =
      WorldHierarchy::fromParts(std::move(*parts), error, reserveHeuristics(&refused));
  if (!loaded) return refused ? error : failure(StatusKind::BadBytes, error);
  hierarchy_ = std::make_shared<WorldHierarchy>(std::move(*loaded));
  lastUpdate_ = WorldUpdateStats{};
  return "";
}

val WorldHpaHandle::serialize() const {
  if (!hierarchy_) return val::global("Uint8Array").new_(0);
  // The parts' copy and the bytes: each about the hierarchy's size plus the world's blocks.
  const uint64_t bytes = 2 * (hierarchy_->stats().bytes + cellsOf(hierarchy_->world())) + kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the serialized hierarchy"); !error.empty()) return errorObject(error);
  const std::vector<uint8_t> data = serializeWorldHierarchy(*hierarchy_);
  return copyToJS(data.data(), data.size());
}

val WorldHpaHandle::options() const { return hierarchy_ ? optionsToJS(hierarchy_->options()) : val::null(); }

val WorldHpaHandle::stats() const {
  if (!hierarchy_) return val::null();
  const WorldHierarchyStats& s = hierarchy_->stats();
  val o = val::object();
  o.set("buildMs", s.buildMs);
  o.set("bytes", static_cast<double>(s.bytes));
  o.set("pathBytes", static_cast<double>(s.pathBytes));
  o.set("transitions", static_cast<double>(s.transitions));
  o.set("components", static_cast<double>(hierarchy_->components().count()));
  o.set("heuristicsMs", s.heuristicsMs);
  o.set("heuristicBytes", static_cast<double>(s.landmarkBytes + s.distanceTableBytes));
  o.set("distanceTableNodes", static_cast<double>(s.distanceTableNodes));
  val levels = val::array();
  for (int32_t l = 0; l < hierarchy_->levels(); ++l) {
    val level = val::object();
    level.set("clusters", static_cast<double>(s.clusters[l]));
    level.set("nodes", static_cast<double>(s.nodes[l]));
    level.set("edges", static_cast<double>(s.edges[l]));
    levels.call<void>("push", level);
  }
  o.set("levels", levels);
  return o;
}

val WorldSearcher::findPath(const WorldHierarchy* hierarchy, Voxel start, Voxel goal, bool smooth, bool toNearest,
                            bool anyAngle) {
  if (!hierarchy) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = anyAngleRefusal(hierarchy->world(), anyAngle); !error.empty()) return errorObject(error);
  WorldHpaQueryOptions options;
  options.smooth = smooth;
  options.anyAngle = anyAngle;
  const std::optional<Voxel> reached = toNearest ? nearestReachableGoal(*hierarchy, start, goal) : std::nullopt;
  if (!reached || *reached == goal) return searchedPath(*hierarchy, start, goal, options, nullptr);
  val out = searchedPath(*hierarchy, start, *reached, options, nullptr);
  out.set("reached", voxelToJS(reached));
  return out;
}

val WorldSearcher::traceFindPath(const WorldHierarchy* hierarchy, Voxel start, Voxel goal, bool smooth) {
  if (!hierarchy) return errorObject(StatusKind::NotReady, "the planner is not built");
  trace_.clear();
  WorldHpaQueryOptions options;
  options.smooth = smooth;
  val out = tracedPathToJS(searchedPath(*hierarchy, start, goal, options, &trace_), trace_);
  trace_.clear();
  return out;
}

val WorldSearcher::searchedPath(const WorldHierarchy& hierarchy, Voxel start, Voxel goal,
                                const WorldHpaQueryOptions& options, WorldSearchTrace* trace) {
  WorldHpaStats s;
  WorldHpaQuery& query = engine_.worldQuery(hierarchy);
  query.setTrace(trace);
  query.findPath(start, goal, path_, options, &s);
  query.setTrace(nullptr);  // untraced queries pay nothing for it
  val out = worldPathToJS(path_);
  out.set("stats", worldHpaStatsToJS(s));
  return out;
}

val WorldSearcher::findPaths(const WorldHierarchy* hierarchy, const val& queries, bool keepCells, bool toNearest,
                             bool anyAngle) {
  WorldHpaQueryOptions options;
  options.anyAngle = anyAngle;
  return worldPathBatchToJS(engine_, hierarchy, queries, options, keepCells, toNearest, input_, batch_, moved_);
}

std::unique_ptr<WorldPlanHandle> WorldHpaQueryHandle::plan(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy,
                                                           int32_t gz) {
  auto handle = std::make_unique<WorldPlanHandle>();
  if (!hierarchy_) {
    handle->summary = errorObject(StatusKind::NotReady, "the planner is not built");
    return handle;
  }
  handle->owner = hierarchy_;
  WorldHpaStats s;
  searcher_.query(*hierarchy_).plan(Voxel{sx, sy, sz}, Voxel{gx, gy, gz}, handle->plan, &s);
  handle->summary = planSummaryToJS(handle->plan, voxelsToJS(handle->plan.waypoints), worldHpaStatsToJS(s));
  return handle;
}

val WorldHpaQueryHandle::nextSegment(WorldPlanHandle& plan) {
  if (plan.done()) return val::null();
  if (!hierarchy_ || plan.owner != hierarchy_ || plan.plan.version != hierarchy_->version())
    return errorObject("the plan is stale: its planner's world changed after it was made");
  const WorldHpaQuery& query = searcher_.query(*hierarchy_);
  segment_.clear();
  query.nextSegment(plan.plan, segment_);
  val o = val::object();
  o.set("cells", voxelsToJS(segment_));
  o.set("expandedRefinement", 0.0);  // refinement copies stored paths (WorldHpaQuery::nextSegment)
  return o;
}

std::string WorldHpaHandle::applyBlockChanges(const val& changes) {
  if (!hierarchy_) return failure(StatusKind::NotReady, "the planner is not built");
  readFromJS(changes, input_);
  if (std::string error = checkBlockChanges(hierarchy_->world(), input_); !error.empty()) return error;
  changes_.clear();
  for (size_t i = 0; i < input_.size(); i += kChangeStride)
    changes_.push_back(BlockChange{Voxel{input_[i], input_[i + 1], input_[i + 2]}, static_cast<Block>(input_[i + 3])});
  WorldUpdateStats stats;
  if (std::string error = hierarchy_->applyBlockChanges(changes_, &stats, reserveHeuristics()); !error.empty())
    return error;
  lastUpdate_ = std::move(stats);
  return "";
}

std::string WorldHpaHandle::applyCostChanges(const val& changes) {
  if (!hierarchy_) return failure(StatusKind::NotReady, "the planner is not built");
  readFromJS(changes, input_);
  const BlockWorld& world = hierarchy_->world();
  if (std::string error = checkCostChanges(world, input_); !error.empty()) return error;
  if (!world.hasCostLayer() && !input_.empty())
    if (std::string error =
            reserveHeap(kLayerBytesPerCell * cellsOf(world) + 2 * kAllocationOverhead, "the cost layer");
        !error.empty())
      return error;
  costChanges_.clear();
  for (size_t i = 0; i < input_.size(); i += kChangeStride)
    costChanges_.push_back(
        CostChange{Voxel{input_[i], input_[i + 1], input_[i + 2]}, static_cast<uint8_t>(input_[i + 3])});
  WorldUpdateStats stats;
  if (std::string error = hierarchy_->applyCostChanges(costChanges_, &stats, reserveHeuristics()); !error.empty())
    return error;
  lastUpdate_ = std::move(stats);
  return "";
}

val WorldHpaHandle::costLayer() const { return hierarchy_ ? costLayerToJS(hierarchy_->world()) : val::null(); }

val WorldHpaHandle::lastUpdate() const {
  val o = val::object();
  val counts = val::array();
  val levels = val::array();
  for (int32_t l = 1; hierarchy_ && l <= hierarchy_->levels(); ++l) {
    const std::vector<int32_t>& ids = lastUpdate_.rebuiltClusters[l - 1];
    std::vector<int32_t> boxes;
    boxes.reserve(ids.size() * 6);
    for (const int32_t id : ids) {
      const Box b = hierarchy_->layout(l).box(id);
      boxes.insert(boxes.end(), {b.x0, b.y0, b.z0, b.x1, b.y1, b.z1});
    }
    counts.call<void>("push", static_cast<double>(ids.size()));
    val level = val::object();
    level.set("level", l);
    level.set("clusters", copyToJS(ids.data(), ids.size()));
    level.set("boxes", copyToJS(boxes.data(), boxes.size()));
    levels.call<void>("push", level);
  }
  o.set("blocksChanged", static_cast<double>(lastUpdate_.blocksChanged));
  o.set("costsChanged", static_cast<double>(lastUpdate_.costsChanged));
  o.set("cellsChanged", static_cast<double>(lastUpdate_.cellsChanged));
  o.set("clustersRebuilt", counts);
  o.set("rebuilt", levels);
  o.set("componentsJoined", lastUpdate_.componentsJoined);
  o.set("ms", lastUpdate_.microseconds / 1000.0);
  return o;
}

val WorldHpaHandle::floor(int32_t z) const {
  return hierarchy_ ? floorBlocksToJS(hierarchy_->world(), z)
                    : errorObject(StatusKind::NotReady, "the planner is not built");
}

double WorldHpaHandle::componentOf(int32_t x, int32_t y, int32_t z) const {
  if (!hierarchy_ || !hierarchy_->world().inside(x, y, z)) return 0;  // as a grid's cells outside the map
  return static_cast<double>(hierarchy_->components().of(hierarchy_->world().index(x, y, z)));
}

val WorldHpaHandle::nearestPassable(int32_t x, int32_t y, int32_t z, double component, double maxDistance) const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = checkComponent(*hierarchy_, component, "world"); !error.empty()) return errorObject(error);
  if (!(maxDistance >= 0))
    return errorObject(StatusKind::OutOfRange, "maxDistance must be 0 or more, got " + numberText(maxDistance));
  return voxelToJS(nearestStanding(*hierarchy_, Voxel{x, y, z}, static_cast<uint32_t>(component), maxDistance));
}

val WorldHpaHandle::randomPassable(double seed, double component) const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = checkComponent(*hierarchy_, component, "world"); !error.empty()) return errorObject(error);
  CellRandom random(static_cast<uint64_t>(seed));
  return voxelToJS(randomStanding(*hierarchy_, static_cast<uint32_t>(component), random));
}

bool WorldHpaHandle::isReachable(int32_t sx, int32_t sy, int32_t sz, int32_t gx, int32_t gy, int32_t gz) const {
  return hierarchy_ && hierarchy_->connected(Voxel{sx, sy, sz}, Voxel{gx, gy, gz});
}

val WorldHpaHandle::clusterBoxes(int32_t level) const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (level < 1 || level > hierarchy_->levels())
    return errorObject(StatusKind::OutOfRange,
                       "level " + std::to_string(level) + " is outside 1.." + std::to_string(hierarchy_->levels()));
  const WorldClusterLayout& layout = hierarchy_->layout(level);
  std::vector<int32_t> boxes;
  boxes.reserve(static_cast<size_t>(layout.count()) * 6);
  for (int32_t c = 0; c < layout.count(); ++c) {
    const Box b = layout.box(c);
    boxes.insert(boxes.end(), {b.x0, b.y0, b.z0, b.x1, b.y1, b.z1});
  }
  return copyToJS(boxes.data(), boxes.size());
}

val WorldHpaHandle::abstractGraph(int32_t level) const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  return abstractGraphToJS(*hierarchy_, level);
}

val WorldHpaHandle::nodes() const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  val o = val::object();
  o.set("cells", copyToJS(reinterpret_cast<const int32_t*>(hierarchy_->nodeVoxels()),
                          static_cast<size_t>(hierarchy_->nodeCount()) * 3));
  std::vector<uint8_t> levels(hierarchy_->nodeCount());
  for (uint32_t n = 0; n < hierarchy_->nodeCount(); ++n) levels[n] = static_cast<uint8_t>(hierarchy_->nodeLevel(n));
  o.set("levels", copyToJS(levels.data(), levels.size()));
  return o;
}

std::string WorldHpaHandle::rebuild(const BlockWorld& world, const WorldHierarchyOptions& options,
                                    const val& progress) {
  if (std::string error =
          reserveHeap((kHierarchyBytesPerCell + (world.hasCostLayer() ? kLayerBytesPerCell : 0)) * cellsOf(world) +
                          8 * kAllocationOverhead,
                      "the world hierarchy");
      !error.empty())
    return error;
  std::string error;
  Progress report = progressToJS(progress);
  std::optional<WorldHierarchy> built = WorldHierarchy::build(world, options, error, reserveHeuristics(), &report);
  // Cancelled: the planner keeps what it had (nothing, or the previous build); the half-built one is gone.
  if (report.cancelled()) return failure(StatusKind::Refused, error);
  if (!built) return error.empty() ? "the world hierarchy could not be built" : error;
  hierarchy_ = std::make_shared<WorldHierarchy>(std::move(*built));
  lastUpdate_ = WorldUpdateStats{};
  return "";
}

namespace {

// The block kinds as the core declares them (Blocks.h): [{ code, char, name }] in code order.
val blockKindsToJS() {
  val list = val::array();
  for (int i = 0; i < kBlockKindCount; ++i) {
    val kind = val::object();
    kind.set("code", i);
    kind.set("char", std::string(1, kBlockChars[i]));
    kind.set("name", std::string(kBlockNames[i]));
    list.call<void>("push", kind);
  }
  return list;
}

// The limits of block worlds and the kinds the generator makes.
val worldLimitsToJS() {
  val o = val::object();
  o.set("maxSide", BlockWorld::kMaxSide);
  o.set("maxLevels", BlockWorld::kMaxLevels);
  o.set("maxCells", static_cast<double>(BlockWorld::kMaxCells));
  o.set("maxFileBytes", static_cast<double>(kMaxWorldFileBytes));
  o.set("maxAbstractionLevels", WorldHierarchyOptions::kMaxLevels);
  val kinds = val::array();
  for (WorldKind k : {WorldKind::Caves, WorldKind::Towers, WorldKind::Hills})
    kinds.call<void>("push", std::string(worldKindName(k)));
  o.set("kinds", kinds);
  return o;
}

EMSCRIPTEN_BINDINGS(hpastar_world) {
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<BlockWorldHandle>("BlockWorld").constructor<>(), BlockWorldHandle, parse,
                         generate, loaded, width, height, levels, blockAt, standing, floor, standingFloor, setBlocks,
                         setCostLayer, costLayer, setCellCost, componentOf, componentCount, isReachable, text,
                         validatePath, moveBetween, nearestStanding);
  emscripten::class_<WorldAStarHandle>("WorldAStar").constructor<>().function("findPath", &WorldAStarHandle::findPath);
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<WorldHpaHandle>("WorldHPAStar")
                             .constructor<>()
                             .class_function("defaultOptions", &WorldHpaHandle::defaultOptions),
                         WorldHpaHandle, build, load, serialize, built, options, width, height, levels, version, stats,
                         findPath, traceFindPath, findPaths, planPaths, applyBlockChanges, applyCostChanges, costLayer,
                         lastUpdate, floor, componentOf, isReachable, nearestPassable, randomPassable, clusterBoxes,
                         nodes, abstractGraph);
  bindPlans<WorldPlanHandle>(
      HPASTAR_BIND_FUNCTIONS(
          emscripten::class_<WorldHpaQueryHandle>("WorldHPAStarQuery").constructor<const WorldHpaHandle&>(),
          WorldHpaQueryHandle, findPath, traceFindPath, findPaths),
      "WorldHPAStarPlan");
  emscripten::function("worldBlockKinds", &blockKindsToJS);
  emscripten::function("worldLimits", &worldLimitsToJS);
  emscripten::function("worldOptionFields", &optionFieldsToJS<WorldHierarchyOptions>);
}

}  // namespace
}  // namespace hpastar::bindings
