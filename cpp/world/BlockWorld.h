#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grid/CostLayer.h"
#include "grid/TerrainCosts.h"
#include "world/Blocks.h"
#include "world/WorldMoves.h"

namespace hpastar {

// A layered world of width x height x levels blocks, with the legal moves of every cell precomputed.
//
// An agent is one block tall. It *stands* in a cell that is not solid and is held up: by the world's
// floor (level 0), by a solid block or a ladder below it, or by its own block when that is a ladder or
// a stair. Its moves (WorldMoves.h has the codes and costs):
//   - the 8 moves of a level, as on a 2D grid: to a standing cell of the same level, a diagonal only when
//     both orthogonal cells it passes are standing too (no corner cutting); cost 1 straight, √2 diagonal;
//   - a climb, straight only (N, E, S or W): up one level onto the neighbouring standing cell, or the same
//     step down. The agent rises (or sinks) in the column of the lower cell, then moves across, so the
//     *headroom*, the block above the lower cell, must not be solid. Cost 2: one up, one across;
//   - a stair: the same step taken from (or down into) a stair block facing the step's direction, where
//     the stair lets the agent go up and across at once: cost √2, with the same headroom rule;
//   - a ladder: straight up from a ladder block into the block above it when that is not solid (it
//     stands there, held by the ladder), or back down; cost 1.
// Every move has its reverse at the same cost, so the graph is undirected. There is no falling: a drop
// of more than one level is no move.
//
// Terrain costs: an optional *cost layer*, one byte per cell in sixteenths (kCostLayerUnit, the 2D
// grid's layer: 16 is the move's own cost, 8 half of it, 255 almost 16 times), weights every move by the
// cells it touches, as Grid::moveCost does on a level (moveCost below). Without a layer, or with every
// value 16, the world is unweighted and every move costs the figure above, on the same code path as
// before costs existed.
//
// Cells are indexed level by level, each level row-major: index = (z * height + y) * width + x. The
// move mask of a standing cell has bit m set when move m is legal (0 for a cell that is not standing):
// searches read only the masks, so the rules above live in this class and nowhere else.
class BlockWorld {
 public:
  // Sides up to kMaxSide, levels up to kMaxLevels and at most kMaxCells blocks (5 bytes each, plus a
  // search's 13 of scratch per cell), checked before anything is allocated.
  static constexpr int32_t kMaxSide = 8192;
  static constexpr int32_t kMaxLevels = 1024;
  static constexpr int64_t kMaxCells = int64_t{1} << 24;

  BlockWorld() = default;
  // A world of air (every cell of level 0 standing on the floor). The size must pass checkSize (asserted).
  BlockWorld(int32_t width, int32_t height, int32_t levels);

  // "" when a world of that size is allowed, else why not ("world size 0x3x2 is outside ...").
  static std::string checkSize(int64_t width, int64_t height, int64_t levels);
  // A world from width * height * levels blocks in index order. Nothing, and `error` filled, when the
  // size is not allowed or the span has the wrong length.
  static std::optional<BlockWorld> fromBlocks(int32_t width, int32_t height, int32_t levels,
                                              std::span<const Block> blocks, std::string& error);

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  int32_t levels() const { return levels_; }
  int32_t cellCount() const { return width_ * height_ * levels_; }
  int32_t levelArea() const { return width_ * height_; }

  bool inside(int32_t x, int32_t y, int32_t z) const {
    return x >= 0 && y >= 0 && z >= 0 && x < width_ && y < height_ && z < levels_;
  }
  bool inside(Voxel v) const { return inside(v.x, v.y, v.z); }
  Box bounds() const { return Box{0, 0, 0, width_, height_, levels_}; }
  int32_t index(int32_t x, int32_t y, int32_t z) const { return (z * height_ + y) * width_ + x; }
  int32_t index(Voxel v) const { return index(v.x, v.y, v.z); }
  Voxel voxelOf(int32_t cell) const {
    const int32_t z = cell / levelArea();
    const int32_t rest = cell - z * levelArea();
    return Voxel{rest % width_, rest / width_, z};
  }

  // Air outside the world (so that the rules read the world's sides like open space that no move enters).
  Block blockAt(int32_t x, int32_t y, int32_t z) const {
    return inside(x, y, z) ? static_cast<Block>(blocks_[index(x, y, z)]) : Block::Air;
  }
  Block blockAt(Voxel v) const { return blockAt(v.x, v.y, v.z); }
  // Whether an agent can stand in the cell (see above); false outside the world.
  // Inline: the flood fills of WorldComponents ask it of every cell of a box.
  bool standing(int32_t x, int32_t y, int32_t z) const { return inside(x, y, z) && standingAt(index(x, y, z), z); }
  // The same of cell `cell` (inside the world) on level z, without a bounds check.
  bool standingAt(int32_t cell, int32_t z) const {
    const Block b = static_cast<Block>(blocks_[static_cast<size_t>(cell)]);
    if (b == Block::Solid) return false;
    if (b != Block::Air || z == 0) return true;  // a ladder or stair holds the agent; level 0 has the floor
    const Block below = static_cast<Block>(blocks_[static_cast<size_t>(cell - levelArea())]);
    return below == Block::Solid || below == Block::Ladder;
  }
  bool standing(Voxel v) const { return standing(v.x, v.y, v.z); }

  uint32_t moveMask(int32_t cell) const { return moves_[cell]; }
  bool canMove(Voxel from, int move) const { return inside(from) && ((moves_[index(from)] >> move) & 1u); }
  // The id offset of each move (kWorldMoveDz * levelArea + kWorldMoveDy * width + kWorldMoveDx).
  int32_t moveOffset(int move) const {
    return (kWorldMoveDz[move] * height_ + kWorldMoveDy[move]) * width_ + kWorldMoveDx[move];
  }

  // Places or removes one block and refreshes the moves of the cells whose rules read it
  // (cellsReading). False, and nothing changed, outside the world.
  bool setBlock(int32_t x, int32_t y, int32_t z, Block block);
  // The cells whose moves read block `v` (WorldMoves.h: kMoveReads*), clipped to the world: all that a
  // change of that block can alter, whatever the change.
  Box cellsReading(Voxel v) const {
    return Box{std::max(v.x - kMoveReadsSide, 0),           std::max(v.y - kMoveReadsSide, 0),
               std::max(v.z - kMoveReadsAbove, 0),          std::min(v.x + kMoveReadsSide + 1, width_),
               std::min(v.y + kMoveReadsSide + 1, height_), std::min(v.z + kMoveReadsBelow + 1, levels_)};
  }

  const std::vector<uint8_t>& blocks() const { return blocks_; }
  size_t bytes() const {
    return blocks_.size() + moves_.size() * sizeof(uint32_t) + layer_.bytes() + weight_.size() * sizeof(float);
  }

  // What move `move` (legal from `cell`) costs: kWorldMoveCost[move] on an unweighted world, else that
  // times the weights (cost layer / 16) of the cells it touches, mirroring Grid::moveCost: a straight
  // move on a level, and every move between levels, the mean of its two cells' weights (a climb, a
  // stair or a ladder step leaves one cell and enters the other; the headroom it passes is no cell an
  // agent stands in, so it weighs nothing); a diagonal the mean of the four cells of its 2 x 2 square
  // (its two ends and the two orthogonal cells it passes, all standing). Symmetric: a move and its
  // reverse cost the same.
  double moveCost(int32_t cell, int move) const {
    if (weight_.empty()) return kWorldMoveCost[move];
    const float* w = weight_.data();
    const int32_t to = cell + moveOffset(move);
    if (move < kClimbUp && isDiagonal(move)) {
      const double corners = static_cast<double>(w[cell + kDirDx[move]]) + w[cell + kDirDy[move] * width_];
      return (kSqrt2 * 0.25) * ((static_cast<double>(w[cell]) + w[to]) + corners);
    }
    return kWorldMoveCost[move] * 0.5 * (static_cast<double>(w[cell]) + w[to]);
  }
  // Whether a cost layer weights the moves (a layer of all 16 does not).
  bool weighted() const { return !weight_.empty(); }
  // The smallest cell weight (smallest layer value / 16; 1 unweighted): every move costs at least this
  // times its kWorldMoveCost, so worldDistanceBound times it stays an admissible, consistent heuristic.
  double minWeight() const { return minWeight_; }

  // The cost layer: cellCount() values in index order, each 1..255. "" or why not ("cost layer has 5
  // cells, expected 6 for 3x2x1", "cost layer value 0 at index 7 (1, 0, 2): values are 1..255 ...");
  // nothing changes then.
  std::string setCostLayer(std::span<const uint8_t> layer);
  std::string checkCostLayer(std::span<const uint8_t> layer) const;  // what setCostLayer refuses
  void clearCostLayer();
  bool hasCostLayer() const { return !layer_.empty(); }
  const std::vector<uint8_t>& costLayer() const { return layer_.values(); }  // empty without a layer
  uint8_t costLayerAt(int32_t cell) const { return layer_.at(static_cast<size_t>(cell)); }
  // Sets one cell's layer value (a world without a layer gets one of all 16 first). False, and nothing
  // changed, outside the world or for 0.
  bool setCellCost(Voxel v, uint8_t value);
  // The cells whose moves' costs read the weight of cell `v`: those one move away or whose diagonal
  // passes it, within the 3 x 3 x 3 box around it (clipped): all that a change of its layer value alters.
  Box cellsWeighing(Voxel v) const {
    return Box{std::max(v.x - 1, 0),      std::max(v.y - 1, 0),       std::max(v.z - 1, 0),
               std::min(v.x + 2, width_), std::min(v.y + 2, height_), std::min(v.z + 2, levels_)};
  }

 private:
  bool solidAt(int32_t x, int32_t y, int32_t z) const { return blockAt(x, y, z) == Block::Solid; }
  // The legal moves out of cell (x, y, z) under the rules above.
  uint32_t computeMoves(int32_t x, int32_t y, int32_t z) const;
  bool climbUpLegal(int32_t x, int32_t y, int32_t z, int dir) const;
  void refreshMoves(const Box& box);
  // weight_ (dropped when every value is 16) and minWeight_ from layer_.
  void refreshWeights();

  int32_t width_ = 0;
  int32_t height_ = 0;
  int32_t levels_ = 0;
  std::vector<uint8_t> blocks_;  // Block values
  std::vector<uint32_t> moves_;  // legal move bits per cell
  CostLayer layer_;
  std::vector<float> weight_;  // per cell, layer / 16; empty when every cell weighs 1
  double minWeight_ = 1.0;
};

}  // namespace hpastar
