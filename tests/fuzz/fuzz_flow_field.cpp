// libFuzzer target: flow fields on a small grid for any agent class, built, refreshed after edits and
// widened, every one checked from every cell (FlowChecks.h).
//
// The input gives hierarchy options and a grid as fuzz_api_sequence's do (FuzzInputs.h), a goal and, on
// some inputs, starts (a field over their corridors only); then rounds of terrain edits, each followed by a
// refresh of the field, sometimes a widening to more starts or to the whole component, and sometimes a
// fresh build on the edited hierarchy. The oracles are FuzzChecks.h's: the agent class's legal moves and
// their costs from the terrain, the goal's component by a flood, the shortest distances by Dijkstra.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "FlowChecks.h"
#include "FuzzChecks.h"
#include "FuzzInputs.h"
#include "flow/FlowField.h"
#include "flow/FlowFieldBuilder.h"
#include "hpa/Hierarchy.h"

using namespace hpastar;

namespace {

// The rules' answers about one grid and goal, for flowFieldProblem.
class GridOracle {
 public:
  GridOracle(const Hierarchy& h, Point goal)
      : grid_(h.grid()),
        component_(fuzz::referenceComponent(grid_, goal)),
        shortest_(fuzz::referenceDistances(grid_, goal)),
        // The window's bound (FlowField.h): the cluster side + 1 moves, none cheaper than the lightest cell's.
        exactBelow_((h.layout(1).size + 1) * (grid_.weighted() ? grid_.minWeight() : 1.0)) {}
  int32_t count() const { return grid_.cellCount(); }
  std::string text(int32_t i) const { return fuzz::str(grid_.pointOf(i)); }
  bool inComponent(int32_t i) const { return component_[static_cast<size_t>(i)] != 0; }
  bool legal(int32_t i, uint8_t move) const {
    const Point p = grid_.pointOf(i);
    return move < kDirCount && fuzz::moveOpen(grid_, p.x, p.y, kDirDx[move], kDirDy[move]);
  }
  int32_t next(int32_t i, uint8_t move) const { return i + kDirDy[move] * grid_.width() + kDirDx[move]; }
  double cost(int32_t i, uint8_t move) const {
    const Point p = grid_.pointOf(i);
    return fuzz::moveCost(grid_, p.x, p.y, kDirDx[move], kDirDy[move]);
  }
  double shortest(int32_t i) const { return shortest_[static_cast<size_t>(i)]; }
  double exactBelow() const { return exactBelow_; }

 private:
  const Grid& grid_;
  std::vector<uint8_t> component_;
  std::vector<double> shortest_;
  double exactBelow_;
};

Point cellInside(FuzzedDataProvider& in, const Grid& grid) {
  return {in.ConsumeIntegralInRange<int32_t>(0, grid.width() - 1),
          in.ConsumeIntegralInRange<int32_t>(0, grid.height() - 1)};
}

// A field that the builder accepted: checked against the hierarchy's current grid.
void checkField(const char* what, const Hierarchy& h, const FlowField& field) {
  const Grid& grid = h.grid();
  FUZZ_REQUIRE(field.version() == h.version(), std::string(what) + ": the field is of another version");
  const GridOracle oracle(h, field.goal());
  // A field over the whole component leaves none of its cells out.
  for (int32_t i = 0; i < grid.cellCount() && !field.corridorsOnly(); ++i)
    FUZZ_REQUIRE(!oracle.inComponent(i) || field.directions()[static_cast<size_t>(i)] != FlowField::kNotComputed,
                 std::string(what) + ": a whole field left " + oracle.text(i) + " out");
  const std::string problem = fuzz::flowFieldProblem(field, grid.index(field.goal()), oracle);
  FUZZ_REQUIRE(problem.empty(), std::string(what) + " to " + fuzz::str(field.goal()) + ": " + problem);
}

// Starts of a corridors field: inside the map, passable or not.
std::vector<Point> readStarts(FuzzedDataProvider& in, const Grid& grid) {
  std::vector<Point> starts(in.ConsumeIntegralInRange<size_t>(0, 4));
  for (Point& s : starts) s = cellInside(in, grid);
  return starts;
}

// Edits of single cells and of a rectangle, applied to the hierarchy (never refused: inside, valid terrain).
void edit(FuzzedDataProvider& in, Hierarchy& h) {
  constexpr char kEditTerrain[] = ".SWT@";
  const auto terrain = [&] { return kEditTerrain[in.ConsumeIntegralInRange<size_t>(0, sizeof(kEditTerrain) - 2)]; };
  std::string problem;
  if (in.ConsumeBool()) {
    std::vector<CellEdit> edits(in.ConsumeIntegralInRange<size_t>(1, 4));
    for (CellEdit& e : edits) e = CellEdit{cellInside(in, h.grid()), terrain(), CellEdit::kKeepCost};
    problem = h.applyEdits(edits);
  } else {
    const Point a = cellInside(in, h.grid()), b = cellInside(in, h.grid());
    problem = h.fillRect({std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x) + 1, std::max(a.y, b.y) + 1},
                         terrain());
  }
  FUZZ_REQUIRE(problem.empty(), "edit refused: " + problem);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const HierarchyOptions options = fuzz::readHierarchyOptions(in);
  std::string error;
  auto hierarchy = Hierarchy::build(fuzz::readGrid(in), options, error);
  FUZZ_REQUIRE(hierarchy.has_value(), "build: " + error);
  Hierarchy& h = *hierarchy;
  const Point goal = cellInside(in, h.grid());
  const std::vector<Point> starts = readStarts(in, h.grid());
  FlowFieldBuilder builder;
  FlowField field;
  const std::string refused = builder.build(h, goal, field, starts);
  if (!refused.empty()) {
    FUZZ_REQUIRE(!fuzz::footprintOpen(h.grid(), goal.x, goal.y), "a field to the open cell " + fuzz::str(goal) +
                                                                     " refused: " + refused);
    FUZZ_REQUIRE(field.empty(), "a refused build filled the field");
    return 0;
  }
  checkField("build", h, field);
  for (int round = 0; round < 6 && in.remaining_bytes() > 0; ++round) {
    edit(in, h);
    const bool goalOpen = fuzz::footprintOpen(h.grid(), goal.x, goal.y);
    const std::string why = in.ConsumeBool() ? builder.extend(h, field, readStarts(in, h.grid()))
                                             : builder.refresh(h, field);
    FUZZ_REQUIRE(why.empty() == goalOpen, "refresh with the goal " + std::string(goalOpen ? "open" : "walled") +
                                              " answered \"" + why + "\"");
    if (!goalOpen) return 0;
    checkField("refresh", h, field);
    if (in.ConsumeIntegralInRange(0, 3) == 0) {
      FlowField fresh;
      FUZZ_REQUIRE(builder.build(h, goal, fresh).empty(), "a fresh build refused");
      checkField("fresh build", h, fresh);
    }
  }
  return 0;
}
