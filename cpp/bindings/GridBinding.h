#pragma once
// Grids owned by JavaScript (embind class "Grid").
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "hpa/HierarchyOptions.h"

namespace hpastar::bindings {

// Checks one terrain edit: "" when (x, y) is inside `grid` and `code` a Moving AI character, else the problem.
std::string checkEdit(const Grid& grid, int32_t x, int32_t y, int32_t code);
// Terrain edits come from JavaScript packed as [x, y, code, cost, ...]: code a Moving AI character or 0
// (the terrain kept), cost a cost layer value 1..255 or 0 (kept); not both 0 (web/lib/internal.ts packEdits).
constexpr size_t kEditStride = 4;
// Checks packed terrain edits against `grid`: "" when all are valid, else the first problem, naming the edit.
std::string checkEdits(const Grid& grid, const std::vector<int32_t>& edits);
// The edits of a list checkEdits accepted.
std::vector<CellEdit> unpackEdits(const std::vector<int32_t>& edits);
// What applying `edits` to `grid` may allocate besides its cells: a cost layer, and the weights, when the
// first cost value comes to a grid without a layer.
uint64_t costEditBytes(const Grid& grid, std::span<const CellEdit> edits);
// Terrain costs from an array [code, multiplier, ...] naming the kinds that do not cost 1: "" and `out`
// set, or the problem.
std::string readTerrainCosts(const emscripten::val& pairs, TerrainCosts& out);
// The multiplier of each terrain kind, in TerrainKind order (an array of numbers).
emscripten::val terrainCostsToJS(const TerrainCosts& costs);

// { size, capability } of an agent class, its capability as a comma list ("ground,swamp").
emscripten::val agentToJS(const Agent& agent);

// What a rectangle copy of a grid reads: its terrain character codes, or 1 for a passable cell, 0 for
// a blocked one.
enum class GridLayer { Terrain, Passable };
// The cells of the rectangle of `w` x `h` cells at (x, y), row-major, as a new Uint8Array (empty when w
// or h is 0), in one call: what painting a map needs instead of one call per cell. { error } when the
// rectangle is not inside the grid, or the heap has no room for the copy (HeapReservation.h).
emscripten::val rectToJS(const Grid& grid, int x, int y, int w, int h, GridLayer layer);

// A grid owned by JavaScript. Empty until one of the load functions succeeds.
//
// The grid is held through a shared pointer so that a planner built from it can share the cells until
// the next edit (copy on write): editing a grid never changes a planner built before.
class GridHandle {
 public:
  // Parses Moving AI map text given as UTF-8 bytes (a Uint8Array); returns "" or "<fileName>:<line>:
  // <problem>" (or "out of memory: ..." when the heap has no room for the map: HeapReservation.h).
  std::string loadMovingAI(const emscripten::val& text, const std::string& fileName);
  // Takes width*height Moving AI characters, row-major, from a Uint8Array; returns "" or the problem.
  std::string loadTerrain(const emscripten::val& terrain, int width, int height);

  // This grid becomes `from`'s terrain and costs for the agent class of side `size` and `capability`
  // ("ground,trees"): its passable cells are where the class's footprint fits (Grid::forAgent). "" or
  // the problem (an agent class no grid serves, an unknown terrain name; nothing changes then).
  std::string loadForAgent(const GridHandle& from, int size, const std::string& capability);
  // { size, capability } of the grid's agent class (capability as "ground,swamp").
  emscripten::val agent() const;

  bool loaded() const { return grid_ != nullptr; }
  int width() const { return grid_ ? grid_->width() : 0; }
  int height() const { return grid_ ? grid_->height() : 0; }
  bool passable(int x, int y) const { return grid_ && grid_->passable(x, y); }
  // The character code of cell (x, y), or -1 outside the map.
  int terrainAt(int x, int y) const { return grid_ && grid_->inside(x, y) ? grid_->terrainAt(x, y) : -1; }
  // The terrain characters, row-major, copied into a new Uint8Array.
  emscripten::val terrain() const;
  // A rectangle of the terrain characters, or of passable (1) and blocked (0) cells: rectToJS.
  emscripten::val terrainRect(int x, int y, int w, int h) const;
  emscripten::val passableRect(int x, int y, int w, int h) const;

  // Sets one cell; returns "" or the problem (nothing changes then).
  std::string setTerrain(int x, int y, int code);
  // Applies edits packed as an Int32Array [x, y, code, cost, ...]: all or nothing; "" or the problem.
  std::string applyEdits(const emscripten::val& edits);

  // Terrain costs (grid/TerrainCosts.h). `pairs` is an array [code, multiplier, ...] naming the kinds
  // that do not cost 1 (the others cost 1); "" or the problem (nothing changes then).
  std::string setTerrainCosts(const emscripten::val& pairs);
  // The multiplier of each terrain kind, in TerrainKind order (an array of numbers).
  emscripten::val terrainCosts() const;
  // The cost layer from a Uint8Array of width*height values 1..255, or none for null; "" or the problem.
  std::string setCostLayer(const emscripten::val& layer);
  // A copy of the cost layer (a Uint8Array), or null without one.
  emscripten::val costLayer() const;
  // One cell's layer value (1..255); "" or the problem.
  std::string setCellCost(int x, int y, int value);
  bool weighted() const { return grid_ && grid_->weighted(); }

  // The grid (null until loaded); planners copy or share it.
  const std::shared_ptr<Grid>& shared() const { return grid_; }

 private:
  // What writable() allocates: a copy of the grid while a planner still shares its cells, else nothing.
  uint64_t copyOnWriteBytes() const;
  // What a change of costs may allocate besides: a layer (`withLayer`) and the weights, per cell.
  uint64_t costBytes(bool withLayer) const;
  Grid& writable();  // unshares the cells first if a planner still shares them

  std::shared_ptr<Grid> grid_;
  std::vector<int32_t> editScratch_;
};

}  // namespace hpastar::bindings
