// The lockstep crowd (issue 37, item 5: LockstepCrowd), in Node against the wasm and real pools. Two
// crowds given the same orders, one of them with its pool's answers delayed by random times (so they
// arrive late and out of order), must hash alike at every tick for 10,000 ticks, while their agents walk,
// arrive, meet new walls and unreachable goals, every step legal on the test's own terrain
// (tests/web/helpers/crowdOracle.ts). The hash must see the state (different orders differ), answers must
// be applied at the tick asked plus the delay whatever the pool's speed, and bad options must be refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, createWorldPool, CrowdClosedError, loadHpastar, LockstepCrowd, parseMovingAIMap, type LockstepOrder, type LockstepTick, type PathPool, type Point, type Voxel } from '../../web/lib/index';
import { CrowdOracle } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const TICKS = 10_000;
const TICKS_PER_SECOND = 20;
const GROUND = { size: 1, capability: 'ground' } as const;
/** A lockstep crowd's pools: landmarks refreshed in the background after an edit would make answers depend on timing. */
const NO_LANDMARKS = { landmarks: 0, distanceTable: false } as const;
/** Or refreshed inside each edit: the pool's defaults (den520d gets landmarks) kept. */
const REFRESH_WITH_EDITS = { heuristicRefresh: 'with-edits' } as const;

/**
 * `pool` whose promises settle `maxMs` or less after the pool's (random, so answers also come out of
 * order): a slow, uneven machine.
 */
function delayed<T extends object>(pool: T, random: () => number, maxMs: number): T {
  const later = <V,>(settle: (v: V) => void, value: V) => setTimeout(() => settle(value), Math.floor(random() * maxMs));
  return new Proxy(pool, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return new Promise((resolve, reject) => result.then((v) => later(resolve, v), (e) => later(reject, e)));
      };
    },
  });
}

/** A Moving AI map of `rows`. */
function mapText(rows: readonly string[]): string {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;
}

/** What one crowd's run saw. */
interface Run {
  readonly crowd: LockstepCrowd;
  /** Each agent's last cell, to check its next change. */
  readonly cells: Map<number, Point>;
  readonly illegal: string[];
}

describe('on den520d', () => {
  const text = readMapsFile('den520d.map');
  let steady: PathPool;
  let slow: PathPool;

  beforeAll(async () => {
    // A pool each: a terrain update of one crowd must not reach the other's searches.
    [steady, slow] = await Promise.all([createPathPool({ map: text, workers: 1, ...REFRESH_WITH_EDITS }), createPathPool({ map: text, workers: 1, ...REFRESH_WITH_EDITS })]);
    expect(steady.options.landmarks, 'the test needs a pool with landmarks').toBeGreaterThan(0);
  });

  afterAll(async () => {
    await Promise.all([steady?.close(), slow?.close()]);
  });

  test('two crowds, one pool answering late and out of order: equal hashes at every one of 10,000 ticks, agents arriving, every step legal', async () => {
    const oracle = new CrowdOracle(text);
    const options = { map: parseMovingAIMap(text), ticksPerSecond: TICKS_PER_SECOND, answerDelayTicks: 3, speed: 6, avoidance: true, flowFieldAgents: 8 };
    const runs: Run[] = [steady, delayed(slow, seeded(7), 12)].map((pool) => ({ crowd: new LockstepCrowd({ ...options, pool }), cells: new Map(), illegal: [] }));
    const script = new Script(oracle, runs.map((r) => r.crowd));
    const stats = { arrived: 0, unreachable: 0, snapped: 0, hashes: new Set<number>() };
    for (let tick = 0; tick < TICKS; tick++) {
      script.ordersFor(tick);
      const [a, b] = [await runs[0]!.crowd.tick(), await runs[1]!.crowd.tick()];
      expect(b.hash, `tick ${tick}`).toBe(a.hash);
      expect(b.events).toEqual(a.events);
      expect(a.refused).toEqual([]);
      script.applied(tick);
      for (const run of runs) checkSteps(run, oracle, tick, a);
      for (const e of a.events) if (e.type === 'arrived' || e.type === 'unreachable' || e.type === 'snapped') stats[e.type]++;
      stats.hashes.add(a.hash);
    }
    const c = runs[0]!.crowd.crowd.stats;
    console.log(`lockstep, den520d, ${TICKS} ticks: ${stats.arrived} arrivals, ${stats.unreachable} unreachable, ${stats.snapped} snaps, ${c.replans} replans, ${c.plans} plans, ${c.segments} segments, ${c.fields} fields, ${c.overlaps} passes, ${stats.hashes.size} distinct hashes`);
    expect(runs.map((r) => r.illegal)).toEqual([[], []]);
    expect(runs.map((r) => r.crowd.ticks)).toEqual([TICKS, TICKS]);
    // They did walk: hundreds of arrivals, goals on walls refused, walls met, the state new at most ticks.
    expect(stats.arrived).toBeGreaterThan(200);
    expect(stats.unreachable).toBeGreaterThan(5);
    expect(runs[0]!.crowd.crowd.stats.replans).toBeGreaterThan(0);
    expect(stats.snapped).toBeGreaterThan(0);
    expect(stats.hashes.size).toBeGreaterThan(TICKS / 2);
    expect(runs[0]!.crowd.crowd.size).toBe(41);
  }, 240_000);
});

describe('on a corridor', () => {
  // One cluster (side 16): the plan's first segment is the whole way, so no later answer holds the agent.
  const text = mapText(['@'.repeat(14), '@' + '.'.repeat(12) + '@', '@'.repeat(14)]);
  const map = parseMovingAIMap(text);
  let pool: PathPool;

  beforeAll(async () => {
    pool = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, ...NO_LANDMARKS } });
  });

  afterAll(async () => {
    await pool?.close();
  });

  /** Runs a crowd of one agent (1, 1) -> (12, 1) until it arrives; the tick of its 'arrived' and the hashes. */
  async function arrival(crowd: LockstepCrowd, speed: number): Promise<{ tick: number; hashes: number[] }> {
    crowd.order(0, { type: 'add', at: { x: 1, y: 1 }, options: { goal: { x: 12, y: 1 }, speed } });
    const hashes: number[] = [];
    for (let i = 0; i < 400; i++) {
      const { tick, hash, events } = await crowd.tick();
      hashes.push(hash);
      if (events.some((e) => e.type === 'arrived')) return { tick, hashes };
    }
    throw new Error('the agent did not arrive in 400 ticks');
  }

  test('an answer is applied at the tick asked plus the delay, however late the pool: the arrival tick follows from integer steps', async () => {
    for (const delay of [1, 2, 5]) {
      const fast = await arrival(new LockstepCrowd({ pool, map, ticksPerSecond: 20, answerDelayTicks: delay }), 5);
      const late = await arrival(new LockstepCrowd({ pool: delayed(pool, seeded(delay), 30), map, ticksPerSecond: 20, answerDelayTicks: delay }), 5);
      // Asked at tick 0, planned at tick `delay`, then 11 cells of 1024 units at round(5 * 1024 / 20) a
      // tick; the goal is seen reached at the next tick's step.
      const walking = Math.ceil((11 * 1024) / Math.round((5 * 1024) / 20));
      expect(fast.tick).toBe(delay + walking);
      expect(late).toEqual(fast);
    }
  });

  test('the hash sees the state: a speed a little higher differs from the tick the agent walks, not before', async () => {
    const slow = await arrival(new LockstepCrowd({ pool, map, ticksPerSecond: 20 }), 5);
    const quick = await arrival(new LockstepCrowd({ pool, map, ticksPerSecond: 20 }), 5.1);
    expect(quick.hashes.slice(0, 2)).toEqual(slow.hashes.slice(0, 2));
    expect(quick.hashes[2]).not.toBe(slow.hashes[2]);
    expect(quick.tick).toBeLessThan(slow.tick);
    // Waiting for its plan (ticks 0 and 1) nothing changes; once it walks, every tick's hash is new (its integer progress).
    expect(slow.hashes[1]).toBe(slow.hashes[0]);
    const walking = slow.hashes.slice(2);
    expect(new Set(walking).size).toBe(walking.length);
  });

  test('with avoidance, two agents head-on pass once after waiting 0.4 s counted in ticks, in step with a late pool', async () => {
    const crowds = [pool, delayed(pool, seeded(9), 20)].map((p) => new LockstepCrowd({ pool: p, map, ticksPerSecond: 20, speed: 6, avoidance: true }));
    for (const c of crowds) {
      c.order(0, { type: 'add', at: { x: 1, y: 1 }, options: { goal: { x: 12, y: 1 } } });
      c.order(0, { type: 'add', at: { x: 12, y: 1 }, options: { goal: { x: 1, y: 1 } } });
    }
    let arrived = 0, held = 0, longestHeld = 0;
    for (let i = 0; i < 400 && arrived < 2; i++) {
      const before = [...crowds[0]!.crowd.agents()].map((a) => a.x);
      const [a, b] = [await crowds[0]!.tick(), await crowds[1]!.tick()];
      expect(b.hash, `tick ${a.tick}`).toBe(a.hash);
      arrived += a.events.filter((e) => e.type === 'arrived').length;
      // Ticks both walking agents stood still: the deadlock's wait before the pass.
      const agents = [...crowds[0]!.crowd.agents()];
      held = agents.every((agent, k) => agent.state === 'walking' && agent.x === before[k]) ? held + 1 : 0;
      longestHeld = Math.max(longestHeld, held);
    }
    expect(arrived).toBe(2);
    // 0.4 s at 20 ticks a second: 8 ticks at least; at most a few more (a waiting agent tries every third tick).
    expect(longestHeld).toBeGreaterThanOrEqual(8);
    expect(longestHeld).toBeLessThanOrEqual(12);
    expect(crowds.map((c) => c.crowd.stats.overlaps)).toEqual([1, 1]);
    expect([...crowds[0]!.crowd.agents()].map((a) => a.cellX)).toEqual([12, 1]);
    expect(crowds[0]!.stateHash()).toBe(crowds[1]!.stateHash());
  });

  test('a different goal given by one machine shows in its hash at that tick', async () => {
    const crowds = [0, 1].map(() => new LockstepCrowd({ pool, map, ticksPerSecond: 20 }));
    for (const c of crowds) c.order(0, { type: 'add', at: { x: 6, y: 1 } });
    crowds[1]!.order(3, { type: 'goal', id: 1, goal: { x: 2, y: 1 } });
    const hashes = [];
    for (let i = 0; i < 4; i++) hashes.push(await Promise.all(crowds.map(async (c) => (await c.tick()).hash)));
    expect(hashes.slice(0, 3).every(([a, b]) => a === b)).toBe(true);
    expect(hashes[3]![0]).not.toBe(hashes[3]![1]);
  });

  test('orders the crowd refuses are reported by the tick, alike everywhere; the crowd takes orders from its lockstep only', async () => {
    const lockstep = new LockstepCrowd({ pool, map, ticksPerSecond: 20 });
    lockstep.order(0, { type: 'add', at: { x: 1, y: 1 } });
    lockstep.order(0, { type: 'goal', id: 7, goal: { x: 3, y: 1 } });
    lockstep.order(0, { type: 'add', at: { x: 0, y: 0 } });
    const first = await lockstep.tick();
    expect(first.added).toEqual([1]);
    expect(first.refused.map((r) => r.reason)).toEqual(['Crowd.setGoal: there is no agent 7', 'Crowd.addAgent: cell (0, 0) is blocked']);
    expect(() => lockstep.crowd.step(0.05)).toThrow(/^Crowd\.step: this crowd is a LockstepCrowd's: give it orders with LockstepCrowd\.order\(tick, order\)/);
    expect(() => lockstep.crowd.setGoal(1, { x: 3, y: 1 })).toThrow(/^Crowd\.setGoal: this crowd is a LockstepCrowd's/);
    expect(() => lockstep.crowd.updateTerrain([{ x: 3, y: 1, terrain: '@' }])).toThrow(/^Crowd\.updateTerrain: this crowd is a LockstepCrowd's/);
    expect(lockstep.crowd.size).toBe(1);
  });

  test('a pool closed under a lockstep crowd: its tick rejects with a CrowdClosedError', async () => {
    const closing = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, ...NO_LANDMARKS } });
    const lockstep = new LockstepCrowd({ pool: closing, map, ticksPerSecond: 20 });
    lockstep.order(0, { type: 'add', at: { x: 1, y: 1 }, options: { goal: { x: 12, y: 1 } } });
    await lockstep.tick();
    await closing.close();
    await expect(lockstep.tick()).rejects.toThrow(CrowdClosedError);
    expect(lockstep.crowd.agent(1).state).toBe('stopped');
  });

  test('bad options, past ticks, unknown orders and overlapping ticks are refused, naming the value', async () => {
    const make = (extra: object) => () => new LockstepCrowd({ pool, map, ...extra } as never);
    expect(make({ ticksPerSecond: 20.5 })).toThrow(new TypeError('LockstepCrowd: ticksPerSecond must be an integer, got 20.5'));
    expect(make({})).toThrow(/^LockstepCrowd: ticksPerSecond must be an integer, got undefined/);
    expect(make({ ticksPerSecond: 0 })).toThrow(RangeError);
    expect(make({ ticksPerSecond: 20, answerDelayTicks: 0 })).toThrow(/^LockstepCrowd: answerDelayTicks must be an integer in 1\.\./);
    expect(make({ ticksPerSecond: 20, answerDelayTicks: -2 })).toThrow(RangeError);
    expect(make({ ticksPerSecond: 20, sped: 3 })).toThrow(/^Crowd: unknown option "sped"/);
    await using landmarked = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, landmarks: 2 } });
    expect(() => new LockstepCrowd({ pool: landmarked, map, ticksPerSecond: 20 })).toThrow(/^LockstepCrowd: the pool refreshes its landmarks \(2\)/);
    await using refreshing = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, landmarks: 2 }, heuristicRefresh: 'with-edits' });
    expect(() => new LockstepCrowd({ pool: refreshing, map, ticksPerSecond: 20 })).not.toThrow();
    const lockstep = new LockstepCrowd({ pool, map, ticksPerSecond: 20 });
    await lockstep.tick();
    await lockstep.tick();
    expect(() => lockstep.order(1, { type: 'remove', id: 1 })).toThrow(new RangeError('LockstepCrowd.order: tick 1 is past: orders are taken for tick 2 on'));
    expect(() => lockstep.order(2.5, { type: 'remove', id: 1 })).toThrow(TypeError);
    expect(() => lockstep.order(2, { type: 'teleport' } as never)).toThrow(/^LockstepCrowd\.order: order must be \{ type, \.\.\. \} of type add, goal/);
    const running = lockstep.tick();
    await expect(lockstep.tick()).rejects.toThrow(/^LockstepCrowd\.tick: the previous tick has not finished/);
    await running;
    expect(lockstep.ticks).toBe(3);
  });
});

describe('terrain costs as orders', () => {
  // Two ways from (1, 2) to (10, 2): straight along the swamp row, or round it on a ground row.
  const text = mapText(['@'.repeat(12), '@' + '.'.repeat(10) + '@', '@.' + 'S'.repeat(8) + '.@', '@' + '.'.repeat(10) + '@', '@'.repeat(12)]);
  const map = parseMovingAIMap(text);
  const swamp = (x: number, y: number) => text.split('\n')[4 + y]![x] === 'S';

  test('a costs order reroutes the agents planned from its tick on, in step with a late pool; bad costs and a block world\'s order are refused at their tick', async () => {
    await using steady = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, ...NO_LANDMARKS } });
    await using slow = await createPathPool({ map: text, workers: 1, hierarchy: { clusterSize: 16, ...NO_LANDMARKS } });
    const crowds = [steady, delayed(slow, seeded(5), 10)].map((pool) => new LockstepCrowd({ pool, map, ticksPerSecond: 20, answerDelayTicks: 2, speed: 4 }));
    const order = (tick: number, o: LockstepOrder) => crowds.forEach((c) => c.order(tick, o));
    const from = { x: 1, y: 2 }, to = { x: 10, y: 2 };
    order(0, { type: 'add', at: from, options: { goal: to } });
    // The second agent is added after the costs order of the same tick: its plan sees swamp at 10.
    order(100, { type: 'costs', costs: { S: 10 } });
    order(100, { type: 'add', at: from, options: { goal: to } });
    order(101, { type: 'costs', costs: { S: -1 } });
    order(101, { type: 'cellCosts', changes: [{ x: 1, y: 1, z: 0, value: 2 }] });
    const onSwamp = new Map<number, number>();
    const arrived: { id: number; tick: number }[] = [];
    let refused: LockstepTick['refused'] = [];
    for (let tick = 0; tick < 300; tick++) {
      const [a, b] = [await crowds[0]!.tick(), await crowds[1]!.tick()];
      expect(b.hash, `tick ${tick}`).toBe(a.hash);
      expect(b.refused).toEqual(a.refused);
      if (tick === 101) refused = a.refused;
      else expect(a.refused, `tick ${tick}`).toEqual([]);
      for (const agent of crowds[0]!.crowd.agents()) if (swamp(agent.cellX, agent.cellY)) onSwamp.set(agent.id, (onSwamp.get(agent.id) ?? 0) + 1);
      for (const e of a.events) if (e.type === 'arrived') arrived.push({ id: e.agent, tick });
    }
    expect(arrived.map((e) => e.id)).toEqual([1, 2]);
    expect(arrived[0]!.tick, 'the first agent arrives before the costs change').toBeLessThan(100);
    expect(onSwamp.get(1), 'at equal costs the way is straight through the swamp').toBeGreaterThan(0);
    expect(onSwamp.get(2), 'with swamp at 10 the way goes round it').toBeUndefined();
    expect(refused.map((r) => r.order.type)).toEqual(['costs', 'cellCosts']);
    expect(refused[0]!.reason).toMatch(/^Crowd\.setTerrainCosts: .*-1/);
    expect(refused[1]!.reason).toBe("Crowd.applyCostChanges: a grid's crowd has terrain kinds: use Crowd.setTerrainCosts");
  }, 60_000);
});

describe('on a block world', () => {
  const GENERATE = { kind: 'caves', size: { width: 48, height: 40, levels: 6 }, seed: 4 } as const;

  test('two crowds, one pool late: equal hashes for 2,000 ticks of climbing agents, blocks placed and dug, cell costs changed, shared goals', async () => {
    const hp = await loadHpastar();
    await using steady = await createWorldPool({ generate: GENERATE, hierarchy: { clusterSide: 8, clusterLevels: 3, ...NO_LANDMARKS }, workers: 1 });
    await using slow = await createWorldPool({ generate: GENERATE, hierarchy: { clusterSide: 8, clusterLevels: 3, ...NO_LANDMARKS }, workers: 1 });
    using first = hp.BlockWorld.generate(GENERATE);
    using second = hp.BlockWorld.generate(GENERATE);
    const crowds = [new LockstepCrowd<Voxel>({ pool: steady, world: first, ticksPerSecond: 30, speed: 7, flowFieldAgents: 5 }), new LockstepCrowd<Voxel>({ pool: delayed(slow, seeded(3), 10), world: second, ticksPerSecond: 30, speed: 7, flowFieldAgents: 5 })];
    const cells: Voxel[] = [];
    for (let z = 0; z < first.levels; z++) for (let y = 0; y < first.height; y++) for (let x = 0; x < first.width; x++) if (first.isStanding(x, y, z)) cells.push({ x, y, z });
    const random = seeded(12);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const order = (tick: number, o: LockstepOrder<Voxel>) => crowds.forEach((c) => c.order(tick, o));
    const shared = pick();
    for (let n = 0; n < 30; n++) order(0, { type: 'add', at: pick(), options: { goal: n % 5 === 0 ? shared : pick() } });
    let arrived = 0, levels = 0;
    const last = new Map<number, number>();
    for (let tick = 0; tick < 2000; tick++) {
      if (tick % 50 === 20) order(tick, { type: 'blocks', changes: [{ ...pick(), block: random() < 0.5 ? 'solid' : 'air' }] });
      if (tick % 30 === 1) for (const a of crowds[0]!.crowd.agents()) if (a.state === 'idle') order(tick, { type: 'goal', id: a.id, goal: pick() });
      // Cost layer changes as orders; a grid's terrain costs are refused on a block world, alike on both.
      if (tick % 100 === 40) order(tick, { type: 'cellCosts', changes: [{ ...pick(), value: 1 + Math.floor(random() * 20) }] });
      if (tick === 240) order(tick, { type: 'costs', costs: { S: 2 } });
      const [a, b] = [await crowds[0]!.tick(), await crowds[1]!.tick()];
      expect(b.hash, `tick ${tick}`).toBe(a.hash);
      expect(a.refused.map((r) => r.order.type), `tick ${tick}`).toEqual(tick === 240 ? ['costs'] : []);
      arrived += a.events.filter((e) => e.type === 'arrived').length;
      for (const agent of crowds[0]!.crowd.agents()) {
        if (last.has(agent.id) && last.get(agent.id) !== agent.cellZ) levels++;
        last.set(agent.id, agent.cellZ);
      }
    }
    expect(first.version).toBe(second.version);
    expect(first.version).toBeGreaterThan(0);
    expect(arrived).toBeGreaterThan(20);
    expect(levels).toBeGreaterThan(0);
    expect(crowds[0]!.crowd.stats.fields).toBeGreaterThan(0);
  }, 120_000);
});

type Edit = { x: number; y: number; terrain: string };

/**
 * The test's orders, the same to every crowd: 40 agents at tick 0 (a quarter sharing a goal: a flow
 * field), idle agents sent on every 40 ticks (one goal in ten on a wall or tree: unreachable), a 6x6 wall
 * painted on a walking agent every 1,500 ticks and taken away 700 ticks later, a group move, an agent removed and two added.
 * Orders that depend on the state are read from the first crowd, as a game's players would send them.
 */
class Script {
  readonly #random = seeded(37);
  readonly #land: Point[];
  readonly #walls: Point[];
  /** Edits ordered, by the tick they apply at: the oracle paints them then. */
  readonly #edits = new Map<number, Edit[]>();
  #painted: Edit[] = [];

  constructor(readonly oracle: CrowdOracle, readonly crowds: readonly LockstepCrowd[]) {
    this.#land = mainland(oracle);
    this.#walls = oracle.cells.flatMap((c, i) => (c === '@' || c === 'T' ? [{ x: i % oracle.width, y: Math.floor(i / oracle.width) }] : []));
    const shared = this.#pick(this.#land);
    for (let i = 0; i < 40; i++) this.#order(0, { type: 'add', at: this.#pick(this.#land), options: { goal: i % 4 === 0 ? shared : this.#pick(this.#land), speed: 3 + (i % 5) } });
  }

  /** Gives the orders decided before tick `tick` runs (for it, or later). */
  ordersFor(tick: number): void {
    const land = this.#land;
    if (tick % 40 === 1) {
      for (const agent of this.crowds[0]!.crowd.agents()) {
        if (agent.state === 'idle') this.#order(tick, { type: 'goal', id: agent.id, goal: this.#random() < 0.1 ? this.#pick(this.#walls) : this.#pick(land) });
      }
    }
    // On a walking agent: it is snapped off the wall, and others' routes through it plan again.
    if (tick % 1500 === 700) this.#paint(tick, this.#pick([...this.crowds[0]!.crowd.agents()].filter((a) => a.state === 'walking').map((a) => ({ x: a.cellX, y: a.cellY }))));
    if (tick % 1500 === 1400) this.#terrain(tick, this.#painted);
    if (tick === 2500) this.#order(tick, { type: 'group', ids: [1, 2, 3, 4, 5, 6, 7, 8], goal: this.#pick(land), options: { formation: 'box' } });
    if (tick === 3000) {
      this.#order(tick, { type: 'remove', id: 9 });
      for (let i = 0; i < 2; i++) this.#order(tick + 10, { type: 'add', at: this.#pick(land), options: { goal: this.#pick(land) } });
    }
  }

  /** Tick `tick` ran: the oracle's terrain takes its edits. */
  applied(tick: number): void {
    const edits = this.#edits.get(tick);
    if (edits) this.oracle.paint(edits);
    this.#edits.delete(tick);
  }

  #order(tick: number, order: LockstepOrder): void {
    for (const crowd of this.crowds) crowd.order(tick, order);
  }

  /** A 6x6 wall round `at`; the cells' terrain kept to put back. */
  #paint(tick: number, at: Point): void {
    const o = this.oracle;
    const walls: Edit[] = [];
    this.#painted = [];
    for (let y = Math.max(0, at.y - 3); y < Math.min(o.height, at.y + 3); y++) {
      for (let x = Math.max(0, at.x - 3); x < Math.min(o.width, at.x + 3); x++) {
        walls.push({ x, y, terrain: '@' });
        this.#painted.push({ x, y, terrain: o.cells[y * o.width + x]! });
      }
    }
    this.#terrain(tick, walls);
  }

  #terrain(tick: number, edits: Edit[]): void {
    this.#edits.set(tick, edits);
    this.#order(tick, { type: 'terrain', edits });
  }

  #pick(cells: readonly Point[]): Point {
    return cells[Math.floor(this.#random() * cells.length)]!;
  }
}

/** The cells of the map's biggest component for the ground class (a BFS of the oracle). */
function mainland(oracle: CrowdOracle): Point[] {
  let best = new Set<number>();
  const seen = new Set<number>();
  for (let i = 0; i < oracle.cells.length; i += 97) {
    const at = { x: i % oracle.width, y: Math.floor(i / oracle.width) };
    if (seen.has(i) || !oracle.fits(GROUND, at.x, at.y)) continue;
    const cells = oracle.flood(GROUND, at);
    for (const c of cells) seen.add(c);
    if (cells.size > best.size) best = cells;
  }
  return [...best].map((i) => ({ x: i % oracle.width, y: Math.floor(i / oracle.width) }));
}

/** Each agent's cell change this tick is one legal step, unless a wall snapped it. */
function checkSteps(run: Run, oracle: CrowdOracle, tick: number, result: LockstepTick): void {
  const snapped = new Set(result.events.filter((e) => e.type === 'snapped').map((e) => e.agent));
  for (const agent of run.crowd.crowd.agents()) {
    const before = run.cells.get(agent.id);
    if (before && (before.x !== agent.cellX || before.y !== agent.cellY) && !snapped.has(agent.id) && !oracle.legal(agent.agent, before.x, before.y, agent.cellX, agent.cellY)) {
      run.illegal.push(`agent ${agent.id}: (${before.x}, ${before.y}) -> (${agent.cellX}, ${agent.cellY}) at tick ${tick}`);
    }
    run.cells.set(agent.id, { x: agent.cellX, y: agent.cellY });
  }
}
