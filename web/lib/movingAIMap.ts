/**
 * The Moving AI `.map` reader in plain TypeScript: a map's text to its terrain bytes without the
 * WebAssembly module, on the main thread or in a worker (a pool made from a map's text needs nothing
 * else). It follows the core's reader (cpp/io/MovingAIMap.cpp, io/TextLines.h) rule for rule and word
 * for word: tests/web/map-parser.test.ts checks that both accept and refuse the same texts, with the
 * same messages, on every map of maps/ and on malformed ones.
 * @module
 */
import { describe } from './args.ts';
import { GRID_LIMITS, isTerrainByte } from './terrain.ts';
import type { TerrainData } from './types.ts';

/** A map read by {@link parseMovingAIMap}: `width * height` terrain character codes, row-major. */
export interface MovingAIMap extends TerrainData {
  readonly width: number;
  readonly height: number;
  /** The character codes, row-major (`terrain[y * width + x]`), e.g. 46 (`'.'`) for ground. */
  readonly terrain: Uint8Array;
}

const NEWLINE = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

/** The problem and the line (1-based; 0 when on no line) of a refused map. */
class MapProblem {
  constructor(
    readonly line: number,
    readonly message: string,
  ) {}
}

/** Lines of bytes, numbered from 1, a trailing '\r' dropped (TextLines). */
class Lines {
  #pos = 0;
  #number = 0;
  constructor(readonly bytes: Uint8Array) {}

  /** The next line as [start, end) in `bytes`, or null at the end. */
  next(): [number, number] | null {
    const b = this.bytes;
    if (this.#pos >= b.length) return null;
    let end = b.indexOf(NEWLINE, this.#pos);
    if (end < 0) end = b.length;
    const start = this.#pos;
    this.#pos = end + 1;
    this.#number++;
    return [start, end > start && b[end - 1] === CR ? end - 1 : end];
  }

  get number(): number {
    return this.#number;
  }
}

const decoder = new TextDecoder();
const isGap = (byte: number | undefined) => byte === SPACE || byte === TAB;

/** [start, end) without the spaces and tabs around it. */
function trim(b: Uint8Array, start: number, end: number): [number, number] {
  while (start < end && isGap(b[start])) start++;
  while (end > start && isGap(b[end - 1])) end--;
  return [start, end];
}

/**
 * A header line: the key up to the first space or tab, and the value after it, trimmed
 * (splitHeaderLine), as text and as bytes (messages quote the bytes, as the core does).
 */
function header(b: Uint8Array, [start, end]: [number, number]): { key: string; value: string; valueBytes: Uint8Array } {
  [start, end] = trim(b, start, end);
  let gap = start;
  while (gap < end && !isGap(b[gap])) gap++;
  const valueBytes = b.subarray(...trim(b, gap, end));
  return { key: decoder.decode(b.subarray(start, gap)), value: decoder.decode(valueBytes), valueBytes };
}

/** A string in double quotes, cut after 40 bytes (the core's `quoted`). */
function quoted(b: Uint8Array): string {
  const cut = b.length > 40;
  return `"${decoder.decode(cut ? b.subarray(0, 40) : b)}${cut ? '...' : ''}"`;
}

/** An int as std::from_chars reads it: an optional '-', digits, nothing else, within 32 bits. */
function parseInt32(value: string): number | null {
  if (!/^-?[0-9]+$/.test(value)) return null;
  const n = Number(value);
  return n >= INT32_MIN && n <= INT32_MAX ? n + 0 : null;
}

function parse(bytes: Uint8Array): MovingAIMap | MapProblem {
  const lines = new Lines(bytes);
  let line = lines.next();
  if (!line) return new MapProblem(1, 'empty file, expected "type octile"');
  {
    const type = header(bytes, line);
    if (type.key !== 'type' || type.value === '') {
      return new MapProblem(lines.number, `expected "type octile", found ${quoted(bytes.subarray(...line))}`);
    }
    if (type.value !== 'octile') return new MapProblem(lines.number, `map type ${quoted(type.valueBytes)} is not supported (only octile)`);
  }
  const size: Record<'height' | 'width', number> = { height: -1, width: -1 };
  // height and width, in either order, then "map".
  for (;;) {
    line = lines.next();
    if (!line) return new MapProblem(lines.number + 1, 'unexpected end of file, expected "map"');
    const { key, value, valueBytes } = header(bytes, line);
    if (key === 'map' && value === '') break;
    if (key !== 'height' && key !== 'width') {
      return new MapProblem(lines.number, `expected "height", "width" or "map", found ${quoted(bytes.subarray(...line))}`);
    }
    if (size[key] !== -1) return new MapProblem(lines.number, `"${key}" given twice`);
    const v = parseInt32(value);
    if (v === null) return new MapProblem(lines.number, `${key} ${quoted(valueBytes)} is not a number`);
    if (v < 1 || v > GRID_LIMITS.maxSide) return new MapProblem(lines.number, `${key} ${v} is outside 1..${GRID_LIMITS.maxSide}`);
    size[key] = v;
  }
  const { width, height } = size;
  if (height === -1) return new MapProblem(lines.number, '"map" before "height"');
  if (width === -1) return new MapProblem(lines.number, '"map" before "width"');
  // Both sides are in range, but not every pair is (Grid::checkSize).
  if (width * height > GRID_LIMITS.maxCells) {
    return new MapProblem(lines.number, `grid size ${width}x${height} has ${width * height} cells, more than the ${GRID_LIMITS.maxCells} allowed`);
  }

  const terrain = new Uint8Array(width * height);
  for (let row = 0; row < height; ++row) {
    line = lines.next();
    if (!line) return new MapProblem(lines.number + 1, `map has ${row} rows, header says height ${height}`);
    const [start, end] = line;
    if (end - start !== width) {
      return new MapProblem(lines.number, `row ${row} has ${end - start} characters, header says width ${width}`);
    }
    for (let x = 0; x < width; ++x) {
      const c = bytes[start + x]!;
      if (!isTerrainByte(c)) {
        const shown = c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte ${c}`;
        return new MapProblem(lines.number, `unknown terrain character ${shown} at column ${x + 1} (cell ${x}, ${row})`);
      }
    }
    terrain.set(bytes.subarray(start, end), row * width);
  }
  while ((line = lines.next())) {
    const [start, end] = trim(bytes, ...line);
    if (start !== end) return new MapProblem(lines.number, `more rows than the header's height ${height}`);
  }
  return { width, height, terrain };
}

/**
 * Reads a map in the Moving AI `.map` format (`type octile`, `height H`, `width W` in either order,
 * `map`, then H rows of W terrain characters) into its terrain: plain TypeScript, no WebAssembly module,
 * on the main thread or in a worker. It accepts exactly what `Grid.fromMovingAI` accepts (lines ending in
 * `\n` or `\r\n`, tabs wherever a space may be, blank lines after the last row, sides of 1 to 8192 and at
 * most 16,777,216 cells) and refuses the rest with the same message, naming the file, the line and the
 * value.
 *
 * The result goes as it is to `createPathPool({ map })`, to `hp.Grid.fromTerrain(terrain, width,
 * height)`, or to a canvas (`TERRAIN` and `isPassableTerrain` say what each code is).
 * @example
 * ```ts
 * const { width, height, terrain } = parseMovingAIMap(text, 'den520d.map');
 * const pool = await createPathPool({ map: { width, height, terrain }, workers: 2 });
 * ```
 * @param text - the file's content, as a string or as its bytes (UTF-8, as read from disk or fetched)
 * @param fileName - the name used in error messages (default `'map'`, as `Grid.fromMovingAI`'s)
 * @returns the size and a new array of `width * height` character codes, row-major
 * @throws TypeError - when `text` is neither a string nor a Uint8Array, or `fileName` not a string
 * @throws Error - `"<fileName>:<line>: <problem>"` when the text is not a valid map, e.g.
 *   `"bad.map:7: row 2 has 3 characters, header says width 4"`
 */
export function parseMovingAIMap(text: string | Uint8Array, fileName = 'map'): MovingAIMap {
  const where = 'parseMovingAIMap';
  if (typeof text !== 'string' && !(text instanceof Uint8Array)) {
    throw new TypeError(`${where}: text must be a string or a Uint8Array, got ${describe(text)}`);
  }
  if (typeof fileName !== 'string') throw new TypeError(`${where}: fileName must be a string, got ${describe(fileName)}`);
  const result = parse(typeof text === 'string' ? new TextEncoder().encode(text) : text);
  if (!(result instanceof MapProblem)) return result;
  // ParseError::toString: "<input>" for an empty name, the line only when there is one.
  const file = fileName === '' ? '<input>' : fileName;
  throw new Error(`${file}${result.line > 0 ? `:${result.line}` : ''}: ${result.message}`);
}
