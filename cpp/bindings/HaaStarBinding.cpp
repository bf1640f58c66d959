// HAA* planners and Annotated A* searches owned by JavaScript (embind classes "HAAStar" and
// "AnnotatedAStar"), for square agents of a size and a capability (Harabor and Botea, 2008).
#include "bindings/HaaStarBinding.h"

#include <emscripten/bind.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "batch/PathBatch.h"
#include "bindings/BatchToJS.h"
#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
#include "bindings/HeapReservation.h"
#include "bindings/OptionsToJS.h"
#include "grid/AllocationSize.h"
#include "grid/CapabilityNames.h"
#include "grid/Clearance.h"
#include "grid/FootprintMoves.h"
#include "haa/AnnotatedEntranceScanner.h"
#include "haa/AnnotatedHierarchy.h"
#include "haa/HaaStarQuery.h"
#include "path/FootprintValidator.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar::bindings {
namespace {

// What one cell costs a search's scratch at most (SearchSpace: stamp, cost, parent, heap position and
// heap entry), for the reservations below.
constexpr uint64_t kSearchBytesPerCell = 40;

// The capability named by `text` ("ground,trees"), or nothing and `error` saying why (CapabilityNames.h).
std::optional<Capability> capabilityFromJS(const std::string& text, std::string& error) {
  return parseCapability(text, error);
}

val sizeToJS(const AbstractionSize& s) {
  val o = val::object();
  o.set("nodes", static_cast<double>(s.nodes));
  o.set("interEdges", static_cast<double>(s.interEdges));
  o.set("intraEdges", static_cast<double>(s.intraEdges));
  return o;
}

// What a build or an Annotated A* setup allocates in proportion to the cells: a copy of the grid, a
// clearance map per capability (at most 15: the non-empty sets of the four standable kinds) and one
// search's scratch. The abstract graph itself grows with the transitions, a small fraction of the cells,
// and the join trees (AnnotatedHierarchyOptions::joinTrees) with the cells times the nodes of their
// clusters (29 bytes a cell on den520d, 12 on brc202d): neither is reserved here (OutOfMemory.cpp stays
// the last resort for them, as for every small allocation).
uint64_t cellProportionalBytes(const Grid& grid, uint64_t clearanceMaps) {
  const uint64_t cells = static_cast<uint64_t>(grid.cellCount());
  return grid.bytes() + clearanceMaps * (cells + kAllocationOverhead) + kSearchBytesPerCell * cells +
         8 * kAllocationOverhead;
}

}  // namespace

val HaaStarHandle::defaultOptions() { return optionsToJS(AnnotatedHierarchyOptions{}); }

std::string HaaStarHandle::build(const GridHandle& grid, const val& options) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  AnnotatedHierarchyOptions o;
  if (std::string error = optionsFromJS(options, o); !error.empty()) return error;
  if (std::string error = o.validate(); !error.empty()) return failure(StatusKind::OutOfRange, error);
  if (std::string error = reserveHeap(cellProportionalBytes(*grid.shared(), 15), "the HAA* hierarchy"); !error.empty())
    return error;
  std::string error;
  auto built = AnnotatedHierarchy::build(*grid.shared(), o, error);
  if (!built) return error.empty() ? "the HAA* hierarchy could not be built" : error;
  hierarchy_ = std::make_unique<AnnotatedHierarchy>(std::move(*built));
  return "";
}

val HaaStarHandle::options() const { return hierarchy_ ? optionsToJS(hierarchy_->options()) : val::null(); }

val HaaStarHandle::terrain() const {
  return hierarchy_ ? terrainToJS(hierarchy_->grid()) : val::global("Uint8Array").new_(0);
}

val HaaStarHandle::stats() const {
  if (!hierarchy_) return val::null();
  const AnnotatedHierarchyStats& s = hierarchy_->stats();
  val o = val::object();
  o.set("buildMs", s.buildMs);
  o.set("updateMs", s.updateMs);
  o.set("rebuiltClusters", static_cast<double>(s.rebuiltClusters));
  o.set("bytes", static_cast<double>(s.bytes));
  o.set("clusters", static_cast<double>(s.clusters));
  o.set("transitions", static_cast<double>(s.transitions));
  o.set("initial", sizeToJS(s.initial));
  o.set("high", sizeToJS(s.high));
  o.set("low", sizeToJS(s.low));
  o.set("searched", sizeToJS(s.searched));
  return o;
}

val HaaStarHandle::capabilities() const {
  val list = val::array();
  if (hierarchy_)
    for (const Capability& c : hierarchy_->capabilities()) list.call<void>("push", capabilityText(c));
  return list;
}

std::string HaaStarHandle::checkAgent(int size, const std::string& capability) const {
  Agent agent;
  return agentOf(size, capability, agent);
}

std::string HaaStarHandle::agentOf(int size, const std::string& capability, Agent& agent) const {
  if (!hierarchy_) return failure(StatusKind::NotReady, "the planner is not built");
  std::string error;
  const auto parsed = capabilityFromJS(capability, error);
  if (!parsed) return error;
  agent = Agent{size, *parsed};
  return hierarchy_->checkAgent(agent);
}

val HaaStarHandle::findPath(int sx, int sy, int gx, int gy, int size, const std::string& capability) {
  Agent agent;
  if (std::string error = agentOf(size, capability, agent); !error.empty()) return errorObject(error);
  result_.reset();
  engine_.haaQuery(*hierarchy_).findPath(Point{sx, sy}, Point{gx, gy}, result_, agent);
  val out = pathToJS(result_);
  out.set("abstractPath", abstractPathToJS());
  return out;
}

val HaaStarHandle::findPaths(const val& queries, int size, const std::string& capability, bool keepCells) {
  Agent agent;
  if (std::string error = agentOf(size, capability, agent); !error.empty()) return errorObject(error);
  if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
  engine_.findPaths(*hierarchy_, input_, agent, keepCells, batch_);
  val out = pathBatchToJS(batch_);
  engine_.trim(batch_);
  return out;
}

val HaaStarHandle::clearance(const std::string& capability, const std::string& kind) const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  std::string error;
  const auto agent = capabilityFromJS(capability, error);
  if (!agent) return errorObject(error);
  if (kind != "true" && kind != "brushfire")
    return errorObject("clearance kind \"" + kind + "\" is not one of true, brushfire");
  const Grid& grid = hierarchy_->grid();
  if (std::string e = reserveHeap(2 * (static_cast<uint64_t>(grid.cellCount()) + kAllocationOverhead) +
                                      kSearchBytesPerCell * static_cast<uint64_t>(grid.cellCount()),
                                  "the clearance map");
      !e.empty())
    return errorObject(e);
  const ClearanceMap map =
      ClearanceMap::compute(grid, *agent, kind == "true" ? ClearanceKind::True : ClearanceKind::Brushfire);
  return copyToJS(map.values().data(), map.values().size());
}

std::string HaaStarHandle::applyEdits(const val& edits) {
  if (!hierarchy_) return failure(StatusKind::NotReady, "the planner is not built");
  const auto length = edits["length"].as<size_t>();
  if (std::string error =
          reserveHeap(sizeof(int32_t) * length + sizeof(CellEdit) * (length / kEditStride) + 2 * kAllocationOverhead,
                      "the edit list");
      !error.empty())
    return error;
  readFromJS(edits, input_);
  if (std::string error = checkEdits(hierarchy_->grid(), input_); !error.empty()) return error;
  if (input_.empty()) return "";
  const std::vector<CellEdit> cellEdits = unpackEdits(input_);
  // An edit that changes the map's kinds rebuilds everything: room for a whole build first.
  if (std::string error = reserveHeap(cellProportionalBytes(hierarchy_->grid(), 15), "the HAA* hierarchy");
      !error.empty())
    return error;
  // The engine's queries see the new version (AnnotatedHierarchy::version) and start afresh.
  return hierarchy_->applyEdits(cellEdits);
}

val HaaStarHandle::lastUpdate() const {
  val o = val::object();
  val counts = val::array();
  val levels = val::array();
  if (hierarchy_) {
    const std::span<const int32_t> ids = hierarchy_->lastRebuiltClusters();
    std::vector<int32_t> rects;
    rects.reserve(ids.size() * 4);
    for (const int32_t id : ids) {
      const Rect r = hierarchy_->layout().rect(id);
      rects.insert(rects.end(), {r.x0, r.y0, r.x1, r.y1});
    }
    counts.call<void>("push", static_cast<double>(ids.size()));
    val level = val::object();
    level.set("level", 1);
    level.set("clusters", copyToJS(ids.data(), ids.size()));
    level.set("rects", copyToJS(rects.data(), rects.size()));
    levels.call<void>("push", level);
  }
  o.set("cellsChanged", hierarchy_ ? static_cast<double>(hierarchy_->lastCellsChanged()) : 0.0);
  o.set("clustersRebuilt", counts);
  o.set("rebuilt", levels);
  o.set("ms", hierarchy_ ? hierarchy_->stats().updateMs : 0.0);
  // HAA* has no landmarks nor distance table to go stale: the graph is assembled anew on every edit.
  o.set("topGraphChanged", hierarchy_ != nullptr && !hierarchy_->lastRebuiltClusters().empty());
  return o;
}

// The last query's abstract path as an Int32Array x0, y0, ... (start and goal included), empty when it
// did not get as far as the abstract search.
val HaaStarHandle::abstractPathToJS() {
  waypoints_.clear();
  if (!result_.found()) return cellsToJS(waypoints_);
  const uint32_t nodes = hierarchy_->nodeCount();
  const std::span<const uint32_t> path = engine_.haaQuery(*hierarchy_).abstractPath();
  for (size_t i = 0; i < path.size(); ++i) {
    // The query numbers its start nodeCount() and its goal nodeCount() + 1 (HaaStarQuery.h).
    const uint32_t n = path[i];
    waypoints_.push_back(n == nodes       ? result_.cells.front()
                         : n == nodes + 1 ? result_.cells.back()
                                          : hierarchy_->nodeCell(n));
  }
  return cellsToJS(waypoints_);
}

// The kept graph as the teaching page draws it, each undirected edge once with its annotation, and
// whether it admits the agent (size, capability) (AnnotatedEdge::admits): { clusters: Int32Array
// [x0, y0, x1, y1, ...], nodes: Int32Array [x, y, ...], edgeFrom, edgeTo: Int32Array (node indices),
// edgeCost: Float64Array, edgeInter, edgeClearance, edgeCapability (index in capabilities()),
// edgeAdmits: Uint8Array }, or { error } when the agent is not served.
val HaaStarHandle::graph(int size, const std::string& capability) const {
  Agent agent;
  if (std::string error = agentOf(size, capability, agent); !error.empty()) return errorObject(error);
  const AnnotatedHierarchy& h = *hierarchy_;
  std::vector<int32_t> clusters, from, to;
  std::vector<double> cost;
  std::vector<uint8_t> inter, clearance, capabilityIndex, admits;
  for (int32_t c = 0; c < h.layout().count(); ++c) {
    const Rect r = h.layout().rect(c);
    clusters.insert(clusters.end(), {r.x0, r.y0, r.x1, r.y1});
  }
  std::vector<Point> nodes(h.nodeCount());
  for (uint32_t n = 0; n < h.nodeCount(); ++n) {
    nodes[n] = h.nodeCell(n);
    for (const AnnotatedEdge& e : h.edges(n)) {
      if (e.to < n) continue;  // the other direction of an edge listed from its lower end
      from.push_back(static_cast<int32_t>(n));
      to.push_back(static_cast<int32_t>(e.to));
      cost.push_back(e.cost);
      inter.push_back(e.inter ? 1 : 0);
      clearance.push_back(e.clearance);
      capabilityIndex.push_back(static_cast<uint8_t>(h.capabilityIndex(e.capability)));
      admits.push_back(e.admits(agent.size, agent.capability) ? 1 : 0);
    }
  }
  val o = val::object();
  o.set("clusters", copyToJS(clusters.data(), clusters.size()));
  o.set("nodes", cellsToJS(nodes));
  o.set("edgeFrom", copyToJS(from.data(), from.size()));
  o.set("edgeTo", copyToJS(to.data(), to.size()));
  o.set("edgeCost", copyToJS(cost.data(), cost.size()));
  o.set("edgeInter", copyToJS(inter.data(), inter.size()));
  o.set("edgeClearance", copyToJS(clearance.data(), clearance.size()));
  o.set("edgeCapability", copyToJS(capabilityIndex.data(), capabilityIndex.size()));
  o.set("edgeAdmits", copyToJS(admits.data(), admits.size()));
  return o;
}

// Every step across a cluster border and how big an agent of each capability may make it
// (AnnotatedEntranceScanner::crossingClearance: an entrance of (capability, size) is a maximal run of
// those of at least that size), and the transitions the scanner chose on them: { crossings: Int32Array
// [ax, ay, bx, by, ...], clearance: Uint8Array [capability index * crossings + crossing], transitions:
// Int32Array [ax, ay, bx, by, ...] }.
val HaaStarHandle::crossings() const {
  if (!hierarchy_) return errorObject(StatusKind::NotReady, "the planner is not built");
  const AnnotatedHierarchy& h = *hierarchy_;
  const ClusterLayout& layout = h.layout();
  std::vector<Transition> steps;
  for (int32_t x = layout.size; x < layout.mapWidth; x += layout.size)
    for (int32_t y = 0; y < layout.mapHeight; ++y) steps.push_back(Transition{Point{x - 1, y}, Point{x, y}});
  for (int32_t y = layout.size; y < layout.mapHeight; y += layout.size)
    for (int32_t x = 0; x < layout.mapWidth; ++x) steps.push_back(Transition{Point{x, y - 1}, Point{x, y}});
  const size_t capabilities = h.capabilities().size();
  std::vector<uint8_t> clearance(capabilities * steps.size());
  std::vector<ClearanceMap> maps;
  for (size_t c = 0; c < capabilities; ++c) {
    maps.push_back(h.clearance(static_cast<int32_t>(c)));
    for (size_t k = 0; k < steps.size(); ++k)
      clearance[c * steps.size() + k] = static_cast<uint8_t>(
          AnnotatedEntranceScanner::crossingClearance(maps.back(), steps[k].a, steps[k].b, h.maxSize()));
  }
  std::vector<Transition> chosen;
  AnnotatedEntranceScanner::scanAll(layout, maps, h.maxSize(), chosen);
  val o = val::object();
  o.set("crossings", copyToJS(reinterpret_cast<const int32_t*>(steps.data()), steps.size() * 4));
  o.set("clearance", copyToJS(clearance.data(), clearance.size()));
  o.set("transitions", copyToJS(reinterpret_cast<const int32_t*>(chosen.data()), chosen.size() * 4));
  return o;
}

namespace {

// Annotated A* for one capability over one grid: the clearance map is computed once by build() and
// read by every search (AnnotatedAStarSearch.h). The grid is shared with its GridHandle until that grid
// is edited (copy on write), so editing the grid never changes the search's map.
class AnnotatedAStarHandle {
 public:
  std::string build(const GridHandle& grid, const std::string& capability) {
    return buildWithClearance(grid, capability, "true");
  }

  // As build(), the searches reading the clearance of `kind`: "true" (exact) or "brushfire", with which
  // an agent misses passages it fits through (the article's Figure 5), kept to show that.
  std::string buildWithClearance(const GridHandle& grid, const std::string& capability, const std::string& kind) {
    if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
    if (kind != "true" && kind != "brushfire") return "clearance kind \"" + kind + "\" is not one of true, brushfire";
    std::string error;
    const auto parsed = capabilityFromJS(capability, error);
    if (!parsed) return error;
    if (std::string e =
            reserveHeap(cellProportionalBytes(*grid.shared(), 1) - grid.shared()->bytes(), "the clearance map");
        !e.empty())
      return e;
    grid_ = grid.shared();
    capability_ = *parsed;
    clearance_ =
        ClearanceMap::compute(*grid_, capability_, kind == "true" ? ClearanceKind::True : ClearanceKind::Brushfire);
    return "";
  }

  // { status, found, cost, cells, stats, expanded }, or { error } for a size outside 1..kMaxAgentSize.
  val findPath(int sx, int sy, int gx, int gy, int size) {
    if (!grid_) return errorObject(StatusKind::NotReady, "the search is not built");
    if (size < 1 || size > kMaxAgentSize)
      return errorObject(StatusKind::OutOfRange,
                         "agent size " + std::to_string(size) + " is outside 1.." + std::to_string(kMaxAgentSize));
    result_.reset();
    search_.findPath(*grid_, clearance_, size, Point{sx, sy}, Point{gx, gy}, result_);
    return gridSearchToJS(result_);
  }

  // The clearance of every cell for the capability (of the kind it was built with), row-major, a Uint8Array.
  val clearance() const {
    if (!grid_) return val::global("Uint8Array").new_(0);
    return copyToJS(clearance_.values().data(), clearance_.values().size());
  }

 private:
  std::shared_ptr<const Grid> grid_;
  Capability capability_;
  ClearanceMap clearance_;
  AnnotatedAStarSearch search_;
  PathResult result_;
};

// validateFootprintPath (path/FootprintValidator.h): "" when the anchors are a legal path of an agent
// of side `size` and `capability` from start to goal costing `reportedCost`, else the problem.
std::string validateFootprintPathJS(const GridHandle& grid, const std::string& capability, int32_t size, int32_t sx,
                                    int32_t sy, int32_t gx, int32_t gy, const val& cells, double reportedCost,
                                    double tolerance) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  std::string error;
  const auto parsed = capabilityFromJS(capability, error);
  if (!parsed) return error;
  if (size < 1 || size > kMaxAgentSize)
    return "agent size " + std::to_string(size) + " is outside 1.." + std::to_string(kMaxAgentSize);
  std::vector<int32_t> flat;
  readFromJS(cells, flat);
  if (flat.size() % 2 != 0) return "the cells must be x, y pairs";
  std::vector<Point> path(flat.size() / 2);
  for (size_t i = 0; i < path.size(); ++i) path[i] = Point{flat[2 * i], flat[2 * i + 1]};
  return validateFootprintPath(*grid.shared(), *parsed, size, Point{sx, sy}, Point{gx, gy}, path, reportedCost,
                               tolerance)
      .problem;
}

EMSCRIPTEN_BINDINGS(hpastar_haa) {
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<HaaStarHandle>("HAAStar").constructor<>().class_function(
                             "defaultOptions", &HaaStarHandle::defaultOptions),
                         HaaStarHandle, build, built, options, stats, width, height, terrain, capabilities, checkAgent,
                         findPath, findPaths, clearance, graph, crossings, version, applyEdits, lastUpdate);
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<AnnotatedAStarHandle>("AnnotatedAStar").constructor<>(),
                         AnnotatedAStarHandle, build, buildWithClearance, findPath, clearance);
  emscripten::function("haaOptionFields", &optionFieldsToJS<AnnotatedHierarchyOptions>);
  emscripten::function(
      "maxAgentSize", +[] { return kMaxAgentSize; });
  emscripten::function("validateFootprintPath", &validateFootprintPathJS);
}

}  // namespace
}  // namespace hpastar::bindings
