// A* query objects (embind class "AStar").
#include <emscripten/bind.h>

#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
#include "bindings/SearchTraceToJS.h"
#include "search/AStarSearch.h"

namespace hpastar::bindings {
namespace {

// An A* query object: owns its scratch, reused across calls.
class AStarHandle {
 public:
  // Returns { status, found, cost, cells: Int32Array [x0, y0, x1, y1, ...], stats, expanded }.
  val findPath(const GridHandle& grid, int sx, int sy, int gx, int gy) {
    if (!grid.loaded()) {
      val out = val::object();
      out.set("status", std::string("grid is not loaded"));
      out.set("code", static_cast<double>(statusOf(StatusKind::NotReady)));
      out.set("found", false);
      return out;
    }
    result_.reset();
    search_.findPath(*grid.shared(), Point{sx, sy}, Point{gx, gy}, result_);
    return gridSearchToJS(result_);
  }

  // The same search, traced: { path: (as findPath), searches: [one entry, phase "astar"] }. A separate
  // call so that findPath never reads stamps it does not need.
  val traceFindPath(const GridHandle& grid, int sx, int sy, int gx, int gy) {
    if (!grid.loaded()) return errorObject(StatusKind::NotReady, "the grid is not loaded");
    result_.reset();
    trace_.clear();
    trace_.setPhase(SearchPhase::AStar);
    search_.setTrace(&trace_);
    search_.findPath(*grid.shared(), Point{sx, sy}, Point{gx, gy}, result_);
    search_.setTrace(nullptr);
    val out = tracedPathToJS(result_, trace_);
    out["path"].set("expanded", static_cast<double>(result_.stats.expandedTotal()));
    trace_.clear();
    return out;
  }

 private:
  AStarSearch search_;
  SearchTrace trace_;
  PathResult result_;
};

EMSCRIPTEN_BINDINGS(hpastar_astar) {
  emscripten::class_<AStarHandle>("AStar")
      .constructor<>()
      .function("findPath", &AStarHandle::findPath)
      .function("traceFindPath", &AStarHandle::traceFindPath);
}

}  // namespace
}  // namespace hpastar::bindings
