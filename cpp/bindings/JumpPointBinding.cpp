// Jump Point Search and JPS+ (embind classes "JPS" and "JPSPlus"): the optimal searches for static maps
// that the benchmarks measure the hierarchies against (Harabor and Grastien 2011, 2014).
#include <emscripten/bind.h>

#include <memory>

#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
#include "bindings/HeapReservation.h"
#include "grid/AllocationSize.h"
#include "search/JumpDistances.h"
#include "search/JumpPointPlusSearch.h"
#include "search/JumpPointSearch.h"

namespace hpastar::bindings {
namespace {

// A JPS query object: no preprocessing, any grid, scratch reused across calls.
class JpsHandle {
 public:
  val findPath(const GridHandle& grid, int sx, int sy, int gx, int gy) {
    if (!grid.loaded()) return errorObject(StatusKind::NotReady, "the grid is not loaded");
    result_.reset();
    search_.findPath(*grid.shared(), Point{sx, sy}, Point{gx, gy}, result_);
    return gridSearchToJS(result_);
  }

 private:
  JumpPointSearch search_;
  PathResult result_;
};

// JPS+: the jump table of one grid as it was when built (the grid's cells are shared until the grid is
// edited, then the table keeps its own copy: it never sees a later edit, so it is never stale).
class JpsPlusHandle {
 public:
  std::string build(const GridHandle& grid) {
    if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
    const uint64_t table = static_cast<uint64_t>(grid.shared()->cellCount()) * kDirCount * sizeof(int16_t);
    if (std::string error = reserveHeap(table + kAllocationOverhead, "the jump table"); !error.empty()) return error;
    grid_ = grid.shared();
    table_.rebuild(*grid_);
    return "";
  }

  val findPath(int sx, int sy, int gx, int gy) {
    if (!grid_) return errorObject(StatusKind::NotReady, "the planner is not built");
    result_.reset();
    search_.findPath(*grid_, table_, Point{sx, sy}, Point{gx, gy}, result_);
    return gridSearchToJS(result_);
  }

  int width() const { return grid_ ? grid_->width() : 0; }
  int height() const { return grid_ ? grid_->height() : 0; }
  double tableBytes() const { return static_cast<double>(table_.bytes()); }

 private:
  std::shared_ptr<const Grid> grid_;
  JumpDistances table_;
  JumpPointPlusSearch search_;
  PathResult result_;
};

EMSCRIPTEN_BINDINGS(hpastar_jump_point) {
  emscripten::class_<JpsHandle>("JPS").constructor<>().function("findPath", &JpsHandle::findPath);
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<JpsPlusHandle>("JPSPlus").constructor<>(), JpsPlusHandle, build, findPath,
                         width, height, tableBytes);
}

}  // namespace
}  // namespace hpastar::bindings
