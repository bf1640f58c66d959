/**
 * Grids of Moving AI terrain.
 * @module
 */
import type { RawGrid } from 'hpastar:raw';
import { byteArray, coordinate, describe, integerIn, text } from './args.ts';
import { WasmObject, costTableOf, internal, moduleError, packEdits, packTerrainCosts, readRect } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { TerrainCosts, TerrainCostTable, TerrainEdit } from './types.ts';

// Lets the planners reach a Grid's raw handle while keeping it private to everyone else.
let rawGridOf: (grid: Grid) => RawGrid;

/** @internal The raw handle of a grid, argument of `where`; throws if it has been disposed. */
export function rawGrid(grid: Grid, where: string): RawGrid {
  if (!(grid instanceof Grid)) {
    throw new TypeError(`${where}: grid must be a Grid made by hpastar.Grid.fromMovingAI or fromTerrain, got ${describe(grid)}`);
  }
  return rawGridOf(grid);
}

/**
 * A grid of Moving AI terrain: 8-connected, a diagonal step costs √2 and needs both orthogonal
 * neighbours passable (no corner cutting). Passable terrain is `.`, `G` and `S`. Moves may cost more
 * or less over some terrain ({@link Grid.setTerrainCosts}, {@link Grid.setCostLayer}).
 * Make one with `hpastar.Grid.fromMovingAI` or `hpastar.Grid.fromTerrain`.
 *
 * Planners built from a grid keep the terrain it had then: editing the grid afterwards changes later
 * builds, not them (use {@link HPAStar.applyEdits} for a planner).
 */
export class Grid extends WasmObject<RawGrid> {
  readonly #width: number;
  readonly #height: number;

  static {
    rawGridOf = (grid) => grid.#handle();
  }

  /** @internal Use `hpastar.Grid.fromMovingAI` or `hpastar.Grid.fromTerrain`. */
  constructor(raw: RawGrid, state: ModuleState, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.Grid.fromMovingAI or hpastar.Grid.fromTerrain to make a Grid');
    super(raw, 'Grid', state);
    this.#width = raw.width();
    this.#height = raw.height();
  }

  /** Number of columns. */
  get width(): number {
    this.#handle();
    return this.#width;
  }

  /** Number of rows. */
  get height(): number {
    this.#handle();
    return this.#height;
  }

  /**
   * The agent class the grid is made for (`hpastar.Grid.forAgent`): its side and the terrain it may
   * stand on, as a comma list. `{ size: 1, capability: 'ground,swamp' }` (the Moving AI agent) unless made
   * for another.
   */
  get agent(): { readonly size: number; readonly capability: string } {
    const raw = this.#handle();
    return this.wasmCall('Grid.agent', () => raw.agent());
  }

  /**
   * Whether cell (x, y) is inside the grid and passable: for a grid made for a larger agent
   * ({@link Grid.agent}), whether the agent's square fits with its top-left cell there.
   */
  passable(x: number, y: number): boolean {
    const raw = this.#handle();
    const cx = coordinate('Grid.passable', 'x', x);
    const cy = coordinate('Grid.passable', 'y', y);
    return this.wasmCall('Grid.passable', () => raw.passable(cx, cy));
  }

  /** The terrain character of cell (x, y) (such as `'.'` or `'@'`), or `''` outside the grid. */
  terrainAt(x: number, y: number): string {
    const raw = this.#handle();
    const cx = coordinate('Grid.terrainAt', 'x', x);
    const cy = coordinate('Grid.terrainAt', 'y', y);
    const code = this.wasmCall('Grid.terrainAt', () => raw.terrainAt(cx, cy));
    return code < 0 ? '' : String.fromCharCode(code);
  }

  /** The terrain characters (Moving AI codes such as `.` or `@`) row-major: a copy, `width * height` bytes. */
  terrain(): Uint8Array {
    const raw = this.#handle();
    return this.wasmCall('Grid.terrain', () => raw.terrain());
  }

  /**
   * Whether each cell of a rectangle is passable, in one call (`passable` is one call per cell): 1 for a
   * passable cell, 0 for a blocked one, row-major (`rect[(cy - y) * w + (cx - x)]`). Left out, the
   * rectangle runs to the map's far corner: `grid.passableRect()` is the whole map.
   * @throws TypeError - when a number is not an integer
   * @throws RangeError - when the rectangle is not inside the map (the core's message)
   * @throws OutOfMemoryError - when the heap has no room for the copy (rectangles not as wide as the map)
   */
  passableRect(x?: number, y?: number, w?: number, h?: number): Uint8Array {
    return readRect(this.moduleState, 'Grid.passableRect', this.#handle(), 'passableRect', [x, y, w, h]);
  }

  /**
   * The terrain character codes of a rectangle (such as 46 for `'.'`: see `TERRAIN`), in one call,
   * row-major. Left out, the rectangle runs to the map's far corner: `grid.terrainRect()` is
   * `grid.terrain()`.
   * @throws TypeError - when a number is not an integer
   * @throws RangeError - when the rectangle is not inside the map (the core's message)
   * @throws OutOfMemoryError - when the heap has no room for the copy (rectangles not as wide as the map)
   */
  terrainRect(x?: number, y?: number, w?: number, h?: number): Uint8Array {
    return readRect(this.moduleState, 'Grid.terrainRect', this.#handle(), 'terrainRect', [x, y, w, h]);
  }

  /**
   * Changes the terrain of one cell.
   * @param terrain - one Moving AI character: `.` `G` `S` (passable), `W` `T` `@` `O` (blocked)
   * @throws RangeError - when the cell is outside the grid or `terrain` is not a terrain character
   * @throws OutOfMemoryError - when a planner still shares the cells and the heap has no room for the
   *   grid's own copy (nothing changes then)
   */
  setTerrain(x: number, y: number, terrain: string): void {
    const where = 'Grid.setTerrain';
    this.#edit([{ x: coordinate(where, 'x', x), y: coordinate(where, 'y', y), terrain: text(where, 'terrain', terrain) }], where);
  }

  /**
   * Changes the terrain of several cells: all of them, or none when one edit is invalid.
   * @throws RangeError - naming the first edit that is outside the grid or not a terrain character
   * @throws OutOfMemoryError - when the heap has no room for the edits (or for the grid's own copy, while
   *   a planner shares its cells); nothing changes then
   */
  applyEdits(edits: readonly TerrainEdit[]): void {
    this.#edit(edits, 'Grid.applyEdits');
  }

  /**
   * Whether moves on this grid cost other than 1 and √2: some terrain multiplier or cost layer value is
   * not 1. A*, HPA*, DHPA*, SHPA* and the pool follow the costs.
   */
  get weighted(): boolean {
    const raw = this.#handle();
    return this.wasmCall('Grid.weighted', () => raw.weighted());
  }

  /** The multiplier of each terrain kind (1 unless {@link Grid.setTerrainCosts} said otherwise). */
  get terrainCosts(): TerrainCostTable {
    const raw = this.#handle();
    return costTableOf(this.wasmCall('Grid.terrainCosts', () => raw.terrainCosts()));
  }

  /**
   * Sets what crossing each terrain kind costs: `{ S: 3, T: 1.5 }` (see {@link TerrainCosts}); kinds not
   * named cost 1. Searches on this grid follow the costs (A* with the octile heuristic times the smallest
   * multiplier, still optimal); planners built before keep the costs they were built with.
   * @throws TypeError - when `costs` is not an object of numbers keyed by terrain characters
   * @throws RangeError - when a multiplier is outside 1/64 to 1024, or `.` and `G` (or `@` and `O`) differ
   * @throws OutOfMemoryError - when the heap has no room for the grid's weights (4 bytes per cell)
   */
  setTerrainCosts(costs: TerrainCosts): void {
    const where = 'Grid.setTerrainCosts';
    const raw = this.#handle();
    const pairs = packTerrainCosts(costs, where);
    const error = this.wasmCall(where, () => raw.setTerrainCosts(pairs));
    if (error) throw moduleError(where, error, RangeError);
  }

  /**
   * Puts a cost layer on the grid, or takes it off (`null`): one byte per cell, row-major, the cell's
   * multiplier in sixteenths on top of its terrain's: 16 costs what the terrain costs, 8 half (a road),
   * 48 three times, 255 almost 16 times (a danger zone). Values are 1 to 255. The grid keeps a copy.
   * @throws TypeError - when `layer` is neither a Uint8Array nor null
   * @throws RangeError - when it has the wrong length or a 0, named with its cell
   * @throws OutOfMemoryError - when the heap has no room for the layer and the weights (5 bytes per cell)
   */
  setCostLayer(layer: Uint8Array | null): void {
    const where = 'Grid.setCostLayer';
    const raw = this.#handle();
    const values = layer === null ? null : byteArray(where, 'layer', layer);
    const error = this.wasmCall(where, () => raw.setCostLayer(values));
    if (error) throw moduleError(where, error, RangeError);
  }

  /** A copy of the cost layer (see {@link Grid.setCostLayer}), or null when the grid has none. */
  costLayer(): Uint8Array | null {
    const raw = this.#handle();
    return this.wasmCall('Grid.costLayer', () => raw.costLayer());
  }

  /**
   * Sets one cell's cost layer value (1 to 255 sixteenths: 16 is the terrain's own cost), making a layer
   * of 16s first when the grid has none.
   * @throws RangeError - when the cell is outside the grid or the value outside 1..255
   */
  setCellCost(x: number, y: number, value: number): void {
    const where = 'Grid.setCellCost';
    const raw = this.#handle();
    const cx = coordinate(where, 'x', x);
    const cy = coordinate(where, 'y', y);
    const v = integerIn(where, 'value', value, 1, 255);
    const error = this.wasmCall(where, () => raw.setCellCost(cx, cy, v));
    if (error) throw moduleError(where, error, RangeError);
  }

  #edit(edits: readonly TerrainEdit[], where: string): void {
    const raw = this.#handle();
    const packed = packEdits(edits, where, { width: this.#width, height: this.#height });
    const error = this.wasmCall(where, () => raw.applyEdits(packed));
    if (error) throw moduleError(where, error, RangeError);
  }

  #handle(): RawGrid {
    return this.rawHandle();
  }
}
