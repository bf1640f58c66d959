#include "bindings/HeapReservation.h"

#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>

#include "bindings/Failure.h"
#include "contract/DecimalText.h"

namespace hpastar::bindings {
namespace {

// The allocator extends its top a page (4 KiB) at a time and keeps a few words there; the call's small
// allocations (strings, handles) come on top of what its bound counts.
constexpr uint64_t kSlack = uint64_t{16} << 10;
// Below this a call is not checked (an edit of a few cells, a small grid): when the heap has not even
// that much left, the next small allocation anywhere would stop the module anyway, and checking costs a
// walk over the allocator's chunks whenever the heap's untouched end is short.
constexpr uint64_t kSmallest = uint64_t{64} << 10;

std::string mib(uint64_t bytes) { return fixedText(static_cast<double>(bytes) / (1 << 20), 1); }

}  // namespace

std::string reserveHeap(uint64_t bytes, std::string_view what) {
  if (bytes < kSmallest) return "";
  const uint64_t needed = bytes + kSlack;
  const uint64_t heap = emscripten_get_heap_size();
  // The heap above the break has never been handed to the allocator: enough of it settles the question
  // without walking the allocator's chunks.
  uint64_t free = heap - reinterpret_cast<uintptr_t>(sbrk(0));
  if (free >= needed) return "";
  // The allocator's top chunk ends at the break: with the heap above it, one block that any allocation
  // can use (mallinfo walks every chunk to tell its size, so only here). Chunks freed below it are not
  // counted: they may be pieces smaller than the call's blocks (the allocator still uses them first, so
  // they add room, never take it).
  free += static_cast<uint32_t>(mallinfo().keepcost);
  if (free >= needed) return "";
  // Growing to exactly what is missing: emscripten_resize_heap may grow more (geometrically), never less,
  // and must not be asked for a size the heap already has (it would grow anyway).
  const uint64_t wanted = heap + (needed - free);
  const uint64_t max = emscripten_get_heap_max();
  if (wanted <= max && emscripten_resize_heap(static_cast<size_t>(wanted))) return "";
  const std::string message = "out of memory: " + std::string(what) + " needs about " + std::to_string(bytes) +
                              " bytes (" + mib(bytes) + " MiB), " + std::to_string(free) +
                              " bytes are free at the end of the heap, and the WebAssembly heap of " +
                              std::to_string(heap) + " bytes could not grow to " + std::to_string(wanted) +
                              " bytes (at most " + std::to_string(max) + ")";
  // The figures as fields after the message (Failure.h), so that nobody reads them out of its text.
  std::string out = failure(StatusKind::OutOfMemory, message);
  for (const std::string& field :
       {std::string(what), std::to_string(bytes), std::to_string(free), std::to_string(heap), std::to_string(max)})
    out += kFailureSeparator + field;
  return out;
}

}  // namespace hpastar::bindings
