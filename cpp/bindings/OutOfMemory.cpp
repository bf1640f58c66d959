// What the wasm builds do when the heap cannot grow any more. The core is built without exceptions, so
// a failed allocation cannot unwind: libc++'s operator new would call abort() with no reason, and the
// TypeScript layer could only guess ("out of memory?"). Replacing the global operator new (allowed by
// the standard, for the whole program) lets the abort say what happened, with the figures a user needs.
// The module is still stopped afterwards (the TypeScript layer refuses further calls). This is the last
// resort: the calls that allocate in proportion to their input make room in the heap first and are
// refused cleanly when they cannot (HeapReservation.h); what reaches this file is what nothing reserved,
// such as the scratch a search grows on its first query of a large grid.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <cstdlib>
#include <new>

namespace {

// Runs in the module's JavaScript scope, where `abort` and `HEAP8` are.
EM_JS(void, hpastarAbortOutOfMemory, (double requested, double heapMax), {
  abort('out of memory: could not allocate ' + requested + ' bytes: the WebAssembly heap has ' + HEAP8.length +
        ' bytes and could not grow (at most ' + heapMax + ')');
});

[[noreturn]] void outOfMemory(std::size_t bytes) {
  hpastarAbortOutOfMemory(static_cast<double>(bytes), static_cast<double>(emscripten_get_heap_max()));
  std::abort();  // not reached: abort() in JavaScript throws
}

}  // namespace

void* operator new(std::size_t bytes) {
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  outOfMemory(bytes);
}

void* operator new(std::size_t bytes, std::align_val_t alignment) {
  const auto align = static_cast<std::size_t>(alignment);
  const std::size_t rounded = (bytes + align - 1) / align * align;
  if (void* p = std::aligned_alloc(align, rounded == 0 ? align : rounded)) return p;
  outOfMemory(bytes);
}
