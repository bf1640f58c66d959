/**
 * The searches HPA* and SHPA* planners share, from the argument checks to the result objects: one
 * place for what `HPAStar` and `SHPAStar` answer alike.
 * @module
 */
import type { RawBatch, RawPathResult, RawTracedPath } from 'hpastar:raw';
import { PathBatch } from './batch.ts';
import { cell } from './args.ts';
import { checkFlags, moduleError, packQueries } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { pathResultOf, tracedPathOf } from './results.ts';
import type { BatchSearchOptions, HpaSearchOptions, PathResult, Point, TracedPath } from './types.ts';

/** What the raw HPA* and SHPA* handles both answer. */
interface RawPlannerSearches {
  findPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawPathResult;
  traceFindPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawTracedPath | { error: string };
  findPaths(queries: Int32Array, smooth: boolean, keepCells: boolean): RawBatch | { error: string };
}

/** `findPath` of a planner named `planner` ('HPAStar', 'SHPAStar'). */
export function plannerFindPath(planner: string, raw: () => RawPlannerSearches, state: ModuleState, start: Point, goal: Point, options?: HpaSearchOptions): PathResult {
  cell(`${planner}.findPath`, 'start', start);
  cell(`${planner}.findPath`, 'goal', goal);
  checkFlags(options, ['smooth'], `${planner}.findPath`);
  const handle = raw();
  const smooth = options?.smooth ?? true;
  return pathResultOf(state.call(`${planner}.findPath`, () => handle.findPath(start.x, start.y, goal.x, goal.y, smooth)), start, goal);
}

/** `traceFindPath` of a planner named `planner`. */
export function plannerTraceFindPath(planner: string, raw: () => RawPlannerSearches, state: ModuleState, start: Point, goal: Point, options?: HpaSearchOptions): TracedPath {
  const where = `${planner}.traceFindPath`;
  cell(where, 'start', start);
  cell(where, 'goal', goal);
  checkFlags(options, ['smooth'], where);
  const handle = raw();
  const smooth = options?.smooth ?? true;
  return tracedPathOf(state.call(where, () => handle.traceFindPath(start.x, start.y, goal.x, goal.y, smooth)), start, goal, where);
}

/** `findPaths` of a planner named `planner`; `version` gives the terrain version of the answers. */
export function plannerFindPaths<Raw extends RawPlannerSearches>(
  planner: string,
  raw: () => Raw,
  state: ModuleState,
  queries: Int32Array | readonly (readonly [Point, Point])[],
  options: BatchSearchOptions | undefined,
  version: (handle: Raw) => number,
): PathBatch {
  const where = `${planner}.findPaths`;
  checkFlags(options, ['smooth', 'cells'], where);
  const packed = packQueries(queries, where);
  const handle = raw();
  const out = state.call(where, () => handle.findPaths(packed, options?.smooth ?? true, options?.cells ?? true));
  if ('error' in out) throw moduleError(where, out.error);
  return new PathBatch(out, version(handle));
}
