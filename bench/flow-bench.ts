// Flow fields through the package (WebAssembly in Node): per map, for 5 random goals, the time of
// planner.flowField(goal) (a goal not cached: the field built) against planner.findPaths of 1,000 queries
// from random starts of the goal's component to it, in the same run, fastest of 3 passes each. The issue's
// target: the field at least 10 times cheaper. Native figures: `hpa flow-bench MAP`.
//
//   node --import ./scripts/register-ts.mjs bench/flow-bench.ts [den520d brc202d ...]
//
// Not a test: timings depend on the machine and on what else runs on it.
import { readFileSync } from 'node:fs';
import { loadHpastar } from '../web/lib/index.ts';

const maps = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['den520d', 'brc202d', 'AR0011SR'];
const hp = await loadHpastar();
const mean = (a: number[]): number => a.reduce((x, y) => x + y, 0) / a.length;
for (const name of maps) {
  const file = `${name}.map`;
  const grid = hp.Grid.fromMovingAI(readFileSync(new URL(`../maps/${file}`, import.meta.url), 'utf8'), file);
  const planner = hp.HPAStar.build(grid, { clusterSize: 10 });
  let seed = 7;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const fieldMs: number[] = [];
  const pathsMs: number[] = [];
  const ratios: number[] = [];
  for (let k = 0; k < 5; ++k) {
    const goal = planner.randomPassable(random)!;
    const component = planner.componentOf(goal);
    const queries = new Int32Array(4000);
    for (let i = 0; i < 1000; ++i) {
      const s = planner.randomPassable(random, component)!;
      queries.set([s.x, s.y, goal.x, goal.y], 4 * i);
    }
    let field = Infinity;
    let paths = Infinity;
    for (let pass = 0; pass < 3; ++pass) {
      // Four other goals first: the planner keeps 4 fields, so the goal's is built again, not copied.
      for (let j = 0; j < 4; ++j) planner.flowField(planner.randomPassable(random)!);
      let t = performance.now();
      const f = planner.flowField(goal);
      field = Math.min(field, performance.now() - t);
      if (f.stats.clustersIntegrated === 0) throw new Error('the field came from the cache');
      t = performance.now();
      planner.findPaths(queries);
      paths = Math.min(paths, performance.now() - t);
    }
    fieldMs.push(field);
    pathsMs.push(paths);
    ratios.push(paths / field);
  }
  console.log(
    JSON.stringify({
      map: file,
      field_ms_mean: +mean(fieldMs).toFixed(3),
      paths_1000_ms_mean: +mean(pathsMs).toFixed(2),
      paths_over_field_mean: +mean(ratios).toFixed(1),
      paths_over_field_min: +Math.min(...ratios).toFixed(1),
    }),
  );
  planner.dispose();
  grid.dispose();
}
