#pragma once
// HAA* owned by JavaScript (embind class "HAAStar"): one AnnotatedHierarchy and the batch engine's
// query object that searches it on the owning thread. Declared here so that the pthread build's
// ParallelSearch (ParallelSearch.cpp) can run HAA* batches over the same hierarchy on its threads.
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "batch/PathBatch.h"
#include "bindings/GridBinding.h"
#include "grid/Agent.h"
#include "haa/AnnotatedHierarchy.h"

namespace hpastar::bindings {

// Every search names its agent (size and capability); an agent the hierarchy does not serve is answered
// { error } naming the problem (AnnotatedHierarchy::checkAgent). Edits change the hierarchy in place:
// the module runs one call at a time on the thread that owns the handle, and a ParallelSearch batch
// returns before the next call, so no search reads it meanwhile.
class HaaStarHandle {
 public:
  static emscripten::val defaultOptions();

  // Builds the hierarchy of `grid` (copied): "" or the problem.
  std::string build(const GridHandle& grid, const emscripten::val& options);

  bool built() const { return hierarchy_ != nullptr; }
  emscripten::val options() const;
  int width() const { return hierarchy_ ? hierarchy_->grid().width() : 0; }
  int height() const { return hierarchy_ ? hierarchy_->grid().height() : 0; }
  emscripten::val terrain() const;
  // 0 when built, +1 per applyEdits given edits (AnnotatedHierarchy::version).
  double version() const { return hierarchy_ ? static_cast<double>(hierarchy_->version()) : 0.0; }

  // { buildMs, updateMs, rebuiltClusters, bytes, clusters, transitions, initial, high, low, searched },
  // the four graphs as { nodes, interEdges, intraEdges }; null until built.
  emscripten::val stats() const;
  // The capabilities the hierarchy keeps, as names ("ground", "ground,trees", ...).
  emscripten::val capabilities() const;
  // "" when the hierarchy serves the agent, else why not.
  std::string checkAgent(int size, const std::string& capability) const;

  // One whole path for the agent: pathToJS with its abstract path, or { error } when the agent is not served.
  emscripten::val findPath(int sx, int sy, int gx, int gy, int size, const std::string& capability);
  // Queries packed [sx, sy, gx, gy, ...] for one agent, on this thread: pathBatchToJS, or { error }.
  emscripten::val findPaths(const emscripten::val& queries, int size, const std::string& capability, bool keepCells);
  // The clearance of every cell for `capability`, row-major (a Uint8Array): "true" or "brushfire".
  emscripten::val clearance(const std::string& capability, const std::string& kind) const;

  // The kept graph as the teaching page draws it, each undirected edge once with its annotation, and
  // whether it admits the agent (size, capability) (AnnotatedEdge::admits): { clusters, nodes, edgeFrom,
  // edgeTo, edgeCost, edgeInter, edgeClearance, edgeCapability, edgeAdmits }, or { error }.
  emscripten::val graph(int size, const std::string& capability) const;
  // Every step across a cluster border, its clearance per capability, and the transitions chosen:
  // { crossings, clearance, transitions }.
  emscripten::val crossings() const;

  // Terrain edits packed [x, y, code, cost, ...]: "" or why they are refused (nothing changed then).
  std::string applyEdits(const emscripten::val& edits);
  // What the last applyEdits rebuilt, in the shape of HPAStar's lastUpdate (one level: the clusters
  // whose intra-edges were found again, and their rectangles).
  emscripten::val lastUpdate() const;

  // The agent of (size, capability names), or the problem ("" when served): the one place the bindings
  // read an agent from JavaScript.
  std::string agentOf(int size, const std::string& capability, Agent& agent) const;
  // The hierarchy (null until built). The caller reads it only while this handle's calls do not run.
  const AnnotatedHierarchy* hierarchy() const { return hierarchy_.get(); }

 private:
  emscripten::val abstractPathToJS();

  std::unique_ptr<AnnotatedHierarchy> hierarchy_;
  BatchSearch engine_{1};  // its query object answers findPath; its batches findPaths
  PathResult result_;
  std::vector<int32_t> input_;
  std::vector<Point> waypoints_;
  PathBatchResults batch_;
};

}  // namespace hpastar::bindings
