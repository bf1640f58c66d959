#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <random>

#include "TestMaps.h"
#include "inspect/AbstractGraphExport.h"
#include "inspect/BuildInspection.h"
#include "inspect/HierarchyInspection.h"

namespace hpastar {
namespace {

HierarchyOptions options(int32_t clusterSize, int32_t levels, bool trees = false) {
  HierarchyOptions o;
  o.clusterSize = clusterSize;
  o.levels = levels;
  o.cacheTrees = trees;
  return o;
}

TEST(HierarchyInspection, ClusterRectsTileTheMapAndNumberTheCellsAsTheLayout) {
  const Grid g = test::loadMap("den520d.map");  // 256 × 257: the last row of clusters is clipped
  const Hierarchy h = test::buildHierarchy(g, options(10, 3));
  for (int32_t level = 1; level <= 3; ++level) {
    const ClusterRects r = exportClusterRects(h, level);
    EXPECT_EQ(r.level, level);
    EXPECT_EQ(r.side, 10 << (level - 1));
    EXPECT_EQ(r.columns, (g.width() + r.side - 1) / r.side);
    EXPECT_EQ(r.rows, (g.height() + r.side - 1) / r.side);
    ASSERT_EQ(r.rects.size(), static_cast<size_t>(r.columns * r.rows));
    EXPECT_EQ(r.rects.size(), h.stats().levels[static_cast<size_t>(level - 1)].clusters);
    std::vector<int> cover(static_cast<size_t>(g.width() * g.height()), 0);
    for (size_t c = 0; c < r.rects.size(); ++c) {
      const Rect& rect = r.rects[c];
      EXPECT_GT(rect.width(), 0);
      EXPECT_LE(rect.width(), r.side);
      for (int32_t y = rect.y0; y < rect.y1; ++y)
        for (int32_t x = rect.x0; x < rect.x1; ++x) {
          ++cover[static_cast<size_t>(y * g.width() + x)];
          EXPECT_EQ(h.layout(level).clusterOf(Point{x, y}), static_cast<int32_t>(c));
        }
    }
    for (int n : cover) ASSERT_EQ(n, 1);
  }
}

// Octile distances inside `area` from `from` (no corner cutting): the oracle of the level-1 edges.
std::vector<double> octileDijkstra(const Grid& g, const Rect& area, Point from) {
  const int32_t w = area.width();
  std::vector<double> dist(static_cast<size_t>(area.area()), std::numeric_limits<double>::infinity());
  auto open = [&](int32_t x, int32_t y) { return area.contains(x, y) && g.passable(Point{x, y}); };
  using Item = std::pair<double, int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  dist[static_cast<size_t>((from.y - area.y0) * w + from.x - area.x0)] = 0;
  heap.push({0, (from.y - area.y0) * w + from.x - area.x0});
  while (!heap.empty()) {
    const auto [d, i] = heap.top();
    heap.pop();
    if (d > dist[static_cast<size_t>(i)]) continue;
    const int32_t x = area.x0 + i % w, y = area.y0 + i / w;
    for (int32_t dy = -1; dy <= 1; ++dy)
      for (int32_t dx = -1; dx <= 1; ++dx) {
        if ((!dx && !dy) || !open(x + dx, y + dy)) continue;
        if (dx && dy && (!open(x + dx, y) || !open(x, y + dy))) continue;
        const double nd = d + (dx && dy ? std::sqrt(2.0) : 1.0);
        const int32_t j = (y + dy - area.y0) * w + x + dx - area.x0;
        if (nd < dist[static_cast<size_t>(j)]) {
          dist[static_cast<size_t>(j)] = nd;
          heap.push({nd, j});
        }
      }
  }
  return dist;
}

class QueryConnectionsTest : public ::testing::TestWithParam<bool> {};

TEST_P(QueryConnectionsTest, Level1EdgesAreTheNodesOfTheClusterReachedInsideIt) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, options(10, 2, GetParam()));
  HpaStarQuery query(h);
  std::mt19937 rng(7);
  for (int i = 0; i < 60; ++i) {
    const Point s = test::randomPassable(g, rng), t = i % 10 == 0 ? s : test::randomPassable(g, rng);
    const QueryConnections c = exportQueryConnections(query, s, t);
    ASSERT_EQ(c.levels.size(), 2u);
    EXPECT_EQ(c.start, s);
    EXPECT_EQ(c.goal, t);
    for (const auto& [end, edges] : {std::pair{s, &c.levels[0].start}, std::pair{t, &c.levels[0].goal}}) {
      const ClusterLayout& layout = h.layout(1);
      const Rect area = layout.rectOf(end);
      const std::vector<double> dist = octileDijkstra(g, area, end);
      std::map<uint32_t, double> expected;
      for (uint32_t n : h.clusterNodes(1, layout.clusterOf(end))) {
        const Point p = h.nodeCell(n);
        const double d = dist[static_cast<size_t>((p.y - area.y0) * area.width() + p.x - area.x0)];
        if (std::isfinite(d)) expected[n] = d;
      }
      std::map<uint32_t, double> got;
      ASSERT_EQ(edges->nodeCells.size(), edges->nodeIds.size());
      ASSERT_EQ(edges->costs.size(), edges->nodeIds.size());
      for (size_t k = 0; k < edges->nodeIds.size(); ++k) {
        EXPECT_EQ(edges->nodeCells[k], h.nodeCell(edges->nodeIds[k]));
        got[edges->nodeIds[k]] = edges->costs[k];
      }
      ASSERT_EQ(got.size(), expected.size()) << "query " << i;
      for (const auto& [n, d] : expected) EXPECT_NEAR(got[n], d, GetParam() ? h.treeResolution() * 64 : 1e-9);
    }
    const bool shared = h.layout(1).clusterOf(s) == h.layout(1).clusterOf(t);
    if (s == t) {
      EXPECT_EQ(c.levels[0].direct, 0.0);
    }
    if (!shared) {
      EXPECT_LT(c.levels[0].direct, 0.0);
    }
  }
}

TEST_P(QueryConnectionsTest, AFoundPlanKeepsTheSameEdges) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = test::buildHierarchy(g, options(8, 3, GetParam()));
  HpaStarQuery query(h), planner(h);
  std::mt19937 rng(11);
  for (int i = 0; i < 40; ++i) {
    const Point s = test::randomPassable(g, rng), t = test::randomPassable(g, rng);
    HpaPlan plan;
    PathResult out;
    if (s == t || planner.plan(s, t, plan, out) != PathStatus::Found) continue;
    const QueryConnections c = exportQueryConnections(query, s, t);
    for (int32_t level = 1; level <= 3; ++level) {
      const LevelConnections& lc = c.levels[static_cast<size_t>(level - 1)];
      EXPECT_EQ(lc.level, level);
      size_t k = 0;
      for (const QueryOverlay::Edge& e : plan.endpoints.startEdges[static_cast<size_t>(level - 1)]) {
        if (e.to >= h.nodeCount()) {
          EXPECT_EQ(lc.direct, e.cost);
          continue;
        }
        ASSERT_LT(k, lc.start.nodeIds.size());
        EXPECT_EQ(lc.start.nodeIds[k], e.to);
        EXPECT_EQ(lc.start.costs[k++], e.cost);
      }
      EXPECT_EQ(k, lc.start.nodeIds.size());
      size_t goalEdges = 0;
      for (const QueryOverlay::Edge& e : plan.endpoints.goalEdges[static_cast<size_t>(level - 1)])
        goalEdges += e.to < h.nodeCount();
      EXPECT_EQ(goalEdges, lc.goal.nodeIds.size());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Trees, QueryConnectionsTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "DHPA" : "HPA"; });

TEST(HierarchyInspection, ComponentLabelsAreTheFloodFillsNumberedByTheirFirstCell) {
  Grid g = test::cutUpBrc202d();
  for (int32_t clusterSize : {10, 16}) {
    Hierarchy h = test::buildHierarchy(g, options(clusterSize, 2));
    for (int round = 0; round < 2; ++round) {
      // The oracle: 4-connected flood fill (no corner cutting makes 8-connected the same), in scan order.
      std::vector<uint32_t> expected(static_cast<size_t>(g.width() * g.height()), 0);
      uint32_t count = 0;
      for (int32_t y = 0; y < g.height(); ++y)
        for (int32_t x = 0; x < g.width(); ++x) {
          if (expected[static_cast<size_t>(y * g.width() + x)] || !h.grid().passable(Point{x, y})) continue;
          ++count;
          std::vector<Point> stack{{x, y}};
          expected[static_cast<size_t>(y * g.width() + x)] = count;
          while (!stack.empty()) {
            const Point p = stack.back();
            stack.pop_back();
            for (const Point q : {Point{p.x - 1, p.y}, Point{p.x + 1, p.y}, Point{p.x, p.y - 1}, Point{p.x, p.y + 1}}) {
              if (q.x < 0 || q.y < 0 || q.x >= g.width() || q.y >= g.height() || !h.grid().passable(q)) continue;
              uint32_t& label = expected[static_cast<size_t>(q.y * g.width() + q.x)];
              if (label) continue;
              label = count;
              stack.push_back(q);
            }
          }
        }
      EXPECT_EQ(count, h.stats().components);
      EXPECT_EQ(exportComponentLabels(h), expected) << "cluster size " << clusterSize << ", round " << round;
      // Then wall off a corridor and check again after the incremental rebuild.
      std::vector<CellEdit> edits;
      for (int32_t y = 0; y < g.height(); ++y) edits.push_back(CellEdit{Point{40, y}, '@'});
      ASSERT_EQ(h.applyEdits(edits), "");
    }
  }
}

TEST(BuildInspection, EntrancesAreMaximalFreeBorderRunsWithTheBuildsTransitions) {
  const Grid g = test::loadMap("arena.map");
  for (int32_t width : {1, 6}) {
    HierarchyOptions o = options(10, 1);
    o.entranceWidth = width;
    const Hierarchy h = test::buildHierarchy(g, o);
    const std::vector<EntranceExport> list = exportEntrances(h);
    EXPECT_EQ(list.size(), h.stats().entrances);
    const ClusterLayout& lay = h.layout(1);
    const AbstractGraphExport graph = exportAbstractGraph(h, 1);
    auto isNode = [&](Point p) {
      return std::find(graph.nodeCells.begin(), graph.nodeCells.end(), p) != graph.nodeCells.end();
    };
    auto at = [](Point p, Point d, int32_t k) { return Point{p.x + d.x * k, p.y + d.y * k}; };
    size_t transitions = 0;
    for (const EntranceExport& e : list) {
      const Point step = e.entrance.vertical ? Point{0, 1} : Point{1, 0};
      const Point across = e.entrance.vertical ? Point{1, 0} : Point{0, 1};
      // Every position is free on both sides and on a border; the run cannot be extended either way.
      for (int32_t k = 0; k < e.entrance.length; ++k) {
        const Point a = at(e.entrance.first, step, k);
        EXPECT_TRUE(g.passable(a) && g.passable(at(a, across, 1)));
        EXPECT_NE(lay.clusterOf(a), lay.clusterOf(at(a, across, 1)));
      }
      const Point before = at(e.entrance.first, step, -1), after = at(e.entrance.first, step, e.entrance.length);
      for (Point p : {before, after}) {
        if (g.inside(p) && g.inside(at(p, across, 1)) && lay.clusterOf(p) == lay.clusterOf(e.entrance.first) &&
            lay.clusterOf(at(p, across, 1)) == lay.clusterOf(at(e.entrance.first, across, 1))) {
          EXPECT_FALSE(g.passable(p) && g.passable(at(p, across, 1))) << "not maximal";
        }
      }
      ASSERT_EQ(e.transitions.size(), e.entrance.length < width ? 1u : 2u);
      for (const Transition& t : e.transitions) {
        EXPECT_TRUE(isNode(t.a) && isNode(t.b));
      }
      transitions += e.transitions.size();
    }
    EXPECT_GE(transitions, h.stats().levels[0].interEdges);
  }
}

TEST(BuildInspection, ClusterSearchesStayInTheirClusterAndFindItsIntraEdges) {
  const Grid g = test::loadMap("arena.map");
  for (bool trees : {false, true}) {
    const Hierarchy h = test::buildHierarchy(g, options(10, 1, trees));
    const ClusterLayout& lay = h.layout(1);
    uint32_t intra = 0;
    for (int32_t c = 0; c < lay.columns * lay.rows; ++c) {
      const ClusterBuildExport b = exportClusterBuild(h, c);
      const Rect area = lay.rect(c);
      const size_t k = b.nodes.size();
      EXPECT_EQ(b.searches.size(), trees ? k : (k == 0 ? 0 : k - 1));
      for (size_t i = 0; i < b.searches.size(); ++i) {
        ASSERT_FALSE(b.searches[i].closed.empty());
        EXPECT_EQ(b.searches[i].closed.front(), b.nodes[i]) << "a search starts at its node";
        for (Point p : b.searches[i].closed) EXPECT_TRUE(area.contains(p) && g.passable(p));
      }
      for (size_t e = 0; e < b.edgeFrom.size(); ++e) {
        EXPECT_LT(b.edgeFrom[e], b.edgeTo[e]);
        EXPECT_LT(b.edgeTo[e], k);
        EXPECT_GT(b.edgeCost[e], 0);
      }
      intra += static_cast<uint32_t>(b.edgeFrom.size());
    }
    EXPECT_EQ(intra, h.stats().levels[0].intraEdges);
  }
}

}  // namespace
}  // namespace hpastar
