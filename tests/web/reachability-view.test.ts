// Answers inside a frame (issue 37, item 4): a pool's component labels on the main thread
// (pool.reachabilityView) answer componentOf and isReachable as the planner does and as A* finds paths,
// on den520d, after walls cut the map and are removed, after random single-cell edits, for every agent
// class of a pool, with SHPA*'s merged clusters, and when the view is asked for while updates are on their
// way.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Grid, type HierarchyOptions, type Hpastar, type Point, type ReachabilityView, type TerrainEdit } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const MAP = 'den520d.map';
let hp: Hpastar;
let text: string;

beforeAll(async () => {
  hp = await loadHpastar();
  text = readMapsFile(MAP);
});

/** Every cell of the map: the view's label is the planner's. */
function expectSameLabels(view: ReachabilityView, componentOf: (p: Point) => number, when: string): void {
  let mismatches = 0;
  let first = '';
  for (let y = -1; y <= view.height; y++)
    for (let x = -1; x <= view.width; x++) {
      const a = view.componentOf({ x, y }), b = componentOf({ x, y });
      if (a !== b && mismatches++ === 0) first = `(${x}, ${y}): view ${a}, planner ${b}`;
    }
  expect(mismatches, `${when}: ${first}`).toBe(0);
}

/** A wall across row `y` (or the cells as they were). */
const row = (grid: Grid, y: number, terrain?: string): TerrainEdit[] => {
  const cells = grid.terrain();
  return Array.from({ length: grid.width }, (_, x) => ({ x, y, terrain: terrain ?? String.fromCharCode(cells[y * grid.width + x]!) }));
};

describe.each<[string, HierarchyOptions]>([
  ['squares', { clusterSize: 16, levels: 2 }],
  ['merged clusters', { clusterSize: 16, mergedClusterSide: 16 }],
])('with %s', (_, hierarchy) => {
  let grid: Grid;
  beforeAll(() => {
    grid = hp.Grid.fromMovingAI(text, MAP);
  });
  afterAll(() => grid.dispose());

  test('the view answers as the planner and A* do, through walls put up and taken down and single-cell edits', async () => {
    const planner = hp.HPAStar.build(grid, hierarchy);
    const astar = new hp.AStar();
    const edited = hp.Grid.fromMovingAI(text, MAP);
    const pool = await createPathPool({ grid, hierarchy, workers: 2 });
    try {
      const view = await pool.reachabilityView();
      expect(await pool.reachabilityView()).toBe(view);
      expect(view.version).toBe(0);
      expectSameLabels(view, (p) => planner.componentOf(p), 'built');
      const wall = row(grid, 200, '@');
      const restore = row(grid, 200);
      const random = seeded(4);
      const agreesWithAStar = (when: string) => {
        for (let i = 0; i < 60; i++) {
          const a = { x: Math.floor(random() * grid.width), y: Math.floor(random() * grid.height) };
          const b = { x: Math.floor(random() * grid.width), y: Math.floor(random() * grid.height) };
          if (!view.componentOf(a) || !view.componentOf(b)) continue;
          expect(view.isReachable(a, b), `${when}: (${a.x}, ${a.y}) to (${b.x}, ${b.y})`).toBe(astar.findPath(edited, a, b).found);
        }
      };
      for (const [edits, when] of [[wall, 'a wall across row 200'], [restore, 'the wall taken down']] as const) {
        const update = await pool.updateTerrain(edits);
        planner.applyEdits(edits);
        edited.applyEdits(edits);
        expect(view.version).toBe(update.version);
        expectSameLabels(view, (p) => planner.componentOf(p), when);
        agreesWithAStar(when);
      }
      // Single cells flipped, several updates on their way at once.
      for (let batch = 0; batch < 6; batch++) {
        const pending: Promise<unknown>[] = [];
        for (let k = 0; k < 5; k++) {
          const p = { x: Math.floor(random() * grid.width), y: Math.floor(random() * grid.height) };
          const edit = [{ ...p, terrain: planner.componentOf(p) ? '@' : '.' }];
          pending.push(pool.updateTerrain(edit));
          planner.applyEdits(edit);
          edited.applyEdits(edit);
        }
        await Promise.all(pending);
        expectSameLabels(view, (p) => planner.componentOf(p), `single-cell edits, batch ${batch}`);
      }
      agreesWithAStar('after single-cell edits');
    } finally {
      await pool.close();
      planner.dispose();
      edited.dispose();
      astar.dispose();
    }
  });
});

test('a view asked for while updates are on their way follows every later one', async () => {
  const grid = hp.Grid.fromMovingAI(text, MAP);
  const planner = hp.HPAStar.build(grid, { clusterSize: 16 });
  const pool = await createPathPool({ grid, hierarchy: { clusterSize: 16 }, workers: 2 });
  try {
    const pending: Promise<unknown>[] = [];
    const edit = (y: number, terrain?: string) => {
      const edits = row(grid, y, terrain);
      pending.push(pool.updateTerrain(edits));
      planner.applyEdits(edits);
    };
    edit(60, '@');
    const asked = pool.reachabilityView();
    edit(150, '@');
    edit(60);
    const view = await asked;
    await Promise.all(pending);
    expect(view.version).toBe(3);
    expectSameLabels(view, (p) => planner.componentOf(p), 'after three updates');
  } finally {
    await pool.close();
    planner.dispose();
    grid.dispose();
  }
});

test('every agent class of a pool has its own view, as the planner labels that class', async () => {
  const grid = hp.Grid.fromMovingAI(text, MAP);
  const agents = [{ size: 1, capability: 'ground' }, { size: 2, capability: 'ground' }];
  const planner = hp.Planner.build(grid, { agents, hierarchy: { clusterSize: 16 } });
  const pool = await createPathPool({ planner, workers: 1 });
  try {
    const big = await pool.reachabilityView({ agent: agents[1]! });
    const small = await pool.reachabilityView();
    expect(big).not.toBe(small);
    const wall = row(grid, 220, '@').slice(0, 300);
    await pool.updateTerrain(wall);
    planner.applyEdits(wall);
    expectSameLabels(small, (p) => planner.componentOf(p), 'size 1');
    expectSameLabels(big, (p) => planner.componentOf(p, { agent: agents[1]! }), 'size 2');
  } finally {
    await pool.close();
    planner.dispose();
    grid.dispose();
  }
});

test('pools that keep no labels view say so; bad cells throw TypeErrors naming them', async () => {
  const grid = hp.Grid.fromTerrain('....@....', 9, 1);
  const haa = await createPathPool({ grid, algorithm: 'haa', workers: 1 });
  const pool = await createPathPool({ grid, workers: 1 });
  try {
    expect(() => haa.reachabilityView()).toThrow(/only HPA\* pools of a grid keep a labels view, this is a 'haa' pool/);
    const view = await pool.reachabilityView();
    expect(view.isReachable({ x: 0, y: 0 }, { x: 3, y: 0 })).toBe(true);
    expect(view.isReachable({ x: 0, y: 0 }, { x: 5, y: 0 })).toBe(false);
    expect(view.componentOf({ x: 4, y: 0 })).toBe(0);
    expect(view.componentOf({ x: 99, y: 0 })).toBe(0);
    expect(() => view.componentOf({ x: 0.5, y: 0 })).toThrow(/ReachabilityView.componentOf: p/);
  } finally {
    await haa.close();
    await pool.close();
    grid.dispose();
  }
});
