/**
 * One entry for every pool: a grid's (HPA* and DHPA* of one or several agent classes, SHPA*, HAA*) and
 * a block world's. The options say which: `world`, `generate` or a {@link WorldHPAStar} as `planner` make a
 * block world's pool ({@link createWorldPool}); `map`, `grid` or another `planner` a grid's.
 * @module
 */
import type { SHPAStar } from '../shpastar.ts';
import { startPool, type PathPool } from './index.ts';
import { resolvePoolOptions, type HaaPathPoolOptions, type PathPoolOptions, type ShpaPathPoolOptions } from './options.ts';
import type { PoolAlgorithm } from './protocol.ts';
import { WorldHPAStar } from '../world.ts';
import { createWorldPool, type WorldPathPool, type WorldPoolOptions } from './world.ts';

/**
 * Starts a pool of workers and builds the hierarchy in them: a grid's, or a block world's when the
 * options give `world`, `generate` or a WorldHPAStar as `planner` (as {@link createWorldPool}).
 * @returns a promise of the pool, once every worker is ready
 * @throws (as a rejection) Error `"map:<line>: <problem>"` for a `map` text that is not a valid map
 *   (as `parseMovingAIMap` refuses it), TypeError for malformed options, RangeError for out-of-range hierarchy
 *   options (the core's message, e.g. `"cluster size 1 is outside 2..1024"`), OutOfMemoryError (a
 *   RangeError) when a worker's heap has no room for the planner, Error when a worker or the module
 *   cannot start; for a block world, what {@link createWorldPool} says
 */
export async function createPathPool(
  options: WorldPoolOptions & ({ world: NonNullable<WorldPoolOptions['world']> } | { generate: NonNullable<WorldPoolOptions['generate']> } | { planner: WorldHPAStar }),
): Promise<WorldPathPool>;
export async function createPathPool(options: ShpaPathPoolOptions & ({ algorithm: 'shpa' } | { planner: SHPAStar })): Promise<PathPool<'shpa'>>;
export async function createPathPool(options: HaaPathPoolOptions): Promise<PathPool<'haa'>>;
export async function createPathPool(options: PathPoolOptions): Promise<PathPool<'hpa'>>;
export async function createPathPool(options: PathPoolOptions | ShpaPathPoolOptions | HaaPathPoolOptions | WorldPoolOptions): Promise<PathPool<PoolAlgorithm> | WorldPathPool> {
  if (typeof options === 'object' && options !== null && ('world' in options || 'generate' in options || ('planner' in options && options.planner instanceof WorldHPAStar))) {
    return createWorldPool(options as WorldPoolOptions);
  }
  return startPool(await resolvePoolOptions(options as PathPoolOptions, 'createPathPool'));
}
