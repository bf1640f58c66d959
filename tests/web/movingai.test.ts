// The `hpastar` tool's scenario reader and path check (web/lib/cli/movingai.ts): the core's, through the
// module, so their messages are the native tool's, naming the file, the line and the value.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pathProblem, readScenarios } from '../../web/lib/cli/movingai';
import { loadHpastar, type Grid, type Hpastar } from '../../web/lib/index';

let hp: Hpastar;
let grid: Grid;

// 4 x 3, one wall at (1, 1).
const MAP = 'type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n';

beforeAll(async () => {
  hp = await loadHpastar();
  grid = hp.Grid.fromMovingAI(MAP, 'tiny.map');
});

afterAll(() => grid.dispose());

const read = (text: string, mapFile = 'maps/tiny.map') => readScenarios(hp, text, 'tiny.map.scen', grid, mapFile);

describe('readScenarios', () => {
  test('reads the columns of every line, skipping blank ones, with the line of each', () => {
    const text = 'version 1.0\r\n3\tdir/tiny.map\t4\t3\t0\t0\t3\t2\t3.82842712\r\n\n2 tiny.map 4 3 3 0 0 2 3.82842712\n';
    expect(read(text)).toEqual([
      { bucket: 3, sx: 0, sy: 0, gx: 3, gy: 2, optimal: 3.82842712, line: 2 },
      { bucket: 2, sx: 3, sy: 0, gx: 0, gy: 2, optimal: 3.82842712, line: 4 },
    ]);
    expect(read('version 1\n')).toEqual([]);
  });

  test.each([
    ['', '1: empty file, expected "version 1"'],
    ['version 2\n', '1: expected "version 1", found "version 2"'],
    ['version 1\n0\ttiny.map\t4\t3\t0\t0\t3\n', '2: has 7 fields, expected 9'],
    ['version 1\n\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t1\t9\n', '3: more than 9 fields'],
    ['version 1\n0\ttiny.map\t4\t3\tx1\t0\t3\t2\t1\n', '2: start x "x1" is not an integer'],
    ['version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t-2\t1\n', '2: goal y -2 is negative'],
    ['version 1\n0\t\t4\t3\t0\t0\t3\t2\t1\n', '2: map name is empty'],
    ['version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t2\tfar\n', '2: optimal length "far" is not a number'],
  ])('the core refuses %j: tiny.map.scen:%s', (text, where) => {
    expect(() => read(text)).toThrow(`tiny.map.scen:${where}`);
  });

  test.each([
    ['0\tother.map\t4\t3\t0\t0\t3\t2\t1', 'scenario is for map "other.map", not "tiny.map"'],
    ['0\ttiny.map\t8\t6\t0\t0\t3\t2\t1', "scenario map size 8x6 differs from the map's 4x3 (scaled scenarios are not supported)"],
    ['0\ttiny.map\t4\t3\t4\t0\t3\t2\t1', 'start (4, 0) is outside the map'],
    ['0\ttiny.map\t4\t3\t0\t0\t1\t1\t1', 'goal (1, 1) is on blocked terrain'],
  ])('the core checks %j against the map', (line, message) => {
    expect(() => read(`version 1\n\n${line}\n`)).toThrow(`tiny.map.scen:3: ${message}`);
  });

  test('without a map file name, only the size and the cells are checked', () => {
    expect(read('version 1\n0\tother.map\t4\t3\t0\t0\t3\t2\t1\n', '')).toHaveLength(1);
  });
});

describe('pathProblem', () => {
  const check = (start: [number, number], goal: [number, number], cells: number[], cost: number) =>
    pathProblem(hp, grid, { x: start[0], y: start[1] }, { x: goal[0], y: goal[1] }, Int32Array.from(cells), cost);

  test('a valid path has no problem', () => {
    expect(check([0, 0], [3, 2], [0, 0, 1, 0, 2, 0, 3, 1, 3, 2], 3 + Math.SQRT2)).toBeNull();
    expect(check([2, 2], [2, 2], [2, 2], 0)).toBeNull();
  });

  test.each([
    [[0, 0], [2, 0], [], 0, 'path is empty'],
    [[0, 0], [2, 0], [1, 0, 2, 0], 1, 'path starts at (1, 0), not at start (0, 0)'],
    [[0, 0], [2, 0], [0, 0, 1, 0], 1, 'path ends at (1, 0), not at goal (2, 0)'],
    [[0, 0], [1, 1], [0, 0, 1, 1], Math.SQRT2, 'cell 1 (1, 1) is outside the map or blocked'],
    [[0, 0], [2, 0], [0, 0, 2, 0], 2, 'step 1 from (0, 0) to (2, 0) is not one of the 8 moves'],
    [[2, 1], [1, 2], [2, 1, 1, 2], Math.SQRT2, 'step 1 from (2, 1) to (1, 2) cuts a corner'],
    [[0, 0], [2, 0], [0, 0, 1, 0, 2, 0], 3, 'reported cost 3.000000 differs from the recomputed 2.000000'],
    [[0, 0], [2, 0], [0, 0, 1], 0, 'cells must be packed as (x, y) pairs; got 3 numbers'],
  ] as const)('from %j to %j along %j (cost %d): %s', (start, goal, cells, cost, problem) => {
    expect(check([...start], [...goal], [...cells], cost)).toBe(problem);
  });
});
