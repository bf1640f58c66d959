#pragma once
// What the memory estimates of the layers above (hpa/HierarchyMemory, shpa/ShpaMemory, the .map reader's
// bound) add to the bytes their data holds, so that they bound what the allocator hands out: the wasm
// bindings grow the heap by these figures before a call (bindings/HeapReservation.h), and a call whose
// allocations outrun them would hit the out-of-memory abort instead of a clean refusal.
#include <bit>
#include <cstdint>

namespace hpastar {

// Bytes one heap allocation can take beyond its size: wasm32's dlmalloc adds a 4-byte header, rounds to
// 8 bytes and gives at least 16 (at most 15 more than asked); glibc on 64 bits reports at most 15 more
// usable bytes than asked.
inline constexpr uint64_t kAllocationOverhead = 16;

// The capacity of a vector filled by push_back from empty: at most the next power of two (libc++ and
// libstdc++ both double).
inline uint64_t grownCapacity(uint64_t n) { return n == 0 ? 0 : std::bit_ceil(n); }
// The most items' room such a vector holds while it grows to n: its last capacity and, while the items
// move there, the one before.
inline uint64_t grownPeakCapacity(uint64_t n) { return grownCapacity(n) + grownCapacity(n) / 2; }

}  // namespace hpastar
