// The map's picture and where it lies on the canvas. The terrain is drawn once into an image of one
// pixel per cell (and patched where cells change); every frame scales that image and draws the
// overlays on top, so even maps of 2048 × 2048 cells pan and zoom smoothly.

import type { TerrainCostTable } from '../../lib/index';
import { TERRAIN } from '../../lib/terrain';
import { passableCode } from '../hierarchyView';
import { GROUND_RGB, costTint } from './palette';

export type RGB = readonly [number, number, number];

/** Terrain colours: greys and muted tones, so that the overlays' colours stand out. */
export const TERRAIN_RGB: Record<string, RGB> = {
  '.': GROUND_RGB,
  G: GROUND_RGB,
  S: [0xd8, 0xd2, 0xb0], // swamp: passable
  '@': [0x2e, 0x2e, 0x2e],
  O: [0x2e, 0x2e, 0x2e],
  T: [0x6b, 0x6b, 0x52],
  W: [0x9d, 0xb7, 0xc9], // water: blocked for octile search
};

export const TERRAIN_NAMES: Record<string, string> = {
  '.': 'passable',
  G: 'passable',
  S: 'swamp (passable)',
  // '@' is what the brush paints: a wall inside the map, whatever the format calls it.
  '@': 'wall',
  O: 'wall (out of bounds)',
  T: 'trees',
  W: 'water',
};

/** The terrain kind a character belongs to, as `TerrainCosts` keys it: its kind's first character (`G` is `.`). */
const kindOf = (ch: string) => TERRAIN.kinds.find((k) => k.characters.includes(ch))?.characters[0] ?? ch;

/** A terrain character's colour when crossing it costs `multiplier` (blocked terrain is never tinted), as CSS. */
export function terrainColour(ch: string, multiplier: number): string {
  const rgb = TERRAIN_RGB[ch] ?? [0xff, 0x00, 0xff];
  const [r, g, b] = passableCode(ch.charCodeAt(0)) ? costTint(rgb, multiplier) : rgb;
  return `rgb(${r},${g},${b})`;
}

const UNKNOWN = 0xffff00ff; // unknown codes: magenta
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const packRgb = ([r, g, b]: RGB) => (LITTLE_ENDIAN ? ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0);

/**
 * The terrain as an image, one pixel per cell, tinted by what crossing each cell costs (its terrain's
 * multiplier times its cost layer value / 16). It reads the demo's own terrain and cost layer, which the
 * caller edits in place before asking for the changed rectangle to be repainted.
 */
export class TerrainImage {
  readonly canvas: HTMLCanvasElement;
  #ctx: CanvasRenderingContext2D;
  #width: number;
  #height: number;
  #terrain: Uint8Array;
  #costs: Uint8Array;
  /** Per terrain code: its kind's multiplier. */
  #kindMultiplier = new Float64Array(256).fill(1);
  /** Colour per (terrain code, cost layer value): index code · 256 + value. */
  #colours = new Uint32Array(256 * 256);

  constructor(terrain: Uint8Array, costs: Uint8Array, width: number, height: number, kindCosts: TerrainCostTable) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    this.#width = width;
    this.#height = height;
    this.#terrain = terrain;
    this.#costs = costs;
    this.#ctx = this.canvas.getContext('2d')!;
    this.setKindCosts(kindCosts);
  }

  /**
   * Takes the terrain kinds' multipliers (as `grid.terrainCosts` gives them, keyed `.`, `S`, `W`, `T`,
   * `@`) and repaints every cell.
   */
  setKindCosts(kindCosts: TerrainCostTable): void {
    const byKind = new Map<string, number>(Object.entries(kindCosts));
    this.#colours.fill(UNKNOWN);
    this.#kindMultiplier.fill(1);
    for (const [ch, rgb] of Object.entries(TERRAIN_RGB)) {
      const code = ch.charCodeAt(0);
      const kind = byKind.get(kindOf(ch)) ?? 1;
      this.#kindMultiplier[code] = kind;
      for (let value = 0; value < 256; value++) {
        this.#colours[code * 256 + value] = packRgb(passableCode(ch.charCodeAt(0)) ? costTint(rgb, (kind * value) / 16) : rgb);
      }
    }
    this.update(0, 0, this.#width, this.#height);
  }

  /** What crossing cell (x, y) costs (a blocked cell's multiplier is never met by a path). */
  multiplierAt(x: number, y: number): number {
    const i = y * this.#width + x;
    return (this.#kindMultiplier[this.#terrain[i]!]! * this.#costs[i]!) / 16;
  }

  /** Repaints the cells of the rectangle [x0, x1) × [y0, y1). */
  update(x0: number, y0: number, x1: number, y1: number): void {
    const w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0) return;
    const image = new ImageData(w, h);
    const pixels = new Uint32Array(image.data.buffer);
    const terrain = this.#terrain, costs = this.#costs, colours = this.#colours;
    for (let y = 0; y < h; y++) {
      const row = (y0 + y) * this.#width + x0;
      for (let x = 0; x < w; x++) pixels[y * w + x] = colours[terrain[row + x]! * 256 + costs[row + x]!]!;
    }
    this.#ctx.putImageData(image, x0, y0);
  }
}

/**
 * Where the map lies on the canvas, in device pixels: cell (x, y) covers
 * [ox + x·scale, ox + (x+1)·scale) × [oy + y·scale, oy + (y+1)·scale).
 */
export class Viewport {
  scale = 1;
  ox = 0;
  oy = 0;
  readonly canvas: HTMLCanvasElement;
  #mapWidth = 1;
  #mapHeight = 1;
  /** False once the user panned or zoomed: resizes then keep the view instead of fitting again. */
  fitted = true;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
  }

  get dpr(): number {
    return window.devicePixelRatio || 1;
  }

  /** Sizes the canvas to its box; true when it changed. */
  resize(): boolean {
    const width = Math.max(1, Math.round(this.canvas.clientWidth * this.dpr));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * this.dpr));
    if (this.canvas.width === width && this.canvas.height === height) return false;
    this.canvas.width = width;
    this.canvas.height = height;
    if (this.fitted) this.fit(this.#mapWidth, this.#mapHeight);
    return true;
  }

  /** Shows the whole map, centred. */
  fit(mapWidth: number, mapHeight: number): void {
    this.#mapWidth = mapWidth;
    this.#mapHeight = mapHeight;
    const margin = 8 * this.dpr;
    this.scale = Math.max(0.02, Math.min((this.canvas.width - 2 * margin) / mapWidth, (this.canvas.height - 2 * margin) / mapHeight));
    this.ox = Math.round((this.canvas.width - mapWidth * this.scale) / 2);
    this.oy = Math.round((this.canvas.height - mapHeight * this.scale) / 2);
    this.fitted = true;
  }

  /** Zooms by `factor` keeping the canvas point (px, py) (device pixels) fixed. */
  zoomAt(px: number, py: number, factor: number): void {
    const min = Math.min(0.5, (0.25 * Math.min(this.canvas.width / this.#mapWidth, this.canvas.height / this.#mapHeight)));
    const scale = Math.min(96 * this.dpr, Math.max(min, this.scale * factor));
    const f = scale / this.scale;
    this.ox = px - (px - this.ox) * f;
    this.oy = py - (py - this.oy) * f;
    this.scale = scale;
    this.fitted = false;
  }

  pan(dx: number, dy: number): void {
    this.ox += dx;
    this.oy += dy;
    this.fitted = false;
  }

  /** Device-pixel position of a client (CSS pixel) point. */
  toDevice(clientX: number, clientY: number): [number, number] {
    const rect = this.canvas.getBoundingClientRect();
    return [((clientX - rect.left) / rect.width) * this.canvas.width, ((clientY - rect.top) / rect.height) * this.canvas.height];
  }

  /** The cell under a client point (may lie outside the map). */
  cellAt(clientX: number, clientY: number): { x: number; y: number } {
    this.resize(); // the page's layout may have changed since the last frame
    const [px, py] = this.toDevice(clientX, clientY);
    return { x: Math.floor((px - this.ox) / this.scale), y: Math.floor((py - this.oy) / this.scale) };
  }

  /** The client (CSS pixel) point at the centre of a cell: what end-to-end tests click. */
  cellToClient(x: number, y: number): { clientX: number; clientY: number } {
    this.resize();
    const rect = this.canvas.getBoundingClientRect();
    const px = this.ox + (x + 0.5) * this.scale, py = this.oy + (y + 0.5) * this.scale;
    return { clientX: rect.left + (px / this.canvas.width) * rect.width, clientY: rect.top + (py / this.canvas.height) * rect.height };
  }

  /** The cells visible on the canvas, clipped to the map: [x0, x1) × [y0, y1). */
  visibleCells(): { x0: number; y0: number; x1: number; y1: number } {
    return {
      x0: Math.max(0, Math.floor(-this.ox / this.scale)),
      y0: Math.max(0, Math.floor(-this.oy / this.scale)),
      x1: Math.min(this.#mapWidth, Math.ceil((this.canvas.width - this.ox) / this.scale)),
      y1: Math.min(this.#mapHeight, Math.ceil((this.canvas.height - this.oy) / this.scale)),
    };
  }

  /** Puts the context in cell units: (x, y) is the corner of cell (x, y). */
  applyTransform(ctx: CanvasRenderingContext2D): void {
    ctx.setTransform(this.scale, 0, 0, this.scale, this.ox, this.oy);
  }
}
