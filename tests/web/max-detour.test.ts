// maxDetour through the package (issue 35, item 1): on den520d's scenarios, every path of a planner built
// with maxDetour 0.05 is at most 5 % longer than the scenario's optimum, found by findPath, findPaths and
// a pool (whose workers load the saved hierarchy, the option with it), while the same planner without
// the option has paths beyond that bound (so the check can fail); every path is legal. The same on a
// generated block world against WorldAStar's optimum, by WorldHPAStar and the world pool.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createPathPool, createWorldPool, loadHpastar, type Grid, type HPAStar, type Hpastar, type Point, type Voxel } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';
import { standingCells } from './helpers/worlds';
import { parseMap, parseScenarios, readMapsFile, type MapText, type Scenario } from './scenarios';
import { validatePath } from './validatePath';

const MAP = 'den520d.map';
// The scenarios' lengths have 6 significant digits.
const ROUNDING = 1e-5;
let hp: Hpastar;
let grid: Grid;
let map: MapText;
let scenarios: Scenario[];
let bounded: HPAStar;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  grid = hp.Grid.fromMovingAI(text, MAP);
  map = parseMap(text);
  // The longer half of the file: where the defaults' long paths are.
  scenarios = parseScenarios(readMapsFile(`${MAP}.scen`)).filter((s) => s.bucket >= 20);
  bounded = hp.HPAStar.build(grid, { maxDetour: 0.05 });
});

afterAll(() => {
  bounded?.dispose();
  grid?.dispose();
});

const pairs = () => scenarios.map((s) => [s.start, s.goal] as [Point, Point]);

test('findPath and findPaths keep every path within 5 % of the optimum; without the option some are not', () => {
  expect(bounded.options.maxDetour).toBe(0.05);
  const plain = hp.HPAStar.build(grid);
  try {
    let beyond = 0;
    const batch = bounded.findPaths(pairs());
    scenarios.forEach((s, i) => {
      const r = bounded.findPath(s.start, s.goal);
      expect(r.cost, `line ${s.line}`).toBeLessThanOrEqual(1.05 * s.optimal * (1 + ROUNDING));
      validatePath(map, r.cells, s.start, s.goal, r.cost);
      expect(batch.cost[i]).toBeLessThanOrEqual(1.05 * s.optimal * (1 + ROUNDING));
      if (plain.findPath(s.start, s.goal).cost > 1.05 * s.optimal * (1 + ROUNDING)) beyond++;
    });
    expect(beyond).toBeGreaterThan(0);
  } finally {
    plain.dispose();
  }
});

test('a pool made from the planner answers within the bound too (the option travels with the hierarchy)', async () => {
  for (const mode of ['shared', 'copied'] as const) {
    const pool = await createPathPool({ planner: bounded, workers: 2, mode });
    try {
      expect(pool.options).toMatchObject({ maxDetour: 0.05 });
      const batch = await pool.findPaths(pairs());
      scenarios.forEach((s, i) => expect(batch.cost[i], `${mode}, line ${s.line}`).toBeLessThanOrEqual(1.05 * s.optimal * (1 + ROUNDING)));
    } finally {
      await pool.close();
    }
  }
});

test('block worlds: WorldHPAStar and the world pool keep every path within 2 % of the optimum; without the option some are not', async () => {
  const generate = { kind: 'caves', size: { width: 64, height: 64, levels: 8 }, seed: 9 } as const;
  const options = { clusterSide: 8, clusterLevels: 4, maxDetour: 0.02 };
  using world = hp.BlockWorld.generate(generate);
  using planner = hp.WorldHPAStar.build(world, options);
  using plain = hp.WorldHPAStar.build(world, { ...options, maxDetour: 0 });
  using astar = new hp.WorldAStar();
  expect(planner.options.maxDetour).toBe(0.02);
  const rules = WorldBlocks.of(world);
  const cells = standingCells(world);
  const random = seeded(31);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  const pairs: [Voxel, Voxel][] = [];
  const optimal: number[] = [];
  while (pairs.length < 200) {
    const [s, g] = [pick(), pick()];
    const best = astar.findPath(world, s, g);
    if (!best.found) continue;
    pairs.push([s, g]);
    optimal.push(best.cost);
  }
  let beyond = 0;
  pairs.forEach(([s, g], i) => {
    const r = planner.findPath(s, g);
    expect(rules.check(r.cells, [s.x, s.y, s.z], [g.x, g.y, g.z], r.cost), `query ${i}`).toBe('');
    expect(r.cost, `query ${i}`).toBeLessThanOrEqual(1.02 * optimal[i]! + 1e-9);
    if (plain.findPath(s, g).cost > 1.02 * optimal[i]! + 1e-9) beyond++;
  });
  expect(beyond).toBeGreaterThan(0);
  await using pool = await createWorldPool({ generate, hierarchy: options, workers: 2 });
  expect(pool.options).toMatchObject({ maxDetour: 0.02 });
  const batch = await pool.findPaths(pairs);
  pairs.forEach((_, i) => expect(batch.cost[i], `pool, query ${i}`).toBeLessThanOrEqual(1.02 * optimal[i]! + 1e-9));
});
