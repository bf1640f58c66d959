// Run by pool.test.ts in a child process: makes a pool, runs a batch, closes the pool and returns,
// leaving Node to exit on its own, which it does only if close() ended every worker and thread.
// With "fault" after the mode (pool-faults.test.ts), a worker dies first and the pool closes while its
// replacement is starting: that one must end too. The tests run it with --no-liftoff: Node 20 can hang at
// exit while it still optimizes WebAssembly in the background (web/lib/cli/hpastar.ts), which is not the pool's doing.
import { createPathPool, loadHpastar } from '../../../web/lib/index';
import { injectPoolFault } from '../../../web/lib/pool/index';
import { parseMap, readMapsFile } from '../scenarios';
import { pack, randomPairs } from './queries';

const mode = process.argv[2] === 'shared' ? 'shared' : 'copied';
const text = readMapsFile('arena.map');
const hp = await loadHpastar();
const grid = hp.Grid.fromMovingAI(text, 'arena.map');
const pool = await createPathPool({ grid, workers: 2, mode });
grid.dispose();
const batch = await pool.findPaths(pack(randomPairs(parseMap(text), 100, 5)));
if (process.argv[3] === 'fault') {
  await injectPoolFault(pool, 0, { fault: 'exit', code: 4 });
  await pool.findPaths(pack(randomPairs(parseMap(text), 100, 6))).catch(() => {});
}
await pool.close();
console.log(JSON.stringify({ mode: pool.mode, found: batch.foundCount() }));
