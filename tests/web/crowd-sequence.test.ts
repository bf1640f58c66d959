// The crowd driven by random sequences of its API (issue 39): agents of four classes (sizes 1-3, two
// capabilities) added, removed and ordered to reachable, unreachable, blocked and outside goals, walls
// painted over and around them, speeds and terrain costs changed, ticks, and the pool closed, in a
// seeded random order, on arena.map and on a small hand-drawn map. After every operation the test
// checks, against its own copy of the terrain (helpers/crowdOracle.ts): an operation throws only when
// it is invalid, and then a typed error naming the call (TypeError, RangeError, CrowdClosedError); no
// agent stands where its square does not fit;
// every cell change is a legal step of its class, or a snap off a new wall onto a cell that fits; no
// agent stays planning once the pool has answered; after the pool closes, agents with a goal are
// 'stopped'; and at the end every agent arrives or is reported unreachable, truly (a BFS says so).
//
//   HPASTAR_CROWD_SEQUENCES=400 npx vitest run tests/web/crowd-sequence.test.ts   # more sequences by hand
//   HPASTAR_CROWD_SEED=17 ...                                                      # from another first seed
import { expect, test } from 'vitest';
import { createPathPool, Crowd, CrowdClosedError, parseMovingAIMap, type CrowdEvent, type PathPool, type TerrainEdit } from '../../web/lib/index';
import { CrowdOracle, type OracleClass } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const SEQUENCES = Number(process.env.HPASTAR_CROWD_SEQUENCES ?? 16);
const FIRST_SEED = Number(process.env.HPASTAR_CROWD_SEED ?? 1);
const OPERATIONS = 120;
const CLASSES = [
  { size: 1, capability: 'ground,swamp' },
  { size: 2, capability: 'ground,swamp' },
  { size: 3, capability: 'ground,swamp' },
  { size: 1, capability: 'ground,trees' },
] as const;
/** Seconds of simulated time an agent may be 'planning' while the pool has nothing in flight (a step under way ends first). */
const PLANNING_BOUND = 1;

// Rooms joined by doors one cell wide (too narrow for squares of 2 and 3), swamp, water (no class's),
// trees (the second capability's), and pockets that no one reaches: (12, 12), (17, 17), and (24, 11)
// only through trees.
const HAND_DRAWN = `type octile
height 20
width 32
map
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@.......@.........TTTT.........@
@.......@.........TTTT.........@
@..SSS..@....@@@..TTTT...@@@@..@
@..SSS.......@@@.........@..@..@
@..SSS..@....@@@.........@..@..@
@.......@................@@@@..@
@@@@.@@@@@@@@@@@.@@@@@@@.......@
@..............@.@.............@
@..WWWW........@.@....TTTTTT...@
@..WWWW..........@....TTTTTT...@
@..WWWW....@@@...@....TT..TT...@
@..........@.@...@....TTTTTT...@
@..........@@@...@.............@
@TTTTTTTTT.......@@@@@@@...@@@@@
@...............................
@...SSSSS.......@@@.........@..@
@...SSSSS.......@.@.........@..@
@...............@@@.........@..@
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
`;

type Cell = { x: number; y: number };

/** One sequence's crowd, its pool, the oracle and what the checks remember between operations. */
interface Run {
  readonly random: () => number;
  readonly oracle: CrowdOracle;
  readonly pool: PathPool;
  readonly crowd: Crowd;
  readonly log: string[];
  /** Each agent's cell after the last operation. */
  readonly cells: Map<number, Cell>;
  /** Simulated seconds each agent has been planning while the pool had nothing in flight. */
  readonly planning: Map<number, number>;
  /** Each update's failure, or null (a handler at once: a pool closed meanwhile rejects them). */
  readonly updates: Promise<unknown>[];
  /** setTerrainCosts calls, their answers checked. */
  readonly costs: Promise<unknown>[];
  closed: boolean;
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function classOf(crowd: Crowd, id: number): OracleClass {
  return crowd.agent(id).agent;
}

/** A cell of the kind asked: one where `c` fits, one where it does not, or one outside the map. */
function cellFor(run: Run, c: OracleClass, kind: 'fits' | 'blocked' | 'outside'): Cell {
  const { oracle, random } = run;
  if (kind === 'outside') return pick(random, [{ x: -1, y: 3 }, { x: oracle.width, y: 0 }, { x: 2, y: oracle.height + 4 }]);
  for (let tries = 0; tries < 500; tries++) {
    const p = { x: Math.floor(random() * oracle.width), y: Math.floor(random() * oracle.height) };
    if (oracle.fits(c, p.x, p.y) === (kind === 'fits')) return p;
  }
  return { x: 0, y: 0 };
}

/**
 * Runs `op`, which `valid` says should not throw. A throw must be a typed error naming the call: a
 * CrowdClosedError once the pool is closed (`order`: an operation that asks the pool), else a TypeError
 * or RangeError of an invalid operation.
 */
function attempt(run: Run, label: string, valid: boolean, order: boolean, op: () => void): boolean {
  const mustRefuse = order && run.closed;
  try {
    op();
  } catch (error) {
    expect(error instanceof TypeError || error instanceof RangeError || error instanceof CrowdClosedError, `${label} threw ${String(error)}`).toBe(true);
    expect((error as Error).message, label).toMatch(/^Crowd(\.\w+)?: \S/);
    if (mustRefuse) expect(error, label).toBeInstanceOf(CrowdClosedError);
    else expect(valid, `${label} threw ${String(error)}`).toBe(false);
    return false;
  }
  expect(valid && !mustRefuse, `${label} did not throw`).toBe(true);
  return true;
}

function addAgent(run: Run): void {
  const { random, crowd, oracle } = run;
  const c = pick(random, CLASSES);
  const at = cellFor(run, c, random() < 0.85 ? 'fits' : pick(random, ['blocked', 'outside'] as const));
  const goalKind = random() < 0.1 ? 'outside' : random() < 0.15 ? 'blocked' : 'fits';
  const goal = random() < 0.2 ? undefined : cellFor(run, c, goalKind);
  const speed = 3 + Math.floor(random() * 6);
  const valid = oracle.fits(c, at.x, at.y) && (goal === undefined || oracle.inside(goal.x, goal.y));
  let id = 0;
  if (attempt(run, `addAgent(${at.x}, ${at.y}) size ${c.size} ${c.capability}, goal ${JSON.stringify(goal)}`, valid, true, () => (id = crowd.addAgent(at, { goal, speed, agent: c })))) {
    run.cells.set(id, at);
  }
}

function someAgent(run: Run): number {
  const ids = [...run.cells.keys()];
  return ids.length && run.random() < 0.95 ? pick(run.random, ids) : 987654;
}

function removeAgent(run: Run): void {
  const id = someAgent(run);
  if (attempt(run, `removeAgent(${id})`, run.cells.has(id), false, () => run.crowd.removeAgent(id))) {
    run.cells.delete(id);
    run.planning.delete(id);
  }
}

function order(run: Run): void {
  const { random, crowd, oracle } = run;
  const id = someAgent(run);
  const c = run.cells.has(id) ? classOf(crowd, id) : CLASSES[0];
  const r = random();
  const goal = r < 0.1 ? null : cellFor(run, c, r < 0.2 ? 'outside' : r < 0.35 ? 'blocked' : 'fits');
  const valid = run.cells.has(id) && (goal === null || oracle.inside(goal.x, goal.y));
  attempt(run, `setGoal(${id}, ${JSON.stringify(goal)})`, valid, true, () => crowd.setGoal(id, goal));
}

/** A rectangle of one terrain kind: over an agent (its square and around), or anywhere; now and then a bad one. */
function edit(run: Run): void {
  const { random, crowd, oracle } = run;
  const ids = [...run.cells.keys()];
  const over = ids.length > 0 && random() < 0.5;
  const centre = over ? run.cells.get(pick(random, ids))! : { x: Math.floor(random() * oracle.width), y: Math.floor(random() * oracle.height) };
  const terrain = pick(random, ['@', '@', '@', '.', '.', 'T', 'S', 'W']);
  const side = 1 + Math.floor(random() * 3);
  const edits: TerrainEdit[] = [];
  for (let y = centre.y - 1; y < centre.y - 1 + side; y++) {
    for (let x = centre.x - 1; x < centre.x - 1 + side; x++) if (oracle.inside(x, y)) edits.push({ x, y, terrain });
  }
  const bad = random() < 0.05;
  if (bad) edits.push({ x: oracle.width + 1, y: 0, terrain });
  let update: Promise<unknown> | null = null;
  if (!attempt(run, `updateTerrain(${edits.length} × '${terrain}' at ${centre.x}, ${centre.y})`, !bad, true, () => (update = crowd.updateTerrain(edits)))) return;
  oracle.paint(edits);
  run.updates.push((update as unknown as Promise<unknown>).then(() => null, (error: unknown) => error));
  // Agents the edit moved were on a cell their square no longer fits, and now stand where it fits.
  for (const a of crowd.agents()) {
    const before = run.cells.get(a.id)!;
    if (before.x === a.cellX && before.y === a.cellY) continue;
    expect(oracle.fits(a.agent, before.x, before.y), `agent ${a.id} moved by an edit from a cell it still fits`).toBe(false);
    run.cells.set(a.id, { x: a.cellX, y: a.cellY });
  }
}

/** A new speed for an agent, or new costs of swamp and trees for every class (no cell changes passability). */
function retune(run: Run): void {
  const { random, crowd } = run;
  if (random() < 0.7) {
    const id = someAgent(run);
    const speed = pick(random, [3, 5, 8, 0, -1, Number.NaN]);
    attempt(run, `setSpeed(${id}, ${speed})`, run.cells.has(id) && speed > 0, false, () => crowd.setSpeed(id, speed));
    return;
  }
  const costs = { S: pick(random, [1, 2, 5]), T: pick(random, [1, 3]) };
  const closed = run.closed;
  // Asynchronous: its refusal (a closed pool) rejects; checked with the updates.
  run.costs.push(crowd.setTerrainCosts(costs).then(
    () => expect(closed, 'setTerrainCosts resolved on a closed crowd').toBe(false),
    (error: unknown) => {
      // Refused at once on a closed crowd; a pool closed while it was being answered rejects saying so.
      if (closed) expect(error, `setTerrainCosts(${JSON.stringify(costs)})`).toBeInstanceOf(CrowdClosedError);
      else expect(run.closed && error instanceof CrowdClosedError, `setTerrainCosts(${JSON.stringify(costs)}) on an open crowd: ${String(error)}`).toBe(true);
    },
  ));
}

/** Waits until the pool has answered what the crowd asked (or a while: a busy machine). */
async function settle(crowd: Crowd): Promise<void> {
  const until = Date.now() + 2000;
  do await new Promise((resolve) => setTimeout(resolve, 1));
  while (crowd.stats.inFlight > 0 && Date.now() < until);
}

/** One frame of `dt` seconds: every cell change a legal step, events consistent, then the pool answers. */
async function tick(run: Run, dt: number): Promise<CrowdEvent[]> {
  const { crowd, oracle } = run;
  const planningBefore = new Set([...crowd.agents()].filter((a) => a.state === 'planning' && crowd.stats.inFlight === 0).map((a) => a.id));
  let events: CrowdEvent[] = [];
  if (!attempt(run, `step(${dt})`, true, true, () => (events = crowd.step(dt)))) return [];
  for (const a of crowd.agents()) {
    const before = run.cells.get(a.id)!;
    if (before.x !== a.cellX || before.y !== a.cellY) {
      expect(oracle.legal(a.agent, before.x, before.y, a.cellX, a.cellY), `agent ${a.id} size ${a.agent.size} ${a.agent.capability}: (${before.x}, ${before.y}) -> (${a.cellX}, ${a.cellY})`).toBe(true);
      run.cells.set(a.id, { x: a.cellX, y: a.cellY });
    }
    // Planning with nothing in the pool since the last frame: it must have been asked, or be ending a step.
    const seconds = planningBefore.has(a.id) && a.state === 'planning' ? (run.planning.get(a.id) ?? 0) + dt : 0;
    run.planning.set(a.id, seconds);
    expect(seconds, `agent ${a.id} planning for ever at (${a.cellX}, ${a.cellY}), goal ${JSON.stringify(a.goal)}`).toBeLessThanOrEqual(PLANNING_BOUND);
  }
  // (An answer that came between frames may report an agent given a new order since: its state is the new order's.)
  for (const e of events) if (e.type === 'arrived') expect([crowd.agent(e.agent).cellX, crowd.agent(e.agent).cellY]).toEqual([e.goal.x, e.goal.y]);
  await settle(crowd);
  return events;
}

/** Closes the pool under the crowd, awaited or not. */
async function close(run: Run): Promise<void> {
  const closing = run.pool.close();
  run.closed = true;
  expect(run.crowd.closed).toBe(true);
  if (run.random() < 0.5) await closing;
}

/** Every agent stands where its square fits, and once the crowd was refused for a closed pool, none goes on. */
function checkAgents(run: Run): void {
  for (const a of run.crowd.agents()) {
    expect(run.oracle.fits(a.agent, a.cellX, a.cellY), `agent ${a.id} size ${a.agent.size} ${a.agent.capability} stands on (${a.cellX}, ${a.cellY})`).toBe(true);
    if (run.closed && a.goal !== null && run.log.at(-1)?.startsWith('tick')) expect(a.state, `agent ${a.id} after the close`).toBe('stopped');
  }
}

/**
 * With no more edits: frames until every agent is idle. An arrival is at the goal; a goal reported
 * unreachable is one the oracle's BFS cannot reach either.
 */
async function drain(run: Run): Promise<void> {
  const { crowd, oracle } = run;
  expect(await Promise.all(run.updates)).toEqual(run.updates.map(() => null));
  for (let frame = 0; frame < 800 && [...crowd.agents()].some((a) => a.state !== 'idle'); frame++) {
    for (const e of await tick(run, 1 / 8)) {
      checkAgents(run);
      if (e.type !== 'unreachable') continue;
      const a = crowd.agent(e.agent);
      expect(oracle.reachable(a.agent, { x: a.cellX, y: a.cellY }, e.goal), `agent ${a.id} size ${a.agent.size} ${a.agent.capability} at (${a.cellX}, ${a.cellY}) told ${JSON.stringify(e.goal)} is unreachable (${e.reason})`).toBe(false);
    }
  }
  const busy = [...crowd.agents()].filter((a) => a.state !== 'idle').map((a) => `${a.id} ${a.state} at (${a.cellX}, ${a.cellY}) to ${JSON.stringify(a.goal)}`);
  expect(busy, 'agents that never arrived nor were told their goal is unreachable').toEqual([]);
}

async function runSequence(name: string, text: string, seed: number): Promise<void> {
  const random = seeded(seed);
  const pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 8, levels: 2 }, workers: 1 });
  const crowd = new Crowd({ pool, map: parseMovingAIMap(text), flowFieldAgents: random() < 0.5 ? 3 : Infinity, lookahead: 1 + Math.floor(random() * 2) });
  const run: Run = { random, oracle: new CrowdOracle(text), pool, crowd, log: [], cells: new Map(), planning: new Map(), updates: [], costs: [], closed: false };
  const operations: [number, string, () => unknown][] = [
    [4, 'add', () => addAgent(run)],
    [1, 'remove', () => removeAgent(run)],
    [3, 'order', () => order(run)],
    [1.5, 'edit', () => edit(run)],
    [0.5, 'retune', () => retune(run)],
    [6, 'tick', () => tick(run, pick(random, [0, 1 / 30, 1 / 10, 1 / 8]))],
    [0.04, 'close', () => close(run)],
  ];
  const total = operations.reduce((s, [w]) => s + w, 0);
  try {
    for (let i = 0; i < OPERATIONS; i++) {
      let r = random() * total;
      const [, label, op] = operations.find(([w]) => (r -= w) < 0) ?? operations[0]!;
      run.log.push(label);
      await op();
      checkAgents(run);
    }
    await Promise.all(run.costs);
    if (!run.closed) await drain(run);
    // Updates the pool had not answered when it closed reject, saying so.
    else for (const error of await Promise.all(run.updates)) if (error !== null) expect(error).toBeInstanceOf(CrowdClosedError);
  } catch (error) {
    throw new Error(`${name}, seed ${seed}, after: ${run.log.slice(-12).join(', ')}: ${(error as Error).message}\n${(error as Error).stack}`, { cause: error });
  } finally {
    await pool.close();
  }
}

test.each([
  ['arena.map', () => readMapsFile('arena.map')],
  ['a hand-drawn map', () => HAND_DRAWN],
])('random sequences of orders, edits, ticks and a close on %s: typed errors only, every step legal, no agent stuck', async (name, text) => {
  for (let s = 0; s < SEQUENCES / 2; s++) await runSequence(name, text(), FIRST_SEED + s);
}, 600_000);
