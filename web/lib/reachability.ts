/**
 * The reachability questions every planner and the worker pool answer, from the argument checks to the
 * answers: one place for what `HPAStar`, `SHPAStar` and `PathPool` answer alike. The answers are the
 * core's (cpp/hpa/Reachability.h, cpp/shpa/ShpaReachability.h), read from the component labels the
 * planner keeps with its current terrain: no search.
 * @module
 */
import type { RawReachability } from 'hpastar:raw';
import { cell, describe, integerIn } from './args.ts';
import { moduleError } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { NearestPassableOptions, Point, Voxel } from './types.ts';

/** `nearestPassable`'s arguments as the module takes them. */
export interface NearestQuestion {
  readonly x: number;
  readonly y: number;
  /** A block world's level. */
  readonly z?: number;
  /** 0: any passable cell. */
  readonly component: number;
  readonly maxDistance: number;
}

/** `randomPassable`'s arguments as the module takes them. */
export interface RandomQuestion {
  /** A 32-bit unsigned seed of the core's generator, drawn from the caller's `random`. */
  readonly seed: number;
  /** 0: any passable cell. */
  readonly component: number;
}

/** A component label: 1 or more (the module says whether it is one of the map's). */
function component(where: string, value: unknown): number {
  return value === undefined ? 0 : integerIn(where, 'component', value, 1, 0x7fffffff);
}

/** Checks `nearestPassable(p, options)`'s arguments. */
export function nearestQuestion(where: string, p: unknown, options: unknown, read: (where: string, name: string, value: unknown) => Point | Voxel = cell): NearestQuestion {
  const at = read(where, 'p', p);
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  const o = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== 'component' && key !== 'maxDistance') throw new TypeError(`${where}: unknown option "${key}" (known: component, maxDistance)`);
  }
  const max = o['maxDistance'] ?? Infinity;
  if (typeof max !== 'number' || Number.isNaN(max)) throw new TypeError(`${where}: maxDistance must be a number, got ${describe(max)}`);
  if (max < 0) throw new RangeError(`${where}: maxDistance must be 0 or more, got ${describe(max)}`);
  const level = 'z' in at ? { z: at.z } : {};
  return { x: at.x, y: at.y, ...level, component: component(where, o['component']), maxDistance: max };
}

/** Checks `randomPassable(random, component)`'s arguments and draws the seed. */
export function randomQuestion(where: string, random: unknown, componentLabel: unknown): RandomQuestion {
  const draw = random ?? Math.random;
  if (typeof draw !== 'function') throw new TypeError(`${where}: random must be a function returning a number in [0, 1), got ${describe(random)}`);
  const label = component(where, componentLabel);
  const u: unknown = (draw as () => unknown)();
  if (typeof u !== 'number' || !(u >= 0 && u < 1)) throw new RangeError(`${where}: random must return a number in [0, 1), got ${describe(u)}`);
  return { seed: Math.floor(u * 2 ** 32), component: label };
}

/** The module's answer of nearestPassable or randomPassable as the API's: a frozen cell, null, or a RangeError. */
export function cellAnswer(where: string, raw: Point | null | { error: string }): Point | null {
  if (raw === null) return null;
  if ('error' in raw) throw moduleError(where, raw, RangeError);
  return Object.freeze({ x: raw.x, y: raw.y });
}

/** @internal A block world's cell answer as a frozen Voxel, null, or its error (RangeError). */
export function voxelAnswer(where: string, raw: Voxel | null | { error: string }): Voxel | null {
  if (raw === null) return null;
  if ('error' in raw) throw moduleError(where, raw, RangeError);
  return Object.freeze({ x: raw.x, y: raw.y, z: raw.z });
}

/**
 * The reachability methods of a planner named `planner` ('HPAStar', 'SHPAStar') whose raw handle `raw()`
 * gives (checked alive by it).
 */
export class PlannerReachability {
  readonly #planner: string;
  readonly #raw: () => RawReachability;
  readonly #state: ModuleState;

  constructor(planner: string, raw: () => RawReachability, state: ModuleState) {
    this.#planner = planner;
    this.#raw = raw;
    this.#state = state;
  }

  componentOf(p: Point): number {
    const where = `${this.#planner}.componentOf`;
    cell(where, 'p', p);
    const raw = this.#raw();
    return this.#state.call(where, () => raw.componentOf(p.x, p.y));
  }

  isReachable(a: Point, b: Point): boolean {
    const where = `${this.#planner}.isReachable`;
    cell(where, 'a', a);
    cell(where, 'b', b);
    const raw = this.#raw();
    return this.#state.call(where, () => raw.isReachable(a.x, a.y, b.x, b.y));
  }

  nearestPassable(p: Point, options?: NearestPassableOptions): Point | null {
    const where = `${this.#planner}.nearestPassable`;
    const q = nearestQuestion(where, p, options);
    const raw = this.#raw();
    return cellAnswer(where, this.#state.call(where, () => raw.nearestPassable(q.x, q.y, q.component, q.maxDistance)));
  }

  randomPassable(random?: () => number, componentLabel?: number): Point | null {
    const where = `${this.#planner}.randomPassable`;
    const q = randomQuestion(where, random, componentLabel);
    const raw = this.#raw();
    return cellAnswer(where, this.#state.call(where, () => raw.randomPassable(q.seed, q.component)));
  }

  /**
   * For searches with `snap` or `toNearest` (`rule`: ENDPOINT_RULES bits): the packed queries to search,
   * and each query's ENDPOINT_MOVES bits.
   */
  snapQueries(where: string, packed: Int32Array, rule: number): { searched: Int32Array; snapped: Uint8Array } {
    const raw = this.#raw();
    const out = this.#state.call(where, () => raw.snapQueries(packed, rule));
    if ('error' in out) throw moduleError(where, out, TypeError);
    return out;
  }
}
