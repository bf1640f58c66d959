/**
 * SHPA*: HPA* over variable-size clusters (Kring, Champandard, Samarin 2010), for static maps.
 * @module
 */
import type { RawSHPAStar } from 'hpastar:raw';
import { PathBatch } from './batch.ts';
import { ReachableGridPlanner } from './gridPlanner.ts';
import { internal } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { plannerFindPath, plannerFindPaths } from './plannerSearch.ts';
import type {
  BatchSearchOptions,
  FindPathOptions,
  PathResult,
  Point,
  ResolvedShpaOptions,
  ShpaStats,
  TerrainEdit,
} from './types.ts';

// Lets the worker pool read a planner's terrain and options while keeping the handle private.
let rawShpaOf: (planner: SHPAStar) => RawSHPAStar;

/** @internal The raw handle of an SHPA* planner; throws if it has been disposed. */
export function rawShpaPlanner(planner: SHPAStar): RawSHPAStar {
  if (!(planner instanceof SHPAStar)) throw new TypeError('expected an SHPAStar made by hpastar.SHPAStar.build');
  return rawShpaOf(planner);
}

/**
 * An SHPA* planner: the clusters and abstract graph of one grid, and the query object that searches
 * it. Build one with `hpastar.SHPAStar.build(grid, options)`.
 *
 * SHPA* merges small square tiles into larger clusters of any shape, then searches an abstract graph
 * whose edges are weighted by straight-line distance (nothing is searched at build time; with terrain
 * costs, times the mean multiplier of the cells along the line), and refines the abstract path with A*
 * inside each cluster's bounding box. Paths are valid and near-optimal (about 1% longer than the
 * shortest on the Moving AI maps, smoothed by default).
 *
 * **Static maps only.** Its clusters are built once for one terrain and cannot be repaired:
 * {@link SHPAStar.applyEdits} always throws, and so does `PathPool.updateTerrain` on an SHPA* pool.
 * After a terrain change, build a new planner from the edited grid, or use {@link HPAStar} (or DHPA*,
 * its `cacheTrees` option) for changing terrain.
 *
 * **The same clusters in the one hierarchy.** `hp.Planner.build(grid, { hierarchy: { clusterSize: 4,
 * mergedClusterSide: 16 } })` (or {@link HPAStar}) cuts level 1 by this merge and then offers everything the
 * hierarchy does: terrain changes, DHPA* trees, agent classes, flow fields, saving. This class stays as the
 * paper's graph (straight-line edge weights, no search at build time).
 *
 * **No serialized form.** Unlike {@link HPAStar}, an SHPA* planner cannot be written to bytes; its
 * build is fast (tens of milliseconds for a 512 × 512 map). A worker pool made for SHPA* sends the
 * terrain to its workers: in `'copied'` mode each worker builds its own graph from those grid bytes,
 * in `'shared'` mode one graph is built and searched by every thread.
 *
 * @example
 * ```ts
 * const planner = hp.SHPAStar.build(grid, { maxClusterSide: 16 });
 * const path = planner.findPath({ x: 1, y: 2 }, { x: 200, y: 90 }); // { found, cost, cells, stats }
 * planner.dispose();
 * ```
 */
export class SHPAStar extends ReachableGridPlanner<RawSHPAStar, ResolvedShpaOptions, ShpaStats> {
  readonly #staticMessage: string;

  static {
    rawShpaOf = (planner) => planner.#handle();
  }

  /** @internal Use `hpastar.SHPAStar.build`. */
  constructor(raw: RawSHPAStar, staticMessage: string, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.SHPAStar.build(grid, options) to make an SHPAStar');
    super(raw, 'SHPAStar', state, (r) => Object.freeze({ ...r.stats()! }));
    this.#staticMessage = staticMessage;
  }

  /**
   * Finds a path from `start` to `goal`: abstract search from every node of the start's cluster,
   * refinement inside the clusters' boxes, and (by default) smoothing.
   * @returns the path, or `found: false` with status `'no path'` when the two cells are not connected
   * With `snap: true`, a blocked or outside start or goal is moved first (see {@link FindPathOptions.snap}).
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked (and not snapped)
   * @throws TypeError - when a coordinate is not an integer or an option is unknown
   * @throws Error - when the planner has been disposed
   */
  findPath(start: Point, goal: Point, options?: FindPathOptions): PathResult {
    return plannerFindPath('SHPAStar', () => this.#handle(), this.moduleState, this.reach, start, goal, options);
  }

  /**
   * Runs many searches in one call (one crossing into WebAssembly, results as typed arrays).
   * Queries whose start or goal is invalid do not throw: their status says why.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @returns the answers; their {@link PathBatch.version} is always 0 (the terrain never changes)
   * @throws TypeError - when the queries are malformed or an option is unknown
   */
  findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: BatchSearchOptions): PathBatch {
    return plannerFindPaths('SHPAStar', () => this.#handle(), this.moduleState, this.reach, queries, options, () => 0);
  }

  /**
   * Always throws: SHPA* is for static maps. Its clusters are built once and cannot be updated after
   * a terrain change. Build a new planner from the edited grid (`grid.applyEdits(edits)`, then
   * `hpastar.SHPAStar.build(grid)`), or use {@link HPAStar} for changing terrain.
   * @throws Error - always, with the reason
   */
  applyEdits(edits: readonly TerrainEdit[]): never {
    void edits;
    this.#handle();
    throw new Error(`SHPAStar.applyEdits: ${this.#staticMessage}`);
  }

  #handle(): RawSHPAStar {
    return this.rawHandle();
  }
}
