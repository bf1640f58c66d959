#pragma once
#include <cstddef>

#include "grid/Grid.h"

namespace hpastar {

// The largest files the Moving AI readers accept, checked while reading (readTextFile), so that a
// huge file or a device such as /dev/zero is refused with its name and the limit instead of filling
// memory.
//
// A .map file of the largest grid: every cell, a "\r\n" after every row, and 64 KiB for the header
// and trailing blank lines (16,859,136 bytes).
inline constexpr size_t kMaxMapFileBytes =
    static_cast<size_t>(Grid::kMaxCells) + 2 * static_cast<size_t>(Grid::kMaxSide) + (size_t{64} << 10);
// A .scen file: 64 MiB, about a million scenario lines (a Moving AI file has a few thousand).
inline constexpr size_t kMaxScenarioFileBytes = size_t{64} << 20;

}  // namespace hpastar
