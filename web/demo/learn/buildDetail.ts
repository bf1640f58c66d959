// The build's details the walkthrough's pictures show beyond the inspection API's lists: each intra-edge's
// cells (the way its cost was measured, found again by A* on the cluster's own cells) and the entrance
// width's rule counted (which entrances get one transition and which two).
import type { AStar, Grid, Hpastar, Point } from '../../lib/index';
import type { AbstractGraph, ClusterBuild, ClusterRects, Entrances } from '../../lib/inspect';

/** Above this many intra-edges, their ways are not searched (each is an A*): they are drawn straight. */
export const MAX_INTRA_PATHS = 6000;

/** A rectangle of cells, x0, y0 inclusive to x1, y1 exclusive (a cluster's). */
type Rect = readonly [number, number, number, number];

const rectOf = (clusters: ClusterRects, c: number): Rect => [clusters.rects[4 * c]!, clusters.rects[4 * c + 1]!, clusters.rects[4 * c + 2]!, clusters.rects[4 * c + 3]!];
const inRect = (r: Rect, x: number, y: number) => x >= r[0] && y >= r[1] && x < r[2] && y < r[3];

/** The index of the cluster of `clusters` that holds cell `p`. */
function clusterOf(clusters: ClusterRects, p: Point): number {
  let c = 0;
  while (c < clusters.rects.length / 4 - 1 && !inRect(rectOf(clusters, c), p.x, p.y)) c++;
  return c;
}

/** The cells of `rect` alone, as a grid of their own (the build's searches never leave a cluster, so neither may these). */
const ownGrid = (hp: Hpastar, grid: Grid, [x0, y0, x1, y1]: Rect): Grid => hp.Grid.fromTerrain(grid.terrainRect(x0, y0, x1 - x0, y1 - y0), x1 - x0, y1 - y0);

/** The shortest way from `a` to `z` on `own` (the cells of `rect`), as map cells x, y each; null unless it costs `cost`, the graph's. */
function wayOn(search: AStar, own: Grid, rect: Rect, a: Point, z: Point, cost: number): Int32Array | null {
  const [x0, y0] = rect;
  const path = search.findPath(own, { x: a.x - x0, y: a.y - y0 }, { x: z.x - x0, y: z.y - y0 });
  if (!path.found || Math.abs(path.cost - cost) > 1e-3) return null;
  return path.cells.map((v, i) => v + (i % 2 === 0 ? x0 : y0));
}

/** {@link wayOn} on a grid of `rect`'s cells made for this one search. */
function wayInRect(hp: Hpastar, search: AStar, grid: Grid, rect: Rect, a: Point, z: Point, cost: number): Int32Array | null {
  const own = ownGrid(hp, grid, rect);
  try {
    return wayOn(search, own, rect, a, z, cost);
  } finally {
    own.dispose();
  }
}

/**
 * Each intra-edge's cells, cluster by cluster, edge by edge (as `builds[c].edgeFrom`), x, y each; an
 * edge whose way inside its cluster costs other than the graph says (never on plain ground) keeps its
 * two ends only. Null above {@link MAX_INTRA_PATHS} edges.
 */
export function intraPaths(hp: Hpastar, grid: Grid, clusters: ClusterRects, builds: readonly ClusterBuild[]): Int32Array[][] | null {
  if (builds.reduce((n, b) => n + b.edgeFrom.length, 0) > MAX_INTRA_PATHS) return null;
  const search = new hp.AStar();
  try {
    return builds.map((b, c) => {
      const rect = rectOf(clusters, c);
      const own = ownGrid(hp, grid, rect);
      try {
        return Array.from(b.edgeFrom, (from, k) => {
          const to = b.edgeTo[k]!;
          const a = { x: b.nodes[2 * from]!, y: b.nodes[2 * from + 1]! }, z = { x: b.nodes[2 * to]!, y: b.nodes[2 * to + 1]! };
          return wayOn(search, own, rect, a, z, b.edgeCost[k]!) ?? Int32Array.of(a.x, a.y, z.x, z.y);
        });
      } finally {
        own.dispose();
      }
    });
  } finally {
    search.dispose();
  }
}

/**
 * Each edge's cells of every level above 1 (index 0: level 2), edge by edge (as `graphs[l].edgeFrom`):
 * an inter-edge's two facing cells; an intra-edge's shortest way inside its cluster when it costs what
 * the graph says, else the level-1 route the level's cost was measured on (the shortest through level 1's
 * graph inside the cluster), each of its edges along its own way; else its two ends only. Null above
 * {@link MAX_INTRA_PATHS} edges.
 */
export function upperLevelPaths(hp: Hpastar, grid: Grid, clusters: readonly ClusterRects[], graphs: readonly AbstractGraph[]): Int32Array[][] | null {
  if (graphs.slice(1).reduce((n, g) => n + g.edgeFrom.length, 0) > MAX_INTRA_PATHS) return null;
  const search = new hp.AStar();
  try {
    return graphs.slice(1).map((g, i) =>
      Array.from(g.edgeFrom, (from, k) => {
        const to = g.edgeTo[k]!;
        const a = { x: g.nodes[2 * from]!, y: g.nodes[2 * from + 1]! }, z = { x: g.nodes[2 * to]!, y: g.nodes[2 * to + 1]! };
        const ends = Int32Array.of(a.x, a.y, z.x, z.y);
        if (g.edgeInter[k]) return ends;
        const rect = rectOf(clusters[i + 1]!, clusterOf(clusters[i + 1]!, a));
        const found = wayInRect(hp, search, grid, rect, a, z, g.edgeCost[k]!);
        return found ?? levelOneRoute(hp, search, grid, clusters[0]!, graphs[0]!, rect, a, z, g.edgeCost[k]!) ?? ends;
      }),
    );
  } finally {
    search.dispose();
  }
}

/**
 * The shortest route from `a` to `z` through level 1's graph, on its nodes inside `rect` (Dijkstra),
 * laid out cell by cell (each intra-edge along its way in its level-1 cluster); null unless it costs
 * `cost` or a piece's way cannot be found at its cost.
 */
function levelOneRoute(hp: Hpastar, search: AStar, grid: Grid, level1: ClusterRects, g: AbstractGraph, rect: Rect, a: Point, z: Point, cost: number): Int32Array | null {
  const inside = (i: number) => inRect(rect, g.nodes[2 * i]!, g.nodes[2 * i + 1]!);
  // The graph inside the rectangle only: each node's edges (index k) to the nodes it reaches there.
  const edges = new Map<number, { to: number; k: number }[]>();
  const link = (u: number, v: number, k: number) => (edges.get(u) ?? edges.set(u, []).get(u)!).push({ to: v, k });
  for (let k = 0; k < g.edgeFrom.length; k++) {
    const u = g.edgeFrom[k]!, v = g.edgeTo[k]!;
    if (!inside(u) || !inside(v)) continue;
    link(u, v, k);
    link(v, u, k);
  }
  let source = -1, target = -1;
  for (const i of edges.keys()) {
    if (g.nodes[2 * i] === a.x && g.nodes[2 * i + 1] === a.y) source = i;
    if (g.nodes[2 * i] === z.x && g.nodes[2 * i + 1] === z.y) target = i;
  }
  if (source < 0 || target < 0) return null;
  const dist = new Map<number, number>([[source, 0]]);
  const via = new Map<number, number>(); // the edge that reached each node
  const done = new Set<number>();
  for (;;) {
    let u = -1;
    for (const [i, di] of dist) if (!done.has(i) && (u < 0 || di < dist.get(u)!)) u = i;
    if (u < 0 || u === target) break;
    done.add(u);
    for (const { to, k } of edges.get(u)!) {
      const through = dist.get(u)! + g.edgeCost[k]!;
      if (through >= (dist.get(to) ?? Infinity)) continue;
      dist.set(to, through);
      via.set(to, k);
    }
  }
  if (Math.abs((dist.get(target) ?? Infinity) - cost) > 1e-3) return null;
  // The route's edges from the goal back, then each laid out from its start end.
  const pieces: Int32Array[] = [];
  for (let v = target; v !== source; ) {
    const k = via.get(v)!;
    const u = g.edgeFrom[k] === v ? g.edgeTo[k]! : g.edgeFrom[k]!;
    const p = { x: g.nodes[2 * u]!, y: g.nodes[2 * u + 1]! }, q = { x: g.nodes[2 * v]!, y: g.nodes[2 * v + 1]! };
    const piece = g.edgeInter[k] ? Int32Array.of(p.x, p.y, q.x, q.y) : wayInRect(hp, search, grid, rectOf(level1, clusterOf(level1, p)), p, q, g.edgeCost[k]!);
    if (!piece) return null;
    pieces.unshift(piece);
    v = u;
  }
  // Joined: each piece but the first without its first cell (the previous piece's last).
  const cells: number[] = [];
  pieces.forEach((piece, i) => cells.push(...piece.subarray(i === 0 ? 0 : 2)));
  return Int32Array.from(cells);
}

/** The entrance width's rule on this build: entrances shorter than `width` (one transition) and the rest (two). */
export interface TransitionRule {
  width: number;
  short: number;
  long: number;
}

export function transitionRule(e: Entrances, width: number): TransitionRule {
  let short = 0;
  for (let k = 2; k < e.entrances.length; k += 4) if (e.entrances[k]! < width) short++;
  return { width, short, long: e.entrances.length / 4 - short };
}

/** The transitions step's text: the rule with its number, and what it made here. */
export function transitionText(r: TransitionRule, transitions: number): string {
  const few = r.width > 1 ? ` (1 to ${r.width - 1} cells)` : '';
  return (
    `Each entrance becomes one or two transitions: a pair of cells facing each other across the border. ` +
    `The rule is the entrance width, here ${r.width}: an entrance shorter than ${r.width} cells${few} gets one transition in its middle; ` +
    `one of ${r.width} cells or more gets two, one at each end, so that paths along a wide opening need not bend to its centre. ` +
    `Here ${r.short} entrances are shorter than ${r.width} and ${r.long} are not: ${r.short} + 2 × ${r.long} = ${transitions} transitions. ` +
    `The cells of the transitions are the nodes of the abstract graph.`
  );
}
