// The argument checks of every public function, declared once. embind converts a JavaScript number to
// a C++ int with ToInt32 (2**32 + 1 becomes 1, 1.7 becomes 1, '1' becomes 1) and a string to bytes by
// keeping each character's low byte, so without these checks a wrong argument gives a quiet wrong
// answer. Each checker returns the value, typed, or throws: a TypeError for the wrong kind of value
// (a string for a number, a fraction for an integer), a RangeError for a value outside what the call
// takes. Every message names the function, the argument and the value:
// `Grid.passable: x must be an integer, got 1.7`.
//
// Only what the wasm boundary would distort is checked here; the core's own rules (the largest map
// side, which bytes are terrain) stay the core's, with its messages.
import type { Point, Voxel } from './types.ts';

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

function integer(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${where}: ${name} must be an integer, got ${describe(value)}`);
  }
  return value;
}

/** An integer in `min..max` (both included). */
export function integerIn(where: string, name: string, value: unknown, min: number, max: number): number {
  const n = integer(where, name, value);
  if (n < min || n > max) throw new RangeError(`${where}: ${name} must be an integer in ${min}..${max}, got ${describe(value)}`);
  return n;
}

/**
 * A cell coordinate: any 32-bit integer (a cell outside the map is an answer of its own, such as
 * `passable` giving false), never a fraction or a number wasm would wrap.
 */
export function coordinate(where: string, name: string, value: unknown): number {
  return int32(where, name, value);
}

/** Any 32-bit integer: what an `int` of the module takes unchanged (the core checks its own range). */
export function int32(where: string, name: string, value: unknown): number {
  return integerIn(where, name, value, INT32_MIN, INT32_MAX);
}

/** A count or a size: 1 or more, within 32 bits (the core sets its own upper limits). */
export function positiveInt(where: string, name: string, value: unknown): number {
  return integerIn(where, name, value, 1, INT32_MAX);
}

/** An index into something of `count` elements. */
export function indexIn(where: string, name: string, value: unknown, count: number): number {
  if (count === 0) {
    integer(where, name, value);
    throw new RangeError(`${where}: ${name} ${describe(value)} is outside an empty batch`);
  }
  return integerIn(where, name, value, 0, count - 1);
}

/** A rectangle of cells `[x, y, w, h]`. */
export type Rect = [x: number, y: number, w: number, h: number];

/**
 * The rectangle of a bulk accessor (`Grid.passableRect`, ...): 32-bit integers, `x` and `y` 0 by
 * default, `w` and `h` by default what is left of the map from there. Whether it lies inside the map is
 * the core's rule, and its message.
 */
export function rectangle(where: string, x: unknown, y: unknown, w: unknown, h: unknown, width: number, height: number): Rect {
  const rx = x === undefined ? 0 : int32(where, 'x', x);
  const ry = y === undefined ? 0 : int32(where, 'y', y);
  const rw = w === undefined ? Math.max(0, width - rx) : int32(where, 'w', w);
  const rh = h === undefined ? Math.max(0, height - ry) : int32(where, 'h', h);
  return [rx, ry, rw, rh];
}

/** A cell `{ x, y }` with 32-bit integer coordinates. */
export function cell(where: string, name: string, value: unknown): Point {
  const p = value as Partial<Point> | null | undefined;
  if (typeof p !== 'object' || p === null || typeof p.x !== 'number' || typeof p.y !== 'number' ||
      !Number.isInteger(p.x) || !Number.isInteger(p.y)) {
    throw new TypeError(`${where}: ${name} must be a cell with integer x and y, got ${describe(value)}`);
  }
  if (p.x < INT32_MIN || p.x > INT32_MAX || p.y < INT32_MIN || p.y > INT32_MAX) {
    throw new RangeError(`${where}: ${name} must be a cell with 32-bit integer x and y, got ${describe(value)}`);
  }
  return p as Point;
}

/** A block world's cell `{ x, y, z }` with 32-bit integer coordinates. */
export function voxel(where: string, name: string, value: unknown): Voxel {
  const v = value as Partial<Voxel> | null | undefined;
  if (typeof v !== 'object' || v === null || ![v.x, v.y, v.z].every((c) => typeof c === 'number' && Number.isInteger(c))) {
    throw new TypeError(`${where}: ${name} must be a cell with integer x, y and z, got ${describe(value)}`);
  }
  for (const c of ['x', 'y', 'z'] as const) int32(where, `${name}.${c}`, v[c]);
  return v as Voxel;
}

/** A string. */
export function text(where: string, name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${where}: ${name} must be a string, got ${describe(value)}`);
  return value;
}

/**
 * Terrain as bytes: a Uint8Array as it is, or a string whose characters are all one byte (code 0 to
 * 255), converted without loss. The core then says which bytes are terrain.
 */
export function terrainBytes(where: string, name: string, value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value !== 'string') {
    throw new TypeError(`${where}: ${name} must be a Uint8Array or a string, got ${describe(value)}`);
  }
  const bytes = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 0xff) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw new RangeError(`${where}: ${name} has ${JSON.stringify(value[i])} (U+${hex}) at index ${i}, which is not a terrain character`);
    }
    bytes[i] = code;
  }
  return bytes;
}

/** A Uint8Array. */
export function byteArray(where: string, name: string, value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${where}: ${name} must be a Uint8Array, got ${describe(value)}`);
  return value;
}

/** A function. */
export function callback<F extends (...args: never[]) => unknown>(where: string, name: string, value: unknown): F {
  if (typeof value !== 'function') throw new TypeError(`${where}: ${name} must be a function, got ${describe(value)}`);
  return value as F;
}

/** A short, safe rendering of a value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${(value as unknown as ArrayLike<number>).length})`;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return String(value);
  }
}
