/**
 * The crowd's terrain on the main thread: the one copy the game reads (to draw) and the crowd checks
 * every step against, kept equal to the pool's by {@link Crowd.updateTerrain}, which edits both.
 * @module
 */
import { isPassableTerrain } from '../terrain.ts';
import type { TerrainData } from '../types.ts';
import { describe } from '../args.ts';
import { packEdits, EDIT_STRIDE } from '../internal.ts';
import type { TerrainEdit } from '../types.ts';

/** Passability of each byte (a terrain character code), as grids walk by default. */
const PASSABLE = Uint8Array.from({ length: 256 }, (_, code) => (isPassableTerrain(code) ? 1 : 0));

/** @internal A map's terrain bytes with the movement rules the planners use (8-connected, no corner cutting). */
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

  passable(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && PASSABLE[this.bytes[y * this.width + x]!] === 1;
  }

  /** Whether one move from (x0, y0) to (x1, y1) is legal: a neighbour, passable, a diagonal with both corners free. */
  legalStep(x0: number, y0: number, x1: number, y1: number): boolean {
    const dx = x1 - x0, dy = y1 - y0;
    if ((dx === 0 && dy === 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1) return false;
    if (!this.passable(x1, y1)) return false;
    return dx === 0 || dy === 0 || (this.passable(x0 + dx, y0) && this.passable(x0, y0 + dy));
  }

  /**
   * Writes the edits' terrain (costs change no passability) after checking them all as the pool does.
   * @returns the cells (y * width + x) that were passable and are blocked now
   */
  apply(edits: readonly TerrainEdit[], where: string): Set<number> {
    const packed = packEdits(edits, where, this);
    const blocked = new Set<number>();
    for (let k = 0; k < packed.length; k += EDIT_STRIDE) {
      const code = packed[k + 2]!;
      if (code === 0) continue;
      const i = packed[k + 1]! * this.width + packed[k]!;
      if (PASSABLE[this.bytes[i]!] === 1 && PASSABLE[code] === 0) blocked.add(i);
      this.bytes[i] = code;
    }
    return blocked;
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
    const maxRing = Math.max(this.width, this.height);
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
