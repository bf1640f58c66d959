// The SHPA* API over the built wasm module, in Node: the same path lengths as the native tool on real
// scenarios (every path checked cell by cell), batches equal to single searches, edits refused with the
// static-maps message, bad options, dispose, and SHPA* in the worker pool in both modes.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPathPool,
  loadHpastar,
  PathQueryError,
  PathStatusCode,
  type Grid,
  type Hpastar,
  type PathPool,
  type Point,
  type SHPAStar,
  type ShpaOptions,
} from '../../web/lib/index';
import { pack, randomPairs } from './helpers/queries';
import { parseMap, parseScenarios, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

const hpaTool = fileURLToPath(new URL('../../build/native/hpa', import.meta.url));
const mapsDir = fileURLToPath(new URL('../../maps/', import.meta.url));
const STATIC = /SHPA\* is for static maps: its clusters are built once and cannot be updated after a terrain change/;

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

const tinyMap = (rows: string[]) =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

interface NativeQuery {
  line: number;
  found: boolean;
  length: number;
  expanded_main: number;
  expanded_refine: number;
}

/** The native tool's answer to every scenario of a file (`hpa scen --per-query`), by scenario line. */
function nativeAnswers(scen: string, args: string[]): Map<number, NativeQuery> {
  const out = execFileSync(hpaTool, ['scen', `${mapsDir}${scen}`, '--algo', 'shpa', '--per-query', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l) as NativeQuery & { algo?: string });
  return new Map(lines.filter((l) => l.algo === undefined).map((l) => [l.line, l]));
}

describe('SHPA* on the Moving AI benchmarks', () => {
  const cases: [string, ShpaOptions, string[], (bucket: number, i: number) => boolean][] = [
    ['arena.map', {}, [], () => true],
    ['den520d.map', {}, [], (_b, i) => i % 3 === 0],
    ['8room_000.map', { maxDetour: 1.25, edgeWeight: 'octile' }, ['--shpa-max-detour', '1.25', '--shpa-edge-weight', 'octile'], (_b, i) => i % 7 === 0],
    ['AR0011SR.map', { initialClusterSize: 8, maxClusterSide: 32, maxClusterCells: 400 }, ['--shpa-initial-cluster', '8', '--shpa-max-cluster', '32', '--shpa-max-cells', '400'], (_b, i) => i % 5 === 0],
  ];

  test.each(cases)('%s %j: valid paths, the same lengths and expansions as the native tool', (mapName, options, args, choose) => {
    expect(existsSync(hpaTool), `${hpaTool} is missing: run npm run build:native`).toBe(true);
    const text = readMapsFile(mapName);
    const map = parseMap(text);
    const scenarios = parseScenarios(readMapsFile(`${mapName}.scen`)).filter((s, i) => choose(s.bucket, i));
    const native = nativeAnswers(`${mapName}.scen`, args);
    using grid = hp.Grid.fromMovingAI(text, mapName);
    using planner = hp.SHPAStar.build(grid, options);
    const problems: string[] = [];
    let subopt = 0;
    for (const s of scenarios) {
      const where = `${mapName}.scen:${s.line}`;
      const path = planner.findPath(s.start, s.goal);
      const expected = native.get(s.line)!;
      if (!path.found) {
        problems.push(`${where}: ${path.status}`);
        continue;
      }
      try {
        validatePath(map, path.cells, s.start, s.goal, path.cost);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
      // The tool prints 10 significant digits.
      if (Math.abs(path.cost - expected.length) > 1e-9 * Math.max(1, path.cost)) problems.push(`${where}: length ${path.cost}, native ${expected.length}`);
      if (path.stats.expandedMain !== expected.expanded_main || path.stats.expandedRefinement !== expected.expanded_refine) {
        problems.push(`${where}: expansions ${path.stats.expandedMain}/${path.stats.expandedRefinement}, native ${expected.expanded_main}/${expected.expanded_refine}`);
      }
      if (path.cost < s.optimal - 1e-5 * Math.max(1, s.optimal)) problems.push(`${where}: shorter than optimal`);
      subopt += s.optimal > 0 ? path.cost / s.optimal - 1 : 0;
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(subopt / scenarios.length).toBeLessThan(0.05);
  });
});

describe('the SHPAStar object', () => {
  let grid: Grid;
  let planner: SHPAStar;
  let map: MapText;

  beforeAll(() => {
    const text = readMapsFile('den520d.map');
    map = parseMap(text);
    grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    planner = hp.SHPAStar.build(grid);
  });

  afterAll(() => {
    planner.dispose();
    grid.dispose();
  });

  test('reports its options and build figures', () => {
    expect(hp.SHPAStar.defaultOptions).toEqual({
      initialClusterSize: 4, maxClusterSide: 16, maxClusterCells: 0, maxDetour: 0, entranceWidth: 6, edgeWeight: 'euclidean',
    });
    expect(Object.isFrozen(hp.SHPAStar.defaultOptions)).toBe(true);
    expect(planner.options).toEqual(hp.SHPAStar.defaultOptions);
    const s = planner.stats;
    expect([planner.width, planner.height]).toEqual([256, 257]);
    expect(s.components).toBeGreaterThanOrEqual(1);
    expect(s.clusters).toBeGreaterThan(10);
    expect(s.initialClusters).toBe(s.clusters + s.merges);
    expect(s.nodes).toBeGreaterThan(s.clusters);
    expect(s.interEdges).toBeGreaterThan(0);
    expect(s.intraEdges).toBeGreaterThan(0);
    expect(s.maxClusterNodes).toBeGreaterThan(1);
    expect(s.gridBytes).toBeGreaterThan(256 * 257 - 1);
    expect(s.bytes).toBeGreaterThan(0);
    expect(s.buildMs).toBeGreaterThan(0);
    expect(new TextDecoder().decode(planner.terrain())).toBe(map.rows.join(''));
  });

  test('a batch equals the same queries one by one, statuses included', () => {
    const pairs: [Point, Point][] = randomPairs(map, 300, 11);
    pairs.push([{ x: 0, y: 0 }, pairs[0]![1]], [pairs[1]![0], { x: 999, y: 5 }], [pairs[2]![0], pairs[2]![0]]);
    for (const smooth of [true, false]) {
      const batch = planner.findPaths(pack(pairs), { smooth });
      expect(batch.count).toBe(pairs.length);
      expect(batch.version).toBe(0);
      pairs.forEach(([start, goal], i) => {
        if (i === 300) return expect(batch.status[i]).toBe(PathStatusCode.StartInvalid);
        if (i === 301) return expect(batch.status[i]).toBe(PathStatusCode.GoalInvalid);
        const one = planner.findPath(start, goal, { smooth });
        expect(batch.found(i)).toBe(one.found);
        expect(batch.cost[i]).toBe(one.found ? one.cost : Infinity);
        expect(batch.expanded[i]).toBe(one.expanded);
        expect(Array.from(batch.path(i))).toEqual(Array.from(one.cells));
        if (one.found) validatePath(map, one.cells, start, goal, one.cost);
      });
      expect(batch.path(302)).toEqual(Int32Array.from([pairs[2]![0].x, pairs[2]![0].y]));
    }
    const costsOnly = planner.findPaths(pairs.slice(0, 20), { cells: false });
    expect(costsOnly.cells.length).toBe(0);
  });

  test('smoothing never lengthens a path', () => {
    for (const [start, goal] of randomPairs(map, 100, 3)) {
      const smoothed = planner.findPath(start, goal);
      const raw = planner.findPath(start, goal, { smooth: false });
      expect(smoothed.found).toBe(raw.found);
      if (raw.found) expect(smoothed.cost).toBeLessThanOrEqual(raw.cost + 1e-9);
    }
  });

  test('every edit attempt is refused with the static-maps message; the grid can change, the planner does not', () => {
    expect(() => planner.applyEdits([{ x: 10, y: 140, terrain: '@' }])).toThrow(STATIC);
    expect(() => planner.applyEdits([])).toThrow(/^SHPAStar\.applyEdits: SHPA\* is for static maps/);
    expect(() => planner.applyEdits([])).toThrow(/rebuild the SHPA\* graph from the edited grid, or use HPA\* or DHPA\*/);
    // Editing the grid it was built from changes later builds, not this planner.
    const tiny = hp.Grid.fromMovingAI(tinyMap(['....', '....', '....']), 'tiny.map');
    const before = hp.SHPAStar.build(tiny);
    tiny.applyEdits([{ x: 1, y: 0 }, { x: 1, y: 1 }, { x: 1, y: 2 }].map((p) => ({ ...p, terrain: '@' })));
    expect(before.findPath({ x: 0, y: 0 }, { x: 3, y: 0 }).cost).toBe(3);
    const after = hp.SHPAStar.build(tiny);
    expect(after.findPath({ x: 0, y: 0 }, { x: 3, y: 0 }).found).toBe(false);
    before.dispose();
    after.dispose();
    tiny.dispose();
  });

  test('bad options, bad queries', () => {
    const tiny = hp.Grid.fromMovingAI(tinyMap(['....', '....']), 'tiny.map');
    const ranges: [ShpaOptions, RegExp][] = [
      [{ initialClusterSize: 0 }, /^SHPAStar\.build: initial cluster size 0 is outside 1\.\.1024$/],
      [{ maxClusterSide: 2 }, /^SHPAStar\.build: max cluster side 2 is outside 4\.\.1024/],
      [{ maxClusterCells: -1 }, /^SHPAStar\.build: max cluster cells -1 is negative$/],
      [{ maxDetour: 0.5 }, /^SHPAStar\.build: max detour 0\.5.* is neither 0 \(off\) nor in 1\.\.1000$/],
      [{ entranceWidth: 0 }, /^SHPAStar\.build: entrance width 0 is outside/],
    ];
    for (const [options, message] of ranges) {
      expect(() => hp.SHPAStar.build(tiny, options)).toThrow(RangeError);
      expect(() => hp.SHPAStar.build(tiny, options)).toThrow(message);
    }
    expect(() => hp.SHPAStar.build(tiny, { clusterSize: 4 } as never)).toThrow(
      new TypeError('SHPAStar.build: unknown option "clusterSize" (known: initialClusterSize, maxClusterSide, maxClusterCells, maxDetour, entranceWidth, edgeWeight)'),
    );
    expect(() => hp.SHPAStar.build(tiny, { edgeWeight: 'manhattan' } as never)).toThrow(
      new TypeError('SHPAStar.build: option edgeWeight must be one of \'euclidean\', \'octile\', got "manhattan"'),
    );
    expect(() => hp.SHPAStar.build(tiny, { maxDetour: Number.NaN })).toThrow(/option maxDetour must be a finite number/);
    expect(() => hp.SHPAStar.build(tiny, { maxClusterSide: 4.5 })).toThrow(/option maxClusterSide must be an integer/);
    expect(() => hp.SHPAStar.build({} as never)).toThrow(/grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got \{\}/);
    const ok = hp.SHPAStar.build(tiny, { initialClusterSize: 1, maxClusterSide: 1 });
    expect(ok.findPath({ x: 0, y: 0 }, { x: 3, y: 1 }).cost).toBeCloseTo(2 + Math.SQRT2, 12);
    expect(() => ok.findPath({ x: 4, y: 0 }, { x: 0, y: 0 })).toThrow(PathQueryError);
    expect(() => ok.findPath({ x: 0, y: 0 }, { x: -1, y: 0 })).toThrow('goal (-1, 0) is outside the map or blocked');
    expect(() => ok.findPath({ x: 0.5, y: 0 }, { x: 0, y: 0 })).toThrow(TypeError);
    expect(() => ok.findPath({ x: 0, y: 0 }, { x: 1, y: 0 }, { fast: true } as never)).toThrow(/unknown option "fast"/);
    expect(() => ok.findPaths(new Int32Array(3))).toThrow(/4 numbers each/);
    ok.dispose();
    tiny.dispose();
  });

  test('unconnected cells: found false; a planner outlives its grid; use after dispose throws', () => {
    const tiny = hp.Grid.fromMovingAI(tinyMap(['..@..', '..@..']), 'split.map');
    const split = hp.SHPAStar.build(tiny);
    tiny.dispose();
    expect(split.findPath({ x: 0, y: 0 }, { x: 1, y: 1 }).cost).toBeCloseTo(Math.SQRT2, 12);
    const path = split.findPath({ x: 0, y: 0 }, { x: 4, y: 1 });
    expect([path.found, path.status, path.cost, path.cells.length]).toEqual([false, 'no path', Infinity, 0]);
    split.dispose();
    split[Symbol.dispose]();
    expect(split.disposed).toBe(true);
    for (const use of [
      () => split.findPath({ x: 0, y: 0 }, { x: 1, y: 0 }),
      () => split.findPaths([]),
      () => split.applyEdits([]),
      () => split.stats,
      () => split.options,
      () => split.terrain(),
    ]) {
      expect(use).toThrow('this SHPAStar has been disposed');
    }
  });
});

describe.each(['copied', 'shared'] as const)('SHPA* in a pool in %s mode', (mode) => {
  let grid: Grid;
  let planner: SHPAStar;
  let queries: Int32Array;
  let pool: PathPool<'shpa'>;
  const options: ShpaOptions = { maxClusterSide: 12, edgeWeight: 'octile' };

  beforeAll(async () => {
    const text = readMapsFile('den520d.map');
    grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    planner = hp.SHPAStar.build(grid, options);
    const pairs: [Point, Point][] = randomPairs(parseMap(text), 600, 21);
    pairs.push([{ x: 0, y: 0 }, pairs[0]![1]]);
    queries = pack(pairs);
    pool = await createPathPool({ algorithm: 'shpa', grid, hierarchy: options, workers: 2, mode });
  });

  afterAll(async () => {
    await pool.close();
    planner.dispose();
    grid.dispose();
  });

  test('the workers build the same graph and give the same answers as the planner here', async () => {
    expect([pool.algorithm, pool.mode, pool.workers]).toEqual(['shpa', mode, 2]);
    expect(pool.options).toEqual(planner.options);
    const { buildMs: _a, ...poolStats } = pool.stats;
    const { buildMs: _b, ...stats } = planner.stats;
    expect(poolStats).toEqual(stats);
    const batch = await pool.findPaths(queries);
    const expected = planner.findPaths(queries);
    for (const key of ['status', 'cost', 'expanded', 'offsets', 'cells'] as const) {
      expect(Array.from(batch[key]), key).toEqual(Array.from(expected[key]));
    }
    expect(batch.status[600]).toBe(PathStatusCode.StartInvalid);
    const costs = await pool.findPaths(queries.subarray(0, 400), { cells: false, smooth: false });
    expect(Array.from(costs.cost)).toEqual(Array.from(planner.findPaths(queries.subarray(0, 400), { smooth: false }).cost));
  });

  test('updateTerrain rejects with the static-maps message; the pool goes on working', async () => {
    await expect(pool.updateTerrain([{ x: 10, y: 140, terrain: '@' }])).rejects.toThrow(STATIC);
    await expect(pool.updateTerrain([])).rejects.toThrow(/^PathPool\.updateTerrain: SHPA\* is for static maps/);
    expect(pool.version).toBe(0);
    expect((await pool.findPaths(queries.subarray(0, 40))).count).toBe(10);
  });

  test('a pool made from an SHPAStar builds the same graph from its terrain and options', async () => {
    await using fromPlanner = await createPathPool({ planner, workers: 1, mode });
    expect(fromPlanner.algorithm).toBe('shpa');
    expect(fromPlanner.options).toEqual(planner.options);
    await expect(fromPlanner.planPaths(queries.subarray(0, 4))).rejects.toThrow('PathPool.planPaths: an SHPA* pool does not plan (HPA* and DHPA* pools do)');
    const batch = await fromPlanner.findPaths(queries.subarray(0, 4 * 200));
    expect(Array.from(batch.cost)).toEqual(Array.from(planner.findPaths(queries.subarray(0, 4 * 200)).cost));
  });
});

describe('SHPA* pool options', () => {
  test('are checked like the planner\'s', async () => {
    using grid = hp.Grid.fromMovingAI(tinyMap(['....', '....']), 'tiny.map');
    await expect(createPathPool({ algorithm: 'shpa', grid, hierarchy: { clusterSize: 4 } as never, workers: 1 })).rejects.toThrow(
      /createPathPool: unknown option "clusterSize" \(known: initialClusterSize/,
    );
    await expect(createPathPool({ algorithm: 'shpa', grid, hierarchy: { maxClusterSide: 2 }, workers: 1, mode: 'copied' })).rejects.toThrow(
      new RangeError('createPathPool: max cluster side 2 is outside 4..1024 (it cannot be below the initial cluster size)'),
    );
    await expect(createPathPool({ algorithm: 'astar' as never, grid, workers: 1 })).rejects.toThrow(/algorithm must be 'hpa', 'shpa' or 'haa'/);
    using hpa = hp.HPAStar.build(grid, { clusterSize: 2 });
    await expect(createPathPool({ algorithm: 'shpa', planner: hpa as never, workers: 1 })).rejects.toThrow(/algorithm 'shpa' needs an SHPAStar/);
  });
});
