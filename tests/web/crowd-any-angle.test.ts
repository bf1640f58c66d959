// A crowd walking straight lines at any angle (issue 37 item 1, issue 35): with pathShape 'any-angle',
// agents of sizes 1 and 2 reach their goals on den520d and (with size 3) on a small hand-drawn map, at every tick each
// agent's square (at its fractional position) covers only cells its class stands on (the test's own
// check), the distance walked on den520d is shorter than the same agents walk in grid mode, a wall
// painted across a line makes the agents on it plan again and none walks through it, groups and partial
// paths work, random walls keep every square legal, the crowd's own line and position checks agree
// with the test's exact ones for sizes 1 to 3, and the option is refused where it cannot work, by name.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createPathPool, Crowd, LockstepCrowd, parseMovingAIMap, type CrowdEvent, type PathPool, type Point, type TerrainEdit } from '../../web/lib/index';
import { positionClear, sweptLineClear } from '../../web/lib/crowd/lines';
import { FootprintRules, TerrainCopy } from '../../web/lib/crowd/terrainCopy';
import { CrowdOracle, type OracleClass } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const CLASSES: readonly OracleClass[] = [
  { size: 1, capability: 'ground' },
  { size: 2, capability: 'ground' },
];

/**
 * Whether the class's square at the fractional position (x, y), [x, x + size] × [y, y + size], overlaps
 * the interior of cells of its terrain only, inside the map (a square on a cell's edge only touches it).
 */
function squareOnLegalCells(oracle: CrowdOracle, c: OracleClass, x: number, y: number): boolean {
  const one = { size: 1, capability: c.capability };
  const eps = 1e-7;
  for (let cy = Math.floor(y + eps); cy < y + c.size - eps; cy++) {
    for (let cx = Math.floor(x + eps); cx < x + c.size - eps; cx++) if (!oracle.fits(one, cx, cy)) return false;
  }
  return true;
}

/**
 * The test's own line check: whether the square of the class swept from anchor `a` to anchor `b` overlaps
 * the interior of no cell outside its terrain and stays in the map. A bad cell k forbids the anchors in
 * the open square (k.x - size, k.x + 1) × (k.y - size, k.y + 1): the segment must enter none (slab test).
 */
function sweptLegal(oracle: CrowdOracle, c: OracleClass, a: Point, b: Point): boolean {
  const one = { size: 1, capability: c.capability };
  const inMap = (p: Point) => p.x >= 0 && p.y >= 0 && p.x + c.size <= oracle.width && p.y + c.size <= oracle.height;
  if (!inMap(a) || !inMap(b)) return false;
  const dx = b.x - a.x, dy = b.y - a.y;
  const slab = (start: number, d: number, lo: number, hi: number): [number, number] | null => {
    if (d === 0) return lo < start && start < hi ? [-Infinity, Infinity] : null;
    const t0 = (lo - start) / d, t1 = (hi - start) / d;
    return [Math.min(t0, t1), Math.max(t0, t1)];
  };
  for (let ky = Math.min(a.y, b.y) - 1; ky <= Math.max(a.y, b.y) + c.size; ky++) {
    for (let kx = Math.min(a.x, b.x) - 1; kx <= Math.max(a.x, b.x) + c.size; kx++) {
      if (kx < 0 || ky < 0 || kx >= oracle.width || ky >= oracle.height || oracle.fits(one, kx, ky)) continue;
      const sx = slab(a.x, dx, kx - c.size, kx + 1), sy = slab(a.y, dy, ky - c.size, ky + 1);
      if (!sx || !sy) continue;
      if (Math.min(sx[1], sy[1], 1) - Math.max(sx[0], sy[0], 0) > 1e-9) return false;
    }
  }
  return true;
}

interface Run {
  events: CrowdEvent[];
  /** Per agent, the distance its position moved, summed tick by tick. */
  walked: Map<number, number>;
  frames: number;
}

/**
 * Steps the crowd by 1/30 s (the pool answers between frames) until `done` or `limit` frames, checking
 * every agent's square at every tick on the oracle's terrain and summing the distances moved.
 */
async function run(crowd: Crowd, oracle: CrowdOracle, done: (events: CrowdEvent[]) => boolean, limit: number, beforeFrame?: (frame: number) => void): Promise<Run> {
  const events: CrowdEvent[] = [];
  const walked = new Map<number, number>();
  const at = new Map<number, [number, number]>();
  for (const a of crowd.agents()) at.set(a.id, [a.x, a.y]);
  for (let frame = 1; frame <= limit; frame++) {
    beforeFrame?.(frame);
    const now = crowd.step(1 / 30);
    events.push(...now);
    const snapped = new Set(now.filter((e) => e.type === 'snapped').map((e) => e.agent));
    for (const a of crowd.agents()) {
      const c = { size: a.agent.size, capability: a.agent.capability };
      expect(squareOnLegalCells(oracle, c, a.x, a.y), `agent ${a.id} (size ${c.size}) at (${a.x.toFixed(3)}, ${a.y.toFixed(3)}), frame ${frame}`).toBe(true);
      const [px, py] = at.get(a.id)!;
      if (!snapped.has(a.id)) walked.set(a.id, (walked.get(a.id) ?? 0) + Math.hypot(a.x - px, a.y - py));
      at.set(a.id, [a.x, a.y]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (done(events)) return { events, walked, frames: frame };
  }
  return { events, walked, frames: limit };
}

const count = (events: readonly CrowdEvent[], type: CrowdEvent['type']) => events.filter((e) => e.type === type).length;
const sum = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);

describe('on den520d', () => {
  let text: string;
  let oracle: CrowdOracle;
  let pool: PathPool;
  /** Start and goal of each agent, its class index: reachable for its class, 40 or more cells apart. */
  const trips: { start: Point; goal: Point; k: number }[] = [];

  beforeAll(async () => {
    text = readMapsFile('den520d.map');
    oracle = new CrowdOracle(text);
    pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
    const random = seeded(5);
    const near = { x: 81, y: 45 };
    const floods = CLASSES.map((c) => [...oracle.flood(c, near)]);
    for (let i = 0; i < 40; i++) {
      const k = i % 2;
      const cells = floods[k]!;
      const pick = () => {
        const key = cells[Math.floor(random() * cells.length)]!;
        return { x: key % oracle.width, y: Math.floor(key / oracle.width) };
      };
      let start = pick(), goal = pick();
      while (Math.hypot(goal.x - start.x, goal.y - start.y) < 40) [start, goal] = [pick(), pick()];
      trips.push({ start, goal, k });
    }
  });

  afterAll(async () => {
    await pool?.close();
  });

  function crowdOf(pathShape: 'grid' | 'any-angle', on = pool): Crowd {
    const crowd = new Crowd({ pool: on, map: parseMovingAIMap(text), speed: 30, pathShape, ...(pathShape === 'grid' ? { flowFieldAgents: Infinity } : {}) });
    for (const t of trips) crowd.addAgent(t.start, { goal: t.goal, agent: CLASSES[t.k]! });
    return crowd;
  }

  test('agents of sizes 1 and 2 walk lines to their goals, each square on its class\'s cells at every tick, shorter than in grid mode', async () => {
    const lines = await run(crowdOf('any-angle'), oracle, (e) => count(e, 'arrived') === trips.length, 4000);
    expect(count(lines.events, 'arrived')).toBe(trips.length);
    expect(count(lines.events, 'unreachable')).toBe(0);
    const grid = await run(crowdOf('grid'), oracle, (e) => count(e, 'arrived') === trips.length, 4000);
    expect(count(grid.events, 'arrived')).toBe(trips.length);
    const [walkedLines, walkedGrid] = [sum(lines.walked), sum(grid.walked)];
    console.log(`den520d, ${trips.length} agents (sizes 1 and 2): walked ${walkedGrid.toFixed(1)} cells in grid mode, ${walkedLines.toFixed(1)} any-angle (${((1 - walkedLines / walkedGrid) * 100).toFixed(2)} % shorter)`);
    expect(walkedLines).toBeLessThan(0.97 * walkedGrid);
    // Each agent: never longer than its grid walk (both are the planners' paths, the lines shaped from them).
    for (const [id, d] of lines.walked) expect(d).toBeLessThanOrEqual(grid.walked.get(id)! + 1e-6);
  });

  test('walls painted at random under and ahead of 40 walking agents: every square stays on legal cells, agents snap or plan again and arrive', async () => {
    // A pool and an oracle of its own: the walls stay in them.
    await using walled = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
    const oracle = new CrowdOracle(text);
    const crowd = crowdOf('any-angle', walled);
    const random = seeded(11);
    const updates: Promise<unknown>[] = [];
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') + count(e, 'unreachable') === trips.length, 4000, (frame) => {
      if (frame % 8 !== 0 || frame > 240) return;
      const walking = [...crowd.agents()].filter((a) => a.state === 'walking');
      if (!walking.length) return;
      // A 3 × 3 wall on one agent, and one 4 cells ahead of another along its line.
      const under = walking[Math.floor(random() * walking.length)]!;
      const ahead = walking[Math.floor(random() * walking.length)]!;
      const next = crowd.routeOf(ahead.id);
      const [nx, ny] = next && next.cells.length ? [next.cells[0]!, next.cells[1]!] : [ahead.cellX, ahead.cellY];
      const d = Math.hypot(nx - ahead.x, ny - ahead.y) || 1;
      const places = [[Math.round(under.x), Math.round(under.y)], [Math.round(ahead.x + (4 * (nx - ahead.x)) / d), Math.round(ahead.y + (4 * (ny - ahead.y)) / d)]];
      const edits: TerrainEdit[] = [];
      for (const [cx, cy] of places) {
        for (let y = cy! - 1; y <= cy! + 1; y++) for (let x = cx! - 1; x <= cx! + 1; x++) if (x >= 0 && y >= 0 && x < oracle.width && y < oracle.height) edits.push({ x, y, terrain: '@' });
      }
      oracle.paint(edits);
      updates.push(crowd.updateTerrain(edits));
    });
    await Promise.all(updates);
    expect(count(events, 'snapped')).toBeGreaterThan(0);
    expect(count(events, 'replanned')).toBeGreaterThan(0);
    expect(count(events, 'arrived') + count(events, 'unreachable')).toBe(trips.length);
    expect(count(events, 'arrived')).toBeGreaterThan(trips.length / 2);
  });

  test("the crowd's line and position checks agree with the test's own, for squares of sizes 1 to 3", () => {
    const copy = new TerrainCopy(parseMovingAIMap(text), 'test');
    const random = seeded(3);
    let clear = 0, blocked = 0;
    for (const size of [1, 2, 3]) {
      const c = { size, capability: 'ground' };
      const rules = new FootprintRules(copy, { size, capability: 'ground' });
      const anchors = [...oracle.flood(c, { x: 81, y: 45 })].map((k) => ({ x: k % oracle.width, y: Math.floor(k / oracle.width) }));
      for (let i = 0; i < 1500; i++) {
        const a = anchors[Math.floor(random() * anchors.length)]!;
        const b = { x: a.x + Math.floor((random() - 0.5) * 40), y: a.y + Math.floor((random() - 0.5) * 40) };
        if (!oracle.fits(c, b.x, b.y)) continue;
        const legal = sweptLegal(oracle, c, a, b);
        expect(sweptLineClear(rules, a.x, a.y, b.x, b.y), `size ${size}: (${a.x}, ${a.y}) to (${b.x}, ${b.y})`).toBe(legal);
        if (legal) clear++;
        else blocked++;
        const x = a.x + (random() - 0.5) * 3, y = a.y + (random() - 0.5) * 3;
        expect(positionClear(rules, x, y), `size ${size} at (${x}, ${y})`).toBe(squareOnLegalCells(oracle, c, x, y));
      }
    }
    // Both answers are common: the comparison means something.
    expect(Math.min(clear, blocked)).toBeGreaterThan(300);
  });

  test('a crowd of lines: one plan each, no line refused, the corners ahead as its route', async () => {
    const crowd = crowdOf('any-angle');
    await run(crowd, oracle, () => [...crowd.agents()].every((a) => a.state === 'walking'), 600);
    const route = crowd.routeOf(1)!;
    expect(route.waypoints.length).toBeGreaterThanOrEqual(2);
    expect([route.waypoints[route.waypoints.length - 2], route.waypoints[route.waypoints.length - 1]]).toEqual([trips[0]!.goal.x, trips[0]!.goal.y]);
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === trips.length, 4000);
    expect(count(events, 'arrived')).toBe(trips.length);
    const s = crowd.stats;
    expect([s.plans, s.segments, s.fields, s.replans, s.refusedSteps]).toEqual([trips.length, 0, 0, 0, 0]);
  });
});

/** A room with a pillar, a wall with a door and a closed box (its inside unreachable). */
const ROWS = [
  '........................',
  '........................',
  '........................',
  '.....@@.................',
  '.....@@.................',
  '........................',
  '...............@........',
  '...............@........',
  '........................',
  '........................',
  '..........@@@@@.........',
  '..........@...@.........',
  '..........@@@@@.........',
  '........................',
];
/** Sizes 1 and 2, and 3 on the small map. */
const BIG: OracleClass = { size: 3, capability: 'ground' };
const SMALL = `type octile\nheight ${ROWS.length}\nwidth ${ROWS[0]!.length}\nmap\n${ROWS.join('\n')}\n`;

describe('on a small hand-drawn map', () => {
  let pool: PathPool;
  let oracle: CrowdOracle;

  // A pool per test: walls painted by one must not be in the next one's pool.
  beforeEach(async () => {
    pool = await createPathPool({ map: SMALL, agents: [...CLASSES, BIG], hierarchy: { clusterSize: 8, landmarks: 0, distanceTable: false }, workers: 1 });
  });

  afterEach(async () => {
    await pool?.close();
  });

  function crowdOf(options: { toNearest?: boolean } = {}): Crowd {
    oracle = new CrowdOracle(SMALL);
    return new Crowd({ pool, map: parseMovingAIMap(SMALL), speed: 6, pathShape: 'any-angle', ...options });
  }

  test('agents of sizes 1, 2 and 3 cross the room in straight lines round the pillar', async () => {
    const crowd = crowdOf();
    const a = crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 23, y: 2 }, agent: CLASSES[0]! });
    const b = crowd.addAgent({ x: 0, y: 12 }, { goal: { x: 21, y: 0 }, agent: CLASSES[1]! });
    const c = crowd.addAgent({ x: 0, y: 9 }, { goal: { x: 20, y: 0 }, agent: BIG });
    const { events, walked } = await run(crowd, oracle, (e) => count(e, 'arrived') === 3, 600);
    expect(count(events, 'arrived')).toBe(3);
    expect([crowd.agent(a).x, crowd.agent(a).y, crowd.agent(b).x, crowd.agent(b).y, crowd.agent(c).x, crowd.agent(c).y]).toEqual([23, 2, 21, 0, 20, 0]);
    expect(walked.get(c)!).toBeLessThan(11 + 9 * Math.SQRT2);
    expect(crowd.stats.refusedSteps).toBe(0);
    // Straight across open ground (above the pillar): the Euclidean distance, where 8-connected steps walk the octile one.
    expect(walked.get(a)!).toBeCloseTo(Math.hypot(23, 2), 6);
    expect(walked.get(a)!).toBeLessThan(21 + 2 * Math.SQRT2 - 0.5);
    // Round the pillar: bent lines, shorter than the octile distance still.
    expect(walked.get(b)!).toBeLessThan(9 + 12 * Math.SQRT2);
  });

  test('a wall painted across a line: the agents on it plan again, none walks through it, they arrive through the door', async () => {
    const crowd = crowdOf();
    // Both walk lines across x = 17 between rows 3 and 7; the third walks the bottom row, far from the wall.
    const a = crowd.addAgent({ x: 2, y: 6 }, { goal: { x: 22, y: 3 }, agent: CLASSES[0]! });
    const b = crowd.addAgent({ x: 1, y: 1 }, { goal: { x: 21, y: 7 }, agent: CLASSES[1]! });
    const c = crowd.addAgent({ x: 0, y: 13 }, { goal: { x: 8, y: 13 }, agent: CLASSES[0]! });
    // At x = 17 from row 0 to row 9 (the door: rows 10 to 13 below, room for both sizes).
    const wall: TerrainEdit[] = [];
    for (let y = 0; y <= 9; y++) wall.push({ x: 17, y, terrain: '@' });
    const updates: Promise<unknown>[] = [];
    // Painted once both walk their first line (their paths come from the pool's workers, at whatever frame a
    // loaded machine answers): they are short of the wall still, on lines that cross it.
    let painted = false;
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 3, 1200, () => {
      if (painted || crowd.agent(a).x < 2.5 || crowd.agent(b).x < 1.5) return;
      painted = true;
      expect(crowd.agent(a).x).toBeLessThan(11);
      expect(crowd.agent(b).x).toBeLessThan(10);
      oracle.paint(wall);
      updates.push(crowd.updateTerrain(wall));
    });
    expect(painted).toBe(true);
    await Promise.all(updates);
    const replanned = events.filter((e) => e.type === 'replanned');
    expect(replanned.map((e) => e.agent).sort()).toEqual([a, b]);
    for (const e of replanned) expect(e).toMatchObject({ reason: 'wall' });
    expect(count(events, 'arrived')).toBe(3);
    expect(events.find((e) => e.type === 'arrived' && e.agent === c)).toBeDefined();
    expect(crowd.stats.refusedSteps).toBe(0);
  });

  test('a wall painted on an agent mid-line moves it off and it plans again', async () => {
    const crowd = crowdOf();
    const a = crowd.addAgent({ x: 0, y: 1 }, { goal: { x: 20, y: 1 }, agent: CLASSES[0]! });
    const updates: Promise<unknown>[] = [];
    // Painted once it is well along its line (its path comes from the pool, at whatever frame it answers).
    let painted = false;
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 1, 1200, () => {
      const p = crowd.agent(a);
      if (painted || p.x <= 3) return;
      painted = true;
      const wall: TerrainEdit[] = [];
      for (let y = 0; y <= 2; y++) wall.push({ x: Math.floor(p.x), y, terrain: '@' }, { x: Math.floor(p.x) + 1, y, terrain: '@' });
      oracle.paint(wall);
      updates.push(crowd.updateTerrain(wall));
    });
    await Promise.all(updates);
    expect(painted).toBe(true);
    expect(count(events, 'snapped')).toBe(1);
    expect(events.find((e) => e.type === 'replanned')).toMatchObject({ agent: a, reason: 'wall' });
    expect(count(events, 'arrived')).toBe(1);
  });

  test('a group arrives spread out; a goal inside the closed box sends the agent to the nearest reachable cell', async () => {
    const crowd = crowdOf({ toNearest: true });
    const ids = [0, 1, 2, 3].map((i) => crowd.addAgent({ x: 2 * i, y: 12 }, { agent: CLASSES[i % 2]! }));
    const goals = crowd.moveGroup(ids, { x: 20, y: 3 });
    const lone = crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 12, y: 11 }, agent: CLASSES[0]! });
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 5, 1200);
    expect(count(events, 'arrived')).toBe(5);
    for (const id of ids) expect({ x: crowd.agent(id).x, y: crowd.agent(id).y }).toEqual(goals.get(id));
    const partial = events.find((e) => e.type === 'partial');
    expect(partial).toMatchObject({ agent: lone, goal: { x: 12, y: 11 } });
    const reached = partial?.type === 'partial' ? partial.reached : null;
    expect({ x: crowd.agent(lone).x, y: crowd.agent(lone).y }).toEqual(reached);
  });

  test('pathShape is refused where lines cannot be walked, by name', async () => {
    const map = parseMovingAIMap(SMALL);
    expect(() => new Crowd({ pool, map, pathShape: 'bezier' as never })).toThrow(/pathShape must be one of 'grid', 'any-angle', got/);
    expect(() => new Crowd({ pool, map, pathShape: 'any-angle', flowFieldAgents: 8 })).toThrow(/does not use flow fields.*flowFieldAgents/);
    expect(() => new LockstepCrowd({ pool, map, pathShape: 'any-angle', ticksPerSecond: 20 })).toThrow(/not available in a LockstepCrowd/);
    const crowd = new Crowd({ pool, map, pathShape: 'any-angle' });
    await expect(crowd.setTerrainCosts({ swamp: 3 } as never)).rejects.toThrow(/any-angle.*without terrain costs/);
  });
});
