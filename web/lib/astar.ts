/**
 * Optimal A* searches over a grid.
 * @module
 */
import type { RawAStar } from 'hpastar:raw';
import type { Grid } from './grid.ts';
import { WasmObject, internal } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { gridFindPath } from './plannerSearch.ts';
import type { PathResult, Point } from './types.ts';

/**
 * An optimal A* search over a {@link Grid} (octile heuristic). It keeps its scratch memory between
 * queries, so reuse one per thread rather than making one per query.
 */
export class AStar extends WasmObject<RawAStar> {

  /** @internal Use `new hpastar.AStar()`. */
  constructor(raw: RawAStar, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use new hpastar.AStar() to make an AStar');
    super(raw, 'AStar', state);
  }

  /**
   * Finds a shortest path from `start` to `goal`.
   * @returns the path, or `found: false` with status `'no path'` when the two cells are not connected
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked
   * @throws TypeError - when a coordinate is not an integer
   * @throws Error - when this object or the grid has been disposed
   */
  findPath(grid: Grid, start: Point, goal: Point): PathResult {
    return gridFindPath('AStar', () => this.rawHandle(), this.moduleState, grid, start, goal);
  }
}
