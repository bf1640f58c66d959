// Drawing the overlays. The context is in cell units (Viewport.applyTransform): cell (x, y) covers
// [x, x+1) × [y, y+1); line widths are given in device pixels and divided by the scale.
import type { Point, RebuiltClusters } from '../../lib/index';
import type { ClusterRects, SearchPhase, TracedPath } from '../../lib/inspect';
import { COMPONENT_RGB, PALETTE, PHASE_COLOURS, viridis } from './palette';
import type { LevelGraph } from '../hierarchyView';
import type { Viewport } from './view';

type Ctx = CanvasRenderingContext2D;
type Visible = { x0: number; y0: number; x1: number; y1: number };

export const BORDER_COLOURS = [PALETTE.cluster1, PALETTE.cluster2, PALETTE.cluster3];
const BORDER_WIDTHS = [1, 1.5, 3];

/**
 * Cluster borders of the chosen levels (drawn level 1 first), only the visible ones: lines along the
 * inner edges of the planner's clusters (the left edges of its first row, the top edges of its first column).
 */
export function drawClusterBorders(ctx: Ctx, view: Viewport, clusters: readonly ClusterRects[], vis: Visible): void {
  const px = 1 / view.scale;
  for (const { level, side, columns, rows, rects } of [...clusters].sort((a, b) => a.level - b.level)) {
    if (side * view.scale < 8 * view.dpr) continue; // too dense to read
    ctx.beginPath();
    for (let c = 1; c < columns; c++) {
      const x = rects[4 * c]!;
      if (x < vis.x0 || x > vis.x1) continue;
      ctx.moveTo(x, vis.y0);
      ctx.lineTo(x, vis.y1);
    }
    for (let r = 1; r < rows; r++) {
      const y = rects[4 * r * columns + 1]!;
      if (y < vis.y0 || y > vis.y1) continue;
      ctx.moveTo(vis.x0, y);
      ctx.lineTo(vis.x1, y);
    }
    ctx.strokeStyle = BORDER_COLOURS[level - 1] ?? PALETTE.cluster3;
    ctx.globalAlpha = level === 1 ? 0.8 : 0.7;
    ctx.lineWidth = (BORDER_WIDTHS[level - 1] ?? 3) * view.dpr * px;
    ctx.setLineDash(level === 1 ? [] : level === 2 ? [5 * view.dpr * px, 3 * view.dpr * px] : [12 * view.dpr * px, 4 * view.dpr * px]);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
}

const rgbOf = (c: string) => [1, 3, 5].map((k) => Number.parseInt(c.slice(k, k + 2), 16));

/**
 * Abstract nodes of the level-1 graph (squares: yellow on level 1 only, orange and larger on upper
 * levels) and its inter-edges (one step across a border), as the planner has them.
 */
export function drawTransitions(ctx: Ctx, view: Viewport, level1: LevelGraph, vis: Visible, width: number, height: number): void {
  const px = 1 / view.scale;
  const { nodes, nodeLevels, edgeFrom, edgeTo, edgeInter } = level1.graph;
  if (view.scale < 3) {
    // Zoomed out: one pixel per node cell, drawn once into an image and scaled like the terrain.
    if (!level1.image) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const image = new ImageData(width, height);
      const [l1, up] = [PALETTE.node1, PALETTE.nodeUpper].map(rgbOf);
      for (let i = 0; i < nodeLevels.length; i++) {
        const at = 4 * (nodes[2 * i + 1]! * width + nodes[2 * i]!);
        image.data.set([...(nodeLevels[i]! > 1 ? up! : l1!), 255], at);
      }
      canvas.getContext('2d')!.putImageData(image, 0, 0);
      level1.image = canvas;
    }
    ctx.drawImage(level1.image, 0, 0);
    return;
  }
  const inside = (x: number, y: number) => x >= vis.x0 - 1 && y >= vis.y0 - 1 && x <= vis.x1 && y <= vis.y1;
  if (view.scale >= 4) {
    ctx.beginPath();
    for (let e = 0; e < edgeFrom.length; e++) {
      if (!edgeInter[e]) continue;
      const a = edgeFrom[e]!, b = edgeTo[e]!;
      if (!inside(nodes[2 * a]!, nodes[2 * a + 1]!)) continue;
      ctx.moveTo(nodes[2 * a]! + 0.5, nodes[2 * a + 1]! + 0.5);
      ctx.lineTo(nodes[2 * b]! + 0.5, nodes[2 * b + 1]! + 0.5);
    }
    ctx.strokeStyle = PALETTE.inter;
    ctx.lineWidth = 2 * view.dpr * px;
    ctx.stroke();
  }
  const minSize = 3 * view.dpr * px;
  for (const upper of [false, true]) {
    ctx.beginPath();
    for (let i = 0; i < nodeLevels.length; i++) {
      if (nodeLevels[i]! > 1 !== upper) continue;
      const x = nodes[2 * i]!, y = nodes[2 * i + 1]!;
      if (!inside(x, y)) continue;
      const s = Math.max(minSize * (upper ? 1.6 : 1), upper ? 0.9 : 0.6);
      ctx.rect(x + 0.5 - s / 2, y + 0.5 - s / 2, s, s);
    }
    ctx.fillStyle = upper ? PALETTE.nodeUpper : PALETTE.node1;
    ctx.fill();
    ctx.strokeStyle = '#000';
    ctx.lineWidth = view.dpr * px;
    ctx.stroke();
  }
}

/** Most clusters whose graph is drawn at once, and the smallest cluster on screen (zoom in to see more). */
export const MAX_GRAPH_CLUSTERS = 4000;
export const MIN_GRAPH_CLUSTER_PX = 10;
/** Dashes of the graph's edges per level (device pixels): level 1 solid, upper levels dashed. */
const GRAPH_DASH: readonly (readonly number[])[] = [[], [6, 3], [12, 3, 2, 3]];

/**
 * The intra-edges of one level's graph over the visible part of the map, shaded by cost (viridis:
 * short = dark purple, long = green, on the scale of that level's clusters), dashed on upper levels.
 * @returns false when too many clusters of that level are visible to draw it
 */
export function drawGraph(ctx: Ctx, view: Viewport, clusters: ClusterRects, lg: LevelGraph, vis: Visible): boolean {
  const level = lg.graph.level;
  const side = clusters.side;
  const visibleClusters = Math.ceil((vis.x1 - vis.x0) / side + 1) * Math.ceil((vis.y1 - vis.y0) / side + 1);
  if (visibleClusters > MAX_GRAPH_CLUSTERS || side * view.scale < MIN_GRAPH_CLUSTER_PX * view.dpr) return false;
  const px = 1 / view.scale;
  const longest = side * Math.SQRT2 * 1.5;
  const { nodes, edgeFrom, edgeTo, edgeCost, edgeInter } = lg.graph;
  // Edges bucketed by shade: one stroke per bucket.
  const BUCKETS = 16;
  const paths = Array.from({ length: BUCKETS }, () => new Path2D());
  for (let e = 0; e < edgeFrom.length; e++) {
    if (edgeInter[e]) continue;
    const a = edgeFrom[e]!, b = edgeTo[e]!;
    const ax = nodes[2 * a]!, ay = nodes[2 * a + 1]!, bx = nodes[2 * b]!, by = nodes[2 * b + 1]!;
    if (Math.max(ax, bx) < vis.x0 - 1 || Math.min(ax, bx) > vis.x1 || Math.max(ay, by) < vis.y0 - 1 || Math.min(ay, by) > vis.y1) continue;
    const k = Math.min(BUCKETS - 1, Math.floor((edgeCost[e]! / longest) * BUCKETS));
    paths[k]!.moveTo(ax + 0.5, ay + 0.5);
    paths[k]!.lineTo(bx + 0.5, by + 0.5);
  }
  ctx.lineWidth = Math.max((level === 1 ? 1.5 : 2) * view.dpr * px, 0.08);
  ctx.globalAlpha = 0.85;
  ctx.setLineDash((GRAPH_DASH[level - 1] ?? GRAPH_DASH[2]!).map((d) => d * view.dpr * px));
  paths.forEach((path, k) => {
    ctx.strokeStyle = viridis((0.85 * (k + 0.5)) / BUCKETS); // yellow end left out: unreadable on ground
    ctx.stroke(path);
  });
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
  return true;
}

/** The start's or the goal's connections to the graph: lines from `end` to `nodes` (x, y pairs), dashed, in the end's colour. */
export function drawConnections(ctx: Ctx, view: Viewport, end: Point, nodes: Int32Array, colour: string): void {
  const px = 1 / view.scale;
  ctx.setLineDash([4 * view.dpr * px, 3 * view.dpr * px]);
  ctx.lineWidth = 2 * view.dpr * px;
  ctx.beginPath();
  for (let k = 0; k < nodes.length; k += 2) {
    ctx.moveTo(end.x + 0.5, end.y + 0.5);
    ctx.lineTo(nodes[k]! + 0.5, nodes[k + 1]! + 0.5);
  }
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The overlay toggles of the search sets and the phases each one shows. */
export const SET_OVERLAYS: Readonly<Record<string, readonly SearchPhase[]>> = {
  'sets-sg': ['insertion'],
  'sets-main': ['abstract', 'astar'],
  'sets-refine': ['refinement'],
};

/**
 * The open and closed sets of a traced query, per phase. Searches over cells are drawn into one image
 * (a pixel per cell over the searched box; closed cells strong, open cells pale), searches over an
 * abstract graph as node squares (closed filled, open hollow), each phase in its colour.
 */
export class SearchSets {
  #trace: TracedPath | null = null;
  #key = '';
  #cells: { image: ImageData; x0: number; y0: number } | null = null;
  /** The cells' image drawn, at `block` cells per pixel. */
  #image: { canvas: HTMLCanvasElement; block: number } | null = null;

  /** Smallest size of a searched cell on screen, in device pixels (below it, cells are pooled). */
  static readonly MIN_CELL_PX = 2;
  /** Opacity of open and closed cells: pale and strong, both well off the terrain. */
  static readonly OPEN_ALPHA = 110;
  static readonly CLOSED_ALPHA = 210;

  /** The trace shown (null: none). */
  set(trace: TracedPath | null): void {
    if (trace === this.#trace) return;
    this.#trace = trace;
    this.#key = '';
    this.#cells = null;
    this.#image = null;
  }

  get trace(): TracedPath | null {
    return this.#trace;
  }

  draw(ctx: Ctx, view: Viewport, phases: ReadonlySet<SearchPhase>, vis: Visible): void {
    const trace = this.#trace;
    if (!trace || phases.size === 0) return;
    const key = [...phases].sort().join(',');
    if (key !== this.#key) {
      this.#key = key;
      this.#cells = this.#cellImage(trace, phases);
      this.#image = null;
    }
    if (this.#cells) {
      // Zoomed out, a searched corridor one cell wide would fall between the pixels: cells are pooled
      // into blocks of at least MIN_CELL_PX on screen, a block as strong as its strongest cell.
      const block = Math.max(1, Math.ceil(SearchSets.MIN_CELL_PX / view.scale));
      if (this.#image?.block !== block) this.#image = { canvas: pooled(this.#cells.image, block), block };
      const { canvas } = this.#image;
      ctx.drawImage(canvas, this.#cells.x0, this.#cells.y0, canvas.width * block, canvas.height * block);
    }
    const px = 1 / view.scale;
    // Larger than the transitions' squares (3 and 4.8 px), which they are drawn over.
    const size = Math.max(7 * view.dpr * px, 0.8);
    const inside = (x: number, y: number) => x >= vis.x0 - 1 && y >= vis.y0 - 1 && x <= vis.x1 && y <= vis.y1;
    for (const s of trace.searches) {
      if (s.level === 0 || !phases.has(s.phase)) continue;
      for (const [cells, closed] of [[s.open, false], [s.closed, true]] as const) {
        ctx.beginPath();
        for (let i = 0; i < cells.length; i += 2) {
          if (inside(cells[i]!, cells[i + 1]!)) ctx.rect(cells[i]! + 0.5 - size / 2, cells[i + 1]! + 0.5 - size / 2, size, size);
        }
        ctx.lineWidth = 2.5 * view.dpr * px;
        ctx.strokeStyle = PHASE_COLOURS[s.phase];
        if (closed) {
          ctx.fillStyle = PHASE_COLOURS[s.phase];
          ctx.fill();
          ctx.strokeStyle = '#000';
          ctx.lineWidth = view.dpr * px;
        }
        ctx.stroke();
      }
    }
  }

  #cellImage(trace: TracedPath, phases: ReadonlySet<SearchPhase>): { image: ImageData; x0: number; y0: number } | null {
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    const searches = trace.searches.filter((s) => s.level === 0 && phases.has(s.phase));
    for (const s of searches) {
      for (const cells of [s.closed, s.open]) {
        for (let i = 0; i < cells.length; i += 2) {
          x0 = Math.min(x0, cells[i]!);
          x1 = Math.max(x1, cells[i]! + 1);
          y0 = Math.min(y0, cells[i + 1]!);
          y1 = Math.max(y1, cells[i + 1]! + 1);
        }
      }
    }
    if (x1 < 0) return null;
    const w = x1 - x0, h = y1 - y0;
    const image = new ImageData(w, h);
    for (const s of searches) {
      const [r, g, b] = rgbOf(PHASE_COLOURS[s.phase]);
      for (const [cells, alpha] of [[s.open, SearchSets.OPEN_ALPHA], [s.closed, SearchSets.CLOSED_ALPHA]] as const) {
        for (let i = 0; i < cells.length; i += 2) {
          const at = 4 * ((cells[i + 1]! - y0) * w + (cells[i]! - x0));
          if (image.data[at + 3]! > alpha) continue; // a cell closed by another search stays strong
          image.data[at] = r!;
          image.data[at + 1] = g!;
          image.data[at + 2] = b!;
          image.data[at + 3] = alpha;
        }
      }
    }
    return { image, x0, y0 };
  }
}

/** `image` with each `block` × `block` square of pixels made one pixel: that of the most opaque of them. */
function pooled(image: ImageData, block: number): HTMLCanvasElement {
  const w = Math.ceil(image.width / block), h = Math.ceil(image.height / block);
  const out = block === 1 ? image : new ImageData(w, h);
  if (block > 1) {
    const src = image.data, dst = out.data;
    for (let y = 0; y < image.height; y++) {
      const row = Math.floor(y / block) * w;
      for (let x = 0; x < image.width; x++) {
        const from = 4 * (y * image.width + x), to = 4 * (row + Math.floor(x / block));
        if (src[from + 3]! > dst[to + 3]!) dst.set(src.subarray(from, from + 4), to);
      }
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.putImageData(out, 0, 0);
  return canvas;
}

/**
 * SHPA*'s clusters (one pixel per cell): each cluster filled with one of the Okabe-Ito colours, chosen
 * so that touching clusters differ where seven colours allow, and its border cells darker.
 */
export function shpaClusterImage(clusters: Int32Array, width: number, height: number): HTMLCanvasElement {
  let count = 0;
  for (const c of clusters) count = Math.max(count, c + 1);
  const neighbours = Array.from({ length: count }, () => new Set<number>());
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = clusters[y * width + x]!;
      if (c < 0) continue;
      const right = x + 1 < width ? clusters[y * width + x + 1]! : -1;
      const below = y + 1 < height ? clusters[(y + 1) * width + x]! : -1;
      for (const n of [right, below]) {
        if (n >= 0 && n !== c) {
          neighbours[c]!.add(n);
          neighbours[n]!.add(c);
        }
      }
    }
  }
  // Greedy colouring in id order; cycling when the seven colours are all taken around a cluster.
  const colour = new Int32Array(count).fill(-1);
  for (let c = 0; c < count; c++) {
    const taken = new Set<number>();
    for (const n of neighbours[c]!) if (colour[n]! >= 0) taken.add(colour[n]!);
    let k = 0;
    while (taken.has(k) && k < COMPONENT_RGB.length) k++;
    colour[c] = k < COMPONENT_RGB.length ? k : c % COMPONENT_RGB.length;
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const image = new ImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const c = clusters[i]!;
      if (c < 0) continue;
      const border =
        (x > 0 && clusters[i - 1] !== c && clusters[i - 1]! >= 0) ||
        (x + 1 < width && clusters[i + 1] !== c && clusters[i + 1]! >= 0) ||
        (y > 0 && clusters[i - width] !== c && clusters[i - width]! >= 0) ||
        (y + 1 < height && clusters[i + width] !== c && clusters[i + width]! >= 0);
      const [r, g, b] = COMPONENT_RGB[colour[c]!]!;
      const k = border ? 0.45 : 1; // border cells darker: the shapes read without colour too
      image.data.set([Math.round(r * k), Math.round(g * k), Math.round(b * k), border ? 230 : 150], 4 * i);
    }
  }
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  return canvas;
}

export interface LineStyle {
  colour: string;
  /** Device pixels; the line is never thinner than `minCells` cells. */
  width: number;
  minCells?: number;
  dash?: number[];
  alpha?: number;
}

/** A path of cells (x0, y0, x1, y1, …) through the cells' centres. */
export function drawPath(ctx: Ctx, view: Viewport, cells: Int32Array, style: LineStyle): void {
  if (cells.length < 4) return;
  const px = view.dpr / view.scale;
  ctx.beginPath();
  ctx.moveTo(cells[0]! + 0.5, cells[1]! + 0.5);
  for (let i = 2; i < cells.length; i += 2) ctx.lineTo(cells[i]! + 0.5, cells[i + 1]! + 0.5);
  ctx.lineWidth = Math.max(style.width * px, style.minCells ?? 0);
  ctx.lineJoin = ctx.lineCap = 'round';
  ctx.setLineDash((style.dash ?? []).map((d) => d * px));
  ctx.globalAlpha = style.alpha ?? 1;
  ctx.strokeStyle = style.colour;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

/** The abstract path: dashed straight lines between waypoints, a ring on each waypoint. */
export function drawAbstractPath(ctx: Ctx, view: Viewport, waypoints: Int32Array): void {
  drawPath(ctx, view, waypoints, { colour: PALETTE.abstract, width: 2, dash: [7, 4] });
  const px = view.dpr / view.scale;
  const r = Math.max(3 * px, 0.4);
  ctx.lineWidth = 2 * px;
  ctx.strokeStyle = PALETTE.abstract;
  ctx.fillStyle = '#fff';
  for (let i = 0; i < waypoints.length; i += 2) {
    ctx.beginPath();
    ctx.arc(waypoints[i]! + 0.5, waypoints[i + 1]! + 0.5, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}

/** HAA*'s clearance maps of the agent's capability (the true one, Brushfire's, or both), for one agent size. */
export interface ClearanceMaps {
  size: number;
  truth: Uint8Array | null;
  brushfire: Uint8Array | null;
}

/**
 * An image of the cells where an agent of `size` may stand (one pixel per cell): green by the map
 * shown (the true clearance when given, else Brushfire's); with both, red where the true clearance
 * lets the agent stand and Brushfire does not (the passages Brushfire misses, the article's Figure 5).
 */
export function clearanceImage(maps: ClearanceMaps, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const image = new ImageData(width, height);
  const fits = rgbOf(PALETTE.clearance), misses = rgbOf(PALETTE.brushfire);
  const shown = maps.truth ?? maps.brushfire!;
  for (let i = 0; i < width * height; i++) {
    const missed = maps.truth && maps.brushfire && maps.truth[i]! >= maps.size && maps.brushfire[i]! < maps.size;
    if (!missed && shown[i]! < maps.size) continue;
    const [r, g, b] = missed ? misses : fits;
    image.data.set([r!, g!, b!, 150], 4 * i);
  }
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  return canvas;
}

/** Each visible cell's clearance as a number ("true/brushfire" with both), when cells are large enough to read. */
export function drawClearanceValues(ctx: Ctx, view: Viewport, maps: ClearanceMaps, width: number, vis: Visible): void {
  const both = maps.truth !== null && maps.brushfire !== null;
  if (view.scale < (both ? 22 : 12) * view.dpr) return;
  ctx.fillStyle = '#000';
  ctx.font = `${both ? 0.3 : 0.45}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let y = Math.max(0, Math.floor(vis.y0)); y < Math.ceil(vis.y1); y++) {
    for (let x = Math.max(0, Math.floor(vis.x0)); x < Math.min(width, Math.ceil(vis.x1)); x++) {
      const i = y * width + x;
      const t = maps.truth?.[i], b = maps.brushfire?.[i];
      if (t === undefined && b === undefined) continue;
      if (!t && !b) continue;
      ctx.fillText(both ? `${t}/${b}` : String(t ?? b), x + 0.5, y + 0.5);
    }
  }
}

/** HAA*'s agent along its path: its `size` × `size` square at every anchor (the path's cells). */
export function drawFootprints(ctx: Ctx, cells: Int32Array, size: number): void {
  ctx.fillStyle = PALETTE.footprint;
  ctx.globalAlpha = 0.18;
  for (let i = 0; i < cells.length; i += 2) ctx.fillRect(cells[i]!, cells[i + 1]!, size, size);
  ctx.globalAlpha = 1;
}

/** Start (disc) and goal (square): told apart by shape as well as by colour. */
export function drawEnds(ctx: Ctx, view: Viewport, start: { x: number; y: number } | null, goal: { x: number; y: number } | null): void {
  const px = view.dpr / view.scale;
  const r = Math.max(6 * px, 0.6);
  ctx.lineWidth = 2 * px;
  ctx.strokeStyle = '#fff';
  if (start) {
    ctx.beginPath();
    ctx.arc(start.x + 0.5, start.y + 0.5, r, 0, 2 * Math.PI);
    ctx.fillStyle = PALETTE.start;
    ctx.fill();
    ctx.stroke();
  }
  if (goal) {
    ctx.fillStyle = PALETTE.goal;
    ctx.fillRect(goal.x + 0.5 - r, goal.y + 0.5 - r, 2 * r, 2 * r);
    ctx.strokeRect(goal.x + 0.5 - r, goal.y + 0.5 - r, 2 * r, 2 * r);
  }
}

/** Where a partial path ends (the reachable cell nearest an unreachable goal): the goal's square, hollow. */
export function drawReached(ctx: Ctx, view: Viewport, reached: { x: number; y: number }): void {
  const px = view.dpr / view.scale;
  const r = Math.max(6 * px, 0.6);
  ctx.lineWidth = 3 * px;
  ctx.strokeStyle = PALETTE.goal;
  ctx.setLineDash([3 * px, 2 * px]);
  ctx.strokeRect(reached.x + 0.5 - r, reached.y + 0.5 - r, 2 * r, 2 * r);
  ctx.setLineDash([]);
}

/** An image of the components (one pixel per cell, a colour per component, blocked cells clear). */
export function componentsImage(labels: Uint32Array, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const image = new ImageData(width, height);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (!l) continue;
    const [r, g, b] = COMPONENT_RGB[(l - 1) % COMPONENT_RGB.length]!;
    image.data[4 * i] = r;
    image.data[4 * i + 1] = g;
    image.data[4 * i + 2] = b;
    image.data[4 * i + 3] = 255;
  }
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  return canvas;
}

/** The clusters an edit rebuilt (as the planner reports them), flashing for a moment. */
export class Flashes {
  #items: { x0: number; y0: number; x1: number; y1: number; level: number; until: number }[] = [];
  static readonly MS = 900;

  /** Adds the rebuilt clusters of every level: level 1 filled, upper levels outlined. */
  add(rebuilt: readonly RebuiltClusters[]): number {
    const until = performance.now() + Flashes.MS;
    let count = 0;
    for (const { level, rects } of rebuilt) {
      for (let i = 0; i < rects.length; i += 4) {
        this.#items.push({ x0: rects[i]!, y0: rects[i + 1]!, x1: rects[i + 2]!, y1: rects[i + 3]!, level, until });
        count++;
      }
    }
    return count;
  }

  get active(): boolean {
    return this.#items.length > 0;
  }

  clear(): void {
    this.#items = [];
  }

  draw(ctx: Ctx, view: Viewport): void {
    const now = performance.now();
    this.#items = this.#items.filter((f) => f.until > now);
    const px = view.dpr / view.scale;
    for (const f of this.#items) {
      const a = (f.until - now) / Flashes.MS;
      if (f.level === 1) {
        ctx.globalAlpha = 0.35 * a;
        ctx.fillStyle = PALETTE.flash;
        ctx.fillRect(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0);
      }
      ctx.globalAlpha = a;
      ctx.strokeStyle = PALETTE.flash;
      ctx.lineWidth = (f.level === 1 ? 2 : 2 + f.level) * px;
      ctx.setLineDash(f.level === 1 ? [] : [6 * px, 3 * px]);
      ctx.strokeRect(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0);
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }
}
