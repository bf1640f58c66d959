// The cost of the crowd's local avoidance (CrowdOptions.avoidance, issue 37 item 2) on the main thread:
// the same agents with the same orders on den520d, walked once without avoidance and once with it, at 30
// frames a second for a fixed number of frames (the pool answering between frames, as a game's would).
// Per run: Crowd.step's time per frame (mean, p50, p95, max), and overlaps measured here on every frame
// from the agents' cells (pairs of agents whose squares share a cell), with the crowd's own counts.
//
//   node --import ./scripts/register-ts.mjs bench/crowd-avoidance.ts [--agents 2000] [--seconds 20] [--seed 1]
//
// Agents: one in ten of size 2; each gets a random goal it can reach (a BFS of the script's own, from a
// point of the map's main component) within 120 cells, and a new one when it arrives. The two runs draw
// the same goals in the same order, so they differ only by what avoidance changes on the way.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createPathPool, Crowd, parseMovingAIMap, type PathPool } from '../web/lib/index';
import { CrowdOracle } from '../tests/web/helpers/crowdOracle';
import { seeded } from '../tests/web/helpers/queries';

const CLASSES = [
  { size: 1, capability: 'ground' },
  { size: 2, capability: 'ground' },
];
const FRAME = 1 / 30;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The cells each class walks to from `from` (a BFS on the oracle's terrain), as y * width + x. */
function floodOf(oracle: CrowdOracle, size: number, from: { x: number; y: number }): Int32Array {
  const agent = CLASSES[size - 1]!, w = oracle.width;
  const seen = new Uint8Array(w * oracle.height);
  const out = [from.y * w + from.x];
  seen[out[0]!] = 1;
  for (let head = 0; head < out.length; head++) {
    const x = out[head]! % w, y = (out[head]! - x) / w;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const j = (y + dy) * w + x + dx;
        if ((dx || dy) && oracle.inside(x + dx, y + dy) && !seen[j] && oracle.legal(agent, x, y, x + dx, y + dy)) {
          seen[j] = 1;
          out.push(j);
        }
      }
  }
  return Int32Array.from(out);
}

interface RunFigures {
  readonly frameMs: number[];
  readonly arrivals: number;
  /** Frames × pairs of agents sharing a cell, summed; frames with any. */
  readonly sharedPairs: number;
  readonly sharedFrames: number;
  readonly overlappingShare: number;
  readonly stats: Crowd['stats'];
}

async function run(pool: PathPool, text: string, oracle: CrowdOracle, avoidance: boolean, agents: number, frames: number, seed: number): Promise<RunFigures> {
  const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 8, avoidance });
  const floods = [floodOf(oracle, 1, { x: 40, y: 165 }), floodOf(oracle, 2, { x: 40, y: 165 })];
  const place = seeded(seed), orders = seeded(seed + 1);
  const w = oracle.width;
  const taken = new Set<number>();
  while (crowd.size < agents) {
    const size = crowd.size % 10 === 9 ? 2 : 1;
    const cell = floods[size - 1]![Math.floor(place() * floods[size - 1]!.length)]!;
    const x = cell % w, y = (cell - x) / w;
    const cells = size === 1 ? [cell] : [cell, cell + 1, cell + w, cell + w + 1];
    if (cells.some((c) => taken.has(c))) continue;
    for (const c of cells) taken.add(c);
    crowd.addAgent({ x, y }, { agent: CLASSES[size - 1]! });
  }
  const goalFor = (id: number) => {
    const a = crowd.agent(id), flood = floods[a.agent.size - 1]!;
    for (;;) {
      const cell = flood[Math.floor(orders() * flood.length)]!;
      const x = cell % w, y = (cell - x) / w;
      if (Math.abs(x - a.cellX) + Math.abs(y - a.cellY) < 120) return { x, y };
    }
  };
  for (const a of [...crowd.agents()]) crowd.setGoal(a.id, goalFor(a.id));
  const frameMs: number[] = [];
  const holder = new Int32Array(w * oracle.height);
  let arrivals = 0, sharedPairs = 0, sharedFrames = 0, overlapping = 0, agentFrames = 0;
  for (let frame = 0; frame < frames; frame++) {
    const t0 = performance.now();
    const events = crowd.step(FRAME);
    frameMs.push(performance.now() - t0);
    for (const e of events) {
      if (e.type !== 'arrived') continue;
      arrivals++;
      crowd.setGoal(e.agent, goalFor(e.agent));
    }
    holder.fill(0);
    let shared = 0;
    for (const a of crowd.agents()) {
      agentFrames++;
      if (a.overlapping) overlapping++;
      for (let y = a.cellY; y < a.cellY + a.agent.size; y++)
        for (let x = a.cellX; x < a.cellX + a.agent.size; x++) {
          if (holder[y * w + x] !== 0) shared++;
          holder[y * w + x] = a.id;
        }
    }
    sharedPairs += shared;
    if (shared) sharedFrames++;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { frameMs, arrivals, sharedPairs, sharedFrames, overlappingShare: overlapping / agentFrames, stats: crowd.stats };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const agents = option('agents', 2000), seconds = option('seconds', 20), seed = option('seed', 1);
  const text = readFileSync(new URL('../maps/den520d.map', import.meta.url), 'utf8');
  const oracle = new CrowdOracle(text);
  const pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
  try {
    console.log(`den520d, ${agents} agents (one in ten of size 2), ${seconds} s at 30 frames a second, seed ${seed}`);
    console.log('| avoidance | step ms mean | p50 | p95 | max | arrivals | cells shared (frames × pairs) | frames with a shared cell | agent-frames flagged overlapping | passes | sidesteps | give-ways | settled | plans (re-plans) | longest still now |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const avoidance of [false, true]) {
      const r = await run(pool, text, oracle, avoidance, agents, Math.round(seconds / FRAME), seed);
      // The first second fills the pool's queue with every agent's first plan: reported apart from the rest.
      const steady = r.frameMs.slice(30).sort((a, b) => a - b);
      const mean = steady.reduce((s, v) => s + v, 0) / steady.length;
      const s = r.stats;
      console.log(`| ${avoidance ? 'on' : 'off'} | ${mean.toFixed(2)} | ${quantile(steady, 0.5).toFixed(2)} | ${quantile(steady, 0.95).toFixed(2)} | ${steady.at(-1)!.toFixed(2)} | ${r.arrivals} | ${r.sharedPairs} | ${r.sharedFrames} / ${r.frameMs.length} | ${(100 * r.overlappingShare).toFixed(2)} % | ${s.overlaps} | ${s.sidesteps} | ${s.givenWay} | ${s.settled} | ${s.plans} (${s.replans}) | ${s.longestStillSeconds.toFixed(2)} s |`);
    }
  } finally {
    await pool.close();
  }
}

await main();
