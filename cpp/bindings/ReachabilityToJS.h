#pragma once
// The reachability questions both planner handles answer (HPAStar, SHPAStar), bound as functions that take
// the handle first: the core's answers (hpa/Reachability.h, shpa/ShpaReachability.h) on the handle's
// current version, turned into JavaScript values. No search, no allocation but the answer.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "bindings/BatchToJS.h"
#include "bindings/BindingSupport.h"
#include "contract/DecimalText.h"
#include "hpa/Reachability.h"
#include "shpa/ShpaReachability.h"

namespace hpastar::bindings {

// "" when `component` is 0 (any) or a component label of `labels` (of a `what`: map, world); else the
// problem, naming the labels there are.
template <class Labels>
std::string checkComponent(const Labels& labels, double component, const char* what = "map") {
  if (component >= 0 && component <= labels.componentCount() && component == std::floor(component)) return "";
  const uint32_t count = labels.componentCount();
  return failure(StatusKind::OutOfRange,
                 "component " + std::to_string(static_cast<long long>(component)) + " is not a component of this " +
                     what + " (" + (count == 0 ? std::string("it has none") : "1 to " + std::to_string(count)) + ")");
}

inline val pointToJS(const std::optional<Point>& p) {
  if (!p) return val::null();
  val o = val::object();
  o.set("x", p->x);
  o.set("y", p->y);
  return o;
}

// The component of a cell: 1.., 0 for blocked or outside cells (and before the planner is built).
template <class Handle>
uint32_t componentOfJS(const Handle& handle, int x, int y) {
  const auto labels = handle.current();
  return labels ? labels->componentOf(Point{x, y}) : 0;
}

// True when a path joins a and b: both passable, one component.
template <class Handle>
bool isReachableJS(const Handle& handle, int ax, int ay, int bx, int by) {
  const auto labels = handle.current();
  if (!labels) return false;
  const uint32_t a = labels->componentOf(Point{ax, ay});
  return a != 0 && a == labels->componentOf(Point{bx, by});
}

// { x, y }, null when no cell of `component` (0: any) lies within maxDistance, or { error }.
template <class Handle>
val nearestPassableJS(const Handle& handle, int x, int y, double component, double maxDistance) {
  const auto labels = handle.current();
  if (!labels) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = checkComponent(*labels, component); !error.empty()) return errorObject(error);
  if (!(maxDistance >= 0))
    return errorObject(StatusKind::OutOfRange, "maxDistance must be 0 or more, got " + numberText(maxDistance));
  return pointToJS(nearestPassable(*labels, Point{x, y}, static_cast<uint32_t>(component), maxDistance));
}

// { x, y } uniform over the cells of `component` (0: any), drawn from `seed` (a 32-bit integer); null when
// there is none; or { error }.
template <class Handle>
val randomPassableJS(const Handle& handle, double seed, double component) {
  const auto labels = handle.current();
  if (!labels) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (std::string error = checkComponent(*labels, component); !error.empty()) return errorObject(error);
  CellRandom random(static_cast<uint64_t>(seed));
  return pointToJS(randomPassable(*labels, static_cast<uint32_t>(component), random));
}

// Queries packed [sx, sy, gx, gy, ...] with their endpoints where the `snap` and `toNearest` options move
// them (snapEndpoints, `rule` its EndpointRule bits): { searched: Int32Array (the endpoints to search,
// packed alike), snapped: Uint8Array (per query, its EndpointMove bits) }, or { error } for malformed
// queries or rules. An unreachable goal with several nearest reachable cells goes to the one the
// planner's own path reaches at the lower cost (`handle.snapPathCost`), the first on equal costs.
template <class Handle>
val snapQueriesJS(Handle& handle, const val& queries, int rule) {
  const auto labels = handle.current();
  if (!labels) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (rule < 0 || rule > (kSnapInvalidEndpoints | kGoalToNearestReachable))
    return errorObject(StatusKind::OutOfRange, "snapping rule " + std::to_string(rule) + " is not one of 0 to 3");
  std::vector<int32_t> q;
  if (std::string error = readQueries(queries, q); !error.empty()) return errorObject(error);
  std::vector<uint8_t> moved(q.size() / 4, 0);
  for (size_t i = 0; i < moved.size(); ++i) {
    int32_t* e = q.data() + 4 * i;
    SnappedEndpoints s = snapEndpoints(*labels, Point{e[0], e[1]}, Point{e[2], e[3]}, static_cast<uint8_t>(rule));
    double best = s.tieCount > 1 ? handle.snapPathCost(*labels, s.start, s.goal) : 0.0;
    for (uint8_t t = 1; t < s.tieCount; ++t)
      if (const double cost = handle.snapPathCost(*labels, s.start, s.ties[t]); cost < best) {
        best = cost;
        s.goal = s.ties[t];
      }
    moved[i] = s.moved;
    e[0] = s.start.x;
    e[1] = s.start.y;
    e[2] = s.goal.x;
    e[3] = s.goal.y;
  }
  val o = val::object();
  o.set("searched", copyToJS(q.data(), q.size()));
  o.set("snapped", copyToJS(moved.data(), moved.size()));
  return o;
}

// Binds the functions above on a handle's embind class (in the EMSCRIPTEN_BINDINGS block that declares it).
template <class Handle>
void bindReachability(const emscripten::class_<Handle>& c) {
  c.function("componentOf", &componentOfJS<Handle>)
      .function("isReachable", &isReachableJS<Handle>)
      .function("nearestPassable", &nearestPassableJS<Handle>)
      .function("randomPassable", &randomPassableJS<Handle>)
      .function("snapQueries", &snapQueriesJS<Handle>);
}

}  // namespace hpastar::bindings
