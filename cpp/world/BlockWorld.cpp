#include "world/BlockWorld.h"

#include <algorithm>
#include <cassert>

namespace hpastar {

BlockWorld::BlockWorld(int32_t width, int32_t height, int32_t levels)
    : width_(width), height_(height), levels_(levels) {
  assert(checkSize(width, height, levels).empty());
  blocks_.assign(static_cast<size_t>(cellCount()), static_cast<uint8_t>(Block::Air));
  moves_.assign(blocks_.size(), 0);
  refreshMoves(bounds());
}

std::string BlockWorld::checkSize(int64_t width, int64_t height, int64_t levels) {
  const std::string size = std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(levels);
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide || levels < 1 || levels > kMaxLevels)
    return "world size " + size + " is outside 1.." + std::to_string(kMaxSide) + " per side and 1.." +
           std::to_string(kMaxLevels) + " levels";
  const int64_t cells = width * height * levels;
  if (cells > kMaxCells)
    return "world size " + size + " has " + std::to_string(cells) + " blocks, more than the " +
           std::to_string(kMaxCells) + " allowed";
  return "";
}

std::optional<BlockWorld> BlockWorld::fromBlocks(int32_t width, int32_t height, int32_t levels,
                                                 std::span<const Block> blocks, std::string& error) {
  error = checkSize(width, height, levels);
  if (!error.empty()) return std::nullopt;
  const size_t expected = static_cast<size_t>(width) * height * levels;
  if (blocks.size() != expected) {
    error = "world has " + std::to_string(blocks.size()) + " blocks, expected " + std::to_string(expected);
    return std::nullopt;
  }
  BlockWorld world;
  world.width_ = width;
  world.height_ = height;
  world.levels_ = levels;
  world.blocks_.resize(expected);
  for (size_t i = 0; i < expected; ++i) world.blocks_[i] = static_cast<uint8_t>(blocks[i]);
  world.moves_.assign(expected, 0);
  world.refreshMoves(world.bounds());
  return world;
}

// The step up from (x, y, z) towards straight direction `dir` onto the standing cell one level up, with
// the headroom above (x, y, z) free. Whether it is a climb or a stair depends on the block at (x, y, z).
bool BlockWorld::climbUpLegal(int32_t x, int32_t y, int32_t z, int dir) const {
  return standing(x, y, z) && !solidAt(x, y, z + 1) && standing(x + kDirDx[dir], y + kDirDy[dir], z + 1);
}

uint32_t BlockWorld::computeMoves(int32_t x, int32_t y, int32_t z) const {
  if (!standing(x, y, z)) return 0;
  const Block here = blockAt(x, y, z);
  uint32_t mask = 0;
  for (int d = 0; d < kDirCount; ++d) {
    const int32_t nx = x + kDirDx[d], ny = y + kDirDy[d];
    if (!standing(nx, ny, z)) continue;
    if (isDiagonal(d) && (!standing(nx, y, z) || !standing(x, ny, z))) continue;  // no corner cutting
    mask |= 1u << d;
  }
  for (int i = 0; i < 4; ++i) {
    const int d = 2 * i;
    // Up: from here towards d. A stair facing d turns the climb into a stair move.
    if (climbUpLegal(x, y, z, d)) mask |= 1u << ((isStair(here) && stairDir(here) == d ? kStairUp : kClimbUp) + i);
    // Down: the reverse of the step up from the lower cell towards the opposite direction.
    const int32_t lx = x + kDirDx[d], ly = y + kDirDy[d], lz = z - 1;
    const int back = oppositeDir(d);
    if (lz >= 0 && climbUpLegal(lx, ly, lz, back)) {
      const Block lower = blockAt(lx, ly, lz);
      mask |= 1u << ((isStair(lower) && stairDir(lower) == back ? kStairDown : kClimbDown) + i);
    }
  }
  if (here == Block::Ladder && z + 1 < levels_ && !solidAt(x, y, z + 1)) mask |= 1u << kLadderUp;
  if (z > 0 && blockAt(x, y, z - 1) == Block::Ladder) mask |= 1u << kLadderDown;
  return mask;
}

void BlockWorld::refreshMoves(const Box& box) {
  for (int32_t z = box.z0; z < box.z1; ++z)
    for (int32_t y = box.y0; y < box.y1; ++y)
      for (int32_t x = box.x0; x < box.x1; ++x) moves_[static_cast<size_t>(index(x, y, z))] = computeMoves(x, y, z);
}

bool BlockWorld::setBlock(int32_t x, int32_t y, int32_t z, Block block) {
  if (!inside(x, y, z)) return false;
  blocks_[static_cast<size_t>(index(x, y, z))] = static_cast<uint8_t>(block);
  refreshMoves(cellsReading(Voxel{x, y, z}));
  return true;
}

std::string BlockWorld::checkCostLayer(std::span<const uint8_t> layer) const {
  auto cellName = [&](size_t i) {
    const Voxel v = voxelOf(static_cast<int32_t>(i));
    return "index " + std::to_string(i) + " (" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " +
           std::to_string(v.z) + ")";
  };
  return CostLayer::check(layer, static_cast<size_t>(cellCount()),
                          std::to_string(width_) + "x" + std::to_string(height_) + "x" + std::to_string(levels_),
                          cellName, "a move's cost");
}

std::string BlockWorld::setCostLayer(std::span<const uint8_t> layer) {
  if (std::string error = checkCostLayer(layer); !error.empty()) return error;
  layer_.assign(layer);
  refreshWeights();
  return "";
}

void BlockWorld::clearCostLayer() {
  layer_.clear();
  refreshWeights();
}

bool BlockWorld::setCellCost(Voxel v, uint8_t value) {
  if (!inside(v) || value == 0) return false;
  const size_t i = static_cast<size_t>(index(v));
  if (!layer_.set(static_cast<size_t>(cellCount()), i, value)) return true;
  if (layer_.neutral() == weighted()) return refreshWeights(), true;  // the world becomes weighted, or stops being
  if (weighted()) {
    weight_[i] = costLayerFactor(value);
    minWeight_ = costLayerFactor(layer_.min());
  }
  return true;
}

void BlockWorld::refreshWeights() {
  if (layer_.neutral()) {
    std::vector<float>().swap(weight_);
    minWeight_ = 1.0;
    return;
  }
  const std::vector<uint8_t>& values = layer_.values();
  weight_.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) weight_[i] = costLayerFactor(values[i]);
  minWeight_ = costLayerFactor(layer_.min());
}

}  // namespace hpastar
