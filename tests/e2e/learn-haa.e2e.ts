// The Learn page's HAA* walkthrough (algo=haa, issue 36 item 6): strong and weak dominance, each with
// an example of the walkthrough's map; the article's insertion searches against the join trees; the
// size-2 path drawn through its top-left cell, as the text says. At 1280 × 800 and 390 × 844, each
// checked against the package's own figures computed here in Node (and the native `hpa` tool's
// insertion counts when it is built).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { HAAStar } from '../../web/lib/index';
import { agentGraph, borderCrossings } from '../../web/lib/inspect';
import { interEdges, type InterEdge } from '../../web/demo/learn/haaAbstraction';
import { HAA_CLUSTER, HAA_GOAL, HAA_START, haaMapText } from '../../web/demo/learn/teachMap';
import { frame, learnState, stepTo, testIdText, useLearnPage } from './learnPage';
import { ARTIFACTS, DESKTOP, PHONE } from './browser';
import { HPA, nativeToolBuilt } from './native';

const learn = useLearnPage();

/** `f` with the page's HAA* planner built in Node (clusters of HAA_CLUSTER, sizes up to 3) and `extra` options. */
function withPlanner<T>(extra: Record<string, unknown>, f: (planner: HAAStar) => T): T {
  const grid = learn.hp.Grid.fromMovingAI(haaMapText(), 'haa10.map');
  const planner = learn.hp.HAAStar.build(grid, { clusterSize: HAA_CLUSTER, maxSize: 3, ...extra });
  try {
    return f(planner);
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

const inters = (planner: HAAStar): InterEdge[] => interEdges(agentGraph(planner, { size: 1, capability: 'ground' }));
const has = (edges: InterEdge[], e: InterEdge) => edges.some((f) => f.capability === e.capability && f.clearance === e.clearance && f.cells.join() === e.cells.join());

describe('Learn HAA*', () => {
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`strong and weak dominance: the package's inter-edge counts, an edge each drops and the edge that replaces it (${name})`, async () => {
      const high = withPlanner({}, (pl) => ({ stats: pl.stats, edges: inters(pl), crossings: borderCrossings(pl), capabilities: pl.capabilities }));
      const low = withPlanner({ abstraction: 'low' }, (pl) => inters(pl));
      const p = await learn.open('?algo=haa', size);
      await stepTo(p, /^Strong dominance/);
      const s = await learnState(p);
      expect(s.phase).toBe('compaction');
      await p.screenshot({ path: join(ARTIFACTS, `learn-haa-strong-${name}.png`) });
      const a = s.haaAbstraction!;
      expect(a.interEdges).toEqual({ initial: high.stats.initial.interEdges, high: high.stats.high.interEdges, low: high.stats.low.interEdges });
      expect(a.interEdges.high).toBeLessThan(a.interEdges.initial);
      expect(a.interEdges.low).toBeLessThan(a.interEdges.high);
      expect(await testIdText(p, 'learn-title')).toBe(`Strong dominance: ${a.interEdges.initial} inter-edges become ${a.interEdges.high}`);
      // Strong: the dropped edge's capability could cross there with that clearance, the graph keeps the other one only.
      const st = a.strong!;
      const n = high.crossings.crossings.length / 4;
      const k = [...Array(n).keys()].find((i) => [...high.crossings.crossings.subarray(4 * i, 4 * i + 4)].join() === st.dropped.cells.join())!;
      expect(high.crossings.clearance[st.dropped.capability * n + k]).toBe(st.dropped.clearance);
      expect(has(high.edges, st.dropped)).toBe(false);
      expect(has(high.edges, st.by)).toBe(true);
      expect(st.by.cells).toEqual(st.dropped.cells);
      const strongBody = await testIdText(p, 'learn-text');
      expect(strongBody).toContain(`(${st.dropped.cells[0]},${st.dropped.cells[1]})–(${st.dropped.cells[2]},${st.dropped.cells[3]})`);
      expect(strongBody).toMatch(/same two nodes and the same capability may take both, only the one with the larger clearance is kept/);
      // Weak: an edge of the high-quality graph the low-quality one leaves out, replaced by one between the same clusters.
      await p.keyboard.press('ArrowRight');
      await frame(p);
      expect(await testIdText(p, 'learn-title')).toBe(`Weak dominance: ${a.interEdges.high} inter-edges become ${a.interEdges.low}`);
      await p.screenshot({ path: join(ARTIFACTS, `learn-haa-weak-${name}.png`) });
      const w = a.weak!;
      expect(has(high.edges, w.dropped)).toBe(true);
      expect(has(low, w.dropped)).toBe(false);
      expect(has(low, w.by)).toBe(true);
      const cluster = (x: number, y: number) => `${Math.floor(x / HAA_CLUSTER)},${Math.floor(y / HAA_CLUSTER)}`;
      expect(cluster(w.by.cells[0], w.by.cells[1]) + cluster(w.by.cells[2], w.by.cells[3])).toBe(cluster(w.dropped.cells[0], w.dropped.cells[1]) + cluster(w.dropped.cells[2], w.dropped.cells[3]));
      const weakBody = await testIdText(p, 'learn-text');
      expect(weakBody).toContain(`(${w.dropped.cells[0]},${w.dropped.cells[1]})–(${w.dropped.cells[2]},${w.dropped.cells[3]})`);
      expect(weakBody).toContain(`(${w.by.cells[0]},${w.by.cells[1]})–(${w.by.cells[2]},${w.by.cells[3]})`);
      expect(weakBody).toMatch(/same two clusters/);
    });
  }

  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the article's insertion searches against the join trees: the package's and the tool's expansions, the same costs (${name})`, async () => {
      const run = (extra: Record<string, unknown>, agent: number) => withPlanner(extra, (pl) => pl.findPath(HAA_START, HAA_GOAL, { size: agent, capability: 'ground' }));
      const p = await learn.open('?algo=haa', size);
      await stepTo(p, /^Query: start and goal insertion/);
      expect((await learnState(p)).phase).toBe('insertion');
      await p.screenshot({ path: join(ARTIFACTS, `learn-haa-insertion-${name}.png`) });
      const body = await testIdText(p, 'learn-text');
      expect(body).toMatch(/two temporary nodes: a search from each to every transition point of its own cluster/);
      const rows = (await learnState(p)).haaAbstraction!.insertion;
      expect(rows.map((r) => r.size)).toEqual([1, 2]);
      for (const r of rows) {
        const trees = run({}, r.size), searches = run({ joinTrees: false }, r.size);
        expect(r.withTrees).toBe(trees.stats.expandedInsertion);
        expect(r.searches).toBe(searches.stats.expandedInsertion);
        expect(r.searches).toBeGreaterThan(r.withTrees);
        expect(searches.cost).toBeCloseTo(trees.cost, 9);
        expect(body).toContain(`size ${r.size}: ${r.searches} nodes expanded by those searches, ${r.withTrees} with the trees, cost ${trees.cost.toFixed(2)}`);
      }
      if (!nativeToolBuilt()) return;
      const dir = mkdtempSync(join(tmpdir(), 'learn-haa-'));
      try {
        writeFileSync(join(dir, 'haa10.map'), haaMapText());
        writeFileSync(join(dir, 'haa10.map.scen'), `version 1\n0\thaa10.map\t10\t10\t${HAA_START.x}\t${HAA_START.y}\t${HAA_GOAL.x}\t${HAA_GOAL.y}\t1\n`);
        for (const r of rows) {
          for (const [flags, want] of [[[], r.withTrees], [['--no-join-trees'], r.searches]] as const) {
            const args = ['scen', join(dir, 'haa10.map.scen'), '--algo', 'haa', '--size', String(r.size), '--capability', 'ground', '--haa-cluster', String(HAA_CLUSTER), '--max-size', '3', ...flags, '--per-query'];
            const out = spawnSync(HPA, args, { encoding: 'utf8' });
            expect(out.status, out.stderr).toBe(0);
            expect((JSON.parse(out.stdout.split('\n')[0]!) as { expanded_sg: number }).expanded_sg).toBe(want);
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  test('the size-2 path is drawn through its top-left cell, as the text says, its square outlined at both ends', async () => {
    const p = await learn.open('?algo=haa');
    await p.keyboard.press('End');
    await frame(p);
    const s = await learnState(p);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-haa-size2-path.png') });
    expect(await testIdText(p, 'learn-text')).toMatch(/track of the agent's top-left cell, and it is drawn through that cell/);
    const width = await p.$eval('#learn-canvas', (c) => (c as HTMLCanvasElement).clientWidth);
    const cell = width / 10;
    const big = s.haaPathStarts.filter((q) => q.size === 2);
    expect(big.length).toBeGreaterThan(0);
    for (const q of big) {
      expect(q.x).toBeCloseTo((HAA_START.x + 0.5) * cell, 3);
      expect(q.y).toBeCloseTo((HAA_START.y + 0.5) * cell, 3);
    }
  });
});
