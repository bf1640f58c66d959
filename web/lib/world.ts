/**
 * Block worlds: layered worlds of width × height × levels blocks (a Minecraft-like world with several
 * floors), with A* and HPA* paths across the floors by stairs, ladders and one-level climbs.
 *
 * The rules (cpp/world/BlockWorld.h): an agent, one block tall, *stands* in a block that is not solid
 * and is held up by the world's floor (level 0), by a solid block or a ladder below it, or by its own
 * block when that is a ladder or a stair. It moves
 * - on one level in 8 directions (cost 1 straight, √2 diagonal; a diagonal needs both straight
 *   neighbours standing: no corner cutting);
 * - up or down one level onto the neighbouring standing block, straight only, when the block above the
 *   lower one is not solid (headroom): cost 2, or √2 from or into a stair facing the step's direction;
 * - up or down a ladder (cost 1).
 * Every move has its reverse at the same cost. A cost layer ({@link BlockWorld.setCostLayer}, one value
 * per cell in sixteenths) weights each move by the cells it touches, as on a 2D grid; changed at run time
 * with {@link WorldHPAStar.applyCostChanges}. Cells are `{ x, y, z }`: x the column, y the row
 * (0 at the top, as in Moving AI maps), z the level (0 at the bottom). Paths' cells are packed
 * `x0, y0, z0, x1, y1, z1, ...` in an Int32Array.
 *
 * @example
 * ```ts
 * const world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 128, height: 128, levels: 8 }, seed: 7 });
 * const planner = hp.WorldHPAStar.build(world);
 * const path = planner.findPath({ x: 3, y: 4, z: 0 }, { x: 100, y: 90, z: 5 });
 * planner.applyBlockChanges([{ x: 10, y: 4, z: 0, block: 'solid' }]);
 * planner.applyCostChanges([{ x: 20, y: 8, z: 0, value: 64 }]); // 4 times the cost around (20, 8, 0)
 * ```
 * @module
 */
import type {
  RawBlockWorld,
  RawError,
  RawFlowFields,
  RawWorldAStar,
  RawWorldBatch,
  RawWorldHPAStar,
  RawWorldHPAStarPlan,
  RawWorldHPAStarQuery,
  RawWorldHpaStats,
  RawWorldPath,
  RawWorldUpdateStats,
} from 'hpastar:raw';
import { byteArray, describe, int32, integerIn, text, voxel } from './args.ts';
import { SearchBatch, type PathBatchArrays } from './batch.ts';
import { makePlannerFlowFields, type FlowFieldOptions, type PlannerFlowFields, type WorldFlowField } from './flowField.ts';
import { WORLD_OPTION_KINDS, type BlockKindName, type WorldHierarchyOptionFields, type WorldKindName } from './generated/contract.ts';
import { checkFlags, endpointOf, internal, moduleError, resolvedOptionsOf, resolveOptions, SEARCH_CHOICES, SEARCH_FLAGS, WasmObject } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { makePathPlan, type PathPlan } from './pathPlan.ts';
import { nearestQuestion, randomQuestion, voxelAnswer } from './reachability.ts';
import type { NearestPassableOptions, Voxel } from './types.ts';
import { pathOutcomeOf, pathQueryError } from './results.ts';
import { nothingRebuilt } from './updates.ts';

/** What fills a block, by the names of the core (`hpastar.BlockWorld.blockKinds`). A stair rises towards the side it names. */
export type BlockName = BlockKindName;

/** One block kind: its code (as in {@link BlockWorld.floor}), its character in the text format, its name. */
export interface BlockKindInfo {
  readonly code: number;
  readonly char: string;
  readonly name: BlockName;
}

/** The kinds of generated worlds (`hpastar.BlockWorld.limits.kinds`). */
export type WorldKind = WorldKindName;

export type { Voxel };

/** A world's size in blocks. */
export interface WorldSize {
  readonly width: number;
  readonly height: number;
  readonly levels: number;
}

/** What {@link BlockWorldFactory.generate} makes. */
export interface WorldGenerateOptions {
  /** `'caves'` (a 3D cave system with ladders), `'towers'` (hollow towers with staircases), `'hills'` (terraces, stairs, ladders). */
  readonly kind: WorldKind;
  readonly size: WorldSize;
  /** Any integer 0..2^53-1 (default 1): the same seed makes the same world on every platform. */
  readonly seed?: number;
}

/** One block to place or remove. */
export interface BlockChange {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly block: BlockName;
}

/** One cell's new cost layer value (see {@link BlockWorld.setCostLayer}): 1..255 sixteenths of a move's cost. */
export interface CellCostChange {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly value: number;
}

/** Limits of block worlds (cpp/world/BlockWorld.h) and the generator's kinds. */
export interface WorldLimits {
  readonly maxSide: number;
  readonly maxLevels: number;
  readonly maxCells: number;
  readonly maxFileBytes: number;
  readonly maxAbstractionLevels: number;
  readonly kinds: readonly WorldKind[];
}

/** A search's answer on a block world. */
export interface WorldPathResult {
  readonly found: boolean;
  /** `'found'`, `'no path'` (the cells are not connected). */
  readonly status: string;
  /** The sum of the moves' costs; Infinity when not found. */
  readonly cost: number;
  /** The path's cells, start and goal included, packed x, y, z; empty when not found. */
  readonly cells: Int32Array;
  /** Nodes expanded in total (0 when the component labels answered "no path" without a search). */
  readonly expanded: number;
}

/** The work of one HPA* search on a block world, by phase. */
export interface WorldHpaSearchStats {
  /** Joining the start and the goal to the nodes of their clusters at every level. */
  readonly expandedInsertion: number;
  /** The search of the top level's abstract graph. */
  readonly expandedAbstract: number;
  /** Refining the abstract path down to cells: 0, as it copies stored paths and walks the insertion searches' trees. */
  readonly expandedRefinement: number;
  /** Nodes on the abstract path, start and goal included. */
  readonly abstractPathNodes: number;
}

/** Options of {@link WorldHPAStar.findPath}. */
export interface WorldFindPathOptions {
  /**
   * Smooth the refined path: straight runs of one legal move (on a level, or a staircase of climbs or
   * stairs, or a ladder) replace the parts of the path they cut short, as HPA*'s smoothing on a grid.
   * Default true. Smoothing never makes a path longer, and never takes a step the world does not allow.
   */
  readonly smooth?: boolean;
  /**
   * When the start cannot reach the goal (the goal is not a standing cell, is outside the world, or is in
   * another component), answer a partial path to the cell of the start's component nearest the goal
   * (by the distance {@link WorldHPAStar.nearestPassable} uses, ties to the smaller z, then y, then x) instead
   * of `'no path'` or an error for the goal: its status is `'partial'` and `reached` names that cell. The
   * start must be a standing cell. Default false. (On a grid, ties go to the shorter path; here to the order.)
   */
  readonly toNearest?: boolean;
  /**
   * `'grid'` (default): the path as cells, each one move from the last. `'any-angle'`: straight lines at any
   * angle on each level, as a unit crossing open ground walks: `cells` then holds the path's corners (the
   * start, the points where it turns on a level, the two cells of each climb, stair or ladder step, the
   * goal), two consecutive corners either on one level, joined by a line whose cells the agent stands on
   * all the way (no line over a hole or between two diagonal blocks), or one move between levels; `cost`
   * is the lines' Euclidean lengths plus those moves' costs. Shaped from the planner's own path (string
   * pulling on each level, each corner then moved to where the lines are shortest, each change of level
   * slid along its edge to where the lines to it are shortest). Worlds without a cost layer only (one
   * with a layer throws: lengths are Euclidean).
   */
  readonly pathShape?: 'grid' | 'any-angle';
}

/** Options of {@link WorldHPAStar.findPaths} (and of its query objects). */
export interface WorldFindPathsOptions {
  /** `false` leaves the paths' cells out (costs and statuses only). Default true. */
  readonly cells?: boolean;
  /**
   * As {@link WorldFindPathOptions.toNearest}, for each query: a goal its start cannot reach becomes the
   * nearest cell of the start's component, the query's status `'partial'` ({@link SearchBatch.statusText})
   * and {@link SearchBatch.reached} that cell. Default false.
   */
  readonly toNearest?: boolean;
  /** As {@link WorldFindPathOptions.pathShape}, for each path. */
  readonly pathShape?: 'grid' | 'any-angle';
}

/** An HPA* answer on a block world. */
export interface WorldHpaPathResult extends WorldPathResult {
  readonly stats: WorldHpaSearchStats;
  /** With `toNearest`, when the goal could not be reached: the cell the path ends on (status `'partial'`). */
  readonly reached?: Voxel;
}

/** How a {@link WorldHPAStar} cuts its world into clusters (boxes). Left out, a field takes the core's default. */
export interface WorldHierarchyOptions extends WorldHierarchyOptionFields {}

/** {@link WorldHierarchyOptions} with every field filled in. */
export type ResolvedWorldHierarchyOptions = Readonly<Required<WorldHierarchyOptions>>;

/** @internal The kind of each field of {@link WorldHierarchyOptions} (generated from the core's declaration). */
export { WORLD_OPTION_KINDS };

/** @internal Merges `options` over `defaults`, checking names and types; ranges are checked by the core. */
export function resolveWorldOptions(
  options: WorldHierarchyOptions | undefined,
  defaults: ResolvedWorldHierarchyOptions,
  where: string,
): ResolvedWorldHierarchyOptions {
  return resolveOptions(options, defaults, WORLD_OPTION_KINDS, where);
}

/** Figures of a world hierarchy. */
export interface WorldHierarchyStats {
  /** The build, in milliseconds ({@link WorldHPAStar.applyBlockChanges} updates without building again). */
  readonly buildMs: number;
  /** Memory of the abstract graph, its edges' stored paths, node tables and component labels (not the world). */
  readonly bytes: number;
  /** Of which the intra-edges' stored paths (refining an abstract path copies them instead of searching). */
  readonly pathBytes: number;
  /** Inter-edges of level 1. */
  readonly transitions: number;
  /** Connected components of the world's standing cells. */
  readonly components: number;
  /** The last computation of the top level's landmarks and distance table, in milliseconds. */
  readonly heuristicsMs: number;
  /** Memory of the top level's landmarks and distance table. */
  readonly heuristicBytes: number;
  /** Nodes of the distance table; 0 without one (off, or a top level over its limit). */
  readonly distanceTableNodes: number;
  /** Per abstraction level (index 0 is level 1): clusters, nodes of that level or higher, directed edges. */
  readonly levels: readonly { readonly clusters: number; readonly nodes: number; readonly edges: number }[];
}

/**
 * What {@link WorldHPAStar.applyBlockChanges} (and the pool's `applyBlockChanges`) rebuilt: the clusters
 * per abstraction level, their ids and boxes. A path whose cells stay out of every rebuilt box of level 1
 * is as good after the change as before.
 */
export interface WorldUpdateStats {
  /** Changes that put a different block. */
  readonly blocksChanged: number;
  /** Cost changes that put a different layer value ({@link WorldHPAStar.applyCostChanges}). */
  readonly costsChanged: number;
  /** Cells whose moves or standing changed (cost changes: the standing cells whose moves read a changed cell). */
  readonly cellsChanged: number;
  /** Clusters rebuilt per abstraction level, level 1 first. */
  readonly clustersRebuilt: readonly number[];
  /** Per abstraction level, level 1 first: the rebuilt clusters' ids and boxes (x0, y0, z0, x1, y1, z1 each, half-open). */
  readonly rebuilt: readonly { readonly level: number; readonly clusters: Int32Array; readonly boxes: Int32Array }[];
  /** Whether the component labels were joined again (a change that may join or split components). */
  readonly componentsJoined: boolean;
  /** Time taken, in milliseconds. */
  readonly ms: number;
}

/** A world pool's block update (`WorldPathPool.applyBlockChanges`): the version it made and what it rebuilt. */
export interface WorldBlockUpdate extends WorldUpdateStats {
  /** The version the update made (the pool's `version` once it resolved). */
  readonly version: number;
}

/** @internal The module's figures as the package's frozen {@link WorldUpdateStats}. */
export function worldUpdateStatsOf(raw: RawWorldUpdateStats): WorldUpdateStats {
  return Object.freeze({
    blocksChanged: raw.blocksChanged,
    costsChanged: raw.costsChanged,
    cellsChanged: raw.cellsChanged,
    clustersRebuilt: Object.freeze([...raw.clustersRebuilt]),
    rebuilt: Object.freeze(raw.rebuilt.map((r) => Object.freeze({ level: r.level, clusters: r.clusters, boxes: r.boxes }))),
    componentsJoined: raw.componentsJoined,
    ms: raw.ms,
  });
}

/** @internal What a call without changes rebuilt: nothing, on each of `levels` abstraction levels. */
export function emptyWorldUpdateStats(levels: number): WorldUpdateStats {
  return Object.freeze({ blocksChanged: 0, costsChanged: 0, cellsChanged: 0, ...nothingRebuilt(levels, 'boxes'), componentsJoined: false, ms: 0 });
}

/**
 * The answers to a batch of searches on a block world ({@link WorldHPAStar.findPaths}, the world pool),
 * in the order of the queries, as typed arrays: as {@link PathBatch}, with cells as x, y, z triples (a
 * query's `expanded` is 0 when the component labels answered 'no path').
 */
export class WorldPathBatch extends SearchBatch<Voxel> implements PathBatchArrays {
  /** @internal Made by `WorldHPAStar.findPaths` and the world pool. */
  constructor(arrays: PathBatchArrays, version: number) {
    super('WorldPathBatch', arrays, version, 3);
  }
}

/**
 * @internal Queries as the module reads them, [sx, sy, sz, gx, gy, gz, ...]: an Int32Array as it is (its
 * length checked), or `[start, goal]` pairs of cells (each checked, TypeError naming the query).
 */
export function packWorldQueries(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], where: string): Int32Array {
  if (queries instanceof Int32Array) {
    if (queries.length % 6 !== 0) throw new TypeError(`${where}: packed queries need 6 numbers each (sx, sy, sz, gx, gy, gz); got ${queries.length} numbers`);
    return queries;
  }
  if (!Array.isArray(queries)) {
    throw new TypeError(`${where}: queries must be an Int32Array [sx, sy, sz, gx, gy, gz, ...] or an array of [start, goal] pairs, got ${describe(queries)}`);
  }
  const packed = new Int32Array(queries.length * 6);
  queries.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`${where}: query ${i} must be a [start, goal] pair, got ${describe(pair)}`);
    const start = voxel(where, `query ${i}: start`, pair[0]);
    const goal = voxel(where, `query ${i}: goal`, pair[1]);
    packed.set([start.x, start.y, start.z, goal.x, goal.y, goal.z], i * 6);
  });
  return packed;
}

/**
 * @internal Generator options with their types checked and the default seed filled in (the kind and the
 * size's range are checked by the core): what `BlockWorld.generate` and the world pool take.
 */
export function checkGenerateOptions(options: unknown, where: string): Required<WorldGenerateOptions> {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be { kind, size: { width, height, levels }, seed }, got ${describe(options)}`);
  const known = ['kind', 'size', 'seed'];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const given = options as Partial<WorldGenerateOptions>;
  const kind = text(where, 'kind', given.kind) as WorldKind;
  const size = given.size as Partial<WorldSize> | undefined;
  if (typeof size !== 'object' || size === null) throw new TypeError(`${where}: size must be { width, height, levels }, got ${describe(size)}`);
  const width = int32(where, 'size.width', size.width);
  const height = int32(where, 'size.height', size.height);
  const levels = int32(where, 'size.levels', size.levels);
  const seed = integerIn(where, 'seed', given.seed ?? 1, 0, Number.MAX_SAFE_INTEGER);
  return { kind, size: { width, height, levels }, seed };
}


/** The module's block kinds, looked up by name. */
export class BlockKinds {
  readonly list: readonly BlockKindInfo[];
  readonly #codeOf: ReadonlyMap<string, number>;

  /** @internal */
  constructor(list: readonly BlockKindInfo[]) {
    this.list = Object.freeze(list.map((k) => Object.freeze({ ...k })));
    this.#codeOf = new Map(list.map((k) => [k.name, k.code]));
  }

  /** The code of `name`; a RangeError naming the known ones when it is not a block. */
  codeOf(where: string, name: unknown): number {
    const code = typeof name === 'string' ? this.#codeOf.get(name) : undefined;
    if (code === undefined) throw new RangeError(`${where}: block ${describe(name)} is not one of ${this.list.map((k) => `'${k.name}'`).join(', ')}`);
    return code;
  }

  /**
   * Changes as the module reads them: [x, y, z, code, ...]. With `size`, a change outside the world is
   * refused here (RangeError), for callers that must not send the module changes it refuses (the pool's
   * workers); the module checks again.
   */
  pack(where: string, changes: readonly BlockChange[], size?: WorldSize): Int32Array {
    if (!Array.isArray(changes)) throw new TypeError(`${where}: changes must be an array of { x, y, z, block }, got ${describe(changes)}`);
    const packed = new Int32Array(changes.length * 4);
    changes.forEach((change, i) => {
      const c = voxel(where, `changes[${i}]`, change);
      if (size && !(c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x < size.width && c.y < size.height && c.z < size.levels)) {
        throw new RangeError(`${where}: changes[${i}]: block (${c.x}, ${c.y}, ${c.z}) is outside the ${size.width}x${size.height}x${size.levels} world`);
      }
      packed.set([c.x, c.y, c.z, this.codeOf(`${where}: changes[${i}]`, change.block)], 4 * i);
    });
    return packed;
  }
}

/**
 * @internal Cost changes packed [x, y, z, value, ...]: TypeError for a change that is not one, RangeError
 * naming the change, its cell and value for a value outside 1..255 or (when `size` is given) a cell outside.
 */
export function packCostChanges(where: string, changes: readonly CellCostChange[], size?: WorldSize): Int32Array {
  if (!Array.isArray(changes)) throw new TypeError(`${where}: changes must be an array of { x, y, z, value }, got ${describe(changes)}`);
  const packed = new Int32Array(4 * changes.length);
  changes.forEach((change: CellCostChange, i) => {
    const c = voxel(where, `changes[${i}]`, change);
    if (size && !(c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x < size.width && c.y < size.height && c.z < size.levels)) {
      throw new RangeError(`${where}: changes[${i}]: cell (${c.x}, ${c.y}, ${c.z}) is outside the ${size.width}x${size.height}x${size.levels} world`);
    }
    const v = integerIn(`${where}: changes[${i}]`, 'value', change.value, 1, 255);
    packed.set([c.x, c.y, c.z, v], 4 * i);
  });
  return packed;
}

/**
 * A raw answer as a path result; PathQueryError naming the cell when the start or goal is not a cell
 * an agent stands in, and an Error naming `where` when the call failed.
 */
function worldPathOf<T extends WorldPathResult>(where: string, raw: RawWorldPath | { error: string }, start: Voxel, goal: Voxel, extra: (raw: RawWorldPath) => Omit<T, keyof WorldPathResult>): T {
  if ('error' in raw) throw moduleError(where, raw);
  const outcome = pathOutcomeOf(raw.code);
  if (outcome !== 'refused') {
    const found = outcome === 'found';
    return Object.freeze({
      found,
      status: raw.status,
      cost: found ? raw.cost : Infinity,
      cells: raw.cells,
      expanded: raw.expanded,
      ...extra(raw),
    } as T);
  }
  throw worldRefusal(where, raw, start, goal);
}

// The error of a query the module refused: its start or goal is not a cell an agent stands in.
function worldRefusal(where: string, raw: { status: string; code: number }, start: Voxel, goal: Voxel): Error {
  const endpoint = endpointOf(raw.code);
  const p = endpoint === 'start' ? start : goal;
  return pathQueryError(raw, `${where}: ${endpoint} (${p.x}, ${p.y}, ${p.z}) is outside the world or not a cell an agent stands in`);
}

// What a planner and its query objects search with: a raw object answering findPath and findPaths.
interface RawWorldSearcher {
  findPath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, smooth: boolean, toNearest: boolean, anyAngle: boolean): RawWorldPath | RawError;
  findPaths(queries: Int32Array, keepCells: boolean, toNearest: boolean, anyAngle: boolean): RawWorldBatch | RawError;
}

// WorldHPAStar.findPath and WorldHPAStarQuery.findPath: the arguments checked, one search by `raw`.
function worldFindPath(where: string, raw: RawWorldSearcher, state: ModuleState, start: Voxel, goal: Voxel, options: WorldFindPathOptions | undefined): WorldHpaPathResult {
  const { s, g, smooth } = worldQueryArguments(where, start, goal, options, SEARCH_FLAGS.worldFindPath);
  const toNearest = options?.toNearest ?? false;
  const anyAngle = options?.pathShape === 'any-angle';
  return worldHpaPathOf(where, state.call(where, () => raw.findPath(s.x, s.y, s.z, g.x, g.y, g.z, smooth, toNearest, anyAngle)), s, g);
}

/** @internal A world query's start, goal and `smooth`, checked against the options `known` (findPath's, or a traced search's). */
export function worldQueryArguments(
  where: string,
  start: Voxel,
  goal: Voxel,
  options: WorldFindPathOptions | undefined,
  known: readonly string[] = SEARCH_FLAGS.worldTraceSearch,
): { s: Voxel; g: Voxel; smooth: boolean } {
  const s = voxel(where, 'start', start);
  const g = voxel(where, 'goal', goal);
  checkFlags(options, known, where, SEARCH_CHOICES);
  return { s, g, smooth: options?.smooth ?? true };
}

/**
 * @internal A raw HPA* answer on a block world as the package's result (PathQueryError for a refused
 * endpoint); a goal moved by `toNearest` makes it `'partial'`, with the cell `reached`.
 */
export function worldHpaPathOf(where: string, raw: RawWorldPath | { error: string }, start: Voxel, goal: Voxel): WorldHpaPathResult {
  return worldPathOf<WorldHpaPathResult>(where, raw, start, goal, (r) => ({
    stats: Object.freeze({ ...r.stats! }),
    ...(r.reached && r.found ? { status: 'partial', reached: Object.freeze({ ...r.reached }) } : {}),
  }));
}

// WorldHPAStar.findPaths and WorldHPAStarQuery.findPaths: the batch, answered by `raw` on this thread.
function worldFindPaths(
  where: string,
  raw: RawWorldSearcher,
  state: ModuleState,
  queries: Int32Array | readonly (readonly [Voxel, Voxel])[],
  options: WorldFindPathsOptions | undefined,
  version: number,
): WorldPathBatch {
  checkFlags(options, SEARCH_FLAGS.worldFindPaths, where, SEARCH_CHOICES);
  const packed = packWorldQueries(queries, where);
  const anyAngle = options?.pathShape === 'any-angle';
  const out = state.call(where, () => raw.findPaths(packed, options?.cells ?? true, options?.toNearest ?? false, anyAngle));
  if ('error' in out) throw moduleError(where, out);
  return new WorldPathBatch(out, version);
}

// Lets the planners reach a BlockWorld's raw handle while keeping it private to everyone else.
let rawWorldOf: (world: BlockWorld) => RawBlockWorld;

/** What the raw BlockWorld and WorldHPAStar both answer about their world's cells. */
interface RawWorldCells {
  componentOf(x: number, y: number, z: number): number;
  isReachable(ax: number, ay: number, az: number, gx: number, gy: number, gz: number): boolean;
}

/**
 * `componentOf` of a world or of its planner (`owner` names it in messages): both read the world's
 * component labels. `raw` is asked for after the arguments are checked, as in every call.
 */
function worldComponentOf(owner: string, state: ModuleState, raw: () => RawWorldCells, cell: Voxel): number {
  const where = `${owner}.componentOf`;
  const c = voxel(where, 'cell', cell);
  const r = raw();
  return state.call(where, () => r.componentOf(c.x, c.y, c.z));
}

/** `isReachable` of a world or of its planner, as {@link worldComponentOf}: the labels, no search. */
function worldIsReachable(owner: string, state: ModuleState, raw: () => RawWorldCells, a: Voxel, b: Voxel): boolean {
  const where = `${owner}.isReachable`;
  const s = voxel(where, 'a', a);
  const g = voxel(where, 'b', b);
  const r = raw();
  return state.call(where, () => r.isReachable(s.x, s.y, s.z, g.x, g.y, g.z));
}

/**
 * Block changes handed to a world or its planner (`apply`), all or nothing: the changes checked and
 * packed, the core's refusal a RangeError. Returns how many there were.
 */
function applyBlocks<Raw>(where: string, kinds: BlockKinds, state: ModuleState, raw: () => Raw, changes: readonly BlockChange[], apply: (raw: Raw, packed: Int32Array) => string): number {
  const packed = kinds.pack(where, changes);
  const r = raw();
  const error = state.call(where, () => apply(r, packed));
  if (error) throw moduleError(where, error, RangeError);
  return changes.length;
}

/** A level of a world read in one call (`floor`, `standingFloor`): `z` checked, the core's message a RangeError. */
function worldLevel<Raw>(where: string, state: ModuleState, raw: () => Raw, z: unknown, read: (raw: Raw, z: number) => Uint8Array | { error: string }): Uint8Array {
  const level = int32(where, 'z', z);
  const r = raw();
  const out = state.call(where, () => read(r, level));
  if ('error' in out) throw moduleError(where, out, RangeError);
  return out;
}

/** @internal The raw handle of a world, argument of `where`; throws if it has been disposed. */
export function rawWorld(world: unknown, where: string): RawBlockWorld {
  if (!(world instanceof BlockWorld)) throw new TypeError(`${where}: world must be a BlockWorld made by hpastar.BlockWorld.parse or generate, got ${describe(world)}`);
  return rawWorldOf(world);
}

/**
 * A block world in WebAssembly memory. Make one with `hpastar.BlockWorld.parse(text)` or
 * `hpastar.BlockWorld.generate({ kind, size, seed })`.
 *
 * Planners built from a world keep the blocks it had then: changing the world afterwards changes later
 * builds, not them (use {@link WorldHPAStar.applyBlockChanges} for a planner).
 */
export class BlockWorld extends WasmObject<RawBlockWorld> {
  readonly #kinds: BlockKinds;
  readonly #width: number;
  readonly #height: number;
  readonly #levels: number;
  #version = 0;

  /** @internal Use `hpastar.BlockWorld.parse` or `hpastar.BlockWorld.generate`. */
  constructor(raw: RawBlockWorld, kinds: BlockKinds, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.BlockWorld.parse or hpastar.BlockWorld.generate to make a BlockWorld');
    super(raw, 'BlockWorld', state);
    this.#kinds = kinds;
    this.#width = raw.width();
    this.#height = raw.height();
    this.#levels = raw.levels();
  }

  static {
    rawWorldOf = (world) => world.rawHandle();
  }

  /** Columns (x). */
  get width(): number {
    return this.whileAlive(this.#width);
  }

  /** Rows (y). */
  get height(): number {
    return this.whileAlive(this.#height);
  }

  /** Levels (z), the floors. */
  get levels(): number {
    return this.whileAlive(this.#levels);
  }

  /** Changes made so far ({@link BlockWorld.setBlocks} calls that changed something). */
  get version(): number {
    return this.whileAlive(this.#version);
  }

  /** The block at (x, y, z), or null outside the world. */
  blockAt(x: number, y: number, z: number): BlockName | null {
    const where = 'BlockWorld.blockAt';
    const c = voxel(where, 'cell', { x, y, z });
    const raw = this.rawHandle();
    const code = this.wasmCall(where, () => raw.blockAt(c.x, c.y, c.z));
    return code < 0 ? null : this.#kinds.list[code].name;
  }

  /** Whether an agent can stand at (x, y, z) (false outside the world). */
  isStanding(x: number, y: number, z: number): boolean {
    const c = voxel('BlockWorld.isStanding', 'cell', { x, y, z });
    const raw = this.rawHandle();
    return this.wasmCall('BlockWorld.isStanding', () => raw.standing(c.x, c.y, c.z));
  }

  /**
   * The blocks of level `z` in one call, row-major (`floor[y * width + x]`), as codes: see
   * `hpastar.BlockWorld.blockKinds`. A copy.
   * @throws RangeError - when the level is outside 0..levels-1
   */
  floor(z: number): Uint8Array {
    return worldLevel('BlockWorld.floor', this.moduleState, () => this.rawHandle(), z, (raw, level) => raw.floor(level));
  }

  /** 1 where an agent stands on level `z`, else 0, row-major, in one call. A copy. */
  standingFloor(z: number): Uint8Array {
    return worldLevel('BlockWorld.standingFloor', this.moduleState, () => this.rawHandle(), z, (raw, level) => raw.standingFloor(level));
  }

  /**
   * Places or removes one block.
   * @throws RangeError - when the cell is outside the world or the block is not a block name
   */
  setBlock(x: number, y: number, z: number, block: BlockName): void {
    this.setBlocks([{ x, y, z, block }]);
  }

  /**
   * Places or removes blocks, in order. All or nothing: when one change is refused, none is made.
   * @throws RangeError - when a cell is outside the world or a block is not a block name
   */
  setBlocks(changes: readonly BlockChange[]): void {
    const changed = applyBlocks('BlockWorld.setBlocks', this.#kinds, this.moduleState, () => this.rawHandle(), changes, (raw, packed) => raw.setBlocks(packed));
    if (changed) this.#version++;
  }

  /**
   * Puts a cost layer on the world, or takes it off (`null`): one byte per cell in index order
   * (`layer[(z * height + y) * width + x]`), the cell's weight in sixteenths, as a grid's
   * (`Grid.setCostLayer`): 16 costs what the move costs, 8 half (a road), 255 almost 16 times (a
   * danger zone). Values are 1 to 255. A move weighs the mean of the cells it touches (a diagonal its
   * 2 x 2 square, a climb, stair or ladder step its two ends). Planners built afterwards take it; the
   * world keeps a copy.
   * @throws TypeError - when `layer` is neither a Uint8Array nor null
   * @throws RangeError - when it has the wrong length or a 0, named with its index and cell
   * @throws OutOfMemoryError - when the heap has no room for the layer and the weights (5 bytes per cell)
   */
  setCostLayer(layer: Uint8Array | null): void {
    const where = 'BlockWorld.setCostLayer';
    const raw = this.rawHandle();
    const values = layer === null ? null : byteArray(where, 'layer', layer);
    const error = this.wasmCall(where, () => raw.setCostLayer(values));
    if (error) throw moduleError(where, error, RangeError);
    this.#version++;
  }

  /** A copy of the cost layer (see {@link BlockWorld.setCostLayer}), or null when the world has none. */
  costLayer(): Uint8Array | null {
    const raw = this.rawHandle();
    return this.wasmCall('BlockWorld.costLayer', () => raw.costLayer());
  }

  /**
   * Sets one cell's cost layer value (1 to 255 sixteenths: 16 is the move's own cost), making a layer of
   * 16s first when the world has none.
   * @throws RangeError - when the cell is outside the world or the value outside 1..255
   */
  setCellCost(x: number, y: number, z: number, value: number): void {
    const where = 'BlockWorld.setCellCost';
    const packed = packCostChanges(where, [{ x, y, z, value }]);
    const raw = this.rawHandle();
    const error = this.wasmCall(where, () => raw.setCellCost(packed[0], packed[1], packed[2], packed[3]));
    if (error) throw moduleError(where, error, RangeError);
    this.#version++;
  }

  /**
   * The connected component of a cell: cells with the same number reach one another, 0 for a cell no
   * agent stands in and outside the world (as a grid's). Labels are computed on the first call after a change.
   */
  componentOf(cell: Voxel): number {
    return worldComponentOf('BlockWorld', this.moduleState, () => this.rawHandle(), cell);
  }

  /** Whether a path joins `a` and `b` (both standing), from the component labels: no search. */
  isReachable(a: Voxel, b: Voxel): boolean {
    return worldIsReachable('BlockWorld', this.moduleState, () => this.rawHandle(), a, b);
  }

  /**
   * The move from `a` to `b`: its code in {@link WORLD_MOVES} (whose `cost` is its cost), or -1 when no
   * legal move joins them (not neighbours, not standing, a cut corner, no headroom). A crowd checks each
   * step against it.
   */
  moveBetween(a: Voxel, b: Voxel): number {
    const where = 'BlockWorld.moveBetween';
    const s = voxel(where, 'a', a);
    const g = voxel(where, 'b', b);
    const raw = this.rawHandle();
    return this.wasmCall(where, () => raw.moveBetween(s.x, s.y, s.z, g.x, g.y, g.z));
  }

  /**
   * The standing cell nearest to `cell` (by the planners' distance bound, ties to the smaller z, then y,
   * then x), whatever its component, within `maxDistance` (default: the whole world); null when none.
   * @throws RangeError - for a negative maxDistance
   */
  nearestStanding(cell: Voxel, maxDistance = Infinity): Voxel | null {
    const where = 'BlockWorld.nearestStanding';
    const c = voxel(where, 'cell', cell);
    if (typeof maxDistance !== 'number' || Number.isNaN(maxDistance)) throw new TypeError(`${where}: maxDistance must be a number, got ${describe(maxDistance)}`);
    const raw = this.rawHandle();
    const out = this.wasmCall(where, () => raw.nearestStanding(c.x, c.y, c.z, maxDistance));
    if (out !== null && 'error' in out) throw moduleError(where, out, RangeError);
    return out;
  }

  /** The world in its text format (`levels N` header, one block of rows per level), which `parse` reads back. */
  toText(): string {
    const raw = this.rawHandle();
    return this.wasmCall('BlockWorld.toText', () => raw.text());
  }

  /**
   * Checks a path against the world's rules, as the core does (cpp/world/WorldPathValidator.h): the
   * first cell is `start`, the last `goal`, every step a legal move, and `cost` the sum of the moves'
   * costs (relative tolerance 1e-9). Returns `''` when valid, else the first problem.
   */
  validatePath(start: Voxel, goal: Voxel, cells: Int32Array, cost: number): string {
    const where = 'BlockWorld.validatePath';
    const s = voxel(where, 'start', start);
    const g = voxel(where, 'goal', goal);
    if (!(cells instanceof Int32Array)) throw new TypeError(`${where}: cells must be an Int32Array of x, y, z triples, got ${describe(cells)}`);
    if (typeof cost !== 'number') throw new TypeError(`${where}: cost must be a number, got ${describe(cost)}`);
    const raw = this.rawHandle();
    return this.wasmCall(where, () => raw.validatePath(s.x, s.y, s.z, g.x, g.y, g.z, cells, cost, 1e-9));
  }
}

/** Optimal A* on a block world, the reference of {@link WorldHPAStar}. Make one with `new hpastar.WorldAStar()`. */
export class WorldAStar extends WasmObject<RawWorldAStar> {
  /** @internal Use `new hpastar.WorldAStar()`. */
  constructor(raw: RawWorldAStar, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use new hpastar.WorldAStar() to make a WorldAStar');
    super(raw, 'WorldAStar', state);
  }

  /**
   * A shortest path from `start` to `goal` on `world` as it is now. When they are not connected, the
   * search floods everything the start reaches before answering `'no path'`.
   * @throws PathQueryError - when the start or goal is outside the world or not a cell an agent stands in
   */
  findPath(world: BlockWorld, start: Voxel, goal: Voxel): WorldPathResult {
    const where = 'WorldAStar.findPath';
    const w = rawWorld(world, where);
    const s = voxel(where, 'start', start);
    const g = voxel(where, 'goal', goal);
    const raw = this.rawHandle();
    const answer = this.wasmCall(where, () => raw.findPath(w, s.x, s.y, s.z, g.x, g.y, g.z));
    return worldPathOf<WorldPathResult>(where, answer, s, g, () => ({}));
  }
}

/** @internal What a world planner needs of its module: query objects and flow fields. */
export interface WorldModuleParts {
  makeQuery(planner: RawWorldHPAStar): RawWorldHPAStarQuery;
  makeFlowFields(planner: RawWorldHPAStar): RawFlowFields;
}

/** A plan on a block world ({@link WorldHPAStar.plan}): a {@link PathPlan} whose cells are x, y, z triples. */
export type WorldPathPlan = PathPlan<WorldHpaSearchStats, RawWorldHPAStarPlan>;

/**
 * HPA* on a block world: clusters are boxes of columns and levels, with transitions through every face
 * (across a side, up or down a climb, a stair or a ladder), several abstraction levels, and unreachable
 * goals answered from the component labels without a search. Paths are valid, near-optimal and smoothed
 * (by default; {@link WorldFindPathOptions}). Build
 * one with `hpastar.WorldHPAStar.build(world, options)`; it keeps its own copy of the world's blocks.
 */
export class WorldHPAStar extends WasmObject<RawWorldHPAStar> {
  readonly #kinds: BlockKinds;
  readonly #parts: WorldModuleParts;
  #flowFields: PlannerFlowFields | null = null;  // made on first use
  #query: WorldHPAStarQuery | null = null;  // what plan() plans with, made on first use
  #options: ResolvedWorldHierarchyOptions | null = null;
  #stats: WorldHierarchyStats | null = null;
  #version = 0;

  /** @internal Use `hpastar.WorldHPAStar.build`. */
  constructor(raw: RawWorldHPAStar, kinds: BlockKinds, parts: WorldModuleParts, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.WorldHPAStar.build(world, options) to make a WorldHPAStar');
    super(raw, 'WorldHPAStar', state);
    this.#kinds = kinds;
    this.#parts = parts;
    this.#version = raw.version();  // 0 when built; as saved when loaded
  }

  /**
   * The hierarchy (world, options, version and every level's graph with its stored paths) as bytes:
   * sectioned, versioned and checksummed, for `hpastar.WorldHPAStar.load(bytes)` or `hpastar.Planner.load(bytes)`
   * here, in a worker (`createWorldPool({ planner })`) or in a later session. Loading checks every part
   * against the world and searches nothing, so it is much faster than a build.
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the bytes
   */
  serialize(): Uint8Array {
    const raw = this.rawHandle();
    const bytes = this.wasmCall('WorldHPAStar.serialize', () => raw.serialize());
    if ('error' in bytes) throw moduleError('WorldHPAStar.serialize', bytes);
    return bytes;
  }

  /** The options the hierarchy was built with, defaults filled in. */
  get options(): ResolvedWorldHierarchyOptions {
    const raw = this.rawHandle();
    this.#options ??= resolvedOptionsOf<ResolvedWorldHierarchyOptions>(raw.options()!);
    return this.#options;
  }

  /** Figures of the hierarchy as it is now (after the last {@link WorldHPAStar.applyBlockChanges}). */
  get stats(): WorldHierarchyStats {
    const raw = this.rawHandle();
    if (!this.#stats) {
      const s = raw.stats()!;
      this.#stats = Object.freeze({ ...s, levels: Object.freeze(s.levels.map((l) => Object.freeze({ ...l }))) });
    }
    return this.#stats;
  }

  /** Calls of {@link WorldHPAStar.applyBlockChanges} that changed something. */
  get version(): number {
    return this.whileAlive(this.#version);
  }

  /**
   * A path from `start` to `goal` on the planner's world, smoothed unless `options.smooth` is false.
   * @throws PathQueryError - when the start or goal is outside the world or not a cell an agent stands in
   * @throws TypeError - for an unknown option or one that is not a boolean
   */
  findPath(start: Voxel, goal: Voxel, options?: WorldFindPathOptions): WorldHpaPathResult {
    return worldFindPath('WorldHPAStar.findPath', this.rawHandle(), this.moduleState, start, goal, options);
  }

  /**
   * Many searches at once, on this thread, with the answers as typed arrays (what the world pool's
   * workers run), smoothed as {@link WorldHPAStar.findPath} by default. A start or goal no agent stands
   * in does not throw: its status says so.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, sz, gx, gy, gz, ...]`
   * @param options - `cells: false` leaves the paths' cells out; `toNearest: true` sends each query whose
   *   goal its start cannot reach to the nearest reachable cell (`'partial'`, {@link SearchBatch.reached})
   * @throws TypeError - for malformed queries or options
   */
  findPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldFindPathsOptions): WorldPathBatch {
    return worldFindPaths('WorldHPAStar.findPaths', this.rawHandle(), this.moduleState, queries, options, this.#version);
  }

  /**
   * A new query object of this planner: its own scratch memory, searches and plans, independent of the
   * planner's own (its plans are never disturbed by the planner's searches, nor the other way). It
   * searches the planner's world as it is at each call. Dispose of it when done.
   * @throws Error - when the planner has been disposed
   */
  createQuery(): WorldHPAStarQuery {
    const raw = this.rawHandle();
    return new WorldHPAStarQuery(this, this.#parts.makeQuery(raw), 'WorldHPAStarQuery', internal);
  }

  /**
   * Plans a path without refining it: the abstract path is found now (its waypoints, x, y, z triples),
   * and its cells one segment at a time with {@link PathPlan.nextSegment}, so that an agent can start
   * moving at once. Segments are not smoothed: joined, they are the path `findPath` gives with
   * `smooth: false`. Between ends within one box's reach of each other (a box side across, its levels up
   * or down) the plan is one segment, the shortest path an A* finds (as `findPath` answers them). Any
   * number of plans may be alive and refined in any order; block changes on this
   * planner make the plans made before them stale (their nextSegment throws).
   * @returns the plan; `found: false` (and done) when start and goal are not connected
   * @throws PathQueryError - when the start or goal is outside the world or not a cell an agent stands in
   */
  plan(start: Voxel, goal: Voxel): WorldPathPlan {
    const raw = this.rawHandle();
    // The planner's own query object, named as the planner in errors (as HPAStar's).
    this.#query ??= new WorldHPAStarQuery(this, this.#parts.makeQuery(raw), 'WorldHPAStar', internal);
    return this.#query.plan(start, goal);
  }

  /**
   * Places or removes blocks of the planner's world (in order), then updates the hierarchy: afterwards
   * the planner answers as one built from the changed world (the same answers and costs; where two paths
   * inside a box are as short, the cells may be the other one's). All or nothing: when one change is
   * refused, none is made. Only the boxes whose cells the changes alter are rebuilt (and the boxes above
   * them); unreachable goals stay answered from the component labels, kept right after each change.
   * @returns what was rebuilt (nothing for an empty list)
   * @throws RangeError - when a cell is outside the world or a block is not a block name
   * @throws OutOfMemoryError - when the heap has no room for the new hierarchy (nothing changed then)
   */
  applyBlockChanges(changes: readonly BlockChange[]): WorldUpdateStats {
    const where = 'WorldHPAStar.applyBlockChanges';
    const changed = applyBlocks(where, this.#kinds, this.moduleState, () => this.rawHandle(), changes, (raw, packed) => raw.applyBlockChanges(packed));
    if (!changed) return emptyWorldUpdateStats(this.options.levels);
    this.#version++;
    this.#stats = null;
    return worldUpdateStatsOf(this.rawHandle().lastUpdate());
  }

  /**
   * Sets cost layer values of the planner's world (see {@link BlockWorld.setCostLayer}), in order, and
   * rebuilds only what they touch: the boxes of the cells whose moves read a changed cell, and the boxes
   * above them. All or nothing: when one change is refused, none is made. A world without a layer gets
   * one of 16s first.
   * @returns what was rebuilt (nothing for an empty list)
   * @throws TypeError - when a change is not { x, y, z, value } with integers
   * @throws RangeError - when a cell is outside the world or a value outside 1..255, naming the change
   * @throws OutOfMemoryError - when the heap has no room for the layer (nothing changed then)
   */
  applyCostChanges(changes: readonly CellCostChange[]): WorldUpdateStats {
    const where = 'WorldHPAStar.applyCostChanges';
    const packed = packCostChanges(where, changes);
    if (packed.length === 0) return emptyWorldUpdateStats(this.options.levels);
    const raw = this.rawHandle();
    const error = this.wasmCall(where, () => raw.applyCostChanges(packed));
    if (error) throw moduleError(where, error, RangeError);
    this.#version++;
    this.#stats = null;
    return worldUpdateStatsOf(raw.lastUpdate());
  }

  /** A copy of the cost layer of the planner's world (as built, then changed by {@link WorldHPAStar.applyCostChanges}), or null without one. */
  costLayer(): Uint8Array | null {
    const raw = this.rawHandle();
    return this.wasmCall('WorldHPAStar.costLayer', () => raw.costLayer());
  }

  /**
   * The flow field towards `goal`: for every cell of the goal's component, the move of the next step
   * (on a level, up or down a climb, a stair or a ladder), so that any number of agents sharing the goal
   * walk by lookups. Made by the same builder as {@link HPAStar.flowField}, from this hierarchy's boxes;
   * the planner keeps the fields of its last few goals and, after block changes, integrates again only
   * the boxes whose cells or transition distances changed.
   * @returns a new {@link WorldFlowField} (a copy, nothing to dispose)
   * @throws TypeError - when `goal` or a start is not a cell, or an option is unknown
   * @throws RangeError - when the goal is outside the world or no agent stands there, or a start is outside the world
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the field
   */
  flowField(goal: Voxel, options?: FlowFieldOptions<Voxel>): WorldFlowField {
    const where = 'WorldHPAStar.flowField';
    const raw = this.rawHandle();
    this.#flowFields ??= makePlannerFlowFields(() => this.#parts.makeFlowFields(raw), this.moduleState, where);
    return this.#flowFields.worldField(goal, options, where);
  }

  /** Frees the hierarchy's C++ memory, the planner's flow fields and its query object. Calling it again does nothing. */
  override dispose(): void {
    this.#flowFields?.dispose();
    this.#query?.dispose();
    super.dispose();
  }

  /** The block codes of level `z` of the planner's world, row-major, as {@link BlockWorld.floor}. */
  floor(z: number): Uint8Array {
    return worldLevel('WorldHPAStar.floor', this.moduleState, () => this.rawHandle(), z, (raw, level) => raw.floor(level));
  }

  /** The component of a cell in the planner's world, as {@link BlockWorld.componentOf}. */
  componentOf(cell: Voxel): number {
    return worldComponentOf('WorldHPAStar', this.moduleState, () => this.rawHandle(), cell);
  }

  /** Whether a path joins `a` and `b` in the planner's world: what `findPath` answers `'no path'` from, without a search. */
  isReachable(a: Voxel, b: Voxel): boolean {
    return worldIsReachable('WorldHPAStar', this.moduleState, () => this.rawHandle(), a, b);
  }

  /**
   * The cell nearest to `cell` (by the heuristic's distance: octile across, levels counted as a stair
   * counts them; ties to the smaller z, then y, then x) where an agent stands, in component
   * `options.component` (default any), within `options.maxDistance` (default anywhere); null when there is none.
   * @throws TypeError - for a malformed cell or option
   * @throws RangeError - for a component that is not one of the world's, or a negative maxDistance
   */
  nearestPassable(cell: Voxel, options?: NearestPassableOptions): Voxel | null {
    const where = 'WorldHPAStar.nearestPassable';
    const q = nearestQuestion(where, cell, options, voxel);
    const raw = this.rawHandle();
    return voxelAnswer(where, this.wasmCall(where, () => raw.nearestPassable(q.x, q.y, q.z ?? 0, q.component, q.maxDistance)));
  }

  /**
   * A cell where an agent stands, uniform over those of component `component` (default any); null when
   * it has none. `random` (default Math.random) is called once, for the seed of the core's generator.
   * @throws TypeError, RangeError - as {@link HPAStar.randomPassable}
   */
  randomPassable(random?: () => number, component?: number): Voxel | null {
    const where = 'WorldHPAStar.randomPassable';
    const q = randomQuestion(where, random, component);
    const raw = this.rawHandle();
    return voxelAnswer(where, this.wasmCall(where, () => raw.randomPassable(q.seed, q.component)));
  }
}

/**
 * A query object of a {@link WorldHPAStar} planner (`planner.createQuery()`): the scratch memory of its
 * searches and its plans. The planner is the shared data; queries are cheap to keep and never disturb
 * each other, and each keeps the planner's hierarchy alive, so disposal order does not matter.
 */
export class WorldHPAStarQuery extends WasmObject<RawWorldHPAStarQuery> {
  readonly #planner: WorldHPAStar;
  readonly #name: string;

  /** @internal Use `planner.createQuery()`. */
  constructor(planner: WorldHPAStar, raw: RawWorldHPAStarQuery, name: string, token: typeof internal) {
    if (token !== internal) throw new TypeError('use planner.createQuery() to make a WorldHPAStarQuery');
    super(raw, name, planner[internal]().state);
    this.#planner = planner;
    this.#name = name;
  }

  /** As {@link WorldHPAStar.findPath}, with this query's scratch. */
  findPath(start: Voxel, goal: Voxel, options?: WorldFindPathOptions): WorldHpaPathResult {
    return worldFindPath(`${this.#name}.findPath`, this.rawHandle(), this.moduleState, start, goal, options);
  }

  /** As {@link WorldHPAStar.findPaths}, with this query's scratch. */
  findPaths(queries: Int32Array | readonly (readonly [Voxel, Voxel])[], options?: WorldFindPathsOptions): WorldPathBatch {
    return worldFindPaths(`${this.#name}.findPaths`, this.rawHandle(), this.moduleState, queries, options, this.#planner.version);
  }

  /** As {@link WorldHPAStar.plan}: the plan is this query's, refined with it (dispose of the plan before the query). */
  plan(start: Voxel, goal: Voxel): WorldPathPlan {
    const where = `${this.#name}.plan`;
    const s = voxel(where, 'start', start);
    const g = voxel(where, 'goal', goal);
    const raw = this.rawHandle();
    const rawPlan = this.wasmCall(where, () => raw.plan(s.x, s.y, s.z, g.x, g.y, g.z));
    return makePathPlan(where, rawPlan, {
      queryName: this.#name,
      planName: 'WorldPathPlan',
      peek: () => this.peekRawHandle(),
      state: this.moduleState,
      stats: (r: RawWorldHpaStats): WorldHpaSearchStats => Object.freeze({ ...r }),
      refused: (planned) => worldRefusal(where, planned, s, g),
    });
  }
}
