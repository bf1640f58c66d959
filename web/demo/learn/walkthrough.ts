// The walkthrough's steps: the build of an HPA* hierarchy and one query, phase by phase, made from the
// planner's own data, read by `hpastar/inspect` (clusterRects, entrances, clusterBuild, abstractGraph,
// queryConnections, traceSearch, nodeTree) and nothing else. A step is a plain description of what to draw and which counts to show; the view draws
// it, the page moves between them. Nothing here touches the DOM.
import type { HPAStar, HpaSearchOptions, Point } from '../../lib/index';
import {
  abstractGraph,
  clusterBuild,
  clusterRects,
  entrances,
  nodeTree,
  queryConnections,
  traceSearch,
  type AbstractGraph,
  type ClusterBuild,
  type ClusterRects,
  type Entrances,
  type LevelConnections,
  type NodeTree,
  type TracedPath,
} from '../../lib/inspect';
import { transitionRule, transitionText } from './buildDetail';
import { motivationText } from './motivation';
import { hierarchyName, optimalityText, queryCosts, type QueryCosts } from './optimality';
import { readTermination, terminationText, type Termination } from './termination';
import { shortQueryText, treeCostText, type ShortQuery, type TreeCost } from './tradeoffs';

export type PhaseId =
  | 'why'
  | 'clusters'
  | 'entrances'
  | 'transitions'
  | 'inter-edges'
  | 'intra-edges'
  | 'levels'
  | 'insertion'
  | 'trees'
  | 'abstract'
  | 'termination'
  | 'refinement'
  | 'smoothing'
  | 'optimality'
  | 'short'
  | 'result';

export const PHASES: readonly { id: PhaseId; label: string }[] = [
  { id: 'why', label: 'Why a hierarchy' },
  { id: 'clusters', label: 'Build: clusters' },
  { id: 'entrances', label: 'Build: entrances' },
  { id: 'transitions', label: 'Build: transitions' },
  { id: 'inter-edges', label: 'Build: inter-edges' },
  { id: 'intra-edges', label: 'Build: intra-edges' },
  { id: 'levels', label: 'Build: higher levels' },
  { id: 'insertion', label: 'Query: start and goal insertion' },
  { id: 'trees', label: 'DHPA*: the trees\' memory against query time' },
  { id: 'abstract', label: 'Query: abstract search' },
  { id: 'termination', label: 'DHPA*: where the search stops' },
  { id: 'refinement', label: 'Query: refinement' },
  { id: 'smoothing', label: 'Query: smoothing' },
  { id: 'optimality', label: 'Query: why not optimal' },
  { id: 'short', label: 'Query: when A* wins (short queries)' },
  { id: 'result', label: 'Query: result' },
];

/** The counts of the HPA* paper's Table 1 as far as the walkthrough has come. */
export interface Counts {
  sg: number;
  main: number;
  refinement: number;
}

/** A set of cells to draw (x, y pairs), its first `count` cells only. */
export interface CellSet {
  cells: Int32Array;
  count: number;
}

export interface Step {
  phase: PhaseId;
  title: string;
  text: string;
  /** Plain A*'s whole search of the query (cells and path) drawn on the map: the opening step's why. */
  astarSearch: boolean;
  /** Levels whose cluster borders are drawn. */
  clusterLevels: number;
  /** Entrances drawn (the first n of the scanner's list), and the one picked out (or -1). */
  entrances: number;
  /** Transitions drawn (the nodes of level 1), and inter-edges drawn. */
  transitions: boolean;
  interEdges: boolean;
  /** Clusters whose intra-edges are drawn (the first n, row by row), and the ones being built (first to last, or -1). */
  intraClusters: number;
  buildingFirst: number;
  buildingCluster: number;
  /** The graph of a higher level drawn (0: none). */
  level: number;
  /** A search to draw: closed cells in expansion order, and open ones. */
  closed: CellSet | null;
  open: CellSet | null;
  /** Abstract search: its nodes are drawn as nodes, not cells. */
  abstractSearch: boolean;
  /** DHPA*: the stored tree of one node drawn (distances and arrows). */
  tree: boolean;
  /** DHPA*: the goal's cluster outlined and the node the paper's search would stop at ringed. */
  termination: boolean;
  /** Start and goal's edges into level 1 drawn. */
  connections: boolean;
  /** The abstract path drawn (when found). */
  abstractPath: boolean;
  /** The refined path drawn up to this index (-1: none). */
  refinedTo: number;
  /** Smoothing replacements drawn (the first n), and whether the final path is drawn. */
  smoothing: number;
  finalPath: boolean;
  /** The optimal path (plain A*'s) drawn beside the answer, with the transitions the abstract path passed through. */
  optimalPath: boolean;
  /** The short query of the "when A* wins" step drawn (its searches, its path, its ends) instead of the walkthrough's. */
  shortQuery: boolean;
  counts: Counts;
}

/** Everything a walkthrough is made of, read from one planner and one query. */
export interface WalkthroughData {
  width: number;
  height: number;
  levels: number;
  start: Point;
  goal: Point;
  clusters: ClusterRects[];
  entrances: Entrances;
  graphs: AbstractGraph[];
  builds: ClusterBuild[];
  traced: TracedPath;
  /** Plain A* on the same query, traced. */
  astar: TracedPath;
  /** The costs of the refined path, the answer and A*'s optimal path. */
  costs: QueryCosts;
  /** DHPA* (a planner with trees): the stored tree of the first node the start is joined to; else null. */
  tree: NodeTree | null;
  /** The cells of the level-1 nodes the start and the goal are joined to (x, y each). */
  connectionNodes: { start: Int32Array; goal: Int32Array };
  /** A short query on which plain A* expands fewer nodes than the hierarchy, traced by both; null when none was looked for or found. */
  short: ShortQuery | null;
  /** DHPA*: what its trees cost in memory and save in insertion; null without trees. */
  treeCost: TreeCost | null;
  /** DHPA* (a planner with trees): the walkthrough names it so. */
  dhpa: boolean;
  /** DHPA*: where the paper's search would stop and where this one does; null without trees. */
  termination: Termination | null;
  /** Whether the query was smoothed (the page's Smoothing control): off, the smoothing phase says so. */
  smooth: boolean;
  /** The entrance width the hierarchy was built with (shorter entrances get one transition, the rest two). */
  entranceWidth: number;
  /** How the start and the goal join the top level's graph (the abstract search's own edges). */
  topJoins: LevelConnections;
  /** Each intra-edge's cells, per cluster and edge (buildDetail.ts's intraPaths); null: drawn straight. */
  intraPaths: Int32Array[][] | null;
  /** Each edge's cells of the levels above 1 (index 0: level 2), per edge (buildDetail.ts's upperLevelPaths); null: drawn straight. */
  upperPaths: Int32Array[][] | null;
}

/** What the trade-off steps show, measured by the page with planners of its own (see tradeoffs.ts). */
export interface TradeoffData {
  short?: ShortQuery | null;
  treeCost?: TreeCost | null;
}

/**
 * Reads a walkthrough's data from `planner` (built) and a query; `astar` is A*'s trace of the same
 * query, `tradeoffs` what the trade-off steps show (their steps are left out without it).
 */
export function readWalkthrough(planner: HPAStar, size: { width: number; height: number }, start: Point, goal: Point, astar: TracedPath, tradeoffs: TradeoffData = {}, search: HpaSearchOptions = {}): WalkthroughData {
  const levels = planner.options.levels;
  const clusters: ClusterRects[] = [];
  const graphs: AbstractGraph[] = [];
  for (let l = 1; l <= levels; l++) {
    clusters.push(clusterRects(planner, l));
    graphs.push(abstractGraph(planner, l));
  }
  const level1 = clusters[0]!;
  const builds: ClusterBuild[] = [];
  for (let c = 0; c < level1.columns * level1.rows; c++) builds.push(clusterBuild(planner, c));
  const joins = queryConnections(planner, start, goal);
  const traced = traceSearch(planner, start, goal, search);
  const dhpa = planner.options.cacheTrees;
  return {
    width: size.width,
    height: size.height,
    levels,
    start,
    goal,
    clusters,
    entrances: entrances(planner),
    graphs,
    builds,
    traced,
    astar,
    costs: queryCosts(traced.refined, traced.path.cost, astar.path.cost),
    connectionNodes: { start: joins.levels[0]!.start.nodes, goal: joins.levels[0]!.goal.nodes },
    tree: planner.options.cacheTrees && joins.levels[0]!.start.nodes.length > 0 ? nodeTree(planner, { x: joins.levels[0]!.start.nodes[0]!, y: joins.levels[0]!.start.nodes[1]! }) : null,
    short: tradeoffs.short ?? null,
    treeCost: tradeoffs.treeCost ?? null,
    smooth: search.smooth ?? true,
    entranceWidth: planner.options.entranceWidth,
    topJoins: joins.levels[levels - 1]!,
    intraPaths: null,
    upperPaths: null,
    dhpa,
    termination: dhpa ? readTermination(traced, clusters[levels - 1]!, goal, joins.levels[0]!.goal.nodes, levels) : null,
  };
}

/** Most steps a phase that grows node by node gets; longer searches advance several nodes a step. */
export const MAX_GROWTH_STEPS = 60;
/** Steps of each insertion search (its cells appear in the order it expanded them). */
export const INSERTION_STEPS = 4;
/**
 * Most steps of a phase made of many like pieces (the clusters' intra-edges, the path's segments, the
 * smoothing's replacements): on a big map they are grouped, several a step, or it takes thousands of clicks.
 */
export const MAX_GROUPED_STEPS = 30;

const zero = (): Counts => ({ sg: 0, main: 0, refinement: 0 });

function concat(parts: Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `n` items cut into at most {@link MAX_GROUPED_STEPS} runs of consecutive ones, as [first, last] pairs. */
export function groups(n: number): [number, number][] {
  const per = Math.max(1, Math.ceil(n / MAX_GROUPED_STEPS));
  const out: [number, number][] = [];
  for (let first = 0; first < n; first += per) out.push([first, Math.min(n, first + per) - 1]);
  return out;
}

type PushStep = (s: Partial<Step> & Pick<Step, 'phase' | 'title' | 'text'>) => void;

/** The intra-edge steps: one cluster a step, or a run of clusters on a big map. */
function intraEdgeSteps(d: WalkthroughData, push: PushStep): void {
  let intraSoFar = 0;
  for (const [first, last] of groups(d.builds.length)) {
    const run = d.builds.slice(first, last + 1);
    const edges = run.reduce((n, b) => n + b.edgeFrom.length, 0);
    const nodes = run.reduce((n, b) => n + b.nodes.length / 2, 0);
    intraSoFar += edges;
    const closed = concat(run.flatMap((b) => b.searches.map((s) => s.closed)));
    const which = first === last ? `cluster ${first + 1}` : `clusters ${first + 1} to ${last + 1}`;
    push({
      phase: 'intra-edges',
      intraClusters: last + 1,
      buildingFirst: first,
      buildingCluster: last,
      closed: { cells: closed, count: closed.length / 2 },
      title: `Intra-edges, ${which} of ${d.builds.length}: ${edges} (${intraSoFar} so far)`,
      text: d.tree
        ? `Inside ${which}, DHPA* runs a Dijkstra over the whole cluster from each of its ${nodes} nodes and keeps it: every cell's distance to the node and its next step towards it (the node's tree). The intra-edges come from the same searches. The cells these searches expanded are shaded (${closed.length / 2} in all).`
        : `Inside ${which}, a search from each of its ${nodes} nodes (Dijkstra, bounded by the cluster) finds the shortest way to the other nodes; each pair that is joined inside the cluster gets an intra-edge with that distance. The cells these searches expanded are shaded (${closed.length / 2} in all). Edges whose way already passes through another node are left out.${d.intraPaths ? ' Each edge is drawn along the cells of its way, not as a straight line.' : ''} Tick "Numbers on the map" to read each edge's cost.`,
    });
  }
}

/** The refinement steps: one abstract edge (segment) a step, or a run of them on a long path. */
function refinementSteps(d: WalkthroughData, counts: Counts, push: PushStep): void {
  const t = d.traced;
  const segments = t.segmentEnds.length;
  const refinements = t.searches.map((s, i) => ({ s, i })).filter(({ s }) => s.phase === 'refinement');
  for (const [first, last] of groups(segments)) {
    const from = first === 0 ? 0 : t.segmentSearchEnds[first - 1]!;
    const to = t.segmentSearchEnds[last]!;
    const own = refinements.filter(({ i }) => i >= from && i < to).map(({ s }) => s);
    for (const s of own) counts.refinement += s.closed.length / 2;
    const closed = concat(own.map((s) => s.closed));
    const which = first === last ? `segment ${first + 1}` : `segments ${first + 1} to ${last + 1}`;
    push({
      phase: 'refinement',
      abstractPath: true,
      connections: false,
      refinedTo: t.segmentEnds[last]!,
      closed: own.length ? { cells: closed, count: closed.length / 2 } : null,
      counts,
      title: `Refinement, ${which} of ${segments}: ${closed.length / 2} expanded`,
      text: own.length
        ? `Each abstract edge becomes cells: a small A* inside one cluster finds the way between its two nodes (${closed.length / 2} cells expanded here).`
        : d.tree
          ? 'This abstract edge needs no search: DHPA* walks the target node\'s tree, one lookup per cell (or the edge is one step across a border).'
          : 'This abstract edge needs no search: an inter-edge is one step across a border (or its way is cached).',
    });
  }
}

/** The insertion steps: each search of the start and the goal growing over a few steps (or DHPA*'s trees read). */
function insertionSteps(d: WalkthroughData, counts: Counts, push: PushStep): void {
  const t = d.traced;
  const insertions = t.searches.filter((s) => s.phase === 'insertion');
  const names = ['start', 'goal'];
  insertions.forEach((s, i) => {
    const who = names[i % 2]!; // the core inserts the start, then the goal, level by level
    // The search grows over a few steps, its cells in the order it expanded them (nearest first).
    const n = s.closed.length / 2;
    const per = Math.max(1, Math.ceil(n / INSERTION_STEPS));
    const before = counts.sg;
    for (let k = Math.min(per, n); ; k = Math.min(k + per, n)) {
      counts.sg = before + k;
      const last = k === n;
      push({
        phase: 'insertion',
        level: s.level,
        closed: { cells: s.closed, count: k },
        open: last ? { cells: s.open, count: s.open.length / 2 } : null,
        connections: last && i === insertions.length - 1,
        counts,
        title: `Insertion of the ${who} at level ${s.level + 1}: ${k} of ${n} expanded`,
        text: last
          ? `The query's ${who} is not a node of the graph. A search inside its cluster finds how far it is from each node of the cluster; each node it reaches gets an edge to it (dotted). This is the paper's SG effort (${counts.sg} so far).`
          : `The query's ${who} is not a node of the graph, so a Dijkstra search inside its cluster measures its distance to the cluster's nodes. Cells are expanded nearest first, in the order the search took them from its queue; it stops once every node of the cluster is reached.`,
      });
      if (last) break;
    }
  });
  if (d.tree) {
    const n = d.tree.node;
    push({
      phase: 'insertion',
      tree: true,
      connections: true,
      title: `DHPA*: the stored tree of node ${n.x},${n.y}`,
      text: `DHPA* keeps, for every node, the distance from each cell of its cluster to the node (the numbers) and the first step of the way there (the arrows). The figure shows the node's cluster alone, enlarged so that every number can be read. The start's distance to this node is read from the tree, with no search; so are its distances to the other nodes of its cluster, and the goal's.`,
    });
  }
  if (insertions.length === 0)
    push({ phase: 'insertion', connections: true, title: 'Insertion: no search', text: 'The start and the goal are joined to the nodes of their clusters by reading the nodes\' stored trees (DHPA*): no search, so the SG effort is 0. The abstract search then starts from the start as from any node.' });

}

/** The abstract search's steps: its nodes expanded in order, several a step on a long search. */
function abstractSearchSteps(d: WalkthroughData, counts: Counts, push: PushStep): void {
  const t = d.traced;
  const abstract = t.searches.find((s) => s.phase === 'abstract');
  if (abstract) {
    const n = abstract.closed.length / 2;
    const per = Math.max(1, Math.ceil(n / MAX_GROWTH_STEPS));
    for (let k = Math.min(per, n); ; k = Math.min(k + per, n)) {
      counts.main = k;
      const last = k === n;
      push({
        phase: 'abstract',
        level: d.levels,
        abstractSearch: true,
        closed: { cells: abstract.closed, count: k },
        open: last ? { cells: abstract.open, count: abstract.open.length / 2 } : null,
        abstractPath: last && t.path.found,
        counts,
        title: `Abstract search: ${k} of ${n} nodes expanded`,
        text: last
          ? `A* on the abstract graph expanded ${n} nodes (filled) and left ${abstract.open.length / 2} in its open list (hollow). The abstract path, ${t.path.stats.abstractPathNodes} nodes, is drawn thick.`
          : `A* on the abstract graph of level ${d.levels}: the node with the lowest estimate (distance so far plus straight-line distance to the goal) is expanded next. Expanded nodes are filled, in the order A* took them from its open list. The build is faded under the search; tick "Exercise: predict the next node" to guess each node before A* takes it.`,
      });
      if (last) break;
    }
  }
}

/** DHPA*, after the abstract search: the paper's termination rule against this implementation's (the search's nodes still drawn). */
function terminationStep(d: WalkthroughData, push: PushStep): void {
  const abstract = d.traced.searches.find((s) => s.phase === 'abstract');
  if (!d.termination || !abstract) return;
  push({
    phase: 'termination',
    termination: true,
    abstractSearch: true,
    closed: { cells: abstract.closed, count: abstract.closed.length / 2 },
    open: { cells: abstract.open, count: abstract.open.length / 2 },
    ...terminationText(d.termination),
  });
}

/** The smoothing steps: one replacement a step, or a run of them on a long path. */
function smoothingSteps(d: WalkthroughData, push: PushStep): void {
  const t = d.traced;
  for (const [first, last] of groups(t.smoothing.length)) {
    const run = t.smoothing.slice(first, last + 1);
    const r = run.at(-1)!;
    const before = run.reduce((n, x) => n + (x.to - x.from), 0), after = run.reduce((n, x) => n + x.line.length / 2 - 1, 0);
    push({
      phase: 'smoothing',
      refinedTo: t.refined.length / 2 - 1,
      smoothing: last + 1,
      title: first === last ? `Smoothing ${first + 1} of ${t.smoothing.length}: cells ${r.from} to ${r.to} become a straight line` : `Smoothing ${first + 1} to ${last + 1} of ${t.smoothing.length}: ${run.length} parts become straight lines`,
      text: `From each cell of the refined path, smoothing looks along the 8 directions for a later cell of the path; when the straight line is shorter than the path between them, it replaces that part. Here ${before} steps become ${after}.`,
    });
  }
  if (!d.smooth)
    push({ phase: 'smoothing', refinedTo: t.refined.length / 2 - 1, title: 'Smoothing: off', text: 'Smoothing is switched off (the Smoothing box above): the answer is the refined path as it is, detours at the transitions included. Switch it on to see the straight lines replace them.' });
  else if (t.smoothing.length === 0)
    push({ phase: 'smoothing', refinedTo: t.refined.length / 2 - 1, title: 'Smoothing: nothing to straighten', text: 'No straight line is shorter than the refined path anywhere: smoothing leaves it as it is.' });
}

/**
 * The step after smoothing: the answer beside the optimal path (plain A*'s), their costs and the gap
 * split. The build's entrances, edges and transitions are left out (on a big map they cover it), so the
 * three paths and the transitions the route passed through are what is seen.
 */
function optimalityStep(d: WalkthroughData, push: PushStep): void {
  push({
    phase: 'optimality',
    ...optimalityText(d.costs, d.traced.path.found && d.astar.path.found, hierarchyName(d.dhpa)),
    entrances: 0,
    transitions: false,
    interEdges: false,
    intraClusters: 0,
    abstractPath: false,
    refinedTo: d.traced.path.found ? d.traced.refined.length / 2 - 1 : -1,
    smoothing: 0,
    finalPath: true,
    optimalPath: d.astar.path.found,
  });
}

/** DHPA*'s trade-off, after its insertion: the trees' memory against the insertion searches they save (the tree drawn again). */
function treeCostStep(d: WalkthroughData, push: PushStep): void {
  if (!d.treeCost) return;
  push({ phase: 'trees', tree: d.tree !== null, connections: true, ...treeCostText(d.treeCost, d.width * d.height) });
}

/**
 * The short query beside plain A*'s: the build's clusters and transitions (where its abstract path must
 * go), its searches' cells and its path; the A* figure shows A*'s search of the same query.
 */
function shortQueryStep(d: WalkthroughData, push: PushStep): void {
  if (!d.short) return;
  push({
    phase: 'short',
    ...shortQueryText(d.short, d.tree !== null),
    entrances: 0,
    transitions: true,
    interEdges: false,
    intraClusters: 0,
    abstractPath: false,
    refinedTo: -1,
    smoothing: 0,
    finalPath: false,
    optimalPath: false,
    shortQuery: true,
  });
}

/** The steps of the walkthrough of `d`, build first, then the query. */
export function makeSteps(d: WalkthroughData): Step[] {
  const steps: Step[] = [];
  const base: Step = {
    phase: 'clusters',
    title: '',
    text: '',
    astarSearch: false,
    clusterLevels: 1,
    entrances: 0,
    transitions: false,
    interEdges: false,
    intraClusters: 0,
    buildingFirst: -1,
    buildingCluster: -1,
    level: 0,
    closed: null,
    open: null,
    abstractSearch: false,
    tree: false,
    termination: false,
    connections: false,
    abstractPath: false,
    refinedTo: -1,
    smoothing: 0,
    finalPath: false,
    optimalPath: false,
    shortQuery: false,
    counts: zero(),
  };
  const push: PushStep = (s) => {
    const prev = steps.at(-1) ?? base;
    steps.push({ ...prev, closed: null, open: null, buildingFirst: -1, buildingCluster: -1, tree: false, termination: false, ...s, counts: { ...(s.counts ?? prev.counts) } });
  };
  const c1 = d.clusters[0]!;
  const entranceCount = d.entrances.entrances.length / 4;
  const transitionCount = d.entrances.transitions.length / 4;
  const inter = interEdgeCount(d.graphs[0]!);

  // Before the build: what plain A* costs on this query, and what the hierarchy changes (its clusters drawn over A*'s search).
  push({ phase: 'why', astarSearch: true, ...motivationText(d) });
  push({
    phase: 'clusters',
    astarSearch: false,
    title: `${c1.columns * c1.rows} clusters of ${c1.side} × ${c1.side}`,
    text: `${hierarchyName(d.dhpa)} first cuts the ${d.width} × ${d.height} map into square clusters of ${c1.side} × ${c1.side} cells (${c1.columns} columns, ${c1.rows} rows). Everything it computes before a query stays inside one cluster, so each piece of work is small.`,
  });
  push({
    phase: 'entrances',
    entrances: entranceCount,
    title: `${entranceCount} entrances`,
    text: `Along each border between two clusters, an entrance is a longest run of border positions where the cells on both sides are free. Walls cut a border into several entrances; a border that is all wall has none. Neighbouring entrances on one border are drawn in two shades, apart; tick "Numbers on the map" to read each one's length in cells.`,
  });
  push({
    phase: 'transitions',
    transitions: true,
    title: `${transitionCount} transitions`,
    text: transitionText(transitionRule(d.entrances, d.entranceWidth), transitionCount),
  });
  push({
    phase: 'inter-edges',
    interEdges: true,
    title: `${inter} inter-edges`,
    text: `The two cells of a transition are joined by an inter-edge: one step across the border (cost 1 on plain ground). They are drawn over the nodes, each a short blue bar across its border.`,
  });
  intraEdgeSteps(d, push);
  if (d.levels > 1) {
    for (let l = 2; l <= d.levels; l++) {
      const c = d.clusters[l - 1]!;
      const g = d.graphs[l - 1]!;
      push({
        phase: 'levels',
        clusterLevels: l,
        level: l,
        title: `Level ${l}: ${c.columns * c.rows} clusters of ${c.side} × ${c.side}, ${g.nodeIds.length} nodes`,
        text: `Level ${l} groups clusters of level ${l - 1} into larger ones. Only the nodes on the borders of the larger clusters stay; their edges inside a level-${l} cluster are found by searching the graph of level ${l - 1}, not the cells.${d.upperPaths ? ' Each edge is drawn along a way of cells that costs what it does, round the walls.' : ''} The level below is faded; the level-${l} clusters are the thick dashed squares, their nodes the purple dots.`,
      });
    }
  } else {
    push({
      phase: 'levels',
      title: 'One level',
      text: 'This hierarchy has one abstract level, as in the paper\'s first example. With more levels (the Levels control, or levels=2 in the address), clusters of clusters are built the same way on top of this graph, and large maps need fewer expansions.',
    });
  }

  // The query.
  const t = d.traced;
  const counts = zero();
  insertionSteps(d, counts, push);
  treeCostStep(d, push);
  abstractSearchSteps(d, counts, push);
  terminationStep(d, push);
  refinementSteps(d, counts, push);
  smoothingSteps(d, push);
  optimalityStep(d, push);
  shortQueryStep(d, push);
  push({
    phase: 'result',
    shortQuery: false,
    refinedTo: -1,
    smoothing: 0,
    finalPath: true,
    abstractPath: false,
    optimalPath: false,
    // The build's overlays, which the optimality step left out, as the build ended.
    entrances: entranceCount,
    transitions: true,
    interEdges: true,
    intraClusters: d.builds.length,
    title: t.path.found ? `Path found: cost ${t.path.cost.toFixed(2)}` : 'No path',
    text: `${d.dhpa ? 'DHPA*' : 'HPA*'} expanded ${counts.sg + counts.main} nodes to find the abstract path (SG ${counts.sg} + main ${counts.main}) and ${counts.refinement} more to refine it. Plain A* on the same query expanded ${d.astar.path.stats.expandedMain} cells and found cost ${d.astar.path.cost.toFixed(2)}.`,
  });
  return steps;
}

/** The first step of each phase (phases without steps are left out). */
export function phaseStarts<P extends string>(steps: readonly { phase: P }[]): Map<P, number> {
  const out = new Map<P, number>();
  steps.forEach((s, i) => {
    if (!out.has(s.phase)) out.set(s.phase, i);
  });
  return out;
}

/** A phase with more steps than this gets a slider over its steps and a skip to its end (the page's scrub). */
export const SCRUB_ABOVE = 40;

/** The first and last steps of the phase of step `index` (its steps are consecutive). */
export function phaseSpan(steps: readonly { phase: string }[], index: number): { first: number; last: number } {
  const phase = steps[index]!.phase;
  let first = index, last = index;
  while (first > 0 && steps[first - 1]!.phase === phase) first--;
  while (last < steps.length - 1 && steps[last + 1]!.phase === phase) last++;
  return { first, last };
}

/** What a step shows, counted: what the page reports to its tests and readers (`window.__hpastarLearn`). */
export interface Shown {
  clusters: number;
  entrances: number;
  transitions: number;
  interEdges: number;
  intraEdges: number;
  closed: number;
  open: number;
  refinedCells: number;
  smoothing: number;
  pathCells: number;
  /** Cells of the optimal path (plain A*'s) drawn. */
  optimalCells: number;
  /** DHPA*'s tree: cells with an arrow drawn. */
  treeArrows: number;
  /** The opening step: plain A*'s expanded cells drawn on the map. */
  astarCells: number;
  /** The short query's path (HPA*'s) drawn, in cells, and the cells its searches expanded drawn. */
  shortPathCells: number;
  shortClosed: number;
}

/** The inter-edges of a level's graph (those crossing a border of its clusters). */
function interEdgeCount(g: AbstractGraph): number {
  let n = 0;
  for (let e = 0; e < g.edgeInter.length; e++) n += g.edgeInter[e]!;
  return n;
}

export function shownOf(s: Step, d: WalkthroughData): Shown {
  const inter = interEdgeCount(d.graphs[0]!);
  let intra = 0;
  for (let c = 0; c < s.intraClusters; c++) intra += d.builds[c]!.edgeFrom.length;
  let clusters = 0;
  for (let l = 0; l < s.clusterLevels; l++) clusters += d.clusters[l]!.rects.length / 4;
  return {
    clusters,
    entrances: s.entrances,
    transitions: s.transitions ? d.entrances.transitions.length / 4 : 0,
    interEdges: s.interEdges ? inter : 0,
    intraEdges: intra,
    closed: s.closed?.count ?? 0,
    open: s.open?.count ?? 0,
    refinedCells: s.refinedTo + 1,
    smoothing: s.smoothing,
    pathCells: s.finalPath ? d.traced.path.cells.length / 2 : 0,
    optimalCells: s.optimalPath ? d.astar.path.cells.length / 2 : 0,
    treeArrows: s.tree && d.tree ? d.tree.direction.filter((x) => x >= 0).length : 0,
    astarCells: s.astarSearch && d.astar.searches[0] ? d.astar.searches[0].closed.length / 2 : 0,
    shortPathCells: s.shortQuery && d.short ? d.short.hpa.path.cells.length / 2 : 0,
    shortClosed: s.shortQuery && d.short ? shortSearchCells(d.short).length / 2 : 0,
  };
}

/** The cells the short query's HPA* searches expanded (insertion and refinement; the abstract search's are nodes). */
export function shortSearchCells(q: ShortQuery): Int32Array {
  return concat(q.hpa.searches.filter((s) => s.phase !== 'abstract').map((s) => s.closed));
}
