/**
 * What the crowd asks of the agents of one class, whatever world they walk: the rules their cells and
 * steps follow on the crowd's own copy of the terrain, and the pool that plans for them. A grid's
 * classes ({@link GridUnits}: a {@link PathPool} and a {@link TerrainCopy}) and a block world's one
 * ({@link WorldUnits}: a {@link WorldPathPool} and a main-thread {@link BlockWorld}) answer the same
 * questions, so the crowd is written once for both. Cells are `{ x, y, z }` (z = 0 on a grid) and
 * packed by the world's `dims` (x, y pairs on a grid, x, y, z triples on a block world).
 * @module
 */
import { normalizedAgent, sameAgentClass, type AgentClass } from '../agentClasses.ts';
import { cell, describe, voxel } from '../args.ts';
import { PathStatusCode } from '../batch.ts';
import { GRID_MOVES, WORLD_MOVES } from '../generated/contract.ts';
import type { PlanBatch } from '../planBatch.ts';
import type { PathPool } from '../pool/index.ts';
import type { WorldPathPool } from '../pool/world.ts';
import type { Agent as AgentClassOption, Voxel } from '../types.ts';
import type { BlockWorld } from '../world.ts';
import type { Dims } from './route.ts';
import { positionClear, sweptLineClear } from './lines.ts';
import { FootprintRules, type TerrainCopy } from './terrainCopy.ts';

/** @internal A batch of plans as the crowd reads it (cells packed by the world's dims). */
export interface PlanAnswers {
  readonly version: number;
  found(i: number): boolean;
  /** Whether the start was refused: its cell walled in after the plan was asked. */
  startInvalid(i: number): boolean;
  statusText(i: number): string;
  waypoints(i: number): Int32Array;
  /** The first segment refined, its start cell first. */
  firstSegment(i: number): Int32Array;
}

/** @internal A batch of any-angle paths as the crowd reads it: each found path's corners (copied). */
export interface LineAnswers {
  readonly version: number;
  found(i: number): boolean;
  startInvalid(i: number): boolean;
  statusText(i: number): string;
  /**
   * The corners, packed by the world's dims: the start, each turn, the goal (on a block world also the
   * two cells of each move between floors).
   */
  corners(i: number): Int32Array;
}

/** @internal A batch of searches as the crowd reads it. */
export interface PathAnswers {
  readonly version: number;
  found(i: number): boolean;
  path(i: number): Int32Array;
}

/** @internal A flow field as the crowd reads it: a move code per cell index. */
export interface FieldAnswer {
  readonly version: number;
  readonly directions: Uint8Array;
}

/** @internal The world a crowd walks: its size, how its cells are given and its moves. */
export interface CrowdGround {
  readonly dims: Dims;
  readonly width: number;
  readonly height: number;
  /** 1 on a grid. */
  readonly levels: number;
  /** The offsets of a flow field's move codes. */
  readonly moves: { readonly dx: readonly number[]; readonly dy: readonly number[]; readonly dz: readonly number[] };
  /** What the world is called in messages: "512x512 map", "64x64x8 world". */
  readonly name: string;
  /** `value` checked as a cell of this world's form (integers; z on a block world), not yet for being inside. */
  cell(where: string, name: string, value: unknown): Voxel;
  /** The cell as the user gives it: `{ x, y }` on a grid, `{ x, y, z }` on a block world. */
  point(v: Voxel): Voxel | { readonly x: number; readonly y: number };
  /** "(x, y)" or "(x, y, z)". */
  text(v: Voxel): string;
}

/** @internal The agents of one class: its rules on the crowd's terrain and its pool. */
export interface UnitPort {
  readonly agent: AgentClass;
  /** Its pool: an update goes once to each pool, for every class it serves. */
  readonly pool: { readonly closed: boolean; readonly version: number };
  /** Whether an agent may stand on the cell now (its whole footprint). */
  passable(v: Voxel): boolean;
  /** The cost of the legal move from `a` to `b` (its walking length), 0 when there is none now. */
  stepLength(a: Voxel, b: Voxel): number;
  /** The nearest cell where it may stand, or null when there is none. */
  nearestPassable(v: Voxel): Voxel | null;
  /** Plans (abstract path and first segment) for queries packed [start, goal, ...]. */
  plan(queries: Int32Array): Promise<PlanAnswers>;
  /** Any-angle paths for queries packed as `plan`'s. */
  lines(queries: Int32Array): Promise<LineAnswers>;
  /**
   * Any-angle: whether an agent may go straight from anchor `a` to anchor `b` now: a line on one floor
   * its whole square may sweep (lines.ts), or on a block world one move between floors.
   */
  lineClear(a: Voxel, b: Voxel): boolean;
  /** Any-angle: whether an agent may stand at the fractional position (x, y) of floor z (lines.ts). */
  positionClear(x: number, y: number, z: number): boolean;
  /** Smoothed searches for queries packed as `plan`'s. */
  search(queries: Int32Array): Promise<PathAnswers>;
  flowField(goal: Voxel): Promise<FieldAnswer>;
  /**
   * The reachable cell nearest `goal` from `from` (the `toNearest` option's), or null when `from` can
   * reach `goal` itself or stands nowhere valid; absent where the pool has no such question (block worlds).
   */
  nearestReachable?(from: Voxel, goal: Voxel): Promise<Voxel | null>;
  /** Whether `agent` ({ size, capability } as a user gives it) names this class. */
  is(agent: AgentClassOption): boolean;
}

/** A pool's plans as the crowd reads them (waypoints copied: a route keeps them). */
function planAnswers(plans: PlanBatch): PlanAnswers {
  return {
    version: plans.version,
    found: (i) => plans.found(i),
    startInvalid: (i) => plans.status[i] === PathStatusCode.StartInvalid,
    statusText: (i) => plans.statusText(i),
    waypoints: (i) => plans.waypointsOf(i).slice(),
    firstSegment: (i) => plans.firstSegment(i),
  };
}

/** @internal A grid: cells { x, y } (z = 0). */
export function gridGround(width: number, height: number): CrowdGround {
  return Object.freeze({
    dims: 2 as const,
    width,
    height,
    levels: 1,
    moves: { dx: GRID_MOVES.dx, dy: GRID_MOVES.dy, dz: GRID_MOVES.dx.map(() => 0) },
    name: `${width}x${height} map`,
    cell: (where: string, name: string, value: unknown): Voxel => ({ ...cell(where, name, value), z: 0 }),
    point: (v: Voxel) => ({ x: v.x, y: v.y }),
    text: (v: Voxel) => `(${v.x}, ${v.y})`,
  });
}

/** @internal A block world: cells { x, y, z }. */
export function worldGround(width: number, height: number, levels: number): CrowdGround {
  return Object.freeze({
    dims: 3 as const,
    width,
    height,
    levels,
    moves: WORLD_MOVES,
    name: `${width}x${height}x${levels} world`,
    cell: (where: string, name: string, value: unknown): Voxel => {
      const v = voxel(where, name, value);
      return { x: v.x, y: v.y, z: v.z };
    },
    point: (v: Voxel) => ({ x: v.x, y: v.y, z: v.z }),
    text: (v: Voxel) => `(${v.x}, ${v.y}, ${v.z})`,
  });
}

/** @internal Class `index` of an HPA* pool of a grid, its steps checked on the crowd's {@link TerrainCopy}. */
export class GridUnits implements UnitPort {
  readonly agent: AgentClass;
  readonly rules: FootprintRules;
  /** What the pool's calls for this class carry: `{ agent }` (pools of one class take none). */
  readonly #asks: { readonly agent?: AgentClass };

  constructor(readonly pool: PathPool, readonly index: number, terrain: TerrainCopy) {
    const agent = pool.agents[index]!;
    this.agent = Object.freeze({ size: agent.size, capability: agent.capability });
    this.#asks = pool.agents.length > 1 ? Object.freeze({ agent: this.agent }) : {};
    this.rules = new FootprintRules(terrain, this.agent);
  }

  passable(v: Voxel): boolean {
    return this.rules.passable(v.x, v.y);
  }

  stepLength(a: Voxel, b: Voxel): number {
    if (!this.rules.legalStep(a.x, a.y, b.x, b.y)) return 0;
    return a.x !== b.x && a.y !== b.y ? Math.SQRT2 : 1;
  }

  nearestPassable(v: Voxel): Voxel | null {
    const p = this.rules.nearestPassable(v.x, v.y);
    return p && { x: p.x, y: p.y, z: 0 };
  }

  async plan(queries: Int32Array): Promise<PlanAnswers> {
    return planAnswers(await this.pool.planPaths(queries, this.#asks));
  }

  search(queries: Int32Array): Promise<PathAnswers> {
    return this.pool.findPaths(queries, { smooth: true, ...this.#asks });
  }

  async lines(queries: Int32Array): Promise<LineAnswers> {
    return lineAnswers(await this.pool.findPaths(queries, { pathShape: 'any-angle', ...this.#asks }));
  }

  lineClear(a: Voxel, b: Voxel): boolean {
    return sweptLineClear(this.rules, a.x, a.y, b.x, b.y);
  }

  positionClear(x: number, y: number): boolean {
    return positionClear(this.rules, x, y);
  }

  flowField(goal: Voxel): Promise<FieldAnswer> {
    return this.pool.flowField({ x: goal.x, y: goal.y }, this.#asks);
  }

  async nearestReachable(from: Voxel, goal: Voxel): Promise<Voxel | null> {
    const batch = await this.pool.findPaths(new Int32Array([from.x, from.y, goal.x, goal.y]), { toNearest: true, cells: false, ...this.#asks });
    const reached = batch.reached(0);
    return reached ? { x: reached.x, y: reached.y, z: 0 } : null;
  }

  is(agent: AgentClassOption): boolean {
    const capability = typeof agent.capability === 'string' ? agent.capability : agent.capability.join(',');
    return sameAgentClass(normalizedAgent({ size: agent.size, capability }), this.agent);
  }
}

/** A pool's any-angle batch as the crowd reads it. */
function lineAnswers(batch: { readonly version: number; readonly status: Uint8Array; found(i: number): boolean; statusText(i: number): string; path(i: number): Int32Array }): LineAnswers {
  return {
    version: batch.version,
    found: (i) => batch.found(i),
    startInvalid: (i) => batch.status[i] === PathStatusCode.StartInvalid,
    statusText: (i) => batch.statusText(i),
    corners: (i) => batch.path(i).slice(),
  };
}

/** The one agent class of a block world: one block tall, standing where {@link BlockWorld.isStanding} says. */
export const WORLD_AGENT: AgentClass = Object.freeze({ size: 1, capability: 'standing' });

/** @internal The agents of a block world's pool, their steps checked on the crowd's main-thread {@link BlockWorld}. */
export class WorldUnits implements UnitPort {
  readonly agent = WORLD_AGENT;

  readonly #floors: { passable(x: number, y: number): boolean }[] = [];

  constructor(readonly pool: WorldPathPool, readonly world: BlockWorld) {}

  passable(v: Voxel): boolean {
    return this.world.isStanding(v.x, v.y, v.z);
  }

  stepLength(a: Voxel, b: Voxel): number {
    const move = this.world.moveBetween(a, b);
    return move < 0 ? 0 : WORLD_MOVES.cost[move]!;
  }

  nearestPassable(v: Voxel): Voxel | null {
    return this.world.nearestStanding(v);
  }

  async plan(queries: Int32Array): Promise<PlanAnswers> {
    return planAnswers(await this.pool.planPaths(queries));
  }

  search(queries: Int32Array): Promise<PathAnswers> {
    return this.pool.findPaths(queries);
  }

  async lines(queries: Int32Array): Promise<LineAnswers> {
    return lineAnswers(await this.pool.findPaths(queries, { pathShape: 'any-angle' }));
  }

  /** A line on one floor, read on that floor's standing cells; between floors, one legal move. */
  lineClear(a: Voxel, b: Voxel): boolean {
    if (a.z !== b.z) return this.world.moveBetween(a, b) >= 0;
    return sweptLineClear(this.#floor(a.z), a.x, a.y, b.x, b.y);
  }

  positionClear(x: number, y: number, z: number): boolean {
    return positionClear(this.#floor(z), x, y);
  }

  /** Floor z as the anchors lines.ts reads: a one-block agent stands where the world says (made once a floor). */
  #floor(z: number): { passable(x: number, y: number): boolean } {
    const world = this.world;
    return (this.#floors[z] ??= { passable: (x, y) => world.isStanding(x, y, z) });
  }

  flowField(goal: Voxel): Promise<FieldAnswer> {
    return this.pool.flowField(goal);
  }

  /** As `WorldHPAStar.findPath`'s `toNearest`: the cell of the start's component nearest the goal. */
  async nearestReachable(from: Voxel, goal: Voxel): Promise<Voxel | null> {
    const component = await this.pool.componentOf(from);
    return component === 0 ? null : this.pool.nearestPassable(goal, { component });
  }

  is(agent: AgentClassOption): boolean {
    return agent.size === 1;
  }
}

/** @internal A pool given to a crowd, checked: a block world's, or HPA* pools of a grid. */
export function isWorldPool(pool: unknown): pool is WorldPathPool {
  return typeof pool === 'object' && pool !== null && typeof (pool as WorldPathPool).applyBlockChanges === 'function';
}

/** @internal The pools of a grid crowd's options: `pool`, or `pools` (one or more HPA* pools). */
export function gridPoolsOf(where: string, pool: unknown, pools: unknown): readonly PathPool[] {
  if ((pool === undefined) === (pools === undefined)) throw new TypeError(`${where}: give pool (one agent class) or pools (one per class), not ${pool === undefined ? 'neither' : 'both'}`);
  const list = pools ?? [pool];
  if (!Array.isArray(list) || list.length === 0) throw new TypeError(`${where}: pools must be an array of one or more PathPools, got ${describe(pools)}`);
  for (const p of list as unknown[]) {
    const candidate = p as PathPool;
    if (typeof p !== 'object' || p === null || typeof candidate.planPaths !== 'function' || typeof candidate.flowField !== 'function') {
      throw new TypeError(`${where}: ${pools ? 'each of pools' : 'pool'} must be a PathPool made by createPathPool or createWorldPool, got ${describe(p)}`);
    }
    if (candidate.algorithm !== 'hpa') throw new TypeError(`${where}: ${pools ? 'each of pools' : 'pool'} must be an HPA* pool (SHPA* pools do not plan), got a '${String(candidate.algorithm)}' pool`);
  }
  return list as readonly PathPool[];
}
