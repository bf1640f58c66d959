// The calls that allocate in proportion to their input make room in the WebAssembly heap before they
// allocate anything (cpp/bindings/HeapReservation.h). When the heap cannot grow (a browser with no memory
// left; here WebAssembly.Memory.prototype.grow throws), each of them is refused with an OutOfMemoryError
// (a RangeError) that says out of memory with the figures; nothing of the caller's is changed, and the
// module goes on answering: its grids and planners find the same paths, small objects can still be made,
// and the refused calls succeed once the heap may grow again. The reservations must also cover what the
// calls allocate: with the heap allowed to grow only while they make room, they still succeed. The last
// resort, for what nothing reserves, is module-abort.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  loadHpastar,
  OutOfMemoryError,
  StatusKind,
  statusKindOf,
  type Grid,
  type HPAStar,
  type Hpastar,
  type PathResult,
  type Point,
  type SHPAStar,
} from '../../web/lib/index';
import { clusterMap, componentLabels } from '../../web/lib/inspect';
import { parseMap, readMapsFile } from './scenarios';

const WASM = fileURLToPath(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url));
/** emscripten_get_heap_max() of a module linked with -sMAXIMUM_MEMORY=4GB: one page short of 4 GiB. */
const HEAP_MAX = 4 * 1024 ** 3 - 65536;

const newModule = () => loadHpastar({ wasmBinary: readFileSync(WASM) });

/**
 * Lets WebAssembly memories grow `count` more times, then refuses (as a browser with no memory left
 * does), until the returned function restores growth.
 */
function limitGrowth(count: number): () => void {
  const grow = WebAssembly.Memory.prototype.grow;
  let left = count;
  WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number) {
    if (left-- <= 0) throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
    return grow.call(this, delta);
  };
  return () => {
    WebAssembly.Memory.prototype.grow = grow;
  };
}

const openTerrain = (side: number) => new Uint8Array(side * side).fill(46);
const mapText = (rows: readonly string[]) => `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

/** 8room_000 (512 x 512) repeated `times` x `times`: a real map's structure at a size that needs growth. */
function roomsRows(times: number): string[] {
  const rows = parseMap(readMapsFile('8room_000.map')).rows;
  return Array.from({ length: rows.length * times }, (_, y) => rows[y % rows.length]!.repeat(times));
}

/**
 * Every other corner of the level-1 clusters of a side x side map turned from open to wall or back
 * (`terrainAt` gives the cells' terrain, open by default): edits that touch most clusters (the 4 around
 * each corner), so that applyEdits builds the hierarchy afresh.
 */
function mostClusters(side: number, clusterSize: number, terrainAt = (_x: number, _y: number) => '.') {
  const edits = [];
  for (let y = 2 * clusterSize; y < side; y += 2 * clusterSize)
    for (let x = 2 * clusterSize; x < side; x += 2 * clusterSize) edits.push({ x, y, terrain: terrainAt(x, y) === '@' ? '.' : '@' });
  return edits;
}

const cost = (p: PathResult) => (p.found ? p.cost : Infinity);

/** Whether two byte arrays are equal (toEqual on megabytes would have vitest diff them key by key). */
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The error `call` throws (the test fails if it returns). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not throw');
}

describe('with a full heap that cannot grow, the calls that allocate in proportion to their input', () => {
  let hp: Hpastar;
  // Small objects made first, searched once so that their scratch is in place.
  let arena: Grid;
  let planner: HPAStar;
  let shpa: SHPAStar;
  const start: Point = { x: 3, y: 3 };
  const goal: Point = { x: 45, y: 45 };
  let answers: { planner: number; shpa: number; astar: number };
  // 1024 x 1024 inputs: megabytes, when the filled heap keeps a few hundred kilobytes free.
  let walls: Grid;
  let large: Grid;
  let largePlanner: HPAStar;
  let largeShpa: SHPAStar;
  let largeBytes: Uint8Array;
  const fillers: Grid[] = [];
  let restoreGrowth = () => {};

  beforeAll(async () => {
    hp = await newModule();
    arena = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    planner = hp.HPAStar.build(arena);
    shpa = hp.SHPAStar.build(arena);
    using astar = new hp.AStar();
    answers = {
      planner: cost(planner.findPath(start, goal)),
      shpa: cost(shpa.findPath(start, goal)),
      astar: cost(astar.findPath(arena, start, goal)),
    };
    // All walls: estimating its hierarchy takes little (no entrances), building it takes its grid's copy.
    walls = hp.Grid.fromTerrain(new Uint8Array(512 * 512).fill(64), 512, 512);
    large = hp.Grid.fromTerrain(openTerrain(1024), 1024, 1024);
    largePlanner = hp.HPAStar.build(large, { clusterSize: 16 });
    largeShpa = hp.SHPAStar.build(large); // shares the grid's cells until one of them is edited
    largeBytes = largePlanner.serialize();
    // Fill the heap with 256 x 256 grids until one is refused, then give the last one back: made at the
    // end of the heap, its cells free a block there (a few hundred kilobytes) for the small allocations
    // that are not reserved (handles, results) and for small grids.
    restoreGrowth = limitGrowth(0);
    for (;;) {
      try {
        fillers.push(hp.Grid.fromTerrain(openTerrain(256), 256, 256));
      } catch (error) {
        if (error instanceof OutOfMemoryError) break;
        throw error;
      }
    }
    fillers.pop()!.dispose();
  }, 60_000);

  afterAll(() => {
    restoreGrowth();
    for (const filler of fillers) filler.dispose();
    for (const object of [largeShpa, largePlanner, large, walls, shpa, planner, arena]) object.dispose();
  });

  const refusals: readonly [call: string, what: string, run: () => unknown][] = [
    ['Grid.fromTerrain', 'the grid', () => hp.Grid.fromTerrain(openTerrain(1024), 1024, 1024)],
    ['Grid.fromMovingAI', 'the map', () => hp.Grid.fromMovingAI(mapText(Array(1024).fill('.'.repeat(1024))), 'open.map')],
    ['HPAStar.build', 'choosing the options', () => hp.HPAStar.build(large)],
    ['HPAStar.build', 'estimating the hierarchy', () => hp.HPAStar.build(large, hp.HPAStar.defaultOptions)],
    ['HPAStar.build', 'the hierarchy', () => hp.HPAStar.build(walls)],
    ['HPAStar.load', 'a copy of the bytes', () => hp.HPAStar.load(largeBytes)],
    ['HPAStar.serialize', 'the serialized hierarchy', () => largePlanner.serialize()],
    ['HPAStar.applyEdits', 'the edit list', () => largePlanner.applyEdits(Array.from({ length: 100_000 }, (_, i) => ({ x: i % 1024, y: i >> 10, terrain: '@' })))],
    ['HPAStar.applyEdits', 'a copy of the edited grid', () => largePlanner.applyEdits(mostClusters(1024, 16))],
    ['HPAStar.applyEdits', 'the cost layer', () => largePlanner.applyEdits([{ x: 5, y: 5, cost: 40 }])],
    ['HPAStar.setTerrainCosts', "the grid's weights", () => largePlanner.setTerrainCosts({ '.': 2 })],
    ['componentLabels', 'the component map', () => componentLabels(largePlanner)],
    ['SHPAStar.build', 'the SHPA* graph', () => hp.SHPAStar.build(large)],
    ['JPSPlus.build', 'the jump table', () => hp.JPSPlus.build(large)],
    ['clusterMap', 'the cluster map', () => clusterMap(largeShpa)],
    ['Grid.setTerrain', 'the edited grid', () => large.setTerrain(5, 5, '@')],
  ];

  test.each(refusals)('%s throws an OutOfMemoryError naming %s, with the figures', (call, what, run) => {
    const error = thrownBy(run);
    expect(error).toBeInstanceOf(OutOfMemoryError);
    expect(error).toBeInstanceOf(RangeError);
    const e = error as OutOfMemoryError;
    expect(e.name).toBe('OutOfMemoryError');
    expect(e.message).toMatch(
      new RegExp(
        `^${call.replace('.', '\\.')}: out of memory: ${what.replace('*', '\\*')} needs about \\d+ bytes \\(\\d+\\.\\d MiB\\), ` +
          `\\d+ bytes are free at the end of the heap, and the WebAssembly heap of \\d+ bytes could not grow to \\d+ bytes ` +
          `\\(at most ${HEAP_MAX}\\)$`,
      ),
    );
    expect(e.what).toBe(what);
    expect(e.bytesNeeded).toBeGreaterThan(e.bytesFree);
    expect(e.heapBytes).toBeGreaterThan(16 << 20);
    expect(e.heapMaxBytes).toBe(HEAP_MAX);
    expect(e.message).toContain(`needs about ${e.bytesNeeded} bytes`);
    // The class was chosen by the module's status code, which the error carries.
    expect(statusKindOf(e.code)).toBe('OutOfMemory');
    expect(e.code >>> 24).toBe(StatusKind.OutOfMemory);
  });

  test('nothing of the caller is changed by a refused call', () => {
    expect(large.terrainAt(5, 5)).toBe('.');
    expect(largePlanner.version).toBe(0);
    expect(largePlanner.terrain().every((c) => c === 46)).toBe(true);
    expect(largeShpa.terrain()[5 * 1024 + 5]).toBe(46);
  });

  test('the module still answers: the same paths, and small grids can be made while the heap is full', () => {
    expect(cost(planner.findPath(start, goal))).toBe(answers.planner);
    expect(cost(shpa.findPath(start, goal))).toBe(answers.shpa);
    using astar = new hp.AStar();
    expect(cost(astar.findPath(arena, start, goal))).toBe(answers.astar);
    using tiny = hp.Grid.fromTerrain('.'.repeat(16 * 16), 16, 16);
    expect(astar.findPath(tiny, { x: 0, y: 0 }, { x: 15, y: 15 }).cost).toBeCloseTo(15 * Math.SQRT2);
  });

  test('once the heap may grow again, the refused calls succeed', () => {
    restoreGrowth();
    using grid = hp.Grid.fromTerrain(openTerrain(1024), 1024, 1024);
    using built = hp.HPAStar.build(large, { clusterSize: 32 });
    using loaded = hp.HPAStar.load(largeBytes);
    using graph = hp.SHPAStar.build(grid);
    expect(sameBytes(largePlanner.serialize(), largeBytes)).toBe(true);
    expect(cost(loaded.findPath({ x: 0, y: 0 }, { x: 1023, y: 1023 }))).toBeCloseTo(1023 * Math.SQRT2);
    expect(cost(built.findPath({ x: 0, y: 0 }, { x: 1023, y: 0 }))).toBe(1023);
    expect(clusterMap(graph)).toHaveLength(1024 * 1024);
    large.setTerrain(5, 5, '@');
    expect(large.terrainAt(5, 5)).toBe('@');
    expect(largeShpa.terrain()[5 * 1024 + 5]).toBe(46); // the planner kept its copy of the cells
    expect(cost(planner.findPath(start, goal))).toBe(answers.planner);
  }, 60_000);
});

describe('a reserved call covers what it allocates: the heap grows only while it makes room', () => {
  // A fresh module per call (its heap starts at 16 MB, so these inputs make it grow), the input made
  // while the heap may grow; then the heap may grow only as many times as the call reserves (the memory
  // estimate and the build; the copy of the bytes and the load). A call that allocated past what it
  // reserved would need one growth more, be refused it, and stop the module (module-abort.test.ts).
  const rooms = roomsRows(2);
  let hierarchyBytes: Uint8Array;

  beforeAll(async () => {
    const other = await newModule();
    using grid = other.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
    using source = other.HPAStar.build(grid, { cacheTrees: true });
    hierarchyBytes = source.serialize();
  }, 60_000);

  const cases: readonly [call: string, growths: number, run: (hp: Hpastar) => () => void][] = [
    ['Grid.fromTerrain', 1, (hp) => () => hp.Grid.fromTerrain(openTerrain(2048), 2048, 2048).dispose()],
    ['Grid.fromMovingAI', 1, (hp) => () => hp.Grid.fromMovingAI(mapText(roomsRows(4)), 'rooms.map').dispose()],
    ['HPAStar.build', 2, (hp) => {
      const grid = hp.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
      return () => hp.HPAStar.build(grid).dispose();
    }],
    ['HPAStar.build (trees, two levels)', 2, (hp) => {
      const grid = hp.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
      return () => hp.HPAStar.build(grid, { cacheTrees: true, levels: 2 }).dispose();
    }],
    ['HPAStar.load', 2, (hp) => () => hp.HPAStar.load(hierarchyBytes).dispose()],
    ['HPAStar.serialize', 1, (hp) => {
      const planner = hp.HPAStar.load(hierarchyBytes);
      return () => expect(sameBytes(planner.serialize(), hierarchyBytes)).toBe(true);
    }],
    ['HPAStar.applyEdits (most clusters: a fresh build)', 4, (hp) => {
      const grid = hp.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
      const planner = hp.HPAStar.build(grid);
      const edits = mostClusters(rooms.length, planner.options.clusterSize, (x, y) => grid.terrainAt(x, y));
      return () => {
        const update = planner.applyEdits(edits);
        expect(update.clustersRebuilt[0]).toBe(planner.stats.levels[0]!.clusters);
      };
    }],
    ['HPAStar.setTerrainCosts (every cluster: a fresh build)', 2, (hp) => {
      const grid = hp.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
      // The paper's options: with the chosen ones (trees, landmarks) the weights' growth leaves too
      // little for the rebuild's in one more growth, and the call is refused (cleanly) by this test's cap.
      const planner = hp.HPAStar.build(grid, hp.HPAStar.defaultOptions);
      return () => {
        const update = planner.setTerrainCosts({ '.': 2 });
        expect(update.clustersRebuilt[0]).toBe(planner.stats.levels[0]!.clusters);
      };
    }],
    ['SHPAStar.build', 1, (hp) => {
      const grid = hp.Grid.fromMovingAI(mapText(rooms), 'rooms.map');
      return () => hp.SHPAStar.build(grid).dispose();
    }],
  ];

  test.each(cases)('%s', async (_call, growths, prepare) => {
    const hp = await newModule();
    const run = prepare(hp);
    const restore = limitGrowth(growths);
    try {
      run();
    } finally {
      restore();
    }
  }, 60_000);
});
