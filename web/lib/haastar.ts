/**
 * HAA*: hierarchical paths for agents of several sizes and terrain capabilities (Harabor and Botea,
 * 2008), and Annotated A*, its optimal low-level search.
 * @module
 */
import type { RawAnnotatedAStar, RawHAAStar, RawPathResult } from 'hpastar:raw';
import { cell, describe, int32 } from './args.ts';
import { PathBatch } from './batch.ts';
import { GridPlanner } from './gridPlanner.ts';
import { checkFlags, describeFailure, moduleError, packEdits, packQueries, WasmObject, internal } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { pathResultOf, PathQueryError } from './results.ts';
import type { Agent, ClearanceKind, HaaPathResult, HaaStats, PathResult, Point, ResolvedHaaOptions, TerrainEdit } from './types.ts';

/**
 * A capability as the module reads it, `'ground,trees'`, from a comma list or an array of names. The
 * names themselves are checked by the core (its message lists the known ones).
 */
export function capabilityText(where: string, capability: unknown): string {
  if (typeof capability === 'string') return capability;
  if (Array.isArray(capability) && capability.every((name) => typeof name === 'string')) return capability.join(',');
  throw new TypeError(`${where}: capability must be a comma list of terrain names ('ground,trees') or an array of them, got ${describe(capability)}`);
}

/** @internal Checks an {@link Agent}'s shape (its size and capability are checked by the core): the agent as the module reads it. */
export function agentOf(where: string, agent: unknown): { size: number; capability: string } {
  if (typeof agent !== 'object' || agent === null) {
    throw new TypeError(`${where}: agent must be { size, capability }, got ${describe(agent)}`);
  }
  const { size, capability } = agent as Record<string, unknown>;
  return { size: int32(where, 'agent size', size), capability: capabilityText(where, capability) };
}

/**
 * A raw answer as a path result, with the agent in the message of a query that cannot run: the cell is
 * refused for that agent (too little room or the wrong terrain), not for every agent.
 */
function agentPathOf(raw: RawPathResult, start: Point, goal: Point, agent: { size: number; capability: string }): PathResult {
  try {
    return pathResultOf(raw, start, goal);
  } catch (error) {
    if (!(error instanceof PathQueryError)) throw error;
    const who = `a size-${agent.size} agent of capability "${agent.capability}"`;
    throw new PathQueryError(error.status, `${describeFailure(error.code, error.status, start, goal)} for ${who}`, error.code);
  }
}

/**
 * A HAA* planner: the annotated hierarchy of one grid and the query object that searches it. Build one
 * with `hpastar.HAAStar.build(grid, options)`.
 *
 * Every search names its agent: a square of `size` × `size` cells and the terrain it may stand on. The
 * path's cells are the agent's anchors (its top-left cells); every cell of the square stands on the
 * agent's terrain at every step, and a diagonal step cuts no corner of the square. One hierarchy serves
 * every size up to `options.maxSize` and every capability made of the map's terrain kinds: paths found
 * exactly when they exist for that agent (as Annotated A* finds them), about 4% longer than the
 * shortest with the `'high'` abstraction.
 *
 * Costs follow the grid's terrain costs (as it was when built), as Annotated A*'s: a step costs what
 * the agent's anchor cell pays for it (1 straight, √2 diagonal, times the terrain multipliers).
 *
 * @example
 * ```ts
 * const planner = hp.HAAStar.build(grid, { maxSize: 3 });
 * const tank = planner.findPath(a, b, { size: 2, capability: 'ground' });
 * const infantry = planner.findPath(a, b, { size: 1, capability: ['ground', 'trees'] });
 * ```
 */
export class HAAStar extends GridPlanner<RawHAAStar, ResolvedHaaOptions, HaaStats> {
  /** @internal Use `hpastar.HAAStar.build`. */
  constructor(raw: RawHAAStar, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.HAAStar.build(grid, options) to make a HAAStar');
    super(raw, 'HAAStar', state, (r) => Object.freeze({ ...r.stats()! }));
  }

  /** The capabilities the hierarchy keeps: the non-empty sets of the map's standable kinds, as comma lists. */
  get capabilities(): readonly string[] {
    const raw = this.#handle();
    return Object.freeze(this.wasmCall('HAAStar.capabilities', () => raw.capabilities()));
  }

  /**
   * The hierarchy's version: 0 when built, one more per {@link HAAStar.applyEdits} with edits (the core's
   * counter): the {@link PathBatch.version} of {@link HAAStar.findPaths}'s answers.
   */
  get version(): number {
    return this.#handle().version();
  }

  /**
   * Finds a path for `agent` from `start` to `goal` (the anchors of its square).
   * @returns the path, or `found: false` with status `'no path'` when the agent cannot get there
   * @throws PathQueryError - when the agent cannot stand at the start or the goal
   * @throws RangeError - when the size is outside 1..`options.maxSize` or the capability allows none of the map's terrain
   * @throws TypeError - when a coordinate or the size is not an integer, or a terrain name is unknown
   */
  findPath(start: Point, goal: Point, agent: Agent): HaaPathResult {
    const where = 'HAAStar.findPath';
    cell(where, 'start', start);
    cell(where, 'goal', goal);
    const a = agentOf(where, agent);
    const raw = this.#handle();
    const answer = this.wasmCall(where, () => raw.findPath(start.x, start.y, goal.x, goal.y, a.size, a.capability));
    if (answer.error !== undefined) throw moduleError(where, { error: answer.error, code: answer.code }, RangeError);
    return { ...agentPathOf(answer, start, goal, a), abstractPath: answer.abstractPath ?? new Int32Array(0) };
  }

  /**
   * Runs many searches for one agent in one call (one crossing into WebAssembly, results as typed
   * arrays). Queries whose start or goal the agent cannot stand on do not throw: their status says why.
   * @param queries - `[start, goal]` pairs, or an Int32Array packed as `[sx, sy, gx, gy, ...]`
   * @param options - `cells: false` leaves the paths' cells out
   * @throws RangeError - when the agent is not one the planner serves
   * @throws TypeError - when the queries are malformed or an option is unknown
   */
  findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], agent: Agent, options?: { readonly cells?: boolean }): PathBatch {
    const where = 'HAAStar.findPaths';
    checkFlags(options, ['cells'], where);
    const packed = packQueries(queries, where);
    const a = agentOf(where, agent);
    const raw = this.#handle();
    const out = this.wasmCall(where, () => raw.findPaths(packed, a.size, a.capability, options?.cells ?? true));
    if ('error' in out) throw moduleError(where, out, RangeError);
    return new PathBatch(out, raw.version());
  }

  /**
   * "" when the planner serves `agent`, else why not (a size outside 1..`options.maxSize`, an unknown
   * terrain name, a capability that allows none of the map's terrain).
   */
  agentProblem(agent: Agent): string {
    const a = agentOf('HAAStar.agentProblem', agent);
    const raw = this.#handle();
    return this.wasmCall('HAAStar.agentProblem', () => raw.checkAgent(a.size, a.capability));
  }

  /**
   * The clearance of every cell for `capability`, row-major (`width * height` values, capped at 255):
   * `'true'` (default), what the planner uses: an agent of side S may stand with its top-left cell on a
   * cell of clearance S or more; or `'brushfire'`, the distance to the nearest cell not of the
   * capability, which is never more and often less (the article's Figure 5). A fresh copy on every call.
   * @throws RangeError - when a terrain name is unknown or the kind is not one of the two
   */
  clearance(capability: string | readonly string[], kind: ClearanceKind = 'true'): Uint8Array {
    const where = 'HAAStar.clearance';
    const text = capabilityText(where, capability);
    const raw = this.#handle();
    const out = this.wasmCall(where, () => raw.clearance(text, String(kind)));
    if ('error' in out) throw moduleError(where, out, RangeError);
    return out;
  }

  /**
   * Changes the terrain of cells and rebuilds what the change reaches (the clusters up to the largest
   * size up and left of an edited cell, and their neighbours' intra-edges; every cluster when a terrain
   * kind appears on or leaves the map). Afterwards the planner answers as one built from the edited grid.
   * @throws RangeError - when a cell is outside the map or a character is not terrain (nothing changed then)
   */
  applyEdits(edits: readonly TerrainEdit[]): void {
    const where = 'HAAStar.applyEdits';
    const raw = this.#handle();
    const packed = packEdits(edits, where, { width: raw.width(), height: raw.height() });
    const error = this.wasmCall(where, () => raw.applyEdits(packed));
    if (error) throw moduleError(where, error, RangeError);
    this.statsChanged();
  }

  #handle(): RawHAAStar {
    return this.rawHandle();
  }
}

/**
 * Annotated A* (Harabor and Botea, 2008): the shortest path for a square agent of one capability over
 * one grid, the optimum HAA*'s paths are measured against. Build one with
 * `hpastar.AnnotatedAStar.build(grid, capability)`: the capability's clearance map is computed once
 * then, and each search takes the agent's size. Built with `'brushfire'` clearance, its searches
 * show what that metric misses (no path where one exists).
 */
export class AnnotatedAStar extends WasmObject<RawAnnotatedAStar> {
  /** @internal Use `hpastar.AnnotatedAStar.build`. */
  constructor(raw: RawAnnotatedAStar, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.AnnotatedAStar.build(grid, capability) to make an AnnotatedAStar');
    super(raw, 'AnnotatedAStar', state);
  }

  /**
   * A shortest path of anchors for an agent of side `size` (1 to 8).
   * @throws PathQueryError - when the agent cannot stand at the start or the goal
   * @throws RangeError - when `size` is outside 1..8
   */
  findPath(start: Point, goal: Point, size: number): PathResult {
    const where = 'AnnotatedAStar.findPath';
    cell(where, 'start', start);
    cell(where, 'goal', goal);
    int32(where, 'size', size);
    const raw = this.rawHandle();
    const answer = this.wasmCall(where, () => raw.findPath(start.x, start.y, goal.x, goal.y, size));
    if (answer.error !== undefined) throw moduleError(where, { error: answer.error, code: answer.code }, RangeError);
    return pathResultOf(answer, start, goal);
  }

  /** The clearance of every cell for the search's capability (true, or Brushfire if built so), row-major: a copy. */
  clearance(): Uint8Array {
    const raw = this.rawHandle();
    return this.wasmCall('AnnotatedAStar.clearance', () => raw.clearance());
  }
}
