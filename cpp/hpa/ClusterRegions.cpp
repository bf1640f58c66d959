#include "hpa/ClusterRegions.h"

#include <algorithm>

namespace hpastar {

namespace {

// Union-find over the runs of one area: the root of a set is its lowest run.
uint32_t findRoot(std::vector<uint32_t>& parent, uint32_t r) {
  while (parent[r] != r) {
    parent[r] = parent[parent[r]];  // path halving
    r = parent[r];
  }
  return r;
}

// The cells of `area` for which inCluster(cell index) holds, with the moves `stay` allows (null: all).
template <typename InCluster>
uint32_t labelRegions(const Grid& grid, const Rect& area, std::vector<uint32_t>& regions, const uint8_t* stay,
                      InCluster inCluster) {
  // Two cells are connected exactly when they are 4-connected: a legal diagonal move needs both
  // orthogonal cells it passes to be passable (no corner cutting), so its ends are joined by two
  // straight moves anyway. So the parts are found over the rows' runs of passable cells joined by
  // east moves, runs of neighbouring rows united where a north move joins them, instead of a flood
  // fill that tries every cell's 8 moves. Runs are numbered in row-major order of their first cells
  // and a set's root is its lowest run, which holds the part's first cell: numbering the roots in
  // order gives the labels a row-major scan would (saved hierarchies and the checks of loaded ones
  // count on that order). Cells are area-local ids; the masks are clipped at the area's edges
  // (Grid::areaMoveMasks), so the first row has no north move and a row's last cell no east move.
  // `regions` holds each cell's run until the last pass writes the labels over them; `parent` ends as
  // the labels of the runs, so the scratch is the masks and one word per run (no more than the flood
  // fill's stack, which the memory estimates count).
  constexpr uint8_t kNorth = 1u << 0, kEast = 1u << 2;
  constexpr uint32_t kNoRun = UINT32_MAX;
  const int32_t w = area.width(), h = area.height();
  const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
  regions.assign(n, 0);
  std::vector<uint8_t> masks(n);
  grid.areaMoveMasks(area, masks.data(), stay);
  std::vector<uint32_t> parent;  // per run: a lower run of its set, or itself
  for (int32_t ly = 0; ly < h; ++ly) {
    const int32_t rowStart = grid.index(area.x0, area.y0 + ly);
    const size_t row = static_cast<size_t>(ly) * static_cast<size_t>(w);
    bool open = false;         // the previous cell's run goes on east into this one
    uint32_t joined = kNoRun;  // the run above this run was last united with (most cells repeat it)
    for (int32_t lx = 0; lx < w; ++lx) {
      const size_t id = row + static_cast<size_t>(lx);
      if (!grid.passableAt(rowStart + lx) || !inCluster(rowStart + lx)) {
        open = false;
        continue;
      }
      if (!open) {
        parent.push_back(static_cast<uint32_t>(parent.size()));
        joined = kNoRun;
      }
      const uint32_t run = static_cast<uint32_t>(parent.size() - 1);
      regions[id] = run;
      if ((masks[id] & kNorth) && regions[id - static_cast<size_t>(w)] != joined) {
        joined = regions[id - static_cast<size_t>(w)];
        const uint32_t a = findRoot(parent, joined), b = findRoot(parent, run);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
      }
      open = (masks[id] & kEast) != 0;
    }
  }
  // Every run points at itself (a root) or at a lower run of its set, whose entry, in increasing order,
  // already holds that set's label: a root takes the next label, another run its parent's.
  uint32_t count = 0;
  for (uint32_t r = 0; r < parent.size(); ++r) parent[r] = parent[r] == r ? ++count : parent[parent[r]];
  for (int32_t ly = 0; ly < h; ++ly) {
    const int32_t rowStart = grid.index(area.x0, area.y0 + ly);
    const size_t row = static_cast<size_t>(ly) * static_cast<size_t>(w);
    for (int32_t lx = 0; lx < w; ++lx)
      if (grid.passableAt(rowStart + lx) && inCluster(rowStart + lx))
        regions[row + static_cast<size_t>(lx)] = parent[regions[row + static_cast<size_t>(lx)]];
  }
  return count;
}

}  // namespace

uint32_t labelClusterRegions(const Grid& grid, const Rect& area, std::vector<uint32_t>& regions) {
  return labelRegions(grid, area, regions, nullptr, [](int32_t) { return true; });
}

uint32_t labelClusterRegions(const Grid& grid, const ClusterLayout& layout, int32_t cluster,
                             std::vector<uint32_t>& regions) {
  const Rect area = layout.rect(cluster);
  if (!layout.merged) return labelClusterRegions(grid, area, regions);
  const uint32_t* cells = layout.merged->cellCluster.data();
  const uint32_t id = static_cast<uint32_t>(cluster);
  return labelRegions(grid, area, regions, layout.stayMoves(), [&](int32_t cell) { return cells[cell] == id; });
}

void summarizeRegions(const std::vector<uint32_t>& regions, uint32_t count, std::vector<uint32_t>& cells,
                      std::vector<uint32_t>& first) {
  cells.assign(count, 0);
  first.assign(count, 0);
  for (size_t i = 0; i < regions.size(); ++i) {
    const uint32_t r = regions[i];
    if (r == 0 || r > count) continue;
    if (cells[r - 1]++ == 0) first[r - 1] = static_cast<uint32_t>(i);
  }
}

}  // namespace hpastar
