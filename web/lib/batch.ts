/**
 * Answers to many searches at once, as typed arrays: what `HPAStar.findPaths` and the worker pool
 * return. No JavaScript object is made per query or per cell, and the arrays can be transferred
 * between threads.
 * @module
 */
import { indexIn } from './args.ts';
import { ENDPOINT_MOVES, PATH_STATUS_CODES, PATH_STATUS_NAMES } from './generated/contract.ts';
import type { PathStatus, Point, SnappedEndpoints, Voxel } from './types.ts';

/**
 * The status of each query of a {@link PathBatch}, as stored in {@link PathBatch.status}: `Found`,
 * `NoPath` (start and goal are valid but not connected), `StartInvalid` and `GoalInvalid` (the start, or
 * the goal, is outside the map or on a blocked cell). The core's codes (generated/contract.ts).
 */
export const PathStatusCode = PATH_STATUS_CODES;

/** One of the values of {@link PathStatusCode}. */
export type PathStatusCode = (typeof PathStatusCode)[keyof typeof PathStatusCode];

/** @internal The core's status names by code. */
export const STATUS_TEXT = PATH_STATUS_NAMES;

/** The arrays of a batch (what crosses between threads). */
export interface PathBatchArrays {
  /** One {@link PathStatusCode} per query. */
  readonly status: Uint8Array;
  /** One path length per query; `Infinity` when no path was found. */
  readonly cost: Float64Array;
  /** Nodes expanded per query, all phases. */
  readonly expanded: Uint32Array;
  /** `count + 1` entries: query i's cells are cells `offsets[i]` to `offsets[i + 1] - 1` (cells, not numbers). */
  readonly offsets: Uint32Array;
  /** Every path's cells, query after query, as x, y pairs; empty when cells were not asked for. */
  readonly cells: Int32Array;
  /** With `snap` or `toNearest`: the endpoints searched, [sx, sy, gx, gy] per query ([sx, sy, sz, gx, gy, gz] in a world). */
  readonly searched?: Int32Array;
  /** With `snap` or `toNearest`: per query, its ENDPOINT_MOVES bits (1 start moved, 2 goal moved, 4 goal unreachable). */
  readonly snapped?: Uint8Array;
}

/** Query `i`'s endpoints that the `snap` option moved, from the arrays it answers; undefined when none. */
export function snappedAt(searched: Int32Array, moved: Uint8Array, i: number): SnappedEndpoints | undefined {
  const m = moved[i]!;
  if (m === 0) return undefined;
  const at = (k: number) => Object.freeze({ x: searched[4 * i + k]!, y: searched[4 * i + k + 1]! });
  return Object.freeze({ ...(m & 1 ? { start: at(0) } : {}), ...(m & 2 ? { goal: at(2) } : {}) });
}

/**
 * What every batch answer has: one status per query, the terrain version the batch ran on, and checked
 * access by query index. {@link PathBatch} and {@link PlanBatch} extend it.
 */
export abstract class QueryBatch {
  /** Number of queries. */
  readonly count: number;
  /** One {@link PathStatusCode} per query. */
  readonly status: Uint8Array;
  /**
   * The version of the terrain every query of the batch ran on: 0 for the terrain the planner or pool
   * was made with, then one more per terrain update.
   */
  readonly version: number;

  readonly #className: string;

  /** @param className - for error messages (`PathBatch.path: ...`), kept apart from minified class names */
  protected constructor(className: string, status: Uint8Array, version: number) {
    this.#className = className;
    this.count = status.length;
    this.status = status;
    this.version = version;
  }

  /** True when query `i` found a path (or a plan). */
  found(i: number): boolean {
    return this.status[this.checkedIndex('found', i)] === PathStatusCode.Found;
  }

  /**
   * Query `i`'s outcome in words: `'found'`, `'no path'`, or why it could not run
   * (`'start is outside the map or blocked'`, `'goal is outside the map or blocked'`).
   */
  statusText(i: number): PathStatus | (typeof STATUS_TEXT)[2 | 3] {
    return STATUS_TEXT[this.status[this.checkedIndex('statusText', i)]!] ?? 'no path';
  }

  /** Number of queries that found a path (or a plan). */
  foundCount(): number {
    let n = 0;
    for (const s of this.status) if (s === PathStatusCode.Found) n++;
    return n;
  }

  /** `i` when it is a query index of this batch; a TypeError or RangeError naming `method` and `i` otherwise. */
  protected checkedIndex(method: string, i: unknown): number {
    return indexIn(`${this.#className}.${method}`, 'query index', i, this.count);
  }
}

/**
 * What a batch of searches answers per query, whatever a cell's numbers: its cost, its expansions, its
 * cells, and with `toNearest` where a partial path ended. {@link PathBatch} (cells as x, y pairs) and
 * {@link WorldPathBatch} (x, y, z triples) extend it.
 * @typeParam P - a cell: {@link Point} on a grid, {@link Voxel} in a block world
 */
export abstract class SearchBatch<P extends Point = Point> extends QueryBatch {
  /** One path cost per query; `Infinity` when no path was found. */
  readonly cost: Float64Array;
  /** Nodes expanded per query, all phases. */
  readonly expanded: Uint32Array;
  /** `count + 1` entries: query i's cells are cells `offsets[i]` to `offsets[i + 1] - 1` (cells, not numbers). */
  readonly offsets: Uint32Array;
  /** Every path's cells, query after query; empty when cells were not asked for. */
  readonly cells: Int32Array;
  /**
   * With `snap` or `toNearest`: the endpoints searched, [sx, sy, gx, gy] per query ([sx, sy, sz, gx, gy,
   * gz] in a world; see {@link SearchBatch.snapped}).
   */
  readonly searched?: Int32Array;
  /**
   * With `snap` or `toNearest`: per query, 1 when the start was moved, plus 2 when the goal was, plus 4
   * when `toNearest` moved the goal because the start cannot reach it (`ENDPOINT_MOVES`).
   */
  readonly snapped?: Uint8Array;

  readonly #numbersPerCell: number;

  /** @param numbersPerCell - 2 on a grid (x, y), 3 in a block world (x, y, z) */
  protected constructor(className: string, arrays: PathBatchArrays, version: number, numbersPerCell: number) {
    super(className, arrays.status, version);
    this.cost = arrays.cost;
    this.expanded = arrays.expanded;
    this.offsets = arrays.offsets;
    this.cells = arrays.cells;
    this.#numbersPerCell = numbersPerCell;
    if (arrays.searched && arrays.snapped) {
      this.searched = arrays.searched;
      this.snapped = arrays.snapped;
    }
  }

  /** Query `i`'s cells x0, y0, x1, y1, … (with z after each y in a world): a view into `cells`, empty when not found. */
  path(i: number): Int32Array {
    const k = this.checkedIndex('path', i);
    const n = this.#numbersPerCell;
    return this.cells.subarray(n * this.offsets[k]!, n * this.offsets[k + 1]!);
  }

  /**
   * Query `i`'s outcome in words: as {@link QueryBatch.statusText}, and `'partial'` when the `toNearest`
   * option sent its path to the reachable cell nearest the goal ({@link SearchBatch.reached}).
   */
  override statusText(i: number): ReturnType<QueryBatch['statusText']> {
    const k = this.checkedIndex('statusText', i);
    return this.#reachedAt(k) ? 'partial' : super.statusText(k);
  }

  /**
   * With `toNearest`: the cell query `i`'s partial path ends at (the reachable cell nearest the goal it
   * asked for); undefined when the path reaches the goal, or no path was found.
   */
  reached(i: number): P | undefined {
    return this.#reachedAt(this.checkedIndex('reached', i));
  }

  #reachedAt(k: number): P | undefined {
    if (!this.searched || !this.snapped || !(this.snapped[k]! & ENDPOINT_MOVES.GoalUnreachable)) return undefined;
    if (this.status[k] !== PathStatusCode.Found) return undefined;
    const n = this.#numbersPerCell;
    const goal = this.searched.subarray(2 * n * k + n, 2 * n * (k + 1));
    const cell: Point | Voxel = n === 3 ? { x: goal[0]!, y: goal[1]!, z: goal[2]! } : { x: goal[0]!, y: goal[1]! };
    return Object.freeze(cell) as P;
  }
}

/**
 * The answers to a batch of queries, in the order of the queries.
 *
 * @example
 * ```ts
 * const batch = planner.findPaths(queries);
 * for (let i = 0; i < batch.count; i++) {
 *   if (batch.found(i)) draw(batch.path(i)); // x0, y0, x1, y1, ...
 * }
 * ```
 */
export class PathBatch extends SearchBatch<Point> implements PathBatchArrays {
  /** @internal Made by `HPAStar.findPaths` and the pool. */
  constructor(arrays: PathBatchArrays, version: number) {
    super('PathBatch', arrays, version, 2);
  }

  /**
   * With the `snap` option: where it moved query `i`'s start and goal (only those it moved); undefined
   * when it moved neither, or the batch ran without `snap`.
   */
  snappedEndpoints(i: number): SnappedEndpoints | undefined {
    const k = this.checkedIndex('snappedEndpoints', i);
    return this.searched && this.snapped ? snappedAt(this.searched, this.snapped, k) : undefined;
  }
}
