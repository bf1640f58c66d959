/**
 * The searches planners share, from the argument checks to the result objects: one place for what
 * `HPAStar` and `SHPAStar` answer alike, and for what `AStar` and `JPS` (given the grid per call) do.
 * @module
 */
import type { RawBatch, RawGrid, RawPathResult } from 'hpastar:raw';
import { PathBatch, snappedAt } from './batch.ts';
import { ENDPOINT_MOVES, ENDPOINT_RULES } from './generated/contract.ts';
import { cell } from './args.ts';
import { rawGrid, type Grid } from './grid.ts';
import { checkFlags, internal, moduleError, packQueries, SEARCH_CHOICES, SEARCH_FLAGS, WasmObject } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { PlannerReachability } from './reachability.ts';
import { pathResultOf } from './results.ts';
import type { BatchSearchOptions, FindPathOptions, PathResult, Point } from './types.ts';

/** What the raw HPA* and SHPA* handles both answer. */
interface RawPlannerSearches {
  findPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean, anyAngle: boolean): RawPathResult;
  findPaths(queries: Int32Array, smooth: boolean, keepCells: boolean, anyAngle: boolean): RawBatch | { error: string };
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

/** The core's endpoint rule (ENDPOINT_RULES bits) of a search's `snap` and `toNearest` options; 0 for neither. */
export function endpointRule(options: FindPathOptions | undefined): number {
  return (options?.snap ? ENDPOINT_RULES.snap : 0) | (options?.toNearest ? ENDPOINT_RULES.toNearest : 0);
}

/**
 * `findPath` of a planner named `planner` ('HPAStar', 'SHPAStar'); `reach` moves its endpoints first when
 * `snap` or `toNearest` asks (a partial path's result then says which cell it reached).
 */
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
  checkFlags(options, SEARCH_FLAGS.findPath, where, SEARCH_CHOICES);
  const handle = raw();
  const smooth = options?.smooth ?? true;
  const anyAngle = options?.pathShape === 'any-angle';
  const rule = endpointRule(options);
  if (rule === 0) return pathResultOf(state.call(where, () => handle.findPath(start.x, start.y, goal.x, goal.y, smooth, anyAngle)), start, goal, where);
  const moved = reach.snapQueries(where, new Int32Array([start.x, start.y, goal.x, goal.y]), rule);
  const [sx, sy, gx, gy] = moved.searched as unknown as [number, number, number, number];
  const s = sx === start.x && sy === start.y ? start : { x: sx, y: sy };
  const g = gx === goal.x && gy === goal.y ? goal : { x: gx, y: gy };
  const result = pathResultOf(state.call(where, () => handle.findPath(s.x, s.y, g.x, g.y, smooth, anyAngle)), s, g, where);
  const snapped = snappedAt(moved.searched, moved.snapped, 0);
  const partial = result.found && (moved.snapped[0]! & ENDPOINT_MOVES.GoalUnreachable) !== 0;
  return {
    ...result,
    ...(partial ? { status: 'partial' as const, reached: Object.freeze({ x: gx, y: gy }) } : {}),
    ...(snapped && options?.snap ? { snapped } : {}),
  };
}

/**
 * `findPaths` of a planner named `planner`; `version` gives the terrain version of the answers, `reach`
 * moves the queries' endpoints first when `snap` or `toNearest` asks.
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
  checkFlags(options, SEARCH_FLAGS.findPaths, where, SEARCH_CHOICES);
  const packed = packQueries(queries, where);
  const handle = raw();
  const rule = endpointRule(options);
  const moved = rule !== 0 ? reach.snapQueries(where, packed, rule) : null;
  const anyAngle = options?.pathShape === 'any-angle';
  const out = state.call(where, () => handle.findPaths(moved?.searched ?? packed, options?.smooth ?? true, options?.cells ?? true, anyAngle));
  if ('error' in out) throw moduleError(where, out);
  return new PathBatch(moved ? { ...out, ...moved } : out, version(handle));
}
