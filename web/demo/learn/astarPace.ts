// Plain A* beside HPA*, in step: how far into its search A* is shown at each step of the walkthrough.
// The rule: A* is as far into its own search as HPA* is into its query's, M = round(T × N / N_total),
// where N is what HPA* has expanded so far (SG + main + refinement), N_total what its query expands in
// all and T A*'s own expansions. Both start with the query and end together, so the two panels show
// the same share of each search's work, and the counts beside them show what that share costs each.
import { hierarchyName } from './optimality';
import type { Step, WalkthroughData } from './walkthrough';

/** A*'s place beside one step: the figures the page shows ("HPA* so far: N expanded · A*: M of T"). */
export interface AStarPace {
  /** HPA*'s query expansions so far (SG + main + refinement) and in all. */
  hpaSoFar: number;
  hpaTotal: number;
  /** A*'s expansions shown (its first cells in the trace's order of expansion) and in all. */
  shown: number;
  total: number;
  /** A*'s whole search is shown: its open list and its path are drawn too. */
  done: boolean;
}

/** HPA*'s query expansions in all: what its trace's searches closed (the counts the steps add up). */
export function hpaQueryTotal(d: WalkthroughData): number {
  return d.traced.searches.reduce((n, s) => n + s.closed.length / 2, 0);
}

/** Where A* stands at `step` by the rule above; the last step always shows its whole search. */
export function astarPace(step: Step, d: WalkthroughData, last: boolean): AStarPace {
  const hpaTotal = hpaQueryTotal(d);
  const hpaSoFar = step.counts.sg + step.counts.main + step.counts.refinement;
  const total = d.astar.searches[0] ? d.astar.searches[0].closed.length / 2 : 0;
  // A query HPA* answers with no search at all (DHPA* between two nodes): A* catches up at the end.
  const share = last ? 1 : hpaTotal > 0 ? hpaSoFar / hpaTotal : 0;
  const shown = Math.round(total * share);
  return { hpaSoFar, hpaTotal, shown, total, done: shown === total && share === 1 };
}

/** The line under the A* panel: both running counts side by side, and at the end both costs. */
export function paceText(p: AStarPace, d: WalkthroughData): string {
  const name = hierarchyName(d.dhpa);
  const counts = `${name} so far: ${p.hpaSoFar} expanded · A*: ${p.shown} of ${p.total}`;
  if (!p.done) return counts;
  const a = d.astar.path, h = d.traced.path;
  if (!a.found || !h.found) return `${counts} · no path`;
  return `${counts} · cost: A* ${a.cost.toFixed(2)}, ${name} ${h.cost.toFixed(2)}`;
}

/** The pacing rule, as the panel states it for `name` (HPA* or DHPA*). */
export const paceRule = (name: string): string =>
  `A* is shown as far into its search as ${name} is into its query: M = T × N ÷ (${name}'s total), in the order A* expanded its cells. During the build ${name} has not searched yet, so A* has not started.`;
