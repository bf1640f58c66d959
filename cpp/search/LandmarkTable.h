#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

namespace hpastar {

class LevelDistances;

// Differential heuristics (ALT: Goldberg & Harrelson 2005; Sturtevant et al. 2009) for the abstract
// graph of one level: the exact graph distance from a few landmark nodes to every node. For any two
// nodes a and b of one connected part, |d(L, a) - d(L, b)| <= d(a, b) (triangle inequality in an
// undirected graph), and the bound is consistent, so A* keeps its optimality with the largest of these
// bounds and the octile distance. On winding maps the octile distance is a poor guide (a long search on
// brc202d expands most of the graph); the landmark bound follows the corridors.
//
// A terrain change that alters the level's graph repairs the table in place as part of the change
// (LandmarkRepair), before any search reads it again, on 2D grids (Hierarchy::repairLandmarks, the table
// copied first when another version of the hierarchy shares it) and block worlds alike. Built over the
// LevelDistances seam: the same table serves the 2D hierarchy and the block-world one.
class LandmarkTable {
 public:
  static constexpr int32_t kMaxLandmarks = 32;

  // Picks `count` landmarks among the nodes of the graph's level (farthest first: each new landmark is
  // the node farthest from those chosen, nodes the chosen ones cannot reach first) and stores every
  // node's distance to each. `count` == 0 gives an empty table.
  static LandmarkTable compute(LevelDistances& graph, int32_t count);
  // A table as saved (a block world keeps its repaired rows in its file): `landmarks` the landmark
  // nodes, `values` rows × landmarks.size() distances, row after row. Empty when the values are not finite
  // and non-negative or the counts do not fit (what to check further, consistency with the graph, is the
  // caller's: inconsistentLandmarkBounds for block worlds).
  static LandmarkTable fromStored(int32_t level, std::vector<uint32_t> landmarks, uint32_t rows,
                                  const std::vector<float>& values) {
    LandmarkTable t;
    const size_t k = landmarks.size();
    if (k == 0 || k > static_cast<size_t>(kMaxLandmarks) || values.size() != k * rows) return t;
    for (float v : values)
      if (!(v >= 0.0f && v < std::numeric_limits<float>::infinity())) return t;
    t.level_ = level;
    t.count_ = static_cast<int32_t>(k);
    t.stride_ = (t.count_ + 3) & ~3;
    t.rows_ = rows;
    t.landmarks_ = std::move(landmarks);
    t.table_.assign(static_cast<size_t>(rows) * static_cast<size_t>(t.stride_), 0.0f);
    for (uint32_t r = 0; r < rows; ++r)
      std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(r * k), k,
                  t.table_.begin() + static_cast<std::ptrdiff_t>(r) * t.stride_);
    return t;
  }

  // The node id space the table has rows for (ids allocated later have none).
  uint32_t rows() const { return rows_; }

  bool empty() const { return count_ == 0; }
  int32_t count() const { return count_; }
  int32_t level() const { return level_; }
  const std::vector<uint32_t>& landmarks() const { return landmarks_; }
  // In landmarks(): a landmark whose node an update removed or gave to another node (LandmarkRepair). Its
  // values stay valid bounds; no node is its zero any more.
  static constexpr uint32_t kRemovedLandmark = 0xFFFFFFFFu;
  // count() distances of `node`, one per landmark; 0 for landmarks that do not reach the node (the
  // bound between two nodes of one connected part is then 0, and nodes of different parts are never
  // compared by a search).
  // Rows are rowStride() floats long: count() distances, then zeros up to a multiple of 4.
  const float* distances(uint32_t node) const {
    return &table_[static_cast<size_t>(node) * static_cast<size_t>(stride_)];
  }
  int32_t rowStride() const { return stride_; }

  // Lower bound of the distance between the nodes whose distance rows are `a` and `b` (rowStride()
  // floats each; the zero padding adds nothing). Four lanes at a time: one vector instruction each
  // where the target has them (SSE2 natively), plain scalar code elsewhere.
  float lowerBound(const float* a, const float* b) const {
    typedef float Lanes __attribute__((vector_size(16)));
    typedef int32_t LaneBits __attribute__((vector_size(16)));
    Lanes best = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int32_t k = 0; k < stride_; k += 4) {
      Lanes x, y;
      __builtin_memcpy(&x, a + k, sizeof x);
      __builtin_memcpy(&y, b + k, sizeof y);
      const Lanes d = reinterpret_cast<Lanes>(reinterpret_cast<LaneBits>(x - y) & 0x7FFFFFFF);  // |x - y|
      best = d > best ? d : best;
    }
    const float m01 = best[0] > best[1] ? best[0] : best[1], m23 = best[2] > best[3] ? best[2] : best[3];
    return lowered(m01 > m23 ? m01 : m23);
  }
  // The row of a node outside the table's graph (a query's start or goal) joined to nodes of it by
  // `edges` (each with `to` and `cost`; targets from `realNodes` on, the other endpoint, are skipped):
  // its distance from a landmark goes through one of those edges, so it is the least over them. Fills
  // rowStride() floats of `row`; false when no edge leads to a node, or when `known` (node -> bool) says
  // a node's row is not to be trusted (the bound through that edge is unknown).
  template <typename Edges, typename Known>
  bool rowThrough(const Edges& edges, uint32_t realNodes, Known&& known, float* row) const {
    const size_t k = static_cast<size_t>(count_);
    std::fill(row, row + stride_, 0.0f);  // the padding stays 0, as in the table
    std::fill(row, row + k, std::numeric_limits<float>::infinity());
    bool any = false;
    for (const auto& e : edges) {
      if (e.to >= realNodes) continue;  // the direct start-goal edge adds nothing
      if (e.to >= rows_ || !known(e.to)) return false;
      const float* d = distances(e.to);
      for (size_t i = 0; i < k; ++i) row[i] = std::min(row[i], d[i] + static_cast<float>(e.cost));
      any = true;
    }
    return any;
  }

  // A difference of stored distances, slightly lowered so that the float rounding of the stored sums
  // can never make it exceed the true distance.
  static float lowered(float bound) { return bound - kSlack * bound - kSlack; }

  size_t bytes() const { return table_.capacity() * sizeof(float) + landmarks_.capacity() * sizeof(uint32_t); }

 private:
  friend class LandmarkTableBuilder;
  friend class LandmarkRepair;

  static constexpr float kSlack = 1e-4f;

  int32_t level_ = 0;
  int32_t count_ = 0;
  int32_t stride_ = 0;  // count_ rounded up to a multiple of 4
  uint32_t rows_ = 0;
  std::vector<uint32_t> landmarks_;
  std::vector<float> table_;  // [node * stride + k]
};

// Computes a table one step at a time (one Dijkstra each), so that a refresh can be spread over several
// calls (HeuristicRefresh). The graph (searched, not owned) must outlive it and not change while it is
// stepped.
class LandmarkTableBuilder {
 public:
  LandmarkTableBuilder(LevelDistances& graph, int32_t count);
  ~LandmarkTableBuilder();
  LandmarkTableBuilder(LandmarkTableBuilder&&) noexcept;
  bool done() const { return table_.count_ == 0 || static_cast<int32_t>(table_.landmarks_.size()) == table_.count_; }
  void step();  // the next landmark's Dijkstra
  uint32_t stepsLeft() const {
    return static_cast<uint32_t>(table_.count_) - static_cast<uint32_t>(table_.landmarks_.size());
  }
  LandmarkTable take() { return std::move(table_); }

 private:
  static constexpr uint32_t kFirstPending = 0xFFFFFFFFu;  // the first landmark is still to be found
  LevelDistances* graph_;
  LandmarkTable table_;
  std::vector<uint32_t> candidates_;
  std::vector<double> nearest_;  // per candidate: distance to the nearest landmark chosen so far
  uint32_t next_ = 0;            // the next landmark
};

}  // namespace hpastar
