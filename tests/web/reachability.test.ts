// Reachability without search (issue 18, item 1), through the package: componentOf and isReachable agree
// with A* on a real map, also after a wall cuts it in two and is removed; nearestPassable has worked
// answers on a drawn map; randomPassable stays in its component, spreads evenly and repeats with the
// same random function; the snap option moves blocked endpoints and says so; bad arguments throw errors
// that name them; the pool answers as the planner does, also after updateTerrain. HPA* and SHPA* alike.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, PathQueryError, PathStatusCode, type Grid, type HPAStar, type Hpastar, type Point, type SHPAStar, type TerrainEdit } from '../../web/lib/index';
import { componentLabels } from '../../web/lib/inspect';
import { pack, randomPairs, seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

const MAP = 'den520d.map';
let hp: Hpastar;
let map: MapText;
let grid: Grid;
let planner: HPAStar;
let shpa: SHPAStar;

// Two rooms apart: component 1 on the left (x 0..1), component 2 on the right (x 5..6).
const TWO_ROOMS = ['..@@@..', '..@@@..', '..@@@..', '..@@@..'];
let rooms: HPAStar;
let roomsShpa: SHPAStar;
const roomsMap: MapText = { width: 7, height: 4, rows: TWO_ROOMS };

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
  shpa = hp.SHPAStar.build(grid);
  const roomsGrid = hp.Grid.fromTerrain(TWO_ROOMS.join(''), 7, 4);
  rooms = hp.HPAStar.build(roomsGrid, { clusterSize: 4 });
  roomsShpa = hp.SHPAStar.build(roomsGrid);
  roomsGrid.dispose();
});

afterAll(() => {
  for (const p of [planner, shpa, rooms, roomsShpa]) p.dispose();
  grid.dispose();
});

/** Two cells joined on the unedited map, one above row 128 and one below it (a full wall there parts them). */
function acrossRow128(): [Point, Point] {
  const pair = randomPairs(map, 400, 17).find(([a, b]) => a.y < 128 && b.y > 128 && planner.isReachable(a, b));
  if (!pair) throw new Error('no pair across row 128');
  return pair;
}

/** isReachable (and componentOf) against A* on `g`, for random pairs, a fifth of them with a random (maybe blocked) goal. */
function expectAStarAgrees(p: HPAStar | SHPAStar, g: Grid, seed: number, count: number): void {
  const astar = new hp.AStar();
  const random = seeded(seed);
  let found = 0;
  let unreachable = 0;
  for (const [i, [a, pairGoal]] of randomPairs(map, count, seed).entries()) {
    const b = i % 5 === 4 ? { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) } : pairGoal;
    let path = false;
    try {
      path = astar.findPath(g, a, b).found;
    } catch (error) {
      expect(error).toBeInstanceOf(PathQueryError); // b blocked
    }
    expect(p.isReachable(a, b), `${a.x},${a.y} -> ${b.x},${b.y}`).toBe(path);
    expect(p.componentOf(a) === p.componentOf(b) && p.componentOf(b) !== 0).toBe(path);
    if (path) found++;
    else unreachable++;
  }
  expect(found).toBeGreaterThan(0);
  expect(unreachable).toBeGreaterThan(0);
  astar.dispose();
}

describe('componentOf and isReachable', () => {
  test('are the labels of components() and answer as A* does on den520d, for HPA* and SHPA*', () => {
    const { labels, count } = componentLabels(planner);
    expect(count).toBe(planner.stats.components);
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        expect(planner.componentOf({ x, y })).toBe(labels[y * map.width + x]);
        expect(shpa.componentOf({ x, y })).toBe(labels[y * map.width + x]);
      }
    }
    expect(planner.componentOf({ x: -1, y: 3 })).toBe(0);
    expect(shpa.componentOf({ x: map.width, y: 0 })).toBe(0);
    expectAStarAgrees(planner, grid, 1, 300);
    expectAStarAgrees(shpa, grid, 2, 300);
  });

  test('stay right after a wall cuts the map in two, and after it is removed', () => {
    const text = readMapsFile(MAP);
    const edited = hp.Grid.fromMovingAI(text, MAP);
    const p = hp.HPAStar.build(edited, { clusterSize: 10, levels: 2 });
    const wall: TerrainEdit[] = Array.from({ length: map.width }, (_, x) => ({ x, y: 128, terrain: '@' }));
    const restore: TerrainEdit[] = wall.map(({ x, y }) => ({ x, y, terrain: map.rows[y]![x]! }));
    const before = p.stats.components;
    p.applyEdits(wall);
    edited.applyEdits(wall);
    expect(p.stats.components).toBeGreaterThan(before);
    const [above, below] = acrossRow128();
    expect(p.isReachable(above, below)).toBe(false);
    expectAStarAgrees(p, edited, 3, 200);
    p.applyEdits(restore);
    edited.applyEdits(restore);
    expect(p.stats.components).toBe(before);
    expect(p.isReachable(above, below)).toBe(true);
    expect(componentLabels(p).labels).toEqual(componentLabels(planner).labels);
    expectAStarAgrees(p, edited, 4, 200);
    p.dispose();
    edited.dispose();
  });
});

describe('nearestPassable', () => {
  test.each(['HPAStar', 'SHPAStar'])('%s: worked answers on two rooms (octile distance, ties to smaller y then x)', (name) => {
    const p = name === 'HPAStar' ? rooms : roomsShpa;
    expect(p.componentOf({ x: 0, y: 0 })).toBe(1);
    expect(p.componentOf({ x: 6, y: 3 })).toBe(2);
    expect(p.nearestPassable({ x: 2, y: 1 })).toEqual({ x: 1, y: 1 });
    expect(p.nearestPassable({ x: 2, y: 1 }, { component: 2 })).toEqual({ x: 5, y: 1 }); // 3 away
    expect(p.nearestPassable({ x: 2, y: 1 }, { component: 2, maxDistance: 2.99 })).toBeNull();
    expect(p.nearestPassable({ x: 3, y: 1 })).toEqual({ x: 1, y: 1 }); // (1,1) and (5,1) both 2 away
    expect(p.nearestPassable({ x: 6, y: 2 }, { maxDistance: 0 })).toEqual({ x: 6, y: 2 });
    expect(p.nearestPassable({ x: 6, y: 2 }, { component: 1 })).toEqual({ x: 1, y: 2 });
    expect(p.nearestPassable({ x: -3, y: 5 })).toEqual({ x: 0, y: 3 }); // 3 + 2(√2 − 1)
    expect(p.nearestPassable({ x: -3, y: 5 }, { maxDistance: 3.8 })).toBeNull();
  });

  test('on a real map: a passable cell of the asked component, no farther than any other', () => {
    const random = seeded(9);
    for (let i = 0; i < 50; i++) {
      const from = { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) };
      const c = planner.nearestPassable(from)!;
      expect(planner.componentOf(c)).toBeGreaterThan(0);
      const octile = (q: Point) => {
        const dx = Math.abs(q.x - from.x);
        const dy = Math.abs(q.y - from.y);
        return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
      };
      // No passable cell in the square around `from` is nearer.
      const r = Math.ceil(octile(c));
      for (let y = from.y - r; y <= from.y + r; y++) {
        for (let x = from.x - r; x <= from.x + r; x++) {
          if (planner.componentOf({ x, y }) !== 0) expect(octile({ x, y })).toBeGreaterThanOrEqual(octile(c) - 1e-9);
        }
      }
      expect(shpa.nearestPassable(from)).toEqual(c);
    }
  });
});

describe('randomPassable', () => {
  test('is in the component, repeats with the same random function, and spreads evenly', () => {
    for (const p of [rooms, roomsShpa]) {
      const counts = new Map<string, number>();
      const a = seeded(11);
      const b = seeded(11);
      for (let i = 0; i < 800; i++) {
        const c = p.randomPassable(a, 2)!;
        expect(p.randomPassable(b, 2)).toEqual(c);
        expect(p.componentOf(c)).toBe(2);
        counts.set(`${c.x},${c.y}`, (counts.get(`${c.x},${c.y}`) ?? 0) + 1);
      }
      // 8 cells, 100 expected each (standard deviation about 9.4).
      expect(counts.size).toBe(8);
      for (const n of counts.values()) expect(Math.abs(n - 100)).toBeLessThan(50);
      expect(p.componentOf(p.randomPassable()!)).toBeGreaterThan(0);
    }
    const random = seeded(12);
    for (let i = 0; i < 200; i++) {
      const c = planner.randomPassable(random)!;
      expect(planner.componentOf(c)).toBeGreaterThan(0);
      const d = planner.randomPassable(random, planner.componentOf(c))!;
      expect(planner.isReachable(c, d)).toBe(true);
    }
  });
});

describe('the snap option', () => {
  test.each(['HPAStar', 'SHPAStar'])('%s.findPath moves a blocked start and goal, says so, and the path runs between them', (name) => {
    const p = name === 'HPAStar' ? rooms : roomsShpa;
    expect(() => p.findPath({ x: 4, y: 0 }, { x: 6, y: 3 })).toThrow(PathQueryError);
    const r = p.findPath({ x: 4, y: 0 }, { x: 6, y: 3 }, { snap: true });
    expect(r.snapped).toEqual({ start: { x: 5, y: 0 } });
    validatePath(roomsMap, r.cells, { x: 5, y: 0 }, { x: 6, y: 3 }, r.cost);
    // The goal goes into the start's component, even when another is nearer.
    const g = p.findPath({ x: 0, y: 0 }, { x: 4, y: 2 }, { snap: true });
    expect(g.snapped).toEqual({ goal: { x: 1, y: 2 } });
    expect(g.found).toBe(true);
    validatePath(roomsMap, g.cells, { x: 0, y: 0 }, { x: 1, y: 2 }, g.cost);
    // Nothing to move: no `snapped`, and another component is still 'no path'.
    const n = p.findPath({ x: 0, y: 0 }, { x: 6, y: 0 }, { snap: true });
    expect(n.status).toBe('no path');
    expect('snapped' in n).toBe(false);
  });

  test('findPaths with snap: every query searched from its moved endpoints, and snappedEndpoints tells which', () => {
    const queries: [Point, Point][] = [
      [{ x: -2, y: -2 }, { x: 3, y: 3 }],
      [{ x: 0, y: 1 }, { x: 1, y: 3 }],
      [{ x: 2, y: 0 }, { x: 99, y: 0 }],
    ];
    for (const p of [rooms, roomsShpa]) {
      const plain = p.findPaths(queries);
      expect([...plain.status]).toEqual([PathStatusCode.StartInvalid, PathStatusCode.Found, PathStatusCode.StartInvalid]);
      expect(plain.snappedEndpoints(0)).toBeUndefined();
      const b = p.findPaths(queries, { snap: true });
      expect(b.foundCount()).toBe(3);
      expect(b.snappedEndpoints(0)).toEqual({ start: { x: 0, y: 0 }, goal: { x: 1, y: 3 } });
      expect(b.snappedEndpoints(1)).toBeUndefined();
      expect(b.snappedEndpoints(2)).toEqual({ start: { x: 1, y: 0 }, goal: { x: 1, y: 0 } });
      for (let i = 0; i < 3; i++) {
        const s = b.searched!;
        validatePath(roomsMap, b.path(i), { x: s[4 * i]!, y: s[4 * i + 1]! }, { x: s[4 * i + 2]!, y: s[4 * i + 3]! }, b.cost[i]!);
      }
    }
  });
});

describe('errors name the call, the argument and the value', () => {
  test.each(['HPAStar', 'SHPAStar'])('%s', (name) => {
    const p = name === 'HPAStar' ? rooms : roomsShpa;
    expect(() => p.componentOf({ x: 1.5, y: 0 } as Point)).toThrow(new TypeError(`${name}.componentOf: p must be a cell with integer x and y, got {"x":1.5,"y":0}`));
    expect(() => p.isReachable({ x: 0, y: 0 }, null as unknown as Point)).toThrow(/isReachable: b must be a cell/);
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { component: 3 })).toThrow(new RangeError(`${name}.nearestPassable: component 3 is not a component of this map (1 to 2)`));
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { component: 0 })).toThrow(RangeError);
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { component: 1.5 })).toThrow(TypeError);
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { maxDistance: -1 })).toThrow(/maxDistance must be 0 or more, got -1/);
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { maxDistance: '3' as unknown as number })).toThrow(TypeError);
    expect(() => p.nearestPassable({ x: 0, y: 0 }, { radius: 3 } as never)).toThrow(/unknown option "radius"/);
    expect(() => p.randomPassable('x' as unknown as () => number)).toThrow(/random must be a function/);
    expect(() => p.randomPassable(() => 1)).toThrow(new RangeError(`${name}.randomPassable: random must return a number in [0, 1), got 1`));
    expect(() => p.randomPassable(Math.random, 7)).toThrow(/component 7 is not a component of this map/);
    expect(() => p.findPath({ x: 0, y: 0 }, { x: 1, y: 1 }, { snap: 'yes' } as never)).toThrow(/option snap must be a boolean/);
  });
});

describe.each(['copied', 'shared'] as const)('a pool (%s)', (mode) => {
  test('answers as the planner does, also after updateTerrain and with snap', async () => {
    const text = readMapsFile(MAP);
    const edited = hp.Grid.fromMovingAI(text, MAP);
    const p = hp.HPAStar.build(edited, { clusterSize: 10, levels: 2 });
    const pool = await createPathPool({ grid: edited, hierarchy: { clusterSize: 10, levels: 2 }, workers: 1, mode });
    const [above, below] = acrossRow128();
    expect(await pool.isReachable(above, below)).toBe(true);
    try {
      const ask = async (label: string) => {
        const random = seeded(21);
        for (let i = 0; i < 20; i++) {
          const from = { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) };
          const to = { x: Math.floor(random() * map.width), y: Math.floor(random() * map.height) };
          expect(await pool.componentOf(from), label).toBe(p.componentOf(from));
          expect(await pool.isReachable(from, to), label).toBe(p.isReachable(from, to));
          expect(await pool.nearestPassable(from, { maxDistance: 5 }), label).toEqual(p.nearestPassable(from, { maxDistance: 5 }));
        }
        const component = p.componentOf(above);
        expect(await pool.randomPassable(seeded(5), component)).toEqual(p.randomPassable(seeded(5), component));
        const queries = pack([
          [{ x: 0, y: 0 }, below],
          [above, { x: above.x, y: 128 }],
          ...randomPairs(map, 6, 8),
        ]);
        const a = await pool.findPaths(queries, { snap: true });
        const b = p.findPaths(queries, { snap: true });
        expect(a.status).toEqual(b.status);
        expect(a.cost).toEqual(b.cost);
        expect(a.searched).toEqual(b.searched);
        expect(a.snapped).toEqual(b.snapped);
      };
      await ask('before');
      const wall: TerrainEdit[] = Array.from({ length: map.width }, (_, x) => ({ x, y: 128, terrain: '@' }));
      await pool.updateTerrain(wall);
      p.applyEdits(wall);
      expect(await pool.isReachable(above, below)).toBe(false);
      await ask('walled');
      await expect(pool.nearestPassable({ x: 0, y: 0 }, { component: 999 })).rejects.toThrow(/PathPool.nearestPassable: component 999 is not a component/);
      await expect(pool.componentOf({ x: 0.5, y: 0 })).rejects.toThrow(TypeError);
    } finally {
      await pool.close();
      p.dispose();
      edited.dispose();
    }
  });
});
