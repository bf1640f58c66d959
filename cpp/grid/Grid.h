#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Moves.h"
#include "grid/Point.h"
#include "grid/Rect.h"
#include "grid/Terrain.h"

namespace hpastar {

// A rectangular map of Moving AI terrain characters, with the legal moves of every cell precomputed
// for one capability (by default the Moving AI octile rule: '.', 'G', 'S' passable).
//
// Cells are indexed row-major: index = y * width + x. The move mask of a cell has bit d set when the
// move in direction d (see Moves.h) is legal: the target is inside the map and passable and, for a
// diagonal, both orthogonal cells are passable. Searches read only the mask, so the corner rule lives
// in exactly one place.
class Grid {
 public:
  // The largest grid: sides up to kMaxSide and at most kMaxCells cells (4096 x 4096, or 8192 x 2048, ...).
  // Checked before anything is allocated (the factory below, the .map reader's header, the hierarchy
  // loader), so a bad header cannot ask for gigabytes. The cell limit keeps a grid (3 bytes per cell)
  // and its searches' per-cell scratch well inside wasm's 4 GB; the Moving AI maps are 1024² at most.
  static constexpr int32_t kMaxSide = 8192;
  static constexpr int64_t kMaxCells = int64_t{1} << 24;

  Grid() = default;
  // An all-ground grid. Sides must be in 1..kMaxSide and cells at most kMaxCells (checked by the factory
  // below; asserted here).
  Grid(int32_t width, int32_t height, Capability capability = Capability::movingAIDefault());

  // "" when a width x height grid is allowed, else why not ("grid size 0x3 is outside 1..8192 per side",
  // "grid size 8192x8192 has 67108864 cells, more than the 16777216 allowed").
  static std::string checkSize(int64_t width, int64_t height);
  // checkSize, then whether `terrainSize` characters fill width*height cells ("terrain has 5 cells,
  // expected 6 for 3x2"): what fromTerrain checks before it reads a character.
  static std::string checkTerrainSize(int64_t width, int64_t height, size_t terrainSize);
  // Builds a grid from width*height Moving AI characters, row-major. Returns nothing and fills `error`
  // when a side is out of range, the grid has more than kMaxCells cells, the array has the wrong size,
  // or a character is not a terrain character.
  static std::optional<Grid> fromTerrain(int32_t width, int32_t height, std::span<const uint8_t> terrain,
                                         std::string& error, Capability capability = Capability::movingAIDefault());

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  int32_t cellCount() const { return width_ * height_; }
  Rect bounds() const { return Rect{0, 0, width_, height_}; }
  Capability capability() const { return capability_; }

  bool inside(int32_t x, int32_t y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  bool inside(Point p) const { return inside(p.x, p.y); }
  int32_t index(int32_t x, int32_t y) const { return y * width_ + x; }
  int32_t index(Point p) const { return index(p.x, p.y); }
  Point pointOf(int32_t cell) const { return Point{cell % width_, cell / width_}; }

  char terrainAt(int32_t x, int32_t y) const { return static_cast<char>(terrain_[index(x, y)]); }
  // Passable for this grid's capability; false outside the map.
  bool passable(int32_t x, int32_t y) const { return inside(x, y) && passable_[index(x, y)] != 0; }
  bool passable(Point p) const { return passable(p.x, p.y); }
  bool passableAt(int32_t cell) const { return passable_[cell] != 0; }
  uint8_t moveMask(int32_t cell) const { return moves_[cell]; }
  const uint8_t* moveMasks() const { return moves_.data(); }  // all cells' masks, row-major
  bool canMove(Point from, int dir) const { return inside(from) && ((moves_[index(from)] >> dir) & 1u); }

  // Changes one cell's terrain and refreshes the moves of its 3×3 neighbourhood. Returns false (and
  // changes nothing) when the cell is outside the map or `c` is not a terrain character.
  bool setTerrain(int32_t x, int32_t y, char c);

  const std::vector<uint8_t>& terrain() const { return terrain_; }
  size_t bytes() const { return terrain_.size() + passable_.size() + moves_.size(); }
  // What a width x height grid holds (bytes() of it): 3 bytes per cell, its terrain, passability and moves.
  static uint64_t bytesFor(int64_t width, int64_t height) { return 3 * static_cast<uint64_t>(width * height); }

 private:
  void refreshMoves(int32_t x, int32_t y);

  int32_t width_ = 0;
  int32_t height_ = 0;
  Capability capability_ = Capability::movingAIDefault();
  std::vector<uint8_t> terrain_;   // Moving AI characters
  std::vector<uint8_t> passable_;  // 1 when passable for capability_
  std::vector<uint8_t> moves_;     // legal move bits per cell
};

}  // namespace hpastar
