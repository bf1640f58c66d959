// Every public function refuses arguments that WebAssembly would silently coerce (2**32 + 1 to 1, 1.7
// to 1, '1' to 1, '\u012e' to '.'): a TypeError or RangeError that names the function, the argument
// and the value. One expectation per function and bad argument.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type Grid, type HPAStar, type Hpastar, type PathBatch, type PlanBatch, type SHPAStar } from '../../web/lib/index';
import { abstractGraph, clusterRects, queryConnections, traceSearch } from '../../web/lib/inspect';

let hp: Hpastar;
let grid: Grid;
let planner: HPAStar;
let shpa: SHPAStar;
let batch: PathBatch;
let plans: PlanBatch;

// 12 x 2, all passable.
const TERRAIN = '.'.repeat(24);

beforeAll(async () => {
  hp = await loadHpastar();
  grid = hp.Grid.fromTerrain(TERRAIN, 12, 2);
  planner = hp.HPAStar.build(grid, { clusterSize: 4 });
  shpa = hp.SHPAStar.build(grid);
  batch = planner.findPaths([[{ x: 0, y: 0 }, { x: 11, y: 1 }]]);
  plans = planner.planPaths([[{ x: 0, y: 0 }, { x: 11, y: 1 }]]);
});

afterAll(() => {
  shpa.dispose();
  planner.dispose();
  grid.dispose();
});

type Case = readonly [call: string, run: () => unknown, error: ErrorConstructor, message: string];

const HUGE = 2 ** 32 + 1;
const free = { x: 1, y: 1 };

describe('the sync API refuses each bad argument by name', () => {
  const cases: Case[] = [
    ['Grid.fromTerrain width 2**32 + 1', () => hp.Grid.fromTerrain('.', HUGE, 1), RangeError,
      'Grid.fromTerrain: width must be an integer in -2147483648..2147483647, got 4294967297'],
    ['Grid.fromTerrain height 1.5', () => hp.Grid.fromTerrain('..', 2, 1.5), TypeError, 'Grid.fromTerrain: height must be an integer, got 1.5'],
    ['Grid.fromTerrain width "2"', () => hp.Grid.fromTerrain('..', '2' as never, 1), TypeError, 'Grid.fromTerrain: width must be an integer, got "2"'],
    ['Grid.fromTerrain a two-byte character', () => hp.Grid.fromTerrain('..\u012e.', 4, 1), RangeError,
      'Grid.fromTerrain: terrain has "Į" (U+012E) at index 2, which is not a terrain character'],
    ['Grid.fromTerrain terrain of numbers', () => hp.Grid.fromTerrain([46] as never, 1, 1), TypeError,
      'Grid.fromTerrain: terrain must be a Uint8Array or a string, got [46]'],
    ['Grid.fromTerrain the wrong length', () => hp.Grid.fromTerrain('...', 2, 1), Error, 'Grid.fromTerrain: terrain has 3 cells, expected 2 for 2x1'],
    ['Grid.fromMovingAI text 42', () => hp.Grid.fromMovingAI(42 as never), TypeError, 'Grid.fromMovingAI: the map text must be a string, got 42'],
    ['Grid.fromMovingAI fileName 7', () => hp.Grid.fromMovingAI('type octile', 7 as never), TypeError, 'Grid.fromMovingAI: fileName must be a string, got 7'],
    ['Grid.passable x 2**32 + 1', () => grid.passable(HUGE, 1), RangeError, 'Grid.passable: x must be an integer in -2147483648..2147483647, got 4294967297'],
    ['Grid.passable x 1.7', () => grid.passable(1.7, 1), TypeError, 'Grid.passable: x must be an integer, got 1.7'],
    ['Grid.passable y 1.2', () => grid.passable(1, 1.2), TypeError, 'Grid.passable: y must be an integer, got 1.2'],
    ['Grid.passable x "1"', () => grid.passable('1' as never, 1), TypeError, 'Grid.passable: x must be an integer, got "1"'],
    ['Grid.passable y NaN', () => grid.passable(1, Number.NaN), TypeError, 'Grid.passable: y must be an integer, got NaN'],
    ['Grid.terrainAt x 2**32 + 1', () => grid.terrainAt(HUGE, 1), RangeError, 'Grid.terrainAt: x must be an integer in -2147483648..2147483647, got 4294967297'],
    ['Grid.terrainAt y 0.5', () => grid.terrainAt(0, 0.5), TypeError, 'Grid.terrainAt: y must be an integer, got 0.5'],
    ['Grid.terrainAt x "0"', () => grid.terrainAt('0' as never, 0), TypeError, 'Grid.terrainAt: x must be an integer, got "0"'],
    ['Grid.setTerrain x 2**32', () => grid.setTerrain(2 ** 32, 0, '.'), RangeError, 'Grid.setTerrain: x must be an integer in -2147483648..2147483647, got 4294967296'],
    ['Grid.setTerrain terrain 64', () => grid.setTerrain(0, 0, 64 as never), TypeError, 'Grid.setTerrain: terrain must be a string, got 64'],
    ['Grid.setTerrain terrain "\u012e"', () => grid.setTerrain(0, 0, '\u012e'), RangeError,
      'Grid.setTerrain: edit 0: "Į" is not a Moving AI terrain character (. G S W T @ O)'],
    ['Grid.applyEdits x 0.5', () => grid.applyEdits([{ x: 0.5, y: 0, terrain: '.' }]), TypeError,
      'Grid.applyEdits: edit 0 must have integer x and y, got {"x":0.5,"y":0,"terrain":"."}'],
    ['AStar.findPath start x 2**32 + 1', () => new hp.AStar().findPath(grid, { x: HUGE, y: 1 }, free), RangeError,
      'AStar.findPath: start must be a cell with 32-bit integer x and y, got {"x":4294967297,"y":1}'],
    ['AStar.findPath goal y 1.5', () => new hp.AStar().findPath(grid, free, { x: 1, y: 1.5 }), TypeError,
      'AStar.findPath: goal must be a cell with integer x and y, got {"x":1,"y":1.5}'],
    ['AStar.findPath grid {}', () => new hp.AStar().findPath({} as never, free, free), TypeError,
      'AStar.findPath: grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got {}'],
    ['traceSearch (AStar) start "1,1"', () => traceSearch(new hp.AStar(), grid, '1,1' as never, free), TypeError,
      'traceSearch: start must be a cell with integer x and y, got "1,1"'],
    ['HPAStar.build grid null', () => hp.HPAStar.build(null as never), TypeError,
      'HPAStar.build: grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got null'],
    ['HPAStar.build clusterSize 2**32 + 4', () => hp.HPAStar.build(grid, { clusterSize: 2 ** 32 + 4 }), RangeError,
      'HPAStar.build: option clusterSize must be an integer in -2147483648..2147483647, got 4294967300'],
    ['HPAStar.build levels "2"', () => hp.HPAStar.build(grid, { levels: '2' as never }), TypeError, 'HPAStar.build: option levels must be an integer, got "2"'],
    ['SHPAStar.build maxClusterSide 16.5', () => hp.SHPAStar.build(grid, { maxClusterSide: 16.5 }), TypeError,
      'SHPAStar.build: option maxClusterSide must be an integer, got 16.5'],
    ['SHPAStar.build maxDetour "1"', () => hp.SHPAStar.build(grid, { maxDetour: '1' as never }), TypeError,
      'SHPAStar.build: option maxDetour must be a finite number, got "1"'],
    ['HPAStar.load bytes []', () => hp.HPAStar.load([] as never), TypeError, 'HPAStar.load: bytes must be a Uint8Array, got []'],
    ['HPAStar.findPath start x 2**32 + 1', () => planner.findPath({ x: HUGE, y: 1 }, free), RangeError,
      'HPAStar.findPath: start must be a cell with 32-bit integer x and y, got {"x":4294967297,"y":1}'],
    ['HPAStar.findPath goal x 0.5', () => planner.findPath(free, { x: 0.5, y: 1 }), TypeError,
      'HPAStar.findPath: goal must be a cell with integer x and y, got {"x":0.5,"y":1}'],
    ['traceSearch (HPAStar) goal null', () => traceSearch(planner, free, null as never), TypeError,
      'traceSearch: goal must be a cell with integer x and y, got null'],
    ['HPAStar.plan start y "1"', () => planner.plan({ x: 1, y: '1' } as never, free), TypeError,
      'HPAStar.plan: start must be a cell with integer x and y, got {"x":1,"y":"1"}'],
    ['queryConnections goal y 2**31', () => queryConnections(planner, free, { x: 1, y: 2 ** 31 }), RangeError,
      'queryConnections: goal must be a cell with 32-bit integer x and y, got {"x":1,"y":2147483648}'],
    ['HPAStar.findPaths a pair with x 1.5', () => planner.findPaths([[{ x: 1.5, y: 1 }, free]]), TypeError,
      'HPAStar.findPaths: query 0: start must be a cell with integer x and y, got {"x":1.5,"y":1}'],
    ['HPAStar.findPaths 5 packed numbers', () => planner.findPaths(new Int32Array(5)), TypeError,
      'HPAStar.findPaths: packed queries need 4 numbers each (sx, sy, gx, gy); got 5 numbers'],
    ['HPAStar.planPaths a pair with y 2**32', () => planner.planPaths([[free, { x: 1, y: 2 ** 32 }]]), RangeError,
      'HPAStar.planPaths: query 0: goal must be a cell with 32-bit integer x and y, got {"x":1,"y":4294967296}'],
    ['abstractGraph level 1.5', () => abstractGraph(planner, 1.5), TypeError, 'abstractGraph: level must be an integer, got 1.5'],
    ['abstractGraph level "1"', () => abstractGraph(planner, '1' as never), TypeError, 'abstractGraph: level must be an integer, got "1"'],
    ['clusterRects level 2**32 + 1', () => clusterRects(planner, HUGE), RangeError,
      'clusterRects: level 4294967297 is not a level of this hierarchy (1 to 1)'],
    ['HPAStar.applyEdits y 2**32', () => planner.applyEdits([{ x: 0, y: 2 ** 32, terrain: '@' }]), TypeError,
      'HPAStar.applyEdits: edit 0 must have integer x and y, got {"x":0,"y":4294967296,"terrain":"@"}'],
    ['HPAStarQuery.findPath start x 2**32 + 1', () => planner.createQuery().findPath({ x: HUGE, y: 1 }, free), RangeError,
      'HPAStarQuery.findPath: start must be a cell with 32-bit integer x and y, got {"x":4294967297,"y":1}'],
    ['SHPAStar.build grid "map"', () => hp.SHPAStar.build('map' as never), TypeError,
      'SHPAStar.build: grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got "map"'],
    ['SHPAStar.findPath start x 1.7', () => shpa.findPath({ x: 1.7, y: 1 }, free), TypeError,
      'SHPAStar.findPath: start must be a cell with integer x and y, got {"x":1.7,"y":1}'],
    ['SHPAStar.findPaths a pair with x 2**32 + 1', () => shpa.findPaths([[{ x: HUGE, y: 1 }, free]]), RangeError,
      'SHPAStar.findPaths: query 0: start must be a cell with 32-bit integer x and y, got {"x":4294967297,"y":1}'],
    ['PathBatch.path index 0.5', () => batch.path(0.5), TypeError, 'PathBatch.path: query index must be an integer, got 0.5'],
    ['PathBatch.path index 1', () => batch.path(1), RangeError, 'PathBatch.path: query index must be an integer in 0..0, got 1'],
    ['PathBatch.found index "0"', () => batch.found('0' as never), TypeError, 'PathBatch.found: query index must be an integer, got "0"'],
    ['PathBatch.statusText index 2**32', () => batch.statusText(2 ** 32), RangeError, 'PathBatch.statusText: query index must be an integer in 0..0, got 4294967296'],
    ['PlanBatch.waypointsOf index -1', () => plans.waypointsOf(-1), RangeError, 'PlanBatch.waypointsOf: query index must be an integer in 0..0, got -1'],
    ['PlanBatch.firstSegment index 0.5', () => plans.firstSegment(0.5), TypeError, 'PlanBatch.firstSegment: query index must be an integer, got 0.5'],
  ];
  test.each(cases)('%s', (_call, run, error, message) => {
    expect(run).toThrow(message);
    expect(run).toThrow(error);
    // The exact message: the function, the argument and the value, nothing else.
    try {
      run();
    } catch (thrown) {
      expect((thrown as Error).message).toBe(message);
    }
  });
});

describe('the async API refuses each bad argument by name', () => {
  const asyncCases: readonly [call: string, run: () => Promise<unknown>, error: ErrorConstructor, message: string][] = [
    ['loadHpastar wasmBinary "x"', () => loadHpastar({ wasmBinary: 'x' as never }), TypeError, 'loadHpastar: wasmBinary must be an ArrayBuffer or a Uint8Array, got "x"'],
    ['loadHpastar locateFile 3', () => loadHpastar({ locateFile: 3 as never }), TypeError, 'loadHpastar: locateFile must be a function, got 3'],
    ['loadHpastar an unknown option', () => loadHpastar({ wasm: 1 } as never), TypeError, 'loadHpastar: unknown option "wasm" (known: wasmBinary, locateFile)'],
    ['createPathPool workers 2**32 + 1', () => createPathPool({ grid, workers: HUGE }), RangeError,
      'createPathPool: workers must be an integer in 1..64, got 4294967297'],
    ['createPathPool workers "2"', () => createPathPool({ grid, workers: '2' as never }), TypeError, 'createPathPool: workers must be an integer, got "2"'],
    ['createPathPool jobSize 1.5', () => createPathPool({ grid, workers: 1, jobSize: 1.5 }), TypeError, 'createPathPool: jobSize must be an integer, got 1.5'],
    ['createPathPool grid.width 2**32 + 2', () => createPathPool({ grid: { width: 2 ** 32 + 2, height: 1, terrain: new Uint8Array(2) }, workers: 1 }), RangeError,
      'createPathPool: grid.width must be an integer in 1..2147483647, got 4294967298'],
    ['createPathPool grid.terrain a string', () => createPathPool({ grid: { width: 2, height: 1, terrain: '..' as never }, workers: 1 }), TypeError,
      'createPathPool: grid.terrain must be a Uint8Array, got ".."'],
  ];
  test.each(asyncCases)('%s', async (_call, run, error, message) => {
    const thrown = await run().then(() => null, (e: unknown) => e);
    expect(thrown).toBeInstanceOf(error);
    expect((thrown as Error).message).toBe(message);
  });
});

describe('arguments that were coerced before now give the answer they name', () => {
  test('a terrain string keeps every character: only one-byte characters are terrain', () => {
    using g = hp.Grid.fromTerrain('.@', 2, 1);
    expect([g.terrainAt(0, 0), g.terrainAt(1, 0), g.passable(1, 0)]).toEqual(['.', '@', false]);
  });

  test('cells outside the map are an answer, not an error', () => {
    expect([grid.passable(-1, 0), grid.passable(12, 0), grid.terrainAt(2 ** 31 - 1, 0)]).toEqual([false, false, '']);
  });
});

describe('error classes of the package check their arguments too', () => {
  test('new PathQueryError with a status that is not a string', async () => {
    const { PathQueryError } = await import('../../web/lib/index');
    expect(() => new PathQueryError(3 as never, 'start (3, 4) is outside the map or blocked')).toThrow(
      new TypeError('PathQueryError: status must be a string, got 3'),
    );
  });
});
