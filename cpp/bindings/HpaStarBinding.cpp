#include "bindings/HpaStarBinding.h"

#include <emscripten/bind.h>

#include <cmath>

#include "bindings/AbstractGraphToJS.h"
#include "bindings/BatchToJS.h"
#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/OptionsToJS.h"
#include "bindings/PlanToJS.h"
#include "bindings/ReachabilityToJS.h"
#include "bindings/SearchTraceToJS.h"
#include "grid/AllocationSize.h"
#include "hpa/HierarchyMemory.h"
#include "hpa/HierarchyOptionChoice.h"
#include "hpa/HierarchySerialization.h"
#include "world/WorldHierarchySerialization.h"

namespace hpastar::bindings {

val HpaStarHandle::defaultOptions() { return optionsToJS(HierarchyOptions{}); }

namespace {

// The options of a build: the automatic choice for the grid and the hint in `options`
// (HierarchyOptionChoice.h), with the fields `options` sets over it.
std::string chosenOptions(const Grid& cells, const val& options, HierarchyOptions& out, std::string& reason) {
  HierarchyOptions hint;
  if (std::string error = optionsFromJS(options, hint); !error.empty()) return error;
  // Every field that shapes the hierarchy given: nothing to choose.
  bool allGiven = true;
  for (const auto& f : HierarchyOptions::fields())
    if (f.integer != &HierarchyOptions::memoryBudgetMiB && f.kind != OptionKind::Choice)
      allGiven = allGiven && !options[f.name].isUndefined();
  if (allGiven) {
    reason = "every option given";
    out = hint;
    return "";
  }
  if (std::string error = reserveHeap(hierarchyChoiceScratch(cells), "choosing the options"); !error.empty())
    return error;
  // { cacheTrees: false } asks for HPA*: the choice for a hierarchy without trees.
  const bool trees = options["cacheTrees"].isUndefined() || hint.cacheTrees;
  HierarchyOptionChoice choice = chooseHierarchyOptions(cells, hint.terrainChanges, trees);
  reason = std::move(choice.reason);
  return overrideChoice(choice.options, out, [&](HierarchyOptions& o) { return optionsFromJS(options, o); });
}

}  // namespace

val HpaStarHandle::chooseOptions(const GridHandle& grid, const val& options) {
  if (!grid.loaded()) return val(failure(StatusKind::NotReady, "the grid is not loaded"));
  HierarchyOptions o;
  std::string reason;
  if (std::string error = chosenOptions(*grid.shared(), options, o, reason); !error.empty()) return val(error);
  val out = val::object();
  out.set("options", optionsToJS(o));
  out.set("reason", reason);
  return out;
}

std::string HpaStarHandle::build(const GridHandle& grid, const val& options, const val& progress) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  HierarchyOptions o;
  std::string reason;
  if (std::string error = chosenOptions(*grid.shared(), options, o, reason); !error.empty()) return error;
  // Checked here too, so that no option ever reaches the core unchecked (a cluster size of 0 would
  // divide by zero: a trap, not an error).
  if (std::string error = o.validate(); !error.empty()) return failure(StatusKind::OutOfRange, error);
  const Grid& cells = *grid.shared();
  if (std::string error = reserveHeap(hierarchyEstimateScratch(cells, o), "estimating the hierarchy"); !error.empty())
    return error;
  const HierarchyMemoryEstimate estimate = estimateHierarchyMemory(cells, o);
  // The budget first, so that a build above it is refused as it is natively, whatever the heap.
  if (std::string error = checkMemoryBudget(estimate, o); !error.empty()) return failure(StatusKind::OutOfRange, error);
  if (std::string error = reserveHeap(estimate.buildPeak(), "the hierarchy"); !error.empty()) return error;
  std::string error;
  Progress report = progressToJS(progress);
  auto built = Hierarchy::build(cells, o, nullptr, error, &report);
  if (report.cancelled()) return failure(StatusKind::Refused, error);
  if (!built) return error.empty() ? "the hierarchy could not be built" : error;
  adopt(std::move(*built));
  return "";
}

std::string HpaStarHandle::buildFromTerrain(const val& terrain, int width, int height, const val& options,
                                            const val& progress) {
  GridHandle grid;
  if (std::string error = grid.loadTerrain(terrain, width, height); !error.empty()) return error;
  return build(grid, options, progress);
}

std::string HpaStarHandle::load(const val& bytes) {
  const auto length = bytes["length"].as<size_t>();
  if (std::string error = reserveHeap(length + kAllocationOverhead, "a copy of the bytes"); !error.empty())
    return error;
  std::vector<uint8_t> data;
  readFromJS(bytes, data);
  // The loader's bound is read from the bytes (0 for bytes it refuses before allocating).
  if (std::string error = reserveHeap(estimateLoadMemory(data), "the hierarchy"); !error.empty()) return error;
  std::string error;
  auto loaded = deserializeHierarchy(data, error);
  if (!loaded) return failure(StatusKind::BadBytes, error.empty() ? "the bytes are not a hierarchy" : error);
  adopt(std::move(*loaded));
  return "";
}

val HpaStarHandle::serialize() const {
  if (!versions_) return val::global("Uint8Array").new_(0);
  const VersionedHierarchy::Snapshot h = current();
  // The writer allocates the bytes once, at their length; the copy to JavaScript is outside the heap.
  const uint64_t bytes = serializedHierarchySize(*h) + kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the serialized hierarchy"); !error.empty()) return errorObject(error);
  const std::vector<uint8_t> data = serializeHierarchy(*h);
  return copyToJS(data.data(), data.size());
}

void HpaStarHandle::adopt(Hierarchy&& hierarchy) {
  versions_ = std::make_shared<VersionedHierarchy>(std::move(hierarchy));
  lastUpdate_ = UpdateStats{};
}

val HpaStarHandle::options() const { return versions_ ? optionsToJS(current()->options()) : val::null(); }

int HpaStarHandle::width() const { return versions_ ? current()->grid().width() : 0; }
int HpaStarHandle::height() const { return versions_ ? current()->grid().height() : 0; }

val HpaStarHandle::stats() const {
  if (!versions_) return val::null();
  const VersionedHierarchy::Snapshot h = current();
  const HierarchyStats& s = h->stats();
  val levels = val::array();
  for (size_t l = 0; l < s.levels.size(); ++l) {
    val level = val::object();
    level.set("level", static_cast<int>(l + 1));
    level.set("clusterSize", h->layout(static_cast<int32_t>(l + 1)).size);
    level.set("clusters", s.levels[l].clusters);
    level.set("nodes", s.levels[l].nodes);
    level.set("interEdges", s.levels[l].interEdges);
    level.set("intraEdges", s.levels[l].intraEdges);
    levels.call<void>("push", level);
  }
  val o = val::object();
  o.set("buildMs", s.buildMs);
  o.set("bytes", static_cast<double>(s.bytes));
  o.set("gridBytes", static_cast<double>(h->grid().bytes()));
  o.set("entrances", s.entrances);
  o.set("components", s.components);
  o.set("distanceTableNodes", s.distanceTableNodes);
  val parts = val::object();
  parts.set("trees", static_cast<double>(s.treeBytes));
  parts.set("paths", static_cast<double>(s.pathBytes));
  parts.set("landmarks", static_cast<double>(s.landmarkBytes));
  parts.set("distanceTable", static_cast<double>(s.distanceTableBytes));
  o.set("optionalBytes", parts);
  o.set("levels", levels);
  return o;
}

val HpaStarHandle::agent() const { return agentToJS(versions_ ? current()->grid().agent() : Agent::movingAIDefault()); }

val HpaStarHandle::terrain() const {
  if (!versions_) return val::global("Uint8Array").new_(0);
  return terrainToJS(current()->grid());
}

val HpaStarHandle::terrainRect(int x, int y, int w, int h) const {
  const VersionedHierarchy::Snapshot now = current();
  if (!now) return errorObject(StatusKind::NotReady, "the planner is not built");
  return rectToJS(now->grid(), x, y, w, h, GridLayer::Terrain);
}

val HpaStarHandle::passableRect(int x, int y, int w, int h) const {
  const VersionedHierarchy::Snapshot now = current();
  if (!now) return errorObject(StatusKind::NotReady, "the planner is not built");
  return rectToJS(now->grid(), x, y, w, h, GridLayer::Passable);
}

val HpaStarHandle::abstractGraph(int level) const {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  val o = abstractGraphToJS(*current(), level);
  // A 2D graph has no vertical edge, so its kinds are the 0/1 flags it has always answered as edgeInter.
  if (o.hasOwnProperty("edgeKind")) o.set("edgeInter", o["edgeKind"]);
  return o;
}

std::string HpaStarHandle::applyEdits(const val& edits, const val& progress) {
  if (!versions_) return failure(StatusKind::NotReady, "the planner is not built");
  // The edits as read and as the core takes them. A rebuild of a few clusters is small; a fresh build,
  // when the edits touch half of the clusters or more, is reserved below.
  const auto length = edits["length"].as<size_t>();
  const uint64_t lists = sizeof(int32_t) * length + sizeof(CellEdit) * (length / kEditStride) + 2 * kAllocationOverhead;
  if (std::string error = reserveHeap(lists, "the edit list"); !error.empty()) return error;
  readFromJS(edits, input_);
  if (std::string error = checkEdits(current()->grid(), input_); !error.empty()) return error;
  if (input_.empty()) return "";
  const std::vector<CellEdit> cellEdits = unpackEdits(input_);
  // A first cost value makes a cost layer (and weights) in the edited grid, and in a copy of it when
  // searches hold the current version.
  if (std::string error = reserveHeap(2 * costEditBytes(current()->grid(), cellEdits), "the cost layer");
      !error.empty())
    return error;
  if (std::string error = reserveWholeRebuild(current()->editsMayRebuildEverything(cellEdits),
                                              [&](Grid& g) {
                                                for (const CellEdit& e : cellEdits) {
                                                  if (e.terrain != CellEdit::kKeepTerrain)
                                                    g.setTerrain(e.cell.x, e.cell.y, e.terrain);
                                                  if (e.cost != CellEdit::kKeepCost)
                                                    g.setCellCost(e.cell.x, e.cell.y, e.cost);
                                                }
                                              });
      !error.empty())
    return error;
  const Progress::Sink report = progressSinkToJS(progress);
  return updateVersions([&](UpdateStats* stats) { return versions_->applyEdits(cellEdits, stats, report); });
}

std::string HpaStarHandle::setTerrainCosts(const val& pairs) {
  if (!versions_) return failure(StatusKind::NotReady, "the planner is not built");
  TerrainCosts costs;
  if (std::string error = readTerrainCosts(pairs, costs); !error.empty()) return error;
  if (std::string error = costs.check(); !error.empty()) return error;
  const Grid& grid = current()->grid();
  // Weights for a grid that had none, in the edited grid and in a copy of it; then a fresh build, as a
  // new multiplier of a common kind touches most clusters.
  const uint64_t weights = grid.weighted() ? 0 : sizeof(float) * static_cast<uint64_t>(grid.cellCount());
  if (std::string error = reserveHeap(2 * (weights + kAllocationOverhead), "the grid's weights"); !error.empty())
    return error;
  if (std::string error = reserveWholeRebuild(true, [&](Grid& g) { g.setTerrainCosts(costs); }); !error.empty())
    return error;
  return updateVersions([&](UpdateStats* stats) { return versions_->setTerrainCosts(costs, stats); });
}

std::string HpaStarHandle::updateVersions(const std::function<std::string(UpdateStats*)>& update) {
  if (std::string error = reserveVersionCopy(); !error.empty()) return error;
  UpdateStats stats;
  if (std::string error = update(&stats); !error.empty()) return error;
  lastUpdate_ = stats;
  return "";
}

val HpaStarHandle::terrainCosts() const {
  const VersionedHierarchy::Snapshot h = current();
  return terrainCostsToJS(h ? h->grid().terrainCosts() : TerrainCosts{});
}

val HpaStarHandle::costLayer() const {
  const VersionedHierarchy::Snapshot h = current();
  if (!h || !h->grid().hasCostLayer()) return val::null();
  const auto& layer = h->grid().costLayer();
  return copyToJS(layer.data(), layer.size());
}

std::string HpaStarHandle::reserveVersionCopy() const {
  if (!refreshBase_) return "";
  // The refresh in progress holds the current version, so an edit copies it: the grid and the per-node
  // tables (the cluster blocks and the heuristics' tables are shared, not copied).
  const Hierarchy& h = *refreshBase_;
  const uint64_t perNode = static_cast<uint64_t>(h.levels()) * 3 * sizeof(void*) + sizeof(Point) + 1 + 8 + 4;
  const uint64_t bytes = h.grid().bytes() + perNode * h.nodeCount() + 64 * 1024;
  return reserveHeap(bytes, "a copy of the hierarchy (a refresh of its landmarks and distance table holds it)");
}

std::string HpaStarHandle::reserveWholeRebuild(bool mayRebuild, const std::function<void(Grid&)>& edit) const {
  if (!mayRebuild) return "";
  const VersionedHierarchy::Snapshot h = current();
  // The build's peak is estimated on the edited grid (a copy, nothing next to a build), besides the copy
  // of the grid the versioned hierarchy makes when a search holds the current version.
  const uint64_t copy = h->grid().bytes() + sizeof(float) * static_cast<uint64_t>(h->grid().cellCount()) +
                        static_cast<uint64_t>(h->grid().cellCount()) + 4 * kAllocationOverhead;
  if (std::string error = reserveHeap(2 * copy, "a copy of the edited grid"); !error.empty()) return error;
  Grid edited = h->grid();
  edit(edited);
  const HierarchyOptions& o = h->options();
  if (std::string error = reserveHeap(copy + hierarchyEstimateScratch(edited, o), "estimating the hierarchy");
      !error.empty())
    return error;
  const uint64_t peak = estimateHierarchyMemory(edited, o).buildPeak();
  return reserveHeap(copy + peak, "rebuilding the hierarchy");
}

val HpaStarHandle::lastUpdate() const {
  val rebuilt = val::array();
  const VersionedHierarchy::Snapshot h = current();
  const int32_t levels = h ? h->levels() : 0;
  val rebuiltIds = val::array();
  for (int32_t l = 0; l < levels; ++l) {
    rebuilt.call<void>("push", lastUpdate_.clustersRebuilt[l]);
    const std::vector<int32_t>& ids = lastUpdate_.rebuiltClusters[l];
    std::vector<int32_t> rects;
    rects.reserve(ids.size() * 4);
    for (int32_t id : ids) {
      const Rect r = h->layout(l + 1).rect(id);
      rects.insert(rects.end(), {r.x0, r.y0, r.x1, r.y1});
    }
    val level = val::object();
    level.set("level", l + 1);
    level.set("clusters", copyToJS(ids.data(), ids.size()));
    level.set("rects", copyToJS(rects.data(), rects.size()));
    rebuiltIds.call<void>("push", level);
  }
  val o = val::object();
  o.set("cellsChanged", lastUpdate_.cellsChanged);
  o.set("clustersRebuilt", rebuilt);
  o.set("rebuilt", rebuiltIds);
  o.set("ms", lastUpdate_.microseconds / 1000.0);
  o.set("topGraphChanged", lastUpdate_.topGraphChanged);
  return o;
}

bool HpaStarHandle::heuristicsStale() const {
  const VersionedHierarchy::Snapshot h = current();
  return h && h->heuristicsStale();
}

val HpaStarHandle::refreshHeuristics(double budgetMs) {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  auto progress = [&](bool done) {
    val o = val::object();
    o.set("done", done);
    o.set("stepsDone", refresh_ ? refresh_->stepsDone() : 0u);
    o.set("stepsTotal", refresh_ ? refresh_->stepsTotal() : 0u);
    o.set("phase", std::string(buildPhaseName(refresh_ ? refresh_->phase() : BuildPhase::Landmarks)));
    return o;
  };
  {
    const VersionedHierarchy::Snapshot now = current();
    // Nothing stale, or a refresh computing for a top graph an edit has changed since: drop it.
    if (!now->heuristicsStale() || (refresh_ && now->topGraphChangedAt() > refresh_->version())) {
      refresh_.reset();
      refreshBase_ = VersionedHierarchy::Snapshot();
      if (!now->heuristicsStale()) return progress(true);
    }
    if (!refresh_) {
      if (std::string error =
              reserveHeap(HeuristicRefresh::bytesFor(*now), "refreshing the landmarks and distance table");
          !error.empty())
        return errorObject(error);
      refreshBase_ = now;
      refresh_.emplace(*refreshBase_);
    }
  }
  const auto budget = std::chrono::microseconds(static_cast<int64_t>(std::clamp(budgetMs, 0.0, 1e9) * 1000.0));
  if (!refresh_->step(budget)) return progress(false);
  val o = progress(true);
  refreshBase_ = VersionedHierarchy::Snapshot();  // dropped first: the install may then happen in place
  versions_->installHeuristics(*refresh_);
  refresh_.reset();
  return o;
}

val HpaStarHandle::labels(const val& rects) const {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  const VersionedHierarchy::Snapshot h = current();
  std::vector<int32_t> boxes;
  readFromJS(rects, boxes);
  if (boxes.size() % 4 != 0)
    return errorObject(StatusKind::BadArgument, "rects must be packed as (x0, y0, x1, y1) quadruples; got " +
                                                    std::to_string(boxes.size()) + " numbers");
  std::vector<uint32_t> regions, part;
  for (size_t i = 0; i < boxes.size(); i += 4) {
    const Rect r{boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]};
    if (r.x0 < 0 || r.y0 < 0 || r.x1 > h->grid().width() || r.y1 > h->grid().height() || r.x0 > r.x1 || r.y0 > r.y1)
      return errorObject(StatusKind::OutOfRange, "rect " + std::to_string(i / 4) + " is not inside the " +
                                                     std::to_string(h->grid().width()) + "x" +
                                                     std::to_string(h->grid().height()) + " map");
    cellRegions(*h, r, part);
    regions.insert(regions.end(), part.begin(), part.end());
  }
  std::vector<uint32_t> base, component;
  labelTables(*h, base, component);
  val o = val::object();
  o.set("version", static_cast<double>(h->version()));
  o.set("rects", copyToJS(boxes.data(), boxes.size()));
  o.set("regions", copyToJS(regions.data(), regions.size()));
  o.set("regionBase", copyToJS(base.data(), base.size()));
  o.set("regionComponent", copyToJS(component.data(), component.size()));
  return o;
}

val HpaStarHandle::labelLayout() const {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  const VersionedHierarchy::Snapshot h = current();
  const ClusterLayout& layout = h->layout(1);
  val o = val::object();
  o.set("side", layout.size);
  o.set("columns", layout.columns);
  const std::vector<uint32_t> none;
  const std::vector<uint32_t>& cells = layout.merged ? layout.merged->cellCluster : none;
  o.set("cellClusters", copyToJS(cells.data(), cells.size()));
  return o;
}

double HpaStarHandle::snapPathCost(const Hierarchy& h, Point start, Point goal) {
  snapResult_.reset();
  return snapSearch_.hpaQuery(h).findPath(start, goal, snapResult_) == PathStatus::Found ? snapResult_.cost : INFINITY;
}

val HpaQueryHandle::findPath(int sx, int sy, int gx, int gy, bool smooth, bool anyAngle) {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  const VersionedHierarchy::Snapshot h = versions_->current();
  if (std::string error = anyAngleRefusal(h->grid(), anyAngle); !error.empty())
    return errorObject(StatusKind::Unsupported, error);
  HpaQueryOptions options;
  options.smooth = smooth;
  options.anyAngle = anyAngle;
  result_.reset();
  engine_.hpaQuery(*h).findPath(Point{sx, sy}, Point{gx, gy}, result_, options);
  return pathToJS(result_);
}

val HpaQueryHandle::traceFindPath(int sx, int sy, int gx, int gy, bool smooth) {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  const VersionedHierarchy::Snapshot h = versions_->current();
  HpaQueryOptions options;
  options.smooth = smooth;
  return traceQueryToJS(engine_.hpaQuery(*h), trace_, result_, Point{sx, sy}, Point{gx, gy}, options);
}

val HpaQueryHandle::findPaths(const val& queries, bool smooth, bool keepCells, bool anyAngle) {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  const VersionedHierarchy::Snapshot h = versions_->current();
  if (std::string error = anyAngleRefusal(h->grid(), anyAngle); !error.empty())
    return errorObject(StatusKind::Unsupported, error);
  HpaQueryOptions options;
  options.smooth = smooth;
  options.anyAngle = anyAngle;
  engine_.findPaths(*h, input_, options, keepCells, paths_);
  val out = pathBatchToJS(paths_);
  engine_.trim(paths_);
  return out;
}

val HpaQueryHandle::planPaths(const val& queries, bool refineFirstSegment) {
  if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  const VersionedHierarchy::Snapshot h = versions_->current();
  engine_.planPaths(*h, input_, refineFirstSegment, plans_);
  val out = planBatchToJS(plans_);
  engine_.trim(plans_);
  return out;
}

std::unique_ptr<HpaPlanHandle> HpaQueryHandle::plan(int sx, int sy, int gx, int gy, bool smooth) {
  auto handle = std::make_unique<HpaPlanHandle>();
  if (!versions_) {
    handle->summary = errorObject(StatusKind::NotReady, "the planner is not built");
    return handle;
  }
  const VersionedHierarchy::Snapshot h = versions_->current();
  handle->owner = versions_.get();
  result_.reset();
  HpaPlanOptions options;
  options.smooth = smooth;
  engine_.hpaQuery(*h).plan(Point{sx, sy}, Point{gx, gy}, handle->plan, result_, options);
  handle->summary =
      planSummaryToJS(handle->plan, result_.found() ? cellsToJS(result_.cells) : val::global("Int32Array").new_(0),
                      statsToJS(result_.stats));
  return handle;
}

val HpaQueryHandle::nextSegment(HpaPlanHandle& plan) {
  if (plan.done()) return val::null();
  const VersionedHierarchy::Snapshot h = versions_->current();
  if (plan.owner != versions_.get() || plan.plan.version != h->version()) {
    return errorObject("the plan is stale: its planner's terrain changed after it was made");
  }
  segment_.clear();
  SearchStats stats;
  engine_.hpaQuery(*h).nextSegment(plan.plan, segment_, stats);
  val o = val::object();
  o.set("cells", cellsToJS(segment_));
  o.set("expandedRefinement", static_cast<double>(stats.expandedRefinement));
  return o;
}

namespace {

// What saved bytes hold, by their magic: "grid" (HPAStar.serialize), "world" (WorldHPAStar.serialize) or
// "" (neither). Only the first 8 bytes are copied in. Here, not with the block worlds: the grid modules
// need it to say that they cannot load a world.
std::string savedHierarchyKind(const val& bytes) {
  std::vector<uint8_t> head;
  readFromJS(bytes.call<val>("subarray", 0, 8), head);
  return isGridHierarchyBytes(head) ? "grid" : isWorldHierarchyBytes(head) ? "world" : "";
}

}  // namespace

EMSCRIPTEN_BINDINGS(hpastar_hpa) {
  // The reachability questions (ReachabilityToJS.h) beside the class's own functions.
  bindReachability(HPASTAR_BIND_FUNCTIONS(emscripten::class_<HpaStarHandle>("HPAStar")
                                              .constructor<>()
                                              .class_function("defaultOptions", &HpaStarHandle::defaultOptions)
                                              .class_function("chooseOptions", &HpaStarHandle::chooseOptions),
                                          HpaStarHandle, build, buildFromTerrain, load, serialize, built, options,
                                          stats, agent, width, height, terrain, terrainRect, passableRect, version,
                                          abstractGraph, applyEdits, setTerrainCosts, terrainCosts, costLayer,
                                          lastUpdate, heuristicsStale, refreshHeuristics, labels, labelLayout));
  bindPlans<HpaPlanHandle>(
      HPASTAR_BIND_FUNCTIONS(emscripten::class_<HpaQueryHandle>("HPAStarQuery").constructor<const HpaStarHandle&>(),
                             HpaQueryHandle, findPath, traceFindPath, findPaths, planPaths),
      "HPAStarPlan");
  emscripten::function("savedHierarchyKind", &savedHierarchyKind);
}

}  // namespace hpastar::bindings
