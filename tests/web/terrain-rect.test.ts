// Terrain in bulk: Grid.passableRect / terrainRect (and HPAStar's, on its current terrain) give a
// rectangle of cells in one call, equal to asking cell by cell; bad rectangles are refused with the
// call, the argument and the value named.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isPassableTerrain, loadHpastar, parseMovingAIMap, type Grid, type HPAStar, type Hpastar } from '../../web/lib/index';
import { readMapsFile } from './scenarios';

const MAP = 'den520d.map';
let hp: Hpastar;
let grid: Grid;
let planner: HPAStar;
let terrain: Uint8Array;
let width: number;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, { clusterSize: 16, levels: 2 });
  ({ terrain, width } = parseMovingAIMap(text, MAP));
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

/** The rectangle cut from the whole map's row-major bytes. */
function cut(all: Uint8Array, x: number, y: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) out.set(all.subarray((y + r) * width + x, (y + r) * width + x + w), r * w);
  return out;
}

const rects: [number, number, number, number][] = [
  [0, 0, 256, 257], // the whole map: one block
  [0, 100, 256, 7], // whole rows
  [13, 0, 1, 257], // one column
  [200, 250, 56, 7], // the far corner
  [31, 47, 64, 33],
  [5, 5, 1, 1],
  [7, 9, 0, 4], // empty
  [256, 257, 0, 0], // empty, at the far corner
];

describe.each([
  ['Grid', () => grid],
  ['HPAStar', () => planner],
] as const)('%s', (_, source) => {
  test.each(rects)('terrainRect(%i, %i, %i, %i) is the terrain cut to the rectangle', (x, y, w, h) => {
    const rect = source().terrainRect(x, y, w, h);
    expect(rect).toBeInstanceOf(Uint8Array);
    expect(Buffer.compare(rect, cut(terrain, x, y, w, h))).toBe(0);
  });

  test.each(rects)('passableRect(%i, %i, %i, %i) is 1 where the terrain is passable, 0 elsewhere', (x, y, w, h) => {
    const expected = cut(terrain, x, y, w, h).map((c) => (isPassableTerrain(c) ? 1 : 0));
    expect(Buffer.compare(source().passableRect(x, y, w, h), expected)).toBe(0);
  });

  test('left out, the rectangle runs to the far corner', () => {
    const s = source();
    expect(Buffer.compare(s.terrainRect(), terrain)).toBe(0);
    expect(Buffer.compare(s.passableRect(100), s.passableRect(100, 0, 156, 257))).toBe(0);
    expect(Buffer.compare(s.terrainRect(10, 20), cut(terrain, 10, 20, 246, 237))).toBe(0);
    expect(Buffer.compare(s.terrainRect(10, 20, 5), cut(terrain, 10, 20, 5, 237))).toBe(0);
  });

  test('a rectangle not inside the map is a RangeError in the core\'s words; a fraction a TypeError', () => {
    const s = source();
    const where = `${_}.passableRect`;
    expect(() => s.passableRect(250, 0, 7, 1)).toThrow(new RangeError(`${where}: the rectangle of 7x1 cells at (250, 0) is not inside the 256x257 map`));
    expect(() => s.terrainRect(-1, 0, 1, 1)).toThrow(new RangeError(`${_}.terrainRect: the rectangle of 1x1 cells at (-1, 0) is not inside the 256x257 map`));
    expect(() => s.passableRect(0, 0, 1, -1)).toThrow(/the rectangle of 1x-1 cells at \(0, 0\) is not inside/);
    expect(() => s.passableRect(2_000_000_000, 0, 2_000_000_000, 1)).toThrow(RangeError);
    expect(() => s.passableRect(257)).toThrow(/the rectangle of 0x257 cells at \(257, 0\) is not inside/);
    expect(() => s.passableRect(1.5, 0, 1, 1)).toThrow(new TypeError(`${where}: x must be an integer, got 1.5`));
    expect(() => s.terrainRect(0, 0, 2 ** 32, 1)).toThrow(new RangeError(`${_}.terrainRect: w must be an integer in -2147483648..2147483647, got 4294967296`));
    expect(() => s.terrainRect(0, '1' as never)).toThrow(new TypeError(`${_}.terrainRect: y must be an integer, got "1"`));
  });
});

test('the planner\'s rectangles follow its edits; the grid it was built from keeps its terrain', () => {
  const copy = hp.HPAStar.load(planner.serialize());
  try {
    const cell = Array.from(terrain).findIndex((c) => isPassableTerrain(c));
    const [x, y] = [cell % width, Math.floor(cell / width)];
    copy.applyEdits([{ x, y, terrain: 'T' }]);
    expect(Array.from(copy.passableRect(x, y, 1, 1))).toEqual([0]);
    expect(String.fromCharCode(...copy.terrainRect(x, y, 1, 1))).toBe('T');
    expect(Array.from(grid.passableRect(x, y, 1, 1))).toEqual([1]);
  } finally {
    copy.dispose();
  }
});

test('one call for the whole map instead of one per cell', () => {
  let t0 = performance.now();
  const perCell = new Uint8Array(256 * 257);
  for (let y = 0; y < 257; y++) for (let x = 0; x < 256; x++) perCell[y * 256 + x] = grid.passable(x, y) ? 1 : 0;
  const perCellMs = performance.now() - t0;
  t0 = performance.now();
  const bulk = grid.passableRect();
  const bulkMs = performance.now() - t0;
  expect(Buffer.compare(bulk, perCell)).toBe(0);
  console.log(`den520d passability: ${perCellMs.toFixed(1)} ms cell by cell, ${bulkMs.toFixed(2)} ms in one passableRect()`);
});

test('a disposed grid refuses, naming the class', () => {
  const g = hp.Grid.fromTerrain('..@.', 2, 2);
  expect(Array.from(g.passableRect())).toEqual([1, 1, 0, 1]);
  g.dispose();
  expect(() => g.passableRect()).toThrow('this Grid has been disposed');
});
