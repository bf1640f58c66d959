#include "bindings/ShpaStarBinding.h"

#include <emscripten/bind.h>

#include <cmath>

#include "bindings/BatchToJS.h"
#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/OptionsToJS.h"
#include "bindings/ReachabilityToJS.h"
#include "bindings/SearchTraceToJS.h"
#include "grid/AllocationSize.h"
#include "shpa/ShpaMemory.h"

namespace hpastar::bindings {

val ShpaStarHandle::defaultOptions() { return optionsToJS(ShpaOptions{}); }

std::string ShpaStarHandle::staticMapsOnly() { return kShpaStaticMapsOnly; }

std::string ShpaStarHandle::build(const GridHandle& grid, const val& options) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  ShpaOptions o;
  if (std::string error = optionsFromJS(options, o); !error.empty()) return error;
  // ShpaStarGraph::build validates too; checked here first so that no option reaches the core unchecked.
  if (std::string error = o.validate(); !error.empty()) return failure(StatusKind::OutOfRange, error);
  const ShpaMemoryEstimate estimate = estimateShpaMemory(*grid.shared(), o);
  if (std::string error = reserveHeap(estimate.buildPeak(), "the SHPA* graph"); !error.empty()) return error;
  std::string error;
  auto built = ShpaStarGraph::build(grid.shared(), o, error);
  if (!built) return error.empty() ? "the SHPA* graph could not be built" : error;
  graph_ = std::make_shared<const ShpaStarGraph>(std::move(*built));
  return "";
}

std::string ShpaStarHandle::buildFromTerrain(const val& terrain, int width, int height, const val& options) {
  GridHandle grid;
  if (std::string error = grid.loadTerrain(terrain, width, height); !error.empty()) return error;
  return build(grid, options);
}

val ShpaStarHandle::options() const { return graph_ ? optionsToJS(graph_->options()) : val::null(); }

val ShpaStarHandle::stats() const {
  if (!graph_) return val::null();
  const ShpaBuildStats& s = graph_->stats();
  val o = val::object();
  o.set("buildMs", s.buildMs);
  o.set("bytes", static_cast<double>(s.bytes));
  o.set("gridBytes", static_cast<double>(graph_->grid().bytes()));
  o.set("initialClusters", s.initialClusters);
  o.set("clusters", s.clusters);
  o.set("merges", s.merges);
  o.set("nodes", s.nodes);
  o.set("interEdges", s.interEdges);
  o.set("intraEdges", static_cast<double>(s.intraEdges));
  o.set("maxClusterNodes", s.maxClusterNodes);
  o.set("components", s.components);
  return o;
}

val ShpaStarHandle::terrain() const {
  if (!graph_) return val::global("Uint8Array").new_(0);
  return terrainToJS(graph_->grid());
}

val ShpaStarHandle::terrainCosts() const {
  return terrainCostsToJS(graph_ ? graph_->grid().terrainCosts() : TerrainCosts{});
}

val ShpaStarHandle::costLayer() const {
  if (!graph_ || !graph_->grid().hasCostLayer()) return val::null();
  const auto& layer = graph_->grid().costLayer();
  return copyToJS(layer.data(), layer.size());
}

val ShpaStarHandle::findPath(int sx, int sy, int gx, int gy, bool smooth, bool anyAngle) {
  if (!graph_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = anyAngleRefusal(graph_->grid(), anyAngle); !error.empty())
    return errorObject(StatusKind::Unsupported, error);
  ShpaQueryOptions options;
  options.smooth = smooth;
  options.anyAngle = anyAngle;
  result_.reset();
  engine_.shpaQuery(graph_).findPath(Point{sx, sy}, Point{gx, gy}, result_, options);
  return pathToJS(result_);
}

double ShpaStarHandle::snapPathCost(const ShpaStarGraph& /* graph_, whose labels snapped */, Point start, Point goal) {
  result_.reset();
  return engine_.shpaQuery(graph_).findPath(start, goal, result_) == PathStatus::Found ? result_.cost : INFINITY;
}

val ShpaStarHandle::traceFindPath(int sx, int sy, int gx, int gy, bool smooth) {
  if (!graph_) return errorObject(StatusKind::NotReady, "the planner is not built");
  ShpaQueryOptions options;
  options.smooth = smooth;
  return traceQueryToJS(engine_.shpaQuery(graph_), trace_, result_, Point{sx, sy}, Point{gx, gy}, options);
}

val ShpaStarHandle::cellClusters() const {
  if (!graph_) return val::global("Int32Array").new_(0);
  const Grid& grid = graph_->grid();
  const uint64_t bytes = sizeof(int32_t) * static_cast<uint64_t>(grid.cellCount()) + kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the cluster map"); !error.empty()) return errorObject(error);
  std::vector<int32_t> clusters(static_cast<size_t>(grid.width()) * static_cast<size_t>(grid.height()));
  size_t i = 0;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x) {
      const uint32_t c = graph_->clusterOf(Point{x, y});
      clusters[i++] = c == ShpaStarGraph::kNone ? -1 : static_cast<int32_t>(c);
    }
  return copyToJS(clusters.data(), clusters.size());
}

val ShpaStarHandle::findPaths(const val& queries, bool smooth, bool keepCells, bool anyAngle) {
  if (!graph_) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  if (std::string error = anyAngleRefusal(graph_->grid(), anyAngle); !error.empty())
    return errorObject(StatusKind::Unsupported, error);
  ShpaQueryOptions options;
  options.smooth = smooth;
  options.anyAngle = anyAngle;
  engine_.findPaths(graph_, input_, options, keepCells, batch_);
  val out = pathBatchToJS(batch_);
  engine_.trim(batch_);
  return out;
}

std::string ShpaStarHandle::applyEdits(const val&) { return failure(StatusKind::Unsupported, kShpaStaticMapsOnly); }

EMSCRIPTEN_BINDINGS(hpastar_shpa) {
  // The reachability questions (ReachabilityToJS.h) beside the class's own functions.
  bindReachability(HPASTAR_BIND_FUNCTIONS(emscripten::class_<ShpaStarHandle>("SHPAStar")
                                              .constructor<>()
                                              .class_function("defaultOptions", &ShpaStarHandle::defaultOptions)
                                              .class_function("staticMapsOnly", &ShpaStarHandle::staticMapsOnly),
                                          ShpaStarHandle, build, buildFromTerrain, built, options, stats, width, height,
                                          terrain, terrainCosts, costLayer, findPath, traceFindPath, cellClusters,
                                          findPaths, applyEdits));
}

}  // namespace hpastar::bindings
