// The last resort: an allocation that nothing reserved fails, and stops the module with an error that
// says "out of memory" and the figures; from then on every object of that module, and its factories,
// refuse to be used (the module would otherwise go on answering from a heap left half-written). Other
// module instances are not touched. The refusal to grow is what a browser does when it has no memory
// left; here WebAssembly.Memory.prototype.grow is made to throw for the duration of one call.
//
// The calls that allocate in proportion to their input make room first and are refused cleanly instead
// (out-of-memory.test.ts). What still reaches the last resort is a search's scratch, which grows on the
// first search of a large grid, inside the search (per cell of the grid, for A*): that is the trigger.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type Grid, type HPAStar, type Hpastar, type SHPAStar } from '../../web/lib/index';

const WASM = fileURLToPath(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url));

/** Runs `call` while no WebAssembly memory may grow. */
function withoutMemoryGrowth<T>(call: () => T): T {
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = () => {
    throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
  };
  try {
    return call();
  } finally {
    WebAssembly.Memory.prototype.grow = grow;
  }
}

describe('a module that ran out of memory', () => {
  let hp: Hpastar;
  let grid: Grid;
  let planner: HPAStar;
  let shpa: SHPAStar;
  let failure: unknown;

  beforeAll(async () => {
    // Its own instance (with options, loadHpastar starts a new one): the shared one must stay usable.
    hp = await loadHpastar({ wasmBinary: readFileSync(WASM) });
    grid = hp.Grid.fromTerrain('.'.repeat(64), 8, 8);
    planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    shpa = hp.SHPAStar.build(grid);
    // A 2048 x 2048 grid (12 MB) is made while the heap may grow; A* then needs 13 bytes per cell of
    // scratch (over 50 MB), allocated by its first search on this grid: the heap must grow, and cannot.
    const side = 2048;
    using large = hp.Grid.fromTerrain(new Uint8Array(side * side).fill(46), side, side);
    using astar = new hp.AStar();
    try {
      withoutMemoryGrowth(() => astar.findPath(large, { x: 0, y: 0 }, { x: side - 1, y: side - 1 }));
    } catch (error) {
      failure = error;
    }
  });

  afterAll(() => {
    // Disposing of objects of a stopped module is allowed (it frees nothing) and never throws.
    shpa.dispose();
    planner.dispose();
    grid.dispose();
  });

  test('the allocation that failed throws an Error that says out of memory, with the figures', () => {
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /^AStar\.findPath: the hpastar WebAssembly module stopped \(out of memory: could not allocate \d+ bytes: the WebAssembly heap has \d+ bytes and could not grow \(at most \d+\)\); load a new module with loadHpastar\(\) \(objects of this one cannot be used any more\)$/,
    );
    expect((failure as Error).cause).toBeInstanceOf(WebAssembly.RuntimeError);
  });

  const refusals: readonly [call: string, run: () => unknown, message: RegExp][] = [
    ['Grid.passable', () => grid.passable(1, 1), /^Grid: the hpastar WebAssembly module stopped earlier \(out of memory: could not allocate/],
    ['Grid.terrain', () => grid.terrain(), /^Grid: the hpastar WebAssembly module stopped earlier \(out of memory/],
    ['Grid.width', () => grid.width, /^Grid: the hpastar WebAssembly module stopped earlier/],
    ['Grid.fromTerrain', () => hp.Grid.fromTerrain('..', 2, 1), /^Grid\.fromTerrain: the hpastar WebAssembly module stopped earlier \(out of memory/],
    ['Grid.fromMovingAI', () => hp.Grid.fromMovingAI('type octile\nheight 1\nwidth 1\nmap\n.\n'), /^Grid\.fromMovingAI: the hpastar WebAssembly module stopped earlier/],
    ['new AStar', () => new hp.AStar(), /^new AStar: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.build', () => hp.HPAStar.build(grid), /^HPAStar\.build: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.load', () => hp.HPAStar.load(new Uint8Array(8)), /^HPAStar\.load: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.findPath', () => planner.findPath({ x: 0, y: 0 }, { x: 7, y: 7 }), /^HPAStar: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.findPaths', () => planner.findPaths([[{ x: 0, y: 0 }, { x: 7, y: 7 }]]), /^HPAStar: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.serialize', () => planner.serialize(), /^HPAStar: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.applyEdits', () => planner.applyEdits([{ x: 1, y: 1, terrain: '@' }]), /^HPAStar: the hpastar WebAssembly module stopped earlier/],
    ['HPAStar.createQuery', () => planner.createQuery(), /^HPAStar: the hpastar WebAssembly module stopped earlier/],
    ['SHPAStar.findPath', () => shpa.findPath({ x: 0, y: 0 }, { x: 7, y: 7 }), /^SHPAStar: the hpastar WebAssembly module stopped earlier/],
    ['SHPAStar.build', () => hp.SHPAStar.build(grid), /^SHPAStar\.build: the hpastar WebAssembly module stopped earlier/],
  ];
  test.each(refusals)('then %s refuses, naming the first cause', (_call, run, message) => {
    expect(run).toThrow(message);
  });

  test('another module instance is not touched', async () => {
    const other = await loadHpastar();
    using g = other.Grid.fromTerrain('....', 4, 1);
    expect(new other.AStar().findPath(g, { x: 0, y: 0 }, { x: 3, y: 0 }).cost).toBe(3);
  });
});
