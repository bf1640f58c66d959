// Pools on one worker budget (createWorkerBudget): a grid pool and a block-world pool on a budget of 2
// answer what their planners answer while never more than 2 threads have jobs in flight between them
// (counted from each pool's workers, apart from the budget's own count); a pool flooded with queries does
// not starve another; closing a pool frees its share, closing the budget closes its pools; bad arguments
// get errors naming the problem.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPathPool,
  createWorkerBudget,
  createWorldPool,
  loadHpastar,
  type BlockWorld,
  type Grid,
  type HPAStar,
  type Hpastar,
  type PathPool,
  type WorldHPAStar,
} from '../../web/lib/index';
import { watchPoolBusy } from '../../web/lib/pool/index';
import { workerPoolOfWorld } from '../../web/lib/pool/world';
import { pack, randomPairs, seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

const MAP = 'den520d.map';
const OPTIONS = { clusterSize: 10, levels: 2, cacheTrees: false, landmarks: 0 } as const;
const GENERATE = { kind: 'caves', size: { width: 40, height: 32, levels: 6 }, seed: 4 } as const;
const WORLD_OPTIONS = { clusterSide: 8, clusterLevels: 3 } as const;

let hp: Hpastar;
let map: MapText;
let grid: Grid;
let planner: HPAStar;
let world: BlockWorld;
let worldPlanner: WorldHPAStar;
let queries: Int32Array;
let worldQueries: Int32Array;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, OPTIONS);
  queries = pack(randomPairs(map, 1200, 11));
  world = hp.BlockWorld.generate(GENERATE);
  worldPlanner = hp.WorldHPAStar.build(world, WORLD_OPTIONS);
  worldQueries = standingPairs(world, 300, 5);
});

afterAll(() => {
  worldPlanner.dispose();
  world.dispose();
  planner.dispose();
  grid.dispose();
});

/** `count` pairs of cells where an agent stands, packed [sx, sy, sz, gx, gy, gz, ...]. */
function standingPairs(w: BlockWorld, count: number, seed: number): Int32Array {
  const cells: number[][] = [];
  for (let z = 0; z < w.levels; z++) {
    for (let y = 0; y < w.height; y++) for (let x = 0; x < w.width; x++) if (w.isStanding(x, y, z)) cells.push([x, y, z]);
  }
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Int32Array.from(Array.from({ length: count }, () => [...pick(), ...pick()]).flat());
}

type Arrays = Record<'status' | 'cost' | 'offsets' | 'cells', ArrayLike<number>>;

/** Fails unless two batches hold the same statuses, costs and cells. */
function expectSameBatch(actual: Arrays, expected: Arrays): void {
  for (const key of ['status', 'cost', 'offsets', 'cells'] as const) {
    const a = Array.from(actual[key]);
    const e = Array.from(expected[key]);
    expect(a.length, key).toBe(e.length);
    const i = a.findIndex((v, k) => !Object.is(v, e[k]));
    if (i >= 0) expect(`${key}[${i}] = ${a[i]}`).toBe(`${key}[${i}] = ${e[i]}`);
  }
}

/** Follows the threads with jobs in flight of several pools, summed: the most at once. */
function watchTogether(pools: Parameters<typeof watchPoolBusy>[0][]): { readonly most: number; stop(): void } {
  const now = pools.map(() => 0);
  let most = 0;
  pools.forEach((pool, i) =>
    watchPoolBusy(pool, (threads) => {
      now[i] = threads;
      most = Math.max(most, now.reduce((a, b) => a + b, 0));
    }),
  );
  return {
    get most() {
      return most;
    },
    stop: () => pools.forEach((pool) => watchPoolBusy(pool, null)),
  };
}

/** A grid pool of den520d on `budget`, its hierarchy the test's. */
function gridPool(budget: Awaited<ReturnType<typeof createWorkerBudget>>, workers?: number): Promise<PathPool> {
  return createPathPool({ grid, hierarchy: OPTIONS, mode: 'copied', budget, ...(workers === undefined ? {} : { workers }) });
}

describe('pools on one worker budget', () => {
  test('a grid pool (2 copied workers) and a world pool (2 shared threads) on a budget of 2 answer as their planners, never more than 2 threads busy', async () => {
    const budget = await createWorkerBudget({ threads: 2 });
    const pool = await gridPool(budget);
    const worldPool = await createWorldPool({ world: world.toText(), hierarchy: WORLD_OPTIONS, mode: 'shared', budget });
    expect([budget.threads, budget.pools, pool.workers, worldPool.workers]).toEqual([2, 2, 2, 2]);
    const watch = watchTogether([pool, workerPoolOfWorld(worldPool)]);
    const grids = Array.from({ length: 4 }, () => pool.findPaths(queries));
    const worlds = Array.from({ length: 4 }, () => worldPool.findPaths(worldQueries));
    const [gridBatches, worldBatches] = await Promise.all([Promise.all(grids), Promise.all(worlds)]);
    watch.stop();
    const expectedPaths = planner.findPaths(queries);
    for (const batch of gridBatches) expectSameBatch(batch, expectedPaths);
    const expected = worldPlanner.findPaths(worldQueries);
    expect(expected.foundCount()).toBeGreaterThan(200);
    for (const batch of worldBatches) expectSameBatch(batch, expected);
    expect(watch.most).toBe(2); // both threads used, never a third
    expect(budget.peak).toBe(2);
    expect(budget.busy).toBe(0);
    await budget.close();
    expect([pool.closed, worldPool.closed, budget.pools]).toEqual([true, true, 0]);
  });

  test('a pool flooded with queries does not starve another on the same budget, either way round', async () => {
    const budget = await createWorkerBudget({ threads: 1 });
    const pools = [await gridPool(budget), await gridPool(budget)] as const;
    const few = queries.subarray(0, 4 * 40);
    for (const [flooded, other] of [pools, [pools[1], pools[0]]] as const) {
      let done = 0;
      const flood = Array.from({ length: 24 }, () => flooded.findPaths(queries).then(() => done++));
      await new Promise((resolve) => setTimeout(resolve, 20)); // the flood has started
      await other.findPaths(few);
      // Waiting first come, first served: behind a job or two of the flood, not behind all of it.
      expect(done).toBeLessThan(12);
      await Promise.all(flood);
    }
    expect(budget.peak).toBe(1);
    await budget.close();
  });

  test('closing a pool frees its share: the other pool goes on; closing the budget closes its pools and refuses new ones', async () => {
    const budget = await createWorkerBudget({ threads: 1 });
    const a = await gridPool(budget);
    const b = await gridPool(budget);
    const flood = Promise.allSettled(Array.from({ length: 8 }, () => a.findPaths(queries)));
    const asked = b.findPaths(queries);
    await a.close();
    for (const result of await flood) expect(result).toEqual({ status: 'rejected', reason: new Error('PathPool: the pool was closed') });
    expectSameBatch(await asked, planner.findPaths(queries));
    expect([budget.pools, budget.busy]).toEqual([1, 0]);
    // A budget whose pools closed one by one stays open.
    const c = await gridPool(budget, 1);
    const pending = expect(c.findPaths(queries)).rejects.toThrow('PathPool: the pool was closed');
    await budget.close();
    expect([budget.closed, b.closed, c.closed, budget.pools, budget.busy]).toEqual([true, true, true, 0, 0]);
    await pending;
    await expect(gridPool(budget)).rejects.toThrow(new Error('createPathPool: the worker budget is closed (make a new one with createWorkerBudget)'));
    await expect(createWorldPool({ generate: GENERATE, budget })).rejects.toThrow('createWorldPool: the worker budget is closed');
    await budget.close(); // twice is fine
  });

  test('a budget closed while pools start rejects their starts, and keeps no pool', async () => {
    const budget = await createWorkerBudget({ threads: 2 });
    const starting = expect(gridPool(budget)).rejects.toThrow(new Error('createPathPool: the worker budget was closed while the pool started'));
    const world = expect(createWorldPool({ generate: GENERATE, hierarchy: WORLD_OPTIONS, budget })).rejects.toThrow(
      new Error('createWorldPool: the worker budget was closed while the pool started'),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(budget.pools).toBe(2);
    await budget.close();
    await Promise.all([starting, world]);
    expect([budget.pools, budget.busy]).toEqual([0, 0]);
  });

  test('bad arguments get errors naming the problem; the default is the cores minus one', async () => {
    expect((await createWorkerBudget()).threads).toBe(Math.max(1, availableParallelism() - 1));
    await expect(createWorkerBudget({ threads: 0 })).rejects.toThrow(new RangeError('createWorkerBudget: threads must be an integer in 1..64, got 0'));
    await expect(createWorkerBudget({ threads: 65 })).rejects.toThrow(new RangeError('createWorkerBudget: threads must be an integer in 1..64, got 65'));
    await expect(createWorkerBudget({ threads: 1.5 })).rejects.toThrow(/createWorkerBudget: threads must be an integer/);
    await expect(createWorkerBudget({ thread: 2 } as never)).rejects.toThrow(new TypeError('createWorkerBudget: unknown option "thread" (known: threads)'));
    await expect(createWorkerBudget(null as never)).rejects.toThrow(new TypeError('createWorkerBudget: options must be an object, got null'));
    const budget = await createWorkerBudget({ threads: 2 });
    await expect(createPathPool({ grid, budget: { threads: 2 } as never })).rejects.toThrow(
      new TypeError('createPathPool: budget must be a WorkerBudget (made by createWorkerBudget), got {"threads":2}'),
    );
    await expect(gridPool(budget, 3)).rejects.toThrow(new RangeError("createPathPool: workers 3 is more than the budget's 2 threads"));
    await expect(createWorldPool({ generate: GENERATE, workers: 3, budget })).rejects.toThrow(new RangeError("createWorldPool: workers 3 is more than the budget's 2 threads"));
    expect(budget.pools).toBe(0);
  });
});
