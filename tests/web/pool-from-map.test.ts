// A pool made from a map's text or terrain (createPathPool({ map })): the main thread reads the map in
// TypeScript and loads no WebAssembly module of its own; the workers answer as a pool made from the
// same terrain given as `grid` does. This file never calls loadHpastar: vitest runs it in a thread of
// its own, so any module instantiated here would have been instantiated for the map.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createPathPool, parseMovingAIMap, type PathBatch } from '../../web/lib/index';
import { pack, randomPairs } from './helpers/queries';
import { parseMap, readMapsFile } from './scenarios';

const MAP = 'den520d.map';
const OPTIONS = { clusterSize: 16, levels: 2 } as const;
const instantiations = [
  vi.spyOn(WebAssembly, 'instantiate'),
  vi.spyOn(WebAssembly, 'instantiateStreaming'),
  vi.spyOn(WebAssembly, 'compile'),
];

let text: string;
let queries: Int32Array;

beforeAll(() => {
  text = readMapsFile(MAP);
  queries = pack(randomPairs(parseMap(text), 300, 11));
});

afterAll(() => {
  for (const spy of instantiations) spy.mockRestore();
});

/** Fails unless two batches hold the same statuses, costs and cells. */
function expectSameBatch(actual: PathBatch, expected: PathBatch): void {
  for (const key of ['status', 'cost', 'offsets', 'cells'] as const) {
    expect(Buffer.compare(new Uint8Array(actual[key].buffer), new Uint8Array(expected[key].buffer)), key).toBe(0);
  }
}

describe.each(['copied', 'shared'] as const)('%s mode', (mode) => {
  test('a pool from the text, from parseMovingAIMap\'s terrain and from the same terrain as grid answer alike', async () => {
    const parsed = parseMovingAIMap(text, MAP);
    const fromText = await createPathPool({ map: text, hierarchy: OPTIONS, workers: 2, mode });
    const fromTerrain = await createPathPool({ map: parsed, hierarchy: OPTIONS, workers: 1, mode });
    const fromGrid = await createPathPool({ grid: parsed, hierarchy: OPTIONS, workers: 1, mode });
    try {
      expect([fromText.mode, fromText.width, fromText.height, fromText.version]).toEqual([mode, 256, 257, 0]);
      const expected = await fromGrid.findPaths(queries);
      expect(expected.status.every((s) => s === 0)).toBe(true);
      expectSameBatch(await fromText.findPaths(queries), expected);
      expectSameBatch(await fromTerrain.findPaths(queries), expected);
      // Edits and reachability go on as in any pool.
      await fromText.updateTerrain([{ x: 10, y: 140, terrain: '@' }]);
      expect(await fromText.componentOf({ x: 10, y: 140 })).toBe(0);
    } finally {
      await Promise.all([fromText.close(), fromTerrain.close(), fromGrid.close()]);
    }
    // Reading the map and starting the pool instantiated nothing on this thread: only the workers did.
    for (const spy of instantiations) expect(spy).not.toHaveBeenCalled();
  });
});

test('SHPA* pools take the map too', async () => {
  const pool = await createPathPool({ algorithm: 'shpa', map: text, workers: 1, mode: 'copied' });
  try {
    const batch = await pool.findPaths(queries.subarray(0, 40));
    expect(batch.status.every((s) => s === 0)).toBe(true);
  } finally {
    await pool.close();
  }
});

test('a malformed map, or a map given twice or as the wrong thing, rejects naming the problem', async () => {
  await expect(createPathPool({ map: 'type octile\nheight 2\nwidth 3\nmap\n...\n..\n', workers: 1 })).rejects.toThrow(
    new Error('map:6: row 1 has 2 characters, header says width 3'),
  );
  const parsed = parseMovingAIMap(text, MAP);
  await expect(createPathPool({ map: text, grid: parsed, workers: 1 })).rejects.toThrow(new TypeError('createPathPool: give either map or grid, not both'));
  await expect(createPathPool({ map: 42 as never, workers: 1 })).rejects.toThrow(
    new TypeError('createPathPool: map must be a string or { width, height, terrain: Uint8Array }, got 42'),
  );
  await expect(createPathPool({ map: { ...parsed, height: 3 }, workers: 1 })).rejects.toThrow(
    new RangeError('createPathPool: terrain has 65792 cells, expected 768 for 256x3'),
  );
  await expect(createPathPool({ map: { ...parsed, width: 1.5 }, workers: 1 })).rejects.toThrow(/map\.width must be an integer/);
  await expect(createPathPool({ workers: 1 } as never)).rejects.toThrow(
    new TypeError('createPathPool: give the map as grid (a Grid), map (the text of a Moving AI .map file, or { width, height, terrain }) or planner'),
  );
});
