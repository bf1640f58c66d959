#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace hpastar {

// One entry of a search's binary min-heap: the node's key (BasicSearchSpace::keyOf) and its id.
struct SearchHeapEntry {
  uint64_t key;
  uint32_t id;
};

// The two heap steps every search space shares. `placed(id, slot)` is told where an entry lands: spaces
// with decrease-key keep each node's heap slot there, the others pass a lambda that does nothing.
//
// Moves `e` from slot `i` towards the root to its place.
template <typename Placed>
__attribute__((always_inline)) inline void siftUp(SearchHeapEntry* heap, size_t i, SearchHeapEntry e, Placed placed) {
  while (i > 0) {
    const size_t p = (i - 1) / 2;
    if (!(e.key < heap[p].key)) break;
    heap[i] = heap[p];
    placed(heap[i].id, i);
    i = p;
  }
  heap[i] = e;
  placed(e.id, i);
}

// Removes and returns the smallest entry of a non-empty heap.
template <typename Placed>
inline SearchHeapEntry popMin(std::vector<SearchHeapEntry>& heap, Placed placed) {
  const SearchHeapEntry result = heap.front();
  const SearchHeapEntry last = heap.back();
  heap.pop_back();
  const size_t n = heap.size();
  if (n == 0) return result;
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && heap[c + 1].key < heap[c].key) ++c;
    if (!(heap[c].key < last.key)) break;
    heap[i] = heap[c];
    placed(heap[i].id, i);
    i = c;
  }
  heap[i] = last;
  placed(last.id, i);
  return result;
}

// Scratch memory of one low-level search, owned by one thread and reused across queries.
//
// Node arrays are indexed by a search-local id and stamped with the search number, so starting a
// search costs O(1): nothing is cleared and, once the arrays have grown to the largest area searched,
// nothing is allocated. A node is "open" (generated) in search s when stamp == 2s and closed when
// stamp == 2s + 1; any other stamp means untouched.
//
// ParentT is what a node remembers of how it was reached: a move direction (uint8_t) for searches over
// cells, a node id (uint32_t) for searches over an abstract graph.
template <typename ParentT>
class BasicSearchSpace {
 public:
  // The heap orders by one integer key: f in fixed point (18 fraction bits, below 2^25; largeKey above),
  // then h (smaller first: among equal f the node nearer the goal, which saves expansions on ties).
  // Distinct path lengths a + b√2 on grids up to 8192² differ by far more than 2^-18, so the order of
  // different f values, and hence optimality, is kept; with terrain costs, f values closer than that
  // may pop in either order, which costs at most 2^-18 (relative 2^-32 above 2^25) of optimality. One
  // integer compare per heap step is what makes it fast.
  using HeapEntry = SearchHeapEntry;
  static uint64_t keyOf(double f, double h) {
    // Through int64_t: one conversion instruction (values stay far below 2^63), where a direct
    // double -> uint64_t conversion needs a branch on x86-64.
    const uint64_t fixedF =
        f < kFixedLimit ? static_cast<uint64_t>(static_cast<int64_t>(f * 262144.0 + 0.5)) : largeKey(f);
    const double hq = h * 4.0;
    const uint64_t tie = hq < 1048575.0 ? static_cast<uint64_t>(static_cast<int64_t>(hq)) : 1048575u;
    return (fixedF << 20) | tie;
  }

  // Costs from 2^25 on (weighted paths on large maps; no unweighted path reaches it: 8192² cells times
  // √2 is below) continue the key from the double's bits, which order like the values for every
  // non-negative double: 32 bits of mantissa kept, so the order is exact to a relative 2^-32, and the
  // key stays below 2^44 up to infinity (no overflow into the tie bits, no undefined conversion).
  static constexpr double kFixedLimit = 33554432.0;  // 2^25
  static uint64_t largeKey(double f) {
    // __builtin_bit_cast: Emscripten 3.1.6's libc++ has no std::bit_cast.
    return (uint64_t{1} << 43) + ((__builtin_bit_cast(uint64_t, f) - __builtin_bit_cast(uint64_t, kFixedLimit)) >> 20);
  }

  // Starts a new search over `nodeCount` ids. `decreaseKey`: the search uses pushOrDecrease, which
  // keeps each node's heap slot (an array the other searches do without).
  void begin(uint32_t nodeCount, bool decreaseKey = false) {
    if (nodeCount > stamp_.size()) {
      stamp_.resize(nodeCount, 0);
      g_.resize(nodeCount);
      parent_.resize(nodeCount);
    }
    if (decreaseKey && position_.size() < stamp_.size()) position_.resize(stamp_.size());
    if (search_ >= 0x7FFFFFFEu) {  // stamps would wrap: clear once every ~2 billion searches
      std::fill(stamp_.begin(), stamp_.end(), 0u);
      search_ = 0;
    }
    ++search_;
    heap_.clear();
  }

  uint32_t openStamp() const { return search_ * 2; }
  uint32_t closedStamp() const { return search_ * 2 + 1; }
  bool seen(uint32_t id) const { return stamp_[id] >= openStamp() && stamp_[id] <= closedStamp(); }
  bool closed(uint32_t id) const { return stamp_[id] == closedStamp(); }

  uint32_t* stamps() { return stamp_.data(); }
  double* g() { return g_.data(); }
  ParentT* parents() { return parent_.data(); }
  const double* g() const { return g_.data(); }
  const ParentT* parents() const { return parent_.data(); }
  const uint32_t* stamps() const { return stamp_.data(); }

  // Binary min-heap on keyOf(f, h). Entries are never decreased in place: a better g pushes a new entry
  // and the stale one is skipped when popped (its node is closed by then).
  void push(double f, double h, uint32_t id) {
    heap_.push_back(HeapEntry{keyOf(f, h), id});
    siftUp(heap_.data(), heap_.size() - 1, heap_.back(), [](uint32_t, size_t) {});
  }
  // Decrease-key variant for searches with few nodes and many edges (abstract graphs): each node is in
  // the heap at most once. `inHeap` says whether `id` was pushed with pushOrDecrease in this search and
  // not popped yet (the caller knows it from the node's stamp). Do not mix with push() in one search,
  // and start the search with begin(n, true).
  __attribute__((always_inline)) void pushOrDecrease(double f, double h, uint32_t id, bool inHeap) {
    uint32_t* position = position_.data();
    size_t i;
    if (inHeap) {
      i = position[id];
    } else {
      heap_.push_back(HeapEntry{0, id});
      i = heap_.size() - 1;
    }
    siftUp(heap_.data(), i, HeapEntry{keyOf(f, h), id},
           [position](uint32_t node, size_t slot) { position[node] = static_cast<uint32_t>(slot); });
  }
  HeapEntry popIndexed() {
    uint32_t* position = position_.data();
    return popMin(heap_, [position](uint32_t node, size_t slot) { position[node] = static_cast<uint32_t>(slot); });
  }

  bool empty() const { return heap_.empty(); }
  const HeapEntry& top() const { return heap_.front(); }
  HeapEntry pop() {
    return popMin(heap_, [](uint32_t, size_t) {});
  }

  size_t bytes() const {
    return stamp_.capacity() * sizeof(uint32_t) + g_.capacity() * sizeof(double) +
           parent_.capacity() * sizeof(ParentT) + heap_.capacity() * sizeof(HeapEntry) +
           position_.capacity() * sizeof(uint32_t);
  }

 private:
  uint32_t search_ = 0;
  std::vector<uint32_t> stamp_;
  std::vector<double> g_;
  std::vector<ParentT> parent_;
  std::vector<HeapEntry> heap_;
  std::vector<uint32_t> position_;  // heap slot of each node, for pushOrDecrease
};

// Scratch of searches over cells: the parent is the direction of the move that reached the cell (Moves.h).
using SearchSpace = BasicSearchSpace<uint8_t>;
// Scratch of searches over abstract nodes: the parent is the previous node's id.
using NodeSearchSpace = BasicSearchSpace<uint32_t>;

}  // namespace hpastar
