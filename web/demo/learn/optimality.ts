// The walkthrough's "why not optimal" step: HPA*'s answer against plain A*'s, its gap split into what
// the abstract path cost and what smoothing won back. Made from paths the walkthrough already has (the
// refined cells, the final path and A*'s): no search of its own. Nothing here touches the DOM.

/** The walkthrough's algorithm as its text names it: DHPA* when the hierarchy stores its trees, else HPA*. */
export const hierarchyName = (dhpa: boolean): string => (dhpa ? 'DHPA*' : 'HPA*');

/** The query's three costs, and the gap between them. */
export interface QueryCosts {
  /** HPA*'s refined path, before smoothing. */
  refined: number;
  /** HPA*'s answer: the refined path smoothed. */
  smoothed: number;
  /** Plain A* on the same query. */
  optimal: number;
  /** What the abstract path cost over the optimal one: refined − optimal. */
  detour: number;
  /** What smoothing won back: refined − smoothed. */
  recovered: number;
  /** What is left over the optimal one: smoothed − optimal (detour − recovered). */
  remaining: number;
}

/**
 * The cost of a path of cells (x, y pairs), a straight step 1 and a diagonal one √2. Exact on the Learn
 * page's grids, which carry no terrain costs (every multiplier 1: the page never sets any).
 */
export function octileCost(cells: Int32Array): number {
  let cost = 0;
  for (let k = 2; k < cells.length; k += 2) cost += cells[k] !== cells[k - 2] && cells[k + 1] !== cells[k - 1] ? Math.SQRT2 : 1;
  return cost;
}

/** The costs of a query whose refined path is `refined` and whose answer and optimal path cost `smoothed` and `optimal`. */
export function queryCosts(refined: Int32Array, smoothed: number, optimal: number): QueryCosts {
  const r = octileCost(refined);
  return { refined: r, smoothed, optimal, detour: r - optimal, recovered: r - smoothed, remaining: smoothed - optimal };
}

/** Costs this close (relative) are the same: HPA* and A* add the same steps in other orders. */
const SAME = 1e-9;
const same = (a: number, b: number) => Math.abs(a - b) <= SAME * Math.max(1, Math.abs(b));
const f = (x: number) => x.toFixed(2);

/** Why the answer can be longer than the optimal path (`name`: the algorithm's): the part of the text both cases share. */
const why = (name: string) =>
  `${name} plans on the abstract graph, whose nodes are the transitions: pairs of cells on the cluster borders. Its route must cross every border through one of them, and each piece inside a cluster is shortest only between its two transitions; where the optimal path crosses a border elsewhere, the refined path goes round.`;

/** The title and text of the step comparing the answer of `name` (HPA* or DHPA*) with the optimal path. */
export function optimalityText(c: QueryCosts, found: boolean, name: string): { title: string; text: string } {
  if (!found) return { title: 'No path: nothing to compare', text: `Neither ${name} nor plain A* finds a path between the start and the goal: there is no optimal path to compare with.` };
  const costs = `The refined path (orange) costs ${f(c.refined)}, smoothed (black) ${f(c.smoothed)}; the optimal path (plain A*, blue dashed) costs ${f(c.optimal)}. The purple dots are the transitions ${name}'s abstract path passed through.`;
  if (same(c.smoothed, c.optimal)) {
    const how = same(c.refined, c.optimal)
      ? 'The refined path was already optimal: smoothing had nothing to win back.'
      : `The abstract path cost ${f(c.detour)} over the optimal, and smoothing won all of it back: the answer is optimal.`;
    return {
      title: `${name}'s answer is optimal here: cost ${f(c.smoothed)}`,
      text: `${costs} ${how} It need not be: ${why(name)} Smoothing straightens only what it sees along the 8 directions, so on other queries part of the detour stays.`,
    };
  }
  const percent = ((c.smoothed / c.optimal - 1) * 100).toFixed(1);
  return {
    title: `Why not optimal: ${f(c.smoothed)} against ${f(c.optimal)} (${percent}% longer)`,
    text: `${costs} ${why(name)} That detour, refined − optimal, is ${f(c.detour)}. Smoothing won back ${f(c.recovered)} of it (refined − smoothed); the other ${f(c.remaining)} stays (smoothed − optimal), where no straight line along the 8 directions could shorten the path.`,
  };
}
