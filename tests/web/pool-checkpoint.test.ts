// The pool's log of terrain edits stays short for the pool's whole life: every CHECKPOINT_EVERY versions
// one worker serializes its planner, replacement workers start from those bytes, and the edits before
// them are dropped. A replacement made after many edits answers exactly as a planner given the same
// edits in the same order (paths and costs, not only costs: it is the same hierarchy, not a fresh build).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPathPool,
  createWorldPool,
  loadHpastar,
  type BlockChange,
  type Grid,
  type Hpastar,
  type PathBatch,
  type PathPool,
  type TerrainEdit,
  type Voxel,
} from '../../web/lib/index';
import { injectPoolFault, poolEditLog } from '../../web/lib/pool/index';
import { CHECKPOINT_EVERY } from '../../web/lib/pool/scheduler';
import { workerPoolOfWorld } from '../../web/lib/pool/world';
import { pack, passableCells, randomPairs, seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

const MAP = 'den520d.map';
// The paper's HPA* (no trees, no landmarks): nothing is refreshed between jobs, so every worker and the
// planner beside the pool hold the same tables.
const OPTIONS = { clusterSize: 10, levels: 2, cacheTrees: false, landmarks: 0 } as const;
/** Enough updates for two checkpoints. */
const UPDATES = 2 * CHECKPOINT_EVERY + 12;

let hp: Hpastar;
let map: MapText;
let grid: Grid;
let queries: Int32Array;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  queries = pack(randomPairs(map, 300, 5));
});

afterAll(() => grid.dispose());

/** Single-cell updates: walls on passable cells, every third one taken away again later. */
function wallUpdates(count: number, seed: number): TerrainEdit[][] {
  const random = seeded(seed);
  const cells = passableCells(map);
  const walls: TerrainEdit[] = [];
  return Array.from({ length: count }, (_, i) => {
    const wall = walls[i - 2];
    if (i % 3 === 2 && wall) return [{ ...wall, terrain: map.rows[wall.y]![wall.x]! }];
    const c = cells[Math.floor(random() * cells.length)]!;
    walls[i] = { x: c.x, y: c.y, terrain: '@' };
    return [walls[i]!];
  });
}

function expectSamePaths(actual: PathBatch, expected: PathBatch): void {
  expect(actual.count).toBe(expected.count);
  expect(Array.from(actual.cost)).toEqual(Array.from(expected.cost));
  expect(Array.from(actual.cells)).toEqual(Array.from(expected.cells));
}

/** Kills worker `index` and waits for its replacement (the batch that finds it dead rejects). */
async function replaceWorker(pool: PathPool, index: number, agent?: { size: number; capability: string }): Promise<void> {
  await injectPoolFault(pool, index, { fault: 'exit', code: 9 });
  await pool.findPaths(queries, agent ? { agent } : {}).catch(() => undefined);
}

/** The log after `updates` updates: a checkpoint no older than two intervals, and at most that many edits after it. */
function expectShortLog(pool: PathPool, updates: number): void {
  const log = poolEditLog(pool);
  expect(log.startVersion).toBeGreaterThanOrEqual(updates - 2 * CHECKPOINT_EVERY);
  expect(log.startVersion).toBeGreaterThan(0);
  expect(log.edits).toBe(updates - log.startVersion);
}

describe.each(['copied', 'shared'] as const)('an HPA* pool in %s mode', (mode) => {
  test(`after ${UPDATES} updates the log is short, and replacements made from the checkpoint answer as the edited planner`, { timeout: 90_000 }, async () => {
    await using pool = await createPathPool({ grid, hierarchy: OPTIONS, workers: 2, mode, jobSize: 40 });
    using planner = hp.HPAStar.build(grid, OPTIONS);
    for (const edits of wallUpdates(UPDATES, 31)) {
      await pool.updateTerrain(edits);
      planner.applyEdits(edits);
    }
    expect(pool.version).toBe(UPDATES);
    expectShortLog(pool, UPDATES);
    // Every worker replaced (copied mode: both; shared mode: the one), each from the checkpoint and the tail.
    for (let i = 0; i < (mode === 'copied' ? 2 : 1); i++) await replaceWorker(pool, i);
    const expected = planner.findPaths(queries);
    for (let run = 0; run < 2; run++) {
      const batch = await pool.findPaths(queries);
      expect(batch.version).toBe(UPDATES);
      expectSamePaths(batch, expected);
    }
    // Edits after the replacements reach them too.
    const wall = [{ x: 200, y: 200, terrain: '@' }];
    expect((await pool.updateTerrain(wall)).version).toBe(UPDATES + 1);
    planner.applyEdits(wall);
    expectSamePaths(await pool.findPaths(queries), planner.findPaths(queries));
    expect(pool.closed).toBe(false);
  });
});

test('a pool of two agent classes: the checkpoint holds every class, and a replacement answers each as its edited planner', { timeout: 90_000 }, async () => {
  const agents = [{ size: 1, capability: 'ground,swamp' }, { size: 2, capability: 'ground,trees' }];
  await using pool = await createPathPool({ grid, agents, hierarchy: OPTIONS, workers: 2, mode: 'copied', jobSize: 40 });
  const grids = agents.map((agent) => hp.Grid.forAgent(grid, agent));
  const planners = grids.map((g) => hp.HPAStar.build(g, OPTIONS));
  try {
    const updates = wallUpdates(CHECKPOINT_EVERY + 8, 47);
    for (const edits of updates) {
      await pool.updateTerrain(edits);
      for (const p of planners) p.applyEdits(edits);
    }
    expectShortLog(pool, updates.length);
    await replaceWorker(pool, 0, agents[1]);
    for (let run = 0; run < 2; run++) {
      for (const [i, agent] of agents.entries()) expectSamePaths(await pool.findPaths(queries, { agent }), planners[i]!.findPaths(queries));
    }
  } finally {
    for (const p of planners) p.dispose();
    for (const g of grids) g.dispose();
  }
});

test('a block world pool: after many block changes, a replacement made from the checkpoint answers as the changed planner', { timeout: 90_000 }, async () => {
  const generate = { kind: 'caves', size: { width: 32, height: 32, levels: 4 }, seed: 8 } as const;
  const hierarchy = { clusterSide: 8, clusterLevels: 2 } as const;
  using world = hp.BlockWorld.generate(generate);
  using planner = hp.WorldHPAStar.build(world, hierarchy);
  await using pool = await createWorldPool({ generate, hierarchy, workers: 2, mode: 'copied' });
  const standing: Voxel[] = [];
  for (let z = 0; z < world.levels; z++) {
    for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (world.isStanding(x, y, z)) standing.push({ x, y, z });
  }
  const random = seeded(12);
  const pick = () => standing[Math.floor(random() * standing.length)]!;
  // Solid blocks put on standing cells, every other one dug out again.
  const placed: BlockChange[] = [];
  const count = CHECKPOINT_EVERY + 10;
  for (let i = 0; i < count; i++) {
    const change: BlockChange[] = i % 2 === 1 ? [{ ...placed[i - 1]!, block: 'air' }] : [{ ...pick(), block: 'solid' }];
    placed[i] = change[0]!;
    await pool.applyBlockChanges(change);
    planner.applyBlockChanges(change);
  }
  const inner = workerPoolOfWorld(pool);
  const log = poolEditLog(inner);
  expect(log.startVersion).toBeGreaterThan(0);
  expect(log.edits).toBe(count - log.startVersion);
  await injectPoolFault(inner, 0, { fault: 'exit', code: 9 });
  const pairs: [Voxel, Voxel][] = Array.from({ length: 80 }, () => [pick(), pick()]);
  await pool.findPaths(pairs).catch(() => undefined);
  for (let run = 0; run < 2; run++) {
    const batch = await pool.findPaths(pairs);
    expect(batch.version).toBe(count);
    pairs.forEach(([start, goal], i) => {
      let expected: { status: string; cost: number; cells: Int32Array };
      try {
        expected = planner.findPath(start, goal);
      } catch {
        expect(batch.found(i), `query ${i}`).toBe(false);
        return;
      }
      expect(batch.statusText(i), `query ${i}`).toBe(expected.status);
      if (!batch.found(i)) return;
      expect(batch.cost[i], `query ${i}`).toBe(expected.cost);
      expect(Array.from(batch.path(i)), `query ${i}`).toEqual(Array.from(expected.cells));
    });
  }
});

test('a HAA* pool has no serialized form: it keeps every edit for its replacements', { timeout: 60_000 }, async () => {
  await using pool = await createPathPool({ grid, algorithm: 'haa', workers: 1, mode: 'copied' });
  const updates = wallUpdates(CHECKPOINT_EVERY + 4, 3);
  for (const edits of updates) await pool.updateTerrain(edits);
  expect(poolEditLog(pool)).toEqual({ startVersion: 0, edits: updates.length });
});
