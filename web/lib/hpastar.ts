/**
 * HPA*: hierarchical path-finding A* (Botea, Müller, Schaeffer 2004) over a grid; DHPA* (Kring et al.
 * 2010) with the `cacheTrees` option.
 * @module
 */
import type {
  HpastarModule,
  RawHPAStar,
  RawFlowFields,
  RawHPAStarQuery,
  RawHierarchyStats,
  RawProgress,
  RawRefreshProgress,
} from 'hpastar:raw';
import { cell } from './args.ts';
import { PathBatch } from './batch.ts';
import { makePlannerFlowFields, type FlowField, type FlowFieldOptions, type PlannerFlowFields } from './flowField.ts';
import { ReachableGridPlanner } from './gridPlanner.ts';
import { makePathPlan, PathPlan } from './pathPlan.ts';
export { PathPlan };
import { PlanBatch } from './planBatch.ts';
import { ProgressRelay, type BuildControl, type EditControl } from './progress.ts';
import {
  checkFlags,
  describeFailure,
  WasmObject,
  internal,
  moduleError,
  packEdits,
  packQueries,
  packTerrainCosts,
  readRect,
  SEARCH_FLAGS,
} from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { plannerFindPath, plannerFindPaths } from './plannerSearch.ts';
import { PlannerReachability } from './reachability.ts';
import { pathQueryError, statsOf } from './results.ts';
import { emptyUpdateStats, updateStatsOf } from './updates.ts';
import type {
  BatchSearchOptions,
  FindPathOptions,
  HierarchyStats,
  NearestPassableOptions,
  PathResult,
  PlanBatchOptions,
  PlanOptions,
  PathStatus,
  Point,
  RefreshProgress,
  ResolvedHierarchyOptions,
  SearchStats,
  TerrainCosts,
  TerrainEdit,
  UpdateStats,
} from './types.ts';

/** Freezes the raw statistics into the API's type. */
export function hierarchyStatsOf(raw: RawHierarchyStats): HierarchyStats {
  return Object.freeze({
    buildMs: raw.buildMs,
    bytes: raw.bytes,
    gridBytes: raw.gridBytes,
    entrances: raw.entrances,
    components: raw.components,
    distanceTableNodes: raw.distanceTableNodes,
    optionalBytes: Object.freeze({ ...raw.optionalBytes }),
    levels: Object.freeze(raw.levels.map((l) => Object.freeze({ ...l }))),
  });
}

/** @internal What a planner needs of its module: query objects, and the inspection functions (InspectionBinding.cpp). */
export interface HpaModuleParts {
  readonly state: ModuleState;
  makeQuery(planner: RawHPAStar): RawHPAStarQuery;
  makeFlowFields(planner: RawHPAStar): RawFlowFields;
  readonly inspection: Pick<HpastarModule, 'hpaClusterRects' | 'hpaQueryConnections' | 'hpaComponentLabels' | 'hpaCellClusters' | 'hpaEntrances' | 'hpaClusterBuild' | 'hpaNodeTree'>;
}

// Lets the worker pool read a planner's terrain and options while keeping the handle private.
let rawPlannerOf: (planner: HPAStar) => RawHPAStar;

/** @internal The raw handle of a planner; throws if it has been disposed. */
export function rawPlanner(planner: HPAStar): RawHPAStar {
  if (!(planner instanceof HPAStar)) throw new TypeError('expected an HPAStar made by hpastar.HPAStar.build');
  return rawPlannerOf(planner);
}

/**
 * @internal What `hpastar/inspect` needs of an HPA* planner or query object: the query object that
 * searches for it (a planner's own one) and the module's inspection functions.
 */
export interface HpaInspectionAccess {
  readonly query: HPAStarQuery;
  readonly inspection: HpaModuleParts['inspection'];
}

// Set by the classes' static blocks, which alone read their private fields.
let plannerAccessOf: (planner: HPAStar) => HpaInspectionAccess;
let queryAccessOf: (query: HPAStarQuery) => HpaInspectionAccess;

/** @internal The query object and inspection functions of an HPA* planner or query (inspect.ts). */
export function hpaInspectionAccess(object: HPAStar | HPAStarQuery): HpaInspectionAccess {
  if (object instanceof HPAStar) return plannerAccessOf(object);
  if (object instanceof HPAStarQuery) return queryAccessOf(object);
  throw new TypeError('expected an HPAStar made by hpastar.HPAStar.build or one of its query objects');
}

/**
 * An HPA* planner: the hierarchy of one grid (clusters, entrances, abstract graph at every level),
 * shared and read-only while searched, with a query object of its own for the searches made through
 * it. Build one with `hpastar.HPAStar.build(grid, options)`; {@link HPAStar.createQuery} gives more
 * query objects (each with its own scratch memory and plans).
 *
 * Paths are near-optimal (typically within a few percent of the shortest) and found far faster than by
 * A* on large maps. Terrain can be changed with {@link HPAStar.applyEdits}; every search sees one
 * version of the terrain, numbered by {@link HPAStar.version}.
 *
 * @example
 * ```ts
 * const planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
 * const path = planner.findPath({ x: 1, y: 2 }, { x: 200, y: 90 }); // { found, cost, cells, stats }
 * planner.dispose();
 * ```
 */
export class HPAStar extends ReachableGridPlanner<RawHPAStar, ResolvedHierarchyOptions, HierarchyStats> {
  readonly #parts: HpaModuleParts;
  readonly #query: HPAStarQuery;
  #flowFields: PlannerFlowFields | null = null;  // made on first use

  static {
    rawPlannerOf = (planner) => planner.#handle();
    plannerAccessOf = (planner) => ({ query: planner.#query, inspection: planner.#parts.inspection });
  }

  /** @internal Use `hpastar.HPAStar.build`. */
  constructor(raw: RawHPAStar, parts: HpaModuleParts, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.HPAStar.build(grid, options) to make an HPAStar');
    super(raw, 'HPAStar', parts.state, (r) => hierarchyStatsOf(r.stats()!));
    this.#parts = parts;
    this.#query = new HPAStarQuery(this, parts.makeQuery(raw), 'HPAStar', parts, internal);
  }

  /**
   * The agent class the planner answers for: that of the grid it was built on (`hpastar.Grid.forAgent`),
   * kept by {@link HPAStar.serialize}. Its paths are that agent's top-left cells.
   */
  get agent(): { readonly size: number; readonly capability: string } {
    return this.#handle().agent();
  }

  /**
   * The hierarchy's version: 0 as built, then one more per {@link HPAStar.applyEdits} that changed a
   * cell. Saved with the hierarchy: `HPAStar.load` gives back the version that was serialized.
   */
  get version(): number {
    return this.#handle().version();
  }

  /**
   * Whether each cell of a rectangle of the current terrain is passable, in one call, as
   * {@link Grid.passableRect} (1 passable, 0 blocked, row-major; the whole map by default).
   * @throws TypeError, RangeError, OutOfMemoryError - as {@link Grid.passableRect}
   */
  passableRect(x?: number, y?: number, w?: number, h?: number): Uint8Array {
    return readRect(this.moduleState, 'HPAStar.passableRect', this.#handle(), 'passableRect', [x, y, w, h]);
  }

  /**
   * The terrain character codes of a rectangle of the current terrain, in one call, as
   * {@link Grid.terrainRect} (row-major; the whole map by default).
   * @throws TypeError, RangeError, OutOfMemoryError - as {@link Grid.terrainRect}
   */
  terrainRect(x?: number, y?: number, w?: number, h?: number): Uint8Array {
    return readRect(this.moduleState, 'HPAStar.terrainRect', this.#handle(), 'terrainRect', [x, y, w, h]);
  }

  /**
   * The hierarchy (grid, options and current terrain version included) as bytes: versioned and
   * checksummed, for `hpastar.HPAStar.load(bytes)` here, in a worker or in a later session.
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the bytes
   */
  serialize(): Uint8Array {
    const raw = this.#handle();
    const bytes = this.wasmCall('HPAStar.serialize', () => raw.serialize());
    if ('error' in bytes) throw moduleError('HPAStar.serialize', bytes);
    return bytes;
  }

  /**
   * A new query object of this planner: its own scratch memory, searches and plans, independent of
   * the planner's own (its plans are never disturbed by the planner's searches, nor the other way).
   * Dispose of it when done; its batches need the planner alive (they report its version).
   */
  createQuery(): HPAStarQuery {
    const raw = this.#handle();
    return new HPAStarQuery(this, this.#parts.makeQuery(raw), 'HPAStarQuery', this.#parts, internal);
  }

  /**
   * Finds a path from `start` to `goal`: insertion of both in the abstract graph, abstract search,
   * refinement to cells and (by default) smoothing.
   * With `snap: true`, a blocked or outside start or goal is moved first (see {@link FindPathOptions.snap}).
   * @returns the path, or `found: false` with status `'no path'` when the two cells are not connected
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked (and not snapped)
   * @throws TypeError - when a coordinate is not an integer or an option is unknown
   * @throws Error - when the planner has been disposed
   */
  findPath(start: Point, goal: Point, options?: FindPathOptions): PathResult {
    this.#handle();
    return this.#query.findPath(start, goal, options);
  }

  /**
   * The flow field of `goal`: for every cell of its component, the direction of the next step towards it,
   * for many agents that share the goal (they read their step instead of searching). Following it from any
   * cell of the component reaches the goal by legal moves, near the shortest way (0.0-0.4 % longer on
   * average on the test maps, {@link FlowField}). With `options.starts`, only the clusters of those starts'
   * corridors are computed, seeded at transitions only (HPA*'s unsmoothed paths: 3-6 % longer).
   *
   * Built from the hierarchy: one Dijkstra from the goal over the abstract graph, then one small Dijkstra
   * per cluster, in the order of their distance. The planner keeps the fields of its last 4 goals: asking again for a goal is a copy of its
   * steps; after terrain edits the field is refreshed, only the clusters whose terrain or whose seeds
   * changed being integrated again.
   * @returns a new {@link FlowField} (a copy, nothing to dispose)
   * @throws TypeError - when `goal` or a start is not a cell, or an option is unknown
   * @throws RangeError - when the goal is outside the map or blocked, or a start is outside the map
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the field
   */
  flowField(goal: Point, options?: FlowFieldOptions): FlowField {
    const where = 'HPAStar.flowField';
    const raw = this.#handle();
    this.#flowFields ??= makePlannerFlowFields(() => this.#parts.makeFlowFields(raw), this.moduleState, where);
    return this.#flowFields.field(goal, options, where);
  }

  /**
   * Runs many searches in one call (one crossing into WebAssembly, results as typed arrays).
   * Queries whose start or goal is invalid do not throw: their status says why. With `snap: true`
   * their endpoints are moved first, and {@link PathBatch.snappedEndpoints} says where.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @throws TypeError - when the queries are malformed or an option is unknown
   */
  findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: BatchSearchOptions): PathBatch {
    this.#handle();
    return this.#query.findPaths(queries, options);
  }

  /**
   * Plans many paths in one call: for each query the abstract path (its waypoints) and, unless
   * `firstSegment: false`, its first segment refined, equal to what {@link HPAStar.plan} and the first
   * {@link PathPlan.nextSegment} give. Nothing is kept between calls: later segments are searches
   * between consecutive waypoints ({@link HPAStar.findPaths} with `smooth: false`). Queries whose
   * start or goal is invalid do not throw: their status says why. The same job runs in a worker pool
   * with `pool.planPaths`.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @throws TypeError - when the queries are malformed or an option is unknown
   */
  planPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PlanBatchOptions): PlanBatch {
    this.#handle();
    return this.#query.planPaths(queries, options);
  }

  /**
   * Plans a path without refining it: the abstract path is found now, and its cells one segment at a
   * time with {@link PathPlan.nextSegment}, so that an agent can start moving at once. Pieces are
   * the segments as refined, or smoothed across their ends with `{ smooth: true }` ({@link PlanOptions}).
   * Any number of plans may be alive and refined in any order; a terrain edit on this planner makes the
   * plans made before it stale.
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked
   * @throws TypeError - when an option is unknown or not a boolean
   */
  plan(start: Point, goal: Point, options?: PlanOptions): PathPlan {
    this.#handle();
    return this.#query.plan(start, goal, options);
  }

  /**
   * Changes terrain and updates the hierarchy, rebuilding only the clusters the edits touch (and the
   * levels above them): all edits, or none when one is invalid. An edit sets a cell's terrain, its cost
   * layer value, or both (see {@link TerrainEdit}): a new cost rebuilds what a wall there would. Searches
   * that follow see the new terrain; plans made before become stale. The {@link HPAStar.version} goes up
   * by one per call with edits.
   * @returns what was rebuilt (counts, ids and rectangles of the clusters per level), and how long it took
   * @throws TypeError - naming the first edit that is not `{ x, y, terrain?, cost? }` with one of them
   * @throws RangeError - naming the first edit that is outside the grid, not a terrain character or a
   *   cost outside 1..255
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the edit list, a first cost
   *   layer or, for edits that touch half of the clusters or more, for building the hierarchy afresh
   *   (nothing changes then; the rebuild of a few clusters is not checked: see Limits in docs/guide/11-troubleshooting.md)
   * @param control - `onProgress`: hears the rebuild's progress (a whole-map change takes a build's time);
   *   progress only, an edit is never cancelled (see {@link EditControl})
   */
  applyEdits(edits: readonly TerrainEdit[], control?: EditControl): UpdateStats {
    const where = 'HPAStar.applyEdits';
    const relay = new ProgressRelay(where, control, false);
    const raw = this.#handle();
    const packed = packEdits(edits, where, { width: raw.width(), height: raw.height() });
    if (packed.length === 0) return emptyUpdateStats(this.options.levels);
    const stats = this.#update(where, (raw) => raw.applyEdits(packed, relay.part()));
    relay.rethrow(where);
    return stats;
  }

  /**
   * Sets what crossing each terrain kind costs, as {@link Grid.setTerrainCosts} does for a grid (kinds
   * not named cost 1), and rebuilds the clusters around the passable cells of every kind whose
   * multiplier changed: `{ S: 5 }` on a map with a few swamps rebuilds a few clusters. With DHPA* trees,
   * a new costliest multiplier rebuilds them all. The {@link HPAStar.version} goes up by one.
   * @returns what was rebuilt; `cellsChanged` counts the passable cells of the changed kinds
   * @throws TypeError - when `costs` is not an object of numbers keyed by terrain characters
   * @throws RangeError - when a multiplier is outside 1/64 to 1024, or `.` and `G` (or `@` and `O`) differ
   * @throws OutOfMemoryError - when the heap has no room for the weights or a fresh build (nothing changes)
   */
  setTerrainCosts(costs: TerrainCosts): UpdateStats {
    const pairs = packTerrainCosts(costs, 'HPAStar.setTerrainCosts');
    return this.#update('HPAStar.setTerrainCosts', (raw) => raw.setTerrainCosts(pairs));
  }

  #update(where: string, change: (raw: RawHPAStar) => string): UpdateStats {
    const raw = this.#handle();
    const error = this.wasmCall(where, () => change(raw));
    if (error) throw moduleError(where, error, RangeError);
    this.statsChanged();
    return updateStatsOf(raw.lastUpdate());
  }

  /**
   * Whether the landmarks and distance table are stale: a terrain change altered the top level's graph
   * since they were computed. The change itself repairs the landmarks (the new graph's distances from
   * the same landmarks), and searches use them; a stale table is still used, as A* bounds rather than a
   * walk. Paths stay valid, and may be a little longer than the fresh table gives where a change opened
   * a shorter way, until {@link HPAStar.refreshHeuristics} has run to the end: it computes both as a
   * build does (and as a saved copy does when loaded). Always false without landmarks and a distance
   * table.
   */
  get heuristicsStale(): boolean {
    const raw = this.#handle();
    return this.wasmCall('HPAStar.heuristicsStale', () => raw.heuristicsStale());
  }

  /**
   * Recomputes stale landmarks and distance table for about `budgetMs` milliseconds (at least one
   * Dijkstra search over the top level), and installs them once finished. Call it once per frame, or
   * when idle, until `done`: each call goes on where the last stopped, and a terrain change that alters
   * the top level's graph meanwhile starts it again. Returns at once with `done` when nothing is stale.
   *
   * `onProgress` hears the refresh as a build's last phases (`'landmarks'`, then `'distance table'`),
   * `done` the share of the whole refresh (not of this call), about every percent, and 1 once it is
   * installed. Returning false (or throwing) stops the call: it throws an AbortError (or the exception);
   * the searches go on with the stale tables as bounds (valid paths, perhaps a little longer: see
   * {@link HPAStar.heuristicsStale}), and the next call goes on where this one stopped.
   * @param options - `budgetMs`: the time to spend in this call (default 4; 1e9: to the end), `onProgress`
   * @throws RangeError - when `budgetMs` is not a number from 0 to 1e9
   * @throws OutOfMemoryError - when the heap has no room for the new tables (the stale ones stay)
   * @throws DOMException - named `'AbortError'`, when `onProgress` returned false
   */
  refreshHeuristics(options: { readonly budgetMs?: number } & BuildControl = {}): RefreshProgress {
    const where = 'HPAStar.refreshHeuristics';
    const { budgetMs = 4, onProgress } = options;
    for (const key of Object.keys(options)) {
      if (key !== 'budgetMs' && key !== 'onProgress') throw new TypeError(`${where}: unknown option "${key}" (known: budgetMs, onProgress)`);
    }
    if (typeof budgetMs !== 'number' || !(budgetMs >= 0 && budgetMs <= 1e9))
      throw new RangeError(`${where}: budgetMs must be a number from 0 to 1e9, got ${String(budgetMs)}`);
    const relay = new ProgressRelay(where, onProgress === undefined ? undefined : { onProgress });
    const tell = relay.part();
    const raw = this.#handle();
    const step = (ms: number) => {
      const answer = this.wasmCall(where, () => raw.refreshHeuristics(ms));
      if ('error' in answer) throw moduleError(where, answer);
      return answer;
    };
    let progress = step(tell ? 0 : budgetMs);
    if (tell) progress = this.#refreshTold(progress, budgetMs, tell, step);
    if (progress.done) this.statsChanged();
    relay.rethrow(where);
    return Object.freeze({ done: progress.done, stepsDone: progress.stepsDone, stepsTotal: progress.stepsTotal });
  }

  /**
   * The rest of a refresh told to `tell`: one Dijkstra per module call (the first is run), so that the
   * listener hears about every percent and can stop it between two; until done, `budgetMs` spent or a cancel.
   */
  #refreshTold(first: RawRefreshProgress, budgetMs: number, tell: RawProgress, step: (ms: number) => RawRefreshProgress): RawRefreshProgress {
    const started = performance.now();
    let progress = first;
    let told = -1;
    let phase = '';
    for (;;) {
      const share = progress.done ? 1 : progress.stepsTotal > 0 ? progress.stepsDone / progress.stepsTotal : 0;
      if (progress.done || share >= told + 0.01 || progress.phase !== phase) {
        told = share;
        phase = progress.phase;
        if (tell(phase, share) === false) return progress;
      }
      if (progress.done || performance.now() - started >= budgetMs) return progress;
      progress = step(0);
    }
  }

  /** Frees the hierarchy's C++ memory and the planner's own query object. Calling it again does nothing. */
  override dispose(): void {
    this.#query.dispose();
    this.#flowFields?.dispose();
    super.dispose();
  }

  #handle(): RawHPAStar {
    return this.rawHandle();
  }
}

/**
 * A query object of an {@link HPAStar} planner: the scratch memory of its searches, its batches and
 * its plans. The planner is the shared data; queries are cheap to keep and never disturb each other.
 * Made by {@link HPAStar.createQuery}.
 */
export class HPAStarQuery extends WasmObject<RawHPAStarQuery> {
  readonly #planner: HPAStar;
  readonly #name: string;
  readonly #parts: HpaModuleParts;
  /** The planner's labels, for snapping (a query object has none of its own). */
  readonly #reach: PlannerReachability;

  static {
    queryAccessOf = (query) => ({ query, inspection: query.#parts.inspection });
  }

  /** @internal Use `planner.createQuery()`. */
  constructor(planner: HPAStar, raw: RawHPAStarQuery, name: string, parts: HpaModuleParts, token: typeof internal) {
    if (token !== internal) throw new TypeError('use planner.createQuery() to make an HPAStarQuery');
    super(raw, name, parts.state);
    this.#planner = planner;
    this.#name = name;
    this.#parts = parts;
    this.#reach = new PlannerReachability(name, () => rawPlanner(planner), parts.state);
  }

  /** As {@link HPAStar.findPath}. */
  findPath(start: Point, goal: Point, options?: FindPathOptions): PathResult {
    return plannerFindPath(this.#name, () => this.#handle(), this.moduleState, this.#reach, start, goal, options);
  }

  /** As {@link HPAStar.findPaths}. */
  findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: BatchSearchOptions): PathBatch {
    return plannerFindPaths(this.#name, () => this.#handle(), this.moduleState, this.#reach, queries, options, () => this.#planner.version);
  }

  /** As {@link HPAStar.planPaths}. */
  planPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PlanBatchOptions): PlanBatch {
    const where = `${this.#name}.planPaths`;
    checkFlags(options, SEARCH_FLAGS.planPaths, where);
    const packed = packQueries(queries, where);
    const raw = this.#handle();
    const out = this.wasmCall(where, () => raw.planPaths(packed, options?.firstSegment ?? true));
    if ('error' in out) throw moduleError(where, out);
    return new PlanBatch(out, this.#planner.version);
  }

  /** As {@link HPAStar.plan}: the plan is this query's, refined with its scratch. */
  plan(start: Point, goal: Point, options?: PlanOptions): PathPlan {
    const where = `${this.#name}.plan`;
    cell(where, 'start', start);
    cell(where, 'goal', goal);
    checkFlags(options, SEARCH_FLAGS.plan, where);
    const raw = this.#handle();
    const smooth = options?.smooth ?? false;
    const rawPlan = this.wasmCall(where, () => raw.plan(start.x, start.y, goal.x, goal.y, smooth));
    return makePathPlan(where, rawPlan, {
      queryName: this.#name,
      planName: 'PathPlan',
      peek: () => this.peekRawHandle(),
      state: this.moduleState,
      stats: statsOf,
      refused: (planned) => pathQueryError(planned, describeFailure(planned.code, planned.status, start, goal)),
    });
  }

  #handle(): RawHPAStarQuery {
    return this.rawHandle();
  }
}
