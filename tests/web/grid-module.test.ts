// The grid module (issue 38, item 4: a smaller download for games on 2D grids): the `hpastar/grid` entry
// answers every grid query exactly as the full module does (A*, JPS, HPA* at the chosen options, a
// Planner's classes, flow fields, saved bytes loaded across the two), has no world, HAA* or SHPA* factories
// and says so when a Planner is handed a block world; pools of grids load the grid module in their workers
// (both modes) and answer as the planner does, while the pools of a world, of HAA* and of SHPA* load the full one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, createWorldPool, loadHpastar as loadFull, type Grid, type Hpastar, type HpastarGrid, type Point, WorldHPAStar } from '../../web/lib/index';
import { loadHpastar as loadGrid } from '../../web/lib/gridModule';
import { randomPairs } from './helpers/queries';
import { parseMap, parseScenarios, readMapsFile } from './scenarios';

const MAP = 'den520d.map';
const CLASSES = [
  { size: 1, capability: 'ground,swamp' },
  { size: 2, capability: 'ground,trees' },
];

let full: Hpastar;
let small: HpastarGrid;
let fullGrid: Grid;
let smallGrid: Grid;
let queries: [Point, Point][];

beforeAll(async () => {
  [full, small] = await Promise.all([loadFull(), loadGrid()]);
  const text = readMapsFile(MAP);
  fullGrid = full.Grid.fromMovingAI(text, MAP);
  smallGrid = small.Grid.fromMovingAI(text, MAP);
  const scenarios = parseScenarios(readMapsFile(`${MAP}.scen`));
  // Every 8th scenario, all buckets, and random pairs (some in other components).
  queries = [
    ...scenarios.filter((_, i) => i % 8 === 0).map((s): [Point, Point] => [s.start, s.goal]),
    ...randomPairs(parseMap(text), 100, 3),
  ];
});
afterAll(() => {
  fullGrid.dispose();
  smallGrid.dispose();
});

/** A call's answer, or its error's message (a start or goal where the agent does not fit). */
function outcome(call: () => number): number | string {
  try {
    return call();
  } catch (error) {
    return String(error);
  }
}

describe('the grid module', () => {
  test('is the API of hpastar without the block world, HAA* and SHPA* factories, and a different instance', () => {
    expect(Object.keys(small).sort()).toEqual(Object.keys(full).filter((k) => !/^(BlockWorld|WorldAStar|WorldHPAStar|HAAStar|AnnotatedAStar|SHPAStar)$/.test(k)).sort());
    expect('BlockWorld' in small).toBe(false);
    expect('HAAStar' in small).toBe(false);
    expect('SHPAStar' in small).toBe(false);
    expect(Object.keys(full)).toContain('BlockWorld');
  });

  test('A*, JPS and HPA* at the chosen options answer every query as the full module does', () => {
    const planners = [
      [new full.AStar(), new small.AStar()],
      [new full.JPS(), new small.JPS()],
    ] as const;
    using fullHpa = full.HPAStar.build(fullGrid);
    using smallHpa = small.HPAStar.build(smallGrid);
    expect({ ...smallHpa.stats, buildMs: 0 }).toEqual({ ...fullHpa.stats, buildMs: 0 });
    let found = 0;
    for (const [start, goal] of queries) {
      for (const [a, b] of planners) expect(b.findPath(smallGrid, start, goal).cost).toBe(a.findPath(fullGrid, start, goal).cost);
      const expected = fullHpa.findPath(start, goal, { smooth: true });
      const got = smallHpa.findPath(start, goal, { smooth: true });
      expect(got.status).toBe(expected.status);
      expect([...got.cells]).toEqual([...expected.cells]);
      if (got.found) found++;
    }
    expect(found).toBeGreaterThan(queries.length / 2);
  });

  test("a Planner's classes answer as the full module's, and saved bytes load across the two", () => {
    using fullPlanner = full.Planner.build(fullGrid, { agents: CLASSES, hierarchy: { clusterSize: 16, levels: 2 } });
    using smallPlanner = small.Planner.build(smallGrid, { agents: CLASSES, hierarchy: { clusterSize: 16, levels: 2 } });
    using loaded = small.Planner.load(fullPlanner.serialize());
    if (loaded instanceof WorldHPAStar) throw new Error("a grid planner's bytes loaded as a block world's");
    for (const [start, goal] of queries.slice(0, 120)) {
      for (const agent of CLASSES) {
        const expected = outcome(() => fullPlanner.findPath(start, goal, { agent }).cost);
        expect(outcome(() => smallPlanner.findPath(start, goal, { agent }).cost)).toEqual(expected);
        expect(outcome(() => loaded.findPath(start, goal, { agent }).cost)).toEqual(expected);
      }
    }
  });

  test('flow fields are the same', () => {
    using fullHpa = full.HPAStar.build(fullGrid, { clusterSize: 16, levels: 2 });
    using smallHpa = small.HPAStar.build(smallGrid, { clusterSize: 16, levels: 2 });
    for (const [, goal] of queries.slice(0, 4)) {
      const expected = fullHpa.flowField(goal);
      expect([...smallHpa.flowField(goal).directions]).toEqual([...expected.directions]);
    }
  });

  test('a Planner handed a block world, or its bytes, says the grid module has none', () => {
    using world = full.BlockWorld.generate({ kind: 'caves', size: { width: 24, height: 24, levels: 3 }, seed: 2 });
    expect(() => small.Planner.build(world)).toThrow('Planner.build: this is the module of "hpastar/grid", which has no block worlds: load the module of "hpastar" for them');
    using worldPlanner = full.WorldHPAStar.build(world);
    expect(() => small.Planner.load(worldPlanner.serialize())).toThrow('Planner.load: this is the module of "hpastar/grid", which has no block worlds');
  });
});

describe.each(['copied', 'shared'] as const)('pools (%s mode)', (mode) => {
  test("of a grid load the grid module in their workers and answer as the grid module's planner", async () => {
    using planner = small.HPAStar.build(smallGrid, { clusterSize: 16, levels: 2 });
    await using pool = await createPathPool({ planner, workers: 2, mode });
    expect(pool.mode).toBe(mode);
    expect(pool.wasmModule).toBe(mode === 'shared' ? 'hpastar-grid-mt' : 'hpastar-grid');
    const batch = await pool.findPaths(queries.slice(0, 200));
    queries.slice(0, 200).forEach(([start, goal], i) => expect(batch.cost[i]).toBe(planner.findPath(start, goal).cost));
  });

  test('of a block world load the full module', async () => {
    await using pool = await createWorldPool({ generate: { kind: 'caves', size: { width: 24, height: 24, levels: 3 }, seed: 2 }, workers: 1, mode });
    expect(pool.wasmModule).toBe(mode === 'shared' ? 'hpastar-mt' : 'hpastar');
  });

  test('of HAA* load the full module and answer as the planner does', async () => {
    using planner = full.HAAStar.build(fullGrid, { maxSize: 2 });
    await using pool = await createPathPool({ algorithm: 'haa', grid: fullGrid, hierarchy: { maxSize: 2 }, workers: 1, mode });
    expect(pool.wasmModule).toBe(mode === 'shared' ? 'hpastar-mt' : 'hpastar');
    const agent = { size: 2, capability: 'ground' };
    const some = queries.slice(0, 40);
    const batch = await pool.findPaths(some, { agent });
    let compared = 0;
    some.forEach(([start, goal], i) => {
      const expected = outcome(() => planner.findPath(start, goal, agent).cost);
      if (typeof expected === 'number' && expected > 0) (expect(batch.cost[i]).toBe(expected), compared++);
    });
    expect(compared).toBeGreaterThan(10);
  });

  test('of SHPA* load the full module and answer as the planner does', async () => {
    using planner = full.SHPAStar.build(fullGrid);
    await using pool = await createPathPool({ planner, workers: 1, mode });
    expect(pool.wasmModule).toBe(mode === 'shared' ? 'hpastar-mt' : 'hpastar');
    const some = queries.slice(0, 40);
    const batch = await pool.findPaths(some);
    some.forEach(([start, goal], i) => expect(batch.cost[i]).toBe(planner.findPath(start, goal).cost));
  });
});
