#include "bindings/HpaStarBinding.h"

#include <emscripten/bind.h>

#include "bindings/BindingSupport.h"
#include "bindings/SearchTraceToJS.h"
#include "hierarchy/AbstractGraphExport.h"
#include "io/HierarchySerialization.h"

namespace hpastar::bindings {

namespace {

val optionsToJS(const HierarchyOptions& o) {
  val v = val::object();
  v.set("clusterSize", o.clusterSize);
  v.set("levels", o.levels);
  v.set("clusterGroup", o.clusterGroup);
  v.set("entranceWidth", o.entranceWidth);
  v.set("cachePaths", o.cachePaths);
  v.set("cacheTrees", o.cacheTrees);
  v.set("pruneEdges", o.pruneEdges);
  v.set("landmarks", o.landmarks);
  v.set("distanceTable", o.distanceTable);
  return v;
}

// Reads the fields of a JS options object (the TypeScript layer checks their types); missing ones
// keep the core's defaults.
HierarchyOptions optionsFromJS(const val& v) {
  HierarchyOptions o;
  const auto integer = [&](const char* key, int32_t& field) {
    if (!v[key].isUndefined()) field = v[key].as<int32_t>();
  };
  const auto flag = [&](const char* key, bool& field) {
    if (!v[key].isUndefined()) field = v[key].as<bool>();
  };
  integer("clusterSize", o.clusterSize);
  integer("levels", o.levels);
  integer("clusterGroup", o.clusterGroup);
  integer("entranceWidth", o.entranceWidth);
  flag("cachePaths", o.cachePaths);
  flag("cacheTrees", o.cacheTrees);
  flag("pruneEdges", o.pruneEdges);
  integer("landmarks", o.landmarks);
  flag("distanceTable", o.distanceTable);
  return o;
}

}  // namespace

val HpaStarHandle::defaultOptions() { return optionsToJS(HierarchyOptions{}); }

std::string HpaStarHandle::build(const GridHandle& grid, const val& options) {
  if (!grid.loaded()) return "the grid is not loaded";
  const HierarchyOptions o = optionsFromJS(options);
  // Checked here too, so that no option ever reaches the core unchecked (a cluster size of 0 would
  // divide by zero: a trap, not an error).
  if (std::string error = o.validate(); !error.empty()) return error;
  std::string error;
  auto built = Hierarchy::build(*grid.shared(), o, error);
  if (!built) return error.empty() ? "the hierarchy could not be built" : error;
  adopt(std::move(*built));
  return "";
}

std::string HpaStarHandle::buildFromTerrain(const val& terrain, int width, int height, const val& options) {
  GridHandle grid;
  if (std::string error = grid.loadTerrain(terrain, width, height); !error.empty()) return error;
  return build(grid, options);
}

std::string HpaStarHandle::load(const val& bytes) {
  std::vector<uint8_t> data;
  readFromJS(bytes, data);
  std::string error;
  auto loaded = deserializeHierarchy(data, error);
  if (!loaded) return error.empty() ? "the bytes are not a hierarchy" : error;
  adopt(std::move(*loaded));
  return "";
}

val HpaStarHandle::serialize() const {
  if (!hierarchy_) return val::global("Uint8Array").new_(0);
  const std::vector<uint8_t> bytes = serializeHierarchy(*hierarchy_);
  return copyToJS(bytes.data(), bytes.size());
}

void HpaStarHandle::adopt(Hierarchy&& hierarchy) {
  hierarchy_ = std::make_shared<Hierarchy>(std::move(hierarchy));
  version_ = 0;
  lastUpdate_ = UpdateStats{};
  resetQueries();
}

void HpaStarHandle::resetQueries() {
  query_ = std::make_unique<HpaStarQuery>(*hierarchy_);
  planQuery_ = std::make_unique<HpaStarQuery>(*hierarchy_);
  cursor_.reset();
  ++planId_;  // plans made before are stale
}

val HpaStarHandle::options() const { return hierarchy_ ? optionsToJS(hierarchy_->options()) : val::null(); }

val HpaStarHandle::stats() const {
  if (!hierarchy_) return val::null();
  const HierarchyStats& s = hierarchy_->stats();
  val levels = val::array();
  for (size_t l = 0; l < s.levels.size(); ++l) {
    val level = val::object();
    level.set("level", static_cast<int>(l + 1));
    level.set("clusterSize", hierarchy_->layout(static_cast<int32_t>(l + 1)).size);
    level.set("clusters", s.levels[l].clusters);
    level.set("nodes", s.levels[l].nodes);
    level.set("interEdges", s.levels[l].interEdges);
    level.set("intraEdges", s.levels[l].intraEdges);
    levels.call<void>("push", level);
  }
  val o = val::object();
  o.set("buildMs", s.buildMs);
  o.set("bytes", static_cast<double>(s.bytes));
  o.set("gridBytes", static_cast<double>(hierarchy_->grid().bytes()));
  o.set("entrances", s.entrances);
  o.set("components", s.components);
  o.set("distanceTableNodes", s.distanceTableNodes);
  o.set("levels", levels);
  return o;
}

val HpaStarHandle::terrain() const {
  if (!hierarchy_) return val::global("Uint8Array").new_(0);
  return terrainToJS(hierarchy_->grid());
}

val HpaStarHandle::findPath(int sx, int sy, int gx, int gy, bool smooth) {
  if (!hierarchy_) return errorObject("the planner is not built");
  HpaQueryOptions options;
  options.smooth = smooth;
  return queryToJS(*query_, result_, Point{sx, sy}, Point{gx, gy}, options);
}

val HpaStarHandle::traceFindPath(int sx, int sy, int gx, int gy, bool smooth) {
  if (!hierarchy_) return errorObject("the planner is not built");
  HpaQueryOptions options;
  options.smooth = smooth;
  return traceQueryToJS(*query_, trace_, result_, Point{sx, sy}, Point{gx, gy}, options);
}

val HpaStarHandle::abstractGraph(int level) const {
  if (!hierarchy_) return errorObject("the planner is not built");
  if (level < 1 || level > hierarchy_->levels()) {
    return errorObject("level " + std::to_string(level) + " is not a level of this hierarchy (1 to " +
                       std::to_string(hierarchy_->levels()) + ")");
  }
  const AbstractGraphExport g = exportAbstractGraph(*hierarchy_, level);
  val o = val::object();
  o.set("level", level);
  o.set("nodeIds", copyToJS(g.nodeIds.data(), g.nodeIds.size()));
  o.set("nodes", cellsToJS(g.nodeCells));
  o.set("nodeLevels", copyToJS(g.nodeLevels.data(), g.nodeLevels.size()));
  o.set("edgeFrom", copyToJS(g.edgeFrom.data(), g.edgeFrom.size()));
  o.set("edgeTo", copyToJS(g.edgeTo.data(), g.edgeTo.size()));
  o.set("edgeCost", copyToJS(g.edgeCost.data(), g.edgeCost.size()));
  o.set("edgeInter", copyToJS(g.edgeInter.data(), g.edgeInter.size()));
  return o;
}

val HpaStarHandle::findPaths(const val& queries, bool smooth, bool keepCells) {
  if (!hierarchy_) return errorObject("the planner is not built");
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  HpaQueryOptions options;
  options.smooth = smooth;
  return runBatchOnThisThread(*query_, input_, options, keepCells, batchCells_, batch_);
}

val HpaStarHandle::planPaths(const val& queries, bool refineFirstSegment) {
  if (!hierarchy_) return errorObject("the planner is not built");
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  const size_t count = input_.size() / 4;
  plans_.reset(count);
  planCells_.clear();
  std::atomic<size_t> next{0};
  runBatchPlans(*query_, input_.data(), count, next, refineFirstSegment, 0, planCells_, plans_);
  plans_.merge({&planCells_});
  val out = plans_.toJS();
  plans_.waypoints.trim();
  plans_.firstSegments.trim();
  return out;
}

val HpaStarHandle::plan(int sx, int sy, int gx, int gy) {
  if (!hierarchy_) return errorObject("the planner is not built");
  cursor_.reset();
  ++planId_;
  result_.reset();
  planQuery_->plan(Point{sx, sy}, Point{gx, gy}, result_);
  val o = val::object();
  o.set("plan", static_cast<double>(planId_));
  o.set("status", std::string(pathStatusName(result_.status)));
  o.set("found", result_.found());
  o.set("waypoints", result_.found() ? cellsToJS(result_.cells) : val::global("Int32Array").new_(0));
  o.set("segments", static_cast<double>(result_.found() ? planQuery_->segmentCount() : 0));
  o.set("stats", statsToJS(result_.stats));
  if (result_.found()) {
    cursor_.emplace(*planQuery_);
    planStartPending_ = planQuery_->segmentCount() == 0;
  }
  return o;
}

val HpaStarHandle::nextSegment(double planId) {
  if (!cursor_ || planId != static_cast<double>(planId_)) {
    return errorObject("the plan is stale: a later plan() or a terrain edit on the same planner replaced it");
  }
  segment_.clear();
  SearchStats stats;
  if (planStartPending_) {
    planStartPending_ = false;
    segment_.push_back(planQuery_->planStart());
  } else if (!cursor_->next(segment_, stats)) {
    return val::null();
  }
  val o = val::object();
  o.set("cells", cellsToJS(segment_));
  o.set("expandedRefinement", static_cast<double>(stats.expandedRefinement));
  return o;
}

std::string HpaStarHandle::applyEdits(const val& edits) {
  if (!hierarchy_) return "the planner is not built";
  readFromJS(edits, input_);
  if (std::string error = checkEdits(hierarchy_->grid(), input_); !error.empty()) return error;
  if (input_.empty()) return "";
  std::vector<CellEdit> cellEdits;
  cellEdits.reserve(input_.size() / 3);
  for (size_t i = 0; i < input_.size(); i += 3) {
    cellEdits.push_back(CellEdit{Point{input_[i], input_[i + 1]}, static_cast<char>(input_[i + 2])});
  }
  // A batch of a ParallelSearch may still hold this version: then edit a copy (as VersionedHierarchy
  // does), so that the batch's next search sees the version it started with.
  std::shared_ptr<Hierarchy> next = hierarchy_.use_count() == 1 ? hierarchy_ : std::make_shared<Hierarchy>(*hierarchy_);
  UpdateStats stats;
  if (std::string error = next->applyEdits(cellEdits, &stats); !error.empty()) return error;
  hierarchy_ = std::move(next);
  lastUpdate_ = stats;
  ++version_;
  resetQueries();
  return "";
}

val HpaStarHandle::lastUpdate() const {
  val rebuilt = val::array();
  const int32_t levels = hierarchy_ ? hierarchy_->levels() : 0;
  val rebuiltIds = val::array();
  for (int32_t l = 0; l < levels; ++l) {
    rebuilt.call<void>("push", lastUpdate_.clustersRebuilt[l]);
    const std::vector<int32_t>& ids = lastUpdate_.rebuiltClusters[l];
    std::vector<int32_t> rects;
    rects.reserve(ids.size() * 4);
    for (int32_t id : ids) {
      const Rect r = hierarchy_->layout(l + 1).rect(id);
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
  return o;
}

EMSCRIPTEN_BINDINGS(hpastar_hpa) {
  emscripten::class_<HpaStarHandle>("HPAStar")
      .constructor<>()
      .class_function("defaultOptions", &HpaStarHandle::defaultOptions)
      .function("build", &HpaStarHandle::build)
      .function("buildFromTerrain", &HpaStarHandle::buildFromTerrain)
      .function("load", &HpaStarHandle::load)
      .function("serialize", &HpaStarHandle::serialize)
      .function("built", &HpaStarHandle::built)
      .function("options", &HpaStarHandle::options)
      .function("stats", &HpaStarHandle::stats)
      .function("width", &HpaStarHandle::width)
      .function("height", &HpaStarHandle::height)
      .function("terrain", &HpaStarHandle::terrain)
      .function("version", &HpaStarHandle::version)
      .function("findPath", &HpaStarHandle::findPath)
      .function("traceFindPath", &HpaStarHandle::traceFindPath)
      .function("abstractGraph", &HpaStarHandle::abstractGraph)
      .function("findPaths", &HpaStarHandle::findPaths)
      .function("planPaths", &HpaStarHandle::planPaths)
      .function("plan", &HpaStarHandle::plan)
      .function("nextSegment", &HpaStarHandle::nextSegment)
      .function("applyEdits", &HpaStarHandle::applyEdits)
      .function("lastUpdate", &HpaStarHandle::lastUpdate);
}

}  // namespace hpastar::bindings
