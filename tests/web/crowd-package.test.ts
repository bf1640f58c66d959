// The package's crowd (web/lib/crowd/) in Node against the wasm, its pool in shared mode. Every step an
// agent takes is checked here against the test's own copy of the terrain (8-connected, into a passable
// cell, no corner cut), also while walls are painted under and ahead of the agents; agents arrive;
// unreachable goals are reported; a wall makes only the agents whose routes it touches plan again; agents
// that share a goal follow its flow field and arrive; bad arguments get errors that name them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, Crowd, CrowdClosedError, parseMovingAIMap, type CrowdEvent, type MovingAIMap, type PathPool, type Point, type TerrainEdit } from '../../web/lib/index';
import { passableCells, seeded } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile } from './scenarios';

/** The test's terrain: rows of characters, edited as the crowd is. */
class Oracle {
  readonly rows: string[][];
  constructor(text: string) {
    this.rows = parseMap(text).rows.map((r) => [...r]);
  }
  free(x: number, y: number): boolean {
    return y >= 0 && y < this.rows.length && x >= 0 && x < this.rows[0]!.length && isPassableChar(this.rows[y]![x]);
  }
  legal(ax: number, ay: number, bx: number, by: number): boolean {
    const dx = bx - ax, dy = by - ay;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return false;
    if (!this.free(bx, by)) return false;
    return dx === 0 || dy === 0 || (this.free(ax + dx, ay) && this.free(ax, ay + dy));
  }
  paint(edits: readonly TerrainEdit[]): void {
    for (const e of edits) if (e.terrain) this.rows[e.y]![e.x] = e.terrain;
  }
}

/**
 * Runs frames of `dt` seconds (the pool answers between them) until `done`, checking every cell change
 * of every agent: a legal step on the oracle's terrain, or a snap (reported) onto a passable cell.
 */
async function run(crowd: Crowd, oracle: Oracle, done: (events: CrowdEvent[]) => boolean, limit: number, beforeFrame?: (frame: number) => void): Promise<{ frames: number; events: CrowdEvent[] }> {
  const all: CrowdEvent[] = [];
  const cells = new Map<number, [number, number]>();
  for (const a of crowd.agents()) cells.set(a.id, [a.cellX, a.cellY]);
  for (let frame = 1; frame <= limit; frame++) {
    beforeFrame?.(frame);
    // Snaps happen inside updateTerrain (in beforeFrame) or are reported by step: both come out of step.
    const events = crowd.step(1 / 30);
    all.push(...events);
    const snapped = new Map(events.filter((e) => e.type === 'snapped').map((e) => [e.agent, e]));
    for (const a of crowd.agents()) {
      const [px, py] = cells.get(a.id)!;
      const snap = snapped.get(a.id);
      if (snap?.type === 'snapped') {
        expect(snap.from).toEqual({ x: px, y: py });
        expect(oracle.free(px, py), `agent ${a.id} snapped from a free cell`).toBe(false);
        expect(oracle.free(snap.to.x, snap.to.y)).toBe(true);
        // It may have stepped on from the cell it was snapped to, in the same frame.
        if (a.cellX !== snap.to.x || a.cellY !== snap.to.y) expect(oracle.legal(snap.to.x, snap.to.y, a.cellX, a.cellY)).toBe(true);
      } else if (a.cellX !== px || a.cellY !== py) {
        expect(oracle.legal(px, py, a.cellX, a.cellY), `agent ${a.id}: (${px}, ${py}) -> (${a.cellX}, ${a.cellY})`).toBe(true);
      }
      expect(oracle.free(a.cellX, a.cellY), `agent ${a.id} stands on (${a.cellX}, ${a.cellY})`).toBe(true);
      cells.set(a.id, [a.cellX, a.cellY]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (done(all)) return { frames: frame, events: all };
  }
  return { frames: limit, events: all };
}

const count = (events: readonly CrowdEvent[], type: CrowdEvent['type']) => events.filter((e) => e.type === type).length;

describe('on den520d', () => {
  let text: string;
  let map: MovingAIMap;
  let pool: PathPool;

  beforeAll(async () => {
    text = readMapsFile('den520d.map');
    map = parseMovingAIMap(text);
    pool = await createPathPool({ map: text, hierarchy: { clusterSize: 10, levels: 2 }, workers: 2 });
  });

  afterAll(async () => {
    await pool?.close();
  });

  /** `n` agents on random cells of the largest component, each with a goal in it. */
  async function agents(crowd: Crowd, n: number, seed: number): Promise<void> {
    const random = seeded(seed);
    const cells = passableCells(parseMap(text));
    const main = await pool.componentOf({ x: 81, y: 45 });
    const pick = async (): Promise<Point> => {
      for (;;) {
        const c = cells[Math.floor(random() * cells.length)]!;
        if ((await pool.componentOf(c)) === main) return c;
      }
    };
    for (let i = 0; i < n; i++) crowd.addAgent(await pick(), { goal: await pick() });
  }

  test('agents walk legal steps to their goals and arrive', async () => {
    const oracle = new Oracle(text);
    const crowd = new Crowd({ pool, map, speed: 30, flowFieldAgents: Infinity });
    await agents(crowd, 60, 1);
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 60, 3000);
    expect(count(events, 'arrived')).toBe(60);
    expect(count(events, 'unreachable')).toBe(0);
    for (const a of crowd.agents()) expect(a.state).toBe('idle');
    const s = crowd.stats;
    expect(s.arrivals).toBe(60);
    expect(s.plans).toBe(60); // one plan each: nothing changed under them
    expect([s.replans, s.refusedSteps]).toEqual([0, 0]); // no step of a route the crowd's terrain refuses
    expect(s.segments).toBeGreaterThan(0);
    expect(s.inFlight).toBe(0);
  });

  test('walls painted under and ahead of walking agents: they snap or re-plan, and every step stays legal', async () => {
    const oracle = new Oracle(text);
    const crowd = new Crowd({ pool, map, speed: 20, flowFieldAgents: Infinity });
    await agents(crowd, 60, 2);
    const random = seeded(7);
    const updates: Promise<unknown>[] = [];
    const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') + count(e, 'unreachable') === 60, 4000, (frame) => {
      if (frame % 10 !== 0 || frame > 200) return;
      // A 3x3 block of wall on one agent's cell and on the cells two ahead of another's position.
      const list = [...crowd.agents()].filter((a) => a.state !== 'idle');
      if (!list.length) return;
      const under = list[Math.floor(random() * list.length)]!;
      const ahead = list[Math.floor(random() * list.length)]!;
      const edits: TerrainEdit[] = [];
      const dx = Math.sign(ahead.x - ahead.cellX), dy = Math.sign(ahead.y - ahead.cellY);
      for (const [cx, cy] of [[under.cellX, under.cellY], [ahead.cellX + 2 * dx, ahead.cellY + 2 * dy]] as const) {
        for (let y = cy - 1; y <= cy + 1; y++) for (let x = cx - 1; x <= cx + 1; x++) if (x >= 0 && y >= 0 && x < map.width && y < map.height) edits.push({ x, y, terrain: '@' });
      }
      oracle.paint(edits);
      updates.push(crowd.updateTerrain(edits));
    });
    await Promise.all(updates);
    expect(count(events, 'snapped')).toBeGreaterThan(0);
    expect(count(events, 'replanned')).toBeGreaterThan(0);
    expect(count(events, 'arrived') + count(events, 'unreachable')).toBe(60);
    // Walls enclose some goals, or the agents' pockets: those are reported, the others arrive.
    expect(count(events, 'arrived')).toBeGreaterThan(40);
    for (const e of events) if (e.type === 'unreachable') expect(['no path', 'goal is outside the map or blocked']).toContain(e.reason);
    // Put the map back for the next tests (the pool is shared by them).
    const restore: TerrainEdit[] = [];
    const original = parseMap(text).rows;
    oracle.rows.forEach((row, y) => row.forEach((c, x) => c !== original[y]![x] && restore.push({ x, y, terrain: original[y]![x]! })));
    await crowd.updateTerrain(restore);
  });

  test('unreachable goals are reported: another component, a blocked goal', async () => {
    const crowd = new Crowd({ pool, map });
    // den520d is one component: a ring of wall around (81, 45) makes that cell one of its own.
    const pocket = { x: 81, y: 45 };
    const ring: TerrainEdit[] = [];
    for (let y = -1; y <= 1; y++) for (let x = -1; x <= 1; x++) if (x || y) ring.push({ x: pocket.x + x, y: pocket.y + y, terrain: '@' });
    const oracle = new Oracle(text);
    oracle.paint(ring);
    await crowd.updateTerrain(ring);
    const blocked = { x: pocket.x + 1, y: pocket.y };
    const one = crowd.addAgent({ x: 100, y: 100 }, { goal: pocket });
    const two = crowd.addAgent({ x: 100, y: 100 }, { goal: blocked });
    const { events } = await run(crowd, oracle, (e) => count(e, 'unreachable') === 2, 300);
    const reasons = new Map(events.flatMap((e) => (e.type === 'unreachable' ? [[e.agent, e.reason]] : [])));
    expect(reasons.get(one)).toBe('no path');
    expect(reasons.get(two)).toBe('goal is outside the map or blocked');
    expect(crowd.agent(one).state).toBe('idle');
    expect(crowd.stats.unreachable).toBe(2);
    const rows = parseMap(text).rows;
    await crowd.updateTerrain(ring.map((e) => ({ x: e.x, y: e.y, terrain: rows[e.y]![e.x]! })));
  });

  test('with toNearest, agents ordered into a walled pocket or onto a wall go to the nearest reachable cell, say so and arrive', async () => {
    const pocket = { x: 81, y: 45 };
    const ring: TerrainEdit[] = [];
    for (let y = -1; y <= 1; y++) for (let x = -1; x <= 1; x++) if (x || y) ring.push({ x: pocket.x + x, y: pocket.y + y, terrain: '@' });
    const oracle = new Oracle(text);
    oracle.paint(ring);
    // Planned one by one, and a shared goal followed on its flow field: both ways reach the nearest cell.
    for (const flowFieldAgents of [Infinity, 2]) {
      const crowd = new Crowd({ pool, map, speed: 30, flowFieldAgents, toNearest: true });
      await crowd.updateTerrain(ring);
      const goals = [pocket, { x: pocket.x + 1, y: pocket.y }, pocket];
      const ids = goals.map((goal, i) => crowd.addAgent({ x: 100 + i, y: 100 }, { goal }));
      const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 3, 3000);
      expect(count(events, 'unreachable')).toBe(0);
      expect(crowd.stats.partial).toBe(3);
      for (const [i, id] of ids.entries()) {
        const partial = events.find((e) => e.type === 'partial' && e.agent === id);
        expect(partial?.type === 'partial' && partial.goal).toEqual(goals[i]);
        const reached = partial?.type === 'partial' ? partial.reached : null;
        // Brute force: no free cell outside the pocket is nearer the goal than the cell reached.
        const octile = (p: Point) => {
          const dx = Math.abs(p.x - goals[i]!.x), dy = Math.abs(p.y - goals[i]!.y);
          return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
        };
        let best = Infinity;
        for (let y = 0; y < map.height; y++)
          for (let x = 0; x < map.width; x++) if (oracle.free(x, y) && !(x === pocket.x && y === pocket.y)) best = Math.min(best, octile({ x, y }));
        expect(octile(reached!)).toBeCloseTo(best, 9);
        expect(events.find((e) => e.type === 'arrived' && e.agent === id)).toMatchObject({ goal: reached });
      }
      const rows = parseMap(text).rows;
      await crowd.updateTerrain(ring.map((e) => ({ x: e.x, y: e.y, terrain: rows[e.y]![e.x]! })));
    }
  });

  test('agents sharing a goal follow its flow field and arrive', async () => {
    const oracle = new Oracle(text);
    const crowd = new Crowd({ pool, map, speed: 30, flowFieldAgents: 8 });
    const random = seeded(5);
    const cells = passableCells(parseMap(text));
    const goal = { x: 81, y: 45 };
    const main = await pool.componentOf(goal);
    while (crowd.size < 40) {
      const c = cells[Math.floor(random() * cells.length)]!;
      if ((await pool.componentOf(c)) === main) crowd.addAgent(c, { goal });
    }
    // A first frame of no time (requestAnimationFrame's first) already puts them on the field: no plan asked.
    crowd.step(0);
    expect(crowd.stats.following).toBe(40);
    let following = 0;
    const { events } = await run(crowd, oracle, (e) => {
      following = Math.max(following, crowd.stats.following);
      return count(e, 'arrived') === 40;
    }, 3000);
    expect(count(events, 'arrived')).toBe(40);
    expect(following).toBe(40);
    expect(crowd.stats.plans).toBe(0);
    expect(crowd.stats.fields).toBe(1);
  });
});

test('a wall re-plans only the agents whose routes cross what it rebuilt', async () => {
  // Two rooms, 64 x 24 each, one above the other with no way between: agents walk across each room.
  const width = 64;
  const rows = [...Array.from({ length: 24 }, () => '.'.repeat(width)), '@'.repeat(width), ...Array.from({ length: 24 }, () => '.'.repeat(width))];
  const text = `type octile\nheight ${rows.length}\nwidth ${width}\nmap\n${rows.join('\n')}\n`;
  const map = parseMovingAIMap(text);
  await using pool = await createPathPool({ map: text, hierarchy: { clusterSize: 8, levels: 1 }, workers: 1 });
  const oracle = new Oracle(text);
  const crowd = new Crowd({ pool, map, speed: 4, flowFieldAgents: Infinity });
  const top: number[] = [], bottom: number[] = [];
  for (let i = 0; i < 10; i++) {
    top.push(crowd.addAgent({ x: 1, y: 2 + 2 * i }, { goal: { x: 62, y: 2 + 2 * i } }));
    bottom.push(crowd.addAgent({ x: 1, y: 27 + 2 * i }, { goal: { x: 62, y: 27 + 2 * i } }));
  }
  // Until every agent walks its route.
  await run(crowd, oracle, () => [...crowd.agents()].every((a) => a.state === 'walking'), 200);
  // A wall across the bottom room at x = 40, with a gap at its foot: every bottom route crosses its clusters.
  const wall: TerrainEdit[] = [];
  for (let y = 25; y < 46; y++) wall.push({ x: 40, y, terrain: '@' });
  oracle.paint(wall);
  const update = await crowd.updateTerrain(wall);
  expect(update.rebuilt[0]!.rects.length).toBeGreaterThan(0);
  const { events } = await run(crowd, oracle, (e) => count(e, 'arrived') === 20, 4000);
  const replanned = new Set(events.flatMap((e) => (e.type === 'replanned' ? [e.agent] : [])));
  for (const id of top) expect(replanned.has(id), `top agent ${id} re-planned`).toBe(false);
  for (const id of bottom) expect(replanned.has(id), `bottom agent ${id} did not re-plan`).toBe(true);
  const last = crowd.stats.lastUpdate!;
  expect(last.version).toBe(update.version);
  expect(last.replansAtOnce + last.replansRebuilt).toBe(bottom.length);
  expect(count(events, 'arrived')).toBe(20);
});

test('bad arguments get errors that name them', async () => {
  const text = 'type octile\nheight 4\nwidth 4\nmap\n....\n.@@.\n....\n....\n';
  const map = parseMovingAIMap(text);
  await using pool = await createPathPool({ map: text, workers: 1 });
  expect(() => new Crowd({ pool, map, speed: 0 })).toThrow('Crowd: speed must be a finite number above 0, got 0');
  expect(() => new Crowd({ pool, map, colour: 1 } as never)).toThrow('Crowd: unknown option "colour"');
  expect(() => new Crowd({ pool, map: { width: 5, height: 4, terrain: new Uint8Array(20).fill(46) } })).toThrow("the map is 5x4 but the pool's is 4x4");
  const crowd = new Crowd({ pool, map });
  expect(() => crowd.addAgent({ x: 1, y: 1 })).toThrow('Crowd.addAgent: cell (1, 1) is blocked');
  expect(() => crowd.addAgent({ x: 9, y: 1 })).toThrow('Crowd.addAgent: cell (9, 1) is outside the 4x4 map');
  const id = crowd.addAgent({ x: 0, y: 0 });
  expect(() => crowd.setGoal(id, { x: 4, y: 0 })).toThrow('Crowd.setGoal: goal (4, 0) is outside the 4x4 map');
  expect(() => crowd.setGoal(99, { x: 1, y: 0 })).toThrow('Crowd.setGoal: there is no agent 99');
  expect(() => crowd.step(Number.NaN)).toThrow('Crowd.step: dt must be a finite number of seconds');
  expect(() => crowd.updateTerrain([{ x: 0, y: 9, terrain: '@' }])).toThrow('Crowd.updateTerrain: edit 0: cell (0, 9) is outside the 4x4 map');
  expect(crowd.passable(0, 9)).toBe(false);
});

test('a closed pool: the crowd says so instead of reporting reachable goals unreachable or leaving agents planning', async () => {
  const text = readMapsFile('den520d.map');
  const map = parseMovingAIMap(text);
  const pool = await createPathPool({ map: text, hierarchy: { clusterSize: 10, levels: 2 }, workers: 1 });
  const crowd = new Crowd({ pool, map, speed: 20, flowFieldAgents: 3 });
  const goal = { x: 81, y: 45 };
  // Three share a goal (a flow field), one plans its own route.
  for (const at of [{ x: 100, y: 45 }, { x: 101, y: 45 }, { x: 102, y: 45 }]) crowd.addAgent(at, { goal });
  const planner = crowd.addAgent({ x: 60, y: 40 }, { goal: { x: 120, y: 60 } });
  const events: CrowdEvent[] = [];
  for (let frame = 0; frame < 5; frame++) {
    events.push(...crowd.step(1 / 30));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await pool.close();
  const closed = 'the pool is closed (PathPool.close, or a worker that could not be replaced): no plan can be made; make a new crowd on an open pool';
  await new Promise((resolve) => setTimeout(resolve, 20)); // answers in flight reject meanwhile
  expect(() => crowd.step(1 / 30)).toThrow(`Crowd.step: ${closed}`);
  expect(() => crowd.updateTerrain([{ x: 100, y: 46, terrain: '@' }])).toThrow(`Crowd.updateTerrain: ${closed}`);
  expect(crowd.terrain[46 * map.width + 100]).toBe(map.terrain[46 * map.width + 100]); // nothing changed
  await expect(crowd.setTerrainCosts({ S: 2 })).rejects.toThrow(`Crowd.setTerrainCosts: ${closed}`);
  expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
  expect(crowd.agent(planner).goal).toEqual({ x: 120, y: 60 }); // the agents keep their orders
  expect(() => new Crowd({ pool, map })).toThrow('Crowd: the pool is closed (PathPool.close, or a worker that could not be replaced): give an open one');
});

test('a pool closed under a live crowd: its agents stop with a state that says so, and orders throw a CrowdClosedError naming the cause', async () => {
  const text = readMapsFile('den520d.map');
  const map = parseMovingAIMap(text);
  const pool = await createPathPool({ map: text, hierarchy: { clusterSize: 10, levels: 2 }, workers: 1 });
  const crowd = new Crowd({ pool, map, speed: 20, flowFieldAgents: 3 });
  const goal = { x: 81, y: 45 };
  const followers = [{ x: 100, y: 45 }, { x: 101, y: 45 }, { x: 102, y: 45 }].map((at) => crowd.addAgent(at, { goal }));
  const planner = crowd.addAgent({ x: 60, y: 40 }, { goal: { x: 120, y: 60 } });
  const standing = crowd.addAgent({ x: 61, y: 40 });
  crowd.step(1 / 30);
  expect(crowd.closed).toBe(false);
  // Closed while the plan and the field are in the pool: their answers reject.
  await pool.close();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(crowd.closed).toBe(true);
  const cause = 'the pool is closed (PathPool.close, or a worker that could not be replaced): no plan can be made; make a new crowd on an open pool';
  const thrown = (f: () => unknown): unknown => {
    try {
      f();
    } catch (error) {
      return error;
    }
    return null;
  };
  const stepError = thrown(() => crowd.step(1 / 30));
  expect(stepError).toBeInstanceOf(CrowdClosedError);
  expect((stepError as Error).message).toBe(`Crowd.step: ${cause}`);
  // No agent with a goal is left planning, walking or following, nor idle as if it had arrived: it stopped, its goal kept.
  for (const id of [...followers, planner]) {
    expect(crowd.agent(id).state).toBe('stopped');
    expect(crowd.agent(id).goal).not.toBeNull();
  }
  expect(crowd.agent(standing).state).toBe('idle');
  expect(thrown(() => crowd.setGoal(standing, goal))).toEqual(new CrowdClosedError(`Crowd.setGoal: ${cause}`));
  expect(thrown(() => crowd.addAgent({ x: 62, y: 40 }))).toEqual(new CrowdClosedError(`Crowd.addAgent: ${cause}`));
  expect(thrown(() => crowd.updateTerrain([{ x: 100, y: 46, terrain: '@' }]))).toBeInstanceOf(CrowdClosedError);
  // Reading and removing agents still work: the game may clear its crowd.
  crowd.removeAgent(planner);
  expect(crowd.size).toBe(4);
  expect(thrown(() => new Crowd({ pool, map }))).toBeInstanceOf(CrowdClosedError);
});

test('an agent refused for its goal (outside the map) is not added', async () => {
  const text = 'type octile\nheight 4\nwidth 4\nmap\n....\n.@..\n....\n....\n';
  const map = parseMovingAIMap(text);
  await using pool = await createPathPool({ map: text, workers: 1 });
  const crowd = new Crowd({ pool, map });
  expect(() => crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 9, y: 0 } })).toThrow('Crowd.addAgent: goal (9, 0) is outside the 4x4 map');
  expect(() => crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 1.5, y: 0 } })).toThrow(TypeError);
  expect(crowd.size).toBe(0);
});

test('an agent removed after its answer came but before the next step gets no event (the game would act on an agent that is gone)', async () => {
  const text = 'type octile\nheight 4\nwidth 4\nmap\n....\n.@..\n....\n....\n';
  const map = parseMovingAIMap(text);
  await using pool = await createPathPool({ map: text, workers: 1 });
  const crowd = new Crowd({ pool, map, flowFieldAgents: Infinity });
  const gone = crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 1, y: 1 } }); // a blocked goal: reported unreachable
  const kept = crowd.addAgent({ x: 3, y: 3 }, { goal: { x: 1, y: 1 } });
  crowd.step(1 / 30);
  while (crowd.stats.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 2));
  crowd.removeAgent(gone);
  expect(crowd.step(1 / 30).map((e) => [e.type, e.agent])).toEqual([['unreachable', kept]]);
});

test('a pool closed before it answered a terrain update: the crowd\'s promise rejects with a CrowdClosedError too', async () => {
  const text = 'type octile\nheight 4\nwidth 4\nmap\n....\n.@..\n....\n....\n';
  const map = parseMovingAIMap(text);
  const pool = await createPathPool({ map: text, workers: 1 });
  const crowd = new Crowd({ pool, map });
  const id = crowd.addAgent({ x: 0, y: 0 }, { goal: { x: 3, y: 3 } });
  // Each rejection caught as it is made: both reject while close() is awaited, and a rejection nobody
  // handles by then is an unhandled one (vitest fails the run on it).
  const update = crowd.updateTerrain([{ x: 2, y: 2, terrain: '@' }]).then(() => null, (e: unknown) => e);
  const costs = crowd.setTerrainCosts({ S: 2 }).then(() => null, (e: unknown) => e);
  await pool.close();
  const closed = 'the pool closed before it answered (PathPool.close, or a worker that could not be replaced): make a new crowd on an open pool';
  for (const [where, answer] of [['updateTerrain', update], ['setTerrainCosts', costs]] as const) {
    const error = await answer;
    expect(error).toBeInstanceOf(CrowdClosedError);
    expect((error as Error).message).toBe(`Crowd.${where}: ${closed}`);
  }
  expect(crowd.agent(id).state).toBe('stopped');
});
