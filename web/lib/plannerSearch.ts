/**
 * The searches planners share, from the argument checks to the result objects: one place for what
 * `HPAStar` and `SHPAStar` answer alike, and for what `AStar` and `JPS` (given the grid per call) do.
 * @module
 */
import type { RawBatch, RawGrid, RawPathResult } from 'hpastar:raw';
import { PathBatch } from './batch.ts';
import { cell } from './args.ts';
import { rawGrid, type Grid } from './grid.ts';
import { checkFlags, moduleError, packQueries, SEARCH_FLAGS } from './internal.ts';
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

/** `findPath(grid, start, goal)` of a search named `search` ('AStar', 'JPS') over the grid it is given. */
export function gridFindPath(search: string, raw: () => RawGridSearch, state: ModuleState, grid: Grid, start: Point, goal: Point): PathResult {
  const where = `${search}.findPath`;
  cell(where, 'start', start);
  cell(where, 'goal', goal);
  const handle = raw();
  const g = rawGrid(grid, where);
  return pathResultOf(state.call(where, () => handle.findPath(g, start.x, start.y, goal.x, goal.y)), start, goal);
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
