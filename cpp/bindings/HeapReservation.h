#pragma once
// Room in the WebAssembly heap, made before a call that allocates in proportion to its input.
//
// The heap grows on demand, and when it cannot (the browser has no memory left, or the module is at
// -sMAXIMUM_MEMORY) the failing allocation can only stop the module (OutOfMemory.cpp): the core has no
// exceptions to unwind with, and the caller's objects would be lost with it. So every binding whose call
// allocates in proportion to its input (a grid, a map, a build, a load, a save, a copy of a grid) first
// asks for the bytes the core says the call needs at most (grid/AllocationSize.h and the estimates it
// names), and grows the heap then, before anything is touched. If the heap cannot grow, the call is
// refused with an OutOfMemory status that TypeScript turns into an OutOfMemoryError, and the module goes on working.
//
// Smaller allocations (handles, option strings, the scratch of one search, calls needing less than 64
// KiB) are not reserved: the module keeps running while the heap has any room left, and OutOfMemory.cpp
// stays the last resort.
#include <cstdint>
#include <string>
#include <string_view>

namespace hpastar::bindings {

// "" when `bytes` more can be allocated without the heap having to grow during the call (it grew now if
// it had to), else an OutOfMemory failure (Failure.h) with the figures as fields, whose message is "out of
// memory: <what> needs about N bytes (X MiB), F bytes are free at the end of the heap, and the
// WebAssembly heap of H bytes could not grow to W bytes (at most M)". The free bytes are
// the ones every allocation can use: the allocator's top chunk (mallinfo().keepcost) and the heap above
// its break, one block at the end of the heap.
std::string reserveHeap(uint64_t bytes, std::string_view what);

}  // namespace hpastar::bindings
