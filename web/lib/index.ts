/**
 * hpastar: grid pathfinding in WebAssembly (A*, HPA*), for the browser and Node.
 *
 * A thin, typed layer over the embind module: it loads the `.wasm`, turns error strings into
 * exceptions, and makes C++ memory explicit (`dispose()`, or `using` where the runtime has it).
 * Searches can also run off the main thread, many at a time, in a worker pool ({@link createPathPool}).
 *
 * @example
 * ```ts
 * const hp = await loadHpastar();
 * const grid = hp.Grid.fromMovingAI(mapText, 'arena.map');
 * const planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
 * const path = planner.findPath({ x: 1, y: 11 }, { x: 40, y: 37 });
 * console.log(path.found, path.cost, path.cells, path.stats); // cells: x0, y0, x1, y1, ...
 * planner.dispose();
 * grid.dispose();
 * ```
 *
 * @packageDocumentation
 */
import type { HpastarModule, HpastarModuleArgs } from 'hpastar:raw';
import createHpastarModule from './wasm/hpastar.mjs';
import { AStar } from './astar';
import { Grid, rawGrid } from './grid';
import { HPAStar } from './hpastar';
import { describe, internal, resolveHierarchyOptions, wasmCall } from './internal';
import type { HierarchyOptions, ResolvedHierarchyOptions } from './types';

export { AStar } from './astar';
export { PathBatch, PathStatusCode, type PathBatchArrays } from './batch';
export { Grid } from './grid';
export { HPAStar, PathPlan } from './hpastar';
export { PathQueryError } from './results';
export { createPathPool, type PathPool, type PathPoolOptions, type PoolBatchOptions, type PoolMode } from './pool/index';
export type * from './types';

/** Options of {@link loadHpastar}. */
export interface LoadOptions {
  /**
   * The bytes of `hpastar.wasm`. Optional: in Node the file beside the module is read from disk, and
   * in the browser it is fetched from the URL the bundler gives it.
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Maps a file the module asks for (`'hpastar.wasm'`) to its URL, for hosting the `.wasm` elsewhere.
   * The default is the URL of `./wasm/hpastar.wasm` relative to this file (Vite rewrites it in dev and
   * build).
   */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

/** `hpastar.Grid`: makes grids in one loaded module. */
export interface GridFactory {
  /**
   * Parses a map in the Moving AI `.map` format.
   * @param text - the file's content
   * @param fileName - the name used in error messages
   * @throws Error - `"<fileName>:<line>: <problem>"` when the text is not a valid map
   */
  fromMovingAI(text: string, fileName?: string): Grid;
  /**
   * Makes a grid from terrain characters, row-major.
   * @param terrain - `width * height` character codes (`.` `G` `S` passable; `W` `T` `@` `O` blocked),
   *   as bytes or as a string of characters
   * @throws Error - when a side is outside 1..8192, the size does not match, or a code is not terrain
   */
  fromTerrain(terrain: Uint8Array | string, width: number, height: number): Grid;
}

/** `hpastar.HPAStar`: builds HPA* planners in one loaded module. */
export interface HPAStarFactory {
  /**
   * Builds the hierarchy of a grid. The planner keeps the grid's terrain as it is now: later edits of
   * the grid do not reach it (use {@link HPAStar.applyEdits}).
   * @throws TypeError - when an option is unknown or of the wrong type
   * @throws RangeError - when an option is out of range, e.g. `"HPAStar.build: cluster size 1 is outside 2..1024"`
   */
  build(grid: Grid, options?: HierarchyOptions): HPAStar;
  /**
   * Loads a planner from bytes made by {@link HPAStar.serialize} (in this process or another, in a
   * worker, or offline), without building anything.
   * @throws Error - naming why the bytes are refused: not a hierarchy, another format version,
   *   truncated, corrupted (checksum), or inconsistent
   */
  load(bytes: Uint8Array): HPAStar;
  /** The options used for fields that {@link HPAStarFactory.build} is not given: the HPA* paper's. */
  readonly defaultOptions: ResolvedHierarchyOptions;
}

/** A loaded hpastar module. Objects it makes hold C++ memory: dispose of them when done. */
export interface Hpastar {
  /** Makes {@link Grid}s: `hpastar.Grid.fromMovingAI(text, 'arena.map')`. */
  readonly Grid: GridFactory;
  /** Makes {@link AStar} query objects: `new hpastar.AStar()`. */
  readonly AStar: new () => AStar;
  /** Builds {@link HPAStar} planners: `hpastar.HPAStar.build(grid, { clusterSize: 10, levels: 2 })`. */
  readonly HPAStar: HPAStarFactory;
}

function bind(module: HpastarModule): Hpastar {
  class BoundAStar extends AStar {
    constructor() {
      super(new module.AStar(), internal);
    }
  }
  const defaultOptions: ResolvedHierarchyOptions = Object.freeze({ ...module.HPAStar.defaultOptions() });
  const makeGrid = (load: (raw: InstanceType<HpastarModule['Grid']>) => string, where: string): Grid => {
    const raw = new module.Grid();
    const error = wasmCall(where, () => load(raw));
    if (error) {
      raw.delete();
      throw new Error(error);
    }
    return new Grid(raw, internal);
  };
  return {
    Grid: {
      fromMovingAI(text: string, fileName = 'map'): Grid {
        if (typeof text !== 'string') throw new TypeError(`Grid.fromMovingAI: the map text must be a string, got ${describe(text)}`);
        return makeGrid((raw) => raw.loadMovingAI(text, String(fileName)), 'Grid.fromMovingAI');
      },
      fromTerrain(terrain: Uint8Array | string, width: number, height: number): Grid {
        const bytes = typeof terrain === 'string' ? Uint8Array.from(terrain, (c) => c.charCodeAt(0)) : terrain;
        if (!(bytes instanceof Uint8Array)) {
          throw new TypeError(`Grid.fromTerrain: terrain must be a Uint8Array or a string, got ${describe(terrain)}`);
        }
        if (!Number.isInteger(width) || !Number.isInteger(height)) {
          throw new TypeError(`Grid.fromTerrain: width and height must be integers, got ${describe(width)} and ${describe(height)}`);
        }
        return makeGrid((raw) => {
          const error = raw.loadTerrain(bytes, width, height);
          return error ? `Grid.fromTerrain: ${error}` : '';
        }, 'Grid.fromTerrain');
      },
    },
    AStar: BoundAStar,
    HPAStar: {
      build(grid: Grid, options?: HierarchyOptions): HPAStar {
        const o = resolveHierarchyOptions(options, defaultOptions, 'HPAStar.build');
        const g = rawGrid(grid);
        const raw = new module.HPAStar();
        const error = wasmCall('HPAStar.build', () => raw.build(g, o));
        if (error) {
          raw.delete();
          throw new RangeError(`HPAStar.build: ${error}`);
        }
        return new HPAStar(raw, internal);
      },
      load(bytes: Uint8Array): HPAStar {
        if (!(bytes instanceof Uint8Array)) throw new TypeError(`HPAStar.load: bytes must be a Uint8Array, got ${describe(bytes)}`);
        const raw = new module.HPAStar();
        const error = wasmCall('HPAStar.load', () => raw.load(bytes));
        if (error) {
          raw.delete();
          throw new Error(`HPAStar.load: ${error}`);
        }
        return new HPAStar(raw, internal);
      },
      defaultOptions,
    },
  };
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

// Where the .wasm lies beside this file. Written as a literal `new URL(..., import.meta.url)` so that
// Vite emits the file and rewrites the URL, in dev and in build.
function defaultWasmUrl(): URL {
  return new URL('./wasm/hpastar.wasm', import.meta.url);
}

async function readWasmInNode(): Promise<Uint8Array> {
  // A computed specifier keeps bundlers from pulling node:fs into browser builds.
  const fsName = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const url = defaultWasmUrl();
  try {
    return await fs.readFile(url);
  } catch (cause) {
    throw new Error(`cannot read ${decodeURIComponent(url.pathname)}: build it with "npm run build:wasm"`, { cause });
  }
}

async function instantiate(options: LoadOptions): Promise<Hpastar> {
  const args: HpastarModuleArgs = {
    locateFile: options.locateFile ?? ((path) => (path.endsWith('.wasm') ? defaultWasmUrl().href : path)),
  };
  if (options.wasmBinary) args.wasmBinary = options.wasmBinary;
  else if (isNode()) args.wasmBinary = await readWasmInNode();
  let module: HpastarModule;
  try {
    module = await createHpastarModule(args);
  } catch (cause) {
    // Emscripten rejects with a string or a RuntimeError whose text starts with "abort(".
    throw new Error(`cannot start the hpastar WebAssembly module: ${String(cause)}`, { cause });
  }
  return bind(module);
}

let shared: Promise<Hpastar> | undefined;

/**
 * Loads and starts the WebAssembly module.
 *
 * Called without options, it starts the module once and returns that same instance to every caller.
 * With options, each call starts a new instance (its own memory).
 */
export async function loadHpastar(options?: LoadOptions): Promise<Hpastar> {
  if (options?.wasmBinary || options?.locateFile) return instantiate(options);
  shared ??= instantiate({}).catch((error: unknown) => {
    shared = undefined; // let a later call try again
    throw error;
  });
  return shared;
}
