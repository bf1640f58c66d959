/**
 * Optimal A* searches over a grid.
 * @module
 */
import type { RawAStar } from 'hpastar:raw';
import type { internal } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { GridSearch } from './plannerSearch.ts';

/**
 * An optimal A* search over a {@link Grid} (octile heuristic). It keeps its scratch memory between
 * queries, so reuse one per thread rather than making one per query.
 */
export class AStar extends GridSearch<RawAStar> {
  /** @internal Use `new hpastar.AStar()`. */
  constructor(raw: RawAStar, state: ModuleState, token: typeof internal) {
    super(raw, 'AStar', 'an', state, token);
  }
}
