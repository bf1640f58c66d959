// Block worlds through the TypeScript API: parsing and its errors, generated worlds, floors read in bulk,
// A* and HPA* across floors (every path checked by the core's validator through the binding AND by an
// independent reading of the rules, helpers/worldRules.ts), HPA* finding a path exactly when A* does,
// block changes against a fresh build, and the errors of bad input.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type BlockWorld, type Hpastar, type Voxel, type WorldPathResult } from '../../web/lib/index';
import { clusterBoxes } from '../../web/lib/inspect';
import { WORLD_OPTION_KINDS } from '../../web/lib/world';
import { seeded } from './helpers/queries';
import { AIR, LADDER, SOLID, STAIRS, WorldBlocks } from './helpers/worldRules';
import { standingCells, worldText } from './helpers/worlds';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

/**
 * Two floors: on level 0 a wall (x = 4) splits the rows 1 to 3, and row 0 is solid, a walkway on level
 * 1. The right half of level 0 is reached from the left only over level 1: by the stairs either side of
 * the wall (row 2), by the ladder at (0, 1) and the walkway, or by a climb onto the wall's top.
 */
const TWO_FLOORS = [
  [
    '########',
    'H...#...',
    '...>#<..',
    '....#...',
  ],
  [
    '........',
    '........',
    '........',
    '........',
  ],
];

function blocksOf(world: BlockWorld): WorldBlocks {
  const floors = Array.from({ length: world.levels }, (_, z) => world.floor(z));
  return new WorldBlocks(world.width, world.height, world.levels, floors);
}

const xyz = (v: Voxel) => [v.x, v.y, v.z];

/** Both checks of a found path: the core's (through the binding) and the independent one. */
function expectValid(world: BlockWorld, rules: WorldBlocks, start: Voxel, goal: Voxel, path: WorldPathResult): void {
  expect(world.validatePath(start, goal, path.cells, path.cost)).toBe('');
  expect(rules.check(path.cells, xyz(start), xyz(goal), path.cost)).toBe('');
}

const levelsOf = (cells: Int32Array) => new Set(Array.from({ length: cells.length / 3 }, (_, i) => cells[3 * i + 2]));

describe('block kinds', () => {
  test('the module declares the block kinds the API names, in the oracle’s codes', () => {
    expect(hp.BlockWorld.blockKinds.map((k) => [k.code, k.char, k.name])).toEqual([
      [AIR, '.', 'air'],
      [SOLID, '#', 'solid'],
      [LADDER, 'H', 'ladder'],
      [STAIRS[0]!.code, '^', 'stair-north'],
      [STAIRS[1]!.code, '>', 'stair-east'],
      [STAIRS[2]!.code, 'v', 'stair-south'],
      [STAIRS[3]!.code, '<', 'stair-west'],
    ]);
    expect(hp.BlockWorld.limits.kinds).toEqual(['caves', 'towers', 'hills']);
    expect(Object.keys(hp.WorldHPAStar.defaultOptions).sort()).toEqual(Object.keys(WORLD_OPTION_KINDS).sort());
  });
});

describe('parsing', () => {
  test('a parsed world gives its blocks per floor in one call, as blockAt gives them one by one', () => {
    using world = hp.BlockWorld.parse(worldText(TWO_FLOORS), 'two.world');
    expect([world.width, world.height, world.levels]).toEqual([8, 4, 2]);
    for (let z = 0; z < world.levels; z++) {
      const floor = world.floor(z);
      const standing = world.standingFloor(z);
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 8; x++) {
          const name = world.blockAt(x, y, z)!;
          expect(hp.BlockWorld.blockKinds[floor[y * 8 + x]!]!.name).toBe(name);
          expect(standing[y * 8 + x]).toBe(world.isStanding(x, y, z) ? 1 : 0);
        }
    }
    expect(world.blockAt(1, 1, 0)).toBe('air');
    expect(world.blockAt(0, 1, 0)).toBe('ladder');
    expect(world.blockAt(3, 2, 0)).toBe('stair-east');
    expect(world.blockAt(5, 2, 0)).toBe('stair-west');
    expect(world.blockAt(8, 0, 0)).toBeNull();
    // The text round-trips.
    using again = hp.BlockWorld.parse(world.toText());
    for (let z = 0; z < 2; z++) expect(again.floor(z)).toEqual(world.floor(z));
  });

  test('errors name the file, the line and the value, and the module goes on working', () => {
    const text = worldText(TWO_FLOORS);
    expect(() => hp.BlockWorld.parse(text.replace('H...#...', 'H...#.x.'), 'bad.world')).toThrow(
      "bad.world:8: unknown block character 'x' at column 7 (block 6, 1, 0)",
    );
    expect(() => hp.BlockWorld.parse(text.replace('H...#...', 'H...#..'), 'bad.world')).toThrow(
      'bad.world:8: level 0 row 1 has 7 characters, header says width 8',
    );
    expect(() => hp.BlockWorld.parse(text.replace('levels 2', 'levels 0'), 'bad.world')).toThrow('bad.world:4: levels 0 is outside 1..1024');
    expect(() => hp.BlockWorld.parse('', 'empty.world')).toThrow('empty.world:1: empty file, expected "type octile"');
    expect(() => hp.BlockWorld.parse(42 as unknown as string)).toThrow(TypeError);
    using world = hp.BlockWorld.parse(text);
    expect(world.levels).toBe(2);
  });
});

describe('generated worlds', () => {
  test('the same options make the same world; bad options are refused with the problem named', () => {
    const size = { width: 40, height: 32, levels: 6 };
    using a = hp.BlockWorld.generate({ kind: 'hills', size, seed: 3 });
    using b = hp.BlockWorld.generate({ kind: 'hills', size, seed: 3 });
    using c = hp.BlockWorld.generate({ kind: 'hills', size, seed: 4 });
    expect(a.toText()).toBe(b.toText());
    expect(a.toText()).not.toBe(c.toText());
    expect(() => hp.BlockWorld.generate({ kind: 'lakes' as 'caves', size })).toThrow('BlockWorld.generate: unknown kind "lakes" (known: caves, towers, hills)');
    expect(() => hp.BlockWorld.generate({ kind: 'caves', size: { width: 0, height: 3, levels: 2 } })).toThrow(RangeError);
    expect(() => hp.BlockWorld.generate({ kind: 'caves', size: { width: 9000, height: 9000, levels: 2 } })).toThrow(/outside/);
    expect(() => hp.BlockWorld.generate({ kind: 'caves', size, seed: -1 })).toThrow(RangeError);
    expect(() => hp.BlockWorld.generate({ kind: 'caves', size, colour: 1 } as never)).toThrow('unknown option "colour"');
    expect(() => a.floor(6)).toThrow('BlockWorld.floor: level 6 is outside 0..5');
  });
});

describe('paths across floors', () => {
  test('the hand-made world: over the wall by the stair or the ladder, each step legal', () => {
    using world = hp.BlockWorld.parse(worldText(TWO_FLOORS));
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 4, clusterLevels: 2, levels: 2 });
    using astar = new hp.WorldAStar();
    const rules = blocksOf(world);
    const start = { x: 1, y: 3, z: 0 }, goal = { x: 7, y: 3, z: 0 };
    const a = astar.findPath(world, start, goal);
    const h = planner.findPath(start, goal);
    for (const path of [a, h]) {
      expect(path.found).toBe(true);
      expectValid(world, rules, start, goal, path);
      expect(levelsOf(path.cells)).toEqual(new Set([0, 1]));
    }
    expect(h.cost).toBeGreaterThanOrEqual(a.cost - 1e-9);
    // The independent rules agree with the world on who stands where.
    for (let z = 0; z < 2; z++)
      for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) expect(rules.standing(x, y, z)).toBe(world.isStanding(x, y, z));
  });

  test.each([
    ['caves', 11],
    ['towers', 12],
    ['hills', 13],
  ] as const)('%s: HPA* finds a path exactly when A* does, every path legal, some across floors', (kind, seed) => {
    using world = hp.BlockWorld.generate({ kind, size: { width: 48, height: 48, levels: 8 }, seed });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4, levels: 2 });
    using astar = new hp.WorldAStar();
    const rules = blocksOf(world);
    const cells = standingCells(world);
    const random = seeded(seed);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    let found = 0, crossing = 0;
    for (let q = 0; q < 60; q++) {
      const start = pick(), goal = pick();
      const a = astar.findPath(world, start, goal);
      const h = planner.findPath(start, goal);
      expect(h.found, `${xyz(start)} -> ${xyz(goal)}`).toBe(a.found);
      expect(planner.isReachable(start, goal)).toBe(a.found);
      expect(world.isReachable(start, goal)).toBe(a.found);
      expect(world.componentOf(start) === world.componentOf(goal)).toBe(a.found);
      if (!a.found) {
        expect(h.expanded).toBe(0); // answered from the labels
        continue;
      }
      found++;
      expectValid(world, rules, start, goal, a);
      expectValid(world, rules, start, goal, h);
      expect(h.cost).toBeGreaterThanOrEqual(a.cost - 1e-9);
      if (levelsOf(h.cells).size > 1) crossing++;
    }
    expect(found).toBeGreaterThan(10);
    expect(crossing).toBeGreaterThan(0);
    expect(planner.stats.levels).toHaveLength(2);
    expect(planner.stats.levels[0]!.nodes).toBeGreaterThan(0);
  });

  test('smoothing (on by default) never makes a path costlier; smooth: false is the refined path; other options are refused', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 48, height: 48, levels: 8 }, seed: 21 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4, levels: 2 });
    const rules = blocksOf(world);
    const cells = standingCells(world);
    const random = seeded(21);
    let smoothedTotal = 0, plainTotal = 0, changed = 0;
    for (let q = 0; q < 60; q++) {
      const start = cells[Math.floor(random() * cells.length)]!, goal = cells[Math.floor(random() * cells.length)]!;
      const byDefault = planner.findPath(start, goal);
      const smoothed = planner.findPath(start, goal, { smooth: true });
      const plain = planner.findPath(start, goal, { smooth: false });
      expect(smoothed).toEqual(byDefault);
      expect(plain.found).toBe(smoothed.found);
      if (!plain.found) continue;
      expectValid(world, rules, start, goal, smoothed);
      expectValid(world, rules, start, goal, plain);
      expect(smoothed.cost).toBeLessThanOrEqual(plain.cost + 1e-9);
      expect(planner.findPath(start, goal, { smooth: false })).toEqual(plain);
      smoothedTotal += smoothed.cost;
      plainTotal += plain.cost;
      if (smoothed.cells.length !== plain.cells.length) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    expect(smoothedTotal).toBeLessThan(plainTotal);
    const [start, goal] = [cells[0]!, cells[1]!];
    expect(() => planner.findPath(start, goal, { smoothing: false } as never)).toThrow('WorldHPAStar.findPath: unknown option "smoothing" (known: smooth, toNearest, pathShape)');
    expect(() => planner.findPath(start, goal, { smooth: 1 } as never)).toThrow('WorldHPAStar.findPath: option smooth must be a boolean, got 1');
    expect(() => planner.findPath(start, goal, 'fast' as never)).toThrow(TypeError);
  });

  test('a start or goal where no agent stands is a PathQueryError naming the cell', () => {
    using world = hp.BlockWorld.parse(worldText(TWO_FLOORS));
    using planner = hp.WorldHPAStar.build(world);
    using astar = new hp.WorldAStar();
    expect(() => planner.findPath({ x: 4, y: 1, z: 0 }, { x: 0, y: 0, z: 0 })).toThrow(PathQueryError);
    expect(() => planner.findPath({ x: 1, y: 1, z: 0 }, { x: 3, y: 3, z: 1 })).toThrow('goal (3, 3, 1) is outside the world or not a cell an agent stands in');
    expect(() => astar.findPath(world, { x: -1, y: 0, z: 0 }, { x: 0, y: 0, z: 0 })).toThrow('start (-1, 0, 0)');
    expect(() => planner.findPath({ x: 0.5, y: 0, z: 0 } as Voxel, { x: 0, y: 0, z: 0 })).toThrow(TypeError);
  });
});

describe('digging and building', () => {
  test('changes to the planner answer as a fresh build of the changed world', () => {
    using world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 48, height: 48, levels: 8 }, seed: 5 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4 });
    using astar = new hp.WorldAStar();
    const random = seeded(5);
    for (let round = 0; round < 4; round++) {
      // A few blocks dug or placed anywhere, the same on the world and on the planner.
      const changes = Array.from({ length: 6 }, () => ({
        x: Math.floor(random() * 48),
        y: Math.floor(random() * 48),
        z: Math.floor(random() * 8),
        block: random() < 0.5 ? ('air' as const) : ('solid' as const),
      }));
      world.setBlocks(changes);
      planner.applyBlockChanges(changes);
      for (let z = 0; z < 8; z++) expect(planner.floor(z)).toEqual(world.floor(z));
      using fresh = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4 });
      expect(planner.stats.levels).toEqual(fresh.stats.levels);
      const rules = blocksOf(world);
      const cells = standingCells(world);
      for (let q = 0; q < 20; q++) {
        const start = cells[Math.floor(random() * cells.length)]!, goal = cells[Math.floor(random() * cells.length)]!;
        const a = astar.findPath(world, start, goal);
        const h = planner.findPath(start, goal);
        // The refined paths cost the same (their cells may differ where two tie, and so may the
        // smoothed paths made from them).
        const refined = planner.findPath(start, goal, { smooth: false });
        const f = fresh.findPath(start, goal, { smooth: false });
        expect(h.found).toBe(a.found);
        expect(refined.cost).toBe(f.cost);
        if (h.found) expectValid(world, rules, start, goal, h);
        if (h.found) expect(h.cost).toBeLessThanOrEqual(refined.cost + 1e-9);
      }
    }
    expect(planner.version).toBe(4);
    expect(world.version).toBe(4);
  });

  test('a wall dug through opens a path; a block placed in a corridor closes it', () => {
    using world = hp.BlockWorld.parse(worldText([['..#..', '..#..', '..#..']]));
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1 });
    const start = { x: 0, y: 1, z: 0 }, goal = { x: 4, y: 1, z: 0 };
    expect(planner.findPath(start, goal).found).toBe(false);
    planner.applyBlockChanges([{ x: 2, y: 1, z: 0, block: 'air' }]);
    const through = planner.findPath(start, goal);
    expect(through.found).toBe(true);
    expect(through.cost).toBe(4);
    world.setBlock(2, 1, 0, 'air');
    expect(world.validatePath(start, goal, through.cells, through.cost)).toBe('');
    planner.applyBlockChanges([{ x: 2, y: 1, z: 0, block: 'ladder' }, { x: 2, y: 1, z: 0, block: 'solid' }]);
    expect(planner.findPath(start, goal).found).toBe(false);
  });

  test('refused changes change nothing and name the problem', () => {
    using world = hp.BlockWorld.parse(worldText(TWO_FLOORS));
    using planner = hp.WorldHPAStar.build(world);
    const before = planner.floor(0);
    expect(() => planner.applyBlockChanges([{ x: 0, y: 0, z: 0, block: 'solid' }, { x: 8, y: 0, z: 0, block: 'air' }])).toThrow(
      'WorldHPAStar.applyBlockChanges: change 1: block (8, 0, 0) is outside the 8x4x2 world',
    );
    expect(() => planner.applyBlockChanges([{ x: 0, y: 0, z: 0, block: 'lava' as 'air' }])).toThrow(/block "lava" is not one of 'air', 'solid'/);
    expect(() => world.setBlock(0, 0, 2, 'solid')).toThrow(RangeError);
    expect(planner.floor(0)).toEqual(before);
    expect(world.floor(0)).toEqual(before);
    expect(planner.version).toBe(0);
    expect(world.version).toBe(0);
  });
});

describe('options and ownership', () => {
  test('options are checked by name, type and range', () => {
    using world = hp.BlockWorld.parse(worldText(TWO_FLOORS));
    expect(() => hp.WorldHPAStar.build(world, { clusterSize: 4 } as never)).toThrow('unknown option "clusterSize" (known: clusterSide, clusterLevels, levels, entranceWidth, entranceSpacing, boxTrees, landmarks, distanceTable, maxDetour)');
    expect(() => hp.WorldHPAStar.build(world, { clusterSide: 1 })).toThrow('WorldHPAStar.build: cluster side 1 is outside 2..1024');
    expect(() => hp.WorldHPAStar.build(world, { levels: 2.5 })).toThrow(TypeError);
    using planner = hp.WorldHPAStar.build(world, { levels: 3 });
    expect(planner.options).toEqual({ ...hp.WorldHPAStar.defaultOptions, levels: 3 });
    expect(clusterBoxes(planner, 1).length % 6).toBe(0);
    expect(() => clusterBoxes(planner, 4)).toThrow('level 4 is outside 1..3');
  });

  test('the stats say what the top level\'s landmarks and distance table hold', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 32, height: 32, levels: 4 }, seed: 2 });
    using plain = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 2, landmarks: 0 });
    using tabled = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 2, landmarks: 4, distanceTable: true });
    expect([plain.stats.heuristicBytes, plain.stats.distanceTableNodes]).toEqual([0, 0]);
    const top = tabled.stats.levels[tabled.options.levels - 1]!.nodes;
    expect(top).toBeGreaterThan(0);
    expect(tabled.stats.distanceTableNodes).toBe(top);
    // A float and a first-step byte per pair of the table's nodes, at least.
    expect(tabled.stats.heuristicBytes).toBeGreaterThanOrEqual(5 * top * top);
    expect(tabled.stats.heuristicsMs).toBeGreaterThanOrEqual(0);
  });

  test('a disposed world or planner says so', () => {
    const world = hp.BlockWorld.parse(worldText(TWO_FLOORS));
    const planner = hp.WorldHPAStar.build(world);
    world.dispose();
    planner.dispose();
    expect(() => world.floor(0)).toThrow('this BlockWorld has been disposed');
    expect(() => planner.findPath({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })).toThrow('this WorldHPAStar has been disposed');
    expect(() => hp.WorldHPAStar.build(world)).toThrow('has been disposed');
  });
});
