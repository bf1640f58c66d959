/**
 * The API shared by the package's entries (`hpastar` and `hpastar/inline`): every class and type.
 * The entries differ only in how they load the WebAssembly module (index.ts, inline.ts); bind.ts
 * wraps the started module.
 *
 * Errors: every refusal of the module carries its status code, `error.code` (contract/Status.h, after
 * Detour's dtStatus): a kind, `statusKindOf(error.code)` (`'BadArgument'`, `'OutOfRange'`,
 * `'OutOfMemory'`, `'NoPath'`, `'BadBytes'`, `'NotReady'`, `'Unsupported'`, `'Refused'`), and detail
 * bits, `statusDetailsOf(error.code) & StatusDetail.Start` (which endpoint; why). The kind chooses the
 * class: BadArgument a TypeError, OutOfRange a RangeError, OutOfMemory an {@link OutOfMemoryError},
 * NoPath a {@link PathQueryError}, any other an Error. The message is for people: it names the call,
 * the field and the value.
 * @module
 */
import type { AStar } from './astar.ts';
import type { Grid } from './grid.ts';
import type { AnnotatedAStar, HAAStar } from './haastar.ts';
import type { HPAStar } from './hpastar.ts';
import type { PlannerFactory } from './planner.ts';
import type { BuildControl } from './progress.ts';
import type { JPS, JPSPlus } from './jps.ts';
import type { SHPAStar } from './shpastar.ts';
import type { BlockKindInfo, BlockWorld, ResolvedWorldHierarchyOptions, WorldAStar, WorldGenerateOptions, WorldHierarchyOptions, WorldHPAStar, WorldLimits } from './world.ts';
import type { Agent, ClearanceKind, HaaOptions, HierarchyOptions, OptionChoice, ResolvedHaaOptions, ResolvedHierarchyOptions, ResolvedShpaOptions, ShpaOptions } from './types.ts';

export { AStar } from './astar.ts';
export { PathBatch, PathStatusCode, QueryBatch, SearchBatch, type PathBatchArrays } from './batch.ts';
export { Grid } from './grid.ts';
export { FLOW_DX, FLOW_DY, FLOW_NOT_COMPUTED, FLOW_NO_STEP, FlowField, FlowFieldSteps, WorldFlowField, type FlowFieldOptions, type FlowFieldStats } from './flowField.ts';
export { AnnotatedAStar, HAAStar } from './haastar.ts';
export { HPAStar, HPAStarQuery, PathPlan } from './hpastar.ts';
export type { PlanStats } from './pathPlan.ts';
export { JPS, JPSPlus } from './jps.ts';
export { parseMovingAIMap, type MovingAIMap } from './movingAIMap.ts';
export { GRID_LIMITS, isPassableTerrain, isTerrain, TERRAIN, type TerrainKindInfo, type TerrainTable } from './terrain.ts';
export { PlanBatch, type PlanBatchArrays } from './planBatch.ts';
export { Planner, type PlannerFactory, type PlannerOptions, type PlannerUpdate, type WorldPlannerOptions } from './planner.ts';
export type { BuildControl, BuildPhase, BuildProgress, EditControl } from './progress.ts';
export type { AgentClass, AgentClassOption } from './agentClasses.ts';
export type { BlockKindName, TerrainKindName, WorldKindName } from './generated/contract.ts';
export { OutOfMemoryError, statusDetailsOf, statusKindOf, type OutOfMemoryFigures, type StatusError } from './errors.ts';
export { STATUS_DETAILS as StatusDetail, STATUS_KINDS as StatusKind, type StatusKindName } from './generated/contract.ts';
export { GRID_MOVES, WORLD_MOVES } from './generated/contract.ts';
export { PathQueryError } from './results.ts';
export { SHPAStar } from './shpastar.ts';
export { pathCrossesUpdate } from './updates.ts';
export {
  BlockWorld,
  WorldAStar,
  WorldHPAStar,
  WorldHPAStarQuery,
  type WorldPathPlan,
  type BlockChange,
  type CellCostChange,
  type BlockKindInfo,
  type BlockName,
  type ResolvedWorldHierarchyOptions,
  type Voxel,
  type WorldGenerateOptions,
  type WorldHierarchyOptions,
  type WorldFindPathOptions,
  type WorldFindPathsOptions,
  type WorldHierarchyStats,
  type WorldHpaPathResult,
  type WorldHpaSearchStats,
  type WorldKind,
  type WorldLimits,
  type WorldPathResult,
  type WorldSize,
  type WorldBlockUpdate,
  type WorldUpdateStats,
  WorldPathBatch,
} from './world.ts';
export { createWorldPool, type WorldPathPool, type WorldPoolBatchOptions, type WorldPoolOptions, type WorldPoolPlanOptions } from './pool/world.ts';
export {
  Crowd,
  CrowdClosedError,
  type AgentOptions,
  type AgentState,
  type CrowdAgent,
  type CrowdEvent,
  type CrowdOptions,
  type CrowdStats,
  type GroupOptions,
} from './crowd/index.ts';
export type { Formation } from './crowd/groups.ts';
export { LockstepCrowd, type LockstepOptions, type LockstepOrder, type LockstepTick } from './crowd/lockstep.ts';
export { createPathPool } from './pool/create.ts';
export { createWorkerBudget, type WorkerBudget, type WorkerBudgetOptions } from './pool/budget.ts';
export {
  type HaaPathPoolOptions,
  type HaaPoolBatchOptions,
  type HeuristicRefresh,
  type HeuristicRefreshProgress,
  type PathPool,
  type PathPoolOptions,
  type PoolAlgorithm,
  type PoolBatchOptions,
  type PoolFlowFieldOptions,
  type PoolNearestPassableOptions,
  type PoolPlanOptions,
  type PoolMode,
  type ShpaPathPoolOptions,
} from './pool/index.ts';
export { ReachabilityView } from './reachabilityView.ts';
export type * from './types.ts';

/** Options of {@link loadHpastar}. */
export interface LoadOptions {
  /**
   * The bytes of `hpastar.wasm`. Optional: in Node the file beside the module is read from disk, and
   * in the browser it is fetched from the URL the bundler gives it.
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Maps a file the module asks for (`'hpastar.wasm'`) to its URL, for hosting the `.wasm` elsewhere.
   * The default is the URL of `./wasm/hpastar.wasm` relative to this file (Vite rewrites it in dev and
   * build).
   */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

/** `hpastar.Grid`: makes grids in one loaded module. */
export interface GridFactory {
  /**
   * Parses a map in the Moving AI `.map` format.
   * @param text - the file's content
   * @param fileName - the name used in error messages
   * @throws Error - `"<fileName>:<line>: <problem>"` when the text is not a valid map
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the map (the module goes on working)
   */
  fromMovingAI(text: string, fileName?: string): Grid;
  /**
   * Makes a grid from terrain characters, row-major.
   * @param terrain - `width * height` character codes (`.` `G` `S` passable; `W` `T` `@` `O` blocked),
   *   as bytes or as a string of characters
   * @throws Error - when a side is outside 1..8192, the size does not match, or a code is not terrain
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the grid (the module goes on working)
   */
  fromTerrain(terrain: Uint8Array | string, width: number, height: number): Grid;
  /**
   * The same terrain and costs for another agent class: a square of `agent.size` cells standing on the
   * kinds of `agent.capability`. Its passable cells are the top-left cells where the whole square fits
   * (true clearance, as HAA* defines it), and its moves sweep only such squares, so every planner built
   * on it (A*, JPS, HPA* with plans, flow fields, reachability, the pool) answers for that class; paths
   * are the square's top-left cells. Later edits of `grid` do not reach the new grid.
   * @throws TypeError - when `agent` is not `{ size, capability }`
   * @throws Error - when the size is outside 1..8 or a terrain name is unknown (the core's message)
   * @throws OutOfMemoryError - when the heap has no room for the copy
   */
  forAgent(grid: Grid, agent: Agent): Grid;
}

/** `hpastar.HPAStar`: builds HPA* planners in one loaded module. */
export interface HPAStarFactory {
  /**
   * Builds the hierarchy of a grid. The planner keeps the grid's terrain as it is now: later edits of
   * the grid do not reach it (use {@link HPAStar.applyEdits}).
   * @throws TypeError - when an option is unknown or of the wrong type
   * @throws RangeError - when an option is out of range, e.g. `"HPAStar.build: cluster size 1 is outside 2..1024"`, or
   * when the estimated memory is above {@link HierarchyOptions.memoryBudgetMiB} (`"HPAStar.build: the hierarchy would
   * need about 1.6 MiB (...), more than the memory budget of 1 MiB: ..."`), before anything is allocated
   * @throws OutOfMemoryError - (a RangeError) when the WebAssembly heap has no room for the build, also
   *   before anything is allocated: the module goes on working
   *
   * @throws DOMException - named `'AbortError'`, when `control.onProgress` returned false (nothing is kept)
   *
   * Fields left out of `options` are chosen for the map and `options.terrainChanges`
   * ({@link HPAStarFactory.chooseOptions}); the planner's `options` tells what was used. `control.onProgress`
   * hears how far the build is (a build on the main thread blocks it: show progress from a pool's build,
   * `createPathPool({ onProgress })`, or use it in Node and in workers).
   */
  build(grid: Grid, options?: HierarchyOptions, control?: BuildControl): HPAStar;
  /**
   * The options {@link HPAStarFactory.build} would use for `grid` and `options`, and why: for the fields
   * left out, the fast configuration for this map (DHPA* trees, 16 landmarks, the cluster side from the
   * map's size and borders, a larger side with `entranceSpacing` where the top level is crowded, the
   * distance table when `terrainChanges` is `'rarely'`), measured against
   * JPS and JPS+ in the guide's "Choosing a planner" (docs/guide/02-choosing-a-planner.md); with `cacheTrees: false`, the choice that suits HPA*
   * without trees (a side of 10, or 16 on walls, and landmarks); the fields given are kept. Reads the map's cluster
   * borders for a few candidate sides: a few milliseconds on a 512 × 512 map, no build.
   * @throws TypeError - when an option is unknown or of the wrong type (`terrainChanges` not `'often'` or `'rarely'`)
   */
  chooseOptions(grid: Grid, options?: HierarchyOptions): OptionChoice;
  /**
   * Loads a planner from bytes made by {@link HPAStar.serialize} (in this process or another, in a
   * worker, or offline), without building anything.
   * @throws Error - naming why the bytes are refused: not a hierarchy, another format version,
   *   truncated, corrupted (checksum), or inconsistent
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the hierarchy (the module goes on working)
   */
  load(bytes: Uint8Array): HPAStar;
  /**
   * The core's defaults, the HPA* paper's (10 × 10 clusters, one level, no trees, landmarks or table):
   * what `hpa --algo hpa` starts from. {@link HPAStarFactory.build} starts from
   * {@link HPAStarFactory.chooseOptions} instead.
   */
  readonly defaultOptions: ResolvedHierarchyOptions;
}

/** `hpastar.SHPAStar`: builds SHPA* planners in one loaded module. */
export interface SHPAStarFactory {
  /**
   * Builds the SHPA* graph of a grid: clusters merged from small tiles, abstract nodes on their
   * borders. The planner keeps the grid's terrain as it is now; it cannot be edited afterwards
   * (SHPA* is for static maps) and has no serialized form.
   * @throws TypeError - when an option is unknown or of the wrong type
   * @throws RangeError - when an option is out of range, e.g. `"SHPAStar.build: max cluster side 2 is outside 4..1024 (...)"`
   * @throws OutOfMemoryError - (a RangeError) when the WebAssembly heap has no room for the build (the
   *   module goes on working)
   */
  build(grid: Grid, options?: ShpaOptions): SHPAStar;
  /** The options used for fields that {@link SHPAStarFactory.build} is not given. */
  readonly defaultOptions: ResolvedShpaOptions;
}

/** `hpastar.HAAStar`: builds HAA* planners in one loaded module. */
export interface HAAStarFactory {
  /**
   * Builds the annotated hierarchy of a grid for agents of sides 1 to `options.maxSize` and every
   * capability made of the map's terrain kinds. The planner keeps a copy of the grid's terrain as it is
   * now; {@link HAAStar.applyEdits} changes it.
   * @throws TypeError - when an option is unknown or of the wrong type
   * @throws RangeError - when an option is out of range, e.g. `"HAAStar.build: largest agent size 9 is outside 1..8 (...)"`
   * @throws OutOfMemoryError - (a RangeError) when the WebAssembly heap has no room for the build
   */
  build(grid: Grid, options?: HaaOptions): HAAStar;
  /** The options used for fields that {@link HAAStarFactory.build} is not given. */
  readonly defaultOptions: ResolvedHaaOptions;
}

/** `hpastar.AnnotatedAStar`: Annotated A* searches for one capability of one grid. */
export interface AnnotatedAStarFactory {
  /**
   * Computes the clearance of `grid` (as it is now) for `capability`, a comma list (`'ground,trees'`)
   * or an array of terrain names. `clearance`: `'true'` (default), the exact one; `'brushfire'` makes
   * searches that miss passages an agent fits through (the HAA* article's Figure 5), to show why.
   * @throws RangeError - when a terrain name is unknown or repeated, or the kind is not one of the two
   */
  build(grid: Grid, capability: string | readonly string[], clearance?: ClearanceKind): AnnotatedAStar;
}

/** `hpastar.JPSPlus`: builds JPS+ jump tables in one loaded module. */
export interface JPSPlusFactory {
  /**
   * Builds the jump table of `grid` as it is now (16 bytes per cell).
   * @throws OutOfMemoryError - (a RangeError) when the WebAssembly heap has no room for the table
   */
  build(grid: Grid): JPSPlus;
}

/** `hpastar.BlockWorld`: makes block worlds (several floors) in one loaded module. */
export interface BlockWorldFactory {
  /**
   * Parses a world in its text format (the Moving AI `.map` format with a `levels N` header and one
   * block of rows per level, each after a `level K` line; block characters `.` air, `#` solid, `H`
   * ladder, `^` `>` `v` `<` stairs rising north, east, south, west).
   * @param fileName - the name used in error messages
   * @throws Error - `"<fileName>:<line>: <problem>"` when the text is not a valid world
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the world
   */
  parse(text: string, fileName?: string): BlockWorld;
  /**
   * Generates a world, the same for the same options on every platform (and as `hpa gen3d` makes it).
   * @throws RangeError - when the kind is unknown, the size is outside the limits or the seed is not an integer in 0..2^53-1
   */
  generate(options: WorldGenerateOptions): BlockWorld;
  /** The block kinds, in code order (the codes of {@link BlockWorld.floor}). */
  readonly blockKinds: readonly BlockKindInfo[];
  /** The limits of a world's size and file, and the generator's kinds. */
  readonly limits: WorldLimits;
}

/** `hpastar.WorldHPAStar`: builds HPA* planners over block worlds in one loaded module. */
export interface WorldHPAStarFactory {
  /**
   * Builds the hierarchy of a world as it is now (the planner keeps its own copy of the blocks).
   * @throws TypeError - when an option is unknown or not an integer
   * @throws RangeError - when an option is out of range (`"WorldHPAStar.build: clusterSide 1 is outside 2..1024"`)
   * @throws OutOfMemoryError - (a RangeError) when the WebAssembly heap has no room for the build
   * @throws DOMException - named `'AbortError'`, when `control.onProgress` returned false (nothing is kept)
   *
   * `control.onProgress` hears the phases of {@link HPAStarFactory.build} (`'entrances'`: the
   * boxes' regions and transitions, `'clusters'`: their edges and trees, then `'levels'`, `'components'`,
   * `'landmarks'`, `'distance table'`) about every percent; a world pool reports it too
   * (`createWorldPool({ onProgress, signal })`).
   */
  build(world: BlockWorld, options?: WorldHierarchyOptions, control?: BuildControl): WorldHPAStar;
  /**
   * Loads a planner from bytes made by {@link WorldHPAStar.serialize} (in this process or another, in a
   * worker, or offline), without building: every stored part is checked against the stored world (paths
   * replayed, costs recomputed), nothing searched.
   * @throws Error - naming why the bytes are refused: not a block-world hierarchy, another format
   *   version, truncated, damaged (a section's checksum), or parts no build could have made (the section
   *   or node, and the problem)
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the hierarchy (the module goes on working)
   */
  load(bytes: Uint8Array): WorldHPAStar;
  /** The options used for fields that {@link WorldHPAStarFactory.build} is not given. */
  readonly defaultOptions: ResolvedWorldHierarchyOptions;
}

/** A loaded hpastar module. Objects it makes hold C++ memory: dispose of them when done. */
export interface Hpastar {
  /** Makes {@link Grid}s: `hpastar.Grid.fromMovingAI(text, 'arena.map')`. */
  readonly Grid: GridFactory;
  /** Makes {@link AStar} query objects: `new hpastar.AStar()`. */
  readonly AStar: new () => AStar;
  /** Makes {@link JPS} query objects (optimal, no preprocessing): `new hpastar.JPS()`. */
  readonly JPS: new () => JPS;
  /** Builds {@link JPSPlus} tables (optimal, static maps): `hpastar.JPSPlus.build(grid)`. */
  readonly JPSPlus: JPSPlusFactory;
  /** Builds {@link HPAStar} planners: `hpastar.HPAStar.build(grid, { clusterSize: 10, levels: 2 })`. */
  readonly HPAStar: HPAStarFactory;
  /**
   * Builds {@link Planner}s, one hierarchy per agent class of a map:
   * `hpastar.Planner.build(grid, { agents: [{ size: 1, capability: 'ground,trees' }, { size: 2, capability: 'ground' }] })`.
   */
  readonly Planner: PlannerFactory;
  /** Builds {@link SHPAStar} planners (static maps): `hpastar.SHPAStar.build(grid, { maxClusterSide: 16 })`. */
  readonly SHPAStar: SHPAStarFactory;
  /** Builds {@link HAAStar} planners for agents of several sizes and capabilities: `hpastar.HAAStar.build(grid, { maxSize: 3 })`. */
  readonly HAAStar: HAAStarFactory;
  /** Builds {@link AnnotatedAStar} searches: `hpastar.AnnotatedAStar.build(grid, 'ground,trees')`. */
  readonly AnnotatedAStar: AnnotatedAStarFactory;
  /** Makes {@link BlockWorld}s: `hpastar.BlockWorld.generate({ kind: 'caves', size: { width: 128, height: 128, levels: 8 }, seed: 1 })`. */
  readonly BlockWorld: BlockWorldFactory;
  /** Makes {@link WorldAStar} query objects: `new hpastar.WorldAStar()`. */
  readonly WorldAStar: new () => WorldAStar;
  /** Builds {@link WorldHPAStar} planners: `hpastar.WorldHPAStar.build(world, { clusterSide: 16 })`. */
  readonly WorldHPAStar: WorldHPAStarFactory;
}

/**
 * What `loadHpastar` of the `hpastar/grid` entry resolves to: {@link Hpastar} for games on 2D grids, from a
 * module half the size to download. It has grids, A*, JPS, JPS+, HPA*, DHPA*, the Planner with its agent
 * classes, plans, flow fields, saving and loading; it leaves out block worlds and the papers' other planners,
 * HAA*'s annotated hierarchy (`HAAStar`, `AnnotatedAStar`; the Planner's agent classes serve units of
 * several sizes) and SHPA* (`SHPAStar`; HPA*'s `mergedClusterSide` merges clusters too). Pools of grids load
 * that module in their workers whichever entry made them; a pool of a block world, of HAA* or of SHPA* loads
 * the full one.
 */
export type HpastarGrid = Omit<Hpastar, 'BlockWorld' | 'WorldAStar' | 'WorldHPAStar' | 'HAAStar' | 'AnnotatedAStar' | 'SHPAStar'>;
