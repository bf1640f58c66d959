// Independent oracles of what HPAStar's inspection gives (clusters, connections, components): the
// rules of the hierarchy recomputed from the terrain alone, in TypeScript. They were the demo's own
// recomputation before the planner gave these (web/demo/hierarchyView.ts); the tests keep them on
// purpose, to check the core against something it did not compute.

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

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Level-l clusters are squares of clusterSize · clusterGroup^(l−1) cells, clipped to the map. */
export function layoutOf(width: number, height: number, clusterSize: number, levels: number, group: number): Layout {
  const sides: number[] = [];
  for (let l = 0, s = clusterSize; l < levels; l++, s *= group) sides.push(s);
  return { width, height, sides };
}

export function clusterOf(layout: Layout, level: number, x: number, y: number): number {
  const s = layout.sides[level - 1]!;
  return Math.floor(y / s) * Math.ceil(layout.width / s) + Math.floor(x / s);
}

export function clusterRect(layout: Layout, level: number, cluster: number): Rect {
  const s = layout.sides[level - 1]!;
  const cols = Math.ceil(layout.width / s);
  const x0 = (cluster % cols) * s, y0 = Math.floor(cluster / cols) * s;
  return { x0, y0, x1: Math.min(layout.width, x0 + s), y1: Math.min(layout.height, y0 + s) };
}

/** Octile Dijkstra inside a rectangle (no corner cutting): the distances of the rectangle's cells, row-major. */
export function rectDijkstra(terrain: Uint8Array, mapWidth: number, r: Rect, sx: number, sy: number): Float64Array {
  const w = r.x1 - r.x0, h = r.y1 - r.y0;
  const dist = new Float64Array(w * h).fill(Infinity);
  const open = (x: number, y: number) => x >= r.x0 && y >= r.y0 && x < r.x1 && y < r.y1 && passableCode(terrain[y * mapWidth + x]!);
  if (!open(sx, sy)) return dist;
  // A plain array as the priority queue: the rectangles are small.
  const queue: [number, number][] = [[0, (sy - r.y0) * w + (sx - r.x0)]];
  dist[queue[0]![1]] = 0;
  while (queue.length) {
    let best = 0;
    for (let k = 1; k < queue.length; k++) if (queue[k]![0] < queue[best]![0]) best = k;
    const [d, i] = queue[best]!;
    queue[best] = queue[queue.length - 1]!;
    queue.pop();
    if (d > dist[i]!) continue;
    const x = r.x0 + (i % w), y = r.y0 + Math.floor(i / w);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const nx = x + dx, ny = y + dy;
        if (!open(nx, ny)) continue;
        if (dx && dy && (!open(x + dx, y) || !open(x, y + dy))) continue;
        const nd = d + (dx && dy ? Math.SQRT2 : 1);
        const j = (ny - r.y0) * w + (nx - r.x0);
        if (nd < dist[j]!) {
          dist[j] = nd;
          queue.push([nd, j]);
        }
      }
    }
  }
  return dist;
}

/**
 * How a cell joins the level-1 graph, as HPA*'s insertion finds it: for each node of its level-1
 * cluster (`nodes`: x, y pairs of the graph's nodes), the distance inside the cluster, when reached.
 * @returns node position in `nodes` → distance
 */
export function level1Connections(terrain: Uint8Array, layout: Layout, nodes: Int32Array, x: number, y: number): Map<number, number> {
  const cluster = clusterOf(layout, 1, x, y);
  const r = clusterRect(layout, 1, cluster);
  const dist = rectDijkstra(terrain, layout.width, r, x, y);
  const w = r.x1 - r.x0;
  const out = new Map<number, number>();
  for (let n = 0; n < nodes.length / 2; n++) {
    const nx = nodes[2 * n]!, ny = nodes[2 * n + 1]!;
    if (clusterOf(layout, 1, nx, ny) !== cluster) continue;
    const d = dist[(ny - r.y0) * w + (nx - r.x0)]!;
    if (Number.isFinite(d)) out.set(n, d);
  }
  return out;
}

/**
 * Connected components of the passable cells. With no corner cutting a diagonal step needs both
 * orthogonal cells free, so 8-connected components are the 4-connected ones.
 * @returns a label per cell (0 = blocked, components numbered from 1 in the order of their first cell) and the count
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
