// How well a build's progress follows its time: for each map and options, each phase's share of the
// build's wall time beside the share of the progress it is given (HPAStar.build's onProgress). The
// weights of the estimate (cpp/hpa/Hierarchy.cpp, BuildProgress) were set from this table.
//   node --no-liftoff --import ./scripts/register-ts.mjs bench/build-phases.ts
import { readFileSync } from 'node:fs';
import { loadHpastar, type BuildProgress, type HierarchyOptions } from '../web/lib/index';

const CASES: [string, HierarchyOptions][] = [
  ['den520d.map', { clusterSize: 16, levels: 1, cacheTrees: true, landmarks: 8, distanceTable: true }],
  ['den520d.map', { clusterSize: 16, levels: 3, cacheTrees: true, landmarks: 8, distanceTable: true }],
  ['den520d.map', {}],
  ['den520d.map', { terrainChanges: 'rarely' }],
  ['maze512-1-0.map', {}],
  ['brc202d.map', { terrainChanges: 'rarely' }],
];

const hp = await loadHpastar();
const read = (map: string) => hp.Grid.fromMovingAI(readFileSync(new URL(`../maps/${map}`, import.meta.url), 'utf8'), map);
// A first build grows the heap: not measured.
using warm = read('den520d.map');
hp.HPAStar.build(warm, CASES[0]![1]).dispose();

for (const [map, options] of CASES) {
  using grid = read(map);
  const heard: (BuildProgress & { ms: number })[] = [];
  const t0 = performance.now();
  using planner = hp.HPAStar.build(grid, options, { onProgress: (p) => void heard.push({ ...p, ms: performance.now() - t0 }) });
  const total = performance.now() - t0;
  console.log(`${map} ${JSON.stringify(options)}: ${total.toFixed(1)} ms, ${planner.options.levels} level(s)`);
  for (let i = 0; i < heard.length; i++) {
    if (i > 0 && heard[i - 1]!.phase === heard[i]!.phase) continue;
    let j = i;
    while (j + 1 < heard.length && heard[j + 1]!.phase === heard[i]!.phase) j++;
    const next = heard[j + 1] ?? { ms: total, done: 1 };
    const time = ((next.ms - heard[i]!.ms) / total) * 100;
    const share = (next.done - heard[i]!.done) * 100;
    console.log(`  ${heard[i]!.phase.padEnd(15)} time ${time.toFixed(1).padStart(5)}%  share ${share.toFixed(1).padStart(5)}%`);
  }
}
