// An independent reading of the block world rules (cpp/world/BlockWorld.h, as documented in
// web/lib/world.ts), written from the documentation, not from the core: the oracle the world tests check
// every step of a path against, beside the core's own validator.

/** Block codes in the module's order (checked against hpastar.BlockWorld.blockKinds in world.test.ts). */
export const AIR = 0;
export const SOLID = 1;
export const LADDER = 2;
/** Stairs rising towards north (-y), east (+x), south (+y), west (-x). */
export const STAIRS: readonly { code: number; dx: number; dy: number }[] = [
  { code: 3, dx: 0, dy: -1 },
  { code: 4, dx: 1, dy: 0 },
  { code: 5, dx: 0, dy: 1 },
  { code: 6, dx: -1, dy: 0 },
];

/**
 * A world's blocks, read level by level (floor(z) of each level), and its cost layer when it has one
 * (one value per cell in index order, sixteenths: a move weighs the mean of the cells it touches, a
 * diagonal its 2 x 2 square, every other move its two ends).
 */
export class WorldBlocks {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly levels: number,
    readonly floors: readonly Uint8Array[],
    readonly layer: Uint8Array | null = null,
  ) {}

  /** The blocks of a world (a BlockWorld, or anything that gives its floors the same way) as they are now, without its layer. */
  static of(world: { readonly width: number; readonly height: number; readonly levels: number; floor(z: number): Uint8Array }): WorldBlocks {
    return new WorldBlocks(world.width, world.height, world.levels, Array.from({ length: world.levels }, (_, z) => world.floor(z)));
  }

  /** The weight of a cell: its layer value / 16, 1 without a layer. */
  weight(x: number, y: number, z: number): number {
    return this.layer ? this.layer[(z * this.height + y) * this.width + x]! / 16 : 1;
  }

  /** moveCost weighted by the layer. */
  weightedMoveCost(a: readonly number[], b: readonly number[]): number | null {
    const base = this.moveCost(a, b);
    if (base === null || !this.layer) return base;
    const [ax, ay, az] = a as [number, number, number];
    const [bx, by, bz] = b as [number, number, number];
    const ends = this.weight(ax, ay, az) + this.weight(bx, by, bz);
    if (az === bz && ax !== bx && ay !== by) return (base * (ends + this.weight(bx, ay, az) + this.weight(ax, by, az))) / 4;
    return (base * ends) / 2;
  }

  inside(x: number, y: number, z: number): boolean {
    return x >= 0 && y >= 0 && z >= 0 && x < this.width && y < this.height && z < this.levels;
  }

  /** Air outside the world. */
  block(x: number, y: number, z: number): number {
    return this.inside(x, y, z) ? this.floors[z]![y * this.width + x]! : AIR;
  }

  /** Not solid, and held by the floor (level 0), a solid or ladder block below, or itself a ladder or stair. */
  standing(x: number, y: number, z: number): boolean {
    if (!this.inside(x, y, z)) return false;
    const b = this.block(x, y, z);
    if (b === SOLID) return false;
    if (b !== AIR || z === 0) return true;
    const below = this.block(x, y, z - 1);
    return below === SOLID || below === LADDER;
  }

  /**
   * The cost of the single move from a to b under the rules, or null when no legal move joins them:
   * - same level, one of 8 steps, both standing, a diagonal only when both straight cells stand: 1 or √2;
   * - straight up or down one level (ladder): up from a ladder into a non-solid block, down onto a ladder: 1;
   * - a straight step across and one level up or down: the lower cell and the upper cell standing, the
   *   block above the lower cell not solid; √2 when the lower cell is a stair rising towards the upper
   *   one, else 2.
   */
  moveCost(a: readonly number[], b: readonly number[]): number | null {
    const [ax, ay, az] = a as [number, number, number];
    const [bx, by, bz] = b as [number, number, number];
    const dx = bx - ax, dy = by - ay, dz = bz - az;
    if (!this.standing(ax, ay, az) || !this.standing(bx, by, bz)) return null;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || Math.abs(dz) > 1) return null;
    if (dz === 0) {
      if (dx === 0 && dy === 0) return null;
      if (dx !== 0 && dy !== 0) {
        if (!this.standing(ax + dx, ay, az) || !this.standing(ax, ay + dy, az)) return null;
        return Math.SQRT2;
      }
      return 1;
    }
    if (dx === 0 && dy === 0) {
      // A ladder: the lower cell is the ladder, the upper one is not solid (it stands, held by it).
      const lower = dz > 0 ? a : b;
      return this.block(lower[0]!, lower[1]!, lower[2]!) === LADDER ? 1 : null;
    }
    if (dx !== 0 && dy !== 0) return null; // no diagonal between levels
    const [lower, upper] = dz > 0 ? [a, b] : [b, a];
    const [lx, ly, lz] = lower as [number, number, number];
    if (this.block(lx, ly, lz + 1) === SOLID) return null; // headroom
    const ux = upper[0]! - lx, uy = upper[1]! - ly;
    const stair = STAIRS.find((s) => s.code === this.block(lx, ly, lz));
    return stair && stair.dx === ux && stair.dy === uy ? Math.SQRT2 : 2;
  }

  /** The costs of the moves of `cells` (packed x, y, z) added up, null when a step is no legal move. */
  pathCost(cells: Int32Array): number | null {
    let sum = 0;
    for (let i = 3; i < cells.length; i += 3) {
      const step = this.weightedMoveCost([cells[i - 3]!, cells[i - 2]!, cells[i - 1]!], [cells[i]!, cells[i + 1]!, cells[i + 2]!]);
      if (step === null) return null;
      sum += step;
    }
    return sum;
  }

  /**
   * "" when `cells` (packed x, y, z) start at `start`, end at `goal`, every step is a legal move and the
   * moves' costs add up to `cost`; else the first problem.
   */
  check(cells: Int32Array, start: readonly number[], goal: readonly number[], cost: number): string {
    if (cells.length === 0 || cells.length % 3 !== 0) return `bad cell array of length ${cells.length}`;
    const at = (i: number) => [cells[3 * i]!, cells[3 * i + 1]!, cells[3 * i + 2]!];
    const n = cells.length / 3;
    if (at(0).join() !== start.join()) return `starts at ${at(0).join()}, not ${start.join()}`;
    if (at(n - 1).join() !== goal.join()) return `ends at ${at(n - 1).join()}, not ${goal.join()}`;
    let sum = 0;
    for (let i = 1; i < n; i++) {
      const step = this.weightedMoveCost(at(i - 1), at(i));
      if (step === null) return `step ${i} from ${at(i - 1).join()} to ${at(i).join()} is not a legal move`;
      sum += step;
    }
    if (Math.abs(sum - cost) > 1e-9 * Math.max(1, cost)) return `cost ${cost} but the moves add up to ${sum}`;
    return '';
  }
}
