/**
 * hpastar: grid pathfinding in WebAssembly (A*, HPA*, DHPA*, SHPA*), for the browser and Node.
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
import type { Hpastar, LoadOptions } from './api.ts';
import { callback, describe } from './args.ts';
import { bindModule } from './bind.ts';
import { ModuleState } from './moduleState.ts';

export * from './api.ts';

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
  const state = new ModuleState();
  const args: HpastarModuleArgs = {
    onAbort: (what) => state.stop(String(what ?? '')),
    locateFile: options.locateFile ?? ((path) => (path.endsWith('.wasm') ? defaultWasmUrl().href : path)),
  };
  if (options.wasmBinary) args.wasmBinary = options.wasmBinary;
  else if (isNode()) args.wasmBinary = await readWasmInNode();
  let module: HpastarModule;
  try {
    // Imported here, not at the top: a page that only runs a worker pool (whose workers load their own
    // copy) never downloads the glue, and bundlers give it a chunk of its own.
    const { default: createHpastarModule } = await import('./wasm/hpastar.mjs');
    module = await createHpastarModule(args);
  } catch (cause) {
    // Emscripten rejects with a string or a RuntimeError whose text starts with "abort(".
    throw new Error(`cannot start the hpastar WebAssembly module: ${String(cause)}`, { cause });
  }
  return bindModule(module, state);
}

function checkLoadOptions(options: unknown): asserts options is LoadOptions | undefined {
  const where = 'loadHpastar';
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const known = ['wasmBinary', 'locateFile'];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const { wasmBinary, locateFile } = options as LoadOptions;
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer) && !(wasmBinary instanceof Uint8Array)) {
    throw new TypeError(`${where}: wasmBinary must be an ArrayBuffer or a Uint8Array, got ${describe(wasmBinary)}`);
  }
  if (locateFile !== undefined) callback(where, 'locateFile', locateFile);
}

let shared: Promise<Hpastar> | undefined;

/**
 * Loads and starts the WebAssembly module.
 *
 * Called without options, it starts the module once and returns that same instance to every caller.
 * With options, each call starts a new instance (its own memory).
 */
export async function loadHpastar(options?: LoadOptions): Promise<Hpastar> {
  checkLoadOptions(options);
  if (options?.wasmBinary || options?.locateFile) return instantiate(options);
  shared ??= instantiate({}).catch((error: unknown) => {
    shared = undefined; // let a later call try again
    throw error;
  });
  return shared;
}
