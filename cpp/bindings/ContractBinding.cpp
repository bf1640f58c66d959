// The core's declarations as the module exports them, so that the layers around it derive from one
// source: the option tables (contract/OptionSchema.h), path statuses, terrain characters and limits.
// The TypeScript package keeps its own documented copies for the main thread (which has no module);
// tests/web/contract.test.ts fails when they disagree with these.
#include <emscripten/bind.h>

#include <string>

#include "bindings/BindingSupport.h"
#include "bindings/OptionsToJS.h"
#include "grid/Grid.h"
#include "grid/Terrain.h"
#include "grid/TerrainCosts.h"
#include "hpa/HierarchyOptions.h"
#include "io/FileLimits.h"
#include "search/PathResult.h"
#include "shpa/ShpaOptions.h"

namespace hpastar::bindings {
namespace {

// Status names, indexed by PathStatus code (the values of a batch's status array).
val pathStatusNames() {
  val names = val::array();
  for (uint8_t code = 0; code < kPathStatusCount; ++code)
    names.call<void>("push", std::string(pathStatusName(static_cast<PathStatus>(code))));
  return names;
}

// { all: every Moving AI character, passable: those the default capability walks on, kinds: the
// characters of each terrain kind in TerrainKind order (the order of terrain cost multipliers) }.
val terrainCharacters() {
  std::string all = kTerrainCharacters, passable;
  for (char c : all)
    if (Capability::movingAIDefault().allowsChar(c)) passable += c;
  val kinds = val::array();
  for (int k = 0; k < TerrainCosts::kKindCount; ++k) {
    std::string chars;
    for (char c : all)
      if (terrainKindOf(c) == static_cast<TerrainKind>(k)) chars += c;
    kinds.call<void>("push", chars);
  }
  val o = val::object();
  o.set("all", all);
  o.set("passable", passable);
  o.set("kinds", kinds);
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

EMSCRIPTEN_BINDINGS(hpastar_contract) {
  emscripten::function("hierarchyOptionFields", &optionFieldsToJS<HierarchyOptions>);
  emscripten::function("shpaOptionFields", &optionFieldsToJS<ShpaOptions>);
  emscripten::function("pathStatusNames", &pathStatusNames);
  emscripten::function("terrainCharacters", &terrainCharacters);
  emscripten::function("limits", &limits);
  emscripten::function("parseTerrainCosts", &parseTerrainCosts);
}

}  // namespace
}  // namespace hpastar::bindings
