/**
 * The options of {@link createPathPool}: their types, their checks, and what they resolve to: the map
 * the workers make their planner from, the number of workers, the size of a job and the mode to try
 * first.
 * @module
 */
import { Grid } from '../grid.ts';
import { HPAStar } from '../hpastar.ts';
import { Planner } from '../planner.ts';
import { byteArray, integerIn, positiveInt } from '../args.ts';
import { parseMovingAIMap } from '../movingAIMap.ts';
import { TERRAIN_KINDS, describe, resolveHaaOptions, resolveHierarchyOptions, resolveShpaOptions } from '../internal.ts';
import { SHPAStar } from '../shpastar.ts';
import { agentOf } from '../haastar.ts';
import { agentClassList, normalizedAgent } from '../agentClasses.ts';
import { DEFAULT_AGENT } from '../generated/contract.ts';
import type { Agent, HaaOptions, HierarchyOptions, ResolvedHaaOptions, ResolvedHierarchyOptions, ResolvedShpaOptions, ShpaOptions, TerrainCostTable, TerrainData } from '../types.ts';
import { defaultWorkers, sharedModeBlocker } from './host.ts';
import { budgetOf, type Budget, type WorkerBudget } from './budget.ts';
import type { BuildPhase, BuildProgress } from '../progress.ts';
import type { WorldHierarchyOptions } from '../world.ts';
import type { HierarchySource, PoolMode, WorkerPlanner } from './protocol.ts';

/** Options of {@link createPathPool} (and `createWorldPool`) common to every planner. */
export interface PoolRunOptions {
  /**
   * Search threads (shared mode) or workers (copied mode): 1 to 64. Default: the number of cores
   * minus one (for the page), at least 1 and at most 4; on a `budget`, its threads (at most those).
   */
  readonly workers?: number;
  /**
   * A budget of search threads shared with other pools ({@link createWorkerBudget}): the pools on one
   * budget never run more than its threads of search work at once between them, first come, first
   * served. Closing the budget closes the pool. Default: none (the pool's workers search whenever they have work).
   */
  readonly budget?: WorkerBudget;
  /**
   * `'auto'` (default) picks `'shared'` when `SharedArrayBuffer` is available (cross-origin isolated
   * pages, Node) and `'copied'` otherwise, or when the pthread module cannot start.
   */
  readonly mode?: 'auto' | PoolMode;
  /**
   * Queries per job handed to a worker (copied) or split over the threads (shared): larger jobs cost
   * less overhead, smaller ones cancel sooner and balance better. Default 128 per thread.
   */
  readonly jobSize?: number;
  /**
   * Hears how far the build in the workers is (HPA* and DHPA*: one worker builds, the others load its
   * bytes, phase `'load'`; a block world: the first worker's build, then `'load'` while the others build
   * theirs), about every percent; `done` reaches 1 once the pool is ready. A pool started from a planner
   * or from saved bytes builds nothing: it hears only the end.
   */
  readonly onProgress?: (progress: BuildProgress) => void;
  /** Cancels the start: the workers are ended and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Options of {@link createPathPool} for HPA* and DHPA* (the default planner). */
export interface PathPoolOptions extends PoolRunOptions {
  /** `'hpa'` (default): HPA*, or DHPA* with `hierarchy: { cacheTrees: true }`. */
  readonly algorithm?: 'hpa';
  /**
   * When the workers bring the landmarks and distance table up to date after a terrain update (HPA* with
   * either): `'background'` (default) a slice at a time between jobs, searches meanwhile using the stale
   * tables (still valid bounds); `'with-edits'` in the update itself, before it resolves, so that every
   * search of a later version sees the same tables whatever the timing (what a `LockstepCrowd` needs),
   * at the cost of slower updates.
   */
  readonly heuristicRefresh?: HeuristicRefresh;
  /**
   * Hears the background refresh of the landmarks and distance table after a terrain update
   * (`heuristicRefresh: 'background'`, a hierarchy with either): the terrain version refreshed for, the
   * phase (`'landmarks'`, then `'distance table'`) and the share done over every worker and agent class
   * (the slowest worker's), never going back for one version; 1 once, when every worker searches with
   * fresh tables. A later update that leaves them stale again starts a new version's count from 0. Not
   * with `'with-edits'` (there the refresh is part of the update: `updateTerrain` resolves after it).
   */
  readonly onRefreshProgress?: (progress: HeuristicRefreshProgress) => void;
  /**
   * The map, without a {@link Grid}: the text of a Moving AI `.map` file (read by
   * {@link parseMovingAIMap} on this thread, so its errors read `"map:7: ..."`; call it yourself to name
   * the file), or terrain as plain data (what `parseMovingAIMap` returns). The page then needs no
   * WebAssembly module of its own: only the workers load one. Give one of `map`, `grid` or `planner`.
   */
  readonly map?: string | TerrainData;
  /**
   * The map, copied to the pool: a {@link Grid} with its terrain costs (terrain as plain data is taken
   * here too, as by `map`). Give one of `map`, `grid` or `planner`.
   */
  readonly grid?: Grid | TerrainData;
  /**
   * Use this planner's hierarchy (its current terrain version): its bytes ({@link HPAStar.serialize})
   * go to the workers, which load them without building anything. A {@link Planner} of several agent
   * classes sends every class's hierarchy: the pool serves them all ({@link PathPool.agents}).
   */
  readonly planner?: HPAStar | Planner;
  /** How to cut the hierarchy (not with `planner`, whose hierarchy is used as it is). */
  readonly hierarchy?: HierarchyOptions;
  /**
   * The agent class the hierarchy serves, `{ size, capability }`, with `map` or a grid of terrain: the
   * workers build on the grid made for it (as `hpastar.Grid.forAgent` makes it), without a module on
   * this thread. A {@link Grid} made for a class, or a planner, brings its own. Short for `agents: [agent]`.
   */
  readonly agent?: Agent;
  /**
   * The agent classes the pool serves, with `map` or a grid of terrain: the workers build a hierarchy
   * on each class's grid (as `hpastar.Grid.forAgent` makes it) and every batch, plan, question and
   * flow field names its class (`{ agent }`, default the first). Terrain updates change every class's
   * hierarchy at once. E.g. `[{ size: 1, capability: 'ground,swamp' }, { size: 2, capability: 'ground' }]`.
   */
  readonly agents?: readonly Agent[];
}

/**
 * Options of {@link createPathPool} for SHPA* (static maps). SHPA* has no serialized form: the pool
 * sends the terrain to its workers and builds the graph there: once in `'shared'` mode, once per
 * worker in `'copied'` mode (a fast build: tens of milliseconds for a 512 × 512 map).
 * {@link PathPool.updateTerrain} always rejects.
 */
export interface ShpaPathPoolOptions extends PoolRunOptions {
  /** `'shpa'`; may be left out when `planner` is an {@link SHPAStar}. */
  readonly algorithm?: 'shpa';
  /** The map as text or terrain, without a {@link Grid} (see {@link PathPoolOptions.map}). */
  readonly map?: string | TerrainData;
  /** The map, copied to the pool: a {@link Grid}, or terrain as plain data. Give one of `map`, `grid` or `planner`. */
  readonly grid?: Grid | TerrainData;
  /** Use this planner's terrain and options: the workers build the same graph from them. */
  readonly planner?: SHPAStar;
  /** How to cut the map into clusters (not with `planner`, whose options are used). */
  readonly hierarchy?: ShpaOptions;
}

/**
 * Options of {@link createPathPool} for HAA* (agents of several sizes and terrain capabilities). HAA*
 * has no serialized form: the workers build the hierarchy from the terrain (and its costs), once in
 * `'shared'` mode, once per worker in `'copied'` mode. Every {@link PathPool.findPaths} names its agent
 * (`{ agent: { size, capability } }`); {@link PathPool.updateTerrain} edits every worker's hierarchy.
 */
export interface HaaPathPoolOptions extends PoolRunOptions {
  readonly algorithm: 'haa';
  /** The map as text or terrain, without a {@link Grid} (see {@link PathPoolOptions.map}). */
  readonly map?: string | TerrainData;
  /** The map, copied to the pool: a {@link Grid} with its terrain costs, or terrain as plain data. Give one of `map` or `grid`. */
  readonly grid?: Grid | TerrainData;
  /** How to cut the hierarchy and for which agent sizes (HAAStar.build's options). */
  readonly hierarchy?: HaaOptions;
}

/** What the workers make their planner from. */
export interface MapSource {
  algorithm: WorkerPlanner;
  source: HierarchySource;
  hierarchy: HierarchyOptions | ShpaOptions | HaaOptions | WorldHierarchyOptions;
  width: number;
  height: number;
  /** The terrain version the workers start at: the planner's ({@link HPAStar.version}), 0 for a grid. */
  version: number;
  /**
   * The agent classes served, in order (the first is the default): the grid's or planner's own
   * (`Grid.forAgent`; the Moving AI agent unless made for another), or those of the `agents` option.
   */
  agents: readonly GridAgent[];
}

/**
 * Terrain the workers build from: with terrain costs (a multiplier not 1, or a layer), each kind's
 * multiplier and the layer go with it.
 */
function terrainSource(width: number, height: number, terrain: Uint8Array, table: TerrainCostTable, layer: Uint8Array | null, agent?: GridAgent): HierarchySource {
  const multipliers = table as unknown as Record<string, number>;
  const uniform = TERRAIN_KINDS.every((chars) => multipliers[chars[0]!] === 1);
  // A grid made for an agent class (Grid.forAgent) sends its class: the workers make the same grid.
  const forAgent = agent !== undefined && !isMovingAIAgent(agent) ? { agents: [{ size: agent.size, capability: agent.capability }] } : {};
  if (uniform && layer === null) return { kind: 'terrain', width, height, terrain, ...forAgent };
  const costs = TERRAIN_KINDS.flatMap((chars) => [chars.charCodeAt(0), multipliers[chars[0]!]!]);
  return { kind: 'terrain', width, height, terrain, costs, layer: layer ?? undefined, ...forAgent };
}

/** An agent class as grids and planners report it: a side and a comma list of terrain names. */
export type GridAgent = Grid['agent'];

/** The Moving AI agent: one cell, ground and swamp (what every grid is made for unless `Grid.forAgent` made it). */
export const MOVING_AI_AGENT: GridAgent = Object.freeze({ ...DEFAULT_AGENT });

/** Whether `agent` is the Moving AI agent (one cell, ground and swamp): every grid's unless made for another. */
export function isMovingAIAgent(agent: GridAgent): boolean {
  return agent.size === DEFAULT_AGENT.size && agent.capability === DEFAULT_AGENT.capability;
}

/** The map of the options, and the planner to make from it. */
function sourceOf(options: PathPoolOptions | ShpaPathPoolOptions | HaaPathPoolOptions, where: string): MapSource {
  const planner = 'planner' in options ? options.planner : undefined;
  const algorithm = options.algorithm ?? (planner instanceof SHPAStar ? 'shpa' : 'hpa');
  if (algorithm !== 'hpa' && algorithm !== 'shpa' && algorithm !== 'haa') {
    throw new TypeError(`${where}: algorithm must be 'hpa', 'shpa' or 'haa', got ${describe(algorithm)}`);
  }
  const given = (['map', 'grid', 'planner'] as const).filter((key) => (options as Record<string, unknown>)[key] !== undefined);
  if (given.length > 1) throw new TypeError(`${where}: give either ${given[0]} or ${given[1]}, not both`);
  if (planner !== undefined && algorithm === 'haa') {
    throw new TypeError(`${where}: a HAA* pool is made from map or grid (its workers build the hierarchy: HAAStar has no serialized form), not from a planner`);
  }
  if (planner !== undefined) {
    if (options.hierarchy !== undefined) throw new TypeError(`${where}: hierarchy options come from the planner; do not give both`);
    if (algorithm === 'shpa') {
      if (!(planner instanceof SHPAStar)) throw new TypeError(`${where}: algorithm 'shpa' needs an SHPAStar as planner`);
      // No serialized form: the workers build the same graph from the planner's terrain, costs and options.
      const { width, height } = planner;
      const source = terrainSource(width, height, planner.terrain(), planner.terrainCosts, planner.costLayer());
      return { algorithm, source, hierarchy: { ...planner.options }, width, height, version: 0, agents: [MOVING_AI_AGENT] };
    }
    if (planner instanceof Planner) {
      // Every class's bytes (and the version with them): the workers load them all, nothing is built again.
      const bytes = planner.classPlanners.map((p) => p.serialize());
      const { width, height, version, agents } = planner;
      return { algorithm, source: { kind: 'hierarchy', bytes }, hierarchy: {}, width, height, version, agents };
    }
    if (!(planner instanceof HPAStar)) {
      throw new TypeError(`${where}: planner must be a Planner, an HPAStar or an SHPAStar, got ${describe(planner)}`);
    }
    // The workers load the planner's bytes (its version with them): nothing is built again.
    const { width, height, version, agent } = planner;
    return { algorithm, source: { kind: 'hierarchy', bytes: [planner.serialize()] }, hierarchy: {}, width, height, version, agents: [agent] };
  }
  const grid = options.grid ?? options.map;
  if (grid === undefined) {
    throw new TypeError(`${where}: give the map as grid (a Grid), map (the text of a Moving AI .map file, or { width, height, terrain }) or planner`);
  }
  // Types only: the worker's module fills in the defaults and checks the ranges.
  if (algorithm === 'shpa') resolveShpaOptions(options.hierarchy as ShpaOptions | undefined, {} as ResolvedShpaOptions, where);
  else if (algorithm === 'haa') resolveHaaOptions(options.hierarchy as HaaOptions | undefined, {} as ResolvedHaaOptions, where);
  else resolveHierarchyOptions(options.hierarchy as HierarchyOptions | undefined, {} as ResolvedHierarchyOptions, where);
  const hierarchy = options.hierarchy ?? {};
  if (typeof options.map === 'string') {
    const { width, height, terrain } = parseMovingAIMap(options.map);
    return { algorithm, source: { kind: 'terrain', width, height, terrain }, hierarchy, width, height, version: 0, agents: [MOVING_AI_AGENT] };
  }
  if (grid instanceof Grid) {
    if (options.map !== undefined) throw new TypeError(`${where}: map must be the text of a .map file or { width, height, terrain }; give a Grid as grid`);
    const { width, height, agent } = grid;
    if (algorithm === 'haa' && !isMovingAIAgent(agent)) {
      throw new TypeError(`${where}: a HAA* pool serves every agent class from the terrain's own grid; give the grid the class grid was made from`);
    }
    const source = terrainSource(width, height, grid.terrain(), grid.terrainCosts, grid.costLayer(), agent);
    return { algorithm, source, hierarchy, width, height, version: 0, agents: [agent] };
  }
  const name = options.map !== undefined ? 'map' : 'grid';
  if (typeof grid !== 'object' || grid === null) {
    const shape = name === 'map' ? 'a string or { width, height, terrain: Uint8Array }' : 'a Grid or { width, height, terrain: Uint8Array }';
    throw new TypeError(`${where}: ${name} must be ${shape}, got ${describe(grid)}`);
  }
  const { width, height, terrain } = grid as TerrainData;
  positiveInt(where, `${name}.width`, width);
  positiveInt(where, `${name}.height`, height);
  byteArray(where, `${name}.terrain`, terrain);
  if (terrain.length !== width * height) {
    throw new RangeError(`${where}: terrain has ${terrain.length} cells, expected ${width * height} for ${width}x${height}`);
  }
  return { algorithm, source: { kind: 'terrain', width, height, terrain: terrain.slice() }, hierarchy, width, height, version: 0, agents: [MOVING_AI_AGENT] };
}

/** The options of {@link createPathPool}, checked, with their defaults. */
/** See {@link PathPoolOptions.heuristicRefresh}. */
export type HeuristicRefresh = 'background' | 'with-edits';

/** How far a pool's background refresh of the landmarks and distance table is ({@link PathPoolOptions.onRefreshProgress}). */
export interface HeuristicRefreshProgress {
  /** The terrain version (`PathPool.version` after the update) whose tables are being refreshed. */
  readonly version: number;
  readonly phase: Extract<BuildPhase, 'landmarks' | 'distance table'>;
  /** The share of the refresh done in the slowest worker, from 0 to 1; 1 once every worker's tables are fresh. */
  readonly done: number;
}

export interface PoolConfig extends MapSource {
  /** The function that makes the pool, for its errors: `'createPathPool'`. */
  readonly where: string;
  readonly workers: number;
  /** Queries per job, as given: {@link jobSizeOf} fills in the default of the mode that starts. */
  readonly jobSize: number | undefined;
  /** The mode to start in. */
  readonly mode: PoolMode;
  /** Why that mode (`PathPool.modeReason`). */
  readonly reason: string;
  /** Whether copied mode is to be tried when the pthread module cannot start (mode `'auto'`). */
  readonly fallback: boolean;
  readonly onProgress: ((progress: BuildProgress) => void) | undefined;
  readonly signal: AbortSignal | undefined;
  readonly heuristicRefresh: HeuristicRefresh;
  readonly onRefreshProgress: ((progress: HeuristicRefreshProgress) => void) | undefined;
  /** The budget the pool's searches count against, if any. */
  readonly budget: Budget | undefined;
}

/**
 * Checks the options of {@link createPathPool} and fills in their defaults. The order of the checks
 * decides which error options with several faults get: keep it.
 */
export async function resolvePoolOptions(options: PathPoolOptions | ShpaPathPoolOptions | HaaPathPoolOptions, where: string): Promise<PoolConfig> {
  checkKeys(options, ['algorithm', 'map', 'grid', 'planner', 'hierarchy', 'agent', 'agents', 'workers', 'mode', 'jobSize', 'heuristicRefresh', 'onRefreshProgress', 'onProgress', 'signal', 'budget'], where);
  const map = sourceOf(options, where);
  const agents = agentClassesOf(options as PathPoolOptions, where);
  const heuristicRefresh = (options as PathPoolOptions).heuristicRefresh ?? 'background';
  if (heuristicRefresh !== 'background' && heuristicRefresh !== 'with-edits') {
    throw new TypeError(`${where}: heuristicRefresh must be 'background' or 'with-edits', got ${describe(heuristicRefresh)}`);
  }
  if (heuristicRefresh !== 'background' && map.algorithm !== 'hpa') throw new TypeError(`${where}: heuristicRefresh is for HPA* pools (SHPA* and HAA* pools refresh nothing in the background)`);
  const onRefreshProgress = refreshListenerOf(options as PathPoolOptions, map, heuristicRefresh, where);
  const config = await resolveRunOptions(options, agents === undefined ? map : withAgentClasses(map, agents, where), where);
  return { ...config, heuristicRefresh, onRefreshProgress };
}

/** The `onRefreshProgress` option, checked: a function, for an HPA* pool refreshing in the background. */
function refreshListenerOf(options: PathPoolOptions, map: MapSource, heuristicRefresh: HeuristicRefresh, where: string): PoolConfig['onRefreshProgress'] {
  const listener = options.onRefreshProgress;
  if (listener === undefined) return undefined;
  if (typeof listener !== 'function') throw new TypeError(`${where}: onRefreshProgress must be a function, got ${describe(listener)}`);
  if (map.algorithm !== 'hpa') throw new TypeError(`${where}: onRefreshProgress is for HPA* pools (SHPA* and HAA* pools refresh nothing in the background)`);
  if (heuristicRefresh !== 'background') throw new TypeError(`${where}: onRefreshProgress hears the background refresh, and heuristicRefresh is 'with-edits' (updateTerrain resolves once the tables are fresh)`);
  return listener;
}

/** The `agent` or `agents` option as a list of classes, their shapes checked; undefined when neither is given. */
function agentClassesOf(options: PathPoolOptions, where: string): GridAgent[] | undefined {
  const { agent, agents } = options;
  if (agent !== undefined && agents !== undefined) throw new TypeError(`${where}: give agent (one class) or agents (several), not both`);
  if (agent !== undefined) return [normalizedAgent(agentOf(where, agent))];
  return agents === undefined ? undefined : agentClassList(where, 'agents', agents);
}

/** The map source for the agent classes of the `agent` or `agents` option: the workers make each class's grid. */
function withAgentClasses(map: MapSource, agents: GridAgent[], where: string): MapSource {
  if (map.algorithm !== 'hpa') throw new TypeError(`${where}: agent and agents are for HPA* pools (a HAA* pool's batches name their agent)`);
  if (map.source.kind !== 'terrain') throw new TypeError(`${where}: a planner brings its own agent class (planner.agent): give agent with map or grid (or agents)`);
  const own = map.agents[0]!;
  if (!isMovingAIAgent(own)) {
    throw new TypeError(`${where}: the grid is already made for agents of size ${own.size} (${own.capability}): give agent once (with agents, give the grid it was made from)`);
  }
  if (agents.length === 1 && isMovingAIAgent(agents[0]!)) return { ...map, agents };
  return { ...map, source: { ...map.source, agents: agents.map((a) => ({ ...a })) }, agents };
}

/** Refuses what is not an object, and keys not in `known`, naming them. */
export function checkKeys(options: unknown, known: readonly string[], where: string): void {
  if (!options || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
  }
}

/** The run options (workers, mode, job size) checked, with their defaults, beside the map the workers build from. */
export async function resolveRunOptions(options: PoolRunOptions, map: MapSource, where: string): Promise<PoolConfig> {
  const budget = budgetOf(options.budget, where);
  const workers = integerIn(where, 'workers', options.workers ?? budget?.threads ?? (await defaultWorkers()), 1, 64);
  // A shared-mode worker needs all its threads at once: more than the budget's would never run.
  if (budget && workers > budget.threads) throw new RangeError(`${where}: workers ${workers} is more than the budget's ${budget.threads} threads`);
  const wanted = options.mode ?? 'auto';
  if (wanted !== 'auto' && wanted !== 'shared' && wanted !== 'copied') {
    throw new TypeError(`${where}: mode must be 'auto', 'shared' or 'copied', got ${describe(wanted)}`);
  }
  if (options.jobSize !== undefined) positiveInt(where, 'jobSize', options.jobSize);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
    throw new TypeError(`${where}: onProgress must be a function, got ${describe(options.onProgress)}`);
  }
  const signal = checkSignal(options.signal, where);
  const blocker = sharedModeBlocker();
  if (wanted === 'shared' && blocker) throw new Error(`${where}: shared mode is not available: ${blocker}`);
  const mode: PoolMode = wanted === 'copied' || blocker ? 'copied' : 'shared';
  const reason = wanted !== 'auto' ? 'asked for' : (blocker ?? 'SharedArrayBuffer is available');
  return { ...map, where, workers, jobSize: options.jobSize, mode, reason, fallback: wanted === 'auto' && mode === 'shared', onProgress: options.onProgress, signal, heuristicRefresh: 'background', onRefreshProgress: undefined, budget };
}

/** Queries per job: as given, or 128 per thread (a shared-mode job is split over the threads). */
export function jobSizeOf(jobSize: number | undefined, mode: PoolMode, workers: number): number {
  return jobSize ?? (mode === 'shared' ? 128 * workers : 128);
}

/** @internal The `signal` option of a batch: an AbortSignal or nothing (TypeError naming `where`); throws its reason when already aborted. */
export function checkSignal(signal: unknown, where: string): AbortSignal | undefined {
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`${where}: signal must be an AbortSignal, got ${describe(signal)}`);
  }
  signal?.throwIfAborted();
  return signal;
}
