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
 * - Its agents are of the pool's agent class ({@link PathPool.agent}): a pool made from
 *   `hpastar.Grid.forAgent(grid, { size: 2, capability: 'ground' })` gives a crowd of 2 × 2 units whose
 *   positions are their squares' top-left cells, checked and snapped for the whole square. (One class per
 *   crowd for now: a crowd of several classes is a crowd per class.)
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
import { cell, describe } from '../args.ts';
import { FLOW_DX, FLOW_DY, FLOW_NO_STEP } from '../flowField.ts';
import { normalizedAgent, sameAgentClass, type AgentClass } from '../agentClasses.ts';
import { PathStatusCode, type PathBatch } from '../batch.ts';
import type { PlanBatch } from '../planBatch.ts';
import type { PathPool } from '../pool/index.ts';
import type { Agent as AgentClassOption, Point, TerrainCosts, TerrainData, TerrainEdit, TerrainUpdate } from '../types.ts';
import { cellBox, Route, segmentOf } from './route.ts';
import { SharedGoals } from './sharedGoals.ts';
import { FootprintRules, TerrainCopy } from './terrainCopy.ts';

/** Options of a {@link Crowd}. */
export interface CrowdOptions {
  /**
   * The pool that searches for the crowd (an HPA* pool), made from the same map: its agents are of the
   * pool's agent classes ({@link PathPool.agents}: a pool made with `agents: [...]` serves a crowd of
   * mixed units). The crowd does not close it. Give `pool` or `pools`.
   */
  readonly pool?: PathPool;
  /**
   * Several pools, each made from the same map (e.g. one per agent class, from
   * `hpastar.Grid.forAgent(grid, ...)`): a crowd of mixed units, each agent of one of their classes
   * ({@link AgentOptions.agent}). Terrain updates go to every pool. One pool of several classes needs
   * one set of workers and one update for all: prefer it.
   */
  readonly pools?: readonly PathPool[];
  /**
   * The map's terrain (e.g. `parseMovingAIMap(text)`), as the pool holds it now. The crowd keeps its own
   * copy ({@link Crowd.terrain}) and edits it with the pool's in {@link Crowd.updateTerrain}.
   */
  readonly map: TerrainData;
  /** Default speed of the agents, in cells per second (straight steps; a diagonal step is √2 cells). Default 5. */
  readonly speed?: number;
  /** An agent with a goal that has not moved for this long is reported stalled, in seconds. Default 1. */
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
}

/** Options of {@link Crowd.addAgent}. */
export interface AgentOptions {
  /** Where it goes; none: it stands until {@link Crowd.setGoal}. */
  readonly goal?: Point | null;
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
  | 'following';

/** An agent as the game reads it (to draw it). */
export interface CrowdAgent {
  readonly id: number;
  /** Its position, in cells (fractional while stepping between two cells). */
  readonly x: number;
  readonly y: number;
  /** The cell it stands on (the last one it reached). */
  readonly cellX: number;
  readonly cellY: number;
  readonly goal: Point | null;
  readonly speed: number;
  readonly state: AgentState;
  /** Seconds since it last reached a cell while it had a goal (0 when idle). */
  readonly stillSeconds: number;
  /** Its agent class: its square's side and the terrain it stands on (its pool's {@link PathPool.agent}). */
  readonly agent: AgentClass;
}

/** What happened to the agents, as {@link Crowd.step} reports it. */
export type CrowdEvent =
  /** The agent reached its goal; it is idle now. */
  | { readonly type: 'arrived'; readonly agent: number; readonly goal: Point }
  /** No path to the goal (another component, or the goal is blocked); the agent is idle now. */
  | { readonly type: 'unreachable'; readonly agent: number; readonly goal: Point; readonly reason: string }
  /** The agent, with a goal, has not moved for `stallSeconds` (once per stall). */
  | { readonly type: 'stalled'; readonly agent: number; readonly seconds: number }
  /**
   * A terrain update changed the agent's route: a new wall on it or under the agent (`'wall'`), or the
   * pool rebuilt a cluster it crosses (`'rebuilt'`); it plans again.
   */
  | { readonly type: 'replanned'; readonly agent: number; readonly reason: 'wall' | 'rebuilt' }
  /** A wall covered the agent: it was moved to the nearest passable cell. */
  | { readonly type: 'snapped'; readonly agent: number; readonly from: Point; readonly to: Point };

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
  readonly stalls: number;
  readonly snaps: number;
  /** The longest any agent with a goal has stood still (as {@link CrowdAgent.stillSeconds}), now. */
  readonly longestStillSeconds: number;
  /** Steps of a route or field that the crowd's terrain refused (a wall the answer did not know of yet), since the start. */
  readonly refusedSteps: number;
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
class Agent implements CrowdAgent {
  cellX: number;
  cellY: number;
  /** The step under way: its target and the distance covered. */
  stepping = false;
  nextX = 0;
  nextY = 0;
  progress = 0;
  goal: Point | null = null;
  state: AgentState = 'idle';
  route: Route | null = null;
  /** Bumped on every new plan, so answers to an older one are dropped. */
  epoch = 0;
  /** Set while a plan request is queued or in the pool. */
  asked = false;
  stillSeconds = 0;
  stallReported = false;

  constructor(
    readonly id: number,
    at: Point,
    public speed: number,
    readonly unit: UnitClass,
  ) {
    this.cellX = at.x;
    this.cellY = at.y;
  }

  get agent(): AgentClass {
    return this.unit.agent;
  }

  get x(): number {
    return this.stepping ? this.cellX + (this.nextX - this.cellX) * (this.progress / this.#length()) : this.cellX;
  }

  get y(): number {
    return this.stepping ? this.cellY + (this.nextY - this.cellY) * (this.progress / this.#length()) : this.cellY;
  }

  #length(): number {
    return this.nextX !== this.cellX && this.nextY !== this.cellY ? Math.SQRT2 : 1;
  }

  get stepLength(): number {
    return this.#length();
  }

  atGoal(): boolean {
    return !!this.goal && this.goal.x === this.cellX && this.goal.y === this.cellY;
  }
}

interface SegmentRequest {
  readonly agent: Agent;
  readonly epoch: number;
  readonly index: number;
}

/**
 * The agents of one class: the pool that searches for them, the rule their squares move by, the goals
 * they share, the terrain version asked of the pool and the updates it answered, the requests of the frame.
 */
class UnitClass {
  readonly agent: AgentClass;
  readonly rules: FootprintRules;
  readonly goals: SharedGoals;
  /** The newest terrain version the crowd asked of the pool. */
  version: number;
  /** Updates the pool answered, newest last: what they rebuilt, to check answers of older versions. */
  updates: TerrainUpdate[] = [];
  planQueue: Agent[] = [];
  segmentQueue: SegmentRequest[] = [];

  /** What the pool's calls for this class carry: `{ agent }` (pools of one class take none). */
  readonly asks: { readonly agent?: AgentClass };

  /** Class `index` of `pool`'s {@link PathPool.agents}. */
  constructor(readonly pool: PathPool, readonly index: number, terrain: TerrainCopy) {
    const agent = pool.agents[index]!;
    this.agent = Object.freeze({ size: agent.size, capability: agent.capability });
    this.asks = pool.agents.length > 1 ? Object.freeze({ agent: this.agent }) : {};
    this.rules = new FootprintRules(terrain, this.agent);
    this.goals = new SharedGoals(pool, terrain.width, this.asks);
    this.version = pool.version;
  }

  /** This class's part of what its pool's update rebuilt. */
  updateOf(update: TerrainUpdate): TerrainUpdate {
    if (update.classes.length === 1) return update;
    const mine = update.classes[this.index]!;
    return Object.freeze({ version: update.version, ...mine, classes: Object.freeze([mine]) });
  }

  /** Whether `agent` ({ size, capability } as given) is this class, its terrain names in any order. */
  is(agent: AgentClassOption): boolean {
    const capability = typeof agent.capability === 'string' ? agent.capability : agent.capability.join(',');
    return sameAgentClass(normalizedAgent({ size: agent.size, capability }), this.agent);
  }
}

/**
 * Agents walking to their goals on a map, planned in a worker pool (see the module's description).
 * Made with `new Crowd({ pool, map })`; it owns no workers: close the pool when done.
 */
export class Crowd {
  readonly width: number;
  readonly height: number;
  readonly #terrain: TerrainCopy;
  /** One per pool, in the order given: the first is the default class. */
  readonly #units: readonly UnitClass[];
  readonly #agents = new Map<number, Agent>();
  #nextId = 1;
  readonly #speed: number;
  readonly #stallSeconds: number;
  readonly #flowFieldAgents: number;
  readonly #lookahead: number;
  #events: CrowdEvent[] = [];
  #inFlight = 0;
  readonly #maxInFlight: number;
  #counts = { refusedSteps: 0, plans: 0, segments: 0, replans: 0, arrivals: 0, unreachable: 0, stalls: 0, snaps: 0, moving: 0, waiting: 0 };
  #lastUpdate: { version: number; replansAtOnce: number; replansRebuilt: number } | null = null;

  /**
   * @throws TypeError - for options that are not as {@link CrowdOptions} says (naming the option), or a
   *   map whose size is not the pool's
   * @throws Error - for a pool that is closed
   */
  constructor(options: CrowdOptions) {
    const where = 'Crowd';
    if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    const known = ['pool', 'pools', 'map', 'speed', 'stallSeconds', 'flowFieldAgents', 'lookahead', 'maxInFlight'];
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
    }
    const { map } = options;
    const pools = poolsOf(where, options);
    if (pools.some((p) => p.closed)) throw new Error(`${where}: ${pools.length > 1 ? 'one of the pools' : 'the pool'} is closed (PathPool.close, or a worker that could not be replaced): give an open one`);
    if (typeof map !== 'object' || map === null) throw new TypeError(`${where}: map must be { width, height, terrain }, got ${describe(map)}`);
    this.#terrain = new TerrainCopy(map, where);
    for (const pool of pools) {
      if (this.#terrain.width !== pool.width || this.#terrain.height !== pool.height) {
        throw new TypeError(`${where}: the map is ${this.#terrain.width}x${this.#terrain.height} but the pool's is ${pool.width}x${pool.height}`);
      }
    }
    this.width = this.#terrain.width;
    this.height = this.#terrain.height;
    // Steps are checked, and agents moved off new walls, by the rule of each pool's agent classes.
    this.#units = pools.flatMap((pool) => pool.agents.map((_, i) => new UnitClass(pool, i, this.#terrain)));
    const classes = this.#units.map((u) => `${u.agent.size}:${u.agent.capability}`);
    const twice = classes.find((c, i) => classes.indexOf(c) !== i);
    if (twice !== undefined) throw new TypeError(`${where}: two pools serve the same agent class (size ${twice.replace(':', ', ')}): give each class to one pool`);
    this.#speed = positive(where, 'speed', options.speed ?? 5);
    this.#stallSeconds = positive(where, 'stallSeconds', options.stallSeconds ?? 1);
    this.#flowFieldAgents = options.flowFieldAgents === Infinity ? Infinity : integerAtLeast(where, 'flowFieldAgents', options.flowFieldAgents ?? 16, 1);
    this.#lookahead = integerAtLeast(where, 'lookahead', options.lookahead ?? 2, 1);
    this.#maxInFlight = integerAtLeast(where, 'maxInFlight', options.maxInFlight ?? 256, 1);
  }

  /** The crowd's terrain, character codes row-major (read it to draw; change it only with {@link Crowd.updateTerrain}). */
  get terrain(): Uint8Array {
    return this.#terrain.bytes;
  }

  /**
   * Whether an agent of class `agent` (default: the first pool's) may stand on (x, y) on the crowd's
   * terrain now: its whole square, for a square agent.
   * @throws TypeError, RangeError - for an agent class none of the crowd's pools serves
   */
  passable(x: number, y: number, agent?: AgentClassOption): boolean {
    return this.#unitOf('Crowd.passable', agent).rules.passable(x, y);
  }

  /** The agent classes of the crowd's pools, in the order given, each pool's in its order (the first is the default). */
  get agentClasses(): readonly AgentClass[] {
    return this.#units.map((u) => u.agent);
  }

  /** Number of agents. */
  get size(): number {
    return this.#agents.size;
  }

  /** The agents, in the order they were added. */
  agents(): IterableIterator<CrowdAgent> {
    return this.#agents.values();
  }

  /**
   * The agent `id`.
   * @throws RangeError - when there is no such agent
   */
  agent(id: number): CrowdAgent {
    return this.#agent('Crowd.agent', id);
  }

  /**
   * What remains of agent `id`'s route, to draw it: the waypoints of its plan still ahead and the cells
   * refined ahead (x, y pairs, copies); null when it has no route (idle, planning or following a field).
   * @throws RangeError - when there is no such agent
   */
  routeOf(id: number): { readonly waypoints: Int32Array; readonly cells: Int32Array } | null {
    const route = this.#agent('Crowd.routeOf', id).route;
    if (!route) return null;
    const cells: number[] = [];
    for (let k = route.segIndex; route.segments.has(k); k++) {
      const c = route.segments.get(k)!.cells;
      for (let i = k === route.segIndex ? 2 * route.at : 0; i < c.length; i++) cells.push(c[i]!);
    }
    return { waypoints: route.waypoints.slice(2 * (route.segIndex + 1)), cells: Int32Array.from(cells) };
  }

  /**
   * Adds an agent on cell `at`.
   * @returns its id
   * @throws TypeError - for a malformed cell or options
   * @throws RangeError - when `at` is outside the map or blocked
   */
  addAgent(at: Point, options?: AgentOptions): number {
    const where = 'Crowd.addAgent';
    const p = cell(where, 'at', at);
    if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'goal' && key !== 'speed' && key !== 'agent') throw new TypeError(`${where}: unknown option "${key}" (known: goal, speed, agent)`);
    }
    const unit = this.#unitOf(where, options?.agent);
    if (!unit.rules.passable(p.x, p.y)) {
      const square = unit.agent.size > 1 ? ` for the ${unit.agent.size}x${unit.agent.size} square of ${unit.agent.capability}` : '';
      throw new RangeError(`${where}: cell (${p.x}, ${p.y}) is ${this.#inside(p) ? `blocked${square}` : `outside the ${this.width}x${this.height} map`}`);
    }
    const agent = new Agent(this.#nextId++, p, options?.speed === undefined ? this.#speed : positive(where, 'speed', options.speed), unit);
    this.#agents.set(agent.id, agent);
    if (options?.goal) this.#setGoal(agent, this.#goal(where, options.goal));
    return agent.id;
  }

  /**
   * Removes agent `id` (answers for it still in the pool are dropped).
   * @throws RangeError - when there is no such agent
   */
  removeAgent(id: number): void {
    const agent = this.#agent('Crowd.removeAgent', id);
    this.#setGoal(agent, null);
    this.#agents.delete(id);
  }

  /**
   * Sends agent `id` to `goal` (null: it stops where it stands). A goal that is blocked or cannot be
   * reached is reported by a later {@link Crowd.step} as an `'unreachable'` event.
   * @throws TypeError - for a malformed goal
   * @throws RangeError - when there is no such agent, or the goal is outside the map
   */
  setGoal(id: number, goal: Point | null): void {
    const where = 'Crowd.setGoal';
    const agent = this.#agent(where, id);
    this.#setGoal(agent, goal === null ? null : this.#goal(where, goal));
  }

  /** Sets the speed of agent `id`, in cells per second. */
  setSpeed(id: number, speed: number): void {
    const where = 'Crowd.setSpeed';
    this.#agent(where, id).speed = positive(where, 'speed', speed);
  }

  /**
   * Moves every agent by `dt` seconds (at most 0.25: a longer frame moves them by 0.25), then sends the
   * plans and segments this frame asked for to the pool, one batch each.
   * @returns what happened since the last call, in order
   * @throws TypeError - when `dt` is not a number of 0 or more
   * @throws Error - once a pool of the crowd is closed (nothing moves then)
   */
  step(dt: number): CrowdEvent[] {
    if (typeof dt !== 'number' || !(dt >= 0) || !Number.isFinite(dt)) throw new TypeError(`Crowd.step: dt must be a finite number of seconds, 0 or more, got ${describe(dt)}`);
    this.#checkPools('Crowd.step');
    dt = Math.min(dt, MAX_DT);
    let moving = 0, waiting = 0;
    for (const agent of this.#agents.values()) {
      if (agent.state === 'idle' && !agent.stepping) continue;
      // A goal shared by enough agents: its field, not a plan (decided before any plan is asked for).
      if (agent.state === 'planning' && !agent.asked && agent.unit.goals.members(agent.goal!) >= this.#flowFieldAgents) agent.state = 'following';
      const cellBefore = agent.cellY * this.width + agent.cellX;
      const moved = this.#walk(agent, agent.speed * dt);
      if (agent.state === 'idle') {
        agent.stillSeconds = 0;
        continue;
      }
      if (moved) moving++;
      else waiting++;
      if (cellBefore !== agent.cellY * this.width + agent.cellX) {
        agent.stillSeconds = 0;
        agent.stallReported = false;
      } else {
        agent.stillSeconds += dt;
        if (agent.stillSeconds >= this.#stallSeconds && !agent.stallReported) {
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
   * Changes the terrain of the crowd and of its pools, all edits or none (checked before anything
   * changes, as the pools check them). At once: agents on a cell that became blocked for their class are
   * moved to the nearest cell where they stand (a `'snapped'` event), steps under way into a new wall are
   * cancelled, and agents whose refined route ahead crosses one plan again. Once a pool has rebuilt: its
   * agents whose remaining route, planned on an older terrain, crosses a rebuilt cluster plan again; the
   * others keep their routes. Flow fields are asked again on the new terrain.
   * @returns the answer of the first pool (the new version and what it rebuilt), once every pool answered
   * @throws TypeError, RangeError - naming the first bad edit, as {@link PathPool.updateTerrain}
   * @throws Error - once a pool of the crowd is closed (nothing changes then)
   */
  updateTerrain(edits: readonly TerrainEdit[]): Promise<TerrainUpdate> {
    // Checked first: a closed pool would leave the crowd's terrain ahead of the pool's.
    this.#checkPools('Crowd.updateTerrain');
    const packed = this.#terrain.check(edits, 'Crowd.updateTerrain');
    const covered = this.#units.map((unit) => unit.rules.coveredBy(packed));
    this.#terrain.write(packed);
    // The figures of the update: the first class's version, the replans of every class.
    const before = this.#units[0]!.version;
    const record = { version: before, replansAtOnce: 0, replansRebuilt: 0 };
    // Each pool is asked once, for all the classes it serves.
    const answers = new Map<PathPool, Promise<TerrainUpdate>>();
    for (const unit of this.#units) if (!answers.has(unit.pool)) answers.set(unit.pool, unit.pool.updateTerrain(edits));
    const done = this.#units.map((unit, i) => this.#updateUnit(unit, answers.get(unit.pool)!, unit.rules.blockedOf(covered[i]!), record));
    if (record.version !== before) this.#lastUpdate = record;
    return Promise.all(done).then(() => answers.get(this.#units[0]!.pool)!);
  }

  /**
   * The part of {@link Crowd.updateTerrain} for one class: its agents, against its pool's `answer`; their
   * replans go to `record`.
   */
  #updateUnit(unit: UnitClass, poolAnswer: Promise<TerrainUpdate>, blocked: Set<number>, record: { version: number; replansAtOnce: number; replansRebuilt: number }): Promise<TerrainUpdate> {
    const answer = poolAnswer.then((update) => unit.updateOf(update));
    const version = unit.pool.version;
    if (version === unit.version) return answer;
    unit.version = version;
    if (unit === this.#units[0]) record.version = version;
    unit.goals.version = version;
    let atOnce = 0;
    const blockedBox = cellBox(blocked, this.width);
    for (const agent of this.#agents.values()) {
      if (agent.unit !== unit) continue;
      if (blocked.has(agent.cellY * this.width + agent.cellX)) {
        this.#snap(agent);
        if (agent.state === 'walking') atOnce += this.#replan(agent, 'wall');
        else if (agent.state === 'planning') this.#replan(agent);
        continue;
      }
      if (agent.stepping && !unit.rules.legalStep(agent.cellX, agent.cellY, agent.nextX, agent.nextY)) {
        agent.stepping = false;
        agent.progress = 0;
        if (agent.state === 'walking') atOnce += this.#replan(agent, 'wall');
        continue;
      }
      if (agent.state === 'walking' && agent.route && blocked.size && agent.route.aheadHits(blocked, blockedBox, this.width)) atOnce += this.#replan(agent, 'wall');
    }
    record.replansAtOnce += atOnce;
    return answer.then((update) => {
      unit.updates.push(update);
      if (unit.updates.length > UPDATE_LOG) unit.updates.shift();
      for (const agent of this.#agents.values()) {
        if (agent.unit === unit && agent.state === 'walking' && agent.route && agent.route.crosses(update, update.version)) record.replansRebuilt += this.#replan(agent, 'rebuilt');
      }
      return update;
    });
  }

  /**
   * Sets what crossing each terrain kind costs, in every pool (see {@link PathPool.setTerrainCosts}). No
   * cell changes passability, so routes stay legal and are kept; plans and fields asked from now on
   * follow the new costs.
   * @returns the first pool's new version, once every pool answered
   */
  async setTerrainCosts(costs: TerrainCosts): Promise<number> {
    this.#checkPools('Crowd.setTerrainCosts');
    const answers = new Map<PathPool, Promise<number>>();
    for (const unit of this.#units) {
      if (!answers.has(unit.pool)) answers.set(unit.pool, unit.pool.setTerrainCosts(costs));
      unit.version = Math.max(unit.version, unit.pool.version);
      unit.goals.version = unit.version;
    }
    return (await Promise.all(answers.values()))[0]!;
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
    return {
      agents: this.#agents.size, moving: c.moving, waiting: c.waiting, following,
      plans: c.plans, segments: c.segments, fields: this.#units.reduce((n, u) => n + u.goals.asked, 0),
      inFlight: this.#units.reduce((n, u) => n + u.goals.inFlight, this.#inFlight),
      replans: c.replans, arrivals: c.arrivals, unreachable: c.unreachable, stalls: c.stalls, snaps: c.snaps,
      longestStillSeconds: longest, refusedSteps: c.refusedSteps, lastUpdate: this.#lastUpdate ? { ...this.#lastUpdate } : null,
    };
  }

  /**
   * Refuses to go on once a pool is closed: its agents could not plan any more (and answers already
   * asked reject), so a step would report reachable goals as unreachable or leave agents planning for ever.
   */
  #checkPools(where: string): void {
    const closed = this.#units.find((u) => u.pool.closed);
    if (closed) {
      const which = new Set(this.#units.map((u) => u.pool)).size > 1 ? `the pool of the agents of size ${closed.agent.size} ${closed.agent.capability}` : 'the pool';
      throw new Error(`${where}: ${which} is closed (PathPool.close, or a worker that could not be replaced): no plan can be made; make a new crowd on an open pool`);
    }
  }

  #agent(where: string, id: number): Agent {
    const agent = this.#agents.get(id);
    if (!agent) throw new RangeError(`${where}: there is no agent ${describe(id)}`);
    return agent;
  }

  /** The class of the crowd's pools that `agent` names (default: the first pool's). */
  #unitOf(where: string, agent: AgentClassOption | undefined): UnitClass {
    if (agent === undefined) return this.#units[0]!;
    // The class objects the crowd hands out (agentClasses, CrowdAgent.agent) are found without parsing.
    const same = this.#units.find((u) => u.agent === agent);
    if (same) return same;
    if (typeof agent !== 'object' || agent === null || typeof agent.size !== 'number' || (typeof agent.capability !== 'string' && !Array.isArray(agent.capability))) {
      throw new TypeError(`${where}: agent must be { size, capability }, got ${describe(agent)}`);
    }
    const unit = this.#units.find((u) => u.is(agent));
    if (unit) return unit;
    const capability = typeof agent.capability === 'string' ? agent.capability : agent.capability.join(',');
    const served = this.#units.map((u) => `size ${u.agent.size} ${u.agent.capability}`).join('; ');
    throw new RangeError(`${where}: no pool of the crowd serves agents of size ${agent.size} ${capability} (served: ${served})`);
  }

  #inside(p: Point): boolean {
    return p.x >= 0 && p.y >= 0 && p.x < this.width && p.y < this.height;
  }

  #goal(where: string, goal: Point): Point {
    const g = cell(where, 'goal', goal);
    if (!this.#inside(g)) throw new RangeError(`${where}: goal (${g.x}, ${g.y}) is outside the ${this.width}x${this.height} map`);
    return { x: g.x, y: g.y };
  }

  #setGoal(agent: Agent, goal: Point | null): void {
    if (agent.goal) agent.unit.goals.leave(agent.goal);
    agent.goal = goal;
    agent.route = null;
    agent.epoch++;
    agent.asked = false;
    agent.stillSeconds = 0;
    agent.stallReported = false;
    if (!goal) {
      agent.state = 'idle';
      return;
    }
    agent.unit.goals.join(goal);
    agent.state = 'planning';
  }

  /** The agent stops (its goal reached, or none reachable): it is idle. */
  #stop(agent: Agent): void {
    this.#setGoal(agent, null);
  }

  /**
   * Drops the agent's route and asks for a new plan to the same goal; 1 when it had a route to drop
   * (reported as an event when a terrain update is the `reason`).
   */
  #replan(agent: Agent, reason?: 'wall' | 'rebuilt'): number {
    const had = agent.state === 'walking' ? 1 : 0;
    if (had && reason) this.#events.push({ type: 'replanned', agent: agent.id, reason });
    agent.route = null;
    agent.epoch++;
    agent.asked = false;
    agent.state = 'planning';
    this.#counts.replans += had;
    return had;
  }

  #snap(agent: Agent): void {
    const from = { x: agent.cellX, y: agent.cellY };
    const to = agent.unit.rules.nearestPassable(from.x, from.y);
    agent.stepping = false;
    agent.progress = 0;
    if (!to) return; // no passable cell left on the map: it stays
    agent.cellX = to.x;
    agent.cellY = to.y;
    this.#counts.snaps++;
    this.#events.push({ type: 'snapped', agent: agent.id, from, to });
  }

  /** Moves the agent by `budget` cells along its route or field; true when it moved at all. */
  #walk(agent: Agent, budget: number): boolean {
    let moved = false;
    while (budget > 1e-12) {
      if (!agent.stepping && !this.#nextStep(agent)) break;
      const length = agent.stepLength;
      const move = Math.min(budget, length - agent.progress);
      agent.progress += move;
      budget -= move;
      moved = true;
      if (agent.progress >= length - 1e-9) {
        agent.cellX = agent.nextX;
        agent.cellY = agent.nextY;
        agent.stepping = false;
        agent.progress = 0;
        if (agent.route) agent.route.at++;
      }
    }
    return moved;
  }

  /** Starts the agent's next step, if it has one that is legal now; false when it must wait. */
  #nextStep(agent: Agent): boolean {
    if (agent.state === 'idle') return false;
    if (agent.atGoal()) {
      this.#counts.arrivals++;
      this.#events.push({ type: 'arrived', agent: agent.id, goal: agent.goal! });
      this.#stop(agent);
      return false;
    }
    const next = agent.state === 'following' ? this.#fieldStep(agent) : agent.state === 'walking' ? this.#routeStep(agent) : null;
    if (!next) return false;
    if (!agent.unit.rules.legalStep(agent.cellX, agent.cellY, next[0], next[1])) {
      // A route from before a wall (its update not yet answered) re-plans; a field waits for its refresh.
      this.#counts.refusedSteps++;
      if (agent.state === 'walking') this.#replan(agent);
      return false;
    }
    agent.nextX = next[0];
    agent.nextY = next[1];
    agent.progress = 0;
    agent.stepping = true;
    return true;
  }

  #fieldStep(agent: Agent): [number, number] | null {
    const goal = agent.goal!;
    const goals = agent.unit.goals;
    const { field, refused } = goals.field(goal);
    if (refused !== null) {
      this.#unreachable(agent, refused);
      return null;
    }
    if (!field) return null;
    const d = field.direction(agent.cellX, agent.cellY);
    if (d <= 7) return [agent.cellX + FLOW_DX[d]!, agent.cellY + FLOW_DY[d]!];
    // No step from here on the newest terrain: the goal is in another component.
    if (d === FLOW_NO_STEP && goals.current(field)) this.#unreachable(agent, 'no path');
    return null;
  }

  #routeStep(agent: Agent): [number, number] | null {
    const route = agent.route!;
    for (;;) {
      const next = route.nextCell();
      if (next) return next;
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

  #unreachable(agent: Agent, reason: string): void {
    const goal = agent.goal!;
    this.#counts.unreachable++;
    this.#events.push({ type: 'unreachable', agent: agent.id, goal, reason });
    this.#stop(agent);
  }

  /**
   * Asks for the segments after the one walked, up to the lookahead, that are neither refined nor asked.
   * A segment between two neighbouring waypoints (an entrance crossed from one cluster to the next, about
   * half of a plan's segments) is its one step when that step is legal: no search.
   */
  #askAhead(agent: Agent, route: Route): void {
    const last = Math.min(route.segmentCount - 1, route.segIndex + this.#lookahead);
    const w = route.waypoints;
    for (let k = route.segIndex; k <= last; k++) {
      if (route.segments.has(k) || route.requested.has(k)) continue;
      const bx = w[2 * k + 2]!, by = w[2 * k + 3]!;
      // Only when that step is legal now: two diagonal neighbours with a blocked corner are joined round it.
      if (agent.unit.rules.legalStep(w[2 * k]!, w[2 * k + 1]!, bx, by)) {
        route.segments.set(k, segmentOf(Int32Array.of(bx, by), route.version));
        continue;
      }
      route.requested.add(k);
      agent.unit.segmentQueue.push({ agent, epoch: agent.epoch, index: k });
    }
  }

  /** Sends the plans of one class asked for this frame as one batch. */
  #sendPlans(unit: UnitClass): void {
    const agents = unit.planQueue.filter((a) => a.state === 'planning' && a.asked && this.#agents.has(a.id));
    unit.planQueue = [];
    if (!agents.length || unit.pool.closed) {
      for (const a of agents) a.asked = false;
      return;
    }
    const queries = new Int32Array(4 * agents.length);
    const epochs = agents.map((a, i) => {
      queries.set([a.cellX, a.cellY, a.goal!.x, a.goal!.y], 4 * i);
      return a.epoch;
    });
    this.#counts.plans += agents.length;
    this.#inFlight += agents.length;
    unit.pool.planPaths(queries, unit.asks).then(
      (plans) => {
        this.#inFlight -= agents.length;
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i] && this.#agents.has(a.id)) this.#planned(a, plans, i);
        });
      },
      () => {
        this.#inFlight -= agents.length;
        // The pool failed or closed: the agents ask again next frame (a closed pool gets nothing more).
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i]) a.asked = false;
        });
      },
    );
  }

  #planned(agent: Agent, plans: PlanBatch, i: number): void {
    agent.asked = false;
    if (!plans.found(i)) {
      const status = plans.statusText(i);
      // Its cell was walled in after the plan was asked: it was snapped, and asks again.
      if (plans.status[i] === PathStatusCode.StartInvalid || plans.version < agent.unit.version) return;
      return this.#unreachable(agent, status);
    }
    const first = plans.firstSegment(i);
    const route = new Route(plans.waypointsOf(i).slice(), segmentOf(first.slice(2), plans.version), plans.version);
    agent.route = route;
    agent.state = 'walking';
    if (this.#staleAgainstUpdates(route, agent.unit)) {
      this.#replan(agent);
      return;
    }
    this.#askAhead(agent, route);
  }

  /** Whether an update the class's pool answered after the route's parts were searched crosses the route. */
  #staleAgainstUpdates(route: Route, unit: UnitClass): boolean {
    return unit.updates.some((u) => route.crosses(u, u.version));
  }

  /**
   * Sends segments asked for as one batch of smoothed searches between waypoints, as many as keep the
   * crowd's queries in the pool under `maxInFlight`: those of agents waiting for them first, then those
   * asked ahead, oldest first. The rest wait for a later frame. A pool given more than it answers would
   * otherwise queue requests for seconds, and a terrain update waits behind them.
   */
  #sendSegments(unit: UnitClass): void {
    const live = unit.segmentQueue.filter((r) => r.agent.epoch === r.epoch && this.#agents.has(r.agent.id));
    if (!live.length) {
      unit.segmentQueue = [];
      return;
    }
    if (unit.pool.closed) {
      for (const r of live) r.agent.route?.requested.delete(r.index);
      unit.segmentQueue = [];
      return;
    }
    const room = Math.max(0, this.#maxInFlight - this.#inFlight);
    const waiting = (r: SegmentRequest) => r.agent.route!.segIndex === r.index;
    const ordered = [...live.filter(waiting), ...live.filter((r) => !waiting(r))];
    const requests = ordered.slice(0, room);
    unit.segmentQueue = ordered.slice(room);
    if (!requests.length) return;
    const queries = new Int32Array(4 * requests.length);
    requests.forEach((r, i) => {
      const w = r.agent.route!.waypoints;
      queries.set(w.subarray(2 * r.index, 2 * r.index + 4), 4 * i);
    });
    this.#counts.segments += requests.length;
    this.#inFlight += requests.length;
    unit.pool.findPaths(queries, { smooth: true, ...unit.asks }).then(
      (batch) => {
        this.#inFlight -= requests.length;
        requests.forEach((r, i) => this.#refined(r, batch, i));
      },
      () => {
        this.#inFlight -= requests.length;
        for (const r of requests) if (r.agent.epoch === r.epoch) r.agent.route?.requested.delete(r.index);
      },
    );
  }

  #refined(r: SegmentRequest, batch: PathBatch, i: number): void {
    const agent = r.agent;
    if (agent.epoch !== r.epoch || !agent.route || !this.#agents.has(agent.id)) return;
    const route = agent.route;
    route.requested.delete(r.index);
    // No way between the two waypoints any more (a wall since the plan): plan again.
    if (!batch.found(i)) return void this.#replan(agent);
    route.segments.set(r.index, segmentOf(batch.path(i).slice(2), batch.version));
    if (this.#staleAgainstUpdates(route, agent.unit)) this.#replan(agent);
  }
}

/** The pools of the crowd's options: `pool`, or `pools` (one or more HPA* pools). */
function poolsOf(where: string, options: CrowdOptions): readonly PathPool[] {
  const { pool, pools } = options;
  if ((pool === undefined) === (pools === undefined)) throw new TypeError(`${where}: give pool (one agent class) or pools (one per class), not ${pool === undefined ? 'neither' : 'both'}`);
  const list = pools ?? [pool];
  if (!Array.isArray(list) || list.length === 0) throw new TypeError(`${where}: pools must be an array of one or more PathPools, got ${describe(pools)}`);
  for (const p of list as unknown[]) {
    const candidate = p as PathPool;
    if (typeof p !== 'object' || p === null || typeof candidate.planPaths !== 'function' || typeof candidate.flowField !== 'function') {
      throw new TypeError(`${where}: ${pools ? 'each of pools' : 'pool'} must be a PathPool made by createPathPool, got ${describe(p)}`);
    }
    if (candidate.algorithm !== 'hpa') throw new TypeError(`${where}: ${pools ? 'each of pools' : 'pool'} must be an HPA* pool (SHPA* pools do not plan), got a '${String(candidate.algorithm)}' pool`);
  }
  return list as readonly PathPool[];
}

function positive(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new TypeError(`${where}: ${name} must be a finite number above 0, got ${describe(value)}`);
  return value;
}

function integerAtLeast(where: string, name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new TypeError(`${where}: ${name} must be an integer of ${min} or more, got ${describe(value)}`);
  return value;
}
