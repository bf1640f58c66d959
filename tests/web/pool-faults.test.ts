// A worker (copied mode) or a search thread (shared mode) that dies behind the pool's back: the batch
// that had queries on it rejects with an error naming it and why, the pool replaces it, and later
// batches (and terrain updates) run as before. The faults are injected through an internal hook of the
// pool (injectPoolFault), never through the package's API.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Grid, type HPAStar, type PathBatch, type PathPool } from '../../web/lib/index';
import { injectPoolFault } from '../../web/lib/pool/index';
import { pack, randomPairs } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

const MAP = 'den520d.map';
// The paper's HPA* (no trees, no landmarks), not the options HPAStar.build would choose for the map.
const OPTIONS = { clusterSize: 10, levels: 2, cacheTrees: false, landmarks: 0 } as const;

let map: MapText;
let grid: Grid;
let planner: HPAStar;
let queries: Int32Array;

beforeAll(async () => {
  const hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, OPTIONS);
  queries = pack(randomPairs(map, 600, 21));
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

function expectSameCosts(actual: PathBatch, expected: PathBatch): void {
  expect(actual.count).toBe(expected.count);
  expect(Array.from(actual.cost)).toEqual(Array.from(expected.cost));
  expect(Array.from(actual.cells)).toEqual(Array.from(expected.cells));
}

/** The batch's error, or a failure if it resolves. */
async function rejectionOf(batch: Promise<unknown>): Promise<Error> {
  return batch.then(
    () => { throw new Error('the batch resolved: it was expected to reject'); },
    (error: unknown) => error as Error,
  );
}

describe('copied mode: a worker that dies', () => {
  let pool: PathPool;

  beforeAll(async () => {
    pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode: 'copied', jobSize: 50 });
  });

  afterAll(async () => {
    await pool.close();
  });

  test('by exiting: the batch with queries on it rejects naming the worker and its exit code; the pool goes on', { timeout: 30_000 }, async () => {
    // The fault is handled before the batch's jobs, which are then in flight on a dead worker.
    await injectPoolFault(pool, 0, { fault: 'exit', code: 3 });
    const error = await rejectionOf(pool.findPaths(queries));
    expect(error.message).toBe('PathPool.findPaths: worker 1 of the pool ended with queries of this batch: it exited with code 3');
    expect(pool.closed).toBe(false);
    expectSameCosts(await pool.findPaths(queries), planner.findPaths(queries));
    expect(pool.closed).toBe(false);
  });

  test('by trapping: the batch rejects with the trap message; the replacement holds the newest terrain', { timeout: 30_000 }, async () => {
    const wall = [{ x: 100, y: 100, terrain: '@' }];
    await pool.updateTerrain(wall);
    await injectPoolFault(pool, 1, { fault: 'trap' });
    const error = await rejectionOf(pool.findPaths(queries));
    expect(error.message).toMatch(/^PathPool\.findPaths: worker \d of the pool ended with queries of this batch: it failed: hpastar pool worker: unreachable \(a fault injected by a test\)$/);
    // Both workers now answer on version 1, the replacement included (it replayed the edit).
    const hp = await loadHpastar();
    using edited = hp.HPAStar.load(planner.serialize());
    edited.applyEdits(wall);
    for (let run = 0; run < 2; run++) {
      const batch = await pool.findPaths(queries);
      expect(batch.version).toBe(1);
      expectSameCosts(batch, edited.findPaths(queries));
    }
    expect(pool.closed).toBe(false);
  });

  test('a batch with no query on the dead worker completes', { timeout: 30_000 }, async () => {
    // Worker 0 dies while idle (nothing in flight), before this batch is asked for.
    await injectPoolFault(pool, 0, { fault: 'exit', code: 5 });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the exit is heard within milliseconds
    // Still two workers, the replacement among them (the hook waits for it): fault the second one too.
    await injectPoolFault(pool, 1, { fault: 'exit', code: 6 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const few = queries.subarray(0, 4 * 200);
    const batch = await pool.findPaths(few);
    expect(batch.foundCount()).toBe(planner.findPaths(few).foundCount());
    expect(pool.closed).toBe(false);
  });
});

describe('shared mode: a search thread that dies or traps', () => {
  let pool: PathPool;

  beforeAll(async () => {
    pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode: 'shared' });
  });

  afterAll(async () => {
    await pool.close();
  });

  test('the batch waiting on it rejects naming the thread, instead of hanging; the pool restarts its module and goes on', { timeout: 30_000 }, async () => {
    // The thread ends before the batch reaches the module, which then waits for it for good.
    await injectPoolFault(pool, 0, { fault: 'end-thread', thread: 1 });
    const error = await rejectionOf(pool.findPaths(queries));
    expect(error.message).toBe('PathPool.findPaths: the shared-mode worker of the pool ended with queries of this batch: its search thread 1 was terminated');
    expect(pool.closed).toBe(false);
    expectSameCosts(await pool.findPaths(queries), planner.findPaths(queries));
    const plans = await pool.planPaths(queries.subarray(0, 40));
    expect(plans.foundCount()).toBe(planner.planPaths(queries.subarray(0, 40)).foundCount());
    expect(pool.closed).toBe(false);
  });

  test('a search thread that traps: the batch rejects with the trap, naming the thread; the pool goes on', { timeout: 30_000 }, async () => {
    // The module worker is left waiting, in the wasm, for the thread that trapped. Whichever is heard
    // first names the failure: the thread's end, the trap passed on to the module worker by Node, or the
    // module worker giving up the batch once Emscripten sees a crashed thread. (The pool numbers threads
    // in the order Emscripten made them, not as the batch engine does.)
    await injectPoolFault(pool, 0, { fault: 'trap-thread', thread: 0 });
    const error = await rejectionOf(pool.findPaths(queries));
    expect(error.message).toMatch(/^PathPool\.findPaths: the shared-mode worker of the pool ended with queries of this batch: (its search thread \d+ .*RuntimeError: unreachable|unreachable|it failed: hpastar pool worker: one of its search threads crashed, and the batch waiting for it was abandoned)$/);
    expect(pool.closed).toBe(false);
    expectSameCosts(await pool.findPaths(queries), planner.findPaths(queries));
  });

  test('the module worker itself exiting: the batch rejects with its exit code; the pool goes on', { timeout: 30_000 }, async () => {
    await injectPoolFault(pool, 0, { fault: 'exit', code: 9 });
    const error = await rejectionOf(pool.findPaths(queries));
    expect(error.message).toBe('PathPool.findPaths: the shared-mode worker of the pool ended with queries of this batch: it exited with code 9');
    expectSameCosts(await pool.findPaths(queries), planner.findPaths(queries));
    expect(pool.closed).toBe(false);
  });
});

describe('closing a pool while a worker is being replaced', () => {
  test.each(['copied', 'shared'] as const)('in %s mode, close() rejects what is pending and later calls', { timeout: 30_000 }, async (mode) => {
    const pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode });
    await injectPoolFault(pool, 0, { fault: 'exit', code: 4 });
    const pending = pool.findPaths(queries);
    await expect(pending).rejects.toThrow(/ended with queries of this batch: it exited with code 4$/);
    await pool.close();
    expect(pool.closed).toBe(true);
    await expect(pool.findPaths(queries)).rejects.toThrow('PathPool.findPaths: the pool is closed');
  });
});

test('a script that closes its pool while a worker is being replaced exits: the replacement ends too', { timeout: 90_000 }, async () => {
  const script = fileURLToPath(new URL('./helpers/pool-exit.ts', import.meta.url));
  const hooks = fileURLToPath(new URL('../../scripts/register-ts.mjs', import.meta.url));
  for (const mode of ['copied', 'shared'] as const) {
    const run = await promisify(execFile)(process.execPath, ['--no-liftoff', '--import', hooks, script, mode, 'fault'], { encoding: 'utf8', timeout: 40_000 })
      .catch((error: { killed?: boolean; stderr?: string }) => {
        throw new Error(`${mode}: ${error.killed ? 'the script did not exit within 40 s' : error.stderr}`);
      });
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ mode, found: 100 });
  }
});

test('a pool of several agent classes: the replacement of a dead worker loads every class and replays the edits', { timeout: 60_000 }, async () => {
  const hp = await loadHpastar();
  const agents = [{ size: 1, capability: 'ground,swamp' }, { size: 2, capability: 'ground,trees' }];
  await using pool = await createPathPool({ grid, agents, hierarchy: OPTIONS, workers: 2, mode: 'copied', jobSize: 50 });
  const wall = [{ x: 100, y: 100, terrain: '@' }, { x: 101, y: 100, terrain: '@' }];
  await pool.updateTerrain(wall);
  await injectPoolFault(pool, 0, { fault: 'exit', code: 7 });
  await rejectionOf(pool.findPaths(queries, { agent: agents[1] }));
  // What the workers hold: the class's hierarchy as built, then edited (not a fresh build, whose ties may differ).
  using classGrid = hp.Grid.forAgent(grid, agents[1]!);
  using expected = hp.HPAStar.build(classGrid, OPTIONS);
  expected.applyEdits(wall);
  // Every job of these batches lands on one worker or the other, the replacement among them.
  for (let run = 0; run < 2; run++) {
    const batch = await pool.findPaths(queries, { agent: agents[1] });
    expect(batch.version).toBe(1);
    expectSameCosts(batch, expected.findPaths(queries));
  }
  expect(pool.closed).toBe(false);
});
