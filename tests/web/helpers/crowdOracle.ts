// The crowd tests' own copy of a grid's terrain, edited as the crowd's is, and the rules of square agents
// on it read from the map's characters (not from the crowd or the core): where a class's square fits,
// which steps are legal (8 moves, no corner of the square cut), and whether a goal can be reached (BFS).
// Shared by the crowd's API-sequence test and the soak (bench/crowd-soak.ts).

/** The Moving AI characters of each terrain kind an agent may stand on (the core's, cpp/grid). */
const KIND_CHARACTERS: Record<string, string> = { ground: '.G', swamp: 'S', water: 'W', trees: 'T' };

/** An agent class as the crowd gives it. */
export interface OracleClass {
  readonly size: number;
  readonly capability: string;
}

/** A cell change of the terrain, as `Crowd.updateTerrain` takes it. */
export interface OracleEdit {
  readonly x: number;
  readonly y: number;
  readonly terrain?: string;
}

export class CrowdOracle {
  readonly width: number;
  readonly height: number;
  /** The characters, row-major. */
  readonly cells: string[];
  /** Per capability, the kinds' characters, so that `fits` does not split strings per cell. */
  readonly #stands = new Map<string, string>();

  /** From a Moving AI map's text. */
  constructor(text: string) {
    const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
    const start = lines.indexOf('map');
    this.height = Number(lines.find((l) => l.startsWith('height'))!.split(/\s+/)[1]);
    this.width = Number(lines.find((l) => l.startsWith('width'))!.split(/\s+/)[1]);
    this.cells = lines.slice(start + 1, start + 1 + this.height).flatMap((row) => [...row]);
    if (this.cells.length !== this.width * this.height) throw new Error('malformed map');
  }

  inside(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  #standsOn(capability: string): string {
    let chars = this.#stands.get(capability);
    if (chars === undefined) {
      chars = capability.split(',').map((k) => KIND_CHARACTERS[k.trim()] ?? '').join('');
      this.#stands.set(capability, chars);
    }
    return chars;
  }

  /** Whether the class's square with top-left cell (x, y) is inside the map and all of its terrain. */
  fits(c: OracleClass, x: number, y: number): boolean {
    if (x < 0 || y < 0 || x + c.size > this.width || y + c.size > this.height) return false;
    const chars = this.#standsOn(c.capability);
    for (let dy = 0; dy < c.size; dy++) {
      for (let dx = 0; dx < c.size; dx++) if (!chars.includes(this.cells[(y + dy) * this.width + x + dx]!)) return false;
    }
    return true;
  }

  /** Whether (ax, ay) → (bx, by) is one legal step of the class: one of the 8 moves, no corner cut. */
  legal(c: OracleClass, ax: number, ay: number, bx: number, by: number): boolean {
    const dx = bx - ax, dy = by - ay;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return false;
    if (!this.fits(c, bx, by)) return false;
    return dx === 0 || dy === 0 || (this.fits(c, ax + dx, ay) && this.fits(c, ax, ay + dy));
  }

  paint(edits: readonly OracleEdit[]): void {
    for (const e of edits) if (e.terrain) this.cells[e.y * this.width + e.x] = e.terrain;
  }

  /** Whether the class can walk from `a` to `b` by legal steps (a BFS on the oracle's terrain). */
  reachable(c: OracleClass, a: { x: number; y: number }, b: { x: number; y: number }): boolean {
    if (!this.fits(c, a.x, a.y) || !this.fits(c, b.x, b.y)) return false;
    const target = b.y * this.width + b.x;
    return this.#walk(c, a, (i) => i === target);
  }

  /** The cells (keys y * width + x) the class walks to from `from` by legal steps, `from` included (a BFS). */
  flood(c: OracleClass, from: { x: number; y: number }): Set<number> {
    const cells = new Set<number>();
    this.#walk(c, from, (i) => (cells.add(i), false));
    return cells;
  }

  /** A BFS from `from` by the class's legal steps, calling `stop` on each cell reached; true once it says stop. */
  #walk(c: OracleClass, from: { x: number; y: number }, stop: (cell: number) => boolean): boolean {
    const w = this.width;
    const seen = new Uint8Array(w * this.height);
    const queue = [from.y * w + from.x];
    seen[queue[0]!] = 1;
    for (let head = 0; head < queue.length; head++) {
      const i = queue[head]!;
      if (stop(i)) return true;
      const x = i % w, y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * w + x + dx;
          if ((dx || dy) && this.inside(x + dx, y + dy) && !seen[j] && this.legal(c, x, y, x + dx, y + dy)) {
            seen[j] = 1;
            queue.push(j);
          }
        }
      }
    }
    return false;
  }
}
