// The HAA* walkthrough's trade-off step: what the compacted annotated graph costs in path length. Pairs
// of cells a cluster side apart at most are planned by the walkthrough's hierarchy and by Annotated A*
// (the optimal answer for the same agent), and by the same hierarchy with weak dominance too; the pair
// it lengthens most is shown, with the mean gap over all of them. Every figure comes from the package's
// searches, run when the page opens. Nothing here touches the DOM.
import type { AnnotatedAStar, Grid, HAAStar, Hpastar, Point } from '../../lib/index';

/** One pair planned three ways. */
export interface GapPair {
  start: Point;
  goal: Point;
  /** The walkthrough's hierarchy (strong dominance): its path and cost. */
  haa: number;
  haaCells: Int32Array;
  /** Annotated A*'s, the optimal path for the agent. */
  optimal: number;
  optimalCells: Int32Array;
  /** The same hierarchy with weak dominance too (abstraction 'low'); null when not built (a large map). */
  low: number | null;
}

/** The measured gap of one agent. */
export interface DominanceGap {
  size: number;
  capability: string;
  /** Pairs both searches found a path for. */
  pairs: number;
  /** Mean of (hierarchy's cost / optimal cost − 1) over them, strong dominance and (when built) weak too. */
  meanGap: number;
  lowMeanGap: number | null;
  /** The pair the hierarchy lengthens most, or null when it lengthens none. */
  worst: GapPair | null;
}

/** Most pairs planned: a few hundred small searches of each kind when the page opens. */
const MAX_PAIRS = 800;
/** Largest map (in cells) on which a second hierarchy, with weak dominance, is built for the comparison. */
const LOW_BUILD_CELLS = 128 * 128;

/** Up to this many cells, every pair of them near each other is a candidate; on larger maps, pairs from spread-out starts. */
const ALL_PAIRS_CELLS = 400;

/**
 * Pairs of cells an agent of `size` stands on (clearance ≥ size), at most `reach` apart on each axis, at
 * most {@link MAX_PAIRS}, evenly taken: on a small map from every such pair, on a large one (where the
 * pairs are too many to list) from starts spread over the map, each with goals at a few offsets.
 */
function nearbyPairs(clearance: Uint8Array, width: number, size: number, reach: number): [Point, Point][] {
  const cells: Point[] = [];
  clearance.forEach((c, i) => {
    if (c >= size) cells.push({ x: i % width, y: Math.floor(i / width) });
  });
  const all: [Point, Point][] = [];
  if (cells.length <= ALL_PAIRS_CELLS) {
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++) {
        const a = cells[i]!, b = cells[j]!;
        if (Math.abs(a.x - b.x) <= reach && Math.abs(a.y - b.y) <= reach) all.push([a, b]);
      }
  } else {
    const height = clearance.length / width;
    const step = Math.ceil(cells.length / (MAX_PAIRS / 4));
    const r = Math.max(1, Math.floor(reach / 2));
    for (let i = 0; i < cells.length; i += step) {
      const a = cells[i]!;
      for (const [dx, dy] of [[1, 0], [r, 0], [0, r], [r, r]] as const) {
        const b = { x: a.x + dx, y: a.y + dy };
        if (b.x < width && b.y < height && clearance[b.y * width + b.x]! >= size) all.push([a, b]);
      }
    }
  }
  const stride = Math.max(1, Math.ceil(all.length / MAX_PAIRS));
  return all.filter((_, k) => k % stride === 0);
}

/** A search's cost, or null when it finds no path or refuses the query (an end the agent may not stand on). */
function costOf(search: () => { found: boolean; cost: number; cells: Int32Array }): { cost: number; cells: Int32Array } | null {
  try {
    const r = search();
    return r.found ? r : null;
  } catch {
    return null;
  }
}

/** The gap of the agent of `size` and `capability` over the pairs of cells of `grid` near each other. */
function gapOf(planner: HAAStar, low: HAAStar | null, optimal: AnnotatedAStar, clearance: Uint8Array, width: number, size: number, capability: string): DominanceGap {
  let pairs = 0, sum = 0, lowSum = 0;
  let worst: GapPair | null = null;
  for (const [start, goal] of nearbyPairs(clearance, width, size, planner.options.clusterSize)) {
    const h = costOf(() => planner.findPath(start, goal, { size, capability }));
    const o = costOf(() => optimal.findPath(start, goal, size));
    if (!h || !o) continue;
    const l = low ? costOf(() => low.findPath(start, goal, { size, capability })) : null;
    pairs++;
    sum += h.cost / o.cost - 1;
    lowSum += l ? l.cost / o.cost - 1 : 0;
    if (h.cost - o.cost > 1e-9 && (!worst || h.cost - o.cost > worst.haa - worst.optimal))
      worst = { start, goal, haa: h.cost, haaCells: h.cells, optimal: o.cost, optimalCells: o.cells, low: l ? l.cost : null };
  }
  return { size, capability, pairs, meanGap: pairs ? sum / pairs : 0, lowMeanGap: low && pairs ? lowSum / pairs : null, worst };
}

/**
 * Measures the gap of the walkthrough's small agent (size 1 of `capability`), or of its big one (size 2)
 * when the hierarchy lengthens no pair of the small one's: the agents the query steps show.
 */
export function measureDominanceGap(hp: Hpastar, grid: Grid, planner: HAAStar, capability: string): DominanceGap {
  const { clusterSize, maxSize } = planner.options;
  const low = grid.width * grid.height <= LOW_BUILD_CELLS ? hp.HAAStar.build(grid, { clusterSize, maxSize, abstraction: 'low' }) : null;
  const optimal = hp.AnnotatedAStar.build(grid, capability, 'true');
  try {
    const clearance = planner.clearance(capability, 'true');
    const small = gapOf(planner, low, optimal, clearance, grid.width, 1, capability);
    if (small.worst || maxSize < 2) return small;
    const big = gapOf(planner, low, optimal, clearance, grid.width, 2, capability);
    return big.worst ? big : small;
  } finally {
    optimal.dispose();
    low?.dispose();
  }
}

const f = (x: number) => x.toFixed(2);
const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The title and text of the trade-off step. */
export function dominanceGapText(g: DominanceGap): { title: string; text: string } {
  const agent = `the size-${g.size} agent of {${g.capability.replace(',', ', ')}}`;
  const mean = `Over ${g.pairs} pairs of cells at most a cluster side apart, its paths are ${percent(g.meanGap)} longer than the optimal on average${g.lowMeanGap === null ? '' : `; with weak dominance too (abstraction 'low', a smaller graph) ${percent(g.lowMeanGap)}`}.`;
  const why =
    'Strong dominance itself loses nothing: it drops an edge only where another, at most as costly, admits every agent it admits, so each agent keeps its abstract distances. What the graph gives up is where it may cross: one transition per entrance, where the clearance is largest, so a path whose shortest way crosses a border elsewhere goes round by the transition, and no smoothing straightens it afterwards. Weak dominance gives up more: it drops inter-edges other crossings can stand in for, at the price of the detour to them. A smaller graph, a faster search, longer paths.';
  const w = g.worst;
  if (!w)
    return {
      title: `What the abstraction costs: nothing measured for ${agent}`,
      text: `On no pair measured is the hierarchy's path longer than Annotated A*'s for ${agent}. ${mean} ${why}`,
    };
  const low = w.low === null ? '' : ` With weak dominance too it costs ${f(w.low)}.`;
  return {
    title: `What the abstraction costs: ${f(w.haa)} against the optimal ${f(w.optimal)}`,
    text: `From (${w.start.x}, ${w.start.y}) to (${w.goal.x}, ${w.goal.y}), ${agent}'s path on the annotated hierarchy (thick) costs ${f(w.haa)}; Annotated A* over the cells finds the optimal one (blue dashed), ${f(w.optimal)}.${low} ${mean} ${why}`,
  };
}
