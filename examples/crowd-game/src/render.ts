// Drawing: the map as an image of one pixel per cell (redrawn only where walls are painted), scaled up,
// then the units as their squares in their type's colour, the selection, the last order and the box
// being dragged.
import type { Crowd, Point } from 'hpastar';
import type { Game } from './game';

/** Screen pixels per cell. */
export const SCALE = 3;

// Colour of each terrain character (r, g, b), by character code; anything else is drawn as a wall.
const COLOURS = new Uint8Array(256 * 3).fill(0x2b);
function colour(chars: string, rgb: number): void {
  for (const c of chars) COLOURS.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff], 3 * c.charCodeAt(0));
}
colour('.G', 0xd8d2bf);
colour('T', 0x5d8a4a);
colour('S', 0x7d9a86);
colour('W', 0x3d6fa0);

export class Renderer {
  readonly #ctx: CanvasRenderingContext2D;
  readonly #image: ImageData;
  readonly #background: OffscreenCanvas;
  /** The selection box being dragged, in cells (null when none). */
  box: { from: Point; to: Point } | null = null;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly game: Game,
  ) {
    const { width, height } = game;
    canvas.width = width * SCALE;
    canvas.height = height * SCALE;
    this.#ctx = canvas.getContext('2d')!;
    this.#image = new ImageData(width, height);
    this.#background = new OffscreenCanvas(width, height);
    this.repaint(0, 0, width - 1, height - 1);
  }

  /** Redraws the map's cells in the box (inclusive) from the crowd's terrain, the one copy the game reads. */
  repaint(x0: number, y0: number, x1: number, y1: number): void {
    const { width } = this.game;
    const terrain = this.game.crowd.terrain;
    const data = this.#image.data;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x, c = 3 * terrain[i]!;
        data[4 * i] = COLOURS[c]!;
        data[4 * i + 1] = COLOURS[c + 1]!;
        data[4 * i + 2] = COLOURS[c + 2]!;
        data[4 * i + 3] = 255;
      }
    }
    this.#background.getContext('2d')!.putImageData(this.#image, 0, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  }

  draw(): void {
    const ctx = this.#ctx;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#background, 0, 0, this.canvas.width, this.canvas.height);
    this.#drawOrder(ctx);
    drawUnits(ctx, this.game.crowd, this.game);
    if (this.box) {
      const { from, to } = this.box;
      const x = Math.min(from.x, to.x), y = Math.min(from.y, to.y);
      ctx.setLineDash([4, 3]);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1;
      ctx.strokeRect(x * SCALE + 0.5, y * SCALE + 0.5, (Math.abs(to.x - from.x) + 1) * SCALE, (Math.abs(to.y - from.y) + 1) * SCALE);
      ctx.setLineDash([]);
    }
  }

  /** The last order's cell, as a ring the player sees the units spread around. */
  #drawOrder(ctx: CanvasRenderingContext2D): void {
    const order = this.game.order;
    if (!order) return;
    ctx.strokeStyle = '#29bf12';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc((order.goal.x + 0.5) * SCALE, (order.goal.y + 0.5) * SCALE, 3 * SCALE, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

/** Each unit as its square (a scout as a dot: it is the only one-cell unit that crosses forests), selected ones outlined. */
function drawUnits(ctx: CanvasRenderingContext2D, crowd: Crowd, game: Game): void {
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#ffffff';
  for (const a of crowd.agents()) {
    const type = game.typeOf.get(a.id);
    if (!type) continue;
    const side = a.agent.size * SCALE;
    const x = a.x * SCALE, y = a.y * SCALE;
    ctx.fillStyle = type.colour;
    if (type.agent.capability.includes('trees')) {
      ctx.beginPath();
      ctx.arc(x + side / 2, y + side / 2, side / 2 + 0.5, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.fillRect(x, y, side, side);
    }
    if (game.selected.has(a.id)) ctx.strokeRect(x - 1.5, y - 1.5, side + 3, side + 3);
  }
}
