#include "world/WorldAnyAngleShaper.h"

#include <algorithm>
#include <limits>

#include "world/WorldPathValidator.h"

namespace hpastar {

std::string WorldAnyAngleShaper::checkWorld(const BlockWorld& world) {
  if (world.weighted()) return "any-angle paths need an unweighted world: this one has a cost layer";
  return "";
}

double WorldAnyAngleShaper::shape(const BlockWorld& world, std::span<const Voxel> cells, std::vector<Voxel>& corners) {
  eachFloor(world, cells, corners, [&](const WorldFloor& floor) {
    puller_.pull(floor, run_, pulled_);
    run_.swap(pulled_);
  });
  // Tightening moves the corners on each level; sliding moves the level changes. Each slide shortens the
  // path, so this ends; the cap guards against a pathological number of tiny steps.
  constexpr int kMaxRounds = 16;
  for (int round = 0; round < kMaxRounds; ++round) {
    tightenRuns(world, corners);
    if (!slideLevelChanges(world, corners)) break;
  }
  return shapedLength(world, corners);
}

template <typename Step>
void WorldAnyAngleShaper::eachFloor(const BlockWorld& world, std::span<const Voxel> in, std::vector<Voxel>& out,
                                    Step step) {
  out.clear();
  for (size_t first = 0; first < in.size();) {
    const int32_t z = in[first].z;
    run_.clear();
    size_t next = first;
    for (; next < in.size() && in[next].z == z; ++next) run_.push_back(Point{in[next].x, in[next].y});
    step(WorldFloor{world, z});
    for (const Point p : run_) out.push_back(Voxel{p.x, p.y, z});
    first = next;
  }
}

void WorldAnyAngleShaper::tightenRuns(const BlockWorld& world, std::vector<Voxel>& corners) {
  eachFloor(world, corners, tightened_, [&](const WorldFloor& floor) { puller_.tighten(floor, run_); });
  corners.swap(tightened_);
}

bool WorldAnyAngleShaper::slideLevelChanges(const BlockWorld& world, std::vector<Voxel>& corners) {
  bool slid = false;
  for (size_t i = 1; i + 2 < corners.size(); ++i) {
    Voxel &from = corners[i], &to = corners[i + 1];
    const Voxel before = corners[i - 1], after = corners[i + 2];
    // A level change whose two ends are reached by lines on their levels (not one of a flight of steps).
    if (from.z == to.z || before.z != from.z || after.z != to.z) continue;
    const WorldFloor lower{world, from.z}, upper{world, to.z};
    const int m = worldMoveBetween(world, from, to);
    double best = legLength(xy(before), xy(from)) + (m >= 0 ? kWorldMoveCost[m] : 0) + legLength(xy(to), xy(after));
    Voxel bestFrom = from, bestTo = to;
    for (int d = 0; d < kDirCount; ++d) {
      const Voxel f{from.x + kDirDx[d], from.y + kDirDy[d], from.z};
      if (!world.standing(f)) continue;
      for (uint32_t legal = world.moveMask(world.index(f)) >> kClimbUp; legal; legal &= legal - 1) {
        const int move = kClimbUp + __builtin_ctz(legal);
        if (kWorldMoveDz[move] != to.z - from.z) continue;
        const Voxel t{f.x + kWorldMoveDx[move], f.y + kWorldMoveDy[move], to.z};
        const double length = legLength(xy(before), xy(f)) + kWorldMoveCost[move] + legLength(xy(t), xy(after));
        if (length < best - 1e-9 && lineClear(lower, before, f) && lineClear(upper, t, after)) {
          best = length;
          bestFrom = f;
          bestTo = t;
        }
      }
    }
    if (bestFrom != from || bestTo != to) {
      from = bestFrom;
      to = bestTo;
      slid = true;
    }
  }
  if (slid) dropRepeats(corners);
  return slid;
}

void WorldAnyAngleShaper::dropRepeats(std::vector<Voxel>& corners) {
  // A slide onto a line's other end leaves the same point twice.
  corners.erase(std::unique(corners.begin(), corners.end()), corners.end());
}

double WorldAnyAngleShaper::shapedLength(const BlockWorld& world, std::span<const Voxel> corners) {
  double length = 0;
  for (size_t i = 1; i < corners.size(); ++i) {
    if (corners[i].z == corners[i - 1].z) {
      length += legLength(xy(corners[i - 1]), xy(corners[i]));
    } else {
      // A move between levels (a step that is no move has no finite cost: a bug no check accepts).
      const int m = worldMoveBetween(world, corners[i - 1], corners[i]);
      length += m >= 0 ? kWorldMoveCost[m] : std::numeric_limits<double>::infinity();
    }
  }
  return length;
}

void WorldAnyAngleShaper::reshape(const BlockWorld& world, WorldPath& result) {
  if (!result.found()) return;
  result.cost = shape(world, result.cells, reshaped_);
  result.cells.swap(reshaped_);
}

size_t WorldAnyAngleShaper::scratchBytes() const {
  return (run_.capacity() + pulled_.capacity()) * sizeof(Point) +
         (tightened_.capacity() + reshaped_.capacity()) * sizeof(Voxel) + puller_.scratchBytes();
}

}  // namespace hpastar
