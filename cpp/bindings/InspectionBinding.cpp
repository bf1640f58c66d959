// What a viewer draws of a hierarchy, as embind free functions over the planner and query handles
// (inspect/HierarchyInspection): the clusters of a level, a query's connections to every level's graph
// and the component of every cell. Kept apart from the search bindings, as the core keeps inspect/
// apart from hpa/.
#include <emscripten/bind.h>

#include <optional>

#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/HpaStarBinding.h"
#include "grid/AllocationSize.h"
#include "inspect/BuildInspection.h"
#include "inspect/HierarchyInspection.h"

namespace hpastar::bindings {

namespace {

val levelError(const Hierarchy& h, int level) {
  return errorObject(
      StatusKind::OutOfRange,
      "level " + std::to_string(level) + " is not a level of this hierarchy (1 to " + std::to_string(h.levels()) + ")");
}

// { level, side, columns, rows, rects: Int32Array (x0, y0, x1, y1 per cluster) }, or { error }.
val clusterRects(const HpaStarHandle& planner, int level) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (level < 1 || level > h->levels()) return levelError(*h, level);
  const ClusterRects r = exportClusterRects(*h, level);
  static_assert(sizeof(Rect) == 4 * sizeof(int32_t));
  val o = val::object();
  o.set("level", r.level);
  o.set("side", r.side);
  o.set("columns", r.columns);
  o.set("rows", r.rows);
  o.set("rects", copyToJS(reinterpret_cast<const int32_t*>(r.rects.data()), r.rects.size() * 4));
  return o;
}

val edgesToJS(const EndpointEdges& e) {
  val o = val::object();
  o.set("nodeIds", copyToJS(e.nodeIds.data(), e.nodeIds.size()));
  o.set("nodes", cellsToJS(e.nodeCells));
  o.set("costs", copyToJS(e.costs.data(), e.costs.size()));
  return o;
}

// { levels: [{ level, start, goal: { nodeIds, nodes, costs }, direct }], expandedInsertion }, { status }
// naming a blocked or outside endpoint, or { error }.
val queryConnections(HpaQueryHandle& query, int sx, int sy, int gx, int gy) {
  std::optional<PathStatus> invalid;
  QueryConnections c;
  const bool built = query.withCurrentQuery([&](HpaStarQuery& q) {
    const Grid& grid = q.hierarchy().grid();
    if (!grid.passable(sx, sy))
      invalid = PathStatus::StartInvalid;
    else if (!grid.passable(gx, gy))
      invalid = PathStatus::GoalInvalid;
    else
      c = exportQueryConnections(q, Point{sx, sy}, Point{gx, gy});
  });
  if (!built) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (invalid) {
    val o = val::object();
    o.set("status", std::string(pathStatusName(*invalid)));
    o.set("code", static_cast<double>(pathStatusCode(*invalid)));
    return o;
  }
  val levels = val::array();
  for (const LevelConnections& lc : c.levels) {
    val l = val::object();
    l.set("level", lc.level);
    l.set("start", edgesToJS(lc.start));
    l.set("goal", edgesToJS(lc.goal));
    l.set("direct", lc.direct >= 0 ? val(lc.direct) : val::null());
    levels.call<void>("push", l);
  }
  val o = val::object();
  o.set("levels", levels);
  o.set("expandedInsertion", static_cast<double>(c.expanded));
  return o;
}

// Uint32Array, a label per cell (row-major, 0 blocked), or { error }.
val componentLabels(const HpaStarHandle& planner) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  const uint64_t bytes = sizeof(uint32_t) * (static_cast<uint64_t>(h->grid().cellCount()) + h->stats().components + 1) +
                         2 * kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the component map"); !error.empty()) return errorObject(error);
  const std::vector<uint32_t> labels = exportComponentLabels(*h);
  return copyToJS(labels.data(), labels.size());
}

// The level-1 cluster of every passable cell, row-major, -1 for a blocked one: a square's id, or a merged
// cluster's (SHPA*'s cutting, where clusters have any shape and this is how to draw them).
val cellClusters(const HpaStarHandle& planner) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  const Grid& grid = h->grid();
  const uint64_t bytes = sizeof(int32_t) * static_cast<uint64_t>(grid.cellCount()) + kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the cluster map"); !error.empty()) return errorObject(error);
  std::vector<int32_t> clusters(static_cast<size_t>(grid.cellCount()));
  for (int32_t i = 0; i < grid.cellCount(); ++i)
    clusters[static_cast<size_t>(i)] = grid.passableAt(i) ? h->layout(1).clusterOf(grid.pointOf(i)) : -1;
  return copyToJS(clusters.data(), clusters.size());
}

// { entrances: Int32Array (x, y, length, vertical per entrance: its first cell on the left/upper side),
//   transitions: Int32Array (ax, ay, bx, by per transition), firstTransition: Uint32Array (per entrance,
//   then the total) }, or { error }.
val entrances(const HpaStarHandle& planner) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  const std::vector<EntranceExport> list = exportEntrances(*h);
  std::vector<int32_t> runs, transitions;
  std::vector<uint32_t> first;
  for (const EntranceExport& e : list) {
    runs.insert(runs.end(), {e.entrance.first.x, e.entrance.first.y, e.entrance.length, e.entrance.vertical ? 1 : 0});
    first.push_back(static_cast<uint32_t>(transitions.size() / 4));
    for (const Transition& t : e.transitions) transitions.insert(transitions.end(), {t.a.x, t.a.y, t.b.x, t.b.y});
  }
  first.push_back(static_cast<uint32_t>(transitions.size() / 4));
  val o = val::object();
  o.set("entrances", copyToJS(runs.data(), runs.size()));
  o.set("transitions", copyToJS(transitions.data(), transitions.size()));
  o.set("firstTransition", copyToJS(first.data(), first.size()));
  return o;
}

// { cluster, nodes: Int32Array, searches: [{ closed, open }] (closed in expansion order), edgeFrom,
//   edgeTo: Uint32Array, edgeCost: Float64Array }, or { error }.
val clusterBuild(const HpaStarHandle& planner, int cluster) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  const int clusters = h->layout(1).count();
  if (cluster < 0 || cluster >= clusters)
    return errorObject(
        StatusKind::OutOfRange,
        "cluster " + std::to_string(cluster) + " is not a level-1 cluster (0 to " + std::to_string(clusters - 1) + ")");
  const ClusterBuildExport b = exportClusterBuild(*h, cluster);
  val searches = val::array();
  for (const TracedSearch& t : b.searches) {
    val o = val::object();
    o.set("closed", cellsToJS(t.closed));
    o.set("open", cellsToJS(t.open));
    searches.call<void>("push", o);
  }
  val o = val::object();
  o.set("cluster", b.cluster);
  o.set("nodes", cellsToJS(b.nodes));
  o.set("searches", searches);
  o.set("edgeFrom", copyToJS(b.edgeFrom.data(), b.edgeFrom.size()));
  o.set("edgeTo", copyToJS(b.edgeTo.data(), b.edgeTo.size()));
  o.set("edgeCost", copyToJS(b.edgeCost.data(), b.edgeCost.size()));
  return o;
}

// { node: [x, y], area: [x0, y0, x1, y1], distance: Float32Array, direction: Int8Array } (per cell of
// the node's level-1 cluster, row by row), or { error }.
val nodeTree(const HpaStarHandle& planner, int x, int y) {
  const VersionedHierarchy::Snapshot h = planner.current();
  if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
  if (!h->options().cacheTrees)
    return errorObject(StatusKind::NotReady, "the planner keeps no trees (build it with cacheTrees: DHPA*)");
  if (!h->grid().inside(x, y))
    return errorObject(StatusKind::OutOfRange,
                       "cell " + std::to_string(x) + "," + std::to_string(y) + " is outside the map");
  const uint32_t node = nodeAtCell(*h, Point{x, y});
  if (node == Hierarchy::kNone)
    return errorObject(StatusKind::OutOfRange,
                       "cell " + std::to_string(x) + "," + std::to_string(y) + " is not a node of the hierarchy");
  const NodeTreeExport t = exportNodeTree(*h, node);
  val o = val::object();
  const int32_t nodeCell[2] = {t.node.x, t.node.y};
  o.set("node", copyToJS(nodeCell, 2));
  o.set("area", copyToJS(reinterpret_cast<const int32_t*>(&t.area), 4));
  o.set("distance", copyToJS(t.distance.data(), t.distance.size()));
  o.set("direction", copyToJS(t.direction.data(), t.direction.size()));
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(hpastar_inspection) {
  emscripten::function("hpaClusterRects", &clusterRects);
  emscripten::function("hpaQueryConnections", &queryConnections);
  emscripten::function("hpaComponentLabels", &componentLabels);
  emscripten::function("hpaCellClusters", &cellClusters);
  emscripten::function("hpaEntrances", &entrances);
  emscripten::function("hpaClusterBuild", &clusterBuild);
  emscripten::function("hpaNodeTree", &nodeTree);
}

}  // namespace hpastar::bindings
