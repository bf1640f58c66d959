// Any-angle paths on block worlds through the package (issue 35, item 2): WorldHPAStar.findPath, its query
// objects, findPaths and the world pool (both modes) with pathShape 'any-angle' answer corners: two
// consecutive ones either on one level, joined by a line checked here by an exact line checker of the
// test's own (no non-standing cell's open square met), or one legal move between levels (worldRules.ts);
// the cost their lengths summed, never more than the cell path's; refused on a world with a cost layer.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createWorldPool, loadHpastar, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { cornersProblem } from './helpers/worldLines';
import { WorldBlocks } from './helpers/worldRules';
import { standingCells } from './helpers/worlds';

let hp: Hpastar;
let world: BlockWorld;
let planner: WorldHPAStar;
let rules: WorldBlocks;
const generate = { kind: 'hills', size: { width: 48, height: 48, levels: 6 }, seed: 11 } as const;
const hierarchy = { clusterSide: 8, clusterLevels: 2 };
const pairs: [Voxel, Voxel][] = [];

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate(generate);
  planner = hp.WorldHPAStar.build(world, hierarchy);
  rules = WorldBlocks.of(world);
  const cells = standingCells(world);
  const random = seeded(5);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  while (pairs.length < 120) {
    const [s, g] = [pick(), pick()];
    if (planner.findPath(s, g).found) pairs.push([s, g]);
  }
});
afterAll(() => {
  planner.dispose();
  world.dispose();
});

/** "" or the first problem of an any-angle world answer from `start` to `goal` of `cost`. */
function answerProblem(corners: Int32Array, start: Voxel, goal: Voxel, cost: number): string {
  const n = corners.length / 3;
  const text = (x: number, y: number, z: number) => `(${x}, ${y}, ${z})`;
  const first = text(corners[0]!, corners[1]!, corners[2]!), last = text(corners[3 * n - 3]!, corners[3 * n - 2]!, corners[3 * n - 1]!);
  if (first !== text(start.x, start.y, start.z) || last !== text(goal.x, goal.y, goal.z)) return `ends ${first}, ${last}`;
  return cornersProblem(rules, corners, cost);
}

test('findPath and its query objects answer legal lines, never longer than the cell path, shorter on most', () => {
  using query = planner.createQuery();
  let shorter = 0;
  pairs.forEach(([s, g], i) => {
    const cells = planner.findPath(s, g);
    const lines = planner.findPath(s, g, { pathShape: 'any-angle' });
    expect(lines.status, `query ${i}`).toBe('found');
    expect(answerProblem(lines.cells, s, g, lines.cost), `query ${i}`).toBe('');
    expect(lines.cost, `query ${i}`).toBeLessThanOrEqual(cells.cost + 1e-9);
    if (lines.cost < cells.cost - 1e-9) shorter++;
    const again = query.findPath(s, g, { pathShape: 'any-angle' });
    expect(Array.from(again.cells), `query ${i}`).toEqual(Array.from(lines.cells));
    expect(planner.findPath(s, g, { pathShape: 'grid' }).cost).toBe(cells.cost);
  });
  expect(shorter).toBeGreaterThan(pairs.length / 2);
});

test('batches, in the thread and in a world pool of either mode, answer each query as findPath does', async () => {
  const single = pairs.map(([s, g]) => planner.findPath(s, g, { pathShape: 'any-angle' }));
  const expectSame = (batch: { cost: Float64Array; path(i: number): Int32Array }, where: string) =>
    single.forEach((r, i) => {
      expect(batch.cost[i], `${where}, query ${i}`).toBeCloseTo(r.cost, 9);
      expect(Array.from(batch.path(i)), `${where}, query ${i}`).toEqual(Array.from(r.cells));
    });
  expectSame(planner.findPaths(pairs, { pathShape: 'any-angle' }), 'findPaths');
  for (const mode of ['shared', 'copied'] as const) {
    await using pool = await createWorldPool({ generate, hierarchy, workers: 2, mode });
    expectSame(await pool.findPaths(pairs, { pathShape: 'any-angle' }), `pool, ${mode}`);
  }
});

test('a world with a cost layer, and an unknown shape, are refused with errors that say why', () => {
  using weighted = hp.BlockWorld.generate({ kind: 'hills', size: { width: 16, height: 16, levels: 4 }, seed: 1 });
  const [s] = standingCells(weighted);
  weighted.setCellCost(s!.x, s!.y, s!.z, 32);
  using p = hp.WorldHPAStar.build(weighted, { clusterSide: 8, clusterLevels: 2 });
  const refusal = /any-angle paths need an unweighted world: this one has a cost layer/;
  expect(() => p.findPath(s!, s!, { pathShape: 'any-angle' })).toThrow(refusal);
  expect(() => p.findPaths([[s!, s!]], { pathShape: 'any-angle' })).toThrow(refusal);
  expect(p.findPath(s!, s!).found).toBe(true);
  expect(() => planner.findPath(pairs[0]![0], pairs[0]![1], { pathShape: 'straight' as 'grid' })).toThrow(/pathShape/);
});
