// Local avoidance for agents walking any-angle lines (pathShape 'any-angle' with avoidance): agents of
// sizes 1 and 2 crossing head-on in a corridor and in open ground on a hand-drawn map, and a group of 30
// on den520d, all arrive; at every tick every agent's square (at its fractional position) lies on cells
// its class stands on (the test's own check), two agents' squares overlap only while one of them is
// flagged `overlapping` (the counted tolerance of a pass, as in grid mode) and never for more than a
// second, and agents at rest do not move; 120 agents with random goals keep overlaps rarer and shorter
// than the grid mode's bounds.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, Crowd, parseMovingAIMap, type CrowdEvent, type PathPool, type Point } from '../../web/lib/index';
import { CrowdOracle, type OracleClass } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const DT = 1 / 30;
const CLASSES: readonly OracleClass[] = [
  { size: 1, capability: 'ground' },
  { size: 2, capability: 'ground' },
];

/** Whether the square [x, x + size]² overlaps the interior of cells the class stands on only (edges only touch). */
function squareOnLegalCells(oracle: CrowdOracle, c: OracleClass, x: number, y: number): boolean {
  const one = { size: 1, capability: c.capability };
  const eps = 1e-7;
  for (let cy = Math.floor(y + eps); cy < y + c.size - eps; cy++) {
    for (let cx = Math.floor(x + eps); cx < x + c.size - eps; cx++) if (!oracle.fits(one, cx, cy)) return false;
  }
  return true;
}

interface Seen {
  events: CrowdEvent[];
  frames: number;
  illegal: string[];
  /** Pairs whose squares overlapped while neither was flagged overlapping. */
  unflagged: string[];
  /** The longest two squares overlapped without a break (seconds), and frames with some overlap. */
  longestOverlap: number;
  overlapFrames: number;
  /** Agents at rest (idle, not stepping) that moved before they were given a goal again. */
  movedAtRest: string[];
  /** Agents counted over every frame, and those of them flagged overlapping. */
  agentFrames: number;
  overlappingAgentFrames: number;
}

/**
 * Steps the crowd by DT (the pool's answers awaited between frames, up to 0.5 s) until `done` or `limit`
 * frames, checking every agent's square against the oracle, every pair of squares, and agents at rest.
 */
async function watch(crowd: Crowd, oracle: CrowdOracle, limit: number, done: () => boolean): Promise<Seen> {
  const seen: Seen = { events: [], frames: 0, illegal: [], unflagged: [], longestOverlap: 0, overlapFrames: 0, movedAtRest: [], agentFrames: 0, overlappingAgentFrames: 0 };
  const since = new Map<string, number>();
  const rest = new Map<number, [number, number]>();
  for (let frame = 1; frame <= limit; frame++) {
    seen.events.push(...crowd.step(DT));
    seen.frames = frame;
    const agents = [...crowd.agents()];
    let any = false;
    for (const a of agents) {
      seen.agentFrames++;
      if (a.overlapping) seen.overlappingAgentFrames++;
      if (!squareOnLegalCells(oracle, a.agent, a.x, a.y)) seen.illegal.push(`agent ${a.id} (size ${a.agent.size}) at (${a.x.toFixed(3)}, ${a.y.toFixed(3)}), frame ${frame}`);
      const was = rest.get(a.id);
      if (a.state === 'idle' && !a.goal) {
        if (was && (was[0] !== a.x || was[1] !== a.y)) seen.movedAtRest.push(`agent ${a.id} moved at rest at frame ${frame}`);
        if (!was) rest.set(a.id, [a.x, a.y]);
      } else rest.delete(a.id);
    }
    for (let i = 0; i < agents.length; i++) {
      for (let j = i + 1; j < agents.length; j++) {
        const a = agents[i]!, b = agents[j]!;
        const w = Math.min(a.x + a.agent.size, b.x + b.agent.size) - Math.max(a.x, b.x);
        const h = Math.min(a.y + a.agent.size, b.y + b.agent.size) - Math.max(a.y, b.y);
        const key = `${a.id}-${b.id}`;
        if (w > 1e-6 && h > 1e-6) {
          any = true;
          if (!a.overlapping && !b.overlapping) seen.unflagged.push(`agents ${a.id} and ${b.id} overlap at frame ${frame}`);
          if (!since.has(key)) since.set(key, frame);
          seen.longestOverlap = Math.max(seen.longestOverlap, (frame - since.get(key)! + 1) * DT);
        } else since.delete(key);
      }
    }
    if (any) seen.overlapFrames++;
    for (let t = 0; t < 500 && crowd.stats.inFlight > 0; t++) await new Promise((resolve) => setTimeout(resolve, 1));
    if (done()) break;
  }
  return seen;
}

const allIdle = (crowd: Crowd) => () => [...crowd.agents()].every((a) => a.state === 'idle' && Number.isInteger(a.x) && Number.isInteger(a.y));
const arrivals = (seen: Seen) => seen.events.filter((e) => e.type === 'arrived').length;

/** What every run must show: squares legal, overlaps flagged (and, unless `dense`, short), agents at rest still. */
function expectClean(seen: Seen, dense = false): void {
  expect(seen.illegal).toEqual([]);
  expect(seen.unflagged).toEqual([]);
  expect(seen.movedAtRest).toEqual([]);
  if (!dense) expect(seen.longestOverlap).toBeLessThanOrEqual(1);
}

// A corridor two cells wide (rows 1 and 2) above a room; the corridor's west end opens into the room.
const ROWS = [
  '@@@@@@@@@@@@@@@@@@@@@@@@',
  '........................',
  '........................',
  '@@@@@@@@@@@@@@@@@@@@@@@@',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
];
const SMALL = `type octile\nheight ${ROWS.length}\nwidth ${ROWS[0]!.length}\nmap\n${ROWS.join('\n')}\n`;

describe('on a small hand-drawn map', () => {
  let pool: PathPool;
  const oracle = new CrowdOracle(SMALL);

  beforeAll(async () => {
    pool = await createPathPool({ map: SMALL, agents: CLASSES, hierarchy: { clusterSize: 8, landmarks: 0, distanceTable: false }, workers: 1 });
  });

  afterAll(async () => {
    await pool?.close();
  });

  const crowdOf = () => new Crowd({ pool, map: parseMovingAIMap(SMALL), speed: 6, pathShape: 'any-angle', avoidance: true });

  test('sizes 1 and 2 head-on in a corridor they fill: one passes through the other, counted, and both arrive', async () => {
    const crowd = crowdOf();
    const a = crowd.addAgent({ x: 1, y: 1 }, { goal: { x: 21, y: 1 }, agent: CLASSES[0]! });
    const b = crowd.addAgent({ x: 20, y: 1 }, { goal: { x: 2, y: 1 }, agent: CLASSES[1]! });
    const seen = await watch(crowd, oracle, 600, allIdle(crowd));
    expectClean(seen);
    expect(arrivals(seen)).toBe(2);
    expect(crowd.agent(a)).toMatchObject({ x: 21, y: 1, overlapping: false });
    expect(crowd.agent(b)).toMatchObject({ x: 2, y: 1, overlapping: false });
    expect(crowd.stats.overlaps).toBe(1);
    expect(seen.overlapFrames).toBeGreaterThan(0);
  });

  test('two of size 1 head-on in a corridor two cells wide: one steps aside, no squares overlap, both arrive', async () => {
    const crowd = crowdOf();
    const a = crowd.addAgent({ x: 1, y: 1 }, { goal: { x: 21, y: 1 }, agent: CLASSES[0]! });
    const b = crowd.addAgent({ x: 20, y: 1 }, { goal: { x: 2, y: 1 }, agent: CLASSES[0]! });
    const seen = await watch(crowd, oracle, 600, allIdle(crowd));
    expectClean(seen);
    expect(arrivals(seen)).toBe(2);
    expect(crowd.agent(a)).toMatchObject({ x: 21, y: 1 });
    expect(crowd.agent(b)).toMatchObject({ x: 2, y: 1 });
    expect(seen.overlapFrames).toBe(0);
    expect(crowd.stats.overlaps).toBe(0);
    expect(crowd.stats.sidesteps).toBeGreaterThan(0);
  });

  test('sizes 1 and 2 head-on and crossing in open ground: no two squares overlap, some sidestep, all arrive, then keep still', async () => {
    const crowd = crowdOf();
    const trips: [Point, Point, number][] = [
      [{ x: 0, y: 8 }, { x: 22, y: 8 }, 0],
      [{ x: 21, y: 8 }, { x: 0, y: 8 }, 1],
      [{ x: 0, y: 9 }, { x: 21, y: 11 }, 1],
      [{ x: 22, y: 10 }, { x: 1, y: 10 }, 0],
      [{ x: 11, y: 4 }, { x: 11, y: 12 }, 0],
      [{ x: 8, y: 12 }, { x: 12, y: 4 }, 1],
    ];
    const ids = trips.map(([start, goal, k]) => crowd.addAgent(start, { goal, agent: CLASSES[k]! }));
    const seen = await watch(crowd, oracle, 900, allIdle(crowd));
    expectClean(seen);
    expect(arrivals(seen)).toBe(trips.length);
    ids.forEach((id, i) => expect({ x: crowd.agent(id).x, y: crowd.agent(id).y }).toEqual(trips[i]![1]));
    expect(crowd.stats.overlaps).toBe(0);
    expect(seen.overlapFrames).toBe(0);
    expect(crowd.stats.sidesteps).toBeGreaterThan(0);
    // At rest, they stay where they are while the crowd goes on stepping.
    const still = await watch(crowd, oracle, 120, () => false);
    expectClean(still);
    ids.forEach((id, i) => expect({ x: crowd.agent(id).x, y: crowd.agent(id).y }).toEqual(trips[i]![1]));
  });

  test('a walker meets an agent at rest on its line: it steps aside and goes round it, and the one at rest does not move', async () => {
    const crowd = crowdOf();
    const idle = crowd.addAgent({ x: 10, y: 7 }, { agent: CLASSES[1]! });
    const walker = crowd.addAgent({ x: 2, y: 7 }, { goal: { x: 20, y: 8 }, agent: CLASSES[0]! });
    const seen = await watch(crowd, oracle, 600, allIdle(crowd));
    expectClean(seen);
    expect(arrivals(seen)).toBe(1);
    expect({ x: crowd.agent(walker).x, y: crowd.agent(walker).y }).toEqual({ x: 20, y: 8 });
    expect({ x: crowd.agent(idle).x, y: crowd.agent(idle).y }).toEqual({ x: 10, y: 7 });
    expect(seen.overlapFrames).toBe(0);
    expect(crowd.stats.sidesteps).toBeGreaterThan(0);
  });
});

describe('on den520d', () => {
  let text: string;
  let oracle: CrowdOracle;
  let pool: PathPool;

  beforeAll(async () => {
    text = readMapsFile('den520d.map');
    oracle = new CrowdOracle(text);
    pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
  });

  afterAll(async () => {
    await pool?.close();
  });

  test('120 agents (one in three of size 2) with random goals for 20 s: squares legal, overlaps only flagged passes, agents at rest still', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 20, pathShape: 'any-angle', avoidance: true });
    const near = { x: 40, y: 165 };
    const floods = CLASSES.map((c) => [...oracle.flood(c, near)]);
    const random = seeded(23);
    const taken = new Set<number>();
    const pick = (k: number) => {
      const key = floods[k]![Math.floor(random() * floods[k]!.length)]!;
      return { x: key % oracle.width, y: Math.floor(key / oracle.width) };
    };
    const ids: number[] = [];
    while (ids.length < 120) {
      const k = ids.length % 3 === 2 ? 1 : 0, size = CLASSES[k]!.size;
      const p = pick(k);
      const cells: number[] = [];
      for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) cells.push((p.y + dy) * oracle.width + p.x + dx);
      if (cells.some((c) => taken.has(c))) continue;
      for (const c of cells) taken.add(c);
      ids.push(crowd.addAgent(p, { goal: pick(k), agent: CLASSES[k]! }));
    }
    const seen = await watch(crowd, oracle, 600, () => false);
    expect(crowd.stats.sidesteps).toBeGreaterThan(0);
    const share = seen.overlappingAgentFrames / seen.agentFrames;
    console.log(`120 agents on lines, 20 s: ${arrivals(seen)} arrivals, ${crowd.stats.overlaps} passes, ${crowd.stats.sidesteps} sidesteps, ${crowd.stats.settled} settled, ${(100 * share).toFixed(2)} % of agent-frames overlapping, longest overlap ${seen.longestOverlap.toFixed(2)} s`);
    expectClean(seen, true);
    expect(arrivals(seen)).toBeGreaterThan(60);
    // Dense two-way traffic through den520d's doors knots, untied by counted passes; the grid mode
    // documents overlaps of 5-10 s there and bounds them at 20 s, 5 % of agent-frames
    // (crowd-avoidance.test.ts). An agent mid-pass goes on through whoever is in its way, so overlaps stay
    // short: measured 1.27 s at most, 1.38 % of agent-frames (grid mode on these same orders: 5.0 s, 6.5 %).
    expect(seen.longestOverlap).toBeLessThan(5);
    expect(share).toBeLessThan(0.05);
  });

  test('a group of 30 (sizes 1 and 2, moveGroup) walking lines: all arrive, squares legal, overlaps flagged and short, then still', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 20, pathShape: 'any-angle', avoidance: true });
    const near = { x: 40, y: 165 };
    const floods = CLASSES.map((c) => oracle.flood(c, near));
    const random = seeded(11);
    const taken = new Set<number>();
    const ids: number[] = [];
    for (let tries = 0; ids.length < 30 && tries < 200_000; tries++) {
      const k = ids.length % 3 === 2 ? 1 : 0, size = CLASSES[k]!.size;
      const x = near.x + Math.floor((random() - 0.5) * 40), y = near.y + Math.floor((random() - 0.5) * 40);
      if (!floods[k]!.has(y * oracle.width + x)) continue;
      const cells: number[] = [];
      for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) cells.push((y + dy) * oracle.width + x + dx);
      if (cells.some((c) => taken.has(c))) continue;
      for (const c of cells) taken.add(c);
      ids.push(crowd.addAgent({ x, y }, { agent: CLASSES[k]! }));
    }
    expect(ids.length).toBe(30);
    crowd.moveGroup(ids, { x: 200, y: 60 }, { formation: 'box' });
    const seen = await watch(crowd, oracle, 3000, allIdle(crowd));
    expectClean(seen);
    expect(arrivals(seen)).toBe(30);
    expect([...crowd.agents()].filter((a) => a.state !== 'idle').map((a) => a.id)).toEqual([]);
    const still = await watch(crowd, oracle, 150, () => false);
    expectClean(still);
    expect(still.overlapFrames).toBe(0);
    console.log(`group of 30 on lines: ${seen.frames} frames, ${crowd.stats.overlaps} passes, ${crowd.stats.sidesteps} sidesteps, ${crowd.stats.settled} settled, longest overlap ${seen.longestOverlap.toFixed(2)} s`);
  });
});
