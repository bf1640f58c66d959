// Terrain changes of a HAA* hierarchy, rebuilt locally (AnnotatedHierarchy::applyEdits).
#include <algorithm>
#include <chrono>
#include <numeric>

#include "haa/AnnotatedHierarchy.h"

namespace hpastar {
namespace {

std::string checkEdit(const Grid& grid, const CellEdit& e, size_t i) {
  const std::string at =
      "edit " + std::to_string(i) + ": cell (" + std::to_string(e.cell.x) + ", " + std::to_string(e.cell.y) + ")";
  if (!grid.inside(e.cell))
    return at + " is outside the " + std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + " map";
  if (e.terrain != CellEdit::kKeepTerrain && !isTerrainChar(e.terrain))
    return at + ": terrain code " + std::to_string(static_cast<unsigned char>(e.terrain)) +
           " is not a Moving AI terrain character";
  return "";
}

}  // namespace

std::string AnnotatedHierarchy::applyEdits(std::span<const CellEdit> edits) {
  const auto began = std::chrono::steady_clock::now();
  for (size_t i = 0; i < edits.size(); ++i)
    if (std::string problem = checkEdit(grid_, edits[i], i); !problem.empty()) return problem;
  if (edits.empty()) return "";
  uint64_t changed = 0;
  for (const CellEdit& e : edits) {
    const bool terrain = e.terrain != CellEdit::kKeepTerrain && grid_.terrainAt(e.cell.x, e.cell.y) != e.terrain;
    const bool cost = e.cost != CellEdit::kKeepCost && grid_.costLayerAt(e.cell.x, e.cell.y) != e.cost;
    if (terrain) grid_.setTerrain(e.cell.x, e.cell.y, e.terrain);
    if (cost) grid_.setCellCost(e.cell.x, e.cell.y, e.cost);
    changed += terrain || cost;
  }
  const uint64_t version = version_ + 1;
  // A kind that appears or disappears changes the capabilities themselves: everything is new.
  const Capability terrains = terrainsOf(grid_);
  if (terrains != terrains_) {
    std::string error;
    auto fresh = build(grid_, options_, error);  // the options were valid at the first build
    *this = std::move(*fresh);
    version_ = version;
    lastCellsChanged_ = changed;
    lastRebuilt_.resize(static_cast<size_t>(layout_.count()));
    std::iota(lastRebuilt_.begin(), lastRebuilt_.end(), 0);
    stats_.rebuiltClusters = static_cast<uint64_t>(layout_.count());
    stats_.updateMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    return "";
  }
  // True clearance again in O(cells) per capability (cheap beside the searches below; the values far
  // above the largest size, which nothing here reads, may change much further up and left).
  for (size_t c = 0; c < capabilities_.size(); ++c)
    clearances_[c] = ClearanceMap::trueClearance(grid_, capabilities_[c]);

  // Clearance capped at the largest size M is all the graph reads, and the capped value of a cell depends
  // only on the M x M square down and right of it: an edit at (x, y) changes it for cells in
  // x-M+1..x, y-M+1..y alone. Move costs read the weight of the edited cell itself, inside that square.
  // The clusters these cells lie in are touched: their borders are scanned again; their intra-edges,
  // and those of their four neighbours (whose node sets follow the rescanned borders), found again.
  const int32_t m = options_.maxSize;
  std::vector<uint8_t> touched(static_cast<size_t>(layout_.count()), 0);
  for (const CellEdit& e : edits) {
    const Point from{std::max(0, e.cell.x - m + 1), std::max(0, e.cell.y - m + 1)};
    for (int32_t cy = from.y / layout_.size; cy <= e.cell.y / layout_.size; ++cy)
      for (int32_t cx = from.x / layout_.size; cx <= e.cell.x / layout_.size; ++cx)
        touched[static_cast<size_t>(cy * layout_.columns + cx)] = 1;
  }
  std::vector<uint8_t> rebuilt(touched.size(), 0);
  for (int32_t c = 0; c < layout_.count(); ++c) {
    if (!touched[static_cast<size_t>(c)]) continue;
    const int32_t column = c % layout_.columns, row = c / layout_.columns;
    scanBorders(c);
    rebuilt[static_cast<size_t>(c)] = 1;
    if (column > 0) scanBorder(c - 1, 0), rebuilt[static_cast<size_t>(c - 1)] = 1;
    if (row > 0) scanBorder(c - layout_.columns, 1), rebuilt[static_cast<size_t>(c - layout_.columns)] = 1;
    if (column + 1 < layout_.columns) rebuilt[static_cast<size_t>(c + 1)] = 1;
    if (row + 1 < layout_.rows) rebuilt[static_cast<size_t>(c + layout_.columns)] = 1;
  }
  AnnotatedAStarSearch search;
  lastRebuilt_.clear();
  for (int32_t c = 0; c < layout_.count(); ++c)
    if (rebuilt[static_cast<size_t>(c)]) {
      findIntraEdges(c, search);
      findJoinTrees(c, search);  // the cells, borders and weights a cluster's trees read are its own
      lastRebuilt_.push_back(c);
    }
  assemble();
  version_ = version;
  lastCellsChanged_ = changed;
  stats_.rebuiltClusters = lastRebuilt_.size();
  stats_.updateMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return "";
}

}  // namespace hpastar
