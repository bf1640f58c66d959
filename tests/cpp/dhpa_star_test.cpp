#include <gtest/gtest.h>

#include <random>

#include "PathChecks.h"
#include "TestMaps.h"
#include "hpa/Hierarchy.h"
#include "hpa/HpaStarQuery.h"
#include "path/DirectPath.h"

namespace hpastar {
namespace {

Hierarchy buildDhpa(const Grid& g, int levels = 1, int clusterSize = 10) {
  HierarchyOptions o;
  o.levels = levels;
  o.clusterSize = clusterSize;
  o.cacheTrees = true;
  std::string error;
  auto h = Hierarchy::build(g, o, error);
  if (!h) throw std::runtime_error(error);
  return std::move(*h);
}

TEST(DhpaTrees, WalkingANodesTreeFromAnyCellReachesTheNodeAtTheCachedCost) {
  const Grid g = test::loadMap("den520d.map");
  const Hierarchy h = buildDhpa(g);
  int walks = 0;
  for (uint32_t n = 0; n < h.nodeCount(); n += 7) {
    if (h.nodeLevel(n) == 0) continue;
    const Rect area = h.layout(1).rectOf(h.nodeCell(n));
    for (int y = area.y0; y < area.y1; ++y)
      for (int x = area.x0; x < area.x1; ++x) {
        double d;
        int dir;
        if (!h.treeStep(n, {x, y}, d, dir)) continue;
        std::vector<Point> cells{{x, y}};
        Point p{x, y};
        while (h.treeStep(n, p, d, dir) && dir >= 0 && cells.size() < 1000) {
          p = {p.x + kDirDx[dir], p.y + kDirDy[dir]};
          ASSERT_TRUE(area.contains(p));
          cells.push_back(p);
        }
        ASSERT_EQ(p, h.nodeCell(n));
        double start;
        h.treeStep(n, {x, y}, start, dir);
        const PathCheck check = validatePath(g, {x, y}, p, cells, pathLength(cells));
        ASSERT_TRUE(check.valid) << check.problem;
        // Fixed point: half a unit of resolution at most.
        EXPECT_NEAR(start, check.recomputedCost, h.treeResolution()) << x << "," << y;
        ++walks;
      }
  }
  EXPECT_GT(walks, 1000);
  EXPECT_LT(h.treeResolution(), 0.01);
}

TEST(DhpaStarQuery, NeedsNoSearchToConnectStartAndGoalNorToRefine) {
  const Grid g = test::loadMap("brc202d.map");
  const auto scenarios = test::loadScenarios("brc202d.map", g);
  const Hierarchy h = buildDhpa(g);
  HpaStarQuery q(h);
  PathResult r;
  int checked = 0;
  for (size_t i = 0; i < scenarios.size(); i += 10) {
    const Scenario& s = scenarios[i];
    if (h.layout(1).clusterOf(s.start) == h.layout(1).clusterOf(s.goal)) continue;
    r.reset();
    ASSERT_EQ(q.findPath(s.start, s.goal, r), PathStatus::Found);
    std::vector<Point> direct;
    if (findDirectPath(g, h.lineReach(), s.start, s.goal, direct)) continue;  // no hierarchy needed (direct_path_test)
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, r));
    EXPECT_EQ(r.stats.expandedInsertion, 0u);
    EXPECT_EQ(r.stats.expandedRefinement, 0u);
    EXPECT_GT(r.stats.expandedMain, 0u);
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

TEST(DhpaStarQuery, FindsTheSameAbstractRouteAsHpaStar) {
  // Same abstract graph, insertion costs from trees instead of searches: the raw paths cost the same up
  // to the trees' fixed-point resolution.
  const Grid g = test::loadMap("den520d.map");
  const auto scenarios = test::loadScenarios("den520d.map", g);
  const Hierarchy dh = buildDhpa(g);
  std::string error;
  const Hierarchy hh = *Hierarchy::build(g, HierarchyOptions{}, error);
  HpaStarQuery dq(dh), hq(hh);
  PathResult dr, hr;
  for (const Scenario& s : scenarios) {
    dr.reset();
    hr.reset();
    dq.findPath(s.start, s.goal, dr, HpaQueryOptions{false, 0});
    hq.findPath(s.start, s.goal, hr, HpaQueryOptions{false, 0});
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, dr));
    EXPECT_NEAR(dr.cost, hr.cost, 1e-3 * hr.cost + 0.05) << "line " << s.line;
  }
}

struct DhpaCase {
  const char* map;
  int levels;
};
void PrintTo(const DhpaCase& c, std::ostream* os) { *os << c.map << " levels " << c.levels; }
class DhpaOnScenarios : public ::testing::TestWithParam<DhpaCase> {};

TEST_P(DhpaOnScenarios, SolvesEveryScenarioWithin1Point5PercentOnAverage) {
  const DhpaCase c = GetParam();
  const Grid g = test::loadMap(c.map);
  const auto scenarios = test::loadScenarioSample(c.map, g);
  const Hierarchy h = buildDhpa(g, c.levels);
  HpaStarQuery q(h);
  PathResult r;
  double sub = 0;
  for (const Scenario& s : scenarios) {
    r.reset();
    q.findPath(s.start, s.goal, r);
    ASSERT_TRUE(test::isValidPath(g, s.start, s.goal, r)) << "line " << s.line;
    ASSERT_GE(r.cost, s.optimalLength * (1 - 1e-5));
    sub += (r.cost - s.optimalLength) / std::max(1e-9, s.optimalLength);
  }
  EXPECT_LE(sub / static_cast<double>(scenarios.size()), 0.015);
}

INSTANTIATE_TEST_SUITE_P(Maps, DhpaOnScenarios,
                         ::testing::Values(DhpaCase{"arena.map", 1}, DhpaCase{"den520d.map", 1},
                                           DhpaCase{"brc202d.map", 1}, DhpaCase{"brc202d.map", 3},
                                           DhpaCase{"AR0011SR.map", 1}, DhpaCase{"8room_000.map", 2},
                                           DhpaCase{"maze512-1-0.map", 1}),
                         [](const auto& info) {
                           std::string n = info.param.map;
                           n = n.substr(0, n.find('.'));
                           for (char& ch : n)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n + "_levels" + std::to_string(info.param.levels);
                         });

}  // namespace
}  // namespace hpastar
