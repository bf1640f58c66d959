/**
 * The crowd's spatial index for local avoidance: which agents cover each cell, one slot per cell per
 * floor (index (z * height + y) * width + x), kept current as agents are added, removed, start and
 * finish steps, or are snapped. A query is O(size²) for a square of `size` cells (O(1) for the usual
 * agent), and keeping it current costs O(size²) per step: the whole avoidance stays linear in agents.
 *
 * A slot holds how many agents cover the cell and the sum of their ids, not one id: while an agent
 * passes through another (the counted tolerance of a deadlock, see `avoidance.ts`), two agents cover a
 * cell, and either may leave first. With one id per slot, the first to leave would clear the cell under
 * the other; with a count and a sum, removing an agent is exact, and a cell one agent covers still names
 * it (the sum is its id). Where two or more cover a cell, the last to come is kept too (`top`), so that
 * the rules can still ask whether the agent in the way steps (it is usually the one that came last).
 *
 * An agent covers its square at its cell and, while it steps, its square at its step's target too: a step
 * under way reserves the cells it goes into, so two agents never start into the same cell. An agent
 * walking any-angle lines covers a rectangle instead (its stretch of line, see `avoidance.ts`): the
 * same slots, marked and asked by rectangle ({@link Occupancy.markRect}, {@link Occupancy.otherInRect}).
 * @internal
 * @module
 */

/** @internal What covers a cell: none, one agent (its id) or several. */
export const FREE = 0;
export const SEVERAL = -1;

/** @internal Agents on cells, per floor. */
export class Occupancy {
  readonly width: number;
  readonly height: number;
  /** Agents covering each cell (several only during a counted overlap). */
  readonly #count: Uint16Array;
  /** The sum of the ids of the agents covering each cell: the id itself when one does. */
  readonly #ids: Float64Array;
  /** The agent that came last onto each cell, while it covers it (0 when it left and several remain). */
  readonly #top: Int32Array;

  constructor(width: number, height: number, levels: number) {
    this.width = width;
    this.height = height;
    this.#count = new Uint16Array(width * height * levels);
    this.#ids = new Float64Array(width * height * levels);
    this.#top = new Int32Array(width * height * levels);
  }

  /**
   * Adds agent `id` to (`sign` 1) or removes it from (-1) the cells of the square of side `size` at
   * (x, y, z), except those the square at (ex, ey, ez) covers (the agent covers them once only, whether
   * it stands or steps: its square overlaps itself when a big agent steps). `ez` of -1: no exception.
   */
  mark(id: number, sign: 1 | -1, x: number, y: number, z: number, size: number, ex = 0, ey = 0, ez = -1): void {
    this.markRect(id, sign, x, y, x + size, y + size, z, ex, ey, ex + size, ey + size, ez);
  }

  /**
   * {@link Occupancy.mark} for the rectangle of cells [x0, x1) × [y0, y1) on floor z, except those of
   * [ex0, ex1) × [ey0, ey1) on floor ez (-1: none). A line-walking agent's mark is such a rectangle.
   */
  markRect(id: number, sign: 1 | -1, x0: number, y0: number, x1: number, y1: number, z: number, ex0: number, ey0: number, ex1: number, ey1: number, ez: number): void {
    const count = this.#count, ids = this.#ids, top = this.#top;
    for (let cy = y0; cy < y1; cy++) {
      const row = (z * this.height + cy) * this.width;
      for (let cx = x0; cx < x1; cx++) {
        if (ez === z && cx >= ex0 && cx < ex1 && cy >= ey0 && cy < ey1) continue;
        const i = row + cx;
        count[i] += sign;
        ids[i] += sign * id;
        if (sign > 0) top[i] = id;
        else if (top[i] === id || count[i] < 2) top[i] = count[i] === 1 ? ids[i]! : 0;
      }
    }
  }

  /**
   * Who else covers a cell of the square of side `size` at (x, y, z), where agent `self` covers the
   * square at (sx, sy, sz) (or nothing: `sz` of -1): {@link FREE}, another agent's id (the first found,
   * row by row; of two or more on a cell, the last to come), or {@link SEVERAL} when a cell is under two
   * others and the last to come has left.
   */
  other(self: number, x: number, y: number, z: number, size: number, sx: number, sy: number, sz: number): number {
    return this.otherInRect(self, x, y, x + size, y + size, z, sx, sy, sx + size, sy + size, sz);
  }

  /** {@link Occupancy.other} for the rectangle [x0, x1) × [y0, y1) on floor z, agent `self` covering [sx0, sx1) × [sy0, sy1) on floor sz. */
  otherInRect(self: number, x0: number, y0: number, x1: number, y1: number, z: number, sx0: number, sy0: number, sx1: number, sy1: number, sz: number): number {
    const count = this.#count, ids = this.#ids;
    for (let cy = y0; cy < y1; cy++) {
      const row = (z * this.height + cy) * this.width;
      for (let cx = x0; cx < x1; cx++) {
        const mine = sz === z && cx >= sx0 && cx < sx1 && cy >= sy0 && cy < sy1 ? 1 : 0;
        const others = count[row + cx]! - mine;
        if (others === 0) continue;
        if (others === 1) return ids[row + cx]! - mine * self;
        const last = this.#top[row + cx]!;
        return last !== 0 && last !== self ? last : SEVERAL;
      }
    }
    return FREE;
  }

  /** Who covers cell (x, y, z): {@link FREE}, an agent's id or {@link SEVERAL}. */
  at(x: number, y: number, z: number): number {
    const i = (z * this.height + y) * this.width + x;
    const n = this.#count[i]!;
    return n === 0 ? FREE : n === 1 ? this.#ids[i]! : this.#top[i]! || SEVERAL;
  }
}
