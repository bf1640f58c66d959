#pragma once
#include <memory>
#include <set>
#include <string>

#include "cli/CommandLine.h"
#include "cli/ToolPlanner.h"
#include "grid/Grid.h"

namespace hpastar::cli {

// The `hpa` tool's SHPA* (--algo shpa). Options:
//   --shpa-initial-cluster N   side of the tiles the merge starts from (default 4)
//   --shpa-max-cluster N       largest bounding-box side of a merged cluster (default 16)
//   --shpa-max-cells N         most passable cells in a merged cluster, 0 = no limit (default 0)
//   --shpa-entrance-width N    border runs at least this wide get two transitions (default 6)
//   --shpa-max-detour X        refuse merges whose nodes would walk more than X times their Manhattan distance
//                              (0 = off, the paper's merge; default 0; 1.25 suits rooms maps)
//   --shpa-edge-weight W       euclidean (the paper, default) or octile
//   --no-smooth, --smoothing-range N   as for hpa
// SHPA* is for static maps: it has no terrain update (kShpaStaticMapsOnly says so to whoever asks).
std::unique_ptr<ToolPlanner> makeShpaToolPlanner(const Grid& grid, const CommandLine& cmd);

}  // namespace hpastar::cli
