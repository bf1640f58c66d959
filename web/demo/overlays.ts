// Drawing the overlays. The context is in cell units (Viewport.applyTransform): cell (x, y) covers
// [x, x+1) × [y, y+1); line widths are given in device pixels and divided by the scale.
import { COMPONENT_RGB, PALETTE, viridis } from './palette';
import { clusterRect, connections, intraEdges, type IntraEdge, type Layout, type RectDijkstra, type Transitions } from './hierarchyView';
import type { Viewport } from './view';

type Ctx = CanvasRenderingContext2D;
type Visible = { x0: number; y0: number; x1: number; y1: number };

export const BORDER_COLOURS = [PALETTE.cluster1, PALETTE.cluster2, PALETTE.cluster3];
const BORDER_WIDTHS = [1, 1.5, 3];

/** Cluster borders of the chosen levels (level 1 first), only the visible ones. */
export function drawClusterBorders(ctx: Ctx, view: Viewport, layout: Layout, levels: readonly number[], vis: Visible): void {
  const px = 1 / view.scale;
  for (const level of [...levels].sort((a, b) => a - b)) {
    const side = layout.sides[level - 1];
    if (!side || side * view.scale < 8 * view.dpr) continue; // too dense to read
    ctx.beginPath();
    for (let x = Math.ceil(vis.x0 / side) * side; x <= vis.x1; x += side) {
      if (x <= 0 || x >= layout.width) continue;
      ctx.moveTo(x, vis.y0);
      ctx.lineTo(x, vis.y1);
    }
    for (let y = Math.ceil(vis.y0 / side) * side; y <= vis.y1; y += side) {
      if (y <= 0 || y >= layout.height) continue;
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

/** Abstract nodes (squares: yellow on level 1 only, orange and larger on upper levels) and inter-edges. */
export function drawTransitions(ctx: Ctx, view: Viewport, t: Transitions, vis: Visible, width: number, height: number): void {
  const px = 1 / view.scale;
  if (view.scale < 3) {
    // Zoomed out: one pixel per node cell, drawn once into an image and scaled like the terrain.
    if (!t.image) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const image = new ImageData(width, height);
      const [l1, up] = [PALETTE.node1, PALETTE.nodeUpper].map((c) => [1, 3, 5].map((k) => Number.parseInt(c.slice(k, k + 2), 16)));
      for (let i = 0; i < t.nodeLevel.length; i++) {
        const at = 4 * (t.nodes[2 * i + 1]! * width + t.nodes[2 * i]!);
        image.data.set([...(t.nodeLevel[i]! > 1 ? up! : l1!), 255], at);
      }
      canvas.getContext('2d')!.putImageData(image, 0, 0);
      t.image = canvas;
    }
    ctx.drawImage(t.image, 0, 0);
    return;
  }
  const inside = (x: number, y: number) => x >= vis.x0 - 1 && y >= vis.y0 - 1 && x <= vis.x1 && y <= vis.y1;
  if (view.scale >= 4) {
    ctx.beginPath();
    for (let k = 0; k < t.inter.length; k += 4) {
      if (!inside(t.inter[k]!, t.inter[k + 1]!)) continue;
      ctx.moveTo(t.inter[k]! + 0.5, t.inter[k + 1]! + 0.5);
      ctx.lineTo(t.inter[k + 2]! + 0.5, t.inter[k + 3]! + 0.5);
    }
    ctx.strokeStyle = PALETTE.inter;
    ctx.lineWidth = 2 * view.dpr * px;
    ctx.stroke();
  }
  const minSize = 3 * view.dpr * px;
  for (const upper of [false, true]) {
    ctx.beginPath();
    for (let i = 0; i < t.nodeLevel.length; i++) {
      if (t.nodeLevel[i]! > 1 !== upper) continue;
      const x = t.nodes[2 * i]!, y = t.nodes[2 * i + 1]!;
      if (!inside(x, y)) continue;
      const s = Math.max(minSize * (upper ? 1.6 : 1), upper ? 0.9 : 0.6);
      ctx.rect(x + 0.5 - s / 2, y + 0.5 - s / 2, s, s);
    }
    ctx.fillStyle = upper ? PALETTE.nodeUpper : PALETTE.node1;
    ctx.fill();
    if (view.scale >= 3) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = view.dpr * px;
      ctx.stroke();
    }
  }
}

/** Caches the intra-edges of level-1 clusters (computed on demand, dropped when a cluster changes). */
export class GraphCache {
  #edges = new Map<number, IntraEdge[]>();
  clear(): void {
    this.#edges.clear();
  }
  forget(clusters: Iterable<number>): void {
    for (const c of clusters) this.#edges.delete(c);
  }
  get(terrain: Uint8Array, layout: Layout, t: Transitions, cluster: number, prune: boolean, dijkstra: RectDijkstra): IntraEdge[] {
    let e = this.#edges.get(cluster);
    if (!e) {
      e = intraEdges(terrain, layout, t, cluster, prune, dijkstra);
      this.#edges.set(cluster, e);
    }
    return e;
  }
}

/** Most clusters whose graph is drawn at once, and the smallest cluster on screen (zoom in to see more). */
export const MAX_GRAPH_CLUSTERS = 4000;
export const MIN_GRAPH_CLUSTER_PX = 10;

/**
 * The abstract graph of level 1 over the visible clusters: intra-edges as lines shaded by cost
 * (viridis: short = dark purple, long = green); and the start's and goal's connections (dashed).
 * @returns false when too many clusters are visible to draw it
 */
export function drawGraph(
  ctx: Ctx,
  view: Viewport,
  terrain: Uint8Array,
  layout: Layout,
  t: Transitions,
  cache: GraphCache,
  prune: boolean,
  dijkstra: RectDijkstra,
  vis: Visible,
  ends: readonly { x: number; y: number; colour: string }[],
): boolean {
  const side = layout.sides[0]!;
  const cols = Math.ceil(layout.width / side);
  const cx0 = Math.floor(vis.x0 / side), cx1 = Math.ceil(vis.x1 / side);
  const cy0 = Math.floor(vis.y0 / side), cy1 = Math.ceil(vis.y1 / side);
  if ((cx1 - cx0) * (cy1 - cy0) > MAX_GRAPH_CLUSTERS || side * view.scale < MIN_GRAPH_CLUSTER_PX * view.dpr) return false;
  const px = 1 / view.scale;
  const longest = side * Math.SQRT2 * 1.5;
  ctx.lineWidth = Math.max(1.5 * view.dpr * px, 0.08);
  ctx.globalAlpha = 0.85;
  // Edges bucketed by shade: one stroke per bucket.
  const BUCKETS = 16;
  const paths = Array.from({ length: BUCKETS }, () => new Path2D());
  for (let cy = cy0; cy < cy1; cy++) {
    for (let cx = cx0; cx < cx1; cx++) {
      for (const e of cache.get(terrain, layout, t, cy * cols + cx, prune, dijkstra)) {
        const b = Math.min(BUCKETS - 1, Math.floor((e.cost / longest) * BUCKETS));
        paths[b]!.moveTo(e.ax + 0.5, e.ay + 0.5);
        paths[b]!.lineTo(e.bx + 0.5, e.by + 0.5);
      }
    }
  }
  paths.forEach((path, b) => {
    ctx.strokeStyle = viridis((0.85 * (b + 0.5)) / BUCKETS); // yellow end left out: unreadable on ground
    ctx.stroke(path);
  });
  ctx.globalAlpha = 1;
  ctx.setLineDash([4 * view.dpr * px, 3 * view.dpr * px]);
  ctx.lineWidth = 2 * view.dpr * px;
  for (const end of ends) {
    ctx.beginPath();
    for (const e of connections(terrain, layout, t, end.x, end.y, dijkstra)) {
      ctx.moveTo(e.ax + 0.5, e.ay + 0.5);
      ctx.lineTo(e.bx + 0.5, e.by + 0.5);
    }
    ctx.strokeStyle = end.colour;
    ctx.stroke();
  }
  ctx.setLineDash([]);
  return true;
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

/** An image of the components (one pixel per cell, a colour per component, blocked cells clear). */
export function componentsImage(labels: Int32Array, width: number, height: number): HTMLCanvasElement {
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

/** Rebuilt clusters, flashing for a moment after an edit. */
export class Flashes {
  #items: { x0: number; y0: number; x1: number; y1: number; until: number }[] = [];
  static readonly MS = 900;

  add(layout: Layout, clusters: Iterable<number>): void {
    const until = performance.now() + Flashes.MS;
    for (const c of clusters) this.#items.push({ ...clusterRect(layout, 1, c), until });
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
      ctx.globalAlpha = 0.35 * a;
      ctx.fillStyle = PALETTE.flash;
      ctx.fillRect(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0);
      ctx.globalAlpha = a;
      ctx.strokeStyle = PALETTE.flash;
      ctx.lineWidth = 2 * px;
      ctx.strokeRect(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0);
    }
    ctx.globalAlpha = 1;
  }
}
