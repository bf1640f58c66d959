#pragma once
// Helpers shared by the embind files: copying between JavaScript typed arrays and C++ vectors, and the
// plain JavaScript objects the raw handles return.
//
// The rule of the whole binding layer: nothing reaches JavaScript as a trap. The core never throws
// (-fno-exceptions), so every input that the core would treat as a precondition (coordinates, sizes,
// terrain codes, options) is checked here or by the core's own validating factories, and failures come
// back as an error string (empty on success), an { error, code } object or a `status` and `code` that the
// TypeScript layer turns into an Error naming the problem, its class chosen by the code (Failure.h).
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/Failure.h"
#include "contract/Progress.h"
#include "grid/Grid.h"
#include "grid/Point.h"
#include "search/PathResult.h"

namespace hpastar::bindings {

using emscripten::val;

// A copy of `count` elements at `data` as a new JavaScript typed array of the matching type
// (Int32Array for int32_t, ...). The copy is owned by JavaScript: wasm memory may grow or be reused.
template <typename T>
val copyToJS(const T* data, size_t count) {
  return val(emscripten::typed_memory_view(count, data)).call<val>("slice");
}

// The cells of a path as an Int32Array x0, y0, x1, y1, ...
inline val cellsToJS(const std::vector<Point>& cells) {
  static_assert(sizeof(Point) == 2 * sizeof(int32_t));
  return copyToJS(reinterpret_cast<const int32_t*>(cells.data()), cells.size() * 2);
}

// Copies a JavaScript typed array (or array of numbers) into `out`, resized to its length, with one
// bulk `set` rather than one embind call per element. The caller checks the type on the JS side.
template <typename T>
void readFromJS(const val& array, std::vector<T>& out) {
  const auto length = array["length"].as<size_t>();
  out.resize(length);
  if (length == 0) return;
  val(emscripten::typed_memory_view(length, out.data())).call<void>("set", array);
}

// { expandedInsertion, <main>, expandedRefinement, abstractPathNodes } as numbers: a query's work per
// phase, its main search named as its planner names it (expandedMain on a grid, expandedAbstract in a
// block world).
inline val phaseStatsToJS(uint64_t insertion, const char* mainName, uint64_t main, uint64_t refinement,
                          uint32_t abstractPathNodes) {
  val o = val::object();
  o.set("expandedInsertion", static_cast<double>(insertion));
  o.set(mainName, static_cast<double>(main));
  o.set("expandedRefinement", static_cast<double>(refinement));
  o.set("abstractPathNodes", static_cast<double>(abstractPathNodes));
  return o;
}

inline val statsToJS(const SearchStats& s) {
  return phaseStatsToJS(s.expandedInsertion, "expandedMain", s.expandedMain, s.expandedRefinement, s.abstractPathNodes);
}

// { status, code, found, cost, cells } of one path, on a grid or in a block world: what every search's
// answer starts with. `cells` is toJS(path.cells) when found, else empty.
template <typename Path, typename CellsToJS>
val pathOutcomeToJS(const Path& path, CellsToJS&& toJS) {
  val o = val::object();
  o.set("status", std::string(pathStatusName(path.status)));
  o.set("code", static_cast<double>(pathStatusCode(path.status)));
  o.set("found", path.found());
  o.set("cost", path.found() ? path.cost : 0.0);
  o.set("cells", path.found() ? toJS(path.cells) : val::global("Int32Array").new_(0));
  return o;
}

// { status, found, cost, cells, stats } for one search. `cells` is empty unless found.
inline val pathToJS(const PathResult& r) {
  val o = pathOutcomeToJS(r, [](const std::vector<Point>& cells) { return cellsToJS(cells); });
  o.set("stats", statsToJS(r.stats));
  return o;
}

// pathToJS plus `expanded`, the search's expansions in total: the answer of the grid searches (A*, JPS,
// JPS+), whose TypeScript wrappers read it.
inline val gridSearchToJS(const PathResult& r) {
  val o = pathToJS(r);
  o.set("expanded", static_cast<double>(r.stats.expandedTotal()));
  return o;
}

// One search of `query` (HpaStarQuery, ShpaStarQuery), answered as pathToJS.
template <typename Query, typename Options>
val queryToJS(Query& query, PathResult& result, Point start, Point goal, const Options& options) {
  result.reset();
  query.findPath(start, goal, result, options);
  return pathToJS(result);
}

// A grid's terrain, row-major (a copy).
inline val terrainToJS(const Grid& grid) {
  const auto& t = grid.terrain();
  return copyToJS(t.data(), t.size());
}

// The progress of a build reported to `callback(phase, done)` (a JavaScript function; null or undefined:
// nobody), which answers false to cancel. The TypeScript layer passes a wrapper that never throws: a
// JavaScript exception thrown through the core's frames would skip its destructors.
inline Progress::Sink progressSinkToJS(const val& callback) {
  if (callback.isNull() || callback.isUndefined()) return {};
  return [callback](std::string_view phase, double done) {
    return !callback(std::string(phase), done).strictlyEquals(val(false));
  };
}

inline Progress progressToJS(const val& callback) { return Progress(progressSinkToJS(callback)); }

}  // namespace hpastar::bindings
