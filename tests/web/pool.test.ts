// The worker pool in Node (worker_threads), in both modes: batches (searches and plans) equal the same
// work run synchronously, every batch sees one terrain version, cancellation and errors reject, close()
// ends the workers.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPathPool,
  loadHpastar,
  PathStatusCode,
  type Grid,
  type HPAStar,
  type Hpastar,
  type PathBatch,
  type PathPool,
  type PlanBatch,
  type Point,
  type TerrainEdit,
} from '../../web/lib/index';
import { pack, randomPairs } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

const execFileAsync = promisify(execFile);
const MAP = 'den520d.map';
// The paper's HPA* (no trees, no landmarks), not the options HPAStar.build would choose for the map.
const OPTIONS = { clusterSize: 10, levels: 2, cacheTrees: false, landmarks: 0 } as const;

let hp: Hpastar;
let map: MapText;
let grid: Grid;
let planner: HPAStar;
let queries: Int32Array;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, OPTIONS);
  // 1200 random pairs, plus queries that cannot run: a blocked start, a goal outside the map.
  const pairs: [Point, Point][] = randomPairs(map, 1200, 7);
  pairs.push([{ x: 0, y: 0 }, pairs[0]![1]], [pairs[1]![0], { x: 999, y: 5 }]);
  queries = pack(pairs);
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

/** Fails unless two batches hold the same answers (statuses, costs, cells, expansions). */
function expectSameBatch(actual: PathBatch, expected: PathBatch): void {
  expect(actual.count).toBe(expected.count);
  for (const key of ['status', 'cost', 'expanded', 'offsets', 'cells'] as const) {
    const a = actual[key];
    const e = expected[key];
    expect(a.length, key).toBe(e.length);
    // Compared element by element: toEqual on arrays of 10^5 numbers is slow.
    const i = a.findIndex((v: number, k: number) => !Object.is(v, e[k]));
    if (i >= 0) expect(`${key}[${i}] = ${a[i]}`).toBe(`${key}[${i}] = ${e[i]}`);
  }
}

/** Fails unless two plan batches hold the same answers. */
function expectSamePlans(actual: PlanBatch, expected: PlanBatch): void {
  expect(actual.count).toBe(expected.count);
  const keys = ['status', 'expanded', 'segments', 'waypointOffsets', 'waypoints', 'firstSegmentOffsets', 'firstSegments'] as const;
  for (const key of keys) {
    const a = actual[key];
    const e = expected[key];
    expect(a.length, key).toBe(e.length);
    const i = a.findIndex((v: number, k: number) => v !== e[k]);
    if (i >= 0) expect(`${key}[${i}] = ${a[i]}`).toBe(`${key}[${i}] = ${e[i]}`);
  }
}

/**
 * Fails unless every found plan of `plans` (queries `packed`) is what `source.plan` gives: the same
 * waypoints, segment count and first segment. Checks every `step`-th query.
 */
function expectPlansOf(source: HPAStar, plans: PlanBatch, packed: Int32Array, step: number): void {
  for (let i = 0; i < plans.count; i += step) {
    const start = { x: packed[4 * i]!, y: packed[4 * i + 1]! };
    const goal = { x: packed[4 * i + 2]!, y: packed[4 * i + 3]! };
    if (plans.status[i] === PathStatusCode.StartInvalid || plans.status[i] === PathStatusCode.GoalInvalid) {
      expect(() => source.plan(start, goal)).toThrow();
      continue;
    }
    const plan = source.plan(start, goal);
    expect(plans.found(i), `query ${i}`).toBe(plan.found);
    expect(Array.from(plans.waypointsOf(i)), `query ${i}`).toEqual(Array.from(plan.waypoints));
    expect(plans.segments[i], `query ${i}`).toBe(plan.segmentCount);
    expect(Array.from(plans.firstSegment(i)), `query ${i}`).toEqual(Array.from(plan.nextSegment() ?? []));
  }
}

describe('HPAStar.planPaths (one thread)', () => {
  test('equals plan() and the first nextSegment() for every query; statuses for invalid ones', () => {
    const plans = planner.planPaths(queries);
    expect(plans.version).toBe(0);
    expect(plans.foundCount()).toBeGreaterThan(1100);
    expect(plans.statusText(1200)).toBe('start is outside the map or blocked');
    expect(plans.statusText(1201)).toBe('goal is outside the map or blocked');
    expect(plans.waypointsOf(1200).length).toBe(0);
    expectPlansOf(planner, plans, queries, 1);
  });

  test('a plan in progress stays valid; start = goal is one segment, the start cell', () => {
    const [sx, sy, gx, gy] = queries.subarray(0, 4);
    const plan = planner.plan({ x: sx!, y: sy! }, { x: gx!, y: gy! });
    const same = planner.planPaths(new Int32Array([sx!, sy!, sx!, sy!]));
    expect([same.found(0), same.segments[0], Array.from(same.waypointsOf(0)), Array.from(same.firstSegment(0))]).toEqual([
      true, 1, [sx, sy], [sx, sy],
    ]);
    expect(plan.nextSegment()!.slice(0, 2)).toEqual(new Int32Array([sx!, sy!]));
  });

  test('the first segment and searches between the next waypoints make a legal path from start to goal', () => {
    const few = queries.subarray(0, 4 * 60);
    const plans = planner.planPaths(few);
    for (let i = 0; i < plans.count; i++) {
      if (!plans.found(i)) continue;
      const w = plans.waypointsOf(i);
      const legs = new Int32Array(Math.max(0, 2 * (w.length - 4)));
      for (let k = 2; k + 3 < w.length; k += 2) legs.set(w.subarray(k, k + 4), 2 * (k - 2));
      const rest = planner.findPaths(legs, { smooth: false });
      const cells = [...plans.firstSegment(i)];
      for (let k = 0; k < rest.count; k++) {
        expect(rest.found(k)).toBe(true);
        cells.push(...rest.path(k).subarray(2));
      }
      const path = new Int32Array(cells);
      let cost = 0;
      for (let k = 2; k < path.length; k += 2) cost += path[k] !== path[k - 2] && path[k + 1] !== path[k - 1] ? Math.SQRT2 : 1;
      validatePath(map, path, { x: few[4 * i]!, y: few[4 * i + 1]! }, { x: few[4 * i + 2]!, y: few[4 * i + 3]! }, cost);
    }
  });

  test('firstSegment: false plans the waypoints only; bad queries and options throw', () => {
    const few = queries.subarray(0, 4 * 100);
    const plans = planner.planPaths(few, { firstSegment: false });
    const full = planner.planPaths(few);
    expect(plans.firstSegments.length).toBe(0);
    expect(plans.firstSegment(3).length).toBe(0);
    expect(Array.from(plans.waypoints)).toEqual(Array.from(full.waypoints));
    expect(() => planner.planPaths(new Int32Array(7))).toThrow(/got 7 numbers/);
    expect(() => planner.planPaths(few, { first: true } as never)).toThrow(/unknown option "first" \(known: firstSegment\)/);
    expect(() => plans.waypointsOf(100)).toThrow(new RangeError('PlanBatch.waypointsOf: query index must be an integer in 0..99, got 100'));
  });
});

describe.each(['copied', 'shared'] as const)('a pool in %s mode', (mode) => {
  let pool: PathPool;

  beforeAll(async () => {
    pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode });
  });

  afterAll(async () => {
    await pool.close();
  });

  test('says which mode it runs in, with the hierarchy built by the workers', () => {
    expect(pool.mode).toBe(mode);
    expect(pool.workers).toBe(2);
    expect(pool.modeReason).toBe('asked for');
    expect([pool.width, pool.height]).toEqual([256, 257]);
    expect(pool.options).toEqual({ ...hp.HPAStar.defaultOptions, ...OPTIONS });
    // Memory figures count capacities, which differ between a built and a loaded hierarchy.
    const { buildMs: _a, bytes: _c, optionalBytes: _e, ...poolStats } = pool.stats;
    const { buildMs: _b, bytes: _d, optionalBytes: _f, ...syncStats } = planner.stats;
    expect(poolStats).toEqual(syncStats);
    expect(pool.heapBytes).toBeGreaterThan(0);
  });

  test('a batch of 1202 queries equals the same queries run synchronously', async () => {
    const batch = await pool.findPaths(queries);
    const expected = planner.findPaths(queries);
    expect(batch.version).toBe(0);
    expectSameBatch(batch, expected);
    expect(batch.foundCount()).toBeGreaterThan(1100);
    expect(batch.status[1200]).toBe(PathStatusCode.StartInvalid);
    expect(batch.status[1201]).toBe(PathStatusCode.GoalInvalid);
    for (let i = 0; i < 1200; i += 37) {
      if (!batch.found(i)) continue;
      const q = queries.subarray(4 * i, 4 * i + 4);
      validatePath(map, batch.path(i), { x: q[0]!, y: q[1]! }, { x: q[2]!, y: q[3]! }, batch.cost[i]!);
    }
  });

  test('options reach the workers: no smoothing, no cells', async () => {
    const few = queries.subarray(0, 4 * 300);
    expectSameBatch(await pool.findPaths(few, { smooth: false }), planner.findPaths(few, { smooth: false }));
    const costsOnly = await pool.findPaths(few, { cells: false });
    expect(costsOnly.cells.length).toBe(0);
    expect(Array.from(costsOnly.cost)).toEqual(Array.from(planner.findPaths(few).cost));
  });

  test('concurrent batches each get their own answers', async () => {
    const a = queries.subarray(0, 4 * 500);
    const b = queries.subarray(4 * 500, 4 * 1000);
    const [ra, rb] = await Promise.all([pool.findPaths(a), pool.findPaths(b)]);
    expectSameBatch(ra, planner.findPaths(a));
    expectSameBatch(rb, planner.findPaths(b));
  });

  test('cancellation rejects with the signal reason, and the pool goes on working', async () => {
    const controller = new AbortController();
    const big = pack(randomPairs(map, 6000, 11));
    const running = pool.findPaths(big, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const aborted = AbortSignal.abort(new Error('too late'));
    await expect(pool.findPaths(queries, { signal: aborted })).rejects.toThrow('too late');
    const after = await pool.findPaths(queries.subarray(0, 400));
    expectSameBatch(after, planner.findPaths(queries.subarray(0, 400)));
  });

  test('a plan batch of 1202 queries equals HPAStar.plan (waypoints, segments, first segment) on the same hierarchy', async () => {
    const plans = await pool.planPaths(queries);
    expect(plans.version).toBe(0);
    expectSamePlans(plans, planner.planPaths(queries));
    expect(plans.foundCount()).toBeGreaterThan(1100);
    expect(plans.status[1200]).toBe(PathStatusCode.StartInvalid);
    expect(plans.status[1201]).toBe(PathStatusCode.GoalInvalid);
    expectPlansOf(planner, plans, queries, 29);
    const bare = await pool.planPaths(queries.subarray(0, 4 * 300), { firstSegment: false });
    expectSamePlans(bare, planner.planPaths(queries.subarray(0, 4 * 300), { firstSegment: false }));
    expect((await pool.planPaths([])).count).toBe(0);
  });

  test('plan batches: cancellation rejects with the signal reason; errors reject; the pool goes on', async () => {
    const controller = new AbortController();
    const running = pool.planPaths(pack(randomPairs(map, 6000, 13)), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pool.planPaths(queries, { signal: AbortSignal.abort(new Error('too late')) })).rejects.toThrow('too late');
    await expect(pool.planPaths(new Int32Array(6))).rejects.toThrow(new TypeError('PathPool.planPaths: packed queries need 4 numbers each (sx, sy, gx, gy); got 6 numbers'));
    await expect(pool.planPaths(queries, { firstSegment: 1 } as never)).rejects.toThrow(/option firstSegment must be a boolean/);
    await expect(pool.planPaths(queries, { smooth: false } as never)).rejects.toThrow(/unknown option "smooth"/);
    await expect(pool.planPaths(queries, { signal: 'stop' } as never)).rejects.toThrow(/signal must be an AbortSignal/);
    const few = queries.subarray(0, 4 * 200);
    expectSamePlans(await pool.planPaths(few), planner.planPaths(few));
  });

  test('malformed queries and options reject with clear errors', async () => {
    await expect(pool.findPaths(new Int32Array(5))).rejects.toThrow(TypeError);
    await expect(pool.findPaths(new Int32Array(5))).rejects.toThrow('got 5 numbers');
    await expect(pool.findPaths([[{ x: 1, y: 1 }, { x: 1.5, y: 2 }]])).rejects.toThrow(/query 0: goal must be a cell with integer x and y/);
    await expect(pool.findPaths(queries, { smooth: 'yes' } as never)).rejects.toThrow(/option smooth must be a boolean/);
    await expect(pool.updateTerrain([{ x: 300, y: 1, terrain: '@' }])).rejects.toThrow(/edit 0: cell \(300, 1\) is outside the 256x257 map/);
    await expect(pool.updateTerrain([{ x: 3, y: 1, terrain: 'x' }])).rejects.toThrow(/not a Moving AI terrain character/);
    expect(pool.version).toBe(0);
  });
});

/** `count` cells in the middle of found paths of `batch`: blocking them changes many answers. */
function wallAcrossPaths(batch: PathBatch, count: number): TerrainEdit[] {
  const edits: TerrainEdit[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < batch.count && edits.length < count; i++) {
    const path = batch.path(i);
    if (path.length < 40) continue;
    const k = 2 * Math.floor(path.length / 4);
    const key = `${path[k]},${path[k + 1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edits.push({ x: path[k]!, y: path[k + 1]!, terrain: '@' });
  }
  return edits;
}

describe.each(['copied', 'shared'] as const)('terrain updates through a pool in %s mode', (mode) => {
  test('every batch searches the one version that was newest when it was asked for', async () => {
    const base = planner.findPaths(queries);
    const edits = wallAcrossPaths(base, 30);
    const undo = edits.map((e) => ({ ...e, terrain: map.rows[e.y]![e.x]! }));
    const edited = hp.HPAStar.build(grid, OPTIONS);
    edited.applyEdits(edits);
    const expectedEdited = edited.findPaths(queries);
    const editedPlans = edited.planPaths(queries);
    expect(Array.from(editedPlans.waypoints)).not.toEqual(Array.from(planner.planPaths(queries).waypoints));
    edited.dispose();
    expect(Array.from(expectedEdited.cost)).not.toEqual(Array.from(base.cost));

    const pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode });
    try {
      // Nothing awaited in between: the pool must keep the order of versions by itself.
      const b0 = pool.findPaths(queries);
      const u1 = pool.updateTerrain(edits);
      const b1 = pool.findPaths(queries);
      const b1small = pool.findPaths(queries.subarray(0, 40));
      const p1 = pool.planPaths(queries);
      const u2 = pool.updateTerrain(undo);
      const b2 = pool.findPaths(queries);
      const p2 = pool.planPaths(queries);
      expect(pool.version).toBe(2);
      const [r0, v1, r1, r1small, v2, r2, plans1, plans2] = await Promise.all([b0, u1, b1, b1small, u2, b2, p1, p2]);
      // Plans too see the version that was newest when they were asked for.
      expect([plans1.version, plans2.version]).toEqual([1, 2]);
      expectSamePlans(plans1, editedPlans);
      expectSamePlans(plans2, planner.planPaths(queries));
      expect([r0.version, v1.version, r1.version, r1small.version, v2.version, r2.version]).toEqual([0, 1, 1, 1, 2, 2]);
      expectSameBatch(r0, base);
      expectSameBatch(r1, expectedEdited);
      expect(Array.from(r1small.cost)).toEqual(Array.from(expectedEdited.cost.subarray(0, 10)));
      expectSameBatch(r2, base);
      for (let i = 0; i < queries.length / 4; i += 53) {
        if (!r1.found(i)) continue;
        const q = queries.subarray(4 * i, 4 * i + 4);
        const editedMap = { ...map, rows: map.rows.map((row, y) => [...row].map((c, x) => (edits.some((e) => e.x === x && e.y === y) ? '@' : c)).join('')) };
        validatePath(editedMap, r1.path(i), { x: q[0]!, y: q[1]! }, { x: q[2]!, y: q[3]! }, r1.cost[i]!);
      }
    } finally {
      await pool.close();
    }
  });
});

describe('making and closing pools', () => {
  test.each(['copied', 'shared'] as const)('in %s mode, a pool can load a planner (edited terrain included)', async (mode) => {
    // No landmarks: the edit leaves them stale, and the workers load fresh ones (another path, same validity).
    const edited = hp.HPAStar.build(grid, { clusterSize: 12, levels: 2, cachePaths: true, landmarks: 0 });
    edited.applyEdits(wallAcrossPaths(planner.findPaths(queries), 20));
    const pool = await createPathPool({ planner: edited, workers: 2, mode });
    try {
      expect(pool.options).toEqual(edited.options);
      // One version counter, the core's: the pool goes on from the planner's.
      expect(edited.version).toBe(1);
      expect(pool.version).toBe(edited.version);
      const batch = await pool.findPaths(queries);
      expect(batch.version).toBe(edited.version);
      expectSameBatch(batch, edited.findPaths(queries));
      const wall = [{ x: queries[0]!, y: queries[1]!, terrain: '@' }]; // a passable cell (a start)
      const update = await pool.updateTerrain(wall);
      expect(update.version).toBe(edited.version + 1);
      expect((await pool.findPaths(queries.slice(0, 8))).version).toBe(edited.version + 1);
      // The pool answers what it rebuilt as the planner does for the same edit.
      const local = edited.applyEdits(wall);
      expect(update.rebuilt.map((r) => [r.level, [...r.clusters], [...r.rects]])).toEqual(local.rebuilt.map((r) => [r.level, [...r.clusters], [...r.rects]]));
      expect(update.rebuilt[0]!.rects.length).toBeGreaterThan(0);
      expect([update.cellsChanged, update.clustersRebuilt]).toEqual([local.cellsChanged, local.clustersRebuilt]);
    } finally {
      await pool.close();
      edited.dispose();
    }
  });

  test.each(['copied', 'shared'] as const)('in %s mode, a DHPA* pool plans as its planner does (first segments from the trees)', async (mode) => {
    const dhpa = hp.HPAStar.build(grid, { clusterSize: 12, levels: 2, cacheTrees: true });
    const pool = await createPathPool({ planner: dhpa, workers: 2, mode });
    try {
      const plans = await pool.planPaths(queries);
      expectSamePlans(plans, dhpa.planPaths(queries));
      expectPlansOf(dhpa, plans, queries, 41);
      expect(plans.foundCount()).toBeGreaterThan(1100);
    } finally {
      await pool.close();
      dhpa.dispose();
    }
  });

  test('three copied workers: the first builds, the others load its bytes; all answer alike', async () => {
    const pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 3, mode: 'copied', jobSize: 16 });
    try {
      expectSameBatch(await pool.findPaths(queries), planner.findPaths(queries));
    } finally {
      await pool.close();
    }
  });

  test('in Node, auto mode picks shared; without SharedArrayBuffer it falls back to copied and says why', async () => {
    const auto = await createPathPool({ grid, hierarchy: OPTIONS, workers: 1 });
    expect(auto.mode).toBe('shared');
    await auto.close();
    const g = globalThis as { SharedArrayBuffer?: unknown };
    const saved = g.SharedArrayBuffer;
    delete g.SharedArrayBuffer;
    let fallback: Promise<PathPool>;
    let refused: Promise<PathPool>;
    try {
      fallback = createPathPool({ grid, hierarchy: OPTIONS, workers: 1 });
      refused = createPathPool({ grid, hierarchy: OPTIONS, workers: 1, mode: 'shared' });
    } finally {
      g.SharedArrayBuffer = saved;
    }
    await expect(refused).rejects.toThrow('shared mode is not available: SharedArrayBuffer is not available');
    const pool = await fallback;
    expect(pool.mode).toBe('copied');
    expect(pool.modeReason).toBe('SharedArrayBuffer is not available');
    await pool.close();
  });

  test('bad options reject with the problem named', async () => {
    await expect(createPathPool({ grid, hierarchy: { clusterSize: 1 }, workers: 1, mode: 'copied' })).rejects.toThrow(
      new RangeError('createPathPool: cluster size 1 is outside 2..1024'),
    );
    await expect(createPathPool({ grid, hierarchy: { levels: 9 }, workers: 1, mode: 'shared' })).rejects.toThrow(
      'createPathPool: levels 9 is outside 1..8',
    );
    await expect(createPathPool({ grid, hierarchy: { clustersize: 8 } as never, workers: 1 })).rejects.toThrow(
      /unknown option "clustersize"/,
    );
    await expect(createPathPool({ grid, workers: 0 })).rejects.toThrow(/workers must be an integer in 1\.\.64/);
    await expect(createPathPool({ workers: 1 } as never)).rejects.toThrow(/give the map as grid/);
    await expect(createPathPool({ grid: { width: 3, height: 2, terrain: new Uint8Array(5) }, workers: 1 })).rejects.toThrow(
      'terrain has 5 cells, expected 6 for 3x2',
    );
    await expect(createPathPool({ grid, mode: 'fast' as never, workers: 1 })).rejects.toThrow(/mode must be/);
    // Found by the worker's module, not by the main thread: the message still comes back whole.
    const terrain = new TextEncoder().encode('..x.');
    await expect(createPathPool({ grid: { width: 2, height: 2, terrain }, workers: 2, mode: 'copied' })).rejects.toThrow(
      new RangeError('createPathPool: cell (0, 1) has terrain code 120, which is not a Moving AI terrain character'),
    );
    await expect(createPathPool({ grid, planner, workers: 1 })).rejects.toThrow('createPathPool: give either grid or planner, not both');
    await expect(createPathPool({ grid, workers: 1, jobSize: 0 })).rejects.toThrow(new RangeError('createPathPool: jobSize must be an integer in 1..2147483647, got 0'));
  });

  test.each(['copied', 'shared'] as const)('close() in %s mode rejects pending and later calls', async (mode) => {
    const pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode });
    const pending = pool.findPaths(pack(randomPairs(map, 4000, 3)));
    const closing = pool.close();
    expect(pool.closed).toBe(true);
    await expect(pending).rejects.toThrow('PathPool: the pool was closed');
    await closing;
    await pool.close(); // twice is fine
    await expect(pool.findPaths(queries)).rejects.toThrow('PathPool.findPaths: the pool is closed');
    await expect(pool.updateTerrain([])).rejects.toThrow('PathPool.updateTerrain: the pool is closed');
  });

  test('after close() nothing of the pool keeps Node running: a script that closes its pool exits', async () => {
    const script = fileURLToPath(new URL('./helpers/pool-exit.ts', import.meta.url));
    const hooks = fileURLToPath(new URL('../../scripts/register-ts.mjs', import.meta.url));
    const runs = await Promise.all(
      (['copied', 'shared'] as const).map(async (mode) => {
        const run = await execFileAsync(process.execPath, ['--no-liftoff', '--import', hooks, script, mode], { encoding: 'utf8', timeout: 60_000 })
          .catch((error: { killed?: boolean; stderr?: string }) => {
            throw new Error(`${mode}: ${error.killed ? 'the script did not exit within 60 s' : error.stderr}`);
          });
        return { mode, result: JSON.parse(run.stdout.trim()) as unknown };
      }),
    );
    for (const { mode, result } of runs) expect(result).toMatchObject({ mode, found: 100 });
  });
});
