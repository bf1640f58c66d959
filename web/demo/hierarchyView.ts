// What the overlays show of a hierarchy. The planner gives the exact data: the abstract graph of
// every level (HPAStar.abstractGraph: nodes, their levels, edges with costs), the clusters an edit
// rebuilt (UpdateStats.rebuilt), the open and closed sets of every search (traceFindPath) and SHPA*'s
// cluster of every cell (SHPAStar.clusterMap). What the package does not give yet is derived here with
// the core's rules:
//   - level-l clusters are squares of clusterSize · clusterGroup^(l-1) cells, clipped to the map (the
//     borders drawn);
//   - the start's and goal's connections: the nodes of their level-1 cluster they reach inside it
//     (octile distance, no corner cutting), as HPA*'s insertion finds them;
//   - the connected components of the cells.
import type { AbstractGraph, HPAStar } from '../lib/index';

export const SQRT2 = Math.SQRT2;

/** Passable Moving AI codes: `.`, `G`, `S`. */
export function passableCode(code: number): boolean {
  return code === 0x2e || code === 0x47 || code === 0x53;
}

export interface Layout {
  width: number;
  height: number;
  /** Cluster side per level, level 1 first. */
  sides: number[];
}

export function layoutOf(width: number, height: number, clusterSize: number, levels: number, group: number): Layout {
  const sides: number[] = [];
  for (let l = 0, s = clusterSize; l < levels; l++, s *= group) sides.push(s);
  return { width, height, sides };
}

export function clusterOf(layout: Layout, level: number, x: number, y: number): number {
  const s = layout.sides[level - 1]!;
  return Math.floor(y / s) * Math.ceil(layout.width / s) + Math.floor(x / s);
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function clusterRect(layout: Layout, level: number, cluster: number): Rect {
  const s = layout.sides[level - 1]!;
  const cols = Math.ceil(layout.width / s);
  const x0 = (cluster % cols) * s, y0 = Math.floor(cluster / cols) * s;
  return { x0, y0, x1: Math.min(layout.width, x0 + s), y1: Math.min(layout.height, y0 + s) };
}

/** One level's exact graph, and what the overlays make of it once. */
export interface LevelGraph {
  graph: AbstractGraph;
  /** Cluster of this level → positions of its nodes in the graph's arrays. */
  byCluster: Map<number, number[]>;
  /** The nodes drawn one pixel per cell, made by the overlays when zoomed out. */
  image?: HTMLCanvasElement;
}

/** The abstract graphs of the planner on screen, fetched from it per level on first use, dropped when it changes. */
export class ExactGraphs {
  #planner: HPAStar | null = null;
  #version = -1;
  #levels = new Map<number, LevelGraph>();

  get(planner: HPAStar, level: number, layout: Layout): LevelGraph {
    if (planner !== this.#planner || planner.version !== this.#version) {
      this.#planner = planner;
      this.#version = planner.version;
      this.#levels.clear();
    }
    let entry = this.#levels.get(level);
    if (!entry) {
      const graph = planner.abstractGraph(level);
      const byCluster = new Map<number, number[]>();
      for (let i = 0; i < graph.nodes.length / 2; i++) {
        const c = clusterOf(layout, level, graph.nodes[2 * i]!, graph.nodes[2 * i + 1]!);
        const list = byCluster.get(c);
        if (list) list.push(i);
        else byCluster.set(c, [i]);
      }
      entry = { graph, byCluster };
      this.#levels.set(level, entry);
    }
    return entry;
  }

  clear(): void {
    this.#planner = null;
    this.#levels.clear();
  }
}

/** Octile Dijkstra inside a rectangle (no corner cutting); distances of the rectangle's cells. */
export class RectDijkstra {
  #dist = new Float64Array(0);
  #heap: number[] = [];

  run(terrain: Uint8Array, mapWidth: number, r: Rect, sx: number, sy: number): Float64Array {
    const w = r.x1 - r.x0, h = r.y1 - r.y0;
    if (this.#dist.length < w * h) this.#dist = new Float64Array(w * h);
    const dist = this.#dist;
    dist.fill(Infinity, 0, w * h);
    const open = (x: number, y: number) => x >= r.x0 && y >= r.y0 && x < r.x1 && y < r.y1 && passableCode(terrain[y * mapWidth + x]!);
    const heap = this.#heap;
    heap.length = 0;
    const push = (d: number, i: number) => {
      heap.push(d, i);
      let c = heap.length / 2 - 1;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (heap[2 * p]! <= heap[2 * c]!) break;
        [heap[2 * p], heap[2 * c]] = [heap[2 * c]!, heap[2 * p]!];
        [heap[2 * p + 1], heap[2 * c + 1]] = [heap[2 * c + 1]!, heap[2 * p + 1]!];
        c = p;
      }
    };
    const pop = (): [number, number] => {
      const top: [number, number] = [heap[0]!, heap[1]!];
      const lastI = heap.pop()!, lastD = heap.pop()!;
      const n = heap.length / 2;
      if (n > 0) {
        heap[0] = lastD;
        heap[1] = lastI;
        let c = 0;
        for (;;) {
          const l = 2 * c + 1, rr = l + 1;
          let m = c;
          if (l < n && heap[2 * l]! < heap[2 * m]!) m = l;
          if (rr < n && heap[2 * rr]! < heap[2 * m]!) m = rr;
          if (m === c) break;
          [heap[2 * m], heap[2 * c]] = [heap[2 * c]!, heap[2 * m]!];
          [heap[2 * m + 1], heap[2 * c + 1]] = [heap[2 * c + 1]!, heap[2 * m + 1]!];
          c = m;
        }
      }
      return top;
    };
    if (!open(sx, sy)) return dist;
    dist[(sy - r.y0) * w + (sx - r.x0)] = 0;
    push(0, (sy - r.y0) * w + (sx - r.x0));
    while (heap.length) {
      const [d, i] = pop();
      if (d > dist[i]!) continue;
      const x = r.x0 + (i % w), y = r.y0 + Math.floor(i / w);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const nx = x + dx, ny = y + dy;
          if (!open(nx, ny)) continue;
          if (dx && dy && (!open(x + dx, y) || !open(x, y + dy))) continue;
          const nd = d + (dx && dy ? SQRT2 : 1);
          const j = (ny - r.y0) * w + (nx - r.x0);
          if (nd < dist[j]!) {
            dist[j] = nd;
            push(nd, j);
          }
        }
      }
    }
    return dist;
  }
}

/** An edge between two cells. */
export interface CellEdge {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  cost: number;
}

/**
 * How a cell joins the graph (not exposed by the package): edges from it to the nodes of its level-1
 * cluster that it reaches inside the cluster, as HPA*'s insertion finds them.
 */
export function connections(terrain: Uint8Array, layout: Layout, level1: LevelGraph, x: number, y: number, dijkstra: RectDijkstra): CellEdge[] {
  const cluster = clusterOf(layout, 1, x, y);
  const r = clusterRect(layout, 1, cluster);
  const dist = dijkstra.run(terrain, layout.width, r, x, y);
  const w = r.x1 - r.x0;
  const nodes = level1.graph.nodes;
  const out: CellEdge[] = [];
  for (const n of level1.byCluster.get(cluster) ?? []) {
    const d = dist[(nodes[2 * n + 1]! - r.y0) * w + (nodes[2 * n]! - r.x0)]!;
    if (Number.isFinite(d)) out.push({ ax: x, ay: y, bx: nodes[2 * n]!, by: nodes[2 * n + 1]!, cost: d });
  }
  return out;
}

/**
 * Connected components of the passable cells. With no corner cutting a diagonal step needs both
 * orthogonal cells free, so 8-connected components are the 4-connected ones.
 * @returns a label per cell (0 = blocked, components numbered from 1) and the count
 */
export function components(terrain: Uint8Array, width: number, height: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let count = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] || !passableCode(terrain[i]!)) continue;
    count++;
    let top = 0;
    stack[top++] = i;
    labels[i] = count;
    while (top) {
      const c = stack[--top]!;
      const x = c % width;
      const visit = (j: number) => {
        if (!labels[j] && passableCode(terrain[j]!)) {
          labels[j] = count;
          stack[top++] = j;
        }
      };
      if (x > 0) visit(c - 1);
      if (x + 1 < width) visit(c + 1);
      if (c >= width) visit(c - width);
      if (c + width < labels.length) visit(c + width);
    }
  }
  return { labels, count };
}
