/**
 * `hpastar/inline`: the same API as `hpastar`, with the WebAssembly module inlined in one JavaScript
 * file (base64): nothing to fetch, nothing to serve with the `application/wasm` type, no bundler
 * setting. For pages that import the package straight from a static server or a CDN, and for scripts.
 * It is about a third larger to download than the `.mjs` and `.wasm` of the default entry.
 *
 * Only the module of the main thread is inlined: {@link createPathPool}'s workers load the package's
 * separate files (`pool/worker.mjs`, `wasm/*`), as with the default entry.
 *
 * @example
 * ```html
 * <script type="module">
 *   import { loadHpastar } from './node_modules/hpastar/dist/lib/inline.js';
 *   const hp = await loadHpastar();
 *   const grid = hp.Grid.fromTerrain('.....', 5, 1);
 *   console.log(new hp.AStar().findPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }).cost); // 4
 * </script>
 * ```
 * @packageDocumentation
 */
import type { HpastarModule } from 'hpastar:raw';
import createHpastarModule from './wasm/hpastar-inline.mjs';
import type { Hpastar } from './api.ts';
import { bindModule } from './bind.ts';
import { ModuleState } from './moduleState.ts';

export * from './api.ts';

async function instantiate(): Promise<Hpastar> {
  const state = new ModuleState();
  let module: HpastarModule;
  try {
    module = await createHpastarModule({ onAbort: (what) => state.stop(String(what ?? '')) });
  } catch (cause) {
    throw new Error(`cannot start the hpastar WebAssembly module: ${String(cause)}`, { cause });
  }
  return bindModule(module, state);
}

let shared: Promise<Hpastar> | undefined;

/**
 * Starts the inlined WebAssembly module (once: every call returns that same instance). Takes no
 * options: there is no `.wasm` to locate. Use `loadHpastar` of the `hpastar` entry for several
 * instances or a `.wasm` hosted elsewhere.
 */
export async function loadHpastar(): Promise<Hpastar> {
  shared ??= instantiate().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
