// "Predict the next node" (issue 36 item 5): during the abstract search, the student clicks the node they
// think A* expands next. The trace gives the order of expansion only; the open list and its f = g + h at
// each step are found here from the graph the search ran on. A* with a consistent heuristic (octile on
// the graph's cells) closes every node at its shortest distance from the start, so after its first k
// expansions the open list is the unexpanded neighbours of those k, each at its cheapest g through them.
import type { AbstractGraph, LevelConnections } from '../../lib/inspect';
import type { Point } from '../../lib/index';

/** One node of the open list at a step: its cell and its f = g + h. */
export interface OpenNode {
  x: number;
  y: number;
  g: number;
  h: number;
  f: number;
}

/** The abstract search's graph: the level's nodes and edges, the start and the goal joined to it. */
export interface SearchGraph {
  /** Node cells, x, y each; the start and the goal last but one and last. */
  cells: Int32Array;
  /** Per node, its neighbours and the edges' costs. */
  edges: { to: number; cost: number }[][];
  goal: Point;
}

const key = (x: number, y: number) => `${x},${y}`;

/** The level's graph with the query's start and goal joined (as the core inserts them). */
export function searchGraph(g: AbstractGraph, joins: LevelConnections, start: Point, goal: Point): SearchGraph {
  const byCell = new Map<string, number>();
  const cells: number[] = [];
  const nodeOf = (x: number, y: number): number => {
    const k = key(x, y);
    let i = byCell.get(k);
    if (i === undefined) {
      i = cells.length / 2;
      byCell.set(k, i);
      cells.push(x, y);
    }
    return i;
  };
  for (let i = 0; i < g.nodes.length; i += 2) nodeOf(g.nodes[i]!, g.nodes[i + 1]!);
  const s = nodeOf(start.x, start.y), t = nodeOf(goal.x, goal.y);
  const edges: { to: number; cost: number }[][] = Array.from({ length: cells.length / 2 }, () => []);
  const join = (a: number, b: number, cost: number) => {
    edges[a]!.push({ to: b, cost });
    edges[b]!.push({ to: a, cost });
  };
  for (let e = 0; e < g.edgeFrom.length; e++) join(g.edgeFrom[e]!, g.edgeTo[e]!, g.edgeCost[e]!);
  for (const [end, c] of [[s, joins.start], [t, joins.goal]] as const)
    for (let k = 0; k < c.costs.length; k++) join(end, nodeOf(c.nodes[2 * k]!, c.nodes[2 * k + 1]!), c.costs[k]!);
  if (joins.direct !== null) join(s, t, joins.direct);
  return { cells: Int32Array.from(cells), edges, goal };
}

/** The octile distance between two cells (the abstract search's heuristic: straight 1, diagonal √2). */
export function octile(ax: number, ay: number, bx: number, by: number): number {
  const dx = Math.abs(ax - bx), dy = Math.abs(ay - by);
  return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
}

/**
 * The open list after the first `k` expansions of `closed` (cells in the order of expansion), each node
 * at its cheapest g through the expanded ones, lowest f first (then lowest h, as the core breaks ties).
 */
export function openListAt(sg: SearchGraph, closed: Int32Array, k: number): OpenNode[] {
  const index = new Map<string, number>();
  for (let i = 0; i < sg.cells.length; i += 2) index.set(key(sg.cells[i]!, sg.cells[i + 1]!), i / 2);
  const g = new Map<number, number>();
  const done = new Set<number>();
  for (let j = 0; j < k; j++) {
    const n = index.get(key(closed[2 * j]!, closed[2 * j + 1]!));
    if (n === undefined) continue;
    // The first expansion is the start (g 0); each later one was closed at its g when taken.
    if (j === 0) g.set(n, 0);
    done.add(n);
    const gn = g.get(n) ?? 0;
    for (const { to, cost } of sg.edges[n]!) if (!done.has(to) && gn + cost < (g.get(to) ?? Infinity)) g.set(to, gn + cost);
  }
  const out: OpenNode[] = [];
  for (const [n, gn] of g) {
    if (done.has(n)) continue;
    const x = sg.cells[2 * n]!, y = sg.cells[2 * n + 1]!;
    const h = octile(x, y, sg.goal.x, sg.goal.y);
    out.push({ x, y, g: gn, h, f: gn + h });
  }
  return out.sort((a, b) => a.f - b.f || a.h - b.h);
}

/** Two f values the same up to rounding (the costs are sums of √2s). */
const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** A student's guess judged: right when the node has the lowest f on the open list (A*'s next, or tied with it). */
export interface Verdict {
  right: boolean;
  text: string;
}

const fText = (n: OpenNode) => `f = g + h = ${n.g.toFixed(2)} + ${n.h.toFixed(2)} = ${n.f.toFixed(2)}`;

/** The open list in words, lowest f first: each node's cell and f (the first `limit`, then how many more). */
export function openListText(open: readonly OpenNode[], limit = 8): string {
  const shown = open.slice(0, limit).map((n) => `${n.x},${n.y} (f ${n.f.toFixed(2)})`);
  return `Open list, lowest f first: ${shown.join(', ')}${open.length > limit ? ` and ${open.length - limit} more` : ''}.`;
}

/** Judges a click on `guess` (a node's cell, or null off every node) when A* expands `next` from `open`. */
export function judge(open: readonly OpenNode[], next: Point, guess: Point | null): Verdict {
  const v = verdictOf(open, next, guess);
  return { right: v.right, text: `${v.text} ${openListText(open)}` };
}

function verdictOf(open: readonly OpenNode[], next: Point, guess: Point | null): Verdict {
  const taken = open.find((n) => n.x === next.x && n.y === next.y);
  const best = taken ?? open[0]!;
  const others = open.filter((n) => n !== best);
  const runnerUp = others[0];
  const against = runnerUp ? ` The next lowest on the open list (${open.length} nodes) is ${runnerUp.x},${runnerUp.y} with ${fText(runnerUp)}.` : ' It was the only node on the open list.';
  const why = `A* expands ${best.x},${best.y}: ${fText(best)}, the lowest f on the open list.${against}`;
  if (!guess) return { right: false, text: `That is not a node. ${why}` };
  const chosen = open.find((n) => n.x === guess.x && n.y === guess.y);
  if (!chosen) return { right: false, text: `Wrong: ${guess.x},${guess.y} is not on the open list (it is expanded already or not reached yet). ${why}` };
  if (chosen === best) return { right: true, text: `Right: ${why}` };
  if (same(chosen.f, best.f)) return { right: true, text: `Right (a tie): ${chosen.x},${chosen.y} has ${fText(chosen)}, as low as any; A* took ${best.x},${best.y} (same f, nearer the goal or first found).` };
  return { right: false, text: `Wrong: ${chosen.x},${chosen.y} has ${fText(chosen)}, higher. ${why}` };
}
