// hpastar.Planner: one planner serving several agent classes of a map. Each class answers as the HPAStar
// built on its own grid (Grid.forAgent) does; every path is checked for the class's whole square against
// the map's characters (helpers/footprint.ts); edits reach every class; saved planners load back, and
// forged or truncated bytes are refused by name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, FLOW_DX, FLOW_DY, loadHpastar, WorldHPAStar, type Grid, type Hpastar, type Planner, type Point } from '../../web/lib/index';
import { packSections } from '../../web/lib/planner';
import { squareFits, validateFootprint } from './helpers/footprint';
import { seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

const CLASSES = [
  { size: 1, capability: 'ground,swamp' },
  { size: 2, capability: 'ground,trees' },
  { size: 3, capability: 'ground' },
];
const HIERARCHY = { clusterSize: 16, levels: 2 };

let hp: Hpastar;
let grid: Grid;
let map: MapText;
let planner: Planner;
/** Planner.load's answer for a grid's bytes, a Planner (Planner.load gives a WorldHPAStar for a world's). */
function loadGridPlanner(bytes: Uint8Array): Planner {
  const loaded = hp.Planner.load(bytes);
  if (loaded instanceof WorldHPAStar) throw new Error("a grid planner's bytes loaded as a block world's");
  return loaded;
}

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile('den520d.map');
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, 'den520d.map');
  planner = hp.Planner.build(grid, { agents: CLASSES, hierarchy: HIERARCHY });
});
afterAll(() => {
  planner.dispose();
  grid.dispose();
});

function pairsFor(m: MapText, capability: string, size: number, count: number, seed: number): [Point, Point][] {
  const cells: Point[] = [];
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) if (squareFits(m, capability, size, x, y)) cells.push({ x, y });
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Array.from({ length: count }, () => [pick(), pick()] as [Point, Point]);
}

describe('a planner of three agent classes', () => {
  test('answers each class as the HPAStar built on its own grid, every path legal for the square', () => {
    expect(planner.agents).toEqual(CLASSES);
    for (const [k, c] of CLASSES.entries()) {
      using classGrid = hp.Grid.forAgent(grid, c);
      using own = hp.HPAStar.build(classGrid, HIERARCHY);
      expect(planner.forAgent(c).agent).toEqual(c);
      const agent = { size: c.size, capability: c.capability.split(',').reverse().join(',') }; // names in any order
      for (const [start, goal] of pairsFor(map, c.capability, c.size, 30, 10 + k)) {
        const path = planner.findPath(start, goal, { agent });
        const expected = own.findPath(start, goal);
        expect(path.found).toBe(expected.found);
        if (!path.found) continue;
        expect(path.cost).toBe(expected.cost);
        validateFootprint(map, c.capability, c.size, path.cells, start, goal, path.cost);
      }
    }
  });

  test('plans, query objects, reachability and flow fields are per class', () => {
    const c = CLASSES[2]!;
    const [start, goal] = pairsFor(map, c.capability, c.size, 1, 5)[0]!;
    const plan = planner.plan(start, goal, { agent: c });
    const cells: number[] = [];
    for (let s = plan.nextSegment(); s; s = plan.nextSegment()) cells.push(...(cells.length ? s.slice(2) : s));
    validateFootprint(map, c.capability, c.size, Int32Array.from(cells), start, goal, stepsCost(cells));
    using query = planner.createQuery({ agent: c });
    expect(query.findPath(start, goal).cost).toBe(planner.findPath(start, goal, { agent: c }).cost);
    expect(planner.isReachable(start, goal, { agent: c })).toBe(true);
    // A cell only a one-cell agent stands on: blocked for the 3 x 3 class, which snaps it elsewhere.
    const narrow = pairsFor(map, 'ground,swamp', 1, 400, 8).map(([s]) => s).find((p) => !squareFits(map, c.capability, c.size, p.x, p.y))!;
    expect(planner.componentOf(narrow)).toBeGreaterThanOrEqual(0);
    const near = planner.nearestPassable(narrow, { agent: c })!;
    expect(squareFits(map, c.capability, c.size, near.x, near.y)).toBe(true);
    const field = planner.flowField(goal, { agent: c });
    for (let y = 0; y < map.height; y += 2) {
      for (let x = 0; x < map.width; x += 2) {
        const d = field.direction(x, y);
        if (d > 7) continue;
        expect(squareFits(map, c.capability, c.size, x, y) && squareFits(map, c.capability, c.size, x + FLOW_DX[d]!, y + FLOW_DY[d]!)).toBe(true);
      }
    }
  });

  test('an edit reaches every class: each rebuilds its part, paths after it stay legal for each square', () => {
    using edited = loadGridPlanner(planner.serialize());
    const rows = map.rows.map((r) => r.split(''));
    const edits = [0, 1, 2, 3, 4, 5].map((d) => ({ x: 100 + d, y: 60, terrain: '@' }));
    for (const e of edits) rows[e.y]![e.x] = '@';
    const now: MapText = { ...map, rows: rows.map((r) => r.join('')) };
    const update = edited.applyEdits(edits);
    expect(edited.version).toBe(planner.version + 1);
    expect(update.classes).toHaveLength(3);
    expect(update.cellsChanged).toBe(6);
    const union = new Set(Array.from({ length: update.rebuilt[0]!.rects.length / 4 }, (_, r) => Array.from(update.rebuilt[0]!.rects.subarray(4 * r, 4 * r + 4)).join()));
    for (const part of update.classes) {
      for (let r = 0; r < part.rebuilt[0]!.rects.length; r += 4) expect(union.has(Array.from(part.rebuilt[0]!.rects.subarray(r, r + 4)).join())).toBe(true);
    }
    for (const [k, c] of CLASSES.entries()) {
      for (const [start, goal] of pairsFor(now, c.capability, c.size, 20, 30 + k)) {
        const path = edited.findPath(start, goal, { agent: c });
        if (path.found) validateFootprint(now, c.capability, c.size, path.cells, start, goal, path.cost);
      }
    }
  });

  test('saved and loaded, it answers as before; a pool made from it serves every class', async () => {
    using loaded = loadGridPlanner(planner.serialize());
    expect(loaded.agents).toEqual(CLASSES);
    await using pool = await createPathPool({ planner, workers: 2, mode: 'copied', jobSize: 5 });
    expect(pool.agents).toEqual(CLASSES);
    for (const [k, c] of CLASSES.entries()) {
      const pairs = pairsFor(map, c.capability, c.size, 20, 50 + k);
      const mine = planner.findPaths(pairs, { agent: c });
      expect(Array.from(loaded.findPaths(pairs, { agent: c }).cost)).toEqual(Array.from(mine.cost));
      expect(Array.from((await pool.findPaths(pairs, { agent: c })).cost)).toEqual(Array.from(mine.cost));
    }
    // HPAStar.serialize's bytes load as a planner of one class.
    using one = loadGridPlanner(planner.forAgent(CLASSES[1]).serialize());
    expect(one.agents).toEqual([CLASSES[1]]);
  });
});

function stepsCost(cells: number[]): number {
  let cost = 0;
  for (let i = 2; i < cells.length; i += 2) cost += cells[i] !== cells[i - 2] && cells[i + 1] !== cells[i - 1] ? Math.SQRT2 : 1;
  return cost;
}

describe("SHPA*'s merged clusters cut the same planner", () => {
  const MERGED = { clusterSize: 4, mergedClusterSide: 16, cacheTrees: true };

  test('every class answers with legal paths, edits reach every class, and the cutting is saved', () => {
    using merged = hp.Planner.build(grid, { agents: CLASSES, hierarchy: MERGED });
    expect(merged.forAgent(CLASSES[0]).options.mergedClusterSide).toBe(16);
    // Clusters of any shape: far fewer level-1 clusters than the squares of their tiles would give.
    const level1 = merged.forAgent(CLASSES[0]).stats.levels[0]!;
    expect(level1.clusters).toBeLessThan(Math.ceil(map.width / 4) * Math.ceil(map.height / 4));
    for (const [k, c] of CLASSES.entries()) {
      for (const [start, goal] of pairsFor(map, c.capability, c.size, 25, 70 + k)) {
        const path = merged.findPath(start, goal, { agent: c });
        expect(path.found).toBe(planner.isReachable(start, goal, { agent: c }));
        if (path.found) validateFootprint(map, c.capability, c.size, path.cells, start, goal, path.cost);
      }
    }
    const rows = map.rows.map((r) => r.split(''));
    const edits = [0, 1, 2, 3, 4, 5].map((d) => ({ x: 100 + d, y: 60, terrain: '@' }));
    for (const e of edits) rows[e.y]![e.x] = '@';
    const now: MapText = { ...map, rows: rows.map((r) => r.join('')) };
    merged.applyEdits(edits);
    using loaded = loadGridPlanner(merged.serialize());
    for (const [k, c] of CLASSES.entries()) {
      const pairs = pairsFor(now, c.capability, c.size, 20, 90 + k);
      const after = merged.findPaths(pairs, { agent: c });
      expect(Array.from(loaded.findPaths(pairs, { agent: c }).cost)).toEqual(Array.from(after.cost));
      for (const [i, [start, goal]] of pairs.entries()) {
        const path = merged.findPath(start, goal, { agent: c });
        expect(path.cost).toBe(after.cost[i]);
        if (path.found) validateFootprint(now, c.capability, c.size, path.cells, start, goal, path.cost);
      }
    }
  });

  test('a cutting it cannot make is refused naming the value', () => {
    expect(() => hp.Planner.build(grid, { hierarchy: { ...MERGED, levels: 2 } })).toThrow('levels 2 with merged clusters');
    expect(() => hp.Planner.build(grid, { hierarchy: { clusterSize: 20, mergedClusterSide: 8 } })).toThrow('merged cluster side 8 is below the cluster size 20');
  });
});

describe('bad input is refused by name', () => {
  test('classes it does not serve, malformed options, a class grid with agents', () => {
    const a = { x: 1, y: 1 };
    expect(() => planner.findPath(a, a, { agent: { size: 4, capability: 'ground' } })).toThrow(
      "Planner.findPath: this planner serves no agents of size 4 ground (it serves size 1 ground,swamp; size 2 ground,trees; size 3 ground): declare the class in Planner.build's agents",
    );
    expect(() => planner.isReachable(a, a, { agnet: 1 } as never)).toThrow('Planner.isReachable: unknown option "agnet" (known: agent)');
    expect(() => hp.Planner.build(grid, { agent: CLASSES[0] } as never)).toThrow('Planner.build: unknown option "agent" (known: agents, hierarchy, onProgress)');
    expect(() => hp.Planner.build(grid, { agents: [CLASSES[1]!, { size: 2, capability: ['trees', 'ground'] }] })).toThrow(
      'Planner.build: agents[0] and agents[1] are the same class (size 2, ground,trees): give each class once',
    );
    using classGrid = hp.Grid.forAgent(grid, CLASSES[1]!);
    expect(() => hp.Planner.build(classGrid, { agents: CLASSES })).toThrow('Planner.build: the grid is already made for agents of size 2 (ground,trees): give the grid it was made from');
    expect(() => hp.Planner.build(grid, { agents: [{ size: 9, capability: 'ground' }] })).toThrow('size 9 is outside 1..8');
  });

  test('forged, truncated and mixed saved planners', () => {
    const bytes = planner.serialize();
    const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
    const forged = (change: (b: Uint8Array) => void) => {
      const b = bytes.slice();
      change(b);
      return b;
    };
    expect(() => hp.Planner.load(bytes.subarray(0, 10))).toThrow("Planner.load: the planner's header is truncated (10 bytes, at least 12 expected)");
    expect(() => hp.Planner.load(forged((b) => (b[4] = 2)))).toThrow("Planner.load: planner format 2 is not this version's (1)");
    expect(() => hp.Planner.load(forged((b) => view(b).setUint32(8, 0, true)))).toThrow('Planner.load: the planner names 0 agent classes, expected 1 to 64');
    expect(() => hp.Planner.load(forged((b) => view(b).setUint32(8, 1000, true)))).toThrow('Planner.load: the planner names 1000 agent classes');
    expect(() => hp.Planner.load(forged((b) => view(b).setUint32(12, 0xffffffff, true)))).toThrow(/Planner\.load: section 0 of 4294967295 bytes at offset 24 runs past the end/);
    expect(() => hp.Planner.load(bytes.subarray(0, bytes.length - 1))).toThrow(/Planner\.load: section 2 of \d+ bytes at offset \d+ runs past the end/);
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(() => hp.Planner.load(longer)).toThrow(`Planner.load: 3 bytes follow the last section (offset ${bytes.length})`);
    // A flipped byte inside the second section: that section's own check names it.
    const second = 24 + view(bytes).getUint32(12, true);
    expect(() => hp.Planner.load(forged((b) => (b[second + 100] = b[second + 100]! ^ 0xff)))).toThrow(/^Planner\.load: section 1: /);
    // Two sections of the same class, and sections of two maps.
    const sizes = [0, 1, 2].map((i) => view(bytes).getUint32(12 + 4 * i, true));
    const first = bytes.subarray(24, 24 + sizes[0]!);
    expect(() => hp.Planner.load(packSections([first, first]))).toThrow('Planner.load: sections 0 and 1 are the same agent class (size 1, ground,swamp)');
    using other = hp.Grid.fromTerrain('.'.repeat(64), 8, 8);
    using small = hp.HPAStar.build(other);
    expect(() => hp.Planner.load(packSections([first, small.serialize()]))).toThrow('Planner.load: section 1 is a 8x8 map, section 0 a 256x257 one');
  });
});

describe('one entry for grids and block worlds', () => {
  test('Planner.build of a block world is its WorldHPAStar; createPathPool of a world is its world pool', async () => {
    using world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 40, height: 32, levels: 4 }, seed: 3 });
    using built = hp.Planner.build(world, { hierarchy: { clusterSide: 8 } });
    using direct = hp.WorldHPAStar.build(world, { clusterSide: 8 });
    expect(built).toBeInstanceOf(WorldHPAStar);
    expect(built.options).toEqual(direct.options);
    const cells: { x: number; y: number; z: number }[] = [];
    for (let z = 0; z < world.levels; z++) world.standingFloor(z).forEach((s, i) => s && cells.push({ x: i % 40, y: Math.floor(i / 40), z }));
    const random = seeded(4);
    for (let t = 0; t < 30; t++) {
      const a = cells[Math.floor(random() * cells.length)]!, b = cells[Math.floor(random() * cells.length)]!;
      if (!world.isReachable(a, b)) continue;
      const [p, q] = [built.findPath(a, b), direct.findPath(a, b)];
      expect([p.cost, Array.from(p.cells)]).toEqual([q.cost, Array.from(q.cells)]);
      expect(world.validatePath(a, b, p.cells, p.cost)).toBe('');
    }
    using again = hp.Planner.build(world, { agents: [{ size: 1, capability: 'ground' }] });
    expect(again.version).toBe(0);
    expect(() => hp.Planner.build(world, { agents: [{ size: 2, capability: 'ground' }] })).toThrow(/^Planner\.build: a block world has one agent class, one block tall \(size 1\)/);
    expect(() => hp.Planner.build(world, { hierarchy: { clusterSide: 1 } })).toThrow(RangeError);
    await using pool = await createPathPool({ world, hierarchy: { clusterSide: 8 }, workers: 1 });
    expect([pool.width, pool.height, pool.levels]).toEqual([40, 32, 4]);
    const pairs = cells.filter((_, i) => i % 97 === 0).map((c, i, all) => [c, all[(i + 1) % all.length]!] as const);
    const batch = await pool.findPaths(pairs);
    pairs.forEach(([a, b], i) => {
      if (batch.found(i)) expect(batch.cost[i]).toBe(direct.findPath(a, b).cost);
      else expect(world.isReachable(a, b)).toBe(false);
    });
  });
});
