// The core's declarations as the module exports them, so that the layers around it derive from one
// source: the option tables (contract/OptionSchema.h), status codes (contract/Status.h), path statuses,
// terrain characters and limits.
// scripts/generate-contract.mjs writes them into web/lib/generated/contract.ts (the main thread of a
// pool has no module to ask); tests/web/contract.test.ts fails when that file is out of date.
#include <emscripten/bind.h>

#include <string>

#include "bindings/BindingSupport.h"
#include "bindings/Failure.h"
#include "bindings/GridBinding.h"
#include "bindings/OptionsToJS.h"
#include "contract/Progress.h"
#include "contract/Status.h"
#include "flow/FlowField.h"
#include "grid/CellPicking.h"
#include "grid/Grid.h"
#include "grid/Moves.h"
#include "grid/Terrain.h"
#include "grid/TerrainCosts.h"
#include "hpa/HierarchyOptions.h"
#include "inspect/AbstractGraphExport.h"
#include "io/FileLimits.h"
#include "search/PathResult.h"
#include "shpa/ShpaOptions.h"
#include "world/WorldMoves.h"

namespace hpastar::bindings {
namespace {

// Status names, indexed by PathStatus code (the values of a batch's status array).
val pathStatusNames() {
  val names = val::array();
  for (uint8_t code = 0; code < kPathStatusCount; ++code)
    names.call<void>("push", std::string(pathStatusName(static_cast<PathStatus>(code))));
  return names;
}

// How a status code is read (contract/Status.h) and how a failure crosses (Failure.h): { kindShift,
// detailMask, kinds: the name of each StatusKind by value, details: { Start, Goal, InvalidCell,
// Unreachable }, pathStatusCodes: the status code of each PathStatus, separator }.
val statusContract() {
  val kinds = val::array();
  for (uint8_t k = 0; k < kStatusKindCount; ++k)
    kinds.call<void>("push", std::string(statusKindName(static_cast<StatusKind>(k))));
  val details = val::object();
  details.set("Start", static_cast<double>(kStatusStart));
  details.set("Goal", static_cast<double>(kStatusGoal));
  details.set("InvalidCell", static_cast<double>(kStatusInvalidCell));
  details.set("Unreachable", static_cast<double>(kStatusUnreachable));
  val pathCodes = val::array();
  for (uint8_t code = 0; code < kPathStatusCount; ++code)
    pathCodes.call<void>("push", static_cast<double>(pathStatusCode(static_cast<PathStatus>(code))));
  val o = val::object();
  o.set("kindShift", static_cast<double>(kStatusKindShift));
  o.set("detailMask", static_cast<double>(kStatusDetailMask));
  o.set("kinds", kinds);
  o.set("details", details);
  o.set("pathStatusCodes", pathCodes);
  o.set("separator", std::string(1, kFailureSeparator));
  return o;
}

// { all: every Moving AI character, passable: those the default capability walks on, kinds: the
// characters of each terrain kind in TerrainKind order (the order of terrain cost multipliers), names:
// each kind's name in that order }.
val terrainCharacters() {
  std::string all = kTerrainCharacters, passable;
  for (char c : all)
    if (Capability::movingAIDefault().allowsChar(c)) passable += c;
  val kinds = val::array(), names = val::array();
  for (int k = 0; k < TerrainCosts::kKindCount; ++k) {
    std::string chars;
    for (char c : all)
      if (terrainKindOf(c) == static_cast<TerrainKind>(k)) chars += c;
    kinds.call<void>("push", chars);
    names.call<void>("push", std::string(terrainKindName(static_cast<TerrainKind>(k))));
  }
  val o = val::object();
  o.set("all", all);
  o.set("passable", passable);
  o.set("kinds", kinds);
  o.set("names", names);
  return o;
}

val limits() {
  val o = val::object();
  o.set("maxGridSide", Grid::kMaxSide);
  o.set("maxGridCells", static_cast<double>(Grid::kMaxCells));
  o.set("maxMapFileBytes", static_cast<double>(kMaxMapFileBytes));
  o.set("maxScenarioFileBytes", static_cast<double>(kMaxScenarioFileBytes));
  o.set("maxLevels", HierarchyOptions::kMaxLevels);
  o.set("minTerrainCost", static_cast<double>(TerrainCosts::kMinMultiplier));
  o.set("maxTerrainCost", static_cast<double>(TerrainCosts::kMaxMultiplier));
  o.set("costLayerUnit", static_cast<int>(kCostLayerUnit));
  return o;
}

// The Moving AI agent (Agent::movingAIDefault): the class of every grid not made for another.
val defaultAgent() { return agentToJS(Agent::movingAIDefault()); }

// The core's grammar of terrain costs ("S=3,T=1.5", the tools' --costs): { multipliers: per kind, in
// TerrainKind order } or { error }, so that the package's tool reads them as the native one does.
val parseTerrainCosts(const std::string& text) {
  std::string error;
  const auto costs = TerrainCosts::parse(text, error);
  val o = val::object();
  if (!costs) {
    o.set("error", error);
    return o;
  }
  val multipliers = val::array();
  for (float m : costs->multiplier) multipliers.call<void>("push", static_cast<double>(m));
  o.set("multipliers", multipliers);
  return o;
}

// The moves of a grid cell (grid/Moves.h) and of a block world's cell (world/WorldMoves.h), by code, and
// the codes a flow field gives where it has no move (flow/FlowField.h): { grid: { dx, dy, cost }, world:
// { dx, dy, dz, cost }, noStep, notComputed }.
val moves() {
  val grid = val::object(), world = val::object();
  const auto list = [](const auto& values, int count) {
    val a = val::array();
    for (int i = 0; i < count; ++i) a.call<void>("push", static_cast<double>(values[i]));
    return a;
  };
  grid.set("dx", list(kDirDx, kDirCount));
  grid.set("dy", list(kDirDy, kDirCount));
  grid.set("cost", list(kDirCost, kDirCount));
  world.set("dx", list(kWorldMoveDx, kWorldMoveCount));
  world.set("dy", list(kWorldMoveDy, kWorldMoveCount));
  world.set("dz", list(kWorldMoveDz, kWorldMoveCount));
  world.set("cost", list(kWorldMoveCost, kWorldMoveCount));
  val o = val::object();
  o.set("grid", grid);
  o.set("world", world);
  o.set("noStep", FlowField::kNoStep);
  o.set("notComputed", FlowField::kNotComputed);
  return o;
}

// How queries' endpoints are moved (grid/CellPicking.h): { rules: the EndpointRule bits by option name,
// moves: the EndpointMove bits of a snapped batch }.
val endpointRules() {
  val rules = val::object(), moves = val::object();
  rules.set("snap", static_cast<int>(kSnapInvalidEndpoints));
  rules.set("toNearest", static_cast<int>(kGoalToNearestReachable));
  moves.set("StartMoved", static_cast<int>(kStartMoved));
  moves.set("GoalMoved", static_cast<int>(kGoalMoved));
  moves.set("GoalUnreachable", static_cast<int>(kGoalUnreachable));
  val o = val::object();
  o.set("rules", rules);
  o.set("moves", moves);
  return o;
}

// The kinds of an exported abstract graph's edges (inspect/AbstractGraphExport.h): { name: value }.
val edgeKinds() {
  val o = val::object();
  for (size_t k = 0; k < kExportedEdgeKindNames.size(); ++k) o.set(kExportedEdgeKindNames[k], static_cast<int>(k));
  return o;
}

// The phases of a build, in order (contract/Progress.h).
val buildPhases() {
  val names = val::array();
  for (std::string_view name : kBuildPhaseNames) names.call<void>("push", std::string(name));
  return names;
}

// A status added to PathStatus must be named in the enum_ below too.
static_assert(kPathStatusCount == 4);

EMSCRIPTEN_BINDINGS(hpastar_contract) {
  emscripten::function("hierarchyOptionFields", &optionFieldsToJS<HierarchyOptions>);
  emscripten::function("shpaOptionFields", &optionFieldsToJS<ShpaOptions>);
  emscripten::function("pathStatusNames", &pathStatusNames);
  // The codes by name (Module.PathStatus.NoPath.value === 1), for the generated PathStatusCode.
  emscripten::enum_<PathStatus>("PathStatus")
      .value("Found", PathStatus::Found)
      .value("NoPath", PathStatus::NoPath)
      .value("StartInvalid", PathStatus::StartInvalid)
      .value("GoalInvalid", PathStatus::GoalInvalid);
  emscripten::function("statusContract", &statusContract);
  emscripten::function("terrainCharacters", &terrainCharacters);
  emscripten::function("limits", &limits);
  emscripten::function("defaultAgent", &defaultAgent);
  emscripten::function("parseTerrainCosts", &parseTerrainCosts);
  emscripten::function("moves", &moves);
  emscripten::function("edgeKinds", &edgeKinds);
  emscripten::function("endpointRules", &endpointRules);
  emscripten::function("buildPhases", &buildPhases);
}

}  // namespace
}  // namespace hpastar::bindings
