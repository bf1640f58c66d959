// The build's details the walkthrough's pictures show beyond the inspection API's lists: each intra-edge's
// cells (the way its cost was measured, found again by A* on the cluster's own cells) and the entrance
// width's rule counted (which entrances get one transition and which two).
import type { Grid, Hpastar } from '../../lib/index';
import type { ClusterBuild, ClusterRects, Entrances } from '../../lib/inspect';

/** Above this many intra-edges, their ways are not searched (each is an A*): they are drawn straight. */
export const MAX_INTRA_PATHS = 6000;

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
      const [x0, y0, x1, y1] = [clusters.rects[4 * c]!, clusters.rects[4 * c + 1]!, clusters.rects[4 * c + 2]!, clusters.rects[4 * c + 3]!];
      // The cluster alone: the build's searches never leave it, so neither may this one.
      const own = hp.Grid.fromTerrain(grid.terrainRect(x0, y0, x1 - x0, y1 - y0), x1 - x0, y1 - y0);
      try {
        return Array.from(b.edgeFrom, (from, k) => {
          const to = b.edgeTo[k]!;
          const a = { x: b.nodes[2 * from]! - x0, y: b.nodes[2 * from + 1]! - y0 };
          const z = { x: b.nodes[2 * to]! - x0, y: b.nodes[2 * to + 1]! - y0 };
          const path = search.findPath(own, a, z);
          if (!path.found || Math.abs(path.cost - b.edgeCost[k]!) > 1e-3) return Int32Array.of(a.x + x0, a.y + y0, z.x + x0, z.y + y0);
          return path.cells.map((v, i) => v + (i % 2 === 0 ? x0 : y0));
        });
      } finally {
        own.dispose();
      }
    });
  } finally {
    search.dispose();
  }
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
