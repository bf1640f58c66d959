#include "grid/LineReach.h"

#include <algorithm>

namespace hpastar {

uint8_t LineReach::reachOf(const Grid& grid, int32_t cell, int slot) const {
  if (!((grid.moveMask(cell) >> (slot + 2)) & 1u)) return 0;
  const int32_t next = reach_[static_cast<size_t>(cell + delta_[slot]) * kSlots + static_cast<size_t>(slot)];
  return static_cast<uint8_t>(std::min(kMaxReach, next + 1));
}

void LineReach::build(const Grid& grid) {
  const int32_t w = grid.width();
  for (int slot = 0; slot < kSlots; ++slot) delta_[slot] = kDirDy[slot + 2] * w + kDirDx[slot + 2];
  reach_.assign(static_cast<size_t>(grid.cellCount()) * kSlots, 0);
  // Every stored direction steps forward in row-major order: the cells after `cell` are done.
  for (int32_t cell = grid.cellCount(); cell-- > 0;)
    for (int slot = 0; slot < kSlots; ++slot)
      reach_[static_cast<size_t>(cell) * kSlots + slot] = reachOf(grid, cell, slot);
}

void LineReach::refresh(const Grid& grid, std::span<const Point> changed) {
  // A build reads each cell once (about 40 instructions a cell); a refresh walks back along lines as far
  // as their reaches change, thousands of instructions a cell on open maps. Past one changed cell in
  // kRebuildShare, the build is the cheaper (the dynamic metric on brc202d, 2% of the map's obstacles
  // moved at once: 45 M instructions of refreshes against a 9 M build).
  constexpr int64_t kRebuildShare = 128;
  if (static_cast<int64_t>(changed.size()) * kRebuildShare >= grid.cellCount()) {
    build(grid);
    return;
  }
  // The cells whose moves may have changed: the 3×3 blocks around the changed cells, as one set (a list,
  // and a bit per cell to test it). Walking back once from the end of every line through the set costs
  // what the set holds, where refreshing each cell's block in turn walks the lines of overlapping blocks
  // (a patch's neighbouring cells) again and again. Cells are taken last first: every line steps forward
  // in row-major order, so the cells ahead of a walk are already done and it stops at the first reach
  // that stays.
  dirtyBits_.resize((static_cast<size_t>(grid.cellCount()) + 63) / 64);
  dirty_.clear();
  for (const Point p : changed)
    for (int32_t y = std::max(p.y - 1, 0); y <= std::min(p.y + 1, grid.height() - 1); ++y)
      for (int32_t x = std::max(p.x - 1, 0); x <= std::min(p.x + 1, grid.width() - 1); ++x) {
        const int32_t cell = grid.index(x, y);
        uint64_t& word = dirtyBits_[static_cast<size_t>(cell) >> 6];
        const uint64_t bit = uint64_t{1} << (cell & 63);
        if (!(word & bit)) dirty_.push_back(cell);
        word |= bit;
      }
  std::sort(dirty_.begin(), dirty_.end());
  const auto isDirty = [&](int32_t cell) { return (dirtyBits_[static_cast<size_t>(cell) >> 6] >> (cell & 63)) & 1u; };
  for (int slot = 0; slot < kSlots; ++slot) {
    const int dx = kDirDx[slot + 2], dy = kDirDy[slot + 2];
    for (auto it = dirty_.rbegin(); it != dirty_.rend(); ++it) {
      const int32_t x = *it % grid.width(), y = *it / grid.width();
      if (grid.inside(x + dx, y + dy) && isDirty(grid.index(x + dx, y + dy))) continue;  // not a line's end
      for (int32_t px = x, py = y; grid.inside(px, py); px -= dx, py -= dy) {
        const int32_t cell = grid.index(px, py);
        const size_t at = static_cast<size_t>(cell) * kSlots + static_cast<size_t>(slot);
        const uint8_t now = reachOf(grid, cell, slot);
        if (now == reach_[at] && !isDirty(cell)) break;
        reach_[at] = now;
      }
    }
  }
  for (const int32_t cell : dirty_) dirtyBits_[static_cast<size_t>(cell) >> 6] = 0;
}

void LineReach::refreshAround(const Grid& grid, Point center) {
  auto inBlock = [&](int32_t x, int32_t y) {
    return grid.inside(x, y) && std::abs(x - center.x) <= 1 && std::abs(y - center.y) <= 1;
  };
  for (int slot = 0; slot < kSlots; ++slot) {
    const int dx = kDirDx[slot + 2], dy = kDirDy[slot + 2];
    for (int32_t y = center.y - 1; y <= center.y + 1; ++y)
      for (int32_t x = center.x - 1; x <= center.x + 1; ++x) {
        // From the block's last cell on each line, backwards: through the block (whose moves may all have
        // changed), then on while a reach changes (the cells before depend on nothing else).
        if (!inBlock(x, y) || inBlock(x + dx, y + dy)) continue;
        int32_t px = x, py = y;
        while (grid.inside(px, py)) {
          const size_t at = static_cast<size_t>(grid.index(px, py)) * kSlots + static_cast<size_t>(slot);
          const uint8_t now = reachOf(grid, grid.index(px, py), slot);
          if (now == reach_[at] && !inBlock(px, py)) break;
          reach_[at] = now;
          px -= dx;
          py -= dy;
        }
      }
  }
}

}  // namespace hpastar
