// Any-angle paths on block worlds through the package (issue 35, item 2): WorldHPAStar.findPath, its query
// objects, findPaths and the world pool (both modes) with pathShape 'any-angle' answer corners: two
// consecutive ones either on one level, joined by a line checked here by an exact line checker of the
// test's own (no non-standing cell's open square met), or one legal move between levels (worldRules.ts);
// the cost their lengths summed, never more than the cell path's; refused on a world with a cost layer.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createWorldPool, loadHpastar, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar } from '../../web/lib/index';
import { seeded } from './helpers/queries';
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
  rules = new WorldBlocks(world.width, world.height, world.levels, Array.from({ length: world.levels }, (_, z) => world.floor(z)));
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

type Fraction = [number, number];
const less = (a: Fraction, b: Fraction) => a[0] * b[1] < b[0] * a[1];

/**
 * Whether a one-block agent walks the straight line from (a.x, a.y) to (b.x, b.y) on level z: the segment
 * meets the open square (cx - 1, cx + 1) × (cy - 1, cy + 1) of no cell c of that level it cannot stand in
 * (exact slab test on fractions).
 */
function lineOnLevel(a: Voxel, b: Voxel): boolean {
  const dx = b.x - a.x, dy = b.y - a.y;
  const slab = (start: number, d: number, lo: number, hi: number): [Fraction, Fraction] | null => {
    if (d === 0) return lo < start && start < hi ? [[-1, 1], [2, 1]] : null;
    return d > 0 ? [[lo - start, d], [hi - start, d]] : [[start - hi, -d], [start - lo, -d]];
  };
  for (let cy = Math.min(a.y, b.y) - 1; cy <= Math.max(a.y, b.y) + 1; cy++)
    for (let cx = Math.min(a.x, b.x) - 1; cx <= Math.max(a.x, b.x) + 1; cx++) {
      if (rules.standing(cx, cy, a.z)) continue;
      const sx = slab(a.x, dx, cx - 1, cx + 1), sy = slab(a.y, dy, cy - 1, cy + 1);
      if (!sx || !sy) continue;
      const lo = less(sx[0], sy[0]) ? sy[0] : sx[0], hi = less(sx[1], sy[1]) ? sx[1] : sy[1];
      if (less(lo, hi) && less(lo, [1, 1]) && less([0, 1], hi)) return false;
    }
  return true;
}

/** "" or the first problem of an any-angle world answer; `length` gets its recomputed length. */
function cornersProblem(corners: Int32Array, start: Voxel, goal: Voxel, cost: number): string {
  const n = corners.length / 3;
  const at = (i: number): Voxel => ({ x: corners[3 * i]!, y: corners[3 * i + 1]!, z: corners[3 * i + 2]! });
  const text = (v: Voxel) => `(${v.x}, ${v.y}, ${v.z})`;
  if (text(at(0)) !== text(start) || text(at(n - 1)) !== text(goal)) return `ends ${text(at(0))}, ${text(at(n - 1))}`;
  let length = 0;
  for (let i = 1; i < n; i++) {
    const a = at(i - 1), b = at(i);
    if (a.z === b.z) {
      if (!lineOnLevel(a, b)) return `line ${text(a)} -> ${text(b)} is blocked`;
      length += Math.hypot(b.x - a.x, b.y - a.y);
    } else {
      const move = rules.moveCost([a.x, a.y, a.z], [b.x, b.y, b.z]);
      if (move === null) return `${text(a)} -> ${text(b)} is no move`;
      length += move;
    }
  }
  return Math.abs(length - cost) <= 1e-9 * Math.max(1, length) ? '' : `cost ${cost}, recomputed ${length}`;
}

test('findPath and its query objects answer legal lines, never longer than the cell path, shorter on most', () => {
  using query = planner.createQuery();
  let shorter = 0;
  pairs.forEach(([s, g], i) => {
    const cells = planner.findPath(s, g);
    const lines = planner.findPath(s, g, { pathShape: 'any-angle' });
    expect(lines.status, `query ${i}`).toBe('found');
    expect(cornersProblem(lines.cells, s, g, lines.cost), `query ${i}`).toBe('');
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
