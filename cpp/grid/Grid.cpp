#include "grid/Grid.h"

#include <cassert>

namespace hpastar {

Grid::Grid(int32_t width, int32_t height, Capability capability)
    : width_(width),
      height_(height),
      capability_(capability),
      terrain_(static_cast<size_t>(width) * height, '.'),
      passable_(terrain_.size(), capability.allowsChar('.') ? 1 : 0),
      moves_(terrain_.size(), 0) {
  assert(checkSize(width, height).empty());
  for (int32_t y = 0; y < height_; ++y)
    for (int32_t x = 0; x < width_; ++x) refreshMoves(x, y);
}

std::string Grid::checkSize(int64_t width, int64_t height) {
  const std::string size = "grid size " + std::to_string(width) + "x" + std::to_string(height);
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    return size + " is outside 1.." + std::to_string(kMaxSide) + " per side";
  if (width * height > kMaxCells)
    return size + " has " + std::to_string(width * height) + " cells, more than the " + std::to_string(kMaxCells) +
           " allowed";
  return "";
}

std::string Grid::checkTerrainSize(int64_t width, int64_t height, size_t terrainSize) {
  if (std::string error = checkSize(width, height); !error.empty()) return error;
  const size_t expected = static_cast<size_t>(width * height);
  if (terrainSize == expected) return "";
  return "terrain has " + std::to_string(terrainSize) + " cells, expected " + std::to_string(expected) + " for " +
         std::to_string(width) + "x" + std::to_string(height);
}

std::optional<Grid> Grid::fromTerrain(int32_t width, int32_t height, std::span<const uint8_t> terrain,
                                      std::string& error, Capability capability) {
  error = checkTerrainSize(width, height, terrain.size());
  if (!error.empty()) return std::nullopt;
  const size_t expected = terrain.size();
  for (size_t i = 0; i < expected; ++i) {
    if (!isTerrainChar(static_cast<char>(terrain[i]))) {
      error = "cell (" + std::to_string(i % width) + ", " + std::to_string(i / width) + ") has terrain code " +
              std::to_string(terrain[i]) + ", which is not a Moving AI terrain character";
      return std::nullopt;
    }
  }
  Grid grid;
  grid.width_ = width;
  grid.height_ = height;
  grid.capability_ = capability;
  grid.terrain_.assign(terrain.begin(), terrain.end());
  grid.passable_.resize(expected);
  for (size_t i = 0; i < expected; ++i) grid.passable_[i] = capability.allowsChar(static_cast<char>(terrain[i]));
  grid.moves_.assign(expected, 0);
  for (int32_t y = 0; y < height; ++y)
    for (int32_t x = 0; x < width; ++x) grid.refreshMoves(x, y);
  return grid;
}

void Grid::refreshMoves(int32_t x, int32_t y) {
  uint8_t mask = 0;
  if (passable(x, y)) {
    for (int d = 0; d < kDirCount; ++d) {
      const int32_t nx = x + kDirDx[d], ny = y + kDirDy[d];
      if (!passable(nx, ny)) continue;
      if (isDiagonal(d) && !(passable(nx, y) && passable(x, ny))) continue;
      mask |= static_cast<uint8_t>(1u << d);
    }
  }
  moves_[index(x, y)] = mask;
}

bool Grid::setTerrain(int32_t x, int32_t y, char c) {
  if (!inside(x, y) || !isTerrainChar(c)) return false;
  const int32_t i = index(x, y);
  terrain_[i] = static_cast<uint8_t>(c);
  passable_[i] = capability_.allowsChar(c) ? 1 : 0;
  for (int32_t ny = y - 1; ny <= y + 1; ++ny)
    for (int32_t nx = x - 1; nx <= x + 1; ++nx)
      if (inside(nx, ny)) refreshMoves(nx, ny);
  return true;
}

}  // namespace hpastar
