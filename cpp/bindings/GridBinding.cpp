#include "bindings/GridBinding.h"

#include <emscripten/bind.h>

#include <algorithm>

#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "grid/AllocationSize.h"
#include "grid/CapabilityNames.h"
#include "io/MovingAIMap.h"

namespace hpastar::bindings {

std::string checkEdit(const Grid& grid, int32_t x, int32_t y, int32_t code) {
  const std::string cell = "cell (" + std::to_string(x) + ", " + std::to_string(y) + ")";
  if (!grid.inside(x, y)) {
    return cell + " is outside the " + std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + " map";
  }
  if (code < 0 || code > 127 || !isTerrainChar(static_cast<char>(code))) {
    return "terrain code " + std::to_string(code) + " for " + cell +
           " is not a Moving AI terrain character (. G S W T @ O)";
  }
  return "";
}

std::string checkEdits(const Grid& grid, const std::vector<int32_t>& edits) {
  if (edits.size() % kEditStride != 0) {
    return "edits must be packed as (x, y, terrain code, cost) quadruples; got " + std::to_string(edits.size()) +
           " numbers";
  }
  for (size_t i = 0; i < edits.size(); i += kEditStride) {
    const int32_t x = edits[i], y = edits[i + 1], code = edits[i + 2], cost = edits[i + 3];
    const std::string edit = "edit " + std::to_string(i / kEditStride) + ": ";
    if (code == CellEdit::kKeepTerrain && cost == CellEdit::kKeepCost)
      return edit + "cell (" + std::to_string(x) + ", " + std::to_string(y) + ") gets neither a terrain nor a cost";
    // A kept terrain is checked as ground: only the cell is then in question.
    if (std::string error = checkEdit(grid, x, y, code == CellEdit::kKeepTerrain ? '.' : code); !error.empty())
      return edit + error;
    if (cost < 0 || cost > 255)
      return edit + "cost layer value " + std::to_string(cost) + " at (" + std::to_string(x) + ", " +
             std::to_string(y) + ") is outside 1..255 (sixteenths of the terrain's cost)";
  }
  return "";
}

std::vector<CellEdit> unpackEdits(const std::vector<int32_t>& edits) {
  std::vector<CellEdit> out;
  out.reserve(edits.size() / kEditStride);
  for (size_t i = 0; i < edits.size(); i += kEditStride)
    out.push_back(
        CellEdit{Point{edits[i], edits[i + 1]}, static_cast<char>(edits[i + 2]), static_cast<uint8_t>(edits[i + 3])});
  return out;
}

uint64_t costEditBytes(const Grid& grid, std::span<const CellEdit> edits) {
  bool anyCost = false;
  for (const CellEdit& e : edits) anyCost = anyCost || e.cost != CellEdit::kKeepCost;
  if (!anyCost || grid.hasCostLayer()) return 0;
  const uint64_t cells = static_cast<uint64_t>(grid.cellCount());
  return (1 + (grid.weighted() ? 0 : sizeof(float))) * cells + 2 * kAllocationOverhead;
}

emscripten::val terrainCostsToJS(const TerrainCosts& costs) {
  emscripten::val out = emscripten::val::array();
  for (float m : costs.multiplier) out.call<void>("push", static_cast<double>(m));
  return out;
}

std::string readTerrainCosts(const emscripten::val& pairs, TerrainCosts& out) {
  const auto length = pairs["length"].as<size_t>();
  if (length % 2 != 0 || length > 2 * std::size(kTerrainCharacters))
    return "terrain costs must be (terrain code, multiplier) pairs, one per character at most";
  TerrainCosts costs;
  for (size_t i = 0; i < length; i += 2) {
    const double code = pairs[i].as<double>();
    const char c = code >= 0 && code <= 127 ? static_cast<char>(code) : '\0';
    if (std::string error = costs.set(c, pairs[i + 1].as<double>()); !error.empty()) return error;
  }
  out = costs;
  return "";
}

val rectToJS(const Grid& grid, int x, int y, int w, int h, GridLayer layer) {
  // In 64 bits: x + w may overflow an int.
  const int64_t right = int64_t{x} + w, bottom = int64_t{y} + h;
  if (x < 0 || y < 0 || w < 0 || h < 0 || right > grid.width() || bottom > grid.height())
    return errorObject(StatusKind::OutOfRange, "the rectangle of " + std::to_string(w) + "x" + std::to_string(h) +
                                                   " cells at (" + std::to_string(x) + ", " + std::to_string(y) +
                                                   ") is not inside the " + std::to_string(grid.width()) + "x" +
                                                   std::to_string(grid.height()) + " map");
  const size_t count = static_cast<size_t>(w) * static_cast<size_t>(h);
  // Whole rows of terrain are one block of the grid: copied as they are.
  if (layer == GridLayer::Terrain && (w == grid.width() || h <= 1))
    return copyToJS(grid.terrain().data() + static_cast<size_t>(y) * grid.width() + x, count);
  if (std::string error = reserveHeap(count + kAllocationOverhead, "a copy of the rectangle"); !error.empty())
    return errorObject(error);
  std::vector<uint8_t> cells(count);
  uint8_t* out = cells.data();
  for (int32_t cy = y; cy < y + h; ++cy) {
    const int32_t first = cy * grid.width() + x;
    if (layer == GridLayer::Terrain) {
      std::copy_n(grid.terrain().data() + first, w, out);
      out += w;
    } else {
      for (int32_t i = first; i < first + w; ++i) *out++ = grid.passableAt(i) ? 1 : 0;
    }
  }
  return copyToJS(cells.data(), count);
}

std::string GridHandle::loadMovingAI(const emscripten::val& text, const std::string& fileName) {
  // The text comes as UTF-8 bytes in a JavaScript array, not as a std::string argument: embind would copy
  // a string into the heap before this function runs, before anything could be reserved for it.
  const auto length = text["length"].as<size_t>();
  if (std::string error = reserveHeap(length + kAllocationOverhead + parseMovingAIMapMemory(length), "the map");
      !error.empty())
    return error;
  std::vector<uint8_t> bytes;
  readFromJS(text, bytes);
  ParseError error;
  auto grid =
      parseMovingAIMap(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), fileName, error);
  if (!grid) return failure(StatusKind::BadBytes, error.toString());
  grid_ = std::make_shared<Grid>(std::move(*grid));
  return "";
}

std::string GridHandle::loadTerrain(const emscripten::val& terrain, int width, int height) {
  const auto length = terrain["length"].as<size_t>();
  if (std::string error = Grid::checkTerrainSize(width, height, length); !error.empty()) return error;
  // The copy of the terrain, then the grid's three vectors.
  const uint64_t bytes = length + Grid::bytesFor(width, height) + 4 * kAllocationOverhead;
  if (std::string error = reserveHeap(bytes, "the grid"); !error.empty()) return error;
  std::vector<uint8_t> cells;
  readFromJS(terrain, cells);
  std::string error;
  auto grid = Grid::fromTerrain(width, height, cells, error);
  if (!grid) return error;
  grid_ = std::make_shared<Grid>(std::move(*grid));
  return "";
}

std::string GridHandle::loadForAgent(const GridHandle& from, int size, const std::string& capability) {
  if (!from.grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  std::string error;
  const auto kinds = parseCapability(capability, error);
  if (!kinds) return error;
  const Agent agent{size, *kinds};
  if (std::string refused = checkAgentClass(agent); !refused.empty()) return refused;
  const Grid& source = *from.grid_;
  const uint64_t bytes = source.bytes() + 4 * kAllocationOverhead;
  if (std::string full = reserveHeap(bytes, "the grid"); !full.empty()) return full;
  grid_ = std::make_shared<Grid>(source.forAgent(agent));
  return "";
}

emscripten::val agentToJS(const Agent& agent) {
  emscripten::val o = emscripten::val::object();
  o.set("size", agent.size);
  o.set("capability", capabilityText(agent.capability));
  return o;
}

emscripten::val GridHandle::agent() const { return agentToJS(grid_ ? grid_->agent() : Agent::movingAIDefault()); }

emscripten::val GridHandle::terrain() const {
  if (!grid_) return emscripten::val::global("Uint8Array").new_(0);
  const auto& t = grid_->terrain();
  return copyToJS(t.data(), t.size());
}

val GridHandle::terrainRect(int x, int y, int w, int h) const {
  if (!grid_) return errorObject(StatusKind::NotReady, "the grid is not loaded");
  return rectToJS(*grid_, x, y, w, h, GridLayer::Terrain);
}

val GridHandle::passableRect(int x, int y, int w, int h) const {
  if (!grid_) return errorObject(StatusKind::NotReady, "the grid is not loaded");
  return rectToJS(*grid_, x, y, w, h, GridLayer::Passable);
}

uint64_t GridHandle::copyOnWriteBytes() const {
  return grid_.use_count() > 1 ? grid_->bytes() + 6 * kAllocationOverhead : 0;
}

uint64_t GridHandle::costBytes(bool withLayer) const {
  const uint64_t cells = static_cast<uint64_t>(grid_->cellCount());
  return (sizeof(float) + (withLayer ? 1 : 0)) * cells + 2 * kAllocationOverhead;
}

std::string GridHandle::setTerrainCosts(const emscripten::val& pairs) {
  if (!grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  TerrainCosts costs;
  if (std::string error = readTerrainCosts(pairs, costs); !error.empty()) return error;
  if (costs == grid_->terrainCosts()) return "";
  if (std::string error = reserveHeap(copyOnWriteBytes() + costBytes(false), "the grid's weights"); !error.empty())
    return error;
  return writable().setTerrainCosts(costs);
}

emscripten::val GridHandle::terrainCosts() const {
  return terrainCostsToJS(grid_ ? grid_->terrainCosts() : TerrainCosts{});
}

std::string GridHandle::setCostLayer(const emscripten::val& layer) {
  if (!grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  if (layer.isNull()) {
    if (!grid_->hasCostLayer()) return "";
    if (std::string error = reserveHeap(copyOnWriteBytes() + costBytes(false), "the grid's weights"); !error.empty())
      return error;
    writable().clearCostLayer();
    return "";
  }
  const auto length = layer["length"].as<size_t>();
  if (length != static_cast<size_t>(grid_->cellCount()))
    return failure(StatusKind::OutOfRange, "cost layer has " + std::to_string(length) + " cells, expected " +
                                               std::to_string(grid_->cellCount()) + " for " +
                                               std::to_string(grid_->width()) + "x" + std::to_string(grid_->height()));
  // The copy read from JavaScript, the grid's own copy of it, and its weights.
  if (std::string error = reserveHeap(length + copyOnWriteBytes() + costBytes(true), "the cost layer"); !error.empty())
    return error;
  std::vector<uint8_t> values;
  readFromJS(layer, values);
  // Checked before the grid is unshared, so that a refused layer leaves the sharing as it was.
  if (std::string error = grid_->checkCostLayer(values); !error.empty()) return error;
  return writable().setCostLayer(values);
}

emscripten::val GridHandle::costLayer() const {
  if (!grid_ || !grid_->hasCostLayer()) return emscripten::val::null();
  const auto& layer = grid_->costLayer();
  return copyToJS(layer.data(), layer.size());
}

std::string GridHandle::setCellCost(int x, int y, int value) {
  if (!grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  if (!grid_->inside(x, y))
    return failure(StatusKind::OutOfRange, "cell (" + std::to_string(x) + ", " + std::to_string(y) +
                                               ") is outside the " + std::to_string(grid_->width()) + "x" +
                                               std::to_string(grid_->height()) + " map");
  if (value < 1 || value > 255)
    return failure(StatusKind::OutOfRange, "cost layer value " + std::to_string(value) + " at (" + std::to_string(x) +
                                               ", " + std::to_string(y) +
                                               ") is outside 1..255 (sixteenths of the terrain's cost)");
  if (grid_->costLayerAt(x, y) == value) return "";
  if (std::string error = reserveHeap(copyOnWriteBytes() + costBytes(!grid_->hasCostLayer()), "the cost layer");
      !error.empty())
    return error;
  writable().setCellCost(x, y, static_cast<uint8_t>(value));
  return "";
}

Grid& GridHandle::writable() {
  if (grid_.use_count() > 1) grid_ = std::make_shared<Grid>(*grid_);
  return *grid_;
}

std::string GridHandle::setTerrain(int x, int y, int code) {
  if (!grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  if (std::string error = checkEdit(*grid_, x, y, code); !error.empty()) return error;
  if (std::string error = reserveHeap(copyOnWriteBytes(), "the edited grid"); !error.empty()) return error;
  writable().setTerrain(x, y, static_cast<char>(code));
  return "";
}

std::string GridHandle::applyEdits(const emscripten::val& edits) {
  if (!grid_) return failure(StatusKind::NotReady, "the grid is not loaded");
  const uint64_t input = sizeof(int32_t) * edits["length"].as<size_t>() + kAllocationOverhead;
  if (std::string error = reserveHeap(input + copyOnWriteBytes(), "the edited grid"); !error.empty()) return error;
  readFromJS(edits, editScratch_);
  if (std::string error = checkEdits(*grid_, editScratch_); !error.empty()) return error;
  const std::vector<CellEdit> cellEdits = unpackEdits(editScratch_);
  if (std::string error = reserveHeap(costEditBytes(*grid_, cellEdits), "the cost layer"); !error.empty()) return error;
  Grid& grid = writable();
  for (const CellEdit& e : cellEdits) {
    if (e.terrain != CellEdit::kKeepTerrain) grid.setTerrain(e.cell.x, e.cell.y, e.terrain);
    if (e.cost != CellEdit::kKeepCost) grid.setCellCost(e.cell.x, e.cell.y, e.cost);
  }
  return "";
}

EMSCRIPTEN_BINDINGS(hpastar_grid) {
  HPASTAR_BIND_FUNCTIONS(emscripten::class_<GridHandle>("Grid").constructor<>(), GridHandle, loadMovingAI, loadTerrain,
                         loadForAgent, agent, loaded, width, height, passable, terrainAt, terrain, terrainRect,
                         passableRect, setTerrain, applyEdits, setTerrainCosts, terrainCosts, setCostLayer, costLayer,
                         setCellCost, weighted);
}

}  // namespace hpastar::bindings
