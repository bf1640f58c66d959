#pragma once
// A SearchTrace as the JavaScript the TypeScript layer reads: what one traced query touched.
#include <emscripten/val.h>

#include <string>

#include "bindings/BatchToJS.h"
#include "bindings/BindingSupport.h"
#include "search/SearchTrace.h"

namespace hpastar::bindings {

// { path, searches: [{ phase, level, closed: Int32Array, open: Int32Array }], refined, segmentEnds,
// segmentSearchEnds, smoothing: [{ from, to, line }] }, one search entry per search in the order they
// ran (closed cells in expansion order: SearchTrace.h); cells packed x0, y0, x1, y1, ... (a block world's
// x, y, z triples). `path` is the query's answer as given; `refined` the path before smoothing,
// `segmentEnds` where in it each top-level segment ends and `segmentSearchEnds` how many searches had run
// when it ended (all empty for planners without refinement); `smoothing` the straight lines that
// replaced parts of it.
template <typename Cell>
val tracedPathToJS(val path, const BasicSearchTrace<Cell>& trace) {
  val searches = val::array();
  for (const BasicTracedSearch<Cell>& s : trace.searches()) {
    val o = val::object();
    o.set("phase", std::string(searchPhaseName(s.phase)));
    o.set("level", s.level);
    o.set("closed", cellsToJS(s.closed));
    o.set("open", cellsToJS(s.open));
    searches.call<void>("push", o);
  }
  val smoothing = val::array();
  for (const BasicSmoothingReplacement<Cell>& r : trace.smoothing()) {
    val o = val::object();
    o.set("from", r.from);
    o.set("to", r.to);
    o.set("line", cellsToJS(r.line));
    smoothing.call<void>("push", o);
  }
  val out = val::object();
  out.set("path", path);
  out.set("searches", searches);
  out.set("refined", cellsToJS(trace.refined()));
  out.set("segmentEnds", copyToJS(trace.segmentEnds().data(), trace.segmentEnds().size()));
  out.set("segmentSearchEnds", copyToJS(trace.segmentSearchEnds().data(), trace.segmentSearchEnds().size()));
  out.set("smoothing", smoothing);
  return out;
}

inline val tracedPathToJS(const PathResult& result, const SearchTrace& trace) {
  return tracedPathToJS(pathToJS(result), static_cast<const BasicSearchTrace<Point>&>(trace));
}

// Runs one query of `query` (HpaStarQuery or ShpaStarQuery) with `trace` attached, and answers as
// tracedPathToJS. The trace is detached afterwards: untraced queries pay nothing for it.
template <typename Query, typename Options>
val traceQueryToJS(Query& query, SearchTrace& trace, PathResult& result, Point start, Point goal,
                   const Options& options) {
  result.reset();
  trace.clear();
  query.setTrace(&trace);
  query.findPath(start, goal, result, options);
  query.setTrace(nullptr);
  val out = tracedPathToJS(result, trace);
  trace.clear();
  return out;
}

}  // namespace hpastar::bindings
