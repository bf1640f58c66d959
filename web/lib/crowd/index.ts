/**
 * A crowd: agents with a position, a speed and a goal that walk by themselves on the main thread, while
 * every search runs in a {@link PathPool} (which keeps nothing per agent).
 *
 * - An agent without a route asks the pool for a plan ({@link PathPool.planPaths}): its abstract path
 *   and first segment, so it walks at once; the next segments (smoothed searches between consecutive
 *   waypoints) are asked before the agent needs them.
 * - Agents that share a goal with many others follow the goal's flow field ({@link PathPool.flowField})
 *   instead of planning.
 * - {@link Crowd.updateTerrain} edits the crowd's terrain and the pool's at once: agents a new wall
 *   covers are moved to the nearest passable cell, agents about to step into one stop, and once the
 *   pool says which clusters it rebuilt, only the agents whose remaining route crosses them plan again.
 * - Every step an agent takes is checked against the crowd's terrain: 8-connected, into a passable cell,
 *   never cutting a corner. {@link Crowd.step} reports arrivals, unreachable goals, stalls and snaps.
 * - Its agents are of the pools' agent classes ({@link PathPool.agents}): a pool made with
 *   `agents: [{ size: 2, capability: 'ground' }, ...]` gives a crowd of mixed units whose positions are
 *   their squares' top-left cells, checked and snapped for the whole square.
 * - On a block world (`new Crowd<Voxel>({ pool: worldPool, world })`, a pool of `createWorldPool` and the
 *   same world as a main-thread `BlockWorld` that the crowd keeps in step), agents stand on any floor and
 *   walk, climb, take stairs and ladders; {@link Crowd.applyBlockChanges} digs and builds under them.
 * - With `pathShape: 'any-angle'` agents walk straight lines at any angle: each asks its pool for its
 *   path's corners and moves continuously along the lines between them (`lines.ts`).
 * - For lockstep multiplayer, a `LockstepCrowd` drives a crowd by fixed ticks, in integer units,
 *   the pool's answers applied at fixed ticks (`lockstep.ts`).
 *
 * @example
 * ```ts
 * const map = parseMovingAIMap(text);
 * const pool = await createPathPool({ map: text });
 * const crowd = new Crowd({ pool, map, speed: 6 });
 * const id = crowd.addAgent({ x: 10, y: 12 }, { goal: { x: 200, y: 40 } });
 * function frame(dt: number) {
 *   for (const e of crowd.step(dt)) if (e.type === 'arrived') crowd.setGoal(e.agent, nextGoal());
 *   for (const a of crowd.agents()) draw(a.x, a.y);
 * }
 * await crowd.updateTerrain([{ x: 40, y: 40, terrain: '@' }]); // resolves with what the pool rebuilt
 * ```
 * @module
 */
import { describe } from '../args.ts';
import type { AgentClass } from '../agentClasses.ts';
import { statusCode, withCode } from '../errors.ts';
import { FLOW_NO_STEP } from '../flowField.ts';
import { checkTerrainCostRanges, packTerrainCosts, TERRAIN_COST_LIMITS } from '../internal.ts';
import type { PathPool } from '../pool/index.ts';
import type { WorldPathPool } from '../pool/world.ts';
import type { Agent as AgentClassOption, Point, TerrainCosts, TerrainData, TerrainEdit, TerrainUpdate, Voxel } from '../types.ts';
import { packCostChanges, type BlockChange, type BlockWorld, type CellCostChange, type WorldBlockUpdate } from '../world.ts';
import { cellBox, Route, segmentOf, type Dims } from './route.ts';
import { LineRoute, nextCrossing, segmentMeetsAnchors } from './lines.ts';
import { FORMATIONS, groupSlots, type Formation } from './groups.ts';
import { SharedGoals } from './sharedGoals.ts';
import { Avoidance, type AvoidancePort, type Mover } from './avoidance.ts';
import { FREE_CLOCK, type CrowdClock } from './clock.ts';
import { LOCKSTEP_LINK, SET_TERRAIN_COSTS, type LockstepLink } from './lockstepLink.ts';
import { stateHash } from './stateHash.ts';
import { TerrainCopy } from './terrainCopy.ts';
import { gridGround, gridPoolsOf, GridUnits, isWorldPool, worldGround, WorldUnits, type CrowdGround, type LineAnswers, type PathAnswers, type PlanAnswers, type UnitPort } from './units.ts';

/** Options of a {@link Crowd}. */
export interface CrowdOptions {
  /**
   * The pool that searches for the crowd, made from the same map: an HPA* pool of a grid (its agents are
   * of the pool's agent classes, {@link PathPool.agents}: a pool made with `agents: [...]` serves a crowd
   * of mixed units), or a block world's pool ({@link WorldPathPool}, given with `world`). The crowd does
   * not close it. Give `pool` or `pools`.
   */
  readonly pool?: PathPool | WorldPathPool;
  /**
   * Several pools of a grid, each made from the same map (e.g. one per agent class, from
   * `hpastar.Grid.forAgent(grid, ...)`): a crowd of mixed units, each agent of one of their classes
   * ({@link AgentOptions.agent}). Terrain updates go to every pool. One pool of several classes needs
   * one set of workers and one update for all: prefer it.
   */
  readonly pools?: readonly PathPool[];
  /**
   * The map's terrain (e.g. `parseMovingAIMap(text)`), as the pool holds it now. The crowd keeps its own
   * copy ({@link Crowd.terrain}) and edits it with the pool's in {@link Crowd.updateTerrain}.
   */
  readonly map?: TerrainData;
  /**
   * A block world's pool's world, as the pool holds it now, on this thread (e.g. the `BlockWorld` the
   * pool was made from): the crowd checks every step against it and changes it with the pool in
   * {@link Crowd.applyBlockChanges}; change it no other way while the crowd lives.
   */
  readonly world?: BlockWorld;
  /** Default speed of the agents, in cells per second (straight steps; a diagonal step is √2 cells, a climb 2). Default 5. */
  readonly speed?: number;
  /** An agent with a goal that has not moved for this long is reported stalled, in seconds (whole ticks, rounded up, in a `LockstepCrowd`). Default 1. */
  readonly stallSeconds?: number;
  /**
   * Agents that share a goal follow its flow field instead of planning once this many of them have it.
   * Default 16; `Infinity` never uses fields.
   */
  readonly flowFieldAgents?: number;
  /** Refined segments asked ahead of the one walked. Default 2. */
  readonly lookahead?: number;
  /**
   * Segment searches the crowd keeps in the pool at most (plans and fields are not held back): more wait
   * for later frames, those of agents waiting for them first, so that a busy pool answers the urgent ones
   * and its queue, which terrain updates wait behind, stays short. Default 256.
   */
  readonly maxInFlight?: number;
  /**
   * Agents whose goal they cannot reach (a wall, or another component) go to the reachable cell nearest
   * to it instead of stopping, and a `'partial'` event says where (as `findPath`'s `toNearest` option
   * chooses it; on a block world, `WorldHPAStar.findPath`'s). Default false.
   */
  readonly toNearest?: boolean;
  /**
   * Local avoidance: agents do not walk into one another. Each cell holds at most one agent's square
   * (a step reserves the cells it goes into), and an agent whose next cell another holds waits for it to
   * step out, steps round it (a free neighbour from which its way goes on), asks an idle one to give way,
   * or, when that agent holds its goal, arrives next to it (a crowd sent to one point spreads around it).
   * Two agents that block each other (head-on in a corridor one cell wide) for 0.4 s pass: the lower id
   * steps through the other, the one overlap allowed, counted in {@link CrowdStats.overlaps} and flagged
   * by {@link CrowdAgent.overlapping}; so does an agent held 0.6 s by an idle agent that cannot give way,
   * and any agent held 0.8 s (a dense crowd's churn). A passer walks on until it stands alone, the
   * agent it passes holding still meanwhile. A walking agent in the way of one as big or bigger gives
   * way and walks back to its route. Idle agents
   * move only when asked to give way (never back and forth). An agent's `'arrived'` cell may then be
   * next to its goal ({@link CrowdAgent.cellX}). Decided in id order, from the crowd's state only: the
   * same orders and frame times give the same moves. Costs O(agents) per step (an occupancy grid of the
   * map's cells, per floor on a block world). Default false: agents walk through one another. With
   * `pathShape: 'any-angle'` the same waits and passes apply to stretches of lines (see that option);
   * agents at rest there never give way.
   */
  readonly avoidance?: boolean;
  /**
   * How agents walk: `'grid'` (default) cell by cell, 8-connected, along planned routes; `'any-angle'`
   * along straight lines at any angle, moving continuously from corner to corner: each agent asks its
   * pool for its path's corners (`findPaths` with `pathShape: 'any-angle'`, every line legal for its
   * class's whole square) and walks them at its speed. A wall painted where the swept square of a line
   * still ahead (the rest of the one under way included) passes makes the agent plan again from the cell
   * nearest where it stands; a line refused when the agent comes to walk it (the crowd checks each one
   * on its own terrain first) does too. Without terrain costs (lengths are Euclidean); not with flow
   * fields (`flowFieldAgents` must stay unset) or a `LockstepCrowd`. On a block world, agents walk lines
   * on each floor and the moves between floors (climbs, stairs, ladders) as steps, and a block placed
   * across a line ahead, or taking a move between floors ahead away, makes them plan again. With
   * `avoidance`, each agent reserves the cells its square covers up to its line's next lattice crossing
   * before it walks there (a move between floors: the square it moves to, held with the one it leaves
   * until it is there), and waits, sidesteps or (after the grid mode's waits) passes as avoidance.ts
   * describes.
   */
  readonly pathShape?: 'grid' | 'any-angle';
}

/** Options of {@link Crowd.moveGroup}. */
export interface GroupOptions {
  /**
   * How the group stands on arrival: `'cluster'` (the cells nearest the goal, default), `'box'` (rows
   * across the way it goes, as square as it gets), `'line'` (one row across the way), `'wedge'` (a V
   * whose tip is the goal) or `'keep'` (the layout the agents have now, centred on the goal). The
   * terrain has the last word: each agent takes the free cell nearest its place.
   */
  readonly formation?: Formation;
  /** Cells between two places of a box, line or wedge. Default: the biggest agent's side plus one. */
  readonly spacing?: number;
}

/** Options of {@link Crowd.addAgent}. */
export interface AgentOptions<P extends Point = Point> {
  /** Where it goes; none: it stands until {@link Crowd.setGoal}. */
  readonly goal?: P | null;
  /** Its speed, in cells per second; default the crowd's. */
  readonly speed?: number;
  /**
   * Its agent class, `{ size, capability }`: one of those the crowd's pools serve. Default: the first pool's first.
   * Its cell is its square's top-left cell.
   */
  readonly agent?: AgentClassOption;
}

/** What an agent is doing. */
export type AgentState =
  /** No goal. */
  | 'idle'
  /** Waits for its plan (asked or about to be). */
  | 'planning'
  /** Walks its planned route (or waits for its next segment). */
  | 'walking'
  /** Follows its goal's flow field. */
  | 'following'
  /**
   * A pool of the crowd closed ({@link Crowd.closed}): no plan can be made, so it stands on its cell,
   * its goal kept (not reported unreachable, nor idle as if it had arrived).
   */
  | 'stopped';

/**
 * Thrown by a crowd's orders ({@link Crowd.step}, {@link Crowd.addAgent}, {@link Crowd.setGoal}, the
 * terrain updates) once one of its pools is closed ({@link PathPool.close}, or a worker that could not
 * be replaced): its message names the call and the pool. Its `code` is of kind `'Refused'`. Reading
 * the agents and removing them still work.
 */
export class CrowdClosedError extends Error {
  /** A status code of kind `'Refused'` (see `statusKindOf`); not enumerable. */
  declare readonly code: number;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CrowdClosedError';
    withCode(this, statusCode('Refused'));
  }
}

/** An agent as the game reads it (to draw it). `P` is `Voxel` on a block world. */
export interface CrowdAgent<P extends Point = Point> {
  readonly id: number;
  /** Its position, in cells (fractional while stepping between two cells). */
  readonly x: number;
  readonly y: number;
  /** Its level (fractional while climbing); 0 on a grid. */
  readonly z: number;
  /**
   * The cell it stands on (the last one it reached); with `pathShape: 'any-angle'`, while on a line, the
   * cell nearest its position (the one it can step straight to from there).
   */
  readonly cellX: number;
  readonly cellY: number;
  /** 0 on a grid. */
  readonly cellZ: number;
  readonly goal: P | null;
  readonly speed: number;
  readonly state: AgentState;
  /** Seconds since it last reached a cell while it had a goal (0 when idle). */
  readonly stillSeconds: number;
  /** Its agent class: its square's side and the terrain it stands on (its pool's {@link PathPool.agent}); on a block world `{ size: 1, capability: 'standing' }`. */
  readonly agent: AgentClass;
  /**
   * With {@link CrowdOptions.avoidance}: true while its square overlaps another agent's by the allowed
   * tolerance (it stepped through one in a deadlock, a wall snapped it onto one, or it was added onto
   * one), until it stands alone. Always false without avoidance.
   */
  readonly overlapping: boolean;
}

/** What happened to the agents, as {@link Crowd.step} reports it. */
export type CrowdEvent<P extends Point = Point> =
  /** The agent reached its goal; it is idle now. */
  | { readonly type: 'arrived'; readonly agent: number; readonly goal: P }
  /** No path to the goal (another component, or the goal is blocked); the agent is idle now. */
  | { readonly type: 'unreachable'; readonly agent: number; readonly goal: P; readonly reason: string }
  /**
   * With {@link CrowdOptions.toNearest}: no path to the goal, so the agent goes to `reached`, the reachable
   * cell nearest to it (its goal from now on).
   */
  | { readonly type: 'partial'; readonly agent: number; readonly goal: P; readonly reached: P }
  /**
   * {@link Crowd.moveGroup} found no cell of its own near the goal for the agent: every cell its class
   * reaches there is taken by the group. It goes to `goal` itself and may end up standing with another.
   */
  | { readonly type: 'unplaced'; readonly agent: number; readonly goal: P }
  /** The agent, with a goal, has not moved for `stallSeconds` (once per stall). */
  | { readonly type: 'stalled'; readonly agent: number; readonly seconds: number }
  /**
   * A terrain update changed the agent's route: a new wall on it or under the agent (`'wall'`), or the
   * pool rebuilt a cluster it crosses (`'rebuilt'`); it plans again.
   */
  | { readonly type: 'replanned'; readonly agent: number; readonly reason: 'wall' | 'rebuilt' }
  /** A wall covered the agent (a block world: it no longer stands there): it was moved to the nearest cell where it stands. */
  | { readonly type: 'snapped'; readonly agent: number; readonly from: P; readonly to: P };
/** Figures of the crowd. */
export interface CrowdStats {
  readonly agents: number;
  /** Agents that moved during the last step. */
  readonly moving: number;
  /** Agents with a goal that did not move during the last step. */
  readonly waiting: number;
  /** Agents following a flow field. */
  readonly following: number;
  /** Plans, segment searches and flow fields asked of the pool since the start. */
  readonly plans: number;
  readonly segments: number;
  readonly fields: number;
  /** Queries asked of the pool and not answered yet. */
  readonly inFlight: number;
  /** Plans asked again because the terrain changed under a route, since the start. */
  readonly replans: number;
  readonly arrivals: number;
  readonly unreachable: number;
  /** Goals replaced by the reachable cell nearest to them ({@link CrowdOptions.toNearest}), since the start. */
  readonly partial: number;
  readonly stalls: number;
  readonly snaps: number;
  /** The longest any agent with a goal has stood still (as {@link CrowdAgent.stillSeconds}), now. */
  readonly longestStillSeconds: number;
  /** Steps of a route or field that the crowd's terrain refused (a wall the answer did not know of yet), since the start. */
  readonly refusedSteps: number;
  /**
   * With {@link CrowdOptions.avoidance}, since the start: the tolerated overlaps (an agent stepped
   * through another in a deadlock, or a wall snapped it onto one), the sidesteps round an agent in the
   * way, the idle agents that gave way, and the agents that arrived next to a goal other agents held.
   */
  readonly overlaps: number;
  readonly sidesteps: number;
  readonly givenWay: number;
  readonly settled: number;
  /**
   * The last terrain update: its version, agents planning again at once (a new wall on their refined
   * route or under them) and once the pool said what it rebuilt (routes crossing rebuilt clusters).
   */
  readonly lastUpdate: { readonly version: number; readonly replansAtOnce: number; readonly replansRebuilt: number } | null;
}

/** The longest step of time {@link Crowd.step} moves agents by, in seconds (a hidden tab's long frame is cut). */
const MAX_DT = 0.25;
/** Updates kept to check answers that come from an older terrain version. */
const UPDATE_LOG = 16;

/** An agent's own state. */
class Agent<P extends Point> implements CrowdAgent<P> {
  cellX: number;
  cellY: number;
  cellZ: number;
  /** The step under way: its target, its length (the move's cost) and the distance covered. */
  stepping = false;
  nextX = 0;
  nextY = 0;
  nextZ = 0;
  stepLength = 1;
  progress = 0;
  /** The goal as the user gave it, and as a cell. */
  goal: P | null = null;
  target: Voxel | null = null;
  state: AgentState = 'idle';
  route: Route | null = null;
  /** Bumped on every new plan, so answers to an older one are dropped. */
  epoch = 0;
  /** Set while a plan request is queued or in the pool. */
  asked = false;
  /** Time since it last reached a cell with a goal, in the crowd's time unit (seconds, or ticks in lockstep). */
  still = 0;
  stallReported = false;
  /** Local avoidance's state (see avoidance.ts's Mover). */
  blockedBy = 0;
  wantX = 0;
  wantY = 0;
  wantZ = 0;
  waited = 0;
  waitingTries = 0;
  overlapping = false;
  offRoute = false;
  settledGoal = -1;
  /** Any-angle walking: where the move under way started (fractional), its route, and whether the move is a leg of it. */
  fromX = 0;
  fromY = 0;
  lines: LineRoute | null = null;
  onLine = false;
  /** With avoidance: the progress up to which the move's cells are reserved (its stretch's end), and the rectangle held (see avoidance.ts). */
  stopAt = 0;
  markX0 = 0;
  markY0 = 0;
  markX1 = 0;
  markY1 = 0;
  markZ = 0;
  passing = 0;

  constructor(
    readonly id: number,
    at: Voxel,
    public speed: number,
    readonly unit: UnitClass<P>,
    readonly clock: CrowdClock,
  ) {
    this.cellX = at.x;
    this.cellY = at.y;
    this.cellZ = at.z;
  }

  get agent(): AgentClass {
    return this.unit.port.agent;
  }

  get stillSeconds(): number {
    return this.still / this.clock.perSecond;
  }

  get x(): number {
    return this.stepping ? this.fromX + (this.nextX - this.fromX) * (this.progress / this.stepLength) : this.cellX;
  }

  get y(): number {
    return this.stepping ? this.fromY + (this.nextY - this.fromY) * (this.progress / this.stepLength) : this.cellY;
  }

  get z(): number {
    return this.stepping ? this.cellZ + (this.nextZ - this.cellZ) * (this.progress / this.stepLength) : this.cellZ;
  }

  /** The cell it stands on. */
  get cell(): Voxel {
    return { x: this.cellX, y: this.cellY, z: this.cellZ };
  }

  atGoal(): boolean {
    const t = this.target;
    return !!t && t.x === this.cellX && t.y === this.cellY && t.z === this.cellZ;
  }
}

interface SegmentRequest<P extends Point> {
  readonly agent: Agent<P>;
  readonly epoch: number;
  readonly index: number;
}

/** A terrain update as the crowd keeps it: its version and the boxes of the level-1 clusters it rebuilt. */
interface Rebuilt {
  readonly version: number;
  readonly boxes: Int32Array;
}

/**
 * The agents of one class: its rules and pool, the goals they share, the terrain version asked of the
 * pool and the updates it answered, the requests of the frame.
 */
class UnitClass<P extends Point = Point> {
  readonly goals: SharedGoals;
  /** The newest terrain version the crowd asked of the pool. */
  version: number;
  /** Updates the pool answered, newest last: what they rebuilt, to check answers of older versions. */
  updates: Rebuilt[] = [];
  planQueue: Agent<P>[] = [];
  segmentQueue: SegmentRequest<P>[] = [];

  constructor(readonly port: UnitPort, ground: CrowdGround, onFailure: () => void) {
    this.goals = new SharedGoals(port, ground, onFailure);
    this.version = port.pool.version;
  }

  get agent(): AgentClass {
    return this.port.agent;
  }
}

/** How the crowd's terrain is kept: a grid's bytes, or a block world on this thread. */
type Terrain = { readonly kind: 'grid'; readonly copy: TerrainCopy } | { readonly kind: 'world'; readonly world: BlockWorld; readonly pool: WorldPathPool };

type UpdateRecord = { version: number; replansAtOnce: number; replansRebuilt: number };

/**
 * Agents walking to their goals on a map or a block world, planned in a worker pool (see the module's
 * description). Made with `new Crowd({ pool, map })` on a grid, `new Crowd<Voxel>({ pool, world })` on a
 * block world; it owns no workers: close the pool when done.
 */
export class Crowd<P extends Point = Point> {
  readonly width: number;
  readonly height: number;
  /** Levels of a block world; 1 on a grid. */
  readonly levels: number;
  readonly #ground: CrowdGround;
  readonly #terrain: Terrain;
  /** One per class, the pools in the order given: the first is the default class. */
  readonly #units: readonly UnitClass<P>[];
  readonly #agents = new Map<number, Agent<P>>();
  #nextId = 1;
  readonly #speed: number;
  /** When an agent is reported stalled, in time units. */
  readonly #stallTime: number;
  /** Seconds and cells as given, or a lockstep's ticks and fixed-point cells. */
  readonly #clock: CrowdClock;
  /** The lockstep that drives this crowd, if any: it alone gives it orders. */
  readonly #link: LockstepLink | null;
  readonly #flowFieldAgents: number;
  readonly #lookahead: number;
  #events: CrowdEvent<P>[] = [];
  #inFlight = 0;
  readonly #maxInFlight: number;
  #counts = { refusedSteps: 0, plans: 0, segments: 0, replans: 0, arrivals: 0, unreachable: 0, partial: 0, stalls: 0, snaps: 0, moving: 0, waiting: 0 };
  readonly #toNearest: boolean;
  #lastUpdate: UpdateRecord | null = null;
  /** Local avoidance and its occupancy grid; null when the option is off. */
  readonly #avoidance: Avoidance | null;
  /** Agents walk any-angle lines (the pathShape option). */
  readonly #anyAngle: boolean;

  /**
   * @throws TypeError - for options that are not as {@link CrowdOptions} says (naming the option), or a
   *   map or world whose size is not the pool's
   * @throws CrowdClosedError - for a pool that is closed
   */
  constructor(options: CrowdOptions) {
    const where = 'Crowd';
    if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    const known = ['pool', 'pools', 'map', 'world', 'speed', 'stallSeconds', 'flowFieldAgents', 'lookahead', 'maxInFlight', 'toNearest', 'avoidance', 'pathShape'];
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
    }
    // A field the pool could not answer may mean it closed: the crowd stops its agents then, not at the next step.
    const onFailure = () => {
      if (this.closed) this.#halt();
    };
    const { terrain, ground, units } = isWorldPool(options.pool) ? worldCrowd(where, options, options.pool, onFailure) : gridCrowd(where, options, onFailure);
    this.#terrain = terrain;
    this.#ground = ground;
    this.#units = units as readonly UnitClass<P>[];
    this.width = ground.width;
    this.height = ground.height;
    this.levels = ground.levels;
    this.#speed = positive(where, 'speed', options.speed ?? 5);
    this.#link = (options as CrowdOptions & { readonly [LOCKSTEP_LINK]?: LockstepLink })[LOCKSTEP_LINK] ?? null;
    this.#clock = this.#link?.clock ?? FREE_CLOCK;
    this.#stallTime = this.#clock.time(positive(where, 'stallSeconds', options.stallSeconds ?? 1));
    this.#anyAngle = anyAngleOption(where, options, (options as { readonly [LOCKSTEP_LINK]?: unknown })[LOCKSTEP_LINK] !== undefined);
    this.#flowFieldAgents = this.#anyAngle || options.flowFieldAgents === Infinity ? Infinity : integerAtLeast(where, 'flowFieldAgents', options.flowFieldAgents ?? 16, 1);
    this.#lookahead = integerAtLeast(where, 'lookahead', options.lookahead ?? 2, 1);
    this.#maxInFlight = integerAtLeast(where, 'maxInFlight', options.maxInFlight ?? 256, 1);
    if (options.toNearest !== undefined && typeof options.toNearest !== 'boolean') throw new TypeError(`${where}: option toNearest must be a boolean, got ${describe(options.toNearest)}`);
    this.#toNearest = options.toNearest ?? false;
    if (options.avoidance !== undefined && typeof options.avoidance !== 'boolean') throw new TypeError(`${where}: option avoidance must be a boolean, got ${describe(options.avoidance)}`);
    this.#avoidance = options.avoidance ? new Avoidance(ground, this.#avoidancePort(), this.#clock, this.#anyAngle) : null;
    if (this.#link) this.#link.stateHash = () => stateHash(this.#agents.values());
  }

  /**
   * The crowd's terrain on a grid, character codes row-major (read it to draw; change it only with
   * {@link Crowd.updateTerrain}).
   * @throws TypeError - on a block world (read {@link Crowd.world})
   */
  get terrain(): Uint8Array {
    if (this.#terrain.kind !== 'grid') throw new TypeError('Crowd.terrain: a block world has no terrain bytes: read Crowd.world');
    return this.#terrain.copy.bytes;
  }

  /** The block world the crowd walks (change it only with {@link Crowd.applyBlockChanges}); null on a grid. */
  get world(): BlockWorld | null {
    return this.#terrain.kind === 'world' ? this.#terrain.world : null;
  }

  /**
   * Whether an agent may stand on a cell now, on the crowd's terrain: on a grid `passable(x, y, agent?)`,
   * for agents of class `agent` (default: the first pool's), their whole square; on a block world
   * `passable(x, y, z)`.
   * @throws TypeError, RangeError - for an agent class none of the crowd's pools serves, or a missing z
   */
  passable(x: number, y: number, agent?: AgentClassOption): boolean;
  passable(x: number, y: number, z: number): boolean;
  passable(x: number, y: number, third?: AgentClassOption | number): boolean {
    const where = 'Crowd.passable';
    if (this.#ground.dims === 3) return this.#units[0]!.port.passable(this.#ground.cell(where, 'cell', { x, y, z: third }));
    const p = this.#ground.cell(where, 'cell', { x, y });
    return this.#unitOf(where, third as AgentClassOption | undefined).port.passable(p);
  }

  /** The agent classes of the crowd's pools, in the order given, each pool's in its order (the first is the default). */
  get agentClasses(): readonly AgentClass[] {
    return this.#units.map((u) => u.agent);
  }

  /**
   * True once a pool of the crowd is closed: its agents with a goal are `'stopped'` (from the next
   * call of the crowd, or as soon as an answer of the pool fails) and orders throw {@link CrowdClosedError}.
   */
  get closed(): boolean {
    return this.#units.some((u) => u.port.pool.closed);
  }

  /** Number of agents. */
  get size(): number {
    return this.#agents.size;
  }

  /** The agents, in the order they were added. */
  agents(): IterableIterator<CrowdAgent<P>> {
    return this.#agents.values();
  }

  /**
   * The agent `id`.
   * @throws RangeError - when there is no such agent
   */
  agent(id: number): CrowdAgent<P> {
    return this.#agent('Crowd.agent', id);
  }

  /**
   * What remains of agent `id`'s route, to draw it: the waypoints of its plan still ahead and the cells
   * refined ahead (x, y pairs on a grid, x, y, z triples on a block world; copies); null when it has no
   * route (idle, planning or following a field). With `pathShape: 'any-angle'` both are the corners
   * still ahead (the end of the line under way first).
   * @throws RangeError - when there is no such agent
   */
  routeOf(id: number): { readonly waypoints: Int32Array; readonly cells: Int32Array } | null {
    const agent = this.#agent('Crowd.routeOf', id);
    if (agent.lines) {
      const ahead = agent.lines.corners.slice(agent.lines.next);
      return { waypoints: ahead, cells: ahead.slice() };
    }
    const route = agent.route;
    if (!route) return null;
    const dims = route.dims;
    const cells: number[] = [];
    for (let k = route.segIndex; route.segments.has(k); k++) {
      const c = route.segments.get(k)!.cells;
      for (let i = k === route.segIndex ? dims * route.at : 0; i < c.length; i++) cells.push(c[i]!);
    }
    return { waypoints: route.waypoints.slice(dims * (route.segIndex + 1)), cells: Int32Array.from(cells) };
  }

  /**
   * Adds an agent on cell `at`.
   * @returns its id
   * @throws TypeError - for a malformed cell or options
   * @throws RangeError - when `at` is outside the map or blocked (on a block world: no agent stands there)
   * @throws CrowdClosedError - once a pool of the crowd is closed
   */
  addAgent(at: P, options?: AgentOptions<P>): number {
    const where = 'Crowd.addAgent';
    this.#checkDriver(where);
    this.#checkPools(where);
    const p = this.#ground.cell(where, 'at', at);
    if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'goal' && key !== 'speed' && key !== 'agent') throw new TypeError(`${where}: unknown option "${key}" (known: goal, speed, agent)`);
    }
    const unit = this.#unitOf(where, options?.agent);
    if (!unit.port.passable(p)) {
      const square = unit.agent.size > 1 ? ` for the ${unit.agent.size}x${unit.agent.size} square of ${unit.agent.capability}` : '';
      const blocked = this.#ground.dims === 3 ? 'not a cell an agent stands in' : `blocked${square}`;
      throw new RangeError(`${where}: cell ${this.#ground.text(p)} is ${this.#inside(p) ? blocked : `outside the ${this.#ground.name}`}`);
    }
    // Everything checked before the agent is added: a refused call adds none.
    const speed = options?.speed === undefined ? this.#speed : positive(where, 'speed', options.speed);
    const goal = options?.goal ? this.#goal(where, options.goal) : null;
    const agent = new Agent<P>(this.#nextId++, p, speed, unit, this.#clock);
    this.#agents.set(agent.id, agent);
    this.#avoidance?.placed(agent);
    if (goal) this.#setGoal(agent, goal);
    return agent.id;
  }

  /**
   * Removes agent `id` (answers for it still in the pool are dropped, and so are its events not yet
   * returned by {@link Crowd.step}).
   * @throws RangeError - when there is no such agent
   */
  removeAgent(id: number): void {
    this.#checkDriver('Crowd.removeAgent');
    const agent = this.#agent('Crowd.removeAgent', id);
    this.#setGoal(agent, null);
    this.#avoidance?.lifted(agent);
    this.#agents.delete(id);
    // Events of answers that came since the last step: a game acting on them would name an agent that is gone.
    if (this.#events.some((e) => e.agent === id)) this.#events = this.#events.filter((e) => e.agent !== id);
  }

  /**
   * Sends agent `id` to `goal` (null: it stops where it stands). A goal that is blocked or cannot be
   * reached is reported by a later {@link Crowd.step} as an `'unreachable'` event.
   * @throws TypeError - for a malformed goal
   * @throws RangeError - when there is no such agent, or the goal is outside the map
   * @throws CrowdClosedError - once a pool of the crowd is closed
   */
  setGoal(id: number, goal: P | null): void {
    const where = 'Crowd.setGoal';
    this.#checkDriver(where);
    this.#checkPools(where);
    const agent = this.#agent(where, id);
    this.#setGoal(agent, goal === null ? null : this.#goal(where, goal));
  }

  /**
   * Sends agents `ids` to `goal` as a group: each gets a cell of its own near the goal, reachable from it
   * for the agent's class, its square overlapping no other agent's of the group, and laid out as
   * {@link GroupOptions.formation} asks. Those cells become their goals (`setGoal`), so the group arrives
   * spread out instead of on one cell. An agent no cell is found for gets the goal itself, as `setGoal`
   * would give it: when its class stands nowhere near the goal, the plan says so (`'unreachable'`, or
   * `'partial'` with {@link CrowdOptions.toNearest}); when every cell its class reaches there is taken by
   * the group, the next {@link Crowd.step} reports it `'unplaced'`.
   * @returns each agent's goal, by id
   * @throws RangeError - for an id that is no agent, or a goal outside the map
   * @throws TypeError - for malformed options (naming the option)
   */
  moveGroup(ids: readonly number[], goal: P, options?: GroupOptions): Map<number, P> {
    const where = 'Crowd.moveGroup';
    this.#checkDriver(where);
    this.#checkPools(where);
    if (!Array.isArray(ids)) throw new TypeError(`${where}: ids must be an array of agent ids, got ${describe(ids)}`);
    const agents = ids.map((id) => this.#agent(where, id));
    const target = this.#goal(where, goal);
    const { formation, spacing } = groupOptions(where, options, agents.reduce((m, a) => Math.max(m, a.unit.port.agent.size), 1) + 1);
    const slots = agents.length ? groupSlots(this.#ground, agents.map((a) => ({ port: a.unit.port, at: a.cell })), target, formation, spacing) : [];
    const goals = new Map<number, P>();
    agents.forEach((agent, i) => {
      const slot = slots[i] ?? 'no-ground';
      const cell = typeof slot === 'string' ? target : slot;
      this.#setGoal(agent, cell);
      const point = this.#ground.point(cell) as P;
      goals.set(agent.id, point);
      if (slot === 'crowded') this.#events.push({ type: 'unplaced', agent: agent.id, goal: point });
    });
    return goals;
  }

  /** Sets the speed of agent `id`, in cells per second. */
  setSpeed(id: number, speed: number): void {
    const where = 'Crowd.setSpeed';
    this.#checkDriver(where);
    this.#agent(where, id).speed = positive(where, 'speed', speed);
  }

  /**
   * Moves every agent by `dt` seconds (at most 0.25: a longer frame moves them by 0.25), then sends the
   * plans and segments this frame asked for to the pool, one batch each.
   * @returns what happened since the last call, in order
   * @throws TypeError - when `dt` is not a number of 0 or more; on a `LockstepCrowd`'s crowd (it moves by
   *   `LockstepCrowd.tick`, and so do its orders: `addAgent`, `setGoal`, `updateTerrain`, ... throw there too)
   * @throws CrowdClosedError - once a pool of the crowd is closed (nothing moves then; its agents are `'stopped'`)
   */
  step(dt: number): CrowdEvent<P>[] {
    if (typeof dt !== 'number' || !(dt >= 0) || !Number.isFinite(dt)) throw new TypeError(`Crowd.step: dt must be a finite number of seconds, 0 or more, got ${describe(dt)}`);
    this.#checkDriver('Crowd.step');
    this.#checkPools('Crowd.step');
    // A lockstep's call is one tick: its clock counts ticks.
    dt = this.#link ? 1 : Math.min(dt, MAX_DT);
    let moving = 0, waiting = 0;
    const avoidance = this.#avoidance;
    for (const agent of this.#agents.values()) {
      // An overlap ends when the other agent leaves, whoever moved.
      if (agent.overlapping && avoidance!.alone(agent)) agent.overlapping = false;
      if (agent.state === 'idle' && !agent.stepping) {
        avoidance?.standAside(agent);
        if (!agent.stepping) continue;
      }
      // A goal shared by enough agents: its field, not a plan (decided before any plan is asked for).
      if (agent.state === 'planning' && !agent.asked && agent.unit.goals.members(agent.target!) >= this.#flowFieldAgents) agent.state = 'following';
      const cellBefore = this.#keyOf(agent);
      const moved = this.#walk(agent, this.#clock.distance(agent.speed, dt));
      if (agent.state === 'idle') {
        agent.still = 0;
        continue;
      }
      if (moved) moving++;
      else waiting++;
      if (avoidance) agent.waited = !moved && agent.blockedBy !== 0 ? agent.waited + dt : 0;
      if (cellBefore !== this.#keyOf(agent)) {
        agent.still = 0;
        agent.stallReported = false;
      } else {
        agent.still += dt;
        if (agent.still >= this.#stallTime && !agent.stallReported) {
          agent.stallReported = true;
          this.#counts.stalls++;
          this.#events.push({ type: 'stalled', agent: agent.id, seconds: agent.stillSeconds });
        }
      }
      if (agent.state === 'planning' && !agent.stepping && !agent.asked) {
        agent.asked = true;
        agent.unit.planQueue.push(agent);
      }
    }
    this.#counts.moving = moving;
    this.#counts.waiting = waiting;
    for (const unit of this.#units) {
      this.#sendPlans(unit);
      this.#sendSegments(unit);
    }
    const events = this.#events;
    this.#events = [];
    return events;
  }

  /**
   * Changes the terrain of a grid's crowd and of its pools, all edits or none (checked before anything
   * changes, as the pools check them). At once: agents on a cell that became blocked for their class are
   * moved to the nearest cell where they stand (a `'snapped'` event), steps under way into a new wall are
   * cancelled, and agents whose refined route ahead crosses one plan again. Once a pool has rebuilt: its
   * agents whose remaining route, planned on an older terrain, crosses a rebuilt cluster plan again; the
   * others keep their routes. Flow fields are asked again on the new terrain.
   * @returns the answer of the first pool (the new version and what it rebuilt), once every pool answered
   * @throws TypeError, RangeError - naming the first bad edit, as {@link PathPool.updateTerrain}; TypeError on a block world
   * @throws CrowdClosedError - once a pool of the crowd is closed (nothing changes then); the promise rejects with one when a pool closes before it answers
   */
  updateTerrain(edits: readonly TerrainEdit[]): Promise<TerrainUpdate> {
    const where = 'Crowd.updateTerrain';
    this.#checkDriver(where);
    const terrain = this.#terrain;
    if (terrain.kind !== 'grid') throw new TypeError(`${where}: a block world's crowd changes blocks: use Crowd.applyBlockChanges`);
    // Checked first: a closed pool would leave the crowd's terrain ahead of the pool's.
    this.#checkPools(where);
    const packed = terrain.copy.check(edits, where);
    const ports = this.#units.map((unit) => unit.port as GridUnits);
    const covered = ports.map((port) => port.rules.coveredBy(packed));
    terrain.copy.write(packed);
    const record = this.#startRecord();
    // Each pool is asked once, for all the classes it serves.
    const answers = new Map<PathPool, Promise<TerrainUpdate>>();
    for (const port of ports) if (!answers.has(port.pool)) answers.set(port.pool, port.pool.updateTerrain(edits));
    const done = this.#units.map((unit, i) => {
      const port = ports[i]!;
      const rebuilt = answers.get(port.pool)!.then((update) => classRebuilt(update, port.index));
      return this.#edited(unit, rebuilt, port.rules.blockedOf(covered[i]!), record);
    });
    this.#endRecord(record);
    return this.#whileOpen(where, Promise.all(done).then(() => answers.get(ports[0]!.pool)!));
  }

  /**
   * Places or removes blocks in a block world's crowd: in its world and in its pool, all or none
   * (checked before anything changes). Agents left where no agent stands are moved to the nearest cell
   * where one does (`'snapped'`), steps under way that are no move any more are cancelled, and routes
   * are planned again as {@link Crowd.updateTerrain} says.
   * @returns the pool's answer (the new version and what it rebuilt)
   * @throws TypeError, RangeError - naming the first bad change, as `BlockWorld.setBlocks`; TypeError on a grid
   * @throws CrowdClosedError - once the pool is closed (nothing changes then); the promise rejects with one when it closes before it answers
   */
  applyBlockChanges(changes: readonly BlockChange[]): Promise<WorldBlockUpdate> {
    const where = 'Crowd.applyBlockChanges';
    this.#checkDriver(where);
    const terrain = this.#terrain;
    if (terrain.kind !== 'world') throw new TypeError(`${where}: a grid's crowd changes terrain: use Crowd.updateTerrain`);
    this.#checkPools(where);
    try {
      terrain.world.setBlocks(changes);
    } catch (error) {
      if (error instanceof Error) error.message = error.message.replace(/^BlockWorld\.setBlocks/, where);
      throw error;
    }
    const record = this.#startRecord();
    const answer = terrain.pool.applyBlockChanges(changes);
    const rebuilt = answer.then((update) => ({ version: update.version, boxes: update.rebuilt[0]?.boxes ?? new Int32Array(0) }));
    // A block decides whether agents stand in its own cell and the one above it (BlockWorld's rule):
    // those of them no agent stands in now are the cells a change blocked. Moves that changed elsewhere
    // are refused when an agent comes to take them, and it plans again then.
    const blocked = new Set<number>();
    for (const c of changes) {
      for (const z of [c.z, c.z + 1]) {
        const v = { x: c.x, y: c.y, z };
        if (this.#inside(v) && !terrain.world.isStanding(v.x, v.y, v.z)) blocked.add(this.#key(v));
      }
    }
    const done = this.#edited(this.#units[0]!, rebuilt, blocked, record);
    this.#endRecord(record);
    return this.#whileOpen(where, done.then(() => answer));
  }

  /**
   * Sets cost layer values in a block world's crowd: in its world and in its pool, all or none (checked
   * before anything changes). No cell changes whether agents stand in it, so routes stay legal and are
   * kept; plans and fields asked from now on follow the new costs.
   * @returns the pool's answer (the new version and what it rebuilt)
   * @throws TypeError, RangeError - naming the first bad change, as `WorldPathPool.applyCostChanges`; TypeError on a grid
   * @throws CrowdClosedError - once the pool is closed (nothing changes then); the promise rejects with one when it closes before it answers
   */
  applyCostChanges(changes: readonly CellCostChange[]): Promise<WorldBlockUpdate> {
    const where = 'Crowd.applyCostChanges';
    this.#checkDriver(where);
    const terrain = this.#terrain;
    if (terrain.kind !== 'world') throw new TypeError(`${where}: a grid's crowd has terrain kinds: use Crowd.setTerrainCosts`);
    this.#checkPools(where);
    const packed = packCostChanges(where, changes, this.#ground);
    if (this.#anyAngle && packed.some((value, i) => i % 4 === 3 && value !== TERRAIN_COST_LIMITS.layerUnit)) {
      throw new TypeError(`${where}: this crowd walks any-angle lines (pathShape 'any-angle'), whose lengths are Euclidean: its world must stay without a cost layer (every value ${TERRAIN_COST_LIMITS.layerUnit})`);
    }
    for (let i = 0; i < packed.length; i += 4) terrain.world.setCellCost(packed[i]!, packed[i + 1]!, packed[i + 2]!, packed[i + 3]!);
    const answer = terrain.pool.applyCostChanges(changes);
    const unit = this.#units[0]!;
    unit.version = Math.max(unit.version, terrain.pool.version);
    unit.goals.version = unit.version;
    return this.#whileOpen(where, answer);
  }

  /**
   * Sets what crossing each terrain kind costs, in every pool of a grid's crowd (see
   * {@link PathPool.setTerrainCosts}). No cell changes passability, so routes stay legal and are kept;
   * plans and fields asked from now on follow the new costs.
   * @returns the first pool's new version, once every pool answered
   * @throws TypeError - on a block world (it has no terrain kinds: its costs are a per-cell layer: {@link Crowd.applyCostChanges})
   * @throws TypeError, RangeError - naming a multiplier that is not a number or out of range, as {@link PathPool.setTerrainCosts}
   * @throws CrowdClosedError - once a pool of the crowd is closed (the promise rejects; nothing changes then), or closes before it answers
   */
  async setTerrainCosts(costs: TerrainCosts): Promise<number> {
    return this[SET_TERRAIN_COSTS](costs);
  }

  /** @internal {@link Crowd.setTerrainCosts}, throwing what it refuses instead of rejecting (a lockstep's `'costs'` order). */
  [SET_TERRAIN_COSTS](costs: TerrainCosts): Promise<number> {
    const where = 'Crowd.setTerrainCosts';
    this.#checkDriver(where);
    if (this.#terrain.kind !== 'grid') throw new TypeError(`${where}: a block world has no terrain kinds (change its cost layer with Crowd.applyCostChanges)`);
    if (this.#anyAngle && typeof costs === 'object' && costs !== null && Object.values(costs).some((m) => m !== 1)) {
      throw new TypeError(`${where}: this crowd walks any-angle lines (pathShape 'any-angle'), whose lengths are Euclidean: its pools' grids must stay without terrain costs (every multiplier 1)`);
    }
    // Checked here as the pools check them, so that a lockstep refuses bad costs at their tick.
    checkTerrainCostRanges(packTerrainCosts(costs, where), where);
    this.#checkPools(where);
    const answers = new Map<PathPool, Promise<number>>();
    for (const unit of this.#units) {
      const pool = (unit.port as GridUnits).pool;
      if (!answers.has(pool)) answers.set(pool, pool.setTerrainCosts(costs));
      unit.version = Math.max(unit.version, pool.version);
      unit.goals.version = unit.version;
    }
    return this.#whileOpen(where, Promise.all(answers.values())).then((versions) => versions[0]!);
  }

  /** The crowd's figures now. */
  get stats(): CrowdStats {
    let following = 0;
    let longest = 0;
    for (const a of this.#agents.values()) {
      if (a.state === 'following') following++;
      if (a.stillSeconds > longest) longest = a.stillSeconds;
    }
    const c = this.#counts;
    const avoided = this.#avoidance?.counts;
    const last = this.#lastUpdate;
    return {
      agents: this.#agents.size, moving: c.moving, waiting: c.waiting, following,
      plans: c.plans, segments: c.segments, fields: this.#units.reduce((n, u) => n + u.goals.asked, 0),
      inFlight: this.#units.reduce((n, u) => n + u.goals.inFlight, this.#inFlight),
      replans: c.replans, arrivals: c.arrivals, unreachable: c.unreachable, partial: c.partial, stalls: c.stalls, snaps: c.snaps,
      longestStillSeconds: longest, refusedSteps: c.refusedSteps,
      overlaps: avoided?.overlaps ?? 0, sidesteps: avoided?.sidesteps ?? 0, givenWay: avoided?.givenWay ?? 0, settled: avoided?.settled ?? 0,
      lastUpdate: last ? { version: last.version, replansAtOnce: last.replansAtOnce, replansRebuilt: last.replansRebuilt } : null,
    };
  }

  /** Refuses an order given to a lockstep's crowd other than by its lockstep: it would not be in step on other machines. */
  #checkDriver(where: string): void {
    if (this.#link && !this.#link.driving) {
      throw new TypeError(`${where}: this crowd is a LockstepCrowd's: give it orders with LockstepCrowd.order(tick, order) and move it with LockstepCrowd.tick()`);
    }
  }

  /**
   * Refuses to go on once a pool is closed: its agents could not plan any more (and answers already
   * asked reject), so a step would report reachable goals as unreachable or leave agents planning for ever.
   */
  #checkPools(where: string): void {
    const closed = this.#units.find((u) => u.port.pool.closed);
    if (closed) {
      this.#halt();
      const which = new Set(this.#units.map((u) => u.port.pool)).size > 1 ? `the pool of the agents of size ${closed.agent.size} ${closed.agent.capability}` : 'the pool';
      throw new CrowdClosedError(`${where}: ${which} is closed (PathPool.close, or a worker that could not be replaced): no plan can be made; make a new crowd on an open pool`);
    }
  }

  /**
   * `answer`, or once a pool closed before it answered, a CrowdClosedError with the pool's as its cause
   * (the agents stop then): the crowd's promises reject with its own error, whoever closed the pool.
   */
  #whileOpen<T>(where: string, answer: Promise<T>): Promise<T> {
    return answer.catch((error: unknown) => {
      if (!this.closed) throw error;
      this.#halt();
      throw new CrowdClosedError(`${where}: the pool closed before it answered (PathPool.close, or a worker that could not be replaced): make a new crowd on an open pool`, { cause: error });
    });
  }

  /** Once a pool closed: every agent with a goal stops on its cell (state `'stopped'`), nothing is asked any more. */
  #halt(): void {
    for (const agent of this.#agents.values()) {
      this.#cancelStep(agent);
      if (agent.state === 'idle' || agent.state === 'stopped') continue;
      agent.route = null;
      agent.epoch++;
      agent.asked = false;
      agent.state = 'stopped';
    }
    for (const unit of this.#units) {
      unit.planQueue = [];
      unit.segmentQueue = [];
    }
  }

  #agent(where: string, id: number): Agent<P> {
    const agent = this.#agents.get(id);
    if (!agent) throw new RangeError(`${where}: there is no agent ${describe(id)}`);
    return agent;
  }

  /** The class of the crowd's pools that `agent` names (default: the first pool's). */
  #unitOf(where: string, agent: AgentClassOption | undefined): UnitClass<P> {
    if (agent === undefined) return this.#units[0]!;
    // The class objects the crowd hands out (agentClasses, CrowdAgent.agent) are found without parsing.
    const same = this.#units.find((u) => u.agent === agent);
    if (same) return same;
    if (typeof agent !== 'object' || agent === null || typeof agent.size !== 'number' || (typeof agent.capability !== 'string' && !Array.isArray(agent.capability))) {
      throw new TypeError(`${where}: agent must be { size, capability }, got ${describe(agent)}`);
    }
    const unit = this.#units.find((u) => u.port.is(agent));
    if (unit) return unit;
    const capability = typeof agent.capability === 'string' ? agent.capability : agent.capability.join(',');
    const served = this.#units.map((u) => `size ${u.agent.size} ${u.agent.capability}`).join('; ');
    throw new RangeError(`${where}: no pool of the crowd serves agents of size ${agent.size} ${capability} (served: ${served})`);
  }

  #inside(v: Voxel): boolean {
    const g = this.#ground;
    return v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < g.width && v.y < g.height && v.z < g.levels;
  }

  /** The cell's index: (z * height + y) * width + x. */
  #key(v: Voxel): number {
    return (v.z * this.#ground.height + v.y) * this.#ground.width + v.x;
  }

  #keyOf(agent: Agent<P>): number {
    return (agent.cellZ * this.#ground.height + agent.cellY) * this.#ground.width + agent.cellX;
  }

  #goal(where: string, goal: P): Voxel {
    const g = this.#ground.cell(where, 'goal', goal);
    if (!this.#inside(g)) throw new RangeError(`${where}: goal ${this.#ground.text(g)} is outside the ${this.#ground.name}`);
    return g;
  }

  #setGoal(agent: Agent<P>, goal: Voxel | null): void {
    if (agent.target) agent.unit.goals.leave(agent.target);
    agent.target = goal;
    agent.goal = goal && (this.#ground.point(goal) as P);
    agent.route = null;
    this.#leaveLine(agent);
    agent.epoch++;
    agent.asked = false;
    agent.still = 0;
    agent.stallReported = false;
    agent.waited = 0;
    agent.blockedBy = 0;
    agent.settledGoal = -1;
    agent.offRoute = false;
    if (!goal) {
      agent.state = 'idle';
      return;
    }
    agent.unit.goals.join(goal);
    agent.state = 'planning';
  }

  /** The agent stops (its goal reached, or none reachable): it is idle. */
  #stop(agent: Agent<P>): void {
    this.#setGoal(agent, null);
  }

  /**
   * Drops the agent's route and asks for a new plan to the same goal; 1 when it had a route to drop
   * (reported as an event when a terrain update is the `reason`).
   */
  #replan(agent: Agent<P>, reason?: 'wall' | 'rebuilt'): number {
    const had = agent.state === 'walking' ? 1 : 0;
    if (had && reason) this.#events.push({ type: 'replanned', agent: agent.id, reason });
    agent.route = null;
    this.#leaveLine(agent);
    agent.offRoute = false;
    agent.epoch++;
    agent.asked = false;
    agent.state = 'planning';
    this.#counts.replans += had;
    return had;
  }

  #snap(agent: Agent<P>): void {
    const from = agent.cell;
    const to = agent.unit.port.nearestPassable(from);
    this.#cancelStep(agent);
    if (!to) return; // no passable cell left on the map: it stays
    this.#avoidance?.lifted(agent);
    agent.cellX = to.x;
    agent.cellY = to.y;
    agent.cellZ = to.z;
    if (this.#avoidance) {
      // The nearest cell may hold another agent: a tolerated overlap, counted, that ends when one steps off.
      this.#avoidance.placed(agent);
      if (agent.overlapping) this.#avoidance.counts.overlaps++;
    }
    this.#counts.snaps++;
    this.#events.push({ type: 'snapped', agent: agent.id, from: this.#ground.point(from) as P, to: this.#ground.point(to) as P });
  }

  /**
   * Moves the agent by `budget` along its route or field (cells, or in lockstep whole 1/1024 cells: the
   * sums below are then exact); true when it moved at all.
   */
  #walk(agent: Agent<P>, budget: number): boolean {
    let moved = false;
    const lineAvoidance = this.#anyAngle ? this.#avoidance : null;
    while (budget > 1e-12) {
      if (!agent.stepping && !this.#nextStep(agent)) break;
      if (lineAvoidance && agent.progress >= agent.stopAt - 1e-9 && !this.#reserveStretch(agent, lineAvoidance)) break;
      const length = agent.stepLength;
      const move = Math.min(budget, (lineAvoidance ? agent.stopAt : length) - agent.progress);
      agent.progress += move;
      budget -= move;
      moved = true;
      if (agent.progress >= length - 1e-9) {
        const fromX = agent.cellX, fromY = agent.cellY, fromZ = agent.cellZ;
        agent.cellX = agent.nextX;
        agent.cellY = agent.nextY;
        agent.cellZ = agent.nextZ;
        agent.stepping = false;
        agent.progress = 0;
        if (agent.route && !agent.offRoute) agent.route.at++;
        if (agent.lines && agent.onLine) agent.lines.nextLeg();
        this.#avoidance?.finished(agent, fromX, fromY, fromZ);
      }
    }
    // On a line an agent's cell is the anchor nearest it: the one it can reach straight from where it is.
    // (A move between floors keeps its cell until it is done.)
    if (this.#anyAngle && agent.stepping && agent.nextZ === agent.cellZ) {
      agent.cellX = Math.round(agent.x);
      agent.cellY = Math.round(agent.y);
    }
    return moved;
  }

  /**
   * Any-angle: the agent leaves its line route (a new plan, a new goal). Mid-line, it goes straight to
   * the anchor nearest it (a legal move from any legal position, see lines.ts's positionClear), where
   * it stands to plan: planners start from cells.
   */
  #leaveLine(agent: Agent<P>): void {
    agent.lines = null;
    // A move between floors is finished as a step (it ends on a cell); a line is left at its nearest anchor.
    if (this.#anyAngle && agent.stepping && agent.nextZ !== agent.cellZ) agent.onLine = false;
    else if (this.#anyAngle && agent.stepping) this.#toAnchor(agent);
  }

  /**
   * Any-angle: the agent, mid-move, goes straight to the anchor nearest it, off its line (its leg is not
   * walked; from the anchor it re-aims at the next corner). With avoidance the anchor's square lies within
   * the rectangle the agent holds (it is a corner of the unit box its stretch runs in): nothing to reserve.
   */
  #toAnchor(agent: Agent<P>): void {
    const x = agent.x, y = agent.y;
    agent.cellX = Math.round(x);
    agent.cellY = Math.round(y);
    agent.fromX = x;
    agent.fromY = y;
    agent.nextX = agent.cellX;
    agent.nextY = agent.cellY;
    agent.stepLength = Math.hypot(agent.cellX - x, agent.cellY - y);
    agent.stopAt = agent.stepLength;
    agent.progress = 0;
    agent.onLine = false;
    agent.stepping = agent.stepLength > 1e-9;
  }

  /**
   * Any-angle with avoidance: the agent, at the end of the stretch it holds, asks for the cells of the
   * next one (up to its move's next lattice crossing, see avoidance.ts). Held by an agent at rest or
   * waiting, it first walks to its nearest anchor, then sidesteps from there if it can; its goal taken,
   * it arrives on that anchor. True when it may move on (its stretch, or the move to its anchor). Walking
   * back to an anchor cannot cycle: a line's first stretch from an anchor runs a whole cell along its
   * major axis towards the corner, more than the half cell per axis the walk back to an anchor undoes.
   */
  #reserveStretch(agent: Agent<P>, avoidance: Avoidance): boolean {
    const length = agent.stepLength, size = agent.unit.port.agent.size;
    const x = agent.x, y = agent.y;
    let end = length, x0, y0, x1, y1;
    if (agent.nextZ !== agent.cellZ) {
      // A move between floors (block worlds): one stretch, the square it moves to on the other floor.
      [x0, y0, x1, y1] = [agent.nextX, agent.nextY, agent.nextX + size, agent.nextY + size];
    } else {
      end = nextCrossing(agent.fromX, agent.fromY, agent.nextX, agent.nextY, length, agent.progress);
      const ex = agent.fromX + ((agent.nextX - agent.fromX) * end) / length, ey = agent.fromY + ((agent.nextY - agent.fromY) * end) / length;
      // The cells the square [x, x + size]² covers anywhere on the stretch (interiors only: edges touch).
      [x0, x1] = [Math.floor(Math.min(x, ex) + 1e-9), Math.ceil(Math.max(x, ex) - 1e-9) + size];
      [y0, y1] = [Math.floor(Math.min(y, ey) + 1e-9), Math.ceil(Math.max(y, ey) - 1e-9) + size];
    }
    const decision = avoidance.reserve(agent, x0, y0, x1, y1, agent.nextZ);
    if (decision === 'go') {
      agent.stopAt = end;
      return true;
    }
    if (decision === 'wait') return false;
    const atAnchor = Math.abs(x - Math.round(x)) < 1e-9 && Math.abs(y - Math.round(y)) < 1e-9;
    if (!atAnchor) {
      this.#toAnchor(agent);
      return agent.stepping;
    }
    // On the anchor: it stands there (its leg starts again from it, or it settles).
    agent.cellX = Math.round(x);
    agent.cellY = Math.round(y);
    agent.stepping = false;
    agent.progress = 0;
    if (decision === 'settle') {
      avoidance.finished(agent, agent.cellX, agent.cellY, agent.cellZ);
      this.#arrive(agent);
      return false;
    }
    return this.#lineSidestep(agent, avoidance);
  }

  /**
   * Any-angle with avoidance, blocked at an anchor: a step to a free neighbouring anchor from which the
   * straight line to the next corner is legal for its square (lines.ts); its leg then starts from there.
   * The nearest to that corner (Euclidean) strictly nearer than the agent; else, once per leg, one no
   * more than half a cell further (a step aside, which two agents face to face need). Every other
   * sidestep brings the agent strictly nearer a fixed corner: sidesteps cannot loop. False when there is
   * none (it waits).
   */
  #lineSidestep(agent: Agent<P>, avoidance: Avoidance): boolean {
    const route = agent.lines;
    if (!route || route.finished) return false;
    const port = agent.unit.port, size = port.agent.size;
    const k = route.next, cx = route.corners[k]!, cy = route.corners[k + 1]!, z = agent.cellZ;
    // Towards a move between floors there is no way round: the move starts where it starts.
    if (route.dims === 3 && route.corners[k + 2] !== z) return false;
    const corner = { x: cx, y: cy, z };
    const { dx, dy, dz } = this.#ground.moves;
    const ax = agent.cellX, ay = agent.cellY;
    const here = Math.hypot(cx - ax, cy - ay), limit = route.sideways ? here - 1e-9 : here + 0.5;
    // Ties go to the neighbour furthest from the agent in the way (a step aside away from it, not back).
    const holder = this.#agents.get(agent.blockedBy);
    const hx = holder ? holder.cellX + holder.unit.port.agent.size / 2 : ax, hy = holder ? holder.cellY + holder.unit.port.agent.size / 2 : ay;
    let best = -1, bestDistance = limit, bestAway = -1;
    for (let m = 0; m < dx.length; m++) {
      if (dz[m] !== 0 || (dx[m] === 0 && dy[m] === 0)) continue; // a step on its floor
      const nx = ax + dx[m]!, ny = ay + dy[m]!;
      const distance = Math.hypot(cx - nx, cy - ny), away = Math.hypot(nx + size / 2 - hx, ny + size / 2 - hy);
      if (distance >= limit || distance > bestDistance + 1e-9 || (distance > bestDistance - 1e-9 && away <= bestAway)) continue;
      const n = { x: nx, y: ny, z };
      if (!port.stepLength(agent.cell, n)) continue;
      const x0 = Math.min(ax, nx), y0 = Math.min(ay, ny);
      if (avoidance.occupancy.otherInRect(agent.id, x0, y0, Math.max(ax, nx) + size, Math.max(ay, ny) + size, z, agent.markX0, agent.markY0, agent.markX1, agent.markY1, agent.markZ) !== 0) continue;
      if (!port.lineClear(n, corner)) continue;
      best = m;
      bestDistance = distance;
      bestAway = away;
    }
    if (best >= 0 && bestDistance >= here - 1e-9) route.sideways = true;
    if (best < 0) return false;
    const nx = ax + dx[best]!, ny = ay + dy[best]!;
    avoidance.claim(agent, Math.min(ax, nx), Math.min(ay, ny), Math.max(ax, nx) + size, Math.max(ay, ny) + size, z);
    avoidance.counts.sidesteps++;
    agent.fromX = ax;
    agent.fromY = ay;
    agent.nextX = nx;
    agent.nextY = ny;
    agent.nextZ = z;
    agent.stepLength = agent.stopAt = Math.hypot(nx - ax, ny - ay);
    agent.progress = 0;
    agent.onLine = false;
    agent.stepping = true;
    return true;
  }

  /**
   * Any-angle: starts the next leg of the agent's lines from the anchor it stands on, when the crowd's
   * terrain allows the straight line to the next corner for its square; else it plans again.
   */
  #lineStep(agent: Agent<P>): boolean {
    const route = agent.lines;
    if (!route || route.finished) {
      // No corner ahead and not at the goal: only a route made for another cell ends here.
      this.#replan(agent);
      return false;
    }
    const c = route.corners, k = route.next;
    const next = { x: c[k]!, y: c[k + 1]!, z: route.dims === 3 ? c[k + 2]! : agent.cellZ };
    const port = agent.unit.port;
    if (!port.lineClear(agent.cell, next)) {
      this.#counts.refusedSteps++;
      this.#replan(agent);
      return false;
    }
    agent.fromX = agent.cellX;
    agent.fromY = agent.cellY;
    agent.nextX = next.x;
    agent.nextY = next.y;
    agent.nextZ = next.z;
    // A line's Euclidean length; a move between floors (a block world's leg to another level) its cost.
    agent.stepLength = next.z === agent.cellZ ? Math.hypot(next.x - agent.cellX, next.y - agent.cellY) : port.stepLength(agent.cell, next);
    agent.stopAt = this.#avoidance ? 0 : agent.stepLength; // with avoidance, reserved stretch by stretch
    agent.progress = 0;
    agent.onLine = true;
    agent.stepping = true;
    return true;
  }

  /** Starts the agent's next step, if it has one that is legal now; false when it must wait. */
  #nextStep(agent: Agent<P>): boolean {
    if (agent.state === 'idle' || this.#avoidance?.stillWaiting(agent)) return false;
    agent.blockedBy = 0;
    if (agent.atGoal()) {
      this.#arrive(agent);
      return false;
    }
    if (this.#anyAngle) return agent.state === 'walking' && this.#lineStep(agent);
    let next = agent.state === 'following' ? this.#fieldStep(agent) : agent.state === 'walking' ? this.#routeStep(agent) : null;
    if (!next) return false;
    let length = agent.unit.port.stepLength(agent.cell, next);
    const avoidance = this.#avoidance;
    if (avoidance && agent.offRoute && !length) return this.#rejoin(agent, avoidance, next);
    if (!length) {
      // A route from before a wall (its update not yet answered) re-plans; a field waits for its refresh.
      this.#counts.refusedSteps++;
      if (agent.state === 'walking') this.#replan(agent);
      return false;
    }
    if (avoidance) {
      const decision = avoidance.decide(agent, next, length);
      if (decision === 'settle') this.#arrive(agent);
      if (decision !== 'step') return false;
      next = avoidance.chosen;
      length = avoidance.chosenLength;
    }
    this.#begin(agent, next, length);
    return true;
  }

  /**
   * An agent that sidestepped off its route, its route's next cell `next` not a step away: it walks
   * towards that cell; held longer than avoidance gives any wait, it plans again from where it stands.
   */
  #rejoin(agent: Agent<P>, avoidance: Avoidance, next: Voxel): boolean {
    if (avoidance.rejoin(agent, next) === 'step') {
      this.#begin(agent, avoidance.chosen, avoidance.chosenLength);
      return true;
    }
    if (agent.waited >= avoidance.giveUp) this.#replan(agent);
    return false;
  }

  /** The agent starts a step to `next` (a legal move of `length`). */
  #begin(agent: Agent<P>, next: Voxel, length: number): void {
    agent.fromX = agent.cellX;
    agent.fromY = agent.cellY;
    agent.nextX = next.x;
    agent.nextY = next.y;
    agent.nextZ = next.z;
    agent.stepLength = this.#clock.length(length);
    agent.progress = 0;
    agent.stepping = true;
    // A step off the route (a sidestep) leaves the route where it is: the agent walks back to its next cell.
    agent.offRoute = agent.state === 'walking' && !!agent.route && !agent.route.isNext(next.x, next.y, next.z);
    this.#avoidance?.began(agent);
  }

  /** The step under way, if any, is dropped: the agent stands on its cell. */
  #cancelStep(agent: Agent<P>): void {
    if (agent.stepping) this.#avoidance?.cancelled(agent);
    agent.stepping = false;
    agent.progress = 0;
  }

  /** The agent reached its goal, or with avoidance stands next to it, the goal being held: it is idle. */
  #arrive(agent: Agent<P>): void {
    const goal = this.#key(agent.target!);
    this.#counts.arrivals++;
    this.#events.push({ type: 'arrived', agent: agent.id, goal: agent.goal! });
    this.#stop(agent);
    agent.settledGoal = goal;
  }

  /** What avoidance asks of the crowd: its agents, the way ahead of one (route or field), starting a give-way step. */
  #avoidancePort(): AvoidancePort {
    return {
      agentOf: (id) => this.#agents.get(id),
      after: (mover, n, out) => {
        const agent = mover as Agent<P>;
        if (agent.state === 'walking') return agent.route!.cellAfterNext(out);
        if (agent.state !== 'following') return false;
        const field = agent.unit.goals.field(agent.target!).field;
        const d = field?.directions[this.#key(n)] ?? FLOW_NO_STEP;
        const moves = this.#ground.moves;
        if (d >= moves.dx.length) return false;
        out.x = n.x + moves.dx[d]!;
        out.y = n.y + moves.dy[d]!;
        out.z = n.z + moves.dz[d]!;
        return true;
      },
      start: (mover: Mover, to, length) => this.#begin(mover as Agent<P>, to, length),
    };
  }

  #fieldStep(agent: Agent<P>): Voxel | null {
    const goals = agent.unit.goals;
    const { field, refused } = goals.field(agent.target!);
    if (refused !== null) {
      this.#unreachable(agent, refused);
      return null;
    }
    if (!field) return null;
    const d = field.directions[this.#keyOf(agent)]!;
    const moves = this.#ground.moves;
    if (d < moves.dx.length) return { x: agent.cellX + moves.dx[d]!, y: agent.cellY + moves.dy[d]!, z: agent.cellZ + moves.dz[d]! };
    // No step from here on the newest terrain: the goal is in another component.
    if (d === FLOW_NO_STEP && goals.current(field)) this.#unreachable(agent, 'no path');
    return null;
  }

  #routeStep(agent: Agent<P>): Voxel | null {
    const route = agent.route!;
    for (;;) {
      const i = route.nextCell();
      if (i >= 0) return cellAt(route.current!.cells, i, route.dims);
      if (!route.current) {
        this.#askAhead(agent, route); // still in the pool, or asked again after a failed batch
        return null;
      }
      if (route.finished) {
        // The route ends here but the goal is elsewhere (it cannot, unless the plan was for an old cell).
        this.#replan(agent);
        return null;
      }
      route.segIndex++;
      route.at = 0;
      this.#askAhead(agent, route);
    }
  }

  #unreachable(agent: Agent<P>, reason: string): void {
    if (this.#toNearest && agent.unit.port.nearestReachable) return this.#goNearest(agent, reason);
    this.#giveUp(agent, reason);
  }

  #giveUp(agent: Agent<P>, reason: string): void {
    const goal = agent.goal!;
    this.#counts.unreachable++;
    this.#events.push({ type: 'unreachable', agent: agent.id, goal, reason });
    this.#stop(agent);
  }

  /**
   * Asks the pool for the reachable cell nearest the agent's goal, and sends the agent there (a
   * `'partial'` event); gives up as before when there is none, or it is the goal it cannot reach already.
   */
  #goNearest(agent: Agent<P>, reason: string): void {
    const epoch = agent.epoch;
    const goal = agent.target!;
    agent.route = null;
    agent.state = 'planning';
    agent.asked = true; // not planned meanwhile
    this.#inFlight++;
    agent.unit.port.nearestReachable!(agent.cell, goal).then(
      (reached) => {
        this.#inFlight--;
        if (agent.epoch !== epoch || !this.#agents.has(agent.id)) return;
        agent.asked = false;
        if (!reached || (reached.x === goal.x && reached.y === goal.y && reached.z === goal.z)) return this.#giveUp(agent, reason);
        this.#counts.partial++;
        this.#events.push({ type: 'partial', agent: agent.id, goal: agent.goal!, reached: this.#ground.point(reached) as P });
        this.#setGoal(agent, reached);
      },
      () => {
        this.#inFlight--;
        if (agent.epoch !== epoch || !this.#agents.has(agent.id)) return;
        agent.asked = false;
        if (this.closed) this.#halt();
        else this.#giveUp(agent, reason);
      },
    );
  }

  /**
   * Asks for the segments after the one walked, up to the lookahead, that are neither refined nor asked.
   * A segment between two neighbouring waypoints (an entrance crossed from one cluster to the next, about
   * half of a plan's segments) is its one step when that step is legal: no search.
   */
  #askAhead(agent: Agent<P>, route: Route): void {
    const last = Math.min(route.segmentCount - 1, route.segIndex + this.#lookahead);
    const w = route.waypoints;
    const dims = route.dims;
    for (let k = route.segIndex; k <= last; k++) {
      if (route.segments.has(k) || route.requested.has(k)) continue;
      // Only when that step is legal now: two diagonal neighbours with a blocked corner are joined round it.
      if (agent.unit.port.stepLength(cellAt(w, dims * k, dims), cellAt(w, dims * (k + 1), dims))) {
        route.segments.set(k, segmentOf(w.slice(dims * (k + 1), dims * (k + 2)), route.version, dims));
        continue;
      }
      route.requested.add(k);
      agent.unit.segmentQueue.push({ agent, epoch: agent.epoch, index: k });
    }
  }

  /** Sends the plans of one class asked for this frame as one batch. */
  #sendPlans(unit: UnitClass<P>): void {
    const agents = unit.planQueue.filter((a) => a.state === 'planning' && a.asked && this.#agents.has(a.id));
    unit.planQueue = [];
    if (!agents.length || unit.port.pool.closed) {
      for (const a of agents) a.asked = false;
      return;
    }
    const dims = this.#ground.dims;
    const queries = new Int32Array(2 * dims * agents.length);
    const epochs = agents.map((a, i) => {
      const t = a.target!;
      queries.set(dims === 2 ? [a.cellX, a.cellY, t.x, t.y] : [a.cellX, a.cellY, a.cellZ, t.x, t.y, t.z], 2 * dims * i);
      return a.epoch;
    });
    this.#counts.plans += agents.length;
    this.#inFlight += agents.length;
    const answered = this.#anyAngle
      ? unit.port.lines!(queries).then((lines) => (a: Agent<P>, i: number) => this.#linesPlanned(a, lines, i))
      : unit.port.plan(queries).then((plans) => (a: Agent<P>, i: number) => this.#planned(a, plans, i));
    answered.then(
      (take) => {
        this.#inFlight -= agents.length;
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i] && this.#agents.has(a.id)) take(a, i);
        });
      },
      (error: unknown) => {
        this.#inFlight -= agents.length;
        // The pool failed (the agents ask again next frame) or closed (they stop).
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i]) a.asked = false;
        });
        if (this.closed) return this.#halt();
        // A pool that refuses any-angle paths (a grid with terrain costs) would refuse them again: the agents give up.
        const refusal = this.#anyAngle && error instanceof Error && /any-angle/.test(error.message) ? error.message : null;
        if (refusal) agents.forEach((a, i) => a.epoch === epochs[i] && this.#agents.has(a.id) && this.#giveUp(a, refusal));
      },
    );
  }

  /** Any-angle: the agent's path came; its lines are checked on the crowd's terrain (a wall may be newer than the search). */
  #linesPlanned(agent: Agent<P>, lines: LineAnswers, i: number): void {
    agent.asked = false;
    if (!lines.found(i)) {
      if (lines.startInvalid(i) || lines.version < agent.unit.version) return;
      return this.#unreachable(agent, lines.statusText(i));
    }
    const corners = lines.corners(i);
    const dims = this.#ground.dims;
    const start = { x: corners[0]!, y: corners[1]!, z: dims === 3 ? corners[2]! : 0 };
    if (this.#key(start) !== this.#keyOf(agent) || !this.#linesClear(agent.unit.port, corners, dims)) {
      this.#counts.refusedSteps++;
      return;
    }
    agent.lines = new LineRoute(corners, dims);
    agent.state = 'walking';
  }

  #planned(agent: Agent<P>, plans: PlanAnswers, i: number): void {
    agent.asked = false;
    if (!plans.found(i)) {
      // Its cell was walled in after the plan was asked: it was snapped, and asks again.
      if (plans.startInvalid(i) || plans.version < agent.unit.version) return;
      return this.#unreachable(agent, plans.statusText(i));
    }
    const dims = this.#ground.dims;
    const route = new Route(plans.waypoints(i), segmentOf(plans.firstSegment(i).slice(dims), plans.version, dims), plans.version, dims);
    agent.route = route;
    agent.state = 'walking';
    if (this.#staleAgainstUpdates(route, agent.unit)) {
      this.#replan(agent);
      return;
    }
    this.#askAhead(agent, route);
  }

  /** Whether an update the class's pool answered after the route's parts were searched crosses the route. */
  #staleAgainstUpdates(route: Route, unit: UnitClass<P>): boolean {
    return unit.updates.some((u) => route.crosses(u.boxes, u.version));
  }

  /**
   * Sends segments asked for as one batch of smoothed searches between waypoints, as many as keep the
   * crowd's queries in the pool under `maxInFlight`: those of agents waiting for them first, then those
   * asked ahead, oldest first. The rest wait for a later frame. A pool given more than it answers would
   * otherwise queue requests for seconds, and a terrain update waits behind them.
   */
  #sendSegments(unit: UnitClass<P>): void {
    const live = unit.segmentQueue.filter((r) => r.agent.epoch === r.epoch && this.#agents.has(r.agent.id));
    if (!live.length) {
      unit.segmentQueue = [];
      return;
    }
    if (unit.port.pool.closed) {
      for (const r of live) r.agent.route?.requested.delete(r.index);
      unit.segmentQueue = [];
      return;
    }
    const room = Math.max(0, this.#maxInFlight - this.#inFlight);
    const waiting = (r: SegmentRequest<P>) => r.agent.route!.segIndex === r.index;
    const ordered = [...live.filter(waiting), ...live.filter((r) => !waiting(r))];
    const requests = ordered.slice(0, room);
    unit.segmentQueue = ordered.slice(room);
    if (!requests.length) return;
    const dims = this.#ground.dims;
    const queries = new Int32Array(2 * dims * requests.length);
    requests.forEach((r, i) => {
      const w = r.agent.route!.waypoints;
      queries.set(w.subarray(dims * r.index, dims * (r.index + 2)), 2 * dims * i);
    });
    this.#counts.segments += requests.length;
    this.#inFlight += requests.length;
    unit.port.search(queries).then(
      (batch) => {
        this.#inFlight -= requests.length;
        requests.forEach((r, i) => this.#refined(r, batch, i));
      },
      () => {
        this.#inFlight -= requests.length;
        for (const r of requests) if (r.agent.epoch === r.epoch) r.agent.route?.requested.delete(r.index);
        if (this.closed) this.#halt();
      },
    );
  }

  #refined(r: SegmentRequest<P>, batch: PathAnswers, i: number): void {
    const agent = r.agent;
    if (agent.epoch !== r.epoch || !agent.route || !this.#agents.has(agent.id)) return;
    const route = agent.route;
    route.requested.delete(r.index);
    // No way between the two waypoints any more (a wall since the plan): plan again.
    if (!batch.found(i)) return void this.#replan(agent);
    route.segments.set(r.index, segmentOf(batch.path(i).slice(route.dims), batch.version, route.dims));
    if (this.#staleAgainstUpdates(route, agent.unit)) this.#replan(agent);
  }

  /**
   * Any-angle, after a wall: an agent whose square the wall now overlaps (or whose move between floors
   * is no move any more) is moved off it and plans again; one whose lines ahead (from where it is) the
   * wall cuts (`blocked`: per floor, the anchors packed x, y where its class stood and stands no more), or
   * whose moves between floors ahead are gone, plans again. Returns 1 for a walking agent's replan.
   */
  #linesEdited(agent: Agent<P>, blocked: ReadonlyMap<number, Int32Array>): number {
    const port = agent.unit.port;
    const between = agent.stepping && agent.nextZ !== agent.cellZ;
    const stands = between ? port.stepLength(agent.cell, { x: agent.nextX, y: agent.nextY, z: agent.nextZ }) > 0 : port.positionClear(agent.x, agent.y, agent.cellZ);
    if (!stands) {
      // Off the wall at once (back on the cell a move between floors left, or the anchor nearest); a new
      // plan from the cell it lands on.
      agent.lines = null;
      if (between) this.#cancelStep(agent);
      agent.cellX = Math.round(agent.x);
      agent.cellY = Math.round(agent.y);
      this.#snap(agent);
      if (agent.state === 'walking') return this.#replan(agent, 'wall');
      if (agent.state === 'planning') this.#replan(agent);
      return 0;
    }
    const route = agent.lines;
    if (agent.state !== 'walking' || !route || blocked.size === 0) return 0;
    const c = route.corners, d = route.dims;
    // From where it is; mid-move between floors, from that move's end (the move was checked above).
    let k = between ? route.next + d : route.next;
    let px = between ? agent.nextX : agent.x, py = between ? agent.nextY : agent.y, pz = between ? agent.nextZ : agent.cellZ;
    for (; k < c.length; k += d) {
      const q = { x: c[k]!, y: c[k + 1]!, z: d === 3 ? c[k + 2]! : 0 };
      if (q.z !== pz) {
        if (!port.lineClear({ x: px, y: py, z: pz }, q)) return this.#replan(agent, 'wall');
      } else {
        const cut = blocked.get(pz);
        if (cut && segmentMeetsAnchors(px, py, q.x, q.y, cut)) return this.#replan(agent, 'wall');
      }
      px = q.x;
      py = q.y;
      pz = q.z;
    }
    return 0;
  }

  /** Any-angle: whether every leg of `corners` (packed by `dims`) is one an agent of `port`'s class may go now. */
  #linesClear(port: UnitPort, corners: Int32Array, dims: 2 | 3): boolean {
    const at = (k: number): Voxel => ({ x: corners[k]!, y: corners[k + 1]!, z: dims === 3 ? corners[k + 2]! : 0 });
    for (let k = dims; k < corners.length; k += dims) if (!port.lineClear(at(k - dims), at(k))) return false;
    return true;
  }

  /** The figures of an update about to be made: the first class's version, the replans of every class. */
  #startRecord(): UpdateRecord & { readonly before: number } {
    const before = this.#units[0]!.version;
    return { version: before, replansAtOnce: 0, replansRebuilt: 0, before };
  }

  #endRecord(record: UpdateRecord & { readonly before: number }): void {
    if (record.version !== record.before) this.#lastUpdate = record;
  }

  /**
   * After an edit of the crowd's terrain, the agents of one class: at once, those on a `blocked` cell
   * (where they stand no more) are snapped, steps under way that are no move now are cancelled, and
   * routes with a blocked cell ahead plan again; once the pool's answer says what it `rebuilt`, routes
   * planned before it that cross a rebuilt cluster plan again. Replans go to `record`.
   */
  #edited(unit: UnitClass<P>, rebuilt: Promise<Rebuilt>, blocked: Set<number>, record: UpdateRecord): Promise<void> {
    const version = unit.port.pool.version;
    if (version === unit.version) return rebuilt.then(() => undefined);
    unit.version = version;
    if (unit === this.#units[0]) record.version = version;
    unit.goals.version = version;
    let atOnce = 0;
    const { width, height, dims } = this.#ground;
    const blockedBox = cellBox(blocked, width, height, dims);
    const lineCut = this.#anyAngle ? packedByFloor(blocked, width, height) : null;
    for (const agent of this.#agents.values()) {
      if (agent.unit !== unit) continue;
      if (lineCut) {
        atOnce += this.#linesEdited(agent, lineCut);
        continue;
      }
      if (blocked.has(this.#keyOf(agent))) {
        this.#snap(agent);
        if (agent.state === 'walking') atOnce += this.#replan(agent, 'wall');
        else if (agent.state === 'planning') this.#replan(agent);
        continue;
      }
      if (agent.stepping && !unit.port.stepLength(agent.cell, { x: agent.nextX, y: agent.nextY, z: agent.nextZ })) {
        this.#cancelStep(agent);
        if (agent.state === 'walking') atOnce += this.#replan(agent, 'wall');
        continue;
      }
      if (agent.state === 'walking' && agent.route && blocked.size && agent.route.aheadHits(blocked, blockedBox, width, height)) atOnce += this.#replan(agent, 'wall');
    }
    record.replansAtOnce += atOnce;
    return rebuilt.then((update) => {
      unit.updates.push(update);
      if (unit.updates.length > UPDATE_LOG) unit.updates.shift();
      for (const agent of this.#agents.values()) {
        if (agent.unit === unit && agent.state === 'walking' && agent.route && agent.route.crosses(update.boxes, update.version)) record.replansRebuilt += this.#replan(agent, 'rebuilt');
      }
    });
  }
}

/** The cell at `cells[i..i + dims)`. */
function cellAt(cells: Int32Array, i: number, dims: Dims): Voxel {
  return { x: cells[i]!, y: cells[i + 1]!, z: dims === 3 ? cells[i + 2]! : 0 };
}

/** Cells given by their index, (z * height + y) * width + x: per floor z, packed x, y. */
function packedByFloor(cells: ReadonlySet<number>, width: number, height: number): Map<number, Int32Array> {
  const floors = new Map<number, number[]>();
  for (const i of cells) {
    const z = Math.floor(i / (width * height)), rest = i - z * width * height;
    const list = floors.get(z) ?? [];
    if (list.length === 0) floors.set(z, list);
    list.push(rest % width, Math.floor(rest / width));
  }
  return new Map([...floors].map(([z, list]) => [z, Int32Array.from(list)]));
}

/**
 * The pathShape option, checked with what any-angle walking needs (see {@link CrowdOptions.pathShape}):
 * true for `'any-angle'`.
 */
function anyAngleOption(where: string, options: CrowdOptions, lockstep: boolean): boolean {
  const shape = options.pathShape ?? 'grid';
  if (shape !== 'grid' && shape !== 'any-angle') throw new TypeError(`${where}: option pathShape must be one of 'grid', 'any-angle', got ${describe(shape)}`);
  if (shape === 'grid') return false;
  const refuse = (why: string) => {
    throw new TypeError(`${where}: pathShape 'any-angle' ${why}`);
  };
  if (lockstep) refuse('is not available in a LockstepCrowd: its moves along lines are in floating point, not the lockstep\'s integer units (use the default pathShape)');
  if (options.flowFieldAgents !== undefined && options.flowFieldAgents !== Infinity) refuse('does not use flow fields (a field gives cell steps): leave flowFieldAgents unset');
  return true;
}

/** What class `index` of a pool's update rebuilt on level 1 (a pool of several classes answers per class). */
function classRebuilt(update: TerrainUpdate, index: number): Rebuilt {
  const mine = update.classes.length === 1 ? update : update.classes[index]!;
  return { version: update.version, boxes: mine.rebuilt[0]?.rects ?? new Int32Array(0) };
}

interface CrowdParts {
  readonly terrain: Terrain;
  readonly ground: CrowdGround;
  readonly units: readonly UnitClass[];
}

/** A grid's crowd: its pools (each class of each), the map's copy. */
function gridCrowd(where: string, options: CrowdOptions, onFailure: () => void): CrowdParts {
  const pools = gridPoolsOf(where, options.pool, options.pools);
  if (options.world !== undefined) throw new TypeError(`${where}: world goes with a block world's pool (createWorldPool); a grid's pools take map`);
  if (pools.some((p) => p.closed)) throw new CrowdClosedError(`${where}: ${pools.length > 1 ? 'one of the pools' : 'the pool'} is closed (PathPool.close, or a worker that could not be replaced): give an open one`);
  const { map } = options;
  if (typeof map !== 'object' || map === null) throw new TypeError(`${where}: map must be { width, height, terrain }, got ${describe(map)}`);
  const copy = new TerrainCopy(map, where);
  for (const pool of pools) {
    if (copy.width !== pool.width || copy.height !== pool.height) {
      throw new TypeError(`${where}: the map is ${copy.width}x${copy.height} but the pool's is ${pool.width}x${pool.height}`);
    }
  }
  const ground = gridGround(copy.width, copy.height);
  // Steps are checked, and agents moved off new walls, by the rule of each pool's agent classes.
  const units = pools.flatMap((pool) => pool.agents.map((_, i) => new UnitClass(new GridUnits(pool, i, copy), ground, onFailure)));
  const classes = units.map((u) => `${u.agent.size}:${u.agent.capability}`);
  const twice = classes.find((c, i) => classes.indexOf(c) !== i);
  if (twice !== undefined) throw new TypeError(`${where}: two pools serve the same agent class (size ${twice.replace(':', ', ')}): give each class to one pool`);
  return { terrain: { kind: 'grid', copy }, ground, units };
}

/** A block world's crowd: its pool and the world on this thread. */
function worldCrowd(where: string, options: CrowdOptions, pool: WorldPathPool, onFailure: () => void): CrowdParts {
  if (options.pools !== undefined) throw new TypeError(`${where}: a block world's crowd takes one pool (pool), not pools`);
  if (options.map !== undefined) throw new TypeError(`${where}: a block world's pool goes with world (a BlockWorld), not map`);
  if (pool.closed) throw new CrowdClosedError(`${where}: the pool is closed (WorldPathPool.close, or a worker that could not be replaced): give an open one`);
  const world = options.world as BlockWorld | undefined;
  if (typeof world !== 'object' || world === null || typeof world.moveBetween !== 'function') {
    throw new TypeError(`${where}: world must be the BlockWorld of the pool's world, got ${describe(world)}`);
  }
  if (world.width !== pool.width || world.height !== pool.height || world.levels !== pool.levels) {
    throw new TypeError(`${where}: the world is ${world.width}x${world.height}x${world.levels} but the pool's is ${pool.width}x${pool.height}x${pool.levels}`);
  }
  const ground = worldGround(world.width, world.height, world.levels);
  return { terrain: { kind: 'world', world, pool }, ground, units: [new UnitClass(new WorldUnits(pool, world), ground, onFailure)] };
}

function positive(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new TypeError(`${where}: ${name} must be a finite number above 0, got ${describe(value)}`);
  return value;
}

function integerAtLeast(where: string, name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new TypeError(`${where}: ${name} must be an integer of ${min} or more, got ${describe(value)}`);
  return value;
}

/** A group order's options, checked, with their defaults. */
function groupOptions(where: string, options: GroupOptions | undefined, defaultSpacing: number): { formation: Formation; spacing: number } {
  if (options === undefined) return { formation: 'cluster', spacing: defaultSpacing };
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) if (key !== 'formation' && key !== 'spacing') throw new TypeError(`${where}: unknown option "${key}" (known: formation, spacing)`);
  const formation = options.formation ?? 'cluster';
  if (!FORMATIONS.includes(formation)) throw new TypeError(`${where}: option formation must be one of ${FORMATIONS.join(', ')}, got ${describe(formation)}`);
  return { formation, spacing: options.spacing === undefined ? defaultSpacing : positive(where, 'spacing', options.spacing) };
}
