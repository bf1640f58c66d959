// Local avoidance in the package's crowd (issue 37, item 2: CrowdOptions.avoidance), in Node against the
// wasm. Every frame of every run checks every agent: each cell change is one legal step of its class on
// the test's own copy of the terrain (tests/web/helpers/crowdOracle.ts), and no two agents' squares
// share a cell unless one of them is flagged `overlapping` (the counted tolerance of a deadlock). Agents
// must arrive, not be held for longer than a bound, and idle agents must not move. On a block world, agents
// on several floors never stand on one cell unless flagged, and every move is legal for the world.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, createWorldPool, Crowd, loadHpastar, parseMovingAIMap, type CrowdAgent, type CrowdEvent, type PathPool, type Point, type Voxel } from '../../web/lib/index';
import { CrowdOracle } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';
import { readMapsFile } from './scenarios';

const DT = 1 / 30;

/** What a run saw, frame by frame. */
interface Watched {
  frames: number;
  events: CrowdEvent[];
  /** Cell changes that are no legal step of the agent's class. */
  illegal: string[];
  /** Cells two agents' squares share while neither is flagged overlapping. */
  unflagged: string[];
  /** Frames where some squares overlapped (flagged). */
  overlapFrames: number;
  /** The longest an agent with a goal went without reaching a new cell, in seconds. */
  longestHeld: number;
  /** Frames where two agents' squares shared a cell, flagged or not. */
  sharedFrames: number;
  /** Agents counted over every frame, and those of them flagged overlapping. */
  agentFrames: number;
  overlappingAgentFrames: number;
  /** The longest an agent stayed flagged overlapping, in seconds. */
  longestOverlap: number;
}

/**
 * Runs frames of 1/30 s (the pool answers between them) until `done` or `limit` frames; `onEvents` may
 * give new orders. Checks every agent every frame (see the file's head).
 */
async function watch(crowd: Crowd, oracle: CrowdOracle, limit: number, done: () => boolean, onEvents?: (events: CrowdEvent[]) => void): Promise<Watched> {
  const seen: Watched = { frames: 0, events: [], illegal: [], unflagged: [], overlapFrames: 0, longestHeld: 0, sharedFrames: 0, agentFrames: 0, overlappingAgentFrames: 0, longestOverlap: 0 };
  const overlapSince = new Map<number, number>();
  const last = new Map<number, { x: number; y: number; since: number }>();
  for (const a of crowd.agents()) last.set(a.id, { x: a.cellX, y: a.cellY, since: 0 });
  const squares = new Map<number, CrowdAgent>();
  for (let frame = 1; frame <= limit; frame++) {
    const events = crowd.step(DT);
    seen.events.push(...events);
    onEvents?.(events);
    squares.clear();
    let shared = false;
    for (const a of crowd.agents()) {
      seen.agentFrames++;
      if (a.overlapping) {
        seen.overlappingAgentFrames++;
        if (!overlapSince.has(a.id)) overlapSince.set(a.id, frame);
        seen.longestOverlap = Math.max(seen.longestOverlap, (frame - overlapSince.get(a.id)! + 1) * DT);
      } else overlapSince.delete(a.id);
      const before = last.get(a.id) ?? { x: a.cellX, y: a.cellY, since: frame };
      if (before.x !== a.cellX || before.y !== a.cellY) {
        if (!oracle.legal(a.agent, before.x, before.y, a.cellX, a.cellY)) seen.illegal.push(`agent ${a.id} (size ${a.agent.size}): (${before.x}, ${before.y}) -> (${a.cellX}, ${a.cellY}) at frame ${frame}`);
        last.set(a.id, { x: a.cellX, y: a.cellY, since: frame });
      } else if (a.state === 'idle') {
        last.set(a.id, { ...before, since: frame });
      } else {
        seen.longestHeld = Math.max(seen.longestHeld, (frame - before.since) * DT);
        last.set(a.id, before);
      }
      for (let y = a.cellY; y < a.cellY + a.agent.size; y++) {
        for (let x = a.cellX; x < a.cellX + a.agent.size; x++) {
          const key = y * oracle.width + x;
          const other = squares.get(key);
          if (other) {
            shared = true;
            if (!other.overlapping && !a.overlapping) seen.unflagged.push(`agents ${other.id} and ${a.id} share (${x}, ${y}) at frame ${frame}`);
          }
          squares.set(key, a);
        }
      }
    }
    if (shared) seen.sharedFrames++;
    if (shared && seen.unflagged.length === 0) seen.overlapFrames++;
    seen.frames = frame;
    await new Promise((resolve) => setTimeout(resolve, 1));
    // The pool's answers in before the next frame (up to half a second): frames are simulated time, and on
    // a loaded machine late answers would count as agents held by others, which is what the tests measure.
    for (let waited = 0; crowd.stats.inFlight > 0 && waited < 500; waited++) await new Promise((resolve) => setTimeout(resolve, 1));
    if (done()) break;
  }
  return seen;
}

const allIdle = (crowd: Crowd) => () => [...crowd.agents()].every((a) => a.state === 'idle');
const arrivals = (w: Watched) => w.events.filter((e) => e.type === 'arrived').length;

/** A Moving AI map of `rows`. */
function mapText(rows: readonly string[]): string {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;
}

describe('on small maps', () => {
  test('two agents head-on in a corridor one cell wide both arrive: one steps through the other, the overlap counted', async () => {
    const text = mapText(['@@@@@@@@@@@@@@', '@............@', '@@@@@@@@@@@@@@']);
    await using pool = await createPathPool({ map: text, workers: 1 });
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 6, avoidance: true });
    const a = crowd.addAgent({ x: 1, y: 1 }, { goal: { x: 12, y: 1 } });
    const b = crowd.addAgent({ x: 12, y: 1 }, { goal: { x: 1, y: 1 } });
    const seen = await watch(crowd, new CrowdOracle(text), 600, allIdle(crowd));
    expect(seen.illegal).toEqual([]);
    expect(seen.unflagged).toEqual([]);
    expect(arrivals(seen)).toBe(2);
    expect(crowd.agent(a)).toMatchObject({ cellX: 12, cellY: 1, overlapping: false });
    expect(crowd.agent(b)).toMatchObject({ cellX: 1, cellY: 1, overlapping: false });
    // One pass after waiting 0.4 s: a swap, the two flagged for about a step (a step at 6 cells a second is
    // 5 frames; 10 at most for each), never standing on one cell at one speed.
    expect(crowd.stats.overlaps).toBe(1);
    expect(seen.overlappingAgentFrames).toBeGreaterThan(0);
    expect(seen.overlappingAgentFrames).toBeLessThanOrEqual(20);
    expect(seen.sharedFrames).toBe(0);
    expect(seen.longestHeld).toBeLessThan(1);
  });

  test('without avoidance the same two walk through each other and nothing is counted; the option is checked', async () => {
    const text = mapText(['@@@@@@@@@@@@@@', '@............@', '@@@@@@@@@@@@@@']);
    await using pool = await createPathPool({ map: text, workers: 1 });
    const map = parseMovingAIMap(text);
    expect(() => new Crowd({ pool, map, avoidance: 'yes' as never })).toThrow(/Crowd: option avoidance must be a boolean/);
    const crowd = new Crowd({ pool, map, speed: 6 });
    crowd.addAgent({ x: 1, y: 1 }, { goal: { x: 12, y: 1 } });
    crowd.addAgent({ x: 12, y: 1 }, { goal: { x: 1, y: 1 }, speed: 4 });
    const seen = await watch(crowd, new CrowdOracle(text), 600, allIdle(crowd));
    expect(arrivals(seen)).toBe(2);
    expect(seen.unflagged.length).toBeGreaterThan(0);
    expect(crowd.stats).toMatchObject({ overlaps: 0, sidesteps: 0, givenWay: 0, settled: 0 });
  });

  test('agents crossing in open ground never share a cell (they do without avoidance), and all arrive on their goals', async () => {
    const rows = Array.from({ length: 21 }, () => '.'.repeat(21));
    const text = mapText(rows);
    await using pool = await createPathPool({ map: text, workers: 1 });
    // Four pairs whose straight lines cross at the centre at the same time: across, and diagonals.
    const orders: [Point, Point][] = [
      [{ x: 2, y: 10 }, { x: 18, y: 10 }], [{ x: 10, y: 2 }, { x: 10, y: 18 }],
      [{ x: 18, y: 10 }, { x: 2, y: 10 }], [{ x: 10, y: 18 }, { x: 10, y: 2 }],
      [{ x: 4, y: 4 }, { x: 16, y: 16 }], [{ x: 16, y: 4 }, { x: 4, y: 16 }],
    ];
    for (const avoidance of [false, true]) {
      const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 5, avoidance });
      const ids = orders.map(([from, goal]) => crowd.addAgent(from, { goal }));
      const seen = await watch(crowd, new CrowdOracle(text), 900, allIdle(crowd));
      expect(seen.illegal).toEqual([]);
      expect(arrivals(seen)).toBe(orders.length);
      if (!avoidance) {
        expect(seen.sharedFrames).toBeGreaterThan(0);
        continue;
      }
      expect(seen.sharedFrames).toBe(0);
      expect(crowd.stats.overlaps).toBe(0);
      expect(crowd.stats.sidesteps + crowd.stats.givenWay).toBeGreaterThan(0);
      ids.forEach((id, i) => expect({ x: crowd.agent(id).cellX, y: crowd.agent(id).cellY }).toEqual(orders[i]![1]));
    }
  });
});

test('the same orders and frames give the same moves: two crowds, 40 agents in rooms, equal at every frame', async () => {
  const rows = ['@'.repeat(24)];
  for (let y = 1; y < 23; y++) rows.push('@' + [...'.'.repeat(22)].map((c, x) => (y % 7 === 0 && x % 9 !== 4 ? '@' : c)).join('') + '@');
  rows.push('@'.repeat(24));
  const text = mapText(rows);
  await using pool = await createPathPool({ map: text, workers: 1 });
  const oracle = new CrowdOracle(text);
  const free: Point[] = [];
  for (let y = 0; y < 24; y++) for (let x = 0; x < 24; x++) if (oracle.fits({ size: 1, capability: 'ground' }, x, y)) free.push({ x, y });
  const trace = async (): Promise<string[]> => {
    const random = seeded(51);
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 7, avoidance: true, flowFieldAgents: 12 });
    const used = new Set<string>();
    while (crowd.size < 40) {
      const c = free[Math.floor(random() * free.length)]!;
      if (used.has(`${c.x},${c.y}`)) continue;
      used.add(`${c.x},${c.y}`);
      // A third share one goal (a flow field), the others go to their own.
      crowd.addAgent(c, { goal: crowd.size % 3 === 0 ? { x: 12, y: 3 } : free[Math.floor(random() * free.length)]! });
    }
    const frames: string[] = [];
    for (let frame = 0; frame < 240; frame++) {
      for (const e of crowd.step(1 / 30)) if (e.type === 'arrived') crowd.setGoal(e.agent, free[Math.floor(random() * free.length)]!);
      frames.push([...crowd.agents()].map((a) => `${a.x.toFixed(4)},${a.y.toFixed(4)}`).join(' '));
      // Every answer in before the next frame, in both runs: the moves then depend on the orders only.
      while (crowd.stats.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(crowd.stats.sidesteps + crowd.stats.overlaps + crowd.stats.givenWay).toBeGreaterThan(0);
    return frames;
  };
  const first = await trace();
  const second = await trace();
  expect(second.findIndex((f, i) => f !== first[i])).toBe(-1);
  expect(new Set(first).size).toBeGreaterThan(100); // they moved
});

describe('on den520d', () => {
  const MAP = 'den520d.map';
  const CLASSES = [
    { size: 1, capability: 'ground' },
    { size: 2, capability: 'ground' },
  ];
  let text: string;
  let oracle: CrowdOracle;
  let pool: PathPool;

  beforeAll(async () => {
    text = readMapsFile(MAP);
    oracle = new CrowdOracle(text);
    pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
  });

  afterAll(async () => {
    await pool?.close();
  });

  const floods = new Map<number, Set<number>>();
  /** The cells the class of side `size` walks to from (40, 165), the open middle of the map (a BFS on the oracle's terrain). */
  function flood(size: number): Set<number> {
    let seen = floods.get(size);
    if (!seen) floods.set(size, (seen = oracle.flood(CLASSES[size - 1]!, { x: 40, y: 165 })));
    return seen;
  }

  /** `n` agents on random cells near `near` (every `bigEvery`th of size 2), no two squares sharing a cell, all in the map's main component. */
  function addAgents(crowd: Crowd, n: number, near: Point, spread: number, seed: number, bigEvery = 0): number[] {
    const random = seeded(seed);
    const taken = new Set<number>();
    const ids: number[] = [];
    for (let tries = 0; ids.length < n && tries < 200_000; tries++) {
      const agent = CLASSES[bigEvery && ids.length % bigEvery === bigEvery - 1 ? 1 : 0]!;
      const x = near.x + Math.floor((random() - 0.5) * spread), y = near.y + Math.floor((random() - 0.5) * spread);
      if (!flood(agent.size).has(y * oracle.width + x)) continue;
      const cells: number[] = [];
      for (let dy = 0; dy < agent.size; dy++) for (let dx = 0; dx < agent.size; dx++) cells.push((y + dy) * oracle.width + x + dx);
      if (cells.some((c) => taken.has(c))) continue;
      for (const c of cells) taken.add(c);
      ids.push(crowd.addAgent({ x, y }, { agent }));
    }
    expect(ids.length).toBe(n);
    return ids;
  }

  /** Checks that the agents stand on distinct squares that fit them, and that idle ones then keep still for `frames` frames. */
  async function expectSpreadAndStill(crowd: Crowd, frames: number): Promise<void> {
    const at = new Map([...crowd.agents()].map((a) => [a.id, `${a.cellX},${a.cellY}`]));
    for (const a of crowd.agents()) expect(oracle.fits(a.agent, a.cellX, a.cellY)).toBe(true);
    const seen = await watch(crowd, oracle, frames, () => false);
    expect(seen.unflagged).toEqual([]);
    expect(seen.sharedFrames).toBe(0);
    for (const a of crowd.agents()) expect(`${a.cellX},${a.cellY}`, `agent ${a.id} moved at rest`).toBe(at.get(a.id));
  }

  test('30 agents sent to one goal end on 30 distinct cells around it, none stuck, every step legal, and then keep still', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 20, avoidance: true });
    const ids = addAgents(crowd, 30, { x: 40, y: 165 }, 30, 7);
    const goal = { x: 200, y: 60 };
    for (const id of ids) crowd.setGoal(id, goal);
    const seen = await watch(crowd, oracle, 3000, allIdle(crowd));
    expect(seen.illegal).toEqual([]);
    expect(seen.unflagged).toEqual([]);
    expect([...crowd.agents()].filter((a) => a.state !== 'idle').map((a) => a.id)).toEqual([]);
    expect(arrivals(seen)).toBe(30);
    expect(seen.longestHeld).toBeLessThan(3);
    const cells = [...crowd.agents()].map((a) => `${a.cellX},${a.cellY}`);
    expect(new Set(cells).size).toBe(30);
    expect(crowd.stats.settled).toBeGreaterThan(0); // the goal was taken: the others arrived around it
    for (const a of crowd.agents()) expect(Math.hypot(a.cellX - goal.x, a.cellY - goal.y), `agent ${a.id} stands near the goal`).toBeLessThan(12);
    await expectSpreadAndStill(crowd, 300);
  });

  test('a group of 30 (sizes 1 and 2, moveGroup) ends on its slots or next to them, no squares overlapping, every step legal', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 20, avoidance: true });
    const ids = addAgents(crowd, 30, { x: 40, y: 165 }, 40, 11, 3);
    const goals = crowd.moveGroup(ids, { x: 200, y: 60 }, { formation: 'box' });
    const seen = await watch(crowd, oracle, 3000, allIdle(crowd));
    expect(seen.illegal).toEqual([]);
    expect(seen.unflagged).toEqual([]);
    expect([...crowd.agents()].filter((a) => a.state !== 'idle').map((a) => a.id)).toEqual([]);
    expect(seen.longestHeld).toBeLessThan(3);
    const onSlot = [...crowd.agents()].filter((a) => a.cellX === goals.get(a.id)!.x && a.cellY === goals.get(a.id)!.y).length;
    expect(new Set([...crowd.agents()].map((a) => `${a.cellX},${a.cellY}`)).size).toBe(30);
    // Most on their own slots; the others next to a slot another took while they came (it arrived first).
    expect(onSlot).toBeGreaterThanOrEqual(20);
    await expectSpreadAndStill(crowd, 300);
  });

  test('300 agents (one in five of size 2) with random goals for 20 s: no overlap but counted passes, none held long, every step legal', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 8, avoidance: true });
    const ids = addAgents(crowd, 300, { x: 128, y: 128 }, 256, 21, 5);
    const random = seeded(22);
    // Goals where the agent's square fits and that it can reach from where it stands (den520d has islands).
    const goalFor = (id: number): Point => {
      const a = crowd.agent(id);
      for (;;) {
        const g = { x: Math.floor(random() * oracle.width), y: Math.floor(random() * oracle.height) };
        if (Math.hypot(g.x - a.cellX, g.y - a.cellY) < 80 && flood(a.agent.size).has(g.y * oracle.width + g.x)) return g;
      }
    };
    for (const id of ids) crowd.setGoal(id, goalFor(id));
    let unreachable = 0;
    const seen = await watch(crowd, oracle, 600, () => false, (events) => {
      for (const e of events) {
        if (e.type === 'arrived') crowd.setGoal(e.agent, goalFor(e.agent));
        if (e.type === 'unreachable') unreachable++;
      }
    });
    const stats = crowd.stats;
    console.log(`300 agents, 20 s: ${arrivals(seen)} arrivals, ${stats.overlaps} passes, ${(100 * seen.overlappingAgentFrames / seen.agentFrames).toFixed(2)} % of agent-frames overlapping, ${seen.overlapFrames}/${seen.frames} frames with an overlap, ${stats.sidesteps} sidesteps, ${stats.givenWay} give-ways, ${stats.settled} settled, longest held ${seen.longestHeld.toFixed(2)} s, longest overlap ${seen.longestOverlap.toFixed(2)} s`);
    expect(seen.illegal).toEqual([]);
    expect(seen.unflagged).toEqual([]);
    expect(unreachable).toBe(0);
    expect(arrivals(seen)).toBeGreaterThan(150);
    // Avoidance holds an agent 0.8 s at most (HELD_AT_MOST_SECONDS), then a step, or a re-plan's answer
    // for one that sidestepped off its route; a run measured 1.13 s (3.2-4.5 s when the bound was 3 s).
    // Overlaps last longer (4-10 s measured): knots of two-way traffic through den520d's doors two cells
    // wide, size-2 agents in them, untie by counted passes.
    expect(seen.longestHeld).toBeLessThan(3);
    expect(stats.sidesteps + stats.givenWay).toBeGreaterThan(0);
    // The tolerance stays the exception: agents overlap on few of their frames.
    const share = seen.overlappingAgentFrames / seen.agentFrames;
    expect(share).toBeLessThan(0.05);
    expect(seen.longestOverlap).toBeLessThan(20);
  }, 120_000);

  test('idle agents packed together do not move over 300 frames while others walk past', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 10, avoidance: true });
    const idle = addAgents(crowd, 40, { x: 40, y: 165 }, 14, 31);
    const walkers = addAgents(crowd, 10, { x: 200, y: 60 }, 20, 32);
    for (const id of walkers) crowd.setGoal(id, { x: 20, y: 200 });
    const at = new Map(idle.map((id) => [id, `${crowd.agent(id).cellX},${crowd.agent(id).cellY}`]));
    const seen = await watch(crowd, oracle, 300, () => false);
    expect(seen.illegal).toEqual([]);
    expect(seen.unflagged).toEqual([]);
    const moved = idle.filter((id) => `${crowd.agent(id).cellX},${crowd.agent(id).cellY}` !== at.get(id));
    // Only those the walkers asked to give way may have moved, once each.
    expect(moved.length).toBeLessThanOrEqual(crowd.stats.givenWay);
    for (const id of idle) expect(crowd.agent(id).state).toBe('idle');
  });
});

describe('on a block world', () => {
  test('60 agents on several floors with random goals: no two on one cell unless flagged, every move legal for the world', async () => {
    const hp = await loadHpastar();
    const generate = { kind: 'caves', size: { width: 48, height: 40, levels: 6 }, seed: 4 } as const;
    using world = hp.BlockWorld.generate(generate);
    await using pool = await createWorldPool({ world, hierarchy: { clusterSide: 8, clusterLevels: 3 }, workers: 2 });
    const rules = WorldBlocks.of(world);
    const cells: Voxel[] = [];
    for (let z = 0; z < world.levels; z++) for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (world.isStanding(x, y, z)) cells.push({ x, y, z });
    const random = seeded(41);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const crowd = new Crowd<Voxel>({ pool, world, speed: 6, flowFieldAgents: Infinity, avoidance: true });
    const used = new Set<string>();
    while (crowd.size < 60) {
      const c = pick();
      if (used.has(`${c.x},${c.y},${c.z}`)) continue;
      used.add(`${c.x},${c.y},${c.z}`);
      crowd.addAgent(c, { goal: pick() });
    }
    const where = new Map([...crowd.agents()].map((a) => [a.id, [a.cellX, a.cellY, a.cellZ] as const]));
    let moves = 0, levelChanges = 0;
    for (let frame = 0; frame < 400; frame++) {
      for (const e of crowd.step(1 / 20)) if (e.type === 'arrived' || e.type === 'unreachable') crowd.setGoal(e.agent, pick());
      const on = new Map<string, CrowdAgent<Voxel>>();
      for (const a of crowd.agents()) {
        const before = where.get(a.id)!, now = [a.cellX, a.cellY, a.cellZ] as const;
        if (before.join() !== now.join()) {
          expect(rules.moveCost([...before], [...now]), `agent ${a.id}: ${before.join()} to ${now.join()}`).not.toBeNull();
          moves++;
          if (before[2] !== now[2]) levelChanges++;
          where.set(a.id, now);
        }
        const other = on.get(now.join());
        if (other) expect(other.overlapping || a.overlapping, `agents ${other.id} and ${a.id} on ${now.join()} at frame ${frame}`).toBe(true);
        on.set(now.join(), a);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(moves).toBeGreaterThan(1000);
    expect(levelChanges).toBeGreaterThan(20);
  }, 60_000);
});
