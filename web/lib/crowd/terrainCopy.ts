/**
 * The crowd's terrain on the main thread: the one copy the game reads (to draw) and the crowd checks
 * every step against, kept equal to the pool's by {@link Crowd.updateTerrain}, which edits both.
 * @module
 */
import { TERRAIN } from '../terrain.ts';
import type { TerrainData } from '../types.ts';
import { describe } from '../args.ts';
import { packEdits, EDIT_STRIDE } from '../internal.ts';
import type { AgentClass } from '../agentClasses.ts';
import type { TerrainEdit } from '../types.ts';

/** 1 for each byte (a terrain character code) of a kind in `capability` ('ground,trees'), else 0. */
function allowedCodes(capability: string): Uint8Array {
  const names = capability.split(',');
  const allowed = new Uint8Array(256);
  for (const kind of TERRAIN.kinds) {
    if (names.includes(kind.name)) for (const c of kind.characters) allowed[c.charCodeAt(0)] = 1;
  }
  return allowed;
}

/** @internal A map's terrain bytes on the main thread, edited as the pools are (one copy for every agent class). */
export class TerrainCopy {
  readonly width: number;
  readonly height: number;
  /** Character codes, row-major. */
  readonly bytes: Uint8Array;

  constructor(map: TerrainData, where: string) {
    const { width, height, terrain } = map as { width: unknown; height: unknown; terrain: unknown };
    if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1) {
      throw new TypeError(`${where}: map must have integer width and height of 1 or more, got ${describe(width)} x ${describe(height)}`);
    }
    if (!(terrain instanceof Uint8Array) || terrain.length !== (width as number) * (height as number)) {
      throw new TypeError(`${where}: map.terrain must be a Uint8Array of width * height character codes, got ${describe(terrain)}`);
    }
    this.width = width as number;
    this.height = height as number;
    this.bytes = terrain.slice();
  }

  /** The edits checked as the pools check them (all or none), packed: [x, y, code, cost, ...]. */
  check(edits: readonly TerrainEdit[], where: string): Int32Array {
    return packEdits(edits, where, this);
  }

  /** Writes checked edits' terrain (costs change no passability). */
  write(packed: Int32Array): void {
    for (let k = 0; k < packed.length; k += EDIT_STRIDE) {
      const code = packed[k + 2]!;
      if (code !== 0) this.bytes[packed[k + 1]! * this.width + packed[k]!] = code;
    }
  }
}

/**
 * @internal The movement rules of one agent class over a {@link TerrainCopy}, those of the core's Grid
 * made for the class: 8-connected, no corner cutting, and for a square of `size` cells its top-left cell
 * stands where the whole square is on the capability's kinds (a diagonal needs the squares beside it).
 */
export class FootprintRules {
  readonly #terrain: TerrainCopy;
  /** The agent's side: a cell is its square's top-left cell. */
  readonly #size: number;
  readonly #allowed: Uint8Array;

  constructor(terrain: TerrainCopy, agent: AgentClass) {
    this.#terrain = terrain;
    this.#size = agent.size;
    this.#allowed = allowedCodes(agent.capability);
  }

  /** Whether the agent may stand with its square's top-left cell at (x, y). */
  passable(x: number, y: number): boolean {
    const { width, height, bytes } = this.#terrain;
    const size = this.#size;
    if (x < 0 || y < 0 || x + size > width || y + size > height) return false;
    for (let fy = y; fy < y + size; fy++) {
      for (let fx = x; fx < x + size; fx++) if (this.#allowed[bytes[fy * width + fx]!] !== 1) return false;
    }
    return true;
  }

  /** Whether one move from (x0, y0) to (x1, y1) is legal: a neighbour, passable, a diagonal with both corners free. */
  legalStep(x0: number, y0: number, x1: number, y1: number): boolean {
    const dx = x1 - x0, dy = y1 - y0;
    if ((dx === 0 && dy === 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1) return false;
    if (!this.passable(x1, y1)) return false;
    return dx === 0 || dy === 0 || (this.passable(x0 + dx, y0) && this.passable(x0, y0 + dy));
  }

  /**
   * Before checked edits are written: the cells (y * width + x) where the agent stands now whose square
   * holds a cell the edits turn from a kind it stands on to one it does not. Those that no longer stand
   * after the write are the ones a new wall covered ({@link FootprintRules.blockedOf} keeps those).
   */
  coveredBy(packed: Int32Array): Set<number> {
    const { width, bytes } = this.#terrain;
    const size = this.#size;
    const covered = new Set<number>();
    for (let k = 0; k < packed.length; k += EDIT_STRIDE) {
      const code = packed[k + 2]!;
      const x = packed[k]!, y = packed[k + 1]!;
      if (code === 0 || this.#allowed[bytes[y * width + x]!] !== 1 || this.#allowed[code] === 1) continue;
      for (let ay = Math.max(0, y - size + 1); ay <= y; ay++) {
        for (let ax = Math.max(0, x - size + 1); ax <= x; ax++) if (this.passable(ax, ay)) covered.add(ay * width + ax);
      }
    }
    return covered;
  }

  /** The cells of `cells` where the agent cannot stand (any more): keeps them, drops the others. */
  blockedOf(cells: Set<number>): Set<number> {
    const width = this.#terrain.width;
    for (const i of cells) if (this.passable(i % width, Math.floor(i / width))) cells.delete(i);
    return cells;
  }

  /**
   * The passable cell nearest to (x, y) in octile distance, ties to the smaller y then x (the rule of
   * the planners' `nearestPassable`), or null when the map has none. Searched ring by ring around the
   * cell, so it costs little when a wall has just covered an agent: the crowd needs the answer in the
   * same frame, and this thread has no module to ask.
   */
  nearestPassable(x: number, y: number): { x: number; y: number } | null {
    let best: { x: number; y: number } | null = null;
    let bestDistance = Infinity;
    const maxRing = Math.max(this.#terrain.width, this.#terrain.height);
    for (let r = 0; r <= maxRing; r++) {
      // Cells of ring r are at octile distance r..r*√2: once a found cell is nearer than r, none farther out beats it.
      if (r > bestDistance) break;
      for (let cy = y - r; cy <= y + r; cy++) {
        const edge = cy === y - r || cy === y + r;
        for (let cx = x - r; cx <= x + r; cx += edge || r === 0 ? 1 : 2 * r) {
          if (!this.passable(cx, cy)) continue;
          const ax = Math.abs(cx - x), ay = Math.abs(cy - y);
          const d = Math.max(ax, ay) + (Math.SQRT2 - 1) * Math.min(ax, ay);
          if (d < bestDistance - 1e-9 || (Math.abs(d - bestDistance) <= 1e-9 && best && (cy < best.y || (cy === best.y && cx < best.x)))) {
            best = { x: cx, y: cy };
            bestDistance = d;
          }
        }
      }
    }
    return best;
  }
}
