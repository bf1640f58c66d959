// Two pools kept busy at once (den520d and brc202d, copied mode, default workers), without and with one
// worker budget (default threads): how late a 16 ms timer on the main thread fires (a frame's stand-in)
// and how many queries each pool answers per second; then den520d's pool alone, without and with a budget
// (what the budget costs a pool that has it to itself).
// Run: node --no-liftoff --import ./scripts/register-ts.mjs bench/budget.ts [seconds]
import { availableParallelism } from 'node:os';
import { createPathPool, createWorkerBudget, loadHpastar, type PathPool, type WorkerBudget } from '../web/lib/index.ts';
import { pack, randomPairs } from '../tests/web/helpers/queries.ts';
import { parseMap, readMapsFile } from '../tests/web/scenarios.ts';

const SECONDS = Number(process.argv[2] ?? 6);
const MAPS = ['den520d.map', 'brc202d.map'];
const BATCH = 256;

await loadHpastar();
const maps = MAPS.map((name) => {
  const text = readMapsFile(name);
  return { text, queries: pack(randomPairs(parseMap(text), BATCH * 8, 3)) };
});

/** Keeps `pool` busy (two batches outstanding) until `until`; resolves with the queries answered. */
async function flood(pool: PathPool, queries: Int32Array, until: number): Promise<number> {
  let answered = 0;
  const lane = async (first: number) => {
    for (let k = first; performance.now() < until; k += 2) {
      const part = (k % 8) * BATCH * 4;
      answered += (await pool.findPaths(queries.subarray(part, part + BATCH * 4))).count;
    }
  };
  await Promise.all([lane(0), lane(1)]);
  return answered;
}

/** Lateness of a 16 ms timer while `run` goes on: its 50th, 95th and 99th percentiles and worst, in ms. */
async function lateness(run: () => Promise<number[]>): Promise<{ late: number[]; answered: number[] }> {
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(now - last - 16);
    last = now;
  }, 16);
  const answered = await run();
  clearInterval(timer);
  late.sort((a, b) => a - b);
  const at = (q: number) => Number(late[Math.min(late.length - 1, Math.floor(q * late.length))]!.toFixed(1));
  return { late: [at(0.5), at(0.95), at(0.99), Number(late[late.length - 1]!.toFixed(1))], answered };
}

async function measure(budget: WorkerBudget | undefined, count = maps.length): Promise<void> {
  const pools = await Promise.all(maps.slice(0, count).map(({ text }) => createPathPool({ map: text, hierarchy: { clusterSize: 16, levels: 2 }, mode: 'copied', budget })));
  // A first batch each, so that neither measures its warm-up.
  await Promise.all(pools.map((pool, i) => pool.findPaths(maps[i]!.queries.subarray(0, BATCH * 4))));
  const until = performance.now() + SECONDS * 1000;
  const { late, answered } = await lateness(() => Promise.all(pools.map((pool, i) => flood(pool, maps[i]!.queries, until))));
  const label = (count === 1 ? 'den520d alone, ' : '') + (budget ? `one budget of ${budget.threads} thread(s), peak ${budget.peak}` : 'no budget');
  console.log(
    `${label}: workers ${pools.map((p) => p.workers).join(' + ')}; timer late p50/p95/p99/max ${late.join(' / ')} ms; ` +
      `queries/s ${answered.map((n) => Math.round(n / SECONDS)).join(' + ')}`,
  );
  await Promise.all(pools.map((pool) => pool.close()));
}

console.log(`${availableParallelism()} cores, ${SECONDS} s per run`);
await measure(undefined);
const budget = await createWorkerBudget();
await measure(budget);
await measure(undefined, 1);
await measure(budget, 1);
await budget.close();
