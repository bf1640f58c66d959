// HAA* and Annotated A* through the TypeScript API: every path checked for the agent's whole square
// against the map's characters (helpers/footprint.ts), HAA* finding a path exactly when Annotated A*
// does, batches, edits, clearance maps, and the errors of bad agents and options.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type Hpastar, type Point } from '../../web/lib/index';
import { agentGraph, borderCrossings } from '../../web/lib/inspect';
import { squareFits, validateFootprint } from './helpers/footprint';
import { seeded } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

const mapText = (rows: string[]) => `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

/**
 * A wall with a one-cell gap on the straight line between the two sides and a two-cell corridor far
 * below: an agent of size 1 goes through the gap, one of size 2 must go round by the corridor.
 */
export const GAP_AND_CORRIDOR = [
  '@@@@@@@@@@@@@@@@@@@@@@@@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@......................@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@.........@@@@.........@',
  '@......................@',
  '@......................@',
  '@@@@@@@@@@@@@@@@@@@@@@@@',
];

/** A seeded 40 × 32 map of ground, water and walls: many narrow places, for sizes 1 to 3. */
function groundAndWater(seed: number): string[] {
  const random = seeded(seed);
  return Array.from({ length: 32 }, () => Array.from({ length: 40 }, () => {
    const r = random();
    return r < 0.08 ? '@' : r < 0.3 ? 'W' : '.';
  }).join(''));
}

/** `count` random [start, goal] pairs where the agent's square fits. */
function agentPairs(map: MapText, capability: string, size: number, count: number, seed: number): [Point, Point][] {
  const cells: Point[] = [];
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (squareFits(map, capability, size, x, y)) cells.push({ x, y });
  if (cells.length === 0) return [];
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Array.from({ length: count }, () => [pick(), pick()] as [Point, Point]);
}

/**
 * For every size and capability: HAA* finds a path exactly when Annotated A* does, both paths are legal
 * for the whole square (cost recomputed), HAA*'s never shorter than the optimum. Returns the queries run.
 */
function checkCompleteness(text: string, capabilities: string[], sizes: number[], perAgent: number, abstraction: 'high' | 'low'): { queries: number; found: number } {
  const map = parseMap(text);
  using grid = hp.Grid.fromMovingAI(text, 'map');
  using haa = hp.HAAStar.build(grid, { maxSize: Math.max(...sizes), abstraction });
  let queries = 0;
  let found = 0;
  for (const capability of capabilities) {
    using aa = hp.AnnotatedAStar.build(grid, capability);
    for (const size of sizes) {
      for (const [start, goal] of agentPairs(map, capability, size, perAgent, 7 * size + capability.length)) {
        const optimum = aa.findPath(start, goal, size);
        const path = haa.findPath(start, goal, { size, capability });
        const where = `${capability} size ${size} (${start.x}, ${start.y}) -> (${goal.x}, ${goal.y})`;
        expect(path.found, where).toBe(optimum.found);
        queries++;
        if (!path.found) continue;
        found++;
        validateFootprint(map, capability, size, optimum.cells, start, goal, optimum.cost);
        validateFootprint(map, capability, size, path.cells, start, goal, path.cost);
        expect(path.cost, where).toBeGreaterThanOrEqual(optimum.cost - 1e-9);
      }
    }
  }
  return { queries, found };
}

describe('HAA* finds a path exactly when Annotated A* does, legal for the whole square', () => {
  test('den520d, sizes 1 to 3, capabilities over ground and trees, high abstraction', () => {
    const { queries, found } = checkCompleteness(readMapsFile('den520d.map'), ['ground', 'trees', 'ground,trees'], [1, 2, 3], 25, 'high');
    expect(queries).toBe(3 * 3 * 25); // every agent has room somewhere on the map
    expect(found).toBeGreaterThan(queries / 2);
  });

  test.each(['high', 'low'] as const)('a map of ground and water, sizes 1 to 3, every capability, %s abstraction', (abstraction) => {
    const { queries, found } = checkCompleteness(mapText(groundAndWater(15)), ['ground', 'water', 'ground,water'], [1, 2, 3], 20, abstraction);
    expect(queries).toBeGreaterThan(100);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(queries);
  });
});

describe('join trees', () => {
  test('without them (joinTrees: false) the same costs, found by searching, for less memory', () => {
    const text = mapText(groundAndWater(16));
    const map = parseMap(text);
    using grid = hp.Grid.fromMovingAI(text, 'map');
    using reading = hp.HAAStar.build(grid, { maxSize: 2 });
    using searching = hp.HAAStar.build(grid, { maxSize: 2, joinTrees: false });
    expect(searching.stats.bytes).toBeLessThan(reading.stats.bytes);
    let found = 0;
    for (const capability of ['ground', 'ground,water']) {
      for (const size of [1, 2]) {
        for (const [start, goal] of agentPairs(map, capability, size, 30, 3 * size + capability.length)) {
          const a = reading.findPath(start, goal, { size, capability });
          const b = searching.findPath(start, goal, { size, capability });
          const where = `${capability} size ${size} (${start.x}, ${start.y}) -> (${goal.x}, ${goal.y})`;
          expect(a.found, where).toBe(b.found);
          if (!a.found) continue;
          found++;
          expect(a.cost, where).toBeCloseTo(b.cost, 4);
          validateFootprint(map, capability, size, a.cells, start, goal, a.cost);
        }
      }
    }
    expect(found).toBeGreaterThan(20);
  });
});

describe('agents of different sizes take different routes', () => {
  test('size 1 goes through the one-cell gap, size 2 round by the corridor', () => {
    const text = mapText(GAP_AND_CORRIDOR);
    const map = parseMap(text);
    using grid = hp.Grid.fromMovingAI(text, 'gap.map');
    using haa = hp.HAAStar.build(grid, { clusterSize: 8, maxSize: 2 });
    const start = { x: 2, y: 2 };
    const goal = { x: 20, y: 2 };
    const infantry = haa.findPath(start, goal, { size: 1, capability: 'ground' });
    const tank = haa.findPath(start, goal, { size: 2, capability: 'ground' });
    validateFootprint(map, 'ground', 1, infantry.cells, start, goal, infantry.cost);
    validateFootprint(map, 'ground', 2, tank.cells, start, goal, tank.cost);
    // The rows where each one crosses the wall (columns 10 to 13).
    const crossing = (cells: Int32Array) =>
      new Set(Array.from({ length: cells.length / 2 }, (_, i) => i).filter((i) => cells[2 * i]! >= 10 && cells[2 * i]! <= 13).map((i) => cells[2 * i + 1]!));
    expect([...crossing(infantry.cells)]).toEqual([3]);
    expect([...crossing(tank.cells)]).toEqual([11]);
    expect(tank.cost).toBeGreaterThan(infantry.cost + 10);
    expect(tank.abstractPath.length).toBeGreaterThanOrEqual(4);
  });
});

describe('batches, edits and clearance', () => {
  test('findPaths answers as findPath does, query by query, with the agent\'s statuses', () => {
    const text = mapText(groundAndWater(3));
    using grid = hp.Grid.fromMovingAI(text, 'map');
    using haa = hp.HAAStar.build(grid, { maxSize: 2 });
    const agent = { size: 2, capability: ['ground', 'water'] } as const;
    const pairs = agentPairs(parseMap(text), 'ground,water', 2, 40, 11);
    pairs.push([{ x: 0, y: 0 }, { x: 500, y: 0 }]);
    const batch = haa.findPaths(pairs, agent);
    expect(batch.count).toBe(pairs.length);
    pairs.forEach(([s, g], i) => {
      if (i === pairs.length - 1) {
        expect(batch.found(i)).toBe(false);
        return;
      }
      const one = haa.findPath(s, g, agent);
      expect(batch.found(i)).toBe(one.found);
      if (one.found) {
        expect(batch.cost[i]).toBeCloseTo(one.cost, 9);
        expect(Array.from(batch.path(i))).toEqual(Array.from(one.cells));
      }
    });
  });

  test('after applyEdits the planner answers as one built from the edited grid', () => {
    const rows = groundAndWater(21);
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'map');
    using haa = hp.HAAStar.build(grid, { maxSize: 3, clusterSize: 8 });
    const edits = [{ x: 10, y: 10, terrain: '@' }, { x: 11, y: 10, terrain: 'W' }, { x: 25, y: 4, terrain: '.' }, { x: 26, y: 4, terrain: '.' }];
    haa.applyEdits(edits);
    expect(haa.version).toBe(1);
    grid.applyEdits(edits);
    using fresh = hp.HAAStar.build(grid, { maxSize: 3, clusterSize: 8 });
    const edited = parseMap(mapText(rows.map((row, y) => [...row].map((c, x) => edits.find((e) => e.x === x && e.y === y)?.terrain ?? c).join(''))));
    for (const capability of ['ground', 'ground,water']) {
      for (const size of [1, 2, 3]) {
        for (const [s, g] of agentPairs(edited, capability, size, 15, size)) {
          const a = haa.findPath(s, g, { size, capability });
          const b = fresh.findPath(s, g, { size, capability });
          expect(a.found).toBe(b.found);
          if (a.found) {
            validateFootprint(edited, capability, size, a.cells, s, g, a.cost);
            expect(a.cost).toBeCloseTo(b.cost, 9);
          }
        }
      }
    }
    expect(() => haa.applyEdits([{ x: 40, y: 0, terrain: '.' }])).toThrow(/outside the 40x32 map/);
  });

  test('true clearance by hand on a small map, and brushfire never above it', () => {
    const rows = ['....', '..@.', '....', 'W...'];
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'small.map');
    using haa = hp.HAAStar.build(grid, { clusterSize: 4, maxSize: 2 });
    // The side of the largest square of ground grown down and right from each cell.
    expect(Array.from(haa.clearance('ground'))).toEqual([
      2, 1, 1, 1,
      2, 1, 0, 1,
      1, 2, 2, 1,
      0, 1, 1, 1,
    ]);
    const brushfire = haa.clearance(['ground'], 'brushfire');
    const truth = haa.clearance('ground');
    brushfire.forEach((b, i) => expect(b).toBeLessThanOrEqual(truth[i]!));
    expect(Array.from(haa.clearance('ground,water')).slice(12)).toEqual([1, 1, 1, 1]);
    using aa = hp.AnnotatedAStar.build(grid, 'ground');
    expect(Array.from(aa.clearance())).toEqual(Array.from(truth));
    expect(haa.capabilities).toEqual(['ground', 'water', 'ground,water']);
  });
});

describe('the graph and the crossings, as the teaching page reads them', () => {
  // The Learn page's HAA* map (web/demo/learn/teachMap.ts): a wall between the upper and lower
  // clusters with a one-cell gap of ground (x 1), a water pool (x 2..3) and a two-cell gap (x 7..8).
  const rows = ['..........', '..........', '..........', '..........', '@.WW@@@..@', '@.WW@@@..@', '..........', '..........', '..........', '..........'];

  test('graph(agent) holds the searched graph, admitting an edge exactly when its annotation allows the agent', () => {
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'haa10.map');
    using haa = hp.HAAStar.build(grid, { clusterSize: 5, maxSize: 3 });
    const caps = haa.capabilities;
    for (const capability of caps)
      for (let size = 1; size <= 3; size++) {
        const g = agentGraph(haa, { size, capability });
        const inter = g.edgeInter.reduce((n, x) => n + x, 0);
        expect(inter).toBe(haa.stats.searched.interEdges);
        expect(g.edgeFrom.length - inter).toBe(haa.stats.searched.intraEdges);
        expect(g.nodes.length / 2).toBe(haa.stats.searched.nodes);
        expect(g.clusters.length / 4).toBe(4);
        const kinds = new Set(capability.split(','));
        g.edgeAdmits.forEach((admits, k) => {
          const within = caps[g.edgeCapability[k]!]!.split(',').every((kind) => kinds.has(kind));
          expect(admits).toBe(within && size <= g.edgeClearance[k]! ? 1 : 0);
        });
      }
    expect(() => agentGraph(haa, { size: 4, capability: 'ground' })).toThrow(RangeError);
  });

  test('crossings: the clearance of each border step per capability, worked by hand, and the transitions', () => {
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'haa10.map');
    using haa = hp.HAAStar.build(grid, { clusterSize: 5, maxSize: 3 });
    const c = borderCrossings(haa);
    const n = c.crossings.length / 4;
    expect(n).toBe(20); // one vertical border (x 4 | 5) and one horizontal (y 4 / 5), 10 cells each
    const step = (ax: number, ay: number, bx: number, by: number) => {
      for (let k = 0; k < n; k++) if (c.crossings[4 * k] === ax && c.crossings[4 * k + 1] === ay && c.crossings[4 * k + 2] === bx && c.crossings[4 * k + 3] === by) return k;
      throw new Error(`no step ${ax},${ay}-${bx},${by}`);
    };
    const clearance = (capability: string, k: number) => c.clearance[haa.capabilities.indexOf(capability) * n + k];
    // Down through the one-cell gap: ground 1 (water beside it), water none; ground and water: x 1..3 of
    // rows 4..6 hold no wall (3 on both sides). Through the pool: water 1 ((2,5) sees ground below).
    expect([clearance('ground', step(1, 4, 1, 5)), clearance('water', step(1, 4, 1, 5)), clearance('ground,water', step(1, 4, 1, 5))]).toEqual([1, 0, 3]);
    expect(clearance('water', step(2, 4, 2, 5))).toBe(1);
    // The two-cell gap: a 2 x 2 ground agent crosses at x 7, not at x 8 (the wall at x 9).
    expect([clearance('ground', step(7, 4, 7, 5)), clearance('ground', step(8, 4, 8, 5))]).toEqual([2, 1]);
    expect(c.transitions.length / 4).toBe(haa.stats.transitions);
  });

  test('Annotated A* with Brushfire misses the two-cell gap that true clearance keeps (the article\'s Figure 5)', () => {
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'haa10.map');
    using brushfire = hp.AnnotatedAStar.build(grid, 'ground', 'brushfire');
    using exact = hp.AnnotatedAStar.build(grid, 'ground');
    const start = { x: 1, y: 1 }, goal = { x: 1, y: 7 };
    expect(brushfire.findPath(start, goal, 2).found).toBe(false);
    const path = exact.findPath(start, goal, 2);
    expect(path.found).toBe(true);
    validateFootprint({ width: 10, height: 10, rows }, 'ground', 2, path.cells, start, goal, path.cost);
    // Through the gap: its anchor on the gap's left column.
    const anchors = Array.from({ length: path.cells.length / 2 }, (_, i) => `${path.cells[2 * i]},${path.cells[2 * i + 1]}`);
    expect(anchors).toContain('7,4');
    using haa = hp.HAAStar.build(grid, { clusterSize: 5 });
    expect(Array.from(brushfire.clearance())).toEqual(Array.from(haa.clearance('ground', 'brushfire')));
    expect(() => hp.AnnotatedAStar.build(grid, 'ground', 'closest' as 'true')).toThrow(/clearance kind "closest" is not one of true, brushfire/);
  });
});

describe('bad agents and options get errors naming the problem', () => {
  test('sizes, capabilities and cells the agent cannot stand on', () => {
    const rows = ['........', '........', '...@....', '.....WW.', '.....WW.'];
    using grid = hp.Grid.fromMovingAI(mapText(rows), 'small.map');
    using haa = hp.HAAStar.build(grid, { clusterSize: 4, maxSize: 2 });
    const s = { x: 0, y: 0 };
    const g = { x: 6, y: 0 };
    expect(() => haa.findPath(s, g, { size: 3, capability: 'ground' })).toThrow(RangeError);
    expect(() => haa.findPath(s, g, { size: 3, capability: 'ground' })).toThrow('HAAStar.findPath: agent size 3 is outside 1..2, the sizes this HAA* hierarchy was built for');
    expect(() => haa.findPath(s, g, { size: 0, capability: 'ground' })).toThrow(/agent size 0 is outside 1..2/);
    expect(() => haa.findPath(s, g, { size: 1.5, capability: 'ground' })).toThrow(TypeError);
    expect(() => haa.findPath(s, g, { size: 1, capability: 'ground,lava' })).toThrow(/unknown terrain "lava" \(known: ground, swamp, water, trees\)/);
    expect(() => haa.findPath(s, g, { size: 1, capability: 'trees' })).toThrow(/capability "trees" allows none of the map's terrain \(ground,water\)/);
    expect(() => haa.findPath(s, g, { size: 1, capability: 42 as unknown as string })).toThrow(TypeError);
    expect(() => haa.findPath(s, g, null as unknown as { size: number; capability: string })).toThrow(/agent must be \{ size, capability \}/);
    expect(() => haa.findPaths([[s, g]], { size: 5, capability: 'ground' })).toThrow(/agent size 5 is outside 1..2/);
    expect(haa.agentProblem({ size: 2, capability: 'ground' })).toBe('');
    expect(haa.agentProblem({ size: 2, capability: 'swamp' })).toMatch(/allows none of the map's terrain/);
    // (2, 1): the square of side 2 holds the wall at (3, 2).
    const blocked = () => haa.findPath({ x: 2, y: 1 }, g, { size: 2, capability: 'ground' });
    expect(blocked).toThrow(PathQueryError);
    expect(blocked).toThrow('start (2, 1) is outside the map or blocked for a size-2 agent of capability "ground"');
    expect(haa.findPath({ x: 2, y: 1 }, g, { size: 1, capability: 'ground' }).found).toBe(true);
    // The water pool is an island for water-only agents.
    expect(haa.findPath({ x: 5, y: 3 }, { x: 6, y: 4 }, { size: 1, capability: 'water' }).found).toBe(true);
    expect(haa.findPath({ x: 5, y: 3 }, { x: 5, y: 3 }, { size: 2, capability: 'water' }).cost).toBe(0);
    expect(haa.findPath({ x: 5, y: 3 }, s, { size: 1, capability: 'ground,water' }).found).toBe(true);
    expect(() => haa.findPath({ x: 5, y: 3 }, s, { size: 1, capability: 'water' })).toThrow(/goal \(0, 0\)/);
    expect(() => haa.clearance('ground', 'exact' as 'true')).toThrow(/clearance kind "exact" is not one of true, brushfire/);
  });

  test('options out of range or unknown, and Annotated A*\'s sizes', () => {
    using grid = hp.Grid.fromMovingAI(mapText(['....', '....']), 'tiny.map');
    expect(() => hp.HAAStar.build(grid, { maxSize: 9 })).toThrow(RangeError);
    expect(() => hp.HAAStar.build(grid, { maxSize: 9 })).toThrow(/HAAStar.build: largest agent size 9 is outside 1..8/);
    expect(() => hp.HAAStar.build(grid, { clusterSize: 2 })).toThrow(/HAA\* cluster size 2 is outside 4..256/);
    expect(() => hp.HAAStar.build(grid, { abstraction: 'medium' as 'high' })).toThrow(/option abstraction must be one of 'high', 'low'/);
    expect(() => hp.HAAStar.build(grid, { size: 2 } as object)).toThrow(/unknown option "size" \(known: clusterSize, maxSize, abstraction, joinTrees\)/);
    expect(hp.HAAStar.defaultOptions).toEqual({ clusterSize: 16, maxSize: 3, abstraction: 'high', joinTrees: true });
    expect(() => hp.AnnotatedAStar.build(grid, 'ground,ground')).toThrow(RangeError);
    using aa = hp.AnnotatedAStar.build(grid, 'ground');
    expect(() => aa.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, 9)).toThrow(/AnnotatedAStar.findPath: agent size 9 is outside 1..8/);
    expect(aa.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, 2).cost).toBe(2);
    expect(() => aa.findPath({ x: 3, y: 0 }, { x: 0, y: 0 }, 2)).toThrow(PathQueryError);
    const haa = hp.HAAStar.build(grid);
    haa.dispose();
    expect(() => haa.findPath({ x: 0, y: 0 }, { x: 1, y: 0 }, { size: 1, capability: 'ground' })).toThrow(/this HAAStar has been disposed/);
  });
});
