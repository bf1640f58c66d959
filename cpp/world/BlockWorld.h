#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

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
// of more than one level is no move. Terrain costs do not apply to block worlds yet: every move costs
// the figure above.
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
  size_t bytes() const { return blocks_.size() + moves_.size() * sizeof(uint32_t); }

 private:
  bool solidAt(int32_t x, int32_t y, int32_t z) const { return blockAt(x, y, z) == Block::Solid; }
  // The legal moves out of cell (x, y, z) under the rules above.
  uint32_t computeMoves(int32_t x, int32_t y, int32_t z) const;
  bool climbUpLegal(int32_t x, int32_t y, int32_t z, int dir) const;
  void refreshMoves(const Box& box);

  int32_t width_ = 0;
  int32_t height_ = 0;
  int32_t levels_ = 0;
  std::vector<uint8_t> blocks_;  // Block values
  std::vector<uint32_t> moves_;  // legal move bits per cell
};

}  // namespace hpastar
