// The Worlds page's Numbers table and floor heading: the build, the hierarchy's figures per level, the
// query's time, cost and expansions per phase, the floors crossed, the last change, and A*'s answer
// beside HPA*'s when compared.
import { fmtFixed } from '../format';
import type { WorldSession } from './worldSession';

const out = (id: string, text: string) => (document.getElementById(id)!.textContent = text);
export const ms = (t: number): string => (t < 1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(1)} ms`);

export function showWorldNumbers(session: WorldSession): void {
  out('world-floor', String(session.floor));
  out('world-floors', String(session.levels));
  const stats = session.planner?.stats;
  out('w-build', stats ? `${ms(session.buildMs)} (hierarchy ${ms(stats.buildMs)})` : '–');
  out('w-hierarchy', stats ? stats.levels.map((l, i) => `L${i + 1}: ${l.clusters} boxes, ${l.nodes} nodes`).join('; ') : '–');
  const path = session.path;
  out('w-time', path ? ms(session.queryMs) : '–');
  out('w-cost', path ? (path.found ? path.cost.toFixed(2) : 'no path') : '–');
  out('w-expanded', path ? `${path.stats.expandedInsertion} + ${path.stats.expandedAbstract} + ${path.stats.expandedRefinement} = ${path.expanded}` : '–');
  out('w-floors', path?.found ? session.pathFloors().join(' → ') : '–');
  showAStar(session);
  const change = session.lastChange;
  out('w-edit', change ? `${change.text}: ${ms(change.ms)}` : '–');
}

// A*'s answer to the same query beside HPA*'s: the speed-up, and how much longer HPA*'s path is than
// the optimal one (or, when the goal is out of reach, what A* spends to prove it).
function showAStar(session: WorldSession): void {
  for (const row of document.querySelectorAll<HTMLElement>('.astar-row')) row.hidden = !session.compareAStar;
  const { path, astar } = session;
  if (!path || !astar) {
    out('w-astar', '–');
    out('w-against', '–');
    return;
  }
  const faster = session.queryMs > 0 ? `${(session.astarMs / session.queryMs).toFixed(1)}× faster` : 'faster than the timer resolves';
  if (!astar.found) {
    out('w-astar', `no path, proved by flooding ${astar.expanded.toLocaleString('en')} cells in ${ms(session.astarMs)}`);
    out('w-against', `${faster}: the labels answer without a search`);
    return;
  }
  out('w-astar', `${ms(session.astarMs)}, ${astar.expanded.toLocaleString('en')} expanded, cost ${astar.cost.toFixed(2)} (optimal)`);
  // Two sums of the same steps in another order differ in the last bit: never "-0.0%". Any-angle lines
  // may be shorter than A*'s cells, which keep to the 8 directions.
  const excess = path.found ? (path.cost / astar.cost - 1) * 100 : 0;
  const against = !path.found ? 'path –% longer' : session.anyAngle && excess < 0 ? `lines ${fmtFixed(-excess, 1)}% shorter than its cells` : `path ${fmtFixed(excess, 1)}% longer`;
  out('w-against', `${faster}; ${against}`);
}
