// A* query objects (embind class "AStar").
#include <emscripten/bind.h>

#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
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
      out.set("found", false);
      return out;
    }
    result_.reset();
    search_.findPath(*grid.shared(), Point{sx, sy}, Point{gx, gy}, result_);
    val out = pathToJS(result_);
    out.set("expanded", static_cast<double>(result_.stats.expandedTotal()));
    return out;
  }

 private:
  AStarSearch search_;
  PathResult result_;
};

EMSCRIPTEN_BINDINGS(hpastar_astar) {
  emscripten::class_<AStarHandle>("AStar").constructor<>().function("findPath", &AStarHandle::findPath);
}

}  // namespace
}  // namespace hpastar::bindings
