#pragma once
// Plans in JavaScript, the same on a grid (HpaPlan, HpaStarBinding.cpp) and in a block world
// (WorldHpaPlan, WorldBinding.cpp): a plan's summary, and the embind functions a query class plans with.
#include <emscripten/bind.h>

#include "bindings/BindingSupport.h"

namespace hpastar::bindings {

// { status, code, found, waypoints, segments, stats, version }: what a plan found, its waypoints and
// figures already converted.
template <typename Plan>
val planSummaryToJS(const Plan& plan, val waypoints, val stats) {
  val o = val::object();
  o.set("status", std::string(pathStatusName(plan.status)));
  o.set("code", static_cast<double>(pathStatusCode(plan.status)));
  o.set("found", plan.found());
  o.set("waypoints", waypoints);
  o.set("segments", static_cast<double>(plan.walkedSegments()));
  o.set("stats", stats);
  o.set("version", static_cast<double>(plan.version));
  return o;
}

// Declares the embind class `planClass` of PlanHandle (summary(), done()) and binds Query's plan and
// nextSegment on `query` (in the EMSCRIPTEN_BINDINGS block that declares it).
template <class PlanHandle, class Query>
void bindPlans(const emscripten::class_<Query>& query, const char* planClass) {
  query.function("plan", &Query::plan).function("nextSegment", &Query::nextSegment);
  emscripten::class_<PlanHandle>(planClass)
      .function("summary", &PlanHandle::summaryToJS)
      .function("done", &PlanHandle::done);
}

}  // namespace hpastar::bindings
