// Throughput of HPA* in wasm, in one Node process: single queries and one batch on the main thread,
// then the worker pool in both modes with 1 and 2 (or more) workers, and the wasm heap each holds.
// Plans (abstract path and first segment, what crowds ask for) are measured beside whole paths.
//
//   npm run bench:pool -- [--map den520d.map] [--queries 20000] [--workers 1,2] [--cluster 16] [--levels 2]
//
// Prints one JSON line per measurement (queries per second, speed-up over one worker, heap bytes).
// Not a test: timings depend on the machine and on what else runs on it.
import { readFileSync } from 'node:fs';
import { createPathPool, loadHpastar, type PoolMode } from '../web/lib/index';
import { parseMap } from '../tests/web/scenarios';
import { pack, randomPairs } from '../tests/web/helpers/queries';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const mapName = args.get('map') ?? 'den520d.map';
const count = Number(args.get('queries') ?? 20000);
const workerCounts = (args.get('workers') ?? '1,2').split(',').map(Number);
const hierarchy = { clusterSize: Number(args.get('cluster') ?? 16), levels: Number(args.get('levels') ?? 2) };

const text = readFileSync(new URL(`../maps/${mapName}`, import.meta.url), 'utf8');
const queries = pack(randomPairs(parseMap(text), count, 2024));
const hp = await loadHpastar();
const grid = hp.Grid.fromMovingAI(text, mapName);
const planner = hp.HPAStar.build(grid, hierarchy);
const print = (o: object) => console.log(JSON.stringify({ map: mapName, queries: count, ...hierarchy, ...o }));

// Main thread: one findPath call per query (a JS object per answer), then one batch call.
{
  const n = Math.min(count, 5000);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const q = queries.subarray(4 * i, 4 * i + 4);
    try {
      planner.findPath({ x: q[0]!, y: q[1]! }, { x: q[2]!, y: q[3]! });
    } catch {
      // invalid endpoints are counted like the others
    }
  }
  const ms = performance.now() - t0;
  print({ run: 'main thread, findPath per query', queriesRun: n, ms: round(ms), queriesPerSecond: Math.round(n / (ms / 1000)), usPerQuery: round((1000 * ms) / n) });
  planner.findPaths(queries.subarray(0, 4000)); // warm-up
  const t1 = performance.now();
  const batch = planner.findPaths(queries);
  const ms1 = performance.now() - t1;
  print({ run: 'main thread, one findPaths batch', ms: round(ms1), queriesPerSecond: Math.round(count / (ms1 / 1000)), usPerQuery: round((1000 * ms1) / count), found: batch.foundCount() });
  planner.planPaths(queries.subarray(0, 4000)); // warm-up
  const t2 = performance.now();
  const plans = planner.planPaths(queries);
  const ms2 = performance.now() - t2;
  print({ run: 'main thread, one planPaths batch', ms: round(ms2), plansPerSecond: Math.round(count / (ms2 / 1000)), usPerPlan: round((1000 * ms2) / count), found: plans.foundCount() });
}

for (const mode of ['copied', 'shared'] as PoolMode[]) {
  let base = 0;
  for (const workers of workerCounts) {
    const t0 = performance.now();
    const pool = await createPathPool({ grid, hierarchy, workers, mode });
    const startMs = performance.now() - t0;
    await pool.findPaths(queries.subarray(0, 4 * Math.min(count, 10000))); // warm-up: scratch grown, code optimized
    const t1 = performance.now();
    const batch = await pool.findPaths(queries);
    const ms = performance.now() - t1;
    const qps = count / (ms / 1000);
    if (workers === workerCounts[0]) base = qps / workers;
    print({
      run: `pool ${mode}`, workers, startMs: round(startMs), ms: round(ms), queriesPerSecond: Math.round(qps),
      speedupOverOneWorker: round(qps / base), heapBytes: pool.heapBytes, found: batch.foundCount(),
    });
    const t2 = performance.now();
    const plans = await pool.planPaths(queries);
    const ms2 = performance.now() - t2;
    print({ run: `pool ${mode}, planPaths`, workers, ms: round(ms2), plansPerSecond: Math.round(count / (ms2 / 1000)), found: plans.foundCount() });
    await pool.close();
  }
}
planner.dispose();
grid.dispose();

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
