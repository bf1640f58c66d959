// Block worlds in the worker pool (createWorldPool), in both modes: batches equal WorldHPAStar.findPath on
// the same world and options, every path is legal by the world rules oracle (helpers/worldRules.ts), block
// changes reach every worker and later batches answer as a hierarchy built afresh from the changed world,
// and bad queries, changes and options get errors naming the problem.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createWorldPool,
  loadHpastar,
  PathStatusCode,
  type BlockChange,
  type BlockWorld,
  type Hpastar,
  type Voxel,
  type WorldHPAStar,
  type WorldPathBatch,
  type WorldPathPool,
} from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';

const GENERATE = { kind: 'caves', size: { width: 40, height: 32, levels: 6 }, seed: 4 } as const;
const OPTIONS = { clusterSide: 8, clusterLevels: 3 } as const;

function blocksOf(world: BlockWorld | WorldHPAStar, size: { width: number; height: number; levels: number }): WorldBlocks {
  const floors = Array.from({ length: size.levels }, (_, z) => world.floor(z));
  return new WorldBlocks(size.width, size.height, size.levels, floors);
}

function standingCells(world: BlockWorld): Voxel[] {
  const cells: Voxel[] = [];
  for (let z = 0; z < world.levels; z++) {
    for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (world.isStanding(x, y, z)) cells.push({ x, y, z });
  }
  return cells;
}

/** `count` pairs of standing cells, then one starting in a solid block and one with its goal outside the world. */
function worldQueries(world: BlockWorld, count: number, seed: number): [Voxel, Voxel][] {
  const cells = standingCells(world);
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  const pairs: [Voxel, Voxel][] = Array.from({ length: count }, () => [pick(), pick()]);
  const floor = world.floor(0);
  const solidAt = floor.indexOf(hp.BlockWorld.blockKinds.find((k) => k.name === 'solid')!.code);
  if (solidAt < 0) throw new Error('the test world has no solid block on level 0');
  const solid = { x: solidAt % world.width, y: Math.floor(solidAt / world.width), z: 0 };
  pairs.push([solid, pick()], [pick(), { x: world.width, y: 0, z: 0 }]);
  return pairs;
}

/**
 * Fails unless query by query the batch is what `planner.findPath` answers, and every found path passes
 * the rules oracle; returns the number found.
 */
function expectAsPlanner(batch: WorldPathBatch, pairs: [Voxel, Voxel][], planner: WorldHPAStar, rules: WorldBlocks): number {
  expect(batch.count).toBe(pairs.length);
  let found = 0;
  pairs.forEach(([start, goal], i) => {
    let expected: { status: string; cost: number; cells: Int32Array };
    try {
      expected = planner.findPath(start, goal);
    } catch (error) {
      const invalid = (error as { status?: string }).status ?? String(error);
      expect(batch.found(i), `query ${i}: ${invalid}`).toBe(false);
      expect(batch.status[i]).toBe(invalid.startsWith('start') ? PathStatusCode.StartInvalid : PathStatusCode.GoalInvalid);
      return;
    }
    expect(batch.statusText(i), `query ${i}`).toBe(expected.status);
    if (!batch.found(i)) return;
    found++;
    expect(batch.cost[i], `query ${i}`).toBe(expected.cost);
    expect(Array.from(batch.path(i)), `query ${i}`).toEqual(Array.from(expected.cells));
    expect(rules.check(batch.path(i), [start.x, start.y, start.z], [goal.x, goal.y, goal.z], batch.cost[i]!), `query ${i}`).toBe('');
  });
  return found;
}

let hp: Hpastar;
let world: BlockWorld;
let planner: WorldHPAStar;
let pairs: [Voxel, Voxel][];

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate(GENERATE);
  planner = hp.WorldHPAStar.build(world, OPTIONS);
  pairs = worldQueries(world, 120, 16);
});

afterAll(() => {
  planner.dispose();
  world.dispose();
});

describe.each(['copied', 'shared'] as const)('a world pool in %s mode', (mode) => {
  let pool: WorldPathPool;

  beforeAll(async () => {
    pool = await createWorldPool({ world: world.toText(), hierarchy: OPTIONS, workers: 2, mode });
  });

  afterAll(async () => {
    await pool.close();
  });

  test('answers as WorldHPAStar.findPath, every path legal by the world rules', async () => {
    expect([pool.mode, pool.workers, pool.version, pool.width, pool.height, pool.levels]).toEqual([mode, 2, 0, 40, 32, 6]);
    expect(pool.options).toEqual(planner.options);
    expect(pool.stats.levels).toEqual(planner.stats.levels);
    const batch = await pool.findPaths(pairs);
    expect(batch.version).toBe(0);
    const found = expectAsPlanner(batch, pairs, planner, blocksOf(world, world));
    expect(found).toBeGreaterThan(60);
    expect(batch.status[pairs.length - 2]).toBe(PathStatusCode.StartInvalid);
    expect(batch.status[pairs.length - 1]).toBe(PathStatusCode.GoalInvalid);
    // The same batch run on this thread (WorldHPAStar.findPaths) and without cells.
    const packed = new Int32Array(pairs.flatMap(([s, g]) => [s.x, s.y, s.z, g.x, g.y, g.z]));
    const here = planner.findPaths(packed);
    expect([Array.from(here.status), Array.from(here.cost), Array.from(here.cells)]).toEqual([Array.from(batch.status), Array.from(batch.cost), Array.from(batch.cells)]);
    const costsOnly = await pool.findPaths(packed, { cells: false });
    expect([costsOnly.cells.length, Array.from(costsOnly.cost)]).toEqual([0, Array.from(batch.cost)]);
  });

  test('plans: waypoints and first segments as WorldHPAStar.plan gives them, every first segment legal', async () => {
    const batch = await pool.planPaths(pairs);
    expect([batch.count, batch.version, batch.cellSize]).toEqual([pairs.length, 0, 3]);
    const rules = blocksOf(world, world);
    let found = 0;
    pairs.forEach(([start, goal], i) => {
      if (i >= pairs.length - 2) {
        expect(batch.found(i)).toBe(false);  // a start in a solid block, a goal outside the world
        return;
      }
      const plan = planner.plan(start, goal);
      expect(batch.found(i), `query ${i}`).toBe(plan.found);
      if (!plan.found) return;
      found++;
      expect(batch.segments[i], `query ${i}`).toBe(plan.segmentCount);
      expect(Array.from(batch.waypointsOf(i)), `query ${i}`).toEqual(Array.from(plan.waypoints));
      const first = plan.nextSegment()!;
      expect(Array.from(batch.firstSegment(i)), `query ${i}`).toEqual(Array.from(first));
      // The first segment ends at the second waypoint, and with the plan's other segments makes a legal path.
      const waypoints = batch.waypointsOf(i);
      expect(Array.from(first.subarray(-3)), `query ${i}`).toEqual(Array.from(waypoints.subarray(waypoints.length > 3 ? 3 : 0, waypoints.length > 3 ? 6 : 3)));
      const whole = Int32Array.from([...first, ...plan.rest()]);
      // The unsmoothed path's cost, or less between nearby ends (a cheaper way found near them).
      const cost = rules.pathCost(whole);
      expect(cost, `query ${i}`).not.toBeNull();
      expect(cost!, `query ${i}`).toBeLessThanOrEqual(planner.findPath(start, goal, { smooth: false }).cost + 1e-9);
      expect(rules.check(whole, [start.x, start.y, start.z], [goal.x, goal.y, goal.z], cost!), `query ${i}`).toBe('');
    });
    expect(found).toBeGreaterThan(60);
    expect(batch.status[pairs.length - 2]).toBe(PathStatusCode.StartInvalid);
    const abstractOnly = await pool.planPaths(pairs, { firstSegment: false });
    expect([abstractOnly.firstSegments.length, Array.from(abstractOnly.waypoints)]).toEqual([0, Array.from(batch.waypoints)]);
    expect((await pool.planPaths([])).count).toBe(0);
    await expect(pool.planPaths(pairs, { firstSegment: 1 } as never)).rejects.toThrow(TypeError);
  });

  test('flow fields and reachability answer as the planner does, also after block changes', async () => {
    await using edited = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2, mode });
    using local = hp.WorldHPAStar.build(world, OPTIONS);
    const cells = standingCells(world);
    const goal = cells[Math.floor(cells.length / 2)]!;
    for (let round = 0; round < 2; round++) {
      const field = await edited.flowField(goal);
      const expected = local.flowField(goal);
      expect([field.version, field.goal, field.levels]).toEqual([edited.version, goal, world.levels]);
      expect(Array.from(field.directions)).toEqual(Array.from(expected.directions));
      for (const c of cells.filter((_, i) => i % 37 === 0)) {
        expect(await edited.componentOf(c)).toBe(local.componentOf(c));
        expect(await edited.isReachable(c, goal)).toBe(local.isReachable(c, goal));
      }
      // A wall of solid blocks through the middle of level 0, on both.
      const wall: BlockChange[] = [];
      const x = 12 + 8 * round;
      for (let y = 0; y < world.height; y++) if (!(x === goal.x && y === goal.y)) wall.push({ x, y, z: 0, block: 'solid' });
      await edited.applyBlockChanges(wall);
      local.applyBlockChanges(wall);
    }
    expect(await edited.nearestPassable({ x: -3, y: 5, z: 1 })).toEqual(local.nearestPassable({ x: -3, y: 5, z: 1 }));
    const picked = (await edited.randomPassable(() => 0.5))!;
    expect(local.componentOf(picked)).toBeGreaterThan(0);
    // A goal not asked before (a cached whole field would answer for every start).
    const corridors = await edited.flowField(cells[Math.floor(cells.length / 3)]!, { starts: [cells[0]!] });
    expect(corridors.corridorsOnly).toBe(true);
    await expect(edited.flowField({ x: -1, y: 0, z: 0 })).rejects.toThrow(new RangeError('WorldPathPool.flowField: goal (-1, 0, 0) is outside the 40x32x6 world'));
    await expect(edited.componentOf({ x: 1, y: 2 } as never)).rejects.toThrow(TypeError);
  });

  test('block changes reach every worker: later batches answer as a planner given the same changes, with a fresh build\'s costs', async () => {
    await using edited = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2, mode });
    const cells = standingCells(world);
    // Walls placed on standing cells, and solid blocks beside others dug out.
    const changes: BlockChange[] = cells.filter((_, i) => i % 23 === 0).map((c) => ({ ...c, block: 'solid' }));
    for (let i = 0; i < cells.length && changes.length < 60; i += 17) {
      const c = cells[i]!;
      if (c.x + 1 < world.width && world.blockAt(c.x + 1, c.y, c.z) === 'solid') changes.push({ x: c.x + 1, y: c.y, z: c.z, block: 'air' });
    }
    // A cell of air on solid ground (or the floor) walled in on its four sides and roofed: unreachable
    // afterwards ('no path').
    const shut = cells.find(
      (c) => c.z < world.levels - 1 && c.x > 0 && c.y > 0 && c.x < world.width - 1 && c.y < world.height - 1 &&
        world.blockAt(c.x, c.y, c.z) === 'air' && (c.z === 0 || world.blockAt(c.x, c.y, c.z - 1) === 'solid') &&
        !changes.some((k) => k.x === c.x && k.y === c.y && (k.z === c.z || k.z === c.z - 1)),
    )!;
    expect(shut).toBeDefined();
    for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1]] as const) {
      const at = { x: shut.x + dx, y: shut.y + dy, z: shut.z + dz };
      if (!changes.some((c) => c.x === at.x && c.y === at.y && c.z === at.z)) changes.push({ ...at, block: 'solid' });
    }
    const before = edited.findPaths(pairs);
    const update = await edited.applyBlockChanges(changes);
    const queries: [Voxel, Voxel][] = [...pairs, [pairs[0]![0], shut]];
    const after = await edited.findPaths(queries);
    expect([(await before).version, update.version, after.version, edited.version]).toEqual([0, 1, 1, 1]);
    expectAsPlanner(await before, pairs, planner, blocksOf(world, world));
    expect(update.blocksChanged).toBe(changes.filter((c) => world.blockAt(c.x, c.y, c.z) !== c.block).length);
    expect(update.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(update.rebuilt.map((r) => [r.level, r.clusters.length, r.boxes.length])).toEqual(update.clustersRebuilt.map((n, l) => [l + 1, n, 6 * n]));
    using changed = hp.BlockWorld.generate(GENERATE);
    changed.setBlocks(changes);
    using fresh = hp.WorldHPAStar.build(changed, OPTIONS);
    expect(edited.stats.levels).toEqual(fresh.stats.levels);
    // Path by path what a planner given the same changes answers; against a fresh build the same answers
    // and refined costs, not always the same cells: an updated hierarchy keeps the stored path of an
    // intra-edge the changes cannot have altered, where a fresh build may have found another as short
    // (so the smoothed paths, which start from those cells, may differ in cost; the unsmoothed may not).
    using replayed = hp.WorldHPAStar.build(world, OPTIONS);
    replayed.applyBlockChanges(changes);
    const found = expectAsPlanner(after, queries, replayed, blocksOf(changed, changed));
    expect(found).toBeGreaterThan(40);
    queries.forEach(([start, goal], i) => {
      if (!after.found(i)) return;
      const expected = fresh.findPath(start, goal, { smooth: false });
      expect(after.statusText(i), `query ${i}`).toBe(expected.status);
      expect(replayed.findPath(start, goal, { smooth: false }).cost, `query ${i}`).toBeCloseTo(expected.cost, 9);
      expect(after.cost[i], `query ${i}`).toBeLessThanOrEqual(expected.cost + 1e-9);
    });
    expect(after.statusText(queries.length - 1)).toBe('no path');
    // No change: the same version, nothing rebuilt.
    const none = await edited.applyBlockChanges([]);
    expect([none.version, none.clustersRebuilt]).toEqual([1, [0, 0]]);
  });
});

describe('errors name the problem', () => {
  test('bad queries, changes and batch options', async () => {
    await using pool = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 1, mode: 'copied' });
    const ok: Voxel = pairs[0]![0];
    await expect(pool.findPaths([[ok, { x: 1, y: 2 } as Voxel]])).rejects.toThrow(new TypeError('WorldPathPool.findPaths: query 0: goal must be a cell with integer x, y and z, got {"x":1,"y":2}'));
    await expect(pool.findPaths(new Int32Array(4))).rejects.toThrow(/packed queries need 6 numbers each \(sx, sy, sz, gx, gy, gz\); got 4 numbers/);
    await expect(pool.findPaths([[ok, ok]], { smooth: true } as never)).rejects.toThrow(/unknown option "smooth" \(known: cells, toNearest, pathShape, signal\)/);
    await expect(pool.applyBlockChanges([{ x: 0, y: 0, z: 0, block: 'lava' as never }])).rejects.toThrow(
      new RangeError(`WorldPathPool.applyBlockChanges: changes[0]: block "lava" is not one of 'air', 'solid', 'ladder', 'stair-north', 'stair-east', 'stair-south', 'stair-west'`),
    );
    await expect(pool.applyBlockChanges([{ x: 0, y: 0, z: 6, block: 'air' }])).rejects.toThrow(
      new RangeError('WorldPathPool.applyBlockChanges: changes[0]: block (0, 0, 6) is outside the 40x32x6 world'),
    );
    // Nothing refused reached the workers: the pool goes on at version 0.
    expect(pool.version).toBe(0);
    expect((await pool.findPaths([[ok, ok]])).found(0)).toBe(true);
    const aborted = new AbortController();
    aborted.abort(new Error('not wanted'));
    await expect(pool.findPaths([[ok, ok]], { signal: aborted.signal })).rejects.toThrow('not wanted');
    await pool.close();
    await expect(pool.findPaths([[ok, ok]])).rejects.toThrow('WorldPathPool.findPaths: the pool is closed');
    await expect(pool.applyBlockChanges([])).rejects.toThrow('WorldPathPool.applyBlockChanges: the pool is closed');
  });

  test('bad worlds and options', async () => {
    const base = { workers: 1, mode: 'copied' } as const;
    await expect(createWorldPool({ ...base })).rejects.toThrow(new TypeError('createWorldPool: give the world as world (its text or a BlockWorld), as generate ({ kind, size, seed }) or as planner (a WorldHPAStar), not none'));
    await expect(createWorldPool({ ...base, world: world.toText(), generate: GENERATE })).rejects.toThrow(/not world and generate/);
    await expect(createWorldPool({ ...base, world: 'type octile\nheight 2\nwidth 2\nlevels 1\nmap\nlevel 0\n..\n.\n', fileName: 'bad.world' })).rejects.toThrow(/^createWorldPool: bad\.world:\d+: /);
    await expect(createWorldPool({ ...base, generate: { ...GENERATE, kind: 'castles' as never } })).rejects.toThrow(/unknown kind "castles" \(known: caves, towers, hills\)/);
    await expect(createWorldPool({ ...base, generate: GENERATE, hierarchy: { clusterSide: 1 } })).rejects.toThrow(RangeError);
    await expect(createWorldPool({ ...base, generate: GENERATE, hierarchy: { clusterSize: 8 } as never })).rejects.toThrow(/unknown option "clusterSize" \(known: clusterSide, clusterLevels, levels, entranceWidth, entranceSpacing, boxTrees, landmarks, distanceTable, maxDetour\)/);
    await expect(createWorldPool({ ...base, generate: GENERATE, grid: {} } as never)).rejects.toThrow(/unknown option "grid"/);
    // A BlockWorld goes to the workers as it is now.
    await using fromWorld = await createWorldPool({ ...base, world, hierarchy: OPTIONS });
    expect([fromWorld.width, fromWorld.height, fromWorld.levels]).toEqual([40, 32, 6]);
  });
});
