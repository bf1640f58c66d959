// DHPA*'s "where the search stops" step: the paper's termination rule (Kring et al. 2010: stop at the
// first node taken from the open list in the goal's cluster, then append the goal) set against this
// implementation's (the goal joined to every node of its cluster it reaches, by their trees, and the
// search stops when the goal itself is taken; see cpp/hpa/HpaStarQuery.h). Read from the traced search
// only, so the numbers are the planner's own. Nothing here touches the DOM.
import type { Point } from '../../lib/index';
import type { ClusterRects, TracedPath } from '../../lib/inspect';

export interface Termination {
  /** The goal's cluster at the level searched: x0, y0, x1, y1 (half-open). */
  goalCluster: [number, number, number, number];
  /** The first node the abstract search took in the goal's cluster (the paper's stop), and its place in the expansion order (1-based); null, 0 if none. */
  paperStop: Point | null;
  paperExpanded: number;
  /** Nodes this implementation's abstract search expanded (start and goal included), as its counts say. */
  expanded: number;
  /** Whether the paper's stop node lies on the abstract path found (its route would be this one's). */
  stopOnPath: boolean;
  /** One level only: whether the goal's tree reaches the paper's stop inside the cluster (null on more levels, where the stop is a higher level's node). */
  stopReachesGoal: boolean | null;
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const inRect = (r: readonly number[], x: number, y: number): boolean => x >= r[0]! && x < r[2]! && y >= r[1]! && y < r[3]!;

/**
 * The termination step's facts for a DHPA* query: `top` the clusters of the level searched, `goalNodes`
 * the level-1 nodes the goal is joined to (x, y pairs), `levels` the hierarchy's levels.
 */
export function readTermination(traced: TracedPath, top: ClusterRects, goal: Point, goalNodes: Int32Array, levels: number): Termination | null {
  const search = traced.searches.find((s) => s.phase === 'abstract');
  if (!search) return null;
  let goalCluster: [number, number, number, number] = [goal.x, goal.y, goal.x + 1, goal.y + 1];
  for (let i = 0; i < top.rects.length; i += 4) {
    const r = [top.rects[i]!, top.rects[i + 1]!, top.rects[i + 2]!, top.rects[i + 3]!] as [number, number, number, number];
    if (inRect(r, goal.x, goal.y)) goalCluster = r;
  }
  const c = search.closed;
  let paperStop: Point | null = null, paperExpanded = 0;
  for (let k = 0; k < c.length; k += 2) {
    const x = c[k]!, y = c[k + 1]!;
    // The goal itself is not a node in the paper's search: only the graph's nodes count.
    if (x === goal.x && y === goal.y) break;
    if (inRect(goalCluster, x, y)) {
      paperStop = { x, y };
      paperExpanded = k / 2 + 1;
      break;
    }
  }
  let stopOnPath = false, stopReachesGoal: boolean | null = null;
  if (paperStop) {
    for (const end of traced.segmentEnds) if (traced.refined[2 * end] === paperStop.x && traced.refined[2 * end + 1] === paperStop.y) stopOnPath = true;
    if (levels === 1) {
      stopReachesGoal = false;
      for (let k = 0; k < goalNodes.length; k += 2) if (goalNodes[k] === paperStop.x && goalNodes[k + 1] === paperStop.y) stopReachesGoal = true;
    }
  }
  return { goalCluster, paperStop, paperExpanded, expanded: c.length / 2, stopOnPath, stopReachesGoal };
}

/** The step's title and text. */
export function terminationText(t: Termination): { title: string; text: string } {
  const paper =
    'Kring et al. do not add the goal to the abstract graph: their search stops at the first node it takes from the open list that lies in the goal\'s cluster, and the goal is appended to the path after it. That node need not be on the best way, which adds to the path\'s suboptimality.';
  const here = `This implementation differs: the goal keeps edges to every node of its cluster that it reaches, their lengths read from the nodes' trees (no search), and the search stops only when the goal itself is taken from the open list. It expanded ${t.expanded} nodes, start and goal included; the abstract path is the shortest in the abstract graph, as in plain HPA*, for those extra expansions.`;
  if (!t.paperStop) return { title: `Where the search stops: the goal, after ${t.expanded} expansions`, text: `${paper} On this query no node of the goal's cluster was taken before the goal. ${here}` };
  const s = `${t.paperStop.x},${t.paperStop.y}`;
  const why =
    t.stopReachesGoal === false
      ? ` No way inside the cluster leads from it to the goal (its tree has no distance for the goal's cell): the paper's rule would stop at a node the goal cannot be reached from without leaving the cluster.`
      : t.stopOnPath
        ? ' Here it is on the abstract path this implementation found, so both rules give the same route.'
        : ' It is not on the abstract path this implementation found: the paper\'s rule would have taken another route.';
  return {
    title: `Where the search stops: node ${s} (the paper, ${t.paperExpanded} expanded) or the goal (here, ${t.expanded})`,
    text: `${paper} On this query that node is ${s}, ringed, the ${ordinal(t.paperExpanded)} expanded; the goal's cluster is outlined.${why} ${here}`,
  };
}
