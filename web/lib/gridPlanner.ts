/**
 * The bases of the planners built over one grid: what `HPAStar`, `SHPAStar` and
 * `HAAStar` answer alike about themselves (the options they were built with, their figures, the
 * grid's size), and what HPAStar and SHPAStar answer alike about reachability. One place for both, so
 * that the planners differ only where their algorithms do.
 * @module
 */
import type { RawOptions, RawReachability } from 'hpastar:raw';
import { costTableOf, resolvedOptionsOf, WasmObject } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { PlannerReachability } from './reachability.ts';
import type { NearestPassableOptions, Point, TerrainCostTable } from './types.ts';

/** @internal What the raw handle of every grid planner answers about itself. */
export interface RawGridPlanner {
  delete(): void;
  width(): number;
  height(): number;
  options(): RawOptions | null;
  terrain(): Uint8Array;
}

/** @internal What the raw handle of a planner that keeps terrain costs answers about them. */
export interface RawTerrainCosts {
  terrainCosts(): number[];
  costLayer(): Uint8Array | null;
}

/**
 * A planner built over one grid: the options it was built with, its figures and the grid's size.
 * The base of `HPAStar`, `SHPAStar` and `HAAStar`; made only by their factories.
 */
export abstract class GridPlanner<Raw extends RawGridPlanner, Options, Stats> extends WasmObject<Raw> {
  readonly #name: string;
  readonly #options: Options;
  readonly #statsOf: (raw: Raw) => Stats;
  #stats: Stats | null = null;

  /** @internal `statsOf` reads the planner's figures from its raw handle (kept until they change). */
  protected constructor(raw: Raw, name: string, state: ModuleState, statsOf: (raw: Raw) => Stats) {
    super(raw, name, state);
    this.#name = name;
    this.#options = resolvedOptionsOf<Options>(raw.options()!);
    this.#statsOf = statsOf;
  }

  /** The options the planner was built with, defaults filled in. */
  get options(): Options {
    return this.whileAlive(this.#options);
  }

  /** Figures of the planner as it is now: build time, memory, and the sizes of its graphs. */
  get stats(): Stats {
    const raw = this.rawHandle();
    this.#stats ??= this.#statsOf(raw);
    return this.#stats;
  }

  /** Number of columns of the grid. */
  get width(): number {
    return this.rawHandle().width();
  }

  /** Number of rows of the grid. */
  get height(): number {
    return this.rawHandle().height();
  }

  /** The terrain the planner searches (as it is now, after any edits), row-major: a copy. */
  terrain(): Uint8Array {
    const raw = this.rawHandle();
    return this.wasmCall(`${this.#name}.terrain`, () => raw.terrain());
  }

  /** @internal After a change of the planner: its figures are read again when next asked for. */
  protected statsChanged(): void {
    this.#stats = null;
  }
}

/**
 * A grid planner that keeps the grid's terrain costs and answers reachability from the component labels
 * it keeps with its current terrain (no search, right after every terrain edit). The base of `HPAStar`
 * and `SHPAStar`, which label alike: the labels depend on the terrain only.
 */
export abstract class ReachableGridPlanner<Raw extends RawGridPlanner & RawTerrainCosts & RawReachability, Options, Stats> extends GridPlanner<Raw, Options, Stats> {
  readonly #name: string;

  /** @internal The reachability answers, which the planner's searches also snap their endpoints with. */
  protected readonly reach: PlannerReachability;

  /** @internal As {@link GridPlanner}'s. */
  protected constructor(raw: Raw, name: string, state: ModuleState, statsOf: (raw: Raw) => Stats) {
    super(raw, name, state, statsOf);
    this.#name = name;
    this.reach = new PlannerReachability(name, () => this.rawHandle(), state);
  }

  /** The multiplier of each terrain kind the planner is built with (the grid's, or as set since). */
  get terrainCosts(): TerrainCostTable {
    const raw = this.rawHandle();
    return costTableOf(this.wasmCall(`${this.#name}.terrainCosts`, () => raw.terrainCosts()));
  }

  /** A copy of the cost layer the planner is built with (see `Grid.setCostLayer`), or null without one. */
  costLayer(): Uint8Array | null {
    const raw = this.rawHandle();
    return this.wasmCall(`${this.#name}.costLayer`, () => raw.costLayer());
  }

  /**
   * The connected component of cell `p` in the current terrain: a label from 1 to `stats.components`
   * (two cells are joined by a path exactly when their labels are equal and not 0), or 0 for a blocked
   * cell or one outside the map. Labels are numbered by each component's first cell, row by row, as in
   * `componentLabels` of `hpastar/inspect`: they depend on the terrain only and stay right after every
   * terrain edit. A lookup, no search.
   * @throws TypeError - when `p` is not a cell with integer coordinates
   */
  componentOf(p: Point): number {
    return this.reach.componentOf(p);
  }

  /**
   * True when a path joins `a` and `b` in the current terrain: both passable and in one component.
   * A lookup, no search: what the planner's `findPath` would answer as found or `'no path'`.
   * @throws TypeError - when `a` or `b` is not a cell with integer coordinates
   */
  isReachable(a: Point, b: Point): boolean {
    return this.reach.isReachable(a, b);
  }

  /**
   * The passable cell nearest to `p` (which may be blocked or outside the map), of `options.component`
   * when given, within `options.maxDistance` (octile distance: straight steps 1, diagonal √2, walls
   * ignored) when given. Ties go to the smaller y, then the smaller x. Searches rings around `p`, nearest
   * first, and stops as soon as no farther cell can be nearer: an answer d cells away costs about d² cells.
   * @returns the cell, or null when none lies within `maxDistance`
   * @throws TypeError - when `p` is not a cell, an option is unknown or of the wrong type
   * @throws RangeError - when `component` is not a component of the map, or `maxDistance` is negative
   */
  nearestPassable(p: Point, options?: NearestPassableOptions): Point | null {
    return this.reach.nearestPassable(p, options);
  }

  /**
   * A passable cell drawn uniformly from component `component` (any passable cell when left out).
   * `random` (default `Math.random`) is called once, to seed the core's generator: the same values give
   * the same cells. Uniform map cells are tried first; for a small component the core counts its way to
   * the cell with the cell counts it keeps per region, so no call scans the map.
   * @returns the cell, or null when the map has no passable cell
   * @throws TypeError - when `random` is not a function or `component` not an integer
   * @throws RangeError - when `random` returns a number outside [0, 1) or `component` is not a component of the map
   */
  randomPassable(random?: () => number, component?: number): Point | null {
    return this.reach.randomPassable(random, component);
  }
}
