// What the overlays show of a hierarchy, derived in the demo from the terrain and the options, with
// the core's own rules (cpp/hierarchy: EntranceScanner, Hierarchy::rebuildLevel1, applyEdits):
//   - level-l clusters are squares of clusterSize · clusterGroup^(l-1) cells, clipped to the map;
//   - an entrance is a maximal run of border positions with both sides passable; narrower than
//     entranceWidth it gets one transition in the middle, else one at each end;
//   - an abstract node is a transition's cell; its level is the highest level whose border it crosses;
//   - intra-edges join the nodes of a level-1 cluster that reach each other inside it (octile
//     distance, no corner cutting); with pruning, a–c is left out when another node b has
//     d(a,b) + d(b,c) = d(a,c);
//   - an edit that changes a cell's passability rebuilds the level-1 clusters of the cell and its 8
//     neighbours.
// The package does not expose its graph (see the demo's notes): the counts are checked against
// `planner.stats` (entrances, nodes) and shown as a warning when they disagree.

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

/** The abstract nodes and inter-edges of a hierarchy. */
export interface Transitions {
  /** Entrances between level-1 clusters (compare with `planner.stats.entrances`). */
  entrances: number;
  /** Node cells x0, y0, x1, y1, … (unique). */
  nodes: Int32Array;
  /** Level of each node (1 = level 1 only). */
  nodeLevel: Uint8Array;
  /** Inter-edges ax, ay, bx, by, … (cost 1, across a border). */
  inter: Int32Array;
  /** Level-1 cluster → indices of its nodes. */
  byCluster: Map<number, number[]>;
  /** The nodes drawn one pixel per cell, made by the overlays when zoomed out. */
  image?: HTMLCanvasElement;
}

export function findTransitions(terrain: Uint8Array, layout: Layout, entranceWidth: number): Transitions {
  const { width, height } = layout;
  const side = layout.sides[0]!;
  const inter: number[] = [];
  let entrances = 0;
  const open = (x: number, y: number) => passableCode(terrain[y * width + x]!);
  const addEntrance = (fx: number, fy: number, length: number, vertical: boolean) => {
    entrances++;
    const ax = vertical ? 0 : 1, ay = vertical ? 1 : 0, sx = vertical ? 1 : 0, sy = vertical ? 0 : 1;
    const at = (i: number) => inter.push(fx + ax * i, fy + ay * i, fx + ax * i + sx, fy + ay * i + sy);
    if (length < entranceWidth) at(Math.floor(length / 2));
    else {
      at(0);
      at(length - 1);
    }
  };
  const scan = (fx: number, fy: number, length: number, vertical: boolean) => {
    const ax = vertical ? 0 : 1, ay = vertical ? 1 : 0, sx = vertical ? 1 : 0, sy = vertical ? 0 : 1;
    let run = -1;
    for (let i = 0; i <= length; i++) {
      const x = fx + ax * i, y = fy + ay * i;
      const ok = i < length && open(x, y) && open(x + sx, y + sy);
      if (ok && run < 0) run = i;
      if (!ok && run >= 0) {
        addEntrance(fx + ax * run, fy + ay * run, i - run, vertical);
        run = -1;
      }
    }
  };
  for (let y0 = 0; y0 < height; y0 += side) {
    for (let x0 = 0; x0 < width; x0 += side) {
      const x1 = Math.min(width, x0 + side), y1 = Math.min(height, y0 + side);
      if (x1 < width) scan(x1 - 1, y0, y1 - y0, true);
      if (y1 < height) scan(x0, y1 - 1, x1 - x0, false);
    }
  }
  // Nodes: both cells of every transition, unique; level = highest border crossed.
  const index = new Map<number, number>();
  const cells: number[] = [];
  const levels: number[] = [];
  const crossing = (ax: number, ay: number, bx: number, by: number) => {
    let level = 0;
    for (let l = 1; l <= layout.sides.length; l++) if (clusterOf(layout, l, ax, ay) !== clusterOf(layout, l, bx, by)) level = l;
    return level;
  };
  const node = (x: number, y: number, level: number) => {
    const key = y * width + x;
    let i = index.get(key);
    if (i === undefined) {
      i = cells.length / 2;
      index.set(key, i);
      cells.push(x, y);
      levels.push(level);
    } else levels[i] = Math.max(levels[i]!, level);
    return i;
  };
  const byCluster = new Map<number, number[]>();
  for (let k = 0; k < inter.length; k += 4) {
    const level = crossing(inter[k]!, inter[k + 1]!, inter[k + 2]!, inter[k + 3]!);
    for (const [x, y] of [
      [inter[k]!, inter[k + 1]!],
      [inter[k + 2]!, inter[k + 3]!],
    ] as const) {
      const known = index.has(y * width + x);
      const i = node(x, y, level);
      if (!known) {
        const c = clusterOf(layout, 1, x, y);
        const list = byCluster.get(c);
        if (list) list.push(i);
        else byCluster.set(c, [i]);
      }
    }
  }
  return { entrances, nodes: Int32Array.from(cells), nodeLevel: Uint8Array.from(levels), inter: Int32Array.from(inter), byCluster };
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

/** An edge between two cells (kept as cells, so that it survives the renumbering of nodes after an edit). */
export interface IntraEdge {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  cost: number;
}

export function intraEdges(
  terrain: Uint8Array,
  layout: Layout,
  t: Transitions,
  cluster: number,
  prune: boolean,
  dijkstra: RectDijkstra,
): IntraEdge[] {
  const nodes = t.byCluster.get(cluster) ?? [];
  const r = clusterRect(layout, 1, cluster);
  const w = r.x1 - r.x0;
  const k = nodes.length;
  const d = new Float64Array(k * k).fill(Infinity);
  for (let a = 0; a < k; a++) {
    const dist = dijkstra.run(terrain, layout.width, r, t.nodes[2 * nodes[a]!]!, t.nodes[2 * nodes[a]! + 1]!);
    for (let j = 0; j < k; j++) {
      const x = t.nodes[2 * nodes[j]!]!, y = t.nodes[2 * nodes[j]! + 1]!;
      d[a * k + j] = dist[(y - r.y0) * w + (x - r.x0)]!;
    }
  }
  const edges: IntraEdge[] = [];
  const canPrune = prune && k >= 3 && k <= 512;
  for (let a = 0; a < k; a++) {
    for (let j = a + 1; j < k; j++) {
      const dist = d[a * k + j]!;
      if (!Number.isFinite(dist)) continue;
      if (canPrune) {
        const limit = dist + 1e-6 * Math.max(1, dist);
        let redundant = false;
        for (let m = 0; m < k && !redundant; m++) redundant = m !== a && m !== j && d[a * k + m]! + d[m * k + j]! <= limit;
        if (redundant) continue;
      }
      const na = nodes[a]!, nj = nodes[j]!;
      edges.push({ ax: t.nodes[2 * na]!, ay: t.nodes[2 * na + 1]!, bx: t.nodes[2 * nj]!, by: t.nodes[2 * nj + 1]!, cost: dist });
    }
  }
  return edges;
}

/** How a cell joins the graph: edges from it to the nodes of its level-1 cluster it reaches. */
export function connections(terrain: Uint8Array, layout: Layout, t: Transitions, x: number, y: number, dijkstra: RectDijkstra): IntraEdge[] {
  const cluster = clusterOf(layout, 1, x, y);
  const r = clusterRect(layout, 1, cluster);
  const dist = dijkstra.run(terrain, layout.width, r, x, y);
  const w = r.x1 - r.x0;
  const out: IntraEdge[] = [];
  for (const n of t.byCluster.get(cluster) ?? []) {
    const d = dist[(t.nodes[2 * n + 1]! - r.y0) * w + (t.nodes[2 * n]! - r.x0)]!;
    if (Number.isFinite(d)) out.push({ ax: x, ay: y, bx: t.nodes[2 * n]!, by: t.nodes[2 * n + 1]!, cost: d });
  }
  return out;
}

/** The level-1 clusters an edit rebuilds: those of each cell whose passability changed and its 8 neighbours. */
export function touchedClusters(layout: Layout, changed: Iterable<[number, number]>): Set<number> {
  const out = new Set<number>();
  for (const [x, y] of changed) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < layout.width && ny < layout.height) out.add(clusterOf(layout, 1, nx, ny));
      }
    }
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
