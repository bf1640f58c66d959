// Any-angle paths through the package (issue 35, item 2): findPath with pathShape 'any-angle' answers the
// corners of straight lines, each line legal for the agent's whole square (checked here by an exact
// line checker of the test's own), from the start to the goal, its cost their Euclidean length, never
// longer than the grid path; for HPA*, SHPA* and a Planner's class of size 2; batches (in the thread and in
// a pool's workers, both modes) answer each query as findPath does; refused on weighted grids, with errors
// that name the problem.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Hpastar, type PathBatch, type Point } from '../../web/lib/index';
import { pack, randomPairs, seeded } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile, type MapText } from './scenarios';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

/** a/b as an exact fraction (b > 0): the coordinates are small integers, so products stay exact in doubles. */
type Fraction = [number, number];
const less = (a: Fraction, b: Fraction) => a[0] * b[1] < b[0] * a[1];

/**
 * Whether the segment from anchor `a` to anchor `b` is walkable by a square of side `size` anchored at
 * its top-left cell: the square swept along it overlaps the interior of no blocked cell and stays in the
 * map. A blocked cell c forbids the anchors in the open square (c.x - size, c.x + 1) × (c.y - size, c.y + 1);
 * the segment must meet none of them (exact slab test on fractions).
 */
function legalLeg(map: MapText, size: number, a: Point, b: Point): boolean {
  const inMap = (p: Point) => p.x >= 0 && p.y >= 0 && p.x + size <= map.width && p.y + size <= map.height;
  if (!inMap(a) || !inMap(b)) return false;
  const dx = b.x - a.x, dy = b.y - a.y;
  // The open interval of t where the segment is strictly inside (lo, hi) on one axis; null when never.
  const slab = (start: number, d: number, lo: number, hi: number): [Fraction, Fraction] | null => {
    if (d === 0) return lo < start && start < hi ? [[-1, 1], [2, 1]] : null;
    return d > 0 ? [[lo - start, d], [hi - start, d]] : [[start - hi, -d], [start - lo, -d]];
  };
  const x0 = Math.min(a.x, b.x) - 1, x1 = Math.max(a.x, b.x) + size, y0 = Math.min(a.y, b.y) - 1, y1 = Math.max(a.y, b.y) + size;
  for (let cy = Math.max(0, y0); cy <= Math.min(map.height - 1, y1); cy++)
    for (let cx = Math.max(0, x0); cx <= Math.min(map.width - 1, x1); cx++) {
      if (isPassableChar(map.rows[cy]![cx])) continue;
      const sx = slab(a.x, dx, cx - size, cx + 1), sy = slab(a.y, dy, cy - size, cy + 1);
      if (!sx || !sy) continue;
      const lo = less(sx[0], sy[0]) ? sy[0] : sx[0], hi = less(sx[1], sy[1]) ? sx[1] : sy[1];
      // (lo, hi) ∩ [0, 1] is not empty: the segment enters the forbidden square.
      if (less(lo, hi) && less(lo, [1, 1]) && less([0, 1], hi)) return false;
    }
  return true;
}

/** Checks an any-angle answer: ends, every leg, the cost; returns its length. */
function checkCorners(map: MapText, size: number, cells: Int32Array, start: Point, goal: Point, cost: number): number {
  const n = cells.length / 2;
  expect({ x: cells[0], y: cells[1] }).toEqual(start);
  expect({ x: cells[2 * n - 2], y: cells[2 * n - 1] }).toEqual(goal);
  let length = 0;
  for (let i = 1; i < n; i++) {
    const p = { x: cells[2 * i - 2]!, y: cells[2 * i - 1]! }, q = { x: cells[2 * i]!, y: cells[2 * i + 1]! };
    expect(legalLeg(map, size, p, q), `leg (${p.x}, ${p.y}) to (${q.x}, ${q.y}), size ${size}`).toBe(true);
    length += Math.hypot(q.x - p.x, q.y - p.y);
  }
  expect(cost).toBeCloseTo(length, 9);
  return length;
}

test("the test's own line checker: refuses lines through a wall or between two diagonal walls, takes lines grazing one", () => {
  const map: MapText = { width: 6, height: 5, rows: ['......', '..@...', '......', '...@..', '....@.'] };
  expect(legalLeg(map, 1, { x: 0, y: 1 }, { x: 5, y: 1 })).toBe(false); // through (2, 1)
  expect(legalLeg(map, 1, { x: 0, y: 0 }, { x: 5, y: 0 })).toBe(true); // along the wall's top side
  expect(legalLeg(map, 1, { x: 0, y: 2 }, { x: 5, y: 2 })).toBe(true); // along its bottom side
  expect(legalLeg(map, 1, { x: 1, y: 0 }, { x: 3, y: 2 })).toBe(false); // across its corner
  expect(legalLeg(map, 1, { x: 3, y: 4 }, { x: 4, y: 3 })).toBe(false); // between (3, 3) and (4, 4)
  expect(legalLeg(map, 2, { x: 0, y: 2 }, { x: 4, y: 2 })).toBe(false); // a 2 × 2 square there overlaps (3, 3)
  expect(legalLeg(map, 1, { x: 0, y: 0 }, { x: 6, y: 0 })).toBe(false); // out of the map
});

describe.each(['arena.map', 'den520d.map', 'AR0011SR.map'])('on %s', (name) => {
  let map: MapText;
  let text: string;
  beforeAll(() => {
    text = readMapsFile(name);
    map = parseMap(text);
  });

  test('HPA* and SHPA*: legal straight legs from start to goal, never longer than the grid path', () => {
    const grid = hp.Grid.fromMovingAI(text, name);
    const planners = [hp.HPAStar.build(grid), hp.SHPAStar.build(grid)];
    const random = seeded(12);
    const cells: Point[] = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (isPassableChar(map.rows[y]![x])) cells.push({ x, y });
    try {
      for (const planner of planners) {
        let shorter = 0, shaped = 0;
        for (let i = 0; i < 40; i++) {
          const s = cells[Math.floor(random() * cells.length)]!, g = cells[Math.floor(random() * cells.length)]!;
          const path = planner.findPath(s, g);
          const straight = planner.findPath(s, g, { pathShape: 'any-angle' });
          expect(straight.found).toBe(path.found);
          if (!path.found) continue;
          shaped++;
          const length = checkCorners(map, 1, straight.cells, s, g, straight.cost);
          expect(length).toBeLessThanOrEqual(path.cost + 1e-9);
          expect(length).toBeGreaterThanOrEqual(Math.hypot(g.x - s.x, g.y - s.y) - 1e-9);
          if (length < path.cost - 1e-6) shorter++;
        }
        expect(shaped).toBeGreaterThan(30);
        expect(shorter, 'most paths get shorter than their grid path').toBeGreaterThan(shaped / 2);
      }
    } finally {
      for (const p of planners) p.dispose();
      grid.dispose();
    }
  });
});

test('a Planner\'s class of size 2: every leg is legal for the whole 2 × 2 square', () => {
  const text = readMapsFile('den520d.map');
  const map = parseMap(text);
  const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
  const agent = { size: 2, capability: 'ground' };
  const planner = hp.Planner.build(grid, { agents: [agent] });
  const random = seeded(8);
  try {
    let checked = 0;
    for (let i = 0; i < 200 && checked < 30; i++) {
      const s = { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) };
      const g = { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) };
      if (!planner.isReachable(s, g)) continue;
      const r = planner.findPath(s, g, { pathShape: 'any-angle' });
      expect(r.found).toBe(true);
      checkCorners(map, 2, r.cells, s, g, r.cost);
      checked++;
    }
    expect(checked).toBe(30);
  } finally {
    planner.dispose();
    grid.dispose();
  }
});

/** Fails unless query i of `batch` is `path` (status, cost, corners). */
function expectQuery(batch: PathBatch, i: number, path: { found: boolean; cost: number; cells: Int32Array }): void {
  expect(batch.found(i), `query ${i}`).toBe(path.found);
  if (!path.found) return;
  expect(batch.cost[i], `query ${i}`).toBe(path.cost);
  expect([...batch.cells.subarray(2 * batch.offsets[i]!, 2 * batch.offsets[i + 1]!)], `query ${i}`).toEqual([...path.cells]);
}

describe('batches of any-angle paths', () => {
  const text = readMapsFile('den520d.map');
  const map = parseMap(text);
  const pairs = randomPairs(map, 60, 21);
  const queries = pack(pairs);

  test('HPAStar, SHPAStar and a Planner\'s class of size 2: each query of findPaths is findPath\'s answer, its legs legal', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const hpa = hp.HPAStar.build(grid);
    const shpa = hp.SHPAStar.build(grid);
    const agent = { size: 2, capability: 'ground' };
    const sized = hp.Planner.build(grid, { agents: [agent] });
    try {
      // The 2 × 2 class's queries: the pairs whose squares fit at both ends.
      const fits = (p: Point) => [0, 1].every((dy) => [0, 1].every((dx) => isPassableChar(map.rows[p.y + dy]?.[p.x + dx] ?? '@')));
      const wide = pairs.filter(([s, g]) => fits(s) && fits(g));
      for (const [planner, size, asked] of [[hpa, 1, pairs], [shpa, 1, pairs], [sized, 2, wide]] as const) {
        const batch = planner.findPaths(pack(asked), { pathShape: 'any-angle' });
        const grids = planner.findPaths(pack(asked));
        let found = 0, shorter = 0;
        asked.forEach(([s, g], i) => {
          const single = planner.findPath(s, g, { pathShape: 'any-angle' });
          expectQuery(batch, i, single);
          if (!single.found) return;
          found++;
          checkCorners(map, size, single.cells, s, g, single.cost);
          expect(single.cost).toBeLessThanOrEqual(grids.cost[i]! + 1e-9);
          if (single.cost < grids.cost[i]! - 1e-6) shorter++;
        });
        expect(found).toBeGreaterThan(asked.length / 2);
        expect(shorter).toBeGreaterThan(found / 2);
        // Without cells, the costs alone.
        const costs = planner.findPaths(pack(asked), { pathShape: 'any-angle', cells: false });
        expect([...costs.cost]).toEqual([...batch.cost]);
      }
    } finally {
      hpa.dispose();
      shpa.dispose();
      sized.dispose();
      grid.dispose();
    }
  });

  test.each(['copied', 'shared'] as const)('a pool in %s mode answers the batch as the planner in the thread does', async (mode) => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid);
    const pool = await createPathPool({ planner, workers: 2, mode });
    try {
      const expected = planner.findPaths(queries, { pathShape: 'any-angle' });
      const answered = await pool.findPaths(queries, { pathShape: 'any-angle' });
      expect(answered.count).toBe(pairs.length);
      pairs.forEach((_, i) => expectQuery(answered, i, { found: expected.found(i), cost: expected.cost[i]!, cells: expected.cells.subarray(2 * expected.offsets[i]!, 2 * expected.offsets[i + 1]!) }));
      // A partial path's end is shaped too: the corners end on the cell reached.
      const walled = await pool.findPaths([[pairs[0]![0], { x: 0, y: 0 }]], { pathShape: 'any-angle', toNearest: true });
      expect(walled.statusText(0)).toBe('partial');
      const reached = walled.reached(0)!;
      const corners = walled.cells.subarray(0, 2 * walled.offsets[1]!);
      expect({ x: corners[corners.length - 2], y: corners[corners.length - 1] }).toEqual(reached);
      checkCorners(map, 1, corners, pairs[0]![0], reached, walled.cost[0]!);
    } finally {
      await pool.close();
      planner.dispose();
      grid.dispose();
    }
  });
});

test('refused where it cannot be: weighted grids (one path, batches, pools), unknown shapes', async () => {
  const grid = hp.Grid.fromTerrain('....S....', 9, 1);
  grid.setTerrainCosts({ S: 4 });
  const weighted = hp.HPAStar.build(grid);
  const open = hp.Grid.fromTerrain('.........', 9, 1);
  const plain = hp.HPAStar.build(open);
  try {
    expect(() => weighted.findPath({ x: 0, y: 0 }, { x: 8, y: 0 }, { pathShape: 'any-angle' })).toThrow(/any-angle paths need an unweighted grid/);
    expect(weighted.findPath({ x: 0, y: 0 }, { x: 8, y: 0 }, { pathShape: 'grid' }).found).toBe(true);
    expect(() => weighted.findPaths([[{ x: 0, y: 0 }, { x: 8, y: 0 }]], { pathShape: 'any-angle' })).toThrow(/findPaths.*any-angle paths need an unweighted grid/);
    const pool = await createPathPool({ planner: weighted, workers: 1, mode: 'copied' });
    try {
      await expect(pool.findPaths([[{ x: 0, y: 0 }, { x: 8, y: 0 }]], { pathShape: 'any-angle' })).rejects.toThrow(/any-angle paths need an unweighted grid/);
      expect((await pool.findPaths([[{ x: 0, y: 0 }, { x: 8, y: 0 }]])).found(0)).toBe(true);
    } finally {
      await pool.close();
    }
    expect(() => plain.findPaths([[{ x: 0, y: 0 }, { x: 8, y: 0 }]], { pathShape: 'bezier' } as never)).toThrow(/option pathShape must be one of 'grid', 'any-angle', got/);
    expect(() => plain.findPath({ x: 0, y: 0 }, { x: 8, y: 0 }, { pathShape: 'bezier' } as never)).toThrow(/option pathShape must be one of 'grid', 'any-angle', got/);
    const r = plain.findPath({ x: 0, y: 0 }, { x: 8, y: 0 }, { pathShape: 'any-angle' });
    expect([...r.cells]).toEqual([0, 0, 8, 0]);
    expect(r.cost).toBe(8);
  } finally {
    weighted.dispose();
    plain.dispose();
    grid.dispose();
    open.dispose();
  }
});
