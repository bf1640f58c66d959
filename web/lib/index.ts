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
import type { Hpastar, LoadOptions } from './api.ts';
import { bindModule } from './bind.ts';
import { moduleLoader } from './moduleLoader.ts';

export * from './api.ts';

const load = moduleLoader<Hpastar>({
  // Literal URL and specifier: Vite emits the files and rewrites the URL, in dev and in build.
  wasmUrl: () => new URL('./wasm/hpastar.wasm', import.meta.url),
  glue: () => import('./wasm/hpastar.mjs'),
  bind: bindModule,
});

/**
 * Loads and starts the WebAssembly module.
 *
 * Called without options, it starts the module once and returns that same instance to every caller.
 * With options, each call starts a new instance (its own memory). A game on 2D grids only can load the
 * smaller module of `hpastar/grid` instead (the same API without block worlds).
 */
export function loadHpastar(options?: LoadOptions): Promise<Hpastar> {
  return load(options);
}
