// The HAA* walkthrough's steps (Harabor and Botea 2008): terrain and capabilities, true clearance per
// capability, Brushfire beside it and where it is wrong, entrances and transitions per capability and
// agent size, the abstract graph each agent searches, and one query for a small and a big agent. Made
// from the planner's own answers (HAAStar.clearance and findPath, borderCrossings and agentGraph of
// `hpastar/inspect`; AnnotatedAStar with either clearance) and nothing else; a step is a plain description of what to draw. No DOM here.
import type { AnnotatedAStar, Grid, HAAStar, HaaPathResult, Hpastar, PathResult, Point } from '../../lib/index';
import { agentGraph, borderCrossings, type HaaCrossings, type HaaGraph } from '../../lib/inspect';
import { insertionText, readHaaAbstraction, strongText, weakText, type HaaAbstraction } from './haaAbstraction';
import { dominanceGapText, measureDominanceGap, type DominanceGap } from './haaTradeoff';

export type HaaPhaseId = 'terrain' | 'clearance' | 'brushfire' | 'entrances' | 'transitions' | 'compaction' | 'graph' | 'dominance' | 'insertion' | 'query';

export const HAA_PHASES: readonly { id: HaaPhaseId; label: string }[] = [
  { id: 'terrain', label: 'Terrain and capabilities' },
  { id: 'clearance', label: 'True clearance' },
  { id: 'brushfire', label: 'Brushfire clearance' },
  { id: 'entrances', label: 'Build: entrances' },
  { id: 'transitions', label: 'Build: transitions' },
  { id: 'compaction', label: 'Build: strong and weak dominance' },
  { id: 'graph', label: 'Build: abstract graph per agent' },
  { id: 'dominance', label: 'Trade-off: what the abstraction costs' },
  { id: 'insertion', label: 'Query: start and goal insertion' },
  { id: 'query', label: 'Query: a small and a big agent' },
];

/** One agent: a side and an index into the planner's capabilities. */
export interface HaaAgent {
  size: number;
  capability: number;
}

/** A search's answer for one agent: its path, or why the agent may not even stand at start or goal. */
export interface AgentAnswer {
  found: boolean;
  cost: number;
  cells: Int32Array;
  /** Why the query could not run (the agent may not stand at its start or goal), else null. */
  refused: string | null;
}

/** HAA*'s answer for one agent, or why the query could not run (`refused`). */
export type HaaAnswer = HaaPathResult & { refused: string | null };

/** Everything the HAA* walkthrough shows, read from one planner. */
export interface HaaWalkthroughData {
  width: number;
  height: number;
  clusterSize: number;
  maxSize: number;
  start: Point;
  goal: Point;
  capabilities: readonly string[];
  /** The capability of the Brushfire comparison and of the query (ground where the map has it). */
  main: number;
  /** True clearance per capability (row-major, one byte per cell). */
  clearance: Uint8Array[];
  /** Brushfire clearance for the main capability. */
  brushfire: Uint8Array;
  crossings: HaaCrossings;
  /** The graph with the edges each agent may take: graphs[(size - 1) * capabilities + capability]. */
  graphs: HaaGraph[];
  /** HAA* for the main capability's agents of side 1 and 2. */
  small: HaaAnswer;
  big: HaaAnswer;
  /** Annotated A* for the size-2 agent of the main capability, with Brushfire and with true clearance. */
  bigBrushfire: AgentAnswer;
  bigTrue: AgentAnswer;
  stats: HAAStar['stats'];
  /** The hierarchy's paths against Annotated A*'s optimal ones over pairs of nearby cells (see haaTradeoff.ts). */
  gap: DominanceGap;
  /** Strong and weak dominance's examples and the article's insertion against the join trees (see haaAbstraction.ts). */
  abstraction: HaaAbstraction;
}

/**
 * Why an agent of side `size` may not stand at the start or the goal, in the clearance's terms ("the
 * start (8, 0) has Brushfire clearance 1, less than the agent's size 2"), or null when both fit. The
 * search's own refusal ("outside the map or blocked") would call a free cell blocked.
 */
function whyNotStand(clearance: Uint8Array, name: string, width: number, ends: { start: Point; goal: Point }, size: number): string | null {
  for (const [which, p] of Object.entries(ends)) {
    const value = clearance[p.y * width + p.x] ?? 0;
    if (value < size) return `the ${which} (${p.x}, ${p.y}) has ${name} ${value}, less than the agent's size ${size}`;
  }
  return null;
}

/** Reads the walkthrough's data from a built planner and the grid it was built from. */
export function readHaaWalkthrough(hp: Hpastar, planner: HAAStar, grid: Grid, start: Point, goal: Point): HaaWalkthroughData {
  const capabilities = planner.capabilities;
  const ground = capabilities.indexOf('ground');
  const main = ground >= 0 ? ground : 0;
  const maxSize = planner.options.maxSize;
  const graphs: HaaGraph[] = [];
  for (let size = 1; size <= maxSize; size++) for (const c of capabilities) graphs.push(agentGraph(planner, { size, capability: c }));
  const capability = capabilities[main]!;
  const crossings = borderCrossings(planner);
  const annotated = (kind: 'true' | 'brushfire'): AgentAnswer => {
    const search: AnnotatedAStar = hp.AnnotatedAStar.build(grid, capability, kind);
    try {
      const r: PathResult = search.findPath(start, goal, 2);
      return { found: r.found, cost: r.cost, cells: r.cells, refused: null };
    } catch (error) {
      // Brushfire may refuse the start or the goal themselves (too near a wall or the map's edge).
      const refused = whyNotStand(kind === 'true' ? planner.clearance(capability, 'true') : planner.clearance(capability, 'brushfire'), kind === 'true' ? 'true clearance' : 'Brushfire clearance', grid.width, { start, goal }, 2) ?? (error instanceof Error ? error.message : String(error));
      return { found: false, cost: Infinity, cells: new Int32Array(0), refused };
    } finally {
      search.dispose();
    }
  };
  const query = (size: number): HaaAnswer => {
    try {
      return { ...planner.findPath(start, goal, { size, capability }), refused: null };
    } catch (error) {
      // The agent may not stand at the start or the goal (a user's query on another map).
      const refused = whyNotStand(planner.clearance(capability, 'true'), 'true clearance', grid.width, { start, goal }, size) ?? (error instanceof Error ? error.message : String(error));
      return { found: false, status: 'no path', cost: Infinity, cells: new Int32Array(0), stats: { expandedInsertion: 0, expandedMain: 0, expandedRefinement: 0, abstractPathNodes: 0 }, expanded: 0, abstractPath: new Int32Array(0), refused };
    }
  };
  return {
    width: planner.width,
    height: planner.height,
    clusterSize: planner.options.clusterSize,
    maxSize,
    start,
    goal,
    capabilities,
    main,
    clearance: capabilities.map((c) => planner.clearance(c, 'true')),
    brushfire: planner.clearance(capability, 'brushfire'),
    crossings,
    graphs,
    small: query(1),
    big: query(2),
    bigBrushfire: annotated('brushfire'),
    bigTrue: annotated('true'),
    stats: planner.stats,
    gap: measureDominanceGap(hp, grid, planner, capability),
    abstraction: readHaaAbstraction(hp, planner, grid, crossings, capability, start, goal),
  };
}

export interface HaaStep {
  phase: HaaPhaseId;
  title: string;
  text: string;
  /** The clearance numbers drawn: of a capability (index), Brushfire's, or none. */
  numbers: { kind: 'true' | 'brushfire'; capability: number } | null;
  /** Brushfire step: the true clearance drawn beside it and the cells where Brushfire says less outlined. */
  beside: boolean;
  /** The Annotated A* answers of the Brushfire step drawn (Brushfire's, and true clearance's). */
  figure5: boolean;
  /** Entrances and transitions of one agent drawn (its crossings of enough clearance), or null. */
  agent: HaaAgent | null;
  /** Every transition the scanner chose drawn. */
  transitions: boolean;
  /** Inter-edges drawn with their annotations. */
  annotations: boolean;
  /** The abstract graph of `agent` drawn (edges it may take bold, the others faint). */
  graph: boolean;
  /** Paths drawn: the small agent's, the big one's. */
  paths: { small: boolean; big: boolean };
  /** The trade-off's pair drawn (the hierarchy's path and the optimal one) instead of the walkthrough's query. */
  gap: boolean;
  /** Strong or weak dominance's example transitions ringed, or the query's ends with their clusters (insertion). */
  highlight: 'strong' | 'weak' | 'insertion' | null;
}

/** What a step shows, counted (read by the page's tests: `window.__hpastarLearn.haa`). */
export interface HaaShown {
  capability: string;
  size: number;
  /** Cells with a number drawn, and the numbers of three cells (x, y, value) for checking. */
  numbered: number;
  /** Cells where Brushfire says less than true clearance (outlined). */
  wrongCells: number;
  /** Border steps drawn as entrances, transitions drawn, edges drawn bold (the agent's). */
  entranceSteps: number;
  transitions: number;
  agentEdges: number;
  smallPathCells: number;
  bigPathCells: number;
  /** The trade-off's pair: the hierarchy's path and the optimal one, in cells drawn. */
  gapPathCells: number;
  gapOptimalCells: number;
}

const index = (d: HaaWalkthroughData, a: HaaAgent) => (a.size - 1) * d.capabilities.length + a.capability;
const label = (d: HaaWalkthroughData, a: HaaAgent) => `size ${a.size}, ${d.capabilities[a.capability]!.replace(',', ' + ')}`;

/** The border steps an agent may make: crossings of clearance at least its size for its capability. */
export function entranceSteps(d: HaaWalkthroughData, a: HaaAgent): number[] {
  const n = d.crossings.crossings.length / 4;
  const out: number[] = [];
  for (let k = 0; k < n; k++) if (d.crossings.clearance[a.capability * n + k]! >= a.size) out.push(k);
  return out;
}

/** Cells where Brushfire says less than true clearance (for the main capability). */
export function wrongCells(d: HaaWalkthroughData): number[] {
  const t = d.clearance[d.main]!;
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) if (d.brushfire[i]! < t[i]!) out.push(i);
  return out;
}

function edgesAdmitting(g: HaaGraph): number {
  let n = 0;
  for (const a of g.edgeAdmits) n += a;
  return n;
}

export function makeHaaSteps(d: HaaWalkthroughData): HaaStep[] {
  const steps: HaaStep[] = [];
  const base: HaaStep = { phase: 'terrain', title: '', text: '', numbers: null, beside: false, figure5: false, agent: null, transitions: false, annotations: false, graph: false, paths: { small: false, big: false }, gap: false, highlight: null };
  const push = (s: Partial<HaaStep> & Pick<HaaStep, 'phase' | 'title' | 'text'>) => steps.push({ ...base, ...s });
  const caps = d.capabilities.map((c) => `{${c.replace(',', ', ')}}`).join(', ');
  const mainName = d.capabilities[d.main]!;
  const clusters = Math.ceil(d.width / d.clusterSize) * Math.ceil(d.height / d.clusterSize);

  push({
    phase: 'terrain',
    title: `${d.width} × ${d.height} cells, ${d.capabilities.length} capabilities`,
    text: `HAA* plans for agents of different sizes and terrain abilities on one map. An agent is a square of size × size cells, placed by its top-left cell; its capability is the set of terrains it may stand on. The terrain kinds of this map give ${d.capabilities.length} capabilities, every non-empty set of them: ${caps}. Dark cells are obstacles for everyone.`,
  });
  d.capabilities.forEach((c, i) => {
    push({
      phase: 'clearance',
      numbers: { kind: 'true', capability: i },
      title: `True clearance for {${c.replace(',', ', ')}}`,
      text: `Each number is the side of the largest square that starts at the cell and grows down and to the right over ${c.includes(',') ? 'cells of these terrains' : `${c} cells`} only, stopped by anything else or by the map's edge. An agent of size S may stand with its top-left cell on a cell exactly when its number is S or more. Each capability has its own numbers: step on to see the next one.`,
    });
  });
  const wrong = wrongCells(d).length;
  push({
    phase: 'brushfire',
    numbers: { kind: 'brushfire', capability: d.main },
    beside: true,
    title: `Brushfire for {${mainName}}: ${wrong} cells say less than true clearance`,
    text: `Brushfire numbers each cell by its distance to the nearest obstacle in any direction (1 beside a wall or the map's edge). True clearance is beside it. Brushfire never says more, but it often says less: a cell with a wall just above or to its left gets 1, though the square down and to the right of it is free. Those ${wrong} cells are outlined.`,
  });
  const fig5Text = d.bigBrushfire.found
    ? `Here a 2 × 2 agent still finds a way with Brushfire (cost ${d.bigBrushfire.cost.toFixed(2)}, true clearance: ${d.bigTrue.found ? d.bigTrue.cost.toFixed(2) : 'none'}): on this map its way has no corridor exactly two cells wide.`
    : d.bigBrushfire.refused
      ? `With Brushfire a 2 × 2 agent may not even stand at the start or the goal here (${d.bigBrushfire.refused}), though true clearance lets it${d.bigTrue.found ? ` and finds a path of cost ${d.bigTrue.cost.toFixed(2)} (drawn)` : ''}.`
      : d.bigTrue.found
      ? `The article's Figure 5: a 2 × 2 agent from start to goal. With Brushfire it finds no path: every cell of the two-wide gap is next to a wall, so Brushfire gives it 1 and the agent may not stand there. But with its top-left cell on the gap's left column, the agent's square covers exactly the gap's two columns, all free: true clearance says 2 there, and Annotated A* finds the way (cost ${d.bigTrue.cost.toFixed(2)}, drawn).`
      : 'No 2 × 2 agent gets from start to goal on this map, with either clearance.';
  push({ phase: 'brushfire', numbers: { kind: 'brushfire', capability: d.main }, beside: true, figure5: true, title: d.bigBrushfire.found ? 'A size-2 agent with Brushfire: a path' : 'A size-2 agent with Brushfire: no path', text: fig5Text });

  const agents: HaaAgent[] = [];
  for (let c = 0; c < d.capabilities.length; c++) for (let size = 1; size <= d.maxSize; size++) agents.push({ size, capability: c });
  for (const a of agents) {
    const steps1 = entranceSteps(d, a).length;
    push({
      phase: 'entrances',
      agent: a,
      numbers: d.width * d.height <= 400 ? { kind: 'true', capability: a.capability } : null,
      title: steps1 ? `Entrances for ${label(d, a)}: ${steps1} border steps` : `Entrances for ${label(d, a)}: none`,
      text: `${steps1 ? '' : `No border step has room for this agent: it stays in the cluster it starts in. `}The map is cut into ${clusters} clusters of ${d.clusterSize} × ${d.clusterSize}. Along each border, the agent may step across where the cells on both sides have a clearance of at least ${a.size} for its capability (bars). A run of such steps is an entrance for this agent: it can slide along it from one crossing to the next. Each capability and each size gets its own entrances, as in the article's Figure 12.`,
    });
  }
  const nt = d.crossings.transitions.length / 4;
  push({
    phase: 'transitions',
    transitions: true,
    title: `${nt} transitions`,
    text: `In each entrance the builder picks one crossing: where the clearance is largest (nearest the middle on a tie). Entrances of different agents often pick the same place, which is kept once: ${nt} transitions in all. Each gives a node on both sides of the border.`,
  });
  push({
    phase: 'transitions',
    transitions: true,
    annotations: true,
    title: `Inter-edges with their annotations`,
    text: `The two nodes of a transition are joined by an inter-edge for every capability that can cross there, labelled with that capability and its clearance (the largest agent that may cross, up to ${d.maxSize}). The labels are those the graph keeps: an edge another one makes useless was dropped (strong dominance, the next step).`,
  });
  push({ phase: 'compaction', transitions: true, annotations: true, highlight: 'strong', ...strongText(d.abstraction, d.capabilities) });
  push({ phase: 'compaction', transitions: true, highlight: 'weak', ...weakText(d.abstraction, d.capabilities) });
  for (const a of agents) {
    const g = d.graphs[index(d, a)]!;
    push({
      phase: 'graph',
      agent: a,
      graph: true,
      title: `The graph of ${label(d, a)}: ${edgesAdmitting(g)} of ${g.edgeFrom.length} edges`,
      text: `Inside each cluster an Annotated A* search from every node, for every capability and size, finds the shortest way to the other nodes: an intra-edge annotated with that agent. An agent's search uses only the edges whose capability is within its own and whose clearance is at least its size (bold); the others (faint) are for other agents.`,
    });
  }
  // What the compacted graph costs: the pair it lengthens most, beside the optimal path; its transitions drawn.
  push({ phase: 'dominance', transitions: true, gap: true, ...dominanceGapText(d.gap) });
  push({ phase: 'insertion', transitions: true, highlight: 'insertion', ...insertionText(d.abstraction) });
  const sa: HaaAgent = { size: 1, capability: d.main }, ba: HaaAgent = { size: 2, capability: d.main };
  const describe = (r: HaaAnswer, who: string) =>
    r.refused ? `the ${who} agent cannot make this query: ${r.refused}` : r.found ? `the ${who} agent's path costs ${r.cost.toFixed(2)} (${r.stats.expandedInsertion} + ${r.stats.expandedMain} + ${r.stats.expandedRefinement} nodes expanded: insertion, abstract search, refinement)` : `the ${who} agent finds no path`;
  // The two query steps: the agent's graph and the paths found so far (the big agent's second).
  const queryStep = (agent: HaaAgent, big: boolean, r: HaaAnswer, text: string) =>
    push({ phase: 'query', agent, graph: true, paths: { small: true, big }, title: `Size ${agent.size}, ${mainName}: ${r.found ? `cost ${r.cost.toFixed(2)}` : 'no path'}`, text });
  queryStep(sa, false, d.small,
    `A query joins the start and the goal to the nodes of their clusters (the step before; a start and a goal in one cluster are also joined directly, by Annotated A* inside it), searches the agent's graph (its abstract path, dashed), then lays out each abstract edge in cells from the path the hierarchy keeps for it, and the two ends from the trees: ${describe(d.small, 'small')}.`,
  );
  queryStep(ba, true, d.big,
    `The same query for a 2 × 2 agent on the same hierarchy: ${describe(d.big, 'big')}. ${d.big.found && d.small.found && d.big.cost > d.small.cost + 1e-9 ? 'It cannot fit where the small agent passes, so it takes another route (thick).' : ''} The planner's path is the track of the agent's top-left cell, and it is drawn through that cell; the agent's whole square, outlined at both ends, stands on its terrain at every step.`,
  );
  return steps;
}

export function haaShownOf(s: HaaStep, d: HaaWalkthroughData): HaaShown {
  const a = s.agent ?? { size: 1, capability: s.numbers?.capability ?? d.main };
  const values = s.numbers ? (s.numbers.kind === 'true' ? d.clearance[s.numbers.capability]! : d.brushfire) : null;
  let numbered = 0;
  if (values) for (const v of values) numbered += v > 0 ? 1 : 0;
  return {
    capability: d.capabilities[a.capability]!,
    size: a.size,
    numbered,
    wrongCells: s.beside ? wrongCells(d).length : 0,
    entranceSteps: s.phase === 'entrances' && s.agent ? entranceSteps(d, s.agent).length : 0,
    transitions: s.transitions ? d.crossings.transitions.length / 4 : 0,
    agentEdges: s.graph && s.agent ? edgesAdmitting(d.graphs[index(d, s.agent)]!) : 0,
    smallPathCells: s.paths.small ? d.small.cells.length / 2 : 0,
    bigPathCells: s.paths.big ? d.big.cells.length / 2 : 0,
    gapPathCells: s.gap && d.gap.worst ? d.gap.worst.haaCells.length / 2 : 0,
    gapOptimalCells: s.gap && d.gap.worst ? d.gap.worst.optimalCells.length / 2 : 0,
  };
}

/** The graph an agent's step draws. */
export function graphOf(d: HaaWalkthroughData, a: HaaAgent): HaaGraph {
  return d.graphs[index(d, a)]!;
}
