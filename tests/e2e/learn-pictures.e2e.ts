// The Learn page's build pictures and its "predict the next node" exercise (issue 36 items 1 and 5), in
// headless Chromium at 1280 × 800 and 390 × 844: entrances apart in two shades with their lengths on
// demand, the entrance width's rule stated with its number, inter-edges over the node dots, intra-edges
// along their cells with their costs on demand, level 2 over a faded level 1, and the exercise's
// verdicts and score. Counts are checked against the package's in Node and the native `hpa` tool's.
// Screenshots: test-results/e2e/learn-pictures-*.png.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { entrances, traceSearch } from '../../web/lib/inspect';
import { intraPaths, transitionRule } from '../../web/demo/learn/buildDetail';
import { ENTRANCE_SHADES } from '../../web/demo/learn/buildView';
import { openListAt, searchGraph } from '../../web/demo/learn/predict';
import { TEACH_CLUSTER, TEACH_GOAL, TEACH_MAP_ROWS, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { readWalkthrough } from '../../web/demo/learn/walkthrough';
import { frame, learnState, testIdText, useLearnPage } from './learnPage';
import { ARTIFACTS, DESKTOP, PHONE } from './browser';
import { HPA, nativeToolBuilt, root } from './native';

const learn = useLearnPage();

const SIZES = [['desktop', DESKTOP], ['phone', PHONE]] as const;

/** The walkthrough's data on its own map, read by the package in Node as the page reads it. */
function packageData(levels = 1) {
  const grid = learn.hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
  const planner = learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER, levels });
  try {
    const d = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, traceSearch(new learn.hp.AStar(), grid, TEACH_START, TEACH_GOAL));
    d.intraPaths = intraPaths(learn.hp, grid, d.clusters[0]!, d.builds);
    return d;
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

/** The native tool's build figures for the walkthrough's map (cluster 10, entrance width 6). */
function nativeStats(): { entrances: number; levels: { inter_edges: number; intra_edges: number }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'hpastar-e2e-pictures-'));
  try {
    writeFileSync(join(dir, 'teach40.map'), teachMapText());
    const r = spawnSync(HPA, ['stats', join(dir, 'teach40.map'), '--algo', 'hpa', '--cluster', String(TEACH_CLUSTER), '--entrance-width', '6'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Goes to the first step of the phase whose menu label matches `label`. */
async function phase(p: Page, label: RegExp): Promise<void> {
  const value = await p.$$eval('[data-testid=learn-phase] option', (os, src) => os.find((o) => new RegExp(src).test(o.textContent ?? ''))!.getAttribute('value'), label.source);
  await p.selectOption('[data-testid=learn-phase]', value!);
  await frame(p);
}

/** Pixels of the HPA* canvas within 40 (sum over R, G, B) of `hex`. */
async function colourPixels(p: Page, hex: string): Promise<number> {
  await frame(p);
  return p.evaluate((h) => {
    const c = document.getElementById('learn-canvas') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 40) n++;
    return n;
  }, hex);
}

/** The canvas's colour at the centre of cell (x, y) of the 40 × 40 map (halves: between two cells), as #RRGGBB. */
async function cellColour(p: Page, x: number, y: number): Promise<string> {
  return p.evaluate(([cx, cy]) => {
    const c = document.getElementById('learn-canvas') as HTMLCanvasElement;
    const w = c.width / 40;
    const d = c.getContext('2d')!.getImageData(Math.floor((cx! + 0.5) * w), Math.floor((cy! + 0.5) * w), 1, 1).data;
    return `#${[d[0], d[1], d[2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  }, [x, y]);
}

/** The viewport point of cell (x, y)'s centre on a square map of `side` cells (all of it drawn). */
async function cellPoint(p: Page, x: number, y: number, side = 40): Promise<{ x: number; y: number }> {
  // On a phone the map is below the text: in view first, or the click misses it.
  await p.$eval('#learn-canvas', (c) => c.scrollIntoView({ block: 'center' }));
  const r = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
  return { x: r.left + ((x + 0.5) * r.width) / side, y: r.top + ((y + 0.5) * r.height) / side };
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('Learn: one idea per picture', () => {
  for (const [name, size] of SIZES) {
    test(`entrances apart in two shades, each one's length written on demand, as many as the tool counts (${name})`, async () => {
      const want = packageData();
      const n = want.entrances.entrances.length / 4;
      if (nativeToolBuilt()) expect(nativeStats().entrances).toBe(n);
      const p = await learn.open('', size);
      await phase(p, /Build: entrances/);
      expect((await learnState(p)).mapNumbers).toEqual([]);
      // Both shades show: neighbouring entrances on one border are told apart.
      for (const shade of ENTRANCE_SHADES) expect(await colourPixels(p, shade), shade).toBeGreaterThan(20);
      await p.check('[data-testid=learn-numbers]');
      await frame(p);
      const s = await learnState(p);
      expect(s.shown!.entrances).toBe(n);
      const lengths = Array.from({ length: n }, (_, k) => String(want.entrances.entrances[4 * k + 2]));
      expect(sorted(s.mapNumbers.filter((m) => m.kind === 'entrance').map((m) => m.text))).toEqual(sorted(lengths));
      expect(await testIdText(p, 'learn-text')).toMatch(/two shades/);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-entrances-${name}.png`) });
    });

    test(`the transition rule says its number (entrance width 6) and counts what it made; inter-edges drawn over the node dots (${name})`, async () => {
      const want = packageData();
      const rule = transitionRule(want.entrances, 6);
      const transitions = want.entrances.transitions.length / 4;
      const p = await learn.open('', size);
      await phase(p, /Build: transitions/);
      const text = await testIdText(p, 'learn-text');
      expect(text).toContain('entrance width, here 6');
      expect(text).toContain(`shorter than 6 cells (1 to 5 cells) gets one transition in its middle`);
      expect(text).toContain(`${rule.short} + 2 × ${rule.long} = ${transitions} transitions`);
      expect((await learnState(p)).shown!.transitions).toBe(transitions);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-transitions-${name}.png`) });
      await phase(p, /Build: inter-edges/);
      const g = want.graphs[0]!;
      const inter = [...g.edgeInter].filter((x) => x).length;
      if (nativeToolBuilt()) expect(nativeStats().levels[0]!.inter_edges).toBe(inter);
      expect((await learnState(p)).shown!.interEdges).toBe(inter);
      const t = want.entrances.transitions;
      // Each inter-edge's bar shows where it crosses the border, between its two node dots.
      for (let k = 0; k < t.length; k += 4) expect(await cellColour(p, (t[k]! + t[k + 2]!) / 2, (t[k + 1]! + t[k + 3]!) / 2), `transition ${t[k]},${t[k + 1]}`).toBe('#0072B2');
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-inter-edges-${name}.png`) });
    });

    test(`intra-edges along their cells, each cost written on demand where its tag covers no other, as many edges as the tool counts (${name})`, async () => {
      const want = packageData();
      const costs = want.builds.flatMap((b) => [...b.edgeCost].map((c) => c.toFixed(1)));
      if (nativeToolBuilt()) expect(nativeStats().levels[0]!.intra_edges).toBe(costs.length);
      const p = await learn.open('', size);
      await phase(p, /Build: higher levels/);
      await p.keyboard.press('ArrowLeft'); // the intra-edges' last step: every cluster built
      await p.check('[data-testid=learn-numbers]');
      await frame(p);
      const s = await learnState(p);
      expect(s.phase).toBe('intra-edges');
      expect(s.shown!.intraEdges).toBe(costs.length);
      // Each cost written where it covers no other, the rest left out (the page says how many): on a
      // phone the middle of the map is too dense for all of them.
      const written = s.mapNumbers.filter((m) => m.kind === 'intra-edge');
      const overlapping: string[] = [];
      for (const [i, a] of written.entries())
        for (const b of written.slice(i + 1)) {
          const apart = a.box.x + a.box.width <= b.box.x || b.box.x + b.box.width <= a.box.x || a.box.y + a.box.height <= b.box.y || b.box.y + b.box.height <= a.box.y;
          if (!apart) overlapping.push(`${a.text} at ${a.box.x.toFixed(0)},${a.box.y.toFixed(0)} and ${b.text} at ${b.box.x.toFixed(0)},${b.box.y.toFixed(0)}`);
        }
      expect(overlapping).toEqual([]);
      const left = costs.length - written.length;
      for (const m of written) expect(costs).toContain(m.text);
      expect(written.length).toBeGreaterThan(costs.length / 2);
      expect(await testIdText(p, 'learn-numbers-note')).toBe(left > 0 ? `${left} of ${costs.length} costs left out where they would cover others: point at an edge to read its cost` : '');
      expect(s.mapNumbers.filter((m) => m.kind === 'entrance')).toEqual([]); // the entrances' numbers on their own steps only
      // The earlier ideas faded under the intra-edges: no inter-edge in its full blue, no entrance in full vermillion.
      for (const hex of ['#0072B2', '#D55E00']) expect(await colourPixels(p, hex), hex).toBe(0);
      expect(await colourPixels(p, '#009E73')).toBeGreaterThan(500);
      expect(await testIdText(p, 'learn-text')).toMatch(/drawn along the cells of its way/);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-intra-edges-${name}.png`) });
      // Without numbers the edges alone: none written.
      await p.uncheck('[data-testid=learn-numbers]');
      await frame(p);
      expect((await learnState(p)).mapNumbers).toEqual([]);
    });

    test(`level 2 over a faded level 1 (${name})`, async () => {
      const want = packageData(2);
      const p = await learn.open('?levels=2', size);
      await phase(p, /Build: higher levels/);
      const s = await learnState(p);
      expect(s.phase).toBe('levels');
      expect(s.shown!.clusters).toBe(want.clusters[0]!.rects.length / 4 + want.clusters[1]!.rects.length / 4);
      expect(await testIdText(p, 'learn-title')).toContain(`${want.graphs[1]!.nodeIds.length} nodes`);
      // Level 1's entrances, intra-edges and inter-edges faded: none of their full colours is left.
      for (const hex of ['#D55E00', '#009E73', '#0072B2']) expect(await colourPixels(p, hex), hex).toBe(0);
      // Level 2's nodes in full.
      expect(await colourPixels(p, '#CC79A7')).toBeGreaterThan(20);
      expect(await testIdText(p, 'learn-text')).toMatch(/level below is faded/);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-level2-${name}.png`) });
    });
  }

  test('level 2\'s edges drawn along their ways: every edge of the package\'s graph, each step to a neighbouring cell, no cell a wall (desktop)', async () => {
    const want = packageData(2);
    const p = await learn.open('?levels=2');
    await phase(p, /Build: higher levels/);
    const drawn = (await learnState(p)).levelEdgeCells;
    expect(drawn.length).toBe(want.graphs[1]!.edgeFrom.length);
    const walls: string[] = [];
    for (const cells of drawn) {
      for (let i = 0; i < cells.length; i += 2) if (TEACH_MAP_ROWS[cells[i + 1]!]![cells[i]!] === '@') walls.push(`${cells[i]},${cells[i + 1]}`);
      // A way of cells: each next to the one before (a line through the map would jump).
      for (let i = 2; i < cells.length; i += 2) expect(Math.max(Math.abs(cells[i]! - cells[i - 2]!), Math.abs(cells[i + 1]! - cells[i - 1]!))).toBe(1);
    }
    expect(walls).toEqual([]);
    // Level 2's intra-edges are longer than a step: at least one way has more than its two ends.
    expect(Math.max(...drawn.map((c) => c.length / 2))).toBeGreaterThan(2);
  });
});

describe('Learn: the map\'s hover line', () => {
  for (const [name, size] of SIZES) {
    test(`over an entrance its length and transitions; over an intra-edge's way its cost (${name})`, async () => {
      const want = packageData();
      const e = want.entrances.entrances;
      const p = await learn.open('', size);
      await phase(p, /Build: transitions/);
      // The middle of each of the first entrances, on its upper or left side.
      for (let k = 0; k < 3; k++) {
        const len = e[4 * k + 2]!, vertical = e[4 * k + 3] === 1;
        const cell = vertical ? { x: e[4 * k]!, y: e[4 * k + 1]! + Math.floor(len / 2) } : { x: e[4 * k]! + Math.floor(len / 2), y: e[4 * k + 1]! };
        const at = await cellPoint(p, cell.x, cell.y);
        await p.mouse.move(at.x, at.y);
        const n = want.entrances.firstTransition[k + 1]! - want.entrances.firstTransition[k]!;
        expect(await testIdText(p, 'learn-hover')).toBe(`(${cell.x}, ${cell.y}): entrance ${k + 1} of ${e.length / 4}, ${len} cells long (${len < 6 ? 'shorter than' : 'at least'} the entrance width 6: ${n} transition${n === 1 ? '' : 's'})`);
      }
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-hover-entrance-${name}.png`) });
      await phase(p, /Build: higher levels/);
      await p.keyboard.press('ArrowLeft');
      // An edge's way's middle cell: the hover line names the edge and its cost.
      const b = want.builds[5]!;
      const way = want.intraPaths![5]![0]!;
      const mid = 2 * Math.floor(way.length / 4);
      const at = await cellPoint(p, way[mid]!, way[mid + 1]!);
      await p.mouse.move(at.x, at.y);
      const f = b.edgeFrom[0]!, t = b.edgeTo[0]!;
      expect(await testIdText(p, 'learn-hover')).toContain(`${b.nodes[2 * f]},${b.nodes[2 * f + 1]} to ${b.nodes[2 * t]},${b.nodes[2 * t + 1]}, cost ${b.edgeCost[0]!.toFixed(2)}`);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-hover-intra-edge-${name}.png`) });
      // A step taken: the line is cleared until the pointer moves.
      await p.keyboard.press('ArrowLeft');
      expect((await learnState(p)).hover).toBe('');
    });
  }
});

describe('Learn: a 512 × 512 map', () => {
  test('numbers asked for on cells too small to write in: the page says so, and the hover line still reads an entrance\'s length (desktop)', async () => {
    const grid = learn.hp.Grid.fromMovingAI(readFileSync(join(root, 'maps/AR0011SR.map'), 'utf8'), 'AR0011SR.map');
    const planner = learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: 16 });
    const e = entrances(planner).entrances;
    planner.dispose();
    grid.dispose();
    const p = await learn.open('?map=AR0011SR.map&cluster=16', DESKTOP);
    await phase(p, /Build: entrances/);
    await p.check('[data-testid=learn-numbers]');
    await frame(p);
    const s = await learnState(p);
    expect(s.shown!.entrances).toBe(e.length / 4);
    expect(s.mapNumbers).toEqual([]);
    expect(await testIdText(p, 'learn-numbers-note')).toMatch(/^cells too small for numbers/);
    // The longest entrance's middle cell.
    let k = 0;
    for (let i = 1; i < e.length / 4; i++) if (e[4 * i + 2]! > e[4 * k + 2]!) k = i;
    const len = e[4 * k + 2]!, vertical = e[4 * k + 3] === 1;
    const cell = vertical ? { x: e[4 * k]!, y: e[4 * k + 1]! + Math.floor(len / 2) } : { x: e[4 * k]! + Math.floor(len / 2), y: e[4 * k + 1]! };
    const at = await cellPoint(p, cell.x, cell.y, 512);
    await p.mouse.move(at.x, at.y);
    expect(await testIdText(p, 'learn-hover')).toContain(`${len} cells long`);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-pictures-big-map-entrances-desktop.png') });
  });
});

describe('Learn: predict the next node', () => {
  for (const [name, size] of SIZES) {
    test(`a right guess, a wrong one, the score, f = g + h against the open list, the permalink kept (${name})`, async () => {
      const want = packageData();
      const closed = want.traced.searches.find((x) => x.phase === 'abstract')!.closed;
      const sg = searchGraph(want.graphs[0]!, want.topJoins, want.start, want.goal);
      let p = await learn.open('', size);
      await phase(p, /Query: abstract search/);
      const first = (await learnState(p)).step;
      // The permalink of the step opens it, the exercise's box off.
      p = await learn.open(`?step=${first}`, size);
      let s = await learnState(p);
      expect(s.step).toBe(first);
      expect(s.phase).toBe('abstract');
      expect(s.predict!.asking).toBe(false);
      expect(await p.isVisible('[data-testid=learn-predict-panel]')).toBe(true);
      await p.check('[data-testid=learn-predict]');
      await frame(p);
      s = await learnState(p);
      const k = s.counts.main;
      expect(s.predict!.asking).toBe(true);
      expect(s.predict!.next).toEqual({ x: closed[2 * k], y: closed[2 * k + 1] });
      const open = openListAt(sg, closed, k);
      expect(s.predict!.open.length).toBe(open.length);
      expect(await testIdText(p, 'learn-predict-prompt')).toContain(`${open.length} nodes are on the open list`);
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-predict-ask-${name}.png`) });

      // Right: the node A* expands.
      const next = s.predict!.next!;
      let at = await cellPoint(p, next.x, next.y);
      await p.mouse.click(at.x, at.y);
      await frame(p);
      s = await learnState(p);
      expect(s.predict!.verdict!.right).toBe(true);
      expect(s.step).toBe(first + 1);
      expect(s.query.start).toEqual(TEACH_START); // the click did not move the start
      expect(await testIdText(p, 'learn-predict-score')).toBe('Score: 1 of 1');
      // Under the map too, where the student clicked.
      expect(await testIdText(p, 'learn-predict-flash')).toBe('Right · Score: 1 of 1 · click the next node');
      expect(await testIdText(p, 'learn-predict-verdict')).toMatch(/^Right.*f = g \+ h = /);
      expect(new URL(await p.$eval('[data-testid=learn-permalink]', (a) => (a as HTMLAnchorElement).href)).searchParams.get('step')).toBe(String(first + 1));

      // Wrong: a node of the open list with a higher f (or, with none, a node already expanded).
      const worse = s.predict!.open.find((o) => o.f > s.predict!.open[0]!.f + 1e-6) ?? { x: closed[0]!, y: closed[1]! };
      at = await cellPoint(p, worse.x, worse.y);
      await p.mouse.click(at.x, at.y);
      await frame(p);
      s = await learnState(p);
      expect(s.predict!.verdict!.right).toBe(false);
      expect(s.step).toBe(first + 2);
      const verdict = await testIdText(p, 'learn-predict-verdict');
      expect(verdict).toMatch(/^Wrong: /);
      expect(verdict).toMatch(/A\* expands \d+,\d+: f = g \+ h = [\d.]+ \+ [\d.]+ = [\d.]+, the lowest f on the open list/);
      // The others on the open list, lowest f first, each with its f.
      const judged = openListAt(sg, closed, k + 1);
      expect(verdict).toContain(`Open list, lowest f first: ${judged.slice(0, 8).map((o) => `${o.x},${o.y} (f ${o.f.toFixed(2)})`).join(', ')}`);
      expect(await testIdText(p, 'learn-predict-score')).toBe('Score: 1 of 2');
      expect(await testIdText(p, 'learn-predict-flash')).toMatch(/^Wrong · Score: 1 of 2/);
      // The whole page: on a phone the verdict's reasons are below the map.
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-predict-verdict-${name}.png`), fullPage: true });

      // Off, a click on the map is a new start again (the exercise takes no click).
      await p.uncheck('[data-testid=learn-predict]');
      expect((await learnState(p)).predict!.asking).toBe(false);
    });
  }
});

describe('Learn: predict the next node on other hierarchies', () => {
  for (const search of ['?levels=2', '?algo=dhpa'])
    test(`${search}: the exercise asks on the top level's graph and A*'s own next node is judged right at every step (desktop)`, async () => {
      const p = await learn.open(search, DESKTOP);
      await phase(p, /Query: abstract search/);
      await p.check('[data-testid=learn-predict]');
      await frame(p);
      // Three answers in a row, each the node A* expands next.
      for (let n = 1; n <= 3; n++) {
        const s = await learnState(p);
        expect(s.predict!.asking).toBe(true);
        expect(s.predict!.open.length).toBeGreaterThan(0);
        const at = await cellPoint(p, s.predict!.next!.x, s.predict!.next!.y);
        await p.mouse.click(at.x, at.y);
        await frame(p);
        expect((await learnState(p)).predict!.verdict!.right).toBe(true);
        expect(await testIdText(p, 'learn-predict-score')).toBe(`Score: ${n} of ${n}`);
      }
      await p.screenshot({ path: join(ARTIFACTS, `learn-pictures-predict-${search.includes('dhpa') ? 'dhpa' : 'levels2'}-desktop.png`) });
    });
});
