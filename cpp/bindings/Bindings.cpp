// Thin embind layer over the core. Nothing here throws across the wasm boundary: failures come back as
// an error string (empty on success) that the TypeScript wrapper turns into a JavaScript Error.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>

#include "grid/Grid.h"
#include "io/MovingAIMap.h"
#include "search/AStarSearch.h"

namespace hpastar::bindings {
namespace {

using emscripten::val;

// A grid owned by JavaScript. Empty until load succeeds.
class GridHandle {
 public:
  // Parses Moving AI map text; returns "" or "<fileName>:<line>: <problem>".
  std::string loadMovingAI(const std::string& text, const std::string& fileName) {
    ParseError error;
    auto grid = parseMovingAIMap(text, fileName, error);
    if (!grid) return error.toString();
    grid_ = std::make_unique<Grid>(std::move(*grid));
    return "";
  }
  bool loaded() const { return grid_ != nullptr; }
  int width() const { return grid_ ? grid_->width() : 0; }
  int height() const { return grid_ ? grid_->height() : 0; }
  bool passable(int x, int y) const { return grid_ && grid_->passable(x, y); }
  // The terrain characters, row-major, copied into a new Uint8Array.
  val terrain() const {
    if (!grid_) return val::global("Uint8Array").new_(0);
    const auto& t = grid_->terrain();
    return val(emscripten::typed_memory_view(t.size(), t.data())).call<val>("slice");
  }
  const Grid* grid() const { return grid_.get(); }

 private:
  std::unique_ptr<Grid> grid_;
};

// A* query object: owns its scratch, reused across calls.
class AStarHandle {
 public:
  // Returns { status, found, cost, cells: Int32Array [x0, y0, x1, y1, ...], expanded }.
  val findPath(const GridHandle& grid, int sx, int sy, int gx, int gy) {
    val out = val::object();
    if (!grid.grid()) {
      out.set("status", std::string("grid is not loaded"));
      out.set("found", false);
      return out;
    }
    result_.reset();
    search_.findPath(*grid.grid(), Point{sx, sy}, Point{gx, gy}, result_);
    out.set("status", std::string(pathStatusName(result_.status)));
    out.set("found", result_.found());
    out.set("cost", result_.cost);
    out.set("expanded", static_cast<double>(result_.stats.expandedTotal()));
    static_assert(sizeof(Point) == 2 * sizeof(int32_t));
    const auto* xy = reinterpret_cast<const int32_t*>(result_.cells.data());
    out.set("cells", val(emscripten::typed_memory_view(result_.cells.size() * 2, xy)).call<val>("slice"));
    return out;
  }

 private:
  AStarSearch search_;
  PathResult result_;
};

EMSCRIPTEN_BINDINGS(hpastar) {
  emscripten::class_<GridHandle>("Grid")
      .constructor<>()
      .function("loadMovingAI", &GridHandle::loadMovingAI)
      .function("loaded", &GridHandle::loaded)
      .function("width", &GridHandle::width)
      .function("height", &GridHandle::height)
      .function("passable", &GridHandle::passable)
      .function("terrain", &GridHandle::terrain);
  emscripten::class_<AStarHandle>("AStar").constructor<>().function("findPath", &AStarHandle::findPath);
}

}  // namespace
}  // namespace hpastar::bindings
