// HAA* in the worker pool, in both modes: batches for agents of every size and capability equal the same
// batches run synchronously by HAAStar, every path is legal for the agent's whole square (checked against
// the map's characters: helpers/footprint.ts), terrain updates reach every worker, and bad agents and the
// questions a HAA* pool does not answer get errors naming the problem.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, PathStatusCode, type Agent, type Grid, type HAAStar, type Hpastar, type PathBatch, type PathPool, type Point } from '../../web/lib/index';
import { squareFits, validateFootprint } from './helpers/footprint';
import { pack, seeded } from './helpers/queries';
import { parseMap, type MapText } from './scenarios';

const mapText = (rows: string[]) => `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

/** A seeded 48 × 40 map of ground, water, trees and walls: narrow places for sizes 1 to 3. */
function mixedTerrain(seed: number): string[] {
  const random = seeded(seed);
  return Array.from({ length: 40 }, () =>
    Array.from({ length: 48 }, () => {
      const r = random();
      return r < 0.07 ? '@' : r < 0.2 ? 'W' : r < 0.3 ? 'T' : '.';
    }).join(''),
  );
}

const ROWS = mixedTerrain(15);
const OPTIONS = { clusterSize: 8, maxSize: 3 } as const;
const CAPABILITIES = ['ground', 'ground,water', 'ground,trees,water'] as const;
const AGENTS: Agent[] = CAPABILITIES.flatMap((capability) => [1, 2, 3].map((size) => ({ size, capability })));

/** `count` pairs where the agent's square fits, then one whose start it does not fit on. */
function agentQueries(map: MapText, agent: Agent, count: number, seed: number): Int32Array {
  const capability = String(agent.capability);
  const fits: Point[] = [];
  let blocked: Point | undefined;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      if (squareFits(map, capability, agent.size, x, y)) fits.push({ x, y });
      else blocked ??= { x, y };
    }
  }
  const random = seeded(seed);
  const pick = () => fits[Math.floor(random() * fits.length)]!;
  const pairs: [Point, Point][] = Array.from({ length: count }, () => [pick(), pick()]);
  pairs.push([blocked!, pick()]);
  return pack(pairs);
}

/** Fails unless the pool's batch is the synchronous one, and every found path is legal for the agent. */
function expectAgentBatch(map: MapText, agent: Agent, queries: Int32Array, batch: PathBatch, expected: PathBatch): number {
  expect(batch.count).toBe(expected.count);
  for (const key of ['status', 'cost', 'expanded', 'offsets', 'cells'] as const) {
    const a = batch[key];
    const e = expected[key];
    const i = a.findIndex((v: number, k: number) => !Object.is(v, e[k]));
    if (i >= 0 || a.length !== e.length) expect(`${key}[${i}] = ${a[i]}`, `${agent.size} ${String(agent.capability)}`).toBe(`${key}[${i}] = ${e[i]}`);
  }
  let found = 0;
  for (let i = 0; i < batch.count; i++) {
    if (!batch.found(i)) continue;
    const q = queries.subarray(4 * i, 4 * i + 4);
    validateFootprint(map, String(agent.capability), agent.size, batch.path(i), { x: q[0]!, y: q[1]! }, { x: q[2]!, y: q[3]! }, batch.cost[i]!);
    found++;
  }
  return found;
}

let hp: Hpastar;
let map: MapText;
let grid: Grid;
let planner: HAAStar;

beforeAll(async () => {
  hp = await loadHpastar();
  map = parseMap(mapText(ROWS));
  grid = hp.Grid.fromMovingAI(mapText(ROWS), 'mixed.map');
  planner = hp.HAAStar.build(grid, OPTIONS);
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

describe.each(['copied', 'shared'] as const)('a HAA* pool in %s mode', (mode) => {
  let pool: PathPool<'haa'>;

  beforeAll(async () => {
    pool = await createPathPool({ algorithm: 'haa', grid, hierarchy: OPTIONS, workers: 2, mode });
  });

  afterAll(async () => {
    await pool.close();
  });

  test('answers every agent as HAAStar does, each path legal for the whole square', async () => {
    expect([pool.algorithm, pool.mode, pool.workers, pool.version]).toEqual(['haa', mode, 2, 0]);
    expect(pool.options).toEqual({ ...hp.HAAStar.defaultOptions, ...OPTIONS });
    expect(pool.stats.searched).toEqual(planner.stats.searched);
    let found = 0;
    let notFound = 0;
    for (const [k, agent] of AGENTS.entries()) {
      const queries = agentQueries(map, agent, 40, k + 1);
      const batch = await pool.findPaths(queries, { agent });
      expect(batch.status[batch.count - 1], 'the square does not fit at the start').toBe(PathStatusCode.StartInvalid);
      found += expectAgentBatch(map, agent, queries, batch, planner.findPaths(queries, agent));
      notFound += batch.count - 1 - batch.foundCount();
    }
    // Both answers were put to the test.
    expect(found).toBeGreaterThan(200);
    expect(notFound).toBeGreaterThan(0);
  });

  test('a size-2 agent and a size-1 agent in one run get their own routes; cells: false leaves the cells out', async () => {
    const infantry = { size: 1, capability: ['ground', 'trees'] } as const;
    const tank = { size: 2, capability: 'ground' } as const;
    const queries = agentQueries(map, tank, 30, 99).subarray(0, 4 * 30);
    const [a, b] = await Promise.all([pool.findPaths(queries, { agent: infantry }), pool.findPaths(queries, { agent: tank })]);
    expectAgentBatch(map, infantry, queries, a, planner.findPaths(queries, infantry));
    expectAgentBatch(map, tank, queries, b, planner.findPaths(queries, tank));
    expect(Array.from(a.cost).some((c, i) => c !== b.cost[i])).toBe(true);
    const costsOnly = await pool.findPaths(queries, { agent: tank, cells: false });
    expect(costsOnly.cells.length).toBe(0);
    expect(Array.from(costsOnly.cost)).toEqual(Array.from(b.cost));
  });
});

test('terrain updates reach every worker: later batches answer as a HAAStar built from the edited grid', async () => {
  await using pool = await createPathPool({ algorithm: 'haa', map: mapText(ROWS), hierarchy: OPTIONS, workers: 2, mode: 'copied' });
  const agent = { size: 2, capability: 'ground,water' } as const;
  const queries = agentQueries(map, agent, 60, 5);
  const before = pool.findPaths(queries, { agent });
  // A wall across the map but for one gap a size-2 agent cannot pass.
  const edits = Array.from({ length: 48 }, (_, x) => ({ x, y: 20, terrain: x === 30 ? '.' : '@' }));
  const update = await pool.updateTerrain(edits);
  expect(update.version).toBe(1);
  expect(update.clustersRebuilt[0]).toBeGreaterThan(0);
  expect(update.rebuilt[0]!.clusters.length).toBe(update.clustersRebuilt[0]);
  const after = await pool.findPaths(queries, { agent });
  expect([(await before).version, after.version, pool.version]).toEqual([0, 1, 1]);
  const editedRows = ROWS.map((row, y) => (y === 20 ? [...row].map((_, x) => (x === 30 ? '.' : '@')).join('') : row));
  using editedGrid = hp.Grid.fromMovingAI(mapText(editedRows), 'edited.map');
  using fresh = hp.HAAStar.build(editedGrid, OPTIONS);
  expectAgentBatch(parseMap(mapText(editedRows)), agent, queries, after, fresh.findPaths(queries, agent));
  // Nothing crosses the wall now.
  for (let i = 0; i < after.count; i++) {
    const path = after.path(i);
    for (let k = 1; k < path.length; k += 2) expect(path[k] === 20 || path[k] === 19 ? `query ${i} at row ${path[k]}` : '').toBe('');
  }
});

describe('bad agents and what a HAA* pool does not answer', () => {
  test('errors name the problem', async () => {
    await using pool = await createPathPool({ algorithm: 'haa', grid, hierarchy: { ...OPTIONS, maxSize: 2 }, workers: 1, mode: 'copied' });
    const queries = new Int32Array([0, 0, 5, 5]);
    await expect(pool.findPaths(queries)).rejects.toThrow(new TypeError('PathPool.findPaths: a HAA* pool needs options.agent, the { size, capability } every query of the batch is for'));
    await expect(pool.findPaths(queries, { agent: { size: 3, capability: 'ground' } })).rejects.toThrow(
      'PathPool.findPaths: agent size 3 is outside 1..2, the sizes this HAA* hierarchy was built for',
    );
    await expect(pool.findPaths(queries, { agent: { size: 1, capability: 'ground,lava' } })).rejects.toThrow(/unknown terrain "lava" \(known: ground, swamp, water, trees\)/);
    await expect(pool.findPaths(queries, { agent: { size: 1, capability: 'swamp' } })).rejects.toThrow(/capability "swamp" allows none of the map's terrain \(ground,water,trees\)/);
    await expect(pool.findPaths(queries, { agent: { size: 1.5, capability: 'ground' } })).rejects.toThrow(TypeError);
    await expect(pool.findPaths(queries, { agent: null as unknown as Agent })).rejects.toThrow(/agent must be \{ size, capability \}/);
    await expect(pool.findPaths(queries, { agent: { size: 1, capability: 'ground' }, smooth: true } as never)).rejects.toThrow(/unknown option "smooth" \(known: cells\)/);
    // The pool goes on after a refused agent.
    expect((await pool.findPaths(queries, { agent: { size: 1, capability: 'ground,water,trees' } })).count).toBe(1);
    await expect(pool.planPaths(queries)).rejects.toThrow('PathPool.planPaths: a HAA* pool does not plan (HPA* and DHPA* pools do)');
    await expect(pool.componentOf({ x: 0, y: 0 })).rejects.toThrow(/a HAA\* pool answers no reachability questions/);
    await expect(pool.flowField({ x: 0, y: 0 })).rejects.toThrow(/a HAA\* pool has no flow fields/);
    await expect(pool.setTerrainCosts({ W: 2 })).rejects.toThrow(/a HAA\* pool takes cell edits \(updateTerrain\)/);
    expect((await pool.updateTerrain([])).version).toBe(0);
  });

  test('an agent class an HPA* pool does not serve, and a HAA* pool from a planner, are refused', async () => {
    await using hpa = await createPathPool({ grid, workers: 1, mode: 'copied' });
    await expect(hpa.findPaths(new Int32Array(4), { agent: { size: 1, capability: 'ground' } })).rejects.toThrow(
      "PathPool.findPaths: this pool serves no agents of size 1 ground (it serves size 1 ground,swamp): declare the class in createPathPool's agents",
    );
    await expect(createPathPool({ algorithm: 'haa', planner } as never)).rejects.toThrow(/a HAA\* pool is made from map or grid/);
  });
});
