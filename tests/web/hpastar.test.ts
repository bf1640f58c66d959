// The HPA* API over the built wasm module, in Node: real maps and their scenarios (every path checked
// cell by cell, never shorter than optimal), reachability against A*, batches, the incremental plan
// API, terrain edits, bad input as JavaScript errors, and dispose semantics.
// Builds start from the paper's defaults (HPAStar.defaultOptions): these tests are about HPA* itself; the
// options HPAStar.build chooses for a map when given none are tested in option-choice.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  loadHpastar,
  PathQueryError,
  PathStatusCode,
  type HierarchyOptions,
  type HPAStar,
  type Hpastar,
  type Point,
} from '../../web/lib/index';
import { pack, randomPairs, seeded } from './helpers/queries';
import { parseMap, parseScenarios, readMapsFile, type MapText, type Scenario } from './scenarios';
import { validatePath } from './validatePath';
import { validateFootprint } from './helpers/footprint';

/** The length of a path of 8-connected steps (1 straight, √2 diagonal). */
function octileLength(cells: Int32Array): number {
  let length = 0;
  for (let i = 2; i < cells.length; i += 2) length += cells[i] !== cells[i - 2] && cells[i + 1] !== cells[i - 1] ? Math.SQRT2 : 1;
  return length;
}

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

const tinyMap = (rows: string[]) =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

/** Moving AI prints optimal lengths with 6 significant digits (dao maps): allow that much below. */
const notShorterThanOptimal = (cost: number, optimal: number) => cost >= optimal - 1e-5 * Math.max(1, optimal);

interface Run {
  queries: number;
  meanSubopt: number;
  maxSubopt: number;
}

/**
 * Runs the chosen scenarios of `mapName` with HPA* built with `options`: every scenario is solvable,
 * so every one must be found, with a valid path no shorter than the optimal length.
 */
function checkScenarios(mapName: string, options: HierarchyOptions, choose: (s: Scenario, i: number) => boolean, smooth = true): Run {
  const text = readMapsFile(mapName);
  const map = parseMap(text);
  const scenarios = parseScenarios(readMapsFile(`${mapName}.scen`)).filter(choose);
  const grid = hp.Grid.fromMovingAI(text, mapName);
  const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, ...options });
  const problems: string[] = [];
  let sum = 0;
  let max = 0;
  try {
    for (const s of scenarios) {
      const where = `${mapName}.scen:${s.line} (${s.start.x},${s.start.y})->(${s.goal.x},${s.goal.y}) ${JSON.stringify(options)}`;
      const path = planner.findPath(s.start, s.goal, { smooth });
      if (!path.found) {
        problems.push(`${where}: ${path.status}`);
        continue;
      }
      try {
        validatePath(map, path.cells, s.start, s.goal, path.cost);
      } catch (error) {
        problems.push(`${where}: invalid path: ${(error as Error).message}`);
      }
      if (!notShorterThanOptimal(path.cost, s.optimal)) problems.push(`${where}: cost ${path.cost} < optimal ${s.optimal}`);
      const subopt = s.optimal > 0 ? path.cost / s.optimal - 1 : 0;
      sum += subopt;
      max = Math.max(max, subopt);
    }
  } finally {
    planner.dispose();
    grid.dispose();
  }
  expect(problems.slice(0, 10)).toEqual([]);
  return { queries: scenarios.length, meanSubopt: sum / scenarios.length, maxSubopt: max };
}

describe('HPA* on the Moving AI benchmarks', () => {
  test('arena: every scenario, with one, two and three levels', () => {
    for (const options of [{}, { clusterSize: 8, levels: 2 }, { clusterSize: 4, levels: 3, cachePaths: true }]) {
      const run = checkScenarios('arena.map', options, () => true);
      expect(run.queries).toBe(160);
      expect(run.meanSubopt).toBeLessThan(0.05);
    }
  });

  test("den520d: the longest buckets, smoothed and not", () => {
    const smoothed = checkScenarios('den520d.map', { clusterSize: 10, levels: 2 }, (s) => s.bucket >= 60);
    const raw = checkScenarios('den520d.map', { clusterSize: 10, levels: 2 }, (s) => s.bucket >= 60, false);
    expect(smoothed.queries).toBe(288);
    expect(smoothed.meanSubopt).toBeLessThan(0.05);
    expect(smoothed.meanSubopt).toBeLessThanOrEqual(raw.meanSubopt);
  });

  test('AR0011SR, brc202d, 8room_000 and maze512-1-0: a sample of every file, several cuts', () => {
    expect(checkScenarios('AR0011SR.map', { clusterSize: 16, levels: 2, entranceWidth: 3 }, (_, i) => i % 20 === 0).queries).toBe(109);
    expect(checkScenarios('brc202d.map', { clusterSize: 20, levels: 2 }, (_, i) => i % 60 === 0).queries).toBeGreaterThan(40);
    expect(checkScenarios('8room_000.map', { clusterSize: 32, levels: 2, clusterGroup: 4 }, (_, i) => i % 50 === 0).queries).toBeGreaterThan(40);
    expect(checkScenarios('maze512-1-0.map', { clusterSize: 16, levels: 3 }, (_, i) => i % 300 === 0).queries).toBeGreaterThan(40);
  });

  test('reachability agrees with A* on random pairs, connected or not', () => {
    // AR0011SR has two regions; the random 64 x 64 map (40% walls) has many, so many pairs are unconnected.
    const random = seeded(5);
    const rows = Array.from({ length: 64 }, () => Array.from({ length: 64 }, () => (random() < 0.4 ? '@' : '.')).join(''));
    const maps: [string, string][] = [['AR0011SR.map', readMapsFile('AR0011SR.map')], ['random.map', tinyMap(rows)]];
    for (const [name, text] of maps) {
      const map = parseMap(text);
      const grid = hp.Grid.fromMovingAI(text, name);
      const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 8, levels: 2 });
      const astar = new hp.AStar();
      let unconnected = 0;
      for (const [s, g] of randomPairs(map, 200, 99)) {
        const exact = astar.findPath(grid, s, g);
        const hpa = planner.findPath(s, g);
        expect(hpa.found, `${name} (${s.x},${s.y})->(${g.x},${g.y})`).toBe(exact.found);
        if (!exact.found) {
          unconnected++;
          expect(hpa).toMatchObject({ status: 'no path', cost: Infinity });
          expect(hpa.cells.length).toBe(0);
        } else {
          validatePath(map, hpa.cells, s, g, hpa.cost);
          expect(hpa.cost).toBeGreaterThanOrEqual(exact.cost - 1e-9);
        }
      }
      if (name === 'random.map') expect(unconnected).toBeGreaterThan(20);
      astar.dispose();
      planner.dispose();
      grid.dispose();
    }
  });
});

describe('DHPA* (cacheTrees)', () => {
  test('arena and the longest buckets of den520d: valid paths, never shorter than optimal', () => {
    expect(checkScenarios('arena.map', { clusterSize: 8, levels: 2, cacheTrees: true }, () => true).queries).toBe(160);
    const run = checkScenarios('den520d.map', { clusterSize: 16, levels: 2, cacheTrees: true }, (s) => s.bucket >= 60);
    expect(run.meanSubopt).toBeLessThan(0.05);
  });

  test('answers like HPA* built without trees, with no insertion or refinement search', () => {
    const text = readMapsFile('den520d.map');
    const map = parseMap(text);
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const hpa = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 16, levels: 2 });
    const dhpa = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 16, levels: 2, cacheTrees: true });
    expect(dhpa.stats.bytes).toBeGreaterThan(hpa.stats.bytes);
    const pairs = randomPairs(map, 100, 3);
    const a = hpa.findPaths(pairs);
    const b = dhpa.findPaths(pairs);
    expect(Array.from(b.status)).toEqual(Array.from(a.status));
    for (let i = 0; i < pairs.length; i++) {
      if (!b.found(i)) continue;
      validatePath(map, b.path(i), pairs[i]![0], pairs[i]![1], b.cost[i]!);
    }
    // One level: start and goal join the graph through the trees, and refinement walks them.
    const flat = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 16, cacheTrees: true });
    const one = flat.findPath(pairs[0]![0], pairs[0]![1], { smooth: false });
    expect(one.found).toBe(true);
    expect(one.stats.expandedInsertion).toBe(0);
    expect(one.stats.expandedRefinement).toBe(0);
    flat.dispose();
    hpa.dispose();
    dhpa.dispose();
    grid.dispose();
  });
});

/**
 * A planner variant against the plain planner on random pairs of a map: the same statuses and raw path
 * costs, valid paths, and fewer abstract expansions (`fewer(plain, variant)`); then the same for the
 * variant saved and loaded, and for both after a wall across the map (row `wallY`, columns
 * `wallX`..`wallX + wallLength - 1`) that rebuilds them. Returns the variant, for more checks.
 */
function expectSameCostsAsPlain(
  mapName: string,
  plainOptions: HierarchyOptions,
  variantOptions: HierarchyOptions,
  wall: { x: number; y: number; length: number },
  fewer: (plain: number, variant: number) => void,
  onBuilt: (plain: HPAStar, variant: HPAStar, loaded: HPAStar) => void,
): void {
  const text = readMapsFile(mapName);
  let map = parseMap(text);
  const grid = hp.Grid.fromMovingAI(text, mapName);
  const plain = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, ...plainOptions });
  const variant = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, ...variantOptions });
  const check = (a: HPAStar, b: HPAStar) => {
    let expandedA = 0;
    let expandedB = 0;
    for (const [s, g] of randomPairs(map, 60, 5)) {
      const ra = a.findPath(s, g, { smooth: false });
      const rb = b.findPath(s, g, { smooth: false });
      expect(rb.status).toBe(ra.status);
      if (!rb.found) continue;
      validatePath(map, rb.cells, s, g, rb.cost);
      expect(rb.cost).toBeCloseTo(ra.cost, 2);
      expandedA += ra.stats.expandedMain;
      expandedB += rb.stats.expandedMain;
    }
    fewer(expandedA, expandedB);
  };
  check(plain, variant);
  const loaded = hp.HPAStar.load(variant.serialize());
  onBuilt(plain, variant, loaded);
  check(plain, loaded);
  // A wall across the map: both planners rebuild (their tables too), and still agree.
  const cells = Array.from({ length: wall.length }, (_, i) => ({ x: wall.x + i, y: wall.y, terrain: '@' }));
  plain.applyEdits(cells);
  variant.applyEdits(cells);
  const rows = text.split('\n');
  const row = rows.indexOf('map') + 1 + wall.y;
  rows[row] = rows[row]!.slice(0, wall.x) + '@'.repeat(wall.length) + rows[row]!.slice(wall.x + wall.length);
  map = parseMap(rows.join('\n'));
  check(plain, variant);
  for (const p of [plain, variant, loaded]) p.dispose();
  grid.dispose();
}

describe('landmarks (differential heuristic)', () => {
  test('same path costs with fewer abstract expansions, after edits and through serialization', () => {
    expectSameCostsAsPlain(
      'brc202d.map',
      { cacheTrees: true },
      { cacheTrees: true, landmarks: 16 },
      { x: 150, y: 240, length: 200 },
      (plain, marked) => expect(marked).toBeLessThan(plain * 0.8),
      (plain, marked, loaded) => {
        expect(marked.options.landmarks).toBe(16);
        expect(marked.stats.bytes).toBeGreaterThan(plain.stats.bytes);
        expect(loaded.options.landmarks).toBe(16);
      },
    );
  });
});

describe('distance table (exact top-level distances)', () => {
  test('same path costs with the abstract path read off the table, after edits and through serialization', () => {
    expectSameCostsAsPlain(
      'AR0011SR.map',
      { clusterSize: 25, cacheTrees: true },
      { clusterSize: 25, cacheTrees: true, distanceTable: true },
      { x: 100, y: 260, length: 300 },
      (plain, walked) => expect(walked).toBeLessThan(plain),
      (plain, tabled, loaded) => {
        expect(tabled.options.distanceTable).toBe(true);
        expect(plain.stats.distanceTableNodes).toBe(0);
        expect(tabled.stats.distanceTableNodes).toBe(tabled.stats.levels[0]!.nodes);
        expect(tabled.stats.bytes).toBeGreaterThan(plain.stats.bytes + 4 * tabled.stats.distanceTableNodes ** 2 - 1);
        expect(loaded.options.distanceTable).toBe(true);
        expect(loaded.stats.distanceTableNodes).toBe(tabled.stats.distanceTableNodes);
      },
    );
  });
});

describe('serialization', () => {
  test('a loaded planner answers exactly as the one serialized, in this module and in another', async () => {
    const text = readMapsFile('den520d.map');
    const map = parseMap(text);
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 10, levels: 2, cachePaths: true });
    planner.applyEdits([{ x: 10, y: 141, terrain: '@' }]);
    const bytes = planner.serialize();
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes.subarray(0, 7))).toBe('HPASTAR');
    const queries = pack(randomPairs(map, 300, 8));
    const expected = planner.findPaths(queries);
    const { readFileSync } = await import('node:fs');
    const other = await loadHpastar({ wasmBinary: readFileSync(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url)) });
    expect(planner.version).toBe(1);
    for (const module of [hp, other]) {
      const loaded = module.HPAStar.load(bytes);
      expect(loaded.version).toBe(planner.version); // one version counter: the one saved
      expect(loaded.options).toEqual(planner.options);
      expect(String.fromCharCode(loaded.terrain()[141 * 256 + 10]!)).toBe('@');
      // Memory figures count capacities, which edits leave larger: compare the graph, not the bytes.
      const { buildMs: _a, bytes: _c, optionalBytes: _e, ...stats } = loaded.stats;
      const { buildMs: _b, bytes: _d, optionalBytes: _f, ...expectedStats } = planner.stats;
      expect(stats).toEqual(expectedStats);
      const batch = loaded.findPaths(queries);
      expect(Array.from(batch.cost)).toEqual(Array.from(expected.cost));
      expect(batch.cells).toEqual(expected.cells);
      loaded.dispose();
    }
    planner.dispose();
    grid.dispose();
  });

  test('foreign, truncated, corrupted and future bytes are refused with the reason', () => {
    const grid = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    const planner = hp.HPAStar.build(grid);
    const bytes = planner.serialize();
    const flipped = bytes.slice();
    flipped[bytes.length >> 1]! ^= 0x10;
    const future = bytes.slice();
    future[8] = 99;
    expect(() => hp.HPAStar.load(new TextEncoder().encode('type octile\nheight 1\n'))).toThrow(
      'HPAStar.load: not an hpastar hierarchy (the bytes do not start with HPASTAR)',
    );
    expect(() => hp.HPAStar.load(new Uint8Array(0))).toThrow(/not an hpastar hierarchy/);
    expect(() => hp.HPAStar.load(bytes.subarray(0, bytes.length - 9))).toThrow(/^HPAStar\.load: section 'trees1' at byte [\d,]+: length [\d,]+ runs past the end/);
    expect(() => hp.HPAStar.load(flipped)).toThrow(/^HPAStar\.load: section '\w+' at byte [\d,]+: checksum differs/);
    expect(() => hp.HPAStar.load(future)).toThrow('HPAStar.load: hierarchy format version 99 is not supported (this build reads versions 2 to 9)');
    expect(() => hp.HPAStar.load('HPASTAR' as never)).toThrow(TypeError);
    // Nothing was harmed.
    expect(hp.HPAStar.load(bytes).findPath({ x: 1, y: 11 }, { x: 40, y: 37 }).found).toBe(true);
    planner.dispose();
    grid.dispose();
  });
});

describe('HPAStar', () => {
  let map: MapText;
  let text: string;
  beforeAll(() => {
    text = readMapsFile('den520d.map');
    map = parseMap(text);
  });

  test('reports its options, build figures and the phases of each search', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 8, levels: 3 });
    const defaults = { clusterSize: 10, levels: 1, clusterGroup: 2, entranceWidth: 6, cachePaths: false, cacheTrees: false, pruneEdges: true, landmarks: 0, distanceTable: false, mergedClusterSide: 0, maxDetour: 0, entranceSpacing: 0, memoryBudgetMiB: 1024, terrainChanges: 'often' };
    expect(hp.HPAStar.defaultOptions).toEqual(defaults);
    expect(planner.options).toEqual({ ...defaults, clusterSize: 8, levels: 3 });
    const stats = planner.stats;
    expect(stats.levels.map((l) => [l.level, l.clusterSize])).toEqual([[1, 8], [2, 16], [3, 32]]);
    expect(stats.levels[0]!.clusters).toBe(32 * 33);
    expect(stats.levels.every((l) => l.nodes > 0 && l.interEdges > 0 && l.intraEdges > 0)).toBe(true);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.gridBytes).toBe(3 * 256 * 257);
    expect(stats.buildMs).toBeGreaterThanOrEqual(0);
    expect([planner.width, planner.height, planner.version]).toEqual([256, 257, 0]);

    const start = { x: 10, y: 140 };
    const goal = { x: 240, y: 104 };
    const path = planner.findPath(start, goal);
    expect(path.found).toBe(true);
    validatePath(map, path.cells, start, goal, path.cost);
    expect(path.stats.expandedInsertion).toBeGreaterThan(0);
    expect(path.stats.expandedMain).toBeGreaterThan(0);
    expect(path.stats.expandedRefinement).toBeGreaterThan(0);
    expect(path.stats.abstractPathNodes).toBeGreaterThanOrEqual(2);
    expect(path.expanded).toBe(path.stats.expandedInsertion + path.stats.expandedMain + path.stats.expandedRefinement);
    const self = planner.findPath(start, start);
    expect(self).toMatchObject({ found: true, cost: 0 });
    expect(Array.from(self.cells)).toEqual([10, 140]);
    planner.dispose();
    grid.dispose();
  });

  test('a batch equals the same queries one by one, statuses included', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 10, levels: 2 });
    const pairs: [Point, Point][] = randomPairs(map, 300, 1);
    pairs.push([{ x: 0, y: 0 }, { x: 10, y: 140 }], [{ x: 10, y: 140 }, { x: -1, y: 3 }], [{ x: 10, y: 140 }, { x: 10, y: 140 }]);
    for (const smooth of [true, false]) {
      const batch = planner.findPaths(pairs, { smooth });
      expect(batch.count).toBe(pairs.length);
      expect(batch.version).toBe(0);
      pairs.forEach(([s, g], i) => {
        let one;
        try {
          one = planner.findPath(s, g, { smooth });
        } catch (error) {
          expect(error).toBeInstanceOf(PathQueryError);
          expect(batch.found(i)).toBe(false);
          expect(batch.statusText(i)).toBe((error as PathQueryError).status);
          expect(batch.cost[i]).toBe(Infinity);
          return;
        }
        expect(batch.status[i]).toBe(one.found ? PathStatusCode.Found : PathStatusCode.NoPath);
        expect(batch.cost[i]).toBe(one.cost);
        expect(batch.expanded[i]).toBe(one.expanded);
        expect(batch.path(i)).toEqual(one.cells);
      });
    }
    expect(planner.findPaths(pairs).statusText(pairs.length - 3)).toBe('start is outside the map or blocked');
    expect(planner.findPaths(pairs).status[pairs.length - 2]).toBe(PathStatusCode.GoalInvalid);
    // Packed queries, and costs without cells.
    const packed = pack(pairs);
    const costsOnly = planner.findPaths(packed, { cells: false });
    expect(costsOnly.cells.length).toBe(0);
    expect(Array.from(costsOnly.offsets).every((o) => o === 0)).toBe(true);
    expect(Array.from(costsOnly.cost)).toEqual(Array.from(planner.findPaths(packed).cost));
    expect(planner.findPaths([]).count).toBe(0);
    expect(() => planner.findPaths(new Int32Array(6))).toThrow('HPAStar.findPaths: packed queries need 4 numbers each (sx, sy, gx, gy); got 6 numbers');
    expect(() => planner.findPaths([[{ x: 1, y: 1 }]] as never)).toThrow(/query 0 must be a \[start, goal\] pair/);
    expect(() => planner.findPaths(pairs, { cell: false } as never)).toThrow(/unknown option "cell"/);
    expect(() => planner.findPaths(pairs).path(pairs.length)).toThrow(RangeError);
    planner.dispose();
    grid.dispose();
  });

  test('a smoothed plan: its pieces join into a legal path to the goal, shorter than the unsmoothed pieces, for every class of a Planner', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.Planner.build(grid, { agents: [{ size: 1, capability: 'ground' }, { size: 2, capability: 'ground' }] });
    const walk = (plan: ReturnType<typeof planner.plan>) => {
      const pieces: number[] = [];
      let calls = 0;
      for (let piece = plan.nextSegment(); piece; piece = plan.nextSegment()) {
        pieces.push(...piece);
        calls++;
      }
      expect(calls).toBe(plan.segmentCount);
      return Int32Array.from(pieces);
    };
    let smoothTotal = 0, plainTotal = 0;
    for (const [start, goal] of randomPairs(map, 40, 5)) {
      if (!planner.isReachable(start, goal)) continue;
      const smoothed = walk(planner.plan(start, goal, { smooth: true }));
      const plain = walk(planner.plan(start, goal));
      const length = validatePath(map, smoothed, start, goal, octileLength(smoothed));
      const plainLength = validatePath(map, plain, start, goal, octileLength(plain));
      expect(length).toBeLessThanOrEqual(plainLength + 1e-9);
      smoothTotal += length;
      plainTotal += plainLength;
    }
    expect(smoothTotal).toBeLessThan(plainTotal);
    // The 2 × 2 class: its pieces are the anchors of a square that fits all along.
    const [from, to] = [{ x: 10, y: 140 }, { x: 240, y: 104 }];
    const anchors = walk(planner.plan(from, to, { smooth: true, agent: { size: 2, capability: 'ground' } }));
    validateFootprint(map, 'ground', 2, anchors, from, to, octileLength(anchors));
    expect(() => planner.plan({ x: 10, y: 140 }, { x: 240, y: 104 }, { smooth: 1 } as never)).toThrow(/option smooth must be a boolean/);
    expect(() => planner.plan({ x: 10, y: 140 }, { x: 240, y: 104 }, { lookahead: 2 } as never)).toThrow(/unknown option "lookahead" \(known: smooth\)/);
    planner.dispose();
    grid.dispose();
  });

  test('a plan refined segment by segment gives the unsmoothed path; plans go stale after edits only', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 10, levels: 2 });
    const start = { x: 10, y: 140 };
    const goal = { x: 240, y: 104 };
    const plan = planner.plan(start, goal);
    expect(plan.found).toBe(true);
    expect(plan.waypoints.slice(0, 2)).toEqual(Int32Array.from([start.x, start.y]));
    expect(plan.waypoints.slice(-2)).toEqual(Int32Array.from([goal.x, goal.y]));
    expect(plan.segmentCount).toBe(plan.waypoints.length / 2 - 1);
    expect(plan.stats.expandedRefinement).toBe(0);
    // findPath does not disturb a plan in progress.
    const whole = planner.findPath(start, goal, { smooth: false });
    const first = plan.nextSegment()!;
    expect(Array.from(first.slice(0, 2))).toEqual([start.x, start.y]);
    const rest = plan.rest();
    expect(plan.done).toBe(true);
    expect(plan.nextSegment()).toBeNull();
    const joined = new Int32Array(first.length + rest.length);
    joined.set(first);
    joined.set(rest, first.length);
    expect(joined).toEqual(whole.cells);
    validatePath(map, joined, start, goal, whole.cost);
    expect(plan.stats.expandedRefinement).toBe(whole.stats.expandedRefinement);

    // Plans belong to their caller: two of one planner, stepped through alternately, each give their
    // own path (issue 12 lifted the old rule that a later plan() made the earlier one stale).
    const there = planner.plan(start, goal);
    const back = planner.plan(goal, start);
    const parts: Int32Array[][] = [[], []];
    for (let turn = 0; !there.done || !back.done; turn++) {
      const plan = turn % 2 === 0 ? there : back;
      const segment = plan.nextSegment();
      if (segment) parts[turn % 2]!.push(segment);
      planner.findPath(goal, start); // the planner's query is used for something else in between
    }
    const join = (segments: Int32Array[]) => Int32Array.from(segments.flatMap((s) => Array.from(s)));
    expect(join(parts[0]!)).toEqual(whole.cells);
    expect(join(parts[1]!)).toEqual(planner.findPath(goal, start, { smooth: false }).cells);

    const self = planner.plan(start, start);
    expect(self.segmentCount).toBe(1);
    expect(Array.from(self.nextSegment()!)).toEqual([start.x, start.y]);
    expect(self.done).toBe(true);
    expect(self.nextSegment()).toBeNull();
    expect(() => planner.plan({ x: 0, y: 0 }, goal)).toThrow(new PathQueryError('start is outside the map or blocked', 'start (0, 0) is outside the map or blocked'));
    planner.dispose();
    expect(() => self.nextSegment()).not.toThrow(); // done plans stay readable
    grid.dispose();
  });

  test('query objects of one planner keep their own plans; edits make every older plan stale', () => {
    const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 10, levels: 2 });
    const a = planner.createQuery();
    const b = planner.createQuery();
    const start = { x: 10, y: 140 };
    const goal = { x: 240, y: 104 };
    const fromA = a.plan(start, goal);
    const fromB = b.plan(goal, start);
    const first = fromA.nextSegment()!;
    b.findPath(start, goal);
    const rest = fromA.rest();
    const joined = Int32Array.from([...first, ...rest]);
    expect(joined).toEqual(planner.findPath(start, goal, { smooth: false }).cells);
    expect(a.findPath(start, goal)).toEqual(planner.findPath(start, goal));
    expect(fromB.version).toBe(0);
    planner.applyEdits([{ x: 0, y: 0, terrain: '@' }]);
    expect(() => fromB.nextSegment()).toThrow(/stale/);
    expect(b.plan(goal, start).version).toBe(1);
    a.dispose();
    expect(() => a.findPath(start, goal)).toThrow('this HPAStarQuery has been disposed');
    b.dispose();
    planner.dispose();
    grid.dispose();
  });

  test('unconnected cells give found: false, in findPath and plan', () => {
    const grid = hp.Grid.fromMovingAI(tinyMap(['....@....', '....@....', '....@....']), 'walled.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 3 });
    expect(planner.findPath({ x: 0, y: 0 }, { x: 8, y: 2 })).toMatchObject({ found: false, status: 'no path', cost: Infinity });
    const plan = planner.plan({ x: 0, y: 0 }, { x: 8, y: 2 });
    expect(plan).toMatchObject({ found: false, status: 'no path', segmentCount: 0, done: true });
    expect(plan.nextSegment()).toBeNull();
    planner.dispose();
    grid.dispose();
  });

  test('terrain edits make a new version; planners keep the terrain they were built from', () => {
    const grid = hp.Grid.fromMovingAI(tinyMap(['.....', '.....', '.....']), 'open.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 2 });
    const before = planner.findPath({ x: 0, y: 1 }, { x: 4, y: 1 });
    expect(before.cost).toBe(4);
    // Editing the grid does not touch the planner...
    grid.setTerrain(2, 1, '@');
    expect(grid.terrainAt(2, 1)).toBe('@');
    expect(grid.passable(2, 1)).toBe(false);
    expect(planner.findPath({ x: 0, y: 1 }, { x: 4, y: 1 }).cost).toBe(4);
    // ...editing the planner does.
    const plan = planner.plan({ x: 0, y: 1 }, { x: 4, y: 1 });
    const update = planner.applyEdits([{ x: 2, y: 0, terrain: 'T' }, { x: 2, y: 1, terrain: '@' }]);
    expect(planner.version).toBe(1);
    expect(update.cellsChanged).toBe(2);
    expect(update.clustersRebuilt.length).toBe(1);
    expect(update.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(update.ms).toBeGreaterThanOrEqual(0);
    expect(String.fromCharCode(...planner.terrain().subarray(0, 5))).toBe('..T..');
    expect(() => plan.nextSegment()).toThrow(/stale/);
    const after = planner.findPath({ x: 0, y: 1 }, { x: 4, y: 1 });
    expect(after.cost).toBeCloseTo(2 + 2 * Math.SQRT2, 12);
    validatePath(parseMap(tinyMap(['..T..', '..@..', '.....'])), after.cells, { x: 0, y: 1 }, { x: 4, y: 1 }, after.cost);
    expect(() => planner.findPath({ x: 2, y: 1 }, { x: 4, y: 1 })).toThrow('start (2, 1) is outside the map or blocked');
    planner.applyEdits([{ x: 2, y: 2, terrain: 'W' }]);
    expect(planner.findPath({ x: 0, y: 1 }, { x: 4, y: 1 })).toMatchObject({ found: false, status: 'no path' });
    expect(planner.version).toBe(2);
    // All or nothing: one bad edit changes nothing.
    expect(() => planner.applyEdits([{ x: 2, y: 2, terrain: '.' }, { x: 9, y: 0, terrain: '.' }])).toThrow(
      new RangeError('HPAStar.applyEdits: edit 1: cell (9, 0) is outside the 5x3 map'),
    );
    expect(() => planner.applyEdits([{ x: 2, y: 2, terrain: 'x' }])).toThrow(/edit 0: "x" is not a Moving AI terrain character/);
    expect(() => planner.applyEdits([{ x: 2, y: 2, terrain: '..' }])).toThrow(TypeError);
    expect(planner.version).toBe(2);
    expect(planner.findPath({ x: 0, y: 1 }, { x: 4, y: 1 }).found).toBe(false);
    expect(planner.stats.components).toBe(2);
    planner.dispose();
    grid.dispose();
  });
});

describe('terrain edits', () => {
  test('random edits, version after version: answers stay right (reachability as A*, valid paths)', () => {
    const random = seeded(11);
    const size = 48;
    const rows = Array.from({ length: size }, () => Array.from({ length: size }, () => (random() < 0.25 ? '@' : '.')));
    const textOf = () => tinyMap(rows.map((r) => r.join('')));
    const grid = hp.Grid.fromMovingAI(textOf(), 'random.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 6, levels: 2, cachePaths: true });
    const astar = new hp.AStar();
    for (let round = 1; round <= 12; round++) {
      // A block of 1-5 x 1-5 cells, walls or ground, somewhere.
      const x0 = Math.floor(random() * size);
      const y0 = Math.floor(random() * size);
      const terrain = random() < 0.5 ? '@' : '.';
      const edits = [];
      for (let y = y0; y < Math.min(size, y0 + 1 + Math.floor(random() * 5)); y++) {
        for (let x = x0; x < Math.min(size, x0 + 1 + Math.floor(random() * 5)); x++) {
          edits.push({ x, y, terrain });
          rows[y]![x] = terrain;
        }
      }
      planner.applyEdits(edits);
      grid.applyEdits(edits);
      expect(planner.version).toBe(round);
      expect(planner.terrain()).toEqual(grid.terrain());
      const map = parseMap(textOf());
      for (const [s, g] of randomPairs(map, 60, round)) {
        const exact = astar.findPath(grid, s, g);
        const hpa = planner.findPath(s, g);
        const where = `round ${round}: (${s.x},${s.y})->(${g.x},${g.y})`;
        expect(hpa.found, where).toBe(exact.found);
        if (hpa.found) {
          validatePath(map, hpa.cells, s, g, hpa.cost);
          expect(hpa.cost, where).toBeGreaterThanOrEqual(exact.cost - 1e-9);
        }
      }
    }
    astar.dispose();
    planner.dispose();
    grid.dispose();
  });
});

describe('errors are JavaScript errors that name the problem', () => {
  test('bad options', () => {
    const grid = hp.Grid.fromMovingAI(tinyMap(['....', '....']), 'tiny.map');
    const cases: [HierarchyOptions, string][] = [
      [{ clusterSize: 1 }, 'HPAStar.build: cluster size 1 is outside 2..1024'],
      [{ clusterSize: 2000 }, 'HPAStar.build: cluster size 2000 is outside 2..1024'],
      [{ levels: 0 }, 'HPAStar.build: levels 0 is outside 1..8'],
      [{ levels: 9 }, 'HPAStar.build: levels 9 is outside 1..8'],
      [{ clusterGroup: 1 }, 'HPAStar.build: cluster group 1 is outside 2..16'],
      [{ entranceWidth: 0 }, 'HPAStar.build: entrance width 0 is below 1'],
      [{ clusterSize: 300, cacheTrees: true }, 'HPAStar.build: cluster size 300 is above 255, the limit with shortest-path trees (DHPA*)'],
      [{ landmarks: 33 }, 'HPAStar.build: landmarks 33 is outside 0..32'],
      [{ clusterSize: 8, mergedClusterSide: 6 }, 'HPAStar.build: merged cluster side 6 is below the cluster size 8 the merge starts from'],
    ];
    for (const [options, message] of cases) expect(() => hp.HPAStar.build(grid, options)).toThrow(new RangeError(message));
    expect(() => hp.HPAStar.build(grid, { clustersize: 4 } as never)).toThrow(
      new TypeError('HPAStar.build: unknown option "clustersize" (known: clusterSize, levels, clusterGroup, entranceWidth, cachePaths, cacheTrees, pruneEdges, landmarks, distanceTable, mergedClusterSide, maxDetour, entranceSpacing, memoryBudgetMiB, terrainChanges)'),
    );
    expect(() => hp.HPAStar.build(grid, { clusterSize: 4.5 })).toThrow(new TypeError('HPAStar.build: option clusterSize must be an integer, got 4.5'));
    expect(() => hp.HPAStar.build(grid, { cachePaths: 1 } as never)).toThrow(new TypeError('HPAStar.build: option cachePaths must be a boolean, got 1'));
    expect(() => hp.HPAStar.build(grid, 'fast' as never)).toThrow(TypeError);
    expect(() => hp.HPAStar.build({} as never)).toThrow(/grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got \{\}/);
    // Extreme but valid cuts: the module must answer, not trap.
    for (const options of [{ clusterSize: 1024, levels: 8, clusterGroup: 16 }, { clusterSize: 2, levels: 8, entranceWidth: 2 ** 31 - 1 }]) {
      const extreme = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, ...options });
      expect(extreme.findPath({ x: 0, y: 0 }, { x: 3, y: 1 }).found).toBe(true);
      expect(extreme.findPaths(Int32Array.from([2 ** 31 - 1, -(2 ** 31), 0, 0])).statusText(0)).toBe('start is outside the map or blocked');
      extreme.dispose();
    }
    // The module is still fine afterwards.
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 2 });
    expect(planner.findPath({ x: 0, y: 0 }, { x: 3, y: 1 }).found).toBe(true);
    planner.dispose();
    grid.dispose();
  });

  test('bad queries', () => {
    const text = readMapsFile('arena.map');
    const grid = hp.Grid.fromMovingAI(text, 'arena.map');
    const planner = hp.HPAStar.build(grid);
    const free = { x: 1, y: 11 };
    expect(() => planner.findPath({ x: 0, y: 0 }, free)).toThrow(PathQueryError);
    expect(() => planner.findPath({ x: 0, y: 0 }, free)).toThrow('start (0, 0) is outside the map or blocked');
    expect(() => planner.findPath(free, { x: 49, y: 3 })).toThrow('goal (49, 3) is outside the map or blocked');
    expect(() => planner.findPath(free, { x: -7, y: 3 })).toThrow('goal (-7, 3) is outside the map or blocked');
    expect(() => planner.findPath(free, { x: 2 ** 40, y: 3 })).toThrow(RangeError);
    expect(() => planner.findPath({ x: '1', y: 11 } as never, free)).toThrow('start must be a cell with integer x and y, got {"x":"1","y":11}');
    expect(() => planner.findPath(free, free, { smooth: 1 } as never)).toThrow(/option smooth must be a boolean/);
    expect(planner.findPath(free, { x: 40, y: 37 }).found).toBe(true);
    planner.dispose();
    grid.dispose();
  });

  test('bad terrain', () => {
    expect(hp.Grid.fromTerrain('..@.', 2, 2).passable(0, 1)).toBe(false);
    const bytes = new TextEncoder().encode('.G.S..TW.');
    const grid = hp.Grid.fromTerrain(bytes, 3, 3);
    expect([grid.width, grid.height, grid.terrainAt(1, 0), grid.terrainAt(3, 0)]).toEqual([3, 3, 'G', '']);
    expect(new TextDecoder().decode(grid.terrain())).toBe('.G.S..TW.');
    expect(() => hp.Grid.fromTerrain(bytes, 4, 3)).toThrow('Grid.fromTerrain: terrain has 9 cells, expected 12 for 4x3');
    expect(() => hp.Grid.fromTerrain(new Uint8Array([46, 120]), 2, 1)).toThrow(
      "Grid.fromTerrain: cell (1, 0) has terrain code 120, which is not a Moving AI terrain character",
    );
    expect(() => hp.Grid.fromTerrain(new Uint8Array(0), 0, 0)).toThrow(/grid size 0x0 is outside 1\.\.8192 per side/);
    expect(() => hp.Grid.fromTerrain([46] as never, 1, 1)).toThrow(TypeError);
    expect(() => grid.setTerrain(3, 0, '.')).toThrow(new RangeError('Grid.setTerrain: edit 0: cell (3, 0) is outside the 3x3 map'));
    expect(() => grid.setTerrain(0, 0, 'Q')).toThrow(/"Q" is not a Moving AI terrain character/);
    grid.setTerrain(0, 0, '@');
    expect(grid.passable(0, 0)).toBe(false);
    grid.dispose();
    expect(() => hp.Grid.fromMovingAI(42 as never)).toThrow(TypeError);
  });
});

describe('dispose', () => {
  test('use after dispose throws; dispose twice does not; a planner outlives its grid', () => {
    const grid = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 8 });
    grid.dispose();
    expect(() => hp.HPAStar.build(grid)).toThrow('this Grid has been disposed');
    // The planner has its own copy of the terrain.
    expect(planner.findPath({ x: 1, y: 11 }, { x: 40, y: 37 }).found).toBe(true);
    const plan = planner.plan({ x: 1, y: 11 }, { x: 40, y: 37 });
    planner[Symbol.dispose]();
    planner.dispose();
    expect(planner.disposed).toBe(true);
    for (const use of [
      () => planner.findPath({ x: 1, y: 11 }, { x: 40, y: 37 }),
      () => planner.findPaths([]),
      () => planner.plan({ x: 1, y: 11 }, { x: 40, y: 37 }),
      () => planner.applyEdits([]),
      () => planner.stats,
      () => planner.options,
      () => planner.version,
      () => planner.terrain(),
    ]) {
      expect(use).toThrow('this HPAStar has been disposed');
    }
    expect(() => plan.nextSegment()).toThrow('the HPAStar of this PathPlan has been disposed');
  });

  test('`using` disposes at the end of the block', () => {
    let escaped: { disposed: boolean } | undefined;
    {
      using grid = hp.Grid.fromMovingAI(tinyMap(['...']), 'row.map');
      using planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 2 });
      expect(planner.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }).cost).toBe(2);
      escaped = planner;
    }
    expect(escaped.disposed).toBe(true);
  });
});
