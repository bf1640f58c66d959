#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "hpa/Hierarchy.h"
#include "search/GridAreaGraph.h"

namespace hpastar {

// What a flow field (FlowField.h) asks of a 2D grid's hierarchy: its cells, its level-1 clusters and
// graph, and a search graph over one cluster's cells. FlowFieldBuilder is written once over this and
// WorldFlowDomain; neither it nor the field knows which kind of world it serves.
struct GridFlowDomain {
  using Planner = Hierarchy;
  using Cell = Point;
  using Layout = ClusterLayout;
  // Which terrain a cluster's steps were integrated on: the hierarchy's block of the cluster. An edit
  // replaces the block of every cluster it rebuilds, so an expired or different block means "changed".
  using Stamp = std::weak_ptr<const ClusterBlock>;
  static constexpr int kMoveCount = kDirCount;

  static const Layout& layout(const Planner& h) { return h.layout(1); }
  static bool sameShape(const Layout& a, const Layout& b) {
    return a.size == b.size && a.mapWidth == b.mapWidth && a.mapHeight == b.mapHeight && a.merged == b.merged;
  }
  static int32_t cellCount(const Layout& l) { return l.mapWidth * l.mapHeight; }
  static bool inside(const Layout& l, Cell p) { return p.x >= 0 && p.y >= 0 && p.x < l.mapWidth && p.y < l.mapHeight; }
  static int32_t index(const Layout& l, Cell p) { return p.y * l.mapWidth + p.x; }
  static Cell cellAt(const Layout& l, int32_t index) { return Cell{index % l.mapWidth, index / l.mapWidth}; }
  static int32_t clusterOf(const Layout& l, Cell p) { return l.clusterOf(p); }
  // Whether a cell of the cluster's rectangle belongs to it (a merged cluster's box holds others' cells).
  static bool holds(const Layout& l, int32_t cluster, Cell p) { return l.holds(cluster, p); }
  // Calls visit(cell) for each cell of the cluster that may have a move into another cluster, in the
  // cluster graph's cell order: its rectangle's edge (moves are one cell long), or every cell of a merged
  // cluster, whose neighbours may lie inside its box.
  template <typename Visit>
  static void forEachBorderCell(const Layout& l, int32_t cluster, Visit&& visit) {
    const Rect r = l.rect(cluster);
    for (int32_t y = r.y0; y < r.y1; ++y) {
      if (l.merged) {
        for (int32_t x = r.x0; x < r.x1; ++x)
          if (l.holds(cluster, Cell{x, y})) visit(Cell{x, y});
      } else if (y == r.y0 || y == r.y1 - 1) {
        for (int32_t x = r.x0; x < r.x1; ++x) visit(Cell{x, y});
      } else {
        visit(Cell{r.x0, y});
        if (r.x1 - 1 > r.x0) visit(Cell{r.x1 - 1, y});
      }
    }
  }
  static Cell step(Cell p, uint8_t move) { return Cell{p.x + kDirDx[move], p.y + kDirDy[move]}; }
  static uint8_t reverse(uint8_t move) { return static_cast<uint8_t>(oppositeDir(move)); }
  static std::string text(Cell p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }
  static std::string sizeText(const Layout& l) {
    return std::to_string(l.mapWidth) + "x" + std::to_string(l.mapHeight) + " map";
  }

  static uint64_t version(const Planner& h) { return h.version(); }
  // Why no field can lead to `goal` ("" when one can): names the cell and what is wrong with it.
  static std::string checkGoal(const Planner& h, Cell goal) {
    const Grid& grid = h.grid();
    if (!grid.inside(goal)) return "goal " + text(goal) + " is outside the " + sizeText(layout(h));
    if (!grid.passable(goal) && grid.allowedAt(goal.x, goal.y))  // a grid made for a larger agent
      return "goal " + text(goal) + " has no room for the agent's " + std::to_string(grid.agentSize()) + "x" +
             std::to_string(grid.agentSize()) + " square";
    if (!grid.passable(goal))
      return "goal " + text(goal) + " is blocked (terrain '" + std::string(1, grid.terrainAt(goal.x, goal.y)) + "')";
    return "";
  }
  static bool standing(const Planner& h, Cell p) { return h.grid().passable(p); }
  static uint32_t componentOf(const Planner& h, Cell p) { return h.componentOf(p); }
  static Cell nodeCell(const Planner& h, uint32_t node) { return h.nodeCell(node); }
  // The move from `from` to the adjacent `to` (an inter-edge's two cells), -1 when they are not adjacent.
  static int moveBetween(const Planner&, Cell from, Cell to) { return dirOfStep(to.x - from.x, to.y - from.y); }
  static Stamp stampOf(const Planner& h, int32_t cluster) { return h.sharedBlock(1, cluster); }
  static bool sameStamp(const Stamp& was, const Planner& h, int32_t cluster) {
    // Owner comparison: a weak reference keeps the block's identity even after the block is gone, so a
    // new block at the same address is never taken for the old one.
    const std::shared_ptr<const ClusterBlock>& block = h.sharedBlock(1, cluster);
    return !was.owner_before(block) && !block.owner_before(was) && !was.expired();
  }
  // Calls visit(graph) with the search graph over the cells of level-1 cluster `cluster` (ids local to it,
  // GridAreaGraph, with a merged cluster's own moves), weighted or not as the grid is.
  // The window of exact steps near the goal (FlowField.h): `radius` cells from it on both axes, clipped to
  // the map; the radius is the cluster side, and no move costs less than the cheapest.
  using Area = Rect;
  static int32_t exactRadius(const Planner& h) { return h.layout(1).size; }
  static Area around(const Layout& l, Cell goal, int32_t radius) {
    return Rect{std::max(goal.x - radius, 0), std::max(goal.y - radius, 0), std::min(goal.x + radius + 1, l.mapWidth),
                std::min(goal.y + radius + 1, l.mapHeight)};
  }
  static double cheapestMove(const Planner& h) { return h.grid().weighted() ? h.grid().minWeight() : 1.0; }
  // Calls visit(graph) with the search graph over the cells of `area`, every legal move inside it.
  template <typename Visit>
  static auto withAreaGraph(const Planner& h, const Area& area, Visit&& visit) {
    const Point corner{area.x0, area.y0};
    if (h.grid().weighted()) return visit(GridAreaGraph<true>(h.grid(), area, corner));
    return visit(GridAreaGraph<false>(h.grid(), area, corner));
  }
  // Calls visit(graph) with the search graph over every cell of the map, whose ids are the map's indices:
  // the moves across cluster borders.
  template <typename Visit>
  static auto withWorldGraph(const Planner& h, Visit&& visit) {
    const Rect all{0, 0, h.grid().width(), h.grid().height()};
    if (h.grid().weighted()) return visit(GridAreaGraph<true>(h.grid(), all, Point{0, 0}));
    return visit(GridAreaGraph<false>(h.grid(), all, Point{0, 0}));
  }
  template <typename Visit>
  static auto withClusterGraph(const Planner& h, int32_t cluster, Visit&& visit) {
    const ClusterLayout& layout = h.layout(1);
    const Rect area = layout.rect(cluster);
    const Point corner{area.x0, area.y0};
    if (h.grid().weighted()) return visit(GridAreaGraph<true>(h.grid(), area, corner, layout.stayMoves()));
    return visit(GridAreaGraph<false>(h.grid(), area, corner, layout.stayMoves()));
  }
};

}  // namespace hpastar
