/**
 * Jump Point Search and JPS+: optimal searches for maps that do not change (Harabor and Grastien 2011,
 * 2014; no corner cutting).
 * @module
 */
import type { RawJPS, RawJPSPlus } from 'hpastar:raw';
import { cell } from './args.ts';
import type { Grid } from './grid.ts';
import { WasmObject, internal } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { GridSearch } from './plannerSearch.ts';
import { pathResultOf } from './results.ts';
import type { PathResult, Point } from './types.ts';

/**
 * Jump Point Search over a {@link Grid}: the same shortest paths as {@link AStar}, found by jumping
 * over the cells that symmetric paths would cross, with no preprocessing (so terrain edits need
 * nothing). On a grid with terrain costs the symmetry is gone and the search is A*'s. Reuse one per
 * thread: it keeps its scratch memory between queries. Its results' `expanded` counts jump points.
 */
export class JPS extends GridSearch<RawJPS> {
  /** @internal Use `new hpastar.JPS()`. */
  constructor(raw: RawJPS, state: ModuleState, token: typeof internal) {
    super(raw, 'JPS', 'a', state, token);
  }
}

/**
 * JPS+ over one grid: Jump Point Search whose jumps are read from a table built once (16 bytes per
 * cell) instead of scanned, the fastest optimal search here on a map that never changes. It keeps the
 * grid as it was when built: later edits of the grid do not reach it (build another). Build one with
 * `hpastar.JPSPlus.build(grid)`.
 */
export class JPSPlus extends WasmObject<RawJPSPlus> {
  /** @internal Use `hpastar.JPSPlus.build(grid)`. */
  constructor(raw: RawJPSPlus, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.JPSPlus.build(grid) to make a JPSPlus');
    super(raw, 'JPSPlus', state);
  }

  get width(): number {
    const raw = this.rawHandle();
    return this.wasmCall('JPSPlus.width', () => raw.width());
  }

  get height(): number {
    const raw = this.rawHandle();
    return this.wasmCall('JPSPlus.height', () => raw.height());
  }

  /** The bytes of the jump table (16 per cell). */
  get tableBytes(): number {
    const raw = this.rawHandle();
    return this.wasmCall('JPSPlus.tableBytes', () => raw.tableBytes());
  }

  /**
   * Finds a shortest path from `start` to `goal` on the grid the table was built from.
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked
   * @throws TypeError - when a coordinate is not an integer
   */
  findPath(start: Point, goal: Point): PathResult {
    cell('JPSPlus.findPath', 'start', start);
    cell('JPSPlus.findPath', 'goal', goal);
    const raw = this.rawHandle();
    return pathResultOf(this.wasmCall('JPSPlus.findPath', () => raw.findPath(start.x, start.y, goal.x, goal.y)), start, goal);
  }
}
