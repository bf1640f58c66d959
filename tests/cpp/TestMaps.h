#pragma once
// Shared by the Google Test files: loading the maps in maps/ and drawing small grids by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "grid/Grid.h"
#include "hpa/Hierarchy.h"
#include "io/FileLimits.h"
#include "io/MovingAIMap.h"
#include "io/MovingAIScenario.h"
#include "io/TextFile.h"

namespace hpastar::test {

inline std::string mapsDir() { return HPASTAR_MAPS_DIR; }

inline Grid loadMap(const std::string& name) {
  std::string text, error;
  const std::string path = mapsDir() + "/" + name;
  if (!readTextFile(path, kMaxMapFileBytes, "map", text, error)) throw std::runtime_error(error);
  ParseError parseError;
  auto grid = parseMovingAIMap(text, path, parseError);
  if (!grid) throw std::runtime_error(parseError.toString());
  return std::move(*grid);
}

// Every scenario of a map's .scen file, checked against the map.
inline std::vector<Scenario> loadScenarios(const std::string& mapName, const Grid& grid) {
  std::string text, error;
  const std::string path = mapsDir() + "/" + mapName + ".scen";
  if (!readTextFile(path, kMaxScenarioFileBytes, "scenario", text, error)) throw std::runtime_error(error);
  ParseError parseError;
  auto scenarios = parseMovingAIScenarios(text, path, parseError);
  if (!scenarios) throw std::runtime_error(parseError.toString());
  if (!checkScenariosAgainstMap(*scenarios, grid, path, mapName, parseError))
    throw std::runtime_error(parseError.toString());
  return std::move(*scenarios);
}

// At most how many scenarios of a file the suites that solve whole files (the *OnScenarios tests) run:
// all of them unless the environment variable HPASTAR_SCENARIO_LIMIT sets a limit. The sanitizer suite
// (npm run test:asan) sets one, so that those tests still run on every map and every bucket, with a
// fraction of the searches of the largest files, in a time CI can afford (ASan and UBSan make those
// searches several times slower). Tests that pick their own scenarios use loadScenarios, never limited.
inline size_t scenarioLimit() {
  const char* value = std::getenv("HPASTAR_SCENARIO_LIMIT");
  const long limit = value ? std::strtol(value, nullptr, 10) : 0;
  return limit > 0 ? static_cast<size_t>(limit) : SIZE_MAX;
}

// The scenarios of a map's file, or evenly spaced ones (every bucket keeps its share) when there are
// more than scenarioLimit().
inline std::vector<Scenario> loadScenarioSample(const std::string& mapName, const Grid& grid) {
  std::vector<Scenario> all = loadScenarios(mapName, grid);
  const size_t limit = scenarioLimit();
  if (all.size() <= limit) return all;
  const size_t stride = (all.size() + limit - 1) / limit;
  std::vector<Scenario> kept;
  for (size_t i = 0; i < all.size(); i += stride) kept.push_back(all[i]);
  return kept;
}

// Rows of Moving AI characters, e.g. {"..@", "..."}; all rows the same length.
inline Grid drawGrid(const std::vector<std::string>& rows) {
  std::vector<uint8_t> terrain;
  for (const auto& r : rows) terrain.insert(terrain.end(), r.begin(), r.end());
  std::string error;
  auto grid =
      Grid::fromTerrain(static_cast<int32_t>(rows.at(0).size()), static_cast<int32_t>(rows.size()), terrain, error);
  if (!grid) throw std::runtime_error(error);
  return std::move(*grid);
}

inline Hierarchy buildHierarchy(const Grid& grid, const HierarchyOptions& options) {
  std::string error;
  auto h = Hierarchy::build(grid, options, error);
  if (!h) throw std::runtime_error(error);
  return std::move(*h);
}

// brc202d cut in two by a wall down column 265, with boxed 9×9 pockets: a real map where random pairs
// are often unreachable, for the tests that compare reachability with A*.
inline Grid cutUpBrc202d() {
  Grid g = loadMap("brc202d.map");
  for (int y = 0; y < g.height(); ++y) g.setTerrain(265, y, '@');
  for (int y = 100; y < 480; y += 60)
    for (int k = 0; k < 9; ++k) {  // a 9×9 wall square: whatever is inside is closed off
      g.setTerrain(100 + k, y, '@');
      g.setTerrain(100 + k, y + 8, '@');
      g.setTerrain(100, y + k, '@');
      g.setTerrain(108, y + k, '@');
    }
  return g;
}

// A uniformly random passable cell.
template <typename Rng>
Point randomPassable(const Grid& g, Rng& rng) {
  for (;;) {
    const Point p{static_cast<int32_t>(rng() % g.width()), static_cast<int32_t>(rng() % g.height())};
    if (g.passable(p)) return p;
  }
}

// Rows for drawGrid of a random size, 1..maxSide cells each way, each cell cellChar(rng).
template <typename Rng, typename CellChar>
std::vector<std::string> randomRows(Rng& rng, uint32_t maxSide, CellChar cellChar) {
  const size_t w = 1 + rng() % maxSide, h = 1 + rng() % maxSide;
  std::vector<std::string> rows(h, std::string(w, '.'));
  for (auto& row : rows)
    for (char& c : row) c = cellChar(rng);
  return rows;
}

// The Moving AI tolerance: some files give lengths to 6 significant digits only.
inline bool sameLength(double a, double optimal) { return std::abs(a - optimal) <= 1e-5 * std::max(1.0, optimal); }

}  // namespace hpastar::test
