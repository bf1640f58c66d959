// The Learn page's DHPA* walkthrough (algo=dhpa, issue 36 item 6): the stored tree's numbers and arrows
// readable at 1280 × 800 and on a phone, the page named after DHPA*, and the step on where the search
// stops (the paper's rule and this implementation's). Each test checks what the page shows against the
// package's own figures, computed here in Node, and the native `hpa` tool's counts when it is built.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { nodeTree, queryConnections, traceSearch } from '../../web/lib/inspect';
import { TEACH_CLUSTER, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { frame, learnState, stepTo, testIdText, useLearnPage } from './learnPage';
import { ARTIFACTS, DESKTOP, PHONE } from './browser';
import { HPA, nativeToolBuilt } from './native';

const learn = useLearnPage();

/** The package's DHPA* on the page's map and query, in Node: the stored tree the page draws, its abstract search, the goal's joined nodes. */
function dhpaInNode() {
  const grid = learn.hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
  const planner = learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER, cacheTrees: true });
  try {
    const joins = queryConnections(planner, TEACH_START, TEACH_GOAL).levels[0]!;
    const tree = nodeTree(planner, { x: joins.start.nodes[0]!, y: joins.start.nodes[1]! });
    const traced = traceSearch(planner, TEACH_START, TEACH_GOAL);
    const closed = traced.searches.find((s) => s.phase === 'abstract')!.closed;
    return { tree, closed: [...closed], goalNodes: [...joins.goal.nodes], expandedMain: traced.path.stats.expandedMain };
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

describe('Learn DHPA*', () => {
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the stored tree: every reached cell's distance written and its arrow drawn, cells of 18 px or more (${name}, ${size.width} × ${size.height})`, async () => {
      const want = dhpaInNode().tree;
      const p = await learn.open('?algo=dhpa', size);
      await stepTo(p, /stored tree/);
      const s = await learnState(p);
      await p.screenshot({ path: join(ARTIFACTS, `learn-dhpa-tree-${name}.png`) });
      // The figure shows the node's cluster alone, at a size where a number fits a cell.
      const a = want.area;
      expect(s.mapWindow).toEqual({ x: a[0], y: a[1], width: a[2]! - a[0]!, height: a[3]! - a[1]! });
      const cssWidth = await p.$eval('#learn-canvas', (c) => (c as HTMLCanvasElement).clientWidth);
      expect(cssWidth / s.mapWindow!.width).toBeGreaterThanOrEqual(18);
      const numbers = [...want.distance].filter((d) => d >= 0).map((d) => d.toFixed(1));
      expect(numbers.length).toBeGreaterThan(50);
      expect(s.treeNumbers).toEqual(numbers);
      expect(s.shown!.treeArrows).toBe([...want.direction].filter((d) => d >= 0).length);
      expect(await testIdText(p, 'learn-text')).toMatch(/cluster alone, enlarged/);
      // The next step goes back to the whole map.
      await p.keyboard.press('ArrowRight');
      await frame(p);
      const next = await learnState(p);
      if (!next.shown!.treeArrows) expect(next.mapWindow).toEqual({ x: 0, y: 0, width: 40, height: 40 });
    });
  }

  test('the page is named after DHPA*, and its result says DHPA* expanded, not HPA*', async () => {
    const p = await learn.open('?algo=dhpa');
    expect((await p.textContent('#learn-heading'))?.trim()).toBe('Learn DHPA*');
    expect(await p.title()).toMatch(/learn DHPA\*/);
    await p.keyboard.press('End');
    expect(await testIdText(p, 'learn-text')).toMatch(/^DHPA\* expanded \d+ nodes/);
    await p.close();
    const h = await learn.open('');
    expect((await h.textContent('#learn-heading'))?.trim()).toBe('Learn HPA*');
    await h.keyboard.press('End');
    expect(await testIdText(h, 'learn-text')).toMatch(/^HPA\* expanded \d+ nodes/);
  });

  // HPA* may be named only as what DHPA* or HAA* is compared with ("plain HPA*"), never as the walkthrough's own algorithm.
  for (const [algo, own] of [['dhpa', 'DHPA*'], ['haa', 'HAA*']] as const) {
    test(`every step of the ${own} walkthrough names ${own}, not HPA*: titles, texts and the A* panel's lines`, async () => {
      const p = await learn.open(`?algo=${algo}`);
      const steps = (await learnState(p)).steps;
      const slips: string[] = [];
      for (let k = 0; k < steps; k++) {
        const lines = await p.evaluate(() =>
          ['learn-title', 'learn-text', 'learn-astar-caption', 'learn-pace', 'learn-pace-rule']
            .map((id) => document.getElementById(id)!)
            .filter((e) => e.checkVisibility())
            .map((e) => e.textContent ?? ''),
        );
        for (const line of lines) if (/(?<!D|plain )HPA\*/.test(line)) slips.push(`step ${k}: ${line}`);
        await p.keyboard.press('ArrowRight');
      }
      expect(slips).toEqual([]);
    });
  }

  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`where the search stops: the paper's first node in the goal's cluster against this implementation's goal, the package's and the tool's counts (${name})`, async () => {
      const want = dhpaInNode();
      // The paper's stop, found here by hand: the first expanded node in the goal's cluster of TEACH_CLUSTER cells.
      const inGoalCluster = (x: number, y: number) => Math.floor(x / TEACH_CLUSTER) === Math.floor(TEACH_GOAL.x / TEACH_CLUSTER) && Math.floor(y / TEACH_CLUSTER) === Math.floor(TEACH_GOAL.y / TEACH_CLUSTER);
      let k = 0;
      while (!inGoalCluster(want.closed[2 * k]!, want.closed[2 * k + 1]!)) k++;
      const stop = { x: want.closed[2 * k]!, y: want.closed[2 * k + 1]! };
      expect(stop).not.toEqual(TEACH_GOAL);
      const p = await learn.open('?algo=dhpa', size);
      await stepTo(p, /Where the search stops/);
      const s = await learnState(p);
      expect(s.phase).toBe('termination');
      await p.screenshot({ path: join(ARTIFACTS, `learn-dhpa-termination-${name}.png`) });
      expect(s.termination!.paperStop).toEqual(stop);
      expect(s.termination!.paperExpanded).toBe(k + 1);
      expect(s.termination!.expanded).toBe(want.expandedMain);
      expect(s.counts.main).toBe(want.expandedMain);
      // The node is cut off from the goal by the wall across the goal's cluster: the goal's trees do not reach it.
      const reaches = want.goalNodes.some((_, i) => i % 2 === 0 && want.goalNodes[i] === stop.x && want.goalNodes[i + 1] === stop.y);
      expect(s.termination!.stopReachesGoal).toBe(reaches);
      const body = await testIdText(p, 'learn-text');
      const title = await testIdText(p, 'learn-title');
      expect(title).toContain(`node ${stop.x},${stop.y}`);
      expect(title).toContain(`(here, ${want.expandedMain})`);
      expect(body).toMatch(/first node it takes from the open list that lies in the goal's cluster/);
      expect(body).toMatch(/This implementation differs/);
      expect(body).toContain(`expanded ${want.expandedMain} nodes`);
      if (!reaches) expect(body).toMatch(/cannot be reached from without leaving the cluster/);
      // The abstract search's nodes stay drawn, with the goal's cluster and the stop node.
      expect(s.shown!.closed).toBe(want.expandedMain);
      if (nativeToolBuilt()) {
        const dir = mkdtempSync(join(tmpdir(), 'learn-dhpa-'));
        try {
          writeFileSync(join(dir, 'teach40.map'), teachMapText());
          writeFileSync(join(dir, 'teach40.map.scen'), `version 1\n0\tteach40.map\t40\t40\t${TEACH_START.x}\t${TEACH_START.y}\t${TEACH_GOAL.x}\t${TEACH_GOAL.y}\t1\n`);
          const r = spawnSync(HPA, ['scen', join(dir, 'teach40.map.scen'), '--algo', 'dhpa', '--per-query'], { encoding: 'utf8' });
          expect(r.status, r.stderr).toBe(0);
          expect((JSON.parse(r.stdout.split('\n')[0]!) as { expanded_main: number }).expanded_main).toBe(want.expandedMain);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    });
  }
});
