/**
 * Grids of Moving AI terrain.
 * @module
 */
import type { RawGrid } from 'hpastar:raw';
import { coordinate, describe, text } from './args.ts';
import { WasmObject, internal, moduleError, packEdits } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { TerrainEdit } from './types.ts';

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
 * neighbours passable (no corner cutting). Passable terrain is `.`, `G` and `S`.
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

  /** Whether cell (x, y) is inside the grid and passable. */
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
