// How the demo times searches, so that the figures it shows are those of warm code:
//  - WebAssembly starts in the browser's baseline compiler and is recompiled, function by function, by
//    the optimizing one once it is hot (in the background). Until then a search takes many times what
//    it will (A* 77.9 ms, then 0.24 ms for the same query). `warmUp` runs searches of every kind on a
//    small generated map while the page loads, in slices of a few milliseconds, until their time
//    stops falling.
//  - A single run is at the mercy of a garbage collection or of another process: `medianTime` runs
//    the search once untimed (the first run on a map also sizes the search's scratch), then takes the
//    median of several timed runs.
import type { Hpastar } from '../lib/index';
import { GROUND, generate } from './maps';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Time of one run of `fn`, in ms: one untimed run (skipped when `warm`), then the median of samples
 * taken for about `budgetMs` (at least 3, at most `maxRuns` runs). Searches shorter than 0.05 ms are
 * timed in groups, as the clock's resolution is a few microseconds.
 */
export function medianTime(fn: () => void, { budgetMs = 4, maxRuns = 60, warm = false } = {}): number {
  let t0 = performance.now();
  if (!warm) {
    fn();
    t0 = performance.now();
  }
  // One timed run tells how many runs make a sample worth timing.
  fn();
  const first = performance.now() - t0;
  const group = first < 0.05 ? Math.min(20, Math.ceil(0.05 / Math.max(first, 0.002))) : 1;
  const samples = [first];
  const start = performance.now();
  let runs = 1;
  while ((samples.length < 3 || performance.now() - start < budgetMs) && runs + group <= maxRuns) {
    const t = performance.now();
    for (let k = 0; k < group; k++) fn();
    samples.push((performance.now() - t) / group);
    runs += group;
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor((samples.length - 1) / 2)]!;
}

/**
 * Warms the module up: A*, HPA* (two levels, smoothed and not, with its abstract plan) and DHPA* on a
 * generated 64 × 64 map, in slices of at most `sliceMs` between which the page stays responsive,
 * until a round of them no longer gets faster (or `maxMs` have passed). Resolves with the rounds' times.
 */
export async function warmUp(hp: Hpastar, { sliceMs = 6, maxMs = 1000 } = {}): Promise<number[]> {
  const map = generate({ kind: 'rooms', width: 64, height: 64, feature: 10, seed: 5 });
  const grid = hp.Grid.fromTerrain(map.terrain, map.width, map.height);
  const astar = new hp.AStar();
  const hpa = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
  const dhpa = hp.HPAStar.build(grid, { clusterSize: 10, levels: 1, cacheTrees: true });
  const times: number[] = [];
  try {
    // The same query every round (the first and the last of a sample of free cells), so that rounds
    // differ only by how warm the code is; one query, so that even the first, cold round stays short.
    const free: { x: number; y: number }[] = [];
    for (let i = 0; i < map.terrain.length; i += 97) if (map.terrain[i] === GROUND) free.push({ x: i % map.width, y: Math.floor(i / map.width) });
    if (free.length < 2) return times;
    const a = free[0]!, b = free[free.length - 1]!;
    const round = () => {
      astar.findPath(grid, a, b);
      hpa.findPath(a, b, { smooth: true });
      hpa.findPath(a, b, { smooth: false });
      hpa.plan(a, b);
      dhpa.findPath(a, b, { smooth: true });
    };
    const began = performance.now();
    while (performance.now() - began < maxMs) {
      const sliceStart = performance.now();
      let rounds = 0;
      while (performance.now() - sliceStart < sliceMs) round(), rounds++;
      times.push((performance.now() - sliceStart) / rounds);
      // Settled: the last three slices within 20 % of one another, after optimized code had time to arrive.
      const last = times.slice(-3);
      if (times.length >= 6 && Math.max(...last) < 1.2 * Math.min(...last)) break;
      await nextTask();
    }
    return times;
  } finally {
    dhpa.dispose();
    hpa.dispose();
    astar.dispose();
    grid.dispose();
  }
}
