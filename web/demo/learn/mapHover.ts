// What the pointer is over on the walkthrough's map, in words (the figure's hover line): on the build's
// steps, the entrance under it with its length, the node, or the intra-edges whose ways pass the cell
// with their costs — the numbers of "Numbers on the map" one at a time, for a map too dense to write them all.
import type { Point } from '../../lib/index';
import type { Step, WalkthroughData } from './walkthrough';

/** The entrance whose bar covers `p` (its cells on either side of the border), as an index, or -1. */
export function entranceAt(d: WalkthroughData, count: number, p: Point): number {
  const e = d.entrances.entrances;
  for (let k = 0; k < count; k++) {
    const x = e[4 * k]!, y = e[4 * k + 1]!, len = e[4 * k + 2]!, vertical = e[4 * k + 3] === 1;
    const inside = vertical ? (p.x === x || p.x === x + 1) && p.y >= y && p.y < y + len : (p.y === y || p.y === y + 1) && p.x >= x && p.x < x + len;
    if (inside) return k;
  }
  return -1;
}

/** The costs of the intra-edges (of the first `clusters` clusters) whose drawn ways pass through `p`. */
export function intraEdgesAt(d: WalkthroughData, clusters: number, p: Point): { from: Point; to: Point; cost: number }[] {
  const out: { from: Point; to: Point; cost: number }[] = [];
  for (let c = 0; c < clusters; c++) {
    const b = d.builds[c]!;
    const ways = d.intraPaths?.[c];
    for (let k = 0; k < b.edgeFrom.length; k++) {
      const f = b.edgeFrom[k]!, t = b.edgeTo[k]!;
      const from = { x: b.nodes[2 * f]!, y: b.nodes[2 * f + 1]! }, to = { x: b.nodes[2 * t]!, y: b.nodes[2 * t + 1]! };
      // Without its way, an edge is drawn straight: only its ends are its cells.
      const w = ways?.[k] ?? Int32Array.of(from.x, from.y, to.x, to.y);
      for (let i = 0; i < w.length; i += 2)
        if (w[i] === p.x && w[i + 1] === p.y) {
          out.push({ from, to, cost: b.edgeCost[k]! });
          break;
        }
    }
  }
  return out;
}

/** The hover line for cell `p` on step `s` ('' when the step's build layers have nothing there). */
export function describeCell(s: Step, d: WalkthroughData, p: Point): string {
  const where = `(${p.x}, ${p.y})`;
  if (s.intraClusters > 0 && s.phase === 'intra-edges') {
    const edges = intraEdgesAt(d, s.intraClusters, p);
    if (edges.length)
      return `${where}: ${edges.length === 1 ? 'intra-edge' : `${edges.length} intra-edges`} ${edges.map((e) => `${e.from.x},${e.from.y} to ${e.to.x},${e.to.y}, cost ${e.cost.toFixed(2)}`).join('; ')}`;
  }
  if (s.phase === 'entrances' || s.phase === 'transitions' || s.phase === 'inter-edges') {
    const k = entranceAt(d, s.entrances, p);
    if (k >= 0) {
      const len = d.entrances.entrances[4 * k + 2]!;
      const n = d.entrances.firstTransition[k + 1]! - d.entrances.firstTransition[k]!;
      return `${where}: entrance ${k + 1} of ${s.entrances}, ${len} cell${len === 1 ? '' : 's'} long${s.transitions ? ` (${len < d.entranceWidth ? 'shorter than' : 'at least'} the entrance width ${d.entranceWidth}: ${n} transition${n === 1 ? '' : 's'})` : ''}`;
    }
  }
  return '';
}
