// Partial paths (issue 35, item 3): with `toNearest`, a goal the start cannot reach (inside a wall, or in
// another component) is answered by a path to the reachable cell nearest to it, by octile distance, ties
// to the shorter path; status 'partial' and the cell reached. Checked on every map of maps/ against a
// brute-force flood of the start's component, through findPath, findPaths and the pool, for HPA* and
// SHPA*; and on drawn maps where the tie must go to the near side of a wall.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, PathQueryError, type HPAStar, type Hpastar, type Point, type SHPAStar } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

const MAPS = ['8room_000.map', 'AR0011SR.map', 'arena.map', 'brc202d.map', 'den520d.map', 'maze512-1-0.map'];
const SQRT2 = Math.SQRT2;

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

const octile = (a: Point, b: Point) => {
  const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
};

/** The cells reachable from `start` (8-connected, no corner cutting), as a bitmap; brute force. */
function flood(map: MapText, start: Point): Uint8Array {
  const { width: w, height: h } = map;
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && isPassableChar(map.rows[y]![x]);
  const seen = new Uint8Array(w * h);
  if (!free(start.x, start.y)) return seen;
  const stack = [start.y * w + start.x];
  seen[stack[0]!] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % w, y = (i - x) / w;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy;
        if ((dx === 0 && dy === 0) || !free(nx, ny) || seen[ny * w + nx]) continue;
        if (dx !== 0 && dy !== 0 && (!free(x + dx, y) || !free(x, y + dy))) continue;
        seen[ny * w + nx] = 1;
        stack.push(ny * w + nx);
      }
  }
  return seen;
}

/** The reachable cells at the least octile distance from `goal` (the ties), and that distance. */
function nearestReachable(map: MapText, reachable: Uint8Array, goal: Point): { distance: number; cells: Point[] } {
  let distance = Infinity;
  let cells: Point[] = [];
  for (let i = 0; i < reachable.length; i++) {
    if (!reachable[i]) continue;
    const p = { x: i % map.width, y: Math.floor(i / map.width) };
    const d = octile(p, goal);
    if (d < distance - 1e-9) {
      distance = d;
      cells = [p];
    } else if (Math.abs(d - distance) <= 1e-9) cells.push(p);
  }
  return { distance, cells };
}

interface PartialQuery {
  start: Point;
  goal: Point;
  /** The start's flood (brute force). */
  reach: Uint8Array;
}

/** Queries whose goals the start cannot reach: goals inside walls, and goals in other components. */
function unreachableQueries(map: MapText, count: number, seed: number): PartialQuery[] {
  const random = seeded(seed);
  const cell = () => ({ x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) });
  const free = (p: Point) => isPassableChar(map.rows[p.y]![p.x]);
  const out: PartialQuery[] = [];
  const floods = new Map<string, Uint8Array>();
  for (let tries = 0; out.length < count && tries < 100_000; tries++) {
    const start = cell();
    if (!free(start)) continue;
    const key = `${start.x},${start.y}`;
    const reach = floods.get(key) ?? flood(map, start);
    floods.set(key, reach);
    const goal = cell();
    if (reach[goal.y * map.width + goal.x]) continue; // reachable: not what this test is about
    out.push({ start, goal, reach });
  }
  return out;
}

/** Checks a partial answer against the brute force: nearest by octile distance, ties to the planner's shorter path. */
function checkPartial(
  map: MapText,
  q: PartialQuery,
  reached: Point | undefined,
  cells: Int32Array,
  cost: number,
  costTo: (p: Point) => number,
): void {
  const where = `(${q.start.x}, ${q.start.y}) to (${q.goal.x}, ${q.goal.y})`;
  expect(reached, where).toBeDefined();
  const reach = q.reach;
  const nearest = nearestReachable(map, reach, q.goal);
  expect(reach[reached!.y * map.width + reached!.x], `${where}: reached cell is reachable`).toBe(1);
  expect(octile(reached!, q.goal), `${where}: reached cell is the nearest`).toBeCloseTo(nearest.distance, 9);
  validatePath(map, cells, q.start, reached!, cost);
  for (const other of nearest.cells) expect(cost, `${where}: no tie has a shorter path`).toBeLessThanOrEqual(costTo(other) + 1e-9);
}

describe.each(MAPS)('on %s', (name) => {
  let map: MapText;
  let planner: HPAStar;
  beforeAll(() => {
    const text = readMapsFile(name);
    map = parseMap(text);
    const grid = hp.Grid.fromMovingAI(text, name);
    planner = hp.HPAStar.build(grid);
    grid.dispose();
  });
  afterAll(() => planner.dispose());

  test('findPath with toNearest goes to the reachable cell nearest an unreachable goal (brute-force flood)', () => {
    const queries = unreachableQueries(map, 24, 35);
    expect(queries.length).toBe(24);
    let walls = 0;
    for (const q of queries) {
      if (!isPassableChar(map.rows[q.goal.y]![q.goal.x])) walls++;
      const r = planner.findPath(q.start, q.goal, { toNearest: true });
      expect(r.found).toBe(true);
      expect(r.status).toBe('partial');
      checkPartial(map, q, r.reached, r.cells, r.cost, (p) => planner.findPath(q.start, p).cost);
      // Without the option, the same query fails as before.
      if (isPassableChar(map.rows[q.goal.y]![q.goal.x])) expect(planner.findPath(q.start, q.goal).status).toBe('no path');
      else expect(() => planner.findPath(q.start, q.goal)).toThrow(PathQueryError);
    }
    expect(walls).toBeGreaterThan(0);
  });

  test('findPaths with toNearest answers as findPath, query by query; reachable goals stay found', () => {
    const queries = unreachableQueries(map, 12, 36);
    const reachable = { ...queries[0]!, goal: queries[0]!.start };
    const all = [...queries, reachable];
    const batch = planner.findPaths(all.map((q) => [q.start, q.goal] as [Point, Point]), { toNearest: true });
    all.forEach((q, i) => {
      const one = planner.findPath(q.start, q.goal, { toNearest: true });
      expect(batch.found(i)).toBe(true);
      expect(batch.statusText(i)).toBe(one.status);
      expect(batch.reached(i)).toEqual(one.reached);
      expect(batch.cost[i]).toBeCloseTo(one.cost, 9);
      expect([...batch.path(i)]).toEqual([...one.cells]);
    });
    expect(batch.statusText(all.length - 1)).toBe('found');
    expect(batch.reached(all.length - 1)).toBeUndefined();
  });
});

describe('ties and edge cases on drawn maps', () => {
  // A 3 × 3 block of wall in an open room: a goal at its centre has four nearest free cells, at distance 2.
  const BLOCK = ['.........', '.........', '...@@@...', '...@@@...', '...@@@...', '.........', '.........'];
  const blockMap: MapText = { width: 9, height: 7, rows: BLOCK };
  // Two rooms apart: component 1 on the left (x 0..1), component 2 on the right (x 5..6).
  const ROOMS = ['..@@@..', '..@@@..', '..@@@..', '..@@@..'];
  let block: HPAStar;
  let blockShpa: SHPAStar;
  let rooms: HPAStar;

  beforeAll(() => {
    const g = hp.Grid.fromTerrain(BLOCK.join(''), 9, 7);
    block = hp.HPAStar.build(g, { clusterSize: 4 });
    blockShpa = hp.SHPAStar.build(g);
    g.dispose();
    const r = hp.Grid.fromTerrain(ROOMS.join(''), 7, 4);
    rooms = hp.HPAStar.build(r, { clusterSize: 4 });
    r.dispose();
  });
  afterAll(() => {
    for (const p of [block, blockShpa, rooms]) p.dispose();
  });

  test('a goal inside a wall is answered on the near side: ties go to the shorter path', () => {
    for (const p of [block, blockShpa]) {
      const goal = { x: 4, y: 3 };
      const cases: [Point, Point][] = [
        [{ x: 4, y: 0 }, { x: 4, y: 1 }],
        [{ x: 4, y: 6 }, { x: 4, y: 5 }],
        [{ x: 0, y: 3 }, { x: 2, y: 3 }],
        [{ x: 8, y: 3 }, { x: 6, y: 3 }],
      ];
      for (const [start, near] of cases) {
        const r = p.findPath(start, goal, { toNearest: true });
        expect(r.status).toBe('partial');
        expect(r.reached).toEqual(near);
        validatePath(blockMap, r.cells, start, near, r.cost);
      }
    }
  });

  test('a goal in another component: the nearest cell of the start\'s, status partial, and found as a path', () => {
    const r = rooms.findPath({ x: 0, y: 0 }, { x: 6, y: 0 }, { toNearest: true });
    expect(r).toMatchObject({ found: true, status: 'partial', reached: { x: 1, y: 0 }, cost: 1 });
    // A reachable goal is left alone: no `reached`.
    const f = rooms.findPath({ x: 0, y: 0 }, { x: 1, y: 3 }, { toNearest: true });
    expect(f.status).toBe('found');
    expect('reached' in f).toBe(false);
  });

  test('an invalid start still throws, unless snap moves it first', () => {
    expect(() => rooms.findPath({ x: 3, y: 0 }, { x: 6, y: 0 }, { toNearest: true })).toThrow(PathQueryError);
    const r = rooms.findPath({ x: 2, y: 0 }, { x: 6, y: 3 }, { toNearest: true, snap: true });
    expect(r.snapped?.start).toEqual({ x: 1, y: 0 });
    expect(r).toMatchObject({ status: 'partial', reached: { x: 1, y: 3 } });
    expect(() => rooms.findPath({ x: 0, y: 0 }, { x: 6, y: 0 }, { toNearest: 1 } as never)).toThrow(/option toNearest must be a boolean/);
  });

  test('the pool answers partial paths as the planner does', async () => {
    const pool = await createPathPool({ planner: block, workers: 1 });
    try {
      const queries: [Point, Point][] = [
        [{ x: 4, y: 6 }, { x: 4, y: 3 }],
        [{ x: 0, y: 3 }, { x: 4, y: 3 }],
        [{ x: 0, y: 0 }, { x: 8, y: 6 }],
      ];
      const a = await pool.findPaths(queries, { toNearest: true });
      const b = block.findPaths(queries, { toNearest: true });
      for (let i = 0; i < queries.length; i++) {
        expect(a.statusText(i)).toBe(b.statusText(i));
        expect(a.reached(i)).toEqual(b.reached(i));
        expect([...a.path(i)]).toEqual([...b.path(i)]);
      }
      expect(a.reached(0)).toEqual({ x: 4, y: 5 });
      expect(a.statusText(2)).toBe('found');
    } finally {
      await pool.close();
    }
  });
});
