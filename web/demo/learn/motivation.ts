// The walkthrough's opening step, before the build: why a hierarchy. Plain A*'s search of the
// walkthrough's query (how many cells it expands, from its trace) against what HPA*'s query expands
// once the hierarchy is built. Made from searches the walkthrough already has: no search of its own.
// Nothing here touches the DOM.
import type { ClusterRects, TracedPath } from '../../lib/inspect';
import { hierarchyName } from './optimality';

/** What the opening step reads of a walkthrough's data (its own type here: walkthrough.ts imports this file). */
export interface MotivationData {
  width: number;
  height: number;
  clusters: readonly ClusterRects[];
  /** Plain A*'s trace of the query, and HPA*'s. */
  astar: TracedPath;
  traced: TracedPath;
  /** DHPA* (a hierarchy with stored trees): the text names it so. */
  dhpa: boolean;
}

/** The opening step's title and text, with the package's own counts for this map and query. */
export function motivationText(d: MotivationData): { title: string; text: string } {
  const a = d.astar.path, h = d.traced.path;
  const expanded = d.astar.searches[0] ? d.astar.searches[0].closed.length / 2 : 0;
  const share = ((100 * expanded) / (d.width * d.height)).toFixed(0);
  const c1 = d.clusters[0]!;
  const count = (phase: string) => d.traced.searches.filter((s) => s.phase === phase).reduce((n, s) => n + s.closed.length / 2, 0);
  const [sg, main, refinement] = [count('insertion'), count('abstract'), count('refinement')];
  const found = a.found && h.found;
  return {
    title: `Why a hierarchy: A* expands ${expanded} cells`,
    // Short: on a projector (large text) the legend must stay on the first screen under it.
    text:
      `Plain A* expands ${expanded} of the map's ${d.width * d.height} cells here (blue, ${share}%)` +
      `${a.found ? `, for a path of cost ${a.cost.toFixed(2)}` : ', finding no path'}, and again for every query. ` +
      `${hierarchyName(d.dhpa)} does part of the work once: it cuts the map into ${c1.columns * c1.rows} clusters (the grid) and links their entrances. ` +
      `This query then expands ${sg + main + refinement} nodes (SG ${sg}, main ${main}, refinement ${refinement})` +
      (found ? `, for a path of cost ${h.cost.toFixed(2)}.` : '.'),
  };
}
