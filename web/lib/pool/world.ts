/**
 * A worker pool over a block world: HPA* searches across floors run asynchronously in workers against
 * one world hierarchy, as {@link createPathPool} runs them on a grid map, in the same two modes:
 * `'shared'` (one hierarchy in a shared WebAssembly heap, searched by N threads) and `'copied'` (N
 * workers, each with its own copy).
 *
 * @example
 * ```ts
 * const pool = await createWorldPool({ generate: { kind: 'towers', size: { width: 128, height: 128, levels: 8 }, seed: 7 } });
 * const batch = await pool.findPaths([[{ x: 3, y: 4, z: 0 }, { x: 100, y: 90, z: 5 }]]);
 * const update = await pool.applyBlockChanges([{ x: 10, y: 4, z: 0, block: 'solid' }]); // later batches see it
 * await pool.close();
 * ```
 * @module
 */
import { byteArray, describe, voxel } from '../args.ts';
import { checkFlags, SEARCH_CHOICES, SEARCH_FLAGS } from '../internal.ts';
import { worldFlowFieldOf, worldFlowQuestion, type FlowFieldOptions, type WorldFlowField } from '../flowField.ts';
import type { PlanBatch } from '../planBatch.ts';
import { nearestQuestion, randomQuestion, voxelAnswer } from '../reachability.ts';
import type { NearestPassableOptions } from '../types.ts';
import { BlockKinds, BlockWorld, checkGenerateOptions, packCostChanges, packWorldQueries, WorldHPAStar } from '../world.ts';
import { resolveWorldOptions, type BlockChange, type CellCostChange, type ResolvedWorldHierarchyOptions, type Voxel, type WorldBlockUpdate, type WorldGenerateOptions, type WorldHierarchyOptions, type WorldHierarchyStats, type WorldPathBatch } from '../world.ts';
import { checkSignal, startPool, type WorkerPathPool } from './index.ts';
import { checkKeys, MOVING_AI_AGENT, resolveRunOptions, type MapSource, type PoolRunOptions } from './options.ts';
import type { HierarchySource, PoolMode } from './protocol.ts';

/**
 * Options of {@link createWorldPool}. Give the world as `world` (its text, or a {@link BlockWorld}, whose
 * blocks as they are now go to the workers) or as `generate` (what `BlockWorld.generate` takes: each
 * worker generates the same world from it). The page needs no module of its own: only the workers load one.
 */
export interface WorldPoolOptions extends PoolRunOptions {
  /** The world: its text (the format `BlockWorld.parse` reads), or a BlockWorld. */
  readonly world?: string | BlockWorld;
  /** The name the world's text errors give (`"<name>:7: ..."`); default `'world'`. */
  readonly fileName?: string;
  /** The world, generated in every worker. */
  readonly generate?: WorldGenerateOptions;
  /**
   * The cost layer the workers put on the world before they build (what `BlockWorld.setCostLayer`
   * takes); default: the layer of `world` when it is a BlockWorld with one, else none.
   */
  readonly costLayer?: Uint8Array;
  /** How to cut the world into clusters (`WorldHPAStar.build`'s options; not with `planner`). */
  readonly hierarchy?: WorldHierarchyOptions;
  /**
   * Use this planner's hierarchy as it is now (its blocks, options and version): its bytes
   * ({@link WorldHPAStar.serialize}) go to the workers, which load them without building.
   */
  readonly planner?: WorldHPAStar;
}

/** Options of {@link WorldPathPool.findPaths}. */
export interface WorldPoolBatchOptions {
  /** `false` leaves the paths' cells out. Default true. */
  readonly cells?: boolean;
  /** As `WorldHPAStar.findPaths`'s: a goal the start cannot reach becomes the nearest reachable cell (`'partial'`). Default false. */
  readonly toNearest?: boolean;
  /** As `WorldHPAStar.findPath`'s: `'any-angle'` paths as corners joined by straight lines, each shaped on the worker that found it. Default `'grid'`. */
  readonly pathShape?: 'grid' | 'any-angle';
  /** Cancels the batch: its promise rejects with the signal's reason, and its remaining jobs are dropped. */
  readonly signal?: AbortSignal;
}

/** Options of {@link WorldPathPool.planPaths}. */
export interface WorldPoolPlanOptions {
  /** `false` leaves the first segments out (abstract paths only). Default true. */
  readonly firstSegment?: boolean;
  /** Cancels the batch: its promise rejects with the signal's reason, and its remaining jobs are dropped. */
  readonly signal?: AbortSignal;
}

/** HPA* searches on a block world, running asynchronously in workers. Made by {@link createWorldPool}. */
export interface WorldPathPool extends AsyncDisposable {
  /** How the pool runs: `'shared'` (one hierarchy, N threads) or `'copied'` (N workers, one copy each). */
  readonly mode: PoolMode;
  /** Why this mode, e.g. `'crossOriginIsolated is false: SharedArrayBuffer is not available'`. */
  readonly modeReason: string;
  /** Search threads (shared) or workers (copied). */
  readonly workers: number;
  /** Size of the world: columns, rows and levels. */
  readonly width: number;
  readonly height: number;
  readonly levels: number;
  /** The hierarchy's options, defaults filled in. */
  readonly options: ResolvedWorldHierarchyOptions;
  /** Figures of the hierarchy at the newest version the workers have confirmed. */
  readonly stats: WorldHierarchyStats;
  /** The newest version: 0 for the world the pool was made with, one more per {@link WorldPathPool.applyBlockChanges} with changes. */
  readonly version: number;
  /** WebAssembly memory held by the workers, in bytes, as last reported (one heap in shared mode, one per worker in copied mode). */
  readonly heapBytes: number;
  /** The WebAssembly module the workers loaded (`'hpastar'`, or `'hpastar-mt'` in shared mode): block worlds need the full one. */
  readonly wasmModule: string;
  /** True once {@link WorldPathPool.close} was called, or a worker could not be replaced. */
  readonly closed: boolean;

  /**
   * Runs a batch of searches in the workers, every query on the newest version when the call is made
   * ({@link WorldPathBatch.version}). The answers equal `WorldHPAStar.findPath`'s on the same world and
   * options. A start or goal no agent stands in (outside the world, in a solid block, in the air) does
   * not reject: its status says which.
   * @param queries - `[start, goal]` pairs of cells, or an Int32Array packed as `[sx, sy, sz, gx, gy, gz, ...]`
   * @returns a promise of the answers, in query order; it rejects on cancellation (the signal's reason),
   *   on malformed queries or options (TypeError), when the pool is closed, or when a worker fails
   */
  findPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldPoolBatchOptions): Promise<WorldPathBatch>;

  /**
   * Plans many paths in the workers, as the grid pool's `planPaths`: for each query the abstract path (its
   * waypoints, x, y, z triples) and, unless `firstSegment: false`, its first segment refined, equal to what
   * `WorldHPAStar.plan` and the first `nextSegment` give on the same world and options. The batch keeps
   * nothing: later segments are searches between consecutive waypoints (`findPaths`). Every query plans on
   * the newest version when the call is made ({@link PlanBatch.version}).
   * @returns a promise of the plans ({@link PlanBatch}, `cellSize` 3), in query order; it rejects as `findPaths`
   */
  planPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldPoolPlanOptions): Promise<PlanBatch>;

  /**
   * Places or removes blocks in every worker (each rebuilds only the clusters the changes touch): all
   * or none. Batches started before this call finish on the old world; batches started after it see the
   * new one.
   * @returns a promise of the new version and what it rebuilt (the clusters per level, their ids and
   *   boxes), resolved once every worker holds it; an empty list answers the current version and nothing rebuilt
   * @throws TypeError (as a rejection) - for a malformed change
   * @throws RangeError (as a rejection) - naming a change outside the world or a block that is not a block name
   */
  applyBlockChanges(changes: readonly BlockChange[]): Promise<WorldBlockUpdate>;

  /**
   * Sets cost layer values in every worker (`WorldHPAStar.applyCostChanges`: each rebuilds only the
   * clusters the changes touch): all or none, versioned as {@link WorldPathPool.applyBlockChanges}.
   * @returns a promise of the new version and what it rebuilt
   * @throws TypeError (as a rejection) - for a malformed change
   * @throws RangeError (as a rejection) - naming a change outside the world or a value outside 1..255
   */
  applyCostChanges(changes: readonly CellCostChange[]): Promise<WorldBlockUpdate>;

  /**
   * The flow field towards `goal` on the newest version, as `WorldHPAStar.flowField` makes it (each worker
   * keeps the fields of its last few goals and refreshes them box by box after block changes).
   * @returns a promise of the field; it rejects with TypeError for a malformed goal or option, RangeError
   *   for a goal outside the world or no cell to stand in, or when the pool is closed
   */
  flowField(goal: Voxel, options?: FlowFieldOptions<Voxel>): Promise<WorldFlowField>;

  /** The component of a cell on the newest version (1.., 0 where no agent stands and outside the world), as `WorldHPAStar.componentOf`. */
  componentOf(cell: Voxel): Promise<number>;

  /** Whether a path joins `a` and `b` on the newest version, as `WorldHPAStar.isReachable`: a lookup, no search. */
  isReachable(a: Voxel, b: Voxel): Promise<boolean>;

  /** The nearest cell where an agent stands, on the newest version, as `WorldHPAStar.nearestPassable`. */
  nearestPassable(cell: Voxel, options?: NearestPassableOptions): Promise<Voxel | null>;

  /** A random cell where an agent stands, on the newest version, as `WorldHPAStar.randomPassable`. */
  randomPassable(random?: () => number, component?: number): Promise<Voxel | null>;

  /** Stops the workers. Pending batches and updates reject; later calls reject. Resolves when the workers have ended. */
  close(): Promise<void>;
}

/**
 * Starts a pool of workers and builds the world's hierarchy in them (or, with `planner`, loads its saved hierarchy).
 * @returns a promise of the pool, once every worker is ready
 * @throws (as a rejection) TypeError for malformed options, RangeError for a world text the parser
 *   refuses (`"world:7: ..."`), a generator option or a hierarchy option out of range (the core's
 *   message), OutOfMemoryError when a worker's heap has no room, Error when a worker or the module cannot start
 */
export async function createWorldPool(options: WorldPoolOptions): Promise<WorldPathPool> {
  const where = 'createWorldPool';
  checkKeys(options, ['world', 'fileName', 'generate', 'planner', 'costLayer', 'hierarchy', 'workers', 'mode', 'jobSize', 'onProgress', 'signal', 'budget'], where);
  const config = await resolveRunOptions(options, worldSourceOf(options, where), where);
  return new WorldPool(await startPool(config));
}

/** The world the workers build from, its types checked (the module checks the ranges and the text). */
function worldSourceOf(options: WorldPoolOptions, where: string): MapSource {
  const given = (['world', 'generate', 'planner'] as const).filter((key) => options[key] !== undefined);
  if (given.length !== 1) {
    throw new TypeError(`${where}: give the world as world (its text or a BlockWorld), as generate ({ kind, size, seed }) or as planner (a WorldHPAStar), ${given.length === 0 ? 'not none' : `not ${given.join(' and ')}`}`);
  }
  if (options.planner !== undefined) {
    if (!(options.planner instanceof WorldHPAStar)) throw new TypeError(`${where}: planner must be a WorldHPAStar, got ${describe(options.planner)}`);
    if (options.hierarchy !== undefined) throw new TypeError(`${where}: hierarchy options come from the planner; do not give both`);
    const { version } = options.planner;
    return { algorithm: 'world', source: { kind: 'world', bytes: options.planner.serialize() }, hierarchy: {}, width: 0, height: 0, version, agents: [MOVING_AI_AGENT] };
  }
  // Types only: the worker's module fills in the defaults and checks the ranges.
  resolveWorldOptions(options.hierarchy, {} as ResolvedWorldHierarchyOptions, where);
  const hierarchy = options.hierarchy ?? {};
  let source: HierarchySource;
  if (options.generate !== undefined) {
    source = { kind: 'world', generate: checkGenerateOptions(options.generate, `${where}: generate`) };
  } else {
    const world = options.world;
    if (typeof world !== 'string' && !(world instanceof BlockWorld)) {
      throw new TypeError(`${where}: world must be the text of a block world or a BlockWorld, got ${describe(world)}`);
    }
    const name = options.fileName ?? 'world';
    if (typeof name !== 'string') throw new TypeError(`${where}: fileName must be a string, got ${describe(name)}`);
    source = { kind: 'world', text: typeof world === 'string' ? world : world.toText(), name };
  }
  const layer = options.costLayer ?? (options.world instanceof BlockWorld ? options.world.costLayer() : null);
  if (layer !== null) source = { ...source, costLayer: byteArray(where, 'costLayer', layer) };
  return { algorithm: 'world', source, hierarchy, width: 0, height: 0, version: 0, agents: [MOVING_AI_AGENT] };
}

/**
 * A world batch's arguments checked: its boolean option `flag` (default true) and `signal` (TypeError
 * naming `where`, or the signal's reason when it has already aborted), then the queries packed.
 */
function batchArguments(
  where: string,
  queries: Int32Array | readonly (readonly [Voxel, Voxel])[],
  options: WorldPoolBatchOptions | WorldPoolPlanOptions | undefined,
  flag: 'cells' | 'firstSegment',
): { on: boolean; toNearest: boolean; anyAngle: boolean; signal: AbortSignal | undefined; packed: Int32Array } {
  const flags = flag === 'cells' ? SEARCH_FLAGS.worldFindPaths : [flag];
  if (options !== undefined) checkKeys(options, [...flags, 'signal'], where);
  checkFlags(options, flags, where, SEARCH_CHOICES);
  const on = ((options as Record<string, boolean | undefined> | undefined)?.[flag] ?? true) === true;
  const toNearest = (options as WorldPoolBatchOptions | undefined)?.toNearest ?? false;
  const anyAngle = (options as WorldPoolBatchOptions | undefined)?.pathShape === 'any-angle';
  const signal = checkSignal(options?.signal, where);
  return { on, toNearest, anyAngle, signal, packed: packWorldQueries(queries, where) };
}

// Lets tests reach the pool behind a world pool's face (workerPoolOfWorld), which is private to everyone else.
let workerPoolOf: (pool: WorldPool) => WorkerPathPool;

/**
 * @internal For tests (tests/web/pool-checkpoint.test.ts), not exported by the package: the pool behind
 * a world pool, for injectPoolFault and poolEditLog.
 */
export function workerPoolOfWorld(pool: WorldPathPool): WorkerPathPool {
  if (!(pool instanceof WorldPool)) throw new TypeError('expected a pool made by createWorldPool');
  return workerPoolOf(pool);
}

/** The world pool's face: world types in, the grid pool's machinery (workers, scheduler, versions) behind. */
class WorldPool implements WorldPathPool {
  readonly #pool: WorkerPathPool;
  readonly #kinds: BlockKinds;
  readonly width: number;
  readonly height: number;
  readonly levels: number;

  static {
    workerPoolOf = (pool) => pool.#pool;
  }

  constructor(pool: WorkerPathPool) {
    const world = pool.world!;
    this.#pool = pool;
    this.#kinds = new BlockKinds(world.blockKinds);
    this.width = world.size.width;
    this.height = world.size.height;
    this.levels = world.size.levels;
  }

  get mode(): PoolMode {
    return this.#pool.mode;
  }

  get modeReason(): string {
    return this.#pool.modeReason;
  }

  get workers(): number {
    return this.#pool.workers;
  }

  get options(): ResolvedWorldHierarchyOptions {
    return this.#pool.world!.options;
  }

  get stats(): WorldHierarchyStats {
    return this.#pool.world!.stats;
  }

  get version(): number {
    return this.#pool.version;
  }

  get heapBytes(): number {
    return this.#pool.heapBytes;
  }

  get wasmModule(): string {
    return this.#pool.wasmModule;
  }

  get closed(): boolean {
    return this.#pool.closed;
  }

  async findPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldPoolBatchOptions): Promise<WorldPathBatch> {
    const where = 'WorldPathPool.findPaths';
    const { on: cells, toNearest, anyAngle, signal, packed } = batchArguments(where, queries, options, 'cells');
    return this.#pool.findWorldPaths(packed, { cells, toNearest, anyAngle }, signal, where);
  }

  async planPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldPoolPlanOptions): Promise<PlanBatch> {
    const where = 'WorldPathPool.planPaths';
    const { on: firstSegment, signal, packed } = batchArguments(where, queries, options, 'firstSegment');
    return this.#pool.findWorldPlans(packed, firstSegment, signal, where);
  }

  async applyBlockChanges(changes: readonly BlockChange[]): Promise<WorldBlockUpdate> {
    const where = 'WorldPathPool.applyBlockChanges';
    const packed = this.#kinds.pack(where, changes, this);
    return this.#pool.changeWorld({ blocks: packed }, where);
  }

  async applyCostChanges(changes: readonly CellCostChange[]): Promise<WorldBlockUpdate> {
    const where = 'WorldPathPool.applyCostChanges';
    return this.#pool.changeWorld({ cellCosts: packCostChanges(where, changes, this) }, where);
  }

  async flowField(goal: Voxel, options?: FlowFieldOptions<Voxel>): Promise<WorldFlowField> {
    const where = 'WorldPathPool.flowField';
    const question = worldFlowQuestion(where, goal, options);
    return worldFlowFieldOf(where, (await this.#pool.askWorld(where, { kind: 'flowField', ...question })) as Parameters<typeof worldFlowFieldOf>[1]);
  }

  async componentOf(cell: Voxel): Promise<number> {
    const where = 'WorldPathPool.componentOf';
    const c = voxel(where, 'cell', cell);
    return (await this.#pool.askWorld(where, { kind: 'componentOf', x: c.x, y: c.y, z: c.z })) as number;
  }

  async isReachable(a: Voxel, b: Voxel): Promise<boolean> {
    const where = 'WorldPathPool.isReachable';
    const s = voxel(where, 'a', a);
    const g = voxel(where, 'b', b);
    return (await this.#pool.askWorld(where, { kind: 'isReachable', ax: s.x, ay: s.y, az: s.z, bx: g.x, by: g.y, bz: g.z })) as boolean;
  }

  async nearestPassable(cell: Voxel, options?: NearestPassableOptions): Promise<Voxel | null> {
    const where = 'WorldPathPool.nearestPassable';
    const question = nearestQuestion(where, cell, options, voxel);
    return voxelAnswer(where, (await this.#pool.askWorld(where, { kind: 'nearestPassable', ...question })) as Voxel | null | { error: string });
  }

  async randomPassable(random?: () => number, component?: number): Promise<Voxel | null> {
    const where = 'WorldPathPool.randomPassable';
    const question = randomQuestion(where, random, component);
    return voxelAnswer(where, (await this.#pool.askWorld(where, { kind: 'randomPassable', ...question })) as Voxel | null | { error: string });
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
