#pragma once
#include <cstdint>
#include <optional>

namespace hpastar {

// A block position: x the column, y the row (0 = top, as in Moving AI maps), z the level (0 = bottom).
struct Voxel {
  int32_t x = 0;
  int32_t y = 0;
  int32_t z = 0;
  friend bool operator==(const Voxel&, const Voxel&) = default;
};

// A half-open box of blocks [x0, x1) x [y0, y1) x [z0, z1): the area a bounded search stays in (as Rect
// on a 2D grid; the clusters of a hierarchy over a block world will be boxes).
struct Box {
  int32_t x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0;
  constexpr int32_t width() const { return x1 - x0; }
  constexpr int32_t height() const { return y1 - y0; }
  constexpr int32_t levels() const { return z1 - z0; }
  constexpr int64_t volume() const { return static_cast<int64_t>(width()) * height() * levels(); }
  constexpr bool contains(Voxel v) const {
    return v.x >= x0 && v.x < x1 && v.y >= y0 && v.y < y1 && v.z >= z0 && v.z < z1;
  }
  friend bool operator==(const Box&, const Box&) = default;
};

// What fills a block. A stair rises towards the direction it faces (north is -y, as on the map).
enum class Block : uint8_t {
  Air = 0,
  Solid = 1,
  Ladder = 2,
  StairNorth = 3,
  StairEast = 4,
  StairSouth = 5,
  StairWest = 6,
};

inline constexpr int kBlockKindCount = 7;
// The character of each kind in the text format (BlockWorldFormat.h), indexed by the Block value: the
// one place that names them.
inline constexpr char kBlockChars[kBlockKindCount] = {'.', '#', 'H', '^', '>', 'v', '<'};
// Their names, for APIs that name blocks in words (the wasm bindings).
inline constexpr const char* kBlockNames[kBlockKindCount] = {"air",        "solid",       "ladder",    "stair-north",
                                                             "stair-east", "stair-south", "stair-west"};

inline char charOfBlock(Block b) { return kBlockChars[static_cast<uint8_t>(b)]; }
inline std::optional<Block> blockOfChar(char c) {
  for (int i = 0; i < kBlockKindCount; ++i)
    if (kBlockChars[i] == c) return static_cast<Block>(i);
  return std::nullopt;
}

inline bool isStair(Block b) { return b >= Block::StairNorth && b <= Block::StairWest; }
// The direction (Moves.h: 0 N, 2 E, 4 S, 6 W) a stair rises towards; the stair of a direction.
inline int stairDir(Block b) { return 2 * (static_cast<int>(b) - static_cast<int>(Block::StairNorth)); }
inline Block stairFacing(int dir) { return static_cast<Block>(static_cast<int>(Block::StairNorth) + dir / 2); }

}  // namespace hpastar
