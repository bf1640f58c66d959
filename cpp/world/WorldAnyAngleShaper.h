#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "path/StringPuller.h"
#include "world/BlockWorld.h"
#include "world/Blocks.h"
#include "world/WorldAStar.h"
#include "world/WorldFloor.h"

namespace hpastar {

// From a block-world path of cells to its any-angle shape, as AnyAngleShaper does on a grid. The path is
// cut where it changes level; each part on one level (a floor, WorldFloor.h) is string-pulled between its
// two ends (StringPuller), and the moves between levels (climbs, stairs, ladders) are kept. Then, until
// nothing moves: every floor's corners are tightened (StringPuller), and every level change whose two
// ends are reached by lines slides to a neighbouring place where the same change of level is a legal move
// and the two lines to it, still clear, are shorter with its cost; the cell path climbs where its grid
// steps made it cheapest, a line usually elsewhere (on hills without the slides the shapes were 2.2 %
// over the exact any-angle optimum, tests/cpp/world_any_angle_test.cpp).
//
// So the corners are: the start, the points where the path turns on a floor, each level change's two
// cells, the goal; two consecutive corners are either on one level, joined by a straight line the agent
// walks there, or the two cells of one move between levels. The length: the lines' Euclidean lengths plus
// the level changes' move costs. Never longer than the cell path. Unweighted worlds only (checkWorld).
//
// One object per thread: after the first paths nothing is allocated beyond `corners` and the scratch
// growing to a longer path.
class WorldAnyAngleShaper {
 public:
  // "" when paths on this world can be shaped, else why not (lengths are Euclidean: a cost layer is refused).
  static std::string checkWorld(const BlockWorld& world);

  // Shapes `cells` (a path of legal moves, at least one cell) into `corners`; returns the length.
  double shape(const BlockWorld& world, std::span<const Voxel> cells, std::vector<Voxel>& corners);
  // A found path in place: its cells become its corners and its cost their length. The world must pass
  // checkWorld.
  void reshape(const BlockWorld& world, WorldPath& result);

  size_t scratchBytes() const;

 private:
  static Point xy(Voxel v) { return Point{v.x, v.y}; }
  // Each part of `in` on one level, as points in run_, given to step(floor) to change in place, then
  // appended to `out` (cleared first) on its level.
  template <typename Step>
  void eachFloor(const BlockWorld& world, std::span<const Voxel> in, std::vector<Voxel>& out, Step step);
  // StringPuller::tighten on each part of `corners` on one level.
  void tightenRuns(const BlockWorld& world, std::vector<Voxel>& corners);
  // One pass of the slides (above); whether any level change moved.
  bool slideLevelChanges(const BlockWorld& world, std::vector<Voxel>& corners);
  static void dropRepeats(std::vector<Voxel>& corners);
  static double shapedLength(const BlockWorld& world, std::span<const Voxel> corners);
  static bool lineClear(const WorldFloor& floor, Voxel a, Voxel b) { return sweptLineClear(floor, xy(a), xy(b)); }

  StringPuller puller_;
  std::vector<Point> run_;        // the part on one level, as points
  std::vector<Point> pulled_;     // its corners
  std::vector<Voxel> tightened_;  // tightenRuns' output, swapped with its input
  std::vector<Voxel> reshaped_;
};

}  // namespace hpastar
