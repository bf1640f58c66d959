// A crowd on the block world page: agents on every floor walking to random goals, planned in a worker
// pool (createWorldPool) and moved by the package's Crowd, while blocks are dug and built. The page's
// world is the crowd's: a change made with the mouse goes through Crowd.applyBlockChanges, which
// changes it and the pool's together.
import { createWorldPool, Crowd, type BlockChange, type BuildProgress, type BlockWorld, type CrowdEvent, type Voxel, type WorldPathPool } from '../../lib/index';
import { WORLD_OPTIONS } from './worldSession';

/** Figures of the crowd as the page shows them and the tests read them. */
export interface WorldCrowdFigures {
  running: boolean;
  agents: number;
  walking: number;
  following: number;
  onFloor: number;
  plans: number;
  arrivals: number;
  snaps: number;
  replans: number;
  refusedSteps: number;
  longestStillSeconds: number;
  poolMode: string;
  poolWorkers: number;
}

/** Steps taken, for the tests' check: agent, from x, y, z, to x, y, z, the world's version, per step. */
export type StepTrace = number[];

export class WorldCrowd {
  readonly crowd: Crowd<Voxel>;
  #arrivals = 0;
  #trace: StepTrace | null = null;
  readonly #cells: Voxel[];
  #random: () => number;

  private constructor(
    readonly pool: WorldPathPool,
    readonly world: BlockWorld,
    cells: Voxel[],
    seed: number,
    pathShape: 'grid' | 'any-angle',
  ) {
    // 4 cells a second: even a frame of 0.25 s (the longest the crowd moves by) takes one step at most, so
    // the trace sees every step (in grid mode; with any-angle lines agents move along them instead).
    this.crowd = new Crowd<Voxel>({ pool, world, speed: 4, pathShape });
    this.#cells = cells;
    let s = seed >>> 0 || 1;
    // xorshift32: the same agents and goals for the same seed.
    this.#random = () => {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      return (s >>> 0) / 2 ** 32;
    };
  }

  /** A pool for `world` and `count` agents on random cells where agents stand, each with a random goal it reaches. */
  static async start(
    world: BlockWorld,
    count: number,
    seed: number,
    reachable: (a: Voxel, b: Voxel) => boolean,
    onProgress?: (progress: BuildProgress) => void,
    pathShape: 'grid' | 'any-angle' = 'grid',
  ): Promise<WorldCrowd> {
    const pool = await createWorldPool({ world, hierarchy: WORLD_OPTIONS, ...(onProgress ? { onProgress } : {}) });
    const cells: Voxel[] = [];
    for (let z = 0; z < world.levels; z++) {
      world.standingFloor(z).forEach((s, i) => s && cells.push({ x: i % world.width, y: Math.floor(i / world.width), z }));
    }
    const run = new WorldCrowd(pool, world, cells, seed, pathShape);
    for (let n = 0, tries = 0; n < count && tries < 100 * count && cells.length; tries++) {
      const at = run.#pick();
      const goal = run.#goalFrom(at, reachable);
      if (!goal) continue;
      run.crowd.addAgent(at, { goal });
      n++;
    }
    return run;
  }

  /** Moves the agents by `dt` seconds; agents that arrive, or whose goal was walled off, get a new one. */
  step(dt: number, reachable: (a: Voxel, b: Voxel) => boolean): CrowdEvent<Voxel>[] {
    const trace = this.#trace;
    const before = trace ? [...this.crowd.agents()].map((a) => [a.id, a.cellX, a.cellY, a.cellZ] as const) : [];
    const events = this.crowd.step(dt);
    for (const e of events) {
      if (e.type !== 'arrived' && e.type !== 'unreachable') continue;
      if (e.type === 'arrived') this.#arrivals++;
      const a = this.crowd.agent(e.agent);
      const goal = this.#goalFrom({ x: a.cellX, y: a.cellY, z: a.cellZ }, reachable);
      if (goal) this.crowd.setGoal(e.agent, goal);
    }
    if (trace) {
      const snapped = new Set(events.filter((e) => e.type === 'snapped').map((e) => e.agent));
      for (const [id, x, y, z] of before) {
        const a = this.crowd.agent(id);
        if ((a.cellX !== x || a.cellY !== y || a.cellZ !== z) && !snapped.has(id)) trace.push(id, x, y, z, a.cellX, a.cellY, a.cellZ, this.world.version);
      }
    }
    return events;
  }

  /** Places blocks through the crowd (its world and its pool); resolves when the pool has rebuilt. */
  change(changes: readonly BlockChange[]): Promise<unknown> {
    return this.crowd.applyBlockChanges(changes);
  }

  /** Starts recording steps (a fresh record), or hands over what was recorded and stops. */
  startTrace(): void {
    this.#trace = [];
  }

  takeTrace(): StepTrace {
    const trace = this.#trace ?? [];
    this.#trace = null;
    return trace;
  }

  figures(floor: number): WorldCrowdFigures {
    const stats = this.crowd.stats;
    let walking = 0, onFloor = 0;
    for (const a of this.crowd.agents()) {
      if (a.state === 'walking') walking++;
      if (a.cellZ === floor) onFloor++;
    }
    return {
      running: !this.pool.closed,
      agents: stats.agents,
      walking,
      following: stats.following,
      onFloor,
      plans: stats.plans,
      arrivals: this.#arrivals,
      snaps: stats.snaps,
      replans: stats.replans,
      refusedSteps: stats.refusedSteps,
      longestStillSeconds: stats.longestStillSeconds,
      poolMode: this.pool.mode,
      poolWorkers: this.pool.workers,
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  #pick(): Voxel {
    return this.#cells[Math.floor(this.#random() * this.#cells.length)]!;
  }

  /** A random goal `from` reaches, other than itself (a few tries), or null. */
  #goalFrom(from: Voxel, reachable: (a: Voxel, b: Voxel) => boolean): Voxel | null {
    for (let t = 0; t < 20; t++) {
      const goal = this.#pick();
      if ((goal.x !== from.x || goal.y !== from.y || goal.z !== from.z) && reachable(from, goal)) return goal;
    }
    return null;
  }
}
