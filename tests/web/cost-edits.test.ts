// Terrain costs changed after a build, through the TypeScript API: cell costs in applyEdits (on a grid,
// a planner and a pool), kind multipliers on a planner and a pool. What an edited planner finds is what a
// planner built from the edited grid finds, every path legal and costed under the new weights.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Grid, type Hpastar, type Point, type TerrainEdit } from '../../web/lib/index';
import { costRegions } from './helpers/costRegions';
import { seeded } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

let hp: Hpastar;
let map: MapText;
const queries: [Point, Point][] = [];
// A swamp of costly ground and a road across arena, as cost edits.
const edits: TerrainEdit[] = [];

beforeAll(async () => {
  hp = await loadHpastar();
  map = parseMap(readMapsFile('arena.map'));
  const next = seeded(17);
  const passable = () => {
    for (;;) {
      const p = { x: Math.floor(next() * map.width), y: Math.floor(next() * map.height) };
      if (isPassableChar(map.rows[p.y]![p.x])) return p;
    }
  };
  for (let i = 0; i < 60; i++) queries.push([passable(), passable()]);
  for (let y = 10; y < 22; y++) for (let x = 12; x < 30; x++) edits.push({ x, y, cost: 80 });
  for (let x = 0; x < map.width; x++) edits.push({ x, y: 30, cost: 6 });
  edits.push({ x: 5, y: 5, terrain: 'S', cost: 40 });
});

function freshGrid(): Grid {
  return hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
}

/** The multiplier of each cell of `g`: its terrain's (from `kinds`) times its layer value in sixteenths. */
function weightOf(g: Grid, kinds: Record<string, number>): (x: number, y: number) => number {
  const layer = g.costLayer();
  const terrain = g.terrain();
  return (x, y) => {
    const c = String.fromCharCode(terrain[y * g.width + x]!);
    const kind = kinds[c === 'G' ? '.' : c] ?? 1;
    return kind * (layer ? layer[y * g.width + x]! / 16 : 1);
  };
}

// The paper's HPA* (no trees, no landmarks): what these tests compare is the rebuild, not the options
// HPAStar.build would choose for the map.
const PAPER8 = { clusterSize: 8, cacheTrees: false, landmarks: 0 } as const;
const PAPER16 = { clusterSize: 16, cacheTrees: false, landmarks: 0 } as const;

describe('cell costs in applyEdits', () => {
  test.each([
    // Without landmarks: an edit leaves them stale, and a stale bound may pick another path of the same cost.
    ['HPA*', { clusterSize: 8, levels: 2, cacheTrees: false, landmarks: 0 }],
    ['DHPA*', { cacheTrees: true, clusterSize: 8, landmarks: 0 }],
  ] as const)('an edited %s planner finds the paths of one built from the edited grid', (_name, options) => {
    using g = freshGrid();
    using planner = hp.HPAStar.build(g, options);
    const update = planner.applyEdits(edits);
    expect(update.cellsChanged).toBe(edits.length);
    expect(planner.version).toBe(1);
    g.applyEdits(edits);
    expect(g.costLayer()![20 * g.width + 20]).toBe(80);
    expect(g.terrainAt(5, 5)).toBe('S');
    using rebuilt = hp.HPAStar.build(g, options);
    const a = planner.findPaths(queries);
    const b = rebuilt.findPaths(queries);
    expect(Array.from(a.status)).toEqual(Array.from(b.status));
    expect(Array.from(a.cost)).toEqual(Array.from(b.cost));
    const weight = weightOf(g, {});
    const edited = parseMap(readMapsFile('arena.map'));
    edited.rows[5] = edited.rows[5]!.slice(0, 5) + 'S' + edited.rows[5]!.slice(6);
    using astar = new hp.AStar();
    for (const [start, goal] of queries) {
      const path = planner.findPath(start, goal);
      if (!path.found) continue;
      validatePath(edited, path.cells, start, goal, path.cost, weight);
      expect(path.cost).toBeGreaterThanOrEqual(astar.findPath(g, start, goal).cost * (1 - 1e-9));
    }
  });

  test('a road of cheap cells is followed once painted', () => {
    using g = freshGrid();
    using planner = hp.HPAStar.build(g, PAPER8);
    const start = { x: 1, y: 30 };
    const goal = { x: 47, y: 30 };
    const before = planner.findPath(start, goal);
    planner.applyEdits(Array.from({ length: map.width }, (_, x) => ({ x, y: 30, cost: 4 })));
    const after = planner.findPath(start, goal);
    expect(after.cost).toBeLessThan(before.cost / 2);
  });

  test.each([
    ['an edit with neither a terrain nor a cost', [{ x: 1, y: 1 }], TypeError, 'HPAStar.applyEdits: edit 0 names neither a terrain nor a cost: {"x":1,"y":1}'],
    ['a cost of 0', [{ x: 1, y: 1, cost: 0 }], RangeError, "HPAStar.applyEdits: edit 0: cost 0 at (1, 1) is outside 1..255 (sixteenths of the terrain's cost)"],
    ['a cost of 256', [{ x: 1, y: 1, cost: 256 }], RangeError, "HPAStar.applyEdits: edit 0: cost 256 at (1, 1) is outside 1..255 (sixteenths of the terrain's cost)"],
    ['a fractional cost', [{ x: 1, y: 1, cost: 2.5 }], TypeError, 'HPAStar.applyEdits: edit 0: cost must be an integer, got 2.5'],
    ['a string cost', [{ x: 1, y: 1, cost: '9' }], TypeError, 'HPAStar.applyEdits: edit 0: cost must be an integer, got "9"'],
    ['a cell outside', [{ x: 1, y: 1, cost: 9 }, { x: 49, y: 1, cost: 9 }], RangeError, 'HPAStar.applyEdits: edit 1: cell (49, 1) is outside the 49x49 map'],
  ])('%s is refused and changes nothing', (_name, bad, Kind, message) => {
    using g = freshGrid();
    using planner = hp.HPAStar.build(g);
    const call = () => planner.applyEdits(bad as TerrainEdit[]);
    expect(call).toThrow(Kind);
    expect(call).toThrow(message);
    expect(planner.version).toBe(0);
  });
});

describe('kind multipliers on a built planner', () => {
  test('a new swamp multiplier rebuilds the clusters around swamp only, and the planner finds the paths of a fresh build', () => {
    using g = freshGrid();
    g.setCostLayer(costRegions(g.width, g.height, 4));
    for (let x = 20; x < 26; x++) g.setTerrain(x, 8, 'S');
    using planner = hp.HPAStar.build(g, PAPER8);
    const update = planner.setTerrainCosts({ S: 6 });
    expect(update.cellsChanged).toBe(6);
    expect(update.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(update.clustersRebuilt[0]).toBeLessThanOrEqual(4);
    expect(planner.version).toBe(1);
    expect(planner.terrainCosts.S).toBe(6);
    expect(g.terrainCosts.S).toBe(1); // the grid the planner was built from keeps its costs
    g.setTerrainCosts({ S: 6 });
    using rebuilt = hp.HPAStar.build(g, PAPER8);
    expect(Array.from(planner.findPaths(queries).cost)).toEqual(Array.from(rebuilt.findPaths(queries).cost));
  });

  test('refused multipliers change nothing', () => {
    using g = freshGrid();
    using planner = hp.HPAStar.build(g);
    expect(() => planner.setTerrainCosts({ S: 0 })).toThrow('HPAStar.setTerrainCosts: the multiplier of S (swamp) is 0, outside 0.015625..1024');
    expect(() => planner.setTerrainCosts({ X: 2 } as never)).toThrow(TypeError);
    expect(planner.version).toBe(0);
    expect(planner.terrainCosts.S).toBe(1);
  });
});

describe('a pool follows cost changes', () => {
  let g: Grid;
  beforeAll(() => {
    g = freshGrid();
    g.setTerrainCosts({ S: 2 });
  });
  afterAll(() => g.dispose());

  test.each(['copied', 'shared'] as const)('in %s mode, cost edits and new multipliers give the edited planner\'s paths', async (mode) => {
    using planner = hp.HPAStar.build(g, PAPER16);
    const pool = await createPathPool({ grid: g, hierarchy: PAPER16, workers: 2, mode });
    try {
      expect((await pool.updateTerrain(edits)).version).toBe(1);
      planner.applyEdits(edits);
      expect(await pool.setTerrainCosts({ S: 5, '.': 0.5 })).toBe(2);
      planner.setTerrainCosts({ S: 5, '.': 0.5 });
      const batch = await pool.findPaths(queries);
      const expected = planner.findPaths(queries);
      expect(Array.from(batch.status)).toEqual(Array.from(expected.status));
      expect(Array.from(batch.cost)).toEqual(Array.from(expected.cost));
      await expect(pool.setTerrainCosts({ S: 2000 })).rejects.toThrow('PathPool.setTerrainCosts: the multiplier of S is 2000, outside 0.015625..1024');
      expect(pool.version).toBe(2);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
