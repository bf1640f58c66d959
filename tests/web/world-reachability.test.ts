// Reachability on block worlds through the package, against the built wasm: componentOf (0 outside the
// world, as on grids), nearestPassable against a scan of every cell written here, randomPassable within
// its component, partial paths (findPath's toNearest) to the cell a scan names, and the errors of bad input.
import { beforeAll, describe, expect, test } from 'vitest';
import { createWorldPool, loadHpastar, WORLD_MOVES, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar, type WorldPathBatch } from '../../web/lib/index';
import { seeded } from './helpers/queries';

let hp: Hpastar;
let world: BlockWorld;
let planner: WorldHPAStar;

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 32, height: 24, levels: 8 }, seed: 6 });
  planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4 });
});

/**
 * The heuristic's distance (octile across, √2 − 1 more per level, at least the levels), written as
 * a + b√2 with whole a and b so that equal distances are equal numbers (ties are ties, not rounding).
 */
function distance(a: Voxel, b: Voxel): number {
  const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y), dz = Math.abs(a.z - b.z);
  const lo = Math.min(dx, dy), hi = Math.max(dx, dy);
  return Math.max(hi - lo - dz + Math.SQRT2 * (lo + dz), dz);
}

/** The nearest standing cell of `component` (0: any) by a scan in (z, y, x) order, ties to the first. */
function nearestByScan(from: Voxel, component: number, maxDistance: number): Voxel | null {
  let best: Voxel | null = null;
  let bestDistance = Infinity;
  for (let z = 0; z < world.levels; z++) {
    for (let y = 0; y < world.height; y++) {
      for (let x = 0; x < world.width; x++) {
        const label = planner.componentOf({ x, y, z });
        if (label === 0 || (component !== 0 && label !== component)) continue;
        const d = distance({ x, y, z }, from);
        if (d > maxDistance || d >= bestDistance) continue;
        best = { x, y, z };
        bestDistance = d;
      }
    }
  }
  return best;
}

describe('block world reachability', () => {
  test('componentOf is 0 outside the world and where no agent stands, as on a grid', () => {
    expect(planner.componentOf({ x: -1, y: 0, z: 0 })).toBe(0);
    expect(world.componentOf({ x: 0, y: 0, z: 99 })).toBe(0);
    let solid: Voxel | null = null;
    for (let x = 0; x < world.width && !solid; x++) if (!world.isStanding(x, 0, 0)) solid = { x, y: 0, z: 0 };
    expect(planner.componentOf(solid!)).toBe(0);
  });

  test('nearestPassable is the nearest standing cell of the component, as a scan finds it', () => {
    const random = seeded(4);
    const labels = new Set<number>();
    for (let i = 0; i < 200; i++) labels.add(planner.componentOf(planner.randomPassable(random)!));
    const components = [0, ...labels];
    for (let k = 0; k < 40; k++) {
      const from = { x: Math.floor(random() * 40) - 4, y: Math.floor(random() * 32) - 4, z: Math.floor(random() * 12) - 2 };
      const component = components[k % components.length]!;
      const maxDistance = k % 4 === 0 ? 2.5 : Infinity;
      const options = component === 0 ? { maxDistance } : { component, maxDistance };  // no component: any
      expect(planner.nearestPassable(from, options), `from ${JSON.stringify(from)} component ${component}`).toEqual(
        nearestByScan(from, component, maxDistance),
      );
    }
  });

  test('randomPassable gives standing cells of the component asked for', () => {
    const random = seeded(9);
    const any = planner.randomPassable(random)!;
    expect(world.isStanding(any.x, any.y, any.z)).toBe(true);
    const component = planner.componentOf(any);
    for (let k = 0; k < 50; k++) expect(planner.componentOf(planner.randomPassable(random, component)!)).toBe(component);
  });

  test('toNearest: a goal the start cannot reach is answered with a legal path to the nearest cell of its component', () => {
    const random = seeded(11);
    // A standing cell of each component, by a scan (the small ones are rarely drawn at random).
    const cellOf = new Map<number, Voxel>();
    for (let z = 0; z < world.levels; z++) {
      for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (planner.componentOf({ x, y, z }) !== 0) cellOf.set(planner.componentOf({ x, y, z }), { x, y, z });
    }
    expect(cellOf.size).toBeGreaterThan(1); // the test needs two components
    let partial = 0;
    for (let k = 0; k < 30; k++) {
      const start = planner.randomPassable(random)!;
      // Goals in another component, inside rock, and outside the world.
      const other = [...cellOf.keys()].find((l) => l !== planner.componentOf(start))!;
      const goals: Voxel[] = [cellOf.get(other)!, { x: Math.floor(random() * 40) - 4, y: Math.floor(random() * 30) - 3, z: Math.floor(random() * 10) - 1 }];
      for (const goal of goals) {
        const path = planner.findPath(start, goal, { toNearest: true });
        const expected = nearestByScan(goal, planner.componentOf(start), Infinity)!;
        if (planner.isReachable(start, goal)) {
          expect(path.status).toBe('found');
          expect(path.reached).toBeUndefined();
          continue;
        }
        partial++;
        expect(path.status).toBe('partial');
        expect(path.found).toBe(true);
        expect(path.reached).toEqual(expected);
        const n = path.cells.length / 3;
        expect([path.cells[0], path.cells[1], path.cells[2]]).toEqual([start.x, start.y, start.z]);
        expect([path.cells[3 * n - 3], path.cells[3 * n - 2], path.cells[3 * n - 1]]).toEqual([expected.x, expected.y, expected.z]);
        let cost = 0;
        for (let i = 1; i < n; i++) {
          const a = { x: path.cells[3 * i - 3]!, y: path.cells[3 * i - 2]!, z: path.cells[3 * i - 1]! };
          const b = { x: path.cells[3 * i]!, y: path.cells[3 * i + 1]!, z: path.cells[3 * i + 2]! };
          const move = world.moveBetween(a, b);
          expect(move, `step ${i} of ${JSON.stringify(a)} -> ${JSON.stringify(b)}`).toBeGreaterThanOrEqual(0);
          cost += WORLD_MOVES.cost[move]!;
        }
        expect(path.cost).toBeCloseTo(cost, 9);
        // Without the option: 'no path', or the goal refused.
        if (planner.componentOf(goal) !== 0) expect(planner.findPath(start, goal).status).toBe('no path');
        else expect(() => planner.findPath(start, goal)).toThrow(/goal .* is outside the world or not a cell an agent stands in/);
      }
    }
    expect(partial).toBeGreaterThan(20);
  });

  test("toNearest in batches: findPaths, and a pool's in both modes, answer each query as findPath does", async () => {
    const random = seeded(23);
    const pairs: [Voxel, Voxel][] = [];
    for (let k = 0; k < 80; k++) {
      const start = planner.randomPassable(random)!;
      pairs.push([start, { x: Math.floor(random() * 40) - 4, y: Math.floor(random() * 30) - 3, z: Math.floor(random() * 10) - 1 }]);
    }
    pairs.push([{ x: -1, y: 0, z: 0 }, pairs[0]![0]]); // a start outside the world: refused by status, never moved
    const expectAsFindPath = (batch: WorldPathBatch, label: string) => {
      let partial = 0;
      pairs.forEach(([start, goal], i) => {
        let expected;
        try {
          expected = planner.findPath(start, goal, { toNearest: true });
        } catch {
          expect(batch.found(i), `${label}, query ${i}`).toBe(false);
          expect(batch.reached(i)).toBeUndefined();
          return;
        }
        expect(batch.statusText(i), `${label}, query ${i}`).toBe(expected.status);
        expect(batch.reached(i), `${label}, query ${i}`).toEqual(expected.reached);
        expect(batch.cost[i], `${label}, query ${i}`).toBeCloseTo(expected.cost, 9);
        expect([...batch.path(i)], `${label}, query ${i}`).toEqual([...expected.cells]);
        if (expected.status === 'partial') partial++;
      });
      expect(partial, label).toBeGreaterThan(20);
    };
    expectAsFindPath(planner.findPaths(pairs, { toNearest: true }), 'findPaths');
    const without = planner.findPaths(pairs);
    expect(pairs.some((_, i) => without.statusText(i) === 'no path' || without.statusText(i) === 'goal is outside the map or blocked')).toBe(true);
    expect(pairs.every((_, i) => without.reached(i) === undefined)).toBe(true);
    for (const mode of ['copied', 'shared'] as const) {
      await using pool = await createWorldPool({ planner, workers: 2, mode, jobSize: 16 });
      expectAsFindPath(await pool.findPaths(pairs, { toNearest: true }), `pool, ${mode}`);
    }
    expect(() => planner.findPaths(pairs, { toNearest: 1 as never })).toThrow('WorldHPAStar.findPaths: option toNearest must be a boolean, got 1');
  });

  test('bad input throws errors that name it', () => {
    expect(() => planner.nearestPassable({ x: 1, y: 2 } as never)).toThrow(TypeError);
    expect(() => planner.nearestPassable({ x: 1, y: 2, z: 0 }, { component: 1e6 })).toThrow(/component 1000000 is not a component of this world/);
    expect(() => planner.nearestPassable({ x: 1, y: 2, z: 0 }, { maxDistance: -1 })).toThrow(RangeError);
    expect(() => planner.randomPassable(() => 2)).toThrow(RangeError);
  });
});
