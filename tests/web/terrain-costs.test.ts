// Terrain costs through the TypeScript API: a grid's multipliers and cost layer, A* following them (its
// costs against a Dijkstra written here, every path recomputed under the weights by validatePath), the
// checks of every argument, and HPA*, DHPA* and SHPA* following them in the module and in the pool.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Grid, type Hpastar, type Point } from '../../web/lib/index';
import { costRegions } from './helpers/costRegions';
import { seeded as random } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

let hp: Hpastar;
let map: MapText;
let grid: Grid;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile('arena.map');
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, 'arena.map');
});

afterAll(() => grid.dispose());

/** Shortest costs from `source` under `weight`, by a plain Dijkstra over the 8 moves (no corner cutting). */
function dijkstra(m: MapText, source: Point, weight: (x: number, y: number) => number): Float64Array {
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < m.width && y < m.height && isPassableChar(m.rows[y]![x]);
  const dist = new Float64Array(m.width * m.height).fill(Infinity);
  const done = new Uint8Array(m.width * m.height);
  dist[source.y * m.width + source.x] = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < dist.length; i++) if (!done[i] && dist[i]! < Infinity && (best < 0 || dist[i]! < dist[best]!)) best = i;
    if (best < 0) return dist;
    done[best] = 1;
    const x = best % m.width;
    const y = (best - x) / m.width;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || !free(x + dx, y + dy)) continue;
        const diagonal = dx !== 0 && dy !== 0;
        if (diagonal && (!free(x + dx, y) || !free(x, y + dy))) continue;
        const step = diagonal
          ? Math.SQRT2 * 0.25 * (weight(x, y) + weight(x + dx, y + dy) + (weight(x + dx, y) + weight(x, y + dy)))
          : 0.5 * (weight(x, y) + weight(x + dx, y + dy));
        const n = (y + dy) * m.width + x + dx;
        if (dist[best]! + step < dist[n]!) dist[n] = dist[best]! + step;
      }
  }
}

/** The length of a path (x0, y0, x1, y1, ...) with straight steps 1 and diagonal ones √2. */
function lengthOf(cells: Int32Array): number {
  let length = 0;
  for (let i = 2; i < cells.length; i += 2) length += cells[i] !== cells[i - 2] && cells[i + 1] !== cells[i - 1] ? Math.SQRT2 : 1;
  return length;
}

describe('a grid with terrain costs', () => {
  test('is unweighted until a multiplier or a layer value is not 1, and says so', () => {
    using g = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    expect(g.weighted).toBe(false);
    expect(g.terrainCosts).toEqual({ '.': 1, S: 1, W: 1, T: 1, '@': 1 });
    g.setTerrainCosts({ S: 3, T: 1.5 });
    expect(g.weighted).toBe(true);
    expect(g.terrainCosts).toEqual({ '.': 1, S: 3, W: 1, T: 1.5, '@': 1 });
    g.setTerrainCosts({ G: 2 });
    expect(g.terrainCosts).toEqual({ '.': 2, S: 1, W: 1, T: 1, '@': 1 });
    g.setTerrainCosts({});
    expect(g.weighted).toBe(false);
    expect(g.costLayer()).toBeNull();
    g.setCellCost(3, 4, 32);
    expect(g.weighted).toBe(true);
    const layer = g.costLayer()!;
    expect(layer).toHaveLength(g.width * g.height);
    expect(layer[4 * g.width + 3]).toBe(32);
    expect(layer.filter((v) => v !== 16)).toHaveLength(1);
    g.setCellCost(3, 4, 16);
    expect(g.weighted).toBe(false);
    g.setCostLayer(null);
    expect(g.costLayer()).toBeNull();
  });

  test('A* follows the costs: its cost is a plain Dijkstra\'s, and every path is legal and costs what it reports', () => {
    using g = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    const layer = costRegions(map.width, map.height, 7);
    g.setCostLayer(layer);
    g.setTerrainCosts({ S: 3 });
    const kind = (c: string | undefined) => (c === 'S' ? 3 : 1);
    const weight = (x: number, y: number) => kind(map.rows[y]![x]) * (layer[y * map.width + x]! / 16);
    using astar = new hp.AStar();
    const next = random(11);
    const passable = () => {
      for (;;) {
        const p = { x: Math.floor(next() * map.width), y: Math.floor(next() * map.height) };
        if (isPassableChar(map.rows[p.y]![p.x])) return p;
      }
    };
    let differ = 0;
    for (let q = 0; q < 8; q++) {
      const start = passable();
      const goal = passable();
      const costs = dijkstra(map, start, weight);
      const path = astar.findPath(g, start, goal);
      const optimal = costs[goal.y * map.width + goal.x]!;
      if (optimal === Infinity) {
        expect(path.found).toBe(false);
        continue;
      }
      expect(path.found).toBe(true);
      expect(path.cost).toBeCloseTo(optimal, 9);
      validatePath(map, path.cells, start, goal, path.cost, weight);
      if (Math.abs(lengthOf(path.cells) - path.cost) > 1e-9) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  test('every multiplier 2 doubles A*\'s costs, through the weighted search', () => {
    using g = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    using astar = new hp.AStar();
    const start = { x: 3, y: 3 };
    const goal = { x: 45, y: 45 };
    const plain = astar.findPath(g, start, goal).cost;
    g.setTerrainCosts({ '.': 2, S: 2 });
    expect(astar.findPath(g, start, goal).cost).toBeCloseTo(2 * plain, 9);
  });

  test('a swamp costly enough is gone around', () => {
    const rows = ['.....', '.SSS.', '.....'];
    using g = hp.Grid.fromTerrain(rows.join(''), 5, 3);
    using astar = new hp.AStar();
    expect(astar.findPath(g, { x: 0, y: 1 }, { x: 4, y: 1 }).cost).toBe(4);
    g.setTerrainCosts({ S: 5 });
    const around = astar.findPath(g, { x: 0, y: 1 }, { x: 4, y: 1 });
    expect(around.cost).toBe(6);
    for (let i = 0; i < around.cells.length; i += 2) expect(rows[around.cells[i + 1]!]![around.cells[i]!]).toBe('.');
  });
});

describe('bad costs and layers are refused with a typed error, and change nothing', () => {
  test.each([
    ['not an object', () => grid.setTerrainCosts(3 as never), TypeError, 'Grid.setTerrainCosts: costs must be an object such as { S: 3, T: 1.5 }, got 3'],
    ['null', () => grid.setTerrainCosts(null as never), TypeError, 'Grid.setTerrainCosts: costs must be an object such as { S: 3, T: 1.5 }, got null'],
    ['an unknown character', () => grid.setTerrainCosts({ X: 2 } as never), TypeError, 'Grid.setTerrainCosts: "X" is not a Moving AI terrain character (. G S W T @ O)'],
    ['a string multiplier', () => grid.setTerrainCosts({ S: '3' } as never), TypeError, 'Grid.setTerrainCosts: the multiplier of S must be a finite number, got "3"'],
    ['an infinite multiplier', () => grid.setTerrainCosts({ S: Infinity }), TypeError, 'Grid.setTerrainCosts: the multiplier of S must be a finite number, got Infinity'],
    ['a multiplier of 0', () => grid.setTerrainCosts({ S: 0 }), RangeError, 'Grid.setTerrainCosts: the multiplier of S (swamp) is 0, outside 0.015625..1024'],
    ['a multiplier above 1024', () => grid.setTerrainCosts({ T: 2000 }), RangeError, 'Grid.setTerrainCosts: the multiplier of T (trees) is 2000, outside 0.015625..1024'],
    ['two characters of one kind that differ', () => grid.setTerrainCosts({ '.': 2, G: 3 }), RangeError, 'Grid.setTerrainCosts: . and G are one terrain kind but were given 2 and 3'],
    ['a layer that is not a Uint8Array', () => grid.setCostLayer([16] as never), TypeError, 'Grid.setCostLayer: layer must be a Uint8Array, got [16]'],
    ['a layer of the wrong length', () => grid.setCostLayer(new Uint8Array(5).fill(16)), RangeError, 'Grid.setCostLayer: cost layer has 5 cells, expected 2401 for 49x49'],
    ['a layer with a 0', () => grid.setCostLayer(new Uint8Array(49 * 49).fill(16).fill(0, 100, 101)), RangeError, "Grid.setCostLayer: cost layer value 0 at (2, 2): values are 1..255 sixteenths of the terrain's cost"],
    ['a cell value of 0', () => grid.setCellCost(1, 1, 0), RangeError, 'Grid.setCellCost: value must be an integer in 1..255, got 0'],
    ['a cell value of 256', () => grid.setCellCost(1, 1, 256), RangeError, 'Grid.setCellCost: value must be an integer in 1..255, got 256'],
    ['a fractional cell value', () => grid.setCellCost(1, 1, 1.5), TypeError, 'Grid.setCellCost: value must be an integer, got 1.5'],
    ['a cell outside the grid', () => grid.setCellCost(49, 1, 20), RangeError, 'Grid.setCellCost: cell (49, 1) is outside the 49x49 map'],
  ])('%s', (_name, call, Kind, message) => {
    expect(call).toThrow(Kind);
    expect(call).toThrow(message);
    expect(grid.weighted).toBe(false);
    expect(grid.costLayer()).toBeNull();
  });
});

describe('HPA* follows terrain costs, in the module and in the pool', () => {
  let g: Grid;
  let layer: Uint8Array;
  let weight: (x: number, y: number) => number;
  const queries: [Point, Point][] = [];

  beforeAll(() => {
    g = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    layer = costRegions(map.width, map.height, 3);
    g.setCostLayer(layer);
    g.setTerrainCosts({ S: 3 });
    weight = (x, y) => (map.rows[y]![x] === 'S' ? 3 : 1) * (layer[y * map.width + x]! / 16);
    const next = random(5);
    const passable = () => {
      for (;;) {
        const p = { x: Math.floor(next() * map.width), y: Math.floor(next() * map.height) };
        if (isPassableChar(map.rows[p.y]![p.x])) return p;
      }
    };
    for (let i = 0; i < 60; i++) queries.push([passable(), passable()]);
  });

  afterAll(() => g.dispose());

  test.each([
    ['HPA*', { clusterSize: 8, levels: 2 }],
    ['DHPA*', { cacheTrees: true }],
  ] as const)('every path %s finds is legal and costs what it says under the weights, never less than A*\'s', (_name, options) => {
    using planner = hp.HPAStar.build(g, options);
    using astar = new hp.AStar();
    for (const [start, goal] of queries) {
      const path = planner.findPath(start, goal);
      const optimal = astar.findPath(g, start, goal);
      expect(path.found).toBe(optimal.found);
      if (!path.found) continue;
      validatePath(map, path.cells, start, goal, path.cost, weight);
      expect(path.cost).toBeGreaterThanOrEqual(optimal.cost * (1 - 1e-9));
    }
  });

  test('saved and loaded, the hierarchy keeps the costs and gives the same paths', () => {
    using planner = hp.HPAStar.build(g);
    using loaded = hp.HPAStar.load(planner.serialize());
    const a = planner.findPaths(queries);
    const b = loaded.findPaths(queries);
    expect(Array.from(b.cost)).toEqual(Array.from(a.cost));
  });

  test.each(['copied', 'shared'] as const)('a pool in %s mode made from the weighted grid gives the planner\'s paths', async (mode) => {
    using planner = hp.HPAStar.build(g, { clusterSize: 16 });
    const expected = planner.findPaths(queries);
    const pool = await createPathPool({ grid: g, hierarchy: { clusterSize: 16 }, workers: 2, mode });
    try {
      const batch = await pool.findPaths(queries);
      expect(Array.from(batch.cost)).toEqual(Array.from(expected.cost));
      expect(Array.from(batch.status)).toEqual(Array.from(expected.status));
    } finally {
      await pool.close();
    }
  }, 30_000);
});

describe('SHPA* follows terrain costs, in the module and in the pool', () => {
  test('every path it finds is legal and costs what it says under the weights, never less than A*\'s; a pool gives the same', async () => {
    using g = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    const layer = costRegions(map.width, map.height, 3);
    g.setCostLayer(layer);
    g.setTerrainCosts({ S: 3 });
    const weight = (x: number, y: number) => (map.rows[y]![x] === 'S' ? 3 : 1) * (layer[y * map.width + x]! / 16);
    const next = random(9);
    const passable = () => {
      for (;;) {
        const p = { x: Math.floor(next() * map.width), y: Math.floor(next() * map.height) };
        if (isPassableChar(map.rows[p.y]![p.x])) return p;
      }
    };
    const queries: [Point, Point][] = [];
    for (let i = 0; i < 40; i++) queries.push([passable(), passable()]);
    using planner = hp.SHPAStar.build(g, { maxClusterSide: 8 });
    using astar = new hp.AStar();
    let found = 0;
    for (const [start, goal] of queries) {
      const path = planner.findPath(start, goal);
      const optimal = astar.findPath(g, start, goal);
      expect(path.found).toBe(optimal.found);
      if (!path.found) continue;
      found++;
      validatePath(map, path.cells, start, goal, path.cost, weight);
      expect(path.cost).toBeGreaterThanOrEqual(optimal.cost * (1 - 1e-9));
    }
    expect(found).toBeGreaterThan(0);
    const expected = planner.findPaths(queries);
    const pool = await createPathPool({ algorithm: 'shpa', grid: g, hierarchy: { maxClusterSide: 8 }, workers: 1 });
    try {
      const batch = await pool.findPaths(queries);
      expect(Array.from(batch.cost)).toEqual(Array.from(expected.cost));
    } finally {
      await pool.close();
    }
    // A pool made from the planner gets its terrain with its costs.
    expect(planner.terrainCosts.S).toBe(3);
    expect(Array.from(planner.costLayer()!)).toEqual(Array.from(layer));
    const fromPlanner = await createPathPool({ planner, workers: 1 });
    try {
      const batch = await fromPlanner.findPaths(queries);
      expect(Array.from(batch.cost)).toEqual(Array.from(expected.cost));
    } finally {
      await fromPlanner.close();
    }
  }, 30_000);
});
