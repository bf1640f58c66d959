#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/Agent.h"
#include "grid/CostLayer.h"
#include "grid/Moves.h"
#include "grid/Point.h"
#include "grid/Rect.h"
#include "grid/Terrain.h"
#include "grid/TerrainCosts.h"

namespace hpastar {

// A rectangular map of Moving AI terrain characters, with the legal moves of every cell precomputed
// for one agent class (Agent.h; by default the Moving AI octile rule: one cell, '.', 'G', 'S' passable).
//
// Cells are indexed row-major: index = y * width + x. A cell is passable when the agent may stand with
// its top-left cell there: every cell of its size x size footprint is inside the map and of its
// capability (true clearance >= size). The move mask of a cell has bit d set when the move in direction
// d (see Moves.h) is legal: the target is inside the map and passable and, for a diagonal, both
// orthogonal cells are passable. For a sized agent that is exactly "the swept squares hold only allowed
// cells" (FootprintMoves.h argues it), so the footprint rule, like the corner rule, lives here and in
// nothing that searches: every planner made over a grid serves the grid's agent class. Searches read
// only the mask, so the corner rule lives in exactly one place.
//
// What a move costs lives here too (moveCost): 1 straight and √2 diagonal, times the weights of the
// cells it touches when the grid has terrain costs (a multiplier per terrain kind, TerrainCosts, and an
// optional layer of per-cell sixteenths). A grid whose every multiplier is 1 is unweighted and its
// searches take the unweighted path, exactly as before costs existed.
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
  // The same for an agent class (checkAgentClass(agent) must be "": asserted).
  Grid(int32_t width, int32_t height, const Agent& agent);

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
  // The same for an agent class; `error` also names an agent class that checkAgentClass refuses.
  static std::optional<Grid> fromTerrain(int32_t width, int32_t height, std::span<const uint8_t> terrain,
                                         std::string& error, const Agent& agent);
  // This grid's terrain and costs, for another agent class (checkAgentClass(agent) must be "": asserted):
  // what a planner serving several classes builds each class's hierarchy on.
  Grid forAgent(const Agent& agent) const;

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  int32_t cellCount() const { return width_ * height_; }
  Rect bounds() const { return Rect{0, 0, width_, height_}; }
  Capability capability() const { return capability_; }
  Agent agent() const { return Agent{agentSize_, capability_}; }
  int32_t agentSize() const { return agentSize_; }

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
  // Whether the cell's own terrain is of the agent's capability (passable() also asks for room for the
  // footprint): what tells "blocked" from "no room for the agent" in messages.
  bool allowedAt(int32_t x, int32_t y) const { return inside(x, y) && capability_.allowsChar(terrainAt(x, y)); }
  // The cells whose footprint holds `cell` (inside the map): those whose passability a change of `cell`
  // can alter. The cell itself for a one-cell agent.
  Rect anchorsCovering(Point cell) const {
    return Rect{std::max(cell.x - agentSize_ + 1, 0), std::max(cell.y - agentSize_ + 1, 0), cell.x + 1, cell.y + 1};
  }
  uint8_t moveMask(int32_t cell) const { return moves_[cell]; }
  const uint8_t* moveMasks() const { return moves_.data(); }  // all cells' masks, row-major
  // The masks of the cells of `area` (inside the map), row-major into out[0 .. area.area()), without the
  // moves that leave the area: what a search bounded to the area reads, a row at a time, no division. With
  // `stay` (a mask per cell of the map, as ClusterLayout::stayMoves gives), only the moves it allows too.
  void areaMoveMasks(const Rect& area, uint8_t* out, const uint8_t* stay = nullptr) const {
    const int32_t w = area.width(), h = area.height();
    for (int32_t ly = 0; ly < h; ++ly) {
      // dy = -1: NW, N, NE; dy = +1: SE, S, SW; dx = -1: SW, W, NW; dx = +1: NE, E, SE.
      const uint8_t rowClip = static_cast<uint8_t>((ly == 0 ? ~0x83u : 0xFFu) & (ly == h - 1 ? ~0x38u : 0xFFu));
      const uint8_t* row = moves_.data() + static_cast<size_t>(index(area.x0, area.y0 + ly));
      uint8_t* to = out + static_cast<size_t>(ly) * static_cast<size_t>(w);
      for (int32_t lx = 0; lx < w; ++lx) to[lx] = row[lx] & rowClip;
      to[0] &= static_cast<uint8_t>(~0xE0u);
      to[w - 1] &= static_cast<uint8_t>(~0x0Eu);
      if (!stay) continue;
      const uint8_t* stayRow = stay + static_cast<size_t>(index(area.x0, area.y0 + ly));
      for (int32_t lx = 0; lx < w; ++lx) to[lx] &= stayRow[lx];
    }
  }
  bool canMove(Point from, int dir) const { return inside(from) && ((moves_[index(from)] >> dir) & 1u); }

  // Changes one cell's terrain and refreshes the passability of anchorsCovering(cell) and the moves of
  // those cells and their 8 neighbours (the cell's 3×3 neighbourhood for a one-cell agent). Returns false (and
  // changes nothing) when the cell is outside the map or `c` is not a terrain character.
  bool setTerrain(int32_t x, int32_t y, char c);

  // Terrain costs (TerrainCosts.h). "" or why they are refused (nothing changes then).
  const TerrainCosts& terrainCosts() const { return costs_; }
  std::string setTerrainCosts(const TerrainCosts& costs);
  // The cost layer: width*height values in sixteenths of the terrain's cost, 1..255 (16: the terrain's
  // own). "" or why it is refused (wrong size, a 0), nothing changed then.
  std::string setCostLayer(std::span<const uint8_t> layer);
  std::string checkCostLayer(std::span<const uint8_t> layer) const;  // what setCostLayer refuses
  void clearCostLayer();
  bool hasCostLayer() const { return !layer_.empty(); }
  const std::vector<uint8_t>& costLayer() const { return layer_.values(); }  // empty without a layer
  uint8_t costLayerAt(int32_t x, int32_t y) const { return layer_.at(static_cast<size_t>(index(x, y))); }
  // The largest layer value of any cell (16 without a layer).
  uint8_t costLayerMax() const { return layer_.max(); }
  // Sets one cell's layer value (making a layer of 16s first if there is none). False, and nothing
  // changed, when the cell is outside the map or the value is 0.
  bool setCellCost(int32_t x, int32_t y, uint8_t value);

  // True when some move costs other than 1 or √2 could be met: a multiplier or a layer value not 1.
  bool weighted() const { return !weight_.empty(); }
  // The multiplier of a cell: its terrain kind's times its layer value (1 on an unweighted grid).
  float weightAt(int32_t cell) const { return weight_.empty() ? 1.0f : weight_[static_cast<size_t>(cell)]; }
  const float* weights() const { return weight_.data(); }  // null when unweighted
  // The cost of the move from `cell` in direction `dir` (legal or not: the caller checks the mask).
  // Straight: the mean of the two cells' weights; diagonal: √2 times the mean of the four cells it
  // touches (both orthogonal cells, which it must not cut, count as much as the ends).
  double moveCost(int32_t cell, int dir) const {
    if (weight_.empty()) return kDirCost[dir];
    const float* w = weight_.data();
    const int32_t to = cell + kDirDy[dir] * width_ + kDirDx[dir];
    if (!isDiagonal(dir)) return 0.5 * (static_cast<double>(w[cell]) + w[to]);
    const double corners = static_cast<double>(w[cell + kDirDx[dir]]) + w[cell + kDirDy[dir] * width_];
    return (kSqrt2 * 0.25) * ((static_cast<double>(w[cell]) + w[to]) + corners);
  }
  // The smallest multiplier a move can meet: the smallest of the passable kinds' multipliers times the
  // smallest layer value. Every move costs at least this times its unweighted cost, so the octile
  // distance times it is an admissible and consistent heuristic. 1 on an unweighted grid.
  double minWeight() const { return minWeight_; }
  // The largest multiplier a move can meet (the same way): 1 on an unweighted grid.
  double maxWeight() const { return maxWeight_; }
  // minWeight for an agent of another capability (Annotated A*): the smallest multiplier of the kinds
  // it allows times the smallest layer value, so that no cell it may enter weighs less. 1 on an
  // unweighted grid.
  double minWeightFor(Capability capability) const;

  const std::vector<uint8_t>& terrain() const { return terrain_; }
  size_t bytes() const {
    return terrain_.size() + passable_.size() + moves_.size() + layer_.bytes() + weight_.size() * sizeof(float);
  }
  // What an unweighted width x height grid holds (bytes() of it): 3 bytes per cell, its terrain,
  // passability and moves. A weighted grid holds 4 more per cell (its weights), 5 with a cost layer.
  static uint64_t bytesFor(int64_t width, int64_t height) { return 3 * static_cast<uint64_t>(width * height); }

 private:
  void refreshMoves(int32_t x, int32_t y);
  // passable_ of every cell from terrain_, capability_ and agentSize_ (then the moves are stale).
  void computePassable();
  bool footprintFits(int32_t x, int32_t y) const;
  // Recomputes weight_ (or drops it when every cell weighs 1) and minWeight_ from costs_ and layer_.
  void refreshWeights();
  void refreshWeightBounds();
  float cellWeight(int32_t cell) const {
    const float kind = costs_.of(terrainKindOf(static_cast<char>(terrain_[static_cast<size_t>(cell)])));
    return layer_.empty() ? kind : kind * costLayerFactor(layer_.at(static_cast<size_t>(cell)));
  }

  int32_t width_ = 0;
  int32_t height_ = 0;
  Capability capability_ = Capability::movingAIDefault();
  int32_t agentSize_ = 1;
  std::vector<uint8_t> terrain_;   // Moving AI characters
  std::vector<uint8_t> passable_;  // 1 when passable for capability_
  std::vector<uint8_t> moves_;     // legal move bits per cell
  TerrainCosts costs_;
  CostLayer layer_;
  std::vector<float> weight_;  // per cell, empty when every cell weighs 1
  double minWeight_ = 1.0;
  double maxWeight_ = 1.0;
};

}  // namespace hpastar
