// Soak of the crowd (issue 39): 2,000 agents of four classes (sizes 1-3, two capabilities) on a 512²
// map, walking in real time at 30 frames a second with random orders (some to shared goals, so flow
// fields are used), agents removed and added, and random walls painted (over agents too) and later
// rubbed out, for minutes. Every frame checks every agent against the script's own copy of the terrain
// (tests/web/helpers/crowdOracle.ts): it stands where its square fits, and each cell change is a legal
// step of its class or a snap off a new wall; once a second a goal reported unreachable is checked
// with a BFS. Prints a line per sample (each minute; every 10 s in a run under 3 minutes): the JS heap
// after a forced GC, agents stuck, illegal steps and false 'unreachable' reports so far.
//
//   npm run soak                                                       # 10 minutes
//   node --expose-gc --import ./scripts/register-ts.mjs bench/crowd-soak.ts --minutes 1 [--agents 2000] [--map den520d.map] [--seed 1]
//
// Stuck: an agent with a goal (not idle) that has not reached a new cell for STUCK_SECONDS while its
// goal can be reached (the oracle's BFS says so). Exits 1 when an agent is stuck, a step is illegal,
// an agent stands where it does not fit, a reachable goal is reported unreachable, a call throws, or, in a run of
// 3 minutes or more, the heap after the warm-up (2 minutes) grows by more than 5% by the end (a short run prints it).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createPathPool, Crowd, parseMovingAIMap, type CrowdAgent, type TerrainEdit } from '../web/lib/index';
import { CrowdOracle, type OracleClass } from '../tests/web/helpers/crowdOracle';
import { seeded } from '../tests/web/helpers/queries';

const CLASSES = [
  { size: 1, capability: 'ground,swamp' },
  { size: 2, capability: 'ground,swamp' },
  { size: 3, capability: 'ground,swamp' },
  { size: 1, capability: 'ground,trees' },
] as const;
/** How the agents are dealt among CLASSES. */
const SHARES = [0.7, 0.12, 0.08, 0.1];
const STUCK_SECONDS = 20;
const FRAME_SECONDS = 1 / 30;
const MAX_DT = 1 / 8;
const HEAP_GROWTH_LIMIT = 0.05;

export interface SoakOptions {
  readonly minutes: number;
  readonly agents: number;
  readonly map: string;
  readonly seed: number;
  readonly print: (line: string) => void;
}

/** One sample of the run. */
export interface SoakSample {
  readonly seconds: number;
  readonly heapMB: number;
  readonly arrayBuffersMB: number;
  readonly poolHeapMB: number;
  readonly agents: number;
  readonly arrivals: number;
  readonly unreachable: number;
  readonly replans: number;
  readonly edits: number;
  readonly stuck: number;
  readonly illegal: number;
  readonly misplaced: number;
  /** Goals reported unreachable that a BFS checked, and those it reached. */
  readonly unreachableChecked: number;
  readonly lies: number;
  readonly frameMsP95: number;
}

export interface SoakReport {
  readonly samples: readonly SoakSample[];
  /** Heap growth from the end of the warm-up to the end, as a fraction. */
  readonly heapGrowth: number;
  readonly failures: readonly string[];
}

/** The run's state: the crowd, the oracle, the painted rectangles, the counters. */
interface Soak {
  readonly random: () => number;
  readonly crowd: Crowd;
  readonly oracle: CrowdOracle;
  /** The map's characters as loaded, to rub walls out with. */
  readonly base: readonly string[];
  readonly cells: Map<number, { x: number; y: number }>;
  /** Goals many agents share (their flow fields). */
  readonly rallies: { x: number; y: number }[];
  readonly painted: TerrainEdit[][];
  readonly updates: Set<Promise<unknown>>;
  /** Agents found stuck, each counted once. */
  readonly stuck: Set<number>;
  readonly failures: string[];
  counts: { edits: number; illegal: number; misplaced: number; unreachableChecked: number; lies: number };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function classFor(random: () => number): OracleClass {
  let r = random();
  for (let i = 0; i < SHARES.length; i++) if ((r -= SHARES[i]!) < 0) return CLASSES[i]!;
  return CLASSES[0];
}

/** A random cell where `c` fits. */
function cellFor(soak: Soak, c: OracleClass): { x: number; y: number } {
  const { oracle, random } = soak;
  for (;;) {
    const p = { x: Math.floor(random() * oracle.width), y: Math.floor(random() * oracle.height) };
    if (oracle.fits(c, p.x, p.y)) return p;
  }
}

function newGoal(soak: Soak, id: number): void {
  const c = soak.crowd.agent(id).agent;
  const rally = soak.random() < 0.3 ? pick(soak.random, soak.rallies) : null;
  soak.crowd.setGoal(id, rally && soak.oracle.fits(c, rally.x, rally.y) ? rally : cellFor(soak, c));
}

function addAgent(soak: Soak): void {
  const c = classFor(soak.random);
  const at = cellFor(soak, c);
  const id = soak.crowd.addAgent(at, { agent: c, speed: 3 + soak.random() * 5 } /* cells per second: at most 1 / MAX_DT */);
  soak.cells.set(id, at);
  newGoal(soak, id);
}

/**
 * A wall rectangle (half of them over an agent) painted in the crowd and the oracle; the oldest rubbed
 * out (the map's own characters back) once 24 are standing, so the map stays about as open as it was.
 */
function paintOrRubOut(soak: Soak): void {
  const { crowd, oracle, random } = soak;
  let edits: TerrainEdit[];
  if (soak.painted.length >= 24) {
    edits = soak.painted.shift()!.map((e) => ({ x: e.x, y: e.y, terrain: soak.base[e.y * oracle.width + e.x]! }));
  } else {
    const ids = [...soak.cells.keys()];
    const centre = random() < 0.5 ? soak.cells.get(pick(random, ids))! : { x: Math.floor(random() * oracle.width), y: Math.floor(random() * oracle.height) };
    const side = 2 + Math.floor(random() * 5);
    edits = [];
    for (let y = centre.y - 1; y < centre.y - 1 + side; y++) {
      for (let x = centre.x - 1; x < centre.x - 1 + side; x++) if (oracle.inside(x, y)) edits.push({ x, y, terrain: '@' });
    }
    soak.painted.push(edits);
  }
  const update = crowd.updateTerrain(edits);
  oracle.paint(edits);
  soak.counts.edits++;
  soak.updates.add(update);
  update.then(() => soak.updates.delete(update), (error: unknown) => soak.failures.push(`an update failed: ${String(error)}`));
  // Agents the edit moved were on a cell their square no longer fits.
  for (const a of crowd.agents()) {
    const before = soak.cells.get(a.id)!;
    if (before.x === a.cellX && before.y === a.cellY) continue;
    if (oracle.fits(a.agent, before.x, before.y)) fail(soak, `agent ${a.id} moved by an edit from (${before.x}, ${before.y}), where it still fits`);
    soak.cells.set(a.id, { x: a.cellX, y: a.cellY });
  }
}

function fail(soak: Soak, message: string): void {
  if (soak.failures.length < 20) soak.failures.push(message);
}

/** Every agent's cell change since the last frame is a legal step, and it stands where it fits. */
function checkAgents(soak: Soak): void {
  const { oracle } = soak;
  for (const a of soak.crowd.agents()) {
    const before = soak.cells.get(a.id)!;
    if (before.x !== a.cellX || before.y !== a.cellY) {
      if (!oracle.legal(a.agent, before.x, before.y, a.cellX, a.cellY)) {
        soak.counts.illegal++;
        fail(soak, `agent ${a.id} (size ${a.agent.size} ${a.agent.capability}) stepped (${before.x}, ${before.y}) -> (${a.cellX}, ${a.cellY})`);
      }
      soak.cells.set(a.id, { x: a.cellX, y: a.cellY });
    }
    if (!oracle.fits(a.agent, a.cellX, a.cellY)) {
      soak.counts.misplaced++;
      fail(soak, `agent ${a.id} (size ${a.agent.size} ${a.agent.capability}) stands on (${a.cellX}, ${a.cellY})`);
    }
  }
}

/** Agents with a goal still for STUCK_SECONDS whose goal the oracle reaches: stuck (a BFS each, so few are looked at per call). */
function findStuck(soak: Soak): void {
  const still = [...soak.crowd.agents()].filter((a: CrowdAgent) => a.state !== 'idle' && a.stillSeconds > STUCK_SECONDS && !soak.stuck.has(a.id));
  for (const a of still.slice(0, 4)) {
    if (!soak.oracle.reachable(a.agent, { x: a.cellX, y: a.cellY }, a.goal!)) continue;
    soak.stuck.add(a.id);
    fail(soak, `agent ${a.id} (size ${a.agent.size} ${a.agent.capability}, ${a.state}) still for ${a.stillSeconds.toFixed(1)} s at (${a.cellX}, ${a.cellY}), its goal ${JSON.stringify(a.goal)} reachable`);
  }
}

/** One frame: orders for arrived and unreachable agents, churn, edits, the step and its checks. */
function frame(soak: Soak, dt: number, frameNumber: number): void {
  const { crowd, random } = soak;
  const events = crowd.step(dt);
  checkAgents(soak);
  // One goal reported unreachable a second is checked with a BFS (no edit since the answer: it must agree).
  const told = frameNumber % 30 === 0 ? events.find((e) => e.type === 'unreachable') : undefined;
  if (told?.type === 'unreachable') {
    const a = crowd.agent(told.agent);
    soak.counts.unreachableChecked++;
    if (soak.oracle.reachable(a.agent, { x: a.cellX, y: a.cellY }, told.goal)) {
      soak.counts.lies++;
      fail(soak, `agent ${a.id} (size ${a.agent.size} ${a.agent.capability}) at (${a.cellX}, ${a.cellY}) told ${JSON.stringify(told.goal)} is unreachable (${told.reason}); it is not`);
    }
  }
  for (const e of events) if (e.type === 'arrived' || e.type === 'unreachable') newGoal(soak, e.agent);
  // About 30 new orders, 3 agents replaced and one wall painted or rubbed out a second.
  if (random() < 0.5) for (let i = 0; i < 2; i++) newGoal(soak, pick(random, [...soak.cells.keys()]));
  if (random() < 0.1) {
    const id = pick(random, [...soak.cells.keys()]);
    crowd.removeAgent(id);
    soak.cells.delete(id);
    addAgent(soak);
  }
  if (frameNumber % 30 === 0) paintOrRubOut(soak);
  if (frameNumber % 15 === 0) findStuck(soak);
}

async function startSoak(options: SoakOptions): Promise<{ soak: Soak; close: () => Promise<void>; poolHeap: () => number }> {
  const text = readFileSync(new URL(`../maps/${options.map}`, import.meta.url), 'utf8');
  const pool = await createPathPool({ map: text, agents: CLASSES, workers: 2 });
  const crowd = new Crowd({ pool, map: parseMovingAIMap(text), flowFieldAgents: 16 });
  const oracle = new CrowdOracle(text);
  const random = seeded(options.seed);
  const soak: Soak = {
    random, crowd, oracle, base: [...oracle.cells], cells: new Map(), rallies: [], painted: [], updates: new Set(), stuck: new Set(), failures: [],
    counts: { edits: 0, illegal: 0, misplaced: 0, unreachableChecked: 0, lies: 0 },
  };
  for (let i = 0; i < 8; i++) soak.rallies.push(cellFor(soak, CLASSES[2]));
  for (let i = 0; i < options.agents; i++) addAgent(soak);
  return { soak, close: () => pool.close(), poolHeap: () => pool.heapBytes };
}

const MB = 1024 * 1024;

function sample(soak: Soak, seconds: number, frameMs: number[], poolHeapBytes: number): SoakSample {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  gc();
  const memory = process.memoryUsage();
  const s = soak.crowd.stats;
  const sorted = [...frameMs].sort((a, b) => a - b);
  return {
    seconds: Math.round(seconds), heapMB: memory.heapUsed / MB, arrayBuffersMB: memory.arrayBuffers / MB, poolHeapMB: poolHeapBytes / MB,
    agents: s.agents, arrivals: s.arrivals, unreachable: s.unreachable, replans: s.replans, edits: soak.counts.edits,
    stuck: soak.stuck.size, illegal: soak.counts.illegal, misplaced: soak.counts.misplaced,
    unreachableChecked: soak.counts.unreachableChecked, lies: soak.counts.lies, frameMsP95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
  };
}

function describeSample(s: SoakSample): string {
  return `${String(s.seconds).padStart(4)} s  heap ${s.heapMB.toFixed(2)} MB  arrayBuffers ${s.arrayBuffersMB.toFixed(1)} MB  pool wasm ${s.poolHeapMB.toFixed(0)} MB  ` +
    `agents ${s.agents}  arrivals ${s.arrivals}  unreachable ${s.unreachable}  replans ${s.replans}  edits ${s.edits}  ` +
    `stuck ${s.stuck}  illegal steps ${s.illegal}  misplaced ${s.misplaced}  false unreachable ${s.lies}/${s.unreachableChecked} checked  frame p95 ${s.frameMsP95.toFixed(1)} ms`;
}

/** Runs the soak for `options.minutes` of real time; the report's failures are empty when every invariant held. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') throw new Error('crowd-soak: run node with --expose-gc (the heap is measured after a forced GC)');
  const { soak, close, poolHeap } = await startSoak(options);
  const total = options.minutes * 60;
  // A short run samples every 10 s after a 20 s warm-up; a long one every minute after 2 minutes.
  const every = total < 180 ? 10 : 60;
  const warmUp = total < 180 ? 20 : 120;
  const samples: SoakSample[] = [];
  const start = performance.now();
  let last = start;
  let frameMs: number[] = [];
  try {
    for (let n = 1; ; n++) {
      const now = performance.now();
      const seconds = (now - start) / 1000;
      if (seconds >= (samples.length + 1) * every) {
        samples.push(sample(soak, seconds, frameMs, poolHeap()));
        options.print(describeSample(samples.at(-1)!));
        frameMs = [];
        if (seconds >= total) break;
      }
      // At most 1/8 s a frame (a late frame moves the agents less): at 8 cells/s, one cell a frame, each change one step to check.
      frame(soak, Math.min((now - last) / 1000, MAX_DT), n);
      last = now;
      const spent = performance.now() - now;
      frameMs.push(spent);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, FRAME_SECONDS * 1000 - spent)));
    }
  } catch (error) {
    soak.failures.push(`a call threw: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await close();
  }
  const failures = [...soak.failures];
  const base = samples.find((s) => s.seconds >= warmUp) ?? samples[0];
  const heapGrowth = base ? samples.at(-1)!.heapMB / base.heapMB - 1 : 0;
  if (!base) failures.push('no sample was taken');
  // Only a long run judges the heap: over a minute its samples move by about 4% either way, a trend it cannot tell from noise.
  if (total >= 180 && heapGrowth > HEAP_GROWTH_LIMIT) failures.push(`the heap grew ${(100 * heapGrowth).toFixed(1)}% from ${base.seconds} s to the end (limit ${100 * HEAP_GROWTH_LIMIT}%)`);
  return { samples, heapGrowth, failures };
}

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options: SoakOptions = {
    minutes: Number(argument('minutes', '10')), agents: Number(argument('agents', '2000')), map: argument('map', 'den520d.map'), seed: Number(argument('seed', '1')),
    print: (line) => console.log(line),
  };
  console.log(`crowd soak: ${options.agents} agents on ${options.map}, ${options.minutes} min, seed ${options.seed}`);
  const report = await runSoak(options);
  console.log(`heap growth after the warm-up: ${(100 * report.heapGrowth).toFixed(2)}%`);
  for (const f of report.failures) console.log(`FAILED: ${f}`);
  console.log(report.failures.length ? 'crowd soak: FAILED' : 'crowd soak: passed');
  process.exitCode = report.failures.length ? 1 : 0;
}
