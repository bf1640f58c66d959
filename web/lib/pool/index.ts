/**
 * A pool of workers that run HPA* (or DHPA*, SHPA*, HAA*) searches asynchronously against one hierarchy,
 * so that the page (or Node's main thread) never blocks on a build or a batch.
 *
 * Two modes, one API ({@link PathPool.mode} says which runs):
 * - `'shared'`: the pthread build in one worker keeps ONE hierarchy in a shared WebAssembly heap, and
 *   `workers` threads search it. Needs `SharedArrayBuffer`: in browsers, a cross-origin isolated page
 *   (COOP/COEP headers, `crossOriginIsolated === true`); always available in Node.
 * - `'copied'`: `workers` plain workers, each with its own copy of the hierarchy. Works everywhere.
 *
 * @example
 * ```ts
 * const pool = await createPathPool({ grid, hierarchy: { clusterSize: 16, levels: 2 }, workers: 4 });
 * const batch = await pool.findPaths(queries, { signal: AbortSignal.timeout(1000) });
 * const plans = await pool.planPaths(queries); // abstract paths and first segments, for agents
 * await pool.updateTerrain([{ x: 10, y: 4, terrain: '@' }]); // later batches see the wall
 * await pool.close();
 *
 * // SHPA* (static maps): the workers build its graph from the terrain (it has no serialized form).
 * const shpa = await createPathPool({ algorithm: 'shpa', grid, hierarchy: { maxClusterSide: 16 } });
 *
 * // HAA*: one hierarchy for agents of sizes 1..maxSize and every capability; each batch names its agent.
 * const haa = await createPathPool({ algorithm: 'haa', grid, hierarchy: { maxSize: 2 } });
 * const tanks = await haa.findPaths(queries, { agent: { size: 2, capability: 'ground' } });
 *
 * // No Grid, no module on this thread: the map's text (or parseMovingAIMap's terrain) goes to the workers.
 * const fromText = await createPathPool({ map: mapText, hierarchy: { clusterSize: 16, levels: 2 } });
 * ```
 * @module
 */
import { agentClassIndex, agentOnly, withoutAgent, type AgentClassOption } from '../agentClasses.ts';
import { PathBatch } from '../batch.ts';
import { cell } from '../args.ts';
import { flowFieldOf, flowQuestion, type FlowField, type FlowFieldOptions } from '../flowField.ts';
import { agentOf } from '../haastar.ts';
import { checkFlags, checkTerrainCostRanges, describe, moduleError, packEdits, packQueries, packTerrainCosts, resolvedOptionsOf, SEARCH_CHOICES, SEARCH_FLAGS } from '../internal.ts';
import { PlanBatch } from '../planBatch.ts';
import { endpointRule } from '../plannerSearch.ts';
import { ENDPOINT_RULES } from '../generated/contract.ts';
import { cellAnswer, nearestQuestion, randomQuestion } from '../reachability.ts';
import { ReachabilityView, type LabelLayout, type LabelsMessage } from '../reachabilityView.ts';
import { emptyWorldUpdateStats, WorldPathBatch, worldUpdateStatsOf, type ResolvedWorldHierarchyOptions, type WorldBlockUpdate, type WorldHierarchyStats } from '../world.ts';
import type {
  Agent,
  BatchSearchOptions,
  HaaStats,
  HierarchyStats,
  NearestPassableOptions,
  PlanBatchOptions,
  Point,
  ResolvedHaaOptions,
  ResolvedHierarchyOptions,
  ResolvedShpaOptions,
  ShpaStats,
  TerrainCosts,
  TerrainEdit,
  TerrainUpdate,
} from '../types.ts';
import { emptyUpdateStats, unionOfUpdates, updateStatsOf } from '../updates.ts';
import type { RawUpdateStats, RawWorldUpdateStats } from 'hpastar:raw';
import { joinPlans, joinSearches, type JobPart } from './join.ts';
import { checkSignal, jobSizeOf, type HeuristicRefresh, type HeuristicRefreshProgress, type PoolConfig } from './options.ts';
import type { BuildPhase, BuildProgress } from '../progress.ts';

export { checkSignal };
import type { FaultMessage, FromWorker, HierarchySource, JobAgent, PlannedMessage, PoolAlgorithm, PoolMode, ReachedMessage, ReachQuestion, ReadyMessage, ResultMessage, WorkerPlanner } from './protocol.ts';
import { CHECKPOINT_EVERY, Scheduler, type Slot } from './scheduler.ts';
import type { BudgetShare } from './budget.ts';
import { initWorkers, StartError, startWorker, type PlannerSpec, type StartingWorker } from './spawn.ts';

export type { HaaPathPoolOptions, HeuristicRefresh, HeuristicRefreshProgress, PathPoolOptions, ShpaPathPoolOptions } from './options.ts';
export type { PoolAlgorithm, PoolMode } from './protocol.ts';

/** Options of {@link PathPool.findPaths}. */
export interface PoolBatchOptions extends BatchSearchOptions, AgentClassOption {
  /** Cancels the batch: its promise rejects with the signal's reason, and its remaining jobs are dropped. */
  readonly signal?: AbortSignal;
}

/** Options of {@link PathPool.findPaths} for a HAA* pool: the agent every query of the batch is for. */
export interface HaaPoolBatchOptions {
  /** The agent: a square of `size` × `size` cells (1 to the hierarchy's `maxSize`) and the terrain it may stand on. */
  readonly agent: Agent;
  /** `false` leaves the paths' cells out. Default true. */
  readonly cells?: boolean;
  /** Cancels the batch: its promise rejects with the signal's reason, and its remaining jobs are dropped. */
  readonly signal?: AbortSignal;
}

/** Options of {@link PathPool.flowField}: the field's options, and the agent class it is for. */
export interface PoolFlowFieldOptions extends FlowFieldOptions, AgentClassOption {}

/** Options of {@link PathPool.nearestPassable}: the question's options, and the agent class it is about. */
export interface PoolNearestPassableOptions extends NearestPassableOptions, AgentClassOption {}

/** Options of {@link PathPool.planPaths}. */
export interface PoolPlanOptions extends PlanBatchOptions, AgentClassOption {
  /** Cancels the batch: its promise rejects with the signal's reason, and its remaining jobs are dropped. */
  readonly signal?: AbortSignal;
}

/**
 * Searches running asynchronously in workers against one hierarchy. Made by {@link createPathPool}.
 * @typeParam A - the planner: `'hpa'` (HPA* and DHPA*, the default), `'shpa'` or `'haa'`
 */
export interface PathPool<A extends PoolAlgorithm = 'hpa'> extends AsyncDisposable {
  /** The planner the workers run: `'hpa'` (HPA*, DHPA*), `'shpa'` or `'haa'`. */
  readonly algorithm: A;
  /** How the pool runs: `'shared'` (one hierarchy, N threads) or `'copied'` (N workers, one copy each). */
  readonly mode: PoolMode;
  /** Why this mode, e.g. `'crossOriginIsolated is false: SharedArrayBuffer is not available'`. */
  readonly modeReason: string;
  /** Search threads (shared) or workers (copied). */
  readonly workers: number;
  /** Size of the map. */
  readonly width: number;
  readonly height: number;
  /**
   * The agent class the hierarchy serves (the first of {@link PathPool.agents}): that of the grid or
   * planner the pool was made from (`hpastar.Grid.forAgent`), or of the `agent` option,
   * `{ size: 1, capability: 'ground,swamp' }` otherwise. A HAA* pool serves every class and names one
   * per batch.
   */
  readonly agent: { readonly size: number; readonly capability: string };
  /**
   * The agent classes an HPA* pool serves (a hierarchy each, in every worker), in the order of the
   * `agents` option; one otherwise ({@link PathPool.agent}). Calls name theirs with `{ agent }`.
   */
  readonly agents: readonly { readonly size: number; readonly capability: string }[];
  /** The hierarchy's options, defaults filled in. */
  readonly options: A extends 'shpa' ? ResolvedShpaOptions : A extends 'haa' ? ResolvedHaaOptions : ResolvedHierarchyOptions;
  /** Figures of the hierarchy at the newest version the workers have confirmed. */
  readonly stats: A extends 'shpa' ? ShpaStats : A extends 'haa' ? HaaStats : HierarchyStats;
  /**
   * The newest terrain version, the core's counter: the planner's {@link HPAStar.version} for a pool made
   * from one (0 from a grid), then one more per {@link PathPool.updateTerrain} with edits.
   */
  readonly version: number;
  /**
   * WebAssembly memory held by the pool's workers, in bytes, as last reported: one heap in shared
   * mode, one per worker in copied mode.
   */
  readonly heapBytes: number;
  /**
   * The WebAssembly module the workers loaded, what they downloaded: `'hpastar-grid'` (copied mode) or
   * `'hpastar-grid-mt'` (shared mode) for HPA* and the Planner on a grid, whichever entry made the pool; the
   * full `'hpastar'` or `'hpastar-mt'` for a block world, HAA* and SHPA*.
   */
  readonly wasmModule: string;
  /** When the workers refresh the landmarks and distance table after an update ({@link PathPoolOptions.heuristicRefresh}). */
  readonly heuristicRefresh: HeuristicRefresh;
  /**
   * True once {@link PathPool.close} was called, or a worker could not be replaced. A worker (copied
   * mode) or search thread (shared mode) that dies is replaced: only the batches that had queries on
   * it reject, with an error that names it and why it ended, and the pool goes on.
   */
  readonly closed: boolean;

  /**
   * Runs a batch of searches in the workers. Every query of the batch searches the same terrain
   * version: the newest one when the call is made ({@link PathBatch.version}).
   * Queries whose start or goal is invalid do not reject: their status says why.
   *
   * A HAA* pool needs `options.agent` (`{ size, capability }`): every query of the batch is for that
   * agent, its path the anchors (top-left cells) of the agent's square, legal for the whole square.
   * A start or goal the square does not fit on answers its status, as for other pools.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @returns a promise of the answers, in query order; it rejects on cancellation (the signal's
   *   reason), on malformed queries or a malformed or missing agent (TypeError), with an Error naming
   *   the problem when the hierarchy does not serve the agent (a size above `maxSize`, a capability
   *   that allows none of the map's terrain), when the pool is closed, or when a worker or search
   *   thread with some of its queries dies (the error names it; the pool replaces it and goes on)
   */
  findPaths(
    queries: Int32Array | readonly (readonly [Point, Point])[],
    options?: A extends 'haa' ? HaaPoolBatchOptions : PoolBatchOptions,
  ): Promise<PathBatch>;

  /**
   * Plans a batch of paths in the workers (HPA* and DHPA* pools): for each query its abstract path
   * (waypoints, start first, goal last) and, unless `firstSegment: false`, its first segment refined,
   * equal to `HPAStar.plan` and the first `PathPlan.nextSegment` on the same hierarchy. A crowd can
   * thus plan entirely off the main thread: an agent walks the first segment at once, and asks for the
   * next ones with {@link PathPool.findPaths} between consecutive waypoints (`smooth: false`), each a
   * search within one or two top-level clusters. The workers keep nothing between jobs.
   *
   * Every query of the batch plans on the same terrain version: the newest one when the call is made
   * ({@link PlanBatch.version}). A plan made on a version older than {@link PathPool.version} may cross
   * a later wall: its segment searches then find another way or answer `'no path'` (plan again).
   * Queries whose start or goal is invalid do not reject: their status says why.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @returns a promise of the plans, in query order; it rejects on cancellation (the signal's reason),
   *   on malformed queries or options (TypeError), for an SHPA* or HAA* pool (Error: it has no plans), when
   *   the pool is closed, or when a worker fails
   */
  planPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PoolPlanOptions): Promise<PlanBatch>;

  /**
   * The reachability questions of the planners ({@link HPAStar.componentOf}, {@link HPAStar.isReachable},
   * {@link HPAStar.nearestPassable}, {@link HPAStar.randomPassable}: same arguments, same errors, same
   * answers), asked of a worker. They are cheap (no search), but the main thread has no copy of the
   * terrain that follows {@link PathPool.updateTerrain}, so each is sent to a worker as a job of one query:
   * it answers on the newest terrain version when the call is made, as a batch started then would see it.
   * To ask within a frame, keep a {@link PathPool.reachabilityView} instead.
   * @returns a promise of the answer; it rejects (TypeError, RangeError) for bad arguments as the planners
   *   throw, when the pool is closed, and always for a HAA* pool (its components are per agent)
   */
  componentOf(p: Point, options?: AgentClassOption): Promise<number>;
  /** As {@link HPAStar.isReachable}, asked of a worker (see {@link PathPool.componentOf}). */
  isReachable(a: Point, b: Point, options?: AgentClassOption): Promise<boolean>;
  /**
   * The component labels of an agent class (default the first) on this thread: a {@link ReachabilityView}
   * whose `componentOf` and `isReachable` answer at once, without a message to a worker (inside a frame:
   * ask them for every unit), of the terrain version it names ({@link ReachabilityView.version}). The
   * pool keeps it current: each `updateTerrain` and `setTerrainCosts` brings it to the new version as that
   * update's promise resolves (from the first view on, updates carry the labels of the clusters they
   * rebuilt). One view per class: the same object on every call. HPA* pools of a grid only.
   * @throws Error - for a HAA* or SHPA* pool, or a closed one
   * @throws TypeError - for an agent class the pool does not serve
   */
  reachabilityView(options?: AgentClassOption): Promise<ReachabilityView>;
  /** As {@link HPAStar.nearestPassable}, asked of a worker (see {@link PathPool.componentOf}). */
  nearestPassable(p: Point, options?: PoolNearestPassableOptions): Promise<Point | null>;
  /**
   * As {@link HPAStar.randomPassable}, asked of a worker (see {@link PathPool.componentOf}): `random` is
   * called here, once, for the seed.
   */
  randomPassable(random?: () => number, component?: number, options?: AgentClassOption): Promise<Point | null>;

  /**
   * As {@link HPAStar.flowField}, asked of a worker on the newest terrain version (see
   * {@link PathPool.componentOf}): the field's steps are built there and transferred. Each worker keeps
   * the fields of its last 4 goals and refreshes them after {@link PathPool.updateTerrain}, but the
   * question may go to any worker, so asking again for a goal may build it again elsewhere.
   * @returns a promise of the field; it rejects (TypeError, RangeError) for bad arguments as the planner
   *   throws, for an SHPA* or HAA* pool (Error: flow fields are built from an HPA* hierarchy), and when the pool
   *   is closed
   */
  flowField(goal: Point, options?: PoolFlowFieldOptions): Promise<FlowField>;

  /**
   * Changes terrain in every worker (each rebuilds only the clusters the edits touch): all edits or
   * none. Batches started before this call finish on the old terrain; batches started after it see
   * the new one.
   * @returns a promise of the new version and what it rebuilt (the clusters per level, their ids and
   *   rectangles: test a path against it with {@link pathCrossesUpdate}), resolved once every worker
   *   holds it; edits that change nothing answer the current version and nothing rebuilt. A pool of
   *   several agent classes answers what each class's hierarchy rebuilt in `classes` (in the order of
   *   {@link PathPool.agents}), and their union at the top
   * @throws RangeError (as a rejection) - naming an edit outside the map or not a terrain character
   * @throws Error (as a rejection) - always for an SHPA* pool: SHPA* is for static maps
   */
  updateTerrain(edits: readonly TerrainEdit[]): Promise<TerrainUpdate>;

  /**
   * Sets what crossing each terrain kind costs in every worker, as `HPAStar.setTerrainCosts` does (kinds
   * not named cost 1): each rebuilds the clusters around the cells of the kinds whose multiplier changed.
   * Batches started before this call finish on the old costs; batches started after it see the new ones.
   * @returns a promise of the new version number, resolved once every worker holds it
   * @throws TypeError, RangeError (as a rejection) - as `Grid.setTerrainCosts`
   * @throws Error (as a rejection) - always for an SHPA* pool: SHPA* is for static maps; and for a HAA* pool,
   *   whose workers take cell edits only
   */
  setTerrainCosts(costs: TerrainCosts): Promise<number>;

  /**
   * Stops the workers. Pending batches and updates reject; later calls reject. Resolves when the
   * workers have ended (in Node, nothing of the pool keeps the process alive after that).
   */
  close(): Promise<void>;
}

/**
 * @internal Starts the workers of a checked configuration, falling back to copied mode when the pthread
 * module cannot start and the mode was left to the pool.
 */
export async function startPool(config: PoolConfig): Promise<WorkerPathPool> {
  try {
    return await WorkerPathPool.start(config);
  } catch (error) {
    if (config.fallback && error instanceof StartError && error.stage === 'load') {
      return WorkerPathPool.start({ ...config, mode: 'copied', reason: `the pthread module could not start (${error.message})` });
    }
    throw error;
  }
}

/**
 * The share of a pool's start that the build takes; the rest is the other workers loading its bytes
 * (phase `'load'`).
 */
const LOADING_SHARE = 0.95;

// Let injectPoolFault and poolEditLog reach a pool's workers and scheduler while keeping them private to everyone else.
let injectFault: (pool: WorkerPathPool, index: number, fault: Omit<FaultMessage, 'type'>) => Promise<void>;
let editLogOf: (pool: WorkerPathPool) => { startVersion: number; edits: number };
let busyOf: (pool: WorkerPathPool, listener: ((threads: number) => void) | null) => void;

/**
 * @internal Wires the pool together: options, started workers and the scheduler of their jobs. The grid
 * pools are this class; a world pool (pool/world.ts) is a face over one, through its world methods.
 */
export class WorkerPathPool implements PathPool<PoolAlgorithm> {
  readonly algorithm: PoolAlgorithm;
  readonly mode: PoolMode;
  readonly modeReason: string;
  readonly workers: number;
  readonly width: number;
  readonly height: number;
  readonly agent: { readonly size: number; readonly capability: string };
  readonly agents: readonly { readonly size: number; readonly capability: string }[];
  readonly heuristicRefresh: HeuristicRefresh;
  #options!: ResolvedHierarchyOptions | ResolvedShpaOptions | ResolvedHaaOptions | ResolvedWorldHierarchyOptions;
  #stats!: HierarchyStats | ShpaStats | HaaStats | WorldHierarchyStats;
  /** A world planner's size and the module's block kinds, from the first worker's ready. */
  #world: ReadyMessage['world'];
  #wasmModule = '';
  readonly #planner: WorkerPlanner;
  readonly #where: string;
  /** Set for planners that cannot be edited (SHPA*): why updateTerrain rejects. */
  #staticMapsOnly: string | null = null;
  #statsVersion = 0;
  readonly #jobs: Scheduler;
  /** Main-thread views of the classes' labels (reachabilityView), kept current by the updates. */
  readonly #views = new Map<number, Promise<ReachabilityView>>();
  #failure: Error | null = null;
  #closing: Promise<void> | null = null;
  /** What a replacement worker makes its planner from; set once the pool has started. */
  #spec: PlannerSpec | null = null;
  /** Workers started so far, for their labels. */
  #spawned = 0;
  /** Replacements starting. */
  readonly #replacements = new Set<Promise<void>>();
  /** Told how far the start is, until the pool is ready. */
  #onProgress: ((progress: BuildProgress) => void) | undefined;
  #progressDone = 0;
  #startSignal: AbortSignal | undefined;
  /** Told how far the background refresh of the heuristics is (onRefreshProgress). */
  readonly #onRefresh: ((progress: HeuristicRefreshProgress) => void) | undefined;
  /** The refresh told last: its version, each worker's share of it, and the least told. */
  #refresh = { version: -1, done: new Map<Slot, { phase: string; done: number }>(), told: -1 };
  /** The pool's place on its worker budget, if it has one. */
  #share: BudgetShare | null = null;
  /** While the pool starts: rejects the start (its budget closed it). */
  #stopStart: (() => void) | null = null;

  private constructor(config: PoolConfig) {
    // A world pool's face answers for it: this object is never seen as a PathPool<'world'>.
    this.algorithm = config.algorithm as PoolAlgorithm;
    this.#planner = config.algorithm;
    this.#where = config.where;
    this.mode = config.mode;
    this.modeReason = config.reason;
    this.workers = config.workers;
    this.width = config.width;
    this.height = config.height;
    this.agents = Object.freeze(config.agents.map((a) => Object.freeze({ size: a.size, capability: a.capability })));
    this.agent = this.agents[0]!;
    this.heuristicRefresh = config.heuristicRefresh;
    this.#onRefresh = config.onRefreshProgress;
    const serializable = config.algorithm === 'hpa' || config.algorithm === 'world';
    this.#jobs = new Scheduler(jobSizeOf(config.jobSize, config.mode, config.workers), config.version, serializable ? CHECKPOINT_EVERY : 0);
    this.#jobs.onLabels = (version, labels) => this.#followLabels(version, labels);
    this.#statsVersion = config.version;
    if (config.budget) {
      const threads = config.mode === 'shared' ? config.workers : 1;
      this.#share = config.budget.join(config.where, threads, () => this.#jobs.resume(), () => this.close());
      this.#jobs.useBudget(this.#share, threads);
    }
  }

  /**
   * Spawns the workers (one in shared mode) and waits until each has its planner, telling
   * `config.onProgress` how far the build is; `config.signal` ends them and rejects with its reason.
   */
  static async start(config: PoolConfig): Promise<WorkerPathPool> {
    const pool = new WorkerPathPool(config);
    const shared = config.mode === 'shared';
    pool.#onProgress = config.onProgress;
    pool.#startSignal = config.signal;
    const signal = config.signal;
    let onAbort = () => {};
    // Its budget closed while it starts: the pool was closed before anyone had it.
    const closedWhileStarting = new Error(`${config.where}: the worker budget was closed while the pool started`);
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      pool.#stopStart = () => reject(closedWhileStarting);
    });
    aborted.catch(() => {});
    try {
      const starting: StartingWorker[] = [];
      // Not raced: a worker still spawning when the signal aborts would join the pool after the clean-up.
      for (let i = 0; i < (shared ? 1 : config.workers); i++) {
        starting.push(await pool.#spawn());
        signal?.throwIfAborted();
        if (pool.#closing) throw closedWhileStarting;
      }
      const spec: PlannerSpec = {
        mode: config.mode, threads: shared ? config.workers : 1, planner: config.algorithm, options: config.hierarchy, source: config.source,
        progress: config.onProgress !== undefined, refreshWithEdits: config.heuristicRefresh === 'with-edits',
        refreshProgress: config.onRefreshProgress !== undefined,
      };
      const source = await Promise.race([initWorkers(starting, spec, () => pool.#tellProgress('load', LOADING_SHARE)), aborted]);
      pool.#spec = { ...spec, source };
      pool.#tellProgress('load', 1);
    } catch (error) {
      pool.#onProgress = undefined;
      pool.#share?.leave();
      await Promise.all(pool.#jobs.slots.map((s) => s.worker.terminate().catch(() => {})));
      if (error instanceof StartError) {
        const message = `${config.where}: ${error.message}`;
        if (error.stage !== 'build') throw new StartError(message, error.stage);
        throw moduleError(config.where, error.failure, RangeError);
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      pool.#stopStart = null;
    }
    return pool;
  }

  /**
   * Starts one worker. At the pool's start it joins the scheduler at once (it is sent nothing before
   * init) and its answer to init sets the pool's figures; a replacement joins once it is ready.
   */
  async #spawn(replacement = false): Promise<StartingWorker> {
    const label = this.mode === 'shared' ? 'the shared-mode worker' : `worker ${++this.#spawned}`;
    // Set before the worker can answer: it answers init only, and is sent it after this returns.
    let slot: Slot | undefined;
    const starting = await startWorker({
      ready: (message) => {
        if (replacement) slot = this.#jobs.add(starting.worker, label, true);
        slot!.heapBytes = message.heapBytes;
        if (replacement) return;
        this.#options = resolvedOptionsOf<ResolvedHierarchyOptions | ResolvedShpaOptions | ResolvedHaaOptions | ResolvedWorldHierarchyOptions>(message.options);
        this.#stats = message.stats;
        this.#world = message.world;
        this.#wasmModule = message.module;
        this.#staticMapsOnly = message.staticMapsOnly ?? null;
      },
      message: (message) => this.#onMessage(slot!, message),
      progress: (message) => this.#tellProgress(message.phase as BuildPhase, message.done * LOADING_SHARE),
      failure: (error) => (slot ? this.#lost(slot, error) : this.#fail(error)),
    });
    if (!replacement) slot = this.#jobs.add(starting.worker, label);
    return starting;
  }

  get wasmModule(): string {
    return this.#wasmModule;
  }

  get options(): ResolvedHierarchyOptions | ResolvedShpaOptions | ResolvedHaaOptions {
    return this.#options as ResolvedHierarchyOptions | ResolvedShpaOptions | ResolvedHaaOptions;
  }

  get stats(): HierarchyStats | ShpaStats | HaaStats {
    return this.#stats as HierarchyStats | ShpaStats | HaaStats;
  }

  /**
   * A world pool's size, block kinds, options and figures (the figures at the newest version the workers
   * confirmed); undefined for the grid planners.
   */
  get world(): (NonNullable<ReadyMessage['world']> & { options: ResolvedWorldHierarchyOptions; stats: WorldHierarchyStats }) | undefined {
    if (!this.#world) return undefined;
    return { ...this.#world, options: this.#options as ResolvedWorldHierarchyOptions, stats: this.#stats as WorldHierarchyStats };
  }

  /**
   * A world pool's batch: queries packed [sx, sy, sz, gx, gy, gz, ...] (checked by the caller), every
   * one on the newest version, as {@link PathPool.findPaths} runs a grid's.
   */
  findWorldPaths(
    packed: Int32Array,
    { cells, toNearest, anyAngle }: { cells: boolean; toNearest: boolean; anyAngle: boolean },
    signal: AbortSignal | undefined,
    where: string,
  ): Promise<WorldPathBatch> {
    this.#checkOpen(where);
    const version = this.#jobs.version;
    const count = packed.length / 6;
    if (count === 0) return Promise.resolve(new WorldPathBatch(joinSearches([], 0, 3), version));
    return this.#jobs.runBatch(
      packed,
      signal,
      where,
      (job, version, queries) => ({ type: 'search', job, version, queries, smooth: false, cells, anyAngle, endpointRule: toNearest ? ENDPOINT_RULES.toNearest : 0 }),
      (parts) => new WorldPathBatch(joinSearches(parts as JobPart<ResultMessage>[], count, 3), version),
      6,
    );
  }

  /** A world pool's plan batch: queries packed [sx, sy, sz, gx, gy, gz, ...] (checked by the caller), as {@link PathPool.planPaths}. */
  findWorldPlans(packed: Int32Array, firstSegment: boolean, signal: AbortSignal | undefined, where: string): Promise<PlanBatch> {
    this.#checkOpen(where);
    const version = this.#jobs.version;
    const count = packed.length / 6;
    if (count === 0) return Promise.resolve(new PlanBatch(joinPlans([], 0, 3), version, 3));
    return this.#jobs.runBatch(
      packed,
      signal,
      where,
      (job, version, queries) => ({ type: 'plan', job, version, queries, firstSegment }),
      (parts) => new PlanBatch(joinPlans(parts as JobPart<PlannedMessage>[], count, 3), version, 3),
      6,
    );
  }

  /**
   * A world pool's block changes (`blocks`, packed [x, y, z, code, ...]) or cost changes (`cellCosts`,
   * packed [x, y, z, value, ...]), checked by the caller, made in every worker.
   */
  async changeWorld(change: { readonly blocks: Int32Array } | { readonly cellCosts: Int32Array }, where: string): Promise<WorldBlockUpdate> {
    this.#checkOpen(where);
    const packed = 'blocks' in change ? change.blocks : change.cellCosts;
    if (packed.length === 0) {
      return Object.freeze({ version: this.#jobs.version, ...emptyWorldUpdateStats((this.#options as ResolvedWorldHierarchyOptions).levels) });
    }
    const { version, rebuilt } = await this.#jobs.update(change);
    return Object.freeze({ version, ...worldUpdateStatsOf(rebuilt[0] as RawWorldUpdateStats) });
  }

  get version(): number {
    return this.#jobs.version;
  }

  get heapBytes(): number {
    return this.#jobs.slots.reduce((sum, s) => sum + s.heapBytes, 0);
  }

  get closed(): boolean {
    return this.#closing !== null || this.#failure !== null;
  }

  async findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PoolBatchOptions | HaaPoolBatchOptions): Promise<PathBatch> {
    const where = 'PathPool.findPaths';
    this.#checkOpen(where);
    const { agent: given, rest: flags } = withoutAgent(options);
    const agent = this.#haaAgentOf(given, where);
    const agentClass = agent ? 0 : this.#agentClassOf(given, where);
    checkFlags(flags, agent ? ['cells'] : SEARCH_FLAGS.findPaths, where, SEARCH_CHOICES);
    const signal = checkSignal(options?.signal, where);
    const packed = packQueries(queries, where);
    const version = this.#jobs.version;
    const count = packed.length / 4;
    // An empty batch has no jobs: it would never settle.
    if (count === 0) return new PathBatch(joinSearches([], 0), version);
    const search = options as PoolBatchOptions | undefined;
    const smooth = agent ? false : (search?.smooth ?? true);
    const cells = options?.cells ?? true;
    const rule = agent ? 0 : endpointRule(search);
    const anyAngle = !agent && search?.pathShape === 'any-angle';
    const withAgent = agent ? { agent } : { agentClass };
    return this.#jobs.runBatch(packed, signal, where, (job, version, queries) => ({ type: 'search', job, version, queries, smooth, cells, anyAngle, endpointRule: rule, ...withAgent }), (parts) =>
      new PathBatch(joinSearches(parts as JobPart<ResultMessage>[], count), version),
    );
  }

  /**
   * The agent of a HAA* pool's batch (its shape checked here, its size and capability by the workers'
   * hierarchy); undefined for the other planners.
   */
  #haaAgentOf(given: unknown, where: string): JobAgent | undefined {
    if (this.algorithm !== 'haa') return undefined;
    if (given === undefined) throw new TypeError(`${where}: a HAA* pool needs options.agent, the { size, capability } every query of the batch is for`);
    return agentOf(where, given);
  }

  /** The index in {@link PathPool.agents} of the class `given` names (default the first). */
  #agentClassOf(given: unknown, where: string): number {
    return agentClassIndex(where, given, this.agents, 'pool', "createPathPool's agents");
  }

  async planPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PoolPlanOptions): Promise<PlanBatch> {
    const where = 'PathPool.planPaths';
    this.#checkOpen(where);
    if (this.algorithm !== 'hpa') throw new Error(`${where}: ${plannerPool(this.algorithm)} does not plan (HPA* and DHPA* pools do)`);
    const { agent, rest } = withoutAgent(options);
    const agentClass = this.#agentClassOf(agent, where);
    checkFlags(rest, SEARCH_FLAGS.planPaths, where);
    const signal = checkSignal(options?.signal, where);
    const packed = packQueries(queries, where);
    const version = this.#jobs.version;
    const count = packed.length / 4;
    if (count === 0) return new PlanBatch(joinPlans([], 0), version);
    const firstSegment = options?.firstSegment ?? true;
    return this.#jobs.runBatch(packed, signal, where, (job, version, queries) => ({ type: 'plan', job, version, queries, firstSegment, agentClass }), (parts) =>
      new PlanBatch(joinPlans(parts as JobPart<PlannedMessage>[], count), version),
    );
  }

  async componentOf(p: Point, options?: AgentClassOption): Promise<number> {
    const where = 'PathPool.componentOf';
    cell(where, 'p', p);
    return (await this.#ask(where, { kind: 'componentOf', x: p.x, y: p.y }, agentOnly(options, where))) as number;
  }

  async isReachable(a: Point, b: Point, options?: AgentClassOption): Promise<boolean> {
    const where = 'PathPool.isReachable';
    cell(where, 'a', a);
    cell(where, 'b', b);
    return (await this.#ask(where, { kind: 'isReachable', ax: a.x, ay: a.y, bx: b.x, by: b.y }, agentOnly(options, where))) as boolean;
  }

  async nearestPassable(p: Point, options?: PoolNearestPassableOptions): Promise<Point | null> {
    const where = 'PathPool.nearestPassable';
    const { agent, rest } = withoutAgent(options);
    const answer = await this.#ask(where, { kind: 'nearestPassable', ...nearestQuestion(where, p, rest) }, agent);
    return cellAnswer(where, answer as Point | null | { error: string });
  }

  async randomPassable(random?: () => number, component?: number, options?: AgentClassOption): Promise<Point | null> {
    const where = 'PathPool.randomPassable';
    const answer = await this.#ask(where, { kind: 'randomPassable', ...randomQuestion(where, random, component) }, agentOnly(options, where));
    return cellAnswer(where, answer as Point | null | { error: string });
  }

  async flowField(goal: Point, options?: PoolFlowFieldOptions): Promise<FlowField> {
    const where = 'PathPool.flowField';
    this.#checkOpen(where);
    if (this.algorithm !== 'hpa') throw new Error(`${where}: ${plannerPool(this.algorithm)} has no flow fields (HPA* and DHPA* pools do)`);
    const { agent, rest } = withoutAgent(options);
    const question = flowQuestion(where, goal, rest);
    return flowFieldOf(where, (await this.#ask(where, { kind: 'flowField', ...question }, agent)) as Parameters<typeof flowFieldOf>[1]);
  }

  /** @internal A world pool's reachability question or flow field, its cells checked by its face (pool/world.ts). */
  askWorld(where: string, question: ReachQuestion): Promise<ReachedMessage['answer']> {
    return this.#ask(where, question, undefined);
  }

  /**
   * A reachability question about agent class `agent` as a job of one query on the newest version (the
   * scheduler counts jobs in queries: one empty one), its answer as the worker gave it.
   */
  /** As {@link PathPool.reachabilityView}. */
  reachabilityView(options?: AgentClassOption): Promise<ReachabilityView> {
    const where = 'PathPool.reachabilityView';
    this.#checkOpen(where);
    if (this.algorithm !== 'hpa') throw new Error(`${where}: only HPA* pools of a grid keep a labels view, this is a '${this.algorithm}' pool (ask componentOf and isReachable of the pool)`);
    const agent = agentOnly(options, where);
    const agentClass = this.#agentClassOf(agent, where);
    let view = this.#views.get(agentClass);
    if (!view) {
      this.#jobs.askLabels();
      view = this.#ask(where, { kind: 'labels' }, agent).then((answer) => {
        const { layout, labels } = answer as { layout: LabelLayout; labels: LabelsMessage };
        return new ReachabilityView(this.width, this.height, layout, labels);
      });
      this.#views.set(agentClass, view);
      view.catch(() => this.#views.delete(agentClass));
    }
    return view;
  }

  /** Brings the views to a new version (the scheduler's onLabels, in version order). */
  #followLabels(version: number, labels: readonly (LabelsMessage | null)[]): void {
    for (const [agentClass, view] of this.#views) {
      const own = labels[agentClass];
      if (own) void view.then((v) => v.apply(own), () => {});
    }
  }

  #ask(where: string, question: ReachQuestion, agent: unknown): Promise<ReachedMessage['answer']> {
    this.#checkOpen(where);
    // HAA*'s components are per agent: the questions of one component numbering do not apply.
    if (this.algorithm === 'haa') throw new Error(`${where}: a HAA* pool answers no reachability questions (HPA*, DHPA* and SHPA* pools do); findPaths answers 'no path' without search for an unreachable goal`);
    const agentClass = this.#agentClassOf(agent, where);
    return this.#jobs.runBatch(new Int32Array(4), undefined, where, (job, version) => ({ type: 'reach', job, version, question, agentClass }), (parts) =>
      (parts[0]!.result as ReachedMessage).answer,
    );
  }

  async updateTerrain(edits: readonly TerrainEdit[]): Promise<TerrainUpdate> {
    this.#checkOpen('PathPool.updateTerrain');
    if (this.#staticMapsOnly !== null) throw new Error(`PathPool.updateTerrain: ${this.#staticMapsOnly}`);
    const packed = packEdits(edits, 'PathPool.updateTerrain', { width: this.width, height: this.height });
    if (packed.length === 0) {
      const levels = this.algorithm === 'haa' ? 1 : (this.#options as ResolvedHierarchyOptions).levels;
      const nothing = emptyUpdateStats(levels);
      return Object.freeze({ version: this.#jobs.version, ...nothing, classes: Object.freeze(this.agents.map(() => nothing)) });
    }
    const { version, rebuilt } = await this.#jobs.update({ edits: packed });
    const classes = Object.freeze(rebuilt.map((r) => updateStatsOf(r as RawUpdateStats)));
    return Object.freeze({ version, ...unionOfUpdates(classes), classes });
  }

  async setTerrainCosts(costs: TerrainCosts): Promise<number> {
    const where = 'PathPool.setTerrainCosts';
    this.#checkOpen(where);
    if (this.#staticMapsOnly !== null) throw new Error(`${where}: ${this.#staticMapsOnly}`);
    if (this.algorithm === 'haa') throw new Error(`${where}: a HAA* pool takes cell edits (updateTerrain), not new terrain multipliers: make a new pool from a grid with the costs`);
    const pairs = packTerrainCosts(costs, where);
    checkTerrainCostRanges(pairs, where);
    return (await this.#jobs.update({ costs: pairs })).version;
  }

  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#stopStart?.();
    this.#jobs.stop(new Error(`${this.#poolName()}: the pool was closed`));
    // A replacement still starting ends itself once it sees the pool closing (#replace).
    const ending = [...this.#jobs.slots.map((s) => s.worker.terminate().catch(() => {})), ...this.#replacements];
    this.#closing = Promise.all(ending).then(() => {});
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** The pool's interface, as errors name it. */
  #poolName(): string {
    return this.#planner === 'world' ? 'WorldPathPool' : 'PathPool';
  }

  #checkOpen(where: string): void {
    if (this.#failure) throw new Error(`${where}: the pool stopped after a worker failed: ${this.#failure.message}`, { cause: this.#failure });
    if (this.#closing) throw new Error(`${where}: the pool is closed`);
  }

  /** A worker's message after its ready: a fatal error loses the worker; the rest is the scheduler's. */
  #onMessage(slot: Slot, message: FromWorker): void {
    if (!this.#jobs.slots.includes(slot)) return; // a worker already replaced: its last words are moot
    switch (message.type) {
      case 'result':
      case 'planned':
      case 'reached':
        return this.#jobs.answered(slot, message);
      case 'edited':
        if (message.version > this.#statsVersion) {
          this.#stats = message.stats;
          this.#statsVersion = message.version;
        }
        return this.#jobs.edited(slot, message);
      case 'checkpoint':
        if (this.#jobs.checkpointed(slot, message) && 'bytes' in message) this.#spec = { ...this.#spec!, source: checkpointSource(this.#planner, message.bytes) };
        return;
      case 'refresh':
        return this.#tellRefresh(slot, message.version, message.phase, message.done);
      case 'error':
        if (message.fatal || message.job === undefined) return this.#lost(slot, new Error(`it failed: ${message.message}`));
        return this.#jobs.failed(slot, message.job, message.message);
      case 'ready':
      case 'thread':
        return;
    }
  }

  /**
   * A worker died, or its module trapped, or (shared mode) one of its search threads died, which
   * leaves it blocked for good: the batches with jobs on it reject with `error` (which says why), it
   * is ended, and a replacement starts from the pool's source (its last checkpoint) and every edit since. Batches with no
   * job on it, and later ones, run on the others (or wait for the replacement in shared mode). Only a
   * replacement that cannot start stops the pool.
   */
  #lost(slot: Slot, error: Error): void {
    if (this.#failure || this.#closing || !this.#jobs.slots.includes(slot)) return;
    this.#jobs.remove(slot, (where) => new Error(`${where}: ${slot.label} of the pool ended with queries of this batch: ${error.message}`, { cause: error }));
    void slot.worker.terminate().catch(() => {});
    const replacing = this.#replace().catch((cause: unknown) => {
      this.#fail(new Error(`${slot.label} ended (${error.message}) and its replacement could not start: ${cause instanceof Error ? cause.message : String(cause)}`, { cause }));
    });
    this.#replacements.add(replacing);
    void replacing.finally(() => this.#replacements.delete(replacing));
  }

  async #replace(): Promise<void> {
    const spec = this.#spec;
    if (!spec) throw new Error('the pool was still starting');
    const starting = await this.#spawn(true);
    if (this.#closing || this.#failure) {
      await starting.worker.terminate().catch(() => {});
      return;
    }
    await initWorkers([starting], spec).catch(async (error: unknown) => {
      await starting.worker.terminate().catch(() => {});
      throw error;
    });
    if (this.#closing || this.#failure) await starting.worker.terminate().catch(() => {});
  }

  /** Tells onProgress (while the pool starts) how far it is, never going back; the listener's exceptions are its own. */
  #tellProgress(phase: BuildPhase, done: number): void {
    const listener = this.#onProgress;
    if (!listener || done < this.#progressDone || this.#startSignal?.aborted) return;
    this.#progressDone = done;
    if (done >= 1) this.#onProgress = undefined;
    try {
      listener(Object.freeze({ phase, done }));
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  /**
   * A worker's slice of the background refresh: tells onRefreshProgress the slowest worker's share of the
   * newest version's refresh when it grew (a worker not heard from yet for that version counts 0).
   */
  #tellRefresh(slot: Slot, version: number, phase: string, done: number): void {
    const listener = this.#onRefresh;
    const refresh = this.#refresh;
    if (!listener || version < refresh.version) return;
    if (version > refresh.version) this.#refresh = { version, done: new Map(), told: -1 };
    this.#refresh.done.set(slot, { phase, done });
    let slowest = { phase, done };
    for (const s of this.#jobs.slots) {
      const heard = this.#refresh.done.get(s) ?? { phase: 'landmarks', done: 0 };
      if (heard.done < slowest.done) slowest = heard;
    }
    if (slowest.done <= this.#refresh.told) return;
    this.#refresh.told = slowest.done;
    // A finished refresh's last phase is the table's (the core names no phase once done).
    const told = slowest.done >= 1 || slowest.phase === 'distance table' ? 'distance table' : 'landmarks';
    try {
      listener(Object.freeze({ version, phase: told, done: slowest.done }));
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  static {
    injectFault = (pool, index, fault) => pool.#injectFault(index, fault);
    editLogOf = (pool) => pool.#jobs.log;
    busyOf = (pool, listener) => (pool.#jobs.onBusy = listener);
  }

  // For tests: once every replacement has joined (the pool is at full strength again), sends `fault`
  // to worker `index` of the scheduler's list.
  async #injectFault(index: number, fault: Omit<FaultMessage, 'type'>): Promise<void> {
    while (this.#replacements.size > 0) await Promise.all([...this.#replacements]);
    const slot = this.#jobs.slots[index];
    if (!slot) throw new Error(`there is no worker ${index}`);
    slot.worker.post({ type: 'fault', ...fault });
  }

  #fail(error: Error): void {
    if (this.#failure || this.#closing) return;
    this.#failure = error;
    this.#jobs.stop(new Error(`${this.#poolName()}: a worker failed: ${error.message}`, { cause: error }));
    for (const slot of this.#jobs.slots) void slot.worker.terminate().catch(() => {});
  }
}

/**
 * @internal For tests (tests/web/pool-faults.test.ts), not exported by the package: makes worker
 * `index` of `pool` fail as a crash would, unknown to the pool: `exit` with `code`, a `trap`, or (shared
 * mode) `end-thread` or `trap-thread` for one of its search threads. Resolves once the fault is sent (first waiting for
 * workers being replaced to join), so that a batch asked for next reaches the worker after it.
 */
export async function injectPoolFault(pool: PathPool<PoolAlgorithm>, index: number, fault: Omit<FaultMessage, 'type'>): Promise<void> {
  if (!(pool instanceof WorkerPathPool)) throw new TypeError('expected a pool made by createPathPool');
  await injectFault(pool, index, fault);
}

/**
 * @internal For tests (tests/web/pool-checkpoint.test.ts), not exported by the package: the version
 * replacement workers of `pool` start from, and how many edits the pool keeps after it.
 */
export function poolEditLog(pool: PathPool<PoolAlgorithm>): { startVersion: number; edits: number } {
  if (!(pool instanceof WorkerPathPool)) throw new TypeError('expected a pool made by createPathPool');
  return editLogOf(pool);
}

/**
 * @internal For tests (tests/web/pool-budget.test.ts), not exported by the package: hears, after each
 * hand-out of jobs, how many of `pool`'s threads have jobs in flight (every rise happens there), counted
 * from the workers' jobs, apart from what the budget counts; null stops.
 */
export function watchPoolBusy(pool: PathPool<PoolAlgorithm>, listener: ((threads: number) => void) | null): void {
  if (!(pool instanceof WorkerPathPool)) throw new TypeError('expected a pool made by createPathPool');
  busyOf(pool, listener);
}

/** What replacement workers are made from after a checkpoint: its bytes, the planner's own saved form. */
function checkpointSource(planner: WorkerPlanner, bytes: Uint8Array[]): HierarchySource {
  return planner === 'world' ? { kind: 'world', bytes: bytes[0]! } : { kind: 'hierarchy', bytes };
}

/** The planner of a pool, in words. */
function plannerName(algorithm: PoolAlgorithm): string {
  return algorithm === 'hpa' ? 'HPA*' : algorithm === 'shpa' ? 'SHPA*' : 'HAA*';
}

/** "an SHPA* pool", "a HAA* pool". */
function plannerPool(algorithm: PoolAlgorithm): string {
  return `${algorithm === 'shpa' ? 'an' : 'a'} ${plannerName(algorithm)} pool`;
}

