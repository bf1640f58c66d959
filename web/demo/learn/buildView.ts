// The build's layers of the walkthrough's map (entrances, transitions, inter-edges, intra-edges), drawn
// so that each phase's one idea can be seen: entrances apart from their neighbours, inter-edges over the
// node dots, intra-edges along the cells of their ways, and (on demand) each one's number.
import type { DrawContext } from './svgExport';
import type { WalkthroughData } from './walkthrough';

/** A number written on the map (tests read them): what it labels and its text. */
export interface MapNumber {
  kind: 'entrance' | 'intra-edge';
  text: string;
  /** Its white tag, in CSS pixels of the map drawn whole. */
  box: LabelBox;
}

/** A number's tag on the map: its top-left corner and size, in CSS pixels. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The entrances' two shades: neighbours on one border line alternate (vermillion, then a dark brown). */
export const ENTRANCE_SHADES = ['#D55E00', '#7A3300'] as const;

/** Fewest CSS pixels a cell for numbers to be written on the map. */
export const NUMBERS_FROM = 7;

/** What the build's layers need of the view: the cell size and whether numbers are asked for. */
export interface BuildPen {
  ctx: DrawContext;
  cell: number;
  numbers: boolean;
  /** The numbers written, appended to. */
  written: MapNumber[];
}

const centre = (cell: number, x: number, y: number) => ({ x: (x + 0.5) * cell, y: (y + 0.5) * cell });

/** Per entrance, its rank along its border line (0, 1, 0, 1, …): neighbours get the other shade. */
export function entranceShades(e: Int32Array): Uint8Array {
  const n = e.length / 4;
  const lines = new Map<string, number[]>();
  for (let k = 0; k < n; k++) {
    const vertical = e[4 * k + 3] === 1;
    const line = vertical ? `v${e[4 * k]}` : `h${e[4 * k + 1]}`;
    (lines.get(line) ?? lines.set(line, []).get(line)!).push(k);
  }
  const shade = new Uint8Array(n);
  for (const ks of lines.values()) {
    const along = (k: number) => (e[4 * k + 3] === 1 ? e[4 * k + 1]! : e[4 * k]!);
    ks.sort((a, b) => along(a) - along(b)).forEach((k, rank) => (shade[k] = rank % 2));
  }
  return shade;
}

/** The type size of the numbers on a map of `cell` CSS pixels a cell. */
const tagSize = (cell: number) => Math.max(9, Math.min(14, cell * 0.7));

/** The white tag of `text` centred on (x, y) CSS pixels. */
function tagBox(cell: number, text: string, x: number, y: number): LabelBox {
  const size = tagSize(cell);
  const width = size * 0.62 * text.length + 4;
  return { x: x - width / 2, y: y - size * 0.6, width, height: size * 1.2 };
}

/** A number on a white tag, centred on (x, y) CSS pixels. */
function tag(pen: BuildPen, text: string, x: number, y: number, kind: MapNumber['kind']): void {
  const { ctx, cell } = pen;
  const box = tagBox(cell, text, x, y);
  ctx.font = `bold ${Math.round(tagSize(cell))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.fillStyle = '#000000';
  ctx.fillText(text, x, y + 0.5);
  ctx.textBaseline = 'alphabetic';
  pen.written.push({ kind, text, box });
}

/**
 * The first `count` entrances: a bar over both sides' cells along the border, inset at its ends so that
 * two entrances that meet stay apart, in the shade that differs from its neighbours'; with numbers, its length.
 */
export function drawEntrances(pen: BuildPen, d: WalkthroughData, count: number, alpha: number): void {
  const { ctx, cell } = pen;
  const e = d.entrances.entrances;
  const shade = entranceShades(e);
  const inset = cell >= 3 ? cell * 0.18 : 0;
  ctx.globalAlpha = alpha;
  for (let k = 0; k < count; k++) {
    const x = e[4 * k]!, y = e[4 * k + 1]!, len = e[4 * k + 2]!, vertical = e[4 * k + 3] === 1;
    ctx.fillStyle = ENTRANCE_SHADES[shade[k]!]!;
    if (vertical) ctx.fillRect(x * cell + cell * 0.25, y * cell + inset, cell * 1.5, len * cell - 2 * inset);
    else ctx.fillRect(x * cell + inset, y * cell + cell * 0.25, len * cell - 2 * inset, cell * 1.5);
  }
  ctx.globalAlpha = 1;
  if (!pen.numbers || cell < NUMBERS_FROM) return;
  for (let k = 0; k < count; k++) {
    const x = e[4 * k]!, y = e[4 * k + 1]!, len = e[4 * k + 2]!, vertical = e[4 * k + 3] === 1;
    // The middle of the bar, on the border between its two rows (or columns) of cells.
    const cx = vertical ? (x + 1) * cell : (x + len / 2) * cell, cy = vertical ? (y + len / 2) * cell : (y + 1) * cell;
    tag(pen, String(len), cx, cy, 'entrance');
  }
}

/** The transitions' cells: the nodes of level 1, black dots. */
export function drawTransitions(pen: BuildPen, d: WalkthroughData): void {
  const { ctx, cell } = pen;
  const t = d.entrances.transitions;
  ctx.fillStyle = '#000000';
  for (let k = 0; k < t.length; k += 2) {
    const c = centre(cell, t[k]!, t[k + 1]!);
    ctx.beginPath();
    ctx.arc(c.x, c.y, Math.max(1.5, cell / 4), 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The inter-edges of level 1, over the node dots (drawn after them) on a white casing: a bar across each border. */
export function drawInterEdges(pen: BuildPen, d: WalkthroughData, colour: string): void {
  const { ctx, cell } = pen;
  const g = d.graphs[0]!;
  const width = Math.max(2, cell / 3);
  for (const [stroke, w] of [['#FFFFFF', width + 2], [colour, width]] as const) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = w;
    ctx.beginPath();
    for (let k = 0; k < g.edgeFrom.length; k++) {
      if (!g.edgeInter[k]) continue;
      const a = centre(cell, g.nodes[2 * g.edgeFrom[k]!]!, g.nodes[2 * g.edgeFrom[k]! + 1]!);
      const b = centre(cell, g.nodes[2 * g.edgeTo[k]!]!, g.nodes[2 * g.edgeTo[k]! + 1]!);
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
  }
}

/**
 * The intra-edges of the first `clusters` clusters, each along its cells (straight when its way is not
 * known); with numbers, its cost at the middle of its way. Returns how many costs were left out (each
 * would have covered one written before).
 */
export function drawIntraEdges(pen: BuildPen, d: WalkthroughData, clusters: number, colour: string): number {
  const { ctx, cell } = pen;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1, cell / 5);
  ctx.lineJoin = 'round';
  const ways: Int32Array[] = [];
  for (let c = 0; c < clusters; c++) {
    const b = d.builds[c]!;
    for (let k = 0; k < b.edgeFrom.length; k++) {
      const from = b.edgeFrom[k]!, to = b.edgeTo[k]!;
      ways.push(d.intraPaths?.[c]?.[k] ?? Int32Array.of(b.nodes[2 * from]!, b.nodes[2 * from + 1]!, b.nodes[2 * to]!, b.nodes[2 * to + 1]!));
    }
  }
  ctx.beginPath();
  for (const w of ways)
    for (let i = 0; i < w.length; i += 2) {
      const p = centre(cell, w[i]!, w[i + 1]!);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    }
  ctx.stroke();
  if (!pen.numbers || cell < NUMBERS_FROM) return 0;
  // Edges that share cells (along one border, or in a crowded middle) would write their costs on one
  // another: each cost goes on the first of a few places along its way where its tag covers none written
  // before; with no such place it is left out (the hover line still reads it).
  const taken: LabelBox[] = [];
  const free = (q: LabelBox) => taken.every((t) => t.x + t.width <= q.x || q.x + q.width <= t.x || t.y + t.height <= q.y || q.y + q.height <= t.y);
  let at = 0;
  let skipped = 0;
  for (let c = 0; c < clusters; c++) {
    const b = d.builds[c]!;
    for (let k = 0; k < b.edgeFrom.length; k++) {
      const text = b.edgeCost[k]!.toFixed(1);
      const p = labelPlaces(cell, ways[at++]!).find((q) => free(tagBox(cell, text, q.x, q.y)));
      if (!p) {
        skipped++;
        continue;
      }
      taken.push(tagBox(cell, text, p.x, p.y));
      tag(pen, text, p.x, p.y, 'intra-edge');
    }
  }
  return skipped;
}

/** Where an edge's cost may go, best first: its way's middle cell, then cells a third and a quarter of the way from either end. */
function labelPlaces(cell: number, w: Int32Array): { x: number; y: number }[] {
  const n = w.length / 2;
  // A straight edge (its ends only): along the line between them.
  if (n === 2) return [0.5, 0.33, 0.67, 0.25, 0.75].map((f) => centre(cell, w[0]! + f * (w[2]! - w[0]!), w[1]! + f * (w[3]! - w[1]!)));
  return [0.5, 0.33, 0.67, 0.25, 0.75].map((f) => {
    const i = Math.min(n - 1, Math.max(0, Math.round(f * (n - 1))));
    return centre(cell, w[2 * i]!, w[2 * i + 1]!);
  });
}
