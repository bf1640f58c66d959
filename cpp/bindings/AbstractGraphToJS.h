#pragma once
// One level's abstract graph (inspect/AbstractGraphExport) as the typed arrays the inspection entry
// answers, for a 2D Hierarchy and a WorldHierarchy alike.
#include <emscripten/val.h>

#include <string>

#include "bindings/BatchToJS.h"
#include "bindings/BindingSupport.h"
#include "inspect/AbstractGraphExport.h"

namespace hpastar::bindings {

// { level, nodeIds, nodes (x, y or x, y, z per node), nodeLevels, edgeFrom, edgeTo, edgeCost, edgeKind },
// or { error } naming a bad level.
template <typename H>
val abstractGraphToJS(const H& h, int level) {
  if (level < 1 || level > h.levels()) {
    return errorObject(StatusKind::OutOfRange, "level " + std::to_string(level) +
                                                   " is not a level of this hierarchy (1 to " +
                                                   std::to_string(h.levels()) + ")");
  }
  const auto g = exportAbstractGraph(h, level);
  val o = val::object();
  o.set("level", level);
  o.set("nodeIds", copyToJS(g.nodeIds.data(), g.nodeIds.size()));
  o.set("nodes", cellsToJS(g.nodeCells));
  o.set("nodeLevels", copyToJS(g.nodeLevels.data(), g.nodeLevels.size()));
  o.set("edgeFrom", copyToJS(g.edgeFrom.data(), g.edgeFrom.size()));
  o.set("edgeTo", copyToJS(g.edgeTo.data(), g.edgeTo.size()));
  o.set("edgeCost", copyToJS(g.edgeCost.data(), g.edgeCost.size()));
  o.set("edgeKind", copyToJS(g.edgeKind.data(), g.edgeKind.size()));
  return o;
}

}  // namespace hpastar::bindings
