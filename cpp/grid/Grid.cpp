#include "grid/Grid.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace hpastar {

Grid::Grid(int32_t width, int32_t height, Capability capability) : Grid(width, height, Agent{1, capability}) {}

Grid::Grid(int32_t width, int32_t height, const Agent& agent)
    : width_(width),
      height_(height),
      capability_(agent.capability),
      agentSize_(agent.size),
      terrain_(static_cast<size_t>(width) * height, '.'),
      moves_(terrain_.size(), 0) {
  assert(checkSize(width, height).empty());
  assert(checkAgentClass(agent).empty());
  computePassable();
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
  return fromTerrain(width, height, terrain, error, Agent{1, capability});
}

std::optional<Grid> Grid::fromTerrain(int32_t width, int32_t height, std::span<const uint8_t> terrain,
                                      std::string& error, const Agent& agent) {
  error = checkTerrainSize(width, height, terrain.size());
  if (error.empty()) error = checkAgentClass(agent);
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
  grid.capability_ = agent.capability;
  grid.agentSize_ = agent.size;
  grid.terrain_.assign(terrain.begin(), terrain.end());
  grid.computePassable();
  grid.moves_.assign(expected, 0);
  for (int32_t y = 0; y < height; ++y)
    for (int32_t x = 0; x < width; ++x) grid.refreshMoves(x, y);
  return grid;
}

Grid Grid::forAgent(const Agent& agent) const {
  assert(checkAgentClass(agent).empty());
  Grid grid = *this;
  grid.capability_ = agent.capability;
  grid.agentSize_ = agent.size;
  grid.computePassable();
  for (int32_t y = 0; y < height_; ++y)
    for (int32_t x = 0; x < width_; ++x) grid.refreshMoves(x, y);
  grid.refreshWeights();  // the bounds read the capability's kinds
  return grid;
}

void Grid::computePassable() {
  const size_t cells = terrain_.size();
  passable_.resize(cells);
  for (size_t i = 0; i < cells; ++i) passable_[i] = capability_.allowsChar(static_cast<char>(terrain_[i])) ? 1 : 0;
  if (agentSize_ == 1) return;
  // True clearance capped at the agent's size, from the bottom-right corner (Clearance.h gives the
  // recurrence), one row kept: a cell is passable when its clearance reaches the size.
  const auto w = static_cast<size_t>(width_);
  const auto cap = static_cast<uint8_t>(agentSize_);
  std::vector<uint8_t> below(w + 1, 0), row(w + 1, 0);
  for (int32_t y = height_ - 1; y >= 0; --y) {
    uint8_t* p = passable_.data() + static_cast<size_t>(y) * w;
    row[w] = 0;
    for (size_t x = w; x-- > 0;) {
      const uint8_t c = p[x] ? static_cast<uint8_t>(1 + std::min({row[x + 1], below[x], below[x + 1]})) : 0;
      row[x] = std::min(c, cap);
      p[x] = row[x] >= cap ? 1 : 0;
    }
    std::swap(row, below);
  }
}

bool Grid::footprintFits(int32_t x, int32_t y) const {
  if (x + agentSize_ > width_ || y + agentSize_ > height_) return false;
  for (int32_t fy = y; fy < y + agentSize_; ++fy)
    for (int32_t fx = x; fx < x + agentSize_; ++fx)
      if (!capability_.allowsChar(terrainAt(fx, fy))) return false;
  return true;
}

namespace {

// kMovesOf[around]: the legal moves of a passable cell whose neighbours in the directions of `around`'s
// set bits are passable (inside the map). A straight move needs its cell; a diagonal one also the two
// straight neighbours beside it (no corner cutting), the directions before and after it.
constexpr auto kMovesOf = [] {
  std::array<uint8_t, 256> table{};
  for (uint32_t around = 0; around < 256; ++around) {
    uint32_t mask = 0;
    for (int d = 0; d < kDirCount; ++d) {
      const uint32_t need = isDiagonal(d) ? (1u << d) | (1u << ((d + 7) & 7)) | (1u << ((d + 1) & 7)) : 1u << d;
      if ((around & need) == need) mask |= 1u << d;
    }
    table[around] = static_cast<uint8_t>(mask);
  }
  return table;
}();

// The smallest and largest multiplier of the kinds `capability` stands on; 1 for both when it stands on none.
struct MultiplierRange {
  float min = 1.0f, max = 1.0f;
};
MultiplierRange multiplierRange(const TerrainCosts& costs, Capability capability) {
  MultiplierRange range{TerrainCosts::kMaxMultiplier, TerrainCosts::kMinMultiplier};
  bool anyPassable = false;
  for (int k = 0; k < TerrainCosts::kKindCount; ++k)
    if (capability.allows(static_cast<TerrainKind>(k))) {
      range.min = std::min(range.min, costs.multiplier[static_cast<size_t>(k)]);
      range.max = std::max(range.max, costs.multiplier[static_cast<size_t>(k)]);
      anyPassable = true;
    }
  return anyPassable ? range : MultiplierRange{};
}

}  // namespace

void Grid::refreshMoves(int32_t x, int32_t y) {
  // Called for 9 cells per changed cell and for every cell of a new grid: the 8 neighbours read into one
  // byte (straight from the array away from the map's edges) and turned into moves by one lookup.
  const int32_t i = index(x, y);
  if (!passable_[static_cast<size_t>(i)]) {
    moves_[static_cast<size_t>(i)] = 0;
    return;
  }
  uint32_t around = 0;
  if (x > 0 && y > 0 && x + 1 < width_ && y + 1 < height_) {
    const uint8_t* p = passable_.data() + i;  // 0 or 1 per cell
    const int32_t w = width_;
    around = uint32_t{p[-w]} | uint32_t{p[1 - w]} << 1 | uint32_t{p[1]} << 2 | uint32_t{p[1 + w]} << 3 |
             uint32_t{p[w]} << 4 | uint32_t{p[w - 1]} << 5 | uint32_t{p[-1]} << 6 | uint32_t{p[-1 - w]} << 7;
  } else {
    for (int d = 0; d < kDirCount; ++d)
      if (passable(x + kDirDx[d], y + kDirDy[d])) around |= 1u << d;
  }
  moves_[static_cast<size_t>(i)] = kMovesOf[around];
}

bool Grid::setTerrain(int32_t x, int32_t y, char c) {
  if (!inside(x, y) || !isTerrainChar(c)) return false;
  const int32_t i = index(x, y);
  terrain_[i] = static_cast<uint8_t>(c);
  if (weighted()) weight_[static_cast<size_t>(i)] = cellWeight(i);
  if (agentSize_ == 1) {
    passable_[i] = capability_.allowsChar(c) ? 1 : 0;
    for (int32_t ny = y - 1; ny <= y + 1; ++ny)
      for (int32_t nx = x - 1; nx <= x + 1; ++nx)
        if (inside(nx, ny)) refreshMoves(nx, ny);
    return true;
  }
  const Rect anchors = anchorsCovering(Point{x, y});
  for (int32_t ay = anchors.y0; ay < anchors.y1; ++ay)
    for (int32_t ax = anchors.x0; ax < anchors.x1; ++ax)
      passable_[static_cast<size_t>(index(ax, ay))] = footprintFits(ax, ay);
  for (int32_t ny = anchors.y0 - 1; ny <= anchors.y1; ++ny)
    for (int32_t nx = anchors.x0 - 1; nx <= anchors.x1; ++nx)
      if (inside(nx, ny)) refreshMoves(nx, ny);
  return true;
}

std::string Grid::setTerrainCosts(const TerrainCosts& costs) {
  if (std::string error = costs.check(); !error.empty()) return error;
  costs_ = costs;
  refreshWeights();
  return "";
}

std::string Grid::setCostLayer(std::span<const uint8_t> layer) {
  if (std::string error = checkCostLayer(layer); !error.empty()) return error;
  layer_.assign(layer);
  refreshWeights();
  return "";
}

std::string Grid::checkCostLayer(std::span<const uint8_t> layer) const {
  const size_t width = static_cast<size_t>(width_);
  auto cellName = [&](size_t i) { return "(" + std::to_string(i % width) + ", " + std::to_string(i / width) + ")"; };
  return CostLayer::check(layer, static_cast<size_t>(cellCount()),
                          std::to_string(width_) + "x" + std::to_string(height_), cellName, "the terrain's cost");
}

void Grid::clearCostLayer() {
  layer_.clear();
  refreshWeights();
}

bool Grid::setCellCost(int32_t x, int32_t y, uint8_t value) {
  if (!inside(x, y) || value == 0) return false;
  const int32_t i = index(x, y);
  if (!layer_.set(static_cast<size_t>(cellCount()), static_cast<size_t>(i), value)) return true;
  const bool neutral = costs_.uniform() && layer_.neutral();
  if (neutral == weighted()) {  // the grid becomes weighted, or stops being
    refreshWeights();
    return true;
  }
  if (weighted()) {
    weight_[static_cast<size_t>(i)] = cellWeight(i);
    refreshWeightBounds();
  }
  return true;
}

void Grid::refreshWeights() {
  if (costs_.uniform() && layer_.neutral()) {
    std::vector<float>().swap(weight_);
    minWeight_ = maxWeight_ = 1.0;
    return;
  }
  weight_.resize(static_cast<size_t>(cellCount()));
  for (int32_t i = 0; i < cellCount(); ++i) weight_[static_cast<size_t>(i)] = cellWeight(i);
  refreshWeightBounds();
}

void Grid::refreshWeightBounds() {
  if (!weighted()) return;
  minWeight_ = minWeightFor(capability_);
  const float kindMax = multiplierRange(costs_, capability_).max;
  // As cellWeight multiplies, so that no cell weighs more than this.
  maxWeight_ = layer_.empty() ? kindMax : kindMax * costLayerFactor(layer_.max());
}

double Grid::minWeightFor(Capability capability) const {
  if (!weighted()) return 1.0;
  const float kindMin = multiplierRange(costs_, capability).min;
  // As cellWeight multiplies, so that no cell of those kinds weighs less than this.
  return layer_.empty() ? kindMin : kindMin * costLayerFactor(layer_.min());
}

}  // namespace hpastar
