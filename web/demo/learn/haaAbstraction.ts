// HAA*'s compaction steps (Harabor 2008, "strong dominance" and "weak dominance") and the article's
// insertion, each with an example of the walkthrough's own map: read from the planner (its inter-edges,
// its crossings' clearance), from the same hierarchy built with the low-quality abstraction, and from
// one built without join trees (the article's insertion searches). Nothing here touches the DOM.
import type { Grid, HAAStar, Hpastar, Point } from '../../lib/index';
import { agentGraph, type HaaCrossings, type HaaGraph } from '../../lib/inspect';

/** An inter-edge: its two cells (x, y of each), its capability (index) and clearance. */
export interface InterEdge {
  cells: [number, number, number, number];
  capability: number;
  clearance: number;
}

/** An edge dominance dropped, and a kept edge that admits every agent it admitted. */
export interface Dominated {
  dropped: InterEdge;
  by: InterEdge;
}

/** The insertion of the walkthrough's query, for one agent: with the join trees and with the article's searches. */
export interface InsertionCost {
  size: number;
  withTrees: number;
  searches: number;
  /** The answers' costs, the same both ways (the same graph is searched). */
  cost: number;
  costSearches: number;
}

export interface HaaAbstraction {
  /** Inter-edges of the article's initial abstraction, after strong dominance, after weak dominance (the package's counts). */
  interEdges: { initial: number; high: number; low: number };
  /** An inter-edge strong dominance dropped at one transition, or null when none was dropped. */
  strong: Dominated | null;
  /** An inter-edge weak dominance dropped between two clusters, or null. */
  weak: Dominated | null;
  insertion: InsertionCost[];
  /** Whether the map was small enough for the two more hierarchies the weak example and the insertion need. */
  measured: boolean;
}

/** Largest map (in cells) on which the low-quality and the tree-less hierarchies are built when the page opens (as haaTradeoff.ts). */
export const EXTRA_BUILD_CELLS = 128 * 128;

/** Whether every terrain of capability `a` is in `b` (an agent that may stand on b's terrain may take a's edge). */
export function within(capabilities: readonly string[], a: number, b: number): boolean {
  const of = (i: number) => capabilities[i]!.split(',');
  const bs = new Set(of(b));
  return of(a).every((k) => bs.has(k));
}

/** The inter-edges of a graph, each once (the graph lists both directions). */
export function interEdges(g: HaaGraph): InterEdge[] {
  const out: InterEdge[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < g.edgeFrom.length; k++) {
    if (!g.edgeInter[k]) continue;
    const [a, b] = [g.edgeFrom[k]!, g.edgeTo[k]!].sort((x, y) => x - y) as [number, number];
    const e: InterEdge = { cells: [g.nodes[2 * a]!, g.nodes[2 * a + 1]!, g.nodes[2 * b]!, g.nodes[2 * b + 1]!], capability: g.edgeCapability[k]!, clearance: g.edgeClearance[k]! };
    const key = `${e.cells.join(',')}/${e.capability}/${e.clearance}`;
    if (!seen.has(key)) out.push(e);
    seen.add(key);
  }
  return out;
}

const sameCells = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);
const unordered = (c: readonly number[]): string => {
  const [p, q] = [`${c[0]},${c[1]}`, `${c[2]},${c[3]}`].sort();
  return `${p}|${q}`;
};

/**
 * Strong dominance at the transitions: the initial abstraction's inter-edges of a transition (one per
 * capability that can cross it, with the crossing's clearance) against those the planner kept there.
 * The first dropped one, with a kept edge of the same transition that admits every agent it admitted.
 */
function strongExample(capabilities: readonly string[], crossings: HaaCrossings, kept: InterEdge[]): Dominated | null {
  const n = crossings.crossings.length / 4;
  const t = crossings.transitions;
  for (let j = 0; j < t.length; j += 4) {
    const cells = [t[j]!, t[j + 1]!, t[j + 2]!, t[j + 3]!] as [number, number, number, number];
    let k = 0;
    while (k < n && !sameCells([...crossings.crossings.subarray(4 * k, 4 * k + 4)], cells)) k++;
    if (k === n) continue;
    const here = kept.filter((e) => unordered(e.cells) === unordered(cells));
    for (let c = 0; c < capabilities.length; c++) {
      const clearance = crossings.clearance[c * n + k]!;
      if (clearance === 0 || here.some((e) => e.capability === c && e.clearance === clearance)) continue;
      const by = here.find((e) => within(capabilities, e.capability, c) && e.clearance >= clearance);
      if (by) return { dropped: { cells, capability: c, clearance }, by };
    }
  }
  return null;
}

/** Weak dominance: an inter-edge of the high-quality graph the low-quality one leaves out, and one it keeps between the same two clusters that admits every agent it admitted. */
function weakExample(capabilities: readonly string[], clusterSize: number, high: InterEdge[], low: InterEdge[]): Dominated | null {
  const clusterPair = (c: readonly number[]) => [Math.floor(c[0]! / clusterSize), Math.floor(c[1]! / clusterSize), Math.floor(c[2]! / clusterSize), Math.floor(c[3]! / clusterSize)].join(',');
  const key = (e: InterEdge) => `${unordered(e.cells)}/${e.capability}/${e.clearance}`;
  const kept = new Set(low.map(key));
  for (const e of high) {
    if (kept.has(key(e))) continue;
    const by = low.find((f) => clusterPair(f.cells) === clusterPair(e.cells) && !sameCells(f.cells, e.cells) && within(capabilities, f.capability, e.capability) && f.clearance >= e.clearance);
    if (by) return { dropped: e, by };
  }
  return null;
}

/**
 * Reads the compaction's examples and the insertion's costs for `planner` (built on `grid` with
 * `clusterSize` and `maxSize`), the query from `start` to `goal` for agents of sizes 1 and 2 of `capability`.
 */
export function readHaaAbstraction(hp: Hpastar, planner: HAAStar, grid: Grid, crossings: HaaCrossings, capability: string, start: Point, goal: Point): HaaAbstraction {
  const options = { clusterSize: planner.options.clusterSize, maxSize: planner.options.maxSize };
  const capabilities = planner.capabilities;
  const high = interEdges(agentGraph(planner, { size: 1, capability }));
  const s = planner.stats;
  const counts = { initial: s.initial.interEdges, high: s.high.interEdges, low: s.low.interEdges };
  const strong = strongExample(capabilities, crossings, high);
  if (grid.width * grid.height > EXTRA_BUILD_CELLS) return { interEdges: counts, strong, weak: null, insertion: [], measured: false };
  const lowPlanner = hp.HAAStar.build(grid, { ...options, abstraction: 'low' });
  const searching = hp.HAAStar.build(grid, { ...options, joinTrees: false });
  try {
    const insertion: InsertionCost[] = [];
    for (const size of [1, 2]) {
      try {
        const a = planner.findPath(start, goal, { size, capability }), b = searching.findPath(start, goal, { size, capability });
        insertion.push({ size, withTrees: a.stats.expandedInsertion, searches: b.stats.expandedInsertion, cost: a.cost, costSearches: b.cost });
      } catch {
        // The agent may not stand at an end of a user's query: no insertion to compare.
      }
    }
    const weak = weakExample(capabilities, options.clusterSize, high, interEdges(agentGraph(lowPlanner, { size: 1, capability })));
    return { interEdges: counts, strong, weak, insertion, measured: true };
  } finally {
    lowPlanner.dispose();
    searching.dispose();
  }
}

const capName = (capabilities: readonly string[], i: number) => `{${capabilities[i]!.replace(/,/g, ', ')}}`;
const edgeName = (capabilities: readonly string[], e: InterEdge) => `${capName(capabilities, e.capability)} with clearance ${e.clearance}`;
const where = (e: InterEdge) => `(${e.cells[0]},${e.cells[1]})–(${e.cells[2]},${e.cells[3]})`;

/** The strong dominance step's title and text. */
export function strongText(a: HaaAbstraction, capabilities: readonly string[]): { title: string; text: string } {
  const rule =
    'Strong dominance (the article\'s high-quality abstraction): when two edges of the same length join the same two nodes and the same capability may take both, only the one with the larger clearance is kept; any agent that fits the smaller one fits the larger. Only duplicate information is dropped.';
  const here = a.strong
    ? ` Here, at the transition ${where(a.strong.dropped)} (boxed), the initial abstraction has an inter-edge for ${edgeName(capabilities, a.strong.dropped)} and one for ${edgeName(capabilities, a.strong.by)}. This implementation also counts an edge whose capability is within the other's as the same or better (an agent that may stand on ${capabilities[a.strong.dropped.capability]!.replace(/,/g, ' and ')} may stand on ${capabilities[a.strong.by.capability]!.replace(/,/g, ' and ')}): the ${capName(capabilities, a.strong.dropped.capability)} edge admits no agent the other does not, and is dropped.`
    : ' On this map no edge is dropped by it.';
  return {
    title: `Strong dominance: ${a.interEdges.initial} inter-edges become ${a.interEdges.high}`,
    text: `${rule}${here} In all, the initial abstraction's ${a.interEdges.initial} inter-edges become ${a.interEdges.high} (labelled, as the graph the walkthrough searches keeps them).`,
  };
}

/** The weak dominance step's title and text. */
export function weakText(a: HaaAbstraction, capabilities: readonly string[]): { title: string; text: string } {
  const rule =
    'Weak dominance (the low-quality abstraction) looks at pairs of inter-edges joining the same two clusters: one is removed when the other admits every agent it admits and those agents can reach the other inside both clusters. The transitions kept are those the most agents can use, as drivers keep to the motorway; some connectivity detail is lost, so paths get longer, but every agent still finds a path when one exists.';
  const here = a.weak
    ? ` Here the inter-edge ${where(a.weak.dropped)} for ${edgeName(capabilities, a.weak.dropped)} (dashed box) goes: ${where(a.weak.by)} (solid box) joins the same two clusters for ${edgeName(capabilities, a.weak.by)}, and an agent that could cross at the first reaches the second inside both clusters.`
    : a.measured
      ? ' On this map it removes no inter-edge.'
      : ' (On a map this large the page does not build the low-quality graph to show an example.)';
  return {
    title: `Weak dominance: ${a.interEdges.high} inter-edges become ${a.interEdges.low}`,
    text: `${rule}${here} The low-quality graph has ${a.interEdges.low} inter-edges against the high-quality graph's ${a.interEdges.high}. The walkthrough, like the planner by default, keeps the high-quality one.`,
  };
}

/** The insertion step's title and text. */
export function insertionText(a: HaaAbstraction): { title: string; text: string } {
  const article =
    'The article inserts the start and the goal as two temporary nodes: a search from each to every transition point of its own cluster (dashed; Annotated A* for the agent\'s size and capability) gives their edges, the abstract search runs, and the two nodes are removed again.';
  const none = a.measured ? 'no agent of size 1 or 2 can stand at both ends' : 'not measured on a map this large (a second hierarchy would be built when the page opens)';
  const rows = a.insertion.map((r) => `size ${r.size}: ${r.searches} nodes expanded by those searches, ${r.withTrees} with the trees, cost ${r.cost.toFixed(2)} both ways`).join('; ');
  return {
    title: 'Query: start and goal insertion',
    text: `${article} This implementation keeps, for every node, its shortest-path tree over its cluster for each agent (join trees, built with the hierarchy) and reads the start's and the goal's distances to the nodes from them instead, without searching; built without join trees (joinTrees: false) it runs the article's searches. On this query: ${rows || none}.`,
  };
}
