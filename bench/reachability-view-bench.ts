// Main-thread reachability (issue 37, item 4): time per call of a pool's ReachabilityView.isReachable and
// componentOf, against the pool's own isReachable (a job sent to a worker), on den520d, same run.
// Run: node --no-liftoff --import ./scripts/register-ts.mjs bench/reachability-view-bench.ts
import { readFileSync } from 'node:fs';
import { createPathPool, loadHpastar } from '../web/lib/index.ts';

const text = readFileSync(new URL('../maps/den520d.map', import.meta.url), 'utf8');
const hp = await loadHpastar();
const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
const pool = await createPathPool({ grid, workers: 2 });
const view = await pool.reachabilityView();
const cells = Array.from({ length: 4096 }, (_, i) => ({ x: (i * 7919) % grid.width, y: (i * 104729) % grid.height }));
let sink = 0;
const time = (label: string, rounds: number, body: () => void) => {
  body(); // warm
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) body();
  const ns = ((performance.now() - t0) * 1e6) / (rounds * cells.length);
  console.log(`${label}: ${ns.toFixed(1)} ns per call`);
};
time('view.isReachable', 200, () => {
  for (let i = 0; i < cells.length; i++) sink += view.isReachable(cells[i]!, cells[(i + 1) % cells.length]!) ? 1 : 0;
});
time('view.componentOf', 200, () => {
  for (const c of cells) sink += view.componentOf(c);
});
const t0 = performance.now();
for (let i = 0; i < 200; i++) sink += (await pool.isReachable(cells[i]!, cells[i + 1]!)) ? 1 : 0;
console.log(`pool.isReachable (a worker's answer, awaited one by one): ${(((performance.now() - t0) * 1e3) / 200).toFixed(1)} µs per call`);
console.log(`(checksum ${sink})`);
await pool.close();
grid.dispose();
