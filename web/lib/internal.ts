// Shared by the modules of web/lib and not exported by the package: argument checks, packing into typed
// arrays, and the guard that turns a WebAssembly trap into an Error.
import { cell, describe, int32, rectangle } from './args.ts';
import { errorOfFailure, failureOf, statusDetailsOf, type OutOfMemoryError, type RawFailure, type StatusError } from './errors.ts';
import type { ModuleState } from './moduleState.ts';
import { HAA_OPTION_KINDS, HIERARCHY_OPTION_KINDS, LIMITS, SHPA_OPTION_KINDS, STATUS_DETAILS, type OptionKind } from './generated/contract.ts';
import { TERRAIN } from './terrain.ts';

export { describe } from './args.ts';
import type { HaaOptions, HierarchyOptions, Point, ResolvedHaaOptions, ResolvedHierarchyOptions, ResolvedShpaOptions, ShpaOptions, TerrainCostTable, TerrainCosts, TerrainEdit } from './types.ts';

// `Symbol.dispose` and `Symbol.asyncDispose` are in Node >= 20 and current browsers; elsewhere use the
// well-known registry keys that TypeScript's `using` helpers and core-js also use, so that
// `[Symbol.dispose]` is never "undefined".
(Symbol as { dispose?: symbol }).dispose ??= Symbol.for('Symbol.dispose');
(Symbol as { asyncDispose?: symbol }).asyncDispose ??= Symbol.for('Symbol.asyncDispose');

/** Constructors take this token so that only the package can wrap raw handles. */
export const internal: unique symbol = Symbol('hpastar.internal');

/** Frees C++ objects that were garbage-collected without dispose(): a safety net, not the API. */
const finalizer = new FinalizationRegistry<{ delete(): void }>((raw) => {
  try {
    raw.delete();
  } catch {
    // The module may have stopped; nothing left to free.
  }
});

/**
 * A raw C++ object owned by one wrapper: handed out while alive and while its module runs, freed once
 * by dispose() (or by the finalizer if the wrapper is garbage-collected first), an Error naming the
 * wrapper afterwards.
 */
class OwnedHandle<Raw extends { delete(): void }> {
  #raw: Raw | null;
  readonly #name: string;
  readonly #state: ModuleState;

  constructor(owner: object, raw: Raw, name: string, state: ModuleState) {
    this.#raw = raw;
    this.#name = name;
    this.#state = state;
    finalizer.register(owner, raw, this);
  }

  get(): Raw {
    if (!this.#raw) throw new Error(`this ${this.#name} has been disposed`);
    this.#state.check(this.#name);
    return this.#raw;
  }

  peek(): Raw | null {
    return this.#raw;
  }

  dispose(): void {
    if (!this.#raw) return;
    finalizer.unregister(this);
    // A stopped module is not called again, not even to free: its memory goes with it.
    if (!this.#state.stopped) this.#raw.delete();
    this.#raw = null;
  }
}

/** @internal What the `internal` token gives of a {@link WasmObject}: its raw object, and the state of its module. */
export interface RawAccess<Raw> {
  readonly raw: Raw;
  readonly state: ModuleState;
}

/**
 * The base of every class that holds wasm memory (Grid, AStar, HPAStar, HPAStarQuery, PathPlan,
 * SHPAStar): one raw embind object, `dispose()` and `[Symbol.dispose]`, a finalizer as a safety net,
 * and an Error naming the class when it is used after disposal or after its module stopped (an abort
 * or a trap: {@link ModuleState}).
 */
export abstract class WasmObject<Raw extends { delete(): void }> implements Disposable {
  readonly #owned: OwnedHandle<Raw>;
  readonly #state: ModuleState;

  protected constructor(raw: Raw, name: string, state: ModuleState) {
    this.#owned = new OwnedHandle(this, raw, name, state);
    this.#state = state;
  }

  /** @internal The raw object; throws once disposed or once the module stopped. */
  protected rawHandle(): Raw {
    return this.#owned.get();
  }

  /** @internal `value` (a figure the wrapper keeps), once this object is known not to be disposed. */
  protected whileAlive<T>(value: T): T {
    this.#owned.get();
    return value;
  }

  /** @internal The raw object, or null once disposed. */
  protected peekRawHandle(): Raw | null {
    return this.#owned.peek();
  }

  /** @internal The state of the module this object lives in. */
  protected get moduleState(): ModuleState {
    return this.#state;
  }

  /** @internal Runs a call into the module named `where`: refused once it stopped; a trap stops it. */
  protected wasmCall<T>(where: string, call: () => T): T {
    return this.#state.call(where, call);
  }

  /**
   * @internal The raw object and its module's state, for the package's own modules that work on a
   * wrapper from outside its class (inspect.ts): only holders of the `internal` token can call it.
   * Throws once disposed or once the module stopped, as every call does.
   */
  [internal](): RawAccess<Raw> {
    return { raw: this.#owned.get(), state: this.#state };
  }

  /** True once `dispose()` has run. */
  get disposed(): boolean {
    return this.#owned.peek() === null;
  }

  /** Frees the C++ memory. Calling it again does nothing; any other use afterwards throws. */
  dispose(): void {
    this.#owned.dispose();
  }

  /** Same as `dispose()`, for `using x = ...`. */
  [Symbol.dispose](): void {
    this.dispose();
  }
}

const isInt32 = (v: unknown): v is number => Number.isInteger(v) && Math.abs(v as number) <= 0x7fffffff;

/** The endpoint a path status code is about (its Start or Goal detail bit), or null. */
export function endpointOf(code: number): 'start' | 'goal' | null {
  const details = statusDetailsOf(code);
  if (details & STATUS_DETAILS.Start) return 'start';
  return details & STATUS_DETAILS.Goal ? 'goal' : null;
}

/**
 * `"start is outside the map or blocked"` → `"start (3, 4) is outside the map or blocked"`: the endpoint
 * is chosen by the status code's detail bits, its cell put after the status's first word (the name of
 * the endpoint, as the core words every status about one).
 */
export function describeFailure(code: number, status: string, start: Point, goal: Point): string {
  const endpoint = endpointOf(code);
  if (!endpoint) return status;
  const p = endpoint === 'start' ? start : goal;
  return `${endpoint} (${p.x}, ${p.y})${status.slice(endpoint.length)}`;
}

function kindText(kind: OptionKind): string {
  if (typeof kind !== 'string') return `one of ${kind.map((k) => `'${k}'`).join(', ')}`;
  return kind === 'integer' ? 'an integer' : kind === 'number' ? 'a finite number' : 'a boolean';
}

function fitsKind(kind: OptionKind, value: unknown): boolean {
  if (typeof kind !== 'string') return typeof value === 'string' && kind.includes(value);
  if (kind === 'integer') return isInt32(value);
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'boolean';
}

/** Merges `options` over `defaults`, checking names and types against `kinds`. */
export function resolveOptions<T extends object>(
  options: object | undefined,
  defaults: T,
  kinds: Record<string, OptionKind>,
  where: string,
): T {
  if (options === undefined) return defaults;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  const resolved: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined;
    if (!kind) {
      throw new TypeError(`${where}: unknown option "${key}" (known: ${Object.keys(kinds).join(', ')})`);
    }
    // An integer option gets the shared checker's TypeError (a fraction) or RangeError (beyond 32 bits).
    if (kind === 'integer') int32(where, `option ${key}`, value);
    if (!fitsKind(kind, value)) {
      throw new TypeError(`${where}: option ${key} must be ${kindText(kind)}, got ${describe(value)}`);
    }
    resolved[key] = value;
  }
  return resolved as T;
}

/**
 * Merges `options` over `defaults`, checking names and types (the ranges are checked by the core,
 * whose messages name the field). Throws a TypeError naming a misspelt or mistyped option.
 */
export function resolveHierarchyOptions(
  options: HierarchyOptions | undefined,
  defaults: ResolvedHierarchyOptions,
  where: string,
): ResolvedHierarchyOptions {
  return resolveOptions(options, defaults, HIERARCHY_OPTION_KINDS, where);
}

/** The same for SHPA* options ({@link ShpaOptions}); ranges are checked by the core. */
export function resolveShpaOptions(
  options: ShpaOptions | undefined,
  defaults: ResolvedShpaOptions,
  where: string,
): ResolvedShpaOptions {
  return resolveOptions(options, defaults, SHPA_OPTION_KINDS, where);
}

/** The same for HAA* options ({@link HaaOptions}); ranges are checked by the core. */
export function resolveHaaOptions(options: HaaOptions | undefined, defaults: ResolvedHaaOptions, where: string): ResolvedHaaOptions {
  return resolveOptions(options, defaults, HAA_OPTION_KINDS, where);
}

/**
 * An options object the module wrote, as the package's resolved type `T` (frozen). The module writes
 * one entry per field of the core's declaration, from which `T` is generated (generated/contract.ts).
 */
export function resolvedOptionsOf<T>(raw: Record<string, number | boolean | string>): T {
  return Object.freeze({ ...raw }) as T;
}

/** The boolean options of each search call, declared once (checked by checkFlags). */
export const SEARCH_FLAGS = {
  traceSearch: ['smooth'],
  findPath: ['smooth', 'snap', 'toNearest', 'pathShape'],
  findPaths: ['smooth', 'snap', 'toNearest', 'pathShape', 'cells'],
  planPaths: ['firstSegment'],
  plan: ['smooth'],
  worldFindPath: ['smooth', 'toNearest', 'pathShape'],
  worldFindPaths: ['cells', 'toNearest', 'pathShape'],
  worldTraceSearch: ['smooth'],
} as const satisfies Record<string, readonly string[]>;

/** The search options that take one of a few strings instead of a boolean, and those strings. */
export const SEARCH_CHOICES: Readonly<Record<string, readonly string[]>> = { pathShape: ['grid', 'any-angle'] };

/**
 * Throws a TypeError unless `options` only has known keys of the right types: booleans, and for the keys
 * of `choices` one of their strings.
 */
export function checkFlags(options: object | undefined, known: readonly string[], where: string, choices: Readonly<Record<string, readonly string[]>> = {}): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  for (const [key, value] of Object.entries(options)) {
    if (key === 'signal') continue;
    if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
    const allowed = choices[key];
    if (allowed) {
      if (value !== undefined && !allowed.includes(value as string)) {
        throw new TypeError(`${where}: option ${key} must be one of ${allowed.map((c) => `'${c}'`).join(', ')}, got ${describe(value)}`);
      }
    } else if (value !== undefined && typeof value !== 'boolean') {
      throw new TypeError(`${where}: option ${key} must be a boolean, got ${describe(value)}`);
    }
  }
}

/** Queries as the module takes them: [sx, sy, gx, gy, ...]. */
export type PackedQueries = Int32Array;

/**
 * Packs queries given as `[start, goal]` pairs, or checks an already packed Int32Array
 * (`[sx, sy, gx, gy, ...]`, 4 numbers per query).
 */
export function packQueries(queries: Int32Array | readonly (readonly [Point, Point])[], where: string): PackedQueries {
  if (queries instanceof Int32Array) {
    if (queries.length % 4 !== 0) {
      throw new TypeError(`${where}: packed queries need 4 numbers each (sx, sy, gx, gy); got ${queries.length} numbers`);
    }
    return queries;
  }
  if (!Array.isArray(queries)) {
    throw new TypeError(`${where}: queries must be an Int32Array [sx, sy, gx, gy, ...] or an array of [start, goal] pairs, got ${describe(queries)}`);
  }
  const packed = new Int32Array(queries.length * 4);
  queries.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new TypeError(`${where}: query ${i} must be a [start, goal] pair, got ${describe(pair)}`);
    }
    const [start, goal] = pair as unknown as readonly [Point, Point];
    cell(where, `query ${i}: start`, start);
    cell(where, `query ${i}: goal`, goal);
    packed.set([start.x, start.y, goal.x, goal.y], i * 4);
  });
  return packed;
}

/**
 * Packs terrain edits as [x, y, code, ...], checking types here and, when the size is given, that the
 * cells are inside the map (the module checks again: it also knows which characters are terrain).
 */
/**
 * Edits packed as the module reads them: [x, y, terrain code, cost, ...], a kept terrain or cost as 0
 * (cpp/bindings/GridBinding.h, kEditStride).
 */
export function packEdits(edits: readonly TerrainEdit[], where: string, size?: { width: number; height: number }): Int32Array {
  const shape = '{ x, y, terrain?, cost? }';
  if (!Array.isArray(edits)) {
    throw new TypeError(`${where}: edits must be an array of ${shape}, got ${describe(edits)}`);
  }
  const packed = new Int32Array(edits.length * EDIT_STRIDE);
  edits.forEach((edit: unknown, i) => {
    if (typeof edit !== 'object' || edit === null) throw new TypeError(`${where}: edit ${i} must be ${shape}, got ${describe(edit)}`);
    const { x, y, terrain, cost } = edit as Record<string, unknown>;
    if (!isInt32(x) || !isInt32(y)) throw new TypeError(`${where}: edit ${i} must have integer x and y, got ${describe(edit)}`);
    if (terrain === undefined && cost === undefined) {
      throw new TypeError(`${where}: edit ${i} names neither a terrain nor a cost: ${describe(edit)}`);
    }
    if (terrain !== undefined && (typeof terrain !== 'string' || terrain.length !== 1)) {
      throw new TypeError(`${where}: edit ${i}: terrain must be one character, got ${describe(terrain)}`);
    }
    if (cost !== undefined && (typeof cost !== 'number' || !Number.isInteger(cost))) {
      throw new TypeError(`${where}: edit ${i}: cost must be an integer, got ${describe(cost)}`);
    }
    if (size && (x < 0 || y < 0 || x >= size.width || y >= size.height)) {
      throw new RangeError(`${where}: edit ${i}: cell (${x}, ${y}) is outside the ${size.width}x${size.height} map`);
    }
    if (terrain !== undefined && !TERRAIN_CHARACTERS.includes(terrain)) {
      throw new RangeError(`${where}: edit ${i}: ${describe(terrain)} is not a Moving AI terrain character (${[...TERRAIN_CHARACTERS].join(' ')})`);
    }
    if (cost !== undefined && (cost < 1 || cost > 255)) {
      throw new RangeError(`${where}: edit ${i}: cost ${cost} at (${x}, ${y}) is outside 1..255 (sixteenths of the terrain's cost)`);
    }
    packed.set([x, y, terrain === undefined ? 0 : terrain.charCodeAt(0), cost ?? 0], i * EDIT_STRIDE);
  });
  return packed;
}

/**
 * Refuses multipliers outside TERRAIN_COST_LIMITS in pairs from packTerrainCosts, as the module would: for
 * callers that must not send it costs it refuses (the pool's workers).
 */
export function checkTerrainCostRanges(pairs: readonly number[], where: string): void {
  for (let i = 0; i < pairs.length; i += 2) {
    const value = pairs[i + 1]!;
    if (!(value >= TERRAIN_COST_LIMITS.min && value <= TERRAIN_COST_LIMITS.max)) {
      const key = String.fromCharCode(pairs[i]!);
      throw new RangeError(`${where}: the multiplier of ${key} is ${value}, outside ${TERRAIN_COST_LIMITS.min}..${TERRAIN_COST_LIMITS.max}`);
    }
  }
}

/** The multipliers of the terrain kinds, in the module's order, as a table keyed by each kind's first character. */
export function costTableOf(multipliers: readonly number[]): TerrainCostTable {
  const table: Record<string, number> = {};
  TERRAIN_KINDS.forEach((chars, kind) => (table[chars[0]!] = multipliers[kind]!));
  return Object.freeze(table as unknown as TerrainCostTable);
}

/** Numbers per packed edit (packEdits). */
export const EDIT_STRIDE = 4;

/**
 * Terrain costs as the module reads them: [code, multiplier, ...] for the characters named. Checked here
 * for their shape (TypeError) and for the two characters of one kind disagreeing (RangeError); the
 * module checks the ranges.
 */
export function packTerrainCosts(costs: TerrainCosts, where: string): number[] {
  if (typeof costs !== 'object' || costs === null || Array.isArray(costs)) {
    throw new TypeError(`${where}: costs must be an object such as { S: 3, T: 1.5 }, got ${describe(costs)}`);
  }
  const pairs: number[] = [];
  const byKind = new Map<number, [string, number]>();
  for (const [key, value] of Object.entries(costs)) {
    const kind = TERRAIN_KINDS.findIndex((chars) => key.length === 1 && chars.includes(key));
    if (kind < 0) throw new TypeError(`${where}: ${JSON.stringify(key)} is not a Moving AI terrain character (${[...TERRAIN_CHARACTERS].join(' ')})`);
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new TypeError(`${where}: the multiplier of ${key} must be a finite number, got ${describe(value)}`);
    }
    const other = byKind.get(kind);
    if (other && other[1] !== value) {
      throw new RangeError(`${where}: ${other[0]} and ${key} are one terrain kind but were given ${other[1]} and ${value}`);
    }
    byKind.set(kind, [key, value]);
    pairs.push(key.charCodeAt(0), value);
  }
  return pairs;
}

/** The characters of the Moving AI format (declared in terrain.ts). */
export const TERRAIN_CHARACTERS = TERRAIN.characters;

/**
 * The characters of each terrain kind, in the core's order (that of its cost multipliers): characters of
 * one kind share a multiplier. Derived from {@link TERRAIN}.
 */
export const TERRAIN_KINDS: readonly string[] = TERRAIN.kinds.map((k) => k.characters);

/** Terrain cost limits and the layer's unit (grid/TerrainCosts.h), from the generated contract. */
export const TERRAIN_COST_LIMITS = { min: LIMITS.minTerrainCost, max: LIMITS.maxTerrainCost, layerUnit: LIMITS.costLayerUnit } as const;

/**
 * Turns a failure of the module (an error string, or an answer's `{ error, code }`) into an Error whose
 * message starts with where it happened, its class chosen by the failure's status code: an
 * {@link OutOfMemoryError} when the module could not make room for the call, TypeError, RangeError or
 * Error (errors.ts). `Kind` is the class of the failures the module gives no code.
 */
export function moduleError(
  where: string,
  failure: string | RawFailure,
  Kind: ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor = Error,
): StatusError {
  const f = failureOf(failure);
  return errorOfFailure(`${where}: ${f.error}`, f, Kind);
}

/** What the raw Grid and HPAStar both answer: their map's size, and a rectangle of it read in one call. */
interface RawRectReader {
  width(): number;
  height(): number;
  terrainRect(x: number, y: number, w: number, h: number): Uint8Array | { error: string };
  passableRect(x: number, y: number, w: number, h: number): Uint8Array | { error: string };
}

/**
 * `passableRect` or `terrainRect` of a grid or a planner (`where`: 'Grid.terrainRect', …): the rectangle
 * checked (left out, it runs to the map's far corner), read in one call, the core's message a RangeError.
 */
export function readRect(state: ModuleState, where: string, raw: RawRectReader, which: 'passableRect' | 'terrainRect', rect: readonly unknown[]): Uint8Array {
  const r = rectangle(where, rect[0], rect[1], rect[2], rect[3], raw.width(), raw.height());
  const cells = state.call(where, () => raw[which](...r));
  if ('error' in cells) throw moduleError(where, cells, RangeError);
  return cells;
}
