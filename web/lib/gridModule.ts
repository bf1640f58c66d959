/**
 * `hpastar/grid`: the API of `hpastar` for games on 2D grids ({@link HpastarGrid}), from a WebAssembly
 * module half the size (`hpastar-grid.wasm`): grids, A*, JPS, JPS+, HPA*, DHPA*, the Planner with its agent
 * classes, flow fields, plans, saving and loading; no block worlds, HAA* or SHPA*. Everything else the
 * package exports is here too; pools of HPA* and of the Planner on grids load the grid module in their
 * workers whichever entry made them.
 *
 * @example
 * ```ts
 * import { loadHpastar } from 'hpastar/grid';
 * const hp = await loadHpastar();
 * const grid = hp.Grid.fromTerrain('.....', 5, 1);
 * console.log(hp.HPAStar.build(grid).findPath({ x: 0, y: 0 }, { x: 4, y: 0 }).cost); // 4
 * ```
 * @packageDocumentation
 */
import type { HpastarGrid, LoadOptions } from './api.ts';
import { bindGridModule } from './bind.ts';
import { moduleLoader } from './moduleLoader.ts';

export * from './api.ts';

const load = moduleLoader<HpastarGrid>({
  // Literal URL and specifier: Vite emits the files and rewrites the URL, in dev and in build.
  wasmUrl: () => new URL('./wasm/hpastar-grid.wasm', import.meta.url),
  glue: () => import('./wasm/hpastar-grid.mjs'),
  bind: bindGridModule,
});

/**
 * Loads and starts the grid module (no block worlds). Options and sharing as `loadHpastar` of `hpastar`;
 * `wasmBinary` and `locateFile` are then about `hpastar-grid.wasm`.
 */
export function loadHpastar(options?: LoadOptions): Promise<HpastarGrid> {
  return load(options);
}
