// Draws one floor of a block world: the blocks of the floor on screen, the floor below faded where the
// floor on screen is open air, the floor above shaded where it is solid overhead (a ceiling: no step up
// and no stair climbs through it), ladders and stairs marked, and the path across every floor (its steps
// on other floors faded, its changes of floor marked with the floor it goes to).
import { EDGE_COLOURS } from './edgeLayer';
import type { FloorFrame } from './floorFrame';
import type { WorldSession } from './worldSession';

/** The page's colours (Okabe-Ito for the path and its ends), also exported to CSS for the legend. */
export const WORLD_COLOURS = {
  ground: '#efe6cf',
  solid: '#5b5b5b',
  void: '#2b2b36',
  ladder: '#a0522d',
  stair: '#e69f00',
  path: '#0072b2',
  start: '#009e73',
  goal: '#cc79a7',
  mark: '#d55e00',
  agent: '#56b4e9',
} as const;

export function exportWorldColoursToCss(): void {
  for (const [name, value] of Object.entries(WORLD_COLOURS)) document.documentElement.style.setProperty(`--${name}`, value);
  for (const [name, value] of Object.entries(EDGE_COLOURS)) document.documentElement.style.setProperty(`--edge-${name}`, value);
}

const FADE = 0.35;
/** How much of a cell's colour is kept under a solid block of the floor above (the rest is the shade). */
const OVERHEAD_KEEP = 0.6;
const OVERHEAD_SHADE: readonly [number, number, number] = [40, 60, 160];

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): [number, number, number] {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return [ar * t + br * (1 - t), ag * t + bg * (1 - t), ab * t + bb * (1 - t)];
}

// Block codes, by name, from the module's table: the page names no code itself.
interface Codes {
  solid: number;
  ladder: number;
  /** Stair codes and the direction each rises towards. */
  stairs: Map<number, { dx: number; dy: number }>;
}

const STAIR_DIRECTIONS: Record<string, { dx: number; dy: number }> = {
  'stair-north': { dx: 0, dy: -1 },
  'stair-east': { dx: 1, dy: 0 },
  'stair-south': { dx: 0, dy: 1 },
  'stair-west': { dx: -1, dy: 0 },
};

/** A label drawn on the floor: its text and its box, in canvas pixels. */
export interface FloorLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FloorView {
  readonly #ctx: CanvasRenderingContext2D;
  readonly #image = document.createElement('canvas');
  readonly #codes: Codes;
  /** Where the world lies on the canvas: cell side and offset, in canvas pixels. */
  cell = 1;
  ox = 0;
  oy = 0;
  /** Shade the cells under a solid block of the floor above. */
  showAbove = true;
  /** The labels of the last draw (floor changes, the ends' floors), in canvas pixels. */
  labels: FloorLabel[] = [];
  /** Cells of the floor on screen shaded for the floor above in the last draw. */
  shadedAbove = 0;
  /**
   * The path drawn faded and thin on every floor: Show search's phases before smoothing, whose own marks
   * (the abstract path, the refined path) the found path would otherwise cover; drawn under them.
   */
  fadePath = false;
  /** Drawn over the blocks, under the path (the hierarchy and the search's phases). */
  overlay: ((ctx: CanvasRenderingContext2D, frame: FloorFrame) => void) | null = null;
  /** What the floor's picture was last made of: the floors read, the floor on screen, the shading. */
  #drawn: readonly unknown[] = [];

  constructor(readonly canvas: HTMLCanvasElement, private readonly session: WorldSession) {
    this.#ctx = canvas.getContext('2d')!;
    const kinds = session.hp.BlockWorld.blockKinds;
    const code = (name: string) => kinds.find((k) => k.name === name)!.code;
    this.#codes = {
      solid: code('solid'),
      ladder: code('ladder'),
      stairs: new Map(Object.entries(STAIR_DIRECTIONS).map(([name, d]) => [code(name), d])),
    };
  }

  /** The cell under a point of the canvas (CSS pixels from its top-left), or null outside the world. */
  cellAt(px: number, py: number): { x: number; y: number } | null {
    const r = window.devicePixelRatio || 1;
    const x = Math.floor((px * r - this.ox) / this.cell);
    const y = Math.floor((py * r - this.oy) / this.cell);
    return x >= 0 && y >= 0 && x < this.session.width && y < this.session.height ? { x, y } : null;
  }

  /** The centre of cell (x, y) in CSS pixels from the canvas's top-left. */
  cellCentre(x: number, y: number): { x: number; y: number } {
    const r = window.devicePixelRatio || 1;
    return { x: (this.ox + (x + 0.5) * this.cell) / r, y: (this.oy + (y + 0.5) * this.cell) / r };
  }

  draw(): void {
    const s = this.session;
    const ctx = this.#ctx;
    const r = window.devicePixelRatio || 1;
    const cw = Math.max(1, Math.round(this.canvas.clientWidth * r));
    const ch = Math.max(1, Math.round(this.canvas.clientHeight * r));
    if (this.canvas.width !== cw || this.canvas.height !== ch) [this.canvas.width, this.canvas.height] = [cw, ch];
    ctx.fillStyle = '#d9d9d9';
    ctx.fillRect(0, 0, cw, ch);
    if (!s.world) return;
    const w = s.width, h = s.height;
    this.cell = Math.max(1, Math.floor(Math.min(cw / w, ch / h)));
    this.ox = Math.floor((cw - this.cell * w) / 2);
    this.oy = Math.floor((ch - this.cell * h) / 2);
    // The floor's picture is made again only when the floor, its blocks or the shading changed (a crowd
    // redraws every frame).
    const key = [s.floors, s.floor, this.showAbove] as const;
    if (key.some((v, i) => v !== this.#drawn[i])) {
      this.#drawBlocks();
      this.#drawn = key;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#image, this.ox, this.oy, w * this.cell, h * this.cell);
    if (this.cell >= 5) this.#drawGlyphs();
    // Faded, the path goes under the overlay: the phase's own path is drawn over it, in its colour.
    if (this.fadePath) this.#drawPath();
    this.overlay?.(ctx, { cell: this.cell, ox: this.ox, oy: this.oy, floor: s.floor });
    if (!this.fadePath) this.#drawPath();
    this.#drawEnds();
    this.labels = [];
    this.#drawLabels();
    this.#drawAgents();
  }

  // A crowd's agents: a dot each on the floor on screen, faded one floor above or below.
  #drawAgents(): void {
    const s = this.session;
    if (!s.agents) return;
    const ctx = this.#ctx;
    const c = this.cell;
    const radius = Math.max(1.5, c * 0.4);
    for (const [alpha, onFloor] of [[FADE, false], [1, true]] as const) {
      ctx.beginPath();
      for (const a of s.agents()) {
        const dz = Math.abs(a.z - s.floor);
        if (onFloor ? dz > 0.5 : dz <= 0.5 || dz > 1.5) continue;
        const x = this.ox + (a.x + 0.5) * c, y = this.oy + (a.y + 0.5) * c;
        ctx.moveTo(x + radius, y);
        ctx.arc(x, y, radius, 0, 2 * Math.PI);
      }
      ctx.globalAlpha = alpha;
      ctx.fillStyle = WORLD_COLOURS.agent;
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  // One pixel per cell: the floor on screen, where it is open air the floor below faded, and where the
  // floor above is solid (and this one is not) a shade over it.
  #drawBlocks(): void {
    const s = this.session;
    const w = s.width, h = s.height, z = s.floor;
    if (this.#image.width !== w || this.#image.height !== h) [this.#image.width, this.#image.height] = [w, h];
    const ictx = this.#image.getContext('2d')!;
    const data = ictx.createImageData(w, h);
    const blocks = s.floors.blocks[z]!, standing = s.floors.standing[z]!;
    const below = z > 0 ? s.floors.blocks[z - 1]! : null;
    const standingBelow = z > 0 ? s.floors.standing[z - 1]! : null;
    const above = this.showAbove && z + 1 < s.levels ? s.floors.blocks[z + 1]! : null;
    let shaded = 0;
    const { solid, ladder, stairs } = this.#codes;
    const C = {
      solid: rgb(WORLD_COLOURS.solid),
      ground: rgb(WORLD_COLOURS.ground),
      ladder: rgb(WORLD_COLOURS.ladder),
      stair: rgb(WORLD_COLOURS.stair),
      void: rgb(WORLD_COLOURS.void),
      fadedSolid: mix(WORLD_COLOURS.solid, WORLD_COLOURS.void, FADE),
      fadedGround: mix(WORLD_COLOURS.ground, WORLD_COLOURS.void, FADE),
      fadedStair: mix(WORLD_COLOURS.stair, WORLD_COLOURS.void, FADE),
      fadedLadder: mix(WORLD_COLOURS.ladder, WORLD_COLOURS.void, FADE),
    };
    for (let i = 0; i < w * h; i++) {
      const b = blocks[i]!;
      let c: readonly number[];
      if (b === solid) c = C.solid;
      else if (b === ladder) c = C.ladder;
      else if (stairs.has(b)) c = C.stair;
      else if (standing[i]) c = C.ground;
      else if (!below) c = C.void;
      else {
        // Open air: what lies one floor down, faded.
        const d = below[i]!;
        c = d === solid ? C.fadedSolid : d === ladder ? C.fadedLadder : stairs.has(d) ? C.fadedStair : standingBelow![i] ? C.fadedGround : C.void;
      }
      if (above && b !== solid && above[i] === solid) {
        c = c.map((v, k) => OVERHEAD_KEEP * v + (1 - OVERHEAD_KEEP) * OVERHEAD_SHADE[k]!);
        shaded++;
      }
      data.data.set([c[0]!, c[1]!, c[2]!, 255], 4 * i);
    }
    ictx.putImageData(data, 0, 0);
    this.shadedAbove = shaded;
  }

  // Rungs on ladders, an arrow up each stair (towards the side it rises to), when cells are large enough.
  #drawGlyphs(): void {
    const s = this.session;
    const ctx = this.#ctx;
    const { ladder, stairs } = this.#codes;
    const blocks = s.floors.blocks[s.floor]!;
    const c = this.cell;
    ctx.strokeStyle = '#fff';
    ctx.fillStyle = '#1a1a1a';
    ctx.lineWidth = Math.max(1, c / 8);
    for (let y = 0; y < s.height; y++)
      for (let x = 0; x < s.width; x++) {
        const b = blocks[y * s.width + x]!;
        const px = this.ox + x * c, py = this.oy + y * c;
        if (b === ladder) {
          ctx.beginPath();
          for (const t of [0.3, 0.7]) {
            ctx.moveTo(px + t * c, py + 0.1 * c);
            ctx.lineTo(px + t * c, py + 0.9 * c);
          }
          ctx.moveTo(px + 0.3 * c, py + 0.5 * c);
          ctx.lineTo(px + 0.7 * c, py + 0.5 * c);
          ctx.stroke();
        } else {
          const d = stairs.get(b);
          if (!d) continue;
          const cx = px + c / 2, cy = py + c / 2, k = c * 0.35;
          ctx.beginPath();
          ctx.moveTo(cx + d.dx * k, cy + d.dy * k);
          ctx.lineTo(cx - d.dx * k - d.dy * k, cy - d.dy * k + d.dx * k);
          ctx.lineTo(cx - d.dx * k + d.dy * k, cy - d.dy * k - d.dx * k);
          ctx.closePath();
          ctx.fill();
        }
      }
  }

  // The path: steps on the floor on screen solid, steps elsewhere faded and dashed; each change of floor
  // marked where it leaves or reaches the floor on screen (▲ up, ▼ down, and the floor it goes to).
  #drawPath(): void {
    const s = this.session;
    const cells = s.path?.found ? s.path.cells : null;
    if (!cells || cells.length < 6) return;
    const ctx = this.#ctx;
    const c = this.cell;
    const at = (i: number) => ({ x: this.ox + (cells[3 * i]! + 0.5) * c, y: this.oy + (cells[3 * i + 1]! + 0.5) * c, z: cells[3 * i + 2]! });
    const n = cells.length / 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const onFloor of [false, true]) {
      ctx.beginPath();
      for (let i = 1; i < n; i++) {
        const a = at(i - 1), b = at(i);
        const here = a.z === s.floor && b.z === s.floor;
        if (here !== onFloor) continue;
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
      }
      const strong = onFloor && !this.fadePath;
      ctx.globalAlpha = strong ? 1 : FADE;
      ctx.setLineDash(onFloor ? [] : [c * 0.6, c * 0.4]);
      ctx.strokeStyle = WORLD_COLOURS.path;
      ctx.lineWidth = Math.max(2, c * (strong ? 0.45 : 0.3));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  /**
   * The labels: the ends' floors, then each change of floor of the path (▲ up, ▼ down, and the floor it
   * goes to), on its cell of this floor, or faded on its lower cell when it joins two other floors. Each
   * is put where it overlaps none placed before: a stair climbing several floors changes floor on
   * neighbouring cells, whose labels would otherwise be drawn on top of each other.
   */
  #drawLabels(): void {
    const s = this.session;
    const c = this.cell;
    const size = Math.max(5, c * 0.9);
    for (const v of [s.start, s.goal]) {
      if (!v || v.z === s.floor) continue;
      const x = this.ox + (v.x + 0.5) * c, y = this.oy + (v.y + 0.5) * c;
      this.#placeLabel(`floor ${v.z}`, x, y, size * 0.8, { colour: '#000', faded: false, stack: true });
    }
    const cells = s.path?.found ? s.path.cells : null;
    if (!cells || cells.length < 6) return;
    const at = (i: number) => ({ x: this.ox + (cells[3 * i]! + 0.5) * c, y: this.oy + (cells[3 * i + 1]! + 0.5) * c, z: cells[3 * i + 2]! });
    // The changes at this floor first: they are the ones to read; faded ones only where there is room.
    for (const here of [true, false]) {
      for (let i = 1; i < cells.length / 3; i++) {
        const a = at(i - 1), b = at(i);
        if (a.z === b.z || (a.z === s.floor || b.z === s.floor) !== here) continue;
        const mark = a.z === s.floor ? a : b.z === s.floor ? b : a.z < b.z ? a : b;
        const other = mark === a ? b.z : a.z;
        this.#placeLabel(`${other > mark.z ? '▲' : '▼'}${other}`, mark.x, mark.y, size * 0.8, { colour: WORLD_COLOURS.mark, faded: !here, stack: here });
      }
    }
  }

  /**
   * Draws `text` on a white box near (x, y) (above it, else below, right or left, `gap` away) where it
   * overlaps no label drawn before; when none is free, `stack` puts it higher up until it fits, else it is
   * left out.
   */
  #placeLabel(text: string, x: number, y: number, gap: number, { colour, faded, stack }: { colour: string; faded: boolean; stack: boolean }): void {
    const ctx = this.#ctx;
    const font = Math.max(10, Math.round(this.cell * 1.1));
    ctx.font = `bold ${font}px system-ui, sans-serif`;
    const width = ctx.measureText(text).width + 4, height = font * 1.2;
    const free = (bx: number, by: number) => !this.labels.some((l) => bx < l.x + l.width && l.x < bx + width && by < l.y + l.height && l.y < by + height);
    const candidates = [
      [x - width / 2, y - gap - height],
      [x - width / 2, y + gap],
      [x + gap, y - height / 2],
      [x - gap - width, y - height / 2],
    ] as const;
    let spot: readonly [number, number] | undefined = candidates.find(([bx, by]) => free(bx, by));
    if (!spot && stack) {
      let by = y - gap - height;
      while (!free(x - width / 2, by)) by -= height;
      spot = [x - width / 2, by];
    }
    if (!spot) return;
    const [bx, by] = spot;
    this.labels.push({ text, x: bx, y: by, width, height });
    ctx.globalAlpha = faded ? FADE : 1;
    ctx.fillStyle = '#fff';
    ctx.fillRect(bx, by, width, height);
    ctx.fillStyle = colour;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, bx + 2, by + height / 2);
    ctx.globalAlpha = 1;
  }

  // Start (disc) and goal (square); faded, with their floor, when on another floor.
  #drawEnds(): void {
    const s = this.session;
    const ctx = this.#ctx;
    const c = this.cell;
    const size = Math.max(5, c * 0.9);
    for (const [v, colour, round] of [
      [s.start, WORLD_COLOURS.start, true],
      [s.goal, WORLD_COLOURS.goal, false],
    ] as const) {
      if (!v) continue;
      const x = this.ox + (v.x + 0.5) * c, y = this.oy + (v.y + 0.5) * c;
      ctx.globalAlpha = v.z === s.floor ? 1 : FADE;
      ctx.fillStyle = colour;
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      if (round) ctx.arc(x, y, size / 2, 0, 2 * Math.PI);
      else ctx.rect(x - size / 2, y - size / 2, size, size);
      ctx.fill();
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
}
