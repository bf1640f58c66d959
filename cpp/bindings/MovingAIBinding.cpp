// Moving AI scenario files and the path check, as free functions: what the `hpastar` command-line tool
// needs beside the planners, so that it reads and checks scenarios with the core's rules and messages
// (io/MovingAIScenario.h, path/PathValidator.h) instead of its own.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "bindings/BindingSupport.h"
#include "bindings/GridBinding.h"
#include "io/MovingAIScenario.h"
#include "path/PathValidator.h"

namespace hpastar::bindings {
namespace {

// A .scen text as columns, one entry per scenario in file order: { bucket, mapNames, mapWidth,
// mapHeight, start: [x0, y0, x1, y1, ...], goal: (likewise), optimal, line }, or { error } naming the
// file, the line and the value ("<fileName>:<line>: <problem>").
val parseScenarios(const std::string& text, const std::string& fileName) {
  ParseError error;
  const auto scenarios = parseMovingAIScenarios(text, fileName, error);
  if (!scenarios) return errorObject(error.toString());
  const size_t n = scenarios->size();
  std::vector<int32_t> bucket(n), width(n), height(n), line(n), start(2 * n), goal(2 * n);
  std::vector<double> optimal(n);
  val mapNames = val::array();
  for (size_t i = 0; i < n; ++i) {
    const Scenario& s = (*scenarios)[i];
    bucket[i] = s.bucket;
    mapNames.call<void>("push", s.mapName);
    width[i] = s.mapWidth;
    height[i] = s.mapHeight;
    start[2 * i] = s.start.x;
    start[2 * i + 1] = s.start.y;
    goal[2 * i] = s.goal.x;
    goal[2 * i + 1] = s.goal.y;
    optimal[i] = s.optimalLength;
    line[i] = s.line;
  }
  val o = val::object();
  o.set("bucket", copyToJS(bucket.data(), n));
  o.set("mapNames", mapNames);
  o.set("mapWidth", copyToJS(width.data(), n));
  o.set("mapHeight", copyToJS(height.data(), n));
  o.set("start", copyToJS(start.data(), 2 * n));
  o.set("goal", copyToJS(goal.data(), 2 * n));
  o.set("optimal", copyToJS(optimal.data(), n));
  o.set("line", copyToJS(line.data(), n));
  return o;
}

// The columns of parseScenarios back as the core's scenarios (the optimal lengths are not needed by
// the check); "" or why the columns do not fit together.
std::string scenariosFromJS(const val& columns, std::vector<Scenario>& out) {
  std::vector<int32_t> width, height, line, start, goal;
  readFromJS(columns["mapWidth"], width);
  readFromJS(columns["mapHeight"], height);
  readFromJS(columns["line"], line);
  readFromJS(columns["start"], start);
  readFromJS(columns["goal"], goal);
  const auto names = emscripten::vecFromJSArray<std::string>(columns["mapNames"]);
  const size_t n = line.size();
  if (width.size() != n || height.size() != n || names.size() != n || start.size() != 2 * n || goal.size() != 2 * n)
    return "scenarios: the columns have different lengths (" + std::to_string(n) + " lines)";
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    out[i].mapName = names[i];
    out[i].mapWidth = width[i];
    out[i].mapHeight = height[i];
    out[i].start = Point{start[2 * i], start[2 * i + 1]};
    out[i].goal = Point{goal[2 * i], goal[2 * i + 1]};
    out[i].line = line[i];
  }
  return "";
}

// The core's check of scenarios (as parseScenarios returned them) against the map they will run on:
// "" or "<scenFile>:<line>: <problem>". An empty `mapFile` skips the map name check.
std::string checkScenariosAgainstMapJS(const GridHandle& grid, const val& scenarios, const std::string& scenFile,
                                       const std::string& mapFile) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  std::vector<Scenario> list;
  if (std::string error = scenariosFromJS(scenarios, list); !error.empty()) return error;
  ParseError error;
  if (!checkScenariosAgainstMap(list, *grid.shared(), scenFile, mapFile, error)) return error.toString();
  return "";
}

// The core's path check: "" when `cells` (an Int32Array x0, y0, x1, y1, ...) is a valid path from
// (sx, sy) to (gx, gy) on `grid` whose cost is `reportedCost` (relative `tolerance`), else the problem.
std::string validatePathJS(const GridHandle& grid, int32_t sx, int32_t sy, int32_t gx, int32_t gy, const val& cells,
                           double reportedCost, double tolerance) {
  if (!grid.loaded()) return failure(StatusKind::NotReady, "the grid is not loaded");
  std::vector<int32_t> packed;
  readFromJS(cells, packed);
  if (packed.size() % 2 != 0)
    return "cells must be packed as (x, y) pairs; got " + std::to_string(packed.size()) + " numbers";
  std::vector<Point> path(packed.size() / 2);
  for (size_t i = 0; i < path.size(); ++i) path[i] = Point{packed[2 * i], packed[2 * i + 1]};
  return validatePath(*grid.shared(), Point{sx, sy}, Point{gx, gy}, path, reportedCost, tolerance).problem;
}

EMSCRIPTEN_BINDINGS(hpastar_movingai) {
  emscripten::function("parseScenarios", &parseScenarios);
  emscripten::function("checkScenariosAgainstMap", &checkScenariosAgainstMapJS);
  emscripten::function("validatePath", &validatePathJS);
}

}  // namespace
}  // namespace hpastar::bindings
