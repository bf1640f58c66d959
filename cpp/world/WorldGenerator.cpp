#include "world/WorldGenerator.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "contract/EnumNames.h"
#include "world/SeededRandom.h"

namespace hpastar {
namespace {

// The blocks of a world being generated, with the world's index order.
class BlockBuffer {
 public:
  BlockBuffer(int32_t w, int32_t h, int32_t d, Block fill)
      : w_(w), h_(h), d_(d), blocks_(static_cast<size_t>(w) * h * d, fill) {}
  bool inside(int32_t x, int32_t y, int32_t z) const {
    return x >= 0 && y >= 0 && z >= 0 && x < w_ && y < h_ && z < d_;
  }
  Block& at(int32_t x, int32_t y, int32_t z) { return blocks_[(static_cast<size_t>(z) * h_ + y) * w_ + x]; }
  Block get(int32_t x, int32_t y, int32_t z) const { return blocks_[(static_cast<size_t>(z) * h_ + y) * w_ + x]; }
  BlockWorld build() const {
    std::string error;
    auto world = BlockWorld::fromBlocks(w_, h_, d_, blocks_, error);
    assert(world);
    return std::move(*world);
  }
  int32_t w_, h_, d_;
  std::vector<Block> blocks_;
};

// Caves: random rock (45%), then four rounds of a majority rule over the 26 neighbours (outside the
// world counts as rock): more than 13 rock neighbours make rock, fewer make air, 13 keep the block.
// Then ladders: from random standing cells up the air above them, when it is at least two blocks high.
BlockWorld generateCaves(int32_t w, int32_t h, int32_t d, SeededRandom& random) {
  BlockBuffer buf(w, h, d, Block::Air);
  for (Block& b : buf.blocks_) b = random.chance(45) ? Block::Solid : Block::Air;
  BlockBuffer next = buf;
  for (int round = 0; round < 4; ++round) {
    for (int32_t z = 0; z < d; ++z)
      for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x < w; ++x) {
          int rock = 0;
          for (int32_t dz = -1; dz <= 1; ++dz)
            for (int32_t dy = -1; dy <= 1; ++dy)
              for (int32_t dx = -1; dx <= 1; ++dx) {
                if (!dx && !dy && !dz) continue;
                const int32_t nx = x + dx, ny = y + dy, nz = z + dz;
                rock += !buf.inside(nx, ny, nz) || buf.get(nx, ny, nz) == Block::Solid;
              }
          next.at(x, y, z) = rock > 13 ? Block::Solid : rock < 13 ? Block::Air : buf.get(x, y, z);
        }
    std::swap(buf.blocks_, next.blocks_);
  }
  const int64_t tries = std::max<int64_t>(1, static_cast<int64_t>(w) * h / 32);
  for (int64_t t = 0; t < tries; ++t) {
    const int32_t x = random.below(w), y = random.below(h), z = random.below(d);
    // A cell held by rock (or the floor) with air above it.
    if (buf.get(x, y, z) != Block::Air || (z > 0 && buf.get(x, y, z - 1) != Block::Solid)) continue;
    int32_t top = z;
    while (top + 1 < d && buf.get(x, y, top + 1) == Block::Air) ++top;
    if (top - z < 2) continue;
    for (int32_t k = z; k < top; ++k) buf.at(x, y, k) = Block::Ladder;
  }
  return buf.build();
}

// One tower: walls on the rectangle's border up to level 2 * storeys - 1, a floor slab at every odd
// level inside, a door on the ground, and in storey j (standing at level 2j) a staircase to storey j + 1:
// stair, step block, stair in the slab above the step, with a hole in the slab over the first stair for
// headroom. Even storeys climb east along the north row, odd ones west along the south row, so the
// staircases never meet. Needs sides of at least 6 (an inside of 4 x 4).
void buildTower(BlockBuffer& buf, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t storeys,
                SeededRandom& random) {
  const int32_t top = 2 * storeys - 1;  // the last slab; the roof stands on it
  for (int32_t z = 0; z <= top; ++z)
    for (int32_t y = y0; y <= y1; ++y)
      for (int32_t x = x0; x <= x1; ++x) {
        const bool wall = x == x0 || x == x1 || y == y0 || y == y1;
        buf.at(x, y, z) = (wall || z % 2 == 1) ? Block::Solid : Block::Air;
      }
  // The door: a wall block on the ground, not at a corner, nor on the north wall (where the ground
  // storey's step block could stand right behind it).
  switch (random.below(3)) {
    case 0:
      buf.at(x0 + 1 + random.below(x1 - x0 - 1), y1, 0) = Block::Air;
      break;
    case 1:
      buf.at(x0, y0 + 1 + random.below(y1 - y0 - 1), 0) = Block::Air;
      break;
    default:
      buf.at(x1, y0 + 1 + random.below(y1 - y0 - 1), 0) = Block::Air;
      break;
  }
  for (int32_t j = 0; j < storeys; ++j) {
    const int32_t z = 2 * j;
    const bool east = j % 2 == 0;
    const int32_t step = east ? 1 : -1;
    const int32_t y = east ? y0 + 1 : y1 - 1;
    const int32_t x = east ? x0 + 1 : x1 - 1;
    const Block stair = stairFacing(east ? 2 : 6);
    buf.at(x, y, z) = stair;
    buf.at(x + step, y, z) = Block::Solid;
    buf.at(x + step, y, z + 1) = stair;
    buf.at(x, y, z + 1) = Block::Air;  // headroom over the first stair
  }
}

// Towers on flat ground: rectangles of sides 6 to 12 at random places, kept apart by a lane of ground,
// each of 1 to (levels - 1) / 2 storeys (none in a world of fewer than 3 levels: flat ground only).
BlockWorld generateTowers(int32_t w, int32_t h, int32_t d, SeededRandom& random) {
  BlockBuffer buf(w, h, d, Block::Air);
  const int32_t maxStoreys = (d - 1) / 2;
  if (maxStoreys < 1 || w < 8 || h < 8) return buf.build();
  std::vector<uint8_t> taken(static_cast<size_t>(w) * h, 0);
  const int64_t tries = std::max<int64_t>(1, static_cast<int64_t>(w) * h / 150);
  for (int64_t t = 0; t < tries; ++t) {
    const int32_t sw = 6 + random.below(7), sh = 6 + random.below(7);
    if (sw > w - 2 || sh > h - 2) continue;
    const int32_t x0 = 1 + random.below(w - sw - 1), y0 = 1 + random.below(h - sh - 1);
    const int32_t x1 = x0 + sw - 1, y1 = y0 + sh - 1;
    bool free = true;  // the rectangle and a lane of one cell around it
    for (int32_t y = y0 - 1; y <= y1 + 1 && free; ++y)
      for (int32_t x = x0 - 1; x <= x1 + 1 && free; ++x) free = !taken[static_cast<size_t>(y) * w + x];
    if (!free) continue;
    for (int32_t y = y0 - 1; y <= y1 + 1; ++y)
      for (int32_t x = x0 - 1; x <= x1 + 1; ++x) taken[static_cast<size_t>(y) * w + x] = 1;
    buildTower(buf, x0, y0, x1, y1, 1 + random.below(maxStoreys), random);
  }
  return buf.build();
}

// Value noise in integers: random values on a lattice of spacing `s`, bilinear in between, 0..1023.
std::vector<int32_t> valueNoise(int32_t w, int32_t h, int32_t s, SeededRandom& random) {
  const int32_t lw = w / s + 2, lh = h / s + 2;
  std::vector<int32_t> lattice(static_cast<size_t>(lw) * lh);
  for (int32_t& v : lattice) v = random.below(1024);
  std::vector<int32_t> out(static_cast<size_t>(w) * h);
  for (int32_t y = 0; y < h; ++y)
    for (int32_t x = 0; x < w; ++x) {
      const int32_t cx = x / s, cy = y / s, fx = x % s, fy = y % s;
      const int64_t v00 = lattice[static_cast<size_t>(cy) * lw + cx],
                    v10 = lattice[static_cast<size_t>(cy) * lw + cx + 1];
      const int64_t v01 = lattice[static_cast<size_t>(cy + 1) * lw + cx];
      const int64_t v11 = lattice[static_cast<size_t>(cy + 1) * lw + cx + 1];
      const int64_t sum = v00 * (s - fx) * (s - fy) + v10 * fx * (s - fy) + v01 * (s - fx) * fy + v11 * fx * fy;
      out[static_cast<size_t>(y) * w + x] = static_cast<int32_t>(sum / (int64_t{s} * s));
    }
  return out;
}

// Hills: the ground's top level of each column from two octaves of value noise (spacings 32 and 8,
// weights 3:1) stretched over 0..levels-1, in terraces of two levels where a third octave (spacing 16)
// is high; rock below it. A one-level step up gets a stair in a quarter of cases; a cliff (two levels or
// more) gets a ladder up its face in an eighth.
BlockWorld generateHills(int32_t w, int32_t h, int32_t d, SeededRandom& random) {
  BlockBuffer buf(w, h, d, Block::Air);
  const std::vector<int32_t> broad = valueNoise(w, h, 32, random), fine = valueNoise(w, h, 8, random);
  std::vector<int32_t> top(broad.size());
  for (size_t i = 0; i < top.size(); ++i) top[i] = 3 * broad[i] + fine[i];
  const auto [lo, hi] = std::minmax_element(top.begin(), top.end());
  const int64_t low = *lo, range = std::max<int64_t>(1, *hi - *lo + 1);
  for (int32_t& t : top) t = static_cast<int32_t>((t - low) * d / range);  // 0..d-1
  // Rocky ground where a third octave is high: terraces two levels apart, whose edges are cliffs.
  const std::vector<int32_t> rock = valueNoise(w, h, 16, random);
  for (size_t i = 0; i < top.size(); ++i)
    if (rock[i] > 700) top[i] &= ~1;
  for (int32_t y = 0; y < h; ++y)
    for (int32_t x = 0; x < w; ++x)
      for (int32_t z = 0; z < top[static_cast<size_t>(y) * w + x]; ++z) buf.at(x, y, z) = Block::Solid;
  for (int32_t y = 0; y < h; ++y)
    for (int32_t x = 0; x < w; ++x) {
      const int32_t here = top[static_cast<size_t>(y) * w + x];
      for (int d4 = 0; d4 < 4; ++d4) {
        const int dir = 2 * d4;
        const int32_t nx = x + kDirDx[dir], ny = y + kDirDy[dir];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const int32_t there = top[static_cast<size_t>(ny) * w + nx];
        if (buf.get(x, y, here) != Block::Air) continue;  // already a stair or a ladder
        if (there == here + 1 && random.chance(25)) {
          buf.at(x, y, here) = stairFacing(dir);
        } else if (there >= here + 2 && random.below(8) == 0) {
          for (int32_t z = here; z < there; ++z) buf.at(x, y, z) = Block::Ladder;
        }
      }
    }
  return buf.build();
}

}  // namespace

std::optional<WorldKind> worldKindOf(std::string_view name) {
  if (name == "caves") return WorldKind::Caves;
  if (name == "towers") return WorldKind::Towers;
  if (name == "hills") return WorldKind::Hills;
  return std::nullopt;
}

const char* worldKindName(WorldKind kind) {
  static constexpr std::array<const char*, 3> kNames = {"caves", "towers", "hills"};
  static_assert(kNames.size() == static_cast<size_t>(WorldKind::Hills) + 1);
  return enumName(kind, kNames, "?");
}

BlockWorld generateWorld(WorldKind kind, int32_t width, int32_t height, int32_t levels, uint64_t seed) {
  assert(BlockWorld::checkSize(width, height, levels).empty());
  SeededRandom random(seed);
  switch (kind) {
    case WorldKind::Caves:
      return generateCaves(width, height, levels, random);
    case WorldKind::Towers:
      return generateTowers(width, height, levels, random);
    case WorldKind::Hills:
      return generateHills(width, height, levels, random);
  }
  return BlockWorld(width, height, levels);
}

}  // namespace hpastar
