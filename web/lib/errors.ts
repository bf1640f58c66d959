// The module's refusals as Error classes that callers can catch, each chosen by the status code the module
// gives it (contract/Status.h, Detour's dtStatus: a kind and detail bits), never by reading the message.
// Shared by the API (internal.ts turns the module's failures into errors) and the pool (a worker's
// refused build).
import {
  FAILURE_SEPARATOR,
  STATUS_DETAIL_MASK,
  STATUS_KIND_SHIFT,
  STATUS_KINDS,
  type StatusKindName,
} from './generated/contract.ts';

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

/** The name of a status code's kind (`'OutOfMemory'`, `'NoPath'`, ...; `'Ok'` for 0). */
export function statusKindOf(code: number): StatusKindName {
  const kind = code >>> STATUS_KIND_SHIFT;
  const name = (Object.keys(STATUS_KINDS) as StatusKindName[]).find((k) => STATUS_KINDS[k] === kind);
  return name ?? 'Refused';
}

/** The detail bits of a status code: a union of `StatusDetail` values (`STATUS_DETAILS` of the generated contract). */
export function statusDetailsOf(code: number): number {
  return code & STATUS_DETAIL_MASK;
}

/** A status code of `kind`, with `details`. */
export function statusCode(kind: StatusKindName, details = 0): number {
  return ((STATUS_KINDS[kind] << STATUS_KIND_SHIFT) | (details & STATUS_DETAIL_MASK)) >>> 0;
}

/**
 * An Error the module's refusal was turned into: a TypeError, RangeError or Error, as its code's kind
 * chooses, with the code. {@link OutOfMemoryError} and `PathQueryError` carry a code too.
 */
export type StatusError = Error & { readonly code: number };

/**
 * @internal `error` with its status code as `code`: read-only and, like an error's `name`, not enumerable,
 * so that errors print, serialize and compare (vitest's `toThrow(new RangeError(...))`) by their message.
 */
export function withCode<E extends Error>(error: E, code: number): E & { readonly code: number } {
  return Object.defineProperty(error, 'code', { value: code, enumerable: false, writable: false, configurable: true }) as E & { readonly code: number };
}

/**
 * Thrown when a call needs more memory than the WebAssembly heap has and can grow to (the browser has no
 * memory left, or the module is at its 4 GB maximum). The module checks before the call allocates, so
 * nothing was changed and the module goes on working: its grids, planners and query objects are intact.
 * Dispose of what is no longer needed and try again, or use smaller inputs or options.
 *
 * A RangeError, as the memory budget refusal of `HPAStar.build` is. Its `code` is of kind `'OutOfMemory'`.
 */
export class OutOfMemoryError extends RangeError implements OutOfMemoryFigures {
  readonly what: string;
  readonly bytesNeeded: number;
  readonly bytesFree: number;
  readonly heapBytes: number;
  readonly heapMaxBytes: number;
  /** The module's status code, of kind `'OutOfMemory'` (see `statusKindOf`); not enumerable. */
  declare readonly code: number;

  /**
   * @param message - the message, naming the call
   * @param figures - what needed how much, and the heap's figures
   * @param code - the module's status code (an OutOfMemory code without details by default)
   */
  constructor(message: string, figures: OutOfMemoryFigures, code = statusCode('OutOfMemory')) {
    super(message);
    this.name = 'OutOfMemoryError';
    this.what = figures.what;
    this.bytesNeeded = figures.bytesNeeded;
    this.bytesFree = figures.bytesFree;
    this.heapBytes = figures.heapBytes;
    this.heapMaxBytes = figures.heapMaxBytes;
    withCode(this, code);
  }
}

/**
 * @internal A failure as the module answers it: the message, the status code when the module gives one,
 * and the figures of an OutOfMemory failure (cpp/bindings/Failure.h).
 */
export interface RawFailure {
  readonly error: string;
  readonly code?: number;
  readonly figures?: OutOfMemoryFigures;
}

/**
 * @internal The fields of a failure string of the module, `"<code>␟<message>[␟<figures>]"`, or the whole
 * string as the message when it carries no code.
 */
export function failureOf(failure: string | RawFailure): RawFailure {
  if (typeof failure !== 'string') return failure;
  const fields = failure.split(FAILURE_SEPARATOR);
  if (fields.length === 1) return { error: failure };
  const [code, error, what, needed, free, heap, max] = fields;
  // The code and the message; an OutOfMemory failure adds its five figures (HeapReservation.cpp).
  if (fields.length !== 7) return { error, code: Number(code) };
  const figures = { what, bytesNeeded: Number(needed), bytesFree: Number(free), heapBytes: Number(heap), heapMaxBytes: Number(max) };
  return { error, code: Number(code), figures };
}

type ErrorClass = ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor;

// The status code of a failure the module gave no code: the kind of the class its call documents.
function codeOfClass(Kind: ErrorClass): number {
  if (Kind === RangeError) return statusCode('OutOfRange');
  return statusCode(Kind === TypeError ? 'BadArgument' : 'Refused');
}

/**
 * @internal The Error of a module's failure with `message`, its class chosen by the failure's code:
 * OutOfMemory → {@link OutOfMemoryError}, BadArgument → TypeError, OutOfRange → RangeError, any other
 * kind → Error. A failure without a code (the module did not classify it) gets the class `Kind` its
 * call documents, and the code of that class's kind.
 */
export function errorOfFailure(message: string, failure: RawFailure, Kind: ErrorClass = Error): StatusError {
  const code = failure.code ?? codeOfClass(Kind);
  const kind = statusKindOf(code);
  if (kind === 'OutOfMemory' && failure.figures) return new OutOfMemoryError(message, failure.figures, code);
  const Class = kind === 'BadArgument' ? TypeError : kind === 'OutOfRange' || kind === 'OutOfMemory' ? RangeError : Error;
  return withCode(new Class(message), code);
}
