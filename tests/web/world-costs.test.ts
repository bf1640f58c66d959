// Terrain costs on block worlds in the package: a cost layer on a BlockWorld (setCostLayer, setCellCost),
// planners built from it (WorldHPAStar.build, hp.Planner.build) and changed at run time
// (applyCostChanges), the world pool given the same layer answering as the planner, and bad layers and
// changes refused with errors naming the value and where. Every path is checked by the rules oracle
// (helpers/worldRules.ts), whose weighting is written from the documentation.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type BlockWorld, type Hpastar, type Voxel, type WorldHPAStar, type WorldPathPool } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';

const OPTIONS = { clusterSide: 8, clusterLevels: 3 } as const;
const FLAT = { kind: 'hills', size: { width: 40, height: 32, levels: 4 }, seed: 6 } as const;

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

function rulesOf(world: BlockWorld | WorldHPAStar, size: { width: number; height: number; levels: number }, layer: Uint8Array | null): WorldBlocks {
  const floors = Array.from({ length: size.levels }, (_, z) => world.floor(z));
  return new WorldBlocks(size.width, size.height, size.levels, floors, layer);
}

function cellsOf(path: Int32Array): Voxel[] {
  const out: Voxel[] = [];
  for (let i = 0; i < path.length; i += 3) out.push({ x: path[i]!, y: path[i + 1]!, z: path[i + 2]! });
  return out;
}

/** A flat 12 x 9 x 1 field with a dear band along x = 6 but for a gap at y = 8. */
function bandWorld(): { world: BlockWorld; layer: Uint8Array } {
  const text = ['type octile', 'height 9', 'width 12', 'levels 1', 'map', 'level 0', ...Array.from({ length: 9 }, () => '.'.repeat(12))].join('\n');
  const world = hp.BlockWorld.parse(text, 'band.world');
  const layer = new Uint8Array(12 * 9).fill(16);
  for (let y = 0; y < 8; y++) layer[y * 12 + 6] = 255;
  world.setCostLayer(layer);
  return { world, layer };
}

describe('a block world with a cost layer', () => {
  test('the world keeps a copy of its layer; a planner built from it goes round the dear band', () => {
    const { world, layer } = bandWorld();
    using _w = world;
    expect(Array.from(world.costLayer()!)).toEqual(Array.from(layer));
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 4, clusterLevels: 1 });
    expect(Array.from(planner.costLayer()!)).toEqual(Array.from(layer));
    using astar = new hp.WorldAStar();
    const start = { x: 1, y: 1, z: 0 }, goal = { x: 10, y: 1, z: 0 };
    const optimal = astar.findPath(world, start, goal);
    const path = planner.findPath(start, goal);
    const rules = rulesOf(world, world, layer);
    for (const p of [optimal, path]) {
      expect(p.found).toBe(true);
      expect(rules.check(p.cells, [1, 1, 0], [10, 1, 0], p.cost)).toBe('');
      expect(world.validatePath(start, goal, p.cells, p.cost)).toBe('');
      const cells = cellsOf(p.cells);
      expect(cells.some((c) => c.x === 6 && c.y === 8)).toBe(true); // through the gap
      expect(cells.filter((c) => c.x === 6 && c.y < 8)).toEqual([]);
    }
    expect(path.cost).toBeGreaterThanOrEqual(optimal.cost - 1e-9);
    expect(optimal.cost).toBeLessThan(8 + (2 * 255) / 32); // straight across would cost this
    // Without the layer the straight line is taken.
    world.setCostLayer(null);
    expect(world.costLayer()).toBeNull();
    expect(astar.findPath(world, start, goal).cost).toBe(9);
  });

  test('hp.Planner.build takes the layer; applyCostChanges changes it and the paths follow', () => {
    using world = hp.BlockWorld.generate(FLAT);
    const layer = new Uint8Array(world.width * world.height * world.levels);
    const random = seeded(3);
    for (let i = 0; i < layer.length; i++) layer[i] = 4 + Math.floor(random() * 60);
    world.setCostLayer(layer);
    using planner = hp.Planner.build(world, { hierarchy: OPTIONS });
    const rules = rulesOf(world, world, layer);
    const cells: Voxel[] = [];
    for (let z = 0; z < world.levels; z++) for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (world.isStanding(x, y, z)) cells.push({ x, y, z });
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    using astar = new hp.WorldAStar();
    let found = 0;
    for (let q = 0; q < 40; q++) {
      const s = pick(), g = pick();
      const p = planner.findPath(s, g);
      const best = astar.findPath(world, s, g);
      expect(p.found).toBe(best.found);
      if (!p.found) continue;
      found++;
      expect(rules.check(p.cells, [s.x, s.y, s.z], [g.x, g.y, g.z], p.cost)).toBe('');
      expect(p.cost).toBeGreaterThanOrEqual(best.cost - 1e-9 * best.cost);
    }
    expect(found).toBeGreaterThan(20);
    // Make the optimal path of one pair dear: the planner's answer moves away from it.
    let [s, g] = [pick(), pick()];
    let before = astar.findPath(world, s, g);
    while (!before.found || before.cells.length < 3 * 12) {
      [s, g] = [pick(), pick()];
      before = astar.findPath(world, s, g);
    }
    const inner = cellsOf(before.cells).slice(2, -2);
    const update = planner.applyCostChanges(inner.map((c) => ({ ...c, value: 255 })));
    expect(update.costsChanged).toBeGreaterThan(0);
    expect(update.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(planner.version).toBe(1);
    const changed = planner.costLayer()!;
    for (const c of inner) {
      layer[(c.z * world.height + c.y) * world.width + c.x] = 255;
      expect(changed[(c.z * world.height + c.y) * world.width + c.x]).toBe(255);
    }
    // The same changes on the world: A* now avoids the dear cells, and the updated planner's path is
    // legal under the new layer and no cheaper than A*'s.
    for (const c of inner) world.setCellCost(c.x, c.y, c.z, 255);
    const rulesNow = rulesOf(world, world, layer);
    const optimalNow = astar.findPath(world, s, g);
    expect(optimalNow.cost).toBeLessThan(rulesNow.pathCost(before.cells)!);
    const after = planner.findPath(s, g);
    expect(rulesNow.check(after.cells, [s.x, s.y, s.z], [g.x, g.y, g.z], after.cost)).toBe('');
    expect(after.cost).toBeGreaterThanOrEqual(optimalNow.cost - 1e-9 * optimalNow.cost);
  });

  test('bad layers and changes are refused with messages naming the value and where', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 8, height: 6, levels: 2 }, seed: 1 });
    expect(() => world.setCostLayer(new Uint8Array(5))).toThrow(RangeError);
    expect(() => world.setCostLayer(new Uint8Array(5))).toThrow('BlockWorld.setCostLayer: cost layer has 5 cells, expected 96 for 8x6x2');
    const zero = new Uint8Array(96).fill(16);
    zero[57] = 0;
    expect(() => world.setCostLayer(zero)).toThrow('cost layer value 0 at index 57 (1, 1, 1): values are 1..255');
    expect(world.costLayer()).toBeNull();
    expect(() => world.setCostLayer([1, 2] as never)).toThrow(TypeError);
    expect(() => world.setCellCost(8, 0, 0, 20)).toThrow('BlockWorld.setCellCost: cell (8, 0, 0) is outside the 8x6x2 world');
    expect(() => world.setCellCost(1, 0, 0, 0)).toThrow(RangeError);
    expect(() => world.setCellCost(1, 0, 0, 256)).toThrow('value must be an integer in 1..255, got 256');
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 4, clusterLevels: 1 });
    expect(() => planner.applyCostChanges([{ x: 0, y: 0, z: 0, value: 20 }, { x: 1, y: 2, z: 1, value: 0 }])).toThrow(
      'WorldHPAStar.applyCostChanges: changes[1]: value must be an integer in 1..255, got 0',
    );
    expect(() => planner.applyCostChanges([{ x: 0, y: 9, z: 0, value: 20 }])).toThrow(RangeError);
    expect(() => planner.applyCostChanges([{ x: 0, y: 9, z: 0, value: 20 }])).toThrow('change 0: cell (0, 9, 0) is outside the 8x6x2 world');
    expect([planner.version, planner.costLayer()]).toEqual([0, null]); // all or nothing
  });
});

describe.each(['copied', 'shared'] as const)('a world pool with a cost layer in %s mode', (mode) => {
  let world: BlockWorld;
  let planner: WorldHPAStar;
  let layer: Uint8Array;
  let pool: WorldPathPool;
  let pairs: [Voxel, Voxel][];

  beforeAll(async () => {
    world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 40, height: 32, levels: 6 }, seed: 4 });
    layer = new Uint8Array(world.width * world.height * world.levels);
    const random = seeded(8);
    for (let i = 0; i < layer.length; i++) layer[i] = 8 + Math.floor(random() * 80);
    world.setCostLayer(layer);
    planner = hp.WorldHPAStar.build(world, OPTIONS);
    pool = await createPathPool({ world, hierarchy: OPTIONS, workers: 2, mode });
    const cells: Voxel[] = [];
    for (let z = 0; z < world.levels; z++) for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) if (world.isStanding(x, y, z)) cells.push({ x, y, z });
    pairs = Array.from({ length: 60 }, () => [cells[Math.floor(random() * cells.length)]!, cells[Math.floor(random() * cells.length)]!]);
  });

  afterAll(async () => {
    await pool.close();
    planner.dispose();
    world.dispose();
  });

  async function expectPoolAsPlanner(rules: WorldBlocks): Promise<void> {
    const batch = await pool.findPaths(pairs);
    let found = 0;
    pairs.forEach(([s, g], i) => {
      const p = planner.findPath(s, g);
      expect(batch.found(i), `query ${i}`).toBe(p.found);
      if (!p.found) return;
      found++;
      expect(batch.cost[i], `query ${i}`).toBe(p.cost);
      expect(Array.from(batch.path(i)), `query ${i}`).toEqual(Array.from(p.cells));
      expect(rules.check(batch.path(i), [s.x, s.y, s.z], [g.x, g.y, g.z], batch.cost[i]!), `query ${i}`).toBe('');
    });
    expect(found).toBeGreaterThan(20);
  }

  test('workers see the BlockWorld\'s layer and take the same cost changes', async () => {
    await expectPoolAsPlanner(rulesOf(world, world, layer));
    const changes = pairs.slice(0, 10).map(([s]) => ({ ...s, value: 200 }));
    const [update, local] = [await pool.applyCostChanges(changes), planner.applyCostChanges(changes)];
    expect([update.version, update.costsChanged, update.clustersRebuilt]).toEqual([1, local.costsChanged, local.clustersRebuilt]);
    for (const c of changes) layer[(c.z * world.height + c.y) * world.width + c.x] = 200;
    await expectPoolAsPlanner(rulesOf(world, world, layer));
    await expect(pool.applyCostChanges([{ x: 0, y: 0, z: 0, value: 0 }])).rejects.toThrow('WorldPathPool.applyCostChanges: changes[0]: value must be an integer in 1..255, got 0');
    await expect(pool.applyCostChanges([{ x: 40, y: 0, z: 0, value: 9 }])).rejects.toThrow('changes[0]: cell (40, 0, 0) is outside the 40x32x6 world');
    expect(pool.version).toBe(1);
  });

  test('a layer given as an option of a pool of the world\'s text; a bad one is refused', async () => {
    await using fromText = await createPathPool({ world: world.toText(), costLayer: planner.costLayer()!, hierarchy: OPTIONS, workers: 1, mode });
    const batch = await fromText.findPaths(pairs.slice(0, 10));
    pairs.slice(0, 10).forEach(([s, g], i) => expect(batch.cost[i]).toBe(planner.findPath(s, g).cost));
    await expect(createPathPool({ world: world.toText(), costLayer: new Uint8Array(7), hierarchy: OPTIONS, workers: 1, mode })).rejects.toThrow(
      'cost layer has 7 cells, expected 7680 for 40x32x6',
    );
  });
});
