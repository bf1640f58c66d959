// Plans on block worlds through the TypeScript API (WorldHPAStar.plan, WorldHPAStarQuery): segments
// joined are the unsmoothed findPath's path (between nearby ends, a cheaper way found near them), valid
// by the core's validator; several plans alive at once, refined in any order and by turns with other
// searches; plans made before block changes are stale; no path, a start that is the goal, refused
// endpoints, and disposal.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar, type WorldPathPlan } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';
import { standingCells, worldText } from './helpers/worlds';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

// A wall on level 1 (x = 3) with a tunnel under it at level 0; the halves of level 1 join only through it.
const TUNNEL = [
  ['##...##', '#######'],
  ['...#...', '...#...'],
  ['...#...', '...#...'],
];

const cellAt = (cells: Int32Array, i: number): Voxel => ({ x: cells[3 * i]!, y: cells[3 * i + 1]!, z: cells[3 * i + 2]! });

/** Walks a plan to its end: its segments joined. Each ends at its waypoint. */
function walk(plan: WorldPathPlan): Int32Array {
  const parts: number[] = [];
  for (let k = 0; k < plan.segmentCount; k++) {
    expect(plan.done).toBe(false);
    const segment = plan.nextSegment()!;
    expect(segment.length).toBeGreaterThan(0);
    expect(segment.length % 3).toBe(0);
    if (plan.waypoints.length > 3) expect(Array.from(segment.slice(-3))).toEqual(Array.from(plan.waypoints.slice(3 * k + 3, 3 * k + 6)));
    parts.push(...segment);
  }
  expect(plan.done).toBe(true);
  expect(plan.nextSegment()).toBeNull();
  return Int32Array.from(parts);
}

/** The cost of a path from start to goal by the world rules oracle; fails the test on an illegal step. */
function stepsCost(world: BlockWorld, start: Voxel, goal: Voxel, cells: Int32Array): number {
  const rules = WorldBlocks.of(world);
  const cost = rules.pathCost(cells);
  expect(cost).not.toBeNull();
  expect(rules.check(cells, [start.x, start.y, start.z], [goal.x, goal.y, goal.z], cost!)).toBe('');
  expect(world.validatePath(start, goal, cells, cost!)).toBe('');
  return cost!;
}

/**
 * The plan of start -> goal walked: valid, and the path findPath gives unsmoothed; or, between ends within
 * one box's reach (`side` columns across, `tall` levels up or down), one segment of a cheaper way found near them.
 */
function expectPlanIsThePath(world: BlockWorld, planner: WorldHPAStar, plan: WorldPathPlan, start: Voxel, goal: Voxel, side: number, tall: number): void {
  expect(plan.found).toBe(true);
  expect(plan.status).toBe('found');
  expect(cellAt(plan.waypoints, 0)).toEqual(start);
  expect(cellAt(plan.waypoints, plan.waypoints.length / 3 - 1)).toEqual(goal);
  const raw = planner.findPath(start, goal, { smooth: false });
  const smoothed = planner.findPath(start, goal);
  const cells = walk(plan);
  expect(raw.cost).toBeGreaterThanOrEqual(smoothed.cost - 1e-9);
  if (cells.length === raw.cells.length && cells.every((c, i) => c === raw.cells[i])) {
    expect(world.validatePath(start, goal, cells, raw.cost)).toBe('');
    return;
  }
  expect(Math.max(Math.abs(start.x - goal.x), Math.abs(start.y - goal.y))).toBeLessThanOrEqual(side);
  expect(Math.abs(start.z - goal.z)).toBeLessThanOrEqual(tall);
  expect(plan.waypoints.length).toBe(6);
  expect(stepsCost(world, start, goal, cells)).toBeLessThan(raw.cost - 1e-9);
}

describe('WorldHPAStar.plan', () => {
  test('a hand-drawn world: segments joined are the unsmoothed path, at every abstraction level', () => {
    using world = hp.BlockWorld.parse(worldText(TUNNEL), 'tunnel.world');
    for (const levels of [1, 2, 3]) {
      // Without the boxes' trees: start and goal are then joined by searches, counted below.
      using planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1, levels, boxTrees: false });
      const start = { x: 0, y: 0, z: 1 };
      const goal = { x: 6, y: 1, z: 1 };
      const plan = planner.plan(start, goal);
      expect(plan.segmentCount).toBe(plan.waypoints.length / 3 - 1);
      expect(plan.version).toBe(0);
      expect(plan.stats.expandedInsertion).toBeGreaterThan(0);
      expect(plan.stats.abstractPathNodes).toBe(plan.waypoints.length / 3);
      expectPlanIsThePath(world, planner, plan, start, goal, 2, 1);
      expect(plan.disposed).toBe(true);  // done: its memory went at once
      expect(plan.stats.expandedRefinement).toBe(0);
    }
  });

  test('random queries on generated worlds walk to valid paths', () => {
    for (const kind of ['caves', 'towers', 'hills'] as const) {
      using world = hp.BlockWorld.generate({ kind, size: { width: 40, height: 36, levels: 8 }, seed: 5 });
      using planner = hp.WorldHPAStar.build(world, { clusterSide: 6, clusterLevels: 2, levels: 2 });
      const cells = standingCells(world);
      const random = seeded(11);
      const pick = () => cells[Math.floor(random() * cells.length)]!;
      let found = 0;
      for (let q = 0; q < 30; q++) {
        const start = pick();
        const goal = pick();
        const plan = planner.plan(start, goal);
        if (!planner.isReachable(start, goal)) {
          expect(plan.found).toBe(false);
          continue;
        }
        found++;
        expectPlanIsThePath(world, planner, plan, start, goal, 6, 2);
      }
      expect(found).toBeGreaterThan(3);
    }
  });

  test('several plans alive at once, refined by turns between other searches, each give their own path', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 40, height: 36, levels: 8 }, seed: 7 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 6, clusterLevels: 2, levels: 2 });
    using query = planner.createQuery();
    const cells = standingCells(world);
    const random = seeded(3);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const pairs: [Voxel, Voxel][] = [];
    while (pairs.length < 6) {
      const [s, g] = [pick(), pick()];
      if (planner.isReachable(s, g) && (s.x !== g.x || s.y !== g.y || s.z !== g.z)) pairs.push([s, g]);
    }
    // Half planned by the planner, half by the query object; all alive at once.
    const plans = pairs.map(([s, g], i) => (i % 2 ? query.plan(s, g) : planner.plan(s, g)));
    const walked: number[][] = plans.map(() => []);
    for (let busy = true; busy; ) {
      busy = false;
      plans.forEach((plan, i) => {
        const segment = plan.nextSegment();
        if (!segment) return;
        busy = true;
        walked[i]!.push(...segment);
        query.findPath(pick(), pick());  // the scratch of both query objects moves on
        planner.findPath(pick(), pick());
      });
    }
    pairs.forEach(([s, g], i) => {
      const cells = Int32Array.from(walked[i]!);
      expect(cells).toEqual(query.plan(s, g).rest());  // the plan refined alone
      expect(stepsCost(world, s, g, cells)).toBeLessThanOrEqual(query.findPath(s, g, { smooth: false }).cost + 1e-9);
    });
    // A query object answers as its planner.
    const [s, g] = pairs[0]!;
    expect(query.findPath(s, g).cells).toEqual(planner.findPath(s, g).cells);
    const batch = query.findPaths(pairs);
    expect(batch.count).toBe(pairs.length);
    pairs.forEach(([a, b], i) => expect(batch.path(i)).toEqual(planner.findPath(a, b).cells));
  });

  test('block changes make the plans made before them stale', () => {
    using world = hp.BlockWorld.parse(worldText(TUNNEL), 'tunnel.world');
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1, levels: 2 });
    using query = planner.createQuery();
    const start = { x: 0, y: 0, z: 1 };
    const goal = { x: 6, y: 1, z: 1 };
    const plan = planner.plan(start, goal);
    const other = query.plan(start, goal);
    expect(plan.segmentCount).toBeGreaterThan(1);
    expect(plan.nextSegment()).not.toBeNull();
    planner.applyBlockChanges([{ x: 0, y: 1, z: 0, block: 'air' }]);  // a change far from the way
    expect(planner.version).toBe(1);
    expect(() => plan.nextSegment()).toThrow(/this WorldPathPlan is stale: its planner's world changed after it was made/);
    expect(() => other.nextSegment()).toThrow(/stale/);
    plan.dispose();
    other.dispose();
    // A new plan is of the new version and walks.
    const fresh = planner.plan(start, goal);
    expect(fresh.version).toBe(1);
    expect(world.validatePath(start, goal, fresh.rest(), planner.findPath(start, goal, { smooth: false }).cost)).toBe('');
  });

  test('no path, a start that is the goal, refused endpoints and disposal', () => {
    using world = hp.BlockWorld.parse(worldText([TUNNEL[0]!.map((r) => r.replace(/\./g, '#')), TUNNEL[1]!, TUNNEL[2]!]), 'walled.world');
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1, levels: 2 });
    const none = planner.plan({ x: 0, y: 0, z: 1 }, { x: 6, y: 1, z: 1 });
    expect(none.found).toBe(false);
    expect(none.status).toBe('no path');
    expect(none.done).toBe(true);
    expect(none.segmentCount).toBe(0);
    expect(none.waypoints.length).toBe(0);
    expect(none.nextSegment()).toBeNull();

    const self = planner.plan({ x: 1, y: 1, z: 1 }, { x: 1, y: 1, z: 1 });
    expect(self.found).toBe(true);
    expect(self.segmentCount).toBe(1);
    expect(Array.from(self.waypoints)).toEqual([1, 1, 1]);
    expect(Array.from(self.nextSegment()!)).toEqual([1, 1, 1]);
    expect(self.done).toBe(true);

    expect(() => planner.plan({ x: 3, y: 0, z: 1 }, { x: 0, y: 0, z: 1 })).toThrow(PathQueryError);
    expect(() => planner.plan({ x: 3, y: 0, z: 1 }, { x: 0, y: 0, z: 1 })).toThrow(/start \(3, 0, 1\) is outside the world or not a cell an agent stands in/);
    expect(() => planner.plan({ x: 0, y: 0, z: 1 }, { x: 9, y: 0, z: 1 })).toThrow(/WorldHPAStar\.plan: goal \(9, 0, 1\)/);
    expect(() => planner.plan({ x: 0.5, y: 0, z: 1 } as Voxel, { x: 0, y: 0, z: 1 })).toThrow(TypeError);

    const query = planner.createQuery();
    const plan = query.plan({ x: 0, y: 0, z: 1 }, { x: 2, y: 1, z: 1 });
    query.dispose();
    expect(() => plan.nextSegment()).toThrow(/the WorldHPAStarQuery of this WorldPathPlan has been disposed/);
    plan.dispose();
    expect(() => query.findPath({ x: 0, y: 0, z: 1 }, { x: 2, y: 1, z: 1 })).toThrow(/WorldHPAStarQuery/);
  });

  test('a query object keeps the hierarchy alive after its planner is disposed', () => {
    using world = hp.BlockWorld.parse(worldText(TUNNEL), 'tunnel.world');
    const planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1, levels: 2 });
    using query = planner.createQuery();
    planner.dispose();
    const start = { x: 0, y: 0, z: 1 };
    const goal = { x: 6, y: 1, z: 1 };
    const path = query.findPath(start, goal);
    expect(world.validatePath(start, goal, path.cells, path.cost)).toBe('');
    const cells = query.plan(start, goal).rest();
    expect(world.validatePath(start, goal, cells, query.findPath(start, goal, { smooth: false }).cost)).toBe('');
  });
});
