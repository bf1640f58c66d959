// The module's refusal of a call for want of memory, as an Error class that callers can catch. Shared by
// the API (internal.ts turns the module's messages into errors) and the pool (a worker's refused build).

// What the module answers when it could not make room for a call (cpp/bindings/HeapReservation.h).
const OUT_OF_MEMORY =
  /^out of memory: (.+) needs about (\d+) bytes \([^)]*\), (\d+) bytes are free at the end of the heap, and the WebAssembly heap of (\d+) bytes could not grow to \d+ bytes \(at most (\d+)\)$/;

/** The figures of an {@link OutOfMemoryError}, in bytes. */
export interface OutOfMemoryFigures {
  /** What needed the memory, as the module names it (`'the hierarchy'`, `'the grid'`, ...). */
  readonly what: string;
  /** The most the call would have allocated. */
  readonly bytesNeeded: number;
  /**
   * What was free at the end of the WebAssembly heap, in one block. Blocks freed elsewhere are not
   * counted: they may be too small for the call's (the allocator still uses them first).
   */
  readonly bytesFree: number;
  /** The size of the WebAssembly heap. */
  readonly heapBytes: number;
  /** The most the heap may grow to (the module's maximum; a browser may give less). */
  readonly heapMaxBytes: number;
}

/**
 * Thrown when a call needs more memory than the WebAssembly heap has and can grow to (the browser has no
 * memory left, or the module is at its 4 GB maximum). The module checks before the call allocates, so
 * nothing was changed and the module goes on working: its grids, planners and query objects are intact.
 * Dispose of what is no longer needed and try again, or use smaller inputs or options.
 *
 * A RangeError, as the memory budget refusal of `HPAStar.build` is.
 */
export class OutOfMemoryError extends RangeError implements OutOfMemoryFigures {
  readonly what: string;
  readonly bytesNeeded: number;
  readonly bytesFree: number;
  readonly heapBytes: number;
  readonly heapMaxBytes: number;

  /**
   * @param message - the message, naming the call
   * @param figures - what needed how much, and the heap's figures
   */
  constructor(message: string, figures: OutOfMemoryFigures) {
    super(message);
    this.name = 'OutOfMemoryError';
    this.what = figures.what;
    this.bytesNeeded = figures.bytesNeeded;
    this.bytesFree = figures.bytesFree;
    this.heapBytes = figures.heapBytes;
    this.heapMaxBytes = figures.heapMaxBytes;
  }
}

/** @internal The OutOfMemoryError of a module's message, named after `where`; null for other messages. */
export function outOfMemoryError(where: string, message: string): OutOfMemoryError | null {
  const figures = OUT_OF_MEMORY.exec(message);
  if (!figures) return null;
  const [, what, needed, free, heap, max] = figures;
  return new OutOfMemoryError(`${where}: ${message}`, {
    what,
    bytesNeeded: Number(needed),
    bytesFree: Number(free),
    heapBytes: Number(heap),
    heapMaxBytes: Number(max),
  });
}
