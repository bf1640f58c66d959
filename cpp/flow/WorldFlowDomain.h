#pragma once
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

#include "world/BlockWorldGraph.h"
#include "world/WorldHierarchy.h"

namespace hpastar {

// What a flow field (FlowField.h) asks of a block world's hierarchy: GridFlowDomain's questions, answered
// with voxels, the level-1 boxes and the world's 26 moves (WorldMoves.h).
struct WorldFlowDomain {
  using Planner = WorldHierarchy;
  using Cell = Voxel;
  using Layout = WorldClusterLayout;
  // Which cells a box's steps were integrated on: the hierarchy version at which its cells last changed.
  using Stamp = uint64_t;
  static constexpr int kMoveCount = kWorldMoveCount;

  static const Layout& layout(const Planner& h) { return h.layout(1); }
  static bool sameShape(const Layout& a, const Layout& b) {
    return a.sx == b.sx && a.sy == b.sy && a.sz == b.sz && a.worldWidth == b.worldWidth &&
           a.worldHeight == b.worldHeight && a.worldLevels == b.worldLevels;
  }
  static int32_t cellCount(const Layout& l) { return l.worldWidth * l.worldHeight * l.worldLevels; }
  static bool inside(const Layout& l, Cell v) {
    return v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < l.worldWidth && v.y < l.worldHeight && v.z < l.worldLevels;
  }
  static int32_t index(const Layout& l, Cell v) { return (v.z * l.worldHeight + v.y) * l.worldWidth + v.x; }
  static Cell cellAt(const Layout& l, int32_t index) {
    const int32_t area = l.worldWidth * l.worldHeight, z = index / area, rest = index - z * area;
    return Cell{rest % l.worldWidth, rest / l.worldWidth, z};
  }
  static int32_t clusterOf(const Layout& l, Cell v) { return l.clusterOf(v); }
  static bool holds(const Layout&, int32_t, Cell) { return true; }  // a box is its cluster
  // Calls visit(cell) for each cell on a face of the box (moves are one cell long on every axis), in the
  // box graph's cell order.
  template <typename Visit>
  static void forEachBorderCell(const Layout& l, int32_t cluster, Visit&& visit) {
    const Box b = l.box(cluster);
    for (int32_t z = b.z0; z < b.z1; ++z)
      for (int32_t y = b.y0; y < b.y1; ++y) {
        if (z == b.z0 || z == b.z1 - 1 || y == b.y0 || y == b.y1 - 1) {
          for (int32_t x = b.x0; x < b.x1; ++x) visit(Cell{x, y, z});
        } else {
          visit(Cell{b.x0, y, z});
          if (b.x1 - 1 > b.x0) visit(Cell{b.x1 - 1, y, z});
        }
      }
  }
  static Cell step(Cell v, uint8_t move) {
    return Cell{v.x + kWorldMoveDx[move], v.y + kWorldMoveDy[move], v.z + kWorldMoveDz[move]};
  }
  static uint8_t reverse(uint8_t move) { return static_cast<uint8_t>(reverseWorldMove(move)); }
  static std::string text(Cell v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
  }
  static std::string sizeText(const Layout& l) {
    return std::to_string(l.worldWidth) + "x" + std::to_string(l.worldHeight) + "x" + std::to_string(l.worldLevels) +
           " world";
  }

  static uint64_t version(const Planner& h) { return h.version(); }
  static std::string checkGoal(const Planner& h, Cell goal) {
    const BlockWorld& world = h.world();
    if (!world.inside(goal)) return "goal " + text(goal) + " is outside the " + sizeText(layout(h));
    if (!world.standing(goal)) return "goal " + text(goal) + " is no cell an agent can stand in";
    return "";
  }
  static bool standing(const Planner& h, Cell v) { return h.world().standing(v); }
  static uint32_t componentOf(const Planner& h, Cell v) { return h.components().of(h.world().index(v)); }
  static Cell nodeCell(const Planner& h, uint32_t node) { return h.nodeVoxel(node); }
  // The cheapest legal move from `from` to `to` (a climb and a stair can join the same two cells), -1 if none.
  static int moveBetween(const Planner& h, Cell from, Cell to) {
    const BlockWorld& world = h.world();
    const int32_t offset = world.index(to) - world.index(from);
    int best = -1;
    for (uint32_t mask = world.moveMask(world.index(from)); mask; mask &= mask - 1) {
      const int m = __builtin_ctz(mask);
      if (world.moveOffset(m) == offset && (best < 0 || kWorldMoveCost[m] < kWorldMoveCost[best])) best = m;
    }
    return best;
  }
  static Stamp stampOf(const Planner& h, int32_t cluster) { return h.boxCellsVersion(cluster); }
  static bool sameStamp(Stamp was, const Planner& h, int32_t cluster) { return was == h.boxCellsVersion(cluster); }
  // The window of exact steps near the goal (FlowField.h): `radius` cells from it on every axis, levels
  // too, clipped to the world; the radius is the box side, and no move costs less than the cheapest.
  using Area = Box;
  static int32_t exactRadius(const Planner& h) { return h.options().clusterSide; }
  static Area around(const Layout& l, Cell goal, int32_t radius) {
    Box box;
    box.x0 = std::max(goal.x - radius, 0);
    box.y0 = std::max(goal.y - radius, 0);
    box.z0 = std::max(goal.z - radius, 0);
    box.x1 = std::min(goal.x + radius + 1, l.worldWidth);
    box.y1 = std::min(goal.y + radius + 1, l.worldHeight);
    box.z1 = std::min(goal.z + radius + 1, l.worldLevels);
    return box;
  }
  static double cheapestMove(const Planner& h) {
    return *std::min_element(std::begin(kWorldMoveCost), std::end(kWorldMoveCost)) *
           (h.world().weighted() ? h.world().minWeight() : 1.0);
  }
  template <typename Visit>
  static auto withAreaGraph(const Planner& h, const Area& area, Visit&& visit) {
    return visit(BlockWorldGraph(h.world(), area, Voxel{area.x0, area.y0, area.z0}));
  }
  // Calls visit(graph) with the search graph over the whole world, whose ids are the world's indices: the
  // moves across box borders.
  template <typename Visit>
  static auto withWorldGraph(const Planner& h, Visit&& visit) {
    return visit(BlockWorldGraph(h.world(), h.world().bounds(), Voxel{0, 0, 0}));
  }
  template <typename Visit>
  static auto withClusterGraph(const Planner& h, int32_t cluster, Visit&& visit) {
    const Box box = h.layout(1).box(cluster);
    return visit(BlockWorldGraph(h.world(), box, Voxel{box.x0, box.y0, box.z0}));
  }
};

}  // namespace hpastar
