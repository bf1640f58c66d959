#pragma once
// SHPA* planners owned by JavaScript (embind class "SHPAStar"): one ShpaStarGraph plus the query object
// that searches it on the thread that owns the handle.
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "bindings/GridBinding.h"
#include "bindings/PathShaping.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"

namespace hpastar::bindings {

// An SHPA* planner (Kring, Champandard, Samarin 2010): variable-size clusters from a greedy merge,
// straight-line edge weights (times the line's mean multiplier on a grid with terrain costs).
// STATIC MAPS ONLY: the graph is built once for one grid and has no edit; applyEdits() always answers
// kShpaStaticMapsOnly. It has no serialized form either: a worker that needs its own copy builds it from
// the terrain (the build is fast: tens of milliseconds on a 512 x 512 map).
//
// The graph is held through a shared pointer so that a ParallelSearch batch running on other threads
// keeps it alive; the grid is shared with the GridHandle it was built from until that grid is edited
// (copy on write), so editing the grid never changes the planner.
class ShpaStarHandle {
 public:
  // The core's default options: { initialClusterSize, maxClusterSide, maxClusterCells, maxDetour,
  // entranceWidth, edgeWeight: "euclidean" | "octile" }. build() takes an object of that shape.
  static emscripten::val defaultOptions();
  // The message every edit attempt gets (kShpaStaticMapsOnly).
  static std::string staticMapsOnly();

  // Builds the graph of `grid`. "" or the problem (like buildFromTerrain, it first makes room in the heap,
  // HeapReservation.h, and answers "out of memory: ..." when it cannot).
  std::string build(const GridHandle& grid, const emscripten::val& options);
  // Like build, from width*height Moving AI characters in a Uint8Array (what a worker receives).
  std::string buildFromTerrain(const emscripten::val& terrain, int width, int height, const emscripten::val& options);

  bool built() const { return graph_ != nullptr; }
  // The options used, same shape as defaultOptions(); null until built.
  emscripten::val options() const;
  // { buildMs, bytes, gridBytes, initialClusters, clusters, merges, nodes, interEdges, intraEdges,
  //   maxClusterNodes, components }; null until built.
  emscripten::val stats() const;
  int width() const { return graph_ ? graph_->grid().width() : 0; }
  int height() const { return graph_ ? graph_->grid().height() : 0; }
  // The terrain the graph was built from, row-major (a copy).
  emscripten::val terrain() const;
  // The terrain costs of that grid: each kind's multiplier (TerrainKind order) and a copy of the cost
  // layer (a Uint8Array) or null, which a pool sends its workers with the terrain.
  emscripten::val terrainCosts() const;
  emscripten::val costLayer() const;

  // One whole path: { status, found, cost, cells: Int32Array, stats }; with `anyAngle`, as HPA*'s
  // (ShpaQueryOptions::anyAngle).
  emscripten::val findPath(int sx, int sy, int gx, int gy, bool smooth, bool anyAngle);
  // The same search, traced: { path, searches } (SearchTraceToJS.h), or { error }.
  emscripten::val traceFindPath(int sx, int sy, int gx, int gy, bool smooth);
  // The cluster of every cell, row-major, as an Int32Array (-1 for blocked cells); empty until built;
  // { error } when the heap has no room for it.
  emscripten::val cellClusters() const;
  // A batch, queries packed in an Int32Array [sx, sy, gx, gy, ...]: pathBatchToJS, or { error }.
  emscripten::val findPaths(const emscripten::val& queries, bool smooth, bool keepCells, bool anyAngle);

  // Always kShpaStaticMapsOnly: SHPA*'s clusters cannot be repaired after a terrain change.
  std::string applyEdits(const emscripten::val& edits);

  // The graph, kept alive by whoever holds the pointer (a batch running on other threads).
  std::shared_ptr<const ShpaStarGraph> current() const { return graph_; }
  // The cost of this planner's path from `start` to `goal` on `g` (infinity when none): how the
  // `toNearest` option chooses among equally near reachable cells (ReachabilityToJS.h).
  double snapPathCost(const ShpaStarGraph& g, Point start, Point goal);

 private:
  std::shared_ptr<const ShpaStarGraph> graph_;
  BatchSearch engine_{1};
  PathResult result_;
  SearchTrace trace_;
  std::vector<int32_t> input_;
  PathBatchResults batch_;
};

}  // namespace hpastar::bindings
