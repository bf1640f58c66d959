#include "bindings/GridBinding.h"

#include <emscripten/bind.h>

#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "grid/AllocationSize.h"
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
  if (edits.size() % 3 != 0) {
    return "edits must be packed as (x, y, terrain code) triples; got " + std::to_string(edits.size()) + " numbers";
  }
  for (size_t i = 0; i < edits.size(); i += 3) {
    std::string error = checkEdit(grid, edits[i], edits[i + 1], edits[i + 2]);
    if (!error.empty()) return "edit " + std::to_string(i / 3) + ": " + error;
  }
  return "";
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
  if (!grid) return error.toString();
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

emscripten::val GridHandle::terrain() const {
  if (!grid_) return emscripten::val::global("Uint8Array").new_(0);
  const auto& t = grid_->terrain();
  return copyToJS(t.data(), t.size());
}

uint64_t GridHandle::copyOnWriteBytes() const {
  return grid_.use_count() > 1 ? Grid::bytesFor(grid_->width(), grid_->height()) + 4 * kAllocationOverhead : 0;
}

Grid& GridHandle::writable() {
  if (grid_.use_count() > 1) grid_ = std::make_shared<Grid>(*grid_);
  return *grid_;
}

std::string GridHandle::setTerrain(int x, int y, int code) {
  if (!grid_) return "the grid is not loaded";
  if (std::string error = checkEdit(*grid_, x, y, code); !error.empty()) return error;
  if (std::string error = reserveHeap(copyOnWriteBytes(), "the edited grid"); !error.empty()) return error;
  writable().setTerrain(x, y, static_cast<char>(code));
  return "";
}

std::string GridHandle::applyEdits(const emscripten::val& edits) {
  if (!grid_) return "the grid is not loaded";
  const uint64_t input = sizeof(int32_t) * edits["length"].as<size_t>() + kAllocationOverhead;
  if (std::string error = reserveHeap(input + copyOnWriteBytes(), "the edited grid"); !error.empty()) return error;
  readFromJS(edits, editScratch_);
  if (std::string error = checkEdits(*grid_, editScratch_); !error.empty()) return error;
  Grid& grid = writable();
  for (size_t i = 0; i < editScratch_.size(); i += 3) {
    grid.setTerrain(editScratch_[i], editScratch_[i + 1], static_cast<char>(editScratch_[i + 2]));
  }
  return "";
}

EMSCRIPTEN_BINDINGS(hpastar_grid) {
  emscripten::class_<GridHandle>("Grid")
      .constructor<>()
      .function("loadMovingAI", &GridHandle::loadMovingAI)
      .function("loadTerrain", &GridHandle::loadTerrain)
      .function("loaded", &GridHandle::loaded)
      .function("width", &GridHandle::width)
      .function("height", &GridHandle::height)
      .function("passable", &GridHandle::passable)
      .function("terrainAt", &GridHandle::terrainAt)
      .function("terrain", &GridHandle::terrain)
      .function("setTerrain", &GridHandle::setTerrain)
      .function("applyEdits", &GridHandle::applyEdits);
}

}  // namespace hpastar::bindings
