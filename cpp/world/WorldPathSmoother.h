#pragma once
#include <cstdint>
#include <vector>

#include "world/BlockWorld.h"

namespace hpastar {

// The HPA* paper's smoothing (Botea et al. 2004, 3.2.3) on a block world: walking the path from the
// start, look from each cell along every move legal there for a later cell of the path reached by a
// straight run, the same move repeated, each step legal where it is taken (BlockWorld's masks: no
// corner cutting, headroom for a climb, ...); when the run costs less than the part of the path it
// skips (both at the world's costs, weighted by its cost layer if any), it replaces that part (the run
// saving most wins; the walk goes on from its end). Runs are of
// any move: on one level the 8 directions; across levels repeated climbs, stairs (a staircase) or
// ladder steps. So every step of the result is a legal move and the result never costs more than the
// path. A run is walked only when its line holds a cell of the path ahead other than the path's own
// straight run along it (a table of the path's lines, rebuilt per path), so open ground costs little.
// One object per thread: its scratch grows to the longest path and the world's size, then is reused.
class WorldPathSmoother {
 public:
  // Smooths `cells` (a path of legal moves) in place. `maxRun` bounds each straight run, in steps. Work:
  // at most cells × legal moves × maxRun steps along runs. Returns the steps walked along runs (the
  // work done). The caller recomputes the cost from the result's moves (the steps it kept are its own).
  uint64_t smooth(const BlockWorld& world, std::vector<Voxel>& cells, int32_t maxRun);

 private:
  // Fills costTo_, the index of the path's cells, its lines and its straight runs; false (nothing
  // indexed) when a step that changes level is not a legal move.
  bool indexPath(const BlockWorld& world, const std::vector<Voxel>& cells);
  void clearIndex();  // clears the bits of the indexed path's cells
  // The last index of world cell `cell` on the path (onPath_ says it is there).
  int32_t lastIndexOf(int32_t cell) const;
  // At least the last index of the path on the line of move m's runs through v (-1: none).
  int32_t lastOnLine(int m, Voxel v) const;

  std::vector<double> costTo_;      // the path's cost from its start to each index
  std::vector<int32_t> cellIndex_;  // the world index of each path cell
  std::vector<int32_t> lastIndex_;  // per path index, the last index of the same cell
  std::vector<uint64_t> onPath_;    // one bit per world cell: on the path ahead of the walk (all clear between paths)
  std::vector<int32_t> slotCell_;   // open addressing, world cell -> last path index (-1: empty slot)
  std::vector<int32_t> slotIndex_;
  uint32_t slotBits_ = 0;  // log2 of the slots in use
  // Per family of lines (the directions of runs), per slot of a hash of the lines, the last index of
  // the path on a line of that slot (-1: none).
  std::vector<int32_t> lineLast_;
  uint32_t lineBits_ = 0;        // log2 of the slots per family
  std::vector<int32_t> runEnd_;  // the last index of the straight run the path takes from each index
  std::vector<Voxel> out_;
};

}  // namespace hpastar
