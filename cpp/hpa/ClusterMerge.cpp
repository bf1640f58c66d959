#include "hpa/ClusterMerge.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <vector>

#include "grid/AllocationSize.h"

namespace hpastar {
namespace {

constexpr uint32_t kNone = ClusterMerge::kNoCluster;

struct Candidate {
  double density;  // nodes per cell of the merged cluster
  uint32_t id;     // the neighbour to merge with
  uint32_t nodes;  // nodes of the merged cluster
};

struct MergingCluster {
  Rect box;  // bounding box of its cells
  int64_t cells = 0;
  uint32_t nodes = 0;
  uint32_t version = 0;  // bumped on every change, so older heap entries are recognised as stale
  bool alive = true;
};

// A heap entry: the densest cluster (most abstract nodes per cell) is tried first; ties by lower id, so the
// result does not depend on the heap's internals.
struct DensityEntry {
  double density;
  uint32_t id;
  uint32_t version;
};
struct LessDense {
  bool operator()(const DensityEntry& l, const DensityEntry& r) const {
    return l.density != r.density ? l.density < r.density : l.id > r.id;
  }
};

Rect unite(const Rect& a, const Rect& b) {
  return Rect{std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

class GreedyMerger {
 public:
  GreedyMerger(const Grid& grid, const ClusterMergeRules& options)
      : grid_(grid),
        options_(options),
        label_(static_cast<size_t>(grid.cellCount()), kNone),
        seen_(static_cast<size_t>(grid.cellCount()), 0) {}

  ClusterMerge run() {
    cutTiles();
    ClusterMerge result;
    result.initialCount = static_cast<uint32_t>(clusters_.size());
    for (uint32_t c = 0; c < clusters_.size(); ++c) {
      clusters_[c].nodes = countNodes(c, kNone, clusters_[c].box);
      push(c);
    }
    std::vector<uint32_t> around, aroundOther;
    while (!heap_.empty()) {
      const DensityEntry top = heap_.front();
      std::pop_heap(heap_.begin(), heap_.end(), LessDense{});
      heap_.pop_back();
      const uint32_t c = top.id;
      if (!clusters_[c].alive || clusters_[c].version != top.version) continue;
      neighbours(c, around);
      // Allowed merges, fewest nodes per cell first; the first one without a long detour is taken.
      candidates_.clear();
      for (uint32_t n : around) {
        if (!allowed(clusters_[c], clusters_[n])) continue;
        const uint32_t nodes = countNodes(c, n, unite(clusters_[c].box, clusters_[n].box));
        const double density =
            static_cast<double>(nodes) / static_cast<double>(clusters_[c].cells + clusters_[n].cells);
        candidates_.push_back(Candidate{density, n, nodes});
      }
      std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& l, const Candidate& r) {
        return l.density != r.density ? l.density < r.density : l.id < r.id;
      });
      uint32_t best = kNone, bestNodes = 0;
      for (const Candidate& candidate : candidates_) {
        if (options_.maxDetour > 0 && !withinDetour(c, candidate.id)) continue;
        best = candidate.id;
        bestNodes = candidate.nodes;
        break;
      }
      if (best == kNone) continue;  // no allowed merge now; a neighbour's merge may offer one later
      neighbours(best, aroundOther);
      merge(c, best, bestNodes);
      ++result.merges;
      push(c);
      // The clusters around may see two of their border runs join into one: recount them.
      around.insert(around.end(), aroundOther.begin(), aroundOther.end());
      std::sort(around.begin(), around.end());
      around.erase(std::unique(around.begin(), around.end()), around.end());
      for (uint32_t n : around) {
        if (n == c || n == best) continue;
        clusters_[n].nodes = countNodes(n, kNone, clusters_[n].box);
        ++clusters_[n].version;
        push(n);
      }
    }
    renumber(result);
    return result;
  }

 private:
  // Step 1: the connected parts of every tile (4-connected is enough: a legal diagonal move needs both
  // orthogonal cells passable, so it never joins cells that straight moves do not).
  void cutTiles() {
    const int32_t side = options_.initialClusterSize;
    std::vector<Point> stack;
    for (int32_t ty = 0; ty < grid_.height(); ty += side) {
      for (int32_t tx = 0; tx < grid_.width(); tx += side) {
        const Rect tile{tx, ty, std::min(tx + side, grid_.width()), std::min(ty + side, grid_.height())};
        for (int32_t y = tile.y0; y < tile.y1; ++y) {
          for (int32_t x = tile.x0; x < tile.x1; ++x) {
            if (!grid_.passable(x, y) || label_[grid_.index(x, y)] != kNone) continue;
            const uint32_t id = static_cast<uint32_t>(clusters_.size());
            MergingCluster cluster;
            cluster.box = Rect{x, y, x + 1, y + 1};
            label_[grid_.index(x, y)] = id;
            stack.push_back(Point{x, y});
            while (!stack.empty()) {
              const Point p = stack.back();
              stack.pop_back();
              ++cluster.cells;
              cluster.box = unite(cluster.box, Rect{p.x, p.y, p.x + 1, p.y + 1});
              for (int d = 0; d < kDirCount; d += 2) {
                const Point q{p.x + kDirDx[d], p.y + kDirDy[d]};
                if (!tile.contains(q) || !grid_.passable(q) || label_[grid_.index(q)] != kNone) continue;
                label_[grid_.index(q)] = id;
                stack.push_back(q);
              }
            }
            clusters_.push_back(cluster);
          }
        }
      }
    }
  }

  // Distinct abstract node cells of the set {a, b} (b may be kNone).
  uint32_t countNodes(uint32_t a, uint32_t b, const Rect& box) {
    if (stamp_ == std::numeric_limits<uint32_t>::max()) {
      std::fill(seen_.begin(), seen_.end(), 0u);
      stamp_ = 0;
    }
    ++stamp_;
    uint32_t count = 0;
    forEachBorderTransition(grid_, label_.data(), box, a, b, options_.entranceWidth, [&](Point inside, Point) {
      uint32_t& s = seen_[static_cast<size_t>(grid_.index(inside))];
      if (s != stamp_) {
        s = stamp_;
        ++count;
      }
    });
    return count;
  }

  // The clusters that an orthogonal move from a cell of `c` reaches, sorted.
  void neighbours(uint32_t c, std::vector<uint32_t>& out) const {
    out.clear();
    const Rect& box = clusters_[c].box;
    for (int32_t y = box.y0; y < box.y1; ++y) {
      for (int32_t x = box.x0; x < box.x1; ++x) {
        if (label_[grid_.index(x, y)] != c) continue;
        for (int d = 0; d < kDirCount; d += 2) {
          const int32_t qx = x + kDirDx[d], qy = y + kDirDy[d];
          if (!grid_.inside(qx, qy)) continue;
          const uint32_t n = label_[grid_.index(qx, qy)];
          if (n != kNone && n != c && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
        }
      }
    }
    std::sort(out.begin(), out.end());
  }

  // The optional detour rule: every pair of the merged cluster's nodes, one from a's side and one from b's, must
  // be joined inside the merged cluster by at most maxDetour times their Manhattan distance (4-connected steps,
  // so an open area gives exactly 1). Two rooms joined by a door fail it: nodes beside the wall are close in a
  // straight line, far on foot, and a straight-line edge weight would badly underestimate their edge.
  bool withinDetour(uint32_t a, uint32_t b) {
    const Rect box = unite(clusters_[a].box, clusters_[b].box);
    nodesA_.clear();
    nodesB_.clear();
    forEachBorderTransition(grid_, label_.data(), box, a, b, options_.entranceWidth, [&](Point inside, Point) {
      (label_[grid_.index(inside)] == a ? nodesA_ : nodesB_).push_back(inside);
    });
    const int32_t w = box.width();
    for (Point p : nodesA_) {
      stepsInside(a, b, box, p);
      for (Point q : nodesB_) {
        const int32_t walk = steps_[(q.y - box.y0) * w + (q.x - box.x0)];
        const int32_t line = std::abs(p.x - q.x) + std::abs(p.y - q.y);
        if (walk > options_.maxDetour * line) return false;
      }
    }
    return true;
  }

  // Breadth-first 4-connected step counts from `from` over the cells of clusters a and b, indexed over `box`
  // (row-major).
  void stepsInside(uint32_t a, uint32_t b, const Rect& box, Point from) {
    const int32_t w = box.width();
    steps_.assign(static_cast<size_t>(box.area()), -1);
    queue_.clear();
    steps_[(from.y - box.y0) * w + (from.x - box.x0)] = 0;
    queue_.push_back(from);
    for (size_t head = 0; head < queue_.size(); ++head) {
      const Point p = queue_[head];
      const int32_t next = steps_[(p.y - box.y0) * w + (p.x - box.x0)] + 1;
      for (int d = 0; d < kDirCount; d += 2) {
        const int32_t qx = p.x + kDirDx[d], qy = p.y + kDirDy[d];
        if (!box.contains(qx, qy)) continue;
        const uint32_t c = label_[grid_.index(qx, qy)];
        if (c != a && c != b) continue;
        int32_t& s = steps_[(qy - box.y0) * w + (qx - box.x0)];
        if (s >= 0) continue;
        s = next;
        queue_.push_back(Point{qx, qy});
      }
    }
  }

  bool allowed(const MergingCluster& a, const MergingCluster& b) const {
    const Rect box = unite(a.box, b.box);
    if (box.width() > options_.maxClusterSide || box.height() > options_.maxClusterSide) return false;
    return options_.maxClusterCells == 0 || a.cells + b.cells <= options_.maxClusterCells;
  }

  void push(uint32_t c) {
    if (heap_.size() >= 2 * clusters_.size()) dropStaleEntries();
    const MergingCluster& m = clusters_[c];
    heap_.push_back(DensityEntry{static_cast<double>(m.nodes) / static_cast<double>(m.cells), c, m.version});
    std::push_heap(heap_.begin(), heap_.end(), LessDense{});
  }

  // Every change re-queues a cluster and leaves its older entry behind, to be skipped when popped; on a
  // large cluster side those would pile up to a hundred times the clusters. Once the queue holds twice
  // as many entries as there are clusters, the stale ones are dropped: at most one entry per cluster is
  // current, so the queue never holds more than 2 x clusters entries (the memory estimate of
  // shpa/ShpaMemory.h counts on it), and the current ones are popped in the same order as before
  // (density, then id: no two are equal), so the clusters are the same.
  void dropStaleEntries() {
    std::erase_if(
        heap_, [&](const DensityEntry& e) { return !clusters_[e.id].alive || clusters_[e.id].version != e.version; });
    std::make_heap(heap_.begin(), heap_.end(), LessDense{});
  }

  void merge(uint32_t into, uint32_t from, uint32_t nodes) {
    MergingCluster& a = clusters_[into];
    MergingCluster& b = clusters_[from];
    for (int32_t y = b.box.y0; y < b.box.y1; ++y)
      for (int32_t x = b.box.x0; x < b.box.x1; ++x)
        if (label_[grid_.index(x, y)] == from) label_[grid_.index(x, y)] = into;
    a.box = unite(a.box, b.box);
    a.cells += b.cells;
    a.nodes = nodes;
    ++a.version;
    b.alive = false;
  }

  // Final ids 0..count-1 in the order of each cluster's first cell, row-major: a stable, readable layout.
  void renumber(ClusterMerge& result) {
    std::vector<uint32_t> newId(clusters_.size(), kNone);
    result.cellCluster.assign(label_.size(), kNone);
    for (size_t i = 0; i < label_.size(); ++i) {
      const uint32_t old = label_[i];
      if (old == kNone) continue;
      if (newId[old] == kNone) newId[old] = result.count++;
      result.cellCluster[i] = newId[old];
    }
  }

  const Grid& grid_;
  const ClusterMergeRules& options_;
  std::vector<uint32_t> label_;  // per cell: the cluster it is in now (ids of clusters_), kNone when blocked
  std::vector<MergingCluster> clusters_;
  std::vector<DensityEntry> heap_;  // a max-heap on LessDense: the densest cluster first
  std::vector<Candidate> candidates_;
  std::vector<int32_t> steps_;  // scratch of withinDetour
  std::vector<Point> nodesA_, nodesB_, queue_;
  std::vector<uint32_t> seen_;  // per cell: stamp_ when already counted as a node in the current count
  uint32_t stamp_ = 0;
};

}  // namespace

uint64_t ClusterMerge::tilePartBound(const Grid& grid, int32_t tileSide) {
  uint64_t parts = 0;
  for (int32_t y = 0; y < grid.height(); ++y)
    for (int32_t x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y) && !(x % tileSide != 0 && grid.passable(x - 1, y)) &&
          !(y % tileSide != 0 && grid.passable(x, y - 1)))
        ++parts;
  return parts;
}

ClusterMerge ClusterMerge::build(const Grid& grid, const ClusterMergeRules& options) {
  return GreedyMerger(grid, options).run();
}

uint64_t ClusterMerge::peakBytes(uint64_t cells, uint64_t initialClusters, uint64_t heapEntries,
                                 const ClusterMergeRules& options) {
  const uint64_t side = static_cast<uint64_t>(options.maxClusterSide);
  const uint64_t tile = static_cast<uint64_t>(options.initialClusterSize);
  // Per cell: the labels, the node stamps, and the result's cluster ids (made while the labels live).
  uint64_t bytes = cells * 3 * sizeof(uint32_t);
  // Per tile part: its merging state and the queue's entries (both grown by doubling), and its new id.
  bytes += sizeof(MergingCluster) * grownPeakCapacity(initialClusters) + sizeof(uint32_t) * initialClusters;
  bytes += sizeof(DensityEntry) * grownPeakCapacity(heapEntries);
  // The flood fill of one tile; the neighbours (twice: both sides of a merge) and candidates of one merge,
  // fewer than the tile parts and than the cells of the merged box; the detour check's walk and node
  // lists over that box.
  bytes += sizeof(Point) * grownPeakCapacity(std::min(tile * tile, cells));
  const uint64_t box = std::min(side * side, cells);
  bytes += (2 * 2 * sizeof(uint32_t) + sizeof(Candidate)) * grownPeakCapacity(std::min(box, initialClusters));
  if (options.maxDetour > 0) bytes += (sizeof(int32_t) + 3 * sizeof(Point)) * grownPeakCapacity(box);
  return bytes + 16 * kAllocationOverhead;
}

}  // namespace hpastar
