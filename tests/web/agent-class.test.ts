// Agent classes through the one 2D movement model: a grid made for a class (Grid.forAgent) serves it in
// every planner built on it. Each path is checked for the agent's whole square against the map's
// characters (helpers/footprint.ts), and HPA* must find a path exactly when Annotated A* does.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, Crowd, FLOW_DX, FLOW_DY, FLOW_NO_STEP, loadHpastar, type Grid, type Hpastar, type Point, type TerrainName } from '../../web/lib/index';
import { traceSearch } from '../../web/lib/inspect';
import { squareFits, validateFootprint } from './helpers/footprint';
import { seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

let hp: Hpastar;
let terrainGrid: Grid;
let map: MapText;
beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile('den520d.map');
  map = parseMap(text);
  terrainGrid = hp.Grid.fromMovingAI(text, 'den520d.map');
});
afterAll(() => terrainGrid.dispose());

function agentPairs(capability: string, size: number, count: number, seed: number): [Point, Point][] {
  const cells: Point[] = [];
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (squareFits(map, capability, size, x, y)) cells.push({ x, y });
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Array.from({ length: count }, () => [pick(), pick()] as [Point, Point]);
}

/** The length of a path of cells (x0, y0, x1, y1, ...): 1 a straight step, √2 a diagonal one. */
function stepsLength(cells: Int32Array): number {
  let length = 0;
  for (let i = 2; i < cells.length; i += 2) length += cells[i] !== cells[i - 2] && cells[i + 1] !== cells[i - 1] ? Math.SQRT2 : 1;
  return length;
}

describe('a grid made for an agent class', () => {
  test('is passable where the square fits, and names its class', () => {
    using grid = hp.Grid.forAgent(terrainGrid, { size: 3, capability: ['ground', 'trees'] });
    expect(grid.agent).toEqual({ size: 3, capability: 'ground,trees' });
    expect(terrainGrid.agent).toEqual({ size: 1, capability: 'ground,swamp' });
    const passable = grid.passableRect();
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) expect(passable[y * map.width + x] === 1).toBe(squareFits(map, 'ground,trees', 3, x, y));
    }
  });

  test('refuses a class no grid serves, naming it', () => {
    expect(() => hp.Grid.forAgent(terrainGrid, { size: 9, capability: 'ground' })).toThrow('Grid.forAgent: agent size 9 is outside 1..8');
    expect(() => hp.Grid.forAgent(terrainGrid, { size: 2, capability: 'ground,lava' })).toThrow('unknown terrain "lava"');
    expect(() => hp.Grid.forAgent(terrainGrid, { size: 2 } as never)).toThrow(TypeError);
  });
});

describe('HPA* over a class grid', () => {
  test.each([
    [1, 'ground,trees'],
    [2, 'ground'],
    [3, 'ground,trees'],
  ])('size %i, %s: found exactly when Annotated A* finds one, legal for the square, near the optimum', (size, capability) => {
    using grid = hp.Grid.forAgent(terrainGrid, { size, capability });
    using planner = hp.HPAStar.build(grid);
    using optimal = hp.AnnotatedAStar.build(terrainGrid, capability);
    expect(planner.agent).toEqual({ size, capability });
    let excess = 0;
    let total = 0;
    for (const [start, goal] of agentPairs(capability, size, 60, 31 * size)) {
      const path = planner.findPath(start, goal);
      const best = optimal.findPath(start, goal, size);
      expect(path.found).toBe(best.found);
      expect(planner.isReachable(start, goal)).toBe(best.found);
      if (!path.found) continue;
      validateFootprint(map, capability, size, path.cells, start, goal, path.cost);
      expect(path.cost).toBeGreaterThanOrEqual(best.cost - 1e-6);
      excess += path.cost - best.cost;
      total += best.cost;
      // A query object of its own, a traced search and a plan walked a segment at a time: the same class.
      using query = planner.createQuery();
      const again = query.findPath(start, goal);
      expect(again.cost).toBeCloseTo(path.cost, 9);
      const traced = traceSearch(planner, start, goal);
      validateFootprint(map, capability, size, traced.path.cells, start, goal, traced.path.cost);
      using plan = planner.plan(start, goal);
      const walked = plan.rest();
      validateFootprint(map, capability, size, walked, start, goal, stepsLength(walked));
    }
    expect(excess / total).toBeLessThan(0.02);
  });

  test('flow fields step only where the square fits', () => {
    using grid = hp.Grid.forAgent(terrainGrid, { size: 2, capability: 'ground' });
    using planner = hp.HPAStar.build(grid);
    const [goal] = agentPairs('ground', 2, 1, 5)[0]!;
    const field = planner.flowField(goal);
    let steps = 0;
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        const d = field.direction(x, y);
        if (d >= 8 || d === FLOW_NO_STEP) continue;
        const step = new Int32Array([x, y, x + FLOW_DX[d]!, y + FLOW_DY[d]!]);
        validateFootprint(map, 'ground', 2, step, { x, y }, { x: step[2]!, y: step[3]! }, d % 2 === 0 ? 1 : Math.SQRT2);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(1000);
  });

  test('edits, saves and loads keep the class', () => {
    using grid = hp.Grid.forAgent(terrainGrid, { size: 2, capability: 'ground,trees' });
    using planner = hp.HPAStar.build(grid, { cacheTrees: true });
    const [[start, goal]] = agentPairs('ground,trees', 2, 1, 9) as [[Point, Point]];
    // A tree beside the start: the size-2 square can no longer stand one cell up and left of it.
    const rows = map.rows.map((row) => row.split(''));
    const blocked = { x: start.x + 1, y: start.y + 1 };
    planner.applyEdits([{ x: blocked.x, y: blocked.y, terrain: '@' }]);
    rows[blocked.y]![blocked.x] = '@';
    const edited: MapText = { ...map, rows: rows.map((r) => r.join('')) };
    // The start's square holds the wall now: no size-2 agent stands there.
    expect(() => planner.findPath(start, goal)).toThrow(`start (${start.x}, ${start.y}) is outside the map or blocked`);
    using loaded = hp.HPAStar.load(planner.serialize());
    expect(loaded.agent).toEqual({ size: 2, capability: 'ground,trees' });
    const cells = agentPairs('ground,trees', 2, 40, 13).filter(([s, g]) => squareFits(edited, 'ground,trees', 2, s.x, s.y) && squareFits(edited, 'ground,trees', 2, g.x, g.y));
    for (const [s, g] of cells) {
      const a = planner.findPath(s, g);
      const b = loaded.findPath(s, g);
      expect(b.found).toBe(a.found);
      if (!a.found) continue;
      validateFootprint(edited, 'ground,trees', 2, b.cells, s, g, b.cost);
      expect(b.cost).toBeCloseTo(a.cost, 6);
    }
  });
});

test('a pool made from a class grid serves that class, and a crowd on it moves squares', async () => {
  using grid = hp.Grid.forAgent(terrainGrid, { size: 2, capability: 'ground,trees' });
  await using pool = await createPathPool({ grid, workers: 1, mode: 'copied' });
  expect(pool.agent).toEqual({ size: 2, capability: 'ground,trees' });
  const pairs = agentPairs('ground,trees', 2, 30, 17);
  const batch = await pool.findPaths(pairs);
  for (let i = 0; i < pairs.length; i++) {
    const [start, goal] = pairs[i]!;
    if (!batch.found(i)) continue;
    validateFootprint(map, 'ground,trees', 2, batch.path(i), start, goal, batch.cost[i]!);
  }
  // A crowd of 2 x 2 units: every cell an agent stands on is a square that fits, every step legal for it.
  const crowd = new Crowd({ pool, map: { width: map.width, height: map.height, terrain: terrainGrid.terrain() }, speed: 20 });
  const starts = pairs.slice(0, 12);
  for (const [start, goal] of starts) crowd.addAgent(start, { goal });
  let arrived = 0;
  let reached = 0;
  let steps = 0;
  const last = new Map<number, Point>();
  // 20 cells a second at 30 frames a second: at most one cell a frame, so consecutive cells are one step apart.
  for (let frame = 0; frame < 4000 && arrived < starts.length; frame++) {
    for (const e of crowd.step(1 / 30)) {
      if (e.type === 'arrived' || e.type === 'unreachable') arrived++;
      if (e.type === 'arrived') reached++;
    }
    for (const a of crowd.agents()) {
      const at = { x: a.cellX, y: a.cellY };
      expect(squareFits(map, 'ground,trees', 2, at.x, at.y)).toBe(true);
      const before = last.get(a.id);
      if (before && (before.x !== at.x || before.y !== at.y)) {
        validateFootprint(map, 'ground,trees', 2, new Int32Array([before.x, before.y, at.x, at.y]), before, at, stepsLength(new Int32Array([before.x, before.y, at.x, at.y])));
        steps++;
      }
      last.set(a.id, at);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  expect(arrived).toBe(starts.length);
  expect(reached).toBeGreaterThan(starts.length / 2);
  expect(steps).toBeGreaterThan(500);
});

test.each(['one pool each', 'one pool serving the three'])('a crowd of three agent classes, %s: every agent walks its own square, walls painted on the way', async (how) => {
  const classes = [
    { size: 1, capability: 'ground,trees' },
    { size: 2, capability: 'ground' },
    { size: 3, capability: 'ground,trees' },
  ];
  const grids = how === 'one pool each' ? classes.map((c) => hp.Grid.forAgent(terrainGrid, c)) : [];
  const pools =
    how === 'one pool each'
      ? await Promise.all(grids.map((grid) => createPathPool({ grid, workers: 1, mode: 'copied' })))
      : [await createPathPool({ grid: terrainGrid, agents: classes, workers: 2, mode: 'copied' })];
  try {
    const crowd = new Crowd({ pools, map: { width: map.width, height: map.height, terrain: terrainGrid.terrain() }, speed: 20, flowFieldAgents: 4 });
    expect(crowd.agentClasses).toEqual(classes);
    const rows = map.rows.map((row) => row.split(''));
    const edited = (): MapText => ({ ...map, rows: rows.map((r) => r.join('')) });
    const goal = agentPairs('ground,trees', 3, 1, 3)[0]![1]; // where the largest square fits: a shared goal for some
    const classOf = new Map<number, (typeof classes)[number]>();
    classes.forEach((c, k) => {
      for (const [start, own] of agentPairs(c.capability, c.size, 8, 40 + k)) {
        const id = crowd.addAgent(start, { goal: k === 1 ? own : goal, agent: { size: c.size, capability: c.capability.split(',') as TerrainName[] } });
        classOf.set(id, c);
        expect(crowd.agent(id).agent).toEqual(c);
      }
    });
    const last = new Map<number, Point>();
    let steps = 0;
    let done = 0;
    const random = seeded(77);
    for (let frame = 0; frame < 3000 && done < classOf.size; frame++) {
      for (const e of crowd.step(1 / 30)) if (e.type === 'arrived' || e.type === 'unreachable') done++;
      if (frame % 40 === 20) {
        // A wall of a few cells somewhere on the map, as a player paints it.
        const x = 1 + Math.floor(random() * (map.width - 6)), y = 1 + Math.floor(random() * (map.height - 2));
        const edits = [0, 1, 2, 3].map((d) => ({ x: x + d, y, terrain: '@' }));
        for (const e of edits) rows[e.y]![e.x] = '@';
        await crowd.updateTerrain(edits);
      }
      const now = edited();
      for (const a of crowd.agents()) {
        const c = classOf.get(a.id)!;
        expect(squareFits(now, c.capability, c.size, a.cellX, a.cellY)).toBe(true);
        const before = last.get(a.id);
        const at = { x: a.cellX, y: a.cellY };
        if (before && (before.x !== at.x || before.y !== at.y) && Math.max(Math.abs(before.x - at.x), Math.abs(before.y - at.y)) === 1) {
          const step = new Int32Array([before.x, before.y, at.x, at.y]);
          validateFootprint(now, c.capability, c.size, step, before, at, stepsLength(step));
          steps++;
        }
        last.set(a.id, at);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(done).toBe(classOf.size);
    expect(steps).toBeGreaterThan(500);
    expect(crowd.stats.arrivals).toBeGreaterThan(classOf.size / 2);
    expect(() => crowd.addAgent(goal, { agent: { size: 4, capability: 'ground' } })).toThrow('Crowd.addAgent: no pool of the crowd serves agents of size 4 ground (served: size 1 ground,trees; size 2 ground; size 3 ground,trees)');
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    for (const g of grids) g.dispose();
  }
});

test('createPathPool({ map, agent }) builds for the class in its workers; agent given twice is refused by name', async () => {
  const text = readMapsFile('den520d.map');
  await using pool = await createPathPool({ map: text, agent: { size: 2, capability: 'trees,ground' }, workers: 1, mode: 'copied' });
  expect(pool.agent).toEqual({ size: 2, capability: 'ground,trees' });
  const pairs = agentPairs('ground,trees', 2, 20, 23);
  const batch = await pool.findPaths(pairs);
  let found = 0;
  for (let i = 0; i < pairs.length; i++) {
    if (!batch.found(i)) continue;
    validateFootprint(map, 'ground,trees', 2, batch.path(i), pairs[i]![0], pairs[i]![1], batch.cost[i]!);
    found++;
  }
  expect(found).toBeGreaterThan(10);
  using grid = hp.Grid.forAgent(terrainGrid, { size: 2, capability: 'ground' });
  await expect(createPathPool({ grid, agent: { size: 3, capability: 'ground' } })).rejects.toThrow('createPathPool: the grid is already made for agents of size 2 (ground): give agent once');
  using planner = hp.HPAStar.build(terrainGrid);
  await expect(createPathPool({ planner, agent: { size: 3, capability: 'ground' } })).rejects.toThrow('createPathPool: a planner brings its own agent class (planner.agent): give agent with map or grid');
  await expect(createPathPool({ map: text, agent: { size: 9, capability: 'ground' }, workers: 1, mode: 'copied' })).rejects.toThrow('agent size 9 is outside 1..8');
});

describe('one pool serving several agent classes', () => {
  const classes = [
    { size: 1, capability: 'ground,swamp' },
    { size: 2, capability: 'ground,trees' },
    { size: 3, capability: 'ground' },
  ];
  const hierarchy = { clusterSize: 16, levels: 2 };

  test.each(['copied', 'shared'] as const)('answers each class as its own planner does (%s mode), and updates every class', async (mode) => {
    await using pool = await createPathPool({ grid: terrainGrid, agents: classes, hierarchy, workers: 2, mode, jobSize: 8 });
    expect(pool.agents).toEqual(classes);
    expect(pool.agent).toEqual(classes[0]);
    for (const [k, c] of classes.entries()) {
      using grid = hp.Grid.forAgent(terrainGrid, c);
      using planner = hp.HPAStar.build(grid, hierarchy);
      const pairs = agentPairs(c.capability, c.size, 40, 60 + k);
      const agent = { size: c.size, capability: c.capability.split(',').reverse().join(',') }; // any order names the class
      const batch = await pool.findPaths(pairs, { agent });
      const own = planner.findPaths(pairs);
      expect(Array.from(batch.status)).toEqual(Array.from(own.status));
      expect(Array.from(batch.cost)).toEqual(Array.from(own.cost));
      for (let i = 0; i < pairs.length; i++) {
        if (batch.found(i)) validateFootprint(map, c.capability, c.size, batch.path(i), pairs[i]![0], pairs[i]![1], batch.cost[i]!);
      }
      const plans = await pool.planPaths(pairs.slice(0, 8), { agent });
      const ownPlans = planner.planPaths(pairs.slice(0, 8));
      expect(Array.from(plans.waypoints)).toEqual(Array.from(ownPlans.waypoints));
      const [a, b] = pairs[0]!;
      expect(await pool.isReachable(a, b, { agent })).toBe(planner.isReachable(a, b));
      expect(await pool.componentOf(a, { agent })).toBe(planner.componentOf(a));
      const field = await pool.flowField(b, { agent });
      for (let y = 0; y < map.height; y += 3) {
        for (let x = 0; x < map.width; x += 3) {
          const d = field.direction(x, y);
          if (d === FLOW_NO_STEP || d > 7) continue;
          expect(squareFits(map, c.capability, c.size, x, y) && squareFits(map, c.capability, c.size, x + FLOW_DX[d]!, y + FLOW_DY[d]!)).toBe(true);
        }
      }
    }
    // A wall across a corridor: each class's hierarchy rebuilds what its class sees change; the top figures are their union.
    const edits = [0, 1, 2, 3, 4].map((d) => ({ x: 60 + d, y: 40, terrain: '@' }));
    const update = await pool.updateTerrain(edits);
    expect(update.classes).toHaveLength(3);
    expect(update.version).toBe(pool.version);
    for (const c of update.classes) {
      for (let r = 0; r < c.rebuilt[0]!.rects.length; r += 4) {
        const rect = Array.from(c.rebuilt[0]!.rects.subarray(r, r + 4)).join(',');
        const union = update.rebuilt[0]!.rects;
        expect(Array.from({ length: union.length / 4 }, (_, u) => Array.from(union.subarray(4 * u, 4 * u + 4)).join(','))).toContain(rect);
      }
    }
    const rows = map.rows.map((row) => row.split(''));
    for (const e of edits) rows[e.y]![e.x] = '@';
    const now: MapText = { ...map, rows: rows.map((r) => r.join('')) };
    for (const [k, c] of classes.entries()) {
      const pairs = agentPairs(c.capability, c.size, 20, 90 + k).filter(([s, g]) => squareFits(now, c.capability, c.size, s.x, s.y) && squareFits(now, c.capability, c.size, g.x, g.y));
      const batch = await pool.findPaths(pairs, { agent: c });
      for (let i = 0; i < pairs.length; i++) {
        if (batch.found(i)) validateFootprint(now, c.capability, c.size, batch.path(i), pairs[i]![0], pairs[i]![1], batch.cost[i]!);
      }
    }
  });

  test('refuses a class it does not serve, the same class twice, and agent with agents, naming them', async () => {
    await using pool = await createPathPool({ grid: terrainGrid, agents: classes.slice(0, 2), workers: 1, mode: 'copied' });
    const q = [[{ x: 1, y: 1 }, { x: 2, y: 2 }]] as [Point, Point][];
    const served = 'it serves size 1 ground,swamp; size 2 ground,trees';
    await expect(pool.findPaths(q, { agent: { size: 3, capability: 'ground' } })).rejects.toThrow(`PathPool.findPaths: this pool serves no agents of size 3 ground (${served})`);
    await expect(pool.planPaths(q, { agent: { size: 2, capability: 'ground' } })).rejects.toThrow('PathPool.planPaths: this pool serves no agents of size 2 ground');
    await expect(pool.isReachable({ x: 1, y: 1 }, { x: 2, y: 2 }, { agent: { size: 4, capability: 'ground' } })).rejects.toThrow('PathPool.isReachable: this pool serves no agents of size 4 ground');
    await expect(pool.componentOf({ x: 1, y: 1 }, { size: 2 } as never)).rejects.toThrow('PathPool.componentOf: unknown option "size" (known: agent)');
    await expect(createPathPool({ grid: terrainGrid, agents: [classes[1]!, { size: 2, capability: 'trees,ground' }] })).rejects.toThrow(
      'createPathPool: agents[0] and agents[1] are the same class (size 2, ground,trees): give each class once',
    );
    await expect(createPathPool({ grid: terrainGrid, agents: classes, agent: classes[0] })).rejects.toThrow('createPathPool: give agent (one class) or agents (several), not both');
    await expect(createPathPool({ grid: terrainGrid, agents: [] })).rejects.toThrow('createPathPool: agents must be an array of one or more { size, capability }, got []');
  });
});
