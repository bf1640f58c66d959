#pragma once
// A SearchTrace as the JavaScript the TypeScript layer reads: what one traced query touched.
#include <emscripten/val.h>

#include <string>

#include "bindings/BindingSupport.h"
#include "search/SearchTrace.h"

namespace hpastar::bindings {

// { path: pathToJS(result), searches: [{ phase, level, closed: Int32Array, open: Int32Array }] }, one
// entry per search in the order they ran; cells packed x0, y0, x1, y1, ...
inline val tracedPathToJS(const PathResult& result, const SearchTrace& trace) {
  val searches = val::array();
  for (const TracedSearch& s : trace.searches()) {
    val o = val::object();
    o.set("phase", std::string(searchPhaseName(s.phase)));
    o.set("level", s.level);
    o.set("closed", cellsToJS(s.closed));
    o.set("open", cellsToJS(s.open));
    searches.call<void>("push", o);
  }
  val out = val::object();
  out.set("path", pathToJS(result));
  out.set("searches", searches);
  return out;
}

}  // namespace hpastar::bindings
