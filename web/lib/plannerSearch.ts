/**
 * The searches planners share, from the argument checks to the result objects: one place for what
 * `HPAStar` and `SHPAStar` answer alike, and for what `AStar` and `JPS` (given the grid per call) do.
 * @module
 */
import type { RawBatch, RawGrid, RawPathResult } from 'hpastar:raw';
import { PathBatch } from './batch.ts';
import { cell } from './args.ts';
import { rawGrid, type Grid } from './grid.ts';
import { checkFlags, internal, moduleError, packQueries, SEARCH_FLAGS, WasmObject } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { PlannerReachability } from './reachability.ts';
import { pathResultOf } from './results.ts';
import type { BatchSearchOptions, FindPathOptions, PathResult, Point } from './types.ts';

/** What the raw HPA* and SHPA* handles both answer. */
interface RawPlannerSearches {
  findPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawPathResult;
  findPaths(queries: Int32Array, smooth: boolean, keepCells: boolean): RawBatch | { error: string };
}

/** What the raw AStar and JPS handles both answer. */
interface RawGridSearch {
  findPath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number): RawPathResult;
}

/**
 * @internal An optimal search over whichever grid each call gives, made with `new hpastar.AStar()` or
 * `new hpastar.JPS()`: the two differ only in the module's object, so they share this class.
 */
export abstract class GridSearch<Raw extends RawGridSearch & { delete(): void }> extends WasmObject<Raw> {
  readonly #name: string;

  /** @param article - of the message that names the class: 'an AStar', 'a JPS' */
  protected constructor(raw: Raw, name: string, article: string, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError(`use new hpastar.${name}() to make ${article} ${name}`);
    super(raw, name, state);
    this.#name = name;
  }

  /**
   * Finds a shortest path from `start` to `goal`.
   * @returns the path, or `found: false` with status `'no path'` when the two cells are not connected
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked
   * @throws TypeError - when a coordinate is not an integer
   * @throws Error - when this object or the grid has been disposed
   */
  findPath(grid: Grid, start: Point, goal: Point): PathResult {
    const where = `${this.#name}.findPath`;
    cell(where, 'start', start);
    cell(where, 'goal', goal);
    const handle = this.rawHandle();
    const g = rawGrid(grid, where);
    return pathResultOf(this.moduleState.call(where, () => handle.findPath(g, start.x, start.y, goal.x, goal.y)), start, goal);
  }
}

/** `findPath` of a planner named `planner` ('HPAStar', 'SHPAStar'); `reach` snaps its endpoints when asked. */
export function plannerFindPath(
  planner: string,
  raw: () => RawPlannerSearches,
  state: ModuleState,
  reach: PlannerReachability,
  start: Point,
  goal: Point,
  options?: FindPathOptions,
): PathResult {
  const where = `${planner}.findPath`;
  cell(where, 'start', start);
  cell(where, 'goal', goal);
  checkFlags(options, SEARCH_FLAGS.findPath, where);
  const handle = raw();
  const smooth = options?.smooth ?? true;
  const searched = options?.snap ? reach.snap(where, start, goal) : { start, goal };
  const { start: s, goal: g } = searched;
  const result = pathResultOf(state.call(where, () => handle.findPath(s.x, s.y, g.x, g.y, smooth)), s, g);
  return 'snapped' in searched && searched.snapped ? { ...result, snapped: searched.snapped } : result;
}

/**
 * `findPaths` of a planner named `planner`; `version` gives the terrain version of the answers, `reach`
 * snaps the queries' endpoints when asked.
 */
export function plannerFindPaths<Raw extends RawPlannerSearches>(
  planner: string,
  raw: () => Raw,
  state: ModuleState,
  reach: PlannerReachability,
  queries: Int32Array | readonly (readonly [Point, Point])[],
  options: BatchSearchOptions | undefined,
  version: (handle: Raw) => number,
): PathBatch {
  const where = `${planner}.findPaths`;
  checkFlags(options, SEARCH_FLAGS.findPaths, where);
  const packed = packQueries(queries, where);
  const handle = raw();
  const snap = options?.snap ? reach.snapQueries(where, packed) : null;
  const out = state.call(where, () => handle.findPaths(snap?.searched ?? packed, options?.smooth ?? true, options?.cells ?? true));
  if ('error' in out) throw moduleError(where, out);
  return new PathBatch(snap ? { ...out, ...snap } : out, version(handle));
}
