// Crowds: N agents walk to random goals with the package's Crowd (web/lib/crowd/), every search in the
// package's worker pool (createPathPool, 'shared' or 'copied' mode): plans, their segments ahead of the
// agents, flow fields for shared goals. Painting walls updates the crowd and its pool at once
// (Crowd.updateTerrain): agents under a new wall are moved off it, and only the agents whose routes
// cross the rebuilt clusters plan again. This file only picks goals (a random cell of the agent's
// component), reads the crowd's figures for the panel and draws the agents.
// Any-angle (the Any-angle option, aa=1): agents walk straight lines between their paths' corners
// (Crowd's pathShape 'any-angle'); on a map with terrain costs they walk cells (lengths are Euclidean).
// Mixed units: three agent classes (sizes 1 to 3, two capabilities), each with a pool of its own built
// on the grid made for its square; one package Crowd moves them all, each agent by its class's rule.
import { createPathPool, Crowd as PackageCrowd, type Agent, type BuildProgress, type HPAStar, type PathPool, type TerrainCosts, type TerrainEdit } from '../lib/index';
import { noBuildFigures, type BuildFigures } from './buildProgress';
import { passableCode } from './hierarchyView';
import { PALETTE } from './render/palette';
import type { Viewport } from './render/view';

/** The crowd's units: one cell each, or the mixed classes of {@link MIXED_UNITS}. */
export type CrowdUnits = 'cells' | 'mixed';

/**
 * The classes of a mixed crowd, in the order agents are dealt them: infantry (one cell, crosses
 * forests), vehicles (2 × 2) and large units (3 × 3) on open ground and swamp.
 */
export const MIXED_UNITS: readonly Agent[] = [
  { size: 1, capability: 'ground,swamp,trees' },
  { size: 2, capability: 'ground,swamp' },
  { size: 3, capability: 'ground,swamp' },
];

/** What the panel and the end-to-end tests read. */
export interface CrowdMetrics {
  running: boolean;
  /**
   * The pool's start as the progress bar saw it: reports heard, those after its first 100 ms (which
   * show the bar), whether the bar was shown, and the phases heard.
   */
  build: BuildFigures;
  /** Paused: the agents stand where they are, nothing is asked of the pool. */
  paused: boolean;
  agents: number;
  walking: number;
  waiting: number;
  arrivals: number;
  poolMode: string;
  poolReason: string;
  poolWorkers: number;
  /** Plans and segment searches asked of the pool per second, and every search (with flow fields). */
  plansPerSecond: number;
  segmentsPerSecond: number;
  searchesPerSecond: number;
  /** Queries sent to the pool and not yet answered. */
  inFlight: number;
  /** Share of the last second's frames that ended with queries in the pool. */
  poolBusy: number;
  replans: number;
  totalPlans: number;
  totalSegments: number;
  /** Plans, segment searches and flow fields, since the start. */
  totalPoolSearches: number;
  /** Agents the last terrain update made plan again, and the longest any agent with a goal stands still now (s). */
  replansLastUpdate: number;
  longestStillSeconds: number;
  /** Agents with a goal that have not reached a cell for more than a second, and what the first few do. */
  stuck: number;
  stuckSample: string[];
  refusedSteps: number;
  /** Time of the last terrain update: from the call until every worker holds the new terrain, ms. */
  lastUpdateMs: number;
  /** The agent classes, as 'size 2 ground,swamp'. */
  classes: string[];
  /** Agents standing where their class's square does not fit, at the last frame (the crowd snaps them: 0). */
  misplaced: number;
  /** With local avoidance: agents flagged overlapping another at the last frame (a pass, or snapped onto one), and passes since the start. */
  avoidance: boolean;
  overlapping: number;
  passes: number;
  /** How the agents walk: 'grid' (cell by cell) or 'any-angle' (straight lines); and why not lines when they were asked for. */
  pathShape: 'grid' | 'any-angle';
  pathShapeNote: string;
}

/** The figures of no crowd (after Stop). */
export function emptyCrowdMetrics(): CrowdMetrics {
  return {
    running: false, build: noBuildFigures(), paused: false, agents: 0, walking: 0, waiting: 0, arrivals: 0, poolMode: '–', poolReason: '', poolWorkers: 0,
    plansPerSecond: 0, segmentsPerSecond: 0, searchesPerSecond: 0, inFlight: 0, poolBusy: 0, replans: 0,
    totalPlans: 0, totalSegments: 0, totalPoolSearches: 0, replansLastUpdate: 0, longestStillSeconds: 0, stuck: 0, stuckSample: [], refusedSteps: 0, lastUpdateMs: 0,
    classes: [], misplaced: 0, avoidance: false, overlapping: 0, passes: 0, pathShape: 'grid', pathShapeNote: '',
  };
}


export class Crowd {
  readonly width: number;
  readonly height: number;
  #pool: PathPool | null = null;
  /** The agent classes the pool serves (one cell of ground and swamp, unless mixed). */
  #classes: readonly Agent[] = [];
  #crowd: PackageCrowd | null = null;
  /** The demo's terrain (the same array it edits and draws): goals are drawn from it. */
  #terrain: Uint8Array;
  #ids: number[] = [];
  #components: () => Uint32Array | null;
  #labels: Uint32Array | null = null;
  #labelsDirty = true;
  #labelsAt = 0;
  #random: () => number;
  #speed = 10;
  /** Totals at the end of each recent frame, for the rates of the last second. */
  #history: { t: number; plans: number; segments: number; busy: boolean; dt: number }[] = [];
  #closed = false;
  readonly metrics: CrowdMetrics;
  /** Draw the routes of the first agents (waypoints ahead and refined cells ahead). */
  showRoutes = false;

  private constructor(terrain: Uint8Array, width: number, height: number, components: () => Uint32Array | null, seed: number) {
    this.#terrain = terrain;
    this.#components = components;
    this.width = width;
    this.height = height;
    let s = seed >>> 0 || 1;
    this.#random = () => {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      return (s >>> 0) / 4294967296;
    };
    this.metrics = emptyCrowdMetrics();
  }

  /**
   * Starts a crowd whose pool loads `source`'s hierarchy (its bytes, taken now: later edits of `source`
   * do not reach the crowd; the caller passes them to {@link Crowd.applyEdits}). Mixed units: one pool
   * serving every class of {@link MIXED_UNITS}, a hierarchy per class built in its workers from the
   * terrain, with `source`'s options and costs.
   * @param terrain - the map's terrain, kept in sync by the caller (the same array the demo edits)
   */
  static async start(
    source: HPAStar,
    terrain: Uint8Array,
    components: () => Uint32Array | null,
    { seed = 1, units = 'cells', pathShape = 'grid', avoidance = false, onProgress }: { seed?: number; units?: CrowdUnits; pathShape?: 'grid' | 'any-angle'; avoidance?: boolean; onProgress?: (progress: BuildProgress) => void } = {},
  ): Promise<Crowd> {
    const crowd = new Crowd(terrain, source.width, source.height, components, seed);
    const costs = source.terrainCosts as unknown as Record<string, number>;
    const weighted = Object.values(costs).some((m) => m !== 1);
    // Any-angle lengths are Euclidean: pools with terrain costs refuse them, so such a crowd walks cells.
    const shape = pathShape === 'any-angle' && weighted ? 'grid' : pathShape;
    crowd.metrics.pathShape = shape;
    crowd.metrics.pathShapeNote = shape !== pathShape ? 'terrain costs are set: any-angle lines need equal costs, so the agents walk cells' : '';
    const map = { width: source.width, height: source.height, terrain };
    try {
      const hierarchy = { ...source.options };
      const pool =
        units === 'mixed'
          ? createPathPool({ map: { ...map, terrain: terrain.slice() }, hierarchy, agents: MIXED_UNITS, ...(onProgress ? { onProgress } : {}) })
          : createPathPool({ planner: source, ...(onProgress ? { onProgress } : {}) });
      crowd.#pool = await pool;
    } catch (error) {
      await crowd.#pool?.close();
      throw error;
    }
    const pool = crowd.#pool;
    crowd.#classes = pool.agents;
    crowd.#crowd = new PackageCrowd({ pool, map, speed: crowd.#speed, pathShape: shape, avoidance });
    crowd.metrics.avoidance = avoidance;
    // Pools made from the terrain start with every kind at cost 1: give them the planner's multipliers.
    if (units === 'mixed' && weighted) crowd.setTerrainCosts(source.terrainCosts as unknown as TerrainCosts);
    crowd.metrics.poolMode = pool.mode;
    crowd.metrics.poolReason = pool.modeReason;
    crowd.metrics.poolWorkers = pool.workers;
    crowd.metrics.classes = crowd.#classes.map((c) => `size ${c.size} ${String(c.capability)}`);
    crowd.metrics.running = true;
    return crowd;
  }

  set speed(cellsPerSecond: number) {
    this.#speed = cellsPerSecond;
    for (const id of this.#ids) this.#crowd?.setSpeed(id, cellsPerSecond);
  }

  get count(): number {
    return this.#ids.length;
  }

  /** Adds agents on random free cells, each with a goal, or removes the last ones. */
  setCount(n: number): void {
    const crowd = this.#crowd;
    if (!crowd) return;
    while (this.#ids.length > n) crowd.removeAgent(this.#ids.pop()!);
    while (this.#ids.length < n) {
      // Classes dealt in turn: a third of each in a mixed crowd (the crowd's own class objects: found at once).
      const classes = crowd.agentClasses;
      const agent = classes[this.#ids.length % classes.length]!;
      const cell = this.#randomFreeCell(0, agent);
      if (!cell) break;
      const id = crowd.addAgent({ x: cell[0], y: cell[1] }, { speed: this.#speed, agent });
      this.#ids.push(id);
      this.#newGoal(id);
    }
    this.metrics.agents = this.#ids.length;
  }

  #componentLabels(): Uint32Array | null {
    const now = performance.now();
    if (this.#labelsDirty && (!this.#labels || now - this.#labelsAt > 500)) {
      this.#labels = this.#components();
      this.#labelsDirty = false;
      this.#labelsAt = now;
    }
    return this.#labels;
  }

  /**
   * A random cell where an agent of class `agent` stands, in component `label` when it is not 0 (the
   * labels are those of one-cell agents: a larger class's goal may still be cut off, and is then
   * reported unreachable and replaced).
   */
  #randomFreeCell(label: number, agent: Agent): [number, number] | null {
    const labels = label ? this.#componentLabels() : null;
    const crowd = this.#crowd!;
    for (let tries = 0; tries < 400; tries++) {
      const x = Math.floor(this.#random() * this.width), y = Math.floor(this.#random() * this.height);
      const i = y * this.width + x;
      if (!passableCode(this.#terrain[i]!) || !crowd.passable(x, y, agent)) continue;
      if (labels && labels[i] !== label) continue;
      return [x, y];
    }
    return null;
  }

  /** Sends agent `id` to a random cell of its component (it stands still when none is found). */
  #newGoal(id: number): void {
    const crowd = this.#crowd!;
    const a = crowd.agent(id);
    const labels = this.#componentLabels();
    const goal = this.#randomFreeCell(labels ? labels[a.cellY * this.width + a.cellX]! : 0, a.agent);
    crowd.setGoal(id, goal ? { x: goal[0], y: goal[1] } : null);
  }

  /** Pauses (agents stand still and ask nothing; answers in flight are kept) or resumes the crowd. */
  set paused(paused: boolean) {
    this.metrics.paused = paused;
  }

  get paused(): boolean {
    return this.metrics.paused;
  }

  /** Moves the agents by `dt` seconds; agents that arrived, or whose goal cannot be reached, get a new goal. */
  update(dt: number): void {
    const crowd = this.#crowd;
    if (this.#closed || this.metrics.paused || !crowd) return;
    let events: ReturnType<PackageCrowd['step']>;
    try {
      events = crowd.step(dt);
    } catch (error) {
      return this.#stopAfter(error); // its pool stopped (a worker that could not be replaced)
    }
    for (const e of events) {
      if (e.type === 'arrived' || e.type === 'unreachable') this.#newGoal(e.agent);
    }
    // Agents left without a goal (none was found in their component at the time) try again.
    for (const id of this.#ids) if (crowd.agent(id).state === 'idle') this.#newGoal(id);
    const s = crowd.stats;
    const m = this.metrics;
    m.walking = s.moving;
    m.waiting = s.waiting;
    m.arrivals = s.arrivals;
    m.replans = s.replans;
    m.inFlight = s.inFlight;
    m.totalPlans = s.plans;
    m.totalSegments = s.segments;
    m.totalPoolSearches = s.plans + s.segments + s.fields;
    m.replansLastUpdate = s.lastUpdate ? s.lastUpdate.replansAtOnce + s.lastUpdate.replansRebuilt : 0;
    m.longestStillSeconds = s.longestStillSeconds;
    m.refusedSteps = s.refusedSteps;
    // Every agent where its square fits (a wall painted on one snaps it off at once).
    let misplaced = 0, overlapping = 0;
    for (const a of crowd.agents()) {
      if (!crowd.passable(a.cellX, a.cellY, a.agent)) misplaced++;
      if (a.overlapping) overlapping++;
    }
    m.misplaced = misplaced;
    m.overlapping = overlapping;
    m.passes = s.overlaps;
    if (s.longestStillSeconds > 1) {
      m.stuck = 0;
      m.stuckSample = [];
      for (const a of crowd.agents()) {
        if (a.stillSeconds <= 1) continue;
        m.stuck++;
        if (m.stuckSample.length < 5) m.stuckSample.push(`${a.state} ${a.stillSeconds.toFixed(1)} s at (${a.cellX}, ${a.cellY}) to (${a.goal?.x}, ${a.goal?.y}), route ${crowd.routeOf(a.id)?.cells.length ?? 'none'}`);
      }
    } else m.stuck = 0;
    // Rates over the last second.
    const now = performance.now();
    this.#history.push({ t: now, plans: s.plans, segments: s.segments, busy: s.inFlight > 0, dt: Math.min(dt, 0.25) });
    while (this.#history.length > 1 && this.#history[0]!.t < now - 1000) this.#history.shift();
    const first = this.#history[0]!;
    m.plansPerSecond = s.plans - first.plans;
    m.segmentsPerSecond = s.segments - first.segments;
    m.searchesPerSecond = m.plansPerSecond + m.segmentsPerSecond;
    let busy = 0, total = 0;
    for (const h of this.#history) {
      total += h.dt;
      if (h.busy) busy += h.dt;
    }
    m.poolBusy = total > 0 ? busy / total : 0;
  }

  /**
   * Terrain changed (the caller has already written its own terrain): the crowd and its pool take the
   * edits; agents under new walls move off them, routes crossing what was rebuilt are planned again.
   */
  applyEdits(edits: readonly TerrainEdit[]): void {
    if (this.#closed || !edits.length || !this.#crowd) return;
    const t0 = performance.now();
    let update: ReturnType<PackageCrowd['updateTerrain']>;
    try {
      update = this.#crowd.updateTerrain(edits);
    } catch (error) {
      return this.#stopAfter(error);
    }
    update.then(
      () => (this.metrics.lastUpdateMs = performance.now() - t0),
      (error: unknown) => {
        if (!this.#closed) console.warn('crowd: pool update failed', error);
      },
    );
    this.#labelsDirty = true;
  }

  /** The crowd refused to go on (its pool stopped): the agents stop where they are, and the page says why. */
  #stopAfter(error: unknown): void {
    console.warn(`crowd stopped: ${error instanceof Error ? error.message : String(error)}`);
    void this.close();
  }

  /**
   * A terrain kind's multiplier changed: the pool takes it (requests sent from now on see it). No cell
   * becomes blocked, so every agent keeps its route; later plans follow the new costs.
   */
  setTerrainCosts(costs: TerrainCosts): void {
    if (this.#closed || !this.#crowd) return;
    // A crowd walking lines keeps equal costs (Crowd.setTerrainCosts refuses others); the next start walks cells.
    if (this.metrics.pathShape === 'any-angle' && Object.values(costs as Record<string, number>).some((m) => m !== 1)) {
      this.metrics.pathShapeNote = 'terrain costs changed: this crowd walks lines on equal costs; start it again to walk cells on the new costs';
      return;
    }
    const t0 = performance.now();
    this.#crowd.setTerrainCosts(costs).then(
      () => (this.metrics.lastUpdateMs = performance.now() - t0),
      (error: unknown) => {
        if (!this.#closed) console.warn('crowd: pool cost update failed', error);
      },
    );
  }

  draw(ctx: CanvasRenderingContext2D, view: Viewport): void {
    const crowd = this.#crowd;
    if (!crowd) return;
    const px = view.dpr / view.scale;
    if (this.showRoutes) {
      const shown = this.#ids.slice(0, 25).map((id) => ({ a: crowd.agent(id), route: crowd.routeOf(id) }));
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([5 * px, 3 * px]);
      ctx.strokeStyle = PALETTE.abstract;
      ctx.beginPath();
      for (const { a, route } of shown) {
        if (!route || route.waypoints.length < 2) continue;
        ctx.moveTo(a.x + 0.5, a.y + 0.5);
        for (let k = 0; k < route.waypoints.length; k += 2) ctx.lineTo(route.waypoints[k]! + 0.5, route.waypoints[k + 1]! + 0.5);
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.strokeStyle = PALETTE.refined;
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      for (const { a, route } of shown) {
        if (!route) continue;
        ctx.moveTo(a.x + 0.5, a.y + 0.5);
        for (let k = 0; k < route.cells.length; k += 2) ctx.lineTo(route.cells[k]! + 0.5, route.cells[k + 1]! + 0.5);
      }
      ctx.stroke();
    }
    const size = Math.max(4 * px, 0.8);
    const walking = new Path2D(), waiting = new Path2D();
    for (const a of crowd.agents()) {
      const moving = a.state === 'walking' || a.state === 'following';
      const path = moving && a.stillSeconds < 0.25 ? walking : waiting;
      // A one-cell agent is a dot in its cell; a larger one covers its square (top-left cell at x, y), a margin inside.
      if (a.agent.size === 1) path.rect(a.x + 0.5 - size / 2, a.y + 0.5 - size / 2, size, size);
      else path.rect(a.x + 0.2, a.y + 0.2, a.agent.size - 0.4, a.agent.size - 0.4);
    }
    ctx.fillStyle = PALETTE.agent;
    ctx.fill(walking);
    ctx.fillStyle = PALETTE.agentWaiting;
    ctx.fill(waiting);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.metrics.running = false;
    const pool = this.#pool;
    this.#pool = null;
    this.#crowd = null;
    await pool?.close();
  }
}
