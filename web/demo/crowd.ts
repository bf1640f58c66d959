// Crowds: N agents walk to random goals, and every search runs in the package's worker pool
// (createPathPool, 'shared' or 'copied' mode):
//   1. plans: pool.planPaths(cell → goal) gives the abstract path (waypoints) and its first segment
//      refined, so an agent starts walking as soon as its plan arrives;
//   2. the next segments (waypoint k → k+1) are searches between two waypoints (pool.findPaths,
//      unsmoothed), asked for one or two segments ahead of the agent. The pool keeps nothing per agent:
//      any worker or thread can answer any request;
//   3. painting walls updates the pool (updateTerrain; later requests see the new terrain); the agents
//      whose refined cells became blocked plan again from where they stand, and answers that arrive
//      from an older terrain are checked against the new one.
// The main thread only picks goals, moves and draws the agents, and sends each frame's requests as at
// most two batches (one of plans, one of segments).
import { createPathPool, type HPAStar, type PathPool, type PlanBatch, type TerrainCosts, type TerrainEdit } from '../lib/index';
import { passableCode } from './hierarchyView';
import { PALETTE } from './render/palette';
import type { Viewport } from './render/view';

interface Agent {
  /** The cell the agent stands on (or left last). */
  cx: number;
  cy: number;
  /** Progress towards the next cell, in cells. */
  progress: number;
  gx: number;
  gy: number;
  waypoints: Int32Array;
  /** The segment being walked (cells after its first waypoint), its index, and the next cell's index. */
  seg: Int32Array;
  segIndex: number;
  at: number;
  /** Refined segments waiting to be walked, and those asked for. */
  ready: Map<number, Int32Array>;
  requested: Set<number>;
  /** Bumped on every new plan, so that late answers of an old plan are dropped. */
  epoch: number;
  /** plan: waits for its plan request to be sent; planning: the request is in the pool. */
  state: 'plan' | 'planning' | 'walk' | 'wait';
}

interface Request {
  agent: Agent;
  epoch: number;
  segIndex: number;
}

/** What the panel and the end-to-end tests read. */
export interface CrowdMetrics {
  running: boolean;
  /** Paused: the agents stand where they are, nothing is asked of the pool. */
  paused: boolean;
  agents: number;
  walking: number;
  waiting: number;
  arrivals: number;
  poolMode: string;
  poolReason: string;
  poolWorkers: number;
  /** Plans and segment searches answered by the pool per second, and both (every search is in the pool). */
  plansPerSecond: number;
  segmentsPerSecond: number;
  searchesPerSecond: number;
  /** Queries sent to the pool and not yet answered. */
  inFlight: number;
  /** Share of the last second during which the pool had work. */
  poolBusy: number;
  replans: number;
  totalPlans: number;
  totalSegments: number;
  /** Plans and segment searches, since the start. */
  totalPoolSearches: number;
  /** Time of the last terrain update: from the call until every worker holds the new terrain, ms. */
  lastUpdateMs: number;
}

/** The figures of no crowd (after Stop). */
export function emptyCrowdMetrics(): CrowdMetrics {
  return {
    running: false, paused: false, agents: 0, walking: 0, waiting: 0, arrivals: 0, poolMode: '–', poolReason: '', poolWorkers: 0,
    plansPerSecond: 0, segmentsPerSecond: 0, searchesPerSecond: 0, inFlight: 0, poolBusy: 0, replans: 0,
    totalPlans: 0, totalSegments: 0, totalPoolSearches: 0, lastUpdateMs: 0,
  };
}

/** How many segments ahead of the one walked are asked for. */
const LOOKAHEAD = 2;

export class Crowd {
  readonly width: number;
  readonly height: number;
  #pool: PathPool | null = null;
  #terrain: Uint8Array;
  #agents: Agent[] = [];
  #planQueue: Agent[] = [];
  #requests: Request[] = [];
  #components: () => Uint32Array | null;
  #labels: Uint32Array | null = null;
  #labelsDirty = true;
  #labelsAt = 0;
  #random: () => number;
  #speed = 10;
  #events: { t: number; segments: number; plans: number }[] = [];
  #busy: { from: number; to: number }[] = [];
  #busySince = -1;
  #inFlight = 0;
  #closed = false;
  readonly metrics: CrowdMetrics;
  /** Draw the routes of the first agents (abstract path and refined segment). */
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
   * do not reach the crowd; the caller passes them to {@link Crowd.applyEdits}).
   * @param terrain - the map's terrain, kept in sync by the caller (the same array the demo edits)
   */
  static async start(source: HPAStar, terrain: Uint8Array, components: () => Uint32Array | null, seed = 1): Promise<Crowd> {
    const crowd = new Crowd(terrain, source.width, source.height, components, seed);
    crowd.#pool = await createPathPool({ planner: source });
    crowd.metrics.poolMode = crowd.#pool.mode;
    crowd.metrics.poolReason = crowd.#pool.modeReason;
    crowd.metrics.poolWorkers = crowd.#pool.workers;
    crowd.metrics.running = true;
    return crowd;
  }

  set speed(cellsPerSecond: number) {
    this.#speed = cellsPerSecond;
  }

  get count(): number {
    return this.#agents.length;
  }

  /** Adds agents on random free cells, or removes the last ones. */
  setCount(n: number): void {
    while (this.#agents.length > n) this.#agents.pop();
    this.#planQueue = this.#planQueue.filter((a) => this.#agents.includes(a));
    while (this.#agents.length < n) {
      const cell = this.#randomFreeCell(0);
      if (!cell) break;
      const agent: Agent = {
        cx: cell[0], cy: cell[1], progress: 0, gx: cell[0], gy: cell[1], waypoints: new Int32Array(0), seg: new Int32Array(0),
        segIndex: 0, at: 0, ready: new Map(), requested: new Set(), epoch: 0, state: 'plan',
      };
      this.#agents.push(agent);
      this.#planQueue.push(agent);
    }
    this.metrics.agents = this.#agents.length;
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

  /** A random passable cell, in component `label` when it is not 0. */
  #randomFreeCell(label: number): [number, number] | null {
    const labels = label ? this.#componentLabels() : null;
    for (let tries = 0; tries < 400; tries++) {
      const x = Math.floor(this.#random() * this.width), y = Math.floor(this.#random() * this.height);
      const i = y * this.width + x;
      if (!passableCode(this.#terrain[i]!)) continue;
      if (labels && labels[i] !== label) continue;
      return [x, y];
    }
    return null;
  }

  /**
   * Picks the start (the agent's cell, or a free cell when an edit walled it in) and the goal (its goal
   * again when `keepGoal` and still free, else a random cell of its component) of the agent's next
   * plan. False when none can be found this frame.
   */
  #chooseRoute(agent: Agent, keepGoal: boolean): boolean {
    if (!passableCode(this.#terrain[agent.cy * this.width + agent.cx]!)) {
      const cell = this.#randomFreeCell(0);
      if (!cell) return false;
      [agent.cx, agent.cy] = cell;
      keepGoal = false;
    }
    if (!keepGoal || !passableCode(this.#terrain[agent.gy * this.width + agent.gx]!)) {
      const labels = this.#componentLabels();
      const goal = this.#randomFreeCell(labels ? labels[agent.cy * this.width + agent.cx]! : 0);
      if (!goal) return false;
      [agent.gx, agent.gy] = goal;
    }
    return agent.gx !== agent.cx || agent.gy !== agent.cy;
  }

  /** Sends the plans asked for since the last frame to the pool as one batch. */
  #sendPlans(): void {
    if (!this.#planQueue.length || !this.#pool || this.#pool.closed) return;
    const agents: Agent[] = [];
    const later = new Set<Agent>(); // an agent may have been queued twice
    for (const agent of this.#planQueue) {
      if (agent.state !== 'plan' || later.has(agent)) continue;
      agent.epoch++;
      agent.ready.clear();
      agent.requested.clear();
      agent.progress = 0;
      if (this.#chooseRoute(agent, agent.waypoints.length > 0)) agents.push(agent);
      else later.add(agent);
    }
    this.#planQueue = [...later];
    if (!agents.length) return;
    const queries = new Int32Array(4 * agents.length);
    const epochs = agents.map((a, i) => {
      queries[4 * i] = a.cx;
      queries[4 * i + 1] = a.cy;
      queries[4 * i + 2] = a.gx;
      queries[4 * i + 3] = a.gy;
      a.state = 'planning';
      return a.epoch;
    });
    this.#sent(agents.length);
    this.#pool.planPaths(queries).then(
      (plans) => {
        this.#settled(agents.length);
        this.metrics.totalPlans += agents.length;
        this.metrics.totalPoolSearches += agents.length;
        this.#count(0, agents.length);
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i]) this.#follow(a, plans, i);
        });
      },
      (error: unknown) => {
        this.#settled(agents.length);
        if (!this.#closed) console.warn('crowd: a pool plan batch failed', error);
        agents.forEach((a, i) => {
          if (a.epoch === epochs[i]) this.#planAgain(a, true);
        });
      },
    );
  }

  /** The agent walks plan `i` of `plans`: its first segment at once, the next ones asked for. */
  #follow(agent: Agent, plans: PlanBatch, i: number): void {
    // Not found (a new goal is picked), or an edit since the plan was asked for walled in the start or
    // the goal (the goal is kept if still free).
    if (!plans.found(i)) return this.#planAgain(agent, plans.statusText(i) !== 'no path');
    // The first segment may be the start cell alone (the start is an entrance cell: the first abstract
    // edge has length 0). The plan may come from a terrain older than the map on screen (an edit made
    // while it was in the pool): its refined cells and waypoints are checked against the map.
    const first = plans.firstSegment(i);
    const waypoints = plans.waypointsOf(i);
    if (!this.#free(first, 1) || !this.#free(waypoints, 1)) return this.#planAgain(agent, true);
    agent.waypoints = waypoints.slice(); // copies: the batch's arrays can go
    agent.seg = first.slice(2); // without the start cell
    agent.segIndex = 0;
    agent.at = 0;
    agent.state = 'walk';
    this.#askAhead(agent);
  }

  /** Puts the agent back in the queue of plans, to its goal (`keepGoal`) or a new one. */
  #planAgain(agent: Agent, keepGoal: boolean): void {
    if (this.#closed) return;
    agent.state = 'plan';
    if (!keepGoal) agent.waypoints = new Int32Array(0);
    this.#planQueue.push(agent);
  }

  /** True when the cells of `cells` from index `from` on are all passable now. */
  #free(cells: Int32Array, from: number): boolean {
    for (let k = 2 * from; k < cells.length; k += 2) {
      if (!passableCode(this.#terrain[cells[k + 1]! * this.width + cells[k]!]!)) return false;
    }
    return true;
  }

  #segments(agent: Agent): number {
    return Math.max(1, agent.waypoints.length / 2 - 1);
  }

  #askAhead(agent: Agent): void {
    const last = Math.min(this.#segments(agent) - 1, agent.segIndex + LOOKAHEAD);
    for (let k = agent.segIndex + 1; k <= last; k++) {
      if (agent.requested.has(k) || agent.ready.has(k)) continue;
      agent.requested.add(k);
      this.#requests.push({ agent, epoch: agent.epoch, segIndex: k });
    }
  }

  /** Sends the segment requests of this frame to the pool as one batch. */
  #sendSegments(): void {
    if (!this.#requests.length || !this.#pool || this.#pool.closed) return;
    // Requests of agents that planned again since are dropped: their waypoints are gone.
    const requests = this.#requests.filter((r) => r.agent.epoch === r.epoch);
    this.#requests = [];
    if (!requests.length) return;
    const queries = new Int32Array(4 * requests.length);
    requests.forEach((r, i) => {
      const w = r.agent.waypoints;
      queries.set([w[2 * r.segIndex]!, w[2 * r.segIndex + 1]!, w[2 * r.segIndex + 2]!, w[2 * r.segIndex + 3]!], 4 * i);
    });
    this.#sent(requests.length);
    this.#pool.findPaths(queries, { smooth: false }).then(
      (batch) => {
        this.#settled(requests.length);
        this.metrics.totalSegments += requests.length;
        this.metrics.totalPoolSearches += requests.length;
        this.#count(requests.length, 0);
        requests.forEach((r, i) => {
          const a = r.agent;
          if (a.epoch !== r.epoch) return;
          // No way between the two waypoints (a wall since the plan), or a path from an older terrain
          // that crosses a newer wall: the agent plans again.
          if (!batch.found(i)) return this.#replan(a);
          const cells = batch.path(i).slice(2);
          if (!this.#free(cells, 0)) return this.#replan(a);
          a.ready.set(r.segIndex, cells);
          if (a.state === 'wait' && a.segIndex === r.segIndex) this.#enter(a, r.segIndex);
        });
      },
      (error: unknown) => {
        this.#settled(requests.length);
        if (!this.#closed) console.warn('crowd: a pool batch failed', error);
        for (const r of requests) if (r.agent.epoch === r.epoch) this.#replan(r.agent);
      },
    );
  }

  #sent(n: number): void {
    this.#inFlight += n;
    if (this.#busySince < 0) this.#busySince = performance.now();
  }

  #settled(n: number): void {
    this.#inFlight -= n;
    if (this.#inFlight === 0 && this.#busySince >= 0) {
      this.#busy.push({ from: this.#busySince, to: performance.now() });
      this.#busySince = -1;
    }
  }

  /** The agent's route is blocked: it plans again to the same goal. */
  #replan(agent: Agent): void {
    if (agent.state === 'plan') return;
    this.metrics.replans++;
    agent.epoch++; // answers to its requests in flight are dropped
    this.#planAgain(agent, true);
  }

  #enter(agent: Agent, k: number): void {
    const seg = agent.ready.get(k)!;
    agent.ready.delete(k);
    agent.seg = seg;
    agent.segIndex = k;
    agent.at = 0;
    agent.state = 'walk';
    this.#askAhead(agent);
  }

  #count(segments: number, plans: number): void {
    this.#events.push({ t: performance.now(), segments, plans });
  }

  /** Pauses (agents stand still and ask nothing; answers in flight are kept) or resumes the crowd. */
  set paused(paused: boolean) {
    this.metrics.paused = paused;
  }

  get paused(): boolean {
    return this.metrics.paused;
  }

  /** Moves the agents by `dt` seconds, then sends the frame's plan and segment requests to the pool. */
  update(dt: number): void {
    if (this.#closed || this.metrics.paused) return;
    const step = Math.min(0.25, dt) * this.#speed;
    let walking = 0, waiting = 0;
    for (const a of this.#agents) {
      if (a.state !== 'walk') {
        if (a.state === 'wait') waiting++;
        continue;
      }
      walking++;
      let budget = step;
      while (budget > 0 && a.state === 'walk') {
        if (a.at * 2 >= a.seg.length) {
          // End of the segment: the goal, or the next segment (refined already, or waited for).
          if (a.segIndex + 1 >= this.#segments(a)) {
            this.metrics.arrivals++;
            this.#planAgain(a, false);
            break;
          }
          if (a.ready.has(a.segIndex + 1)) this.#enter(a, a.segIndex + 1);
          else {
            a.segIndex++;
            a.state = 'wait';
            if (!a.requested.has(a.segIndex)) {
              a.requested.add(a.segIndex);
              this.#requests.push({ agent: a, epoch: a.epoch, segIndex: a.segIndex });
            }
            break;
          }
          continue;
        }
        const nx = a.seg[2 * a.at]!, ny = a.seg[2 * a.at + 1]!;
        const length = nx !== a.cx && ny !== a.cy ? Math.SQRT2 : 1;
        const move = Math.min(budget, length - a.progress);
        a.progress += move;
        budget -= move;
        if (a.progress >= length - 1e-9) {
          a.cx = nx;
          a.cy = ny;
          a.progress = 0;
          a.at++;
        }
      }
    }
    this.#sendPlans();
    this.#sendSegments();
    this.metrics.walking = walking;
    this.metrics.waiting = waiting;
    this.metrics.inFlight = this.#inFlight;
    // Rates over the last second.
    const now = performance.now();
    while (this.#events.length && this.#events[0]!.t < now - 1000) this.#events.shift();
    let segments = 0, plans = 0;
    for (const e of this.#events) {
      segments += e.segments;
      plans += e.plans;
    }
    this.metrics.segmentsPerSecond = segments;
    this.metrics.plansPerSecond = plans;
    this.metrics.searchesPerSecond = segments + plans;
    this.#busy = this.#busy.filter((b) => b.to > now - 1000);
    let busy = this.#busySince >= 0 ? now - Math.max(this.#busySince, now - 1000) : 0;
    for (const b of this.#busy) busy += b.to - Math.max(b.from, now - 1000);
    this.metrics.poolBusy = Math.min(1, busy / 1000);
  }

  /**
   * Terrain changed (the caller has already written `terrain`): the pool takes the edits (requests sent
   * from now on see them); agents whose refined cells are now blocked plan again.
   */
  applyEdits(edits: readonly TerrainEdit[]): void {
    if (this.#closed || !edits.length || !this.#pool) return;
    const t0 = performance.now();
    this.#pool.updateTerrain(edits).then(
      () => (this.metrics.lastUpdateMs = performance.now() - t0),
      (error: unknown) => {
        if (!this.#closed) console.warn('crowd: pool update failed', error);
      },
    );
    this.#labelsDirty = true;
    const blocked = new Set<number>();
    for (const e of edits) if (e.terrain !== undefined && !passableCode(e.terrain.charCodeAt(0))) blocked.add(e.y * this.width + e.x);
    if (!blocked.size) return;
    const hits = (cells: Int32Array, from: number) => {
      for (let k = 2 * from; k < cells.length; k += 2) if (blocked.has(cells[k + 1]! * this.width + cells[k]!)) return true;
      return false;
    };
    for (const a of this.#agents) {
      // Agents without a route yet: their plan, asked for or in flight, is checked when it arrives.
      if (a.state === 'plan' || a.state === 'planning') continue;
      let affected = blocked.has(a.cy * this.width + a.cx) || (a.state === 'walk' && hits(a.seg, a.at));
      for (const cells of a.ready.values()) affected ||= hits(cells, 0);
      if (affected) this.#replan(a);
    }
  }

  /**
   * A terrain kind's multiplier changed: the pool takes it (requests sent from now on see it). No cell
   * becomes blocked, so every agent keeps its route; later plans follow the new costs.
   */
  setTerrainCosts(costs: TerrainCosts): void {
    if (this.#closed || !this.#pool) return;
    const t0 = performance.now();
    this.#pool.setTerrainCosts(costs).then(
      () => (this.metrics.lastUpdateMs = performance.now() - t0),
      (error: unknown) => {
        if (!this.#closed) console.warn('crowd: pool cost update failed', error);
      },
    );
  }

  draw(ctx: CanvasRenderingContext2D, view: Viewport): void {
    const px = view.dpr / view.scale;
    if (this.showRoutes) {
      const shown = this.#agents.slice(0, 25);
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([5 * px, 3 * px]);
      ctx.strokeStyle = PALETTE.abstract;
      ctx.beginPath();
      for (const a of shown) {
        if (a.state === 'plan' || a.state === 'planning' || a.waypoints.length < 4) continue;
        ctx.moveTo(a.cx + 0.5, a.cy + 0.5);
        for (let k = 2 * (a.segIndex + 1); k < a.waypoints.length; k += 2) ctx.lineTo(a.waypoints[k]! + 0.5, a.waypoints[k + 1]! + 0.5);
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.strokeStyle = PALETTE.refined;
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      for (const a of shown) {
        if (a.state !== 'walk') continue;
        ctx.moveTo(a.cx + 0.5, a.cy + 0.5);
        for (let k = 2 * a.at; k < a.seg.length; k += 2) ctx.lineTo(a.seg[k]! + 0.5, a.seg[k + 1]! + 0.5);
      }
      ctx.stroke();
    }
    const size = Math.max(4 * px, 0.8);
    for (const waiting of [false, true]) {
      ctx.beginPath();
      for (const a of this.#agents) {
        if ((a.state !== 'walk') !== waiting) continue;
        let x = a.cx, y = a.cy;
        if (a.state === 'walk' && a.at * 2 < a.seg.length && a.progress > 0) {
          const nx = a.seg[2 * a.at]!, ny = a.seg[2 * a.at + 1]!;
          const f = a.progress / (nx !== a.cx && ny !== a.cy ? Math.SQRT2 : 1);
          x += (nx - a.cx) * f;
          y += (ny - a.cy) * f;
        }
        ctx.rect(x + 0.5 - size / 2, y + 0.5 - size / 2, size, size);
      }
      ctx.fillStyle = waiting ? PALETTE.agentWaiting : PALETTE.agent;
      ctx.fill();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.metrics.running = false;
    const pool = this.#pool;
    this.#pool = null;
    await pool?.close();
  }
}
