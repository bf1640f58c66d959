// Starting one of the package's WebAssembly modules for an entry: the full module (index.ts, `hpastar`) or
// the one without block worlds (gridModule.ts, `hpastar/grid`). Each entry names its own files, written
// as literals there (`new URL('./wasm/....wasm', import.meta.url)`, `import('./wasm/....mjs')`) so that
// bundlers ship and rewrite exactly those; this file does the rest, once for both.
import type { HpastarModule, HpastarModuleArgs } from 'hpastar:raw';
import type { LoadOptions } from './api.ts';
import { callback, describe } from './args.ts';
import { ModuleState } from './moduleState.ts';

/** What an entry says of its module. */
export interface ModuleFiles<Api> {
  /** The `.wasm` beside the entry. */
  wasmUrl(): URL;
  /** The Emscripten glue, imported only when the module starts: a page that only runs pools never downloads it. */
  glue(): Promise<{ default: (args: HpastarModuleArgs) => Promise<HpastarModule> }>;
  /** Wraps the started module in the entry's API. */
  bind(module: HpastarModule, state: ModuleState): Api;
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function readWasmInNode(url: URL): Promise<Uint8Array> {
  // A computed specifier keeps bundlers from pulling node:fs into browser builds.
  const fsName = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  try {
    return await fs.readFile(url);
  } catch (cause) {
    throw new Error(`cannot read ${decodeURIComponent(url.pathname)}: build it with "npm run build:wasm"`, { cause });
  }
}

async function instantiate<Api>(files: ModuleFiles<Api>, options: LoadOptions): Promise<Api> {
  const state = new ModuleState();
  const args: HpastarModuleArgs = {
    onAbort: (what) => state.stop(String(what ?? '')),
    locateFile: options.locateFile ?? ((path) => (path.endsWith('.wasm') ? files.wasmUrl().href : path)),
  };
  if (options.wasmBinary) args.wasmBinary = options.wasmBinary;
  else if (isNode()) args.wasmBinary = await readWasmInNode(files.wasmUrl());
  let module: HpastarModule;
  try {
    const { default: create } = await files.glue();
    module = await create(args);
  } catch (cause) {
    // Emscripten rejects with a string or a RuntimeError whose text starts with "abort(".
    throw new Error(`cannot start the hpastar WebAssembly module: ${String(cause)}`, { cause });
  }
  return files.bind(module, state);
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

/**
 * An entry's `loadHpastar`: without options it starts the module once and gives every caller that same
 * instance (a failed start is tried again by the next call); with options, each call starts a new
 * instance (its own memory).
 */
export function moduleLoader<Api>(files: ModuleFiles<Api>): (options?: LoadOptions) => Promise<Api> {
  let shared: Promise<Api> | undefined;
  // async: a bad option rejects the promise, as every failure to load does, instead of throwing.
  return async (options) => {
    checkLoadOptions(options);
    if (options?.wasmBinary || options?.locateFile) return instantiate(files, options);
    shared ??= instantiate(files, {}).catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}
