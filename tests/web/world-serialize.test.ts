// Saved block-world planners (WorldHPAStar.serialize): loaded by WorldHPAStar.load or Planner.load (which
// tells a world's bytes from a grid's by their header), they answer every query as the saved planner, with
// legal paths, and follow block changes as it does; a world pool made from a planner loads its bytes in
// every worker; damaged, truncated and foreign bytes are refused with errors that name the problem.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, WorldHPAStar, type BlockChange, type BlockWorld, type Hpastar, type Voxel } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { standingCells } from './helpers/worlds';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

const GENERATE = { kind: 'caves', size: { width: 40, height: 32, levels: 6 }, seed: 4 } as const;
const OPTIONS = { clusterSide: 8, clusterLevels: 3, levels: 2 } as const;

function pairsOf(world: BlockWorld, count: number, seed: number): [Voxel, Voxel][] {
  const cells = standingCells(world);
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Array.from({ length: count }, () => [pick(), pick()]);
}

/** Fails unless both planners give every pair the same status, cost and cells, each path legal in `world`. */
function expectSameAnswers(a: WorldHPAStar, b: WorldHPAStar, world: BlockWorld, pairs: [Voxel, Voxel][]): void {
  let found = 0;
  for (const [start, goal] of pairs) {
    const p = a.findPath(start, goal);
    const q = b.findPath(start, goal);
    expect([q.found, q.cost, Array.from(q.cells)]).toEqual([p.found, p.cost, Array.from(p.cells)]);
    if (!q.found) continue;
    found++;
    expect(world.validatePath(start, goal, q.cells, q.cost)).toBe('');
  }
  expect(found).toBeGreaterThan(pairs.length / 4);
}

/** The planner's world (its own copy, as changed) as a BlockWorld of `size`, for the path checks after block changes. */
function worldOf(planner: WorldHPAStar, size: { width: number; height: number; levels: number }): BlockWorld {
  const kinds = hp.BlockWorld.blockKinds;
  const levels = Array.from({ length: size.levels }, (_, z) => {
    const floor = planner.floor(z);
    return Array.from({ length: size.height }, (_, y) => Array.from(floor.subarray(y * size.width, (y + 1) * size.width), (c) => kinds[c]!.char).join(''));
  });
  const head = `type octile\nheight ${size.height}\nwidth ${size.width}\nlevels ${size.levels}\nmap\n`;
  return hp.BlockWorld.parse(head + levels.map((rows, z) => `level ${z}\n${rows.join('\n')}\n`).join(''));
}

describe('saved block-world planners', () => {
  test('loaded by WorldHPAStar.load or Planner.load, it answers as the saved one and follows block changes alike', () => {
    using world = hp.BlockWorld.generate(GENERATE);
    using saved = hp.WorldHPAStar.build(world, OPTIONS);
    const bytes = saved.serialize();
    using loaded = hp.WorldHPAStar.load(bytes);
    const viaPlanner = hp.Planner.load(bytes);
    expect(viaPlanner).toBeInstanceOf(WorldHPAStar);
    using alsoLoaded = viaPlanner as WorldHPAStar;
    expect(loaded.options).toEqual(saved.options);
    expect(loaded.stats.levels).toEqual(saved.stats.levels);
    expect(loaded.stats.transitions).toBe(saved.stats.transitions);
    expect(Array.from(loaded.serialize())).toEqual(Array.from(bytes));
    const pairs = pairsOf(world, 150, 3);
    expectSameAnswers(saved, loaded, world, pairs);
    expectSameAnswers(saved, alsoLoaded, world, pairs.slice(0, 40));

    const random = seeded(8);
    const names = ['air', 'solid'] as const;
    for (let round = 0; round < 5; round++) {
      const changes: BlockChange[] = Array.from({ length: 4 }, () => ({
        x: Math.floor(random() * world.width),
        y: Math.floor(random() * world.height),
        z: Math.floor(random() * world.levels),
        block: names[Math.floor(random() * 2)]!,
      }));
      saved.applyBlockChanges(changes);
      loaded.applyBlockChanges(changes);
      expect(loaded.version).toBe(saved.version);
      expect(Array.from(loaded.serialize())).toEqual(Array.from(saved.serialize()));
    }
    using changed = worldOf(saved, GENERATE.size);
    expectSameAnswers(saved, loaded, changed, pairsOf(changed, 100, 5));
    // Saved after the changes, the version travels.
    using again = hp.WorldHPAStar.load(saved.serialize());
    expect(again.version).toBe(saved.version);
  });

  test('damaged, truncated and foreign bytes are refused naming the problem', () => {
    using world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 24, height: 20, levels: 6 }, seed: 2 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 6, clusterLevels: 3, levels: 2 });
    const bytes = planner.serialize();
    expect(() => hp.WorldHPAStar.load(bytes.subarray(0, bytes.length - 3))).toThrow(/^WorldHPAStar\.load: section '\w+' at byte [\d,]+: length [\d,]+ runs past the end/);
    const flipped = bytes.slice();
    flipped[bytes.length - 10]! ^= 0x40;
    expect(() => hp.WorldHPAStar.load(flipped)).toThrow(/^WorldHPAStar\.load: section 'landmark' at byte [\d,]+: checksum differs/);
    expect(() => hp.WorldHPAStar.load(new Uint8Array(0))).toThrow('WorldHPAStar.load: not a block-world hierarchy');
    expect(() => hp.WorldHPAStar.load(new Uint8Array([1, 2, 3]))).toThrow('WorldHPAStar.load: not a block-world hierarchy');
    expect(() => hp.WorldHPAStar.load([1, 2, 3] as unknown as Uint8Array)).toThrow(TypeError);
    using grid = hp.Grid.fromTerrain('.'.repeat(64), 8, 8);
    using gridPlanner = hp.HPAStar.build(grid, { clusterSize: 4 });
    expect(() => hp.WorldHPAStar.load(gridPlanner.serialize())).toThrow('WorldHPAStar.load: not a block-world hierarchy');
    // Planner.load tells the kinds apart, and names neither.
    using asGrid = hp.Planner.load(gridPlanner.serialize());
    expect(asGrid).not.toBeInstanceOf(WorldHPAStar);
    expect(() => hp.Planner.load(new Uint8Array([7, 7, 7, 7, 7, 7, 7, 7, 7]))).toThrow(
      "Planner.load: the bytes are no saved planner: neither Planner.serialize's, HPAStar.serialize's nor WorldHPAStar.serialize's (they start with 07 07 07 07 07 07 07 07)",
    );
    expect(() => hp.Planner.load(flipped)).toThrow(/checksum differs/);
  });

  test('a world pool made from a planner loads its bytes in every worker and answers as the planner', async () => {
    using world = hp.BlockWorld.generate(GENERATE);
    using planner = hp.WorldHPAStar.build(world, OPTIONS);
    planner.applyBlockChanges([{ x: 3, y: 3, z: 0, block: 'solid' }]);
    using changed = worldOf(planner, GENERATE.size);
    const pairs = pairsOf(changed, 60, 9);
    for (const mode of ['copied', 'shared'] as const) {
      await using pool = await createPathPool({ planner, workers: 2, mode, jobSize: 8 });
      expect(pool.version).toBe(planner.version);
      expect(pool.options).toEqual(planner.options);
      const packed = new Int32Array(pairs.flatMap(([a, b]) => [a.x, a.y, a.z, b.x, b.y, b.z]));
      const batch = await pool.findPaths(packed);
      const here = planner.findPaths(packed);
      expect([Array.from(batch.status), Array.from(batch.cost), Array.from(batch.cells)]).toEqual([Array.from(here.status), Array.from(here.cost), Array.from(here.cells)]);
      expect(batch.version).toBe(planner.version);
      pairs.forEach(([start, goal], i) => {
        if (batch.found(i)) expect(changed.validatePath(start, goal, batch.path(i), batch.cost[i]!)).toBe('');
      });
    }
    await expect(createPathPool({ planner, generate: GENERATE })).rejects.toThrow('createWorldPool: give the world as world');
    await expect(createPathPool({ planner, hierarchy: { clusterSide: 4 } })).rejects.toThrow('hierarchy options come from the planner');
  });
});
