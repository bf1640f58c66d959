// The walkthrough's trade-off steps for HPA* and DHPA*: a short query on which plain A* expands fewer
// nodes than the hierarchy (its fixed cost of joining start and goal to the abstract graph), and what
// DHPA*'s stored trees cost in memory against the insertion searches they save. Every figure comes from
// the package (findPath, traceSearch, the hierarchy's stats); nothing here touches the DOM.
import type { AStar, Grid, HPAStar, Point } from '../../lib/index';
import { traceSearch, type TracedPath } from '../../lib/inspect';
import { hierarchyName } from './optimality';

/** A short query of the map, traced by HPA* and by plain A*. */
export interface ShortQuery {
  start: Point;
  goal: Point;
  hpa: TracedPath;
  astar: TracedPath;
}

/** HPA*'s expansions on a query, phase by phase, and A*'s. */
export interface ShortCounts {
  insertion: number;
  abstract: number;
  refinement: number;
  hpa: number;
  astar: number;
}

export function shortCounts(q: ShortQuery): ShortCounts {
  const s = q.hpa.path.stats;
  return { insertion: s.expandedInsertion, abstract: s.expandedMain, refinement: s.expandedRefinement, hpa: q.hpa.path.expanded, astar: q.astar.path.expanded };
}

/** The goals tried from each start: a few cells away (4 in one direction, or a knight-like step). */
const OFFSETS: readonly [number, number][] = [
  [4, 0],
  [0, 4],
  [4, 4],
  [-4, 4],
  [3, 1],
  [1, 3],
];
/** About this many starts are tried, spread evenly over the map: a few hundred findPath calls at most. */
const STARTS_TRIED = 250;

/** Whether two cells lie in one cluster or in two clusters side by side (not corner to corner). */
function nearClusters(a: Point, b: Point, side: number): boolean {
  const dx = Math.abs(Math.floor(a.x / side) - Math.floor(b.x / side)), dy = Math.abs(Math.floor(a.y / side) - Math.floor(b.y / side));
  return dx + dy <= 1;
}

/**
 * The short query on which HPA* loses most to plain A* (HPA*'s expansions minus A*'s, largest): start
 * cells spread over the map, each with goals a few cells away in its own or the next cluster. Where a
 * free straight way joins them HPA* needs no search, so the pairs it loses on are those a wall parts.
 * Null when no pair of free cells joined by a path is found.
 */
export function pickShortQuery(planner: HPAStar, grid: Grid, astar: AStar): ShortQuery | null {
  const { width, height } = grid;
  const side = planner.options.clusterSize;
  const stride = Math.max(1, Math.floor(Math.sqrt((width * height) / STARTS_TRIED)));
  let best: { start: Point; goal: Point; score: number } | null = null;
  for (let y = 1; y < height; y += stride)
    for (let x = 1; x < width; x += stride) {
      if (!grid.passable(x, y)) continue;
      const start = { x, y };
      for (const [dx, dy] of OFFSETS) {
        const goal = { x: x + dx, y: y + dy };
        if (goal.x < 0 || goal.y < 0 || goal.x >= width || goal.y >= height || !grid.passable(goal.x, goal.y) || !nearClusters(start, goal, side)) continue;
        const h = planner.findPath(start, goal);
        if (!h.found) continue;
        const score = h.expanded - astar.findPath(grid, start, goal).expanded;
        if (!best || score > best.score) best = { start, goal, score };
      }
    }
  if (!best) return null;
  return { start: best.start, goal: best.goal, hpa: traceSearch(planner, best.start, best.goal), astar: traceSearch(astar, grid, best.start, best.goal) };
}

/** The title and text of the short query's step. */
export function shortQueryText(q: ShortQuery, dhpa: boolean): { title: string; text: string } {
  const c = shortCounts(q);
  const name = hierarchyName(dhpa);
  const apart = Math.max(Math.abs(q.goal.x - q.start.x), Math.abs(q.goal.y - q.start.y));
  const where = `From (${q.start.x}, ${q.start.y}) to (${q.goal.x}, ${q.goal.y}), ${apart} cells apart (a path of cost ${q.astar.path.cost.toFixed(2)})`;
  const split = `${c.insertion} to insert the start and the goal, ${c.abstract} in the abstract search and ${c.refinement} in refinement`;
  const why = dhpa
    ? 'DHPA* reads the start\'s and the goal\'s distances to their clusters\' nodes from its stored trees, but it still searches the abstract graph and lays the path out; for a pair this close a wall between them is all plain A* has to go round.'
    : 'Before its abstract search can start, HPA* joins the start and the goal to the graph: a Dijkstra over each one\'s cluster, run until every node of the cluster is reached, however near the goal is. Then the abstract path goes through transitions on the border and each of its edges is refined by a search of its own. That fixed cost is the same for a query of 5 cells and one of 500; plain A* only goes round the wall between them.';
  if (c.hpa > c.astar)
    return {
      title: `When A* wins: a short query, ${c.hpa} expansions against ${c.astar}`,
      text: `${where}: ${name} expanded ${c.hpa} nodes (${split}); plain A* expanded ${c.astar} (right). ${why} The hierarchy pays on long queries, like the walkthrough's, where A* floods whole rooms and ${name}'s fixed cost is small beside what it saves.`,
    };
  return {
    title: `A short query: ${c.hpa} expansions against A*'s ${c.astar}`,
    text: `${where}: ${name} expanded ${c.hpa} nodes (${split}); plain A* expanded ${c.astar} (right). On no short query tried here did plain A* expand fewer. ${why}`,
  };
}

/** What DHPA*'s trees cost and save, from the build and from the same query without trees. */
export interface TreeCost {
  /** Bytes of the trees (the hierarchy's `optionalBytes.trees`), and of the rest of the hierarchy. */
  treeBytes: number;
  otherBytes: number;
  /** The walkthrough query's insertion expansions with the trees and without them. */
  insertionWith: number;
  insertionWithout: number;
}

/** The tree cost of a DHPA* planner (`withTrees`) and the same hierarchy built without trees, on one query. */
export function measureTreeCost(withTrees: HPAStar, withoutTrees: HPAStar, start: Point, goal: Point): TreeCost {
  const trees = withTrees.stats.optionalBytes.trees;
  return {
    treeBytes: trees,
    otherBytes: withTrees.stats.bytes - trees,
    insertionWith: withTrees.findPath(start, goal).stats.expandedInsertion,
    insertionWithout: withoutTrees.findPath(start, goal).stats.expandedInsertion,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The title and text of DHPA*'s trade-off step. */
export function treeCostText(c: TreeCost, cells: number): { title: string; text: string } {
  const times = c.otherBytes > 0 ? (c.treeBytes / c.otherBytes).toFixed(2) : '∞';
  return {
    title: `DHPA*'s trees: ${kib(c.treeBytes)} of memory for ${c.insertionWithout - c.insertionWith} fewer expansions on this query`,
    text: `The stored trees take ${c.treeBytes} bytes (${kib(c.treeBytes)}, ${(c.treeBytes / cells).toFixed(1)} bytes a cell of the map): ${times} times the ${c.otherBytes} bytes (${kib(c.otherBytes)}) of the rest of the hierarchy, its abstract graph and index. In exchange this query's insertion expands ${c.insertionWith} nodes, against ${c.insertionWithout} for the same hierarchy without trees (the Dijkstra searches over the start's and the goal's clusters), and refinement walks the trees instead of searching. The memory is paid once, for every node; the saving comes with every query.`,
  };
}
