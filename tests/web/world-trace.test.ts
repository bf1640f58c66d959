// traceSearch on block worlds (hpastar/inspect): a traced query answers as findPath, its searches' closed
// counts add up to the phases' figures, every traced cell is one an agent stands in, the abstract search
// runs from the start to the goal, and the refined path is findPath's unsmoothed one (between ends within a
// box's reach, one A* over the world and its path); a query object traces as its planner does; bad
// endpoints and options are refused by name.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar } from '../../web/lib/index';
import { traceSearch, type TracedWorldPath } from '../../web/lib/inspect';
import { standingCells } from './helpers/worlds';
import { seeded } from './helpers/queries';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

/** Whether a and b lie within one level-1 box's reach (8 columns across, 3 levels up or down): one A* joins them. */
const near = (a: Voxel, b: Voxel) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) <= 8 && Math.abs(a.z - b.z) <= 3;

function expectTraceOf(world: BlockWorld, planner: WorldHPAStar, traced: TracedWorldPath, a: Voxel, b: Voxel): void {
  const plain = planner.findPath(a, b);
  expect([traced.path.cost, Array.from(traced.path.cells)]).toEqual([plain.cost, Array.from(plain.cells)]);
  const closed = (phase: string) => traced.searches.filter((s) => s.phase === phase).reduce((n, s) => n + s.closed.length / 3, 0);
  if (near(a, b)) {
    expect(traced.searches.map((s) => [s.phase, s.level])).toEqual([['astar', 0]]);
    const cells = traced.searches[0]!.closed;
    expect([Array.from(cells.subarray(0, 3)), Array.from(cells.subarray(cells.length - 3))]).toEqual([[a.x, a.y, a.z], [b.x, b.y, b.z]]);
    expect(closed('astar')).toBe(traced.path.stats.expandedRefinement);
    expect(Array.from(traced.refined)).toEqual(Array.from(plain.cells));
    return;
  }
  expect(closed('insertion')).toBe(traced.path.stats.expandedInsertion);
  expect(closed('abstract')).toBe(traced.path.stats.expandedAbstract);
  expect(closed('refinement')).toBe(0);
  for (const s of traced.searches) {
    expect(s.closed.length % 3).toBe(0);
    for (let i = 0; i < s.closed.length; i += 3) expect(world.isStanding(s.closed[i]!, s.closed[i + 1]!, s.closed[i + 2]!)).toBe(true);
  }
  const abstract = traced.searches.filter((s) => s.phase === 'abstract');
  expect(abstract.length).toBe(1);
  const top = abstract[0]!.closed;
  expect(Array.from(top.subarray(0, 3))).toEqual([a.x, a.y, a.z]);
  expect(Array.from(top.subarray(top.length - 3))).toEqual([b.x, b.y, b.z]);
  expect(Array.from(traced.refined)).toEqual(Array.from(planner.findPath(a, b, { smooth: false }).cells));
  expect(traced.segmentEnds.at(-1)).toBe(traced.refined.length / 3 - 1);
}

describe('traceSearch on a block world', () => {
  test('a traced query answers as findPath, and its searches add up to the figures of each phase', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 40, height: 32, levels: 6 }, seed: 4 });
    for (const boxTrees of [true, false]) {
      using planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 3, levels: 2, boxTrees });
      using query = planner.createQuery();
      const cells = standingCells(world);
      const random = seeded(6);
      let traced = 0, levelsCrossed = 0, nearby = 0;
      while (traced < 25) {
        const a = cells[Math.floor(random() * cells.length)]!, b = cells[Math.floor(random() * cells.length)]!;
        if ((a.x === b.x && a.y === b.y && a.z === b.z) || !world.isReachable(a, b)) continue;
        const t = traceSearch(planner, a, b);
        expectTraceOf(world, planner, t, a, b);
        if (near(a, b)) {
          nearby++;
          continue;
        }
        // Searches over cells (level 0) join the endpoints without the boxes' trees, or with them when both
        // lie in one level-1 box (their direct edge); the searches over level-1 nodes join them to level 2.
        const box = (v: Voxel) => `${Math.floor(v.x / 8)},${Math.floor(v.y / 8)},${Math.floor(v.z / 3)}`;
        const cellSearches = !boxTrees || box(a) === box(b);
        expect(new Set(t.searches.filter((s) => s.phase === 'insertion').map((s) => s.level))).toEqual(new Set(cellSearches ? [0, 1] : [1]));
        const fromQuery = traceSearch(query, a, b);
        expect([Array.from(fromQuery.path.cells), fromQuery.searches.length]).toEqual([Array.from(t.path.cells), t.searches.length]);
        if (a.z !== b.z) levelsCrossed++;
        traced++;
      }
      expect(levelsCrossed).toBeGreaterThan(5);
      expect(nearby).toBeGreaterThan(0);
    }
  });

  test('bad endpoints and options are refused by name', () => {
    using world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 24, height: 20, levels: 4 }, seed: 1 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 8 });
    const cells = standingCells(world);
    const air = { x: 0, y: 0, z: 3 };
    expect(world.isStanding(air.x, air.y, air.z)).toBe(false);
    expect(() => traceSearch(planner, air, cells[0]!)).toThrow(PathQueryError);
    expect(() => traceSearch(planner, air, cells[0]!)).toThrow(/start \(0, 0, 3\) is outside the world or not a cell an agent stands in/);
    expect(() => traceSearch(planner, cells[0]!, { x: 1, y: 2 } as Voxel)).toThrow(/goal must be a cell with integer x, y and z/);
    expect(() => traceSearch(planner, cells[0]!, cells[1]!, { frob: true } as never)).toThrow(TypeError);
  });
});
