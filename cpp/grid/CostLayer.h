#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "grid/TerrainCosts.h"

namespace hpastar {

// A per-cell cost layer: one byte per cell in sixteenths of a move's own cost (kCostLayerUnit), 1..255,
// or none at all. It counts its cells per value, so that its smallest and largest values (which bound
// every move's cost, hence the heuristics) are known after one cell's edit without a scan. Grid and
// BlockWorld each hold one; how their moves read it is theirs.
class CostLayer {
 public:
  // Why `values` cannot be the layer of `cells` cells ("" when it can). The owner names its size
  // (`size`: "3x2"), a cell (`cellName(i)`: "(1, 0)") and what the values scale (`scaled`).
  template <typename CellName>
  static std::string check(std::span<const uint8_t> values, size_t cells, const std::string& size, CellName&& cellName,
                           const char* scaled) {
    if (values.size() != cells)
      return "cost layer has " + std::to_string(values.size()) + " cells, expected " + std::to_string(cells) + " for " +
             size;
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i] == 0) return "cost layer value 0 at " + cellName(i) + ": values are 1..255 sixteenths of " + scaled;
    return "";
  }

  // Takes `values` (already checked) as the layer.
  void assign(std::span<const uint8_t> values) {
    values_.assign(values.begin(), values.end());
    count_.fill(0);
    for (uint8_t v : values_) ++count_[v];
  }
  void clear() {
    std::vector<uint8_t>().swap(values_);
    count_.fill(0);
  }
  // Sets cell `i`'s value (1..255), making a layer of `cells` cells of kCostLayerUnit first if there is
  // none. False when nothing changed (the same value, or the unit on a grid without a layer).
  bool set(size_t cells, size_t i, uint8_t value) {
    if (values_.empty()) {
      if (value == kCostLayerUnit) return false;
      values_.assign(cells, kCostLayerUnit);
      count_.fill(0);
      count_[kCostLayerUnit] = static_cast<uint32_t>(cells);
    }
    if (values_[i] == value) return false;
    --count_[values_[i]];
    ++count_[value];
    values_[i] = value;
    return true;
  }

  bool empty() const { return values_.empty(); }
  // No layer, or every cell at the unit: the layer changes no move's cost.
  bool neutral() const { return values_.empty() || count_[kCostLayerUnit] == values_.size(); }
  uint8_t at(size_t i) const { return values_.empty() ? kCostLayerUnit : values_[i]; }
  const std::vector<uint8_t>& values() const { return values_; }  // empty without a layer
  // The smallest and largest value of any cell (the unit without a layer).
  uint8_t min() const {
    for (size_t v = 1; v < count_.size(); ++v)
      if (count_[v] != 0) return static_cast<uint8_t>(v);
    return kCostLayerUnit;
  }
  uint8_t max() const {
    for (size_t v = count_.size() - 1; v > 0; --v)
      if (count_[v] != 0) return static_cast<uint8_t>(v);
    return kCostLayerUnit;
  }
  size_t bytes() const { return values_.size(); }

 private:
  std::vector<uint8_t> values_;
  std::array<uint32_t, 256> count_{};  // cells per value
};

}  // namespace hpastar
