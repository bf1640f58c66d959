// Dense traffic with local avoidance, measured as issue 37's Done-when states it: agents of three classes
// (1 x 1, 2 x 2, 3 x 3, as the demo's mixed crowd) with random goals anywhere in their class's main
// component (a new one on arrival), a 6 x 3 wall painted every second, stepped at 60 frames a second
// (the pool answering between frames, as a game's would). Per run:
//   - Crowd.step's time per frame (mean, p95, max) on this thread;
//   - overlaps as the issue counts them: two agents' squares (at their drawn, fractional positions)
//     overlapping by more than 10 % of the smaller one's radius (half its side) on both axes; the longest
//     such overlap of one pair without a break, and the pairs that lasted over a second;
//   - stuck agents: with a goal, their drawn position unchanged for over a second (waiting on others, or
//     for a plan); the longest, and how many agents were ever over a second;
//   - every agent's square on terrain its class stands on, at every frame (the test's own rules).
//
//   node --import ./scripts/register-ts.mjs bench/crowd-traffic.ts [--map AR0011SR] [--agents 2000] [--seconds 20] [--seed 1] [--classes 3] [--no-avoidance]
// (--classes 1: every agent 1 x 1; 2: sizes 1 and 2.)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createPathPool, Crowd, parseMovingAIMap } from '../web/lib/index';
import { CrowdOracle, type OracleClass } from '../tests/web/helpers/crowdOracle';
import { seeded } from '../tests/web/helpers/queries';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

const ALL_CLASSES: readonly OracleClass[] = [
  { size: 1, capability: 'ground,swamp,trees' },
  { size: 2, capability: 'ground,swamp' },
  { size: 3, capability: 'ground,swamp' },
];
const CLASSES = ALL_CLASSES.slice(0, Number(option('classes', '3')));
const FRAME = 1 / 60;
const OVERLAP_SHARE = 0.1;
const SPEED = 6;

/** The largest set of cells one class walks between (BFS components of the oracle's terrain), as y * width + x. */
function mainComponent(oracle: CrowdOracle, c: OracleClass): Int32Array {
  const w = oracle.width, seen = new Uint8Array(w * oracle.height);
  let best: number[] = [];
  for (let i = 0; i < seen.length; i++) {
    if (seen[i] || !oracle.fits(c, i % w, Math.floor(i / w))) continue;
    const cells = [...oracle.flood(c, { x: i % w, y: Math.floor(i / w) })];
    for (const j of cells) seen[j] = 1;
    if (cells.length > best.length) best = cells;
  }
  return Int32Array.from(best);
}

interface Traffic {
  frameMs: number[];
  arrivals: number;
  longestOverlap: number;
  pairsOverASecond: number;
  overlapPairFrames: number;
  longestStill: number;
  stuckAgents: number;
  illegal: number;
}

/** Pairs of agents overlapping beyond the share, found through a grid of cells (each agent listed under its square's cells). */
function overlappingPairs(crowd: Crowd, width: number, height: number, owners: Int32Array[], out: Set<number>): void {
  out.clear();
  for (const list of owners) list[0] = 0;
  const agents = [...crowd.agents()];
  const byId = new Map(agents.map((a) => [a.id, a]));
  for (const a of agents) {
    const s = a.agent.size;
    for (let y = Math.floor(a.y); y < Math.min(height, Math.ceil(a.y + s)); y++)
      for (let x = Math.floor(a.x); x < Math.min(width, Math.ceil(a.x + s)); x++) {
        const list = owners[y * width + x]!;
        for (let k = 1; k <= list[0]!; k++) {
          const b = byId.get(list[k]!)!;
          const ox = Math.min(a.x + s, b.x + b.agent.size) - Math.max(a.x, b.x);
          const oy = Math.min(a.y + s, b.y + b.agent.size) - Math.max(a.y, b.y);
          const limit = OVERLAP_SHARE * Math.min(s, b.agent.size) / 2;
          if (ox > limit && oy > limit) out.add(Math.min(a.id, b.id) * 65536 + Math.max(a.id, b.id));
        }
        if (list[0]! < list.length - 1) list[++list[0]!] = a.id;
      }
  }
}

async function run(text: string, avoidance: boolean, agents: number, frames: number, seed: number): Promise<Traffic> {
  const oracle = new CrowdOracle(text);
  const map = parseMovingAIMap(text);
  const pool = await createPathPool({ map: text, agents: CLASSES, workers: 2 });
  try {
    const crowd = new Crowd({ pool, map, speed: SPEED, avoidance, toNearest: true });
    const components = CLASSES.map((c) => mainComponent(oracle, c));
    const place = seeded(seed), orders = seeded(seed + 1), walls = seeded(seed + 2);
    const w = oracle.width, h = oracle.height;
    const taken = new Uint8Array(w * h);
    while (crowd.size < agents) {
      const k = crowd.size % CLASSES.length, c = CLASSES[k]!, cells = components[k]!;
      const cell = cells[Math.floor(place() * cells.length)]!;
      const x = cell % w, y = (cell - x) / w;
      let free = true;
      for (let dy = 0; dy < c.size; dy++) for (let dx = 0; dx < c.size; dx++) free &&= !taken[(y + dy) * w + x + dx];
      if (!free) continue;
      for (let dy = 0; dy < c.size; dy++) for (let dx = 0; dx < c.size; dx++) taken[(y + dy) * w + x + dx] = 1;
      crowd.addAgent({ x, y }, { agent: c });
    }
    const goalFor = (id: number) => {
      const cells = components[CLASSES.findIndex((c) => c.size === crowd.agent(id).agent.size)]!;
      const cell = cells[Math.floor(orders() * cells.length)]!;
      return { x: cell % w, y: Math.floor(cell / w) };
    };
    for (const a of [...crowd.agents()]) crowd.setGoal(a.id, goalFor(a.id));
    const owners = Array.from({ length: w * h }, () => new Int32Array(9));
    const pairs = new Set<number>(), since = new Map<number, number>();
    const out: Traffic = { frameMs: [], arrivals: 0, longestOverlap: 0, pairsOverASecond: 0, overlapPairFrames: 0, longestStill: 0, stuckAgents: 0, illegal: 0 };
    const stuck = new Set<number>(), longPairs = new Set<number>();
    const last = new Map<number, { x: number; y: number; since: number }>();
    for (let frame = 0; frame < frames; frame++) {
      const now = frame * FRAME;
      if (frame % 60 === 59) {
        // A 6 x 3 wall anywhere: the crowd moves agents off it at once and re-plans those it cuts off.
        const x0 = Math.floor(walls() * (w - 6)), y0 = Math.floor(walls() * (h - 3));
        const edits = [];
        for (let y = y0; y < y0 + 3; y++) for (let x = x0; x < x0 + 6; x++) edits.push({ x, y, terrain: '@' });
        oracle.paint(edits);
        void crowd.updateTerrain(edits);
      }
      const t0 = performance.now();
      const events = crowd.step(FRAME);
      out.frameMs.push(performance.now() - t0);
      for (const e of events) {
        if (e.type === 'arrived' || e.type === 'unreachable') {
          if (e.type === 'arrived') out.arrivals++;
          crowd.setGoal(e.agent, goalFor(e.agent));
        }
      }
      overlappingPairs(crowd, w, h, owners, pairs);
      out.overlapPairFrames += pairs.size;
      for (const key of [...since.keys()]) if (!pairs.has(key)) since.delete(key);
      for (const key of pairs) {
        const start = since.get(key) ?? now;
        since.set(key, start);
        const lasted = now - start + FRAME;
        if (lasted > 1) longPairs.add(key);
        out.longestOverlap = Math.max(out.longestOverlap, lasted);
      }
      for (const a of crowd.agents()) {
        // Still: with a goal, its drawn position unchanged (waiting on others, or for its plan).
        const before = last.get(a.id);
        if (!before || before.x !== a.x || before.y !== a.y || a.state === 'idle') last.set(a.id, { x: a.x, y: a.y, since: now });
        const still = now - last.get(a.id)!.since;
        out.longestStill = Math.max(out.longestStill, still);
        if (still > 1) stuck.add(a.id);
        if (!oracle.fits(a.agent as OracleClass, a.cellX, a.cellY)) out.illegal++;
      }
      // Real time: the pool answers between frames as it would in a game at 60 frames a second.
      const spare = FRAME * 1000 - (performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, spare)));
    }
    out.stuckAgents = stuck.size;
    out.pairsOverASecond = longPairs.size;
    return out;
  } finally {
    await pool.close();
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const name = option('map', 'AR0011SR'), agents = Number(option('agents', '2000'));
  const seconds = Number(option('seconds', '20')), seed = Number(option('seed', '1'));
  const avoidance = !process.argv.includes('--no-avoidance');
  const text = readFileSync(new URL(`../maps/${name}.map`, import.meta.url), 'utf8');
  const r = await run(text, avoidance, agents, Math.round(seconds / FRAME), seed);
  const steady = r.frameMs.slice(60).sort((a, b) => a - b);
  const mean = steady.reduce((s, v) => s + v, 0) / steady.length;
  console.log(`${name}, ${agents} agents in ${CLASSES.length} classes, ${seconds} s at 60 frames a second, a wall a second, seed ${seed}, avoidance ${avoidance ? 'on' : 'off'}`);
  console.log('| step ms mean | p95 | max | arrivals | longest overlap (s) | pairs over 1 s | pair-frames overlapping | longest still (s) | agents still over 1 s | illegal |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(`| ${mean.toFixed(2)} | ${quantile(steady, 0.95).toFixed(2)} | ${steady.at(-1)!.toFixed(2)} | ${r.arrivals} | ${r.longestOverlap.toFixed(2)} | ${r.pairsOverASecond} | ${r.overlapPairFrames} | ${r.longestStill.toFixed(2)} | ${r.stuckAgents} | ${r.illegal} |`);
}

await main();
