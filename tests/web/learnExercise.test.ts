// The Learn page's build pictures and its "predict the next node" exercise (issue 36 items 1 and 5),
// over the built wasm in Node: every intra-edge's cells found again on its cluster cost what the graph
// says, the entrance width's rule counts the transitions, and the open list replayed at each step of the
// abstract search has the node A* took next at its lowest f (so the exercise never marks A* wrong).
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type Hpastar } from '../../web/lib/index';
import { traceSearch } from '../../web/lib/inspect';
import { intraPaths, transitionRule } from '../../web/demo/learn/buildDetail';
import { judge, openListAt, searchGraph } from '../../web/demo/learn/predict';
import { TEACH_CLUSTER, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { readWalkthrough } from '../../web/demo/learn/walkthrough';

let hp: Hpastar;
beforeAll(async () => void (hp = await loadHpastar()));

/** The walkthrough's data on its own map with `options`, its intra-edges' cells read as the page does. */
function teach(options: { levels?: number; entranceWidth?: number; cacheTrees?: boolean } = {}) {
  const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
  const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER, ...options });
  try {
    const astar = traceSearch(new hp.AStar(), grid, TEACH_START, TEACH_GOAL);
    const d = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar);
    d.intraPaths = intraPaths(hp, grid, d.clusters[0]!, d.builds);
    return { d, grid: grid.terrain() };
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

describe('the build pictures', () => {
  test('each intra-edge is drawn along free cells of its cluster, one step at a time, from node to node, at its cost', () => {
    const { d, grid } = teach();
    let edges = 0;
    d.builds.forEach((b, c) => {
      const [x0, y0, x1, y1] = d.clusters[0]!.rects.subarray(4 * c, 4 * c + 4);
      b.edgeFrom.forEach((from, k) => {
        const w = d.intraPaths![c]![k]!;
        expect([w[0], w[1]]).toEqual([b.nodes[2 * from], b.nodes[2 * from + 1]]);
        expect([w.at(-2), w.at(-1)]).toEqual([b.nodes[2 * b.edgeTo[k]!], b.nodes[2 * b.edgeTo[k]! + 1]]);
        let cost = 0;
        for (let i = 0; i < w.length; i += 2) {
          expect(w[i]! >= x0! && w[i]! < x1! && w[i + 1]! >= y0! && w[i + 1]! < y1!).toBe(true);
          expect(String.fromCharCode(grid[w[i + 1]! * d.width + w[i]!]!)).toBe('.');
          if (i > 0) {
            const dx = Math.abs(w[i]! - w[i - 2]!), dy = Math.abs(w[i + 1]! - w[i - 1]!);
            expect(Math.max(dx, dy)).toBe(1);
            cost += dx && dy ? Math.SQRT2 : 1;
          }
        }
        expect(cost).toBeCloseTo(b.edgeCost[k]!, 4);
        edges++;
      });
    });
    expect(edges).toBeGreaterThan(20);
  });

  test('the entrance width decides: shorter entrances one transition, the rest two', () => {
    for (const width of [1, 3, 6, 12]) {
      const { d } = teach({ entranceWidth: width });
      const r = transitionRule(d.entrances, width);
      expect(r.short + 2 * r.long).toBe(d.entrances.transitions.length / 4);
      const first = d.entrances.firstTransition;
      for (let e = 0; e < first.length - 1; e++) expect(first[e + 1]! - first[e]!).toBe(d.entrances.entrances[4 * e + 2]! < width ? 1 : 2);
    }
  });
});

describe('predict the next node', () => {
  for (const options of [{}, { levels: 2 }, { cacheTrees: true }])
    test(`A*'s next node has the lowest f on the replayed open list at every step (${JSON.stringify(options)})`, () => {
      const { d } = teach(options);
      const closed = d.traced.searches.find((s) => s.phase === 'abstract')!.closed;
      const sg = searchGraph(d.graphs[d.levels - 1]!, d.topJoins, d.start, d.goal);
      const n = closed.length / 2;
      expect(n).toBeGreaterThan(3);
      for (let k = 1; k < n; k++) {
        const open = openListAt(sg, closed, k);
        const next = { x: closed[2 * k]!, y: closed[2 * k + 1]! };
        const taken = open.find((o) => o.x === next.x && o.y === next.y);
        expect(taken, `step ${k}`).toBeDefined();
        expect(taken!.f).toBeCloseTo(open[0]!.f, 6);
        expect(judge(open, next, next).right).toBe(true);
        const worse = open.find((o) => o.f > taken!.f + 1e-6);
        if (worse) expect(judge(open, next, worse).text).toMatch(/^Wrong: .* higher\. A\* expands/);
      }
    });
});
